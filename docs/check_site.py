"""Serve a built site on 127.0.0.1 and check it in headless Chromium (docs/check_site.mjs); exit status 1 on a problem.

    python docs/check_site.py [SITE] [--out artifacts/docs]

Needs Debian's `chromium` (/usr/bin/chromium, or $CHROMIUM) and node with playwright-core, installed into
.cache/docs-check/ on first use (`npm install`, the only network access; set DOCS_CHECK_NODE_MODULES to reuse one).
"""
from __future__ import annotations
import argparse, functools, http.server, os, shutil, subprocess, sys, threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYWRIGHT = 'playwright-core@1.65.1'

def node_modules() -> Path:
    "A node_modules folder with playwright-core (installed once with npm into .cache/docs-check)."
    if os.environ.get('DOCS_CHECK_NODE_MODULES'): return Path(os.environ['DOCS_CHECK_NODE_MODULES'])
    d = ROOT/'.cache'/'docs-check'
    if not (d/'node_modules'/'playwright-core').exists():
        d.mkdir(parents=True, exist_ok=True)
        subprocess.run(['npm', 'install', '--silent', '--no-audit', '--no-fund', '--prefix', str(d), PLAYWRIGHT],
                       check=True)
    return d/'node_modules'

class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a): pass

def check_site(site:str|Path, # the built site (index.html at its top)
               out:str|Path, # where the screenshots go
               paper_page:str='papers/05_traq.html', # the paper page to screenshot
               start:str='index.html', # where the crawl starts
               max_pages:int=100_000, # stop after this many pages (1: check the start page alone)
              ) -> subprocess.CompletedProcess:
    "Serve `site` on 127.0.0.1 (a free port) and run the browser check; returns the finished node process."
    site, out = Path(site).resolve(), Path(out).resolve()
    if not (site/'index.html').exists():
        raise FileNotFoundError(f"no index.html in site {str(site)!r}: run `make docs` first")
    if not shutil.which('node'): raise RuntimeError("node is missing: the browser check runs playwright-core under node")
    out.mkdir(parents=True, exist_ok=True)
    srv = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        env = {**os.environ, 'NODE_PATH': str(node_modules())}
        # node resolves ESM imports from the script's folder, not NODE_PATH: run a copy beside node_modules
        script = node_modules().parent/'check_site.mjs'
        shutil.copy2(ROOT/'docs'/'check_site.mjs', script)
        url = f'http://127.0.0.1:{srv.server_address[1]}/'
        return subprocess.run(['node', str(script), url, str(out), paper_page, start, str(max_pages)],
                              env=env, capture_output=True, text=True, timeout=600)
    finally: srv.shutdown(); srv.server_close()

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('site', nargs='?', default=str(ROOT/'_site'))
    ap.add_argument('--out', default=str(ROOT/'artifacts'/'docs'), help='where the screenshots go')
    a = ap.parse_args(argv)
    r = check_site(a.site, a.out)
    print(r.stdout, end=''); print(r.stderr, end='', file=sys.stderr)
    sys.exit(r.returncode)

if __name__ == '__main__': main()
