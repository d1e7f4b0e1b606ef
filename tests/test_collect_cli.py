"""The collection command line, `conformal-rag collect` (`conformal_rag.cli.collect`): help and defaults for every option;
bad input prints one line and exits 2 before anything is sampled; names cannot write outside --out-dir; every
`data.load_qa` spec is accepted; --cluster names a clustering."""
import json, subprocess, sys
import numpy as np
import pytest
from conformal_rag import cli, collect
from conformal_rag.collection import Collection

def dpr_file(tmp_path, n=4):
    "A small DPR biencoder file (NQ's format): one capital question per country, its gold passage and a negative."
    recs = [dict(question=f"What is the capital of {c}?", answers=[a],
                 positive_ctxs=[dict(title=a, text=f"{a} is the capital of {c}.", passage_id=f"p{i}")],
                 negative_ctxs=[dict(title='x', text=f"{c} is a country with many rivers, number {i}.", passage_id=f"n{i}")],
                 hard_negative_ctxs=[])
            for i, (c, a) in enumerate([('France', 'Paris'), ('Peru', 'Lima'), ('Italy', 'Rome'), ('Japan', 'Tokyo')][:n])]
    p = tmp_path/'biencoder-nq-dev.json'
    p.write_text(json.dumps(recs))
    return p

def small(tmp_path, **kw):
    "Arguments of a tiny run: the DPR file, the scripted fake model, 2 questions, 1 passage, 2 samples."
    a = dict(dataset=f"dpr:{dpr_file(tmp_path)}", model='fake', n_questions='2', K='1', M='2', out_dir=str(tmp_path/'out'),
             cache=str(tmp_path/'g.sqlite'), name='tiny')
    a.update(kw)
    return [x for k, v in a.items() for x in (f"--{k.replace('_', '-')}", v)] + ['--no-features']

def fails(argv, capsys, *contains):
    "Run `conformal-rag collect ARGV`; it must exit with status 2 and print exactly one line on stderr holding every string in `contains`."
    code = cli.main(['collect', *argv])
    err = capsys.readouterr().err
    lines = [l for l in err.splitlines() if l.strip()]
    assert code == 2, err
    assert len(lines) == 1, err
    assert lines[0].startswith('conformal-rag collect: error: ') and lines[0].endswith(' (see --help)'), lines[0]
    for c in contains: assert c in lines[0], (c, lines[0])
    return lines[0]

def npz_files(tmp_path): return sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob('*.npz'))

# every bad value of an option: one line, exit 2 (they were 15-31-line tracebacks, or ran)
BAD = [
    (dict(n_questions='-2'), ['--n-questions', "must be a positive integer, got '-2'"]),   # collected 6 of 8 questions, exit 0
    (dict(n_questions='0'), ['--n-questions', "'0'"]),                                     # max() arg is an empty sequence
    (dict(n_questions='abc'), ['--n-questions', "'abc'"]),
    (dict(K='0'), ['--K', "'0'"]),
    (dict(M='-1'), ['--M', "'-1'"]),
    (dict(temperature='-1'), ['--temperature', "'-1'"]),
    (dict(temperature='nan'), ['--temperature', "'nan'"]),
    (dict(max_new_tokens='0'), ['--max-new-tokens', "'0'"]),
    (dict(seed='x'), ['--seed', "'x'"]),
    (dict(prompt='cot'), ['--prompt', "'cot'"]),
    (dict(name='../../x'), ['--name', "'../../x'"]),
    (dict(name='a/b'), ['--name', "'a/b'"]),
    (dict(name='..'), ['--name', "'..'"]),
    (dict(name=''), ['--name', "''"]),
    (dict(model=''), ["model must be a non-empty string, got ''"]),
    (dict(model='openai:'), ["model 'openai:' names no model"]),
    (dict(model='no-such-model'), ["unknown local model 'no-such-model'"]),
    (dict(model='local:/no/such/dir'), ["'/no/such/dir'"]),
    (dict(model='openai:m@ftp://x'), ["'openai:m@ftp://x'"]),
    (dict(dataset='bogus'), ["unknown dataset 'bogus'"]),
    (dict(dataset=''), ["dataset must be a non-empty"]),
    (dict(dataset='nq'), ["'nq' needs a path"]),
    (dict(dataset='dpr:/no/such.json'), ['/no/such.json']),
    (dict(dataset='squad:/no/such.jsonl'), ['/no/such.jsonl']),
    (dict(cluster='bogus'), ["unknown clustering 'bogus'"]),
    (dict(cluster='nli:'), ["'nli:' names no model"]),
    (dict(cluster='llm-judge:'), ["'llm-judge:' names no model"]),
    (dict(cluster='nli:/no/such/nli-folder'), ["NLI model folder '/no/such/nli-folder' does not exist"]),
    (dict(cluster='llm-judge:no-such-model'), ["unknown local model 'no-such-model'"]),
]

