"""Paper notebooks: one `parameters` cell each, every one registered with the runner, parameters checked, and a
papermill smoke run of every registered notebook with its small `smoke` parameters into a temporary folder."""
import json
from pathlib import Path
import nbformat
import pytest
from conformal_rag.paths import repo_root
from conformal_rag.paper_runs import load_runs
from conformal_rag.reproduce import run_notebooks
from conformal_rag.cli import main

PAPER = repo_root()/'nbs'/'paper'
NOTEBOOKS = sorted(PAPER.glob('*.ipynb'))
RUNS = load_runs()


def test_there_are_paper_notebooks():
    assert NOTEBOOKS and RUNS


@pytest.mark.parametrize('nb', NOTEBOOKS, ids=lambda p: p.name)
def test_exactly_one_parameters_cell_with_out_dir(nb):
    cells = nbformat.read(nb, as_version=4).cells
    tagged = [c for c in cells if 'parameters' in c.metadata.get('tags', [])]
    assert len(tagged) == 1, f"{nb.name}: {len(tagged)} cells tagged 'parameters'"
    assert 'out_dir' in tagged[0].source, f"{nb.name}: the parameters cell must define out_dir"


def test_every_paper_notebook_is_registered():
    registered = {r.notebook for r in RUNS}
    assert {p.name for p in NOTEBOOKS} <= registered


def test_runner_refuses_unknown_parameter(capsys):
    name = RUNS[0].name
    with pytest.raises(ValueError, match=r"unknown parameter\(s\) \['no_such_parameter'\]"):
        run_notebooks([name], overrides={'no_such_parameter': 1}, dry_run=True, log=lambda *a: None)
    assert main(['reproduce', '--only', name, '-p', 'no_such_parameter=1', '--dry-run']) == 2
    assert 'no_such_parameter' in capsys.readouterr().err


def test_runner_refuses_unknown_run():
    with pytest.raises(ValueError, match='unknown run'):
        run_notebooks(['no_such_run'], dry_run=True, log=lambda *a: None)


def test_runs_file_parameters_are_all_declared():
    plan = run_notebooks(dry_run=True, log=lambda *a: None)  # checks every run's parameters against its notebook
    assert len(plan) >= len(RUNS)
    plan = run_notebooks(dry_run=True, smoke=True, log=lambda *a: None)
    assert all(p['status'] == 'planned' for p in plan)


@pytest.mark.parametrize('run', [r.name for r in RUNS])
def test_smoke_run_writes_artifacts_with_records(run, tmp_path):
    res = run_notebooks([run], smoke=True, out_root=tmp_path, log=lambda *a: None)
    assert all(r['status'] == 'ok' for r in res), res
    records = list(tmp_path.rglob('*.json'))
    assert records, f"{run} wrote no artifact"
    for rec in map(lambda p: json.loads(p.read_text()), records):
        assert rec['parameters'] and rec['package_version'] and rec['git_commit']
        for f in rec['files']:
            assert any(tmp_path.rglob(f)), f"{run}: record names {f} but it was not written"


def test_env_gated_runs_have_smoke_data():
    "A run that needs an environment variable (released data) still runs in the smoke test: its smoke gives the parameter."
    for r in RUNS:
        for var, v in r.needs_env.items():
            if not v['optional']: assert v['parameter'] in r.smoke, f"{r.name}: smoke must set {v['parameter']} (else the smoke run skips it: {var})"


@pytest.mark.parametrize('nb', NOTEBOOKS, ids=lambda p: p.name)
def test_papermill_reads_every_parameter(nb):
    "papermill's own reader (`--help-notebook`, parameter inference) must see every assignment of the parameters cell: it gives up on a line it cannot parse (e.g. an '=' inside a string)."
    import ast
    from papermill.translators import PythonTranslator
    cell = next(c for c in nbformat.read(nb, as_version=4).cells if 'parameters' in c.metadata.get('tags', []))
    names = [t.id for s in ast.parse(cell.source).body if isinstance(s, ast.Assign) for t in s.targets]
    assert [p.name for p in PythonTranslator.inspect(cell)] == names
