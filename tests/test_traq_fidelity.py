"""Issue 14 item 2: `fidelity='traq'` reproduces TRAQ's evaluation code, one test per departure, each failing without
it (the split, the thresholds, the retriever's score, Vanilla, the search's roles of the two splits, the reclustered
semantic count), explicit splits validated, and a seeded check that the 'traq' sets still cover on synthetic
collections (exact band)."""
import random
import warnings
import numpy as np
import pytest
from conformal_rag.conformal import pac_threshold, conformal_threshold
from conformal_rag.matching import rouge
from conformal_rag.collection import synthetic_collection
from conformal_rag.stats import coverage_band
from conformal_rag.traq import (calibrate, evaluate, traq_recluster, semantic_size_traq, set_sizes,
                                ret_nonconformity, llm_nonconformity, aggregated_set)
from conformal_rag.traq_methods import vanilla, optimize_split_traq, traq_softmax
from conformal_rag.population import apply_population
from conformal_rag.traq_grid import traq_split, check_splits, run_grid


# --- the split: three random.shuffle calls after random.seed(seed) ----------------------------------------------------

def _their_split(n, seed):
    "A literal copy of what TRAQ's script does to the indices (three shuffles of np.arange, then utils.split)."
    random.seed(seed)
    indices = np.arange(n)
    random.shuffle(indices)
    indices = np.arange(n)
    random.shuffle(indices)
    indices = np.arange(n)
    random.shuffle(indices)
    parts = indices[:int(n * 0.3)], indices[int(n * 0.3):int(n * 0.6)], indices[int(n * 0.6):]
    return [np.array([i for i in range(n) if i in p]) for p in parts]


@pytest.mark.parametrize('n,seed', [(1000, 10), (1000, 50), (560, 20), (7, 3)])
def test_split_is_three_shuffles(n, seed):
    for mine, theirs in zip(traq_split(n, seed), _their_split(n, seed)):
        assert np.array_equal(mine, theirs)
    random.seed(seed)  # one shuffle only (what a reader of the paper would do) gives another split: the test has power
    one = np.arange(n); random.shuffle(one)
    if n > 10: assert not np.array_equal(np.sort(one[:int(n * 0.3)]), traq_split(n, seed)[0])


def test_split_leaves_the_global_random_state_alone():
    random.seed(1); a = random.random()
    random.seed(1); traq_split(100, 5); assert random.random() == a


def test_run_grid_uses_traq_split_and_explicit_splits():
    c = synthetic_collection(120, 6, 10, seed=2)
    g = run_grid(c, ('Bonf',), (0.8,), [10], progress=False, fidelity='traq')
    cal, opt, test = traq_split(120, 10)
    th = calibrate(c.subset(cal), 0.1, 0.1, fidelity='traq')
    assert g.e2e_coverage.iloc[0] == evaluate(c.subset(test), th, 'traq').e2e_coverage
    assert (g.n_cal.iloc[0], g.n_opt.iloc[0], g.n_test.iloc[0]) == (36, 36, 48)
    mine = (np.arange(0, 40), np.arange(40, 60), np.arange(60, 120))
    ge = run_grid(c, ('Bonf',), (0.8,), [0], progress=False, splits=[mine])
    th = calibrate(c.subset(mine[0]), 0.1, 0.1)
    assert ge.e2e_coverage.iloc[0] == evaluate(c.subset(mine[2]), th).e2e_coverage and ge.n_cal.iloc[0] == 40


@pytest.mark.parametrize('splits,msg', [
    ([(np.arange(10), np.arange(9, 20), np.arange(20, 30))], 'question 9 is in both cal and opt'),
    ([(np.arange(10), [], np.arange(5, 30))], 'is in both cal and test'),
    ([(np.arange(10), [], [200])], 'index 200 out of range for 120 questions'),
    ([(np.arange(10), [], [-1])], 'index -1 out of range'),
    ([([1, 1], [], [3])], 'question 1 appears twice'),
    ([(np.arange(10), [])], 'triple'),
    ([([], [], [3])], 'must not be empty'),
    ([(np.array([0.0, 1.0]), [], [3])], 'integer indices'),
])
def test_explicit_splits_are_validated(splits, msg):
    c = synthetic_collection(120, 6, 10, seed=2)
    with pytest.raises(ValueError, match=msg):
        run_grid(c, ('Bonf',), (0.8,), [0], progress=False, splits=splits)


# --- thresholds and scores ----------------------------------------------------------------------------------------------

