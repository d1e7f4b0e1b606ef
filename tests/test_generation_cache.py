"""The generation cache across processes: two writers at once do not corrupt it, and a run killed halfway resumes
without losing or redoing what was already generated; a cache damaged mid-file is named at open, an export is
never left half-written, and replays leave nothing in the temporary folder (issue 15, items 6 and 8)."""
import os, signal, sqlite3, subprocess, sys, time, textwrap
from pathlib import Path
from conformal_rag.llm import LLM, FakeBackend, Decoding
from conformal_rag.cache import GenerationCache, Sample, request_dict, request_key

WRITER = textwrap.dedent("""
    import sys
    from conformal_rag.llm import LLM, FakeBackend
    path, lo, hi, delay = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    llm = LLM(FakeBackend(lambda p, i, s: f'{p}-{i}', delay=delay), cache=path, progress=False)
    for q in range(lo, hi): llm.sample([f'Q{q}?'], n=4)   # one prompt at a time: every request a transaction
    print('done', llm.calls)
""")

def run_writer(path, lo, hi, delay=0.0):
    return subprocess.Popen([sys.executable, '-c', WRITER, str(path), str(lo), str(hi), str(delay)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

def test_two_processes_write_at_once(tmp_path):
    path = tmp_path/'g.sqlite'
    a, b = run_writer(path, 0, 300), run_writer(path, 150, 450)       # 150 prompts overlap
    outs = [p.communicate(timeout=240) for p in (a, b)]
    assert a.returncode == 0 and b.returncode == 0, outs
    con = sqlite3.connect(path)
    assert con.execute('PRAGMA integrity_check').fetchone()[0] == 'ok'
    con.close()
    cache = GenerationCache(path)
    assert len(cache) == 450 * 4
    for q in (0, 149, 150, 299, 449):
        got = cache.get(request_key(request_dict('fake', 'fake', f'Q{q}?', Decoding())), 4)
        assert [s.text for s in got] == [f'Q{q}?-{i}' for i in range(4)]

def test_killed_run_resumes(tmp_path):
    path = tmp_path/'g.sqlite'
    p = run_writer(path, 0, 100, delay=0.05)                 # ~5 s in all
    deadline = time.time() + 60
    while time.time() < deadline:                             # wait until some, not all, prompts are stored
        time.sleep(0.3)
        if path.exists():
            try: n = len(GenerationCache(path))
            except Exception: continue
            if n >= 40: break
    p.send_signal(signal.SIGKILL); p.wait(timeout=30)
    done = len(GenerationCache(path)) // 4
    assert 10 <= done < 100, done
    fake = FakeBackend(lambda p, i, s: f'{p}-{i}')
    llm = LLM(fake, cache=path, progress=False)
    out = llm.sample([f'Q{q}?' for q in range(100)], n=4)
    assert fake.calls == 100 - done                           # nothing stored is generated again
    assert [[s.text for s in o] for o in out] == [[f'Q{q}?-{i}' for i in range(4)] for q in range(100)]
    assert len(GenerationCache(path)) == 400


# ---- issue 15, item 6: corruption is found at open, named, and never leaves half an output -------------------

def _corrupt_mid_file(path):
    "Overwrite, with seeded garbage, the body of a page in the middle of the cache's requests table."
    import random
    con = sqlite3.connect(path); con.execute('PRAGMA wal_checkpoint(TRUNCATE)')
    size = con.execute('PRAGMA page_size').fetchone()[0]
    pages = [p for (p,) in con.execute("SELECT pageno FROM dbstat WHERE name='requests' AND pagetype='leaf'")]
    n_pages = con.execute('PRAGMA page_count').fetchone()[0]
    con.close()
    for p in path.parent.glob(path.name + '-*'): p.unlink()
    assert len(pages) >= 10 and n_pages >= 50, (pages, n_pages)      # a cache of several pages
    pg = pages[len(pages) // 2]
    raw = bytearray(path.read_bytes())
    raw[(pg - 1) * size + 8:pg * size] = random.Random(0).randbytes(size - 8)   # keep the page header, scramble its cells
    path.write_bytes(bytes(raw))
    return bytes(raw)

def _fill(path, n=200):
    c = GenerationCache(path)
    for q in range(n):
        c.put(request_dict('fake', 'm', f'Question {q}? ' + 'context words ' * 40, Decoding()), 0,
              [Sample(f'answer {q} {i} ' * 5) for i in range(3)])
    c.close()

def test_mid_file_corruption_is_named_at_open(tmp_path):
    import pytest
    from conformal_rag.cache import CacheError
    path = tmp_path/'g.sqlite'
    _fill(path)
    raw = _corrupt_mid_file(path)
    with pytest.raises(CacheError) as e: GenerationCache(path)        # before: opened, then a raw DatabaseError later
    msg = str(e.value)
    assert f'generation cache {path} is corrupt' in msg and 'quick_check' in msg and f'mv {path} {path}.corrupt' in msg
    assert path.read_bytes() == raw                                    # left untouched
    assert isinstance(e.value, ValueError)


def test_database_error_after_open_names_the_file_and_writes_no_half_export(tmp_path):
    import pytest
    from conformal_rag.cache import CacheError
    path, out = tmp_path/'g.sqlite', tmp_path/'run.jsonl.gz'
    _fill(path, 20)
    c = GenerationCache(path)
    assert c.export_jsonl(out) == 60
    before = out.read_bytes()
    # a row the export cannot write (its log-probabilities are not JSON): it fails halfway through the file
    c.put(request_dict('fake', 'm', 'zzz?', Decoding()), 0, [Sample('x', [-1.0])])
    c.con.execute("UPDATE samples SET logprobs='not json' WHERE text='x'")
    with pytest.raises(ValueError): c.export_jsonl(out)
    assert out.read_bytes() == before                                  # the previous export is whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ['g.sqlite', 'g.sqlite-shm', 'g.sqlite-wal', 'run.jsonl.gz']
    # an SQLite error met after opening (a page damaged under a running job) names the file and the way out
    class Damaged:
        in_transaction = False
        def execute(self, *a): raise sqlite3.DatabaseError('database disk image is malformed')
        executemany = execute
    c.con = Damaged()
    for call in (lambda: c.export_jsonl(out), lambda: c.get('k', 1), lambda: len(c),
                 lambda: c.put(request_dict('fake', 'm', 'Q?', Decoding()), 0, [Sample('a')])):
        with pytest.raises(CacheError, match=f'generation cache {path} is corrupt .*move it aside'): call()
    assert out.read_bytes() == before


# ---- issue 15, item 8: replays leave no folder in the temporary directory -------------------------------------

def test_replays_leave_no_temporary_folders(tmp_path, monkeypatch):
    import tempfile
    from conformal_rag import conflare_coverage
    from conformal_rag.llm import replay_llm
    tmp = tmp_path/'tmpdir'; tmp.mkdir()
    monkeypatch.setenv('TMPDIR', str(tmp)); monkeypatch.setattr(tempfile, 'tempdir', None)
    assert tempfile.gettempdir() == str(tmp)
    src = LLM(FakeBackend(model='m'), cache=tmp_path/'src.sqlite', progress=False)
    made = src.sample(['Q1?', 'Q2?'], n=2)
    exp = tmp_path/'g.jsonl.gz'
    src.cache.export_jsonl(exp, keys=src.keys)
    for _ in range(3):
        assert replay_llm(exp, 'm', kind='fake').sample(['Q1?', 'Q2?'], n=2) == made
        assert conflare_coverage.replay_llm(exp, model='m', kind='fake').sample(['Q1?', 'Q2?'], n=2) == made
    assert sorted(p.name for p in tmp.iterdir()) == []                # before: replay_* / conflare_replay_* folders


def test_committed_exports_keep_their_keys():
    """Every committed generations export is keyed by what `request_dict` builds today from its request (local models:
    no server; no dtype (fp32) except the opt-in Qwen model's bf16 runs), so a fresh clone replays it with zero sampled calls."""
    import gzip, json
    root = Path(__file__).resolve().parents[1] / 'data'
    files = sorted(root.glob('*generations.jsonl.gz')) + sorted(root.glob('collected/*generations.jsonl.gz'))
    assert files, f"no generations exports under {root}"
    seen = 0
    for f in files:
        with gzip.open(f, 'rt', encoding='utf-8') as fh:
            for line in fh:
                d = json.loads(line)
                if d['idx']: continue          # one check per request
                r = d['request']
                again = request_dict(r['backend'], r['model'], r['prompt'],
                                     Decoding(r['temperature'], r['top_p'], r['max_new_tokens'], tuple(r['stop'])),
                                     r['seed'], r['logprobs'], server=r.get('server'), dtype=r.get('dtype'))
                assert again == r and request_key(again) == d['key'], f"{f.name}: key {d['key']} no longer rebuilt"
                if r['backend'] == 'local':
                    assert 'server' not in r
                    assert 'dtype' not in r or (r['dtype'] == 'bfloat16' and r['model'].startswith('qwen') and 'qwen' in f.name), f.name
                seen += 1
    assert seen > 1000


def test_lenient_replay_counts_missing_replies_in_its_own_cache(tmp_path):
    """Issue 17: `replay_llm(..., strict=False)` is CONFLARE's lenient replay: a request missing from the export gets an
    empty reply counted in `backend.missing`, in a cache of its own, so a strict replay of the same file in the same
    process still fails on that request."""
    import pytest
    from conformal_rag.llm import replay_llm
    src = LLM(FakeBackend(lambda p, i, s: p.upper(), model='m'), cache=tmp_path/'src.sqlite', progress=False)
    made = src.sample(['q1?'], n=2)
    exp = tmp_path/'g.jsonl.gz'
    src.cache.export_jsonl(exp, keys=src.keys)
    strict = replay_llm(exp, 'fake:m')
    lax = replay_llm(exp, 'fake:m', strict=False)
    assert lax.sample(['q1?'], n=2) == made and lax.calls == 0
    assert [s.text for s in lax.sample('q2?', n=3)] == ['', '', ''] and lax.backend.missing == 3
    assert lax.cache is not strict.cache and lax.cache.path is None
    with pytest.raises(KeyError, match='generation missing'): strict.sample('q2?', n=1)
    with pytest.raises(KeyError, match='generation missing'): replay_llm(exp, 'fake:m').sample('q2?', n=1)


def test_llm_rooms_import_alone_without_cycles():
    """Issue 17: llm.py split by job (cache <- llm <- local_backend, openai_backend): each module imports alone in a fresh
    process, and importing the cache or llm loads neither backend nor torch (`make_backend` imports a backend on first use)."""
    code = ("import sys, importlib; importlib.import_module(sys.argv[1]); "
            "print(sorted(k for k in ('conformal_rag.local_backend', 'conformal_rag.openai_backend', 'torch') if k in sys.modules))")
    for mod, loaded in (('conformal_rag.cache', []), ('conformal_rag.llm', []),
                        ('conformal_rag.local_backend', ['conformal_rag.local_backend']),
                        ('conformal_rag.openai_backend', ['conformal_rag.openai_backend'])):
        r = subprocess.run([sys.executable, '-c', code, mod], capture_output=True, text=True)
        assert r.returncode == 0 and r.stdout.strip() == str(loaded), (mod, r.stdout, r.stderr[-500:])
    from conformal_rag.llm import make_backend
    from conformal_rag.local_backend import LocalBackend
    assert type(make_backend('fake')).__name__ == 'FakeBackend' and LocalBackend.__module__ == 'conformal_rag.local_backend'


# Issue 32, item 3: damage SQLite does not notice (a damaged log left by a killed writer, a row edited in the file),
# an old cache without checksums, and the repair that re-samples what was lost.
KILLED = textwrap.dedent("""
    import os, signal, sys
    from conformal_rag.llm import LLM, FakeBackend
    llm = LLM(FakeBackend(lambda p, i, s: f'{p}-{i}'), cache=sys.argv[1], progress=False)
    llm.cache.con.execute('PRAGMA wal_autocheckpoint=0')    # every row stays in the log, as a busy writer's do
    for q in range(60): llm.sample([f'Q{q}?'], n=1)
    os.kill(os.getpid(), signal.SIGKILL)                     # killed: the log is never checkpointed
""")

def _killed_writer(path):
    p = subprocess.run([sys.executable, '-c', KILLED, str(path)], capture_output=True, text=True, timeout=120)
    assert p.returncode == -signal.SIGKILL, p.stderr
    wal = Path(f'{path}-wal')
    assert wal.exists() and wal.stat().st_size > 32 * 4096
    return wal

def _texts(path):
    c = GenerationCache(path)
    got = [c.get(request_key(request_dict('fake', 'fake', f'Q{q}?', Decoding())), 1)[0] for q in range(60)]
    c.close()
    return got

def test_killed_writer_log_reads_whole(tmp_path):
    path = tmp_path/'g.sqlite'; _killed_writer(path)
    assert [s.text for s in _texts(path)] == [f'Q{q}?-0' for q in range(60)]

def test_damaged_log_of_a_killed_writer_is_refused_then_repaired(tmp_path):
    import pytest, random
    from conformal_rag.cache import CacheError, repair_cache
    path = tmp_path/'g.sqlite'; wal = _killed_writer(path)
    raw = bytearray(wal.read_bytes()); mid = len(raw) // 2
    raw[mid:mid + 64] = random.Random(0).randbytes(64); wal.write_bytes(bytes(raw))
    before = (path.read_bytes(), wal.read_bytes())
    with pytest.raises(CacheError) as e: GenerationCache(path)   # before: opened with about half of the rows gone
    msg = str(e.value)
    assert f'generation cache {path}: its write-ahead log {path}-wal is damaged' in msg and 'repair_cache' in msg
    assert (path.read_bytes(), wal.read_bytes()) == before          # nothing changed
    assert repair_cache(path) == dict(wal_set_aside=True, rows_dropped=0, requests_dropped=0)
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    assert Path(f'{path}-wal.damaged').read_bytes() == before[1]
    got = _texts(path)
    assert 0 < sum(s is None for s in got) < 60                     # the rows after the damage are gone ...
    llm = LLM(FakeBackend(lambda p, i, s: f'{p}-{i}'), cache=path, progress=False)
    assert [s[0].text for s in llm.sample([f'Q{q}?' for q in range(60)], n=1)] == [f'Q{q}?-0' for q in range(60)]
    assert llm.calls == sum(s is None for s in got)                 # ... and only they are sampled again

def test_edited_row_is_never_served(tmp_path):
    import pytest
    from conformal_rag.cache import CacheError, repair_cache
    path = tmp_path/'g.sqlite'
    llm = LLM(FakeBackend(lambda p, i, s: f'{p}-{i}'), cache=path, progress=False)
    llm.sample(['Q?', 'R?'], n=3); llm.cache.close()
    con = sqlite3.connect(path); con.execute("UPDATE samples SET text='Berlin' WHERE idx=1 AND text='Q?-1'")
    con.commit(); con.close()
    llm = LLM(FakeBackend(lambda p, i, s: f'{p}-{i}'), cache=path, progress=False)
    with pytest.raises(CacheError, match=f'generation cache {path}: sample 1 of request .* fails its checksum'):
        llm.sample(['Q?'], n=3)
    with pytest.raises(CacheError): llm.cache.export_jsonl(tmp_path/'e.jsonl.gz')
    assert not (tmp_path/'e.jsonl.gz').exists()
    llm.cache.close()
    assert repair_cache(path) == dict(wal_set_aside=False, rows_dropped=1, requests_dropped=0)
    llm = LLM(FakeBackend(lambda p, i, s: f'{p}-{i}'), cache=path, progress=False)
    assert [s.text for s in llm.sample('Q?', n=3)] == ['Q?-0', 'Q?-1', 'Q?-2'] and llm.calls == 1

def _old_cache(path):
    "A cache of the schema before rows carried checksums (built here by hand), one sample stored; its request."
    req = request_dict('fake', 'fake', 'Q?', Decoding())
    con = sqlite3.connect(path)
    con.executescript("CREATE TABLE requests (key TEXT PRIMARY KEY, request TEXT NOT NULL);"
                      "CREATE TABLE samples (key TEXT NOT NULL, idx INTEGER NOT NULL, text TEXT NOT NULL, logprobs TEXT,"
                      " finish TEXT, created REAL, PRIMARY KEY (key, idx));")
    import json
    con.execute("INSERT INTO requests VALUES (?, ?)", (request_key(req), json.dumps(req, sort_keys=True)))
    con.execute("INSERT INTO samples VALUES (?, 0, 'Paris', '[-0.5]', 'stop', 0)", (request_key(req),))
    con.commit(); con.close()
    return req

def test_cache_without_checksums_is_migrated(tmp_path):
    "A cache written before rows carried checksums opens and keeps its rows; its export imports into a new cache."
    path = tmp_path/'old.sqlite'; req = _old_cache(path)
    c = GenerationCache(path)
    assert c.get(request_key(req), 2) == [Sample('Paris', [-0.5]), None]
    c.put(req, 1, [Sample('Lyon')]); c.export_jsonl(tmp_path/'e.jsonl.gz'); c.close()
    c = GenerationCache(tmp_path/'new.sqlite'); assert c.import_jsonl(tmp_path/'e.jsonl.gz') == 2
    assert c.get(request_key(req), 2) == [Sample('Paris', [-0.5]), Sample('Lyon')]

def test_cache_in_use_by_an_older_process_is_not_migrated_under_it(tmp_path):
    "A process started before checksums existed (here a plain connection writing six-column rows) keeps writing."
    path = tmp_path/'old.sqlite'; req = _old_cache(path)
    old = sqlite3.connect(path, isolation_level=None); old.execute('PRAGMA journal_mode=WAL')
    old.execute("INSERT INTO samples VALUES (?, 1, 'Lyon', NULL, 'stop', 0)", (request_key(req),))   # the old writer
    c = GenerationCache(path)                                          # opened meanwhile: not migrated
    assert c.checksums is False and c.get(request_key(req), 3) == [Sample('Paris', [-0.5]), Sample('Lyon'), None]
    c.put(req, 2, [Sample('Nice')])
    old.execute("INSERT INTO samples VALUES (?, 3, 'Rome', NULL, 'stop', 0)", (request_key(req),))   # still works
    c.close(); old.close()
    c = GenerationCache(path)                                          # no one else: migrated now
    assert c.checksums is True and [s.text for s in c.get(request_key(req), 4)] == ['Paris', 'Lyon', 'Nice', 'Rome']
    c.con.execute("UPDATE samples SET text='Oslo' WHERE idx=3")
    import pytest
    from conformal_rag.cache import CacheError
    with pytest.raises(CacheError, match='sample 3 of request'): c.get(request_key(req), 4)


# Issue 42, "Every cache row checked": request rows carry checksums too, a log cut short is named at open, a sample
# index is a count, the repair of a missing file creates nothing, and a killed export leaves no temporary for good.

def test_edited_request_is_never_exported(tmp_path):
    import pytest
    from conformal_rag.cache import CacheError, repair_cache, request_values
    path = tmp_path/'g.sqlite'
    llm = LLM(FakeBackend(lambda p, i, s: f'{p}-{i}'), cache=path, progress=False)
    llm.sample(['Q?', 'R?'], n=2); llm.cache.close()
    key = request_key(request_dict('fake', 'fake', 'Q?', Decoding()))
    con = sqlite3.connect(path)
    con.execute("UPDATE requests SET request=replace(request, '\"Q?\"', '\"Z?\"') WHERE key=?", (key,))
    con.commit(); con.close()
    c = GenerationCache(path)
    with pytest.raises(CacheError) as e: c.export_jsonl(tmp_path/'e.jsonl.gz')   # before: exported, refused on import
    assert str(e.value).startswith(f'generation cache {path}: request {key} fails its checksum')
    assert f"repair_cache('{path}')" in str(e.value) and not (tmp_path/'e.jsonl.gz').exists()
    with pytest.raises(CacheError, match=f'request {key} fails its checksum'): request_values(c, 'fake', 'fake', ('seed',))
    c.close()
    assert repair_cache(path) == dict(wal_set_aside=False, rows_dropped=2, requests_dropped=1)
    llm = LLM(FakeBackend(lambda p, i, s: f'{p}-{i}'), cache=path, progress=False)
    assert [s.text for s in llm.sample('Q?', n=2)] == ['Q?-0', 'Q?-1'] and llm.calls == 1   # sampled again
    assert llm.cache.export_jsonl(tmp_path/'e.jsonl.gz') == 4

def test_cache_without_request_checksums_is_migrated(tmp_path):
    "A cache of the schema before request rows carried checksums (samples did) opens, its requests checked from then on."
    import pytest
    from conformal_rag.cache import CacheError
    path = tmp_path/'g.sqlite'
    c = GenerationCache(path); req = request_dict('fake', 'fake', 'Q?', Decoding())
    c.put(req, 0, [Sample('Paris'), Sample('Lyon')])
    c.con.execute("ALTER TABLE requests DROP COLUMN checksum"); c.close()
    old = sqlite3.connect(path); old.execute('PRAGMA journal_mode=WAL')   # a process of the old schema still has it open
    c = GenerationCache(path)
    assert (c.checksums, c.request_checksums) == (True, False)          # not migrated under it; still writes
    c.put(request_dict('fake', 'fake', 'R?', Decoding()), 0, [Sample('Rome')])
    old.execute("INSERT INTO requests VALUES ('k', '{}')"); old.commit(); old.close(); c.close()
    c = GenerationCache(path)
    assert (c.checksums, c.request_checksums) == (True, True) and c.get(request_key(req), 2) == [Sample('Paris'), Sample('Lyon')]
    assert c.export_jsonl(tmp_path/'e.jsonl.gz') == 3
    c.con.execute("UPDATE requests SET request=replace(request, 'Q?', 'Z?')")
    with pytest.raises(CacheError, match=f'request {request_key(req)} fails its checksum'): c.export_jsonl(tmp_path/'f.jsonl.gz')

def test_committed_exports_import_and_keep_their_keys(tmp_path):
    "A committed export imports into a new cache (request rows with their checksums) and exports again byte for byte."
    from conformal_rag.cache import export_keys
    root = Path(__file__).resolve().parents[1] / 'data'
    for f in (root/'conflare_generations.jsonl.gz', root/'rcrag_qwen_generations.jsonl.gz'):
        c = GenerationCache(tmp_path/f'{f.name}.sqlite'); n = c.import_jsonl(f)
        assert n > 100 and c.export_jsonl(tmp_path/f.name) == n
        assert export_keys(tmp_path/f.name) == export_keys(f) and (tmp_path/f.name).read_bytes() == f.read_bytes()
        assert c.con.execute("SELECT count(*) FROM requests WHERE checksum IS NULL").fetchone()[0] == 0
        c.close()

def _frames(wal):
    "(frame size, commit flag of each whole frame) of a write-ahead log."
    import struct
    raw = wal.read_bytes(); size = 24 + struct.unpack('>I', raw[8:12])[0]
    return size, [struct.unpack('>I', raw[36 + i * size:40 + i * size])[0] > 0 for i in range((len(raw) - 32) // size)]

def test_log_cut_short_is_named_at_open_then_repaired(tmp_path):
    "Before: a log cut short lost 1-92 rows without a word. Now the open names the committed frames lost."
    import pytest, shutil
    from conformal_rag.cache import CacheError, repair_cache
    src = tmp_path/'src'; src.mkdir(); _killed_writer(src/'g.sqlite')
    size, commits = _frames(src/'g.sqlite-wal')
    n = len(commits); assert commits[-1] and n > 40
    for cut in (32 + 10 * size + 1234, 32 + (n // 2) * size, 32 + (n - 1) * size + size - 1, 32 + n * size - 3 * size):
        d = tmp_path/f'cut{cut}'; shutil.copytree(src, d); path, wal = d/'g.sqlite', d/'g.sqlite-wal'
        raw = wal.read_bytes()[:cut]; wal.write_bytes(raw)
        last = max([i + 1 for i, c in enumerate(commits[:(cut - 32) // size]) if c], default=0)
        before = (path.read_bytes(), raw)
        with pytest.raises(CacheError) as e: GenerationCache(path)
        msg = str(e.value)
        assert f'its write-ahead log {wal} is damaged (it was cut short: its wal-index records {n} committed frames, ' \
               f'SQLite reads {last}, so {n - last} committed frames are lost)' in msg and 'repair_cache' in msg, msg
        assert (path.read_bytes(), wal.read_bytes()) == before          # nothing changed
        assert repair_cache(path) == dict(wal_set_aside=True, rows_dropped=0, requests_dropped=0)
        assert Path(f'{wal}.damaged').read_bytes() == raw
        got = _texts(path)
        assert 0 < sum(s is None for s in got) < 60 and all(s is None or s.text == f'Q{q}?-0' for q, s in enumerate(got))
        llm = LLM(FakeBackend(lambda p, i, s: f'{p}-{i}'), cache=path, progress=False)
        assert [s[0].text for s in llm.sample([f'Q{q}?' for q in range(60)], n=1)] == [f'Q{q}?-0' for q in range(60)]
        assert llm.calls == sum(s is None for s in got)                  # only the rows lost are sampled again
        llm.cache.close()

def test_log_cut_short_without_its_index(tmp_path):
    "Without the -shm file: a frame cut in two is refused; a cut at a frame's end after uncommitted frames is a warning."
    import pytest, shutil, warnings
    from conformal_rag.cache import CacheError, CacheWarning
    src = tmp_path/'src'; src.mkdir(); _killed_writer(src/'g.sqlite')
    size, commits = _frames(src/'g.sqlite-wal')
    mid = next(i for i in range(10, len(commits)) if commits[i - 1] and not commits[i])   # frame i + 1 starts a transaction
    def cut_copy(name, cut):
        d = tmp_path/name; shutil.copytree(src, d); (d/'g.sqlite-shm').unlink()
        wal = d/'g.sqlite-wal'; wal.write_bytes(wal.read_bytes()[:cut]); return d/'g.sqlite'
    path = cut_copy('partial', 32 + mid * size + 100)
    with pytest.raises(CacheError, match=rf'it ends inside frame {mid + 1} \(100 of {size} bytes\), so at least 1 frames'):
        GenerationCache(path)
    path = cut_copy('boundary', 32 + (mid + 1) * size)
    with pytest.warns(CacheWarning, match=r'ends with 1 frame of a transaction that never committed'): GenerationCache(path).close()
    path = cut_copy('commit', 32 + mid * size)
    with warnings.catch_warnings(): warnings.simplefilter('error'); GenerationCache(path).close()

def test_sample_index_is_checked(tmp_path):
    "Before: `put(req, -1, ...)` was served as the last sample of `get(key, n)`."
    import pytest
    c = GenerationCache(tmp_path/'g.sqlite'); req = request_dict('fake', 'm', 'Q?', Decoding())
    with pytest.raises(ValueError, match='start=-1'): c.put(req, -1, [Sample('x')])
    with pytest.raises(ValueError, match='start=True'): c.put(req, True, [Sample('x')])
    with pytest.raises(ValueError, match=f'start={2**31}'): c.put(req, 2**31, [Sample('x')])
    key = c.put(req, 0, [Sample('a'), Sample('b')])
    from conformal_rag.cache import row_checksum, repair_cache
    c.con.execute("UPDATE samples SET idx=-1, checksum=? WHERE idx=1", (row_checksum(key, -1, 'b', None, 'stop'),))
    assert c.get(key, 3) == [Sample('a'), None, None]                   # a row stored before the check: never served,
    import gzip, json
    out = tmp_path/'e.jsonl.gz'; assert c.export_jsonl(out) == 1         # never exported,
    c.close(); assert repair_cache(tmp_path/'g.sqlite')['rows_dropped'] == 1   # dropped by the repair
    lines = [json.loads(l) for l in gzip.open(out, 'rt')]
    lines[0]['idx'] = -1; bad = tmp_path/'bad.jsonl.gz'
    with gzip.open(bad, 'wt') as f: f.write(json.dumps(lines[0]) + '\n')
    with pytest.raises(ValueError, match=f'{bad}: line 1: idx must be .*got idx=-1'): GenerationCache(':memory:').import_jsonl(bad)

def test_repair_of_a_missing_file_creates_nothing(tmp_path):
    import pytest
    from conformal_rag.cache import repair_cache
    with pytest.raises(FileNotFoundError, match=f'no generation cache at {tmp_path}/missing.sqlite'):
        repair_cache(tmp_path/'missing.sqlite')
    assert list(tmp_path.iterdir()) == []

WRITE_FOREVER = textwrap.dedent("""
    import sys, time
    from conformal_rag.cache import atomic_output
    with atomic_output(sys.argv[1]) as tmp:
        tmp.write_text('half'); print(tmp, flush=True); time.sleep(600)
""")

def test_killed_export_leaves_no_temporary_for_good(tmp_path):
    from conformal_rag.cache import atomic_output, STALE_TEMPORARY
    out = tmp_path/'run.jsonl.gz'
    p = subprocess.Popen([sys.executable, '-c', WRITE_FOREVER, str(out)], stdout=subprocess.PIPE, text=True)
    tmp = Path(p.stdout.readline().strip())
    assert tmp.parent == tmp_path and tmp.name.startswith(f'.run.jsonl.gz.{p.pid}.') and tmp.exists()
    old = time.time() - 2 * STALE_TEMPORARY; os.utime(tmp, (old, old))
    with atomic_output(out) as t: t.write_text('one')
    assert tmp.exists()                                                 # its writer still runs: kept
    p.send_signal(signal.SIGKILL); p.wait(timeout=30); p.stdout.close()
    with atomic_output(out) as t: t.write_text('two')
    assert sorted(x.name for x in tmp_path.iterdir()) == ['run.jsonl.gz'] and out.read_text() == 'two'
