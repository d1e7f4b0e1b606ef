"""Issue 15, items 2 and 3: the OpenAI-compatible backend against scripted faults of a loopback stub server.

- the server belongs to a request's identity: two servers answering differently never share generations, a server
  with nothing listening is asked (and fails) instead of being served another server's replies, and an export made
  with one server is refused when replayed for another;
- every reply is stored as it arrives: when one request of a pool fails for good, the others are kept (a rerun
  re-asks only the failed prompt);
- Retry-After is honoured, retries are bounded and the final error says how many attempts, over how long, what
  failed and which server; a malformed body is retried, then named;
- timeout, retries and concurrency come from the model string (`?timeout=...&retries=...&concurrency=...`) or the
  collect command line;
- the API key is written nowhere (cache, export, error messages, logs).
Every loop is bounded in count (scripts, retries) and in time (short timeouts); only 127.0.0.1 is contacted."""
import gzip, json, logging, re, sys
from pathlib import Path
import pytest
sys.path.insert(0, str(Path(__file__).parent))
from openai_stub import StubOpenAI
from conformal_rag.llm import LLM, Decoding, llm_from_spec, replay_llm
from conformal_rag.openai_backend import OpenAIBackend, RequestFailed
from conformal_rag.cache import GenerationCache, request_dict, request_key

KEY = 'sk-test-FAULTS-9876543210'
NOTHING = 'http://127.0.0.1:9/v1'   # the discard port on loopback: nothing listens, the connection is refused at once


@pytest.fixture
def key(monkeypatch):
    monkeypatch.setenv('OPENAI_API_KEY', KEY)
    return 'OPENAI_API_KEY'

def backend(url, **kw):
    kw = dict(dict(timeout=2.0, max_retries=2, backoff=0.01, max_backoff=0.05), **kw)
    return OpenAIBackend('stub-model', base_url=url, **kw)

def texts(out): return [[s.text for s in o] for o in out]


# ---- item 2: the server is part of the request identity -------------------------------------------------------

def test_two_servers_do_not_share_generations(key, tmp_path):
    cache = tmp_path/'g.sqlite'
    with StubOpenAI(answers=('Paris',)) as a, StubOpenAI(answers=('Rome',)) as b:
        first = LLM(backend(a.base_url), cache=cache, progress=False).sample(['Capital?'], n=2)
        second = LLM(backend(b.base_url), cache=cache, progress=False).sample(['Capital?'], n=2)
        assert texts(first) == [['Paris', 'Paris']]
        assert texts(second) == [['Rome', 'Rome']]             # not the first server's replies
        assert (len(a.requests), len(b.requests)) == (1, 1)
        # the same server under another spelling of its URL is served from the cache
        again = LLM(backend(a.base_url.upper().replace('/V1', '/v1') + '/'), cache=cache, progress=False).sample(['Capital?'], n=2)
        assert texts(again) == [['Paris', 'Paris']] and len(a.requests) == 1


def test_nothing_listening_is_not_served_from_the_cache(key, tmp_path):
    "The issue's case: `openai:stub@http://127.0.0.1:9/v1` exited 0 with another server's generations."
    cache = tmp_path/'g.sqlite'
    with StubOpenAI(answers=('Paris',)) as a:
        llm_from_spec(f'openai:stub@{a.base_url}', cache=cache, progress=False).sample('Capital?', n=1)
    dead = llm_from_spec(f'openai:stub@{NOTHING}?retries=1&timeout=2', cache=cache, progress=False)
    dead.backend.sleep = lambda s: None
    with pytest.raises(RequestFailed) as e: dead.sample('Capital?', n=1)
    msg = str(e.value)
    assert 'gave up after 2 attempts' in msg and 'connection failed' in msg and 'openai:stub@http://127.0.0.1:9/v1' in msg


def test_export_records_the_server_and_replay_checks_it(key, tmp_path):
    with StubOpenAI(answers=('Paris',)) as a:
        llm = llm_from_spec(f'openai:stub@{a.base_url}', cache=tmp_path/'g.sqlite', progress=False)
        made = llm.sample('Capital?', n=2)
    out = tmp_path/'g.jsonl.gz'
    llm.cache.export_jsonl(out, keys=llm.keys)
    lines = [json.loads(l) for l in gzip.open(out, 'rt')]
    assert {l['request']['server'] for l in lines} == {a.base_url}
    # replayed for the same server (any spelling, any options): served; for another server: refused, naming both
    rep = replay_llm(out, f"openai:stub@{a.base_url.replace('http', 'HTTP')}/?timeout=5")
    assert rep.sample('Capital?', n=2) == made
    with pytest.raises(ValueError, match=re.escape(a.base_url) + '.*' + re.escape(NOTHING)):
        replay_llm(out, f'openai:stub@{NOTHING}')


