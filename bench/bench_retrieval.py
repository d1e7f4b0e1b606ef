"""Retrieval speed on the embedded benchmark (10,033 passages), in one run, as medians of 3 runs with min and max:

- BM25: the package's `BM25` (bm25s, numba backend: scores and top K) against the package's old scipy.sparse path
  (kept below, only here, for the ratio) and rank-bm25 (the reference), one query at a time and batched; every path
  returns each question's top 20 (ties by row), and the three must give the same top 10 (checked before timing).
- Dense search on the same 10,033 x 384 embeddings (all-MiniLM-L6-v2 from the embedding cache when it is there,
  otherwise random unit vectors of that shape: search cost does not depend on the values): the package's FAISS
  `IndexFlatIP` (`DenseIndex.search`) against the old numpy path (float32 products copied to float64, argpartition,
  sort), on precomputed question embeddings (encoding costs the same for both), with the share of equal top-20 sets.
- Passage-embedding throughput (encoding, once per corpus).

Ratios are taken within each run (same queries, same load), then summarized.

    OMP_NUM_THREADS=1 .venv/bin/python bench/bench_retrieval.py [--queries 200] [--reps 3]
"""
import argparse, os, statistics, time
os.environ.setdefault('OMP_NUM_THREADS', '1')
for v in ('HF_HUB_OFFLINE', 'HF_DATASETS_OFFLINE', 'TRANSFORMERS_OFFLINE'): os.environ.setdefault(v, '1')
import numpy as np
import scipy.sparse as sp
from conformal_rag.data import check_passages, wiki_benchmark
from conformal_rag.paths import cache_dir
from conformal_rag.retrieval import (BM25, BM25Reference, DenseIndex, unit_rows, corpus_hash, load_encoder, model_key,
                                     passage_texts, tokenize, top_k)

K = 20


class OldSparseBM25:
    "The package's BM25 before issue 18 (scipy.sparse, rank-bm25's exact scores), kept here only as a timing baseline."
    def __init__(self, passages, k1=1.5, b=0.75, epsilon=0.25, title=True):
        self.passage_ids = check_passages(passages)['id'].to_numpy()
        docs = [tokenize(t) for t in passage_texts(passages, title)]
        self.vocab, rows, cols = {}, [], []
        for i, d in enumerate(docs):
            for w in d: cols.append(self.vocab.setdefault(w, len(self.vocab))); rows.append(i)
        N, V = len(docs), len(self.vocab)
        tf = sp.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(N, V)); tf.sum_duplicates()
        df = np.bincount(tf.indices, minlength=V)
        idf = np.log(N - df + 0.5) - np.log(df + 0.5); idf[idf < 0] = epsilon * idf.mean()
        dl = np.array([len(d) for d in docs], dtype=np.float64); norm = k1 * (1 - b + b * dl / dl.mean())
        t = tf.tocoo(); w = idf[t.col] * t.data * (k1 + 1) / (t.data + norm[t.row])
        self.W = sp.csc_matrix((w, (t.row, t.col)), shape=(N, V)); self.WT = self.W.T.tocsr()
    def query_matrix(self, questions):
        rows, cols = [], []
        for i, q in enumerate(questions):
            for w in tokenize(q):
                j = self.vocab.get(w)
                if j is not None: rows.append(i); cols.append(j)
        return sp.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(questions), len(self.vocab)))
    def score_one(self, q):
        m = self.query_matrix([q]); return np.asarray(self.W[:, m.indices] @ m.data).ravel()
    def scores(self, qs): return np.asarray((self.query_matrix(qs) @ self.WT).toarray())


def old_top_k(S, k):
    "The old `retrieve`'s top K: argpartition, then a sort of the K kept (by score, ties by row)."
    top = np.argpartition(-S, k - 1, axis=1)[:, :k]
    ts = np.take_along_axis(S, top, 1)
    o = np.lexsort((top, -ts), axis=1)
    return np.take_along_axis(top, o, 1), np.take_along_axis(ts, o, 1)


