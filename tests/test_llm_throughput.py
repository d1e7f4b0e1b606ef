"""Throughput options of the local backend keep the samples they promise: prompts sampled together
(`batch_prompts`) give the one-prompt path's samples and keys, also when a run resumes from a partial cache (checked
in the reference numerics, fp32 + SDPA, where they are exact); the default numerics (bf16 weights + eager attention,
issue 31) have the keys `?dtype=bf16&attention=eager` always had and never share a cache key with fp32 + SDPA (whose
keys, those of the committed exports, are pinned)."""
import os
os.environ.setdefault('OMP_NUM_THREADS', '1')
import pytest
torch = pytest.importorskip('torch')
from conformal_rag.llm import LLM, Decoding, replay_llm, llm_from_spec
from conformal_rag.model_spec import parse_model_spec
from conformal_rag.local_backend import LocalBackend, tiny_causal_lm
from conformal_rag.cache import GenerationCache, request_dict, request_key

PROMPTS = ['Context: Paris is the capital of France.\nQuestion: What is the capital of France?\nAnswer:', 'Who wrote it?',
           'The Nile flows into the Mediterranean Sea. Canberra is in Australia. Who',
           'Context: Canberra is in Australia.\nQuestion: Who wrote it?\nAnswer:', 'I do not know.']


@pytest.fixture(scope='module')
def tiny(tmp_path_factory):
    return tiny_causal_lm(tmp_path_factory.mktemp('tiny') / 'tiny')


REF = dict(dtype='float32', attention='sdpa')   # the reference numerics: batched and one-prompt paths agree to 1e-5


@pytest.fixture(scope='module')
def backend(tiny):
    return LocalBackend(tiny, **REF)


def texts(out): return [[s.text for s in o] for o in out]


@pytest.mark.parametrize('seed', [0, 1, 7])
def test_prompts_sampled_together_give_the_one_prompt_samples(backend, seed):
    one = LLM(backend, cache=False, progress=False)
    many = LLM(backend, cache=False, progress=False, batch_prompts=3)   # 5 prompts: batches of 3 and 2, left-padded
    a = one.sample(PROMPTS, n=5, max_new_tokens=10, stop=(), seed=seed, logprobs=True)
    b = many.sample(PROMPTS, n=5, max_new_tokens=10, stop=(), seed=seed, logprobs=True)
    assert texts(a) == texts(b)
    diff = max(abs(x - y) for oa, ob in zip(a, b) for sa, sb in zip(oa, ob) for x, y in zip(sa.logprobs, sb.logprobs))
    assert diff < 1e-5
    assert list(one.keys) == list(many.keys)   # the same request keys: batching is not part of the key


def test_greedy_identical_when_sampled_together(backend):
    g = Decoding(temperature=0, max_new_tokens=10, stop=())
    alone = [backend.generate(p, 1, g)[0].text for p in PROMPTS]
    assert [o[0].text for o in backend.generate_many(PROMPTS, 1, g, [0] * len(PROMPTS))] == alone


def test_batched_resume_continues_like_the_one_prompt_path(backend, tmp_path):
    "A run that resumes (some samples cached) samples the missing ones with the seeds the one-prompt path uses."
    def run(batch, path):
        c = GenerationCache(path)
        LLM(backend, cache=c, progress=False).sample(PROMPTS[:2], n=2, max_new_tokens=8, seed=3)   # a killed run's samples
        return LLM(backend, cache=c, progress=False, batch_prompts=batch).sample(PROMPTS, n=4, max_new_tokens=8, seed=3)
    assert texts(run(4, tmp_path / 'many.sqlite')) == texts(run(1, tmp_path / 'one.sqlite'))


def test_batch_prompts_option(tiny):
    assert parse_model_spec(f'local:{tiny}?batch_prompts=4')['batch_prompts'] == 4
    assert llm_from_spec(f'local:{tiny}?batch_prompts=4', cache=False).backend.attention == 'eager'   # not a numerics option
    assert llm_from_spec(f'local:{tiny}?batch_prompts=4', cache=False, progress=False).batch_prompts == 4
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match='batch_prompts must be'): LLM('fake', cache=False, batch_prompts=bad)


