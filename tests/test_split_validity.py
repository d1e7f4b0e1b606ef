"""Splits that keep split conformal's guarantee, seeded, against exact bands.

A fixed pool of 40 questions, 16 of them alone in their stratum (a template asked once) and 24 in three strata of 8,
like a small collection with many rare templates. The rare questions are the hard ones (their scores are drawn from a
shifted law), so a split rule that keeps them out of calibration under-covers. Over 2,000 splits of the pool:

- the default, the papers' random split (`stratified_split(n)`, `traq.split_indices` without `stratify`), makes
  calibration and test exchangeable: its mean coverage lies in the exact band of `stats.coverage_band`;
- the stratified split (`stratified_split(strata)`, opt-in) puts every question, a lone one too, in each part with
  probability `fractions`: each lone question's part frequencies lie in their exact binomial band, and the mean
  coverage in the same exact band;
- the former stratified rule (each stratum cut at its own rounded cumulative fractions: a lone question always in the
  same part) fails both checks (`test_the_checks_reject_the_old_rule`), so they can fail.
"""
import numpy as np
import pandas as pd
import pytest
from scipy import stats
from conformal_rag.collection import synthetic_collection
from conformal_rag.conformal import conformal_threshold
from conformal_rag.stats import coverage_band, stratified_split
from conformal_rag.traq import split_indices

N_SPLITS = 2000     # splits of the pool per check
ALPHA = 0.1         # split conformal at level 0.9
MASS = 0.999        # probability mass of every exact band
FRACTIONS = (0.5, 0.5)                      # calibration, test
TRAQ_FRACTIONS = (0.3, 0.3, 0.4)            # calibration, optimization, test
N_ALONE, BIG = 16, (8, 8, 8)


def _pool():
    "Strata (16 alone, three of 8, in a shuffled order) and one fixed draw of scores: the lone questions harder."
    labels = [f'alone{i}' for i in range(N_ALONE)] + [f'big{k}' for k, m in enumerate(BIG) for _ in range(m)]
    strata = np.random.default_rng(1).permutation(np.array(labels, dtype=object))
    alone = np.array([s.startswith('alone') for s in strata])
    rng = np.random.default_rng(0)
    scores = np.where(alone, rng.normal(1, 1, len(strata)), rng.normal(0, 1, len(strata)))
    return strata, alone, scores

STRATA, ALONE, SCORES = _pool()


def _old_stratified_split(strata, fractions, seed):
    "The former stratified rule, verbatim: each stratum permuted and cut at round(cumsum(fractions) * its size)."
    fr = np.asarray(fractions, dtype=float)
    codes = pd.factorize(np.asarray(strata, dtype=object))[0]
    rng = np.random.default_rng(seed)
    parts = [[] for _ in fr]
    for s in np.unique(codes):
        idx = rng.permutation(np.flatnonzero(codes == s))
        cuts = np.round(np.cumsum(fr)[:-1] * len(idx)).astype(int)
        for i, chunk in enumerate(np.split(idx, cuts)): parts[i].append(chunk)
    return tuple(np.sort(np.concatenate(p)) for p in parts)


RULES = {
    'random': lambda fr, s: stratified_split(len(STRATA), fr, s),
    'stratified': lambda fr, s: stratified_split(STRATA, fr, s),
    'old': lambda fr, s: _old_stratified_split(STRATA, fr, s),
}
_SPLITS = {}
def splits(rule, fractions):
    "The N_SPLITS splits of `rule` (seeds 0 .. N_SPLITS - 1), drawn once per module."
    key = (rule, fractions)
    if key not in _SPLITS: _SPLITS[key] = [RULES[rule](fractions, s) for s in range(N_SPLITS)]
    return _SPLITS[key]


def coverage_check(rule) -> tuple:
    "(pooled coverage over the splits, its exact band): calibrate on part 0, cover part 1."
    covered, n_cal, n_test = [], [], []
    for cal, test in splits(rule, FRACTIONS):
        tau = conformal_threshold(SCORES[cal], ALPHA)
        covered.append(int((SCORES[test] <= tau).sum())); n_cal.append(len(cal)); n_test.append(len(test))
    cov = sum(covered) / sum(n_test)
    return cov, coverage_band(np.array(n_cal), np.array(n_test), 1 - ALPHA, mass=MASS)


def part_frequency_misses(rule, fractions) -> list:
    "The (question, part, count) of lone questions whose count in a part is outside its exact binomial band."
    sp = splits(rule, fractions)
    where = np.zeros((len(STRATA), len(fractions)), int)
    for parts in sp:
        for j, p in enumerate(parts): where[p, j] += 1
    m = ALONE.sum() * len(fractions)   # Bonferroni over the checks
    out = []
    for j, f in enumerate(fractions):
        lo, hi = stats.binom.interval(1 - (1 - MASS) / m, len(sp), f)
        out += [(i, j, int(where[i, j])) for i in np.flatnonzero(ALONE) if not lo <= where[i, j] <= hi]
    return out


@pytest.mark.parametrize('rule', ['random', 'stratified'])
def test_mean_coverage_in_exact_band(rule):
    cov, (lo, hi) = coverage_check(rule)
    assert lo <= cov <= hi, (rule, cov, lo, hi)


@pytest.mark.parametrize('rule', ['random', 'stratified'])
@pytest.mark.parametrize('fractions', [FRACTIONS, TRAQ_FRACTIONS])
def test_a_lone_question_lands_in_each_part_as_often_as_fractions(rule, fractions):
    assert part_frequency_misses(rule, fractions) == []


@pytest.mark.parametrize('fractions', [FRACTIONS, TRAQ_FRACTIONS])
def test_stratified_parts_hold_each_large_stratum_in_proportion(fractions):
    for parts in splits('stratified', fractions)[:200]:
        assert [len(p) for p in parts] == [round(40 * f) for f in fractions]   # 40 * fractions: whole numbers
        for k, m in enumerate(BIG):
            got = [int((STRATA[p] == f'big{k}').sum()) for p in parts]
            assert all(abs(g - m * f) < 1 for g, f in zip(got, fractions)), (got, fractions)


def test_the_default_split_is_random():
    c = synthetic_collection(40, 2, 3, seed=0)
    c.template = STRATA.astype(str)
    for s in range(20):
        for a, b in zip(split_indices(c, TRAQ_FRACTIONS, s), stratified_split(40, TRAQ_FRACTIONS, s)):
            np.testing.assert_array_equal(a, b)


def test_the_checks_reject_the_old_rule():
    # a lone question always went to the same part, and the hard lone questions were never calibrated on
    assert len(part_frequency_misses('old', FRACTIONS)) == N_ALONE * len(FRACTIONS)
    assert len(part_frequency_misses('old', TRAQ_FRACTIONS)) == N_ALONE * len(TRAQ_FRACTIONS)
    cov, (lo, hi) = coverage_check('old')
    assert cov < lo, (cov, lo, hi)
