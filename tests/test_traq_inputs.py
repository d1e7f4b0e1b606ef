"""Bad input to TRAQ, the TRAQ grid, TRAC, the splits and the decision benchmark (issue 42): one clear ValueError
naming the argument and the value, never a silent wrong answer (a NaN label cast to True, a count truncated) or a deep
traceback from numpy, skopt or pandas."""
import numpy as np
import pandas as pd
import pytest
from conformal_rag import decisions as dc, stats, traq, traq_grid, traq_methods, trac
from conformal_rag.collection import synthetic_collection

C = synthetic_collection(120, 5, 6, seed=3)
OPT = synthetic_collection(60, 5, 6, seed=4)
TABLE = pd.DataFrame({'source': 's', 'backbone': 'b', 'wrong': [0, 1] * 20,
                      'score: a': np.linspace(0, 1, 40), 'rule: half': [1, 0, 0, 1] * 10})

CASES = {
    'traq_recluster threshold=1.5': (lambda: traq.traq_recluster(C, 1.5), 'threshold=1.5'),
    'traq_recluster threshold=-0.1': (lambda: traq.traq_recluster(C, -0.1), 'threshold=-0.1'),
    'traq_recluster threshold=nan': (lambda: traq.traq_recluster(C, np.nan), 'threshold=nan'),
    'evaluate on no questions': (lambda: traq.evaluate(C.subset([]), traq.calibrate(C, 0.1, 0.1)), 'len(test)=0'),
    "optimize_split objective='bogus'": (lambda: traq_methods.optimize_split(OPT, 0.2, objective='bogus'), "objective='bogus'"),
    'optimize_split n_calls=2.5': (lambda: traq_methods.optimize_split(OPT, 0.2, n_calls=2.5), 'n_calls=2.5'),
    'optimize_split n_calls=0': (lambda: traq_methods.optimize_split(OPT, 0.2, n_calls=0), 'n_calls=0'),
    'optimize_split seed=2.5': (lambda: traq_methods.optimize_split(OPT, 0.2, seed=2.5), 'seed=2.5'),
    'optimize_split_traq n_calls=2.5': (lambda: traq_methods.optimize_split_traq(C, OPT, 0.2, n_calls=2.5), 'n_calls=2.5'),
    'split_indices seed=2.5': (lambda: traq.split_indices(C, seed=2.5), 'seed=2.5'),
    "split_indices stratify='template'": (lambda: traq.split_indices(C, stratify='template'), "stratify='template'"),
    'split_indices of a count, stratified': (lambda: traq.split_indices(100, stratify=True), 'needs a collection'),
    'stratified_split strata=-1': (lambda: stats.stratified_split(-1), 'strata=-1'),
    'stratified_split seed=2.5': (lambda: stats.stratified_split(10, seed=2.5), 'seed=2.5'),
    'traq_split seed=2.5': (lambda: traq_grid.traq_split(50, 2.5), 'seed=2.5'),
    'traq_split n=0': (lambda: traq_grid.traq_split(0, 10), 'n=0'),
    'run_grid seeds=[2.5]': (lambda: traq_grid.run_grid(C, ('Bonf',), (0.8,), [2.5], progress=False), '2.5'),
    'optimize_weights n_calls=2.5': (lambda: trac.optimize_weights(OPT, 0.2, n_calls=2.5), 'n_calls=2.5'),
    'collection_decisions seed=2.5': (lambda: dc.collection_decisions(C, seed=2.5), 'seed=2.5'),
    'collection_decisions cal_frac=1.5': (lambda: dc.collection_decisions(C, cal_frac=1.5), 'cal_frac=1.5'),
    'guarantee_trials n_splits=0': (lambda: dc.guarantee_trials(TABLE, (0.2,), 0), 'n_splits=0'),
    'guarantee_trials n_splits=2.5': (lambda: dc.guarantee_trials(TABLE, (0.2,), 2.5), 'n_splits=2.5'),
    'guarantee_trials seed=2.5': (lambda: dc.guarantee_trials(TABLE, (0.2,), 5, seed=2.5), 'seed=2.5'),
    'rule_table seed=2.5': (lambda: dc.rule_table(TABLE, n_boot=5, seed=2.5), 'seed=2.5'),
}

@pytest.mark.parametrize('case', list(CASES))
def test_bad_input_is_named(case):
    fn, needle = CASES[case]
    with pytest.raises(ValueError) as e: fn()
    assert needle in str(e.value), (case, str(e.value))


@pytest.mark.parametrize('bad', [np.nan, 2, 0.5, -1, 'no'])
@pytest.mark.parametrize('fn', ['rule_table', 'guarantee_trials', 'paired_aurc', 'risk_coverage_plot'])
def test_a_label_that_is_not_0_or_1_is_refused(fn, bad):
    d = TABLE.astype({'wrong': object}).copy()
    d.loc[3, 'wrong'] = bad
    call = {'rule_table': lambda: dc.rule_table(d, n_boot=5),
            'guarantee_trials': lambda: dc.guarantee_trials(d, (0.2,), 5),
            'paired_aurc': lambda: dc.paired_aurc(d.assign(**{'score: b': 1 - d['score: a']}), 'a', 'b', n_boot=5),
            'risk_coverage_plot': lambda: dc.risk_coverage_plot(d)}[fn]
    with pytest.raises(ValueError) as e: call()
    assert 'wrong[3]=' in str(e.value), str(e.value)


@pytest.mark.parametrize('bad', [np.nan, 2, 0.5, -1, 'no'])
def test_a_rule_that_is_not_0_or_1_is_refused(bad):
    d = TABLE.astype({'rule: half': object}).copy()
    d.loc[5, 'rule: half'] = bad
    with pytest.raises(ValueError) as e: dc.rule_table(d, n_boot=5)
    assert "'rule: half'[5]=" in str(e.value), str(e.value)


def test_good_labels_still_pass():
    as_bool = TABLE.assign(wrong=TABLE.wrong.astype(bool), **{'rule: half': TABLE['rule: half'].astype(bool)})
    pd.testing.assert_frame_equal(dc.rule_table(TABLE, n_boot=5), dc.rule_table(as_bool, n_boot=5))
