"""CONFLARE workflow (issue 8): the four steps on a tiny folder of text files with a scripted fake LLM, the cutoff
against hand-computed values for both threshold methods, truncation reported, unparseable LLM output counted, and
clear errors on bad input. Uses the model-free `BagOfWordsEncoder`, so nothing is downloaded or loaded."""
import json, math, warnings
import numpy as np
import pandas as pd
import pytest
from conformal_rag.llm import LLM, FakeBackend
from conformal_rag.conflare import ConformalRetriever, calibrate_cutoff, calibrate_folder, load_retriever
from conformal_rag.conflare_docs import BagOfWordsEncoder, ChunkCollection, chunk_documents, write_pdf
from conformal_rag.conflare_questions import (fake_conflare_llm, label_questions, parse_question_answer, parse_yes_no,
                                              write_calibration_questions)
from conformal_rag import cli

FACTS = ['The Amazon river carries more water than any other river on the planet.',
         'Mount Everest is the highest mountain above sea level in the Himalaya.',
         'The Sahara is the largest hot desert and covers much of North Africa.',
         'Photosynthesis converts light into chemical energy inside chloroplasts.',
         'The Pacific Ocean is the deepest and largest ocean basin on Earth.',
         'Jupiter is the largest planet of the Solar System, a gas giant.',
         'Penicillin was discovered by Alexander Fleming in London in 1928.',
         'The cheetah is the fastest land animal over short distances of ground.',
         'Antarctica is the coldest continent and holds most of the ice on Earth.',
         'The Danube flows through ten countries before reaching the Black Sea.',
         'Marie Curie received Nobel Prizes in both physics and chemistry.',
         'The Great Barrier Reef lies off the coast of Queensland in Australia.']


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv('CONFORMAL_RAG_CACHE', str(tmp_path/'cache'))


@pytest.fixture
def folder(tmp_path):
    d = tmp_path/'docs'; d.mkdir()
    for i, f in enumerate(FACTS[:10]): (d/f'fact{i:02d}.txt').write_text(f)
    (d/'notes.md').write_text('# Notes\n' + FACTS[10])
    write_pdf(d/'reef.pdf', [FACTS[11], 'GARBLE: a page the question writer cannot handle at all.'])
    return d


def test_four_steps_on_a_tiny_folder(folder, tmp_path):
    r = calibrate_folder(folder, alpha=0.25, out=tmp_path/'ret', llm=fake_conflare_llm(), n_questions=13, bound=4,
                         encoder=BagOfWordsEncoder(), min_chars=10, progress=False)
    rep = r.report
    assert (rep['documents'], rep['chunks']) == (12, 13)            # 10 txt + 1 md + 1 pdf (2 pages)
    assert (rep['questions_sampled'], rep['questions_parsed'], rep['question_failures']) == (13, 12, 1)
    assert rep['found'] == 12 and rep['not_found_within_bound'] == 0 and rep['label_failures'] == 0
    # step 3: the cutoff is the exact conformal threshold of the stored calibration similarities
    n = len(r.scores); k = math.ceil((n + 1) * 0.75)
    assert r.cutoff == pytest.approx(np.sort(r.scores)[::-1][k - 1], abs=1e-12)
    # step 4: the PDF's first page answers a question about the reef; every returned chunk is above the cutoff
    s = r.retrieve('Which text mentions Queensland?', warn=False)
    assert r.collection.chunks.iloc[s.rows[0]]['source'] == 'reef.pdf'
    assert (s.similarities >= r.cutoff).all() and len(s.rows) == s.n_above
    ans = r.answer('Which text mentions Queensland?', fake_conflare_llm(), warn=False)
    assert 'reef.pdf' in ans['answer'] and ans['guarantee'] == (not ans['truncated'])
    # saved and reloadable, with the same sets
    back = load_retriever(tmp_path/'ret')
    assert back.cutoff == r.cutoff and back.report == json.loads(json.dumps(rep))
    assert back.retrieve('Which text mentions Queensland?', warn=False).rows.tolist() == s.rows.tolist()
    assert pd.read_csv(tmp_path/'ret'/'calibration.csv').shape[0] == 12


