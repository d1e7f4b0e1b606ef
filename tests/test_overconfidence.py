"""When-to-retrieve (issues 6 and 13): metrics against hand counts, the certainty parser on real-looking replies, the
two-turn Challenge prompt, adaptive augmentation's retriever calls, and the replay of exported generations."""
import numpy as np
import pandas as pd
import pytest
from conformal_rag.llm import LLM, FakeBackend, replay_llm
from conformal_rag.cache import GenerationCache
from conformal_rag.llm import RecordingFake
from conformal_rag import overconfidence as oc, w2r_collect as wc, w2r_metrics as wm


def test_cells_and_metrics_by_hand():
    # 3 correct+certain, 1 correct+uncertain, 4 incorrect+certain, 2 incorrect+uncertain, 2 unparsed (1 correct)
    correct = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0]
    labels = ['certain'] * 3 + ['uncertain'] + ['certain'] * 4 + ['uncertain'] * 2 + ['unparsed'] * 2
    cells = wm.certainty_cells(np.array(correct, bool), labels)
    assert cells == dict(N_cc=3, N_cu=1, N_ic=4, N_iu=2, N=10, unparsed=2)
    m = wm.metrics_from_cells(cells)
    assert m == pytest.approx(dict(unc_rate=0.3, accuracy=0.4, overconfidence=0.4, conservativeness=0.1, alignment=0.5))
    paper = wm.metrics_from_cells(wm.certainty_cells(np.array(correct, bool), labels, unparsed='certain'))
    assert paper == pytest.approx(dict(unc_rate=3/12, accuracy=5/12, overconfidence=5/12, conservativeness=1/12, alignment=6/12))
    r = wm.overconfidence_metrics(np.array(correct, bool), labels, n_boot=400, seed=1)
    assert r['parse_rate'] == pytest.approx(10/12)
    for k in wm.METRICS: assert r[f'{k}_lo'] <= r[k] <= r[f'{k}_hi']


def test_metrics_are_not_trivially_constant():
    # swapping the labels of the incorrect replies must move overconfidence to conservativeness-free alignment
    c = np.array([0, 0, 0, 1], bool)
    a = wm.metrics_from_cells(wm.certainty_cells(c, ['certain'] * 4))
    b = wm.metrics_from_cells(wm.certainty_cells(c, ['uncertain'] * 3 + ['certain']))
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
    firsts = {'Who wrote Hamlet?': 'Marlowe, certain', 'Capital of Peru?': 'Cusco'}
    def script(prompt, i, seed):
        text = prompt if isinstance(prompt, str) else prompt[-1]['content']
        if text.endswith('Assistant:') or text == oc.CHALLENGE_TURN: return 'certain'
        return firsts[text.rsplit('Question: ', 1)[1].split('\n')[0]]
    for chat in (False, True):
        fake = RecordingFake(script)
        res = wc.ask_strategy(LLM(fake, cache=False, progress=False), 'challenge', list(firsts), wc.GenConfig(shots=1, chat=chat))
        assert len(fake.prompts) == 4
        for q, p in zip(firsts, fake.prompts[2:]):
            if chat:
                assert p[-2] == dict(role='assistant', content=firsts[q]) and p[-1]['content'] == oc.CHALLENGE_TURN
                assert p[-3]['content'] == oc.strategy_prompt('vanilla', q, 1)
            else:
                assert p.endswith(f"User: {oc.strategy_prompt('vanilla', q, 1)}\nAssistant: {firsts[q]}\n\nUser: {oc.CHALLENGE_TURN}\nAssistant:")
        assert res.answer_response.tolist() == list(firsts.values()) and res.response.tolist() == ['certain'] * 2


