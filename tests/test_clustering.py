"""Semantic clustering beyond ROUGE: TRAQ's bidirectional-entailment rule (NLI), an LLM judge of same meaning, clustering
specs, and re-clustering a saved collection from its stored answers (`collect` raised on 'nli' before)."""
import numpy as np
import pytest
from conformal_rag import collect
from conformal_rag.llm import LLM, FakeBackend
from conformal_rag.matching import (Clustering, LLMJudge, NLIModel, cluster_entailment, cluster_llm_judge, cluster_nli,
                                    cluster_rouge, clustering_from_spec, tiny_nli_model)
from conformal_rag.paths import data_dir
from conformal_rag.collection import Collection

def city(t): return 'lyon' if 'lyon' in t.lower() else 'paris' if 'paris' in t.lower() else t.lower()

def fake_entails(premise, hypothesis):
    "Deterministic entailment: same city, and 'France' in the hypothesis only if the premise has it (so one way only)."
    return city(premise) == city(hypothesis) and ('france' in hypothesis.lower()) <= ('france' in premise.lower())

def test_bidirectional_entailment_merges_and_one_way_does_not():
    assert fake_entails('Paris', 'the city of Paris') and fake_entails('the city of Paris', 'Paris')
    assert fake_entails('Paris, France', 'Paris') and not fake_entails('Paris', 'Paris, France')
    ids = cluster_entailment(['Paris', 'the city of Paris', 'Paris, France', 'Lyon', 'the city of Paris'], fake_entails)
    assert ids.tolist() == [0, 0, 1, 2, 0]
    # ROUGE-1 > 0.7 keeps 'Paris' and 'the city of Paris' apart (F = 0.4): the NLI rule is a different clustering
    assert cluster_rouge(['Paris', 'the city of Paris']).tolist() == [0, 1]

def test_question_is_prefixed_to_each_answer_as_traq():
    seen = []
    cluster_entailment(['Paris', 'Lyon'], lambda p, h: seen.append((p, h)) or False, 'Where?')
    assert seen == [('Where? Paris', 'Where? Lyon'), ('Where? Lyon', 'Where? Paris')]

def test_nli_model_on_a_tiny_random_classifier(tmp_path):
    "The NLI path end to end on tiny BERT classifiers built here: random weights, or biased to always / never entail."
    ans = ['Paris', 'paris.', 'Paris, France', 'Lyon', 'Paris']
    yes, no, rnd = (tiny_nli_model(tmp_path/n, e) for n, e in (('yes', True), ('no', False), ('rnd', None)))
    assert cluster_nli(ans, yes, 'Where?').tolist() == [0] * 5
    assert cluster_nli(ans, no, 'Where?').tolist() == [0, 1, 2, 3, 0]
    m = NLIModel(rnd)
    ids = cluster_nli(ans, m, 'Where?')
    assert ids[0] == ids[4] == 0 and len(ids) == 5
    # the random model's own decisions, pair by pair, reproduce its clusters under TRAQ's rule
    texts = {a: f'Where? {a}' for a in ans}
    reps = []
    for a in dict.fromkeys(ans):
        hit = next((r for r in reps if m(texts[r], texts[a]) and m(texts[a], texts[r])), None)
        if hit is None: reps.append(a)
    assert len(set(ids.tolist())) == len(reps)

def test_nli_hub_name_fails_fast_offline(monkeypatch):
    monkeypatch.setenv('HF_HUB_OFFLINE', '1')
    with pytest.raises(FileNotFoundError, match='not available offline'): clustering_from_spec('nli:some-org/some-nli-model')
    with pytest.raises(FileNotFoundError, match='deberta-large-mnli'): clustering_from_spec('nli')

def scripted_judge(prompt, i, seed):
    "A scripted judge: 'yes' when the two answers name the same city, else 'no'."
    p = prompt if isinstance(prompt, str) else prompt[-1]['content']
    a, b = (p.rsplit(f'Answer {k}: ', 1)[1].split('\n')[0] for k in (1, 2))
    return ' yes' if city(a) == city(b) else ' no'

