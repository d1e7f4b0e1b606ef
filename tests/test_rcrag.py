"""RC-RAG (issue 7): the risk metrics against hand-made AK/AD/UK/UD tables (empty cells included), the reply parsers,
and the judgment and fusion logic on scripted model replies (a fake backend that replays fixed answers): agreement,
disagreement, N rounds, the "unknown" rule, unparseable keep/discard replies, probability comparison, and replay.
Issue 13: IoE's second step (items 13) and unparsed judgments as their own outcome, metrics on parsed questions (14)."""
import re
import numpy as np
import pandas as pd
import pytest
from conformal_rag.llm import LLM, FakeBackend, replay_llm
from conformal_rag.cache import GenerationCache
from conformal_rag import rcrag as rc, rcrag_metrics as rm, rcrag_collect as rcc
from conformal_rag import rcrag_prompts as rp


# --- metrics -------------------------------------------------------------------------------------------------------

def table(AK, AD, UK, UD):
    "Labels and decisions with the given cell counts."
    labels = ['keep'] * (AK + AD) + ['discard'] * (UK + UD)
    decisions = ['keep'] * AK + ['discard'] * AD + ['keep'] * UK + ['discard'] * UD
    return labels, decisions


@pytest.mark.parametrize('cells,expected', [
    ((3, 1, 2, 4), dict(risk=2/5, carefulness=4/6, alignment=7/10, coverage=5/10)),
    ((5, 0, 0, 5), dict(risk=0.0, carefulness=1.0, alignment=1.0, coverage=0.5)),
    ((0, 4, 0, 6), dict(risk=np.nan, carefulness=1.0, alignment=0.6, coverage=0.0)),       # nothing kept
    ((2, 0, 3, 0), dict(risk=3/5, carefulness=0.0, alignment=0.4, coverage=1.0)),          # everything kept
    ((4, 2, 0, 0), dict(risk=0.0, carefulness=np.nan, alignment=4/6, coverage=4/6)),       # no unanswerable question
    ((0, 0, 3, 1), dict(risk=1.0, carefulness=1/4, alignment=1/4, coverage=3/4)),          # no answerable question
    ((0, 0, 0, 0), dict(risk=np.nan, carefulness=np.nan, alignment=np.nan, coverage=np.nan)),  # no question
])
def test_metrics_by_hand(cells, expected):
    labels, decisions = table(*cells)
    c = rm.risk_cells(labels, decisions)
    assert (c['AK'], c['AD'], c['UK'], c['UD'], c['n']) == (*cells, sum(cells))
    got = rm.risk_metrics(c)
    for k, v in expected.items():
        if np.isnan(v): assert np.isnan(got[k]), (k, got[k])
        else: assert got[k] == pytest.approx(v), k


def test_risk_is_reported_undefined_not_zero_when_nothing_is_kept():
    labels, decisions = table(0, 4, 0, 6)
    s = rm.risk_summary(labels, decisions, n_boot=200, seed=3)
    assert np.isnan(s['risk']) and np.isnan(s['risk_lo']) and np.isnan(s['risk_hi'])
    assert s['risk_undefined_boot'] == 200
    assert rm.format_metric(s['risk'], s['risk_lo'], s['risk_hi']) == 'undefined'
    d = pd.DataFrame(dict(model='m', retriever='dense', id=range(10), label=labels, method='IoE', N=0, raw=decisions, decision=decisions))
    shown = rm.display_table(rm.metric_table(d, ['IoE'], n_boot=50))
    assert shown.risk.item() == 'undefined' and shown.coverage.item().startswith('0.000')


def test_bootstrap_intervals_cover_and_shrink():
    rng = np.random.default_rng(0)
    n = 3000
    labels = np.where(rng.random(n) < 0.6, 'keep', 'discard')
    decisions = np.where(rng.random(n) < np.where(labels == 'keep', 0.8, 0.3), 'keep', 'discard')
    s = rm.risk_summary(labels, decisions, n_boot=300, seed=1)
    # population values: risk = 0.4*0.3 / (0.6*0.8 + 0.4*0.3), coverage = 0.6, carefulness = 0.7
    assert s['risk'] == pytest.approx(0.12 / 0.6, abs=0.03) and s['carefulness'] == pytest.approx(0.7, abs=0.03)
    for m in rm.RISK_METRICS:
        assert s[f'{m}_lo'] <= s[m] <= s[f'{m}_hi'] and s[f'{m}_hi'] - s[f'{m}_lo'] < 0.06, m


def test_metric_validation():
    with pytest.raises(ValueError, match=r"unknown labels \['answerable'\]"): rm.risk_cells(['answerable'], ['keep'])
    with pytest.raises(ValueError, match='2 labels for 1 decisions'): rm.risk_cells(['keep', 'keep'], ['keep'])