@pytest.mark.parametrize('method,alpha,expected', [
    ('exact', 0.2, 0.55),        # rank ceil(11 * 0.8) = 9 of the distances 0.05..0.5: 0.45
    ('exact', 0.5, 0.70),        # rank 6: 0.3
    ('exact', 0.1, 0.50),        # rank ceil(11 * 0.9) = 10: the largest distance
    ('conflare', 0.2, 0.59),     # np.percentile(distances, 80) = 0.4 + 0.2 * 0.05 = 0.41
    ('conflare', 0.5, 0.725),    # the median distance 0.275
])
def test_cutoff_hand_computed(method, alpha, expected):
    sims = [0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5]
    assert calibrate_cutoff(sims, alpha, method) == pytest.approx(expected, abs=1e-9)


def test_conflare_method_keeps_strictly_below_the_percentile():
    sims = [0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5]
    cut = calibrate_cutoff(sims, 0.2, 'conflare')
    assert cut > 0.59                                        # a chunk at exactly the percentile is out
    exact = calibrate_cutoff(sims, 0.2, 'exact')
    assert 0.55 >= exact                                     # the exact cutoff keeps its calibration point


def test_too_few_questions_return_everything():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        assert calibrate_cutoff([0.9, 0.8, 0.7], 0.1) == -math.inf
    assert any('too few' in str(x.message) for x in w)


def test_truncation_is_reported():
    chunks = pd.DataFrame(dict(id=['a', 'b', 'c'], title=['x']*3, text=['river water', 'river delta water', 'river mouth']))
    col = ChunkCollection(chunks, BagOfWordsEncoder(), progress=False)
    r = ConformalRetriever(col, cutoff=0.1, alpha=0.1, max_chunks=2)
    with pytest.warns(UserWarning, match='guarantee no longer holds'):
        s = r.retrieve('river water')
    assert (s.n_above, len(s.rows), s.truncated) == (3, 2, True)
    s = r.retrieve('river water', max_chunks=None, max_chars=25, warn=False)   # 11 + 17 characters > 25
    assert (len(s.rows), s.truncated) == (1, True)
    assert r.retrieve('river water', max_chunks=None, warn=False).truncated is False


def test_unparseable_output_is_counted_not_fatal(folder):
    col = ChunkCollection(chunk_documents(folder, progress=False), BagOfWordsEncoder(), progress=False)
    junk = LLM(FakeBackend(['', '???', '{"question": 3}', 'eval("1+1")', 'Question: ok?']), cache=None, progress=False)
    qs = write_calibration_questions(col, junk, n_questions=5, min_chars=10)
    assert qs['parsed'].sum() == 0 and len(qs) == 5          # all five replies are unusable, none raises
    good = write_calibration_questions(col, fake_conflare_llm(), n_questions=5, min_chars=10)
    lab = label_questions(col, good, LLM(FakeBackend(['perhaps']), cache=None, progress=False), bound=3, progress=False)
    assert (lab['n_unparsed'] == 3).all() and not lab['found'].any()
    assert np.allclose(lab['score'], lab['source_similarity'])          # unanswered='source'
    with pytest.raises(ValueError, match='no parsed questions'):
        label_questions(col, qs, junk)


def test_parsers_never_evaluate():
    assert parse_question_answer("__import__('os').system('echo hi')") is None
    assert parse_question_answer('Question: What flows into the Black Sea?\nAnswer: the Danube') == \
        ('What flows into the Black Sea?', 'the Danube')
    assert [parse_yes_no(x) for x in ('Yes', 'no.', 'perhaps')] == [True, False, None]


def test_bad_input_errors_name_the_value(folder, tmp_path):
    llm = fake_conflare_llm()
    (tmp_path/'empty').mkdir()
    with pytest.raises(ValueError, match='is empty'): calibrate_folder(tmp_path/'empty', 0.1, llm=llm)
    with pytest.raises(FileNotFoundError, match='does not exist'): calibrate_folder(tmp_path/'nowhere', 0.1, llm=llm)
    for a in (0, 1, 1.5, -0.1):
        with pytest.raises(ValueError, match=f'alpha={a}'): calibrate_folder(folder, a, llm=llm)
    (folder/'slides.pptx').write_text('?')
    with pytest.raises(ValueError, match=r"unknown file type '\.pptx'.*slides\.pptx"): calibrate_folder(folder, 0.1, llm=llm)
    with pytest.raises(ValueError, match='method'): calibrate_folder(folder, 0.1, llm=llm, method='median')
    assert cli.main(['conflare', 'calibrate', str(tmp_path/'empty')]) == 2
    with pytest.raises(FileNotFoundError, match='retriever.json'): load_retriever(tmp_path/'empty')


