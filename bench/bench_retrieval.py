"""Retrieval speed on the embedded benchmark (10,033 passages): per-query latency of rank-bm25 (the reference), the
vectorized scipy.sparse BM25 (one query at a time and batched) and dense search (all-MiniLM-L6-v2: question embedding
+ inner products), and passage-embedding throughput; printed as ratios against the reference, in one run.

    OMP_NUM_THREADS=1 .venv/bin/python bench/bench_retrieval.py [--queries 50] [--embed 128]
"""
import argparse, os, time
os.environ.setdefault('OMP_NUM_THREADS', '1')
for v in ('HF_HUB_OFFLINE', 'HF_DATASETS_OFFLINE', 'TRANSFORMERS_OFFLINE'): os.environ.setdefault(v, '1')
import numpy as np
from conformal_rag.data import wiki_benchmark
from conformal_rag.paths import cache_dir
from conformal_rag.retrieval import (BM25, BM25Reference, DenseRetriever, corpus_hash, load_encoder, model_key,
                                     passage_texts, tokenize)


def per_query(f, queries, repeat=1):
    "Best-of-`repeat` mean seconds per query of `f(q)` over `queries`."
    best = np.inf
    for _ in range(repeat):
        t = time.perf_counter()
        for q in queries: f(q)
        best = min(best, (time.perf_counter() - t) / len(queries))
    return best


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--queries', type=int, default=50, help='questions timed (a seeded sample of the benchmark)')
    ap.add_argument('--embed', type=int, default=128, help='passages embedded to measure throughput')
    a = ap.parse_args(argv)
    ds = wiki_benchmark()
    qs = ds.examples.question.sample(a.queries, random_state=0).tolist()
    texts = passage_texts(ds.passages)
    print(f"corpus {len(texts):,} passages, {a.queries} queries, OMP_NUM_THREADS={os.environ['OMP_NUM_THREADS']}")

    t = time.perf_counter(); ref = BM25Reference(ds.passages); t_ref_build = time.perf_counter() - t
    t = time.perf_counter(); bm = BM25(ds.passages); t_bm_build = time.perf_counter() - t
    err = np.abs(bm.scores(qs[:10]) - ref.scores(qs[:10])).max()
    t_ref = per_query(lambda q: ref.bm25.get_scores(tokenize(q)), qs)
    t_one = per_query(bm.score_one, qs, repeat=3)
    t = time.perf_counter(); bm.scores(qs); t_batch = (time.perf_counter() - t) / len(qs)

    enc = load_encoder()
    sample = texts[:a.embed]
    enc.encode(sample[:8])  # warm up
    t = time.perf_counter(); enc.encode(sample, batch_size=64); t_emb = (time.perf_counter() - t) / len(sample)
    folder = cache_dir('embeddings', f'{model_key()}-{corpus_hash(texts)}-c512')
    cached = len(list(folder.glob('chunk_*.npy'))) == int(np.ceil(len(texts) / 512))
    if cached: dense = DenseRetriever(ds.passages, progress=False)
    else:  # search cost does not depend on the values: tile the sample's embeddings to the corpus size
        dense = DenseRetriever.__new__(DenseRetriever)
        dense.encoder, dense.similarity, dense.batch_size, dense.passage_ids = enc, 'cosine', 64, ds.passages.id.to_numpy()
        e = enc.encode(sample); dense.P = np.resize(e, (len(texts), e.shape[1])).astype(np.float32)
    dense.scores(qs[:2])
    t_dense = per_query(lambda q: dense.scores([q]), qs)
    t = time.perf_counter(); dense.scores(qs); t_dense_batch = (time.perf_counter() - t) / len(qs)

    rows = [('rank-bm25 (reference)', t_ref), ('sparse BM25, one query', t_one), ('sparse BM25, batched', t_batch),
            ('dense search, one query' + ('' if cached else ' (tiled embeddings)'), t_dense), ('dense search, batched', t_dense_batch)]
    print(f"\nBM25 index build: rank-bm25 {t_ref_build:.2f} s, sparse {t_bm_build:.2f} s; max |score difference| {err:.1e}")
    print(f"{'per-query latency':<44}{'ms':>10}{'speed-up vs reference':>24}")
    for name, s in rows: print(f"{name:<44}{1e3*s:>10.3f}{t_ref/s:>23.1f}x")
    print(f"\npassage embedding (all-MiniLM-L6-v2, one process): {1/t_emb:.1f} passages/s, {1e3*t_emb:.1f} ms per passage "
          f"= {t_emb/t_ref:.1f}x a rank-bm25 query; the whole corpus takes ~{len(texts)*t_emb/60:.1f} min once (then cached)")


if __name__ == '__main__': main()
