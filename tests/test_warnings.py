"""A warning names the researcher's line: raised inside a `@checked` function (or a helper it calls), it points at the
call in their notebook or script, not at the wrapper in `checks.py` (the TRAQ notebook's warnings all read
`checks.py:231` before)."""
import inspect
import warnings
from conformal_rag.checks import warn_caller
from conformal_rag.collection import synthetic_collection
from conformal_rag.traq_grid import run_grid


def test_run_grid_warning_names_the_callers_line():
    c = synthetic_collection(40, 4, 6, seed=1)   # 12 calibration questions: PAC at level 0.9 is +inf
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        line = inspect.currentframe().f_lineno + 1
        run_grid(c, ['Bonf-P'], [0.9], range(2), progress=False)
    few = [x for x in w if 'too few calibration questions' in str(x.message)]
    assert len(few) == 1, [str(x.message) for x in w]
    assert (few[0].filename, few[0].lineno) == (__file__, line)


def test_warn_caller_outside_the_package_names_the_line_that_called_it():
    def note(): warn_caller('read me', RuntimeWarning)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        note()
    assert (w[0].category, w[0].filename, w[0].lineno) == (RuntimeWarning, __file__, note.__code__.co_firstlineno)