def test_llm_judge_clusters_through_the_generation_cache(tmp_path):
    backend = FakeBackend(scripted_judge, model='judge-fake')
    judge = LLMJudge(LLM(backend, cache=tmp_path/'g.sqlite', progress=False))
    ans = ['Paris', 'the city of Paris', 'Lyon', 'in Lyon', 'PARIS', '']
    ids = cluster_llm_judge(ans, judge, 'Which city?')
    assert ids.tolist() == [0, 0, 1, 1, 0, 2]          # the empty answer is its own cluster, never asked about
    asked, calls = judge.asked, backend.calls
    assert (asked, judge.unparsed) == (4, 0)              # city of Paris: 1 pair, Lyon: 1, in Lyon: 2
    again = LLMJudge(LLM(backend, cache=tmp_path/'g.sqlite', progress=False))
    assert cluster_llm_judge(ans, again, 'Which city?').tolist() == ids.tolist()
    assert backend.calls == calls                       # the rerun came from the cache

def test_llm_judge_prompts_for_base_and_chat_models():
    j = LLMJudge(LLM(FakeBackend(model='gemma-3-270m'), cache=False, progress=False))
    assert j.chat is False                              # the base model gets few-shot text
    assert LLMJudge(LLM(FakeBackend(model='smollm2-135m-instruct'), cache=False, progress=False)).chat is True

def test_collected_arrays_takes_nli_and_judge_specs(tmp_path):
    "`collected_arrays(cluster='nli:...')` raised `unknown clustering` before."
    qs, rt = collect.example_tables()
    llm = LLM(FakeBackend(lambda p, i, s: ['Paris', 'the city of Paris', 'Lyon'][i % 3] if 'France' in p else 'Lima'),
              cache=False, progress=False)
    col = collect.collect_samples(qs, rt, llm, K=2, M=3)
    rouge = collect.collected_arrays(col, qs)
    assert rouge['cluster'][0, 0].tolist() == [0, 1, 2]
    nli = collect.collected_arrays(col, qs, cluster=f"nli:{tiny_nli_model(tmp_path/'yes', True)}")
    assert nli['cluster'][0, 0].tolist() == [0, 0, 0] and nli['freq'][0, 0].tolist() == [1., 1., 1.]
    judge = LLMJudge(LLM(FakeBackend(scripted_judge, model='judge-fake'), cache=False, progress=False))
    judged = collect.collected_arrays(col, qs, cluster=Clustering('llm-judge:judge-fake', lambda a, q: cluster_llm_judge(a, judge, q)))
    assert judged['cluster'][0, 0].tolist() == [0, 0, 1]
    assert judged['freq'][0, 0].tolist() == pytest.approx([2/3, 2/3, 1/3])
    assert judged['meta']['cluster'] == 'llm-judge:judge-fake'

def test_recluster_reproduces_the_committed_rouge_clusters_and_differs_with_a_judge():
    "Re-clustering the committed collection by ROUGE gives back its arrays exactly; another clustering changes them."
    c = Collection.load(data_dir('collected', collect.DEFAULTS['name'] + '.npz')).subset(np.arange(15))
    same = collect.recluster(c, 'rouge', progress=False)
    assert np.array_equal(same.cluster, c.cluster) and np.allclose(same.freq, c.freq)
    assert collect.cluster_agreement(c, same)['slots_differ'] == 0.
    ex = collect.recluster(c, 'exact', progress=False)
    ag = collect.cluster_agreement(c, ex)
    assert ag['slots'] == int(((c.cluster >= 0).any(axis=2)).sum())
    assert ex.meta['cluster'] == 'exact' and ex.meta['reclustered_from'] == 'rouge'
    assert np.array_equal(ex.cluster >= 0, c.cluster >= 0)                   # padding stays padding
    judge = LLMJudge(LLM(FakeBackend(lambda p, i, s: 'yes', model='always-yes'), cache=False, progress=False))
    merged = collect.recluster(c, Clustering('llm-judge:always-yes', lambda a, q: cluster_llm_judge(a, judge, q)), progress=False)
    ag = collect.cluster_agreement(c, merged)
    assert ag['clusters_per_question_b'] <= 2 and ag['clusters_per_question_a'] > 2 and ag['questions_differ'] > 0.5

def test_recluster_needs_answers():
    c = Collection.load(data_dir('collected', collect.DEFAULTS['name'] + '.npz')).subset(np.arange(2))
    from dataclasses import replace
    with pytest.raises(ValueError, match='no stored answers'): collect.recluster(replace(c, answers=None), 'exact')
