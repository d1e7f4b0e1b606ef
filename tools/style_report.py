"""House-style measures per notebook (issue 17), measured as the reviewer measured fastcore and claudette: export cells
holding more than one definition, functions and classes over 40 lines in one cell, function and export-cell lengths.
Run: .venv/bin/python tools/style_report.py [nbs/X.ipynb ...]   (tests/test_house_style.py holds every notebook to it)"""
import ast, glob, json, re, statistics, sys

LONG = 40   # lines: a function or a class cell longer than this wants a name for its parts

def export_cells(nb:str) -> list[str]:
    "The sources of a notebook's `#| export` cells."
    cells = json.load(open(nb))['cells']
    return [''.join(c['source']) for c in cells
            if c['cell_type'] == 'code' and re.search(r'^#\|\s*export\s*$', ''.join(c['source']), re.M)]

def measures(nb:str) -> dict:
    "Counts and lengths of one notebook: `multi_def` cells, `long` functions, `big` classes, function and cell lengths."
    out = dict(cells=0, multi_def=[], long=[], big=[], fn_lines=[], cell_lines=[])
    for src in export_cells(nb):
        out['cells'] += 1; out['cell_lines'].append(len(src.splitlines()))
        tree = ast.parse(src)
        defs = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
        if len(defs) > 1: out['multi_def'].append(', '.join(d.name for d in defs))
        for n in ast.walk(tree):
            size = n.end_lineno - n.lineno + 1 if hasattr(n, 'end_lineno') else 0
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out['fn_lines'].append(size)
                if size > LONG: out['long'].append(f'{n.name} ({size} lines)')
            elif isinstance(n, ast.ClassDef) and size > LONG: out['big'].append(f'{n.name} ({size} lines)')
    return out

if __name__ == '__main__':
    fns, cells = [], []
    for nb in (sys.argv[1:] or sorted(glob.glob('nbs/*.ipynb'))):
        m = measures(nb); fns += m['fn_lines']; cells += m['cell_lines']
        print(f"{nb:32s} export cells {m['cells']:3d}  multi-def {len(m['multi_def']):3d}  long functions {len(m['long'])}  big classes {len(m['big'])}")
        for k in ('multi_def', 'long', 'big'):
            for x in m[k]: print(f'    {k}: {x}')
    if fns:
        print(f"functions: {len(fns)}, mean {statistics.mean(fns):.1f} / median {statistics.median(fns):g} lines, max {max(fns)}")
        print(f"export cells: {len(cells)}, mean {statistics.mean(cells):.1f} / max {max(cells)} lines")