def test_fp32_keys_pinned_and_bf16_keys_apart():
    r = request_dict('local', 'gemma-3-270m', 'Q?', Decoding())
    assert 'dtype' not in r
    assert request_key(r) == '91f9039869c066ab984521124e6b5ddadcbf546bccb99d45567b2669ec42ff93'   # committed exports replay
    assert request_key(request_dict('local', 'gemma-3-270m', 'Q?', Decoding(), dtype='bfloat16')) != request_key(r)


def test_bf16_eager_is_the_default_and_never_mixes_with_fp32(tiny, tmp_path):
    fp = LocalBackend(tiny, **REF)
    assert next(fp.lm.parameters()).dtype == torch.float32 and (fp.dtype, fp.attention) == (None, None)   # keys: none
    half = llm_from_spec(f'local:{tiny}', cache=tmp_path / 'g.sqlite', progress=False)   # a bare name: the default
    assert next(half.backend.lm.parameters()).dtype == torch.bfloat16
    assert (half.backend.dtype, half.backend.attention) == ('bfloat16', 'eager')
    out = half.sample(PROMPTS[:2], n=3, max_new_tokens=6, seed=1)
    full = LLM(fp, cache=tmp_path / 'g.sqlite', progress=False)
    full.sample(PROMPTS[:2], n=3, max_new_tokens=6, seed=1)
    assert full.calls == 2 and not set(full.keys) & set(half.keys)
    half.cache.export_jsonl(tmp_path / 'h.jsonl.gz', keys=half.keys)
    again = replay_llm(tmp_path / 'h.jsonl.gz', f'local:{tiny}?dtype=bfloat16&attention=eager')
    assert texts(again.sample(PROMPTS[:2], n=3, max_new_tokens=6, seed=1)) == texts(out)
    assert texts(replay_llm(tmp_path / 'h.jsonl.gz', f'local:{tiny}').sample(PROMPTS[:2], n=3, max_new_tokens=6, seed=1)) == texts(out)
    with pytest.raises(KeyError, match=r'generation missing .*\?dtype=fp32&attention=sdpa'):
        replay_llm(tmp_path / 'h.jsonl.gz', f'local:{tiny}?dtype=fp32&attention=sdpa').sample(PROMPTS[:2], n=3, max_new_tokens=6, seed=1)
    with pytest.raises(ValueError, match="'float16'"): LocalBackend(tiny, dtype='float16')


def test_default_keys_are_the_explicit_bf16_eager_keys_not_fp32s(tiny):
    "A bare name asks exactly the requests `?dtype=bf16&attention=eager` asked before issue 31, none of fp32 + SDPA's."
    def keys(spec):
        llm = llm_from_spec(spec, cache=False, progress=False)
        llm.sample(PROMPTS[:2], n=1, max_new_tokens=2, seed=0)
        return list(llm.keys)
    bare = keys(f'local:{tiny}')
    assert bare == keys(f'local:{tiny}?dtype=bf16&attention=eager') == keys(f'local:{tiny}?dtype=bf16')
    assert not set(bare) & set(keys(f'local:{tiny}?dtype=fp32&attention=sdpa'))
    assert keys(f'local:{tiny}?dtype=fp32&attention=sdpa') == keys(f'local:{tiny}?dtype=float32&attention=SDPA')
    # pinned: the default's key of a request, as `?dtype=bf16&attention=eager` made it before issue 31
    r = request_dict('local', 'gemma-3-270m', 'Q?', Decoding(), dtype='bfloat16', attention='eager')
    assert request_key(r) == '166b2ec5ff0a18e98502b3a5cbc4bb83720d6a622c2aaf795d4a0ec5cdafe43e'
    assert LLM('fake', cache=False).backend.dtype is None   # other backends carry no numerics
