"""Partial TRAQ releases (the truth's scores without the sets' files) and TRAC's "I don't know" data
(`certain_uncertain*.json`), on synthetic files in the authors' schemas: every loader path and every error."""
import json, pickle
from pathlib import Path
import numpy as np
import pytest
from conformal_rag.traq_release import (synthetic_release, load_release, load_release_scores, computable_columns,
                                        release_inventory, expected_names, RESULT_COLUMNS, RACY, ReleaseFileError)
from conformal_rag.traq_release_agreement import (folder_agreement, component_grid, script_components, script_split,
                                                  agreement_summary, agreement_tables)
from conformal_rag.traq_release_idk import (load_certain_uncertain, synthetic_certain_uncertain, idk_collection,
                                            idk_confidences, HashingEncoder, idk_split_shares)
from conformal_rag.traq import split_indices
from conformal_rag.stats import stratified_split
from conformal_rag.population import answerable
from conformal_rag.traq_grid import idk_grid

SETS = ('retrieved_scores', 'queries', 'occurances', 'semantic_ids', 'probs', 'true_answers', 'samples')


def _partial(d: Path, task='trivia', backbone='gpt-3.5', Q=40, seed=0):
    R = synthetic_release(d, task, backbone, Q=Q, K=3, M=5, seed=seed)
    for a in SETS:
        for name in expected_names(task, backbone, None, a): (d / name).unlink(missing_ok=True)
    return R


def test_scores_alone_load_and_give_the_component_columns(tmp_path):
    R = _partial(tmp_path)
    with pytest.raises(FileNotFoundError, match='not found'): load_release(tmp_path, 'trivia', 'gpt-3.5')
    S = load_release_scores(tmp_path, 'trivia', 'chatgpt')
    assert S['n_questions'] == 40 and set(S['files']) == {'chatgpt_retrieved_true_scores_trivia.p', 'chatgpt_true_scores_trivia.p'}
    assert S['true_scores'][3] == [float(x) for x in R['true_scores'][3]]
    cc = computable_columns(tmp_path, 'trivia', 'gpt-3.5').set_index('column')
    assert set(cc.index[cc.computable]) == set(RESULT_COLUMNS) - RACY
    assert 'chatgpt_probs_trivia.p' in cc.missing['TRAC_coverage']
    g = component_grid(S, (0.7,), (10, 20), 'gpt-3.5')
    assert len(g) == 2 and set(g.columns) >= set(RESULT_COLUMNS) - RACY


def test_partial_agreement_names_missing_files(tmp_path):
    _partial(tmp_path)
    S = load_release_scores(tmp_path, 'trivia', 'gpt-3.5')
    comp = script_components(S['retrieved_true_scores'], S['true_scores'], script_split(40, 10), 0.3)
    line = dict(task='trivia', alpha=0.3, seed=10, **{c: comp.get(c, 0.9) for c in RESULT_COLUMNS})
    line['qa_coverage'] += 0.1   # one component value the authors' file disagrees on
    (tmp_path / 'r.txt').write_text(json.dumps(line) + '\n')
    ag = folder_agreement(tmp_path, 'trivia', 'gpt-3.5', tmp_path / 'r.txt').set_index('column')
    assert ag.status['retrieval_coverage'] == 'matched'
    assert ag.status['qa_coverage'] == 'differs: not explained'
    assert ag.status['TRAC_coverage'].startswith('not computable: missing chatgpt_retrieved_scores_trivia.p')
    assert np.isnan(ag.traq['Bonf_coverage'])
    s = agreement_summary(ag.reset_index()).set_index('column')
    assert (s.not_computable['Vanila_coverage'], s.other['qa_coverage'], s.match['end_to_end_coverage']) == (1, 1, 1)
    with pytest.raises(ValueError, match="no rows for task='nq'"): folder_agreement(tmp_path, 'nq', 'gpt-3.5', tmp_path / 'r.txt')


