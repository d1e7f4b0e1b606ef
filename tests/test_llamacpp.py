"""The llama.cpp backend on a real GGUF (gemma-3-270m, shipped): skipped where llama-cpp-python is not installed
(`make llamacpp`). The batching logic itself (samples decoded as parallel sequences, one stream per sample) is checked
without llama.cpp on the stand-in `ToyLlama` at the end of this file."""
import math
import pytest
import torch
from conformal_rag.cache import Sample
from conformal_rag.llamacpp_backend import (LlamaCppBackend, LlamaCppModel, ToyLlama, _streams, cut_at_stop,
                                            have_llama_cpp, sample_replies, sample_reply)
from conformal_rag.llm import Decoding, llm_from_spec

needs_llama_cpp = pytest.mark.skipif(not have_llama_cpp(),
                                     reason='llama-cpp-python not installed (make llamacpp)')
PROMPT = ('Context: Paris is the capital and largest city of France.\nQuestion: What is the capital of France?\n'
          'Answer:')
PROMPTS = [PROMPT, 'Question: Who wrote Hamlet?\nAnswer:', 'The three primary colours are']

@pytest.fixture(scope='module')
def gemma(): return LlamaCppBackend('gemma-3-270m')

@needs_llama_cpp
def test_greedy_reply_and_logprobs(gemma):
    s = gemma.generate(PROMPT, 1, Decoding(temperature=0, max_new_tokens=16), logprobs=True)[0]
    assert 'Paris' in s.text and s.finish == 'stop'
    assert s.logprobs and all(lp <= 0 and math.isfinite(lp) for lp in s.logprobs)

@needs_llama_cpp
def test_sampling_is_reproducible_and_reuses_the_prompt(gemma):
    dec = Decoding(temperature=1.0, max_new_tokens=8)
    a = gemma.generate(PROMPT, 4, dec, seed=3)
    before = gemma.reused_tokens
    assert gemma.generate(PROMPT, 4, dec, seed=3) == a                  # same seed, same samples
    assert gemma.reused_tokens - before == len(gemma.prompt_ids(PROMPT))   # the prompt held: nothing evaluated
    assert gemma.generate(PROMPT, 4, dec, seed=4) != a

def raw_greedy(lm, ids:list, n:int, ends:set) -> list:
    "llama-cpp-python's own greedy loop: at most n tokens, up to an end token."
    toks = []
    for t in lm.generate(ids, temp=0):
        if t in ends or len(toks) == n: break
        toks.append(t)
    return toks

@needs_llama_cpp
def test_greedy_replies_equal_raw_llama_cpp_and_the_sequential_path(gemma):
    import llama_cpp
    raw = llama_cpp.Llama(model_path=str(gemma.path), n_ctx=1024, n_threads=1, verbose=False)
    dec = Decoding(temperature=0, max_new_tokens=16, stop=())
    warm = gemma.prompt_ids('Hello')
    gemma.generate('Hello', 1, dec); raw_greedy(raw, warm, 1, set())   # both hold the same prompt
    try:
        for p in PROMPTS:   # each evaluated the same way by both: after the prefix shared with the last one
            got = gemma.generate(p, 3, dec, logprobs=True)
            ids = gemma.prompt_ids(p)
            want = cut_at_stop(gemma.m.detokenize(raw_greedy(raw, ids, 16, gemma.m.eos_ids)), ())[0]
            assert [s.text for s in got] == [want] * 3, p
            one = sample_reply(gemma.m, gemma._evaluate(ids), len(ids), dec, torch.Generator())
            assert got == [one] * 3, p   # the prompt's logits held: the one-at-a-time path from them
    finally: raw.close()

@needs_llama_cpp
def test_a_resumed_request_draws_the_samples_of_an_uninterrupted_one(gemma):
    "One sequence at a time, llama.cpp's arithmetic is the same whatever the batches: the samples equal bit for bit."
    one = LlamaCppBackend(gemma.path, engine=LlamaCppModel(gemma.path, n_seq=1))
    dec = Decoding(temperature=1.0, max_new_tokens=8, stop=())
    one.generate(PROMPT, 1, dec)   # the prompt held: every request below evaluates only its last token
    whole = one.generate(PROMPT, 6, dec, seed=2, logprobs=True)
    assert one.generate(PROMPT, 2, dec, seed=2, logprobs=True, start=4) == whole[4:]
    ids = one.prompt_ids(PROMPT)
    first = one._evaluate(ids)
    assert [sample_reply(one.m, first, len(ids), dec, g) for g in _streams(2, 0, 6)] == whole

