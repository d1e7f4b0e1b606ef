"""Retrieval on the libraries (issue 18): BM25 on bm25s against rank-bm25 (the reference), dense search on FAISS against
the numpy path (full score matrix, then the top K), ties broken by the lower corpus row, approximate indexes' recall.

rank-bm25 and the numpy path stay only as references here and in `nbs/02_retrieval.ipynb`; no test asserts a time
(`bench/bench_retrieval.py` and `bench/bench_dense_scaling.py` measure speed).
"""
import numpy as np
import pandas as pd
import pytest
from conformal_rag.data import wiki_benchmark
from conformal_rag.retrieval import (BM25, BM25Reference, DenseIndex, DenseRetriever, unit_rows, passage_texts,
                                     tokenize, top_k)
from conformal_rag.retrieval_sets import retrieve


@pytest.fixture(scope='module')
def wiki():
    return wiki_benchmark()


@pytest.fixture(scope='module')
def bm25(wiki):
    return BM25(wiki.passages)


@pytest.fixture(scope='module')
def questions(wiki):
    return wiki.examples.question.sample(60, random_state=18).tolist()


def test_bm25_runs_on_bm25s_with_the_numba_backend(bm25):
    import bm25s
    assert isinstance(bm25.bm, bm25s.BM25)
    assert bm25.backend == 'numba'  # numba is pinned in requirements/lock.txt


def test_bm25_top10_equals_rank_bm25_on_the_benchmark(wiki, bm25, questions):
    ref = BM25Reference(wiki.passages).scores(questions)
    want_idx, want_sc = top_k(ref, 10)
    for backend in ('numba', 'numpy'):
        b = bm25 if backend == 'numba' else BM25(wiki.passages, backend='numpy')
        idx, sc = b.search(questions, 10)
        np.testing.assert_array_equal(idx, want_idx, err_msg=backend)
        np.testing.assert_allclose(sc, want_sc, rtol=0, atol=1e-9, err_msg=backend)
    np.testing.assert_allclose(bm25.scores(questions), ref, rtol=0, atol=1e-9)


@pytest.mark.parametrize('k1', [1.5, 1.2])
def test_bm25s_score_times_k1_plus_1_is_the_package_score(wiki, questions, k1):
    "bm25s's own index and scoring (public API, Robertson variant), rescaled by k1 + 1, on 3,000 benchmark passages: none of their terms has a negative idf."
    import bm25s
    corpus = wiki.passages.iloc[:3000]
    raw = bm25s.BM25(k1=k1, b=0.75, method='robertson', dtype='float64')
    raw.index([tokenize(t) for t in passage_texts(corpus)], show_progress=False)
    pkg = BM25(corpus, k1=k1).scores(questions[:30])
    for q, s in zip(questions[:30], pkg):
        toks = [w for w in tokenize(q) if w in raw.vocab_dict]
        got = raw.get_scores(toks) * (k1 + 1) if toks else np.zeros(len(s))
        np.testing.assert_allclose(got, s, rtol=0, atol=1e-9)


def test_bm25_applies_rank_bm25s_negative_idf_floor():
    "A word in more than half of the passages: bm25s's Robertson idf clips it to 0, rank-bm25 (and the package) use 0.25 x mean idf."
    import bm25s
    p = pd.DataFrame({'id': list('abcde'), 'title': [''] * 5,
                      'text': ['river delta', 'river mouth wide', 'river source', 'mountain lake', 'desert dune sand']})
    qs = ['river', 'river lake', 'wide river river']
    ref = BM25Reference(p, title=False).scores(qs)
    np.testing.assert_allclose(BM25(p, title=False).scores(qs), ref, rtol=0, atol=1e-12)
    np.testing.assert_allclose(BM25(p, title=False, backend='numpy').scores(qs), ref, rtol=0, atol=1e-12)
    raw = bm25s.BM25(method='robertson', dtype='float64')
    raw.index([tokenize(t) for t in passage_texts(p, title=False)], show_progress=False)
    assert not np.allclose(raw.get_scores(['river']) * 2.5, ref[0])  # the correction is needed


