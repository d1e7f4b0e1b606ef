"""The claims ledger (issue 25): every verdict in figures/claims.csv is recomputed here from the committed CSVs, so a
regenerated figure that changes a verdict fails until the ledger is regenerated; every claim's rule can say `holds`,
`contradicted` and, where it has it, `not resolved`, each shown on the smallest tables that make it (issue 40)."""
import math
import numpy as np, pandas as pd, pytest
from conformal_rag import claims, ledger_answer_rules as answer, ledger_report as report
from conformal_rag import ledger_set_rules as sets, ledger_verdicts as verdicts
from conformal_rag.paths import repo_root

FIGS = repo_root()/'figures'
LEDGER = FIGS/'claims.csv'

def test_ledger_covers_the_five_papers():
    assert len(claims.CLAIMS) >= 30
    assert {c.paper for c in claims.CLAIMS} == {'TRAQ', 'TRAC', 'CONFLARE', 'When to retrieve', 'RC-RAG'}
    assert len({c.id for c in claims.CLAIMS}) == len(claims.CLAIMS)

def test_the_claims_are_package_data():
    "`CLAIMS` is the package's paper_claims.csv, one claim per row in its order, each test calling rules of `RULES`."
    import csv, importlib.resources, io, re
    text = (importlib.resources.files('conformal_rag')/'paper_claims.csv').read_text(encoding='utf-8')
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r['id'] for r in rows] == [c.id for c in claims.CLAIMS]
    assert [r['words'] for r in rows] == [c.words for c in claims.CLAIMS]
    called = {f for r in rows for f in re.findall(r'\b(\w+)\(', r['test'])}
    assert called and called <= set(claims.RULES), called - set(claims.RULES)

@pytest.mark.skipif(not LEDGER.exists(), reason='figures/claims.csv not generated yet (make reproduce)')
def test_committed_verdicts_are_recomputed():
    "Every (claim, backbone) of the committed ledger has the verdict and the statistic the rules give today."
    committed = pd.read_csv(LEDGER)
    now = claims.evaluate_claims(FIGS)
    key = ['claim', 'backbone']
    m = committed.merge(now, on=key, how='outer', suffixes=('_committed', '_now'), indicator=True)
    assert (m['_merge'] == 'both').all(), f"ledger rows differ: {m.loc[m['_merge'] != 'both', key].values.tolist()}"
    bad = m[m.verdict_committed != m.verdict_now]
    assert bad.empty, f"verdicts changed (regenerate the ledger): {bad[key + ['verdict_committed', 'verdict_now']].values.tolist()}"
    for c in ('value', 'lo', 'hi'):
        a, b = m[f'{c}_committed'].to_numpy(float), m[f'{c}_now'].to_numpy(float)
        assert np.allclose(a, b, equal_nan=True, atol=1e-9), f"{c} changed: regenerate the ledger"

@pytest.mark.skipif(not LEDGER.exists(), reason='figures/claims.csv not generated yet (make reproduce)')
def test_every_verdict_has_a_reason_and_n_where_tested():
    d = pd.read_csv(LEDGER)
    assert set(d.verdict) <= set(verdicts.VERDICTS)
    assert d.reason.notna().all() and (d.reason.str.len() > 5).all()
    tested = d[d.verdict != 'untestable']
    assert tested.n.notna().all(), tested[tested.n.isna()][['claim', 'backbone']].values.tolist()
    assert np.isfinite(tested.value).all()
    nr = d[d.verdict == 'not resolved']   # the n that would decide, observed effect (inf for an effect of zero)
    assert nr.n_needed.notna().all(), nr[nr.n_needed.isna()][['claim', 'backbone']].values.tolist()
    assert (nr.n_needed > nr.n).all() and nr.reason.str.contains('resolves at n = |no n resolves', regex=True).all()

def test_inventory_names_only_existing_artifacts():
    inv = report.inventory(FIGS)
    named = inv[inv.artifact.notna()]
    assert named.present.all(), f"missing: {named[~named.present].artifact.tolist()}"
    assert (inv[inv.artifact.isna()].note.str.len() > 5).all()   # no artifact: a reason

def _coverage_csv(tmp_path, below):
    (tmp_path/'traq').mkdir(exist_ok=True)
    pd.DataFrame(dict(population='traq', model='m', method='TRAQ', level=[0.8, 0.9], coverage=[0.85, 0.8 if below else 0.9],
                      band_lo=[0.79, 0.89], band_hi=[0.81, 0.91], whole=[0.0, 0.0], coverage_std=0.02,
                      splits=100, n_cal=100)).to_csv(tmp_path/'traq/fig5_e2e_coverage.csv', index=False)

@pytest.mark.parametrize('below,verdict', [(True, 'contradicted'), (False, 'holds')])
def test_a_coverage_claim_can_fail(tmp_path, below, verdict):
    _coverage_csv(tmp_path, below)
    q2 = [c for c in claims.CLAIMS if c.id == 'traq-q2']
    assert claims.evaluate_claims(tmp_path, q2).verdict.tolist() == [verdict]

@pytest.mark.parametrize('parse,oc,verdict', [(0.9, 0.2, 'holds'), (0.9, 0.6, 'contradicted'), (0.9, 0.47, 'not resolved'), (0.2, 0.2, 'untestable')])
def test_a_when_to_retrieve_claim_can_fail_or_be_untestable(tmp_path, parse, oc, verdict):
    (tmp_path/'overconfidence').mkdir()
    rows = [dict(model='m', strategy=s, n=200, N=180, parse_rate_strict=parse, overconfidence=o,
                 overconfidence_lo=o - 0.05, overconfidence_hi=o + 0.05, unc_rate=0.4, unc_rate_lo=0.3, unc_rate_hi=0.5)
            for s, o in (('Vanilla', 0.5), ('Punish', oc))]
    pd.DataFrame(rows).to_csv(tmp_path/'overconfidence/table3_parsed_only.csv', index=False)
    punish = [c for c in claims.CLAIMS if c.id == 'w2r-punish']
    assert claims.evaluate_claims(tmp_path, punish).verdict.tolist() == [verdict]

