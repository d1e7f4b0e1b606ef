"""Retrieval speed against the libraries called directly, on the embedded benchmark (10,033 passages), in one run, as
medians over --reps runs with min and max (ratios are taken within each run: same queries, same load). Times are CPU
seconds of this one-thread process (on a shared machine wall time also counts the other processes' turns on the core:
a pass over 200 questions at 0.013 ms each is shorter than one scheduler time slice), each measurement repeated until it
has taken 0.1 s:

- BM25: the package's `BM25.search` against bm25s (numba backend) called directly on the same token ids, both through
  its public `BM25.retrieve(..., n_threads=1)` and through the compiled kernel that `retrieve` runs
  (`_retrieve_internal_jitted_serial`, on the package's own index arrays: the strictest baseline, no Python around it);
  one query at a time and batched. The package is timed on the same token ids (`BM25.query_ids`: tokenize once) and,
  beside it, on the texts (tokenizing every call). Before timing: the package's top 20 equals the reference top 20 of
  rank-bm25's scores (ties by row) on --ref-queries questions, with its scores within 1e-12; rank-bm25 itself is timed
  on those questions.
- Dense: `DenseIndex.search` (exact `IndexFlatIP`, ties by row) against the same FAISS index called directly on the
  same vectors (10,033 x 384 all-MiniLM-L6-v2 embeddings from the cache, else random unit vectors of that shape):
  one query at a time (FAISS's default, the SIMD scan) and batched with BLAS forced
  (`distance_compute_blas_threshold = 1`, what the package does from 16 questions on; FAISS's default threshold scans
  a batch question by question). Same top-20 sets checked first. Then the approximate indexes' recall.
- Passage-embedding throughput (encoding, once per corpus).

    OMP_NUM_THREADS=1 .venv/bin/python bench/bench_retrieval.py [--queries 200] [--reps 5]
"""
import argparse, os, statistics, time
os.environ.setdefault('OMP_NUM_THREADS', '1')
for v in ('HF_HUB_OFFLINE', 'HF_DATASETS_OFFLINE', 'TRANSFORMERS_OFFLINE'): os.environ.setdefault(v, '1')
import numpy as np
from conformal_rag.data import wiki_benchmark
from conformal_rag.paths import cache_dir
from conformal_rag.retrieval import (BM25, BM25Reference, DenseIndex, unit_rows, corpus_hash, load_encoder, model_key,
                                     passage_texts, tokenize, top_k)

K = 20


MIN_S = 0.1   # each measurement repeats its pass over the questions until it has taken this much CPU time


def per_query(f, items):
    "CPU seconds per item of f(item), one item at a time, over passes of all items until MIN_S has passed."
    n, t = 0, time.process_time()
    while True:
        for x in items: f(x)
        n += 1
        if (el := time.process_time() - t) >= MIN_S: return el / (n * len(items))


def batched(f, items):
    "CPU seconds per item of f(items), all items at once, repeated until MIN_S has passed."
    n, t = 0, time.process_time()
    while True:
        f(items); n += 1
        if (el := time.process_time() - t) >= MIN_S: return el / (n * len(items))


def summary(xs, unit=1e3, fmt='{:.3f}'):
    return f"{fmt.format(statistics.median(xs) * unit)} [{fmt.format(min(xs) * unit)}-{fmt.format(max(xs) * unit)}]"


def timed(configs, reps):
    "Per name, seconds per query of each run; the configurations interleaved run by run, in reverse order every other run."
    runs = {n: [] for n in configs}
    for r in range(reps):
        for n, f in (reversed if r % 2 else list)(list(configs.items())): runs[n].append(f())
    return runs


