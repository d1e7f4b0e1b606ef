"""When-to-retrieve released outputs (issue 14 item 5): the loader of the authors' `examples/*.jsonl`, their merge of
the re-asked confidences and answers, Table 2 metrics on a hand-computed example, clear errors for a missing file, a
malformed line and files that do not belong together, and the paper notebook's `release_dir` mode.

Every file here is synthetic: written by these tests in the authors' schema, with our own replies (the authors'
files carry no licence and are never copied into this project)."""
import json
from pathlib import Path
import numpy as np
import pandas as pd
import pytest
from conformal_rag import overconfidence as oc, w2r_release as wr

INFO = {'info': 'no need to get results'}
VANILLA = oc.STRATEGIES['vanilla']['instruction']


def _write(folder: Path, name: str, records: list):
    (folder/name).write_text(''.join(json.dumps(r) + '\n' for r in records))


def _release(folder: Path) -> Path:
    """Five questions on lines 2, 3, 5, 6, 7 (lines 1 and 4 are placeholders), written record by record.
    q1 'Lima, certain' right; q2 'certain' (no answer: re-asked, the re-asked answer is right); q3 'Quito' (no
    certainty word: re-asked, the second reply says uncertain), wrong; q4 'Bern, uncertain' wrong; q5 'Oslo uncertain'
    right."""
    folder.mkdir(parents=True, exist_ok=True)
    p = lambda q: f"{VANILLA}\nQuestion: {q}"
    _write(folder, 'test.jsonl', [
        INFO,
        dict(prompt=p('a'), Res='Lima, certain', Giveup=False),
        dict(prompt=p('b'), Res='certain', Giveup=False),
        INFO,
        dict(prompt=p('c'), Res='Quito', Giveup=False),
        dict(prompt=p('d'), Res='Bern, uncertain', Giveup=True),
        dict(prompt=p('e'), Res='Oslo uncertain', Giveup=True)])
    _write(folder, 'post_confidence.jsonl', [INFO, INFO, INFO, INFO, dict(prompt='x', Res='Uncertain.', Giveup=True), INFO, INFO])
    _write(folder, 'post_answer.jsonl', [INFO, INFO, dict(prompt='x', question='b', Res='Paris', has_answer=1), INFO, INFO, INFO, INFO])
    _write(folder, 'test_new.jsonl', [
        INFO,
        dict(prompt=p('a'), Res='lima,', Giveup=False, has_answer=1),
        dict(prompt=p('b'), Res='', Giveup=False, has_answer=1),
        INFO,
        dict(prompt=p('c'), Res='quito', Giveup=True, has_answer=0),
        dict(prompt=p('d'), Res='bern,', Giveup=True, has_answer=0),
        dict(prompt=p('e'), Res='oslo', Giveup=True, has_answer=1)])
    (folder/'confidence.jsonl').write_text('4\n')
    (folder/'answer.jsonl').write_text('2\n')
    _write(folder, 'test_dense_static.jsonl', [INFO] + [dict(prompt='ra', question='q', Res='r', has_answer=h) for h in (0, 1)]
           + [INFO] + [dict(prompt='ra', question='q', Res='r', has_answer=h) for h in (1, 1, 0)])
    (folder/'test_gold_static.jsonl').write_text('')   # released empty, as the authors' gold file
    return folder


def _edit(folder: Path, name: str, line: int, text: str):
    lines = (folder/name).read_text().splitlines()
    lines[line - 1] = text
    (folder/name).write_text('\n'.join(lines) + '\n')


def test_loader_merges_as_the_authors_do(tmp_path):
    r = wr.load_w2r_release(_release(tmp_path/'ex'))
    assert r.line.tolist() == [2, 3, 5, 6, 7]
    assert r.reasked_answer.tolist() == [False, True, False, False, False]
    assert r.reasked_confidence.tolist() == [False, False, True, False, False]
    assert r.label_first.tolist() == ['certain', 'certain', 'certain', 'uncertain', 'uncertain']
    assert r.label_merged.tolist() == ['certain', 'certain', 'uncertain', 'uncertain', 'uncertain']   # q3 from post_confidence
    assert r.correct.tolist() == [True, True, False, False, True]
    assert r.correct_first.tolist() == [True, False, False, False, True]                           # q2 gave no answer
    assert r.label_strict.tolist() == ['certain', 'unparsed', 'unparsed', 'uncertain', 'uncertain']   # q2: no answer
    assert set(r.strategy) == {'vanilla'}
    assert r.ra_dense.tolist() == [False, True, True, True, False] and 'ra_gold' not in r.columns     # empty file skipped
    assert r.attrs['lines'] == 7 and len(r.attrs['files']['test.jsonl']['sha256']) == 64