def test_an_rcrag_claim_reads_interval_cells(tmp_path):
    (tmp_path/'rcrag').mkdir()
    cell = lambda v: f"{v:.3f} [{v - 0.02:.3f}, {v + 0.02:.3f}]"
    rows = [dict(model='m', retriever='dense', method=k, n_questions=100, n_parsed=90, **{'risk (parsed)': cell(v)})
            for k, v in (('CF (direct)', 0.2), ('IoE', 0.5), ('Calibration', 0.6), ('Priori', 0.7))]
    pd.DataFrame(rows).to_csv(tmp_path/'rcrag/table3.csv', index=False)
    risk = [c for c in claims.CLAIMS if c.id == 'rc-risk']
    out = claims.evaluate_claims(tmp_path, risk)
    assert out.verdict.tolist() == ['holds'] and math.isclose(out.value[0], -0.3)

# --- every rule can fail, shown by a test (issue 40) ---
# For every claim of `claims.CLAIMS`, a builder writes the smallest tables its rule reads (only the columns it reads)
# under `tmp_path` so that the rule must say `holds`, `contradicted` and, where the rule has it, `not resolved`.
import functools, inspect

M = 'gemma-3-270m'   # the backbone every builder writes (its ledger column is the same name)
CLAIM = {c.id: c for c in claims.CLAIMS}

def _write(figs, rel, rows):
    "Write `rows` (a list of dicts) as the CSV `rel` under the figures folder `figs`."
    p = figs/rel
    p.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows).to_csv(p, index=False)

def _parts(claim):
    "The tests behind a claim: its partial, or the partials a `joined(...)` closure holds (the repository's first)."
    t = claim.test
    if isinstance(t, functools.partial): return [t]
    for cell in (getattr(t, '__closure__', None) or ()):
        v = cell.cell_contents
        if isinstance(v, tuple) and v and all(callable(x) for x in v): return list(v)
    return [t]

def _func_args(t):
    "(function, its keyword arguments with the function's defaults) of a test (a partial or a plain function)."
    f = t.func if isinstance(t, functools.partial) else t
    kw = {k: p.default for k, p in inspect.signature(f).parameters.items() if p.default is not inspect.Parameter.empty}
    return f, {**kw, **(t.keywords if isinstance(t, functools.partial) else {})}

def _args(claim):
    "(function, keyword arguments) of the claim's first test (this repository's models)."
    return _func_args(_parts(claim)[0])

# --- TRAQ / TRAC coverage (`coverage_test`, `pac_test`, `prompt_coverage_test`, `trac_coverage_test`) ---
def build_coverage(figs, claim, outcome):
    "`coverage_test`: 0.8 inside its band; 0.9 inside (holds), below (contradicted) or above it ('above')."
    _, kw = _args(claim)
    cov = {'holds': 0.902, 'contradicted': 0.85, 'above': 0.95}[outcome]
    rows = [dict(kw['where'], model=M, level=l, coverage=c, coverage_std=0.02, splits=100, n_cal=200,
                 band_lo=l - 0.01, band_hi=l + 0.01, whole=0.0) for l, c in ((0.8, 0.801), (0.9, cov))]
    _write(figs, kw['csv'], rows)
    return M

def build_pac(figs, claim, outcome):
    "`pac_test`: the share of splits at or above the level, Phi((coverage - level)/std), is 1, 0.5 or 0.9 at 0.9."
    _, kw = _args(claim)
    z = {'holds': 10.0, 'contradicted': 0.0, 'not resolved': 1.2816}[outcome]   # 0.9 of 100 splits: [0.82, 0.95]
    rows = [dict(kw['where'], model=M, level=l, coverage=l + zl*0.01, coverage_std=0.01, splits=100, n_cal=200, whole=0.0)
            for l, zl in ((0.8, 10.0), (0.9, z))]
    _write(figs, kw['csv'], rows)
    return M

def _prompts(figs, method, few_minus_zero=1.0, size_std=0.5, splits=100, few_cov_gap=0.01):
    "traq/fig9_prompts.csv: zero-shot and few-shot rows of `method` at 0.8 and 0.9."
    rows = [dict(population='traq', model=M, prompt=p, method=method, level=l,
                 semantic_size_mean=5.0 + (few_minus_zero if p == 'few-shot' else 0.0), semantic_size_std=size_std,
                 e2e_coverage_mean=l + (few_cov_gap if p == 'few-shot' else 0.01), e2e_coverage_std=0.02,
                 splits=splits, n_cal=200) for p in ('zero-shot', 'few-shot') for l in (0.8, 0.9)]
    _write(figs, 'traq/fig9_prompts.csv', rows)
    return M

def build_prompt(figs, claim, outcome):
    "`prompt_test`: few-shot minus zero-shot semantic count +1, -1, or +0.01 with a wide spread."
    _, kw = _args(claim)
    d, sd, k = {'holds': (1.0, 0.5, 100), 'contradicted': (-1.0, 0.5, 100), 'not resolved': (0.01, 5.0, 10)}[outcome]
    return _prompts(figs, kw['method'], d, sd, k)

def build_prompt_coverage(figs, claim, outcome):
    "`prompt_coverage_test`: the few-shot coverage 0.01 above or 0.1 below the level."
    _, kw = _args(claim)
    return _prompts(figs, kw['method'], few_cov_gap={'holds': 0.01, 'contradicted': -0.1}[outcome])