# --- parsers -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize('reply,robust,paper', rp.KEEP_DISCARD_CASES, ids=lambda x: str(x)[:20])
def test_keep_discard_parser(reply, robust, paper):
    assert rp.parse_keep_discard(reply) == robust
    assert rp.parse_keep_discard(reply, 'paper') == paper


@pytest.mark.parametrize('row', rp.PARSE_CASES.to_dict('records'), ids=lambda r: r['reply'][:25])
def test_reply_parser(row):
    p = rp.parse_reply(row['reply'])
    assert (p.answer, p.evidence, p.reject) == (row['answer'], row['evidence'], row['reject'])


def test_probability_parser():
    assert rp.parse_probability('Probability: 0.35') == 0.35
    assert rp.parse_probability('I am 90% sure') == 0.9
    assert rp.parse_probability('definitely') is None and rp.parse_probability('Probability: 7.5') is None


# --- judgment and fusion on scripted replies -----------------------------------------------------------------------

ORDER = ['fusion_probability', 'fusion_usage', 'fusion_quality', 'cf_quality_no_ids', 'cf_quality', 'cf_usage', 'ioe', 'ioe_decision', 'calibration']

def kind_and_round(prompt):
    "Which prompt a chat prompt ends with, and (for counterfactual prompts) its round."
    last = prompt[-1]['content']
    if last.startswith(rp.RAG_INSTRUCTION): return 'rag', 0
    if last.startswith('Given the following information'): return 'priori', 0
    for k in ORDER:
        if k in rp.RCRAG_PROMPTS and last == rp.user_turn(k, chat=True):
            return k, sum(m['role'] == 'user' and m['content'] == last for m in prompt)
    raise AssertionError(f'unknown prompt {last[:80]!r}')


class Scripted(FakeBackend):
    "Replies from a table {(question, kind, round): reply}; rounds default to round 1's reply; records prompts."
    def __init__(self, script):
        super().__init__(self.reply, model='scripted')
        self.script, self.asked = script, []

    def reply(self, prompt, i, seed):
        kind, r = kind_and_round(prompt)
        q = re.findall(r'Question: ([^\n]*)', prompt[0]['content'])[-1]
        self.asked.append((q, kind, r, prompt))
        for key in ((q, kind, r), (q, kind, 1), (q, kind, 0)):
            if key in self.script: return self.script[key]
        return {'fusion_probability': 'Probability: 0.5', 'ioe': 'x', 'calibration': '0.5', 'priori': 'x'}.get(kind, 'zzz')


Q = pd.DataFrame(dict(id=['a', 'b', 'c', 'd', 'e'], answers=[['Lima'], ['Oslo'], ['Bern'], ['Rome'], ['Kyiv']],
                      question=['Capital of Peru?', 'Capital of Norway?', 'Capital of Switzerland?', 'Capital of Italy?', 'Capital of Ukraine?']))
P = [['Lima is in Peru.', 'Cusco is old.', 'Quito is far.']] * 5


def run(script, **cfg):
    fake = Scripted(script)
    cfg = dict(chat=True, shots=0, rounds=3, no_ids_rounds=1) | cfg
    r = rc.run_rcrag(LLM(fake, cache=False, progress=False), Q, P, rc.RCConfig(**cfg))
    return r, rc.decision_table(r), fake


def pick(d, qid, method, N):
    return d[(d.id == qid) & (d.method == method) & (d.N == N)].iloc[0]


