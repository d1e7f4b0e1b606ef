"""Bad inputs give a ValueError that names the argument, never a silent number (issue 32, "Silent results").

Part 1: every case of the issue, one parametrized test each. Part 2: property-based tests (hypothesis) of the
conformal and risk-control functions: random shapes, NaNs and out-of-domain values must give either a valid result
or a ValueError whose message names the bad argument; any other exception fails the test."""
import math, re, warnings
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, HealthCheck, strategies as st
from hypothesis.extra import numpy as hnp

from conformal_rag import conformal as cf, risk_control as rc, conflare, overconfidence as oc, rcrag_metrics as rm
from conformal_rag import retrieval, stats as cstats

nan = float('nan')
_S = np.arange(12.).reshape(3, 4)
_c, _w = np.linspace(0, 1, 40), np.arange(40) % 3 == 0

CASES = {  # id: (call, text the ValueError must contain: the argument's name and, where it helps, the value)
    'binomial_band trials=-5': (lambda: cf.binomial_band(-5, 0.5), 'trials=-5'),
    'binomial_band p=1.5': (lambda: cf.binomial_band(100, 1.5), 'p must be finite in [0, 1]'),
    'binomial_band level=2': (lambda: cf.binomial_band(100, 0.5, level=2), 'level=2'),
    'coverage_trials trials=0': (lambda: cf.coverage_trials(10, 0.1, trials=0), 'trials=0'),
    'coverage_trials n=-1': (lambda: cf.coverage_trials(-1, .1), 'n=-1'),
    'ltt_pvalues n=2.5': (lambda: rc.ltt_pvalues([0.5], 2.5, 0.2), 'n must hold integer counts, got n=2.5'),
    'ltt_pvalues n shape': (lambda: rc.ltt_pvalues([0.5, 0.5], [2, 4, 6], 0.2), 'n of shape (3,)'),
    'ltt_pvalues risk shape': (lambda: rc.ltt_pvalues([[0.5, 0.5]], 2, 0.2), 'risk must be a number or 1-D'),
    'ltt_pvalues risk empty': (lambda: rc.ltt_pvalues([], 2, 0.2), 'risk is empty'),
    'fixed_sequence NaN p-value': (lambda: rc.fixed_sequence([nan, 0.01], 0.1, [0, 1]), 'pvalues[0]=nan'),
    'fixed_sequence order out of range': (lambda: rc.fixed_sequence([0.01], 0.1, [3]), 'order=[3]'),
    'decision_metrics empty': (lambda: rc.decision_metrics([], []), 'keep is empty'),
    'decision_metrics NaN decision': (lambda: rc.decision_metrics([nan, 1], [1, 1]), 'keep[0]=nan'),
    'decision_metrics decision 2': (lambda: rc.decision_metrics([2, 1], [1, 1]), 'keep[0]=2'),
    'decision_metrics wrong 0.5': (lambda: rc.decision_metrics([1, 1], [0.5, 1]), 'wrong[0]=0.5'),
    'risk_control_trials n_splits=-1': (lambda: rc.risk_control_trials(_c, _w, n_splits=-1), 'n_splits=-1'),
    'mondrian_in_set NaN tau': (lambda: rc.mondrian_in_set([0.1, 0.2], ['a', 'a'], {'a': nan}), "taus['a']"),
    'calibrate_cutoff outside [-1, 1]': (lambda: conflare.calibrate_cutoff([5., 7., 9.] * 10, 0.2),
                                         'labels must be finite in [-1, 1]'),
    'conflare_cutoff outside [-1, 1]': (lambda: conflare.conflare_cutoff([5., 7., 9.] * 10, 0.2), 'cal_similarities'),
    'overconfidence_metrics NaN correct': (lambda: oc.overconfidence_metrics([nan, 1], ['certain'] * 2, n_boot=0),
                                           'correct[0]=nan'),
    "overconfidence_metrics 'no' correct": (lambda: oc.overconfidence_metrics(['no', 1], ['certain'] * 2, n_boot=0),
                                            "correct[0]='no'"),
    'overconfidence_metrics 2/5 correct': (lambda: oc.overconfidence_metrics([2, 5], ['certain'] * 2, n_boot=0),
                                           'correct[0]=2'),
    'threshold_labels 1.5': (lambda: oc.threshold_labels([0.5, 1.5], 0.5), 'confidence[1]=1.5'),
    'threshold_labels -1.0': (lambda: oc.threshold_labels([-1.0], 0.5), 'confidence[0]=-1.0'),
    'threshold_labels NaN tau': (lambda: oc.threshold_labels([0.5], nan), 'tau=nan'),
    'token_confidence p > 1': (lambda: oc.token_confidence([0.7, 2.0]), 'logprobs[0]=0.7'),
    'risk_metrics negative cells': (lambda: rm.risk_metrics(dict(AK=-1, AD=2, UK=3, UD=-4, n=0)), "cells['AK']=-1"),
    'risk_metrics n not the total': (lambda: rm.risk_metrics(dict(AK=1, AD=2, UK=3, UD=4, n=0)), "cells['n']=0"),
    'risk_summary empty': (lambda: rm.risk_summary([], []), 'labels is empty'),
    'top_k k=2.5': (lambda: retrieval.top_k(_S, 2.5), 'k=2.5'),
    'bootstrap_ci n_boot=2.5': (lambda: cstats.bootstrap_ci(np.mean, [1., 2.], n_boot=2.5), 'n_boot=2.5'),
    'hmp_test scalar': (lambda: cf.hmp_test(0.5, 0.1), 'pvalues must have shape'),
}

