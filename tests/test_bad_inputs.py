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
from conformal_rag import w2r_collect as wc, w2r_metrics as wm
from conformal_rag import retrieval, retrieval_sets, stats as cstats

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
    'overconfidence_metrics NaN correct': (lambda: wm.overconfidence_metrics([nan, 1], ['certain'] * 2, n_boot=0),
                                           'correct[0]=nan'),
    "overconfidence_metrics 'no' correct": (lambda: wm.overconfidence_metrics(['no', 1], ['certain'] * 2, n_boot=0),
                                            "correct[0]='no'"),
    'overconfidence_metrics 2/5 correct': (lambda: wm.overconfidence_metrics([2, 5], ['certain'] * 2, n_boot=0),
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
from conformal_rag import data as qa_data, data_sources as qa_sources, cli as qa_cli

IO_CASES = {  # id: (call, text the ValueError must contain)
    'check_records empty': (lambda: qa_sources.check_records([], ('id',), 'SQuAD 1.1', 'dev.jsonl'), 'SQuAD 1.1 dev.jsonl: no records'),
    'check_records no field': (lambda: qa_sources.check_records([dict(id=1), dict(q=2)], ('id',), 'toy'),
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


# ---- issue 42, "Silent wrong answers": labels, thresholds, BM25 parameters, NaN scores, counts, None as text, the
# ---- `Collection` data model; each refused where the value enters, naming the argument and the value ---------------
from conformal_rag import matching, collect, rcrag, llm_score, data as cdata
from pathlib import Path
from conformal_rag.collection import Collection, load_collected

_PASSAGES = pd.DataFrame(dict(id=['p0', 'p1', 'p2'], title=['Paris', 'Lima', 'Rome'],
                              text=['Paris is the capital of France.', 'Lima is the capital of Peru.',
                                    'Rome is the capital of Italy.']))
_R = dict(passage_ids=np.array(['a', 'b', 'c']), topk_idx=np.array([[2, 0], [1, 2]]),
          topk_scores=np.array([[3., 1.], [2., 1.]]), gold_score=np.array([3., 0.5]), gold_rank=np.array([0, 2]))
_C = dict(ret_score=[[2., 1.]], in_topk=[[1, 1]], is_gold=[[1, 0]], cluster=[[[0, 1], [1, 1]]],
          freq=[[[.5, .5], [1, 1]]], correct=[[[1, 0], [0, 0]]], exact_id=[[[0, 1], [1, 1]]],
          rouge_id=[[[0, 1], [1, 1]]], requests=[2], template=['a'], qid=['q0'])
_C2 = {k: v * 2 for k, v in _C.items()}   # two questions: each list of rows twice
_qs, _rt = collect.example_tables()

ISSUE42_CASES = {  # id: (call, the exception, text its message must contain)
    # labels: exactly 0/1 or bool (NaN, 2, 0.5, -1, 'no' were labels through astype(bool))
    'Collection is_gold=0.5': (lambda: Collection(**{**_C, 'is_gold': [[0.5, 0]]}), ValueError, 'is_gold[0, 0]=0.5'),
    'Collection correct=NaN': (lambda: Collection(**{**_C, 'correct': [[[nan, 0], [0, 0]]]}), ValueError,
                               'correct[0, 0, 0]=nan'),
    "Collection in_topk='no'": (lambda: Collection(**{**_C, 'in_topk': np.array([['no', 1]], dtype=object)}),
                                ValueError, "in_topk[0, 0]='no'"),
    'Collection cluster=1.5': (lambda: Collection(**{**_C, 'cluster': [[[0, 1.5], [1, 1]]]}), ValueError,
                               'cluster[0, 0, 1]=1.5'),
    'corruption_counts NaN': (lambda: wm.corruption_counts([1, nan], [1, 0]), ValueError, 'correct_without[1]=nan'),
    'corruption_counts 2': (lambda: wm.corruption_counts([1, 1], [2, 0]), ValueError, 'correct_with[0]=2'),
    "corruption_counts 'no'": (lambda: wm.corruption_counts(['no', 1], [1, 0]), ValueError, "correct_without[0]='no'"),
    'corruption_counts -1': (lambda: wm.corruption_counts([1, -1], [1, 0]), ValueError, 'correct_without[1]=-1'),
    'check_retrieved is_gold NaN': (lambda: collect.check_retrieved(_rt.assign(is_gold=[1, 0, 0, 0, nan])),
                                    ValueError, 'is_gold[4]=nan'),
    "check_retrieved is_gold 'no'": (lambda: collect.check_retrieved(_rt.assign(is_gold=[1, 0, 0, 0, 'no'])),
                                     ValueError, "is_gold[4]='no'"),
    'check_retrieved is_gold 0.5': (lambda: collect.check_retrieved(_rt.assign(is_gold=[1, 0, 0, 0, 0.5])),
                                    ValueError, 'is_gold[4]=0.5'),
    'check_retrieved rank 1.5': (lambda: collect.check_retrieved(_rt.assign(rank=[0, 1.5, 0, 1, 4])),
                                 ValueError, 'rank[1]=1.5'),
    # thresholds in [0, 1], never NaN
    'traq_correct threshold=-1': (lambda: matching.traq_correct('London', ['Paris'], -1), ValueError, 'threshold=-1.0'),
    'traq_correct threshold=NaN': (lambda: matching.traq_correct('London', ['Paris'], nan), ValueError, 'threshold=nan'),
    'trac_correct threshold=1.5': (lambda: matching.trac_correct('London', 'Paris', 1.5), ValueError, 'threshold=1.5'),
    'rcrag_correct f1=-1': (lambda: matching.rcrag_correct('London', 'Paris', f1=-1), ValueError, 'f1=-1.0'),
    'rcrag_correct rouge_l=NaN': (lambda: matching.rcrag_correct('London', 'Paris', rouge_l=nan), ValueError, 'rouge_l=nan'),
    'cluster_rouge threshold=2': (lambda: matching.cluster_rouge(['a', 'b'], 2), ValueError, 'threshold=2.0'),
    'best_rouge measure': (lambda: matching.best_rouge('a', 'a', measure='f1'), ValueError, "measure='f1'"),
    # BM25's parameters: k1 >= 0, b in [0, 1], epsilon >= 0, all finite
    'BM25 k1=-1': (lambda: retrieval.BM25(_PASSAGES, k1=-1), ValueError, 'k1=-1.0'),
    'BM25 b=2': (lambda: retrieval.BM25(_PASSAGES, b=2), ValueError, 'b=2.0'),
    'BM25 k1=NaN': (lambda: retrieval.BM25(_PASSAGES, k1=nan), ValueError, 'k1=nan'),
    'BM25 epsilon=-1': (lambda: retrieval.BM25(_PASSAGES, epsilon=-1), ValueError, 'epsilon=-1.0'),
    'BM25Reference b=-0.5': (lambda: retrieval.BM25Reference(_PASSAGES, b=-0.5), ValueError, 'b=-0.5'),
    # `Retrieval`: shapes and corpus rows checked on construction
    'Retrieval idx out of corpus': (lambda: retrieval_sets.Retrieval(**{**_R, 'topk_idx': np.array([[2, 3], [1, 2]])}),
                                    ValueError, 'topk_idx[0, 1]=3'),
    'Retrieval scores shape': (lambda: retrieval_sets.Retrieval(**{**_R, 'topk_scores': np.ones((2, 1))}), ValueError,
                               'topk_scores has shape (2, 1)'),
    'Retrieval gold_score length': (lambda: retrieval_sets.Retrieval(**{**_R, 'gold_score': np.ones(3)}), ValueError,
                                    'gold_score has 3 entries for 2 questions'),
    'Retrieval NaN score': (lambda: retrieval_sets.Retrieval(**{**_R, 'topk_scores': np.array([[3., nan], [2., 1.]])}),
                            ValueError, 'topk_scores[0, 1]=nan'),
    # NaN scores are refused, never ranked
    'top_k NaN': (lambda: retrieval.top_k(np.array([[0.5, nan, 0.1]]), 1), ValueError, 'S[0, 1]'),
    'unit_rows NaN': (lambda: retrieval.unit_rows(np.array([[3., nan]])), ValueError, 'x[0, 1]=nan'),
    # counts are integers
    'chunk_words n=-1': (lambda: cdata.chunk_words('a b c', -1), ValueError, 'n=-1'),
    'chunk_words n=2.5': (lambda: cdata.chunk_words('a b c', 2.5), ValueError, 'n=2.5'),
    'tie_uniforms seed=2.5': (lambda: llm_score.tie_uniforms(Collection(**_C), 2.5), ValueError, 'seed=2.5'),
    'metrics_from_cells negative': (lambda: wm.metrics_from_cells(dict(N_cc=3, N_cu=0, N_ic=-2, N_iu=0, N=1)),
                                    ValueError, "cells['N_ic']=-2"),
    'metrics_from_cells N': (lambda: wm.metrics_from_cells(dict(N_cc=3, N_cu=0, N_ic=0, N_iu=0, N=2)), ValueError,
                             "cells['N']=2"),
    # None is no text (str(None) was the answer 'none')
    'tokenize None': (lambda: retrieval.tokenize(None), ValueError, 'text=None'),
    'exact_match None': (lambda: matching.exact_match(None, 'none'), ValueError, 'pred=None'),
    'exact_match gold None': (lambda: matching.exact_match('none', [None]), ValueError, 'golds[0]=None'),
    'cluster_exact None': (lambda: matching.cluster_exact(['none', None]), ValueError, 'answers[1]=None'),
    'judge None': (lambda: oc.judge([None], [['None']]), ValueError, 'responses[0]=None'),
    'normalize_answer None': (lambda: matching.normalize_answer(None), ValueError, 's=None'),
    'retrieve None question': (lambda: retrieval_sets.retrieve(retrieval.BM25(_PASSAGES), ['Paris', None], k=1),
                               ValueError, 'questions[1]=None'),
    'semantic_confidence 0.5': (lambda: matching.semantic_confidence([0, 0.5]), ValueError, 'ids[1]=0.5'),
    # the `Collection` data model
    'Collection duplicated qid': (lambda: Collection(**{**_C2, 'qid': ['q0', 'q0']}), ValueError, "qid='q0' (2 rows)"),
    'Collection ret_score=+inf': (lambda: Collection(**{**_C, 'ret_score': [[math.inf, 1.]]}), ValueError,
                                  'ret_score[0, 0]=inf'),
    'Collection freq=1.5': (lambda: Collection(**{**_C, 'freq': [[[1.5, .5], [1, 1]]]}), ValueError, 'freq[0, 0, 0]=1.5'),
    'Collection string score': (lambda: Collection(**{**_C, 'ret_score': [['high', 1.]]}), ValueError,
                                'ret_score must be numeric'),
    'Collection requests=2.5': (lambda: Collection(**{**_C, 'requests': [2.5]}), ValueError, 'requests[0]=2.5'),
    'Collection.subset out of range': (lambda: Collection(**_C).subset([0, 99]), IndexError,
                                       'idx[1]=99 is out of range for a collection of 1 questions'),
    'load_collected folder': (lambda: load_collected(Path(__file__).parent), IsADirectoryError,
                              'is a folder, not a collection file'),
    # a str or None where a list of answers goes (letters, or the word 'None', were answers)
    "corrupt_document answers='Lima'": (lambda: wc.corrupt_document('Lima is the capital.', 'Lima'), ValueError,
                                        "answers must be a list of texts, got answers='Lima'"),
    'corrupt_document answers None': (lambda: wc.corrupt_document('None of them.', [None]), ValueError,
                                      'answers[0]=None'),
    'check_questions None answer': (lambda: collect.check_questions(_qs.assign(answers=[['Paris'], None])), ValueError,
                                    "answers of question 'q2' must be a list of texts"),
    'register_collection_loader None': (lambda: __import__('conformal_rag.collection').collection
                                        .register_collection_loader(None, len), ValueError, 'prefix must be a name'),
    # probabilities
    'fuse p_usage=1.4': (lambda: rcrag.fuse('keep', 'discard', 'probability', p_usage=1.4, p_quality=0.2), ValueError,
                         'p_usage=1.4'),
    'fuse p_quality=NaN': (lambda: rcrag.fuse('keep', 'keep', 'probability', p_usage=0.2, p_quality=nan), ValueError,
                           'p_quality=nan'),
}

@pytest.mark.parametrize('call,exc,contains', ISSUE42_CASES.values(), ids=list(ISSUE42_CASES))
def test_silent_answer_is_refused(call, exc, contains):
    with pytest.raises(exc) as e: call()
    assert contains in str(e.value), str(e.value)

def test_valid_inputs_keep_their_numbers():
    "The checks change no number for valid inputs: labels as bools or 0/1, the defaults' thresholds, a -inf pad."
    assert matching.traq_correct('Lima, the capital', ['Lima']) and not matching.trac_correct('Lima is in Peru', 'Lima')
    assert wm.corruption_counts([1, 1, 1, 0, 0, 1], [0, 1, 0, 0, 1, 1]) == dict(right_without=4, corrupted=2,
                                                                                corruption=0.5)
    a, b = Collection(**_C), Collection(**{**_C, 'is_gold': [[True, False]], 'ret_score': [[2., -math.inf]]})
    np.testing.assert_array_equal(a.is_gold, b.is_gold)
    assert rcrag.fuse('keep', 'discard', 'probability', p_usage=0.9, p_quality=0.4) == 'keep'
    np.testing.assert_array_equal(retrieval.top_k(np.array([[0.5, 0.9, 0.5]]), 2)[0], [[1, 0]])
