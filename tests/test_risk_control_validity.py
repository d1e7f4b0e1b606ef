"""Validity of conformal_rag.risk_control by simulation, against exact binomial bands (seeded, a few seconds).

Each guarantee is checked twice: the procedure passes, and the same check rejects a variant with its correction
removed (CRC without the n/(n+1), B/(n+1) inflation; LTT on the raw empirical risk, or without multiple testing;
a pooled marginal threshold instead of Mondrian), so every check has the power to catch a wrong guarantee. The last
tests compare the hand-written procedures with MAPIE's risk-control module on the same inputs.

Simulation model (`draw`): confidence c ~ U(0, 1), the answer is wrong with probability 1 - c. Then the rate of kept
wrong answers at threshold lambda is R(lambda) = (1 - lambda)^2 / 2 and the selective risk is
P(wrong | c >= lambda) = (1 - lambda) / 2, both known exactly."""
import math, warnings
import numpy as np
import pytest
from scipy import stats
from conformal_rag.conformal import conformal_threshold
from conformal_rag.risk_control import (crc_threshold, fixed_sequence, kept_wrong_losses, ltt_pvalues, ltt_select,
                                        mondrian_in_set, mondrian_threshold, selective_losses)

LEVEL = 0.9999  # one-sided band mass per check; seeds are fixed, so results are deterministic
GRID = np.linspace(0, 1, 101)
LTT_GRID = np.linspace(0, 0.9, 91)  # the top of an LTT grid must keep some questions (see the notebook)


def draw(rng, n, p_wrong=None):
    c = rng.random(n)
    return c, rng.random(n) < (1 - c if p_wrong is None else p_wrong)


def upper(trials, p):
    "Largest count of successes still consistent with Binomial(trials, p) at one-sided level LEVEL."
    return stats.binom.ppf(LEVEL, trials, p)


def lower(trials, p):
    return stats.binom.ppf(1 - LEVEL, trials, p)


# ---------------------------------------------------------------- conformal risk control
def naive_threshold(L, lambdas, alpha, B=1.0):
    "CRC with its correction removed: the smallest lambda whose raw empirical risk is <= alpha."
    ok = np.flatnonzero(L.mean(axis=0) <= alpha)
    return lambdas[ok[0]] if len(ok) else math.inf


def crc_test_losses(threshold, n, alpha, trials=4000, seed=0):
    "Kept-wrong losses of one fresh test question per calibration draw: a Binomial(trials, E[L_{n+1}]) count."
    rng = np.random.default_rng(seed)
    count = 0
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for _ in range(trials):
            c, w = draw(rng, n)
            lam = threshold(kept_wrong_losses(c, w, GRID), GRID, alpha)
            c1, w1 = draw(rng, 1)
            count += bool(w1[0] and c1[0] >= lam)
    return count


@pytest.mark.parametrize('n,alpha', [(20, 0.1), (50, 0.05), (10, 0.2)])
def test_crc_expected_loss_at_most_alpha(n, alpha):
    count = crc_test_losses(crc_threshold, n, alpha, seed=n)
    assert count <= upper(4000, alpha), f"n={n} alpha={alpha}: {count}/4000 kept wrong answers > alpha"
    # and CRC is not trivially conservative: E[L] >= alpha - 2B/(n+1) (CRC Theorem 2, up to the grid)
    assert count >= lower(4000, max(alpha - 2 / (n + 1) - 0.01, 0.0)), f"n={n} alpha={alpha}: {count}/4000 too low"


@pytest.mark.parametrize('n,alpha', [(20, 0.1), (10, 0.2)])
def test_crc_without_correction_fails_the_same_check(n, alpha):
    count = crc_test_losses(naive_threshold, n, alpha, seed=n)
    assert count > upper(4000, alpha), f"uncorrected CRC ({count}/4000) was not detected at alpha={alpha}"