def _trac_raw(figs, alpha, cov=None, size=None, whole=0.1, seeds=10):
    "trac/trac_grid_raw.csv: per (method, seed) rows; `cov`/`size`: method -> function of the seed."
    methods = sorted(set(cov or {}) | set(size or {}))
    rows = [dict(population='traq', model=M, alpha=alpha, method=m, seed=s, n_cal=200, whole_set=whole,
                 e2e_coverage=(cov or {}).get(m, lambda s: 1 - alpha + 0.02)(s),
                 exact_size=(size or {}).get(m, lambda s: 10.0)(s)) for m in methods for s in range(seeds)]
    _write(figs, 'trac/trac_grid_raw.csv', rows)
    return M

def build_trac_coverage(figs, claim, outcome):
    "`trac_coverage_test`: the lowest method (HMP) 0.01 above or 0.1 below 1 - alpha, over 10 seeds."
    _, kw = _args(claim)
    a = kw['alpha']; gap = {'holds': 0.01, 'contradicted': -0.1}[outcome]
    cov = {m: (lambda s: 1 - a + 0.03) for m in ('Bonf', 'CCPS-B', 'CCPS-H')}
    cov['HMP'] = lambda s: 1 - a + gap + 0.01*(s % 2 - 0.5)
    return _trac_raw(figs, a, cov=cov)

def build_trac_size(figs, claim, outcome):
    "`trac_size_test`: 1 - a/b per seed 0.2, -0.2, or 0.01 +- 0.3 (paired by seed)."
    _, kw = _args(claim)
    r = {'holds': lambda s: 0.2 + 0.01*(s % 2), 'contradicted': lambda s: -0.2 - 0.01*(s % 2),
         'not resolved': lambda s: 0.01 + 0.3*(-1)**s}[outcome]
    base = lambda s: 10.0 + s % 3
    return _trac_raw(figs, kw['alpha'], size={kw['b']: base, kw['a']: lambda s: base(s)*(1 - r(s))})

def build_trac_var(figs, claim, outcome):
    "`trac_variability_test`: sd of (CCPS-H, HMP) 10 against 5 of (CCPS-B, Bonf), the reverse, or 5.1 against 5."
    hv, bv = {'holds': (10.0, 5.0), 'contradicted': (5.0, 10.0), 'not resolved': (5.1, 5.0)}[outcome]
    rows = [dict(population='traq', model=M, method=m, count=100, std=hv if m in ('CCPS-H', 'HMP') else bv)
            for m in ('Bonf', 'CCPS-B', 'CCPS-H', 'HMP')]
    _write(figs, 'trac/fig2_unique_answers.csv', rows)
    return M

# --- TRAQ set sizes (`reduction_test`, `level_pattern_test`) ---
def _reductions(figs, comparisons, red, levels=(0.5, 0.6, 0.7, 0.8, 0.9), std=0.1, splits=100, whole=None):
    "traq/size_reduction_by_level.csv and traq/traq_grid_summary.csv; `red(comparison, level)`: the reduction; `whole`: method -> share."
    lv, summ = [], []
    for comp in comparisons:
        a, b = comp.split(' vs ')
        for l in levels:
            r = red(comp, l)
            lv.append(dict(population='traq', model=M, comparison=comp, level=l, both_reach=True, size=10*(1 - r),
                           baseline_size=10.0, reduction=r, n_cal=200))
            summ += [dict(population='traq', model=M, method=m, level=l, semantic_size_std=std, splits=splits,
                          whole_set_mean=(whole or {}).get(m, 0.0)) for m in (a, b)]
    _write(figs, 'traq/size_reduction_by_level.csv', lv)
    _write(figs, 'traq/traq_grid_summary.csv', summ)
    return M

def build_reduction(figs, claim, outcome):
    "`reduction_test`: the reduction at the claimed levels +0.2, -0.2, or +0.01 with a wide spread."
    _, kw = _args(claim)
    r, sd, k = {'holds': (0.2, 0.1, 100), 'contradicted': (-0.2, 0.1, 100), 'not resolved': (0.01, 5.0, 4)}[outcome]
    return _reductions(figs, kw['comparisons'], lambda c, l: r, kw['levels'], sd, k)

def build_level_pattern(figs, claim, outcome):
    "`level_pattern_test`: reduction at 0.8-0.9 minus at 0.5-0.7 +0.3, -0.3, or +0.01 with a wide spread."
    _, kw = _args(claim)
    d, sd, k = {'holds': (0.3, 0.1, 100), 'contradicted': (-0.3, 0.1, 100), 'not resolved': (0.01, 5.0, 4)}[outcome]
    hi = tuple(round(x, 3) for x in kw['high'])
    return _reductions(figs, kw['comparisons'], lambda c, l: 0.1 + (d if round(l, 3) in hi else 0.0),
                       tuple(kw['high']) + tuple(kw['low']), sd, k)

# --- CONFLARE ---
def _conflare(figs, setting, gap, folder='conflare', agreement=None):
    "conflare/conflare_coverage.csv (coverage `gap` off the level at 0.9) and conflare_run.csv."
    rows = [dict(setting=f'{setting} (test)', level=l, coverage=l + g, coverage_std=0.04, trials=500)
            for l, g in ((0.8, 0.01), (0.9, gap))]
    _write(figs, f'{folder}/conflare_coverage.csv', rows)
    _write(figs, f'{folder}/conflare_run.csv', [dict(llm=f'local:{M}', gold_questions=100, calibration_scores=40)])
    if agreement is not None: _write(figs, f'{folder}/conflare_label_agreement.csv', agreement)
    return 'embedder only' if setting.startswith('(a)') else M

