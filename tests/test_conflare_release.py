"""CONFLARE's released calibration records (github.com/Mayo-Radiology-Informatics-Lab/conflare,
data/calibration_set/Calibration_Records.pkl): the plain-data loader (`load_conflare_release`), its unpickler refusing a
pickle that would run code, the coverage table over random splits (`release_coverage`) and the paper notebook
(`conflare_release`, nbs/paper/08b_conflare_release.ipynb).

Every pickle here is synthetic: built by these tests in the authors' schema (their `QuestionEvaluation` records), with
our own text (the authors' file carries no licence and is never copied into this project)."""
import hashlib
import os
import pickle
from pathlib import Path
import numpy as np
import pandas as pd
import pytest
from conformal_rag import conflare_release as cf
from conformal_rag.conformal import in_set
from conformal_rag.paths import repo_root

SECRET = 'zanzibar-chunk-text'   # synthetic text that must never reach an output


def _record(i: int, distance, relevant_is_source: bool = True) -> dict:
    "One record as the authors' calibration.py writes it: generated_q = [index, chunk dict, question], ranks, distance."
    doc = {'source': f'/somewhere/{SECRET}.pdf', 'page': 1, 'chunk': f'{SECRET} {i}', 'chunk_index': i}
    return {'generated_q': [i, doc, f'What is {SECRET} number {i}?'], 'source_chunk_text': doc['chunk'],
            'source_chunk_rank': 3 * i, 'relevant_chunk_text': doc['chunk'] if relevant_is_source else f'other {SECRET}',
            'relevant_chunk_rank': 0 if relevant_is_source else 2, 'cosine_distance': distance}


def _release(folder: Path, distances) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    recs = [_record(i, float(d), i % 2 == 0) for i, d in enumerate(distances)]
    (folder/cf.RELEASE_FILE).write_bytes(pickle.dumps(recs, protocol=4))   # protocol 4, as the released file
    return folder


def test_loader_reads_the_records_numbers_only(tmp_path):
    d = _release(tmp_path/'calibration_set', [0.3, 0.125, 0.5])
    rel = cf.load_conflare_release(d)
    assert rel.cosine_distance.tolist() == [0.3, 0.125, 0.5]
    assert rel.similarity.tolist() == pytest.approx([0.7, 0.875, 0.5])
    assert rel.relevant_is_source.tolist() == [True, False, True]
    assert rel.relevant_chunk_rank.tolist() == [0, 2, 0] and rel.source_chunk_rank.tolist() == [0, 3, 6]
    assert rel.question.tolist() == [0, 1, 2]
    sha = hashlib.sha256((d/cf.RELEASE_FILE).read_bytes()).hexdigest()
    assert rel.attrs['files'] == {cf.RELEASE_FILE: {'records': 3, 'sha256': sha}}
    assert cf.load_conflare_release(d/cf.RELEASE_FILE).attrs['files'] == rel.attrs['files']   # the file itself
    assert SECRET not in rel.to_csv()


def test_loader_errors_name_the_problem(tmp_path):
    with pytest.raises(FileNotFoundError, match='no calibration records at'):
        cf.load_conflare_release(tmp_path/'missing')
    d = _release(tmp_path/'a', [0.2, 0.3])
    recs = pickle.loads((d/cf.RELEASE_FILE).read_bytes())
    recs[1]['cosine_distance'] = None
    (d/cf.RELEASE_FILE).write_bytes(pickle.dumps(recs))
    with pytest.raises(ValueError, match='record 1: cosine_distance must be a number, got cosine_distance=None'):
        cf.load_conflare_release(d)
    del recs[0]['relevant_chunk_rank']
    (d/cf.RELEASE_FILE).write_bytes(pickle.dumps(recs))
    with pytest.raises(ValueError, match='record 0 is not a calibration record'):
        cf.load_conflare_release(d)


class _RunsCommand:
    "Pickles as a call of os.system: loading it with pickle.load would run the command."
    def __init__(self, cmd): self.cmd = cmd
    def __reduce__(self): return (os.system, (self.cmd,))


def test_the_unpickler_refuses_a_pickle_that_runs_code(tmp_path):
    flag = tmp_path/'pwned'
    evil = pickle.dumps([_record(0, 0.2), _RunsCommand(f'touch {flag}')], protocol=4)
    d = tmp_path/'evil'; d.mkdir()
    (d/cf.RELEASE_FILE).write_bytes(evil)
    with pytest.raises(ValueError, match=r'refused global \w+\.system'):
        cf.load_conflare_release(d)
    assert not flag.exists()   # nothing ran
    for obj in (np.float64(0.5), Path('x'), eval):   # any class or function, numpy's and builtins' too: none is needed
        with pytest.raises(pickle.UnpicklingError, match='refused global'):
            cf.RecordsUnpickler(__import__('io').BytesIO(pickle.dumps(obj))).load()
    assert cf.RELEASE_PICKLE_GLOBALS == frozenset()


