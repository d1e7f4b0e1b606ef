"""The decision benchmark (issue 30): the risk-coverage statistics against brute force, and the guarantees the package
claims for decisions (CRC: expected wrong answers given <= alpha; LTT: selective risk <= alpha with probability
>= 1 - delta) over 200 seeded splits of a committed collection's decisions, against exact binomial bands."""
import numpy as np, pandas as pd, pytest
from scipy import stats
from conformal_rag import decisions as dc, risk_control as rk
from conformal_rag.population import apply_population
from conformal_rag.collection import load_collection

def brute_aurc(s, w, rng, reps=4000):
    "AURC by averaging over random orders of tied scores."
    out = []
    for _ in range(reps):
        o = np.lexsort((rng.random(len(s)), -s))
        out.append(np.mean(np.cumsum(w[o]) / np.arange(1, len(s) + 1)))
    return np.mean(out)

@pytest.mark.parametrize('seed', range(5))
def test_aurc_equals_the_mean_over_tie_orders(seed):
    rng = np.random.default_rng(seed)
    s, w = rng.integers(0, 4, 30).astype(float), rng.integers(0, 2, 30)
    assert abs(dc.aurc(s, w) - brute_aurc(s, w, rng)) < 0.01

def test_risk_coverage_matches_a_threshold_sweep():
    rng = np.random.default_rng(1)
    s, w = rng.normal(size=50).round(1), rng.integers(0, 2, 50)
    rc = dc.risk_coverage(s, w)
    for t, cov, r in zip(rc.threshold, rc.coverage, rc.selective_risk):
        keep = s >= t
        assert np.isclose(keep.mean(), cov) and np.isclose(w[keep].mean(), r)

@pytest.fixture(scope='module')
def decisions_table():
    c = apply_population(load_collection('wiki_gemma_600'), 'all')
    return dc.collection_decisions(c, 0.2, 0.5, 0, 3, 'gemma-3-270m')

@pytest.mark.parametrize('alpha', [0.2, 0.3])
def test_crc_keeps_its_promise_over_200_splits(decisions_table, alpha):
    "Mean realized wrong-answers-given over 200 splits within the exact band of alpha (CRC is exact in expectation)."
    d = decisions_table
    s, w = d['score: semantic frequency'].to_numpy(float), d.wrong.to_numpy().astype(bool)
    lam = np.unique(np.quantile(s, np.linspace(0, 1, 41)))
    t = rk.risk_control_trials(s, w, [alpha], lam, 0.5, 200, 0.1, None, 0)
    crc = t[t.method == 'CRC']
    n_test = int(crc.n_test.iloc[0])
    hi = stats.binom.ppf(0.999, n_test * len(crc), alpha) / (n_test * len(crc))   # pooled wrong answers given
    assert len(crc) == 200 and crc.kept_wrong.mean() <= hi

def test_ltt_keeps_its_promise_over_200_splits(decisions_table):
    "The share of splits whose selective risk exceeds alpha is not above delta beyond its exact binomial band."
    d = decisions_table
    s, w = d['score: semantic frequency'].to_numpy(float), d.wrong.to_numpy().astype(bool)
    lam = np.unique(np.quantile(s, np.linspace(0, 1, 41)))
    t = rk.risk_control_trials(s, w, [0.3], lam, 0.5, 200, 0.1, None, 0)
    ltt = t[t.method == 'LTT']
    bad = int(((ltt.selective_risk > 0.3) & ltt.selective_risk.notna()).sum())
    assert bad <= stats.binom.ppf(0.999, len(ltt), 0.1)

def test_the_guarantee_check_can_fail(decisions_table):
    "A threshold chosen on the test half itself at the target risk overshoots the band in some split: the check is not vacuous."
    d = decisions_table
    s, w = d['score: semantic frequency'].to_numpy(float), d.wrong.to_numpy().astype(int)
    # keeping everything has selective risk = the wrong rate, far above alpha = 0.1
    assert dc.operating_point(np.ones(len(w), int), w)['selective_risk'] > stats.binom.ppf(0.999, len(w), 0.1) / len(w)

@pytest.mark.parametrize('bad', [np.nan, 2, 0.5, 'no'])
def test_a_label_that_is_no_label_is_refused_not_cast(bad):
    "wrong / rule columns enter the decision tables checked as 0/1, never cast with astype (a NaN, 2 or 0.5 named)."
    from conformal_rag.decisions import w2r_decisions, rule_table, paired_aurc
    replies = pd.DataFrame(dict(model='m', id=['a', 'b', 'c'], kind='strategy', name='vanilla',
                                paper_label=['certain', 'uncertain', 'certain'], token_conf=[0.9, 0.2, 0.6],
                                correct=[True, False, True]))
    assert w2r_decisions(replies).wrong.tolist() == [0, 1, 0]
    with pytest.raises(ValueError, match='correct must hold bools or 0/1'):
        w2r_decisions(replies.assign(correct=pd.Series([True, bad, True], dtype=object)))
    d = pd.DataFrame({'wrong': [0, 1, 1, 0], 'score: s': [0.9, 0.1, 0.4, 0.7], 'rule: r': [1, 0, 1, 1]})
    rule_table(d, n_boot=5)
    for col in ('wrong', 'rule: r'):
        with pytest.raises(ValueError, match='must hold bools or 0/1'):
            rule_table(d.assign(**{col: pd.Series([0, bad, 1, 0], dtype=object)}), n_boot=5)
    with pytest.raises(ValueError, match='wrong must hold bools or 0/1'):
        paired_aurc(d.assign(**{'score: t': d['score: s'][::-1].to_numpy(),
                                'wrong': pd.Series([0, bad, 1, 0], dtype=object)}), 's', 't', n_boot=5)

def test_a_token_probability_outside_0_1_is_refused():
    from conformal_rag.decisions import w2r_decisions
    replies = pd.DataFrame(dict(model='m', id=['a', 'b'], kind='strategy', name='vanilla', paper_label='certain',
                                token_conf=[0.9, 1.5], correct=[True, False]))
    with pytest.raises(ValueError, match=r'token_conf\[1\]=1.5'): w2r_decisions(replies)
    nan = w2r_decisions(replies.assign(token_conf=[0.9, np.nan]))   # no log-probabilities: the lowest score
    assert nan['score: token probability'].tolist() == [0.9, -1.0] and nan['rule: token probability >= 0.5'].tolist() == [1, 0]