def test_score_loader_errors(tmp_path):
    _partial(tmp_path)
    with pytest.raises(FileNotFoundError, match='/nowhere not found'): load_release_scores('/nowhere', 'nq', 'llama2')
    with pytest.raises(FileNotFoundError, match='retrieved_true_scores_nq.p not found'): load_release_scores(tmp_path, 'nq', 'llama2')
    f = tmp_path / 'chatgpt_true_scores_trivia.p'
    good = f.read_bytes()
    for bad, msg in [({'q': 1}, 'expected a list over questions, got dict'), ([[0.5]] * 3, '40 questions, but'),
                     ([['x']] * 40, 'question 0: expected numbers'), ([[0.0]] * 40, r'must lie in \(0, 1\]')]:
        pickle.dump(bad, open(f, 'wb'))
        with pytest.raises(ReleaseFileError, match=msg): load_release_scores(tmp_path, 'trivia', 'gpt-3.5')
    f.write_bytes(good[:20])
    with pytest.raises(ReleaseFileError, match='not a readable pickle'): load_release_scores(tmp_path, 'trivia', 'gpt-3.5')
    f.unlink()
    with pytest.raises(FileNotFoundError, match='chatgpt_true_scores_trivia.p not found'):
        load_release_scores(tmp_path, 'trivia', 'gpt-3.5')


def test_inventory_reports_partial_and_missing(tmp_path):
    synthetic_release(tmp_path, 'nq', 'llama2', Q=10, K=3, M=4)
    _partial(tmp_path, Q=12)
    loaded, inv = release_inventory(tmp_path, tasks=('nq', 'trivia'), backbones=('llama2', 'gpt-3.5'), fidelities=('traq',))
    st = inv.set_index(['task', 'backbone']).status.to_dict()
    assert st == {('nq', 'llama2'): 'loaded', ('nq', 'gpt-3.5'): 'missing', ('trivia', 'llama2'): 'missing',
                  ('trivia', 'gpt-3.5'): 'partial'}
    row = inv[inv.status == 'partial'].iloc[0]
    assert row.questions == 12 and row.computable.startswith('6 of 16') and 'chatgpt_probs_trivia.p' in row.missing_files
    assert list(loaded) == ['nq/llama2']


# ---------------------------------------------------------------- the IDK data
def test_certain_uncertain_loader(tmp_path):
    synthetic_certain_uncertain(tmp_path / 'certain_uncertain_nq.json', 30, seed=1)
    synthetic_certain_uncertain(tmp_path / 'certain_uncertain_squad1.json', 25, seed=2)
    (tmp_path / 'certain_uncertain.json').write_text('{"sentence": "q[SEP]p", "label": 1}\n')   # the untasked file: not read by default
    df = load_certain_uncertain(tmp_path)
    assert len(df) == 55 and sorted(set(df.task)) == ['nq', 'squad1'] and set(df.file) == {'certain_uncertain_nq.json',
                                                                                            'certain_uncertain_squad1.json'}
    first = json.loads((tmp_path / 'certain_uncertain_nq.json').read_text().splitlines()[0])
    q, p = first['sentence'].split('[SEP]', 1)
    assert (df.question.iloc[0], df.passage.iloc[0], df.answerable.iloc[0], df.line.iloc[0]) == (q.strip(), p.strip(), bool(first['label']), 1)
    one = load_certain_uncertain(tmp_path / 'certain_uncertain.json')
    assert one.to_dict('records') == [dict(question='q', passage='p', answerable=True, task='', file='certain_uncertain.json', line=1)]


@pytest.mark.parametrize('text,msg', [
    ('{"sentence": "q[SEP]p", "label": 1}\n{not json\n', 'bad.json:2: not a JSON object'),
    ('["q[SEP]p", 1]\n', "bad.json:1: expected an object with 'sentence' and 'label'"),
    ('{"sentence": "q and p", "label": 1}\n', "bad.json:1: 'sentence' must be question\\[SEP\\]passage"),
    ('{"sentence": "q[SEP]p", "label": 2}\n', "bad.json:1: 'label' must be 1"),
    ('{"sentence": "q[SEP]p", "label": true}\n', "'label' must be 1"),
    ('{"sentence": "q[SEP]p", "label": "1"}\n', "'label' must be 1"),
    ('\n\n', 'bad.json: no record'),
])
def test_certain_uncertain_errors(tmp_path, text, msg):
    (tmp_path / 'bad.json').write_text(text)
    with pytest.raises(ReleaseFileError, match=msg): load_certain_uncertain(tmp_path / 'bad.json')