def test_retrieve_breaks_ties_by_the_lower_row():
    "50 passages tie for the query; K = 60 keeps them and then the 10 lowest rows of the 150 zero scores (the old argpartition path kept rows 0-5, 8-11)."
    p = pd.DataFrame({'id': [str(i) for i in range(200)], 'title': [''] * 200,
                      'text': ['filler words here'] * 150 + ['target passage'] * 50})
    for r in (BM25(p, title=False), BM25(p, title=False, backend='numpy')):
        got = retrieve(r, ['target'], k=60).topk_idx[0].tolist()
        assert got == list(range(150, 200)) + list(range(10)), got


@pytest.fixture(scope='module')
def clustered():
    rng = np.random.default_rng(7)
    C = unit_rows(rng.standard_normal((300, 384)).astype(np.float32))
    X = unit_rows(C[rng.integers(0, 300, 8000)] + 0.04 * rng.standard_normal((8000, 384)).astype(np.float32))
    Q = unit_rows(C[rng.integers(0, 300, 64)] + 0.04 * rng.standard_normal((64, 384)).astype(np.float32))
    return X, Q


def test_faiss_flat_top20_equals_the_numpy_path(clustered):
    X, Q = clustered
    idx, sc = DenseIndex(X).search(Q, 20)
    S = (Q @ X.T).astype(np.float64)  # the old path: float32 products copied to float64, then the top K
    old = np.argpartition(-S, 19, axis=1)[:, :20]
    assert all(set(a) == set(b) for a, b in zip(idx, old))
    ref_idx, ref_sc = top_k(Q @ X.T, 20)
    assert all(set(a) == set(b) for a, b in zip(idx, ref_idx))
    # the same order, except between passages whose scores differ by float32 rounding (FAISS and numpy sum differently)
    np.testing.assert_allclose(np.take_along_axis(Q @ X.T, idx, 1), ref_sc, rtol=0, atol=1e-5)
    assert (idx == ref_idx).mean() > 0.99
    np.testing.assert_allclose(sc, np.take_along_axis(S, idx, 1), rtol=0, atol=1e-5)
    assert sc.dtype == np.float32


def test_dense_retriever_scores_are_float32_and_searched_by_faiss():
    class Enc:
        def encode(self, texts, **kw):
            return np.stack([np.bincount([sum(map(ord, w)) % 16 for w in tokenize(t)] or [0], minlength=16)[:16] for t in texts]).astype(np.float32)
    p = pd.DataFrame({'id': list('abcd'), 'title': list('wxyz'), 'text': ['one two', 'two three', 'three four', 'four five']})
    d = DenseRetriever(p, encoder=Enc(), progress=False)
    assert d.scores(['two three']).dtype == np.float32
    assert type(d.index.index).__name__ == 'IndexFlatIP' and d.exact
    np.testing.assert_array_equal(d.search(['two three', 'five'], 3)[0], top_k(d.scores(['two three', 'five']), 3)[0])


@pytest.mark.parametrize('kind,kw', [('ivf', {}), ('ivf', {'nprobe': 4}), ('hnsw', {})])
def test_approximate_index_recall_and_retriever_correctness(clustered, kind, kw):
    X, Q = clustered
    ix = DenseIndex(X, kind, **kw)
    rec = ix.recall(Q, 20)
    assert 0.5 < rec <= 1.0, rec
    if not kw: assert rec > 0.95, rec  # the defaults on clustered vectors
    # with an approximate index, 'correct' means the gold passage was retrieved: never a gold ranked in the exact top K but missed
    exact_top = top_k(ix.scores(Q), 20)[0]
    gold = [[int(r[5])] for r in exact_top]  # the exact 6th passage of each question as its gold
    class R:  # a retriever over embeddings
        passage_ids, exact = np.arange(len(X)).astype(str), ix.exact
        def scores(self, qs): return ix.scores(Q[qs])
        def search(self, qs, k): return ix.search(Q[qs], k)
    r = retrieve(R(), list(range(len(Q))), k=20, gold_rows=gold)
    hit = np.array([g[0] in t for g, t in zip(gold, r.topk_idx)])
    np.testing.assert_array_equal(r.correct, hit)
    assert (r.gold_rank[~hit] >= 20).all()