def test_challenge_uses_the_papers_wording_and_keeps_the_certainty_sentence_in_turn_1():
    # issue 13 item 10: paper Figure 5 (the authors' utils/llm.py, prompt_challenge)
    assert oc.CHALLENGE_TURN == ('I do not think your answer is right. If you are still sure that your answer is accurate '
                                 'and correct, please say "certain". Otherwise, say "uncertain".')
    msgs = oc.challenge_prompt('What is the capital of Peru?', 'Lima, certain', shots=0, chat=True)
    assert msgs[0]['content'] == oc.strategy_prompt('vanilla', 'What is the capital of Peru?')
    assert oc.CERTAINTY.strip() in msgs[0]['content']                  # turn 1 keeps the certainty sentence
    assert [m['role'] for m in msgs] == ['user', 'assistant', 'user'] and msgs[2]['content'] == oc.CHALLENGE_TURN
    # turn 1 is literally the Vanilla prompt (with its demonstrations), so its replies are Vanilla's, served from the cache
    fake = RecordingFake(lambda p, i, s: 'Lima, certain')
    llm = LLM(fake, cache=False, progress=False)
    wc.ask_strategy(llm, 'challenge', ['Q?'], wc.GenConfig(shots=2))
    assert fake.prompts[0] == oc.strategy_prompt('vanilla', 'Q?', 2)


def test_ra_prompt_is_the_papers_figure_10_without_a_certainty_sentence():
    # issue 13 item 10: the authors' prompt_dict['qa']['ra'] (their static RA), no certainty sentence
    p = oc.ra_prompt('Who painted it?', 'Some  passage.')
    assert p == ("Given the following information: \nPassage-0: Some passage.\nAnswer the following question based on the "
                 "given information or your internal knowledge with one or few words.\nQuestion: Who painted it?\nAnswer:")
    assert 'certain' not in oc.ra_prompt('Who painted it?', 'Some passage.', shots=2)
    assert oc.CERTAINTY.strip() in oc.ra_prompt('Who painted it?', 'Some passage.', certainty=True)   # only behind the switch
    fake = RecordingFake(lambda p, i, s: 'Lima')
    wc.ask_ra(LLM(fake, cache=False, progress=False), ['Q?'], ['Doc.'], wc.GenConfig(shots=2))
    assert 'certain' not in fake.prompts[0]


def _hand_labelled(rows):
    r = pd.DataFrame(rows, columns=['id', 'kind', 'name', 'response', 'correct']).assign(model='m', token_conf=0.5)
    r['answer'] = [oc.parse_certainty(x)[0] for x in r.response]
    r['label'] = [oc.parse_certainty(x)[1] for x in r.response]
    r['paper_label'] = [oc.parse_certainty(x, 'paper')[1] for x in r.response]
    return r


def test_certainty_level_of_known_vanilla_punish_pairs():
    # issue 13 item 9: paper Section 5.1, Level 1 is c = 0 and Level 2 is c = 1, c the Vanilla certainty
    assert wm.certainty_level(['uncertain'], ['certain']).tolist() == [1]     # c = 0 (certain under Punish only)
    assert wm.certainty_level(['certain'], ['uncertain']).tolist() == [2]     # c = 1 (certain under Vanilla only)
    assert wm.certainty_level(['uncertain', 'certain'], ['uncertain', 'certain']).tolist() == [0, 3]
    rep = _hand_labelled([('a', 'strategy', 'vanilla', 'Lima, uncertain', True), ('a', 'strategy', 'punish', 'Lima, certain', True),
                          ('a', 'ra', 'gold', 'Lima', True), ('a', 'ra', 'corrupted', 'Lima', True)])
    lv = wm.level_table(rep, pd.DataFrame(dict(id=['a'], gold=['Lima is in Peru.']))).set_index('level')
    assert lv.loc[1, 'n'] == 1 and lv.loc[2, 'n'] == 0                       # the levels come from (Vanilla, Punish)


