#!/usr/bin/env python
"""Draw the house: the package's modules (rooms, sized by their lines) and their imports (arrows).

    python tools/house.py [--rev REV] [--out docs/house/NAME.png]   # default REV: the working tree
    python tools/house.py --readme   # docs/house/before.png (c95a232), after.png (HEAD), README.md

An arrow goes from the importing module to the imported one: solid for an import at the module's
top, dashed for one inside a function or class. An import circle (through either kind) is drawn in
red and named in the title. The summary printed (and written to the README) lists modules, lines,
imports, circles and the public names defined in more than one module.

`tests/test_house_style.py` uses the graph functions here (`import_graph`, `find_cycle`,
`module_imports`, `names_in_several_modules`): the test and the drawing read the package one way.
"""
import argparse, ast, io, subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = 'conformal_rag'
BEFORE = 'c95a232'   # the last commit before issue 29's refactor
SKIP = ('__init__', '_modidx')   # not rooms: the package's door and nbdev's index

def sources_at(rev:str|None=None, # a git revision; None: the working tree
               root:Path=ROOT, package:str=PACKAGE) -> dict:
    "{module: source} of every `package/*.py` (but `__init__` and `_modidx`) at `rev`."
    if rev is None:
        return {p.stem: p.read_text() for p in sorted((root/package).glob('*.py'))
                if p.stem not in SKIP}
    git = lambda *a: subprocess.run(['git', *a], cwd=root, check=True, capture_output=True,
                                    text=True).stdout
    paths = [p for p in git('ls-tree', '--name-only', rev, f'{package}/').split()
             if p.endswith('.py')]
    return {Path(p).stem: git('show', f'{rev}:{p}') for p in paths if Path(p).stem not in SKIP}

def imported_modules(n, # an `ast.Import` or `ast.ImportFrom` node
                     package:str=PACKAGE) -> set:
    "The package's modules an import statement names (`from .x import y`, `from package import x`)."
    if isinstance(n, ast.Import):
        parts = [a.name.split('.') for a in n.names]
        return {p[1] for p in parts if p[0] == package and len(p) > 1}
    if n.module == '__future__': return set()
    mod = (n.module or '') if not n.level else '.'.join([package] + [n.module] * bool(n.module))
    if mod == package: return {a.name for a in n.names}   # from . import x
    return {mod.split('.')[1]} if mod.startswith(package + '.') else set()

def module_imports(src:str, # a module's source
                   package:str=PACKAGE) -> tuple:
    ("(top, inner): the package's modules imported at the top (inside `if`/`try` too), "
     "and inside a function or class.")
    tree = ast.parse(src)
    top, inner, seen, todo = set(), set(), set(), list(tree.body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.If, ast.Try)):
            handlers = [x for h in getattr(n, 'handlers', []) for x in h.body]
            todo += n.body + n.orelse + getattr(n, 'finalbody', []) + handlers
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            top |= imported_modules(n, package); seen.add(id(n))
    for n in ast.walk(tree):
        if isinstance(n, (ast.Import, ast.ImportFrom)) and id(n) not in seen:
            inner |= imported_modules(n, package)
    return top, inner

def import_graph(modules, # {module: source}, or a folder of `*.py` files
                 package:str=PACKAGE,
                 inner:bool=False, # also the imports inside functions and classes
                ) -> dict:
    "module -> the package's modules it imports (at its top, or anywhere with `inner`)."
    if isinstance(modules, Path):
        modules = {p.stem: p.read_text() for p in sorted(modules.glob('*.py'))
                   if p.stem not in SKIP}
    out = {}
    for m, src in modules.items():
        top, fn = module_imports(src, package)
        out[m] = (top | fn if inner else top) & set(modules)
    return out

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

def circles(graph:dict) -> list:
    ("The import circles of `graph`: its strongly connected groups of two or more modules "
     "(Tarjan), sorted.")
    index, low, stack, on, out = {}, {}, [], set(), []
    def visit(m):
        index[m] = low[m] = len(index); stack.append(m); on.add(m)
        for d in sorted(graph.get(m, ())):
            if d not in index: visit(d); low[m] = min(low[m], low[d])
            elif d in on: low[m] = min(low[m], index[d])
        if low[m] == index[m]:
            group = []
            while True:
                d = stack.pop(); on.discard(d); group.append(d)
                if d == m: break
            if len(group) > 1: out.append(sorted(group))
    for m in sorted(graph):
        if m not in index: visit(m)
    return sorted(out)

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