# ---- item 3: paid replies are kept; retries say what happened -------------------------------------------------

def test_one_failed_request_loses_no_other_reply(key, tmp_path):
    "Six prompts in flight at once; 'Q3?' fails for good while the others are still being answered."
    cache, prompts = tmp_path/'g.sqlite', [f'Q{i}?' for i in range(6)]
    with StubOpenAI(by_prompt={'Q3?': 500}, delay=0.8) as stub:
        # the failure comes after one backoff of 0.15-0.3 s: every request is in flight by then, none has its reply
        llm = LLM(backend(stub.base_url, max_retries=1, concurrency=6, backoff=0.3, max_backoff=0.3), cache=cache, progress=False)
        with pytest.raises(Exception) as e: llm.sample(prompts, n=2)
        assert len(GenerationCache(cache)) == 5 * 2              # the five replies that arrived are stored
        stub.by_prompt.clear(); first = len(stub.requests)       # the server is healthy again
        out = LLM(backend(stub.base_url, concurrency=6), cache=cache, progress=False).sample(prompts, n=2)
        assert stub.prompts()[first:] == ['Q3?']                 # the rerun asks only the failed prompt
        assert all(len(o) == 2 for o in out)
    assert isinstance(e.value, RequestFailed)
    assert re.fullmatch(r'gave up after 2 attempts over [\d.]+ s: HTTP 500: scripted 500 from '
                        r"openai:stub-model@http://127\.0\.0\.1:\d+/v1, asking for prompt 'Q3\?' \(n=2, seed 0\)",
                        str(e.value)), str(e.value)


def test_each_reply_of_a_large_n_is_stored_as_it_arrives(key, tmp_path):
    "n = 5 in requests of max_n = 2: the third request fails for good; the first two replies are kept."
    cache = tmp_path/'g.sqlite'
    with StubOpenAI(script=['ok', 'ok', 500, 500]) as stub:
        llm = LLM(backend(stub.base_url, max_n=2, max_retries=1, concurrency=1), cache=cache, progress=False)
        with pytest.raises(Exception) as e: llm.sample('Q?', n=5)
        assert len(GenerationCache(cache)) == 4 and isinstance(e.value, RequestFailed)
        first = len(stub.requests)
        out = LLM(backend(stub.base_url, max_n=2), cache=cache, progress=False).sample('Q?', n=5)
        assert [r['body']['n'] for r in stub.requests[first:]] == [1] and len(out) == 5


def test_retry_after_is_honoured(key):
    waits = []
    with StubOpenAI(script=[('retry_after', 429, '0.3'), ('retry_after', 503, '0.2'), 'ok']) as stub:
        b = backend(stub.base_url, backoff=5.0)                  # the backoff alone would wait seconds
        b.sleep = waits.append
        assert [s.text for s in LLM(b, cache=False, progress=False).sample('Q?', n=1)] == ['Paris']
    assert waits == [0.3, 0.2] and len(stub.requests) == 3 and dict(b.retries) == {'429': 1, '503': 1}
    # with the real sleep, the server's wait separates the attempts (an ordering fact, not a speed threshold)
    with StubOpenAI(script=[('retry_after', 429, '0.2'), 'ok']) as stub:
        LLM(backend(stub.base_url), cache=False, progress=False).sample('Q?', n=1)
        t = [r['time'] for r in stub.requests]
    assert len(t) == 2 and t[1] - t[0] >= 0.2


def test_gave_up_message_names_attempts_time_status_and_server(key):
    with StubOpenAI(script=[500] * 10) as stub:
        b = backend(stub.base_url, max_retries=4); b.sleep = lambda s: None
        with pytest.raises(RequestFailed) as e: b.generate('Q?', 1, Decoding())
    assert re.fullmatch(r'gave up after 5 attempts over \d+\.\d s: HTTP 500: scripted 500 from '
                        r"openai:stub-model@http://127\.0\.0\.1:\d+/v1, asking for prompt 'Q\?' \(n=1, seed 0\)",
                        str(e.value)), str(e.value)
    assert (e.value.attempts, e.value.status, e.value.server) == (5, 500, stub.base_url) and len(stub.requests) == 5


