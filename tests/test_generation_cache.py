"""The generation cache across processes: two writers at once do not corrupt it, and a run killed halfway resumes
without losing or redoing what was already generated."""
import os, signal, sqlite3, subprocess, sys, time, textwrap
from pathlib import Path
from conformal_rag.llm import LLM, FakeBackend, GenerationCache, request_dict, request_key, Decoding

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
