"Issue 43 item 1: a model string is parsed once into a `model_spec.ModelSpec`; its request keys are the committed exports' keys."
import gzip, json
from pathlib import Path
import numpy as np
import pytest
from conformal_rag import w2r_collect as wc
from conformal_rag import rcrag_collect as rcc
from conformal_rag.cache import Decoding, request_key, export_keys
from conformal_rag.llm import LLM, FakeBackend, replay_llm
from conformal_rag.model_spec import ModelSpec, parse_model_spec, reference_spec
from conformal_rag.paths import data_dir

QWEN, QWEN_GGUF = 'qwen2.5-coder-1.5b-instruct?dtype=bf16', 'llamacpp:qwen2.5-coder-1.5b-instruct'   # nbs/paper/runs.yaml
W2R, RC = list(wc.W2R_DEFAULTS['models']), list(rcc.RCRAG_DEFAULTS['models'])
EXPORT_MODELS = {   # each committed export -> the model strings its rebuild commands name (`reference_spec`)
    'conflare_generations.jsonl.gz': ['smollm2-135m-instruct', 'gemma-3-270m'],
    'conflare_qwen_generations.jsonl.gz': [QWEN_GGUF],
    'overconfidence_generations.jsonl.gz': W2R, 'overconfidence_nq_open_generations.jsonl.gz': W2R,
    'overconfidence_qwen_generations.jsonl.gz': [QWEN], 'overconfidence_qwen_format_line_generations.jsonl.gz': [QWEN],
    'overconfidence_qwen_llamacpp_generations.jsonl.gz': [QWEN_GGUF],
    'overconfidence_qwen_llamacpp_format_line_generations.jsonl.gz': [QWEN_GGUF],
    'overconfidence_qwen_llamacpp_nq_open_generations.jsonl.gz': [QWEN_GGUF],
    'overconfidence_qwen_llamacpp_nq_open_format_line_generations.jsonl.gz': [QWEN_GGUF],
    'rcrag_generations.jsonl.gz': RC, 'rcrag_qwen_generations.jsonl.gz': [QWEN],
    'rcrag_qwen_llamacpp_generations.jsonl.gz': [QWEN_GGUF],
}

def collection_models(npz:Path) -> list:
    "A committed collection's model string, from its meta (`model_spec`, or `model` before there was one)."
    with np.load(npz, allow_pickle=False) as z: meta = json.loads(str(z['meta']))
    return [meta.get('model_spec') or meta['model']]

def exports() -> dict:
    "Every committed generations export -> the model strings that made it."
    out = {data_dir(f): ms for f, ms in EXPORT_MODELS.items()}
    for gen in sorted(data_dir('collected').glob('*_generations.jsonl.gz')):
        out[gen] = collection_models(gen.with_name(gen.name.replace('_generations.jsonl.gz', '.npz')))
    return out

def test_every_committed_export_is_listed():
    assert set(data_dir().glob('*generations.jsonl.gz')) == set(data_dir(f) for f in EXPORT_MODELS)

@pytest.mark.parametrize('path,models', list(exports().items()), ids=lambda x: getattr(x, 'name', ''))
def test_keys_of_every_committed_export_are_the_model_specs(path, models):
    "`export_keys` of each export, recomputed from the ModelSpec its model string parses to (the reference numerics)."
    specs = [ModelSpec.parse(m).reference() for m in models]
    by_model = {tuple(s.key_fields.values()): s for s in specs}
    seen = {}
    with gzip.open(path, 'rt', encoding='utf-8') as f:
        for line in f:
            row = json.loads(line)
            if row['key'] in seen: continue
            r = row['request']
            spec = by_model[tuple(r.get(k) for k in ('backend', 'model', 'server', 'dtype', 'attention', 'endpoint'))]
            dec = Decoding(r['temperature'], r['top_p'], r['max_new_tokens'], tuple(r['stop']))
            seen[row['key']] = request_key(spec.request(r['prompt'], dec, r['seed'], r['logprobs']))
    assert list(seen) == export_keys(path) and all(k == v for k, v in seen.items())
    assert {str(ModelSpec.parse(str(s))) for s in specs} == {str(s) for s in specs}   # the canonical string round-trips