@pytest.mark.parametrize('opts,contains', BAD, ids=[' '.join(f'{k}={v}' for k, v in o.items()) for o, _ in BAD])
def test_bad_option_is_one_line_and_exit_2(opts, contains, tmp_path, capsys, monkeypatch):
    monkeypatch.delenv('OPENAI_API_KEY', raising=False)
    fails(small(tmp_path, **opts), capsys, *contains)
    assert npz_files(tmp_path) == []

def test_offline_hub_dataset_and_models_fail_fast(monkeypatch, tmp_path, capsys):
    "Hub datasets and hub NLI models offline: one line saying so, nothing written."
    monkeypatch.setenv('HF_DATASETS_OFFLINE', '1'); monkeypatch.setenv('HF_HUB_OFFLINE', '1')
    fails(small(tmp_path, dataset='squad'), capsys, 'offline', 'SQuAD')
    fails(small(tmp_path, dataset='triviaqa:validation'), capsys, 'offline', 'TriviaQA')
    fails(small(tmp_path, cluster='nli:some-org/some-nli-model'), capsys, "'some-org/some-nli-model' is not available offline")
    fails(small(tmp_path, cluster='nli'), capsys, "'microsoft/deberta-large-mnli' is not available offline")   # TRAQ's model
    assert npz_files(tmp_path) == []

def test_openai_model_without_key_fails_before_sampling(monkeypatch, tmp_path, capsys):
    monkeypatch.delenv('OPENAI_API_KEY', raising=False)
    fails(small(tmp_path, model='openai:gpt-4o-mini'), capsys, 'OPENAI_API_KEY')
    assert npz_files(tmp_path) == []

def test_malformed_dataset_files_are_named_with_the_line(tmp_path, capsys):
    bad = tmp_path/'bad.json'; bad.write_text('{"data": [\n {"a": 1},\n {"a": 2,,}\n]}\n')
    fails(small(tmp_path, dataset=f'squad:{bad}'), capsys, str(bad), 'line 3')
    badl = tmp_path/'bad.jsonl'; badl.write_text('{"question": "q1"}\n{"question": "q2"\n')
    fails(small(tmp_path, dataset=f'squad:{badl}'), capsys, str(badl), 'line 2')

def test_out_dir_that_is_a_file(tmp_path, capsys):
    f = tmp_path/'afile'; f.write_text('x')
    fails(small(tmp_path, out_dir=str(f)), capsys, 'not a folder')

def test_name_cannot_write_outside_out_dir(tmp_path, capsys):
    "`--name ../../x` wrote x.npz two folders above --out-dir; now it is refused and nothing is written anywhere."
    out = tmp_path/'a'/'b'; out.mkdir(parents=True)
    fails(small(tmp_path, out_dir=str(out), name='../../x'), capsys, '--name')
    assert npz_files(tmp_path) == []
    with pytest.raises(ValueError, match='outside'):   # a symlink named like the output, pointing elsewhere
        (out/'y.npz').symlink_to(tmp_path/'elsewhere.npz'); collect.output_path('y', out)

def test_n_questions_negative_collects_nothing(tmp_path, capsys):
    "`--n-questions -2` collected all but two questions and exited 0."
    fails(small(tmp_path, n_questions='-2'), capsys, '--n-questions')
    with pytest.raises(ValueError, match='n=-2'): collect.sample_questions(__import__('pandas').DataFrame(dict(id=range(8))), -2)

