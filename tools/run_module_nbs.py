"""Run module notebooks and keep their example outputs (issue 41 item 3): a researcher who opens `nbs/04_matching.ipynb`
in JupyterLab or on a code host sees each example's output under it, as in nbdev's and fastcore's notebooks.

Each notebook runs the way `nbdev_test` runs it (execnb's `CaptureShell`, the notebook's folder as working directory,
cells marked `#| eval: false` skipped), then its outputs are made stable, so a rerun of unchanged code gives the same
bytes: progress bars and warnings on stderr are dropped, object addresses (`at 0x7f...`) and temporary folders are
written as placeholders, execution counts are cleared; `nbdev_clean` then removes the volatile metadata. A notebook
whose run fails is left as it was and named in the summary (exit status 1).

    python tools/run_module_nbs.py [nbs/X.ipynb ...]    # default: every module notebook (nbs/*.ipynb)
"""
import os, re, sys, time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ADDRESS = re.compile(r' at 0x[0-9a-f]{6,}')
TMP = re.compile(r'/tmp/tmp[\w-]+')
RUN_ID = re.compile(r'\b\d{8}-\d{6}-[0-9a-f]{4}\b')   # an ad-hoc run's id (its time and a random tag)

def _stable(text:str) -> str:
    return RUN_ID.sub('<run id>', TMP.sub('/tmp/<tmp>', ADDRESS.sub(' at 0x...', text)))

def _scrub(outputs:list) -> list:
    "Outputs that a rerun reproduces byte for byte: no stderr, no addresses, no temporary paths, no counts."
    kept = []
    for o in outputs:
        if o.get('output_type') == 'stream':
            if o.get('name') == 'stderr': continue
            o['text'] = _stable(''.join(o['text']) if isinstance(o['text'], list) else o['text'])
        if o.get('output_type') == 'error': continue
        if 'data' in o:
            for k in ('text/plain', 'text/html', 'text/markdown'):
                if k in o['data']:
                    v = o['data'][k]
                    o['data'][k] = _stable(''.join(v) if isinstance(v, list) else v)
        if 'execution_count' in o: o['execution_count'] = None
        kept.append(o)
    return kept

def run(path:str) -> tuple:
    "Run one notebook in place; (path, seconds, error or None)."
    from execnb.nbio import read_nb, write_nb
    from execnb.shell import CaptureShell
    from nbdev.process import NBProcessor
    from nbdev.frontmatter import FrontmatterProc
    from nbdev.config import get_config
    t0, path = time.time(), Path(path).resolve()
    flags = set(get_config().get('tst_flags', '').split())
    def skip(cell):   # nbdev_test's rule: markdown, nbdev_export() calls, `#| eval: false`, the test flags (slow)
        if cell.cell_type != 'code' or 'nbdev_export' + '(' in cell.source: return True
        d = getattr(cell, 'directives_', {}) or {}
        return d.get('eval:', [''])[0].lower() == 'false' or bool(flags & d.keys())
    ran, raw = NBProcessor(path, procs=FrontmatterProc, process=True).nb, read_nb(path)
    if len(ran.cells) != len(raw.cells): return str(path), time.time() - t0, 'cells changed by processing'
    os.chdir(path.parent)
    try: CaptureShell(path).run_all(ran, exc_stop=True, preproc=skip)
    except Exception as e: return str(path), time.time() - t0, f'{type(e).__name__}: {str(e)[:300]}'
    for r, c in zip(ran.cells, raw.cells):
        if c.cell_type == 'code':
            c.outputs = _scrub(list(r.get('outputs', []))) if not skip(r) else []
            c.execution_count = None
    write_nb(raw, path)
    return str(path), time.time() - t0, None

def main(paths:list) -> int:
    paths = paths or [str(p) for p in sorted((ROOT/'nbs').glob('*.ipynb')) if p.stem != 'index']
    env = dict(HF_HUB_OFFLINE='1', HF_DATASETS_OFFLINE='1', TRANSFORMERS_OFFLINE='1', OMP_NUM_THREADS='1',
               MPLBACKEND='Agg', PYTHONHASHSEED='0')
    os.environ.update(env)
    failed = []
    with ProcessPoolExecutor(int(os.environ.get("JOBS", 2)), max_tasks_per_child=1) as ex:   # a fresh process per notebook (IPython takes over __main__)
        for i, (p, s, err) in enumerate(ex.map(run, paths), 1):
            print(f'[{i}/{len(paths)}] {Path(p).name}: {"failed: " + err if err else "outputs kept"} ({s:.0f} s)',
                  flush=True)
            if err: failed.append(Path(p).name)
    os.chdir(ROOT)
    os.system(f'{ROOT}/.venv/bin/nbdev_clean >/dev/null')
    if failed: print('failed (left as they were):', ', '.join(failed))
    return 1 if failed else 0

if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