@pytest.mark.parametrize('fault,says', [('badjson', 'malformed JSON reply'), ('nochoices', 'no list of choices')])
def test_malformed_reply_is_retried_then_named(key, fault, says):
    with StubOpenAI(script=[fault, 'ok']) as stub:
        b = backend(stub.base_url); b.sleep = lambda s: None
        assert [s.text for s in b.generate('Q?', 1, Decoding())] == ['Paris'] and b.retries['malformed'] == 1
    with StubOpenAI(script=[fault] * 5) as stub:
        b = backend(stub.base_url, max_retries=2); b.sleep = lambda s: None
        with pytest.raises(RequestFailed, match=f'gave up after 3 attempts over .*{says}.* from openai:stub-model@'
                                                + re.escape(stub.base_url)):
            b.generate('Q?', 1, Decoding())
        assert len(stub.requests) == 3


def test_slow_reply_times_out_and_is_named(key):
    with StubOpenAI(script=[('sleep', 3.0)] * 3) as stub:
        b = backend(stub.base_url, timeout=0.3, max_retries=0)
        with pytest.raises(RequestFailed, match=r'gave up after 1 attempt over [\d.]+ s: no reply within 0.3 s \(timeout\)'):
            b.generate('Q?', 1, Decoding())
        assert len(stub.requests) == 1                            # the client's own retries are off


def test_settings_from_the_model_string_and_command_line(key):
    with StubOpenAI(script=[500] * 5) as stub:
        llm = llm_from_spec(f'openai:stub-model@{stub.base_url}?timeout=0.5&retries=1&concurrency=3&max_n=2',
                            cache=False, progress=False)
        b = llm.backend
        assert (b.timeout, b.max_retries, b.concurrency, b.max_n, b.client.max_retries) == (0.5, 1, 3, 2, 0)
        b.sleep = lambda s: None
        with pytest.raises(RequestFailed, match='gave up after 2 attempts'): llm.sample('Q?', n=1)
        assert len(stub.requests) == 2
    for bad, says in [('timeout=-1', "timeout='-1'"), ('retries=x', "retries='x'"), ('concurrency=0', "concurrency='0'"),
                      ('speed=9', "unknown option 'speed'")]:
        with pytest.raises(ValueError, match=re.escape(says)): llm_from_spec(f'openai:m@{NOTHING}?{bad}', cache=False)
    from conformal_rag.cli import model_strings
    assert model_strings(['gemma-3-270m', f'openai:m@{NOTHING}?retries=7'], 30, 5, 8) == \
        ['gemma-3-270m', f'openai:m@{NOTHING}?retries=7&timeout=30&concurrency=8']   # the string wins


def test_api_key_is_written_nowhere(key, tmp_path, capsys, caplog):
    caplog.set_level(logging.DEBUG)
    cache = tmp_path/'g.sqlite'
    errors = []
    with StubOpenAI(script=['ok', 401, 500, 500, 'badjson', 'badjson']) as stub:
        llm = llm_from_spec(f'openai:stub-model@{stub.base_url}?retries=1', cache=cache)
        llm.backend.sleep = lambda s: None
        llm.sample('Q0?', n=2, logprobs=True)
        for q in ('Q1?', 'Q2?', 'Q3?'):
            try: llm.sample(q, n=1)
            except RequestFailed as e: errors.append(f'{e!r} {e} {e.__cause__!r} {e.__cause__}')
        assert stub.requests[0]['headers']['authorization'] == f'Bearer {KEY}'   # it was sent, and only there
    assert len(errors) == 3 and '$OPENAI_API_KEY' in errors[0]
    llm.cache.export_jsonl(tmp_path/'g.jsonl.gz')
    llm.cache.close()
    out = capsys.readouterr()
    written = [p.read_bytes() for p in tmp_path.rglob('*') if p.is_file()]
    assert len(written) >= 2
    for blob in written + [gzip.decompress((tmp_path/'g.jsonl.gz').read_bytes())]: assert KEY.encode() not in blob
    for text in errors + [out.out, out.err, caplog.text, repr(vars(llm.backend))]: assert KEY not in text


# ---- issue 32, item 3: a reply with fewer choices than asked ---------------------------------------------------

@pytest.fixture
def short_first_reply(monkeypatch):
    "The server's first reply drops its last choice (2 choices for n = 3); later replies are whole."
    orig, seen = OpenAIBackend._choices, []
    def short(self, body, k, logprobs):
        out = orig(self, body, k, logprobs); seen.append(k)
        return out[:-1] if len(seen) == 1 and k > 1 else out
    monkeypatch.setattr(OpenAIBackend, '_choices', short)
    return seen

