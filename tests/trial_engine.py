"""The property trial's machinery (issue 42 item 2): recipes, bad values per parameter, and the oracle.

`Recipe` holds valid arguments for one public callable; `bad_values` makes the bad values of one parameter from its
name, annotation and valid value; `outcome` calls with one bad value and says whether the oracle holds. The table of
recipes and skips is `trial_inputs.ENTRIES`; the tests are `test_property_trial.py`."""
import copy, importlib, inspect, math, re, signal, warnings
from dataclasses import dataclass, field
from pathlib import Path
import numpy as np
import pandas as pd

PKG = 'conformal_rag'
ALLOWED = (ValueError, TypeError, KeyError, IndexError, FileNotFoundError, IsADirectoryError, LookupError)
TIMEOUT_S = 10

@dataclass
class Recipe:
    "Valid arguments for one callable: `kw()` a dict by name (built afresh per call), `args` positional ones before."
    kw: object = None                 # dict, or a function returning the dict
    args: tuple = ()                  # positional arguments (e.g. before `*arrays`); never replaced
    obj: object = None                # for a method: a function returning the instance
    ok: dict = field(default_factory=dict)      # 'param' or 'param=label' -> why the result is correct for that value
    kinds: dict = field(default_factory=dict)   # 'param' -> a kind overriding the name rule ('prob', 'count', ...)
    fixed: tuple = ()                 # parameters left alone (callbacks, loggers, ...)
    exc: tuple = ()                   # further documented exception types (e.g. argparse.ArgumentTypeError)

    def kwargs(self):
        kw = self.kw() if callable(self.kw) else (self.kw or {})
        return {k: copy.deepcopy(v) if isinstance(v, (list, dict, np.ndarray, pd.DataFrame)) else v
                for k, v in kw.items()}

@dataclass
class Skip:
    reason: str

def resolve(name: str):
    "The object `conformal_rag.<name>` (module, then attributes)."
    parts = name.split('.')
    obj = importlib.import_module(f'{PKG}.{parts[0]}')
    for p in parts[1:]: obj = getattr(obj, p)
    return obj

def public_callables():
    "Every public callable `_modidx` lists, as 'module.name' (relative to the package); properties are no callables."
    from conformal_rag._modidx import d
    names = []
    for mod, syms in d['syms'].items():
        for full in syms:
            rel = full[len(PKG) + 1:]
            if any(p.startswith('_') for p in rel.split('.')[1:]): continue
            try: obj = resolve(rel)
            except AttributeError: names.append(rel); continue     # listed but gone: the test on ENTRIES reports it
            if callable(obj): names.append(rel)
    return names

# ---- which parameters are what -----------------------------------------------------------------------------------
PROB = {'alpha', 'delta', 'level', 'threshold', 'p', 'mass', 'band_mass', 'band_level', 'f1', 'rouge_l', 'max_ra',
        'min_share', 'coverage', 'q', 'p_answerable', 'fraction', 'alpha_ret', 'alpha_llm', 'alpha_idk', 'cal_frac',
        'learn_frac', 'tau'}
COUNT = {'n', 'k', 'K', 'M', 'Q', 'N', 'seed', 'trials', 'splits', 'n_jobs', 'jobs', 'shots', 'rounds', 'size',
         'overlap', 'bound', 'chunk', 'min_n', 'batch_size', 'dim', 'n_features', 'kernel', 'parts', 'digits',
         'placeholders', 'block', 'budget', 'minimum', 'maximum', 'words', 'L', 'i', 'idx', 'start', 'deficit', 'lo',
         'length', 'shuffles', 'top_k', 'fine', 'bo_splits', 'chunk_size', 'min_chars', 'min_prefix', 'q'}
LABELS = {'correct', 'is_gold', 'wrong', 'keep', 'covered', 'correct_with', 'correct_without', 'in_topk', 'mask'}
JOBS = {'n_jobs', 'jobs'}   # -1: one worker per core (stats.map_jobs, joblib's convention)
CHOICE = {'method', 'fidelity', 'search', 'llm_score', 'population', 'pvalue', 'objective', 'test_kind', 'kind',
          'rule', 'unparsed', 'strategy', 'measure', 'linkage', 'order', 'keep_rule', 'pick', 'probability_pick',
          'certainty', 'second', 'score', 'label', 'task', 'backbone', 'setting', 'similarity', 'dtype', 'attention',
          'prompt', 'gold_answers', 'fusion', 'cluster', 'question_cluster', 'retriever', 'source', 'base_population',
          'pop', 'headline', 'optimized', 'backend', 'comparison', 'seeds'}
PATHS = {'path', 'dir', 'folder', 'out', 'out_dir', 'dest', 'target', 'wal', 'release_dir', 'figs', 'export'}

