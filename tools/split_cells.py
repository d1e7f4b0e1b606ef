"""Split every export cell that defines more than one function or class into one cell per definition (the house
style `tests/test_house_style.py` holds notebooks to: one definition per export cell).

    python tools/split_cells.py nbs/X.ipynb [...]   # rewrites the notebooks in place; then nbdev_export them

A definition takes with it its decorators and the comment lines right above it; statements before the first
definition stay in the first cell. The code is unchanged: only cell boundaries move (each new cell gets a fresh id)."""
import ast, json, secrets, sys
from pathlib import Path

def _starts(src:str) -> list:
    "Line indexes (0-based) where each top-level definition after the first begins, comments above included."
    lines = src.splitlines()
    defs = [n for n in ast.parse(src).body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    out = []
    for n in defs[1:]:
        i = min([n.lineno] + [d.lineno for d in n.decorator_list]) - 1
        while i > 0 and lines[i - 1].lstrip().startswith('#') and not lines[i - 1].startswith('#|'): i -= 1
        out.append(i)
    return out

def split_source(src:str) -> list:
    "The sources of the cells `src` (an export cell, its first line the directive) becomes."
    head, body = src.split('\n', 1)
    cuts = _starts(body)
    if not cuts: return [src]
    lines = body.splitlines()
    parts = [lines[a:b] for a, b in zip([0] + cuts, cuts + [len(lines)])]
    return [head + '\n' + '\n'.join(p).strip('\n') for p in parts]

def split_notebook(path:Path) -> int:
    "Rewrite the notebook at `path` with its multi-definition export cells split; the number of cells added."
    nb = json.loads(path.read_text())
    cells, added = [], 0
    for c in nb['cells']:
        src = ''.join(c['source']) if isinstance(c['source'], list) else c['source']
        parts = split_source(src) if c['cell_type'] == 'code' and src.startswith(('#| export\n', '#|export\n')) else [src]
        if len(parts) == 1:
            cells.append(c); continue
        for k, p in enumerate(parts):
            cells.append(dict(c, source=p.splitlines(keepends=True), outputs=[],
                              id=c.get('id') if k == 0 else secrets.token_hex(4)))
        added += len(parts) - 1
    nb['cells'] = cells
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + '\n')
    return added

if __name__ == '__main__':
    for p in sys.argv[1:]: print(p, split_notebook(Path(p)), 'cells added')