def house(rev:str|None=None, root:Path=ROOT) -> dict:
    ("The package at `rev` as rooms and arrows: lines per module, top/inner import edges, circles, "
     "duplicate names.")
    src = sources_at(rev, root)
    top, anywhere = import_graph(src), import_graph(src, inner=True)
    edges = {(a, b): 'top' if b in top[a] else 'inner' for a in src for b in anywhere[a] if a != b}
    graph = {m: {b for (a, b) in edges if a == m} for m in src}
    return dict(rev=rev or 'working tree', lines={m: len(s.splitlines()) for m, s in src.items()},
                edges=edges, circles=circles(graph), top_circles=circles(top),
                duplicates=names_in_several_modules(src))

def layers(modules, edges:dict) -> dict:
    "module -> layer: 0 if it imports none of the others, else one above its highest import."
    graph = {m: {b for (a, b) in edges if a == m} for m in modules}
    group = {m: tuple(c) for c in circles(graph) for m in c}
    memo = {}
    def level(m):
        g = group.get(m, (m,))
        if g in memo: return memo[g]
        deps = {d for x in g for d in graph[x]} - set(g)
        memo[g] = 1 + max((level(d) for d in deps), default=-1)
        return memo[g]
    return {m: level(m) for m in modules}

def layout(h:dict, width:float=16.0, gap:float=0.25, row:float=1.15) -> dict:
    ("module -> (x, y, w) in inches: layers bottom-up, each ordered by its neighbours' mean "
     "position (a few sweeps).")
    lay = layers(h['lines'], h['edges'])
    # width grows with lines
    w = {m: max(len(m) * 0.1 + 0.35, 0.35 + n / 520) for m, n in h['lines'].items()}
    rows = {}
    for m in sorted(lay, key=lambda m: (-h['lines'][m], m)): rows.setdefault(lay[m], []).append(m)
    widest = max(sum(w[m] for m in ms) + gap * (len(ms) - 1) for ms in rows.values())
    if widest > width - 0.4:
        w = {m: v * (width - 0.4 - gap * 8) / (widest - gap * 8) for m, v in w.items()}
    nbrs = {m: [b for (a, b) in h['edges'] if a == m] + [a for (a, b) in h['edges'] if b == m]
            for m in lay}
    def place():
        pos = {}
        for ms in rows.values():
            free = (width - sum(w[m] for m in ms)) / (len(ms) + 1)   # even spacing across the page
            x = free
            for m in ms: pos[m] = x + w[m] / 2; x += w[m] + free
        return pos
    pos = place()
    for sweep in range(8):
        for r in (sorted(rows) if sweep % 2 else sorted(rows, reverse=True)):
            key = lambda m: sum(pos[n] for n in nbrs[m]) / len(nbrs[m]) if nbrs[m] else pos[m]
            rows[r] = sorted(rows[r], key=key); pos = place()
    return {m: (pos[m], 0.75 + lay[m] * row, w[m]) for m in lay}

