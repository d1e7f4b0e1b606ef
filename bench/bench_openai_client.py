"""The `openai:` backend's own ceiling (issue 44 item 2): how many samples per second the client side of the package can
take in when the server answers at once, so that it never limits a real serving engine.

A loopback server in a process of its own (asyncio, keep-alive, HTTP/1.1) answers every chat-completions request at
once with `n` choices of a short answer (BENCH_TOKENS words, with per-token log-probabilities when asked). The client is
the package's whole path: `LLM(OpenAIBackend(concurrency=C, max_n=30)).sample(prompts, n=30)`, TRAQ's M, with the
generation cache (SQLite, every sample written) and without it. For each concurrency C in 1..64 the script prints
samples per wall second and the client's CPU seconds per request (user + system of this process, all its threads), each the median of
BENCH_REPEATS (3) runs; the
client's ceiling is samples per client-CPU-second: what one core running the client can take in however fast the
server is.

The figure it compares with: one GPU serving a 7B model at TRAQ's settings. vLLM's own CI (neuralmagic/nm-vllm,
`benchmark_throughput`, Llama-2-7b-chat, input 256, output 128 tokens, 1,000 prompts) records 3.84 prompts/s on one
A10G, 491 output tokens/s. An H100 has 5.6x an A10G's memory bandwidth and 7.9x its dense fp16 rate; the script assumes
BENCH_GPU_TOKENS_S = 10,000 output tokens/s (about 20x the A10G figure, above either ratio), and TRAQ's short answers
at BENCH_GPU_TOKENS_PER_SAMPLE = 8 tokens: 1,250 samples/s for one GPU. The target is a client ceiling of at least 50x
that. `--out=FILE.json` keeps the measurement (bench/openai_client.json is the committed one, which
the scale page of the site reads). Env: BENCH_PROMPTS (200), BENCH_TOKENS (8), BENCH_LOGPROBS (1), BENCH_CONCURRENCY ('1,2,4,8,16,32,64')."""
import asyncio, json, os, resource, socket, subprocess, sys, tempfile, time
from pathlib import Path
from machine import machine_words   # bench/machine.py

N = 30                                                     # TRAQ's M: samples per question, one request each
PROMPTS = int(os.environ.get('BENCH_PROMPTS', 200))
TOKENS = int(os.environ.get('BENCH_TOKENS', 8))
LOGPROBS = os.environ.get('BENCH_LOGPROBS', '1') == '1'
CONCURRENCY = [int(c) for c in os.environ.get('BENCH_CONCURRENCY', '1,2,4,8,16,32,64').split(',')]
REPEATS = int(os.environ.get('BENCH_REPEATS', 3))   # runs per setting: each row is their median by CPU
GPU_TOKENS_S = float(os.environ.get('BENCH_GPU_TOKENS_S', 10_000))
GPU_TOKENS_PER_SAMPLE = float(os.environ.get('BENCH_GPU_TOKENS_PER_SAMPLE', 8))
TARGET = 50
GPU_SOURCE = ("vLLM's own CI, neuralmagic/nm-vllm benchmark_throughput: Llama-2-7b-chat, input 256 / output 128 "
              "tokens, 1,000 prompts, 3.84 prompts/s = 491 output tokens/s on one A10G; an H100 has 5.6x its memory "
              "bandwidth and 7.9x its dense fp16 rate: 10,000 tokens/s is about 20x the A10G figure")
OUT = next((a.split('=', 1)[1] for a in sys.argv[1:] if a.startswith('--out=')), None)   # --out=FILE.json

# ---- the server (its own process) ---------------------------------------------------------------------------------
def reply(body:dict) -> bytes:
    n, lp = int(body.get('n', 1)), bool(body.get('logprobs'))
    words = [f'w{i}' for i in range(TOKENS)]
    content = [{'token': (' ' if i else '') + w, 'logprob': -0.1 * (i + 1), 'bytes': None, 'top_logprobs': []}
               for i, w in enumerate(words)]
    choices = [{'index': i, 'finish_reason': 'stop', 'logprobs': {'content': content} if lp else None,
                'message': {'role': 'assistant', 'content': ' '.join(words)}} for i in range(n)]
    return json.dumps({'id': 'bench', 'object': 'chat.completion', 'created': 0, 'model': body.get('model', 'bench'),
                       'choices': choices, 'usage': {'prompt_tokens': 200, 'completion_tokens': n * TOKENS,
                                                     'total_tokens': 200 + n * TOKENS}}).encode()

async def handle(reader, writer):
    try:
        while True:
            head = await reader.readuntil(b'\r\n\r\n')
            length = next((int(l.split(b':', 1)[1]) for l in head.split(b'\r\n')
                           if l.lower().startswith(b'content-length:')), 0)
            body = json.loads(await reader.readexactly(length)) if length else {}
            out = reply(body)
            writer.write(b'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n'
                         b'Connection: keep-alive\r\n\r\n' % len(out) + out)
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError): pass
    finally: writer.close()