def test_a_replay_by_the_bare_name_carries_the_reference_keys():
    "A replay by a name that leaves the numerics out replays those its export holds: the reference model's keys."
    for m in W2R:
        b = replay_llm(data_dir('overconfidence_generations.jsonl.gz'), m).backend
        assert dict(backend=b.kind, model=b.model, server=b.server, dtype=b.dtype, attention=b.attention,
                    endpoint=b.endpoint) == \
            ModelSpec.parse(m).reference().key_fields

def test_round_trip_and_the_old_functions():
    for s in ['gemma-3-270m', QWEN, QWEN_GGUF, 'fake', 'fake:m', 'local:/models/m?dtype=fp32&batch_prompts=4',
              'openai:gpt-4o-mini@http://127.0.0.1:8000/v1?retries=7&timeout=30&max_n=1']:
        spec = ModelSpec.parse(s)
        assert ModelSpec.parse(str(spec)) == spec and ModelSpec.of(spec) is spec
        assert parse_model_spec(spec) == parse_model_spec(s) and reference_spec(spec) == str(spec.reference())
    assert ModelSpec.parse('openai:m').with_options(timeout=5).options == (('timeout', 5.0),)
    with pytest.raises(ValueError, match="unknown option 'speed'"): ModelSpec.parse('openai:m?speed=9')

@pytest.fixture
def parses(monkeypatch):
    "The model strings `ModelSpec.parse` is asked to parse, in order."
    calls, parse = [], ModelSpec.parse.__func__
    monkeypatch.setattr(ModelSpec, 'parse', classmethod(lambda cls, s: (calls.append(s), parse(cls, s))[1]))
    return calls

def test_collect_w2r_generations_parses_each_model_string_once(tmp_path, parses):
    "The walk of `models` through resume check, LLM, generation settings and steps parses each string once."
    models = ['fake:a', 'fake:b']
    wc.collect_w2r_generations(models, n_questions=2, strategies=('vanilla', 'punish'), out=tmp_path/'g.jsonl.gz',
                               cache=tmp_path/'c.sqlite', log=lambda *a: None)
    assert parses == models
    assert {json.loads(l)['request']['model'] for l in gzip.open(tmp_path/'g.jsonl.gz', 'rt')} == {'a', 'b'}

def test_a_local_model_string_reaches_every_room_as_a_model_spec(tmp_path, parses, monkeypatch):
    "A local model (its resume check reads the export's numerics) is parsed once; the LLM is made from its ModelSpec."
    ref = LLM(FakeBackend(model='m'), cache=tmp_path/'r.sqlite', progress=False); ref.backend.kind = 'local'
    ref.sample('Q?'); ref.cache.export_jsonl(tmp_path/'g.jsonl.gz')   # fp32 + SDPA generations, resumed below
    got = []
    def fake_llm(spec, **kw):
        got.append(spec); assert isinstance(spec, ModelSpec)
        return LLM(FakeBackend(model=spec.name), **kw)
    monkeypatch.setattr(wc, 'llm_from_spec', fake_llm)
    wc.collect_w2r_generations(['m?dtype=fp32&attention=sdpa'], n_questions=2, strategies=('vanilla',), sources=(),
                               out=tmp_path/'run.jsonl.gz', cache=tmp_path/'c.sqlite', log=lambda *a: None)
    assert parses == ['m?dtype=fp32&attention=sdpa'] and got == [ModelSpec('local', 'm', dtype='float32', attention='sdpa')]
    with pytest.raises(ValueError, match="resume it with 'm\\?dtype=fp32&attention=sdpa'"):
        wc.collect_w2r_generations(['m'], out=tmp_path/'g.jsonl.gz', cache=tmp_path/'c.sqlite', log=lambda *a: None)
