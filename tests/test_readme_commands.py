"""Every command in README.md's code blocks runs here (issue 41 item 6), as written where it can, else with one
mechanical change, listed in `HOW` beside the command:

- `as written`: the line runs through `bash -c` from the repository root, exactly as the README has it.
- `smoke`: the line runs with ` --smoke --out-root TMP` appended (each run's small `smoke` parameters of
  nbs/paper/runs.yaml; a `-p` given on the line still wins over them), so nothing lands in figures/ or runs/.
- `chain`: the collection, then the TRAQ notebook on it (`test_collection_then_traq_on_it`), with these substitutions:
  `HOST:PORT` -> the loopback OpenAI stub (`tests/openai_stub.py`; MODEL is sent as is, the stub answers any model),
  `--dataset squad` (a hub download) -> `squad:tests/fixtures/squad_synthetic.jsonl` (24 synthetic questions in
  SQuAD 1.1's flat schema), the name `mine` -> a fresh `readme-test-*` name (written to runs/collected, where a bare
  name is looked up, and removed afterwards), OPENAI_API_KEY a dummy, CONFORMAL_RAG_CACHE a temporary folder; the
  reproduce line gets ` --smoke --out-root TMP`.
- `make reproduce`: `make -n` shows its recipe is `conformal-rag reproduce $(ARGS)` then `tools/readme_block.py`;
  the smoke run of every runs.yaml entry is tests/test_paper_notebooks.py::test_smoke_run_writes_artifacts_with_records,
  and the whole recipe at smoke size (`ARGS='--smoke --out-root TMP'`, readme_block with `--check`) runs with
  CONFORMAL_RAG_SLOW=1 (every run's smoke in one process: several minutes, not timed here).
- `make test`: CI's own command, not run from inside itself: `.ci/run` must call it and `make -n test` must end in
  `pytest ... tests` (which runs this file).

Every ```python block runs in a subprocess with the venv's python, its last expression shown as a notebook would.
A README command not in `HOW`, or an entry of `HOW` no longer in the README, fails `test_every_readme_command_is_covered`.
"""
import json, os, re, shlex, subprocess, sys, uuid
from pathlib import Path
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from openai_stub import StubOpenAI

ROOT = Path(__file__).resolve().parents[1]
README = ROOT/'README.md'
FIXTURE = ROOT/'tests'/'fixtures'/'squad_synthetic.jsonl'
VENV_PY = ROOT/'.venv'/'bin'/'python'
PYTHON = str(VENV_PY) if VENV_PY.exists() else sys.executable
ENV = dict(HF_HUB_OFFLINE='1', HF_DATASETS_OFFLINE='1', TRANSFORMERS_OFFLINE='1', OMP_NUM_THREADS='1',
           MPLBACKEND='Agg', PYTHONHASHSEED='0', TOKENIZERS_PARALLELISM='false')

COLLECT = ".venv/bin/conformal-rag collect --dataset squad --model 'openai:MODEL@http://HOST:PORT/v1' --K 20 --M 30 --name mine"
TRAQ_ON_IT = """.venv/bin/conformal-rag reproduce --only traq -p collections='{"my model": "mine"}' -p prompt_collections='{}'"""
HOW = {   # README command (its comment left off) -> how this file runs it (the module docstring says what each means)
    'make reproduce': 'make reproduce',
    'make test': 'make test',
    '.venv/bin/conformal-rag reproduce --list': 'as written',
    '.venv/bin/conformal-rag reproduce --only traq -p splits=20': 'smoke',
    '.venv/bin/conformal-rag reproduce --dry-run': 'as written',
    COLLECT: 'chain',
    TRAQ_ON_IT: 'chain',
}
TESTS = {'make reproduce': 'test_make_reproduce', 'make test': 'test_make_test_is_what_ci_runs',
         'as written': 'test_bash_line', 'smoke': 'test_bash_line', 'chain': 'test_collection_then_traq_on_it'}


def blocks(text:str) -> list[tuple[str, str]]:
    "Every fenced code block of a markdown text: (language, body)."
    return re.findall(r'^```(\w*)[^\n]*\n(.*?)^```', text, flags=re.M | re.S)

def command_text(line:str) -> str:
    "A bash line without its trailing comment (a '#' outside quotes), as written."
    argv = shlex.split(line, comments=True)
    for m in re.finditer(r'\s#', line):
        try:
            if shlex.split(line[:m.start()]) == argv: return line[:m.start()].strip()
        except ValueError: continue   # the '#' is inside quotes
    return line.strip()

def readme_commands(text:str|None=None) -> list[str]:
    "Every command line of the README's ```bash blocks."
    text = README.read_text() if text is None else text
    return [command_text(l) for lang, body in blocks(text) if lang == 'bash'
            for l in body.splitlines() if shlex.split(l, comments=True)]

def readme_python(text:str|None=None) -> list[str]:
    text = README.read_text() if text is None else text
    return [body for lang, body in blocks(text) if lang == 'python']