BASE = {
    # a: both sides keep the answer for 3 rounds (agreement, answerable)
    ('Capital of Peru?', 'rag', 0): 'Lima.\nEvidence: ## Passage-0 ##.',
    ('Capital of Peru?', 'cf_usage', 1): 'Lima', ('Capital of Peru?', 'cf_quality', 1): 'Lima\nEvidence: ## Passage-0 ##',
    ('Capital of Peru?', 'cf_quality_no_ids', 1): 'Lima',
    # b: CF-usage keeps, CF-quality changes the answer (disagreement); direct selection replies "$$ keep $$"
    ('Capital of Norway?', 'rag', 0): 'Oslo.\nEvidence: ## Passage-1 ##.',
    ('Capital of Norway?', 'cf_usage', 1): 'Oslo', ('Capital of Norway?', 'cf_quality', 1): 'Bergen',
    ('Capital of Norway?', 'fusion_quality', 0): 'I choose $$ keep $$.',
    ('Capital of Norway?', 'cf_quality_no_ids', 1): 'Bergen',
    # c: disagreement; the fusion reply says neither keep nor discard (unparseable)
    ('Capital of Switzerland?', 'rag', 0): 'Zurich.\nEvidence: ## Passage-2 ##.',
    ('Capital of Switzerland?', 'cf_usage', 1): 'Geneva', ('Capital of Switzerland?', 'cf_quality', 1): 'Zurich',
    ('Capital of Switzerland?', 'fusion_usage', 0): 'Well, it depends.',
    ('Capital of Switzerland?', 'cf_quality_no_ids', 1): 'Zurich',
    # d: the RAG answer is a refusal that both sides repeat: kept by both, then discarded by the unknown rule
    ('Capital of Italy?', 'rag', 0): 'Unknown.', ('Capital of Italy?', 'cf_usage', 1): 'Unknown',
    ('Capital of Italy?', 'cf_quality', 1): 'unknown', ('Capital of Italy?', 'cf_quality_no_ids', 1): 'Unknown',
    # e: both sides keep in round 1, CF-usage changes its answer in round 2 (N rounds)
    ('Capital of Ukraine?', 'rag', 0): 'Kyiv.\nEvidence: ## Passage-0 ##.', ('Capital of Ukraine?', 'cf_usage', 1): 'Kyiv',
    ('Capital of Ukraine?', 'cf_usage', 2): 'Lviv', ('Capital of Ukraine?', 'cf_quality', 1): 'Kyiv',
    ('Capital of Ukraine?', 'cf_quality_no_ids', 1): 'Kyiv',
    ('Capital of Ukraine?', 'fusion_usage', 0): '$$ discard $$',
}


def test_labels_follow_the_rag_answer():
    r, d, _ = run(BASE)
    assert r.labels == ['keep', 'keep', 'discard', 'discard', 'keep']
    assert [x.reject for x in r.rag] == [False, False, False, True, False]


def test_agreement_passes_through_without_a_fusion_prompt():
    r, d, fake = run(BASE)
    for N in (1, 2, 3):
        assert pick(d, 'a', 'CF (direct)', N).decision == 'keep'
        assert pick(d, 'a', 'CF (probability)', N).decision == 'keep'
    assert not [a for a in fake.asked if a[0] == 'Capital of Peru?' and a[1].startswith('fusion')]
    assert len([a for a in fake.asked if a[0] == 'Capital of Peru?' and a[1] == 'cf_usage']) == 3   # 3 rounds asked


def test_disagreement_direct_selection_keep_reply():
    r, d, fake = run(BASE)
    row = pick(d, 'b', 'CF (direct)', 1)
    assert (pick(d, 'b', 'CF-usage only', 1).decision, pick(d, 'b', 'CF-quality only', 1).decision) == ('keep', 'discard')
    assert row.decision == 'keep'
    # the fusion prompt continues the discarding side's (CF-quality's) dialogue, ending with its own "Bergen"
    asked = [a[3] for a in fake.asked if a[0] == 'Capital of Norway?' and a[1] == 'fusion_quality']
    assert asked and asked[0][-2] == dict(role='assistant', content='Bergen')
    assert not [a for a in fake.asked if a[0] == 'Capital of Norway?' and a[1] == 'fusion_usage']
    assert pick(d, 'b', 'CF (safety)', 1).decision == 'discard'


def test_unparseable_keep_discard_reply():
    r, d, _ = run(BASE)
    assert rp.parse_keep_discard(r.fusion[(2, 1)]['direct']) is None
    assert pick(d, 'c', 'CF (direct)', 1).decision == 'discard'                       # default: discard
    assert pick(rc.decision_table(r, unparsed='keep'), 'c', 'CF (direct)', 1).decision == 'keep'
    rates = rm.parse_rate_table(r.reply_table())
    fd = rates[rates.step == 'fusion_direct']
    n_direct = len(r.reply_table().query("step == 'fusion_direct'"))
    assert fd.n.item() == n_direct and fd.parse_rate.item() == pytest.approx(1 - sum(
        rp.parse_keep_discard(t) is None for t in r.reply_table().query("step == 'fusion_direct'").response) / n_direct)
    assert fd.parse_rate.item() < 1


def test_unknown_rule_discards_a_kept_refusal():
    r, d, _ = run(BASE)
    for m in ('CF (direct)', 'CF-usage only', 'CF-quality only'):
        row = pick(d, 'd', m, 1)
        assert (row.raw, row.decision) == ('keep', 'discard'), m
    no_rule = rc.decision_table(r, apply_unknown_rule=False)
    assert pick(no_rule, 'd', 'CF (direct)', 1).decision == 'keep'