def test_traq_fidelity_thresholds_are_traqs_quantiles():
    c = synthetic_collection(200, 6, 10, seed=4)
    sim_ret, sim_llm = -ret_nonconformity(c, 'traq'), -llm_nonconformity(c)
    th = calibrate(c, 0.07, 0.13, fidelity='traq')
    assert th.tau_ret == -np.quantile(sim_ret, 0.07, method='lower')      # TRAQ's compute_threshold
    assert th.tau_llm == -np.quantile(sim_llm, 0.13, method='lower')
    thp = calibrate(c, 0.07, 0.13, delta=0.1, fidelity='traq')             # PAC: k - 1 scores left out
    assert thp.tau_ret == pac_threshold(-sim_ret, 0.07, 0.05, 'traq') != pac_threshold(-sim_ret, 0.07, 0.05, 'exact')
    small = c.subset(np.arange(36))   # n = 36, alpha 0.1: TRAQ's quantile is one rank below the exact one (33 vs 34)
    assert calibrate(small, 0.1, 0.1, fidelity='traq').tau_ret < conformal_threshold(ret_nonconformity(small, 'traq'), 0.1, 'exact')
    with pytest.raises(ValueError, match="method='traq'"): calibrate(c, 0.1, 0.1, method='exact', fidelity='traq')


def test_traq_retriever_score_is_the_gold_passage_score_even_unretrieved():
    c = synthetic_collection(300, 5, 8, seed=6)
    out = ~(c.is_gold & c.in_topk).any(axis=1)
    assert out.any()
    gold_score = np.where(c.is_gold, c.ret_score, -np.inf).max(axis=1)
    assert np.array_equal(ret_nonconformity(c, 'traq'), -gold_score)
    assert not np.array_equal(ret_nonconformity(c), -gold_score)   # 'exact' gives unretrieved gold a placeholder
    # TRAQ's retriever coverage is `retrieved_true_score >= thr`, in the top K or not
    th = calibrate(c, 0.1, 0.1, fidelity='traq')
    assert evaluate(c, th, 'traq').ret_coverage == np.mean(gold_score >= -th.tau_ret)


def test_end_to_end_top_coverage_is_the_joint_event():
    c = synthetic_collection(300, 6, 10, seed=8, p_answerable=0.7)
    th = calibrate(c, 0.2, 0.2, fidelity='traq')
    r = evaluate(c, th, 'traq')
    ret = -ret_nonconformity(c, 'traq') >= -th.tau_ret
    llm = (c.correct & c.is_gold[:, :, None]).any(axis=(1, 2)) & (llm_nonconformity(c) <= th.tau_llm)
    assert r.e2e_coverage_top == np.mean(ret & llm) != r.ret_coverage * r.llm_coverage


# --- Vanilla as TRAQ's evaluate_vanila ------------------------------------------------------------------------------------

def test_vanilla_is_every_answer_of_the_top_passage_on_every_question():
    c = synthetic_collection(3, 3, 4, seed=0)
    c.ret_score[:] = [[3., 2., 1., 0.], [1., 5., 2., 0.], [4., 3., 9., 0.]]   # slot 3 is not retrieved (in_topk False)
    c.answers[:, :3] = [[['a b', 'a b', 'c', 'd'], ['x'] * 4, ['y'] * 4],
                        [['x'] * 4, ['e f g', 'e f g h', 'g', 'g'], ['y'] * 4],
                        [['x'] * 4, ['y'] * 4, ['h', 'h', 'h', 'h']]]
    c.cluster[:, :3] = 0
    for q in range(3):
        for k in range(3): c.freq[q, k] = [list(c.answers[q, k]).count(a) / 4 for a in c.answers[q, k]]
    c.correct[:] = False
    c.correct[0, 0, 2] = True      # question 0: 'c' from its top passage is correct (not its most frequent answer)
    c.correct[2, 0, 0] = True      # question 2: a correct answer, but not from its top passage (slot 2)
    r = vanilla(c, 'traq')
    # by hand: top passages 0, 1, 2; covered 1, 0, 0; TRAQ's counts: {'a b','c','d'} 3, {'e f g','e f g h','g'} 2
    # ('e f g' ~ 'e f g h': ROUGE-1 F 6/7 > 0.7), {'h'} 1
    assert r.e2e_coverage == pytest.approx(1 / 3)
    assert r.semantic_size_traq == pytest.approx((3 + 2 + 1) / 3)
    assert vanilla(c).e2e_coverage == 0 and vanilla(c).semantic_size == 1   # 'exact': the most frequent answer only
    g = run_grid(synthetic_collection(100, 5, 8, seed=1), ('Vanilla',), (0.8,), [10], progress=False, fidelity='traq')
    assert g.n_eval.iloc[0] == 100 and g.n_test.iloc[0] == 40     # on every question, as TRAQ's script calls it


