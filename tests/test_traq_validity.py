"""End-to-end guarantees of TRAQ and TRAC sets, seeded, against binomial tolerances.

Independent synthetic collections give truly independent splits; the committed embedded collections (when present
under data/) are checked over random splits of their fixed pool of questions."""
import warnings
import numpy as np
import pytest
from scipy import stats
from conformal_rag.traq import synthetic_collection, split_indices, METHODS, run_grid
import conformal_rag.trac  # registers HMP, CCPS-B, CCPS-H

N_SPLITS = 20
LEVELS = (0.5, 0.6, 0.7, 0.8, 0.9)
GUARANTEED = ('Bonf', 'TRAQ', 'Bonf-P', 'TRAQ-P', 'CCPS-B')  # union-bound guarantees
OPTS = dict(n_calls=6, n_initial_points=5)  # few calls: the guarantee cannot depend on how well the split is tuned


def tolerance(level, n_cal, n_test, n_splits=N_SPLITS, z=3.0):
    "z standard errors of a mean of n_splits coverages, each with calibration and test sampling noise."
    return z * np.sqrt(level * (1 - level) * (1 / n_cal + 1 / n_test) / n_splits)


@pytest.fixture(scope='module')
def synthetic_grid():
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for s in range(N_SPLITS):  # a fresh collection per split: independent splits
            c = synthetic_collection(400, 10, 20, seed=1000 + s)
            g = run_grid(c, methods=GUARANTEED + ('HMP', 'CCPS-H'), levels=LEVELS, seeds=[s], progress=False, **OPTS)
            rows.append(g)
    import pandas as pd
    return pd.concat(rows, ignore_index=True)


@pytest.mark.parametrize('method', GUARANTEED)
def test_mean_end_to_end_coverage_at_least_level(synthetic_grid, method):
    g = synthetic_grid[synthetic_grid.method == method]
    for level, sub in g.groupby('level'):
        tol = tolerance(level, sub.n_cal.iloc[0], sub.n_test.iloc[0])
        assert sub.e2e_coverage.mean() >= level - tol, f"{method} at {level}: {sub.e2e_coverage.mean():.3f}"
        if method in ('Bonf', 'Bonf-P', 'TRAQ', 'TRAQ-P'):
            # each component at its own level
            assert sub.ret_coverage.mean() >= 1 - sub.alpha_ret.mean() - tol
            assert sub.llm_coverage.mean() >= 1 - sub.alpha_llm.mean() - tol


@pytest.mark.parametrize('method', ['Bonf-P', 'TRAQ-P'])
def test_pac_variants_cover_on_most_splits(synthetic_grid, method):
    delta = 0.1
    g = synthetic_grid[synthetic_grid.method == method]
    for level, sub in g.groupby('level'):
        # a split "reaches" 1 - alpha when its test coverage is not significantly below it
        se = np.sqrt(level * (1 - level) / sub.n_test.iloc[0])
        good = (sub.e2e_coverage >= level - 2 * se).sum()
        assert good >= stats.binom.ppf(0.001, len(sub), 1 - delta), f"{method} at {level}: {good}/{len(sub)} splits"


def test_hmp_sets_cover(synthetic_grid):
    for m in ('HMP', 'CCPS-H'):
        g = synthetic_grid[synthetic_grid.method == m]
        for level, sub in g.groupby('level'):
            assert sub.e2e_coverage.mean() >= level - tolerance(level, sub.n_cal.iloc[0], sub.n_test.iloc[0])


def test_uncorrected_union_undercovers():
    # the check has power: calibrating each component at the full alpha (no Bonferroni split) falls below 1 - alpha
    from conformal_rag.traq import calibrate, evaluate
    covs = []
    for s in range(N_SPLITS):
        c = synthetic_collection(400, 10, 20, seed=2000 + s)
        cal, _, test = split_indices(c, seed=s)
        covs.append(evaluate(c.subset(test), calibrate(c.subset(cal), 0.3, 0.3))['e2e_coverage_top'])
    assert np.mean(covs) < 0.7 - tolerance(0.7, 120, 160)


# --- the committed real collections (data/collected/*.npz): random splits of a fixed pool of questions -------------
from conformal_rag.paths import data_dir
from conformal_rag.traq import load_collection

COMMITTED = sorted(p.stem for p in data_dir('collected').glob('*.npz') if not p.stem.endswith('_extra')) \
    if data_dir('collected').exists() else []


@pytest.mark.parametrize('name', COMMITTED)
def test_committed_collection_coverage(name):
    c = load_collection(name)
    c = c.subset((c.is_gold & c.in_topk).any(axis=1))  # TRAQ's filter: the retriever is correct within the top K
    Q = len(c)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        g = run_grid(c, GUARANTEED, LEVELS, range(N_SPLITS), progress=False, **OPTS)
    for (m, level), sub in g.groupby(['method', 'level']):
        n_cal, n_test = sub.n_cal.iloc[0], sub.n_test.iloc[0]
        # split noise averages over splits; the pool's own noise (Q questions drawn once) does not
        tol = 3 * np.sqrt(level * (1 - level) * ((1 / n_cal + 1 / n_test) / N_SPLITS + 1 / Q))
        assert sub.e2e_coverage.mean() >= level - tol, f"{name} {m} at {level}: {sub.e2e_coverage.mean():.3f}"
        if m in ('Bonf', 'TRAQ', 'Bonf-P', 'TRAQ-P'):
            assert sub.ret_coverage.mean() >= 1 - sub.alpha_ret.mean() - tol
            assert sub.llm_coverage.mean() >= 1 - sub.alpha_llm.mean() - tol
