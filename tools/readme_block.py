"""Write README.md's generated results block from figures/ (`conformal_rag.ledger_report.readme_block`).
Run after `make reproduce` (the Makefile's reproduce target does): .venv/bin/python tools/readme_block.py [--check]"""
import sys
from conformal_rag.ledger_report import readme_block, replace_block
from conformal_rag.paths import repo_root

readme = repo_root()/'README.md'
old = readme.read_text()
new = replace_block(old, readme_block())
if '--check' in sys.argv:
    sys.exit(0 if new == old else "README.md's results block is stale: run .venv/bin/python tools/readme_block.py")
if new != old: readme.write_text(new); print('README.md: results block updated')
