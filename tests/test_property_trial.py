"""The property trial (issue 42 item 2): every public callable of `conformal_rag._modidx` has an entry in
`trial_inputs.ENTRIES`, a recipe of valid arguments or a skip with its reason; each parameter of a recipe is then
replaced, one at a time, by bad values made from its name, annotation and default (probabilities: -0.5, 1.5, nan, inf,
None, 'x'; counts: 2.5, -1, True, None, 'x'; labels: a 0.5, 2, nan or 'no' among them; texts: None, 123; choices:
'bogus'; ...), and by values hypothesis draws (probabilities outside [0, 1], negative or non-integral counts).

The oracle: the call raises ValueError, TypeError, KeyError, IndexError, FileNotFoundError, IsADirectoryError or
LookupError whose message names the parameter (or shows the bad value); or the recipe declares the result correct for
that value, with its reason (`Recipe.ok`). A silent result, another exception (AttributeError, numpy's or pandas'
internals) or a message that names neither is a failure.

Today's failures are listed below, by kind, as strict xfails: the suite stays green, and a fix makes its xfail pass,
which fails the run until the entry is removed. Regenerate the lists with `python tests/test_property_trial.py`."""
import sys
from pathlib import Path
import pytest

sys.path.insert(0, str(Path(__file__).parent))
import trial_engine as te
from trial_engine import Recipe, Skip
import os
_CACHE_BEFORE = os.environ.get('CONFORMAL_RAG_CACHE')
from trial_inputs import ENTRIES, TRIAL_ENV
_CACHE_AFTER = os.environ.get('CONFORMAL_RAG_CACHE')

@pytest.fixture(autouse=True)
def _trial_cache(monkeypatch):
    "Every trial call sees the trial's own cache folder; the other tests of this worker keep theirs."
    for k, v in TRIAL_ENV.items(): monkeypatch.setenv(k, v)

CASES = te.cases(ENTRIES)
DRAWN = te.drawn_params(ENTRIES)

# ---- the table covers the package --------------------------------------------------------------------------------
def test_importing_the_trial_leaves_the_cache_setting_alone():
    "The trial's cache folder is set around its own calls only (a leak sent other tests' model fetches into it)."
    assert _CACHE_AFTER == _CACHE_BEFORE

def test_every_public_callable_has_an_entry():
    missing = [n for n in te.public_callables() if n not in ENTRIES]
    assert not missing, f'public callables with no recipe or skip in tests/trial_inputs.py: {missing}'

def test_every_entry_names_a_public_callable():
    public = set(te.public_callables())
    gone = [n for n in ENTRIES if n not in public]
    assert not gone, f'entries in tests/trial_inputs.py naming nothing public in _modidx: {gone}'

def test_every_skip_has_a_reason():
    assert all(isinstance(e, Recipe) or (isinstance(e, Skip) and len(e.reason) > 20) for e in ENTRIES.values())

@pytest.mark.parametrize('name', [n for n, e in ENTRIES.items() if isinstance(e, Recipe) and te.exists(n)])
def test_recipe_is_valid(name):
    "Each recipe's own arguments work: otherwise its bad values would test nothing."
    te.call(name, ENTRIES[name])

# ---- bad values, one parameter at a time -------------------------------------------------------------------------
def _marked(cid, known):
    return pytest.param(cid, id=cid, marks=[pytest.mark.xfail(strict=True, reason=known[cid])] if cid in known else [])

# ==== known failures (generated; see the module's docstring) ======================================================
# BEGIN GENERATED
KNOWN_SILENT = {  # a result came back for a bad value: a wrong answer or a default taken silently
}
KNOWN_DEEP = {  # a traceback from inside (AttributeError, numpy, pandas), or an error that names neither the argument nor the value
}
KNOWN_HANG = {  # no answer within 10s
}
KNOWN_DRAWN = {  # hypothesis found a bad probability or count the call does not refuse by name
}
# END GENERATED
KNOWN_FAILURES = {**{k: 'silent: ' + v for k, v in KNOWN_SILENT.items()},
                  **{k: 'deep: ' + v for k, v in KNOWN_DEEP.items()},
                  **{k: 'hang: ' + v for k, v in KNOWN_HANG.items()}}

