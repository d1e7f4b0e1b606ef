"""Captions a person reads (issue 41 item 4): a figure's caption is one or two sentences, what it shows and what to look
for; the numbers behind it (questions kept per population and backbone, n_cal per component, n_opt, n_test, whole-set
shares, settings against the paper) go into the small table under it (`Artifacts.figure(details=)`)."""
import json, re
import pandas as pd
import pytest
from conformal_rag.collection import synthetic_collection
from conformal_rag.paths import repo_root
from conformal_rag.population import apply_population, kept_table, population_words
from conformal_rag.traq_grid import individual_coverage, run_grid
from conformal_rag.traq_report import figure_caption, figure_details, sizes_note, sizes_table, whole_note, whole_shares

AIM, MOST = 350, 400   # a figure caption: aim under AIM characters, never over MOST
pytestmark = pytest.mark.filterwarnings("ignore:run_grid:UserWarning")   # tiny pools: some thresholds are +inf, as expected


@pytest.fixture(scope='module')
def pools():
    c = {'toy-a': synthetic_collection(120, 4, 6, seed=1, p_answerable=0.7),
         'toy-b': synthetic_collection(90, 4, 6, seed=2, p_answerable=0.6)}
    return {(pop, name): apply_population(col, pop) for pop in ('traq', 'all') for name, col in c.items()}


@pytest.fixture(scope='module')
def grid(pools):
    return pd.concat([run_grid(c, ('Bonf', 'TRAQ'), (0.6, 0.8), range(2), n_calls=6, progress=False).assign(model=name)
                      for (pop, name), c in pools.items()], ignore_index=True)


def test_details_hold_the_numbers_a_caption_held(pools, grid):
    "One row per (population, backbone): kept of the whole collection, n_cal of each component, n_opt, n_test, whole shares."
    det = figure_details(grid, pools, settings={'toy-a': 'prompt one_shot (TRAQ: zero-shot)', 'toy-b': 'prompt x'})
    assert list(det[['population', 'model']].itertuples(index=False, name=None)) == list(pools)
    for col in ('kept', 'of', 'n_cal_ret', 'n_cal_llm', 'n_opt', 'n_test', 'whole Bonf', 'whole TRAQ', 'settings'):
        assert col in det, col
    assert det.kept.tolist() == [len(c) for c in pools.values()]
    assert det.of.tolist() == [120, 90, 120, 90]
    assert det.settings.tolist()[0] == 'prompt one_shot (TRAQ: zero-shot)'
    # the same numbers as the caption fragments they replace
    for r in det.itertuples():
        assert (f'{r.population}/{r.model}: n_cal {r.n_cal_ret} for the retriever and {r.n_cal_llm} for the LLM, '
                f'n_opt {r.n_opt}, n_test {r.n_test}') in sizes_note(grid)
    shares = dict(re.findall(r'(\w+/[\w-]+/\w+) (\d+%)', whole_note(grid)))
    for r in det.to_dict('records'):
        for m in ('Bonf', 'TRAQ'):
            assert shares.get(f"{r['population']}/{r['model']}/{m}", '0%') == f"{r[f'whole {m}']:.0%}", (r, m)


def test_details_of_components_alone_hold_n_cal_per_level(pools):
    ind = pd.concat([individual_coverage(c, (0.8, 0.9), range(3)).assign(model=name) for (pop, name), c in pools.items()],
                    ignore_index=True)
    det = figure_details(ind, pools, across=('component', 'level'))
    assert {'n_cal_ret', 'n_cal_llm', 'n_test'} <= set(det.columns) and 'n_opt' not in det
    assert {'whole retriever 0.8', 'whole LLM 0.9'} <= set(det.columns)
    assert (det.n_cal_ret == ind.groupby(['population', 'model'], sort=False).n_cal.median().astype(int).values).all()


def test_caption_is_short_and_names_the_population(pools, grid):
    cap = figure_caption('TRAQ Figures 5/13: end-to-end coverage of the aggregated set against the desired level over '
                         '100 splits; below the shaded exact band: under-coverage.', ['traq', 'all'])
    assert len(cap) <= AIM, len(cap)
    assert cap.count('. ') + cap.endswith('.') <= 3   # one or two sentences (one abbreviation allowed)
    assert "'traq' (gold passage retrieved, a correct sample from it)" in cap and 'filtered before the split' in cap
    assert 'n_cal per component' in cap and 'whole-set (+inf)' in cap and cap.endswith('table below.')
    assert len(figure_caption('A figure.', ['traq'], 'questions kept')) < 140
    assert population_words(['all']) == "population 'all' (every question), filtered before the split"


def test_sizes_and_whole_tables_on_their_own(grid):
    st = sizes_table(grid, ('population', 'model'))
    assert st.columns.tolist() == ['population', 'model', 'kept', 'n_cal_ret', 'n_cal_llm', 'n_opt', 'n_test']
    ws = whole_shares(grid, ('population', 'model'), None)
    assert ws.columns.tolist() == ['population', 'model', 'whole'] and ws.whole.between(0, 1).all()
    assert kept_table({('all', 'x'): synthetic_collection(10, 2, 3, seed=0)}).values.tolist() == [['all', 'x', 10, 10]]


FIGURE_RECORDS = sorted((repo_root() / 'figures').rglob('*.png.json'))


def test_committed_figure_captions_are_short():
    long = {str(p.relative_to(repo_root())): len(json.loads(p.read_text()).get('caption') or '') for p in FIGURE_RECORDS}
    long = {p: n for p, n in long.items() if n > MOST}
    assert not long, f'figure captions over {MOST} characters (move the numbers into details=): {long}'