def test_rounds_discard_when_any_round_changes_the_answer():
    r, d, fake = run(BASE)
    assert r.rounds['cf_usage'][4] == ['continue', 'discard']            # round 3 is not asked after a discard
    assert [pick(d, 'e', 'CF-usage only', N).decision for N in (1, 2, 3)] == ['keep', 'discard', 'discard']
    assert pick(d, 'e', 'CF (direct)', 1).decision == 'keep'             # agreement at N = 1
    assert pick(d, 'e', 'CF (direct)', 2).decision == 'discard'          # disagreement at N = 2: "$$ discard $$"
    # each round's prompt carries the previous rounds' answers as the model's turns
    r2 = [a[3] for a in fake.asked if a[0] == 'Capital of Ukraine?' and a[1] == 'cf_usage' and a[2] == 2][0]
    assert [m['content'] for m in r2 if m['role'] == 'assistant'] == ['Kyiv', 'Kyiv']


def test_probability_comparison():
    script = dict(BASE)
    script[('Capital of Norway?', 'fusion_probability', 0)] = 'Probability: 0.2'   # both sides' reply: a tie discards
    r, d, _ = run(script)
    assert pick(d, 'b', 'CF (probability)', 1).decision == 'discard'
    # scripted per side: CF-usage (kept Oslo) is more confident than CF-quality (Bergen)
    def script_fn(prompt, i, seed):
        kind, _ = kind_and_round(prompt)
        if kind == 'fusion_probability':
            return '0.9' if prompt[-2]['content'] == 'Oslo' else 'Probability: 0.1'
        return Scripted(BASE).reply(prompt, i, seed)
    r = rc.run_rcrag(LLM(FakeBackend(script_fn), cache=False, progress=False), Q, P, rc.RCConfig(chat=True, shots=0, rounds=1))
    assert pick(rc.decision_table(r), 'b', 'CF (probability)', 1).decision == 'keep'


def test_baselines():
    script = dict(BASE)
    script.update({('Capital of Peru?', 'ioe', 0): 'Lima', ('Capital of Norway?', 'ioe', 0): 'Bergen',
                   ('Capital of Peru?', 'calibration', 0): 'Probability: 0.6', ('Capital of Norway?', 'calibration', 0): '0.59',
                   ('Capital of Peru?', 'priori', 0): 'Lima', ('Capital of Norway?', 'priori', 0): 'Unknown'})
    r, d, _ = run(script)
    assert [pick(d, q, 'IoE', 0).decision for q in 'ab'] == ['keep', 'discard']
    assert [pick(d, q, 'Calibration', 0).decision for q in 'ab'] == ['keep', 'discard']        # threshold 0.6
    assert pick(rc.decision_table(r, threshold=0.5), 'b', 'Calibration', 0).decision == 'keep'
    assert [pick(d, q, 'Priori', 0).decision for q in 'ab'] == ['keep', 'discard']


def test_text_dialogue_for_base_models():
    seen = []
    def script_fn(prompt, i, seed):
        seen.append(prompt)
        return 'Lima.\nEvidence: ## Passage-0 ##.'
    rc.run_rcrag(LLM(FakeBackend(script_fn), cache=False, progress=False), Q.iloc[:1], P[:1], rc.RCConfig(shots=1, rounds=2, baselines=False))
    assert all(isinstance(p, str) for p in seen)
    r2 = [p for p in seen if p.count(rp.RCRAG_PROMPTS['cf_usage']['text']) == 2][0]
    assert r2.endswith(rp.RCRAG_PROMPTS['cf_usage']['text'] + '\nAnswer: Lima\n' + rp.RCRAG_PROMPTS['cf_usage']['text'] + '\nAnswer:')
    assert 'Answer: Canberra.\nEvidence: ## Passage-1 ##.' in r2     # the demonstration


def test_replay_never_samples(tmp_path):
    gc = GenerationCache(tmp_path/'a.sqlite')
    first = rc.run_rcrag(LLM(FakeBackend(rc.fake_rcrag_reply, model='m1'), cache=gc, progress=False), Q, P, rc.RCConfig(rounds=2))
    llm_keys = LLM(FakeBackend(rc.fake_rcrag_reply, model='m1'), cache=gc, progress=False)
    rc.run_rcrag(llm_keys, Q, P, rc.RCConfig(rounds=2))
    gc.export_jsonl(tmp_path/'g.jsonl.gz', keys=llm_keys.keys)
    llm = replay_llm(tmp_path/'g.jsonl.gz', 'fake:m1')
    again = rc.run_rcrag(llm, Q, P, rc.RCConfig(rounds=2))
    assert again.reply_table().response.tolist() == first.reply_table().response.tolist()
    with pytest.raises(KeyError, match='generation missing'):
        rc.run_rcrag(llm, Q, P, rc.RCConfig(rounds=2, shots=0))


