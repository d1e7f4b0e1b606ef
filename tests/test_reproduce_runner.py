"""The papermill runner on tiny notebooks written by the tests: the failure line names the notebook's own exception
and the executed notebook; parameter types are checked against the notebook's defaults before anything runs; ad-hoc
runs (-p, --smoke) write under the scratch folder, never into figures/ unless asked; no kernel log noise."""
import json, re
from pathlib import Path
import nbformat
import pytest
from conformal_rag import artifacts, executed_notebooks, paper_parameters, paper_runs, reproduce
from conformal_rag.reproduce import run_notebooks
from conformal_rag.cli import main


def write_nb(path, params_src, *cells):
    nb = nbformat.v4.new_notebook()
    nb.metadata['kernelspec'] = {'name': 'python3', 'display_name': 'python3', 'language': 'python'}
    c = nbformat.v4.new_code_cell(params_src); c.metadata['tags'] = ['parameters']
    nb.cells = [c, *map(nbformat.v4.new_code_cell, cells)]
    nbformat.write(nb, path)
    return path


@pytest.fixture
def paper(tmp_path):
    "A runs file with a notebook that fails when alpha > 1 (after a long message) and one that imports tqdm.auto."
    write_nb(tmp_path/'fails.ipynb', 'alpha = 0.1\ntrials = 20\nout_dir = "figures/demo"',
             'x = 1',
             'if alpha > 1: raise ValueError(f"alpha must lie in (0, 1), got alpha={alpha}; " + "detail " * 400 + "END")')
    write_nb(tmp_path/'quiet.ipynb', 'n = 3\nout_dir = "figures/quiet"',
             'from tqdm.auto import tqdm\nfor _ in tqdm(range(n)): pass\nimport warnings; warnings.warn("a real warning")',
             # what ipykernel logs when jupyter_client interrupts it before shutdown, written by the kernel's own logger
             'from ipykernel.kernelapp import IPKernelApp\nIPKernelApp.instance().log.error("KeyboardInterrupt caught in kernel")')
    (tmp_path/'runs.yaml').write_text('fails:\n  notebook: fails.ipynb\n  parameters: {}\n'
                                      'quiet:\n  notebook: quiet.ipynb\n  parameters: {}\n')
    return tmp_path


def test_failure_line_names_exception_and_executed_notebook(paper, capsys):
    res = run_notebooks(['fails'], overrides={'alpha': 2}, out_root=paper/'out', runs_file=paper/'runs.yaml')
    out = capsys.readouterr().out
    assert res[0]['status'] == 'failed'
    line = next(l for l in out.splitlines() if 'FAILED' in l)
    assert line.startswith('[reproduce] fails FAILED: ValueError: alpha must lie in (0, 1), got alpha=2; detail')
    assert line.endswith('END (cell 3)')    # the whole message, not its last 2,000 characters; cell 3 of the executed notebook (papermill inserts its parameters cell)
    executed = paper/'out'/'demo'/'_runs'/'fails.ipynb'
    assert f'[reproduce] executed notebook: {executed}' in out and executed.exists()
    assert res[0]['error'] == line.removeprefix('[reproduce] fails FAILED: ')


def test_wrong_parameter_type_exits_2_before_running(paper, capsys):
    assert main(['reproduce', '--runs', str(paper/'runs.yaml'), '--only', 'fails', '-p', 'trials=abc', '--dry-run']) == 2
    err = capsys.readouterr().err
    assert "wrong parameter type(s) for fails.ipynb: trials='abc' has type str, expected int like its default 20" in err
    assert main(['reproduce', '--runs', str(paper/'runs.yaml'), '--only', 'fails', '-p', 'alpha=1', '-p', 'trials=5', '--dry-run']) == 0  # int for float
    assert main(['reproduce', '--runs', str(paper/'runs.yaml'), '--only', 'fails', '-p', 'trials=5.5']) == 2
    assert not (paper/'fails_out').exists() and not any(paper.rglob('_runs'))   # nothing ran