def test_corruption_counts_right_without_and_wrong_with_the_passage():
    # issue 13 item 11: of the questions right without the passage, those wrong with the corrupted one
    assert wm.corruption_counts([1, 1, 1, 0, 0, 1], [0, 1, 0, 0, 1, 1]) == dict(right_without=4, corrupted=2, corruption=0.5)
    rows = []
    for i, (own_ok, own, bad_ok, bad) in enumerate([(True, 'Lima, certain', False, 'Cusco'),   # wrong with the passage, no "Tom": corrupted
                                                    (True, 'Oslo, certain', True, 'Oslo'),     # right both times
                                                    (False, 'Rome, certain', False, 'Tom'),    # wrong before: cannot be corrupted
                                                    (True, 'Kyiv, certain', False, 'Tom')]):   # right, then "Tom": corrupted
        q = 'q%d' % i
        rows += [(q, 'strategy', 'vanilla', own, own_ok), (q, 'strategy', 'punish', own, own_ok),
                 (q, 'ra', 'gold', own, own_ok), (q, 'ra', 'corrupted', bad, bad_ok)]
    docs = pd.DataFrame(dict(id=['q0', 'q1', 'q2', 'q3'], gold=['Lima.', 'Oslo.', 'Paris.', 'Kyiv.']))
    lv = wm.level_table(_hand_labelled(rows), docs).set_index('level')
    assert lv.loc[3, ['n', 'right_without', 'corrupted']].tolist() == [4, 3, 2]
    assert lv.loc[3, 'corruption'] == pytest.approx(2 / 3)


def test_headline_tables_use_the_papers_rule_and_say_when_the_parsed_only_ones_disagree():
    # issue 13 item 12: two wrong replies without a label count as certain under the paper's rule
    rep = _hand_labelled([(q, 'strategy', 'vanilla', r, ok) for q, r, ok in
                          [('a', 'Cusco', False), ('b', 'Cusco', False), ('c', 'Lima, uncertain', True), ('d', 'Cusco, uncertain', False)]])
    head, parsed = wm.rule_tables(rep, n_boot=0)
    h, p = head.iloc[0], parsed.iloc[0]
    assert (h['rule'], h['N'], h['overconfidence'], h['direction']) == ('paper', 4, 0.5, 'overconfident')
    assert (p['rule'], p['N'], p['overconfidence'], p['direction']) == ('strict', 2, 0.0, 'conservative')
    for t in (h, p): assert (t['parse_rate_strict'], t['parse_rate_paper_rule']) == (0.5, 0.5)
    note = wm.direction_note(head, parsed)
    assert 'DISAGREE' in note and 'm Vanilla' in note and '0.500' in note
    assert 'DISAGREE' not in wm.direction_note(head, head)


def test_committed_table2_is_the_paper_rule_with_both_parse_rates():
    from conformal_rag.paths import figures_dir
    t2, t2s = (pd.read_csv(figures_dir('overconfidence') / f) for f in ('table2.csv', 'table2_parsed_only.csv'))
    assert set(t2['rule']) == {'paper'} and set(t2s['rule']) == {'strict'}
    assert (t2['N'] == t2['n']).all()                                        # every reply counted, as the paper does
    for t in (t2, t2s): assert {'parse_rate_strict', 'parse_rate_paper_rule', 'direction'} <= set(t.columns)


def test_adaptive_augmentation_retrieves_only_for_uncertain():
    labels = ['certain', 'uncertain', 'certain', 'unparsed', 'uncertain', 'certain']
    calls = []
    def retrieve(i): calls.append(i); return f'doc{i}'
    out, need = wm.adaptive_augmentation(labels, [f'own{i}' for i in range(6)], retrieve, lambda i, d: f'ra:{d}', unparsed='keep')
    assert calls == [1, 4] and need.sum() == 2
    assert out == ['own0', 'ra:doc1', 'own2', 'own3', 'ra:doc4', 'own5']
    calls.clear()
    out, need = wm.adaptive_augmentation(labels, [f'own{i}' for i in range(6)], retrieve, lambda i, d: f'ra:{d}')
    assert calls == [1, 3, 4]


def test_augmentation_table_counts_retrievals(tmp_path):
    q = pd.DataFrame(dict(id=list('abcd'), question=['Q1?', 'Q2?', 'Q3?', 'Q4?'], answers=[['Lima']] * 4))
    rep = pd.DataFrame(dict(model='m', id=list('abcd') * 2, kind=['strategy'] * 4 + ['ra'] * 4, name=['vanilla'] * 4 + ['sparse'] * 4,
                            response=['Lima, certain', 'Cusco, uncertain', 'Cusco, certain', 'Lima', 'Lima, certain', 'Lima, certain',
                                      'Cusco, certain', 'Tom, uncertain'], logprobs=[[-0.1]] * 8))
    rep['answer_response'] = rep['response']
    lab = wc.label_replies(rep, q)
    t = wm.augmentation_table(lab, sources=('sparse',), n_boot=0).set_index('documents')
    assert t.loc['sparse', 'ra_rate'] == 0.5                 # b (uncertain) and d (unparsed)
    assert t.loc['sparse', 'static_acc'] == 0.5
    assert t.loc['none', 'adaptive_acc'] == 0.5              # own answers: a and d correct
    assert t.loc['sparse', 'adaptive_acc'] == 0.5            # a own (correct), b RA (correct), c own (wrong), d RA (wrong)


