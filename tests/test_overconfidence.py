"""When-to-retrieve (issue 6): metrics against hand counts, the certainty parser on real-looking replies, the
two-turn Challenge prompt, adaptive augmentation's retriever calls, and the replay of exported generations."""
import numpy as np
import pandas as pd
import pytest
from conformal_rag.llm import LLM, FakeBackend, GenerationCache
from conformal_rag import overconfidence as oc


def test_cells_and_metrics_by_hand():
    # 3 correct+certain, 1 correct+uncertain, 4 incorrect+certain, 2 incorrect+uncertain, 2 unparsed (1 correct)
    correct = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0]
    labels = ['certain'] * 3 + ['uncertain'] + ['certain'] * 4 + ['uncertain'] * 2 + ['unparsed'] * 2
    cells = oc.certainty_cells(np.array(correct, bool), labels)
    assert cells == dict(N_cc=3, N_cu=1, N_ic=4, N_iu=2, N=10, unparsed=2)
    m = oc.metrics_from_cells(cells)
    assert m == pytest.approx(dict(unc_rate=0.3, accuracy=0.4, overconfidence=0.4, conservativeness=0.1, alignment=0.5))
    paper = oc.metrics_from_cells(oc.certainty_cells(np.array(correct, bool), labels, unparsed='certain'))
    assert paper == pytest.approx(dict(unc_rate=3/12, accuracy=5/12, overconfidence=5/12, conservativeness=1/12, alignment=6/12))
    r = oc.overconfidence_metrics(np.array(correct, bool), labels, n_boot=400, seed=1)
    assert r['parse_rate'] == pytest.approx(10/12)
    for k in oc.METRICS: assert r[f'{k}_lo'] <= r[k] <= r[f'{k}_hi']


def test_metrics_are_not_trivially_constant():
    # swapping the labels of the incorrect replies must move overconfidence to conservativeness-free alignment
    c = np.array([0, 0, 0, 1], bool)
    a = oc.metrics_from_cells(oc.certainty_cells(c, ['certain'] * 4))
    b = oc.metrics_from_cells(oc.certainty_cells(c, ['uncertain'] * 3 + ['certain']))
    assert (a['overconfidence'], a['alignment']) == (0.75, 0.25)
    assert (b['overconfidence'], b['alignment']) == (0.0, 1.0)


@pytest.mark.parametrize('row', oc.PARSER_CASES.to_dict('records'), ids=lambda r: r['response'][:30])
def test_parser_table(row):
    ans, lab = oc.parse_certainty(row['response'])
    assert (ans, lab) == (row['answer'], row['strict'])
    assert oc.parse_certainty(row['response'], 'paper')[1] == row['paper']


def test_parser_tricky_cases():
    assert oc.parse_certainty("No doubt: Paris. Certain.") == ("No doubt: Paris", 'certain')
    assert oc.parse_certainty("No doubt: Paris. Certain.", 'paper')[1] == 'uncertain'   # bare "no" (the paper's rule)
    assert oc.parse_certainty("Certainly Paris")[1] == 'unparsed'                       # never silently assigned
    assert oc.parse_certainty("Norway")[1] == 'unparsed'
    assert oc.parse_certainty("Norway", 'paper')[1] == 'unparsed'
    assert oc.n_disagree(["No doubt: Paris. Certain.", "Paris, certain", "False, Rome, certain"]) == 2


