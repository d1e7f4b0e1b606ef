"""TRAQ/TRAC speed: one evaluation of an alpha split, vectorized against the per-question Python loop, and the whole
TRAQ grid (5 levels x 5 seeds x every method, 15 Bayesian-optimization calls each). Prints ratios in one run."""
import sys, time, warnings
import numpy as np
from conformal_rag.traq import (synthetic_collection, calibrate, evaluate, evaluate_reference, run_grid, load_collection,
                                METHODS, traq_recluster)
import conformal_rag.trac  # noqa: F401  registers HMP, CCPS-B, CCPS-H


def timeit(f, reps):
    f()
    t = time.perf_counter()
    for _ in range(reps): f()
    return (time.perf_counter() - t) / reps


c = synthetic_collection(600, 20, 30, seed=0)
cal, test = c.subset(np.arange(300)), c.subset(np.arange(300, 600))
th = calibrate(cal, 0.05, 0.05)
fast = timeit(lambda: evaluate(test, th), 30)
slow = timeit(lambda: evaluate_reference(test, th), 2)
print(f"one evaluation, 300 questions x 20 passages x 30 samples: vectorized {fast * 1e3:.2f} ms, "
      f"per-question loop {slow * 1e3:.0f} ms, ratio {slow / fast:.0f}x (target: < 10 ms)")

t = time.perf_counter(); rc = traq_recluster(test); t_rc = time.perf_counter() - t
th_t = calibrate(cal, 0.05, 0.05, fidelity='traq')
traq_eval = timeit(lambda: evaluate(test, th_t, 'traq', rc), 5)
print(f"fidelity='traq' (TRAQ's reclustered semantic count): building the answer matches {t_rc:.2f} s once, then one "
      f"evaluation {traq_eval * 1e3:.1f} ms ({traq_eval / fast:.0f}x the exact one)")

spec = sys.argv[1] if len(sys.argv) > 1 else None
grid_coll = load_collection(spec) if spec else synthetic_collection(300, 20, 30, seed=1)
methods = ('Vanilla', 'Bonf', 'TRAQ', 'Bonf-P', 'TRAQ-P', 'HMP', 'CCPS-B', 'CCPS-H')
for n_jobs in (1, 2):
    t = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        g = run_grid(grid_coll, methods, (0.5, 0.6, 0.7, 0.8, 0.9), range(5), n_calls=15, progress=False, n_jobs=n_jobs)
    print(f"TRAQ grid ({spec or 'synthetic 300 x 20 x 30'}; 5 levels x 5 seeds x {len(methods)} methods, 15 BO calls): "
          f"{time.perf_counter() - t:.1f} s with n_jobs={n_jobs} (target: < 120 s)")
