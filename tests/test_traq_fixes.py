"""Issue 13: one test per numbered fix of the TRAQ/TRAC coverage figures and metrics, each failing on the old behaviour.

1. LLM coverage is the event "a correct sample from the gold passage is in its LLM set": never for a question without
   a correct sample (the old event `llm_nonconformity <= tau_llm` counted its placeholder score as covered).
2. Size reductions are reported only at levels where both methods reach their target.
3. One population per run, applied to the whole collection before splitting; no `drop_unanswerable` path.
4. TRAC's Req is the number of LLM requests of each method (passages passing its retrieval test), not a constant.
5. TRAC Figure 2 counts unique answers by exact match.
7. Coverage figures use >= 100 splits with the exact band of the mean; whole-set thresholds are flagged.
8. TRAQ Figure 4's coverage is the joint event, not the product of the two marginal coverages.
"""
import json
import warnings
import numpy as np
import pandas as pd
import pytest
from conformal_rag.paths import repo_root
from conformal_rag.collection import synthetic_collection, load_collection
from conformal_rag.stats import coverage_band, coverage_summary
from conformal_rag.traq import (split_indices, calibrate, evaluate, llm_nonconformity, retrieval_set,
                                Thresholds)
from conformal_rag.population import apply_population, answerable, gold_retrieved, ceilings
from conformal_rag.traq_grid import run_grid, individual_coverage
from conformal_rag.traq_report import size_reduction, size_reduction_by_level
from conformal_rag.trac import global_test_sets, set_size_distribution, component_pvalues
from conformal_rag.conformal import hmp_threshold


def _notebook_parameters(path):
    "The parameters cell of a paper notebook, executed: {name: value}."
    nb = json.loads((repo_root() / path).read_text())
    cell = next(c for c in nb['cells'] if 'parameters' in c.get('metadata', {}).get('tags', []))
    ns = {}
    exec(''.join(cell['source']), ns)
    return ns


# --- 1. the LLM coverage event ---------------------------------------------------------------------------------------

def test_llm_coverage_never_exceeds_the_answerable_share():
    # 40% of the questions have no correct sample: at level 0.9 the LLM threshold reaches their placeholder
    c = synthetic_collection(600, 10, 20, seed=3, p_answerable=0.6)
    old_exceeds = 0
    for s in range(20):
        cal, _, test = split_indices(c, (0.5, 0.0, 0.5), s)
        t = c.subset(test)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            th = calibrate(c.subset(cal), 0.1, 0.1)
        share = answerable(t).mean()
        assert evaluate(t, th).llm_coverage <= share + 1e-12
        old_exceeds += np.mean(llm_nonconformity(t) <= th.tau_llm) > share   # the old event
    assert old_exceeds == 20   # the check has power: the old event exceeds the answerable share on every split


def test_smollm2_llm_coverage_at_0_9_is_the_real_one():
    # issue 13: on the 100-question SmolLM2 collection the old event reported 0.988 at level 0.9, the real coverage
    # was 0.826. On the headline SmolLM2 collection (the TRAQ notebook's), gold passage retrieved, 400 random splits:
    # the LLM's coverage never exceeds the share of test questions with a correct sample from the gold passage
    name = _notebook_parameters('nbs/paper/05_traq.ipynb')['collections']['SmolLM2-135M']
    c = apply_population(load_collection(name), 'retrieved')
    ic = individual_coverage(c, [0.9], range(400))
    llm = ic[ic.component == 'LLM']
    assert (llm.coverage <= llm.ceiling + 1e-12).all()
    assert llm.coverage.mean() <= llm.ceiling.mean() < 0.9   # SmolLM2 cannot answer > 10% of these from the gold passage


def test_global_test_pair_coverage_never_covers_uncoverable_questions():
    c = synthetic_collection(400, 10, 20, seed=8, p_answerable=0.6)
    cal, test = c.subset(np.arange(200)), c.subset(np.arange(200, 400))
    r = global_test_sets(cal, test, 0.02)
    assert r.pair_coverage <= ceilings(test)['e2e_top'] + 1e-12
    # the old event (the truth's p-values alone pass the test) counts placeholders as covered
    _, _, pt_ret, pt_llm = component_pvalues(cal, test)
    old = (1 / (0.5 / pt_ret + 0.5 / pt_llm) > hmp_threshold(0.02, 2)).mean()
    assert old > ceilings(test)['e2e_top']