def test_crc_bound_B_matters():
    # a loss in {0, 2} (B = 2): CRC with B=2 controls it, CRC told B=1 does not
    n, alpha, trials = 14, 0.2, 4000  # alpha (n+1) = 3: B = 1 allows one kept wrong answer in 14, B = 2 none
    rng = np.random.default_rng(5)
    counts = {1.0: 0, 2.0: 0}
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for _ in range(trials):
            c, w = draw(rng, n)
            L = 2 * kept_wrong_losses(c, w, GRID)
            c1, w1 = draw(rng, 1)
            for B in counts:
                lam = crc_threshold(L, GRID, alpha, B=B) if B == 2.0 else naive_b1(L, alpha)
                counts[B] += bool(w1[0] and c1[0] >= lam)  # loss 2 with probability counts/trials
    assert 2 * counts[2.0] <= 2 * upper(trials, alpha / 2), counts  # E[L] = 2 P(kept wrong) <= alpha
    assert counts[1.0] > upper(trials, alpha / 2), counts


def naive_b1(L, alpha):
    "The CRC rule with B = 1 applied to a loss bounded by 2 (crc_threshold itself refuses losses above B)."
    n = L.shape[0]
    ok = np.flatnonzero(n / (n + 1) * L.mean(axis=0) + 1 / (n + 1) <= alpha)
    return GRID[ok[0]] if len(ok) else math.inf


# ---------------------------------------------------------------- Learn then Test
def ltt_violations(select, n, alpha, delta, trials=2000, seed=0, p_wrong=None, risk=None):
    "Number of calibration draws whose chosen lambda has true selective risk > alpha."
    rng = np.random.default_rng(seed)
    risk = risk or (lambda lam: (1 - lam) / 2)
    bad = 0
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for _ in range(trials):
            c, w = draw(rng, n, p_wrong)
            lam = select(selective_losses(c, w, LTT_GRID), alpha, delta)
            bad += lam is not None and risk(lam) > alpha + 1e-12
    return bad


def ltt(pvalue='binomial', order='descending'):
    return lambda L, alpha, delta: ltt_select(L, LTT_GRID, alpha, delta, pvalue=pvalue, order=order).lam


def raw_risk(L, alpha, delta):
    "LTT with its correction removed: the smallest lambda whose raw empirical selective risk is <= alpha."
    r = np.nanmean(L, axis=0)
    ok = np.flatnonzero(r <= alpha)
    return LTT_GRID[ok[0]] if len(ok) else None


def no_multiple_testing(L, alpha, delta):
    "LTT without family-wise error control: every lambda tested at level delta, the smallest rejected one chosen."
    n = (~np.isnan(L)).sum(axis=0)
    p = ltt_pvalues(np.nan_to_num(np.nansum(L, axis=0) / np.maximum(n, 1)), n, alpha)
    ok = np.flatnonzero(p <= delta)
    return LTT_GRID[ok[0]] if len(ok) else None


@pytest.mark.parametrize('n,alpha,delta,pvalue', [(200, 0.2, 0.1, 'binomial'), (200, 0.2, 0.1, 'hoeffding-bentkus'),
                                                   (100, 0.15, 0.2, 'binomial')])
def test_ltt_risk_at_most_alpha_with_probability_1_minus_delta(n, alpha, delta, pvalue):
    bad = ltt_violations(ltt(pvalue), n, alpha, delta, seed=n)
    assert bad <= upper(2000, delta), f"{pvalue}: {bad}/2000 draws with selective risk > {alpha} (delta={delta})"


def test_ltt_learned_order_risk_at_most_alpha_with_probability_1_minus_delta():
    # the order learned on 30 % of the calibration questions, tested on the rest
    bad = ltt_violations(ltt(order='learned'), 200, 0.2, 0.1, seed=7)
    assert bad <= upper(2000, 0.1), f"learned order: {bad}/2000 draws with selective risk > 0.2"


def test_ltt_order_learned_on_the_test_questions_fails():
    # the order learned on the very questions it is tested on (no split): the null-everywhere check rejects it
    def same_data(L, alpha, delta):
        p = ltt_select(L, LTT_GRID, alpha, delta).pvalues
        return ltt_select(L, LTT_GRID, alpha, delta, order=np.lexsort((-LTT_GRID, p))).lam
    kw = dict(n=200, alpha=0.2, delta=0.05, p_wrong=0.205, risk=lambda lam: 0.205, seed=3, trials=1000)
    assert ltt_violations(ltt(order='learned'), **kw) <= upper(1000, 0.05)
    bad = ltt_violations(same_data, **kw)
    assert bad > upper(1000, 0.05), f"an order learned on the test questions ({bad}/1000) was not detected"