def test_help_has_text_and_default_for_every_option():
    "Every option has a help text, and the help shows its default (the options had neither)."
    ap = cli.command_parser(cli.collect, 'conformal-rag collect')
    for act in ap._actions:
        if act.dest == 'help': continue
        assert act.help and len(act.help) > 10, act.dest
        assert '(default: ' in act.help, act.dest
    text = ' '.join(ap.format_help().split())
    for opt, default in [('--dataset', 'wiki'), ('--model', 'gemma-3-270m'), ('--n-questions', str(collect.DEFAULTS['n_questions'])), ('--K', '5'), ('--M', '10'),
                         ('--prompt', 'one_shot'), ('--temperature', '1.0'), ('--max-new-tokens', '16'), ('--seed', '0'),
                         ('--cluster', 'rouge'), ('--name', 'None'), ('--out-dir', 'collected'), ('--cache', 'None'),
                         ('--resample', 'False')]:
        assert opt in text, opt
        assert f'(default: {default})' in text if opt != '--out-dir' else 'data/collected) (default: None)' in text, (opt, default)
    assert 'wiki_gemma-3-270m_600' in text and 'runs/collected (untracked' in text and '--force' in text
    p = subprocess.run([sys.executable, '-m', 'conformal_rag.cli', 'collect', '--help'], capture_output=True, text=True)
    assert '--no-features skips them (default: on; this flag turns it off)' in text   # --no-features: what its default means
    assert p.returncode == 0 and '(default: gemma-3-270m)' in ' '.join(p.stdout.split())

def test_subprocess_error_is_one_line(tmp_path):
    "Through the real entry point: exit status 2 and one line on stderr, no traceback."
    p = subprocess.run([sys.executable, '-m', 'conformal_rag.cli', 'collect', *small(tmp_path, n_questions='0')], capture_output=True, text=True)
    assert p.returncode == 2, p.stderr
    assert p.stderr.strip().splitlines() == [
        "conformal-rag collect: error: argument --n-questions: must be a positive integer, got '0' (see --help)"]

@pytest.mark.parametrize('kind', ['nq', 'dpr', 'squad-file'])
def test_every_load_qa_spec_is_accepted(kind, tmp_path):
    "`nq:PATH` (rejected before) and `squad:FILE` (read as a split before) collect like `dpr:PATH`."
    if kind == 'squad-file':
        f = tmp_path/'squad.jsonl'
        f.write_text('\n'.join(json.dumps(dict(id=f's{i}', title='T', context=f'{a} is the capital of {c}.', question=f'What is the capital of {c}?',
                                               answers=dict(text=[a], answer_start=[0])))
                               for i, (c, a) in enumerate([('France', 'Paris'), ('Peru', 'Lima')])) + '\n')
        spec = f'squad:{f}'
    else: spec = f'{kind}:{dpr_file(tmp_path)}'
    assert cli.main(['collect', *small(tmp_path, dataset=spec)]) == 0
    c = Collection.load(tmp_path/'out'/'tiny.npz')
    assert len(c) == 2 and c.shape[-1] == 2 and c.meta['dataset'] == spec
    assert (tmp_path/'out'/'tiny_generations.jsonl.gz').exists()

def test_cluster_nli_end_to_end(tmp_path):
    "`--cluster nli:PATH` with a tiny NLI model forced to entail: one cluster per question (`collect` raised on 'nli' before)."
    from conformal_rag.matching import tiny_nli_model
    nli = tiny_nli_model(tmp_path/'nli', entail=True)
    assert cli.main(['collect', *small(tmp_path, cluster=f'nli:{nli}', M='3')]) == 0
    c = Collection.load(tmp_path/'out'/'tiny.npz')
    for i in range(len(c)):
        ids = c.cluster[i][c.cluster[i] >= 0]
        assert set(ids.tolist()) == {0}
        assert len(np.unique(c.rouge_id[i][c.rouge_id[i] >= 0])) == 3    # the fake model's 3 distinct answers: ROUGE keeps them apart
    assert c.meta['cluster'] == f'nli:{nli}'

def test_cluster_llm_judge_end_to_end(tmp_path):
    "`--cluster llm-judge:fake`: the fake model's replies are not yes/no, so nothing merges; every judge call is cached."
    assert cli.main(['collect', *small(tmp_path, cluster='llm-judge:fake', M='3')]) == 0
    c = Collection.load(tmp_path/'out'/'tiny.npz')
    assert c.meta['cluster'] == 'llm-judge:fake'
    assert np.array_equal(c.cluster, c.exact_id)

def test_rcrag_collect_takes_a_dataset(monkeypatch, tmp_path, capsys):
    "RC-RAG's collection: `--dataset triviaqa` offline fails at once, naming the dataset; `nq` without a path says what it needs."
    monkeypatch.setenv('HF_DATASETS_OFFLINE', '1')
    kw = ['--models', 'fake:m', '--n-questions', '2', '--no-pilot', '--out', str(tmp_path/'g.jsonl.gz'), '--cache', str(tmp_path/'c.sqlite')]
    for ds, says in (('triviaqa', 'TriviaQA'), ('nq', "'nq' needs a path")):   # one line on stderr, exit 2
        assert cli.main(['rcrag', 'collect', '--dataset', ds] + kw) == 2
        err = capsys.readouterr().err
        assert says in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path/'g.jsonl.gz').exists()


