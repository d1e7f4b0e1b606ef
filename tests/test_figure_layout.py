"""Every figure function of the package, rendered on small synthetic data shaped like the paper runs' tables, must
draw no two texts on top of each other (tick labels, titles, axis labels, annotations, legend entries) and no legend
or annotation over its data (`conformal_rag.plots.text_overlaps` / `data_overlaps`, which lay the figure out as
`savefig` does, `tidy_legends` included).

Figure-producing functions (grep `subplots` in conformal_rag/*.py): plots.coverage_plot, plots.size_plot,
w2r_figures.overconfidence_plot, w2r_figures.level_plot, rcrag_metrics.rounds_plot, risk_control.decision_plot,
risk_control.family_coverage_plot. The paper notebooks that lay several of them out in one figure are rendered here
with the same layout (figsize, panels) as the notebook.
"""
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

from conformal_rag.plots import coverage_plot, size_plot, text_overlaps, data_overlaps, set_style

MODELS = ['gemma-3-270m', 'smollm2-135m-instruct']
LEVELS = [0.5, 0.6, 0.7, 0.8, 0.9]


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close('all')


def check(fig):
    "Fail with every overlap named."
    fig = getattr(fig, 'figure', fig)
    problems = [f'text on text: {a} / {b}' for a, b in text_overlaps(fig)]
    problems += [f'over data: {a} / {b}' for a, b in data_overlaps(fig)]
    assert not problems, '\n'.join(problems)


# --- the checks themselves can fail -------------------------------------------------------------------------------
def test_check_catches_overlapping_ticks_and_legend():
    fig, ax = plt.subplots(figsize=(2.5, 2))
    ax.set_xticks(range(4), ['Think step by step', 'Challenge', 'Punish+Explain', 'Explain'])
    for k in range(3): ax.plot([0, 3], [k, k + 1], label=f'line {k}')
    ax.legend(loc='center')
    with pytest.raises(AssertionError, match="text on text: axes 0 x tick 'Think step by step'"): check(fig)
    ax.set_xticks(range(4), ['T', 'C', 'P', 'E'])
    with pytest.raises(AssertionError, match='over data: legend 0'): check(fig)
    ax.legend(loc='upper left', bbox_to_anchor=(1.02, 1))
    check(fig)


# --- plots (nbs/11_plots.ipynb) -----------------------------------------------------------------------------------
def coverage_table(methods=('Vanilla', 'Bonf', 'Bonf-P', 'TRAQ'), flat=0.4, ceiling=0.81, seed=0):
    "Like traq's fig5 table on all questions: one method flat far below the diagonal, the others capped at a ceiling."
    rng = np.random.default_rng(seed)
    rows = []
    for i, m in enumerate(methods):
        for lv in LEVELS:
            cov = flat if i == 0 else min(ceiling, lv + 0.1 + 0.02 * rng.standard_normal())
            rows.append(dict(method=m, level=lv, coverage=cov, coverage_std=0.05, band_lo=lv - 0.02, band_hi=lv + 0.02,
                             ceiling=ceiling, size=3 + 10 * lv * (i + 1)))
    return pd.DataFrame(rows)


def test_coverage_plot_grid_like_traq():
    "05_traq / 06_trac: a grid of coverage panels, legends with band and ceiling entries; the flat line must stay visible."
    set_style()
    fig, axes = plt.subplots(2, 2, figsize=(9, 7.4))
    for k, ax in enumerate(axes.flat):
        coverage_plot(coverage_table(flat=[0.62, 0.4, 0.47, 0.67][k], seed=k), ax=ax, band_cols=('band_lo', 'band_hi'),
                      ceiling='ceiling', band_label='95% band, 100 splits', legend_loc='best', title=f'all passages, panel {k}')
    check(fig)


def test_coverage_plot_grid_like_trac_fig1():
    "06_trac Figure 1: top row with room for the legend, bottom row (two ceilings) without: the bottom legends go beside"
    " their axes and narrow the columns, and the top legends must still cover nothing once the figure is laid out."
    set_style()
    lv = [0.9, 0.925, 0.95, 0.975]
    def table(all_questions):
        rows = []
        for comp, cov, ceil in (('retriever', [0.932, 0.947, 0.969, 1.0], 0.737), ('LLM', [1.0] * 4, 0.93)):
            for l, c in zip(lv, cov):
                rows.append(dict(component=comp, level=l, coverage=ceil if all_questions else c, band_lo=l + 0.005,
                                 band_hi=l + 0.02, ceiling=ceil if all_questions else 1.0))
        return pd.DataFrame(rows)
    fig, axes = plt.subplots(2, 2, figsize=(9.2, 7.6))
    for r, all_q in enumerate([False, True]):
        for c in range(2):
            coverage_plot(table(all_q), hue='component', ax=axes[r, c], band_cols=('band_lo', 'band_hi'), ceiling='ceiling',
                          band_label='95% band, 200 splits', legend_loc='best', title=f"model {c}, {'all' if all_q else 'traq'}")
    check(fig)