# --- 2. size reductions only where both methods reach their target ---------------------------------------------------

def test_size_reduction_only_where_both_reach():
    c = synthetic_collection(400, 10, 20, seed=5, p_answerable=0.8)
    c.correct = c.correct & c.is_gold[:, :, None]   # correct answers only from the gold passage: e2e ceiling = answerable share
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        g = run_grid(c, ('Bonf', 'TRAQ'), (0.6, 0.9), range(6), progress=False, n_calls=6, population='all')
    t = size_reduction_by_level(g)
    # at 0.9 on all questions the coverable share (about 0.8) caps both methods: no comparison there
    row = t.set_index('level')
    assert not row.both_reach[0.9] and row.both_reach[0.6]
    assert row.coverage[0.9] < row.band_lo[0.9]
    # the reduction over the levels where both reach differs from the old average over every level
    assert size_reduction(g, levels=[0.6]) == pytest.approx(row.reduction[0.6])
    # a method that reaches nothing is never counted
    low = pd.concat([g[g.method == 'Bonf'], g[g.method == 'Bonf'].assign(method='Low', e2e_coverage=0.3)])
    assert not size_reduction_by_level(low, 'Low', 'Bonf').both_reach.any()


# --- 3. one population per run, before the split ---------------------------------------------------------------------

def test_population_is_applied_before_the_split():
    c = synthetic_collection(300, 10, 20, seed=2, p_answerable=0.7)
    g = run_grid(c, ('Bonf',), (0.8,), range(3), progress=False, population='traq')
    pool = apply_population(c, 'traq')
    assert (g.n_pool == len(pool)).all() and (g.population == 'traq').all()
    for s in range(3):   # calibration and test are both drawn from the pool: every question satisfies both assumptions
        cal, _, test = split_indices(pool, seed=s)
        for part in (cal, test):
            sub = pool.subset(part)
            assert gold_retrieved(sub).all() and answerable(sub).all()
        assert g.query('seed == @s').n_cal.iloc[0] == len(cal)


def test_no_path_calibrates_on_one_population_and_tests_on_another():
    c = synthetic_collection(100, 5, 10, seed=1)
    with pytest.raises(ValueError, match='population'):
        calibrate(c, 0.1, 0.1, drop_unanswerable=True)
    with pytest.raises(ValueError, match='population'):
        run_grid(c, ('Bonf',), (0.8,), range(1), progress=False, drop_unanswerable=True)
    with pytest.raises(ValueError, match='already restricted'):
        apply_population(apply_population(c, 'traq'), 'retrieved')


@pytest.mark.parametrize('nb', ['nbs/paper/05_traq.ipynb', 'nbs/paper/06_trac.ipynb'])
def test_figures_headline_the_traq_population_with_all_questions_beside(nb):
    p = _notebook_parameters(nb)
    assert p['populations'][0] == 'traq' and 'all' in p['populations']


# --- 4. TRAC's Req ---------------------------------------------------------------------------------------------------

def test_req_differs_between_methods_with_different_retrieval_thresholds():
    c = synthetic_collection(300, 10, 20, seed=4)
    cal, test = c.subset(np.arange(150)), c.subset(np.arange(150, 300))
    wide, narrow = evaluate(test, calibrate(cal, 0.02, 0.08)), evaluate(test, calibrate(cal, 0.08, 0.02))
    assert wide.requests > narrow.requests          # a looser retrieval threshold asks about more passages
    assert wide.requests == pytest.approx(wide.ret_size)
    hmp, bonf = global_test_sets(cal, test, 0.1, test_kind='hmp'), global_test_sets(cal, test, 0.1, test_kind='bonferroni')
    assert hmp.requests != bonf.requests
    assert hmp.requests != test.requests.mean()       # not the collection's constant


