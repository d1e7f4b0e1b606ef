"""ROUGE over all pairs of 30 sampled answers: conformal_rag.matching.rouge_matrix (tokenize once, vectorized ROUGE-1,
bit-parallel LCS) against rouge-score's RougeScorer pair by pair. Checks the scores are identical, prints the speed ratio."""
import random, time
import numpy as np
from rouge_score import rouge_scorer
from conformal_rag.matching import rouge_matrix

random.seed(0)
CITIES = ['Lima', 'Paris', 'the city of Lima', 'Lima, Peru', 'Arequipa', 'Cusco', 'Lima is the capital of Peru',
          'La Oroya', 'Trujillo', 'Callao', "Lima, a dynamic international seaport, the country's major industrial centre",
          'Lima (Peru)', 'Peru', 'South America', 'the Pacific coast', 'Chiclayo', 'running rivers of the Andes']
def answer_sets():
    # TRAQ-like: 30 samples with repeats; and 30 distinct answers (the worst case for de-duplication)
    repeated = [random.choice(CITIES[:8]) for _ in range(30)]
    distinct = [f"{random.choice(CITIES)} {w}" for w, _ in zip([f'w{i}' for i in range(30)], range(30))]
    return dict(repeated=repeated, distinct=distinct)

def best_of(f, reps=7):
    ts = []
    for _ in range(reps):
        t = time.perf_counter(); f(); ts.append(time.perf_counter() - t)
    return min(ts)

print(f"{'answers':10s} {'stem':5s} {'kind':6s} {'rouge-score (ms)':>17s} {'ours (ms)':>10s} {'ratio':>7s}  identical")
for name, ans in answer_sets().items():
    n = len(ans); pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    for stem in (True, False):
        sc = rouge_scorer.RougeScorer(['rouge1', 'rougeL'], use_stemmer=stem)
        for kind in ('rouge1', 'rougeL'):
            one = rouge_scorer.RougeScorer([kind], use_stemmer=stem)
            def ref():
                out = np.zeros((n, n))
                for i, j in pairs: out[i, j] = one.score(ans[i], ans[j])[kind].fmeasure
                return out
            ours = lambda: rouge_matrix(ans, kind, stem)
            ours(); ref()  # warm caches (our stemmer memo is warm as in a long run)
            t_ref, t_ours = best_of(ref), best_of(ours)
            R, O = ref(), ours()
            same = all(O[i, j] == R[i, j] for i, j in pairs)
            print(f"{name:10s} {str(stem):5s} {kind:6s} {t_ref*1e3:17.2f} {t_ours*1e3:10.2f} {t_ref/t_ours:7.1f}x  {same}")
            assert same
