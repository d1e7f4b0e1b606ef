"""The claims ledger (issue 25): every verdict in figures/claims.csv is recomputed here from the committed CSVs, so a
regenerated figure that changes a verdict fails until the ledger is regenerated; the decision rules can fail."""
import math
import numpy as np, pandas as pd, pytest
from conformal_rag import claims
from conformal_rag.paths import repo_root

FIGS = repo_root()/'figures'
LEDGER = FIGS/'claims.csv'

def test_ledger_covers_the_five_papers():
    assert len(claims.CLAIMS) >= 30
    assert {c.paper for c in claims.CLAIMS} == {'TRAQ', 'TRAC', 'CONFLARE', 'When to retrieve', 'RC-RAG'}
    assert len({c.id for c in claims.CLAIMS}) == len(claims.CLAIMS)

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
    assert set(d.verdict) <= set(claims.VERDICTS)
    assert d.reason.notna().all() and (d.reason.str.len() > 5).all()
    tested = d[d.verdict != 'untestable']
    assert tested.n.notna().all(), tested[tested.n.isna()][['claim', 'backbone']].values.tolist()
    assert np.isfinite(tested.value).all()

def test_inventory_names_only_existing_artifacts():
    inv = claims.inventory(FIGS)
    named = inv[inv.artifact.notna()]
    assert named.present.all(), f"missing: {named[~named.present].artifact.tolist()}"
    assert (inv[inv.artifact.isna()].note.str.len() > 5).all()   # no artifact: a reason

def _coverage_csv(tmp_path, below):
    (tmp_path/'traq').mkdir(exist_ok=True)
    pd.DataFrame(dict(population='traq', model='m', method='TRAQ', level=[0.8, 0.9], coverage=[0.85, 0.8],
                      band_lo=[0.79, 0.89], below_band=[False, below], whole=[0.0, 0.0], coverage_std=0.02,
                      splits=100, n_cal=100)).to_csv(tmp_path/'traq/fig5_e2e_coverage.csv', index=False)

@pytest.mark.parametrize('below,verdict', [(True, 'fails'), (False, 'holds')])
def test_a_coverage_claim_can_fail(tmp_path, below, verdict):
    _coverage_csv(tmp_path, below)
    q2 = [c for c in claims.CLAIMS if c.id == 'traq-q2']
    assert claims.evaluate_claims(tmp_path, q2).verdict.tolist() == [verdict]

@pytest.mark.parametrize('parse,oc,verdict', [(0.9, 0.2, 'holds'), (0.9, 0.6, 'fails'), (0.2, 0.2, 'untestable')])
def test_a_when_to_retrieve_claim_can_fail_or_be_untestable(tmp_path, parse, oc, verdict):
    (tmp_path/'overconfidence').mkdir()
    rows = [dict(model='m', strategy=s, n=200, N=180, parse_rate_strict=parse, overconfidence=o,
                 overconfidence_lo=o - 0.05, overconfidence_hi=o + 0.05) for s, o in (('Vanilla', 0.5), ('Punish', oc))]
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
    assert claims.replace_block(text, claims.readme_block(FIGS)) == text, \
        "README.md's results block is stale: run .venv/bin/python tools/readme_block.py"

def test_readme_prose_types_no_result_number():
    text = (ROOT/'README.md').read_text()
    outside = text.split(claims.README_BEGIN)[0] + text.split(claims.README_END)[1]
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
