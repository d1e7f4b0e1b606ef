"""TRAQ/TRAC speed: one evaluation of an alpha split, vectorized against the per-question Python loop, the whole
TRAQ grid (5 levels x 5 seeds x every method, 15 Bayesian-optimization calls each), and the two searches of TRAQ's
error split (Bayesian optimization, the paper's, against the 91-point grid) on the committed collections. Prints
ratios in one run.

    python bench/bench_traq.py [COLLECTION]   # everything (the grid on COLLECTION, default a synthetic one)
    python bench/bench_traq.py --search       # only the comparison of the two searches"""
import sys, time, warnings
import numpy as np
from conformal_rag.collection import synthetic_collection, load_collection
from conformal_rag.traq import calibrate, evaluate, traq_recluster
from conformal_rag.traq_methods import SET_METHODS
from conformal_rag.population import apply_population
from conformal_rag.traq_grid import run_grid
from conformal_rag.traq_report import evaluate_reference
from conformal_rag.traq_report import search_comparison
from conformal_rag.paths import data_dir
import conformal_rag.trac  # noqa: F401  registers HMP, CCPS-B, CCPS-H


def timeit(f, reps):
    f()
    t = time.perf_counter()
    for _ in range(reps): f()
    return (time.perf_counter() - t) / reps


def compare_searches(names=('wiki_gemma_600', 'wiki_smollm2_600'), levels=(0.5, 0.6, 0.7, 0.8, 0.9), seeds=range(12),
                     fine=901):
    """Per committed collection (TRAQ's population, the paper's 30/30/40 split): 60 seeded searches of the retriever's
    share w (12 optimization splits x 5 levels, `traq_report.search_comparison`); BO with 15 calls (5 initial, the package's
    default fast GP) against the 91-point grid, each timed (memo bypassed), and how often each reaches the optimum of a
    `fine`-point grid over the same range."""
    for name in names:
        if not data_dir('collected', f'{name}.npz').exists(): print(f"search comparison: {name} not committed, skipped"); continue
        sc = search_comparison(apply_population(load_collection(name), 'traq'), levels, seeds, fine=fine)
        m = sc.groupby('search')[['reaches', 'seconds']].mean()
        print(f"split search on {name} ('traq' population, {sc.n_opt.iloc[0]} optimization questions, "
              f"{len(sc) // 2} searches): BO (15 calls) {m.seconds['bo']:.3f} s per search, reaches the {fine}-point "
              f"optimum in {m.reaches['bo']:.0%}; grid (91 points) {m.seconds['grid']:.3f} s, {m.reaches['grid']:.0%}; "
              f"time BO / grid {m.seconds['bo'] / m.seconds['grid']:.2f}x, share reaching grid / BO "
              f"{m.reaches['grid'] / max(m.reaches['bo'], 1e-9):.2f}x")


if '--search' in sys.argv:
    compare_searches()
    sys.exit(0)

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

compare_searches()
