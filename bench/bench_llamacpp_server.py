"""The `openai:` path through a real serving engine against the in-process `llamacpp:` backend (issue 44 item 2), in one
run, on the shipped gemma-3-270m GGUF (Q4_K_M), one CPU thread per engine.

Engines: llama.cpp's own server (`llama-server`, C++, continuous batching) at 1, 2 and 4 parallel slots, the client
sending as many requests at once as the server has slots; llama-cpp-python's server (`python -m llama_cpp.server`,
one slot); and the in-process `llamacpp:` backend (`LlamaCppBackend.generate`), decoding a request's samples one at a
time (as one slot does: the reference of the target) and batched (its default). The work: P prompts (BENCH_P, 8) x M
samples (BENCH_M, 10) at temperature 1, at most 16 tokens, no stop string, log-probabilities on. Sampled replies
differ between engines, so the work is counted in generated tokens (one log-probability per token): tokens per wall
second is the comparison at equal work, samples per second is printed beside it. The target: the server path at one
slot within 1.2x of the in-process path (tokens/s of the server >= in-process / 1.2).

`llama-server` is not part of llama-cpp-python's wheel: `tools/llama_server.sh` builds it from the llama.cpp sources
vendored in llama-cpp-python's sdist (about 10 minutes on 2 cores) into the model cache; set LLAMA_SERVER=PATH to use
another build. Without it the script measures llama-cpp-python's server only. Env: BENCH_P, BENCH_M, BENCH_SLOTS
('1,2,4'), BENCH_REPS (2: the best of 2)."""
import os, socket, subprocess, sys, time, urllib.request
from pathlib import Path

P, M = int(os.environ.get('BENCH_P', 8)), int(os.environ.get('BENCH_M', 10))
SLOTS = [int(s) for s in os.environ.get('BENCH_SLOTS', '1,2,4').split(',')]
REPS = int(os.environ.get('BENCH_REPS', 2))
TOKENS = 16
TARGET = 1.2

def free_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0)); return s.getsockname()[1]

def llama_server_binary() -> Path | None:
    if os.environ.get('LLAMA_SERVER'): return Path(os.environ['LLAMA_SERVER'])
    from conformal_rag.paths import cache_dir
    p = cache_dir('models', 'llama-server')/'bin'/'llama-server'
    return p if p.exists() else None

def start(cmd:list, url:str) -> subprocess.Popen:
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(240):
        if p.poll() is not None: raise RuntimeError(f'server exited: {" ".join(cmd)}')
        try: urllib.request.urlopen(url + '/models', timeout=1); return p
        except OSError: time.sleep(0.5)
    p.kill(); raise RuntimeError(f'server did not answer in 120 s: {" ".join(cmd)}')

def prompts() -> list:
    return [f'Context: Town {i} lies on the river Loire, in the west of France.\nQuestion: Which river is town {i} on?\n'
            f'Answer:' for i in range(P)]

_TOKENIZER = []

def n_tokens(texts) -> int:
    "Generated tokens of these replies, by gemma's GGUF tokenizer (the same count for every engine)."
    if not _TOKENIZER:
        import llama_cpp
        from conformal_rag.llamacpp_backend import gguf_file
        _TOKENIZER.append(llama_cpp.Llama(model_path=str(gguf_file('gemma-3-270m')), vocab_only=True, verbose=False))
    return sum(len(_TOKENIZER[0].tokenize(t.encode(), add_bos=False, special=False)) for t in texts)

def run_client(url:str, concurrency:int) -> dict:
    from conformal_rag.openai_backend import OpenAIBackend
    from conformal_rag.llm import LLM
    b = OpenAIBackend('gemma-3-270m', base_url=url, chat=False, concurrency=concurrency, max_n=M, timeout=600)
    lm = LLM(b, cache=False, progress=False)
    best = None
    for r in range(REPS):
        t0 = time.perf_counter()
        out = lm.sample(prompts(), n=M, temperature=1.0, max_new_tokens=TOKENS, stop=None, seed=100 + r)
        wall = time.perf_counter() - t0
        toks = n_tokens(s.text for o in out for s in o)
        row = dict(wall=wall, tokens=toks, samples=P * M, tok_s=toks / wall, samples_s=P * M / wall)
        best = row if best is None or row['tok_s'] > best['tok_s'] else best
    return best