@pytest.mark.parametrize('call,contains', CASES.values(), ids=list(CASES))
def test_bad_input_is_named(call, contains):
    with pytest.raises(ValueError) as e: call()
    assert contains in str(e.value), str(e.value)

def test_nan_is_never_a_rejection():
    "The issue's headline case: a NaN p-value must not let fixed-sequence testing certify a lambda."
    with pytest.raises(ValueError): rc.fixed_sequence([nan, 0.01], 0.1, [0, 1])
    np.testing.assert_array_equal(rc.fixed_sequence([0.5, 0.01], 0.1, [0, 1]), [])  # a real non-rejection stops

# ---- property-based: a valid result or a ValueError naming the argument -------------------------------------------
PROP = settings(max_examples=40, deadline=None, database=None, derandomize=True,  # the same examples on every run
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
odd = st.sampled_from([nan, math.inf, -math.inf, -1.0, 0.0, 1.0, 1.5, 0.5, 1e-300, 5e-324, -0.0, 1 - 1e-16])
number = st.one_of(st.floats(allow_nan=True, allow_infinity=True), odd)
unitish = st.one_of(st.floats(-0.5, 1.5), odd)
def arrays(elements=number, min_dims=0, max_dims=3):
    shapes = hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=0, max_side=5)
    return hnp.arrays(np.float64, shapes, elements=elements)
count = st.one_of(st.integers(-3, 25), st.sampled_from([2.5, nan, True, 0.0]))

def valid_or_named(call, *names):
    "`(True, result)`, or `(False, None)` when `call` raised a ValueError whose message names one of `names` (as a word)."
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            return True, call()
    except ValueError as e:
        named = [n for n in names if re.search(rf'(?<![\w.]){re.escape(n)}(?![\w(])', str(e))]   # the word, not a part
        assert named, f"the ValueError names none of {names}: {e}"
        return False, None

@PROP
@given(scores=arrays(), alpha=number, method=st.sampled_from(['exact', 'traq', 'conflare', 'median']))
def test_conformal_threshold_property(scores, alpha, method):
    ok, tau = valid_or_named(lambda: cf.conformal_threshold(scores, alpha, method), 'scores', 'alpha', 'method')
    if ok:
        assert not math.isnan(tau)
        if method == 'exact': assert math.isinf(tau) or tau in scores