def test_ltt_on_raw_empirical_risk_fails_the_same_check():
    bad = ltt_violations(raw_risk, 200, 0.2, 0.1, seed=200)
    assert bad > upper(2000, 0.1), f"raw empirical risk ({bad}/2000 violations) was not detected"


def test_ltt_without_multiple_testing_fails_when_every_lambda_is_null():
    # the confidence says nothing: P(wrong) = 0.205 at every lambda, so every certified lambda violates alpha = 0.2;
    # each of the 91 nulls is rejected with probability <= delta, but some of them often are
    kw = dict(n=200, alpha=0.2, delta=0.05, p_wrong=0.205, risk=lambda lam: 0.205, seed=3, trials=1000)
    bad = ltt_violations(ltt(), **kw)
    assert bad <= upper(1000, 0.05), f"fixed-sequence LTT: {bad}/1000 violations"
    bad_raw = ltt_violations(no_multiple_testing, **kw)
    assert bad_raw > upper(1000, 0.05), f"LTT without multiple testing ({bad_raw}/1000) was not detected"


# ---------------------------------------------------------------- Mondrian
def mondrian_coverage(trials=4000, n_a=180, n_b=19, alpha=0.1, seed=0):
    "Coverage counts of one test question per group per draw; group b (rare) has harder scores than group a."
    rng = np.random.default_rng(seed)
    groups = np.array(['a'] * n_a + ['b'] * n_b)
    cov = {'mondrian': np.zeros(2, int), 'pooled': np.zeros(2, int)}
    for _ in range(trials):
        s = np.concatenate([rng.random(n_a), 0.5 + rng.random(n_b)])
        test = np.array([rng.random(), 0.5 + rng.random()])
        taus = mondrian_threshold(s, groups, alpha)
        cov['mondrian'] += mondrian_in_set(test, ['a', 'b'], taus)
        cov['pooled'] += test <= conformal_threshold(s, alpha)
    return cov


def test_mondrian_covers_every_group_and_pooled_does_not():
    trials, alpha = 4000, 0.1
    cov = mondrian_coverage(trials, alpha=alpha)
    for g, k in zip('ab', cov['mondrian']):
        assert k >= lower(trials, 1 - alpha), f"Mondrian coverage of group {g}: {k}/{trials} < 1 - alpha"
    # the pooled (marginal) threshold is valid on average over a random question ...
    mix = (180 * cov['pooled'][0] + 19 * cov['pooled'][1]) / 199
    assert mix >= lower(trials, 1 - alpha) - 1, f"pooled marginal coverage {mix}/{trials}"
    # ... but the same per-group check rejects it on the rare hard group
    assert cov['pooled'][1] < lower(trials, 1 - alpha), f"pooled coverage of group b: {cov['pooled'][1]}/{trials}"


# ---------------------------------------------------------------- MAPIE
try:  # MAPIE is pinned in requirements/lock.txt; without it only these comparisons are skipped
    import mapie.risk_control.methods as mapie_methods
    from mapie.risk_control import BinaryClassificationController, control_fwer
except ImportError:  # pragma: no cover
    mapie_methods = None
needs_mapie = pytest.mark.skipif(mapie_methods is None, reason='mapie is not installed (requirements/lock.txt pins it)')


@needs_mapie
@pytest.mark.parametrize('seed', range(5))
def test_crc_matches_mapie(seed):
    rng = np.random.default_rng(seed)
    c, w = draw(rng, 60)
    L = kept_wrong_losses(c, w, GRID)
    _, r_hat_plus = mapie_methods.get_r_hat_plus(L, GRID, 'crc', None, None, None)
    for alpha in (0.1, 0.2, 0.3):
        ours = crc_threshold(L, GRID, alpha)
        mapie = mapie_methods.find_best_predict_param(GRID, r_hat_plus, np.array([alpha]))
        assert ours == float(np.ravel(mapie)[0]), (seed, alpha, ours, mapie)