def test_the_papers_rule_is_their_code():
    "The 'conflare' cutoff is np.percentile(distances, 100 - 100 * error_rate) with chunks strictly below (rag.py)."
    d = np.random.default_rng(3).uniform(0.1, 0.6, 37)
    cuts = cf.release_cutoffs(d, alphas=[0.5, 0.2, 0.1], methods=['conflare']).set_index('alpha')
    probe = np.r_[d, np.linspace(0, 1, 201)]
    for a in (0.5, 0.2, 0.1):
        theirs = np.percentile(d, 100 - a * 100)
        probe_a = np.r_[probe, theirs, np.nextafter(theirs, -1)]
        assert (in_set(probe_a, cuts.at[a, 'distance_cutoff']) == (probe_a < theirs)).all()


COLUMNS = ['setting', 'alpha', 'level', 'coverage', 'coverage_std', 'chunks_returned', 'chunks_returned_std', 'cutoff',
           'trials']   # figures/conflare/conflare_coverage.csv


def test_coverage_table_columns_and_band_on_exchangeable_scores():
    d = np.random.default_rng(7).uniform(0.05, 0.7, 80)   # distinct, exchangeable
    t = cf.release_coverage(d, n_trials=300, cal_frac=0.5, seed=0)
    shipped = repo_root()/'figures'/'conflare'/'conflare_coverage.csv'
    if shipped.exists(): assert list(pd.read_csv(shipped, nrows=0).columns) == COLUMNS
    assert t.columns[:len(COLUMNS)].tolist() == COLUMNS
    assert {'band_lo', 'band_hi', 'n_cal', 'method'} <= set(t.columns)
    assert len(t) == 10 and set(t.trials) == {300} and set(t.n_cal) == {40} and set(t.n_test) == {40}
    assert t.level.tolist() == pytest.approx([0.5, 0.6, 0.7, 0.8, 0.9] * 2)
    assert t.chunks_returned.isna().all()
    ex = t[t.method == 'exact']
    assert ((ex.band_lo <= ex.coverage) & (ex.coverage <= ex.band_hi)).all(), ex
    pc = t[t.method == 'conflare'].set_index('level')
    # ranks decide it: the percentile covers (1 + (n - 1) level) / (n + 1) on average, below 0.9 at n = 40
    assert pc.at[0.9, 'coverage'] == pytest.approx((1 + 39 * 0.9) / 41, abs=0.01)
    assert pc.at[0.9, 'coverage'] < pc.at[0.9, 'band_lo']
    assert (t.cutoff == 1 - t.distance_cutoff).all()


def test_coverage_is_deterministic_given_the_seed():
    d = np.random.default_rng(1).uniform(0.1, 0.6, 30)
    pd.testing.assert_frame_equal(cf.release_coverage(d, n_trials=20, seed=4), cf.release_coverage(d, n_trials=20, seed=4))
    with pytest.raises(ValueError, match='cal_frac=0.01'):
        cf.release_coverage(d, cal_frac=0.01)


def test_paper_notebook_release_mode(tmp_path):
    """The release paper notebook (`conflare_release`) writes the coverage table, the cutoffs and the file's SHA-256,
    and no text of the records."""
    from conformal_rag.reproduce import run_notebooks
    d = _release(tmp_path/'calibration_set', np.random.default_rng(2).uniform(0.1, 0.6, 40))
    res = run_notebooks(['conflare_release'], smoke=True, overrides={'release_dir': str(d)}, out_root=tmp_path/'out',
                        log=lambda *a: None)
    assert all(x['status'] == 'ok' for x in res), res
    out = next((tmp_path/'out').rglob('conflare_release_coverage.csv')).parent
    cov = pd.read_csv(out/'conflare_release_coverage.csv')
    assert cov.columns[:len(COLUMNS)].tolist() == COLUMNS and set(cov.n_cal) == {20}
    files = pd.read_csv(out/'release_files.csv')
    assert files.file.tolist() == [cf.RELEASE_FILE]
    assert files.sha256.tolist() == [hashlib.sha256((d/cf.RELEASE_FILE).read_bytes()).hexdigest()]
    assert (out/'conflare_release_cutoffs.csv').exists()
    for f in (tmp_path/'out').rglob('*.*'):   # derived numbers only
        if f.is_file(): assert SECRET not in f.read_text(errors='replace'), f


def test_paper_notebook_skips_without_a_release(tmp_path):
    from conformal_rag.reproduce import run_notebooks
    res = run_notebooks(['conflare_release'], smoke=True, overrides={'release_dir': ''}, out_root=tmp_path/'out',
                        log=lambda *a: None)
    assert all(x['status'] == 'ok' for x in res), res
    assert not list((tmp_path/'out').rglob('*.csv'))