def build_conflare(figs, claim, outcome):
    "`conflare_coverage_test`: coverage at 0.9 0.01 above or 0.1 below the level (500 trials)."
    _, kw = _args(claim)
    return _conflare(figs, kw['setting'], {'holds': 0.01, 'contradicted': -0.1}[outcome])

# --- When to retrieve ---
W2R_STRATEGIES = ['Vanilla', 'Punish', 'Challenge', 'Think step by step', 'Generate', 'Explain', 'Punish+Explain']
W2R_METRICS = ['overconfidence', 'conservativeness', 'alignment', 'unc_rate', 'accuracy']

def _w2r(figs, values=None, half=0.05, unc=(0.4, 0.3, 0.5), parse=0.9, strategies=W2R_STRATEGIES):
    "overconfidence/table3_parsed_only.csv: every metric 0.4 +- `half` except `values` ((strategy, metric) -> value); unc_rate `unc`."
    values, rows = values or {}, []
    for s in strategies:
        r = dict(model=M, strategy=s, n=200, N=180, parse_rate_strict=parse)
        for m in W2R_METRICS:
            v = values.get((s, m), 0.4)
            r.update({m: v, f'{m}_lo': v - half, f'{m}_hi': v + half})
        if (s, 'unc_rate') not in values:   # away from 0 and 1 unless asked
            r.update(unc_rate=unc[0], unc_rate_lo=unc[1], unc_rate_hi=unc[2])
        rows.append(r)
    _write(figs, 'overconfidence/table3_parsed_only.csv', rows)
    return M

W2R_DELTA = {'holds': 0.3, 'contradicted': -0.3, 'not resolved': 0.01}   # on the claimed side, the other, or inside 0.05

def build_w2r(figs, claim, outcome):
    "`w2r_diff_test`, `w2r_extreme_test`, `w2r_overconf_test`: the claimed difference +0.3, -0.3 or +0.01 (+- 0.05 each)."
    f, kw = _args(claim); d = W2R_DELTA[outcome]
    if f is answer.w2r_diff_test:
        vals = {(s, kw['metric']): 0.4 + kw['sign']*d for s in kw['a']}
    elif f is answer.w2r_extreme_test:
        vals = {(kw['strategy'], kw['metric']): 0.4 + (1 if kw['highest'] else -1)*d}
    elif f is answer.w2r_overconf_test:
        vals = {('Vanilla', 'overconfidence'): 0.4 + d}
    else: raise AssertionError(f"no When-to-Retrieve builder for {f.__name__}")
    return _w2r(figs, vals)

def build_reliance(figs, claim, outcome):
    "`w2r_reliance_test`: utilization over certainty levels 0-3 falling, rising, or almost flat (100 questions each)."
    u = {'holds': [0.8, 0.6, 0.4, 0.2], 'contradicted': [0.2, 0.4, 0.6, 0.8], 'not resolved': [0.5, 0.51, 0.5, 0.51]}[outcome]
    _write(figs, 'overconfidence/figure2_levels.csv', [dict(model=M, level=l, n=100, utilization=x) for l, x in enumerate(u)])
    return M

def _table5(figs, rows):
    "overconfidence/table5.csv from (strategy, documents, static, adaptive, half, ra_rate) rows."
    _write(figs, 'overconfidence/table5.csv', [
        dict(model=M, strategy=s, documents=doc, n=200, static_acc=st, adaptive_acc=ad, adaptive_lo=ad - h,
             adaptive_hi=ad + h, ra_rate=ra, parse_rate=0.9) for s, doc, st, ad, h, ra in rows])
    return M

def build_static_gold(figs, claim, outcome, ra=0.5):
    "`w2r_static_gold_test`: static minus adaptive accuracy with gold documents +0.3, -0.3 or +0.01 (+- 0.05)."
    d = W2R_DELTA[outcome]
    return _table5(figs, [(s, 'gold', 0.6, 0.6 - d, 0.05, ra) for s in ('Vanilla', 'Punish+Explain')])

def build_adaptive(figs, claim, outcome):
    "`w2r_adaptive_test`: adaptive Punish+Explain (dense) as accurate as static at RA 0.5, or significantly less."
    _, kw = _args(claim)
    ad = {'holds': 0.58, 'contradicted': 0.3}[outcome]
    return _table5(figs, [(kw['strategy'], kw['documents'], 0.6, ad, 0.05, 0.5)])

def build_release_gap(figs, claim, outcome):
    "`w2r_release_gap_test`: the paper's value inside the release's interval for every metric, or not for one."
    rows = [dict(strategy='Vanilla', metric=m, paper=0.3, release=0.3 + g, gap=g, release_lo=0.3 + g - 0.04,
                 release_hi=0.3 + g + 0.04, paper_in_interval=abs(g) < 0.04, N=500)
            for m, g in (('unc_rate', 0.01), ('accuracy', {'holds': 0.02, 'contradicted': 0.1}[outcome]))]
    _write(figs, 'overconfidence/release/table6_gap.csv', rows)
    return "authors' release (ChatGPT)"   # the release's own column

# --- RC-RAG ---
def _cell(v, half=0.05): return f"{v:.3f} [{v - half:.3f}, {v + half:.3f}]"

def _rcrag(figs, table, metric, values, retrievers=('dense',), half=0.05):
    "rcrag/TABLE.csv: `values` (method -> value, or (retriever, method) -> value) as '{v} [lo, hi]' cells."
    rows = [dict(model=M, retriever=r, method=m, n_questions=100, n_parsed=90,
                 **{f'{metric} (parsed)': _cell(values.get((r, m), values.get(m)), half)})
            for r in retrievers for m in dict.fromkeys(k for k in values if isinstance(k, str))]
    _write(figs, f'rcrag/{table}.csv', rows)
    return M