_BY_ID = {c[0]: c for c in CASES}

@pytest.mark.parametrize('cid', [_marked(c[0], KNOWN_FAILURES) for c in CASES])
def test_bad_value_is_refused_by_name(cid):
    _, name, param, label, value = _BY_ID[cid]
    kind, what = te.outcome(name, ENTRIES[name], param, label, value)
    assert kind is None, f'{kind}: {what}'

_DRAWN_BY_ID = {d[0]: d for d in DRAWN}

@pytest.mark.parametrize('did', [_marked(d[0], KNOWN_DRAWN) for d in DRAWN])
def test_drawn_bad_value_is_refused_by_name(did):
    _, name, param, kind = _DRAWN_BY_ID[did]
    te.check_drawn(name, ENTRIES[name], param, kind)

def test_known_failures_are_cases():
    "Every listed failure is still a case (a renamed parameter or a new recipe leaves no stale entry)."
    stale = [k for k in KNOWN_FAILURES if k not in _BY_ID] + [k for k in KNOWN_DRAWN if k not in _DRAWN_BY_ID]
    assert not stale, f'known failures that are no case any more: {stale}'

# ---- regenerating the lists --------------------------------------------------------------------------------------
def _regenerate():
    "Run every case and rewrite the generated lists of this file (the lead reads the diff)."
    import re
    groups = {'silent': {}, 'deep': {}, 'hang': {}}
    for cid, name, param, label, value in CASES:
        kind, what = te.outcome(name, ENTRIES[name], param, label, value)
        if kind: groups[kind][cid] = what
    drawn = {}
    for did, name, param, kind in DRAWN:
        try: te.check_drawn(name, ENTRIES[name], param, kind)
        except Exception as e: drawn[did] = ' '.join(str(e).split('\n')[0].split())[:150]
    def block(var, d, doc):
        lines = [f'{var} = {{  # {doc}']
        for k in sorted(d):
            v = re.sub(r'/tmp/property-trial-\w+', '<tmp>', d[k])
            lines.append(f'    {k!r}:\n        {v!r},')
        return '\n'.join(lines + ['}'])
    text = '\n'.join([
        block('KNOWN_SILENT', groups['silent'], 'a result came back for a bad value: a wrong answer or a '
              'default taken silently'),
        block('KNOWN_DEEP', groups['deep'], 'a traceback from inside (AttributeError, numpy, pandas), or an error '
              'that names neither the argument nor the value'),
        block('KNOWN_HANG', groups['hang'], f'no answer within {te.TIMEOUT_S}s'),
        block('KNOWN_DRAWN', drawn, 'hypothesis found a bad probability or count the call does not refuse by name'),
    ])
    me = Path(__file__)
    src = me.read_text()
    head, rest = src.split('# BEGIN GENERATED\n')
    tail = rest.split('# END GENERATED\n', 1)[1]
    me.write_text(head + '# BEGIN GENERATED\n' + text + '\n# END GENERATED\n' + tail)
    print({k: len(v) for k, v in groups.items()}, 'drawn', len(drawn), 'of', len(DRAWN))

def _report(modules):
    "Print today's failures of the cases of these modules (no file is written): `python tests/test_property_trial.py traq stats`."
    n = 0
    for cid, name, param, label, value in CASES:
        if name.split('.')[0] not in modules: continue
        kind, what = te.outcome(name, ENTRIES[name], param, label, value)
        if kind: n += 1; print(f'{cid}  {kind}: {what}')
    for did, name, param, kind in DRAWN:
        if name.split('.')[0] not in modules: continue
        try: te.check_drawn(name, ENTRIES[name], param, kind)
        except Exception as e: n += 1; print(f'{did}  drawn: ' + ' '.join(str(e).split('\n')[0].split())[:150])
    print(n, 'failures in', ', '.join(modules))

if __name__ == '__main__':
    import os, warnings
    os.environ.update(TRIAL_ENV)
    warnings.simplefilter('ignore')
    _report(sys.argv[1:]) if sys.argv[1:] else _regenerate()
