"The llama.cpp backend on a real GGUF (gemma-3-270m, shipped): skipped where llama-cpp-python is not installed (`make llamacpp`)."
import math
import pytest
from conformal_rag.llamacpp_backend import LlamaCppBackend, have_llama_cpp
from conformal_rag.llm import Decoding, llm_from_spec

pytestmark = pytest.mark.skipif(not have_llama_cpp(), reason='llama-cpp-python not installed (make llamacpp)')
PROMPT = 'Context: Paris is the capital and largest city of France.\nQuestion: What is the capital of France?\nAnswer:'

@pytest.fixture(scope='module')
def gemma(): return LlamaCppBackend('gemma-3-270m')

def test_greedy_reply_and_logprobs(gemma):
    s = gemma.generate(PROMPT, 1, Decoding(temperature=0, max_new_tokens=16), logprobs=True)[0]
    assert 'Paris' in s.text and s.finish == 'stop'
    assert s.logprobs and all(lp <= 0 and math.isfinite(lp) for lp in s.logprobs)

def test_sampling_is_reproducible_and_reuses_the_prompt(gemma):
    dec = Decoding(temperature=1.0, max_new_tokens=8)
    a = gemma.generate(PROMPT, 4, dec, seed=3)
    before = gemma.reused_tokens
    assert gemma.generate(PROMPT, 4, dec, seed=3) == a                  # same seed, same samples
    assert gemma.reused_tokens - before == len(gemma.prompt_ids(PROMPT)) - 1   # only the last prompt token re-evaluated
    assert gemma.generate(PROMPT, 4, dec, seed=4) != a

def test_model_string_reaches_the_backend(tmp_path):
    lm = llm_from_spec('llamacpp:gemma-3-270m', cache=tmp_path/'c.sqlite', progress=False)
    assert lm.backend.kind == 'llamacpp' and lm.backend.model == 'gemma-3-270m-q4_k_m'
    assert 'Paris' in lm.sample(PROMPT, n=1, temperature=0)[0].text
