"""Validity of the conformal engine by simulation, against exact binomial bands (seeded, well under 60 s).

Each guarantee is checked twice: the engine passes, and the same check fails once the correction is removed, so the
check has the power to catch a wrong guarantee."""
import re, warnings
import numpy as np
import pytest
from scipy import stats
from conformal_rag.conformal import (binomial_band, conformal_pvalue, conformal_rank, conformal_threshold,
                                     coverage_trials, hmp_test, pac_k, pac_threshold, bonferroni_alphas)

LEVEL = 0.9999  # central band mass per check; seeds are fixed, so results are deterministic
TRIALS = 4000


def marginal_coverage(n, alpha, method='exact', trials=TRIALS, seed=0):
    return coverage_trials(n, alpha, trials, method, seed).mean()


@pytest.mark.parametrize('n', [9, 12, 20, 50, 200])
@pytest.mark.parametrize('alpha', [0.05, 0.1, 0.2, 0.5])
def test_split_conformal_marginal_coverage_in_exact_band(n, alpha):
    k = conformal_rank(n, alpha)
    target = min(k, n + 1) / (n + 1)  # k > n: the set is everything and covers always
    cov = marginal_coverage(n, alpha, seed=1000 * n + int(100 * alpha))
    if k > n:
        assert cov == 1.0
        return
    lo, hi = binomial_band(TRIALS, target, LEVEL)
    assert lo <= cov <= hi, f"n={n} alpha={alpha}: coverage {cov:.4f} outside [{lo:.4f}, {hi:.4f}]"
    assert target >= 1 - alpha


@pytest.mark.parametrize('method', ['traq', 'conflare'])
def test_uncorrected_quantiles_fail_the_same_check(method):
    # n = 12, alpha = 0.1: TRAQ's code takes the 11th smallest (11/13 = 0.846), CONFLARE's interpolates lower still
    n, alpha = 12, 0.1
    cov = marginal_coverage(n, alpha, method=method, seed=7)
    lo, _ = binomial_band(TRIALS, conformal_rank(n, alpha) / (n + 1), LEVEL)
    assert cov < lo and cov < 1 - alpha, f"{method} coverage {cov:.4f} was not detected as too low"


def pac_good_fraction(n, alpha, delta, threshold, draws=3000, seed=0):
    "Fraction of calibration draws whose threshold covers >= 1 - alpha (uniform scores: coverage of tau is tau)."
    rng = np.random.default_rng(seed)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        taus = np.array([threshold(rng.random(n)) for _ in range(draws)])
    return (np.minimum(taus, 1.0) >= 1 - alpha).mean()


@pytest.mark.parametrize('n,alpha,delta', [(100, 0.1, 0.1), (300, 0.05, 0.05), (50, 0.2, 0.1), (22, 0.1, 0.1)])
def test_pac_threshold_is_training_conditional(n, alpha, delta):
    k = pac_k(n, alpha, delta)
    exact = 1 - stats.binom.cdf(k, n, alpha)  # P[coverage >= 1 - alpha] for the (n-k)-th order statistic
    assert exact >= 1 - delta
    good = pac_good_fraction(n, alpha, delta, lambda s: pac_threshold(s, alpha, delta), seed=n)
    lo, hi = binomial_band(3000, exact, LEVEL)
    assert lo <= good <= hi
    assert good >= binomial_band(3000, 1 - delta, LEVEL)[0]


def test_marginal_threshold_is_not_pac():
    # the split-conformal threshold is only marginal: at n = 100 it covers >= 0.9 on ~55% of draws, far below 0.9
    n, alpha, delta = 100, 0.1, 0.1
    good = pac_good_fraction(n, alpha, delta, lambda s: conformal_threshold(s, alpha), seed=3)
    assert good < binomial_band(3000, 1 - delta, LEVEL)[0]


def union_coverage(alpha_ret, alpha_llm, rho, n=200, trials=3000, seed=0):
    "Joint coverage of two component sets (retriever, LLM) whose true scores have correlation rho."
    rng = np.random.default_rng(seed)
    cov = np.array([[1, rho], [rho, 1]])
    cal = rng.multivariate_normal([0, 0], cov, size=(trials, n))
    test = rng.multivariate_normal([0, 0], cov, size=trials)
    t1 = np.array([conformal_threshold(c, alpha_ret) for c in cal[:, :, 0]])
    t2 = np.array([conformal_threshold(c, alpha_llm) for c in cal[:, :, 1]])
    return ((test[:, 0] <= t1) & (test[:, 1] <= t2)).mean()


