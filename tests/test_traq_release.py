"""The TRAQ release loader on synthetic files in the authors' schema: round trip, the authors' per-passage semantic
probabilities kept, missing and malformed files named, a malicious pickle refused, answers not fixed-width strings."""
import os, pickle, shutil
from collections import Counter
import numpy as np
import pytest
from conformal_rag.traq_release import (load_release, load_collection_spec, synthetic_release, safe_load, parse_spec,
                                        ReleaseFileError)
from conformal_rag.traq import llm_nonconformity, ret_nonconformity
from conformal_rag.population import answerable
from conformal_rag.matching import traq_correct


@pytest.fixture(scope='module')
def release(tmp_path_factory):
    d = tmp_path_factory.mktemp('release')
    R = synthetic_release(d, 'squad1', 'llama2', Q=8, K=5, M=7, seed=3)
    return d, R


def test_round_trip_scores_ids_and_gold(release):
    d, R = release
    c = load_release(d, 'squad1', 'llama2')
    assert c.shape == (8, 6, 7)
    assert np.array_equal(c.ret_score[:, :5], np.array(R['retrieved_scores'], dtype=np.float64))
    assert c.in_topk[:, :5].all() and not c.in_topk[:, 5].any() and c.is_gold[:, 5].all()
    for q in range(8):
        gold_k = np.flatnonzero(R['retrieved_scores'][q] == R['retrieved_true_scores'][q][0])
        assert np.flatnonzero(c.is_gold[q, :5]).tolist() == gold_k.tolist()
        # the retriever's nonconformity is minus the released gold score
        assert ret_nonconformity(c)[q] == -float(R['retrieved_true_scores'][q][0])
        for k in range(5):
            assert Counter(c.answers[q, k]) == Counter(R['samples'][q][k])
            for m in range(7):
                a = c.answers[q, k, m]
                assert c.freq[q, k, m] == R['probs'][q][k][R['semantic_ids'][q][k][a]]
                assert c.correct[q, k, m] == (bool(a.strip()) and traq_correct(a, R['true_answers'][q]))
        t = sorted(R['true_scores'][q], reverse=True)
        assert c.freq[q, 5, :len(t)].tolist() == t and c.correct[q, 5].sum() == len(t)
        assert (c.cluster[q, 5, len(t):] == -1).all()
        assert c.meta['traq_llm_score'][q] == (max(t) if t else None)
    assert set(c.meta['files']) == {'retrieved_scores_squad1.p', 'retrieved_true_scores_squad1.p', 'queries_squad1.p',
                                    'opensource_true_scores_squad1.p', 'occurances_squad1.p', 'semantic_ids_squad1.p',
                                    'probs_squad1.p', 'answers_squad1.p'}
    import hashlib
    assert c.meta['files']['probs_squad1.p'] == hashlib.sha256((d / 'probs_squad1.p').read_bytes()).hexdigest()


def test_freq_is_the_authors_not_a_reclustering(release):
    "The synthetic per-passage ids are arbitrary: a loader that reclustered per passage would get other frequencies."
    d, R = release
    c = load_release(d, 'squad1', 'llama2')
    own = np.zeros(c.freq.shape)
    for q in range(8):
        for k in range(5):
            ids = c.cluster[q, k]
            own[q, k] = (ids[:, None] == ids[None, :]).mean(1)   # what reclustering by the question-level ids gives
    assert not np.allclose(own[:, :5], c.freq[:, :5])


def test_question_level_clusters_shared_across_passages(release):
    d, _ = release
    c = load_release(d, 'squad1', 'llama2', question_cluster='exact')
    for q in range(8):
        seen = {}
        for a, i in zip(c.answers[q, :5].ravel(), c.cluster[q, :5].ravel()):
            assert seen.setdefault(a, i) == i       # one id per distinct answer across the question's passages


def test_llm_score_at_least_traqs(release):
    "The package's LLM score of the truth takes every gold slot; TRAQ's the separate samples only (documented)."
    d, _ = release
    c = load_release(d, 'squad1', 'llama2')
    ours = -llm_nonconformity(c)
    theirs = np.array([x if x is not None else -1.0 for x in c.meta['traq_llm_score']])
    assert (ours >= theirs - 1e-12)[answerable(c)].all()


