"""The speed figures in prose (issue 44 item 5): README.md's and bench/README.md's are generated from the benchmark
runs kept in bench/runs/ (tools/speed_block.py), each run naming its machine; no speed ratio is typed outside them."""
import json, re, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT/'tools'))
import speed_block as sb

def test_blocks_are_current():
    new = sb.block(sb.load_runs())
    for path in (ROOT/'README.md', ROOT/'bench'/'README.md'):
        text = path.read_text()
        assert sb.replace_block(text, new) == text, f"{path.name}: speed block stale: run python tools/speed_block.py"

def test_every_kept_run_names_its_machine():
    runs = sb.load_runs()
    assert runs, 'no kept benchmark run in bench/runs/'
    for r in runs:
        words = sb.machine_words(r)
        assert r['machine']['cpu'] in words and 'GFLOP/s' in words and 'fp32' in words

def test_a_run_without_its_machine_is_refused(tmp_path):
    (tmp_path/'llm-x.json').write_text(json.dumps(dict(machine=dict(cpu='AMD EPYC', cores=2, gflops_fp32=99.0))))
    with pytest.raises(ValueError, match=r"llm-x.json: the machine's gflops_bf16 missing"): sb.load_runs(tmp_path)

def test_figures_are_ranges_over_runs():
    assert sb.span([1.37, 1.98, 1.22]) == '1.22-1.98'
    assert sb.span([16.0], '{:.0f}', ' ms') == '16 ms'
    assert sb.span([None, None]) == 'not measured'
    runs = [dict(machine=dict(gflops_fp32=100., gflops_bf16=b), ratios={}) for b in (210., 500.)]
    lines = sb.block([dict(r, measured='d', file=f'f{i}', machine=dict(r['machine'], cpu='c', cores=2))
                      for i, r in enumerate(runs)])
    assert '| **2.1-5.0x** | 2.1x | 5.0x |' in lines and lines.count('- `f') == 2

def test_no_speed_ratio_typed_outside_the_blocks():
    for path in (ROOT/'README.md',):
        text = path.read_text()
        i, j = text.index(sb.BEGIN), text.index(sb.END)
        outside = text[:i] + text[j:]
        typed = re.findall(r'\d+(?:\.\d+)?x (?:CTranslate2|fp32|faster|the )', outside)
        assert not typed, f"{path.name}: speed figures typed outside the generated block: {typed}"

def test_llamacpp_wheels_are_kept_by_build_flags(tmp_path):
    "tools/llamacpp.sh keeps a built wheel per CMAKE_ARGS (issue 44 item 5): other flags never reuse it."
    import os, subprocess
    def wheel_dir(flags=None):
        env = dict(os.environ, CONFORMAL_RAG_CACHE=str(tmp_path))
        env.pop('CMAKE_ARGS', None)
        if flags is not None: env['CMAKE_ARGS'] = flags
        return subprocess.run(['bash', str(ROOT/'tools'/'llamacpp.sh'), '--wheel-dir'], env=env, check=True,
                              capture_output=True, text=True).stdout.strip()
    default, native = wheel_dir(), wheel_dir('-DGGML_NATIVE=ON')
    assert default.startswith(str(tmp_path)) and default != native and wheel_dir() == default
    assert 'pip wheel' in (ROOT/'tools'/'llamacpp.sh').read_text() and '--no-cache-dir' in (ROOT/'tools'/'llamacpp.sh').read_text()