def test_table2_by_hand(tmp_path):
    t = wr.w2r_table(wr.load_w2r_release(_release(tmp_path/'ex')), n_boot=300).set_index('variant')
    keys = ['unc_rate', 'accuracy', 'overconfidence', 'conservativeness', 'alignment']
    # merged: cc = q1 q2, cu = q5, ic = none, iu = q3 q4 -> unc 3/5, acc 3/5, over 0, cons 1/5, align 4/5
    assert t.loc['merged', keys].tolist() == pytest.approx([3/5, 3/5, 0, 1/5, 4/5])
    # without the re-asked confidence q3 is certain and wrong: over 1/5, unc 2/5, align 3/5
    assert t.loc['without_reasked_confidence', keys].tolist() == pytest.approx([2/5, 3/5, 1/5, 1/5, 3/5])
    # without any re-asking q2 (no answer) is also wrong: cc = q1, cu = q5, ic = q2 q3, iu = q4
    assert t.loc['without_reasking', keys].tolist() == pytest.approx([2/5, 2/5, 2/5, 1/5, 2/5])
    assert (t.loc['package_strict', 'N'], t.loc['package_strict', 'unparsed']) == (3, 2)   # q3, and q2's bare label
    assert t.labels_changed.tolist() == [0, 1, 1, 1, 2]
    assert t.loc['merged', 'overconfidence_lo'] <= 0 <= t.loc['merged', 'overconfidence_hi']
    assert t.loc['merged', 'alignment_lo'] < 0.8 < t.loc['merged', 'alignment_hi']
    a = wr.w2r_augmentation(wr.load_w2r_release(tmp_path/'ex'), n_boot=0).set_index('documents')
    # uncertain (merged): q3 q4 q5 take the RA reply (1, 1, 0); q1 q2 keep their own (1, 1): 4/5; static 3/5
    assert a.loc['dense', ['static_acc', 'adaptive_acc', 'ra_rate']].tolist() == pytest.approx([3/5, 4/5, 3/5])


def test_adaptive_ra_is_the_rule_of_adaptive_augmentation(tmp_path):
    """`w2r_augmentation` takes its adaptive RA from `adaptive_augmentation` (issue 17: the rule written once): the same
    accuracy as retrieving exactly where the label is not certain, also for the strict labels with an unparsed reply
    (retrieved for), and a label that rule does not know is refused, naming it (before, it was silently retrieved for)."""
    r = wr.load_w2r_release(_release(tmp_path/'ex'))
    a = wr.w2r_augmentation(r, label='label_strict', n_boot=0).set_index('documents')
    need = r.label_strict.ne('certain').to_numpy()   # q3 unparsed, q4 q5 uncertain
    assert a.loc['dense', ['adaptive_acc', 'ra_rate']].tolist() == pytest.approx(
        [np.where(need, r.ra_dense, r.correct).mean(), need.mean()])
    with pytest.raises(ValueError, match=r"unknown certainty labels \['sure'\]"):
        wr.w2r_augmentation(r.assign(label_merged=['sure'] * len(r)), n_boot=0)


def test_missing_file_is_named(tmp_path):
    d = _release(tmp_path/'ex')
    (d/'post_confidence.jsonl').unlink()
    with pytest.raises(FileNotFoundError, match=r'post_confidence\.jsonl is missing \(the re-asked confidences\).*git clone'):
        wr.load_w2r_release(d)
    with pytest.raises(FileNotFoundError, match='does not exist'):
        wr.load_w2r_release(tmp_path/'nowhere')


def test_malformed_line_is_named(tmp_path):
    d = _release(tmp_path/'ex')
    _edit(d, 'test_new.jsonl', 5, '{"Res": "quito", "Giveup": true, "has_answer": ')
    with pytest.raises(ValueError, match=r'test_new\.jsonl:5: not a JSON line'):
        wr.load_w2r_release(d)
    d = _release(tmp_path/'ex2')
    _edit(d, 'test_new.jsonl', 6, '{"Res": "bern", "Giveup": true}')
    with pytest.raises(ValueError, match=r"test_new\.jsonl:6: a merged record needs 'has_answer'"):
        wr.load_w2r_release(d)
    d = _release(tmp_path/'ex3')
    _edit(d, 'test.jsonl', 2, '{"Res": "Lima, certain", "Giveup": "maybe"}')
    with pytest.raises(ValueError, match=r"test\.jsonl:2: a reply needs 'Giveup'"):
        wr.load_w2r_release(d)


def test_files_from_different_runs_are_refused(tmp_path):
    d = _release(tmp_path/'ex')   # the merged label of q3 is not what the merge gives
    _edit(d, 'test_new.jsonl', 5, json.dumps(dict(Res='quito', Giveup=False, has_answer=0)))
    with pytest.raises(ValueError, match=r'test_new\.jsonl:5: Giveup is False but merging'):
        wr.load_w2r_release(d)
    d = _release(tmp_path/'ex2')  # the re-asked confidence is missing
    _edit(d, 'post_confidence.jsonl', 5, json.dumps(INFO))
    with pytest.raises(ValueError, match=r'post_confidence\.jsonl:5: a re-asked confidence'):
        wr.load_w2r_release(d)
    d = _release(tmp_path/'ex3')  # the index file of step 2 disagrees with the rule
    (d/'answer.jsonl').write_text('2\n5\n')
    with pytest.raises(ValueError, match=r'answer\.jsonl lists 2 lines, the re-asking rule gives 1'):
        wr.load_w2r_release(d)
    d = _release(tmp_path/'ex4')
    (d/'post_answer.jsonl').write_text(json.dumps(INFO) + '\n')
    with pytest.raises(ValueError, match=r'post_answer\.jsonl has 1 lines but .*test\.jsonl has 7'):
        wr.load_w2r_release(d)