def test_coverage_plot_default_and_binomial_band():
    "00_conformal_validity / 02_retrieval_coverage: lower-right legend with a binomial band."
    set_style()
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.8))
    d = coverage_table(methods=('exact', 'traq', 'conflare'), flat=0.45, ceiling=1.0)
    coverage_plot(d, ax=axes[0], n_test=400, title='n = 12 calibration scores, 4000 draws')
    coverage_plot(d, ax=axes[1], yerr='coverage_std', n_test=4365, title='Retrieval coverage')
    check(fig)


def test_size_plot():
    set_style()
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.7))
    d = coverage_table()
    size_plot(d, ax=axes[0], title='semantic count', ylabel='average semantic count')
    size_plot(d, yerr='coverage_std', ax=axes[1], title='unique answers', ylabel='average unique answers')
    check(fig)


def test_conflare_coverage_figure_like_the_paper_notebook():
    "nbs/paper/08_conflare.ipynb: coverage and chunks returned (log scale), one legend for both below the panels."
    set_style()
    rows = [dict(setting=s, level=lv, coverage=min(1, lv + d), chunks_returned=c * lv ** 3)
            for s, d, c in (('(a) benchmark questions, gold labels', 0.0, 2), ('(b) LLM questions, LLM labels', 0.02, 12),
                            ("(b') LLM questions, source-chunk labels", 0.03, 300),
                            ('(b) LLM-calibrated cutoff on benchmark questions', 0.1, 20)) for lv in LEVELS]
    summary = pd.DataFrame(rows)
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.6), layout='constrained')
    coverage_plot(summary, x='level', y='coverage', hue='setting', ax=axes[0], title='coverage of the relevant chunk')
    size_plot(summary, x='level', y='chunks_returned', hue='setting', ax=axes[1], ylabel='chunks returned (mean)',
              title='chunks returned (of 600)')
    axes[1].set_yscale('log'); axes[1].get_legend().remove()
    handles, labels = axes[0].get_legend_handles_labels(); axes[0].get_legend().remove()
    fig.legend(handles, labels, loc='outside lower center', ncol=3, fontsize='small')
    check(fig)


# --- RC-RAG (nbs/13a_rcrag_metrics.ipynb) ---------------------------------------------------------------------------
def rounds_table(paired=True):
    from conformal_rag.rcrag_metrics import RISK_METRICS
    rows = []
    for j, m in enumerate(['smollm2-135m-instruct', 'gemma-3-270m']):
        for N in range(1, 6):
            r = dict(model=m, N=N)
            for k, met in enumerate(RISK_METRICS):
                v = [0.805, 0.06 + 0.004 * N, 0.23, 0.92][k] if j == 0 else [0.80, 0.016, 0.2, 0.985][k]
                r |= {met: v, f'{met}_lo': v - 0.05, f'{met}_hi': min(1, v + 0.05)}
                if paired: r[f'{met}_all'] = [0.81, 0.32, 0.4, 0.69][k] if j == 0 else [0.80, 0.78, 0.79, 0.25][k]
            rows.append(r)
    return pd.DataFrame(rows)


@pytest.mark.parametrize('paired', [True, False])
def test_rounds_plot(paired):
    from conformal_rag.rcrag_metrics import rounds_plot
    check(rounds_plot(rounds_table(paired))[0])


# --- risk control (nbs/10_risk_control.ipynb) -----------------------------------------------------------------------
def decision_summary(rules):
    rows = []
    alphas = [0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9]
    for method in ['CRC', 'LTT', 'LTT (learned order)', *rules]:
        for a in alphas:
            kw = a * 0.95 if method == 'CRC' else np.nan if a < 0.5 and method.startswith('LTT') else 0.6
            sr = 0.6 if method.startswith('LTT') else 0.8
            kr = min(1, a * 1.1) if method == 'CRC' else 0.0 if method.startswith('LTT') else 0.73
            rows.append(dict(method=method, alpha=a, kept_wrong=kw, kept_wrong_q05=kw - 0.05, kept_wrong_q95=kw + 0.05,
                             selective_risk=sr, selective_risk_q05=sr - 0.3, selective_risk_q95=min(1, sr + 0.1),
                             keep_rate=kr, keep_rate_q05=max(0, kr - 0.1), keep_rate_q95=min(1, kr + 0.1)))
    return pd.DataFrame(rows)


def test_decision_plot_like_the_paper_notebook():
    "nbs/paper/10_risk_control.ipynb: rows of (risk, keep rate) panels, fixed rules on the right panel."
    from conformal_rag.risk_control import decision_plot
    rules = ['paper rule (retrieve if uncertain)', 'token probability >= 0.5', 'never retrieve']
    fig, axes = plt.subplots(2, 2, figsize=(12.5, 6.6), squeeze=False)
    for ax, title in zip(axes, ['gemma-3-270m: confidence = token_probability', 'smollm2-135m-instruct: confidence = verbalized']):
        decision_plot(decision_summary(rules), rules, 'answered without retrieval', ax)
        ax[0].set_title(title, fontsize=9)
    check(fig)