def test_challenge_sends_the_models_own_first_answer_back():
    firsts = {'Who wrote Hamlet?': 'Marlowe', 'Capital of Peru?': 'Cusco'}
    def script(prompt, i, seed):
        text = prompt if isinstance(prompt, str) else prompt[-1]['content']
        if text.endswith('Judgement:') or text == oc.CHALLENGE_TURN: return 'certain'
        return firsts[text.rsplit('Question: ', 1)[1].split('\n')[0]]
    for chat in (False, True):
        fake = oc.RecordingFake(script)
        res = oc.ask_strategy(LLM(fake, cache=False, progress=False), 'challenge', list(firsts), oc.GenConfig(shots=1, chat=chat))
        assert len(fake.prompts) == 4
        for q, p in zip(firsts, fake.prompts[2:]):
            if chat:
                assert p[1] == dict(role='assistant', content=firsts[q]) and p[2]['content'] == oc.CHALLENGE_TURN
                assert q in p[0]['content']
            else:
                assert p.endswith(f"Question: {q}\nAnswer: {firsts[q]}\n{oc.CHALLENGE_TURN}\nJudgement:")
        assert res.answer_response.tolist() == list(firsts.values()) and res.response.tolist() == ['certain'] * 2


def test_adaptive_augmentation_retrieves_only_for_uncertain():
    labels = ['certain', 'uncertain', 'certain', 'unparsed', 'uncertain', 'certain']
    calls = []
    def retrieve(i): calls.append(i); return f'doc{i}'
    out, need = oc.adaptive_augmentation(labels, [f'own{i}' for i in range(6)], retrieve, lambda i, d: f'ra:{d}', unparsed='keep')
    assert calls == [1, 4] and need.sum() == 2
    assert out == ['own0', 'ra:doc1', 'own2', 'own3', 'ra:doc4', 'own5']
    calls.clear()
    out, need = oc.adaptive_augmentation(labels, [f'own{i}' for i in range(6)], retrieve, lambda i, d: f'ra:{d}')
    assert calls == [1, 3, 4]


def test_augmentation_table_counts_retrievals(tmp_path):
    q = pd.DataFrame(dict(id=list('abcd'), question=['Q1?', 'Q2?', 'Q3?', 'Q4?'], answers=[['Lima']] * 4))
    rep = pd.DataFrame(dict(model='m', id=list('abcd') * 2, kind=['strategy'] * 4 + ['ra'] * 4, name=['vanilla'] * 4 + ['sparse'] * 4,
                            response=['Lima, certain', 'Cusco, uncertain', 'Cusco, certain', 'Lima', 'Lima, certain', 'Lima, certain',
                                      'Cusco, certain', 'Tom, uncertain'], logprobs=[[-0.1]] * 8))
    rep['answer_response'] = rep['response']
    lab = oc.label_replies(rep, q)
    t = oc.augmentation_table(lab, sources=('sparse',), n_boot=0).set_index('documents')
    assert t.loc['sparse', 'ra_rate'] == 0.5                 # b (uncertain) and d (unparsed)
    assert t.loc['sparse', 'static_acc'] == 0.5
    assert t.loc['none', 'adaptive_acc'] == 0.5              # own answers: a and d correct
    assert t.loc['sparse', 'adaptive_acc'] == 0.5            # a own (correct), b RA (correct), c own (wrong), d RA (wrong)


def test_replay_never_samples(tmp_path):
    q = pd.DataFrame(dict(id=['x'], question=['What is the capital of Peru?'], answers=[['Lima']]))
    gc = GenerationCache(tmp_path/'a.sqlite')
    llm = LLM(FakeBackend(oc.fake_model_answer, model='m1'), cache=gc, progress=False); llm.backend.kind = 'local'
    first = oc.collect_replies(llm, q, None, oc.gen_config('m1'))
    gc.export_jsonl(tmp_path/'g.jsonl.gz', keys=llm.keys)
    again = oc.collect_replies(oc.replay_llm('m1', tmp_path/'g.jsonl.gz', tmp_path/'b.sqlite'), q, None, oc.gen_config('m1'))
    assert again.response.tolist() == first.response.tolist()
    with pytest.raises(KeyError, match='generation missing'):
        oc.collect_replies(oc.replay_llm('m1', tmp_path/'g.jsonl.gz', tmp_path/'b.sqlite'), q, None, oc.gen_config('m1', shots=0))
