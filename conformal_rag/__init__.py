__version__ = "0.1.0"

def _params_doc(obj) -> str:
    "The parameters' documentation of a function or class (fastcore's docments), as text lines for `help()`."
    import inspect
    from fastcore.docments import docments
    target = obj.__init__ if inspect.isclass(obj) and '__init__' in vars(obj) else obj
    try: ds = docments(target, full=True)
    except Exception: return ''
    lines = []
    for k, v in ds.items():
        if k == 'self' or not v.get('docment'): continue
        a, d = v.get('anno'), v.get('default')
        anno = '' if a is inspect.Parameter.empty else f" ({a if isinstance(a, str) else getattr(a, '__name__', a)})"
        dflt = '' if d is inspect.Parameter.empty or k == 'return' else f" [default {d!r}]"
        lines.append(f"    {'returns' if k == 'return' else k}{anno}{dflt}: {v['docment']}")
    return '\n\nParameters:\n' + '\n'.join(lines) if lines else ''

def _help_shows_docments():
    "Make `help()` on this package's functions and classes list each parameter's documentation (pydoc reads `getdoc`)."
    import pydoc
    if getattr(pydoc.getdoc, '_conformal_rag', False): return
    getdoc = pydoc.getdoc
    def _getdoc(obj):
        doc = getdoc(obj)
        if not callable(obj) or not str(getattr(obj, '__module__', None) or '').startswith('conformal_rag.'): return doc
        return doc + _params_doc(obj)
    _getdoc._conformal_rag = True
    pydoc.getdoc = _getdoc

_help_shows_docments()