def test_family_coverage_plot():
    from conformal_rag.risk_control import family_coverage_plot
    rows = []
    for s, target in (('retrieval', 0.9), ('LLM', 0.9), ('aggregated', 0.8)):
        for fam, nc, cov in (('country facts', 6, 0.35), ('description', 28, 0.95)):
            for calib, w in (('marginal', 0.0), ('Mondrian', 0.3 if fam == 'country facts' else 0.0)):
                rows.append(dict(set=s, calibration=calib, family=fam, coverage=cov if calib == 'marginal' else 0.9,
                                 coverage_q05=0.0, coverage_q95=1.0, target=target, n_cal=nc, n_test=5, whole_set=w))
    check(family_coverage_plot(pd.DataFrame(rows))[0])


# --- When to retrieve (nbs/09_overconfidence.ipynb, owned elsewhere) ------------------------------------------------
STRATS = ['Vanilla', 'Punish', 'Challenge', 'Think step by step', 'Generate', 'Explain', 'Punish+Explain']

def test_overconfidence_plot():
    from conformal_rag.w2r_figures import overconfidence_plot
    rows = [dict(model=m, strategy=s, overconfidence=v, overconfidence_lo=max(0, v - 0.25), overconfidence_hi=min(1, v + 0.2),
                 parse_rate=0.3 + 0.1 * i)
            for j, m in enumerate(MODELS) for i, s in enumerate(STRATS) for v in [[0.6, 0.87][j] - 0.05 * i]]
    fig, axes = plt.subplots(1, 2, figsize=(12, 3.8))
    overconfidence_plot(pd.DataFrame(rows), ax=axes[0]); axes[0].set_title('paper rule (no keyword = certain): headline')
    overconfidence_plot(pd.DataFrame(rows).assign(overconfidence=0.02, overconfidence_lo=0.0, overconfidence_hi=0.6), ax=axes[1])
    check(fig)


def test_level_plot():
    from conformal_rag.w2r_figures import level_plot
    rows = [dict(model=m, level=L, n=n, utilization=u, right_without=rw, corruption=c)
            for m, vals in (('gemma-3-270m', [(173, 0.48, 29, 0.38), (1, 0.0, 0, np.nan), (2, 1.0, 0, np.nan), (24, 0.17, 14, 0.21)]),
                            ('smollm2-135m-instruct', [(95, 0.61, 3, 0.67), (5, 0.2, 0, np.nan), (17, 0.41, 4, 0.5), (83, 0.41, 10, 0.4)]))
            for L, (n, u, rw, c) in enumerate(vals)]
    check(level_plot(pd.DataFrame(rows))[0])


# --- claims (nbs/15_claims.ipynb) ---------------------------------------------------------------------------------
def test_ledger_figure_on_the_committed_ledger_or_a_synthetic_one():
    "The claims matrices (the overview and one per paper): labels beside cells of text, a legend below; nothing drawn on anything else."
    from conformal_rag.claims import CLAIMS
    from conformal_rag.ledger_report import ledger_figure
    from conformal_rag.ledger_verdicts import result
    rows = [dict(claim=c.id, paper=c.paper, where=c.where, words=c.words, statistic=c.statistic,
                 **result(b, v, 'why', 0.123, -0.05, 0.3, 134))
            for i, c in enumerate(CLAIMS) for b, v in zip(MODELS + ['Qwen2.5-Coder-1.5B', 'x'], ('holds', 'contradicted', 'not resolved', 'untestable'))]
    ledger = pd.DataFrame(rows)
    check(ledger_figure(ledger, values=False))   # the overview: every claim, a glyph per cell
    for paper in ledger.paper.unique(): check(ledger_figure(ledger, paper))   # one matrix per paper, with values


def test_coverage_plot_marks_whole_candidate_sets_without_overlap():
    "The vacuous points (whole candidate set in most splits) are ringed, with one legend entry, and nothing overlaps."
    d = coverage_table().assign(whole=lambda t: np.where(t.level >= 0.8, 1.0, 0.0))
    ax = coverage_plot(d, band_cols=('band_lo', 'band_hi'), ceiling='ceiling', whole='whole', legend_loc='best')
    assert any('vacuous' in t for t in ax.get_legend_handles_labels()[1])
    check(ax)


def test_a_saved_figure_keeps_its_background():
    "The legend placer ran a layout pass inside `savefig`'s print pass, which cleared the canvas after the figure's "
    "background was painted: 27 committed PNGs came out transparent. Saved as `Artifacts.figure` saves, the corner "
    "pixel is the white background, opaque."
    import io
    from PIL import Image
    from conformal_rag.plots import place_legend
    set_style()
    fig, ax = plt.subplots(figsize=(4, 3))
    x = np.linspace(0, 1, 20)
    ax.plot(x, x, label='rising'); ax.plot(x, 1 - x, label='falling')
    place_legend(ax)
    buf = io.BytesIO()
    fig.savefig(buf, dpi=150, bbox_inches='tight', format='png')
    assert tuple(np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert('RGBA'))[0, 0]) == (255, 255, 255, 255)
