"""The OpenAI backend over real HTTP against a loopback OpenAI-compatible stub: n per request, retries on 429 / 500 /
timeout with backoff (bounded in count), concurrency, logprobs, and the API key never reaching the cache. Scripted
faults (issue 15) are in `test_llm_faults.py`."""
import os, sys, time
from pathlib import Path
import pytest
sys.path.insert(0, str(Path(__file__).parent))
from openai_stub import StubOpenAI
from conformal_rag.llm import LLM, Decoding
from conformal_rag.openai_backend import OpenAIBackend, RequestFailed
from conformal_rag.cache import GenerationCache

KEY = 'sk-test-SECRET-0123456789'

@pytest.fixture
def key(monkeypatch):
    monkeypatch.setenv('CONFORMAL_RAG_TEST_OPENAI_KEY', KEY)
    return 'CONFORMAL_RAG_TEST_OPENAI_KEY'

def backend(stub, key, **kw):
    kw = dict(dict(timeout=1.0, max_retries=3, backoff=0.01, max_backoff=0.05), **kw)
    return OpenAIBackend('stub-model', base_url=stub.base_url, api_key_env=key, **kw)

def test_n_samples_in_one_request_and_cache(tmp_path, key):
    with StubOpenAI(answers=('Paris', 'Lyon')) as stub:
        llm = LLM(backend(stub, key), cache=tmp_path/'g.sqlite', progress=False)
        out = llm.sample(['Capital of France?'], n=5, temperature=0.7, top_p=0.9, max_new_tokens=8, seed=3, logprobs=True, qids=['q'])
        assert [s.text for s in out[0]] == ['Paris', 'Lyon', 'Paris', 'Lyon', 'Paris']
        assert out[0][0].logprobs == [-0.25]
        assert len(stub.requests) == 1 and llm.requests['q'] == 1
        body = stub.requests[0]['body']
        assert (body['n'], body['temperature'], body['top_p'], body['max_tokens'], body['seed'], body['stop']) == (5, 0.7, 0.9, 8, 3, ['\n'])
        assert body['messages'] == [{'role': 'user', 'content': 'Capital of France?'}]
        assert stub.requests[0]['headers']['authorization'] == f'Bearer {KEY}'
        llm.sample(['Capital of France?'], n=5, temperature=0.7, top_p=0.9, max_new_tokens=8, seed=3, logprobs=True)
        assert len(stub.requests) == 1                        # the rerun is served by the cache
    # the key is in no file the cache wrote
    for f in tmp_path.iterdir(): assert KEY.encode() not in f.read_bytes(), f
    llm.cache.export_jsonl(tmp_path/'g.jsonl.gz')
    import gzip; assert KEY not in gzip.open(tmp_path/'g.jsonl.gz', 'rt').read()

def test_retries_429_500_and_timeout(key):
    with StubOpenAI(script=[429, 500, ('sleep', 3.0)]) as stub:
        b = backend(stub, key, timeout=0.5)
        out = LLM(b, cache=False, progress=False).sample('Q?', n=2)
        assert [s.text for s in out] == ['Paris', 'Lyon']
        assert dict(b.retries) == {'429': 1, '500': 1, 'timeout': 1}
        assert len(stub.requests) == 4 and b.calls == 4

def test_retries_are_bounded(key):
    with StubOpenAI(script=[500]*10) as stub:
        b = backend(stub, key, max_retries=2)
        with pytest.raises(RequestFailed, match='gave up after 3 attempts'): b.generate('Q?', 1, Decoding())
        assert len(stub.requests) == 3

def test_client_errors_are_not_retried(key):
    import openai
    with StubOpenAI(script=[400]) as stub:
        with pytest.raises(RequestFailed, match=r'HTTP 400: scripted 400 from openai:stub-model@http://127\.0\.0\.1:\d+/v1 \(not retried\)') as e:
            LLM(backend(stub, key), cache=False, progress=False).sample('Q?')
        assert isinstance(e.value.__cause__, openai.BadRequestError) and e.value.attempts == 1
        assert len(stub.requests) == 1

def test_max_n_and_concurrency(key, tmp_path):
    with StubOpenAI(delay=0.3) as stub:
        b = backend(stub, key, max_n=2, concurrency=4)
        llm = LLM(b, cache=tmp_path/'g.sqlite', progress=False)
        out = llm.sample([f'Q{i}?' for i in range(4)], n=3, qids=list('abcd'))
        assert all(len(o) == 3 for o in out)
        assert sorted(r['body']['n'] for r in stub.requests) == [1, 1, 1, 1, 2, 2, 2, 2]
        assert llm.requests == {'a': 2, 'b': 2, 'c': 2, 'd': 2}      # TRAC's Req: two requests per question
        assert 2 <= stub.max_active <= 4                             # requests overlap, never more than `concurrency`

def test_completions_endpoint(key):
    with StubOpenAI() as stub:
        out = LLM(backend(stub, key, chat=False), cache=False, progress=False).sample('Q?', n=2, logprobs=True)
        assert stub.requests[0]['path'].endswith('/completions') and not stub.requests[0]['path'].endswith('chat/completions')
        assert [s.text for s in out] == ['Paris', 'Lyon'] and out[0].logprobs == [-0.25]

def test_missing_key(monkeypatch):
    monkeypatch.delenv('CONFORMAL_RAG_NO_SUCH_KEY', raising=False)
    with pytest.raises(ValueError, match='CONFORMAL_RAG_NO_SUCH_KEY'):
        LLM('openai', api_key_env='CONFORMAL_RAG_NO_SUCH_KEY', cache=False)

def test_model_string_reaches_an_openai_compatible_server(key, monkeypatch):
    "`openai:MODEL@URL`, the form paper notebooks take in their model lists, talks to the given server."
    from conformal_rag.llm import llm_from_spec
    monkeypatch.setenv('OPENAI_API_KEY', KEY)
    with StubOpenAI(answers=('Bern',)) as stub:
        llm = llm_from_spec(f'openai:served-model@{stub.base_url}', cache=False, progress=False)
        assert [s.text for s in llm.sample('Capital of Switzerland?', n=2)] == ['Bern', 'Bern']
        assert stub.requests[0]['body']['model'] == 'served-model'