def test_parallel_collection_exports_what_one_process_does(tmp_path):
    "Models sampled in their own processes (jobs=2), then exported from the shared cache: the same file as jobs=1."
    kw = dict(models=['fake-a', 'fake-b'], n_questions=3, backend='fake', pilot=False, rounds=2, block=2, log=lambda *a: None)
    one = rcc.collect_rcrag_generations(out=tmp_path/'one.jsonl.gz', cache=tmp_path/'one.sqlite', jobs=1, **kw)
    two = rcc.collect_rcrag_generations(out=tmp_path/'two.jsonl.gz', cache=tmp_path/'two.sqlite', jobs=2, **kw)
    read = lambda p: __import__('gzip').open(p).read()
    assert read(one) == read(two)
    keys = rcc.export_keys(two)
    assert len(keys) > 2 * 3 * 4
    models = {__import__('json').loads(l)['request']['model'] for l in read(two).decode().splitlines()}
    assert models == {'fake-a', 'fake-b'}


def test_paper_dataset_from_a_local_dpr_file(tmp_path):
    "RC-NQ's path, offline: an NQ file in DPR's biencoder format, live BM25 and dense top-3 retrieval, the whole run."
    import json
    facts = [('where is the eiffel tower', 'Paris', 'The Eiffel Tower is a wrought-iron tower in Paris, France.'),
             ('what is the capital of peru', 'Lima', 'Lima is the capital and largest city of Peru.'),
             ('who wrote hamlet', 'William Shakespeare', 'Hamlet is a tragedy written by William Shakespeare.'),
             ('what is the largest planet', 'Jupiter', 'Jupiter is the largest planet in the Solar System.')]
    recs = [dict(question=q, answers=[a], positive_ctxs=[dict(title=a, text=t, passage_id=str(i))],
                 negative_ctxs=[], hard_negative_ctxs=[]) for i, (q, a, t) in enumerate(facts)]
    p = tmp_path/'biencoder-nq-dev.json'
    p.write_text(json.dumps(recs))
    ds, qs = rcc.experiment_questions(4, dataset=f'nq:{p}')
    assert len(qs) == 4
    for retriever in ('sparse', 'dense'):
        top = rcc.top_passages(ds, qs, retriever, k=3)
        assert [len(t) for t in top] == [3] * 4
        gold = dict(zip(ds.passages['id'], ds.passages['text']))
        assert sum(gold[g[0]] == t[0] for g, t in zip(qs['gold_ids'], top)) >= 3   # the gold passage ranks first
    qs2, runs = rcc.run_models(['fake-m'], 4, dataset=f'nq:{p}', source='fake', rounds=2)
    assert [(r.retriever, len(r.labels)) for r in runs] == [('dense', 4), ('sparse', 4)]
    assert set(rc.decision_table(runs[0]).method) >= {'IoE', 'CF (direct)'}


# --- issue 13, item 13: IoE's second step ---------------------------------------------------------------------------

def test_ioe_second_step_keeps_when_the_model_picks_its_first_answer_again():
    "IoE changes its answer, then (asked to choose between its two answers) picks the first: kept. The old rule discarded it."
    script = dict(BASE)
    script.update({('Capital of Peru?', 'ioe', 0): 'Cusco', ('Capital of Peru?', 'ioe_decision', 0): 'Lima',       # picks the first
                   ('Capital of Norway?', 'ioe', 0): 'Bergen', ('Capital of Norway?', 'ioe_decision', 0): 'Bergen',  # picks the second
                   ('Capital of Ukraine?', 'ioe', 0): 'Kyiv', ('Capital of Italy?', 'ioe', 0): 'Unknown',          # maintain
                   ('Capital of Switzerland?', 'ioe', 0): 'Zurich'})
    r, d, fake = run(script)
    assert pick(d, 'a', 'IoE', 0).decision == 'keep'
    assert pick(d, 'b', 'IoE', 0).decision == 'discard'
    assert pick(d, 'e', 'IoE', 0).decision == 'keep'
    asked = [a for a in fake.asked if a[1] == 'ioe_decision']
    assert sorted(a[0] for a in asked) == ['Capital of Norway?', 'Capital of Peru?']   # only where the answer changed (and was read)
    peru = [a[3] for a in asked if a[0] == 'Capital of Peru?'][0]
    assert [m['content'] for m in peru if m['role'] == 'assistant'] == ['Lima', 'Cusco']   # both answers, RAG's first
    assert peru[-1]['content'] == rp.RCRAG_PROMPTS['ioe_decision']['text'] + '\nAnswer:'
    assert rp.RCRAG_PROMPTS['ioe_decision']['text'] == ("You give two different answers in previous responses. Check the problem "
                                                   "and your answers again, and give the best answer.")
    steps = r.reply_table().step
    assert (steps == 'ioe_decision').sum() == 2 and rc.METHOD_STEPS['IoE'] == ('ioe', 'ioe_decision')