def kind_of(name: str, annotation, valid):
    ann = str(annotation) if annotation is not inspect.Parameter.empty else ''
    if name in PATHS: return 'path'
    if isinstance(valid, bool) or ann == 'bool': return 'bool'
    if name in LABELS: return 'labels'
    if isinstance(valid, (float, np.floating)) or (valid is None and 'float' in ann):
        return 'prob' if (name in PROB or name.startswith(('alpha_', 'p_')) or name.endswith(('_frac', 'fraction')))\
            else 'float'
    if isinstance(valid, (int, np.integer)) or (valid is None and ann.startswith('int')): return 'count'
    if isinstance(valid, str) or (valid is None and ann.startswith('str')):
        return 'choice' if name in CHOICE else 'text'
    if isinstance(valid, pd.DataFrame): return 'frame'
    if isinstance(valid, np.ndarray) and valid.dtype.kind in 'USO': return 'texts'
    if isinstance(valid, np.ndarray) or (isinstance(valid, (list, tuple)) and valid
                                         and all(isinstance(v, (int, float, np.number)) and not isinstance(v, bool)
                                                 for v in np.ravel(np.asarray(valid, dtype=object)))):
        return 'numbers'
    if isinstance(valid, (list, tuple)) and valid and all(isinstance(v, str) for v in valid): return 'texts'
    if isinstance(valid, dict): return 'dict'
    if type(valid).__name__ in ('Collection', 'Retrieval', 'ChunkCollection', 'RCRun'): return 'data'
    if isinstance(valid, Path): return 'path'
    return 'object'

NAN, INF = float('nan'), float('inf')
MISSING = '/nonexistent/trial/x.json'   # a path that is not there (a write that creates it is undone after the call)

def _poke(valid, value):
    "The valid array with its last element replaced by `value` (object dtype for a string)."
    try: a = np.array(valid, dtype=object if value is None or isinstance(value, str) else float)
    except (TypeError, ValueError): a = np.array(valid, dtype=object)
    a.reshape(-1)[-1] = value
    return a if isinstance(valid, np.ndarray) else a.tolist()

def bad_values(kind: str, valid, default):
    "[(label, value)]: the bad values of one parameter of this kind."
    none = [] if default is None else [('None', None)]      # None is the documented default: not a bad value
    if kind == 'prob': return [('-0.5', -0.5), ('1.5', 1.5), ('nan', NAN), ('inf', INF), *none, ("'x'", 'x')]
    if kind == 'float': return [('nan', NAN), ('inf', INF), *none, ("'x'", 'x')]
    if kind == 'count': return [('2.5', 2.5), ('-1', -1), ('True', True), *none, ("'x'", 'x')]
    if kind == 'choice': return [("'bogus'", 'bogus'), *none, ('123', 123)]
    if kind == 'text': return [*none, ('123', 123)]
    if kind == 'labels':
        if valid is None or np.size(valid) == 0: return [*none, ("'x'", 'x')]
        return [('[..0.5]', _poke(valid, 0.5)), ('[..2]', _poke(valid, 2)), ('[..nan]', _poke(valid, NAN)),
                ("[..'no']", _poke(valid, 'no')), *none]
    if kind == 'numbers':
        if valid is None or np.size(valid) == 0: return [*none, ("'x'", 'x')]
        bad = [('[..nan]', _poke(valid, NAN)), ("[..'x']", _poke(valid, 'x')), *none]
        return bad + ([('[]', np.array([]) if isinstance(valid, np.ndarray) else [])] if np.ndim(valid) == 1 else [])
    if kind == 'texts':
        if isinstance(valid, np.ndarray):
            return [('[..None]', _poke(valid.astype(object), None)), ('[]', valid[:0]), *none, ("'x'", 'x')]
        return [('[..None]', [*list(valid)[:-1], None]), ('[]', []), *none, ("'x'", 'x')]
    if kind == 'frame': return [('empty', pd.DataFrame()), *none, ("'x'", 'x')]
    if kind == 'path': return [('missing', MISSING), *none, ('123', 123)]
    if kind in ('dict', 'data'): return [*none, ("'x'", 'x')]
    if kind == 'bool': return []                                # truthiness: out of this trial's scope
    return none

# ---- the cases and the oracle ------------------------------------------------------------------------------------
def target(name: str, recipe: Recipe):
    fn = resolve(name)
    if recipe.obj is not None: fn = getattr(recipe.obj(), name.split('.')[-1])
    return fn