# --- 5. TRAC Figure 2 by exact match ---------------------------------------------------------------------------------

def test_trac_figure2_counts_exact_match():
    nb = json.loads((repo_root() / 'nbs/paper/06_trac.ipynb').read_text())
    src = '\n'.join(''.join(c['source']) for c in nb['cells'])
    assert "x='exact'" in src and "x='rouge'" not in src
    d = set_size_distribution(synthetic_collection(200, 5, 10, seed=2), 0.2, ('Bonf',))
    assert (d.exact >= d.rouge).all() and (d.exact > d.rouge).any()   # surface variants: the counts differ


# --- 7. splits, bands, whole-set flags -------------------------------------------------------------------------------

@pytest.mark.parametrize('nb,key', [('nbs/paper/05_traq.ipynb', 'splits'), ('nbs/paper/06_trac.ipynb', 'splits')])
def test_coverage_figures_use_at_least_100_splits(nb, key):
    assert _notebook_parameters(nb)[key] >= 100


def test_coverage_band_is_exact_for_the_mean_of_many_splits():
    # 2000 repetitions of 100 splits of uniform scores: the mean coverage leaves the 95% band about 5% of the time
    rng = np.random.default_rng(1)
    n_cal, n_test, S, level = 15, 20, 100, 0.8
    lo, hi = coverage_band(n_cal, n_test, level, n_splits=S)
    k = int(np.ceil((n_cal + 1) * level))
    out = 0
    for _ in range(20):
        cal, test = rng.random((100, S, n_cal)), rng.random((100, S, n_test))
        tau = np.sort(cal, axis=2)[:, :, k - 1]
        m = (test <= tau[:, :, None]).mean(axis=(1, 2))
        out += int(((m < lo) | (m > hi)).sum())
    assert 0.03 < out / 2000 < 0.075
    # a band of a single split is much wider than the band of the mean
    lo1, hi1 = coverage_band(n_cal, n_test, level, n_splits=1)
    assert hi1 - lo1 > 5 * (hi - lo)


def test_whole_set_thresholds_are_flagged():
    c = synthetic_collection(300, 10, 20, seed=6, p_answerable=0.7)
    cal = c.subset(np.arange(20))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        assert calibrate(cal, 0.02, 0.02).whole_ret            # n_cal = 20 too few for 0.98: +inf
        pac = calibrate(cal, 0.05, 0.05, delta=0.1)              # (1 - 0.05)^20 > delta / 2: +inf
        assert pac.whole_ret and pac.whole_llm
    big = c.subset(np.arange(300))
    th = calibrate(big, 0.05, 0.05)
    assert th.whole_llm and not np.isinf(th.tau_llm)          # reached the placeholder of an unanswerable question
    g = run_grid(c, ('Bonf',), (0.9,), range(2), progress=False)
    assert g.whole_llm.all()


# --- 8. the joint most-relevant-passage event ------------------------------------------------------------------------

def test_e2e_coverage_top_is_the_joint_event():
    c = synthetic_collection(600, 10, 20, seed=9, p_answerable=0.6)
    cal, test = c.subset(np.arange(300)), c.subset(np.arange(300, 600))
    th = calibrate(cal, 0.15, 0.15)
    rc = (retrieval_set(test, th.tau_ret) & test.is_gold).any(axis=1)
    lc = answerable(test) & (llm_nonconformity(test) <= th.tau_llm)
    # questions covered by exactly one component: the joint coverage is 0, the product of marginals is not
    only_one = test.subset(rc ^ lc)
    r = evaluate(only_one, th)
    assert r.e2e_coverage_top == 0.0
    assert r.ret_coverage * r.llm_coverage > 0.1
    assert evaluate(test, th).e2e_coverage_top == pytest.approx((rc & lc).mean())


# Issue 17: say each thing once. TRAQ's alpha split lives in `conformal.bonferroni_alphas`; the paper notebooks'
# caption fragments and tables live in the package, and the notebooks call them.