def test_ioe_second_step_in_a_text_dialogue():
    "A base model gets both answers written out after their 'Answer:' cues, then the second-step prompt."
    seen = []
    def script_fn(prompt, i, seed):
        seen.append(prompt)
        if prompt.rstrip().endswith(rp.RCRAG_PROMPTS['ioe']['text'] + '\nAnswer:'): return 'Cusco'
        if 'You give two different answers' in prompt: return 'Lima'
        return 'Lima.\nEvidence: ## Passage-0 ##.'
    r = rc.run_rcrag(LLM(FakeBackend(script_fn), cache=False, progress=False), Q.iloc[:1], P[:1], rc.RCConfig(shots=0, rounds=1, fusion=()))
    step2 = [p for p in seen if 'You give two different answers' in p]
    assert len(step2) == 1 and step2[0].endswith(
        rp.RCRAG_PROMPTS['ioe']['text'] + '\nAnswer: Cusco\n' + rp.RCRAG_PROMPTS['ioe_decision']['text'] + '\nAnswer:')
    assert pick(rc.decision_table(r), 'a', 'IoE', 0).decision == 'keep'


# --- issue 13, item 14: unparsed judgments apart, metrics on parsed questions ---------------------------------------

def test_unparsed_rows_change_the_old_metrics_but_not_the_parsed_only_ones():
    "Hand-made: 3 AK, 1 AD, 2 UK, 4 UD judged, plus 5 unanswerable and 1 answerable question whose judgment was unparsed."
    labels, decisions = table(3, 1, 2, 4)
    labels += ['discard'] * 5 + ['keep']
    outcomes = decisions + ['unparsed'] * 6
    old = rm.risk_metrics(rm.risk_cells(labels, [rp.binary(o) for o in outcomes]))   # the old rule: unparsed = discard
    assert old['carefulness'] == pytest.approx(9 / 11) and old['alignment'] == pytest.approx(12 / 16)
    assert old['coverage'] == pytest.approx(5 / 16)
    new = rm.parsed_summary(labels, outcomes, n_boot=0)
    assert new['risk'] == pytest.approx(2 / 5) and new['carefulness'] == pytest.approx(4 / 6)
    assert new['alignment'] == pytest.approx(7 / 10) and new['coverage'] == pytest.approx(5 / 10)
    assert (new['n'], new['n_questions'], new['unparsed'], new['unparsed_rate']) == (10, 16, 6, 6 / 16)
    # the same through metric_table and the paired table (parsed beside all questions)
    d = pd.DataFrame(dict(model='m', retriever='dense', id=range(16), label=labels, method='IoE', N=0,
                          raw=[rp.binary(o) for o in outcomes], decision=[rp.binary(o) for o in outcomes], outcome=outcomes))
    pm = rm.paired_metric_table(d, ['IoE'], n_boot=50)
    assert pm.carefulness.item() == pytest.approx(4 / 6) and pm.carefulness_all.item() == pytest.approx(9 / 11)
    assert (pm.n.item(), pm.n_all.item(), pm.unparsed.item()) == (10, 16, 6)
    shown = rm.display_table(pm)
    assert shown['carefulness (parsed)'].item().startswith('0.667') and shown['carefulness (all questions)'].item().startswith('0.818')
    assert rm.metric_table(d, ['IoE'], n_boot=0).carefulness.item() == pytest.approx(9 / 11)   # default: all questions, as before


def test_unparsed_is_an_outcome_of_every_method():
    script = dict(BASE)
    script.update({('Capital of Peru?', 'calibration', 0): 'I am fairly sure',          # no probability
                   ('Capital of Norway?', 'calibration', 0): 'Probability: 0.9',
                   ('Capital of Peru?', 'ioe', 0): 'Evidence: ## none ##',               # no answer
                   ('Capital of Peru?', 'priori', 0): '   ',                             # empty
                   ('Capital of Norway?', 'priori', 0): 'Oslo'})
    r, d, _ = run(script)
    out = lambda q, m, N: (pick(d, q, m, N).decision, pick(d, q, m, N).outcome)
    assert out('a', 'Calibration', 0) == ('discard', 'unparsed') and out('b', 'Calibration', 0) == ('keep', 'keep')
    assert out('a', 'IoE', 0) == ('discard', 'unparsed')
    assert out('a', 'Priori', 0) == ('discard', 'unparsed') and out('b', 'Priori', 0) == ('keep', 'keep')
    assert out('c', 'CF (direct)', 1) == ('discard', 'unparsed')        # "Well, it depends.": neither keep nor discard
    assert out('b', 'CF (direct)', 1) == ('keep', 'keep')
    # CF-quality round 1 of 'b' (Bergen) is a readable change; a round with nothing to compare is unparsed
    assert r.rounds['cf_quality'][1] == ['discard']
    assert rp.judge_round(r.rag[0], rp.parse_reply('')) == 'unparsed'
    # wherever the outcome is read, it is the old decision
    parsed = d[d.outcome != 'unparsed']
    assert (parsed.outcome == parsed.decision).all()