def serve(port:int):
    async def main():
        server = await asyncio.start_server(handle, '127.0.0.1', port, backlog=1024)
        print('ready', flush=True)
        async with server: await server.serve_forever()
    asyncio.run(main())

def free_port() -> int:
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0)); return s.getsockname()[1]

# ---- the client (this process) ------------------------------------------------------------------------------------
def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime

def run(port:int, concurrency:int, cache_dir:str|None, seed:int) -> dict:
    from conformal_rag.llm import LLM
    from conformal_rag.openai_backend import OpenAIBackend
    from conformal_rag.cache import GenerationCache
    b = OpenAIBackend('bench', base_url=f'http://127.0.0.1:{port}/v1', concurrency=concurrency, max_n=N, timeout=60)
    cache = GenerationCache(Path(cache_dir) / f'c{concurrency}-{seed}.sqlite') if cache_dir else None
    llm = LLM(b, cache=cache if cache else False, progress=False)
    prompts = [f'question {seed}-{i}: which city is the capital?' for i in range(PROMPTS)]
    llm.sample(prompts[:2], n=N, seed=seed, logprobs=LOGPROBS)            # connections and loop warmed
    prompts = prompts[2:]
    c0, t0 = cpu(), time.perf_counter()
    out = llm.sample(prompts, n=N, seed=seed, logprobs=LOGPROBS)
    wall, used = time.perf_counter() - t0, cpu() - c0
    samples = sum(len(o) for o in out)
    assert samples == len(prompts) * N and all(s.text for o in out for s in o)
    return dict(concurrency=concurrency, cache=bool(cache_dir), samples=samples, requests=len(prompts), wall=wall,
                cpu=used, per_wall=samples / wall, per_cpu=samples / used, cpu_ms_per_request=1e3 * used / len(prompts))

def main():
    port = free_port()
    server = subprocess.Popen([sys.executable, __file__, '--serve', str(port)], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline().strip() == 'ready'
        os.environ.setdefault('OPENAI_API_KEY', 'bench-no-key')
        gpu = GPU_TOKENS_S / GPU_TOKENS_PER_SAMPLE
        print(f'client: the package\'s openai: path (LLM.sample -> OpenAIBackend), n = {N} per request, '
              f'{PROMPTS - 2} prompts per run, answers of {TOKENS} tokens, logprobs={LOGPROBS}; '
              f'server: asyncio loopback answering at once, in its own process; {os.cpu_count()} cores')
        print(f'{"C":>3} {"cache":>5} {"samples/s wall":>15} {"samples/client-CPU-s":>21} {"client CPU ms/request":>22}')
        rows = []
        with tempfile.TemporaryDirectory() as tmp:
            for c in CONCURRENCY:
                for cache_dir in (None, tmp):
                    runs = sorted((run(port, c, cache_dir, seed=len(rows) * REPEATS + i) for i in range(REPEATS)),
                                  key=lambda r: r['per_cpu'])
                    r = dict(runs[len(runs) // 2], repeats=REPEATS)   # the median run
                    rows.append(r)
                    print(f'{c:>3} {"yes" if r["cache"] else "no":>5} {r["per_wall"]:>15,.0f} {r["per_cpu"]:>21,.0f} '
                          f'{r["cpu_ms_per_request"]:>22.2f}', flush=True)
        summary = {}
        for cached in (False, True):
            ceiling = max(r['per_cpu'] for r in rows if r['cache'] == cached)
            best = max(r['per_wall'] for r in rows if r['cache'] == cached)
            ratio = ceiling / gpu
            print(f'{"with" if cached else "without"} the cache: client ceiling {ceiling:,.0f} samples per client-CPU-'
                  f'second (best wall rate {best:,.0f}/s) = {ratio:.0f}x one GPU serving a 7B '
                  f'model at TRAQ\'s settings (assumed {gpu:,.0f} samples/s: {GPU_TOKENS_S:,.0f} tokens/s / '
                  f'{GPU_TOKENS_PER_SAMPLE:g} tokens per sample): {"meets" if ratio >= TARGET else "BELOW"} the {TARGET}x target')
            summary['cache' if cached else 'no_cache'] = dict(ceiling=ceiling, best_wall=best, ratio=ratio)
        if OUT:
            Path(OUT).write_text(json.dumps(dict(
                measured=time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), cores=os.cpu_count(), n=N, tokens=TOKENS,
                logprobs=LOGPROBS, prompts=PROMPTS - 2, gpu_samples_s=gpu, gpu_tokens_s=GPU_TOKENS_S,
                gpu_tokens_per_sample=GPU_TOKENS_PER_SAMPLE, target=TARGET, repeats=REPEATS, machine=machine_words(), gpu_source=GPU_SOURCE, rows=rows, **summary), indent=1) + '\n')
            print('written', OUT)
    finally:
        server.terminate(); server.wait()

if __name__ == '__main__':
    if sys.argv[1:2] == ['--serve']: serve(int(sys.argv[2]))
    else: main()