@needs_llama_cpp
def test_samples_decoded_together_start_from_the_same_draws(gemma):
    """Decoded together, the first token of each sample is the one-at-a-time path's; the later ones come from
    llama.cpp's arithmetic over a shared KV buffer (the same distribution; the logits equal up to its rounding)."""
    dec = Decoding(temperature=1.0, max_new_tokens=8, stop=())
    ids = gemma.prompt_ids(PROMPT)
    first = gemma._evaluate(ids)
    together = sample_replies(gemma.m, first, len(ids), dec, _streams(5, 0, 10))
    alone = [sample_reply(gemma.m, first, len(ids), dec, g) for g in _streams(5, 0, 10)]
    assert [s.logprobs[0] for s in together] == [s.logprobs[0] for s in alone]
    assert all(len(s.logprobs) == 8 and all(math.isfinite(lp) for lp in s.logprobs) for s in together)

@needs_llama_cpp
def test_model_string_reaches_the_backend(tmp_path):
    lm = llm_from_spec('llamacpp:gemma-3-270m', cache=tmp_path/'c.sqlite', progress=False)
    assert lm.backend.kind == 'llamacpp' and lm.backend.model == 'gemma-3-270m-q4_k_m'
    assert 'Paris' in lm.sample(PROMPT, n=1, temperature=0)[0].text

# ---- the batching logic on the stand-in (no llama.cpp needed) ------------------------------------------------------
def toy(**kw): return LlamaCppBackend('toy.gguf', engine=ToyLlama(**kw))

def test_samples_are_decoded_together_one_batch_per_step():
    be = toy(n_seq=8)
    out = be.generate('ab', 8, Decoding(temperature=1.0, max_new_tokens=6, stop=()), seed=0)
    assert len(out) == 8 and len(be.m.batches) <= 5 and be.m.batches[0] == 8   # not 8 x 5 one-token steps
    assert be.m.batches == sorted(be.m.batches, reverse=True)   # ended samples leave the batch
    assert be.m.seqs == {} and be.m.cached() == [0, 1]          # their cells removed, the prompt's kept

def test_results_do_not_depend_on_the_batches():
    dec = Decoding(temperature=1.0, max_new_tokens=5)
    want = toy(n_seq=16).generate('ab', 12, dec, seed=7, logprobs=True)
    for be in (toy(n_seq=1), toy(n_seq=5), toy(n_seq=16, n_ctx=2 + 3 * 5)):   # sequences or context window
        assert be.generate('ab', 12, dec, seed=7, logprobs=True) == want
    assert toy().generate('ab', 5, dec, seed=7, logprobs=True, start=7) == want[7:]   # a resumed request

def test_each_sample_is_the_one_at_a_time_reply_of_its_stream():
    m, dec = ToyLlama(n_seq=6), Decoding(temperature=1.0, max_new_tokens=6, stop=('q',))
    first = m.extend(0, m.tokenize('mn'))
    together = sample_replies(m, first, 2, dec, _streams(3, 0, 6))
    assert together == [sample_reply(m, m.extend(0, m.tokenize('mn')), 2, dec, g) for g in _streams(3, 0, 6)]

def test_greedy_samples_are_decoded_once():
    be = toy()
    out = be.generate('ab', 5, Decoding(temperature=0, max_new_tokens=3, stop=()), logprobs=True)
    assert out == [Sample('cde', out[0].logprobs, 'length')] * 5 and be.m.batches == [1, 1]
    assert out[0].logprobs is not out[1].logprobs   # each sample its own list

def test_cells_are_removed_when_decoding_fails():
    m = ToyLlama(n_seq=2)
    first = m.extend(0, m.tokenize('ab'))
    with pytest.raises(ValueError, match='3 sequences, 2 at most'):
        sample_replies(m, first, 2, Decoding(temperature=1.0, max_new_tokens=4, stop=()), _streams(0, 0, 3))
    assert m.seqs == {}