def build_rcrag(figs, claim, outcome):
    "`rcrag_diff_test`: the favoured method on the claimed side of every other by 0.3, on the wrong side, or 0.01 off."
    _, kw = _args(claim); d = W2R_DELTA[outcome]
    vals = {kw['a']: 0.5 + kw['sign']*d, **{m: 0.5 for m in kw['b']}}
    return _rcrag(figs, kw['table'], kw['metric'], vals, ('dense',) if kw['retriever'] else ('dense', 'sparse'))

def build_rcrag_trend(figs, claim, outcome):
    "`rcrag_trend_test`: the metric at N = 5 minus N = 1 on the claimed side by 0.3, the wrong side, or 0.01."
    _, kw = _args(claim); d = W2R_DELTA[outcome]
    rows = [dict(model=M, method=kw['method'], N=k, n_questions=100, n_parsed=90,
                 **{f"{kw['metric']} (parsed)": _cell(0.5 + kw['sign']*d*(k - 1)/4)}) for k in range(1, 6)]
    _write(figs, 'rcrag/figure3.csv', rows)
    return M

def build_decision(figs, claim, outcome):
    "`decision_test`: the paired AURC difference on the claimed side, the wrong one, or with 0 inside its interval."
    _, kw = _args(claim)
    d, lo, hi = {'holds': (0.05, 0.01, 0.09), 'contradicted': (-0.05, -0.09, -0.01), 'not resolved': (0.01, -0.03, 0.05)}[outcome]
    if kw['sign'] < 0: d, lo, hi = -d, -hi, -lo   # on the claimed side of zero
    _write(figs, 'decisions/paired.csv', [dict(source=kw['source'], backbone=M, score=kw['score'], baseline=kw['baseline'],
                                               diff=d, diff_lo=lo, diff_hi=hi, n=300, n_parsed_score=250,
                                               n_parsed_baseline=260)])
    return M

# which builder makes each claim's tables, by the function its rule calls, and the outcomes that rule can give
HC, HCN = ('holds', 'contradicted'), ('holds', 'contradicted', 'not resolved')
BUILDERS = {sets.coverage_test: (build_coverage, HC), sets.pac_test: (build_pac, HCN),
            sets.reduction_test: (build_reduction, HCN), sets.level_pattern_test: (build_level_pattern, HCN),
            sets.prompt_test: (build_prompt, HCN), sets.prompt_coverage_test: (build_prompt_coverage, HC),
            sets.trac_coverage_test: (build_trac_coverage, HC), sets.trac_size_test: (build_trac_size, HCN),
            sets.trac_variability_test: (build_trac_var, HCN), sets.conflare_coverage_test: (build_conflare, HC),
            answer.w2r_diff_test: (build_w2r, HCN), answer.w2r_extreme_test: (build_w2r, HCN),
            answer.w2r_overconf_test: (build_w2r, HCN), answer.w2r_reliance_test: (build_reliance, HCN),
            answer.w2r_static_gold_test: (build_static_gold, HCN), answer.w2r_adaptive_test: (build_adaptive, HC),
            answer.w2r_release_gap_test: (build_release_gap, HC), answer.rcrag_diff_test: (build_rcrag, HCN),
            answer.rcrag_trend_test: (build_rcrag_trend, HCN), answer.decision_test: (build_decision, HCN)}

def _case(claim):
    "(builder, outcomes) of a claim, by the function of its (first) test, or None."
    return BUILDERS.get(_args(claim)[0])

CASES = {c.id: case for c in claims.CLAIMS for case in [_case(c)] if case is not None}

def test_every_claim_has_a_holds_and_a_contradicted_case():
    "Every claim of the ledger has tables under which its rule says `holds` and tables under which it says `contradicted`."
    missing = sorted(set(CLAIM) - set(CASES))
    assert not missing, f"claims with no builder (add one to BUILDERS): {missing}"
    assert set(CASES) == set(CLAIM)
    thin = [c for c, (_, outs) in CASES.items() if not {'holds', 'contradicted'} <= set(outs)]
    assert not thin, f"claims without a holds and a contradicted case: {thin}"

def _funcs(claim):
    "The functions behind a claim's rule (each part of a `joined` rule)."
    return [_func_args(t)[0] for t in _parts(claim)]

def test_a_rule_that_can_say_not_resolved_has_a_case_for_it():
    "A claim without a `not resolved` case is decided by a rule with no such outcome (no `direction`, no interval)."
    for cid, (_, outs) in CASES.items():
        if 'not resolved' in outs: continue
        for f in _funcs(CLAIM[cid]):
            src = inspect.getsource(f)
            assert not any(k in src for k in ("direction(", "'not resolved'", '_pooled_reduction(')), \
                f"{cid}: {f.__name__} can say 'not resolved' but the claim has no such case"

CASE_IDS = [(c, o) for c, (_, outs) in CASES.items() for o in outs]