def test_an_unreadable_rag_answer_is_unparsed_for_every_method():
    "Nothing to keep or discard: every method's outcome is unparsed (the old rule counted a discard, right by construction)."
    script = dict(BASE)
    script[('Capital of Peru?', 'rag', 0)] = 'Evidence: ## see above ##'
    script[('Capital of Peru?', 'priori', 0)] = 'Lima'
    r, d, fake = run(script)
    assert not r.rag[0].parsed and r.labels[0] == 'discard'
    a = d[d.id == 'a']
    assert set(a.outcome) == {'unparsed'} and set(a.method) == set(rc.METHOD_STEPS)
    assert not a.rag_parsed.any() and d[d.id != 'a'].rag_parsed.all()
    assert (pick(d, 'a', 'Priori', 0).decision, pick(d, 'a', 'IoE', 0).decision) == ('keep', 'discard')
    assert not [x for x in fake.asked if x[0] == 'Capital of Peru?' and x[1] == 'ioe_decision']


def test_side_with_an_unparsed_round_and_fusion_outcomes():
    "A CF round that cannot be read ends its side as unparsed; the fused outcome is unparsed unless safety discards anyway."
    script = dict(BASE)
    script[('Capital of Peru?', 'cf_quality', 1)] = 'Evidence: ## none ##'      # nothing to compare
    r, d, fake = run(script)
    assert r.rounds['cf_quality'][0] == ['unparsed']
    assert pick(d, 'a', 'CF-quality only', 1).outcome == 'unparsed' and pick(d, 'a', 'CF-quality only', 1).decision == 'discard'
    assert pick(d, 'a', 'CF (direct)', 1).outcome == 'unparsed'
    assert pick(d, 'a', 'CF (safety)', 1).outcome == 'unparsed'   # CF-usage kept: safety cannot decide
    # prompts asked as before (unparsed = discard): the sides disagree, so the CF-quality side was asked to fuse
    assert [x for x in fake.asked if x[0] == 'Capital of Peru?' and x[1] == 'fusion_quality']
    assert rc.fuse_outcome('discard', 'unparsed', 'safety') == 'discard'


# --- issue 17: one definition per idea --------------------------------------------------------------------------

def _imports(mod):
    "(module, name) of every `from X import name` in a module's source."
    import ast, inspect
    tree = ast.parse(inspect.getsource(mod))
    return [(n.module or '', a.name) for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names]

def test_shared_experiment_parts_are_defined_once():
    "When-to-Retrieve and RC-RAG share one model_llm, question draw, demo block, model settings and recording fake."
    from conformal_rag import experiments as ex, overconfidence as oc, w2r_collect as wc
    rooms, w2r = (rp, rc, rm, rcc), (oc, wc)
    for name in ('model_llm', 'experiment_questions', 'demo_block', 'MODEL_SETTINGS'):
        users = [m for m in (*w2r, *rooms) if hasattr(m, name)]
        assert all(getattr(m, name) is getattr(ex, name) for m in users), name   # the one from experiments
        assert not [m.__name__ for m in (*w2r, *rooms) if name in m.__all__], name   # defined in experiments only
    for room, name in ((rcc, 'model_llm'), (rcc, 'experiment_questions'), (rc, 'demo_block'), (rp, 'demo_block'),
                       (wc, 'model_llm'), (wc, 'experiment_questions'), (oc, 'demo_block')):
        assert getattr(room, name) is getattr(ex, name), (room.__name__, name)   # used where it is needed, from experiments
    for mod in (*rooms, ex):   # RC-RAG's rooms and the shared parts never reach into When-to-Retrieve's
        assert not [m for m, n in _imports(mod) if m.endswith('overconfidence')], f"{mod.__name__} imports overconfidence sideways"
    for mod in (*rooms, *w2r, ex):
        assert not [(m, n) for m, n in _imports(mod) if n.startswith('_') and n != '__future__' and m != '__future__'], mod.__name__