def table(runs, rows, base_names, title):
    "Print ms per query and the ratios package / baseline (medians, [min-max] over runs)."
    print(f"{title:<52}{'CPU ms per query':>24}" + ''.join(f"{'x ' + b:>26}" for b in base_names))
    for name, bases in rows:
        cols = ''.join(f"{summary([x / y for x, y in zip(runs[name], runs[b])], 1, '{:.2f}') + 'x':>26}" if b else f"{'':>26}"
                       for b in bases)
        print(f"{name:<52}{summary(runs[name]):>24}{cols}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--queries', type=int, default=200, help='questions timed (a seeded sample of the benchmark)')
    ap.add_argument('--ref-queries', type=int, default=20, help='questions timed with rank-bm25 (slow)')
    ap.add_argument('--reps', type=int, default=5, help='runs; medians with min and max are reported')
    ap.add_argument('--embed', type=int, default=128, help='passages embedded to measure throughput')
    a = ap.parse_args(argv)
    import bm25s, faiss
    from bm25s.numba.retrieve_utils import _retrieve_internal_jitted_serial as bm25s_kernel
    ds = wiki_benchmark()
    texts = passage_texts(ds.passages)
    new = BM25(ds.passages)
    qs = [q for q in ds.examples.question.sample(a.queries + 20, random_state=0) if len(new.query_ids([q])[0])][:a.queries]
    print(f"corpus {len(texts):,} passages, {len(qs)} queries ({a.ref_queries} for rank-bm25), top {K}, {a.reps} runs, "
          f"OMP_NUM_THREADS={os.environ['OMP_NUM_THREADS']}, bm25s {bm25s.__version__}, faiss {faiss.__version__}")

    # --- BM25 ---
    ref = BM25Reference(ds.passages)
    ids = new.query_ids(qs); lists = [x.tolist() for x in ids]
    docs = [[new.vocab[w] for w in tokenize(t)] for t in texts]   # bm25s's own index on the same token ids
    bm = bm25s.BM25(k1=new.k1, b=new.b, method='robertson', dtype='float64', int_dtype='int32', backend='numba')
    bm.index((docs, dict(new.vocab)), create_empty_token=False, show_progress=False)
    s, N, f64, i32 = bm.scores, len(texts), np.dtype('float64'), np.dtype('int32')
    ptrs = [np.array([0, len(x)], np.int32) for x in ids]
    flat, ptr = np.concatenate(ids), np.cumsum([0] + [len(x) for x in ids]).astype(np.int32)
    kern = lambda f, p: bm25s_kernel(f, p, K, True, f64, i32, s['data'], s['indptr'], s['indices'], N, None, None)
    t = time.perf_counter()   # numba: load (or compile) the kernels, for one query and for a batch
    new.search(qs[:2], K); new.search(qs[:1], K); new.search(ids[:1], K); new.search(ids[:2], K)
    kern(flat[:ptr[2]], ptr[:3]); kern(ids[0], ptrs[0])
    bm.retrieve(lists[:2], k=K, show_progress=False, n_threads=1); bm.retrieve(lists[:1], k=K, show_progress=False, n_threads=1)
    t_jit = time.perf_counter() - t
    rq = qs[:a.ref_queries]
    R = ref.scores(rq)
    got = new.search(rq, K)
    assert (got[0][:, :10] == top_k(R, 10)[0]).all(), 'the package top 10 differs from rank-bm25'
    err = np.abs(got[1] - top_k(R, K)[1]).max()
    S = new.scores(qs)
    exact = all((x == y).all() for x, y in zip(new.search(ids, K), top_k(S, K)))
    assert exact, 'the package top 20 is not the exact top 20 of its scores (ties by row)'
    same = np.mean([set(x) == set(y) for x, y in zip(new.search(ids, K)[0], bm.retrieve(lists, k=K, show_progress=False, n_threads=1).documents)])
    n_q = len(ids)
    runs = timed({
        'rank-bm25 (reference), one query': lambda: per_query(lambda q: top_k(ref.bm25.get_scores(tokenize(q))[None], K), rq),
        'bm25s retrieve(), one query': lambda: per_query(lambda x: bm.retrieve([x], k=K, show_progress=False, n_threads=1), lists),
        'bm25s kernel, one query': lambda: per_query(lambda i: kern(ids[i], ptrs[i]), range(n_q)),
        'package, token ids, one query': lambda: per_query(lambda x: new.search([x], K), ids),
        'package, texts, one query': lambda: per_query(lambda q: new.search([q], K), qs),
        'bm25s retrieve(), batched': lambda: batched(lambda xs: bm.retrieve(xs, k=K, show_progress=False, n_threads=1), lists),
        'bm25s kernel, batched': lambda: batched(lambda _: kern(flat, ptr), ids),
        'package, token ids, batched': lambda: batched(lambda xs: new.search(xs, K), ids),
        'package, texts, batched': lambda: batched(lambda xs: new.search(xs, K), qs)}, a.reps)
    print(f"\nBM25 (package backend {new.backend}; +{t_jit:.2f} s to load or compile the numba kernels, once per process); "
          f"the package's top 20 = the exact top 20 of its scores for {n_q} of {n_q} questions (ties by row); its top 10 = "
          f"rank-bm25's on {len(rq)}, scores within {err:.1e}; same top-20 sets as bm25s for {same:.1%} (bm25s's own idf: "
          "it clips negative idf at 0, rank-bm25 floors it)")
    bases = ['bm25s kernel, one query', 'bm25s retrieve(), one query']
    basesB = ['bm25s kernel, batched', 'bm25s retrieve(), batched']
    table(runs, [('rank-bm25 (reference), one query', [None, None]), ('bm25s kernel, one query', [None, None]),
                 ('bm25s retrieve(), one query', [None, None]), ('package, token ids, one query', bases),
                 ('package, texts, one query', bases), ('bm25s kernel, batched', [None, None]),
                 ('bm25s retrieve(), batched', [None, None]), ('package, token ids, batched', basesB),
                 ('package, texts, batched', basesB)],
          ['bm25s kernel', 'bm25s retrieve()'], f'ms per query: median [min-max] of {a.reps}')

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
        P = unit_rows(rng.standard_normal((len(texts), 384)).astype(np.float32))
        Q = unit_rows(rng.standard_normal((len(qs), 384)).astype(np.float32))
        what = 'random unit vectors (no embedding cache)'
    ix = DenseIndex(P)
    old_threshold = faiss.cvar.distance_compute_blas_threshold
    def faiss_blas(x):
        faiss.cvar.distance_compute_blas_threshold = 1
        try: return ix.index.search(x, K)
        finally: faiss.cvar.distance_compute_blas_threshold = old_threshold
    same = np.mean([set(x) == set(y) for x, y in zip(ix.search(Q, K)[0], faiss_blas(Q)[1])])
    exact = (ix.search(Q, K)[0] == top_k(ix.scores(Q), K)[0]).mean()
    ix.search(Q[:2], K); faiss_blas(Q[:2])  # warm-up
    druns = timed({
        'FAISS, one query': lambda: per_query(lambda q: ix.index.search(q[None], K), Q),
        'package, one query': lambda: per_query(lambda q: ix.search(q[None], K), Q),
        'FAISS, batched, BLAS forced': lambda: batched(faiss_blas, Q),
        'FAISS, batched, default threshold': lambda: batched(lambda x: ix.index.search(x, K), Q),
        'package, batched': lambda: batched(lambda x: ix.search(x, K), Q)}, a.reps)
    print(f"\ndense search over {P.shape[0]:,} x {P.shape[1]} {what}: the package's top {K} = FAISS's top-{K} sets for "
          f"{same:.1%} of {len(Q)} questions, = the exact top {K} of numpy's scores (ties by row) for {exact:.1%} of the rows")
    table(druns, [('FAISS, one query', [None]), ('package, one query', ['FAISS, one query']),
                  ('FAISS, batched, BLAS forced', [None]), ('FAISS, batched, default threshold', [None]),
                  ('package, batched', ['FAISS, batched, BLAS forced'])],
          ['FAISS'], f'ms per query: median [min-max] of {a.reps}')
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