@pytest.mark.parametrize('cid,outcome', CASE_IDS, ids=[f'{c}-{o}' for c, o in CASE_IDS])
def test_every_rule_gives_each_outcome(tmp_path, cid, outcome):
    claim = CLAIM[cid]
    build, _ = CASES[cid]
    bb = build(tmp_path, claim, outcome)
    out = claims.evaluate_claims(tmp_path, [claim])
    assert out[['backbone', 'verdict']].values.tolist() == [[bb, outcome]], \
        out[['backbone', 'verdict', 'reason']].values.tolist()
    r = out.iloc[0]
    assert r.verdict in verdicts.VERDICTS and len(r.reason) > 5
    assert np.isfinite(r.value) and pd.notna(r.n), r.reason
    if np.isfinite(r.lo) and np.isfinite(r.hi): assert r.lo <= r.value <= r.hi
    if outcome == 'not resolved':
        # (d) a not-resolved cell says at which n its observed effect would resolve (inf for an effect of zero)
        assert np.isfinite(r.lo) and np.isfinite(r.hi) and r.hi > r.lo
        assert not np.isnan(r.n_needed), r.reason
        assert r.n_needed >= r.n, (r.n_needed, r.n)   # the interval holds 0: more questions are needed
        assert 'resolve' in r.reason
        if np.isfinite(claim.effect): assert np.isfinite(r.n_needed_paper), r.reason
    else:
        assert np.isnan(r.n_needed) and np.isnan(r.n_needed_paper)

# (a) "close to" / "centred around" the level: coverage above the exact band contradicts too (and only there)
TWO_SIDED = ['traq-q1-ret', 'traq-q1-llm', 'trac-ind-ret', 'trac-ind-qa']

@pytest.mark.parametrize('cid', TWO_SIDED)
def test_a_two_sided_coverage_claim_is_contradicted_above_the_band(tmp_path, cid):
    assert _args(CLAIM[cid])[1]['two_sided']
    bb = build_coverage(tmp_path, CLAIM[cid], 'above')
    out = claims.evaluate_claims(tmp_path, [CLAIM[cid]])
    assert out[['backbone', 'verdict']].values.tolist() == [[bb, 'contradicted']]
    assert 'above the exact band' in out.reason[0] and out.value[0] > 0

@pytest.mark.parametrize('cid', ['traq-q2', 'traq-idk'])
def test_a_one_sided_coverage_claim_holds_above_the_band(tmp_path, cid):
    build_coverage(tmp_path, CLAIM[cid], 'above')
    assert claims.evaluate_claims(tmp_path, [CLAIM[cid]]).verdict.tolist() == ['holds']

# (b) When to retrieve: an uncertain-rate interval at 0 or 1 fixes overconfidence and conservativeness by construction
@pytest.mark.parametrize('cid', ['w2r-overconf', 'w2r-challenge', 'w2r-challenge-cons', 'w2r-punish', 'w2r-generate'])
@pytest.mark.parametrize('unc', [(0.02, 0.0, 0.06), (0.98, 0.94, 1.0)], ids=['never-uncertain', 'always-uncertain'])
def test_w2r_uncertain_rate_at_0_or_1_is_untestable_by_construction(tmp_path, cid, unc):
    build_w2r(tmp_path, CLAIM[cid], 'holds')   # the tables that hold ...
    d = pd.read_csv(tmp_path/'overconfidence/table3_parsed_only.csv')
    d[['unc_rate', 'unc_rate_lo', 'unc_rate_hi']] = unc   # ... with every strategy's uncertain-rate at an edge
    d.to_csv(tmp_path/'overconfidence/table3_parsed_only.csv', index=False)
    out = claims.evaluate_claims(tmp_path, [CLAIM[cid]])
    assert out.verdict.tolist() == ['untestable'] and 'by construction' in out.reason[0], out.reason.tolist()

def test_w2r_uncertain_rate_at_an_edge_does_not_gate_accuracy(tmp_path):
    "The by-construction gate is for overconfidence and conservativeness only."
    _w2r(tmp_path, {(s, 'accuracy'): 0.7 for s in ('Generate', 'Explain')}, unc=(1.0, 0.95, 1.0))
    assert claims.evaluate_claims(tmp_path, [CLAIM['w2r-accuracy']]).verdict.tolist() == ['holds']

# (c) static vs adaptive with gold documents: a strategy retrieving for >= 95% equals static by construction
def test_w2r_static_gold_untestable_when_every_strategy_retrieves_almost_always(tmp_path):
    build_static_gold(tmp_path, CLAIM['w2r-static-gold'], 'contradicted', ra=answer.RA_ALWAYS)
    out = claims.evaluate_claims(tmp_path, [CLAIM['w2r-static-gold']])
    assert out.verdict.tolist() == ['untestable'] and 'by construction' in out.reason[0]

def test_w2r_static_gold_leaves_out_only_the_strategies_that_retrieve_almost_always(tmp_path):
    _table5(tmp_path, [('Vanilla', 'gold', 0.6, 0.9, 0.05, 0.99), ('Punish+Explain', 'gold', 0.6, 0.3, 0.05, 0.5)])
    out = claims.evaluate_claims(tmp_path, [CLAIM['w2r-static-gold']])
    assert out.verdict.tolist() == ['holds'] and 'left out' in out.reason[0] and 'Vanilla' in out.reason[0]

def test_w2r_adaptive_contradicted_when_it_retrieves_for_most_questions(tmp_path):
    "Adaptive RA as accurate as static, but retrieving for >= 90% of questions: not 'fewer retrievals'."
    _table5(tmp_path, [('Punish+Explain', 'dense', 0.6, 0.6, 0.05, 0.92)])
    assert claims.evaluate_claims(tmp_path, [CLAIM['w2r-adaptive']]).verdict.tolist() == ['contradicted']
    _table5(tmp_path, [('Punish+Explain', 'dense', 0.6, 0.6, 0.05, answer.RA_ALWAYS)])
    out = claims.evaluate_claims(tmp_path, [CLAIM['w2r-adaptive']])
    assert out.verdict.tolist() == ['untestable'] and 'by construction' in out.reason[0]

