"""What the repository cites is in the repository (issue 44 item 5: the notebooks cited `OFFLINE.md`, a file of the
machine the project was started on): no notebook, module, README or documentation source names a file outside it."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = re.compile(r'OFFLINE\.md|/work/shared|\.\./shared/')

def sources():
    for pattern in ('nbs/*.ipynb', 'nbs/paper/*.ipynb', 'conformal_rag/*.py', '*.md', 'docs/*.py', 'docs/*.md',
                    'bench/*.py', 'bench/*.md', 'tools/*.py'):
        yield from ROOT.glob(pattern)

def test_nothing_cites_a_file_outside_the_repository():
    found = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in sources()
             for m in OUTSIDE.finditer(p.read_text(errors='ignore'))]
    assert not found, f"cited but not in the repository: {found}"

def test_the_check_can_fail():
    assert OUTSIDE.search("(see `/work/shared/OFFLINE.md`)") and not OUTSIDE.search('see `data/README.md`')
