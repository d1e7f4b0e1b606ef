"""The llama.cpp backend (`conformal_rag.llamacpp_backend`, `make llamacpp`) against the package's transformers path,
one thread each, in one run (issue 31):

- Qwen2.5-Coder-1.5B-Instruct, greedy replies to BENCH_PROBES (5) When-to-Retrieve-style questions through the chat
  template, up to BENCH_TOKENS (32) new tokens: llama.cpp on the original Q4_K_M GGUF against the bf16 transformers
  copy (`models.fetch`), replies compared (Q4_K_M and bf16 are different numerics: a differing reply is printed);
- gemma-3-270m at equal work: M = 10 samples of one RAG prompt, every sample exactly BENCH_N (8) tokens (end tokens
  and stop strings disabled in this script only), llama.cpp on the shipped Q4_K_M GGUF against the package default
  (bf16 + eager attention), the reference numerics (fp32 + SDPA) and bf16 + SDPA.

Times are CPU seconds of this process (medians of BENCH_REPS runs; wall beside them), configurations interleaved
run by run. Skips with a message when llama-cpp-python is not installed or Qwen has not been fetched (`make models`).
"""
import os, re, statistics, time
os.environ.setdefault('OMP_NUM_THREADS', '1')
for v in ('HF_HUB_OFFLINE', 'HF_DATASETS_OFFLINE', 'TRANSFORMERS_OFFLINE'): os.environ.setdefault(v, '1')
import torch
torch.set_num_threads(1)
from conformal_rag.llamacpp_backend import LlamaCppBackend, have_llama_cpp
from conformal_rag.local_backend import LocalBackend
from conformal_rag.llm import Decoding, render_prompt
from conformal_rag import models

env = lambda k, d: int(os.environ.get(k, d))
PROBES, TOKENS, N, REPS = env('BENCH_PROBES', 5), env('BENCH_TOKENS', 32), env('BENCH_N', 8), env('BENCH_REPS', 3)
QUESTIONS = ['Who wrote the novel Pride and Prejudice?', 'What is the capital of Australia?',
             'In which year did the Berlin Wall fall?', 'Which element has the chemical symbol Fe?',
             'Who painted the Mona Lisa?', 'What is the largest planet in the Solar System?',
             'Which river flows through Cairo?'][:PROBES]
FORMAT = "Answer the following question, then say whether you are certain. Question: {q}"

def answer_part(reply:str) -> str:
    "A reply's answer: its first sentence or line (before any certainty statement)."
    return re.split(r'(?<=[.!?])\s+|\n', reply.strip(), maxsplit=1)[0].strip()

def timed(fn):
    c, w = time.process_time(), time.time()
    out = fn()
    return out, time.process_time() - c, time.time() - w

def med(xs): return statistics.median(xs)

def qwen():
    name = 'qwen2.5-coder-1.5b-instruct'
    if models.local_dir(name) is None:
        print(f'Qwen: skipped (not fetched: make models)'); return
    greedy = Decoding(temperature=0, max_new_tokens=TOKENS, stop=())
    msgs = [[{'role': 'user', 'content': FORMAT.format(q=q)}] for q in QUESTIONS]
    lc, _, _ = timed(lambda: LlamaCppBackend(name))
    hf, _, _ = timed(lambda: LocalBackend(name, dtype='bfloat16', attention='sdpa'))   # as measured before (bench/README.md)
    t = {'llama.cpp Q4_K_M': [], 'transformers bf16': []}
    for r in range(REPS if REPS > 1 else 1):
        a, ca, wa = timed(lambda: [lc.generate(m, 1, greedy)[0].text for m in msgs])
        b, cb, wb = timed(lambda: [hf.generate(m, 1, greedy)[0].text for m in msgs])
        t['llama.cpp Q4_K_M'].append((ca, wa)); t['transformers bf16'].append((cb, wb))
    same = sum(x == y for x, y in zip(a, b))
    same_answer = sum(answer_part(x) == answer_part(y) for x, y in zip(a, b))
    print(f'Qwen2.5-Coder-1.5B, {len(msgs)} greedy chat replies (<= {TOKENS} tokens), {REPS} runs:')
    for k, v in t.items():
        print(f'  {k:<20} {med([c for c, _ in v]):7.2f} s CPU ({med([w for _, w in v]):.2f} s wall)')
    ratio = med([c for c, _ in t['transformers bf16']]) / med([c for c, _ in t['llama.cpp Q4_K_M']])
    print(f'  llama.cpp / transformers bf16: {ratio:.2f}x (target >= 3x); same answers (first sentence) on '
          f'{same_answer} of {len(msgs)} probes, same whole replies on {same}')
    for q, x, y in zip(QUESTIONS, a, b):
        if x != y: print(f'    differs on {q!r}: llama.cpp {x!r} | bf16 {y!r}')

def gemma():
    prompt = render_prompt('one_shot', 'What is the capital of Peru?', 'Lima is the capital and the largest city of Peru.')
    fixed = Decoding(temperature=1.0, max_new_tokens=N, stop=())
    lc = LlamaCppBackend('gemma-3-270m'); lc.m.eos_ids = set()   # equal work: exactly N tokens per sample
    cfg = {'package default': LocalBackend('gemma-3-270m'),   # bf16 + eager attention
           'package fp32 + SDPA': LocalBackend('gemma-3-270m', dtype='float32', attention='sdpa'),   # the reference numerics
           'package bf16 + SDPA': LocalBackend('gemma-3-270m', dtype='bfloat16', attention='sdpa'), 'llama.cpp Q4_K_M': lc}
    for b in cfg.values():
        if isinstance(b, LocalBackend): b.eos_ids = set()
        b.generate(prompt, 1, fixed)   # warm: the prompt's states kept (cached-prompt case for all)
    t = {k: [] for k in cfg}
    for r in range(REPS):
        for k, b in cfg.items():
            out, c, w = timed(lambda: b.generate(prompt, 10, fixed, seed=r))
            t[k].append((c, w))
    print(f'gemma-3-270m, 10 samples x exactly {N} tokens of a cached RAG prompt, {REPS} runs:')
    base = med([c for c, _ in t['package default']])
    for k, v in t.items():
        c = med([c for c, _ in v])
        print(f'  {k:<24} {c:6.2f} s CPU ({med([w for _, w in v]):.2f} s wall)  {base / c:.2f}x the package default')

if __name__ == '__main__':
    if not have_llama_cpp(): print('llama.cpp backend: skipped (llama-cpp-python not installed: make llamacpp)')
    else:
        qwen(); gemma()
