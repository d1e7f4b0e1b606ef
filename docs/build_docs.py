"""Build the documentation site's Markdown sources from the notebooks and figures/, then (with --build) the static site.

Renderer: MkDocs + mkdocs-material (see docs/mkdocs.yml for why). Module notebooks become API pages (each exported
function and class with its signature, docstring and a table of its parameters' docments, then the notebook's prose
and examples, each example followed by the output it gives now: the notebook is run the way `nbdev_test` runs it,
once per change of it or of the package, its outputs cached in _docs/outputs/); each run of a paper notebook
(nbs/paper/runs.yaml) becomes a page rendered by nbconvert's MarkdownExporter (template docs/templates/paper.md.j2)
from the notebook as `make reproduce` executed it, each figure, table and text under the cell that made it (paper
notebooks are not run here). Which executed notebook a page comes from (`run_pages`, printed by the build): the paper
notebook itself once `make reproduce` has written it back with its outputs, else the run's executed copy
`figures/<out_dir>/_runs/NAME.ipynb`, else the notebook without outputs; figures of the run that it does not show
follow it, from figures/, under a note saying so. The claims ledger gets its own page.

Math: pymdownx.arithmatex (docs/mkdocs.yml) keeps each `$...$` / `$$...$$` of the notebooks' Markdown intact, and
KaTeX, vendored into the site's assets from the npm registry at a pinned version (`vendor_katex`: fetched once with
`npm pack`, cached in .cache/docs-katex/), renders it in the browser: the site fetches nothing at view time.

    python docs/build_docs.py [--src _docs/src] [--site _site] [--build] [--figures figures] [--no-run] [--papers nbs/paper]
"""
from __future__ import annotations
import argparse, base64, hashlib, html, importlib, inspect, json, os, re, shutil, subprocess, sys, tarfile, time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from markupsafe import escape

ROOT = Path(__file__).resolve().parent.parent

def nb_cells(path:Path) -> list[dict]:
    "The cells of a notebook, each with `type`, `source` (str) and `directives` (dict of its `#|` lines)."
    cells = []
    for c in json.loads(path.read_text(encoding='utf-8'))['cells']:
        src = ''.join(c['source'])
        lines = src.splitlines()
        dirs = {}
        while lines and lines[0].startswith('#|'):
            k, _, v = lines.pop(0)[2:].strip().partition(' ')
            dirs[k.rstrip(':')] = v.strip()
        cells.append(dict(type=c['cell_type'], source='\n'.join(lines).strip('\n'), directives=dirs))
    return cells

def title_of(cells:list, default:str) -> tuple[str, str]:
    "The notebook's `# title` and the rest of its first Markdown cell."
    for c in cells:
        if c['type'] == 'markdown':
            m = re.match(r'#\s+(.+)\n?', c['source'])
            if m: return m.group(1).strip(), c['source'][m.end():].strip()
            break
    return default, ''

def demote(md:str) -> str:
    "Markdown with every heading one level deeper (the page's title is the only `#`)."
    return re.sub(r'^(#+)\s', lambda g: '#' + g.group(1) + ' ', md, flags=re.M)

def slug(s:str) -> str: return re.sub(r'[^a-z0-9]+', '-', s.lower()).strip('-')

def fmt_default(v) -> str:
    if v is inspect.Parameter.empty: return ''
    return f'`{v!r}`' if len(repr(v)) < 60 else f'`{repr(v)[:57]}...`'

def fmt_anno(a) -> str:
    if a is inspect.Parameter.empty or a is None: return ''
    return f"`{a if isinstance(a, str) else getattr(a, '__name__', str(a))}`"

def cell_md(s:str, code:bool=False) -> str:
    "Text for a Markdown table cell: one line, pipes escaped; prose also HTML-escaped (code spans show text as is)."
    s = s.replace('\n', ' ')
    return s if code else html.escape(s, quote=False).replace('|', '\\|')   # a pipe inside a code span splits no column

def api_entry(name:str, obj) -> str:
    "Markdown for one exported object: heading, signature, docstring, parameter table (fastcore docments)."
    from fastcore.docments import docments
    kind = 'class' if inspect.isclass(obj) else 'function'
    out = [f'### `{name}` {{ #{slug(name)} }}', '']
    target = obj.__init__ if inspect.isclass(obj) and '__init__' in vars(obj) else obj
    try: sig = str(inspect.signature(target)).replace('(self, ', '(').replace('(self)', '()')
    except (TypeError, ValueError): sig = '(...)'
    out += ['```python', f"{kind} {name.split('.')[-1]}{sig}", '```', '']
    doc = inspect.getdoc(obj) or ''
    if doc: out += [doc, '']
    try: ds = docments(target, full=True)
    except Exception: ds = {}
    rows = [(k, v) for k, v in ds.items() if k not in ('self', 'return')]
    if rows:
        out += ['| parameter | type | default | description |', '|---|---|---|---|']
        out += [f"| `{k}` | {cell_md(fmt_anno(v.get('anno')), True)} | "
                f"{cell_md(fmt_default(v.get('default')), True)} | {cell_md(v.get('docment') or '')} |" for k, v in rows]
        out.append('')
    ret = ds.get('return') or {}
    if ret.get('docment'): out += [f"**Returns** {fmt_anno(ret.get('anno'))}: {ret['docment']}", '']
    return '\n'.join(out)