@PROP
@given(scores=arrays(), alpha=number, delta=number)
def test_pac_threshold_property(scores, alpha, delta):
    ok, tau = valid_or_named(lambda: cf.pac_threshold(scores, alpha, delta), 'scores', 'alpha', 'delta')
    if ok: assert math.isinf(tau) or tau in scores

@PROP
@given(cal=arrays(), test=arrays())
def test_conformal_pvalue_property(cal, test):
    ok, p = valid_or_named(lambda: cf.conformal_pvalue(cal, test), 'cal_scores', 'scores')
    if ok: assert p.shape == test.shape and ((p > 0) & (p <= 1)).all()

@PROP
@given(p=arrays(unitish, max_dims=2), alpha=number, weights=st.one_of(st.none(), arrays(unitish, 1, 1)))
def test_global_tests_property(p, alpha, weights):
    ok, acc = valid_or_named(lambda: cf.bonferroni_test(p, alpha, weights), 'pvalues', 'alpha', 'weights')
    if ok: assert acc.dtype == bool and acc.shape == p.shape[:-1]
    ok, h = valid_or_named(lambda: cf.harmonic_mean_pvalue(p, weights), 'pvalues', 'weights')
    if ok: assert ((h >= p.min(axis=-1) - 1e-12) & (h <= p.max(axis=-1) + 1e-12)).all()

@PROP
@given(trials=count, p=number, level=number)
def test_binomial_band_property(trials, p, level):
    ok, band = valid_or_named(lambda: cf.binomial_band(trials, p, level), 'trials', 'p', 'level')
    if ok: assert 0 <= band[0] <= band[1] <= 1

@PROP
@given(n=count, alpha=number, trials=count)
def test_coverage_trials_property(n, alpha, trials):
    ok, cov = valid_or_named(lambda: cf.coverage_trials(n, alpha, trials), 'n', 'alpha', 'trials')
    if ok: assert cov.shape == (trials,) and ((cov >= 0) & (cov <= 1)).all()

@PROP
@given(risk=arrays(unitish, max_dims=2),
       n=st.one_of(count, arrays(st.sampled_from([0.0, 3.0, 10.0, -1.0, 2.5, nan]), 1, 1)),
       alpha=number, pvalue=st.sampled_from(['binomial', 'hoeffding-bentkus', 'exact']))
def test_ltt_pvalues_property(risk, n, alpha, pvalue):
    ok, p = valid_or_named(lambda: rc.ltt_pvalues(risk, n, alpha, pvalue), 'risk', 'n', 'alpha', 'pvalue')
    if ok: assert p.shape == np.atleast_1d(risk).shape and ((p >= 0) & (p <= 1)).all()

@PROP
@given(p=arrays(unitish, max_dims=2), delta=number,
       order=st.one_of(st.lists(st.integers(-1, 5), max_size=6), st.lists(st.floats(0, 3), max_size=3)))
def test_fixed_sequence_property(p, delta, order):
    ok, rej = valid_or_named(lambda: rc.fixed_sequence(p, delta, order), 'pvalues', 'delta', 'order')
    if ok:
        assert rej.tolist() == list(order[:len(rej)])                # a prefix of the testing order ...
        assert all(p[j] <= delta for j in rej)                       # ... of true rejections: never a NaN

@PROP
@given(losses=arrays(st.one_of(st.sampled_from([0.0, 1.0, nan, 2.0, -1.0]), st.floats(0, 1)), 2, 2),
       alpha=number, delta=number, m=st.integers(0, 4))
def test_crc_and_ltt_property(losses, alpha, delta, m):
    lam = np.arange(float(m))
    ok, t = valid_or_named(lambda: rc.crc_threshold(losses, lam, alpha), 'losses', 'lambdas', 'alpha', 'B')
    if ok: assert math.isinf(t) or t in lam
    ok, r = valid_or_named(lambda: rc.ltt_select(losses, lam, alpha, delta), 'losses', 'lambdas', 'alpha', 'delta')
    if ok: assert r.lam is None or r.lam in lam

@PROP
@given(keep=arrays(st.sampled_from([0.0, 1.0, nan, 0.5, 2.0]), 0, 2),
       wrong=arrays(st.sampled_from([0.0, 1.0, nan, -1.0]), 0, 2))