def test_adhoc_runs_go_to_scratch_unless_asked(paper, monkeypatch, capsys):
    scratch = paper/'scratch'
    monkeypatch.setattr(reproduce, 'adhoc_root', lambda create=True: scratch)
    assert main(['reproduce', '--runs', str(paper/'runs.yaml'), '--only', 'quiet', '-p', 'n=2']) == 0
    out = capsys.readouterr().out
    run_id = out.split('ad-hoc run ')[1].split()[0]                 # every ad-hoc run has a folder of its own
    assert (scratch/'quiet'/run_id/'_runs'/'quiet.ipynb').exists()
    assert f'outputs in {scratch/"quiet"/run_id}' in out and 'not figures/' in out
    assert json.loads((scratch/'quiet'/run_id/'run.json').read_text())['parameters']['n'] == 2
    assert main(['reproduce', '--runs', str(paper/'runs.yaml'), '--only', 'quiet', '-p', 'n=3']) == 0
    assert len(list((scratch/'quiet').iterdir())) == 2               # a second run never mixes with the first
    assert json.loads((scratch/'reproduce_log.jsonl').read_text().splitlines()[-1])['run'] == 'quiet'   # run times: untracked log
    capsys.readouterr()
    # the default run, and an ad-hoc run that asks for it, plan the committed figures/ (dry run: nothing written)
    res = run_notebooks(['quiet'], runs_file=paper/'runs.yaml', dry_run=True, log=lambda *a: None)
    assert res[0]['parameters']['out_dir'] == 'figures/quiet'
    assert main(['reproduce', '--runs', str(paper/'runs.yaml'), '--only', 'quiet', '-p', 'n=2', '--out-root', 'figures', '--dry-run']) == 0
    assert '-> figures/quiet' in capsys.readouterr().out


def test_adhoc_root_ignores_itself(tmp_path, monkeypatch):
    monkeypatch.setattr(reproduce, 'repo_root', lambda: tmp_path)
    d = reproduce.adhoc_root()
    assert d == tmp_path/'runs' and (d/'.gitignore').read_text().splitlines()[-1] == '*'


def test_no_kernel_noise(paper, capfd):
    res = run_notebooks(['quiet'], out_root=paper/'out', runs_file=paper/'runs.yaml')
    assert res[0]['status'] == 'ok'
    seen = capfd.readouterr()                        # file-descriptor level: what the kernel process itself prints
    text = seen.out + seen.err
    for noise in ('without encryption', 'KeyboardInterrupt', 'IProgress'):
        assert noise not in text, noise
    outputs = ''.join(o.get('text', '') for c in nbformat.read(paper/'out'/'quiet'/'_runs'/'quiet.ipynb', 4).cells
                      for o in c.get('outputs', []))
    assert 'IProgress' not in outputs and 'a real warning' in outputs   # only tqdm's warning is filtered


# --- runs that need an environment variable (the papers' released outputs, which this repository cannot ship) ---

RELEASE_NB = ('from conformal_rag.artifacts import Artifacts\n'
              'import pandas as pd\n'
              'from conformal_rag.traq_release import load_release\n'
              'c = load_release(release_dir, "nq", "llama2")\n'
              'Artifacts(out_dir, {"release_dir": release_dir}).table(pd.DataFrame({"questions": [len(c)], "K": [c.meta["K"]]}), "loaded")')


@pytest.fixture
def gated(tmp_path):
    "A runs file whose entry needs TRAQ_RELEASE (its value is the notebook's release_dir) and one that does not."
    write_nb(tmp_path/'release.ipynb', 'release_dir = ""\nout_dir = "figures/release"', RELEASE_NB)
    write_nb(tmp_path/'plain.ipynb', 'n = 1\nout_dir = "figures/plain"', 'x = n')
    (tmp_path/'runs.yaml').write_text(
        'release:\n  notebook: release.ipynb\n  parameters: {}\n'
        '  needs_env:\n    TRAQ_RELEASE: {parameter: release_dir, example: /path/to/collected_data, help: "the authors\' pickles"}\n'
        'plain:\n  notebook: plain.ipynb\n  parameters: {}\n')
    return tmp_path


def test_needs_env_unset_is_skipped_with_the_command(gated, monkeypatch, capsys):
    monkeypatch.delenv('TRAQ_RELEASE', raising=False)
    assert main(['reproduce', '--runs', str(gated/'runs.yaml'), '--out-root', str(gated/'out')]) == 0   # skipped is not failed
    out = capsys.readouterr().out
    assert ('[reproduce] release SKIPPED: needs TRAQ_RELEASE (not set). To run it: make reproduce ARGS="--only release" '
            "TRAQ_RELEASE=/path/to/collected_data. TRAQ_RELEASE: the authors' pickles") in out
    assert "1 of 1 notebook runs ok; skipped (set TRAQ_RELEASE to run): ['release']" in out
    run_id = out.split('[reproduce] run ')[1].split(':')[0]        # a run outside figures/ has a folder of its own
    assert not (gated/'out'/'release').exists() and (gated/'out'/'plain'/run_id/'_runs'/'plain.ipynb').exists()
    monkeypatch.setenv('TRAQ_RELEASE', '')   # empty counts as unset
    res = run_notebooks(['release'], runs_file=gated/'runs.yaml', dry_run=True, log=lambda *a: None)
    assert res[0]['status'] == 'skipped' and res[0]['missing_env'] == ['TRAQ_RELEASE']