def test_partial_reply_is_kept_and_only_the_rest_is_asked(key, tmp_path, short_first_reply):
    with StubOpenAI(answers=('Paris', 'Lyon', 'Nice')) as s:
        llm = LLM(backend(s.base_url), cache=tmp_path/'g.sqlite', progress=False)
        out = llm.sample('Capital?', n=3)
        assert [r['body']['n'] for r in s.requests] == [3, 1]        # the missing sample only
        assert [o.text for o in out] == ['Paris', 'Lyon', 'Paris']
        assert len(GenerationCache(tmp_path/'g.sqlite')) == 3

def test_partial_reply_is_stored_before_the_failure_is_raised(key, tmp_path, short_first_reply):
    cache = tmp_path/'g.sqlite'
    with StubOpenAI(script=['ok', 500, 500, 500], answers=('Paris', 'Lyon', 'Nice')) as s:
        llm = LLM(backend(s.base_url), cache=cache, progress=False)
        with pytest.raises(RequestFailed, match=r'HTTP 500.*after 2 of 3 samples, kept'): llm.sample('Capital?', n=3)
        key_ = request_key(request_dict('openai', 'stub-model', 'Capital?', Decoding(), server=llm.backend.server))
        assert [x.text if x else None for x in GenerationCache(cache).get(key_, 3)] == ['Paris', 'Lyon', None]
        again = LLM(backend(s.base_url), cache=cache, progress=False).sample('Capital?', n=3)
        assert [o.text for o in again][:2] == ['Paris', 'Lyon'] and s.requests[-1]['body']['n'] == 1   # only the rest


# ---- issue 42: a null content is no answer; `timeout` bounds a whole attempt ---------------------------------------

@pytest.mark.parametrize('chat', [True, False])
def test_null_content_is_retried_and_never_cached(key, tmp_path, chat):
    "Before: `content: null` was stored as empty answers for good, and `collect` exited 0."
    with StubOpenAI(script=['nullcontent', 'ok'], answers=('Paris', 'Lyon')) as stub:
        b = backend(stub.base_url, chat=chat); b.sleep = lambda s: None
        llm = LLM(b, cache=tmp_path/'g.sqlite', progress=False)
        assert [s.text for s in llm.sample('Q?', n=2)] == ['Paris', 'Lyon'] and b.retries['malformed'] == 1
    cache = tmp_path/'h.sqlite'
    with StubOpenAI(script=['nullcontent'] * 5) as stub:
        b = backend(stub.base_url, chat=chat, max_retries=2); b.sleep = lambda s: None
        with pytest.raises(RequestFailed) as e: LLM(b, cache=cache, progress=False).sample('Capital?', n=2, seed=4)
        assert len(stub.requests) == 3
    assert re.fullmatch(r"gave up after 3 attempts over [\d.]+ s: malformed reply: choice 1 of 2 has null content "
                        r"\(finish reason 'stop'\) from openai:stub-model@http://127\.0\.0\.1:\d+/v1, asking for "
                        r"prompt 'Capital\?' \(n=2, seed 4\)", str(e.value)), str(e.value)
    assert len(GenerationCache(cache)) == 0                        # nothing stored: a rerun asks again

def test_null_content_makes_collect_fail(key, tmp_path):
    from conformal_rag import cli
    with StubOpenAI(script=['nullcontent'] * 20) as stub:
        code = cli.main(['overconfidence', 'collect', '--models', f'openai:stub@{stub.base_url}?retries=0&timeout=5',
                         '--n-questions', '1', '--strategies', 'vanilla', '--out', str(tmp_path/'o.jsonl.gz'),
                         '--cache', str(tmp_path/'g.sqlite')])
    assert code == 3 and not (tmp_path/'o.jsonl.gz').exists()
    assert len(GenerationCache(tmp_path/'g.sqlite')) == 0

def test_timeout_bounds_the_whole_attempt(key):
    "Before: a server dripping its reply a byte at a time kept every read under `timeout` and ran for the whole drip."
    import time
    with StubOpenAI(script=[('drip', 30.0), 'ok']) as stub:
        b = backend(stub.base_url, timeout=1.0, max_retries=0)
        t0 = time.monotonic()
        with pytest.raises(RequestFailed, match=r'gave up after 1 attempt over [\d.]+ s: no reply within 1 s \(timeout\)'):
            b.generate('Q?', 1, Decoding())
        took = time.monotonic() - t0
        assert took < 15 and 0 < stub.dripped < 300, (took, stub.dripped)   # cut off well before the drip ends
        assert [s.text for s in b.generate('Q?', 1, Decoding())] == ['Paris']   # the client goes on serving
        assert len(stub.requests) == 2