def test_rooms_import_only_earlier_rooms():
    """Issue 17: rcrag_prompts (prompts, parsers) <- rcrag (the method) <- rcrag_metrics (metrics, tables, plots) <-
    rcrag_collect (collection); never sideways or back."""
    import ast, inspect
    def imported(mod):
        t = ast.parse(inspect.getsource(mod))
        return {(n.module or '').split('.')[-1] for n in ast.walk(t) if isinstance(n, ast.ImportFrom)} | \
               {a.name.split('.')[-1] for n in ast.walk(t) if isinstance(n, ast.ImportFrom) and n.module in ('conformal_rag', None) for a in n.names} | \
               {a.name.split('.')[-1] for n in ast.walk(t) if isinstance(n, ast.Import) for a in n.names}
    assert not imported(rp) & {'rcrag', 'rcrag_metrics', 'rcrag_collect'}
    assert 'rcrag_prompts' in imported(rc) and not imported(rc) & {'rcrag_metrics', 'rcrag_collect'}
    assert 'rcrag' in imported(rm) and 'rcrag_collect' not in imported(rm)
    assert {'rcrag', 'rcrag_metrics'} <= imported(rcc)
    # every public name of the old single module lives in exactly one room
    names = [n for m in rooms_all() for n in m.__all__]
    assert len(names) == len(set(names))
    assert {'run_rcrag', 'decision_table', 'RCConfig', 'fake_rcrag_reply'} <= set(rc.__all__)
    assert {'RCRAG_PROMPTS', 'parse_reply', 'judge_round', 'side_decision'} <= set(rp.__all__)
    # the names the later rooms import from rcrag stay importable from it (the method imports them for its own use)
    for name in ('DECISIONS', 'OUTCOMES', 'parse_keep_discard', 'parse_probability', 'parse_reply', 'binary'):
        assert getattr(rc, name) is getattr(rp, name), name
    assert {'risk_cells', 'metric_table', 'rounds_plot', 'case_study', 'parse_rate_table'} <= set(rm.__all__)
    assert {'run_models', 'collect_rcrag_generations', 'top_passages', 'RCRAG_DEFAULTS'} <= set(rcc.__all__) and 'main' not in rcc.__all__

def rooms_all(): return (rp, rc, rm, rcc)

def test_one_replay_function():
    "No module keeps a replay_llm with its own argument order: `llm.replay_llm(path, model, ...)` is the one."
    from conformal_rag import overconfidence as oc
    assert not any(hasattr(m, 'replay_llm') for m in (rp, rc, rm, rcc, oc))

def test_model_llm_replays_the_module_export(tmp_path):
    "source='committed' replays the given export and names the module's rebuild command when it is missing."
    with pytest.raises(FileNotFoundError, match=r"run `conformal-rag rcrag collect --models 'm1\?dtype=fp32&attention=sdpa'` first"):
        rcc.run_models(['m1'], 2, generations=tmp_path/'none.jsonl.gz', rounds=1)   # the committed numerics, named

def test_no_dataset_loader_named_like_datasets_load_dataset():
    "`rcrag.load_dataset` shadowed `datasets.load_dataset`; the dataset spec goes through `data.load_qa`."
    assert not any(hasattr(m, 'load_dataset') for m in (rp, rc, rm, rcc))
    with pytest.raises(ValueError, match="unknown dataset 'squad2'"): rcc.experiment_questions(3, dataset='squad2')


def test_opt_in_model_export_and_table3():
    """Issue 18: RC-RAG with the opt-in Qwen2.5-Coder-1.5B-Instruct (bf16) on at least 100 questions: the export holds
    that model's RAG prompt for every question, and the committed Table 3 (figures/rcrag/qwen) is computed on them."""
    import gzip, json
    from conformal_rag.paths import data_dir, figures_dir
    with gzip.open(data_dir('rcrag_qwen_generations.jsonl.gz'), 'rt') as f: recs = [json.loads(l)['request'] for l in f]
    assert {(r['model'], r.get('dtype')) for r in recs} == {('qwen2.5-coder-1.5b-instruct', 'bfloat16')}
    rag = {m['content'].rsplit('Question: ', 1)[1].split('\n')[0] for r in recs for m in r['prompt'][:1]
           if m['content'].startswith('Answer the following question based on the given passages')}
    assert len(rag) >= 100
    t3 = pd.read_csv(figures_dir('rcrag') / 'qwen' / 'table3.csv')
    assert set(t3['model']) == {'qwen2.5-coder-1.5b-instruct'}
    assert {f'{m} (parsed)' for m in ('risk', 'carefulness', 'alignment', 'coverage')} <= set(t3.columns)
    assert (t3['n_questions'] >= 100).all()
