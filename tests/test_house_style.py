"Issue 17: every notebook keeps the house style that tools/style_report.py measures (fastcore/claudette as the yardstick)."
import ast, glob, importlib.util, json, re
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location('style_report', ROOT/'tools'/'style_report.py')
style = importlib.util.module_from_spec(spec); spec.loader.exec_module(style)
NOTEBOOKS = sorted(glob.glob(str(ROOT/'nbs'/'*.ipynb')))

def test_the_measures_can_fail(tmp_path):
    "A notebook with two definitions in one export cell, a 41-line function and a 41-line class is reported on all three."
    body = '\n'.join(f'    x{i} = {i}' for i in range(40))
    src = f"#| export\ndef f():\n{body}\ndef g(): pass\nclass C:\n{body}\n"
    nb = tmp_path/'x.ipynb'
    nb.write_text(json.dumps(dict(cells=[dict(cell_type='code', source=src, metadata={}, outputs=[], execution_count=None)],
                                  metadata={}, nbformat=4, nbformat_minor=5)))
    m = style.measures(str(nb))
    assert m['multi_def'] == ['f, g, C'] and m['long'] == ['f (41 lines)'] and m['big'] == ['C (41 lines)']

@pytest.mark.parametrize('nb', NOTEBOOKS, ids=lambda p: Path(p).stem)
def test_one_definition_per_export_cell_and_short_definitions(nb):
    m = style.measures(nb)
    assert (m['multi_def'], m['long'], m['big']) == ([], [], []), f"{Path(nb).name}: {m['multi_def']} {m['long']} {m['big']}"

def test_no_module_has_its_own_command_line():
    "One command line (`conformal_rag.cli`): no other module defines `main` or imports argparse."
    for nb in NOTEBOOKS:
        if Path(nb).stem == '14_cli': continue
        src = '\n'.join(style.export_cells(nb))
        assert 'def main(' not in src and 'argparse' not in src, Path(nb).name

def test_no_private_name_imported_across_modules():
    "A module uses another module's public names only (a private `_x` imported sideways is a name that wants to be public)."
    import ast
    for py in sorted((ROOT/'conformal_rag').glob('*.py')):
        if py.name == '_modidx.py': continue
        for n in ast.walk(ast.parse(py.read_text())):
            if isinstance(n, ast.ImportFrom) and (n.level or (n.module or '').startswith('conformal_rag')) and n.module != '__future__':
                private = [a.name for a in n.names if a.name.startswith('_') and not a.name.startswith('__')]
                assert not private, f"{py.name} imports {private} from {n.module}"

def _top_level_imports(tree, # a module's ast
                       package:str='conformal_rag'):
    "The package's modules a module imports at its top level (inside `if`/`try` too, never inside a function or class)."
    import ast
    out, todo = set(), list(tree.body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.If, ast.Try)):
            todo += n.body + n.orelse + getattr(n, 'finalbody', []) + [x for h in getattr(n, 'handlers', []) for x in h.body]
        elif isinstance(n, ast.ImportFrom) and n.module != '__future__':
            mod = (n.module or '') if not n.level else '.'.join([package] + ([n.module] if n.module else []))
            if mod == package: out |= {f'{package}.{a.name}' for a in n.names}   # from . import x
            elif mod.startswith(package + '.'): out.add(mod)
        elif isinstance(n, ast.Import):
            out |= {a.name for a in n.names if a.name.startswith(package + '.')}
    return {m.split('.')[1] for m in out}

def import_graph(folder:Path, package:str='conformal_rag') -> dict:
    "module -> the package's modules it imports at its top level, for every `*.py` of `folder`."
    import ast
    mods = {p.stem: p for p in sorted(folder.glob('*.py')) if p.stem not in ('__init__', '_modidx')}
    return {m: _top_level_imports(ast.parse(p.read_text()), package) & set(mods) for m, p in mods.items()}

def find_cycle(graph:dict):
    "A list of modules forming an import circle (first == last), or None."
    state, stack = {}, []
    def visit(m):
        state[m] = 1; stack.append(m)
        for d in sorted(graph.get(m, ())):
            if state.get(d) == 1: return stack[stack.index(d):] + [d]
            if d not in state and (c := visit(d)): return c
        state[m] = 2; stack.pop()
    for m in sorted(graph):
        if m not in state and (c := visit(m)): return c
    return None

def test_the_cycle_check_finds_a_planted_cycle(tmp_path):
    "Three modules a -> b -> c -> a (one through `from . import`, one under `if TYPE_CHECKING`) form a circle."
    (tmp_path/'a.py').write_text("from .b import x\n")
    (tmp_path/'b.py').write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING: from conformal_rag.c import y\n")
    (tmp_path/'c.py').write_text("def f():\n    from . import b\nfrom . import a\n")
    (tmp_path/'d.py').write_text("def f():\n    from .a import x   # inside a function: not a top-level import\n")
    g = import_graph(tmp_path)
    assert g == {'a': {'b'}, 'b': {'c'}, 'c': {'a'}, 'd': set()}, g
    assert find_cycle(g) == ['a', 'b', 'c', 'a']
    assert find_cycle({'a': {'b'}, 'b': set()}) is None