def draw(h:dict, out:Path, width:float=16.0, height:float=0.5):
    "Draw the house `h` to `out` (PNG): boxes sized by lines, solid/dashed arrows, circles in red."
    import matplotlib; matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyBboxPatch
    pos = layout(h, width)
    red = {m for c in h['circles'] for m in c}
    top = max(y for _, y, _ in pos.values()) + 1.2
    fig = plt.figure(figsize=(width, top))
    ax = fig.add_axes([0, 0, 1, 1]); ax.set_xlim(0, width); ax.set_ylim(0, top); ax.set_axis_off()
    boxes = {}
    for m, (x, y, w) in pos.items():
        b = FancyBboxPatch((x - w / 2, y - height / 2), w, height,
                           boxstyle='round,pad=0,rounding_size=0.08',
                           fc='#fde0dc' if m in red else '#eef3f8',
                           ec='#c0392b' if m in red else '#34495e',
                           lw=1.8 if m in red else 1.0, zorder=2)
        ax.add_patch(b); boxes[m] = b
        ax.text(x, y + 0.08, m, ha='center', va='center', fontsize=11, weight='bold', zorder=3)
        ax.text(x, y - 0.13, f"{h['lines'][m]:,} lines", ha='center', va='center', fontsize=9,
                color='0.3', zorder=3)
    for (a, b), kind in sorted(h['edges'].items()):
        circ = any(a in c and b in c for c in h['circles'])
        same = pos[a][1] == pos[b][1]
        ax.annotate('', xy=pos[b][:2], xytext=pos[a][:2], zorder=4 if circ else 1,
                    arrowprops=dict(arrowstyle='-|>', mutation_scale=11, patchA=boxes[a],
                                    patchB=boxes[b], shrinkA=1, shrinkB=1, lw=2.2 if circ else 0.8,
                                    ls='--' if kind == 'inner' else '-',
                                    color=('#c0392b' if circ else '0.5' if kind == 'inner'
                                           else '0.3'),
                                    connectionstyle=f"arc3,rad={0.3 if same else 0.04}"))
    n_in = sum(k == 'inner' for k in h['edges'].values())
    names = '; '.join(' <-> '.join(c) for c in h['circles']) or 'none'
    ax.text(width / 2, top - 0.35, f"{PACKAGE} at {h['rev']}: {len(h['lines'])} modules, "
            f"{sum(h['lines'].values()):,} lines, {len(h['edges'])} imports ({n_in} inside "
            "functions)",
            ha='center', va='center', fontsize=15, weight='bold')
    ax.text(width / 2, top - 0.75, f"import circles: {names}", ha='center', va='center',
            fontsize=13,
            color='#c0392b' if h['circles'] else '0.2', weight='bold' if h['circles'] else 'normal')
    ax.text(width - 0.15, 0.12, 'box width grows with the lines; arrow: importer -> imported; '
            'solid: top-level import, dashed: inside a function; red: import circle',
            ha='right', va='bottom', fontsize=9, color='0.35')
    out.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO(); fig.savefig(buf, dpi=100); plt.close(fig)
    from PIL import Image   # matplotlib's own dependency: a 128-colour palette keeps the file small
    Image.open(buf).convert('RGB').quantize(128).save(out, optimize=True)

def summary(h:dict) -> str:
    "The house `h` as Markdown: totals, circles, duplicate public names, and one row per module."
    imp = lambda m, k: ', '.join(sorted(b for (a, b), kk in h['edges'].items()
                                        if a == m and kk == k)) or '-'
    by = lambda m: ', '.join(sorted(a for (a, b) in h['edges'] if b == m)) or '-'
    n_in = sum(k == 'inner' for k in h['edges'].values())
    circ = lambda cs: '; '.join(' ↔ '.join(c) for c in cs) or 'none'
    dup = '; '.join(f"`{x}` ({', '.join(ms)})" for x, ms in h['duplicates'].items()) or 'none'
    out = [f"**{len(h['lines'])} modules, {sum(h['lines'].values()):,} lines, "
           f"{len(h['edges'])} imports ({len(h['edges']) - n_in} at the top, "
           f"{n_in} inside functions).**", '',
           f"- Import circles (any import): {circ(h['circles'])}",
           f"- Import circles (top-level imports only): {circ(h['top_circles'])}",
           f"- Public names defined in more than one module ({len(h['duplicates'])}): {dup}", '',
           '| module | lines | imports (top) | imports (in functions) | imported by |',
           '|---|---:|---|---|---|']
    out += [f"| {m} | {n:,} | {imp(m, 'top')} | {imp(m, 'inner')} | {by(m)} |"
            for m, n in sorted(h['lines'].items(), key=lambda kv: -kv[1])]
    return '\n'.join(out)

ROUND = '0eb5bb8'   # the start of issue 43's third step (rooms under 700 lines, functions at a glance)

def style_measures(sources:dict) -> dict:
    """What a reader meets, measured the same way at every revision: modules over 700 lines, the largest module,
    the median function (characters and lines, decorators excluded), the longest parameter list, and the share of
    lines over 100 characters."""
    import statistics
    chars, lines, params, long_lines, total = [], [], [], 0, 0
    for src in sources.values():
        rows = src.splitlines()
        total += len(rows); long_lines += sum(len(r) > 100 for r in rows)
        for n in ast.walk(ast.parse(src)):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                body = rows[n.lineno - 1:n.end_lineno]
                lines.append(len(body)); chars.append(sum(len(r) for r in body))
                a = n.args
                params.append(len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs))
    sizes = {m: len(s.splitlines()) for m, s in sources.items()}
    big = max(sizes, key=sizes.get)
    return dict(modules=len(sizes), over_700=sum(v > 700 for v in sizes.values()), largest=f'{big} {sizes[big]:,}',
                functions=len(lines), median_chars=statistics.median(chars), median_lines=statistics.median(lines),
                most_params=max(params), long_share=long_lines / total)