def bash(line:str, env:dict|None=None, timeout:int=420) -> subprocess.CompletedProcess:
    "Run one command line as a user types it, from the repository root, offline, one thread."
    return subprocess.run(['bash', '-c', line], cwd=ROOT, env={**os.environ, **ENV, **(env or {})},
                          capture_output=True, text=True, timeout=timeout)

def ok(p:subprocess.CompletedProcess) -> bool:
    assert p.returncode == 0, f"exit {p.returncode}\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}"
    return True

def sub(text:str, old:str, new:str) -> str:
    "`text` with its one `old` replaced (a README change that breaks a substitution fails here, loudly)."
    assert text.count(old) == 1, f"expected {old!r} once in {text!r}"
    return text.replace(old, new)


def test_the_parser():
    md = ("x\n```bash\nmake a   # a comment\n\n.venv/bin/x -p k='{\"a #b\": 1}'  # c\n```\n"
          "```python\nprint(1)\n```\n")
    assert readme_commands(md) == ['make a', """.venv/bin/x -p k='{"a #b": 1}'"""]
    assert readme_python(md) == ['print(1)\n']


def test_every_block_is_bash_or_python():
    langs = [lang for lang, _ in blocks(README.read_text())]
    assert langs and set(langs) <= {'bash', 'python'}, langs


def test_every_readme_command_is_covered():
    "A new README command needs an entry in HOW (and its test); an entry whose command left the README goes too."
    cmds = readme_commands()
    assert sorted(set(cmds)) == sorted(HOW), (f"not in HOW: {sorted(set(cmds) - set(HOW))}; "
                                              f"in HOW, not in README.md: {sorted(set(HOW) - set(cmds))}")
    for how in HOW.values(): assert TESTS[how] in globals(), how
    assert readme_python(), "README.md has no python block"


BASH_LINES = [c for c, how in HOW.items() if how in ('as written', 'smoke')]

@pytest.mark.parametrize('line', BASH_LINES)
def test_bash_line(line, tmp_path):
    "The line exactly as written, or (smoke) with ` --smoke --out-root TMP` appended."
    assert line in readme_commands()
    if HOW[line] == 'smoke':
        p = bash(f'{line} --smoke --out-root {shlex.quote(str(tmp_path))}')
        ok(p)
        records = list(tmp_path.rglob('*.json'))
        assert records and all(json.loads(r.read_text())['parameters'] for r in records if r.name != 'run.json'), p.stdout
        if ' -p splits=20' in line:   # the -p is applied on top of the smoke parameters
            rec = json.loads(next(tmp_path.rglob('traq_grid_summary.json')).read_text())
            assert rec['parameters']['splits'] == 20, rec['parameters']
            plan = bash(f'{line} --dry-run')   # "an ad-hoc run: writes under runs/, never figures/"
            ok(plan)
            assert re.search(r'traq: 05_traq\.ipynb -> runs/traq/\S+ \{"splits": 20\}', plan.stdout + plan.stderr), plan.stdout
        return
    p = bash(line, timeout=120)
    ok(p)
    out = p.stdout + p.stderr
    if line.endswith('--list'):
        assert re.search(r'^traq +05_traq\.ipynb', p.stdout, re.M) and 'claims' in p.stdout, p.stdout
    if line.endswith('--dry-run'):
        assert 'nothing run' in out and 'parameter names, types and values checked' in out, out


@pytest.mark.parametrize('i', range(len(readme_python())))
def test_python_block(i, tmp_path):
    "The block as written, in the venv's python; its last expression is shown (as in a notebook) and must not be empty."
    src = readme_python()[i]
    (tmp_path/'block.py').write_text(src)
    runner = ("import ast, sys\nsrc = open(sys.argv[1]).read(); tree = ast.parse(src)\n"
              "last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None\n"
              "ns = {'__name__': '__main__'}; exec(compile(tree, 'README.md', 'exec'), ns)\n"
              "if last is not None: print(repr(eval(compile(ast.Expression(last.value), 'README.md', 'eval'), ns)))\n")
    p = subprocess.run([PYTHON, '-c', runner, str(tmp_path/'block.py')], cwd=tmp_path, env={**os.environ, **ENV},
                       capture_output=True, text=True, timeout=300)
    ok(p)
    assert p.stdout.strip(), p.stderr
    if 'traq.evaluate' in src: assert 'coverage' in p.stdout, p.stdout


def make_n(target:str, *args:str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ('MAKEFLAGS', 'MFLAGS', 'MAKELEVEL')}   # as from a shell
    p = subprocess.run(['make', '--no-print-directory', '-n', target, *args], cwd=ROOT, capture_output=True,
                       text=True, timeout=60, env=env)
    ok(p)
    return p.stdout.splitlines()

def test_make_test_is_what_ci_runs():
    "`make test` is CI's command (not run from inside itself): .ci/run calls it; it ends in pytest on tests/ (this file)."
    ci = [l.strip() for l in (ROOT/'.ci'/'run').read_text().splitlines()]
    assert 'make test' in ci, ci
    lines = make_n('test')
    assert any('check_sync.sh' in l for l in lines) and any('nbdev_test' in l for l in lines), lines
    assert re.search(r'-m pytest .* tests\s*$', lines[-1]), lines