def parameters(name: str, recipe: Recipe):
    "The (param, kind, valid, default) a case can replace: every named parameter but self and the fixed ones."
    fn = resolve(name)
    sig = inspect.signature(fn)
    kw, out = recipe.kwargs(), []
    ps = [p for p in sig.parameters.values() if p.name != 'self' and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    ps = ps[len(recipe.args):]
    for p in ps:
        if p.name in recipe.fixed or p.kind == p.POSITIONAL_ONLY: continue
        valid = kw.get(p.name, None if p.default is p.empty else p.default)
        default = None if p.default is p.empty else p.default
        if p.default is p.empty: default = object()                 # required: None is a bad value
        if 'None' in str(p.annotation): default = None                # the annotation allows None
        kind = recipe.kinds.get(p.name) or kind_of(p.name, p.annotation, valid)
        out.append((p.name, kind, valid, default))
    return out

def exists(name: str) -> bool:
    try: resolve(name); return True
    except (AttributeError, ImportError): return False

def cases(entries: dict):
    "Every (id, name, param, label, value) of every recipe (an entry naming nothing: see the test on ENTRIES)."
    out = []
    for name, r in entries.items():
        if not isinstance(r, Recipe) or not exists(name): continue
        for p, kind, valid, default in parameters(name, r):
            for label, value in bad_values(kind, valid, default):
                if p in JOBS and label == '-1': continue             # documented: one worker per core
                if p.startswith('tau') and label == 'inf': continue   # documented: +inf is the whole-set threshold
                out.append((f'{name}|{p}={label}', name, p, label, value))
    return out

class Hang(Exception): pass

def _alarm(*_): raise Hang(f'no answer in {TIMEOUT_S}s')

def call(name: str, recipe: Recipe, replace: dict | None = None):
    kw = {**recipe.kwargs(), **(replace or {})}
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TIMEOUT_S)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            return target(name, recipe)(*recipe.args, **kw)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
        if Path(MISSING).parts[1:2] and Path('/', Path(MISSING).parts[1]).exists():   # undo a write to the missing path
            import shutil; shutil.rmtree(Path('/', Path(MISSING).parts[1]), ignore_errors=True)

def names_it(msg: str, param: str, value) -> bool:
    "The message names the parameter (as a word) or shows the bad value."
    word = lambda w: re.search(rf'(?<![\w.]){re.escape(w)}(?![\w(])', msg) is not None
    if word(param): return True
    if isinstance(value, (list, np.ndarray, pd.DataFrame)): return False
    r = repr(value)
    return len(r) >= 3 and (word(r) or word(str(value)))

def outcome(name: str, recipe: Recipe, param: str, label: str, value):
    "(kind, what happened): kind None when the oracle holds, else 'silent', 'deep' or 'hang'."
    if param in recipe.ok or f'{param}={label}' in recipe.ok: return None, 'documented: ' + \
        recipe.ok.get(f'{param}={label}', recipe.ok.get(param))
    try:
        res = call(name, recipe, {param: value})
    except Hang as e:
        return 'hang', str(e)
    except (*ALLOWED, *recipe.exc) as e:
        msg = str(e)
        if names_it(msg, param, value): return None, f'{type(e).__name__}: {msg[:200]}'
        return 'deep', f'{type(e).__name__} that names neither {param} nor the value: {_short(msg)}'
    except (Exception, SystemExit) as e:
        return 'deep', f'{type(e).__name__}: {_short(str(e))}'
    try: shown = repr(res)
    except Exception as e: shown = f'a {type(res).__name__} (whose repr raises {type(e).__name__})'
    return 'silent', f'returned {_short(shown)}'

def _short(s: str, n: int = 110) -> str:
    s = ' '.join(s.split())
    return s if len(s) <= n else s[:n - 3] + '...'

# ---- hypothesis: out-of-range probabilities and non-integral or negative counts, drawn ---------------------------
def drawn(kind: str, param: str = ''):
    "The hypothesis strategy of bad values for a 'prob' or 'count' parameter."
    from hypothesis import strategies as st
    if param in JOBS:
        return st.one_of(st.integers(min_value=-10**6, max_value=-2),
                         st.floats(min_value=0.5, max_value=50).filter(lambda x: x != int(x)))
    if kind == 'prob':
        return st.one_of(st.floats(min_value=-1e6, max_value=-1e-6), st.floats(min_value=1 + 1e-6, max_value=1e6))
    return st.one_of(st.integers(min_value=-10**6, max_value=-1),
                     st.floats(min_value=0.5, max_value=50).filter(lambda x: x != int(x)))

def drawn_params(entries: dict):
    "Every (id, name, param, kind) of a recipe whose parameter is a probability or a count."
    return [(f'{name}|{p}', name, p, kind) for name, r in entries.items() if isinstance(r, Recipe) and exists(name)
            for p, kind, valid, default in parameters(name, r) if kind in ('prob', 'count')]

def check_drawn(name: str, recipe: Recipe, param: str, kind: str, max_examples: int = 2):
    "Run hypothesis on one parameter; an AssertionError names the first value that breaks the oracle."
    from hypothesis import given, settings, HealthCheck
    @settings(max_examples=max_examples, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(drawn(kind, param))
    def trial(value):
        k, what = outcome(name, recipe, param, repr(value), value)
        assert k is None, f'{param}={value!r}: {k}: {what}'
    trial()