def test_no_import_circle_in_the_package():
    "The modules of conformal_rag import each other without a circle (issue 29)."
    cycle = find_cycle(import_graph(ROOT/'conformal_rag'))
    assert cycle is None, f"import circle: {' -> '.join(cycle)}"

def test_traq_holds_the_method_only():
    "conformal_rag/traq.py stays under 700 lines: the collection, statistics, plots and reports live elsewhere (issue 29)."
    n = len((ROOT/'conformal_rag'/'traq.py').read_text().splitlines())
    assert n < 700, f"conformal_rag/traq.py has {n} lines"


def package_sources() -> dict:
    "{module name: source} of every `conformal_rag/*.py` but `_modidx.py`."
    return {py.stem: py.read_text() for py in sorted((ROOT/'conformal_rag').glob('*.py'))
            if py.name != '_modidx.py'}

def _is_patch(node) -> bool:
    "Whether a definition is decorated with fastcore's `@patch` (a method, not a module's name)."
    f = lambda d: d.func if isinstance(d, ast.Call) else d
    return any(isinstance(f(d), ast.Name) and f(d).id == 'patch'
               for d in getattr(node, 'decorator_list', []))

def public_names(src:str) -> set:
    "The public names a module's top level defines: functions, classes (not `@patch`), assignments."
    out = set()
    for n in ast.parse(src).body:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if not _is_patch(n): out.add(n.name)
        elif isinstance(n, (ast.Assign, ast.AnnAssign)):
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                out |= {e.id for e in ast.walk(t) if isinstance(e, ast.Name)}
    return {x for x in out if not x.startswith('_')}

def names_in_several_modules(sources:dict) -> dict:
    "{name: [modules]} for every public top-level name that more than one module defines."
    where = {}
    for m, src in sources.items():
        for x in public_names(src): where.setdefault(x, []).append(m)
    return {x: sorted(ms) for x, ms in sorted(where.items()) if len(ms) > 1}

def test_every_public_name_in_one_module():
    "One name per thing, one thing per name: no public top-level name is defined by two modules."
    dup = {x: ms for x, ms in names_in_several_modules(package_sources()).items()
           }
    assert not dup, f"public names defined in several modules: {dup}"

def test_the_duplicate_check_finds_a_planted_duplicate():
    planted = dict(a=("from fastcore.basics import patch\nX = 1\ndef f(): pass\n"
                      "@patch\ndef g(self:int): pass\n_p = 0"),
                   b="class f: pass\ng = 2\n_p = 1", c="Y, X = 1, 2")
    assert names_in_several_modules(planted) == {'X': ['a', 'c'], 'f': ['a', 'b']}

# The one argument check (`conformal.check_count`, `check_choice`, `check_alpha`, `check_array`,
# `check_binary`): its message written by hand, or a private helper doing its job, is a check
# written again.
AD_HOC_CHECK = re.compile(r"must be a positive integer|must be an integer (>=|in)|def _(check_"
                          r"(positive|int|count|nonnegative)\w*|positive_int|nonnegative_int)\(")

def ad_hoc_checks(src:str) -> list:
    "The lines of `src` that check a count by hand (its message, or a private helper)."
    lines = enumerate(src.splitlines(), 1)
    return [f"{i}: {l.strip()}" for i, l in lines if AD_HOC_CHECK.search(l)]

def test_counts_are_checked_by_the_one_check():
    skip = {'conformal'}   # the one check itself
    bad = {m: ad_hoc_checks(src) for m, src in package_sources().items() if m not in skip}
    assert not any(bad.values()), {m: v for m, v in bad.items() if v}

def test_the_check_finds_a_planted_ad_hoc_check():
    src = ("def f(n):\n    if n < 1: raise ValueError(f'n must be a positive integer, got {n}')\n"
           "def _positive_int(v, name): pass\ndef _check_int(v): pass\ndef _count_cells(c): pass\n"
           "def g(k): return check_count(k, 'k')")
    assert [l.split(':')[0] for l in ad_hoc_checks(src)] == ['2', '3', '4']

# Package imports sit in each module's imports cell; these are lazy on purpose.
PLOTS = "plots imports matplotlib and seaborn, which only the figure functions need"
LAZY_IMPORTS = {
    ('overconfidence', 'plots'): PLOTS,
    ('rcrag_metrics', 'plots'): PLOTS,
    ('reproduce', 'plots'): PLOTS,
    ('rcrag_collect', 'rcrag_collect'): "itself, exported: worker processes unpickle its functions",
    ('collect', 'collect'): "itself, exported: worker processes unpickle its functions",
}