# (e) RC-RAG: "outperforms the baselines" means every one, Calibration included
def test_rc_careful_must_beat_calibration_too(tmp_path):
    vals = {'CF (direct)': 0.8, 'IoE': 0.2, 'Priori': 0.2, 'Calibration': 0.9}   # beats IoE and Priori, not Calibration
    _rcrag(tmp_path, 'table3', 'carefulness', vals)
    out = claims.evaluate_claims(tmp_path, [CLAIM['rc-careful']])
    assert out.verdict.tolist() == ['contradicted'] and 'Calibration' in out.reason[0]
    _rcrag(tmp_path, 'table3', 'carefulness', dict(vals, Calibration=0.78))   # Calibration just below: not resolved
    out = claims.evaluate_claims(tmp_path, [CLAIM['rc-careful']])
    assert out.verdict.tolist() == ['not resolved'] and 'Calibration' in out.reason[0]

def test_rc_retrievers_the_least_favourable_retriever_decides(tmp_path):
    vals = {'CF (direct)': 0.2, 'IoE': 0.5, 'Calibration': 0.5, 'Priori': 0.5, ('sparse', 'CF (direct)'): 0.8}
    _rcrag(tmp_path, 'table4', 'risk', vals, ('dense', 'sparse'))
    out = claims.evaluate_claims(tmp_path, [CLAIM['rc-retrievers']])
    assert out.verdict.tolist() == ['contradicted'] and 'sparse' in out.reason[0]

# (f) TRAQ's whole-set rule on the per-question whole share (`whole_set_mean` of traq_grid_summary.csv)
@pytest.mark.parametrize('cid,whole', [('traq-q3-bo', {'Bonf': 0.6, 'Bonf-P': 0.6}), ('traq-q3-bo', {'TRAQ': 0.5, 'TRAQ-P': 0.7}),
                                       ('traq-q3-bo-pac', {'Bonf-P': 0.6})])
def test_traq_reduction_untestable_when_the_whole_set_rule_leaves_out_every_level(tmp_path, cid, whole):
    _, kw = _args(CLAIM[cid])
    _reductions(tmp_path, kw['comparisons'], lambda c, l: -0.3, kw['levels'], whole=whole)   # would contradict
    out = claims.evaluate_claims(tmp_path, [CLAIM[cid]])
    assert out.verdict.tolist() == ['untestable'], out.reason.tolist()
    why = out.reason[0]
    assert 'whole-set rule' in why
    for comp in kw['comparisons']:
        a, b = comp.split(' vs ')
        share = max(whole.get(a, 0.0), whole.get(b, 0.0))
        for l in kw['levels']: assert f"{comp} at {l:g} ({share:.0%} of test questions get the whole set)" in why, why

def test_traq_reduction_pools_only_the_comparisons_the_whole_set_rule_keeps(tmp_path):
    "traq-q3-bo pools TRAQ vs Bonf and TRAQ-P vs Bonf-P; with Bonf's whole share >= 0.5, TRAQ-P vs Bonf-P alone decides."
    red = lambda c, l: -0.5 if c == 'TRAQ vs Bonf' else 0.2
    _reductions(tmp_path, ('TRAQ vs Bonf', 'TRAQ-P vs Bonf-P'), red, (0.8, 0.9), whole={'Bonf': 0.6})
    out = claims.evaluate_claims(tmp_path, [CLAIM['traq-q3-bo']])
    assert out.verdict.tolist() == ['holds'] and math.isclose(out.value[0], 0.2)
    assert 'TRAQ vs Bonf at 0.8 (60% of test questions get the whole set)' in out.reason[0]
    _reductions(tmp_path, ('TRAQ vs Bonf', 'TRAQ-P vs Bonf-P'), red, (0.8, 0.9), whole={'Bonf': 0.4})   # kept: pooled
    out = claims.evaluate_claims(tmp_path, [CLAIM['traq-q3-bo']])
    assert out.verdict.tolist() == ['contradicted'] and math.isclose(out.value[0], (-0.5 + 0.2)/2)

def test_traq_q2_whole_share_comes_from_the_grid_summary(tmp_path):
    "traq-q2's whole-set rule reads the per-question `whole_set_mean` of traq_grid_summary.csv, not fig5's `whole`."
    build_coverage(tmp_path, CLAIM['traq-q2'], 'contradicted')   # below the band at 0.9, whole = 0 in fig5
    _write(tmp_path, 'traq/traq_grid_summary.csv', [dict(population='traq', model=M, method='TRAQ', level=l,
                                                         whole_set_mean=w) for l, w in ((0.8, 0.0), (0.9, 0.8))])
    out = claims.evaluate_claims(tmp_path, [CLAIM['traq-q2']])
    assert out.verdict.tolist() == ['holds'] and 'left out by the whole-set rule' in out.reason[0] and '80%' in out.reason[0]

def test_trac_size_untestable_under_the_whole_set_rule(tmp_path):
    build_trac_size(tmp_path, CLAIM['trac-ccps-b'], 'contradicted')
    d = pd.read_csv(tmp_path/'trac/trac_grid_raw.csv').assign(whole_set=0.6)
    d.to_csv(tmp_path/'trac/trac_grid_raw.csv', index=False)
    out = claims.evaluate_claims(tmp_path, [CLAIM['trac-ccps-b']])
    assert out.verdict.tolist() == ['untestable'] and 'whole-set rule' in out.reason[0]

def test_conflare_llm_labels_without_information_are_untestable(tmp_path):
    "An LLM labeller saying 'yes' to almost every chunk and agreeing with the source chunk < 90% gates the claim."
    _, kw = _args(CLAIM['conflare-llm'])
    agree = [dict(question_set='LLM-written (source chunk)', yes_rate=1.0, chunk_agreement=0.775)]
    _conflare(tmp_path, kw['setting'], -0.1, agreement=agree)
    out = claims.evaluate_claims(tmp_path, [CLAIM['conflare-llm']])
    assert out.verdict.tolist() == ['untestable'] and 'carry no information' in out.reason[0]