def test_certain_uncertain_missing(tmp_path):
    with pytest.raises(FileNotFoundError, match='not found'): load_certain_uncertain(tmp_path / 'certain_uncertain_nq.json')
    with pytest.raises(FileNotFoundError, match='no certain_uncertain_<task>.json'): load_certain_uncertain(tmp_path)


def test_idk_classifier_trains_and_calibrates(tmp_path):
    c = idk_collection(load_certain_uncertain(synthetic_certain_uncertain(tmp_path / 'certain_uncertain_nq.json', 300,
                                                                          seed=4)), HashingEncoder(128))
    assert c.features.shape == (300, 257) and answerable(c).sum() == c.correct.sum()
    g, skipped = idk_grid(c, [0.1, 0.3], [0, 1, 2], (0.6, 0.2, 0.2))
    assert skipped == [] and len(g) == 6 and (g.classifier_accuracy > 0.9).all()
    assert g.groupby('level').idk_coverage.mean().is_monotonic_increasing
    tr, _, te = split_indices(c, (0.6, 0.2, 0.2), 0)
    conf = idk_confidences(c, tr, te)
    assert conf.confidence_idk.between(0, 1).all()
    assert conf[~conf.answerable].confidence_idk.mean() > 0.5 > conf[conf.answerable].confidence_idk.mean()


# ---------------------------------------------------------------- issue 40: the release path's rough edges
def test_folder_agreement_with_nothing_computable_returns_rows_saying_why(tmp_path):
    "Old: no score file of the task raised FileNotFoundError; now every row is 'not computable' naming the files."
    (tmp_path / 'r.txt').write_text(json.dumps(dict(task='trivia', alpha=0.2, seed=10, **{c: 0.5 for c in RESULT_COLUMNS})) + '\n')
    ag = folder_agreement(tmp_path, 'trivia', 'gpt-3.5', tmp_path / 'r.txt').set_index('column')
    assert len(ag) == len(RESULT_COLUMNS) and not ag.match.any() and ag.traq.isna().all()
    assert ag.status['qa_coverage'] == ('not computable: missing chatgpt_retrieved_true_scores_trivia.p, '
                                        'chatgpt_true_scores_trivia.p')
    assert ag.status['TRAC_coverage'].startswith('not computable: missing chatgpt_retrieved_true_scores_trivia.p')
    s = agreement_summary(ag.reset_index()).set_index('column')
    assert (s.not_computable == 1).all() and s.why_not_computable['qa_coverage'].endswith('chatgpt_true_scores_trivia.p')
    _partial(tmp_path)   # the score files, one of them unreadable: not computable, and why
    (tmp_path / 'chatgpt_true_scores_trivia.p').write_bytes(b'not a pickle')
    ag = folder_agreement(tmp_path, 'trivia', 'gpt-3.5', tmp_path / 'r.txt').set_index('column')
    assert ag.status['qa_coverage'].startswith('not computable: unreadable score files (') and 'chatgpt_true_scores_trivia.p' in ag.status['qa_coverage']
    with pytest.raises(FileNotFoundError, match='nowhere not found'):   # a folder that is not there is still bad input
        folder_agreement(tmp_path / 'nowhere', 'trivia', 'gpt-3.5', tmp_path / 'r.txt')