def test_answers_are_python_strings_not_fixed_width(release):
    d, _ = release
    c = load_release(d, 'squad1', 'llama2')
    assert c.answers.dtype == object and isinstance(c.answers[0, 0, 0], str)
    # one string object per distinct answer of a question: memory follows the text, not Q x K x M x longest
    for q in range(8):
        objs = {}
        for a in c.answers[q, :5].ravel():
            objs.setdefault(a, set()).add(id(a))
        assert all(len(v) == 1 for v in objs.values())


def test_missing_file_named(release, tmp_path):
    d, _ = release
    shutil.copytree(d, tmp_path / 'r')
    (tmp_path / 'r' / 'semantic_ids_squad1.p').unlink()
    with pytest.raises(FileNotFoundError, match=r'semantic_ids_squad1\.p not found.*semantic_ids_squad1\.p'):
        load_release(tmp_path / 'r', 'squad1', 'llama2')
    with pytest.raises(FileNotFoundError, match='chatgpt_probs_squad1.p'):
        load_release(tmp_path / 'r', 'squad1', 'gpt-3.5')
    with pytest.raises(FileNotFoundError, match='release folder'):
        load_release(tmp_path / 'nowhere', 'squad1', 'llama2')


def test_malformed_files_named(release, tmp_path):
    d, R = release
    r = tmp_path / 'r'
    shutil.copytree(d, r)
    good = (d / 'occurances_squad1.p').read_bytes()
    (r / 'occurances_squad1.p').write_bytes(good[:len(good) // 2])                    # truncated
    with pytest.raises(ReleaseFileError, match=r'occurances_squad1\.p: not a readable pickle'):
        load_release(r, 'squad1', 'llama2')
    pickle.dump(R['occurances'][:5], open(r / 'occurances_squad1.p', 'wb'))           # too few questions
    with pytest.raises(ReleaseFileError, match=r'occurances_squad1\.p: 5 questions'):
        load_release(r, 'squad1', 'llama2')
    pickle.dump([o[:3] for o in R['occurances']], open(r / 'occurances_squad1.p', 'wb'))   # too few passages
    with pytest.raises(ReleaseFileError, match=r'occurances_squad1\.p: question 0 has 3 passages'):
        load_release(r, 'squad1', 'llama2')
    (r / 'occurances_squad1.p').write_bytes(good)
    bad = [list(s) for s in R['retrieved_scores']]; bad[2] = np.zeros((2, 2))         # wrong shape
    pickle.dump(bad, open(r / 'retrieved_scores_squad1.p', 'wb'))
    with pytest.raises(ReleaseFileError, match=r'retrieved_scores_squad1\.p: question 2: expected a 1-d array'):
        load_release(r, 'squad1', 'llama2')
    shutil.copy(d / 'retrieved_scores_squad1.p', r / 'retrieved_scores_squad1.p')
    sid = [[dict(s) for s in qq] for qq in R['semantic_ids']]; sid[1][2] = {}         # answer without a semantic id
    pickle.dump(sid, open(r / 'semantic_ids_squad1.p', 'wb'))
    with pytest.raises(ReleaseFileError, match=r'semantic_ids_squad1\.p: question 1 passage 2'):
        load_release(r, 'squad1', 'llama2')
    shutil.copy(d / 'semantic_ids_squad1.p', r / 'semantic_ids_squad1.p')
    ts = [list(t) for t in R['true_scores']]; ts[0] = [1.5]                          # not a probability
    pickle.dump(ts, open(r / 'opensource_true_scores_squad1.p', 'wb'))
    with pytest.raises(ReleaseFileError, match=r'opensource_true_scores_squad1\.p: question 0'):
        load_release(r, 'squad1', 'llama2')


class _System:
    def __reduce__(self): return (os.system, ('echo should-not-run > /dev/null',))


def test_forbidden_global_refused(release, tmp_path):
    d, _ = release
    r = tmp_path / 'r'
    shutil.copytree(d, r)
    pickle.dump([_System()], open(r / 'queries_squad1.p', 'wb'))
    with pytest.raises(pickle.UnpicklingError, match=r'queries_squad1\.p: refused to load global posix\.system'):
        load_release(r, 'squad1', 'llama2')
    with pytest.raises(pickle.UnpicklingError, match='builtins.getattr'):
        pickle.dump([_Getattr()], open(tmp_path / 'g.p', 'wb')); safe_load(tmp_path / 'g.p')


class _Getattr:
    def __reduce__(self): return (getattr, (str, 'upper'))


def test_numpy_arrays_and_scalars_allowed(tmp_path):
    x = [np.arange(4, dtype=np.float32), [np.float32(2.5)], np.array([1, 2], dtype=np.int64)]
    pickle.dump(x, open(tmp_path / 'a.p', 'wb'))
    y = safe_load(tmp_path / 'a.p')
    assert np.array_equal(y[0], x[0]) and y[1][0] == np.float32(2.5) and y[2].dtype == np.int64


def test_gpt35_names_variant_and_spec(tmp_path):
    R = synthetic_release(tmp_path, 'nq', 'gpt-3.5', variant='fewshot', Q=4, K=3, M=5)
    assert (tmp_path / 'chatgpt_probs_nq_fewshot.p').exists() and (tmp_path / 'chatgpt_true_answers_nq_fewshot.p').exists()
    c = load_collection_spec(f'traq-release:{tmp_path}:nq:gpt-3.5:fewshot', read_samples=True)
    assert c.meta['backbone'] == 'gpt-3.5' and c.meta['variant'] == 'fewshot' and c.shape == (4, 4, 5)
    assert list(c.question) == R['queries']
    assert parse_spec('traq-release:/x:y:trivia:chatgpt') == dict(dir='/x:y', task='trivia', backbone='chatgpt', variant=None)
    with pytest.raises(ValueError, match='bad TRAQ release spec'):
        parse_spec('traq-release:/x:nq:gpt-4')


def test_samples_file_checked_against_counts(tmp_path):
    R = synthetic_release(tmp_path, 'trivia', 'llama2', Q=3, K=2, M=4)
    s = [[list(a) for a in qq] for qq in R['samples']]; s[1][1] = s[1][1][:-1] + ['something else']
    pickle.dump(s, open(tmp_path / 'opensource_answers_trivia.p', 'wb'))
    load_release(tmp_path, 'trivia', 'llama2')                       # the counts alone are enough
    with pytest.raises(ReleaseFileError, match=r'opensource_answers_trivia\.p: question 1 passage 1'):
        load_release(tmp_path, 'trivia', 'llama2', read_samples=True)


def test_unc_layout_gold_passage_only(tmp_path):
    R = synthetic_release(tmp_path, 'nq', 'chatgpt', variant='unc', Q=5, K=4, M=6, gold_only=True)
    golds = dict(zip(R['queries'], R['true_answers']))
    (tmp_path / 'chatgpt_true_answers_unc_nq.p').unlink()            # as in the release: no true answers for unc
    with pytest.raises(FileNotFoundError, match='chatgpt_true_answers_unc_nq.p.*golds='):
        load_release(tmp_path, 'nq', 'chatgpt', variant='unc')
    c = load_release(tmp_path, 'nq', 'chatgpt', variant='unc', golds=golds)
    assert c.shape == (5, 1, 6) and c.is_gold.all() and not c.in_topk.any()
    assert Counter(c.answers[3, 0]) == Counter(R['samples'][3])


def test_golds_from_a_dpr_biencoder_file(tmp_path):
    import json
    R = synthetic_release(tmp_path, 'nq', 'chatgpt', variant='unc', Q=4, K=3, M=5, gold_only=True)
    (tmp_path / 'chatgpt_true_answers_unc_nq.p').unlink()
    dpr = tmp_path / 'biencoder-nq-dev.json'
    dpr.write_text(json.dumps([dict(question=q, answers=list(a) if not isinstance(a, str) else [a])
                               for q, a in zip(R['queries'], R['true_answers'])]))
    c = load_release(tmp_path, 'nq', 'chatgpt', variant='unc', golds=dpr)
    assert list(c.gold_answer) == list(load_release(tmp_path, 'nq', 'chatgpt', variant='unc',
                                                    golds=dict(zip(R['queries'], R['true_answers']))).gold_answer)
    with pytest.raises(FileNotFoundError, match='no-such.json'):
        load_release(tmp_path, 'nq', 'chatgpt', variant='unc', golds=tmp_path / 'no-such.json')
    dpr.write_text('[{"question": "q", "answers": ["a"]},\n {"question": }]')
    with pytest.raises(ValueError, match=r'biencoder-nq-dev\.json.*line 2'):
        load_release(tmp_path, 'nq', 'chatgpt', variant='unc', golds=dpr)


@pytest.mark.skipif(not os.environ.get('TRAQ_RELEASE_DIR'), reason='set TRAQ_RELEASE_DIR to a folder of the released pickles')
def test_real_release_llama2_squad1():
    "On the authors' files (never committed): the Llama-2 SQuAD files are their LFS versions and load whole."
    from conformal_rag.population import gold_retrieved
    c = load_release(os.environ['TRAQ_RELEASE_DIR'], 'squad1', 'llama2', n=1000)
    assert c.shape == (1000, 21, 30) and all(c.meta['release_match'].values())
    assert gold_retrieved(c).all() and answerable(c).all()     # their code keeps only such questions


# ---------------------------------------------------------------- issue 40: a results file with other records
def test_read_results_skips_other_lines_with_one_warning(tmp_path):
    "Old: chatgpt_results_bio.txt (result rows, then {query, passage, label} records) failed at its first record."
    import json, warnings
    from conformal_rag.traq_release_agreement import read_results
    rows = [dict(task='bio', alpha=a, seed=s, retrieval_coverage=0.9) for a in (0.1, 0.2) for s in (10, 20, 30)]
    recs = [dict(query=f'question {i}', passage=f'passage {i}', label=i % 2) for i in range(40)]
    f = tmp_path / 'chatgpt_results_bio.txt'
    f.write_text('\n'.join(map(json.dumps, rows + recs)) + '\n')
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter('always')
        df = read_results(f, 'bio')
    assert len(df) == 6 and df.seed.tolist() == [10, 20, 30] * 2
    assert [str(w.message) for w in ws] == ['chatgpt_results_bio.txt: read 6 result row(s); skipped 40 other line(s) '
                                           '(lines 7-46; the first holds keys query, passage, label)']
    assert 'question 0' not in str(ws[0].message)   # no text of the release repeated
    f.write_text('\n'.join(map(json.dumps, recs[:3])) + '\n')
    with pytest.raises(ReleaseFileError, match='chatgpt_results_bio.txt: no result row'): read_results(f)


def test_results_file_with_records_does_not_stop_the_agreement(tmp_path):
    "The BioASQ results file in a folder agreement: the result rows are compared, the records only counted."
    import json, warnings
    from conformal_rag.traq_release import RESULT_COLUMNS
    from conformal_rag.traq_release_agreement import folder_agreement
    synthetic_release(tmp_path, 'bio', 'gpt-3.5', Q=30, K=3, M=4)
    for p in tmp_path.glob('*_bio.p'):
        if p.name not in ('chatgpt_retrieved_true_scores_bio.p', 'chatgpt_true_scores_bio.p'): p.unlink()
    rows = [dict(task='bio', alpha=0.2, seed=10, **{c: 0.5 for c in RESULT_COLUMNS})]
    recs = [dict(query='q', passage='p', label=1)] * 3
    (tmp_path / 'chatgpt_results_bio.txt').write_text('\n'.join(map(json.dumps, rows + recs)) + '\n')
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        ag = folder_agreement(tmp_path, 'bio', 'gpt-3.5', tmp_path / 'chatgpt_results_bio.txt')
    assert len(ag) == len(RESULT_COLUMNS) and set(ag.setting) == {'gpt-3.5-bio'}
    assert ag.traq.notna().sum() == 6   # the component columns


# ---------------------------------------------------------------- issue 43: the hash table is package data
# Rows of the literal table `traq_release` held before it became `conformal_rag/release_hashes.csv`, its row count and
# the SHA-256 of the whole old table (`json.dumps(table, sort_keys=True)`): the loaded table must be that one.
OLD_RELEASE_SHA256_ROWS = {
    'answers_nq.p': 'cdd70bf661d78be9fd48f7692e67e3657693ee5c06d249e7e7adf0ee780b12d7',
    'answers_squad1.p': '29a740d5a89775e35de6633c542e05ee5220997ed6693995094285cb8907013a',
    'chatgpt_answers_unc_bio.p': '540b04a535e64440ed7c770d42dc97a9794b63aec6f717adeed181369177e436',
    'chatgpt_retrieved_true_scores_unc_bio.p': '304f5d13a7cfd4377584cd1c3d3c30cee0d92c5b2a2b4d81364b7e190aa71c76',
    'semantic_ids_nq_semantic.p': 'dcc75be86a5c0526d14d13953baa3c5eac39dc973f00ff5b85fd5b45b196f1e9',
    'semantic_ids_trivia.p': '4298d30e4a106d58caaabd608fd7fd0b1d529424fb6681e94bf632a87488c3ad',
}
OLD_RELEASE_SHA256_COUNT = 195
OLD_RELEASE_SHA256_DIGEST = '547230049ceed5c5bf694dd511e6cc3e1b012185be9a2372fd7448de744cf986'

def test_release_hashes_are_the_old_table():
    "Old: a 198-line string literal in the module; new: package data read once, the same names and values."
    import hashlib, json
    from conformal_rag.traq_release import RELEASE_SHA256, _release_hashes
    assert len(RELEASE_SHA256) == OLD_RELEASE_SHA256_COUNT
    assert {k: RELEASE_SHA256[k] for k in OLD_RELEASE_SHA256_ROWS} == OLD_RELEASE_SHA256_ROWS
    assert hashlib.sha256(json.dumps(RELEASE_SHA256, sort_keys=True).encode()).hexdigest() == OLD_RELEASE_SHA256_DIGEST
    assert _release_hashes() is _release_hashes() and list(RELEASE_SHA256) == sorted(RELEASE_SHA256)


def test_release_hashes_ship_with_the_package(tmp_path):
    "setup.py's build copies release_hashes.csv beside the modules (so the wheel has it; tests/test_install.py installs one)."
    import subprocess, sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    src = tmp_path/'src'
    shutil.copytree(root/'conformal_rag', src/'conformal_rag', ignore=shutil.ignore_patterns('__pycache__'))
    for f in ('setup.py', 'settings.ini', 'README.md'): shutil.copy2(root/f, src/f)
    r = subprocess.run([sys.executable, 'setup.py', '-q', 'build_py', '--build-lib', str(tmp_path/'lib')], cwd=src,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    built = tmp_path/'lib'/'conformal_rag'/'release_hashes.csv'
    assert built.exists() and built.read_bytes() == (root/'conformal_rag'/'release_hashes.csv').read_bytes()


def test_the_release_modules_split_by_job():
    ("Issue 43: safe unpickling, reading, agreement and the IDK extension are four modules; each public name lives "
     "in one of them.")
    from pathlib import Path
    from conformal_rag import safe_pickle, traq_release, traq_release_agreement, traq_release_idk
    mods = (safe_pickle, traq_release, traq_release_agreement, traq_release_idk)
    names = [n for m in mods for n in m.__all__]
    assert len(names) == len(set(names)) >= 52   # the 51 names of the old module and SYNTHETIC_WORDS
    assert {'load_release', 'release_inventory', 'RELEASE_SHA256'} <= set(traq_release.__all__)
    assert {'safe_load', 'SafeUnpickler', 'ReleaseFileError'} <= set(safe_pickle.__all__)
    assert traq_release.safe_load is safe_pickle.safe_load   # still read where callers import it from
    assert {'read_results', 'release_agreement', 'folder_agreement', 'agreement_tables'} <= set(traq_release_agreement.__all__)
    assert {'idk_collection', 'idk_confidences', 'load_certain_uncertain'} <= set(traq_release_idk.__all__)
    for m in mods: assert len(Path(m.__file__).read_text().splitlines()) < 700, m.__name__