def test_replay_never_samples(tmp_path):
    q = pd.DataFrame(dict(id=['x'], question=['What is the capital of Peru?'], answers=[['Lima']]))
    gc = GenerationCache(tmp_path/'a.sqlite')
    llm = LLM(FakeBackend(wc.fake_model_answer, model='m1'), cache=gc, progress=False); llm.backend.kind = 'local'
    first = wc.collect_replies(llm, q, None, wc.gen_config('m1'))
    gc.export_jsonl(tmp_path/'g.jsonl.gz', keys=llm.keys)
    again = wc.collect_replies(replay_llm(tmp_path/'g.jsonl.gz', 'm1', cache_path=tmp_path/'b.sqlite'), q, None, wc.gen_config('m1'))
    assert again.response.tolist() == first.response.tolist()
    with pytest.raises(KeyError, match='generation missing'):
        wc.collect_replies(replay_llm(tmp_path/'g.jsonl.gz', 'm1', cache_path=tmp_path/'b.sqlite'), q, None, wc.gen_config('m1', shots=0))


# --- issue 18: the format line, NQ-open and the opt-in model's exports ----------------------------------------------

@pytest.mark.parametrize('strategy', list(oc.STRATEGIES))
def test_format_line_is_the_only_difference_from_the_papers_prompt(strategy):
    q = 'Who wrote Hamlet?'
    paper, ours = oc.strategy_prompt(strategy, q), oc.strategy_prompt(strategy, q, format_line=True)
    assert paper.startswith(oc.STRATEGIES[strategy]['instruction'] + '\nQuestion: ')     # zero-shot: the paper's prompt, no demonstration
    assert ours.replace(oc.FORMAT_LINE, '', 1) == paper and ours.count(oc.FORMAT_LINE) == 1


def _first_user_turns(path):
    import gzip, json
    with gzip.open(path, 'rt') as f: recs = [json.loads(l) for l in f]
    turns = []
    for r in recs:
        p = r['request']['prompt']
        turns.append(p[0]['content'] if isinstance(p, list) else p)
    return recs, turns


@pytest.mark.parametrize('name,format_line', [('overconfidence_qwen_generations.jsonl.gz', False),
                                              ('overconfidence_qwen_format_line_generations.jsonl.gz', True)])
def test_opt_in_model_exports_hold_one_wording_each_zero_shot(name, format_line):
    from conformal_rag.paths import data_dir
    recs, turns = _first_user_turns(data_dir(name))
    assert {r['request']['model'] for r in recs} == {'qwen2.5-coder-1.5b-instruct'}
    assert all((oc.FORMAT_LINE in t) == format_line for t in turns)          # each file holds one wording only
    assert not any('Canberra' in t for t in turns)                            # zero-shot: no demonstration
    questions = {t.rsplit('\nQuestion: ', 1)[1].split('\n')[0] for t in turns if '\nQuestion: ' in t}
    assert len(questions) >= 200                                              # the "at least 200 questions"


def test_committed_tables_have_an_nq_open_column():
    from conformal_rag.paths import figures_dir
    t = pd.read_csv(figures_dir('overconfidence') / 'table3_by_dataset.csv')
    assert set(t['dataset']) == {'embedded wiki', 'nq-open'}
    nq = t[t.dataset == 'nq-open']
    assert set(nq['strategy']) == {s['label'] for s in oc.STRATEGIES.values()} and (nq['n'] == 200).all()
    assert set(nq['model']) == set(wc.W2R_DEFAULTS['models'])