@pytest.mark.parametrize('rho', [-0.5, 0.0, 0.8])
@pytest.mark.parametrize('weights', [(0.5, 0.5), (0.3, 0.7)])
def test_bonferroni_union_covers(rho, weights):
    alpha = 0.2
    a_ret, a_llm = bonferroni_alphas(alpha, weights)
    cov = union_coverage(a_ret, a_llm, rho, seed=int(10 * rho) + 100)
    assert cov >= binomial_band(3000, 1 - alpha, LEVEL)[0], f"union coverage {cov:.4f} below 1 - alpha"


def test_union_without_bonferroni_fails():
    # each component at the full alpha: independent components cover only ~(1 - alpha)^2
    cov = union_coverage(0.2, 0.2, 0.0, seed=5)
    assert cov < binomial_band(3000, 0.8, LEVEL)[0]


@pytest.mark.parametrize('n', [10, 99])
def test_conformal_pvalues_are_super_uniform(n):
    rng = np.random.default_rng(n)
    p = np.array([conformal_pvalue(rng.random(n), rng.random(1))[0] for _ in range(TRIALS)])
    for a in (0.05, 0.1, 0.25, 0.5):
        exact = np.floor(a * (n + 1)) / (n + 1)  # P[p <= a] for continuous scores
        lo, hi = binomial_band(TRIALS, exact, LEVEL)
        assert lo <= (p <= a).mean() <= hi and exact <= a


@pytest.mark.parametrize('L', [2, 10])
def test_hmp_sets_cover_with_independent_components(L):
    # L independent components through conformal p-values: the HMP set covers at >= 1 - alpha
    rng = np.random.default_rng(11 + L)
    n, alpha, trials = 999, 0.1, 2000  # n large enough that p-values reach the tail (min p = 1/(n+1))
    cal, test = rng.random((trials, L, n)), rng.random((trials, L))
    p = np.stack([[conformal_pvalue(cal[t, m], test[t, m])[()] for m in range(L)] for t in range(trials)])
    cov = hmp_test(p, alpha).mean()
    assert cov >= binomial_band(trials, 1 - alpha, LEVEL)[0]
    if L == 10:  # rejecting at alpha itself (no level adjustment) is anti-conservative: ~0.85 coverage
        assert (1 / (1 / L / p).sum(axis=1) > alpha).mean() < binomial_band(trials, 1 - alpha, LEVEL)[0]


# Bad input to the global tests and to set membership raises, naming the bad value (issue 15, item 7).
from conformal_rag.conformal import bonferroni_test, check_weights, in_set


def test_bonferroni_weights_must_match_components():
    # one weight for two components used to run each component at the full alpha (accepting p = 0.06 at alpha = 0.1)
    with pytest.raises(ValueError, match='1 entries but pvalues have L=2'):
        bonferroni_test([[0.06, 0.9]], 0.1, weights=[1.0])
    with pytest.raises(ValueError, match='3 entries but pvalues have L=2'):
        hmp_test([[0.5, 0.5]], 0.1, weights=[0.2, 0.3, 0.5])


@pytest.mark.parametrize('test', [bonferroni_test, hmp_test])
@pytest.mark.parametrize('p, shown', [([[np.nan, 0.5]], 'pvalues[0, 0]=nan'), ([[0.5, 1.5]], 'pvalues[0, 1]=1.5'),
                                      ([[-0.2, 0.5]], 'pvalues[0, 0]=-0.2')])
def test_global_tests_reject_bad_pvalues(test, p, shown):
    with pytest.raises(ValueError, match=re.escape(shown)):
        test(p, 0.1)


def test_in_set_rejects_nan_tau():
    with pytest.raises(ValueError, match='tau must not be NaN'):
        in_set([0.1, 0.2], float('nan'))
    assert in_set([0.1, np.nan], 0.15).tolist() == [True, False]   # a NaN score is never in the set


def test_nan_weight_is_named_as_a_weight():
    with pytest.raises(ValueError) as e:
        check_weights([np.nan, 1.0])
    assert 'weights[0]=nan' in str(e.value) and 'score' not in str(e.value)