def test_decision_metrics_property(keep, wrong):
    ok, m = valid_or_named(lambda: rc.decision_metrics(keep, wrong), 'keep', 'wrong')
    if ok:
        assert 0 <= m['kept_wrong'] <= m['keep_rate'] <= 1
        assert math.isnan(m['selective_risk']) == (m['keep_rate'] == 0)

@PROP
@given(scores=arrays(number, 1, 2), groups=st.lists(st.sampled_from(['a', 'b']), max_size=5), tau=number, alpha=number)
def test_mondrian_property(scores, groups, tau, alpha):
    ok, s = valid_or_named(lambda: rc.mondrian_in_set(scores, groups, {'a': tau, 'b': 0.0}), 'scores', 'taus', 'groups')
    if ok: assert s.dtype == bool and s.shape == scores.shape
    ok, t = valid_or_named(lambda: rc.mondrian_threshold(scores, groups, alpha), 'scores', 'groups', 'alpha')
    if ok: assert set(t) == set(groups) and not any(math.isnan(v) for v in t.values())

@PROP
@given(scores=arrays(), tau=number, n=count, alpha=number, delta=number)
def test_in_set_and_ranks_property(scores, tau, n, alpha, delta):
    ok, s = valid_or_named(lambda: cf.in_set(scores, tau), 'scores', 'tau')
    if ok: assert s.dtype == bool and s.shape == scores.shape and not s[np.isnan(scores)].any()   # NaN: never in
    ok, k = valid_or_named(lambda: cf.conformal_rank(n, alpha), 'n', 'alpha')
    if ok: assert 0 <= k <= n + 1
    ok, k = valid_or_named(lambda: cf.pac_k(n, alpha, delta), 'n', 'alpha', 'delta')
    if ok: assert -1 <= k <= n

@PROP
@given(covered=arrays(st.sampled_from([0.0, 1.0, nan, 2.0]), 0, 2), level=number)
def test_coverage_by_group_property(covered, level):
    groups = ['a', 'b'] * (covered.size // 2) + ['a'] * (covered.size % 2)
    ok, t = valid_or_named(lambda: rc.coverage_by_group(covered, groups, level), 'covered', 'groups', 'level')
    if ok: assert ((t.lo <= t.coverage) & (t.coverage <= t.hi)).all() and t.n.sum() == covered.size


# ---- issue 32, "Tracebacks and unclear errors": the loaders' and the command line's helpers ----------------------
from conformal_rag import data as qa_data, cli as qa_cli

IO_CASES = {  # id: (call, text the ValueError must contain)
    'check_records empty': (lambda: qa_data.check_records([], ('id',), 'SQuAD 1.1', 'dev.jsonl'), 'SQuAD 1.1 dev.jsonl: no records'),
    'check_records no field': (lambda: qa_data.check_records([dict(id=1), dict(q=2)], ('id',), 'toy'),
                               "toy: record 2 has no field 'id'"),
    'squad_to_schema no context': (lambda: qa_data.squad_to_schema([dict(id='s', title='T', question='Q', answers={'text': []})]),
                                   "has no field 'context'"),
    'hotpotqa_to_schema empty': (lambda: qa_data.hotpotqa_to_schema([]), 'HotpotQA: no records'),
    'parse_override bad YAML': (lambda: qa_cli.parse_override('ns=[20, "a"'), "-p ns: the value '[20, \"a\"' is not YAML"),
}

@pytest.mark.parametrize('call,contains', IO_CASES.values(), ids=list(IO_CASES))
def test_io_case_names_the_input(call, contains):
    with pytest.raises(ValueError) as e: call()
    assert contains in str(e.value), str(e.value)

def test_writable_file_is_checked_at_parse_time():
    import argparse
    with pytest.raises(argparse.ArgumentTypeError, match="folder '/missing/dir' of '/missing/dir/x.npz' does not exist"):
        qa_cli.writable_file('/missing/dir/x.npz')