# --- the reclustered semantic count ------------------------------------------------------------------------------------

def _their_count(semantics):
    "TRAQ's compute_keyword_clusterring on a list of strings, literally, then len(semantic_probs)."
    uniq = list(dict.fromkeys(semantics))
    ids = {a: i for i, a in enumerate(uniq)}
    for i in range(len(uniq)):
        for j in range(i + 1, len(uniq)):
            if rouge(uniq[i], uniq[j], 'rouge1', stem=True)[2] > 0.7: ids[uniq[j]] = ids[uniq[i]]
    return len(set(ids.values()))


def test_semantic_size_traq_is_their_reclustering():
    rng = np.random.default_rng(0)
    words = 'paris city of the france capital lyon river big small'.split()
    c = synthetic_collection(30, 4, 6, seed=3)
    pool = [' '.join(rng.choice(words, rng.integers(1, 4))) for _ in range(12)]
    c.answers[:, :4] = np.array(pool, dtype=object)[rng.integers(0, 12, (30, 4, 6))]
    c.cluster[:, :4] = 0   # one question-level cluster: semantic_size is 1 wherever the set is non-empty
    mask = rng.random(c.shape) < 0.4
    mine = semantic_size_traq(traq_recluster(c), mask)
    theirs = []
    for q in range(30):
        sem = [str(c.answers[q, k, m]) for k in range(c.shape[1]) for m in range(c.shape[2])
               if mask[q, k, m] and c.in_topk[q, k] and c.cluster[q, k, m] >= 0]
        theirs.append(_their_count(sem))
    assert mine.tolist() == theirs
    assert (mine > set_sizes(c, mask & c.in_topk[:, :, None])['semantic']).any()   # not the question-level count


# --- the search: softmax of two weights, thresholds from the first split, objective on the second -------------------------

def test_search_thresholds_on_first_split_objective_on_second():
    cal, opt = synthetic_collection(150, 6, 10, seed=11), synthetic_collection(150, 6, 10, seed=14, p_answerable=0.6)
    r = optimize_split_traq(cal, opt, 0.3, seed=3, n_calls=12)
    bonf_on_opt = evaluate(opt, calibrate(cal, 0.15, 0.15, fidelity='traq'), 'traq').semantic_size_traq
    assert r.values[0] == pytest.approx(bonf_on_opt)    # x0 = [1, 1]: softmax 1/2, 1/2
    other = [evaluate(opt, calibrate(opt, 0.15, 0.15, fidelity='traq'), 'traq').semantic_size_traq,
             evaluate(cal, calibrate(cal, 0.15, 0.15, fidelity='traq'), 'traq').semantic_size_traq]
    assert all(abs(v - bonf_on_opt) > 1e-9 for v in other)    # the other roles give other values: the test has power
    w = traq_softmax(r.w)
    assert (r.w_ret, r.w_llm) == (w[0], w[1]) and 1 / (1 + np.e) - 1e-12 <= r.w_ret <= np.e / (1 + np.e) + 1e-12
    assert len(r.values) == 12 and r.objective == min(r.values)


def test_traq_method_rows_use_the_searched_weights():
    c = synthetic_collection(150, 6, 10, seed=13)
    g = run_grid(c, ('TRAQ',), (0.7,), [20], progress=False, fidelity='traq', n_calls=12)
    cal, opt, test = traq_split(150, 20)
    r = optimize_split_traq(c.subset(cal), c.subset(opt), 0.3, seed=20, n_calls=12)
    assert g.alpha_ret.iloc[0] == 0.3 * r.w_ret and g.alpha_llm.iloc[0] == 0.3 * r.w_llm


# --- the 'traq' sets still cover (seeded, exact band) ------------------------------------------------------------------------

def test_traq_fidelity_sets_cover_on_synthetic_collections():
    "Independent synthetic collections on TRAQ's population, level 0.8: the pooled end-to-end coverage of the 'traq' Bonf and TRAQ sets is not below the exact 99.9% band of one exact set at the level (union bounds cover more)."
    rows = []
    for s in range(12):
        c = apply_population(synthetic_collection(200, 6, 10, seed=100 + s), 'traq')
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            rows.append(run_grid(c, ('Bonf', 'TRAQ'), (0.8,), [s], progress=False, fidelity='traq', n_calls=12))
    import pandas as pd
    g = pd.concat(rows)
    for m, gm in g.groupby('method'):
        lo, _ = coverage_band(gm.n_cal.to_numpy(), gm.n_test.to_numpy(), 0.8, mass=0.999)
        pooled = (gm.e2e_coverage * gm.n_test).sum() / gm.n_test.sum()
        assert pooled >= lo, (m, pooled, lo)
