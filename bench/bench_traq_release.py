"""Memory of a TRAQ release collection of 1000 questions x 20 passages x 30 samples (GPT-3.5 file names, one answer of
~1000 characters per question's pool, as long ChatGPT replies make it): `traq_release.load_release`, whose answers are
Python strings shared per distinct answer, against the old fixed-width path (`np.array(answers).astype(str)` of the
same answers). Each is measured as the peak RSS (`ru_maxrss`) of a fresh subprocess. Prints both and the ratio.
Target: the loader under 1.5 GB.

    .venv/bin/python bench/bench_traq_release.py [--skip-old]

The old path needs about 2 x Q x (K+1) x M x longest x 4 bytes (~5 GB here); it is skipped, with its array size
computed instead, when the machine has less than 1.5 times that available."""
import json, os, subprocess, sys, tempfile, time
from pathlib import Path
from conformal_rag.traq_release import synthetic_release

Q, K, M, LONG = 1000, 20, 30, 1000

NEW = """
import json, resource, sys, time
from conformal_rag.traq_release import load_release
t = time.time()
c = load_release(sys.argv[1], 'nq', 'gpt-3.5', read_samples=sys.argv[2] == '1')
print(json.dumps(dict(peak_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, seconds=time.time() - t,
                      shape=c.shape, dtype=str(c.answers.dtype))))
"""
OLD = NEW.replace("print(", "import numpy as np\nfixed = np.array(c.answers.tolist()).astype(str)\nprint(").replace(
    "dtype=str(c.answers.dtype)", "dtype=str(fixed.dtype), nbytes_mb=fixed.nbytes / 2**20")


def run(code, folder, read_samples=False):
    env = dict(os.environ, OMP_NUM_THREADS='1', OPENBLAS_NUM_THREADS='1', MKL_NUM_THREADS='1', PYTHONHASHSEED='0')
    out = subprocess.run([sys.executable, '-c', code, str(folder), str(int(read_samples))], capture_output=True, text=True, env=env)
    if out.returncode != 0: raise RuntimeError(out.stderr[-3000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def available_mb():
    for line in open('/proc/meminfo'):
        if line.startswith('MemAvailable:'): return int(line.split()[1]) / 1024
    return float('inf')


if __name__ == '__main__':
    with tempfile.TemporaryDirectory() as d:
        t = time.time()
        synthetic_release(d, 'nq', 'gpt-3.5', Q=Q, K=K, M=M, seed=0, long_answer=LONG, extra_answers=20)
        size = sum(p.stat().st_size for p in Path(d).iterdir()) / 2**20
        print(f"synthetic release {Q} x {K} x {M} (GPT-3.5 names, longest answer {LONG} chars): {size:.0f} MB of "
              f"pickles written in {time.time() - t:.0f} s")
        new = run(NEW, d)
        print(f"load_release: peak RSS {new['peak_mb']:.0f} MB, {new['seconds']:.0f} s, shape {tuple(new['shape'])}, "
              f"answers {new['dtype']} (target: < 1500 MB)")
        chk = run(NEW, d, read_samples=True)
        print(f"load_release(read_samples=True), also reading and checking the {M} sampled answers per passage: "
              f"peak RSS {chk['peak_mb']:.0f} MB, {chk['seconds']:.0f} s")
        need = 2 * Q * (K + 1) * M * LONG * 4 / 2**20
        if '--skip-old' in sys.argv or available_mb() < 1.5 * need:
            print(f"old fixed-width path skipped (needs ~{need:.0f} MB, {available_mb():.0f} MB available): its answer "
                  f"array alone is {need / 2:.0f} MB, {need / 2 / new['peak_mb']:.1f}x the loader's whole peak")
        else:
            old = run(OLD, d)
            print(f"old fixed-width path (np.array(answers).astype(str)): peak RSS {old['peak_mb']:.0f} MB, "
                  f"answer array {old['nbytes_mb']:.0f} MB ({old['dtype']}); ratio old / new peak "
                  f"{old['peak_mb'] / new['peak_mb']:.1f}x")
        for r in (new, chk): assert r['peak_mb'] < 1500, f"load_release peak RSS {r['peak_mb']:.0f} MB is over 1.5 GB"