def test_reasking_rules():
    # their remove_pattern: lower-case, remove the certainty words as substrings, strip
    assert wr.w2r_strip_certainty('Marie Curie (Uncertain)') == 'marie curie ()'
    assert wr.w2r_reasked('Certain.') == (False, True)       # only '.' left: the answer is re-asked
    assert wr.w2r_reasked('No answer.') == (True, False)     # no certainty word: the confidence is re-asked
    assert wr.w2r_reasked('Lima, certainly') == (False, False)


def test_synthetic_writer_round_trip(tmp_path):
    r = wr.load_w2r_release(wr.write_w2r_release(tmp_path/'ex', wr.W2R_EXAMPLE))
    t = wr.w2r_table(r, n_boot=0).set_index('variant')
    assert t.loc['merged', ['N_cc', 'N_cu', 'N_ic', 'N_iu']].tolist() == [1, 2, 1, 2]
    assert t.loc['without_reasked_confidence', ['N_cc', 'N_cu', 'N_ic', 'N_iu']].tolist() == [1, 2, 2, 1]


def test_paper_notebook_release_mode(tmp_path):
    """The release paper notebook (`overconfidence_release`, nbs/paper/09b_w2r_release.ipynb) writes the release
    tables and records release_dir; the embedded overconfidence run does not take it (its outputs do not change)."""
    from conformal_rag.paper_runs import load_runs
    from conformal_rag.reproduce import run_notebooks
    d = _release(tmp_path/'ex')
    res = run_notebooks(['overconfidence_release'], smoke=True, overrides={'release_dir': str(d)}, out_root=tmp_path/'out', log=lambda *a: None)
    assert all(x['status'] == 'ok' for x in res), res
    out = tmp_path/'out'/'overconfidence'/'release'
    t = pd.read_csv(out/'table2_release.csv').set_index('variant')
    assert t.loc['merged', 'alignment'] == pytest.approx(4/5) and t.loc['without_reasked_confidence', 'overconfidence'] == pytest.approx(1/5)
    assert json.loads((out/'table2_release.json').read_text())['parameters']['release_dir'] == str(d)
    files = pd.read_csv(out/'release_files.csv')
    assert set(files.file) >= {'test.jsonl', 'test_new.jsonl', 'post_confidence.jsonl', 'post_answer.jsonl'}
    for f in out.glob('*.*'):   # derived numbers only: none of the replies' text is written
        assert 'Lima' not in f.read_text() and 'Quito' not in f.read_text()


def _paper_table6_in_notebook() -> dict:
    "The `paper_table6` literal of the release notebook."
    import ast, json as _json
    nb = _json.loads((Path(__file__).parents[1] / 'nbs/paper/09b_w2r_release.ipynb').read_text())
    src = next(''.join(c['source']) for c in nb['cells'] if 'paper_table6 = {' in ''.join(c['source']))
    node = next(n for n in ast.parse(src).body if isinstance(n, ast.Assign) and n.targets[0].id == 'paper_table6')
    return {k.value: {kw.arg: kw.value.value for kw in v.keywords} for k, v in zip(node.value.keys, node.value.values)}


def test_table6_numbers_are_the_papers():
    "The notebook's Table 6 numbers (ChatGPT, NQ) are the ones the paper prints."
    import re
    text = Path('/work/shared/papers/when_to_retrieve.txt')
    if not text.exists(): pytest.skip('the paper text is not on this machine')
    lines = text.read_text().splitlines()
    end = next(i for i, l in enumerate(lines) if l.startswith('Table 6:'))
    start = next(i for i in range(end, 0, -1) if lines[i].startswith('ChatGPT\t'))
    rows = {}
    for l in lines[start:end]:
        cells = [re.sub('<[^>]+>', '', c).strip() for c in l.split('\t')]
        if len(cells) < 7 or not cells[1]: continue
        rows[cells[1]] = dict(zip(('unc_rate', 'accuracy', 'conservativeness', 'overconfidence', 'alignment'), map(float, cells[2:7])))
    nb = _paper_table6_in_notebook()
    assert set(nb) == {'Vanilla', 'Punish', 'Explain', 'Punish+Explain'} == set(rows)
    for s in nb: assert nb[s] == rows[s], s
    assert (nb['Vanilla']['unc_rate'], nb['Vanilla']['overconfidence']) == (0.254, 0.338)