def test_needs_env_set_runs_on_a_synthetic_release(gated, tmp_path, monkeypatch):
    from conformal_rag.traq_release import synthetic_release
    synthetic_release(tmp_path/'rel', 'nq', 'llama2', Q=7, K=3, M=4)
    monkeypatch.setenv('TRAQ_RELEASE', str(tmp_path/'rel'))
    res = run_notebooks(['release'], out_root=gated/'out', runs_file=gated/'runs.yaml', log=lambda *a: None)
    assert res[0]['status'] == 'ok' and res[0]['parameters']['release_dir'] == str(tmp_path/'rel')
    assert (gated/'out'/'release'/'loaded.csv').read_text().splitlines() == ['questions,K', '7,3']
    # a -p value (or a smoke value) gives the parameter too: the run is not skipped without the variable
    monkeypatch.delenv('TRAQ_RELEASE')
    res = run_notebooks(['release'], overrides={'release_dir': str(tmp_path/'rel')}, runs_file=gated/'runs.yaml',
                        dry_run=True, log=lambda *a: None)
    assert res[0]['status'] == 'planned'


def test_needs_env_is_checked_against_the_notebook(gated):
    (gated/'runs.yaml').write_text('release:\n  notebook: release.ipynb\n  needs_env: {TRAQ_RELEASE: releese_dir}\n')
    with pytest.raises(ValueError, match="needs_env parameter 'releese_dir' is not a parameter of release.ipynb"):
        run_notebooks(['release'], runs_file=gated/'runs.yaml', dry_run=True, log=lambda *a: None)
    (gated/'runs.yaml').write_text('release:\n  notebook: release.ipynb\n  needs_env: {traq_release: release_dir}\n')
    with pytest.raises(ValueError, match="must be an upper-case name"):
        run_notebooks(['release'], runs_file=gated/'runs.yaml', dry_run=True, log=lambda *a: None)


def test_the_traq_release_entry_takes_TRAQ_RELEASE(monkeypatch):
    "The registered entry: skipped without the variable (with the make command), planned with its value as release_dir."
    monkeypatch.delenv('TRAQ_RELEASE', raising=False)
    res = run_notebooks(['traq_release'], dry_run=True, log=lambda *a: None)
    assert res[0]['status'] == 'skipped'
    assert 'make reproduce ARGS="--only traq_release" TRAQ_RELEASE=' in res[0]['message'] and 'github.com/shuoli90/TRAQ' in res[0]['message']
    monkeypatch.setenv('TRAQ_RELEASE', '/data/collected_data')
    res = run_notebooks(['traq_release'], dry_run=True, log=lambda *a: None)
    assert res[0]['status'] == 'planned' and res[0]['parameters']['release_dir'] == '/data/collected_data'


# --- issue 32.2: parameter values and output paths are checked before anything runs ---

@pytest.mark.parametrize('param, says', [('trials=-5', 'trials=-5 must be >= 1'),
                                         ('ns=[20, "a"]', "ns=[20, 'a']: element 'a' has type str, expected int"),
                                         ('alphas=[0.1, 1.5]', 'alphas=[0.1, 1.5] must be > 0, < 1 (element 1.5)'),
                                         ('out_dir=figures/../../../../tmp/x', "out_dir='figures/../../../../tmp/x' must not contain '..'")])
def test_bad_parameter_values_are_refused_by_dry_run(param, says, capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(reproduce, 'adhoc_root', lambda create=True: tmp_path/'scratch')
    assert main(['reproduce', '--only', 'conformal_validity', '-p', param, '--dry-run']) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0], err
    assert not (tmp_path/'scratch').exists()


def test_out_dir_stays_in_the_output_root(tmp_path):
    "The committed figures/ for make reproduce, the --out-root folder otherwise; a link out is refused too."
    with pytest.raises(ValueError, match='outside the output root'):
        run_notebooks(['conformal_validity'], overrides={'out_dir': '/tmp/x'}, dry_run=True, log=lambda *a: None)
    (tmp_path/'conformal').symlink_to('/tmp')
    with pytest.raises(ValueError, match='outside the output root'):
        run_notebooks(['conformal_validity'], out_root=tmp_path, dry_run=True, log=lambda *a: None)


# --- issue 28.2: warnings reach the terminal; vacuous guarantees are flagged ---