# --- no number typed by hand in README.md or nbs/index.ipynb (issue 25) ---
import json, re
ROOT = repo_root()
NUMBER = re.compile(r'(?<![\w.-])\d+\.\d+(?![\w.])|\d+(\.\d+)?\s?%')

def prose(text):
    "Text without code fences, code spans, LaTeX math, links' targets and HTML comments: where a typed number would be."
    text = re.sub(r'```.*?```', ' ', text, flags=re.S)
    text = re.sub(r'<!--.*?-->', ' ', text, flags=re.S)
    text = re.sub(r'\$\$.*?\$\$|\$[^$]*\$', ' ', text, flags=re.S)
    text = re.sub(r'`[^`]*`', ' ', text)
    text = re.sub(r'(Lemma|Sec\.|Section|Appendix|Theorem|BY-SA|Python|Table|Figure|eq\.|eqs\.)\s*\(?\d+(\.\d+)*', ' ', text)
    return re.sub(r'\]\([^)]*\)', ']', text)   # references (a section, a lemma, a licence version) are not results

def test_readme_results_block_is_generated_from_figures():
    if not (FIGS/'claims_summary.csv').exists(): pytest.skip('figures/claims_summary.csv not generated yet')
    text = (ROOT/'README.md').read_text()
    assert report.replace_block(text, report.readme_block(FIGS)) == text, \
        "README.md's results block is stale: run .venv/bin/python tools/readme_block.py"

def test_readme_prose_types_no_result_number():
    text = (ROOT/'README.md').read_text()
    outside = text.split(report.README_BEGIN)[0] + text.split(report.README_END)[1]
    # the speed block is generated from bench/runs/ (tools/speed_block.py, checked by tests/test_speed_block.py)
    speed_begin = '<!-- begin speed: generated by tools/speed_block.py'
    outside = outside.split(speed_begin)[0] + outside.split('<!-- end speed -->')[1]
    found = [m.group(0) for m in NUMBER.finditer(prose(outside))]
    assert not found, f"README.md types numbers by hand (generate them from figures/): {found}"

def test_index_prose_types_no_result_number():
    nb = json.loads((ROOT/'nbs/index.ipynb').read_text())
    md = '\n'.join(''.join(c['source']) for c in nb['cells'] if c['cell_type'] == 'markdown')
    found = [m.group(0) for m in NUMBER.finditer(prose(md))]
    assert not found, f"nbs/index.ipynb types numbers in its text (read them from figures/ in a cell): {found}"

def test_the_number_check_can_fail():
    assert NUMBER.search(prose('coverage 0.93 at the 90% level'))
    assert NUMBER.search(prose('Lemma 2.1 holds: coverage 0.93'))
    assert not NUMBER.search(prose('`make reproduce` and $\\alpha = 0.1$ in math, in code: `Python 3.11`'))

# --- the index's equation numbers are the papers' own (issue 25) ---
PAPERS = ROOT.parent/'shared'/'papers'
# what the index cites -> a pattern that finds that numbered equation or theorem in the paper's text
NUMBERED = [('traq', 'eq. (1)', r"C\(X_\{\\text\{test\}\}\) = .*\(1\)\$\$"),
            ('traq', 'eq. (3)', r"C_\{\\text\{Ret\}\}\(q\) = .*\(3\)\$\$"),
            ('traq', 'eq. (4)', r"C_\{\\text\{Agg\}\}\(q\) = .*\(4\)\$\$"),
            ('traq', 'Theorem 3', r"Theorem 3\. Suppose the questions q and semantically correct responses"),
            ('traq', 'Lemma 2.1', r"Lemma 2\.1\. \*Suppose the questions q and their corresponding most relevant passage"),
            ('traq', 'eq. (5)', r"\\hat\{\\tau\} = .*\(5\)\$\$"),
            ('when_to_retrieve', 'eq. (1)', r"\(a, c\) = f_\{LLM\}\(q, p\) \\quad \(1\)"),
            ('when_to_retrieve', 'eq. (3)', r"\\text\{if \} c = 0 \\end\{cases\} \\quad \(3\)"),
            ('rcrag', 'eq. (1)', r"\\hat\{a\}_i\^f = f\(q_i, p_i\)\.\s*\$\$\s*\(1\)")]

@pytest.mark.skipif(not PAPERS.exists(), reason='the papers are not beside the repository (../shared/papers)')
@pytest.mark.parametrize('paper,label,pattern', NUMBERED)
def test_index_numbering_matches_the_papers(paper, label, pattern):
    text = (PAPERS/f'{paper}.txt').read_text()
    assert re.search(pattern, text), f"{paper}: {label} is not where the index says"
    nb = json.loads((ROOT/'nbs/index.ipynb').read_text())
    md = '\n'.join(''.join(c['source']) for c in nb['cells'] if c['cell_type'] == 'markdown')
    assert label in md, f"the index does not cite {paper} {label}"

def test_a_reach_flag_that_is_no_label_is_refused():
    "both_reach comes from a CSV in figures/: 0.5 or NaN is refused by name, never read as a flag."
    import pandas as pd, pytest
    from conformal_rag import ledger_set_rules as lsr
    g = pd.DataFrame(dict(both_reach=[1, 0.5], reduction=[0.1, 0.2], level=[0.8, 0.9], comparison=['a', 'a']))
    with pytest.raises(ValueError, match='both_reach'): lsr._pooled_reduction(g, 'm', 'src', 'w')
