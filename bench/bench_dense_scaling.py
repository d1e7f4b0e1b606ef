"""How dense search cost grows with the corpus: 10k to 1M synthetic 384-d unit vectors (clustered, as real sentence
embeddings are; on structureless random vectors every approximate index does poorly), one thread.

Per corpus size N, medians of 3 runs with min and max; each run times every method in turn (same load), and every
ratio is taken within a run:
- the old numpy path (float32 products copied to float64, argpartition, sort: the package before issue 18),
- FAISS exact `IndexFlatIP` (`DenseIndex(kind='flat')`, the default),
- FAISS `IndexIVFFlat` (`DenseIndex(kind='ivf')`, nlist = sqrt(N), nprobe 32) and `IndexHNSWFlat` (`kind='hnsw'`, up
  to --hnsw-max vectors: its build is the slowest), with their recall@20 against the exact top 20 and build times;
batched (--batch questions at once) and one question at a time (--single questions). Memory: the vectors are held
once by the flat index (float32, N x 384 x 4 bytes: 1.5 GB at 1M); IVF adds its own copy; the old path's float64
score matrix is batch x N x 8 bytes. Peak resident memory is printed after each size.

    OMP_NUM_THREADS=1 .venv/bin/python bench/bench_dense_scaling.py [--sizes 10000 100000 1000000] [--reps 3]
"""
import argparse, gc, os, resource, statistics, time
os.environ.setdefault('OMP_NUM_THREADS', '1')
import numpy as np
from conformal_rag.retrieval import DenseIndex, unit_rows, top_k

D, K = 384, 20


def clustered(n, centers, rng, noise=0.04, chunk=100_000):
    "n unit vectors around random centers (float32), generated in chunks to bound memory."
    X = np.empty((n, D), np.float32)
    for s in range(0, n, chunk):
        m = min(chunk, n - s)
        x = centers[rng.integers(0, len(centers), m)] + noise * rng.standard_normal((m, D), dtype=np.float32)
        X[s:s + m] = unit_rows(x)
    return X


def old_search(Q, P, k=K):
    "The package's dense search before issue 18: (Q @ P.T) as float64, argpartition, sort of the K kept."
    S = (np.atleast_2d(Q) @ P.T).astype(np.float64)
    top = np.argpartition(-S, k - 1, axis=1)[:, :k]
    ts = np.take_along_axis(S, top, 1)
    o = np.lexsort((top, -ts), axis=1)
    return np.take_along_axis(top, o, 1), np.take_along_axis(ts, o, 1)


def timed(f, reps):
    out = []
    for _ in range(reps):
        t = time.perf_counter(); f(); out.append(time.perf_counter() - t)
    return out


def fmt(xs, per=1, unit=1e3, f='{:.3f}'):
    xs = [x / per * unit for x in xs]
    return f"{f.format(statistics.median(xs))} [{f.format(min(xs))}-{f.format(max(xs))}]"


def peak_gb(): return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--sizes', type=int, nargs='+', default=[10_000, 100_000, 1_000_000])
    ap.add_argument('--reps', type=int, default=3)
    ap.add_argument('--batch', type=int, default=64, help='questions per batched search')
    ap.add_argument('--single', type=int, default=16, help='questions searched one at a time')
    ap.add_argument('--hnsw-max', type=int, default=100_000, help='largest N given an HNSW index (its build is slow on one thread)')
    ap.add_argument('--nprobe', type=int, default=32)
    a = ap.parse_args(argv)
    rng = np.random.default_rng(0)
    centers = unit_rows(rng.standard_normal((1000, D)).astype(np.float32))
    Q = clustered(a.batch, centers, np.random.default_rng(1))
    print(f"d = {D}, top {K}, {a.batch} questions batched, {a.single} one at a time, {a.reps} runs (median [min-max]), "
          f"OMP_NUM_THREADS={os.environ['OMP_NUM_THREADS']}")
    print(f"{'N':>9} {'method':<26}{'build s':>10}{'batched ms/q':>26}{'one query ms':>26}{'x old (batched)':>22}{'x old (one)':>22}{'recall@20':>11}")
    for N in a.sizes:
        X = clustered(N, centers, np.random.default_rng(N))
        t = time.perf_counter(); flat = DenseIndex(X); t_flat = time.perf_counter() - t
        del X; gc.collect()
        P = flat.P  # a view of the flat index's vectors: the old path reads the same memory
        exact = top_k(flat.scores(Q), K)[0]
        t = time.perf_counter(); ivf = DenseIndex(P, 'ivf', nprobe=a.nprobe); t_ivf = time.perf_counter() - t
        hnsw, t_h = None, None
        if N <= a.hnsw_max:
            t = time.perf_counter(); hnsw = DenseIndex(P, 'hnsw'); t_h = time.perf_counter() - t
        assert np.mean([set(x) == set(y) for x, y in zip(flat.search(Q, K)[0], old_search(Q, P)[0])]) > 0.99
        methods = {'old numpy path': (None, lambda q: old_search(q, P), None),
                   'FAISS flat (exact)': (t_flat, lambda q: flat.search(q, K), flat),
                   f'FAISS IVF (nlist {ivf.nlist}, nprobe {ivf.nprobe})': (t_ivf, lambda q: ivf.search(q, K), ivf)}
        if hnsw is not None: methods['FAISS HNSW (M 32, ef 128)'] = (t_h, lambda q: hnsw.search(q, K), hnsw)
        for f in methods.values(): f[1](Q[:2])  # warm-up
        tb, t1 = {m: [] for m in methods}, {m: [] for m in methods}
        for r in range(a.reps):  # interleaved: each run times every method under the same load
            for m, (_, f, _) in methods.items():
                tb[m] += timed(lambda: f(Q), 1)
                t1[m] += timed(lambda: [f(q[None]) for q in Q[:a.single]], 1)
        res = {m: (b_, tb[m], t1[m], None if ix_ is None else float(np.mean([len(np.intersect1d(g, w)) / K for g, w in zip(ix_.search(Q, K)[0], exact)])))
               for m, (b_, _, ix_) in methods.items()}
        del ivf, hnsw, methods; gc.collect()
        ob, o1 = res['old numpy path'][1], res['old numpy path'][2]
        for name, (tb, b, one, rec) in res.items():
            xb = fmt([x / y for x, y in zip(ob, b)], unit=1, f='{:.2f}') + 'x'
            x1 = fmt([x / y for x, y in zip(o1, one)], unit=1, f='{:.2f}') + 'x'
            print(f"{N:>9,} {name:<26}{'' if tb is None else f'{tb:.1f}':>10}{fmt(b, a.batch):>26}{fmt(one, a.single):>26}"
                  f"{xb:>22}{x1:>22}{'' if rec is None else f'{rec:.3f}':>11}", flush=True)
        print(f"{'':>9} peak resident memory so far {peak_gb():.2f} GB; flat index {N * D * 4 / 1e9:.2f} GB", flush=True)
        del flat, P; gc.collect()


if __name__ == '__main__': main()