def test_committed_generations_replay_without_a_model():
    from conformal_rag.paths import data_dir
    from conformal_rag.conflare_coverage import evaluation_llm
    from conformal_rag.llm import ReplayBackend
    path = data_dir('conflare_generations.jsonl.gz')
    llm = evaluation_llm('replay', path, 'gemma-3-270m')
    assert isinstance(llm.backend, ReplayBackend) and len(llm.cache) >= 100
    assert (llm.backend.kind, llm.backend.model) == ('local', 'gemma-3-270m')   # the committed run's request keys
    with pytest.raises(KeyError, match='generation missing from the exported file'):
        llm.sample('a prompt that was never sampled', n=1)


def test_one_replay_for_every_module(tmp_path):
    """Issue 17: conflare replays through `llm.replay_llm` (no `ReplayBackend` / `replay_llm` of its own); `strict=False`
    counts missing replies in its own cache, so a strict replay of the same file in the same process still fails."""
    from conformal_rag import conflare_coverage, llm as L
    from conformal_rag.cache import GenerationCache
    assert not hasattr(conflare_coverage, 'ReplayBackend') and 'replay_llm' not in conflare_coverage.__all__
    assert not hasattr(conflare_coverage, 'LenientReplay')   # strict=False is llm.replay_llm's own
    gc = GenerationCache(tmp_path/'a.sqlite')
    live = LLM(FakeBackend(lambda p, i, s: p.upper(), model='m'), cache=gc, progress=False)
    made = live.sample(['q1?'], n=1)
    gc.export_jsonl(tmp_path/'g.jsonl.gz', keys=live.keys)
    lax = conflare_coverage.evaluation_llm('replay', tmp_path/'g.jsonl.gz', 'fake:m', strict=False)
    assert lax.sample(['q1?'], n=1) == made and lax.sample(['q2?'], n=1)[0][0].text == '' and lax.backend.missing == 1
    strict = conflare_coverage.evaluation_llm('replay', tmp_path/'g.jsonl.gz', 'fake:m')
    assert isinstance(strict.backend, L.ReplayBackend) and strict.sample(['q1?'], n=1) == made
    with pytest.raises(KeyError, match='generation missing'): strict.sample(['q2?'], n=1)


def test_conflare_owns_its_cutoff_and_retrieval_stays_generic():
    """Issue 17: CONFLARE's cutoff, set and retrieval are `conformal_rag.conflare`'s and its trials
    `conformal_rag.conflare_coverage`'s (they lived in `retrieval`), and its chunked document collection is
    `conflare_docs.ChunkCollection` (`collection.Collection` keeps its name)."""
    from conformal_rag import conflare, conflare_coverage, conflare_docs, retrieval
    for mod, names in ((conflare, ('conflare_cutoff', 'ConflareSet', 'conflare_retrieve')),
                       (conflare_coverage, ('conflare_trials',))):
        for name in names:
            assert name in mod.__all__ and getattr(mod, name).__module__ == mod.__name__, name
            assert not hasattr(retrieval, name), name
    assert 'ChunkCollection' in conflare_docs.__all__ and not hasattr(conflare_docs, 'Collection')


def test_patched_methods_are_the_classes_own(tmp_path):
    """Issue 17: methods added with `@patch` resolve on the class under its qualified name, and a retriever still saves
    and reloads (a classmethod added by `@patch(cls_method=True)`) and retrieves the same chunks."""
    from conformal_rag.conflare import ConformalRetriever
    from conformal_rag.conflare_docs import ChunkCollection
    from conformal_rag.retrieval import BM25, DenseIndex, DenseRetriever
    for cls, names in ((BM25, 'query_ids scores search'), (DenseIndex, 'scores search recall'),
                       (DenseRetriever, 'embed_questions scores search'), (ChunkCollection, 'embed_questions scores'),
                       (ConformalRetriever, 'retrieve chunks_of answer recalibrate save')):
        for n in names.split():
            assert getattr(cls, n).__qualname__ == f'{cls.__name__}.{n}', (cls, n)
    folder = tmp_path/'docs'; folder.mkdir()
    for i, f in enumerate(FACTS): (folder/f'f{i}.txt').write_text(f)
    col = ChunkCollection(chunk_documents(folder, progress=False), BagOfWordsEncoder(), progress=False)
    r = ConformalRetriever(col, 0.1, 0.2, scores=np.array([0.3, 0.5, 0.7]))
    back = ConformalRetriever.load(r.save(tmp_path/'ret'))
    assert isinstance(back, ConformalRetriever) and back.path == tmp_path/'ret'
    np.testing.assert_array_equal(back.retrieve('Which planet is a gas giant?').rows, r.retrieve('Which planet is a gas giant?').rows)