def run_in_process(n_seq:int) -> dict:
    "The in-process backend decoding `n_seq` samples of a request at once (1: one after the other, as one slot does)."
    from conformal_rag.llamacpp_backend import LlamaCppBackend, LlamaCppModel, gguf_file
    from conformal_rag.llm import Decoding
    path = gguf_file('gemma-3-270m')
    b = LlamaCppBackend(path, engine=LlamaCppModel(path, n_seq=n_seq))
    dec = Decoding(temperature=1.0, max_new_tokens=TOKENS, stop=None)
    b.generate(prompts()[0], 1, dec)                                    # loaded, warmed
    best = None
    for r in range(REPS):
        t0 = time.perf_counter()
        out = [b.generate(p, M, dec, seed=100 + r) for p in prompts()]
        wall = time.perf_counter() - t0
        toks = n_tokens(s.text for o in out for s in o)
        row = dict(wall=wall, tokens=toks, samples=P * M, tok_s=toks / wall, samples_s=P * M / wall)
        best = row if best is None or row['tok_s'] > best['tok_s'] else best
    return best

def main():
    from conformal_rag.llamacpp_backend import gguf_file
    os.environ.setdefault('OPENAI_API_KEY', 'bench-no-key')
    gguf = str(gguf_file('gemma-3-270m'))
    print(f'gemma-3-270m Q4_K_M, {P} prompts x {M} samples, temperature 1, at most {TOKENS} tokens, no stop; one thread '
          f'per engine; best of {REPS}; {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}')
    rows = {'in-process, one sample at a time': run_in_process(1),
            f'in-process, {M} samples batched': run_in_process(32)}   # the backend's default: up to 32 at once
    print('measured: in-process', flush=True)
    port = free_port(); url = f'http://127.0.0.1:{port}/v1'
    p = start([sys.executable, '-m', 'llama_cpp.server', '--model', gguf, '--host', '127.0.0.1', '--port', str(port),
               '--n_threads', '1', '--n_ctx', '2048'], url)
    try: rows['llama-cpp-python server, 1 slot'] = run_client(url, 1)
    finally: p.terminate(); p.wait()
    print('measured: llama-cpp-python server', flush=True)
    binary = llama_server_binary()
    if binary is None: print('llama-server not built (tools/llama_server.sh): its rows are left out')
    for s in SLOTS if binary else []:
        port = free_port(); url = f'http://127.0.0.1:{port}/v1'
        p = start([str(binary), '-m', gguf, '--host', '127.0.0.1', '--port', str(port), '-t', '1', '-np', str(s),
                   '-c', str(2048 * s), '--no-webui'], url)
        try: rows[f'llama-server, {s} slot{"s" * (s > 1)}'] = run_client(url, s)
        finally: p.terminate(); p.wait()
        print(f'measured: llama-server, {s} slots', flush=True)
    base = rows['in-process, one sample at a time']   # one slot decodes one sequence at a time, too
    print(f'{"engine":<34} {"tokens/s":>9} {"samples/s":>10} {"tokens":>7} {"vs in-process":>14}')
    for k, r in rows.items():
        print(f'{k:<34} {r["tok_s"]:>9.1f} {r["samples_s"]:>10.2f} {r["tokens"]:>7} {r["tok_s"] / base["tok_s"]:>13.2f}x')
    one = rows.get('llama-server, 1 slot', rows['llama-cpp-python server, 1 slot'])
    ratio = base['tok_s'] / one['tok_s']
    print(f'server path at one slot: in-process (one sample at a time, as the slot) / server = {ratio:.2f}x tokens per '
          f'second ({"within" if ratio <= TARGET else "OUTSIDE"} the {TARGET}x target); the in-process backend batching '
          f'the {M} samples: {rows[f"in-process, {M} samples batched"]["tok_s"] / one["tok_s"]:.2f}x the server at one slot')

if __name__ == '__main__':
    main()