def test_warnings_are_printed_and_vacuous_runs_flagged(paper, capsys):
    write_nb(paper/'vacuous.ipynb', 'n = 1\nout_dir = "figures/vacuous"',
             'import warnings; warnings.warn("run_grid: 3 of 4 runs had too few calibration questions for their level, so a "'
             ' "threshold was +inf (their sets hold everything)")')
    (paper/'runs.yaml').write_text((paper/'runs.yaml').read_text() + 'vacuous:\n  notebook: vacuous.ipynb\n  parameters: {}\n')
    assert main(['reproduce', '--runs', str(paper/'runs.yaml'), '--only', 'quiet', 'vacuous', '--out-root', str(paper/'o')]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert '[reproduce]   UserWarning: a real warning' in out
    assert out[-1].startswith('[reproduce] FLAG vacuous: guarantees vacuous in part (1 warning(s)), e.g. UserWarning: run_grid: 3 of 4')
    assert not any('FLAG quiet' in l for l in out) and '[reproduce] warnings: quiet (1), vacuous (1)' in out[-2]


# --- issue 28.3/28.5 and 32.4: faithful reruns leave records alone; atomic writes; a killed runner kills its kernel ---

ART_NB = ('from conformal_rag.artifacts import Artifacts\nimport pandas as pd, matplotlib; matplotlib.use("Agg")\n'
          'import matplotlib.pyplot as plt\n'
          'a = Artifacts(out_dir, {"n": n})\nfig, ax = plt.subplots(); ax.plot([0, n]); a.figure(fig, "cv")\n'
          'a.table(pd.DataFrame({"n": [n]}), "cv")')

def test_a_faithful_rerun_keeps_every_record(tmp_path):
    write_nb(tmp_path/'art.ipynb', 'n = 2\nout_dir = "figures/art"', ART_NB)
    (tmp_path/'runs.yaml').write_text('art:\n  notebook: art.ipynb\n  parameters: {}\n')
    kw = dict(out_root=tmp_path/'o', runs_file=tmp_path/'runs.yaml', log=lambda *a: None)
    assert run_notebooks(['art'], **kw)[0]['status'] == 'ok'
    d = tmp_path/'o'/'art'
    assert sorted(p.name for p in d.glob('cv*')) == ['cv.csv', 'cv.json', 'cv.md', 'cv.png', 'cv.png.json']   # a record each
    for f in ('cv.json', 'cv.png.json'): (d/f).write_text((d/f).read_text().replace('"git_commit": "', '"git_commit": "older-'))
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in d.glob('cv*')}
    assert run_notebooks(['art'], **kw)[0]['status'] == 'ok'
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in d.glob('cv*')} == before   # nothing rewritten
    assert run_notebooks(['art'], overrides={'n': 3}, **kw)[0]['status'] == 'ok'
    assert '"git_commit": "older-' not in (d/'cv.json').read_text()


SLEEPER = ('import os, time, pathlib\npathlib.Path(out_dir).mkdir(parents=True, exist_ok=True)\n'
           'pathlib.Path(out_dir, "kernel.pid").write_text(str(os.getpid()))\ntime.sleep(120)')