def reproduce_recipe(out:Path) -> list[str]:
    "The commands `make reproduce ARGS='--smoke --out-root OUT'` runs, after the (idempotent) setup."
    lines = make_n('reproduce', f'ARGS=--smoke --out-root {out}')
    assert lines[0] == 'bash tools/setup.sh', lines
    assert lines[1].endswith(f'.venv/bin/conformal-rag reproduce --smoke --out-root {out}'), lines
    assert lines[2].endswith('.venv/bin/python tools/readme_block.py') and len(lines) == 3, lines
    return lines[1:]

def test_make_reproduce(tmp_path):
    "Its recipe; each of its runs at smoke size is run by test_paper_notebooks (the full recipe: CONFORMAL_RAG_SLOW=1)."
    reproduce_recipe(tmp_path)
    import test_paper_notebooks as tp
    from conformal_rag.paper_runs import load_runs
    assert tp.test_smoke_run_writes_artifacts_with_records.pytestmark[0].args[1] == [r.name for r in load_runs()]

@pytest.mark.skipif(not os.environ.get('CONFORMAL_RAG_SLOW'), reason='slow: set CONFORMAL_RAG_SLOW=1')
def test_make_reproduce_smoke(tmp_path):
    "The recipe of `make reproduce ARGS='--smoke --out-root TMP'`, README's results block checked instead of rewritten."
    run, block = reproduce_recipe(tmp_path)
    p = bash(run, timeout=3600)
    ok(p)
    assert 'notebook runs ok' in p.stdout + p.stderr
    ok(bash(block + ' --check', timeout=300))


def collection_files(name:str) -> list[Path]:
    return sorted((ROOT/'runs'/'collected').glob(f'{name}*'))

@pytest.fixture
def fresh_name():
    "A collection name nobody has, its files in runs/collected removed afterwards."
    name = f'readme-test-{uuid.uuid4().hex[:10]}'
    assert not collection_files(name)
    yield name
    for f in collection_files(name): f.unlink()

def test_collection_then_traq_on_it(tmp_path, fresh_name):
    """README's chain: `collect` with a model behind an OpenAI-compatible server, then the TRAQ notebook on it under a
    label with a space ("my model": it failed after a minute before). The stub answers 16 of the 24 fixture capitals
    (one sample in 16 is right), so some questions are answerable and some are not."""
    caps = [json.loads(l)['answers']['text'][0] for l in FIXTURE.read_text().splitlines()]
    env = dict(OPENAI_API_KEY='sk-readme-test-dummy', CONFORMAL_RAG_CACHE=str(tmp_path/'cache'))
    with StubOpenAI(answers=caps[:16]) as stub:
        collect = sub(sub(sub(COLLECT, '--dataset squad ', f'--dataset squad:{FIXTURE} '),
                          'HOST:PORT', stub.base_url.split('//')[1].split('/')[0]), '--name mine', f'--name {fresh_name}')
        ok(bash(collect, env))
        assert stub.requests and {r['body']['model'] for r in stub.requests} == {'MODEL'}
        assert {r['body']['n'] for r in stub.requests} == {30}
    assert (ROOT/'runs'/'collected'/f'{fresh_name}.npz').exists(), collection_files(fresh_name)
    out = tmp_path/'out'
    p = bash(sub(TRAQ_ON_IT, '"mine"', f'"{fresh_name}"') + f' --smoke --out-root {shlex.quote(str(out))}', env)
    ok(p)
    [run] = list((out/'traq').iterdir())
    table = run/'table_semantic_count_my_model.csv'   # an artifact named from the label "my model"
    assert table.exists(), sorted(x.name for x in run.iterdir())
    assert json.loads((run/'table_semantic_count_my_model.json').read_text())['artifact'] == 'table_semantic_count_my model'
    coll = (run/'collections.csv').read_text()
    assert 'my model' in coll and 'synthetic' not in coll, coll   # the user's collection, not the smoke ones

def test_traq_on_a_tiny_collection_says_how_many_questions(tmp_path, fresh_name):
    "The README's TRAQ line on a 2-question collection: exit 2 before any notebook, one line saying how many are needed."
    env = dict(OPENAI_API_KEY='sk-readme-test-dummy', CONFORMAL_RAG_CACHE=str(tmp_path/'cache'))
    with StubOpenAI() as stub:
        collect = sub(sub(sub(COLLECT, '--dataset squad ', f'--dataset squad:{FIXTURE} '),
                          'HOST:PORT', stub.base_url.split('//')[1].split('/')[0]), '--name mine', f'--name {fresh_name}')
        ok(bash(collect + ' --n-questions 2 --no-features', env))
    out = tmp_path/'out'
    p = bash(sub(TRAQ_ON_IT, '"mine"', f'"{fresh_name}"') + f' --smoke --out-root {shlex.quote(str(out))}', env)
    assert p.returncode == 2, (p.returncode, p.stderr[-2000:])
    err = [l for l in p.stderr.splitlines() if l.strip()]
    assert len(err) == 1 and re.search(r"has \d questions in population '\w+' \(of 2\); 05_traq\.ipynb needs at least 3 ", err[0]), err
    assert not list(out.rglob('*.ipynb')), 'a notebook started'