def imports_in_functions(src:str) -> set:
    "Package modules imported in a function (`from .x import y`, `from conformal_rag import x`)."
    out = set()
    for f in ast.walk(ast.parse(src)):
        if not isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)): continue
        for n in ast.walk(f):
            if isinstance(n, ast.Import):
                parts = [a.name.split('.') for a in n.names]
                out |= {p[1] for p in parts if p[0] == 'conformal_rag' and len(p) > 1}
            if not isinstance(n, ast.ImportFrom): continue
            mod = n.module or ''
            if n.level or mod.startswith('conformal_rag'):
                sub = mod.removeprefix('conformal_rag').lstrip('.')
                out |= {sub.split('.')[0]} if sub else {a.name for a in n.names}
    return out

def test_no_package_import_inside_a_function():
    skip = set()
    bad = {(m, x) for m, src in package_sources().items() if m not in skip
           for x in imports_in_functions(src)} - set(LAZY_IMPORTS)
    assert not bad, f"(module, package module) imported in a function: {sorted(bad)}"

def test_the_import_check_finds_planted_imports():
    src = ("import os\ndef f():\n    from .data import load_qa\n    import numpy\n"
           "def g():\n    def h():\n        from conformal_rag import retrieval, paths\n"
           "        import conformal_rag, conformal_rag.models\n")
    assert imports_in_functions(src) == {'data', 'retrieval', 'paths', 'models'}

# One split, one trial loop, one save/load, one semantic confidence (issue 29): a search of the package's sources.
ONE_PLACE = {   # pattern -> (the modules allowed to hold it, why)
    r'\.permutation\(': ({'stats', 'collect'}, "random splits are stratified_split's; collect draws its questions"),
    r'for (t|trial|split) in range\((n_trials|n_splits)\)': ({'stats'}, 'the trial loop is stats.split_trials'),
    r'np\.savez': ({'collection', 'retrieval'}, "collections: collection.save_collected; retrieval caches its index"),
    r'def semantic_confidence|def summarize_trials': ({'matching', 'risk_control'}, 'each defined once'),
    r'def (save|load)_collected': ({'collection'}, 'the one atomic save/load of a collection'),
    r'Parallel\(': ({'stats'}, 'worker processes for trials are stats.map_jobs'),
}

def places(pattern:str, sources:dict) -> set:
    "The modules whose source matches `pattern`."
    return {m for m, src in sources.items() if re.search(pattern, src)}

def test_each_idea_lives_in_one_place():
    src = package_sources()
    bad = {p: sorted(places(p, src) - ok) for p, (ok, _) in ONE_PLACE.items() if places(p, src) - ok}
    assert not bad, f"written again outside its place: {bad}"

def test_the_place_check_finds_a_planted_loop():
    planted = {'conflare': 'def f(n_trials):\n    for t in range(n_trials): rng.permutation(5)\n'}
    assert places(r'for (t|trial|split) in range\((n_trials|n_splits)\)', planted) == {'conflare'}
    assert places(r'\.permutation\(', planted) == {'conflare'}

def test_callers_use_the_one_trial_loop():
    "Every seeded coverage/risk experiment calls stats.split_trials."
    src = package_sources()
    for m, fn in [('risk_control', 'risk_control_trials'), ('risk_control', 'traq_family_coverage'),
                  ('conflare', 'conflare_trials'), ('conflare', 'transfer_trials'),
                  ('retrieval', 'retrieval_coverage_trials'), ('traq_grid', 'individual_coverage'),
                  ('traq_grid', 'idk_grid'), ('traq_report', 'search_comparison'),
                  ('traq_grid', 'run_grid'), ('traq_release', 'component_grid')]:
        body = src[m].split(f'def {fn}(', 1)[1].split('\n# %%', 1)[0]
        assert 'split_trials(' in body, f'{m}.{fn} does not call split_trials'

# A module's docstring is its notebook's first description line (nbdev takes that line only): a whole sentence.
def module_docstrings() -> dict:
    "{module: its docstring} for every exported module that has one."
    out = {}
    for p in sorted(Path('conformal_rag').glob('*.py')):
        doc = ast.get_docstring(ast.parse(p.read_text()))
        if doc is not None: out[p.stem] = doc
    return out

def truncated(docs:dict) -> list:
    "The modules whose docstring is cut mid-sentence or longer than one short line."
    return sorted(m for m, d in docs.items() if not d.rstrip().endswith(('.', '?')) or '\n' in d or len(d) > 94)

def test_module_docstrings_are_whole_sentences():
    docs = module_docstrings()
    assert len(docs) >= 25, f"only {len(docs)} modules have a docstring"
    assert not truncated(docs), f"module docstrings cut mid-sentence: {truncated(docs)}"

def test_the_docstring_check_finds_a_cut_one():
    assert truncated({'paths': 'Where the project keeps its data, figures and caches: one place, so'}) == ['paths']