def defined_names(src:str) -> list[str]:
    "Public names a cell defines at top level; `@patch def f(self:C)` gives `C.f`."
    import ast
    try: tree = ast.parse(src)
    except SyntaxError: return []
    names = []
    for n in tree.body:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            patched = any(getattr(d, 'id', getattr(d, 'attr', None)) == 'patch' for d in n.decorator_list)
            first = n.args.args[0].annotation if not isinstance(n, ast.ClassDef) and n.args.args else None
            if patched and first is not None:
                a = first
                cls = getattr(a, 'id', None) or getattr(a, 'value', None)
                if isinstance(cls, str) and not n.name.startswith('_'): names.append(f'{cls}.{n.name}')
            elif not n.name.startswith('_'): names.append(n.name)
    return names

SKIP_FLAGS = {'notest', 'slow'}   # settings.ini tst_flags: cells nbdev_test skips are not run for the site either
OUTPUT_LINES = 30                 # a longer text output is cut, saying so

def run_notebook(nb:Path) -> list:
    "Run a module notebook as `nbdev_test` does (in this process); the outputs of each cell, in cell order."
    from execnb.shell import CaptureShell
    from fastcore.xtras import working_directory
    from nbdev.frontmatter import FrontmatterProc
    from nbdev.process import NBProcessor
    book = NBProcessor(nb, procs=FrontmatterProc, process=True).nb
    def no_eval(cell):
        if cell.cell_type != 'code' or 'nbdev_export(' in cell.source: return True
        d = getattr(cell, 'directives_', {}) or {}
        return d.get('eval:', [''])[0].lower() == 'false' or bool(SKIP_FLAGS & set(d))
    os.environ['IN_TEST'] = '1'
    with working_directory(nb.parent): CaptureShell(nb).run_all(book, exc_stop=True, preproc=no_eval)
    return [list(c.get('outputs', [])) if c.cell_type == 'code' else [] for c in book.cells]

def outputs_key(nb:Path) -> str:
    "What a notebook's outputs depend on: its bytes and the package's sources."
    h = hashlib.sha256(nb.read_bytes())
    for f in sorted((ROOT/'conformal_rag').glob('*.py')): h.update(f.read_bytes())
    return h.hexdigest()

def notebook_outputs(nbs:list, # module notebooks
                     cache:Path, # where each notebook's outputs are kept (`<stem>.json` with its key)
                     workers:int=2) -> dict:
    "Notebook stem -> per-cell outputs; a notebook runs (in its own process) only when its key changed."
    cache.mkdir(parents=True, exist_ok=True)
    keys = {nb: outputs_key(nb) for nb in nbs}
    def cached(nb):
        f = cache/f'{nb.stem}.json'
        return f.exists() and json.loads(f.read_text())['key'] == keys[nb]
    todo = [nb for nb in nbs if not cached(nb)]
    if todo:   # a line per notebook, so that a first build (minutes) shows it is working
        print(f'docs: running {len(todo)} of {len(nbs)} module notebooks for their outputs ({workers} at a time; '
              f'kept in {cache} until the notebook or the package changes)', flush=True)
    done, t0 = [0], time.time()
    def one(nb):
        f, key = cache/f'{nb.stem}.json', keys[nb]
        if nb not in todo: return nb.stem, json.loads(f.read_text())['cells']
        t = time.time()
        env = {**os.environ, 'MPLBACKEND': 'Agg', 'OMP_NUM_THREADS': '1', 'PYTHONHASHSEED': '0'}
        r = subprocess.run([sys.executable, __file__, '--run-one', str(nb), '--to', str(f), '--key', key],
                           capture_output=True, text=True, env=env)
        if r.returncode: raise RuntimeError(f'docs: running {nb.name} for its outputs failed:\n{r.stderr[-3000:]}')
        done[0] += 1
        print(f'docs: [{done[0]}/{len(todo)}] ran {nb.name} ({time.time() - t:.0f} s; {time.time() - t0:.0f} s so far)',
              flush=True)
        return nb.stem, json.loads(f.read_text())['cells']
    with ThreadPoolExecutor(workers) as ex: return dict(ex.map(one, nbs))

def output_html(outputs:list, # the outputs of one cell
                img_dir:Path|None, # where images go (a page's `img/` folder); None: images are left out
                stem:str # the image files' prefix
               ) -> list[str]:
    "Each output of a cell as an HTML block of class `nb-output`: text (cut), a table, or an image."
    out = []
    for j, o in enumerate(outputs):
        data = o.get('data', {})
        if o.get('output_type') == 'stream': text = ''.join(o.get('text', ''))
        elif 'image/png' in data and img_dir is not None:
            img_dir.mkdir(parents=True, exist_ok=True)
            (img_dir/f'{stem}_{j}.png').write_bytes(base64.b64decode(''.join(data['image/png'])))
            out += [f'<img class="nb-output" src="img/{stem}_{j}.png" alt="output of the example above">', '']
            continue
        elif '<table' in ''.join(data.get('text/html', '')):
            out += ['<div class="nb-output" markdown="0">', ''.join(data['text/html']), '</div>', '']
            continue
        elif 'text/plain' in data: text = ''.join(data['text/plain'])
        else: continue
        lines = text.rstrip('\n').splitlines()
        if len(lines) > OUTPUT_LINES: lines = lines[:OUTPUT_LINES] + [f'... ({len(lines) - OUTPUT_LINES} more lines)']
        if lines: out += ['<pre class="nb-output">' + html.escape('\n'.join(lines)) + '</pre>', '']
    return out