@pytest.mark.parametrize('module', ['rcrag', 'overconfidence'])
@pytest.mark.parametrize('args, says', [(['--n-questions', '0'], "got '0'"), (['--n-questions', '-2'], "got '-2'"),
                                        (['--max-new-tokens', 'x'], "got 'x'")])
def test_paper_collect_commands_refuse_bad_sizes_in_one_line(module, args, says):
    import subprocess, sys
    r = subprocess.run([sys.executable, '-m', 'conformal_rag.cli', module, 'collect', *args], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r.stderr
    assert says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_rcrag_collect_bad_dataset_is_one_line(tmp_path):
    import subprocess, sys
    r = subprocess.run([sys.executable, '-m', 'conformal_rag.cli', 'rcrag', 'collect', '--dataset', 'nq', '--n-questions', '2',
                        '--models', 'fake', '--no-pilot', '--out', str(tmp_path/'x.jsonl.gz'), '--cache', str(tmp_path/'c.sqlite')],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 2, r.stderr[-2000:]
    assert "'nq' needs a path" in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr

def test_questions_only_dataset_fails_before_the_model_loads(tmp_path, capsys, monkeypatch):
    "`--dataset nq-open` has no passages to retrieve: one line naming the dataset, before any model loads."
    import json, conformal_rag.collect as col
    f = tmp_path/'nq.jsonl'
    f.write_text('\n'.join(json.dumps(dict(question=f'who wrote book {i}', answer=[f'author {i}'])) for i in range(5)) + '\n')
    monkeypatch.setattr(col, 'llm_from_spec', lambda *a, **k: (_ for _ in ()).throw(AssertionError('model loaded')))
    fails(small(tmp_path, dataset=f'nq-open:{f}'), capsys, f'nq-open:{f}', 'questions only')

def test_jobs_2_collects_what_one_process_does(tmp_path):
    "`--jobs 2`: two sampling processes fill one cache; the arrays equal a one-process run's, and every prompt was sampled once."
    assert cli.main(['collect', *small(tmp_path, n_questions='3', K='2', M='3', name='one', cache=str(tmp_path/'a.sqlite'))]) == 0
    assert cli.main(['collect', *small(tmp_path, n_questions='3', K='2', M='3', name='two', cache=str(tmp_path/'b.sqlite')), '--jobs', '2']) == 0
    one, two = Collection.load(tmp_path/'out'/'one.npz'), Collection.load(tmp_path/'out'/'two.npz')
    for f in ('cluster', 'freq', 'correct', 'ret_score', 'answers'): assert np.array_equal(getattr(one, f), getattr(two, f)), f
    assert two.meta['jobs'] == 2 and two.meta['sampled_calls'] == one.meta['sampled_calls'] > 0
    shards = two.meta['shard_calls']   # the two processes sampled everything between them; the parent nothing
    assert len(shards) == 2 and min(shards) > 0 and sum(shards) == two.meta['sampled_calls']

def test_a_collection_resumes_from_its_export(tmp_path):
    "An export beside the output (e.g. a committed partial one from another machine) is loaded first: nothing is sampled again."
    assert cli.main(['collect', *small(tmp_path, cache=str(tmp_path/'a.sqlite'))]) == 0
    assert cli.main(['collect', *small(tmp_path, cache=str(tmp_path/'fresh.sqlite'))]) == 0   # an empty cache
    assert Collection.load(tmp_path/'out'/'tiny.npz').meta['sampled_calls'] == 0


# --- 28.1: a collection never silently overwrites another one, and says where it wrote ---

def committed_copy(tmp_path, name='wiki_gemma_600'):
    "Copies of a committed collection's three files (data/ itself is never touched) and their bytes."
    import shutil
    from conformal_rag.paths import data_dir
    d = tmp_path/'copy'; d.mkdir(exist_ok=True)
    for f in collect.collection_files(data_dir('collected', f'{name}.npz')): shutil.copy(f, d/f.name)
    return d, {f.name: f.read_bytes() for f in d.iterdir()}

def test_existing_collection_of_other_settings_is_refused_before_loading(tmp_path, capsys, monkeypatch):
    "The trial: a 10-question stub over the default collection's name. One line naming the file; no model loads; nothing changes."
    d, before = committed_copy(tmp_path)
    monkeypatch.setattr(collect, 'llm_from_spec', lambda *a, **k: (_ for _ in ()).throw(AssertionError('model loaded')))
    line = fails(small(tmp_path, out_dir=str(d), name='wiki_gemma_600', dataset='wiki'), capsys,
                 f"{d/'wiki_gemma_600.npz'} holds a collection of other settings", 'n_questions: 600 -> 2', '--force')
    assert {f.name: f.read_bytes() for f in d.iterdir()} == before
    (d/'wiki_gemma_600.npz').unlink()                     # an _extra.npz alone is protected too
    fails(small(tmp_path, out_dir=str(d), name='wiki_gemma_600'), capsys, str(d/'wiki_gemma_600_extra.npz'), '--force')

def test_partial_export_of_another_collection_is_not_clobbered(tmp_path, capsys):
    "A generations export alone is resumed; when this run would drop some of its lines, it is refused before writing."
    d, before = committed_copy(tmp_path)
    for f in ('wiki_gemma_600.npz', 'wiki_gemma_600_extra.npz'): (d/f).unlink()
    assert cli.main(['collect', *small(tmp_path, out_dir=str(d), name='wiki_gemma_600', model='fake', dataset='wiki')]) == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]   # after sampling (the export's keys are known then), before writing
    assert f"error: {d/'wiki_gemma_600_generations.jsonl.gz'} holds 31,290 generations this run does not ask for" in last, last
    assert (d/'wiki_gemma_600_generations.jsonl.gz').read_bytes() == before['wiki_gemma_600_generations.jsonl.gz']
    assert not (d/'wiki_gemma_600.npz').exists()

def test_force_replaces_and_same_settings_resume(tmp_path, capsys):
    d, before = committed_copy(tmp_path)
    assert cli.main(['collect', *small(tmp_path, out_dir=str(d), name='wiki_gemma_600'), '--force']) == 0
    c = Collection.load(d/'wiki_gemma_600.npz')
    assert len(c) == 2 and c.meta['model_spec'] == 'fake'
    err = capsys.readouterr().err
    assert f"wrote {d/'wiki_gemma_600.npz'}" in err                       # 28.8: it says where it wrote
    # the same settings again (e.g. a run killed and restarted, or one that completes a partial export): no --force needed
    assert cli.main(['collect', *small(tmp_path, out_dir=str(d), name='wiki_gemma_600', cache=str(tmp_path/'fresh.sqlite'))]) == 0
    assert 'resuming from' in capsys.readouterr().err
    assert Collection.load(d/'wiki_gemma_600.npz').meta['sampled_calls'] == 0

def test_default_name_and_folder_are_derived_and_untracked(tmp_path, capsys, monkeypatch):
    "No --name, no --out-dir: <repo>/runs/collected/<dataset>_<model>_<n>.npz, never data/collected."
    monkeypatch.setattr(collect, 'repo_root', lambda: tmp_path)
    args = small(tmp_path)
    i = args.index('--name'); del args[i:i + 2]
    i = args.index('--out-dir'); del args[i:i + 2]
    assert cli.main(['collect', *args]) == 0
    target = tmp_path/'runs'/'collected'/'dpr-biencoder-nq-dev_fake_2.npz'
    assert target.exists() and f'wrote {target}' in capsys.readouterr().err
    assert not (tmp_path/'data').exists()

def test_committed_default_collection_is_unchanged_by_these_tests():
    "The default name of collect is no longer the committed file's; data/collected stays as committed."
    import subprocess
    from conformal_rag.paths import repo_root
    assert collect.collection_name('wiki', collect.DEFAULTS['model'], 600) != collect.DEFAULTS['name']
    st = subprocess.run(['git', 'status', '--porcelain', '--', 'data/collected'], cwd=repo_root(), capture_output=True, text=True)
    assert st.returncode != 0 or st.stdout == '', st.stdout

def test_collect_returns_the_collection_it_saved(tmp_path):
    "`collect.default_collection` returns a `Collection` (issue 29: one data type), equal to the file it wrote."
    import numpy as np
    from conformal_rag.collect import default_collection
    from conformal_rag.collection import Collection, load_collection
    c = default_collection(n_questions=3, K=2, M=2, model='fake', name='x', out_dir=tmp_path, cache=tmp_path/'c.sqlite',
                           features=False, log=lambda m: None)
    assert isinstance(c, Collection) and len(c) == 3 and c.meta['model_spec'] == 'fake'
    back = load_collection(str(tmp_path/'x.npz'))
    for f in ('ret_score', 'in_topk', 'is_gold', 'cluster', 'freq', 'correct'):
        np.testing.assert_array_equal(getattr(c, f), getattr(back, f))