def test_split_and_calibrate_splits_alpha_through_bonferroni_alphas(monkeypatch):
    "Old: `_bonf_like` computed `w * alpha, (1 - w) * alpha` itself (no call to `bonferroni_alphas`, no such name)."
    import conformal_rag.traq_methods as traq_methods
    calls = []
    real = traq_methods.bonferroni_alphas
    monkeypatch.setattr(traq_methods, 'bonferroni_alphas', lambda a, w: calls.append((a, tuple(map(float, w)))) or real(a, w))
    c = synthetic_collection(120, 5, 6, seed=1)
    cal, opt, test = split_indices(c, (0.3, 0.3, 0.4), 0)
    r = traq_methods.split_and_calibrate(c, cal, opt, test, 0.2, 0.1, pac=True, optimize=False)
    assert calls == [(0.2, (0.5, 0.5))] and (r.alpha_ret, r.alpha_llm) == (0.1, 0.1)
    assert not hasattr(traq_methods, '_bonf_like')
    for m in ('Bonf', 'TRAQ', 'Bonf-P', 'TRAQ-P'):   # every union-bound method goes through it
        calls.clear()
        traq_methods.SET_METHODS[m](c, cal, opt, test, 0.2, 0.1, n_calls=4, n_initial_points=2)
        assert calls and calls[-1][0] == 0.2, m


def test_paper_notebooks_define_no_caption_helpers():
    "Old: 05_traq, 06_trac and 06b_traq_release each defined their own sizes_note / whole_note / mean_std_table / panels."
    for nb in ('nbs/paper/05_traq.ipynb', 'nbs/paper/06_trac.ipynb', 'nbs/paper/06b_traq_release.ipynb'):
        src = ''.join(''.join(c['source']) for c in json.loads((repo_root() / nb).read_text())['cells'])
        for name in ('def sizes_note', 'def whole_note', 'def mean_std_table', 'def plan(', 'def whole_txt',
                     'def pop_note(pop):\n    "Caption'):
            assert name not in src, (nb, name)
        assert 'coverage_panels(' in src and ('sizes_note(' in src or 'figure_details(' in src), nb   # the package's panels and details


def test_sizes_note_names_each_groups_own_n_opt():
    "Old (06_trac): every group's caption gave the median n_opt of the whole grid (25), not the group's own."
    from conformal_rag.traq_report import sizes_note
    df = pd.DataFrame(dict(population=['traq', 'all'], model='m', n_cal=[21, 30], n_opt=[20, 30], n_test=[27, 40]))
    assert sizes_note(df) == ('traq/m: n_cal 21 for the retriever and 21 for the LLM, n_opt 20, n_test 27; '
                              'all/m: n_cal 30 for the retriever and 30 for the LLM, n_opt 30, n_test 40.')


def test_whole_note_with_one_group_column_names_the_group():
    "Old: with a single `by` column the key string was split into letters ('a/l/l 100%')."
    from conformal_rag.traq_report import whole_note
    df = pd.DataFrame(dict(population=['all', 'traq'], whole_ret=[True, False], whole_llm=[False, False]))
    assert whole_note(df, ('population',)).endswith(': all 100%.')


# Issue 17, house style: the style of every notebook is tests/test_house_style.py's; here, what @patch must keep.

def test_collection_grown_with_patch_pickles_and_keeps_its_api(tmp_path):
    "Collection's methods are added by fastcore's @patch: a pickled copy (joblib workers) keeps them, `load` stays a classmethod."
    import pickle
    from conformal_rag.collection import Collection
    c = synthetic_collection(12, 3, 4, seed=2)
    c2 = pickle.loads(pickle.dumps(c))
    assert c2.shape == c.shape == (12, 4, 4) and len(c2.subset([0, 1])) == 2
    assert isinstance(Collection.__dict__['shape'], property) and Collection.load.__self__ is Collection   # a class method
    c.save(tmp_path / 'c.npz')
    np.testing.assert_array_equal(Collection.load(tmp_path / 'c.npz').cluster, c.cluster)
    import conformal_rag.collection as collection, conformal_rag.traq_grid as traq_grid
    assert 'subset' not in collection.__all__ and 'grid_run' in traq_grid.__all__