def nbdev_lines_note(sources:dict) -> str:
    "How many of the lines over 100 characters are nbdev's own `__all__` lists (its maker wraps them at 120)."
    long = [r for src in sources.values() for r in src.splitlines() if len(r) > 100]
    generated = sum(r.startswith('__all__') or r.startswith(' ' * 11 + "'") for r in long)
    return (f"Of the last revision's {len(long)} lines over 100 characters, {generated} belong to the `__all__` lists "
            "that nbdev writes into every module (its maker wraps them at 120 characters).")

def style_table(root:Path=ROOT, revs=(BEFORE, ROUND, 'HEAD')) -> str:
    "The measures of `style_measures` at each revision, as a Markdown table."
    rows = ['| revision | modules | over 700 lines | largest | functions | median function (chars / lines) '
            '| most parameters | lines over 100 chars |', '|---|---:|---:|---|---:|---|---:|---:|']
    for r in revs:
        m = style_measures(sources_at(r, root))
        rows.append(f"| {r} | {m['modules']} | {m['over_700']} | {m['largest']} | {m['functions']:,} | "
                    f"{m['median_chars']:g} / {m['median_lines']:g} | {m['most_params']} | {m['long_share']:.1%} |")
    return '\n'.join(rows)

def readme(root:Path=ROOT, before:str=BEFORE, after:str='HEAD'):
    "Draw `before` and `after` into docs/house/ and write docs/house/README.md with both summaries."
    docs = root/'docs'/'house'
    sha = lambda r: subprocess.run(['git', 'rev-parse', '--short', r], cwd=root, check=True,
                                   capture_output=True, text=True).stdout.strip()
    parts = ['# The house, before and after (issues 29 and 43)', '',
             'Generated by `python tools/house.py --readme` (do not edit by hand). Each box is a '
             f'module of `{PACKAGE}` (its width grows with its lines); '
             'an arrow goes from the importing module to the imported one, '
             'solid for an import at the top of the module, dashed for one inside a function. An '
             'import circle is drawn in red. `tests/test_house_style.py` holds the package to no '
             'circle and one module per public name, '
             'with the same graph functions (`tools/house.py`).', '']
    for name, rev, what in [('before', before, 'before the refactor'),
                            ('after', after, 'after the refactor')]:
        h = house(rev, root); h['rev'] = sha(rev)
        draw(h, docs/f'{name}.png')
        parts += [f'## {name.capitalize()}: {h["rev"]} ({what})', '', f'![{name}]({name}.png)', '',
                  summary(h), '']
    parts += ['## Functions a reader takes in at a glance', '',
              f'Measured by `style_measures` on the package at {before} (before issue 29), {ROUND} (before issue '
              f'43\'s third step) and {after}. The anchors, measured in the issue with one script: median function '
              'fastcore 145 characters / 3 lines, nbdev 263 / 5, claudette 328 / 7; lines over 100 characters '
              '3.0%, 5.8%, 4.6%; largest modules 1,258, 503, 616 lines.', '', style_table(root, (before, ROUND, after)), '',
              nbdev_lines_note(sources_at(after, root)), '']
    (docs/'README.md').write_text('\n'.join(parts))
    print(f"wrote {docs/'README.md'}, {docs/'before.png'}, {docs/'after.png'}")

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--rev', help='a git revision (default: the working tree)')
    p.add_argument('--out', type=Path, help='the PNG to draw (default: none, the summary only)')
    p.add_argument('--readme', action='store_true',
                   help=f'draw {BEFORE} and HEAD into docs/house/ with a README')
    a = p.parse_args(argv)
    if a.readme: return readme()
    h = house(a.rev)
    print(summary(h))
    if a.out: draw(h, a.out); print(f'drew {a.out}')

if __name__ == '__main__': main()