@pytest.mark.parametrize('sig', ['SIGTERM', 'SIGINT'])
def test_killing_the_runner_kills_its_kernel(tmp_path, sig):
    import os, signal, subprocess, sys, time
    write_nb(tmp_path/'sleep.ipynb', 'out_dir = "figures/sleep"', SLEEPER)
    (tmp_path/'runs.yaml').write_text('sleep:\n  notebook: sleep.ipynb\n  parameters: {}\n')
    code = (f"from conformal_rag.reproduce import run_notebooks; "
            f"run_notebooks(['sleep'], out_root={str(tmp_path/'o')!r}, runs_file={str(tmp_path/'runs.yaml')!r})")
    runner = subprocess.Popen([sys.executable, '-c', code], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    pid_file = tmp_path/'o'/'sleep'/'kernel.pid'
    for _ in range(1200):                                  # up to 2 minutes for the kernel to start on a loaded machine
        if pid_file.exists() and pid_file.read_text(): break
        assert runner.poll() is None, runner.stdout.read()
        time.sleep(0.1)
    kernel = int(pid_file.read_text())
    assert os.getpgid(kernel) != os.getpgid(runner.pid)   # its own session: killing the runner's group would miss it
    runner.send_signal(getattr(signal, sig))
    out, _ = runner.communicate(timeout=60)
    assert runner.returncode == 128 + getattr(signal, sig), out
    assert f'[reproduce] {sig}: stopped' in out
    for _ in range(100):
        if not os.path.exists(f'/proc/{kernel}'): break
        time.sleep(0.1)
    assert not os.path.exists(f'/proc/{kernel}'), 'the kernel outlived the runner'


# --- issues 41-43: every paper parameter declared and checked before a run; typed labels; the smallest collection;
# exit codes; run order ---

PAPER = Path(paper_runs.default_runs_file()).parent

@pytest.mark.parametrize('nb', sorted(PAPER.glob('*.ipynb')), ids=lambda p: p.stem)
def test_every_paper_parameter_is_declared(nb):
    "A paper notebook's parameter without a declaration in `paper_parameters.PAPER_PARAMETERS` (or a stale one) fails here."
    declared = set(paper_parameters.PAPER_PARAMETERS.get(nb.name, {}))
    assert declared == set(paper_parameters.notebook_parameters(nb)), nb.name


def test_committed_and_smoke_parameters_pass_the_declarations(tmp_path):
    for smoke in (False, True):
        res = run_notebooks(smoke=smoke, out_root=tmp_path if smoke else None, run_id='r' if smoke else None, dry_run=True,
                            log=lambda *a: None)
        assert {r['run'] for r in res} == {r.name for r in paper_runs.load_runs()}


BAD_VALUES = [('splits=0', 'splits must be a positive integer, got splits=0'), ('splits=-3', 'got splits=-3'),
              ('delta=1.5', 'delta must lie in (0, 1), got delta=1.5'),
              ('fractions=[0.5, 0.5, 0.6]', 'fractions must be 3 shares summing to 1, got fractions=[0.5, 0.5, 0.6] (sum 1.6)'),
              ('n_jobs=0', 'n_jobs must be a positive integer, got n_jobs=0'),
              ('levels=[2]', 'levels[0] must lie in (0, 1), got levels[0]=2'),
              ('threshold_method=median', "threshold_method must be one of ('exact', 'traq'), got threshold_method='median'"),
              ('collections={"my model": "mine"}', "collections['my model']='mine': no collection 'mine'"),
              ('collections={"???": "synthetic:1:300"}', "collections: label '???' must be a string holding a letter or a digit"),
              ('collections={"a": "synthetic:1:2"}', "collections['a']='synthetic:1:2' has 2 questions in population 'traq' (of 2); "
                                                     "05_traq.ipynb needs at least 3 per collection"),
              ('out_dir=/etc', "out_dir='/etc' must name a folder under figures/")]

@pytest.mark.parametrize('param, says', BAD_VALUES, ids=[p for p, _ in BAD_VALUES])
def test_bad_values_exit_2_in_dry_run_and_before_any_notebook(param, says, capsys, monkeypatch, tmp_path):
    "Before: the dry run passed them and the run failed 9-60 s later inside the notebook (exit 1), or dropped out_dir."
    monkeypatch.setattr(reproduce, 'adhoc_root', lambda create=True: tmp_path/'scratch')
    monkeypatch.setattr(reproduce, '_execute', lambda *a, **k: pytest.fail('a notebook started'))
    for dry in (['--dry-run'], []):
        assert main(['reproduce', '--only', 'traq', '-p', param, *dry]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and says in err[0], err


def test_typed_labels_are_accepted_and_written_as_safe_stems(tmp_path, capsys, monkeypatch):
    "Before: `-p collections='{\"my model\": ...}'` passed the dry run and failed a minute later on the artifact name."
    monkeypatch.setattr(reproduce, 'adhoc_root', lambda create=True: tmp_path/'scratch')
    assert main(['reproduce', '--only', 'traq', '-p', 'collections={"my model": "synthetic:1:300"}', '--dry-run']) == 0
    a = artifacts.Artifacts(tmp_path/'art', {'collections': {'my model': 'x'}})
    a.text('body', 'table_semantic_count_my model')
    assert (tmp_path/'art'/'table_semantic_count_my_model.md').read_text() == 'body\n'
    assert json.loads((tmp_path/'art'/'table_semantic_count_my_model.json').read_text())['artifact'] == 'table_semantic_count_my model'
    with pytest.raises(ValueError, match="would both be written as 'table_semantic_count_my_model'"):
        a.text('other', 'table_semantic_count_my/model')


def test_each_paper_states_its_smallest_collection(capsys):
    assert main(['reproduce', '--list']) == 0
    out = capsys.readouterr().out
    assert 'traq                         05_traq.ipynb [collections of >= 3 questions]' in out
    assert paper_parameters.smallest_collection([0.3, 0.3, 0.4]) == 3 and paper_parameters.smallest_collection(0.5) == 2


def test_list_names_no_internal_issue(capsys):
    assert main(['reproduce', '--list']) == 0
    out = capsys.readouterr().out
    assert not __import__('re').search(r'\bissues? \d', out), out


def test_runs_file_naming_a_non_notebook_never_echoes_it(tmp_path, capsys):
    (tmp_path/'runs.yaml').write_text('x:\n  notebook: /etc/passwd\n')
    assert main(['reproduce', '--runs', str(tmp_path/'runs.yaml'), '--dry-run']) == 2
    err = capsys.readouterr().err
    assert '/etc/passwd is not a notebook' in err and 'root:' not in err, err
    (tmp_path/'fake.ipynb').write_text(Path('/etc/passwd').read_text())
    (tmp_path/'runs.yaml').write_text('x:\n  notebook: fake.ipynb\n')
    assert main(['reproduce', '--runs', str(tmp_path/'runs.yaml'), '--dry-run']) == 2
    err = capsys.readouterr().err
    assert "fake.ipynb is not a notebook: not Jupyter's JSON format" in err and 'root:' not in err, err


def test_yaml_alias_bomb_is_refused(capsys):
    "Before: a MemoryError traceback."
    bomb = 'levels=[' + ', '.join(['&a [0.5, 0.5]'] + ['*a'] * 3) + ']'
    assert main(['reproduce', '--only', 'traq', '-p', bomb, '--dry-run']) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and '-p levels: YAML anchors and aliases (&name, *name) are not allowed' in err[0], err


def test_a_key_in_a_model_string_is_never_printed(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(reproduce, 'adhoc_root', lambda create=True: tmp_path/'scratch')
    "A key pasted into a model string is refused before any run (keys come from the environment), and never shown."
    assert main(['reproduce', '--only', 'rcrag', '-p', 'models=["openai:m@http://127.0.0.1:9/v1?api_key=SECRET1"]', '--dry-run']) == 2
    c = capsys.readouterr()
    assert 'SECRET1' not in c.out + c.err and 'api_key=***' in c.err and "unknown option 'api_key'" in c.err
    assert not (tmp_path/'scratch').exists() or not list((tmp_path/'scratch').rglob('*.ipynb'))   # nothing ran


ROOT = Path(__file__).resolve().parents[1]

def claims_modules() -> list:
    "The modules of the claims ledger: those the notebooks nbs/15*.ipynb export (15_claims and any room split from it)."
    found = (re.search(r'#\| default_exp (\w+)', nb.read_text()) for nb in sorted((ROOT/'nbs').glob('15*.ipynb')))
    return [m[1] for m in found if m]

def claims_paths(writes:dict) -> set:
    """Every path under figures/ that the claims ledger's modules name, a string literal such as 'traq/fig9_prompts.csv'
    or 'conflare/qwen' whose first folder is one a run writes into (`writes`: run name -> what it writes)."""
    tops = {Path(w).parts[0] for w in writes.values() if w != '.'}
    out = set()
    for m in claims_modules():
        src = (ROOT/'conformal_rag'/f'{m}.py').read_text()
        out |= {x for x in re.findall(r"""['"]([A-Za-z_]+/[^'"\s]*)['"]""", src) if x.split('/')[0] in tops}
    return out


def test_claims_run_after_every_run_it_reads():
    """Issue 43: the ledger read the previous run's decisions/paired.csv (runs.yaml had `decisions` after `claims`).
    Every file the claims modules read is named by the claims run's `reads`, and the claims run comes after every
    run whose out_dir holds one of them."""
    runs, runs_file = paper_runs.load_runs(), paper_runs.default_runs_file()
    writes = {r.name: paper_runs.run_writes(r, runs_file) for r in runs}
    paths = claims_paths(writes)
    assert {'decisions/paired.csv', 'traq/fig9_prompts.csv', 'conflare/qwen', 'rcrag/qwen_paper',
            'overconfidence/release/table6_gap.csv', 'traq_release/traq_grid_summary.csv'} <= paths, sorted(paths)
    claims = next(r for r in runs if r.name == 'claims')
    unread = [x for x in paths if not any(paper_runs.paths_meet(x, read) or paper_runs.paths_meet(read, x)
                                           for read in claims.reads)]
    assert not unread, f"claims reads {sorted(unread)} but its reads in runs.yaml do not name them"
    read = {w for x in paths for w, out in writes.items() if w != 'claims' and paper_runs.paths_meet(x, out)}
    assert {'decisions', 'traq', 'trac', 'conflare', 'conflare_qwen', 'conflare_release', 'overconfidence',
            'overconfidence_release', 'rcrag', 'rcrag_qwen', 'rcrag_qwen_paper', 'traq_release'} <= read, read
    order = [r['run'] for r in run_notebooks(dry_run=True, log=lambda *a: None)]
    assert all(order.index(w) < order.index('claims') for w in read), order
    assert set(paper_runs.run_dependencies(runs, writes)['claims']) >= read
    assert order.index('decisions') < order.index('claims')


def test_only_runs_just_the_runs_named_in_the_order_of_their_reads(capsys):
    assert [r['run'] for r in run_notebooks(['claims'], dry_run=True, log=lambda *a: None)] == ['claims']   # its reads not named: not run
    assert [r['run'] for r in run_notebooks(['claims', 'decisions'], dry_run=True, log=lambda *a: None)] == ['decisions', 'claims']
    assert main(['reproduce', '--only', 'claims', 'traq', 'decisions', '--dry-run']) == 0
    out = capsys.readouterr().out
    assert '[reproduce] order: traq, decisions, claims (after traq, decisions)' in out, out
    assert [l.split(':')[0] for l in out.splitlines() if l.startswith('[reproduce] ') and '->' in l] == \
        ['[reproduce] traq', '[reproduce] decisions', '[reproduce] claims']


def test_the_order_keeps_the_file_where_reads_allow(paper, capsys):
    "A reader runs after what it reads (here `first` reads `quiet`'s folder); the others keep the runs file's order."
    write_nb(paper/'first.ipynb', 'out_dir = "figures/first"', 'x = 1')
    (paper/'runs.yaml').write_text('first:\n  notebook: first.ipynb\n  reads: [quiet/x.csv]\n'
                                   'fails:\n  notebook: fails.ipynb\n'
                                   'quiet:\n  notebook: quiet.ipynb\n')
    res = run_notebooks(runs_file=paper/'runs.yaml', dry_run=True, log=lambda *a: None)
    assert [r['run'] for r in res] == ['fails', 'quiet', 'first']
    assert main(['reproduce', '--runs', str(paper/'runs.yaml'), '--dry-run']) == 0
    assert '[reproduce] order: fails, quiet, first (after quiet)' in capsys.readouterr().out


def test_a_cycle_of_reads_is_refused(paper, capsys):
    (paper/'runs.yaml').write_text('fails:\n  notebook: fails.ipynb\n  reads: [quiet]\n'
                                   'quiet:\n  notebook: quiet.ipynb\n  reads: [demo]\n')
    assert main(['reproduce', '--runs', str(paper/'runs.yaml'), '--dry-run']) == 2
    err = capsys.readouterr().err
    assert "runs fails -> quiet -> fails read each other's outputs (a cycle)" in err, err
    write_nb(paper/'first.ipynb', 'out_dir = "figures/first"', 'x = 1')
    (paper/'runs.yaml').write_text('first:\n  notebook: first.ipynb\n'
                                   'fails:\n  notebook: fails.ipynb\n  reads: [first/a.csv, third]\n'
                                   'quiet:\n  notebook: quiet.ipynb\n  reads: [demo]\n'
                                   'third:\n  notebook: first.ipynb\n  parameters: {out_dir: figures/third}\n'
                                   '  reads: [quiet/q.csv]\n')
    assert main(['reproduce', '--runs', str(paper/'runs.yaml'), '--dry-run']) == 2
    err = capsys.readouterr().err
    assert "runs fails -> third -> quiet -> fails read each other's outputs (a cycle)" in err, err
    (paper/'runs.yaml').write_text('fails:\n  notebook: fails.ipynb\n  reads: [qiuet]\n')
    assert main(['reproduce', '--runs', str(paper/'runs.yaml'), '--dry-run']) == 2
    assert "run 'fails' reads ['qiuet'], which no other run writes" in capsys.readouterr().err


# --- the canonical run writes each paper notebook back with its outputs (issue 41 item 3) ---

FIG_CELLS = [('markdown', '# Figures\n\n> A tiny paper notebook.'),
             ('code', 'from conformal_rag.artifacts import ParamScope\nscope = ParamScope(globals())'),
             ('parameters', 'n = 3\nout_dir = "OUT"'),
             ('code', 'import matplotlib.pyplot as plt, warnings\nfrom tqdm.auto import tqdm\nart = scope.artifacts(out_dir)\n'
                      'for _ in tqdm(range(n)): pass'),
             ('markdown', '## Section one'),
             ('code', 'fig, ax = plt.subplots(figsize=(2, 2)); ax.plot(range(n))\n'
                      'art.figure(fig, "line", caption="a line")'),
             ('markdown', '## Section two'),
             ('code', 'warnings.warn("a warning from a cell")\nprint("n =", n)\nimport pandas as pd; pd.DataFrame({"n": [n]})')]


@pytest.fixture
def figpaper(tmp_path, monkeypatch):
    """A repository in tmp_path (its figures/ is the canonical output root, settings.ini the repository's) with a paper
    notebook that draws a figure, shows a progress bar and warns; runs.yaml names it twice (`fig`, its primary run,
    then `fig_again`, a second entry reusing it)."""
    root = Path(__file__).resolve().parent.parent
    (tmp_path/'settings.ini').write_text((root/'settings.ini').read_text())
    paper = tmp_path/'nbs'/'paper'; paper.mkdir(parents=True)
    nb = nbformat.v4.new_notebook()
    nb.metadata['kernelspec'] = {'name': 'python3', 'display_name': 'python3', 'language': 'python'}
    for kind, src in FIG_CELLS:
        src = src.replace('OUT', str(tmp_path/'figures'/'fig'))
        c = nbformat.v4.new_markdown_cell(src) if kind == 'markdown' else nbformat.v4.new_code_cell(src)
        if kind == 'parameters': c.metadata['tags'] = ['parameters']
        nb.cells.append(c)
    nbformat.write(nb, paper/'fig.ipynb')
    (paper/'runs.yaml').write_text(f'fig:\n  notebook: fig.ipynb\n  parameters: {{}}\n'
                                   f'fig_again:\n  notebook: fig.ipynb\n  parameters: {{n: 4, out_dir: "{tmp_path}/figures/fig/again"}}\n')
    monkeypatch.setattr(reproduce, 'repo_root', lambda: tmp_path)
    monkeypatch.setattr(executed_notebooks, 'repo_root', lambda: tmp_path)
    return paper


def _nbdev_clean(path, root):
    "What `nbdev_clean` (make test's sync check) makes of a notebook, run on a copy."
    import shutil, subprocess, sys
    copy = path.parent/'copy_to_clean.ipynb'
    shutil.copy(path, copy)
    subprocess.run([str(Path(sys.executable).parent/'nbdev_clean'), '--fname', str(copy)], cwd=root, check=True,
                   capture_output=True)
    text = copy.read_bytes(); copy.unlink()
    return text


def test_the_canonical_run_writes_the_notebook_back(figpaper, tmp_path):
    source = figpaper/'fig.ipynb'
    before = source.read_bytes()
    res = run_notebooks(['fig', 'fig_again'], runs_file=figpaper/'runs.yaml', log=lambda *a: None)
    assert [(r['status'], r.get('written_back')) for r in res] == [('ok', True), ('ok', None)]   # fig_again never writes back
    first = source.read_bytes()
    nb = json.loads(first)
    outs = [o for c in nb['cells'] for o in c.get('outputs', [])]
    png = [o for o in outs if 'image/png' in o.get('data', {})]
    assert len(png) == 1 and png[0]['metadata'] == {'artifact': 'line.png', 'caption': 'a line'}   # the figure, shown
    assert [c['source'] for c in nb['cells']] == [c['source'] for c in json.loads(before)['cells']]   # no injected cell (defaults)
    text = json.dumps(outs)
    assert 'PosixPath' not in text and 'it/s' not in text and 'ipykernel_' not in text and str(tmp_path) not in text
    assert '<cell>' in text and 'n = 3' in text and '<table' in text
    assert all(c.get('execution_count') is None for c in nb['cells']) and set(nb['metadata']) == {'kernelspec'}
    assert _nbdev_clean(source, Path(__file__).resolve().parent.parent) == first      # nbdev_clean changes nothing
    res = run_notebooks(['fig'], runs_file=figpaper/'runs.yaml', log=lambda *a: None)
    assert res[0]['written_back'] is False and source.read_bytes() == first          # a second run: the same bytes
    # a non-default parameter keeps papermill's cell, with a fixed id
    kept = json.loads(executed_notebooks.clean_executed(tmp_path/'figures'/'fig'/'again'/'_runs'/'fig.ipynb', source,
                                                        {'n': 4, 'out_dir': f'{tmp_path}/figures/fig/again'}))
    assert [c['id'] for c in kept['cells'] if 'injected-parameters' in c['metadata'].get('tags', [])] == ['injected-parameters']


def test_adhoc_and_failed_runs_never_write_back(figpaper, tmp_path, monkeypatch):
    source = figpaper/'fig.ipynb'
    before = source.read_bytes()
    assert main(['reproduce', '--runs', str(figpaper/'runs.yaml'), '--only', 'fig', '-p', 'out_dir=figures/fig',
                 '--out-root', str(tmp_path/'elsewhere')]) == 0                        # ad hoc, in a folder of its own
    assert len(list((tmp_path/'elsewhere'/'fig').glob('*/_runs/fig.ipynb'))) == 1
    res = run_notebooks(['fig'], overrides={'n': -1, 'out_dir': 'figures/fig'}, runs_file=figpaper/'runs.yaml',
                        log=lambda *a: None, out_root=str(tmp_path/'figures'))   # into figures/, but with -p
    assert res[0].get('written_back') is None                                         # overridden: not the canonical run
    run = reproduce._execute
    monkeypatch.setattr(reproduce, '_execute', lambda *a: {**run(*a), 'status': 'failed'})
    res = run_notebooks(['fig'], runs_file=figpaper/'runs.yaml', log=lambda *a: None)   # canonical, but failed
    assert res[0]['status'] == 'failed' and res[0].get('written_back') is None
    assert source.read_bytes() == before
    assert reproduce.primary_runs(paper_runs.load_runs(figpaper/'runs.yaml')) == {'fig.ipynb': 'fig'}