def test_agreement_tables_several_tasks_one_table(tmp_path):
    "Old: the agreement took one task; now a list of tasks gives one table (task column), tasks without rows left out with why."
    for i, t in enumerate(('nq', 'trivia')): _partial(tmp_path, t, 'llama2', Q=30, seed=i)
    lines = [dict(task=t, alpha=a, seed=s, **{c: 0.5 for c in RESULT_COLUMNS})
             for t in ('nq', 'trivia', 'bio') for a in (0.1, 0.2) for s in (10, 20)]
    (tmp_path / 'r.txt').write_text('\n'.join(map(json.dumps, lines)) + '\n')
    ag, skipped = agreement_tables(tmp_path, ['nq', 'trivia', 'bio', 'squad1'], 'opensource', tmp_path / 'r.txt')
    assert len(ag) == 3 * 4 * len(RESULT_COLUMNS) and list(dict.fromkeys(ag.task)) == ['nq', 'trivia', 'bio']
    assert set(ag.backbone) == {'llama2'} and set(ag.setting) == {'llama2'}
    nc = ag[ag.task == 'bio'].status   # no file of bio at all: rows that say so
    assert nc.str.startswith('not computable: missing retrieved_true_scores_bio.p').all()
    assert ag[(ag.task == 'nq') & ~ag.column.isin(list(RACY))].traq.notna().all()
    assert len(skipped) == 1 and skipped[0].startswith('squad1: ') and "no rows for task='squad1'" in skipped[0]
    s = agreement_summary(ag, by=('task', 'column'))
    assert len(s) == 3 * len(RESULT_COLUMNS) and (s.rows == 4).all()
    one, _ = agreement_tables(tmp_path, 'trivia', 'llama2', {'trivia': tmp_path / 'r.txt'})   # one task, a file per task
    assert one.equals(ag[ag.task == 'trivia'].reset_index(drop=True))
    assert agreement_tables(tmp_path, ['nq'], 'llama2', tmp_path / 'none.txt')[1][0].endswith('none.txt not found')
    with pytest.raises(ValueError, match="unknown TRAQ task 'hotpot'"): agreement_tables(tmp_path, ['hotpot'], 'llama2', tmp_path / 'r.txt')


def test_idk_split_follows_the_authors_script():
    "Old: 0.6 / 0.2 / 0.2; the authors' confidence_predictor.py trains on int(0.8 n) and halves the rest (862 / 863)."
    sizes = [len(p) for p in stratified_split(8624, idk_split_shares(8624), 0)]
    assert sizes == [6899, 862, 863]
    n = 8624; train = int(0.8 * n); val = n - train   # the script's own arithmetic
    assert sizes == [train, int(0.5 * val), val - int(0.5 * val)]
    for n in (10, 101, 999, 1725):
        tr_, ca_, te_ = split_indices(n, idk_split_shares(n), 5)
        assert (len(tr_), len(ca_)) == (int(0.8 * n), int(0.5 * (n - int(0.8 * n)))) and len(tr_) + len(ca_) + len(te_) == n
    with pytest.raises(ValueError, match='3 shares'): idk_split_shares(10, (0.5, 0.5))
    with pytest.raises(ValueError, match='fractions'): idk_split_shares(10, (0.8, 0.3, 0.1))


class _CountingEncoder(HashingEncoder):
    calls = 0
    def encode(self, texts, **kw):
        type(self).calls += 1
        return super().encode(texts, **kw)


def test_idk_embedding_shows_a_bar_and_resumes_from_its_cache(tmp_path, monkeypatch, capsys):
    "Old: the first IDK run embedded 17,248 texts with no progress bar; now a tqdm bar, and the chunks are cached."
    monkeypatch.setenv('CONFORMAL_RAG_CACHE', str(tmp_path / 'cache'))
    df = load_certain_uncertain(synthetic_certain_uncertain(tmp_path / 'certain_uncertain_nq.json', 300, seed=4))
    enc = _CountingEncoder(64)
    c1 = idk_collection(df, enc, key='hashing-64')
    assert 'embedding passages' in capsys.readouterr().err   # the bar (tqdm writes to stderr)
    chunks = list((tmp_path / 'cache' / 'embeddings').glob('hashing-64-*/chunk_*.npy'))
    assert len(chunks) == 2 and _CountingEncoder.calls == 2   # 600 texts, chunks of 512
    chunks[1].unlink()   # an interrupted run: the second chunk is missing
    c2 = idk_collection(df, enc, key='hashing-64', progress=False)
    assert _CountingEncoder.calls == 3 and np.array_equal(c1.features, c2.features)   # only the missing chunk again
    assert capsys.readouterr().err == ''
