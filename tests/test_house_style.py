"Issue 17: every notebook keeps the house style that tools/style_report.py measures (fastcore/claudette as the yardstick)."
import glob, importlib.util, json
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