def module_page(nb:Path, # a module notebook
                outputs:list|None=None, # its cells' outputs (`notebook_outputs`); None: examples without outputs
                img_dir:Path|None=None # where output images go
               ) -> tuple[str, str, str]:
    "(title, module name, Markdown) of a module notebook."
    cells = nb_cells(nb)
    mod = next((c['directives']['default_exp'] for c in cells if 'default_exp' in c['directives']), None)
    title, intro = title_of(cells, nb.stem)
    m = importlib.import_module(f'conformal_rag.{mod}') if mod else None
    if outputs and len(outputs) != len(cells):
        raise RuntimeError(f'docs: nbs/{nb.name} changed while it ran for its outputs ({len(cells)} cells now, '
                           f'{len(outputs)} run): build again')
    out = [f'# {title}', '']
    if mod: out += [f'`conformal_rag.{mod}` · source: `nbs/{nb.name}`', '']
    if intro: out += [intro, '']
    first_md = True
    for i, c in enumerate(cells):
        d = c['directives']
        if c['type'] == 'markdown':
            if first_md and re.match(r'#\s', c['source']): first_md = False; continue
            first_md = False
            src = c['source']
            out += [demote(src) if src.startswith('# ') else src, '']
        elif c['type'] == 'code' and c['source'].strip():
            if 'hide' in d or 'default_exp' in d: continue
            if {'export', 'exports'} & set(d) and m is not None:
                for name in defined_names(c['source']):
                    obj = m
                    try:
                        for part in name.split('.'): obj = getattr(obj, part)
                    except AttributeError: continue
                    out.append(api_entry(name, obj))
            elif 'exporti' in d: continue
            else:
                out += ['```python', c['source'], '```', '']
                if outputs: out += output_html(outputs[i], img_dir, f'{nb.stem}_{i}')
    return title, mod or nb.stem, '\n'.join(out)

def records(figures:Path) -> list[dict]:
    "Every artifact record under figures/ (runs excluded), each with its folder relative to figures/."
    out = []
    for p in sorted(figures.rglob('*.json')):
        if '_runs' in p.parts or p.parent == figures: continue
        try: r = json.loads(p.read_text(encoding='utf-8'))
        except (ValueError, UnicodeDecodeError): continue
        if isinstance(r, dict) and 'files' in r and 'notebook' in r:
            out.append({**r, 'dir': p.parent.relative_to(figures)})
    return out