def per_query(f, items):
    "Mean seconds per item of f(item)."
    t = time.perf_counter()
    for x in items: f(x)
    return (time.perf_counter() - t) / len(items)


def batched(f, items):
    t = time.perf_counter(); f(items); return (time.perf_counter() - t) / len(items)


def summary(xs, unit=1e3, fmt='{:.3f}'):
    return f"{fmt.format(statistics.median(xs) * unit)} [{fmt.format(min(xs) * unit)}-{fmt.format(max(xs) * unit)}]"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--queries', type=int, default=200, help='questions timed (a seeded sample of the benchmark)')
    ap.add_argument('--ref-queries', type=int, default=40, help='questions timed with rank-bm25 (slow)')
    ap.add_argument('--reps', type=int, default=3, help='runs; medians with min and max are reported')
    ap.add_argument('--embed', type=int, default=128, help='passages embedded to measure throughput')
    a = ap.parse_args(argv)
    ds = wiki_benchmark()
    qs = ds.examples.question.sample(a.queries, random_state=0).tolist()
    texts = passage_texts(ds.passages)
    print(f"corpus {len(texts):,} passages, {a.queries} queries ({a.ref_queries} for rank-bm25), top {K}, "
          f"{a.reps} runs, OMP_NUM_THREADS={os.environ['OMP_NUM_THREADS']}")

    # --- BM25 ---
    t = time.perf_counter(); ref = BM25Reference(ds.passages); t_ref_build = time.perf_counter() - t
    t = time.perf_counter(); old = OldSparseBM25(ds.passages); t_old_build = time.perf_counter() - t
    t = time.perf_counter(); new = BM25(ds.passages); t_new_build = time.perf_counter() - t
    t = time.perf_counter(); new.search(qs[:2], K); t_jit = time.perf_counter() - t  # numba: load (or compile) the kernels
    R = ref.scores(qs[:a.ref_queries])
    want = top_k(R, 10)[0]
    assert (new.search(qs[:a.ref_queries], 10)[0] == want).all(), 'bm25s top 10 differs from rank-bm25'
    assert (top_k(old.scores(qs[:a.ref_queries]), 10)[0] == want).all(), 'old path top 10 differs from rank-bm25'
    err = np.abs(new.scores(qs[:a.ref_queries]) - R).max()
    runs = {n: [] for n in ('ref', 'old1', 'oldB', 'new1', 'newB')}
    rq = qs[:a.ref_queries]
    for r in range(a.reps):
        runs['ref'].append(per_query(lambda q: old_top_k(ref.bm25.get_scores(tokenize(q))[None], K), rq))
        runs['old1'].append(per_query(lambda q: old_top_k(old.score_one(q)[None], K), qs))
        runs['oldB'].append(batched(lambda x: old_top_k(old.scores(x), K), qs))
        runs['new1'].append(per_query(lambda q: new.search([q], K), qs))
        runs['newB'].append(batched(lambda x: new.search(x, K), qs))
    print(f"\nBM25 (backend {new.backend}); index build: rank-bm25 {t_ref_build:.2f} s, old scipy.sparse {t_old_build:.2f} s, "
          f"bm25s {t_new_build:.2f} s (+ {t_jit:.2f} s to load or compile the numba kernels, once per process); "
          f"same top 10 as rank-bm25 on {a.ref_queries} questions; max |score - rank-bm25| {err:.1e}")
    print(f"{'ms per query: median [min-max] of ' + str(a.reps):<46}{'ms':>22}{'x rank-bm25':>22}{'x old scipy path':>22}")
    ratio = lambda a_, b_: [x / y for x, y in zip(runs[a_], runs[b_])]
    rows = [('rank-bm25 (reference), one query', 'ref', None), ('old scipy.sparse, one query', 'old1', None),
            ('old scipy.sparse, batched', 'oldB', None), ('bm25s (package), one query', 'new1', 'old1'),
            ('bm25s (package), batched', 'newB', 'oldB')]
    for name, key, base in rows:
        vs_old = summary(ratio(base, key), 1, '{:.1f}') + 'x' if base else ''
        print(f"{name:<46}{summary(runs[key]):>22}{summary(ratio('ref', key), 1, '{:.0f}') + 'x':>22}{vs_old:>22}")

    # --- dense ---
    folder = cache_dir('embeddings', f'{model_key()}-{corpus_hash(texts)}-c512')
    n_chunks = int(np.ceil(len(texts) / 512))
    cached = all((folder / f'chunk_{i:05d}.npy').exists() for i in range(n_chunks))
    enc = load_encoder()
    if cached:
        P = unit_rows(np.concatenate([np.load(folder / f'chunk_{i:05d}.npy') for i in range(n_chunks)]))
        Q = unit_rows(np.asarray(enc.encode(qs, batch_size=64), dtype=np.float32))
        what = 'all-MiniLM-L6-v2 embeddings (cache)'
    else:
        rng = np.random.default_rng(0)
        P, Q = unit_rows(rng.standard_normal((len(texts), 384)).astype(np.float32)), unit_rows(rng.standard_normal((len(qs), 384)).astype(np.float32))
        what = 'random unit vectors (no embedding cache)'
    ix = DenseIndex(P)
    old_search = lambda q: old_top_k((np.atleast_2d(q) @ P.T).astype(np.float64), K)
    same = np.mean([set(a_) == set(b_) for a_, b_ in zip(ix.search(Q, K)[0], old_search(Q)[0])])
    old_search(Q[:2]); ix.search(Q[:2], K)  # warm-up
    druns = {n: [] for n in ('old1', 'oldB', 'new1', 'newB')}
    for r in range(a.reps):
        druns['old1'].append(per_query(old_search, Q)); druns['oldB'].append(batched(old_search, Q))
        druns['new1'].append(per_query(lambda q: ix.search(q[None], K), Q)); druns['newB'].append(batched(lambda x: ix.search(x, K), Q))
    print(f"\ndense search over {P.shape[0]:,} x {P.shape[1]} {what}; same top-{K} sets as the old path for {same:.2%} of {len(Q)} questions")
    print(f"{'ms per query: median [min-max] of ' + str(a.reps):<46}{'old numpy path':>22}{'FAISS IndexFlatIP':>22}{'speed-up':>22}")
    for name, o, n in (('one query', 'old1', 'new1'), ('batched', 'oldB', 'newB')):
        sp_ = [x / y for x, y in zip(druns[o], druns[n])]
        print(f"{name:<46}{summary(druns[o]):>22}{summary(druns[n]):>22}{summary(sp_, 1, '{:.2f}') + 'x':>22}")
    for kind in ('ivf', 'hnsw'):  # the approximate options on the same vectors: recall@20 against the exact top 20
        t = time.perf_counter(); ax = DenseIndex(P, kind); t_b = time.perf_counter() - t
        ax.search(Q[:2], K)
        tb = [batched(lambda x: ax.search(x, K), Q) for _ in range(a.reps)]
        what_ = f"nlist {ax.nlist}, nprobe {ax.nprobe}" if kind == 'ivf' else 'M 32, ef_search 128'
        print(f"FAISS {kind} ({what_}): build {t_b:.1f} s, batched {summary(tb)} ms per query, recall@{K} {ax.recall(Q, K):.3f}")

    sample = texts[:a.embed]
    enc.encode(sample[:8])  # warm up
    t = time.perf_counter(); enc.encode(sample, batch_size=64); t_emb = (time.perf_counter() - t) / len(sample)
    print(f"\npassage embedding (all-MiniLM-L6-v2, one process): {1/t_emb:.1f} passages/s; the whole corpus takes "
          f"~{len(texts)*t_emb/60:.1f} min once (then cached)")


if __name__ == '__main__': main()
