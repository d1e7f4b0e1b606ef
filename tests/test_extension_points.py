"""The three documented extension points (CONTRIBUTING.md, 'Extending the package'), each with a working example
whose guarantee is checked over seeded splits against exact bands:

- a new set method through `traq_methods.register_method`, run by the same grid as the paper's methods;
- a retriever score of one's own through `traq.with_ret_score` (here minus the rank);
- a new clustering rule through `collect.recluster` (a function of the answers)."""
import warnings
import numpy as np
import pandas as pd
import pytest
from conformal_rag.collection import load_collection, synthetic_collection
from conformal_rag.collect import recluster
from conformal_rag.stats import coverage_band
from conformal_rag.traq import calibrate, evaluate, with_ret_score
from conformal_rag.traq_methods import SET_METHODS, MethodResult, register_method
from conformal_rag.traq_grid import individual_coverage, run_grid

N_SPLITS = 200

@register_method('Bonf-30/70')
def bonf_30_70(c, cal, opt, test, alpha, delta, **kw):
    "Bonferroni with a fixed uneven split: 30% of the error to the retriever, 70% to the LLM."
    th = calibrate(c.subset(cal), 0.3 * alpha, 0.7 * alpha)
    return dict(evaluate(c.subset(test), th), alpha_ret=th.alpha_ret, alpha_llm=th.alpha_llm)

def test_a_registered_methods_dict_is_parsed_once_naming_a_bad_key():
    "A method's dict enters as a `MethodResult` (the grid's row); a misspelt or missing key is named."
    c = synthetic_collection(60, 4, 5, seed=1)
    cal, opt, test = np.arange(30), np.arange(0), np.arange(30, 60)
    r = SET_METHODS['Bonf-30/70'](c, cal, opt, test, 0.2, None)
    assert isinstance(r, MethodResult) and r.alpha_ret == pytest.approx(0.3 * 0.2)
    register_method('Bonf-typo')(lambda c, cal, opt, test, alpha, delta, **kw:
                                 {**bonf_30_70(c, cal, opt, test, alpha, delta), 'alpah_llm': 0.1})
    try:
        with pytest.raises(ValueError, match=r"method 'Bonf-typo' must give .*unknown \['alpah_llm'\]"):
            run_grid(c, ['Bonf-typo'], [0.8], seeds=[0], progress=False)
    finally: SET_METHODS.pop('Bonf-typo')

def minus_rank(c):
    "Minus each passage's rank within its question (the top passage scores 0)."
    return -np.argsort(np.argsort(-c.ret_score, axis=1, kind='stable'), axis=1).astype(float)

def test_a_registered_method_runs_in_the_grid_and_covers():
    assert 'Bonf-30/70' in SET_METHODS
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        g = pd.concat([run_grid(synthetic_collection(300, 8, 10, seed=7000 + s), ['Bonf-30/70'], [0.8], seeds=[s],
                                progress=False, population='traq') for s in range(60)], ignore_index=True)
    assert set(g.method) == {'Bonf-30/70'} and np.allclose(g.alpha_ret, 0.3 * 0.2)
    # a union bound: the end-to-end coverage is at least the level (each component at its own level, exact bands)
    lo = coverage_band(g.n_cal.to_numpy(), g.n_test.to_numpy(), 1 - g.alpha_llm.to_numpy(), mass=0.999)[0]
    assert g.llm_coverage.mean() >= lo
    assert g.e2e_coverage.mean() >= 0.8 - 3 * np.sqrt(0.8 * 0.2 / g.n_test.sum())

@pytest.fixture(scope='module')
def ranked_coverage():
    rows = []
    for s in range(N_SPLITS):   # a fresh collection per split: independent splits
        c = with_ret_score(synthetic_collection(120, 6, 10, seed=9000 + s), minus_rank, 'minus rank')
        rows.append(individual_coverage(c, levels=(0.8,), seeds=[s], population='retrieved'))
    r = pd.concat(rows, ignore_index=True)
    return r[r.component == 'retriever']

def test_own_retriever_score_keeps_the_guarantee(ranked_coverage):
    "Ranks tie across questions, so the sets are conservative: the pooled coverage is not below the exact band."
    r = ranked_coverage
    lo, hi = coverage_band(r.n_cal.to_numpy(), r.n_test.to_numpy(), 0.8, mass=0.999)
    assert r.coverage.mean() >= lo, (r.coverage.mean(), lo)

def test_the_score_check_can_fail(ranked_coverage):
    "The same sets judged against a level they were not calibrated for (0.95) fall below its band: the check has power."
    r = ranked_coverage
    lo = coverage_band(r.n_cal.to_numpy(), r.n_test.to_numpy(), 0.95, mass=0.999)[0]
    assert r.coverage.mean() < lo

def test_a_new_clustering_rule():
    "A function of the answers becomes the clustering: clusters and semantic confidence recomputed from it."
    c = load_collection('wiki_gemma_zero_shot_300').subset(np.arange(20))   # a committed collection: its answers
    first_word = lambda answers: pd.factorize(pd.Series([a.split()[0].lower() if a.split() else '' for a in answers]))[0]
    r = recluster(c, first_word, progress=False)
    ok = c.cluster >= 0
    assert (r.cluster[ok] >= 0).all() and (r.cluster[~ok] == -1).all()
    i, k = np.argwhere(ok.any(axis=2))[0]
    ids = r.cluster[i, k][ok[i, k]]
    np.testing.assert_allclose(r.freq[i, k][ok[i, k]], [np.mean(ids == x) for x in ids])
    assert r.meta['reclustered_from'] == c.meta.get('cluster', 'rouge')