def artifact_md(r:dict, figures:Path, src:Path|None=None) -> str:
    "An artifact from figures/: a figure (image, caption beneath; copied into `src`) or a table/text (its Markdown, caption above)."
    cap = (r.get('caption') or '').strip()
    out = []
    for f in r['files']:
        rel = (Path('figures')/r['dir']/f).as_posix()
        if f.endswith('.png'):
            if src is not None and (figures/r['dir']/f).exists():
                (src/rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(figures/r['dir']/f, src/rel)
            out += [f'<figure markdown="span">', f'  ![{html.escape(r["artifact"])}](../{rel})',
                    f'  <figcaption>{html.escape(cap)}</figcaption>', '</figure>', '']
        elif f.endswith('.md'):
            body = (figures/r['dir']/f).read_text(encoding='utf-8')
            out += [f'??? info "Table: {r["artifact"]} ({(Path(r["dir"])/f).as_posix()})"', '']
            out += ['    ' + l for l in body.splitlines()] + ['']
    return '\n'.join(out)

PAPER_TEMPLATE = ROOT/'docs'/'templates'/'paper.md.j2'   # nbconvert's Markdown template, outputs as HTML

def heading_text(line:str) -> str:
    "The text a Markdown heading line shows (what the browser's heading element holds, less its permalink)."
    import markdown
    body = re.sub(r'^#+\s*', '', line).strip()
    return re.sub(r'\s+', ' ', html.unescape(re.sub(r'<[^>]+>', '', markdown.markdown(body)))).strip()

def prepare_notebook(nb, # an nbformat notebook (changed in place)
                     note:str # Markdown said under the title: where the page comes from
                    ):
    """The notebook as the page shows it: `#| hide` cells dropped, directive lines cut, widgets (progress bars) dropped,
    a later `# ` heading one level deeper, `note` after the title cell, and each code cell's `cell_heading` metadata:
    the text of the nearest heading above it (the page's h1 title before the first section)."""
    cells, heading, first = [], '', True
    for c in nb.cells:
        if c.cell_type == 'code':
            lines = c.source.splitlines()
            if any(l.strip() in ('#| hide', '#|hide') for l in lines if l.startswith('#|')): continue
            while lines and lines[0].startswith('#|'): lines.pop(0)
            c.source = '\n'.join(lines).strip('\n')
            c.outputs = [o for o in c.get('outputs', []) if 'application/vnd.jupyter.widget-view+json' not in o.get('data', {})]
            if not c.source.strip() and not c.outputs: continue
            c.metadata['cell_heading'] = heading
        elif c.cell_type == 'markdown':
            if not first and c.source.startswith('# '): c.source = demote(c.source)
            for l in c.source.splitlines():
                if re.match(r'#{1,6}\s', l): heading = heading_text(l)
        cells.append(c)
        if first and c.cell_type == 'markdown':
            first = False
            cells.append(nbformat_markdown(note))
    nb.cells = cells
    return nb

def nbformat_markdown(text:str):
    import nbformat
    return nbformat.v4.new_markdown_cell(text)

def render_notebook(path:Path, # a notebook, executed or not
                    img_dir:Path, # where its output images go (the page's folder / `img/<stem>`)
                    note:str='' # said under the title
                   ) -> tuple[str, set]:
    """(Markdown of the page, the artifact names its images show), rendered by nbconvert's MarkdownExporter with the
    template `docs/templates/paper.md.j2`: each output right under the code of the cell that made it."""
    import nbformat
    from nbconvert import MarkdownExporter
    nb = prepare_notebook(nbformat.read(path, as_version=4), note)
    shown = {o.get('metadata', {}).get('artifact') for c in nb.cells for o in c.get('outputs', [])} - {None, ''}
    ex = MarkdownExporter(template_file=str(PAPER_TEMPLATE))
    rel = img_dir.name
    md, res = ex.from_notebook_node(nb, resources=dict(output_files_dir=f'img/{rel}', unique_key=rel))
    for name, data in res.get('outputs', {}).items():
        (img_dir.parent.parent/name).parent.mkdir(parents=True, exist_ok=True)
        (img_dir.parent.parent/name).write_bytes(data)
    return md, shown

def has_outputs(path:Path) -> bool:
    "Whether a notebook carries any output."
    return any(c.get('outputs') for c in json.loads(path.read_text(encoding='utf-8'))['cells'])

def run_pages(paper_dir:Path, figures:Path) -> list[dict]:
    """One page per run of the runs file whose notebook is in `paper_dir`, the notebook's primary run first
    (`reproduce.primary_runs`), each with the executed notebook it is rendered from:
    1. the primary run: the paper notebook itself when it carries outputs (written back by `make reproduce`);
    2. else the run's executed copy `figures/<out_dir>/_runs/NAME.ipynb` when there is one;
    3. else the notebook without outputs (the primary run; a later run of the same notebook gets no page then).
    Each page's `source` says which, and is printed by the build."""
    from conformal_rag import paper_runs, reproduce
    runs_file = paper_dir/'runs.yaml'
    runs = paper_runs.load_runs(runs_file)
    primary = reproduce.primary_runs(runs)
    pages = []
    for nb in sorted(paper_dir.glob('*.ipynb')):
        mine = [r for r in runs if r.notebook == nb.name]
        mine.sort(key=lambda r: r.name != primary.get(nb.name))
        if not mine: mine = [paper_runs.Run(nb.stem, nb.name)]
        for i, r in enumerate(mine):
            try: writes = paper_runs.run_writes(r, runs_file)
            except Exception: writes = r.name
            copy = figures/writes/'_runs'/nb.name
            if i == 0 and r.name == primary.get(nb.name) and has_outputs(nb): path, kind = nb, 'notebook'
            elif copy.exists(): path, kind = copy, 'executed copy'
            elif i == 0: path, kind = nb, 'no outputs'
            else: continue
            pages.append(dict(notebook=nb, run=r.name, primary=i == 0, writes=writes, path=path, kind=kind,
                              stem=nb.stem if i == 0 else f'{nb.stem}--{r.name}'))
    return pages

def page_records(page:dict, pages:list, recs:list) -> list:
    "The records of the artifacts a page's run wrote: its notebook's, in its output folder and not in a deeper run's."
    def owner(r):
        cands = [p for p in pages if p['notebook'].name == Path(r['notebook']).name
                 and (p['writes'] in ('.', '') or Path(r['dir']).is_relative_to(p['writes']))]
        return max(cands, key=lambda p: len(Path(p['writes']).parts), default=None)
    return [r for r in recs if owner(r) is page]

def paper_page(page:dict, # a page of `run_pages`
               pages:list, recs:list, figures:Path, src:Path) -> tuple[str, str]:
    """(title, Markdown) of a paper notebook's page: the notebook rendered with its own outputs (`render_notebook`);
    then the figures of its run that its outputs do not show (an executed copy made before the runner showed figures,
    or no outputs at all), with their captions, and, when it carries no outputs, the run's tables."""
    nb, path = page['notebook'], page['path']
    shown_path = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    note = {'notebook': f'*Rendered from `nbs/paper/{nb.name}` with the outputs its last `make reproduce` kept: every '
                        f'figure and table under the cell that made it.*',
            'executed copy': f'*Rendered from `{shown_path}`, the copy of `nbs/paper/{nb.name}` that run `{page["run"]}` '
                             f'of `make reproduce` executed: every output under the cell that made it.*',
            'no outputs': f'*`nbs/paper/{nb.name}` carries no outputs yet and no executed copy is in figures/ '
                          f'(`make reproduce` makes both): its code is shown, the artifacts in figures/ after it.*'}[page['kind']]
    md, shown = render_notebook(path, src/'papers'/'img'/page['stem'], note)
    first = title_of(nb_cells(nb), nb.stem)[0]
    title = first + ('' if page['primary'] else f' (run {page["run"]})')
    if not page['primary']:   # the run's own title, and the cells under the title say so too (data-cell-heading)
        md = re.sub(r'^# .*$', f'# {title}', md, count=1, flags=re.M)
        md = md.replace(f'data-cell-heading="{escape(first)}"', f'data-cell-heading="{escape(title)}"')   # as jinja's `e`
    mine = page_records(page, pages, recs)
    figs = [r for r in mine if r.get('kind') == 'figure' and not set(r['files']) & shown]
    others = [r for r in mine if r.get('kind') != 'figure'] if page['kind'] == 'no outputs' else []
    out = [md, '']
    if figs or others:
        out += ['## Artifacts the notebook does not show', '',
                f'!!! note "From figures/, not from the notebook"', '',
                f'    {"These figures" if not others else "These figures and tables"} of run `{page["run"]}` are the '
                f'committed files in `figures/{page["writes"]}/`, shown after the notebook because '
                + ('it carries no outputs. ' if page['kind'] == 'no outputs' else
                   'its executed copy predates figures shown as outputs. ')
                + '`make reproduce` writes the notebook back with each figure under the cell that made it.', '']
        for r in figs: out += [f'### Figure: {r["artifact"]}', '', artifact_md(r, figures, src)]
        for r in others: out += [artifact_md(r, figures, src)]
    return title, '\n'.join(out)

# The ledger's outcomes: colour (the ledger figures' colours), glyph, and words for the legend.
OUTCOMES = {'holds': ('#1b9e77', '\u2713'), 'contradicted': ('#d7191c', '\u2717'),
            'not resolved': ('#fdae61', '?'), 'untestable': ('#bdbdbd', '\u2013')}

def _cell(r) -> str:
    "One ledger cell: glyph, value and interval, coloured by outcome; the reason on hover, linked to its row below."
    colour, glyph = OUTCOMES[r['verdict']]
    num = lambda v: f'{v:+.2f}'
    val = '' if pd_isna(r['value']) else f" {num(r['value'])}"
    ci = '' if pd_isna(r['lo']) else f"<br><small>[{num(r['lo'])}, {num(r['hi'])}]</small>"
    tip = html.escape(f"{r['verdict']}: {r['reason']}", quote=True)
    return (f'<td style="background:{colour};text-align:center" title="{tip}">'
            f'<a href="#{_anchor(r)}" style="color:#000">{glyph}{val}{ci}</a></td>')

def pd_isna(v) -> bool:
    try: return v is None or v != v or v == ''
    except Exception: return False

def _anchor(r) -> str:
    return 'why-' + re.sub(r'[^a-z0-9]+', '-', f"{r['claim']} {r['backbone']}".lower()).strip('-')

def claims_page(figures:Path) -> str:
    """The ledger at a glance: per paper a matrix (claims down in their short words, backbones across with the
    authors' outputs first), each cell its outcome's glyph, value and interval, coloured by outcome, its reason on
    hover and in a linked row below; from figures/claims.csv."""
    import pandas as pd
    out = ['# Claims ledger', '']
    path = figures/'claims.csv'
    if not path.exists(): return '\n'.join(out + ['No ledger yet: run `make reproduce`.'])
    led = pd.read_csv(path, keep_default_na=True)
    legend = ' '.join(f'<span style="background:{c};padding:0 .4em">{g} {k}</span>' for k, (c, g) in OUTCOMES.items())
    out += ['Each cell: the outcome, the statistic the claim is judged on and its 95% interval. Hover a cell for its '
            'reason, or click it for the row below. Columns: the authors\' released outputs first, then the models '
            'run here.', '', legend, '']
    summary = figures/'claims_summary.md'
    for paper, g in led.groupby('paper', sort=False):
        seen = list(dict.fromkeys(g['backbone']))
        bbs = [b for b in seen if str(b).startswith("authors' release")] + \
              [b for b in seen if not str(b).startswith("authors' release")]
        short = lambda b: str(b).replace("authors' release", 'authors').replace('Qwen2.5-Coder-1.5B', 'Qwen-1.5B')
        out += [f'## {paper}', '', '<table class="ledger" style="font-size:.68rem;table-layout:fixed;width:100%;border-collapse:collapse">',
                '<tr><th style="width:22%">claim</th>' + ''.join(
                    f'<th title="{html.escape(str(b))}">{html.escape(short(b))}</th>' for b in bbs) + '</tr>']
        for claim, gc in g.groupby('claim', sort=False):
            cells = []
            for b in bbs:
                r = gc[gc.backbone == b]
                cells.append(_cell(r.iloc[0]) if len(r) else '<td></td>')
            words = html.escape(str(gc['words'].iloc[0]))
            out.append(f'<tr><td title="{html.escape(claim)}, {html.escape(str(gc["where"].iloc[0]))}">'
                       f'<b>{html.escape(claim)}</b><br><small>{words}</small></td>' + ''.join(cells) + '</tr>')
        out += ['</table>', '', f'### Why, cell by cell ({paper})', '']
        for _, r in g.iterrows():
            n = '' if pd_isna(r['n']) else f" (n = {int(r['n'])})"
            out.append(f'- <a id="{_anchor(r)}"></a>{OUTCOMES[r["verdict"]][1]} `{r["claim"]}` / '
                       f'{html.escape(str(r["backbone"]))}: **{r["verdict"]}**{n}: '
                       f'{html.escape(str(r["reason"]))} ({html.escape(str(r["source"]))})')
        out.append('')
    if summary.exists(): out += ['## Counts', '', summary.read_text(encoding='utf-8')]
    return '\n'.join(out)

# The papers' request settings, as each paper states them (section named), for the scale page.
PAPER_SCALE = [
    dict(paper='TRAQ', where='Sec. 4, Experiment Setup', K=20, M=30, temperature='1.0', questions=1000,
         flags='--K 20 --M 30 --temperature 1.0 --n-questions 1000 --prompt traq_paper_zero_shot --logprobs',
         note='top-20 passages, 30 responses per (question, passage), 1,000 questions per dataset'),
    dict(paper='TRAC', where='Sec. 4.1', K=20, M=40, temperature='not stated', questions=516 + 811 + 812,
         flags='--K 20 --M 40 --n-questions 2139 --prompt trac_paper',
         note='top 20 contexts, 40 answers per (question, context) from ChatGPT; 516 calibration, 811 optimization '
              'and 812 test questions'),
    dict(paper='When to retrieve', where='Sec. 3.2, Models', K=0, M=1, temperature='0 (open models)', questions=None,
         flags='`conformal-rag overconfidence collect`', note='one reply per question and prompt, at most 256 tokens'),
    dict(paper='RC-RAG', where='Sec. 5, Implementation details', K=3, M=1, temperature='0', questions=None,
         flags='`conformal-rag rcrag collect`',
         note='top-3 passages, one greedy reply per prompt, at most 256 tokens, N = 1 counterfactual round'),
]

def scale_page(root:Path=ROOT) -> str:
    """The plan for the papers' scale on a serving engine: commands, the papers' settings, and the cost per question
    measured here (the committed collection's record, bench/openai_client.json) extrapolated, every number computed."""
    import numpy as np
    meta = json.loads(str(np.load(root/'data'/'collected'/'wiki_gemma_600.npz')['meta']))
    bench = json.loads((root/'bench'/'openai_client.json').read_text()) if (root/'bench'/'openai_client.json').exists() else None
    per_q = meta['seconds'] / meta['Q']
    samples_here = meta['K'] * meta['M']
    s_per_sample = meta['seconds'] * meta['jobs'] / (meta['Q'] * samples_here)   # CPU-core seconds per sample
    traq = PAPER_SCALE[0]
    paper_samples = traq['K'] * traq['M']
    out = ['# The papers\' scale on a serving engine', '',
           f"The committed collections were sampled in-process at K = {meta['K']} passages and M = {meta['M']} "
           f"samples per passage. TRAQ asks for K = {traq['K']} and M = {traq['M']} over {traq['questions']:,} "
           f"questions per dataset: {paper_samples // samples_here}x the samples per question. At that scale, run the "
           "`openai:` backend against a serving engine on GPUs. Every number on this page is computed when the site "
           "is built, from the committed collection's record and `bench/openai_client.json`.", '',
           '## 1. Start a server', '',
           'vLLM on one GPU, then on several (tensor parallel for a model that does not fit one GPU; data parallel '
           'replicas behind one URL for throughput):', '',
           '```bash', 'pip install vllm',
           'vllm serve meta-llama/Llama-2-7b-chat-hf --port 8000                          # one GPU',
           'vllm serve meta-llama/Llama-2-7b-chat-hf --port 8000 --tensor-parallel-size 4 # one model over 4 GPUs',
           'vllm serve meta-llama/Llama-2-7b-chat-hf --port 8000 --data-parallel-size 4   # 4 replicas, one URL',
           '```', '',
           'Without a GPU, llama.cpp\'s OpenAI-compatible server runs the same path (`make llamacpp-server` starts it '
           'on the shipped gemma GGUF on 127.0.0.1:8080).', '',
           '## 2. Collect with the papers\' settings', '',
           'Point the model string at the server (`openai:MODEL@URL`; `?concurrency=N` sets the requests in flight, '
           'and `n` larger than the server grants is made up by further requests). The key is read from '
           '`OPENAI_API_KEY` (any value for a local server):', '',
           '```bash', 'export OPENAI_API_KEY=local',
           'conformal-rag collect --dataset squad --model "openai:meta-llama/Llama-2-7b-chat-hf@http://127.0.0.1:8000/v1?concurrency=32" \\',
           f"    {traq['flags']}", '```', '',
           '| paper | where | passages K | samples M | temperature | collect with | as the paper states it |',
           '|---|---|---|---|---|---|---|']
    for r in PAPER_SCALE:
        flags = r['flags'] if r['flags'].startswith('`') else f"`conformal-rag collect ... {r['flags']}`"
        out.append(f"| {r['paper']} | {r['where']} | {r['K'] or '-'} | {r['M']} | {r['temperature']} | {flags} | {r['note']} |")
    out += ['', '## 3. What it costs', '',
            f"Measured here: the committed collection `{meta['dataset']}_{meta['model']}` ({meta['Q']} questions, "
            f"K = {meta['K']}, M = {meta['M']}, {meta['model']} in-process on {meta['jobs']} CPU cores) took "
            f"{meta['seconds']:.0f} s, {per_q:.2f} s per question, {s_per_sample * 1e3:.1f} CPU-core ms per sample. "
            f"At TRAQ's K x M = {paper_samples} samples per question that is {paper_samples * s_per_sample:.0f} "
            f"core-seconds per question, {traq['questions'] * paper_samples * s_per_sample / 86400 / meta['jobs']:.1f} "
            f"days for {traq['questions']:,} questions on {meta['jobs']} cores, for a 270M model: a 7B model needs GPUs."]
    if bench:
        gpu = bench['gpu_samples_s']
        out += ['', f"On a GPU: assuming one GPU serving a 7B model produces {bench['gpu_tokens_s']:,.0f} output "
                f"tokens/s ({bench['gpu_source']}) and TRAQ's answers take about "
                f"{bench['gpu_tokens_per_sample']:g} tokens, one GPU gives {gpu:,.0f} samples/s: "
                f"{traq['questions'] * paper_samples / gpu / 60:.0f} minutes for {traq['questions']:,} questions at "
                f"K = {traq['K']}, M = {traq['M']}.", '',
                f"The client keeps up: measured {bench['measured']} on "
                f"{bench.get('machine', str(bench['cores']) + ' cores')} against a loopback "
                f"server that answers at once (`bench/bench_openai_client.py`, each row the median of "
                f"{bench.get('repeats', 1)} runs), the package's `openai:` path takes in "
                f"{bench['no_cache']['ceiling']:,.0f} samples per client-CPU-second without the cache and "
                f"{bench['cache']['ceiling']:,.0f} with it: {bench['no_cache']['ratio']:.0f}x and "
                f"{bench['cache']['ratio']:.0f}x that GPU (the target is {bench['target']}x)."]
    out += ['', '## 4. A multi-day run: resumable and shareable', '',
            'Every sample is written to the generation cache (an SQLite file, `--cache FILE`) as its reply arrives, '
            'keyed by its request (model, prompt, settings, seed, sample index). A killed run loses nothing: '
            'rerunning the same command asks only for the samples the cache lacks, and the server\'s seeds make '
            'them the same. `collect` exports the run\'s generations beside its collection '
            '(`NAME_generations.jsonl.gz`); a colleague imports them (`GenerationCache.import_jsonl`) or replays '
            'them without any model (`llm.replay_llm`), and `make reproduce` with `-p collections=...` regenerates '
            'the figures from them.']
    return '\n'.join(out) + '\n'

def build_sources(src:Path, figures:Path=ROOT/'figures',
                  outputs:Path|None=None, # where run notebooks' outputs are cached; None: module pages without outputs
                  paper_dir:Path=ROOT/'nbs'/'paper' # the paper notebooks and their runs.yaml
                 ) -> list:
    "Write the Markdown sources, the figures they show and mkdocs.yml into `src`'s parent; returns the nav."
    if src.exists(): shutil.rmtree(src)
    src.mkdir(parents=True)
    recs = records(figures)
    # front page: the index notebook's prose and the site map
    cells = nb_cells(ROOT/'nbs'/'index.ipynb')
    title, intro = title_of(cells, 'conformal_rag')
    front = [f'# {title}', '', intro, '', '- [Claims ledger](claims.md): what holds, per paper and backbone.',
             '- Papers: one page per paper notebook run, each figure and table under the cell that made it.',
             '- API: one page per module, each function with its parameters.', '']
    for c in cells[1:]:   # the rest of the index notebook (not run: its code is shown, its outputs are in figures/)
        if c['type'] == 'markdown': front += [c['source'], '']
        elif c['source'].strip() and 'hide' not in c['directives']: front += ['```python', c['source'], '```', '']
    for rel in sorted(set(re.findall(r'\.\./figures/([^)\s"]+\.png)', '\n'.join(front)))):   # the front page's figures
        if (figures/rel).exists():
            (src/'figures'/rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(figures/rel, src/'figures'/rel)
    (src/'index.md').write_text('\n'.join(front), encoding='utf-8')
    nav = [{'Home': 'index.md'}]
    (src/'claims.md').write_text(claims_page(figures), encoding='utf-8')
    (src/'scale.md').write_text(scale_page(), encoding='utf-8')
    nav.append({'Claims ledger': 'claims.md'})
    papers = []
    (src/'papers').mkdir(exist_ok=True)
    pages = run_pages(paper_dir, figures)
    for page in pages:
        t, md = paper_page(page, pages, recs, figures, src)
        (src/'papers'/f"{page['stem']}.md").write_text(md, encoding='utf-8')
        papers.append({t: f"papers/{page['stem']}.md"})
        shown = page['path'].relative_to(ROOT) if page['path'].is_relative_to(ROOT) else page['path']
        print(f"docs: papers/{page['stem']}.md from {shown} ({page['kind']})", flush=True)
    nav.append({'Papers': papers})
    nav.append({"The papers' scale": 'scale.md'})
    api = []
    mods = [nb for nb in sorted((ROOT/'nbs').glob('*.ipynb')) if nb.stem != 'index']
    outs = notebook_outputs(mods, outputs) if outputs is not None else {}
    for nb in mods:
        o = outs.get(nb.stem)
        if o is not None and len(o) != len(nb_cells(nb)):   # edited while the others ran: run it again
            o = notebook_outputs([nb], outputs)[nb.stem]
        t, mod, md = module_page(nb, o, src/'api'/'img')
        (src/'api').mkdir(exist_ok=True)
        (src/'api'/f'{nb.stem}.md').write_text(md, encoding='utf-8')
        api.append({t: f'api/{nb.stem}.md'})
    nav.append({'API': api})
    return nav

def write_config(src:Path, site:Path, nav:list) -> Path:
    "mkdocs.yml beside `src`: docs/mkdocs.yml with the paths and the nav filled in."
    import yaml
    cfg = yaml.safe_load((ROOT/'docs'/'mkdocs.yml').read_text())
    cfg.update(docs_dir=str(src.resolve()), site_dir=str(site.resolve()), nav=nav)
    p = src.parent/'mkdocs.yml'
    p.write_text(yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True))
    return p

KATEX_VERSION = '0.19.1'   # the math renderer, from the npm registry (`npm pack`), checked against its integrity
KATEX_INTEGRITY = 'sha512-jG8uKntjSEcm2EpQOh0XturpPuuC9r3Sq5HLHdsFdWZT27E672SF19QEi+of0/YeOy15lDgRhKvr5614uRrEfA=='
KATEX_CACHE = ROOT/'.cache'/'docs-katex'

# Renders what pymdownx.arithmatex (generic mode) leaves: `<span class="arithmatex">\(...\)</span>` inline and
# `<div class="arithmatex">\[...\]</div>` for display math. A formula KaTeX cannot parse is shown as a red
# `.katex-error` (the browser check reports it).
MATH_JS = r"""// Written by docs/build_docs.py: render the arithmatex spans with the vendored KaTeX.
(function () {
  function render() {
    document.querySelectorAll('.arithmatex').forEach(function (el) {
      if (el.dataset.katex) return;
      var tex = el.textContent.trim(), m = tex.match(/^\\([(\[])([\s\S]*)\\[)\]]$/);
      if (m) tex = m[2];
      katex.render(tex, el, { displayMode: el.tagName === 'DIV' || (m && m[1] === '['), throwOnError: false });
      el.dataset.katex = '1';
    });
  }
  if (typeof document$ !== 'undefined') document$.subscribe(render);   // mkdocs-material's page-load signal
  else if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', render);
  else render();
})();
"""

def katex_tarball(cache:Path=KATEX_CACHE, # where the downloaded package is kept
                  npm:str='npm' # the npm client
                 ) -> Path:
    "The pinned KaTeX package (`katex-<version>.tgz`): from `cache`, else fetched once with `npm pack` and checked."
    tgz = cache/f'katex-{KATEX_VERSION}.tgz'
    def ok(p):
        algo, _, want = KATEX_INTEGRITY.partition('-')
        return p.exists() and base64.b64encode(hashlib.new(algo, p.read_bytes()).digest()).decode() == want
    if ok(tgz): return tgz
    cache.mkdir(parents=True, exist_ok=True)
    print(f'docs: fetching KaTeX {KATEX_VERSION} (the math renderer) from the npm registry into {cache}', flush=True)
    cmd = [npm, 'pack', f'katex@{KATEX_VERSION}', '--loglevel=error', '--pack-destination', str(cache)]
    try: r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e: r = subprocess.CompletedProcess([], 1, '', str(e))
    if r.returncode or not ok(tgz):
        why = ('\n'.join((r.stderr or r.stdout).strip().splitlines()[:5]) if r.returncode
               else f'{tgz.name} does not match {KATEX_INTEGRITY}')
        tgz.unlink(missing_ok=True)
        raise SystemExit(f'docs: the site renders math with KaTeX {KATEX_VERSION}, which is not cached in {cache} and '
                         f'could not be fetched (`{npm} pack katex@{KATEX_VERSION}`: is the npm registry reachable?).\n'
                         f'{why}\nRun the build once with the registry reachable, or put katex-{KATEX_VERSION}.tgz '
                         f'(from `npm pack katex@{KATEX_VERSION}`) into {cache}.')
    return tgz

def vendor_katex(src:Path, # the site's Markdown sources (docs_dir)
                 cache:Path=KATEX_CACHE, npm:str='npm') -> Path:
    "Copy KaTeX's script, stylesheet, fonts and license into `src`/assets/katex, and the page script to assets/math.js."
    dest = src/'assets'/'katex'
    if dest.exists(): shutil.rmtree(dest)
    (dest/'fonts').mkdir(parents=True)
    with tarfile.open(katex_tarball(cache, npm)) as t:
        for m in t.getmembers():
            name = m.name.removeprefix('package/')
            if m.isfile() and (name in ('dist/katex.min.js', 'dist/katex.min.css', 'LICENSE')
                               or name.startswith('dist/fonts/')):
                (dest/name.removeprefix('dist/')).write_bytes(t.extractfile(m).read())
    (src/'assets'/'math.js').write_text(MATH_JS, encoding='utf-8')
    return dest

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--src', default=str(ROOT/'_docs'/'src'), help='where the generated Markdown goes')
    ap.add_argument('--site', default=str(ROOT/'_site'), help='where the static site goes')
    ap.add_argument('--figures', default=str(ROOT/'figures'), help='the artifacts folder')
    ap.add_argument('--build', action='store_true', help='also run mkdocs build (strict)')
    ap.add_argument('--outputs', default=str(ROOT/'_docs'/'outputs'), help="the module notebooks' outputs cache")
    ap.add_argument('--no-run', action='store_true', help='module pages without outputs (runs no notebook)')
    ap.add_argument('--papers', default=str(ROOT/'nbs'/'paper'), help='the paper notebooks and their runs.yaml')
    ap.add_argument('--run-one', help=argparse.SUPPRESS)   # internal: run one notebook, write its outputs to --to
    ap.add_argument('--to', help=argparse.SUPPRESS)
    ap.add_argument('--key', help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.run_one:
        sys.argv = sys.argv[:1]   # as under nbdev_test: a notebook that parses the command line sees none
        cells = run_notebook(Path(a.run_one))
        Path(a.to).write_text(json.dumps(dict(key=a.key, cells=cells)))
        return
    src, site = Path(a.src), Path(a.site)
    t0 = time.time()
    nav = build_sources(src, Path(a.figures), None if a.no_run else Path(a.outputs), Path(a.papers))
    vendor_katex(src)
    cfg = write_config(src, site, nav)
    print(f'docs: sources in {src} ({time.time() - t0:.0f} s)', flush=True)
    if a.build:
        print('docs: building the site (mkdocs, strict)', flush=True)
        r = subprocess.run([sys.executable, '-m', 'mkdocs', 'build', '--quiet', '--clean', '-f', str(cfg)],
                           env={**os.environ, 'NO_MKDOCS_2_WARNING': '1'})
        if r.returncode: sys.exit(r.returncode)
        print(f'docs: site in {site} (open {site}/index.html, or: python -m http.server -d {site} -b 127.0.0.1)')

if __name__ == '__main__': main()