@needs_mapie
def test_ltt_pvalues_match_mapie():
    rng = np.random.default_rng(0)
    n = rng.integers(1, 200, 50)
    k = rng.binomial(n, rng.random(50))
    exact = np.ceil(n * (k / n)) == k  # MAPIE takes ceil(n * r_hat): where floating point gives k + 1e-15, it uses k + 1
    assert exact.sum() >= 40
    for alpha in (0.05, 0.2, 0.5):
        mapie_hb = mapie_methods.compute_hoeffding_bentkus_p_value(k / n, n.astype(float), alpha)[:, 0]
        ours_hb = ltt_pvalues(k / n, n, alpha, 'hoeffding-bentkus')
        np.testing.assert_allclose(np.minimum(mapie_hb, 1)[exact], ours_hb[exact], rtol=1e-9)
        assert (ours_hb <= np.minimum(mapie_hb, 1) + 1e-12).all()
        mapie_bin = mapie_methods.compute_hoeffding_bentkus_p_value(k / n, n.astype(float), alpha, binary=True)[:, 0]
        ours_bin = ltt_pvalues(k / n, n, alpha, 'binomial')
        np.testing.assert_allclose(mapie_bin[exact], ours_bin[exact], rtol=1e-9)
        assert (ours_bin <= mapie_bin + 1e-12).all()


@needs_mapie
def test_fixed_sequence_matches_mapie():
    rng = np.random.default_rng(1)
    for _ in range(50):
        p = np.sort(rng.random(20) * 0.3)
        p[rng.integers(0, 20)] = 0.9
        np.testing.assert_array_equal(fixed_sequence(p, 0.1, range(20)), control_fwer(p, 0.1, 'fixed_sequence'))


@needs_mapie
@pytest.mark.parametrize('seed', range(3))
def test_ltt_selective_risk_matches_mapie_controller(seed):
    # MAPIE's precision controller: keep (predict 1) when proba >= lambda, control 1 - precision = P(wrong | kept).
    # MAPIE computes the binomial p-value at ceil(n * (k/n)), which floating point sometimes rounds up to k + 1
    # (e.g. 42 * (2/42) = 2.0000000000000004): its p-values are then larger (conservative). So: our p-values equal
    # MAPIE's wherever n * (k/n) is exact and are never larger; our fixed-sequence on MAPIE's p-values gives MAPIE's
    # valid set exactly; and MAPIE's valid set is contained in ours.
    rng = np.random.default_rng(seed)
    c, w = draw(rng, 300)
    alpha, delta = 0.2, 0.1
    grid = LTT_GRID[::-1]  # MAPIE's fixed sequence tests params in the given order: from the top down
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        ctrl = BinaryClassificationController(lambda X: np.column_stack([1 - X, X]), 'precision', 1 - alpha,
                                              confidence_level=1 - delta, list_predict_params=grid,
                                              fwer_method='fixed_sequence')
        ctrl.calibrate(c, (~w).astype(int))
        ours = ltt_select(selective_losses(c, w, LTT_GRID), LTT_GRID, alpha, delta)
    p_mapie, p_ours = ctrl.p_values[:, 0], ours.pvalues[::-1]
    k, n = (ours.risk * ours.n)[::-1].round(), ours.n[::-1]
    exact = np.ceil(n * (1 - (n - k) / n)) == k  # MAPIE: r_hat = 1 - precision
    assert exact.sum() > 40
    np.testing.assert_allclose(p_ours[exact], p_mapie[exact], rtol=1e-6)  # MAPIE uses alpha = 1 - 0.8 = 0.19999999999999996
    assert (p_ours <= p_mapie * (1 + 1e-6)).all()
    np.testing.assert_allclose(np.sort(grid[fixed_sequence(p_mapie, ctrl._delta, range(len(grid)))]),
                               np.sort(ctrl.valid_predict_params))
    assert set(np.round(ctrl.valid_predict_params, 9)) <= set(np.round(ours.valid, 9))
