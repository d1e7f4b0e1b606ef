"""Samples per second of the local backend (`conformal_rag.local_backend.LocalBackend`, one thread) against the bound this
machine allows, in one run:

- one prompt (~190 tokens), M = 30 short answers (BENCH_M; TRAQ's M): the prompt encoded (stored prefixes cleared before every timed run)
  and, reported separately, the cached-prompt case (the prompt's key/value states already stored);
- the collection workload: P = 4 prompts x 8 samples (BENCH_P, BENCH_MC), one prompt at a time against sampled together
  (`generate_many`, what `LLM(batch_prompts=N)` / `MODEL?batch_prompts=N` uses), same seeds;
- the package default (a bare `MODEL`: bf16 weights with the package's grouped eager attention, `model_spec.LOCAL_DEFAULTS`)
  and bf16 with SDPA (`MODEL?dtype=bf16&attention=sdpa`) against the reference numerics, fp32 + SDPA
  (`MODEL?dtype=fp32&attention=sdpa`: transformers' default, the committed collections'), on the same work, with checks
  of log-probability agreement with fp32 (over an fp32 answer's sampled tokens and over prompt + answer) and of greedy
  answers;
- equal work against the peers, all engines interleaved run by run in one loop: with a cached prompt, every sample
  exactly BENCH_N (8) tokens (end-of-sequence ids and stop strings disabled, in this script only), the package default
  (bf16 + eager), fp32 + SDPA and bf16 + SDPA against CTranslate2 int8 (`min_length = max_length = N`) and llama.cpp
  Q4_K_M (the package's `llamacpp:` backend, BENCH_LLAMACPP=1): the same prompt, M and number of tokens, so samples/s
  compare like for like; the line "package default vs CT2 int8" says whether the default reaches CT2 int8 on gemma;
- the sampler: one step over M x vocabulary logits computed 4 rows at a time (the package's) against all rows at once
  (the former code): the same draws bit for bit, and the time of each;
- CTranslate2 int8 with natural stops as well (same prompt, M, length limit and stop; its own numerics and random
  generator, so samples of other lengths: that ratio is not at equal work, and the generated tokens per sample are
  printed beside it).

Every timed run counts the FLOPs it executed and the bytes it read (weights once per forward pass, plus the key/value
cache) with a hook on the model's forward; the bound is max(FLOPs / matmul rate, bytes / memory bandwidth) for the
precision in use, both measured here on one thread in CPU time, best of 3 (1024^3 matmul in fp32, bf16 and int8
(`torch._int_mm`, CTranslate2's bound); a 512 MB read). CTranslate2's work is not hooked: it is estimated from the
package's counted work per generated token on the same prompt (FLOPs per token; weights read once per decoding step at
one byte per parameter; the key/value cache in fp32); llama.cpp's likewise, its GGUF file read once per decoding step
and the int8 rate (its quantized dot products). Times are
medians of BENCH_REPS (3) runs with min and max, as CPU seconds of this one-thread process (what the rates and ratios
use: on a shared machine they hardly count the time other processes hold the core) and wall seconds beside them; the
configurations of one model are interleaved run by run, so a change of load falls on all of them alike; run r uses
seed r in every configuration, so the fp32 configurations do the same work (bf16 draws other samples).
The configurations' tags: `fp32` (the reference numerics), `bf16` (bf16 + SDPA), `bf16+eager` (the package default).

Env: BENCH_MODEL (gemma-3-270m), BENCH_M (30), BENCH_N (8), BENCH_P (4), BENCH_MC (8), BENCH_REPS (3), BENCH_BF16 (1; 0
leaves out bf16 + SDPA),
BENCH_CT2 (1: convert once into the package cache, then time), BENCH_BASELINES (0; 1 adds transformers'
generate(num_return_sequences=M) and single-sample generate() calls, ~1 min more).

`--out=FILE.json` keeps the run: the machine (CPU model, cores, load, the measured matmul rates and read bandwidth),
samples/s of every configuration and the named ratios. The speed figures of README.md and bench/README.md are generated
from the files in bench/runs/ (`python tools/speed_block.py`), as ranges over the machines measured."""
import os, sys, json, time, statistics, shutil, gc
from pathlib import Path
from machine import cpu_model   # bench/machine.py
os.environ.setdefault('OMP_NUM_THREADS', '1')
for v in ('HF_HUB_OFFLINE', 'HF_DATASETS_OFFLINE', 'TRANSFORMERS_OFFLINE'): os.environ.setdefault(v, '1')
import torch
torch.set_num_threads(1)
from conformal_rag.local_backend import LocalBackend, sample_next, GROUPED_EAGER
from conformal_rag.llm import Decoding, render_prompt
from conformal_rag.model_spec import LOCAL_DEFAULTS
from conformal_rag.paths import cache_dir

env = lambda k, d: int(os.environ.get(k, d))
MODEL = os.environ.get('BENCH_MODEL', 'gemma-3-270m')
M, P, MC, REPS = env('BENCH_M', 30), env('BENCH_P', 4), env('BENCH_MC', 8), env('BENCH_REPS', 3)
N_FIXED = env('BENCH_N', 8)   # equal work: every sample exactly this many tokens
DO_BF16, DO_CT2, BASELINES = env('BENCH_BF16', 1), env('BENCH_CT2', 1), env('BENCH_BASELINES', 0)
T_START, CPU_START = time.time(), time.process_time()
OUT = next((a.split('=', 1)[1] for a in sys.argv[1:] if a.startswith('--out=')), None)   # --out=FILE.json

RECORD = dict(script='bench_llm.py', measured=time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), model=MODEL, m=M,
              n_fixed=N_FIXED, reps=REPS, machine=dict(cpu=cpu_model(), cores=os.cpu_count(),
                                                      load=round(os.getloadavg()[0], 1)), ratios={})

CTX = ("Lima, founded in 1535 as the City of Kings, is the capital and the largest city of Peru. It is located in the "
       "valleys of the Chillón, Rímac and Lurín Rivers, in the desert zone of the central coastal part of the country, "
       "overlooking the Pacific Ocean. Together with the seaport of Callao, it forms a contiguous urban area known as the "
       "Lima Metropolitan Area. With a population of more than 10 million, Lima is one of the largest cities in the "
       "Americas and the country's political, cultural, financial and commercial centre.")
PROMPT = render_prompt('one_shot', 'What is the capital of Peru?', CTX)
words = CTX.split()
PROMPTS = [render_prompt('one_shot', 'What is the capital of Peru?', ' '.join(words[i*7:] + words[:i*7])) for i in range(P)]
DEC = Decoding(temperature=1.0, top_p=1.0, max_new_tokens=16, stop=('\n',))
GREEDY = Decoding(temperature=0, max_new_tokens=16, stop=('\n',))
FIXED = Decoding(temperature=1.0, top_p=1.0, max_new_tokens=N_FIXED, stop=())   # with end-of-sequence ids disabled


def med(xs): return statistics.median(xs)


# ---------------------------------------------------------------- the machine: matmul rate and memory bandwidth
def matmul_rate(dtype, n=1024, reps=8):
    "GFLOP/s of an n^3 matmul on one thread, in CPU time like the runs: the best of 3 timings of `reps` products (a bound)."
    if dtype == torch.int8: A, B, mm = torch.randint(-128, 128, (n, n), dtype=dtype), torch.randint(-128, 128, (n, n), dtype=dtype), torch._int_mm
    else: A, B, mm = torch.randn(n, n).to(dtype), torch.randn(n, n).to(dtype), torch.matmul
    mm(A, B)
    ts = []
    for _ in range(3):
        t = time.process_time()
        for _ in range(reps): mm(A, B)
        ts.append(time.process_time() - t)
    return reps * 2 * n**3 / min(ts) / 1e9


def read_bandwidth(mb=512):
    "GB/s of reading `mb` MB once (a sum over an fp32 tensor; one thread), in CPU time: the best of 3 (a bound)."
    x = torch.ones(mb * 2**20 // 4); x.sum()
    ts = []
    for _ in range(3):
        t = time.process_time(); x.sum(); ts.append(time.process_time() - t)
    return x.numel() * 4 / min(ts) / 1e9


# ---------------------------------------------------------------- what a run executes: FLOPs and bytes
class Work:
    "Counts FLOPs and bytes of every forward pass of a causal LM (a forward pre-hook; executed work, padding included)."
    def __init__(self, lm):
        cfg = lm.config.get_text_config() if hasattr(lm.config, 'get_text_config') else lm.config
        emb, head = lm.get_input_embeddings().weight, lm.get_output_embeddings().weight
        n = sum(p.numel() for p in lm.parameters())
        self.head = head.numel()
        self.body = n - emb.numel() - (0 if head is emb else head.numel())   # matmul weights of the layers
        self.layers, self.heads = cfg.num_hidden_layers, cfg.num_attention_heads
        self.hd = getattr(cfg, 'head_dim', None) or cfg.hidden_size // cfg.num_attention_heads
        self.kv_heads = getattr(cfg, 'num_key_value_heads', self.heads)
        self.window = getattr(cfg, 'sliding_window', None)
        self.bpe = next(lm.parameters()).element_size()
        self.reset(); lm.register_forward_pre_hook(self.hook, with_kwargs=True)

    def reset(self): self.flops = self.weight_bytes = self.kv_bytes = self.calls = 0
    def as_dict(self): return dict(flops=self.flops, wbytes=self.weight_bytes, kvbytes=self.kv_bytes, calls=self.calls)

    def hook(self, mod, args, kwargs):
        ids = kwargs.get('input_ids', args[0] if args else None)
        B, T = ids.shape
        past = kwargs.get('past_key_values')
        c0 = past.get_seq_length() if past is not None else 0      # cached positions (left padding included)
        keep = kwargs.get('logits_to_keep') or 0
        rows = B * (min(T, keep) if keep else T)
        ctx = B * (T * c0 + T * (T + 1) // 2)                       # (query, key) pairs of the causal attention
        self.flops += 2 * self.body * B * T + 2 * self.head * rows + 4 * self.layers * self.heads * self.hd * ctx
        self.weight_bytes += (self.body + self.head) * self.bpe      # every weight matrix streamed once per pass
        self.kv_bytes += 2 * self.layers * self.kv_heads * self.hd * B * (c0 + T) * self.bpe   # keys and values read
        self.calls += 1


def timed(configs, reps=REPS, work=None):
    """Time configurations interleaved: run r runs each `(name, run, before)` once (`before(r)` untimed, then `run(r)`),
    so a change of load during the bench falls on every configuration alike. Per name: wall and CPU seconds (this
    process: one thread, so CPU time hardly counts the time other processes hold the core), outputs, FLOPs, bytes."""
    wk0 = work
    res = {c[0]: dict(wall=[], cpu=[], out=[], flops=[], nbytes=[], work=[]) for c in configs}
    for r in range(reps):
        for name, run, before, *own in configs:   # a fourth item: that configuration's own `Work`
            work = own[0] if own else wk0
            if before: before(r)
            if work: work.reset()
            t, c = time.perf_counter(), time.process_time()
            out = run(r)
            x = res[name]; x['wall'].append(time.perf_counter() - t); x['cpu'].append(time.process_time() - c); x['out'].append(out)
            if work:
                x['flops'].append(work.flops); x['nbytes'].append(work.weight_bytes + work.kv_bytes); x['work'].append(work.as_dict())
    return res


ROWS = []
def report(name, x, samples, gflops=None, gbps=None, note=''):
    "Record a configuration: median/min/max wall and CPU seconds, samples/s (CPU), and the bound max(compute, memory)."
    row = dict(name=name, samples=samples, wall=x['wall'], cpu=x['cpu'], sps=samples / med(x['cpu']),
               sps_wall=samples / med(x['wall']), note=note)
    if x.get('flops'):
        f, b = med(x['flops']), med(x['nbytes'])
        t_c, t_m = f / (gflops * 1e9), b / (gbps * 1e9)
        row.update(gflop=f / 1e9, gb=b / 1e9, t_c=t_c, t_m=t_m, bound_sps=samples / max(t_c, t_m),
                   bound_by='compute' if t_c >= t_m else 'memory')
    ROWS.append(row)
    return row


def seq_logprobs(b, prompt, answer):
    "Log-probability of every token of prompt + answer after the first, from one plain forward pass."
    ids = b.encode(prompt) + list(answer)
    with torch.inference_mode():
        lp = torch.log_softmax(b.lm(input_ids=torch.tensor([ids])).logits[0, :-1].float(), -1)
    return lp.gather(-1, torch.tensor(ids[1:])[:, None]).squeeze(-1)


def same_tokens(a, b): return sum(x == y for x, y in zip(a, b))


# ---------------------------------------------------------------- run
print(f"model {MODEL}, one thread (torch {torch.__version__}); M = {M}; collection workload {P} prompts x {MC}; "
      f"max 16 new tokens, stop at newline (natural stops), or exactly {N_FIXED} tokens (equal work); "
      f"{REPS} runs per configuration (seed = run)")
rate = dict(float32=matmul_rate(torch.float32), bfloat16=matmul_rate(torch.bfloat16))
try: rate['int8'] = matmul_rate(torch.int8)
except Exception as e: print(f"int8 matmul rate not measured ({type(e).__name__}: {e}): CTranslate2 rows get no bound")
bw = read_bandwidth()
RECORD['machine'].update(gflops_fp32=round(rate['float32'], 1), gflops_bf16=round(rate['bfloat16'], 1),
                         gops_int8=round(rate['int8'], 1) if 'int8' in rate else None, read_gbs=round(bw, 1))
print(f"machine: matmul {rate['float32']:.1f} GFLOP/s fp32, {rate['bfloat16']:.1f} GFLOP/s bf16, "
      f"{rate.get('int8', float('nan')):.1f} GOP/s int8 (1024^3, one thread); "
      f"memory read {bw:.1f} GB/s (512 MB, one thread); CPU time, best of 3")

results = {}
# the per-configuration workloads: the reference numerics first (the others' log-probabilities are checked against it)
CONFIGS = ([('fp32', dict(dtype='float32', attention='sdpa'))]
           + ([('bf16', dict(dtype='bfloat16', attention='sdpa'))] if DO_BF16 else [])
           + [('bf16+eager', {})])   # the package default: nothing named
assert LOCAL_DEFAULTS == dict(dtype='bfloat16', attention='eager'), f'the package default is now {LOCAL_DEFAULTS}: relabel'
SPEC = {'fp32': f'{MODEL}?dtype=fp32&attention=sdpa', 'bf16': f'{MODEL}?dtype=bf16&attention=sdpa', 'bf16+eager': MODEL}
for tag, kw in CONFIGS:
    full = tag != 'bf16+eager'   # the default: the single-prompt workloads only (and equal work below)
    t0 = time.time(); b = LocalBackend(MODEL, threads=1, **kw); load_s = time.time() - t0
    work = Work(b.lm); L = len(b.encode(PROMPT))
    print(f"\n[{tag}] loaded in {load_s:.1f} s; prompt {L} tokens; parameters: body {work.body/1e6:.0f} M, "
          f"output head {work.head/1e6:.0f} M ({(work.body + work.head) * work.bpe / 1e9:.2f} GB read per forward pass)")
    b.generate(PROMPT, 2, DEC, seed=99); b.clear_prefixes()   # warm-up (allocations, kernels)
    g, w = rate['float32' if tag == 'fp32' else 'bfloat16'], bw

    # 1. one prompt, M samples, prompt encoded (no stored prefix); 2. the same with the prompt's states stored (cached
    # prompt: one token encoded); 3-4. the collection workload one prompt at a time and sampled together (same seeds)
    clear = lambda r: b.clear_prefixes()
    def store(r): b.clear_prefixes(); b.generate(PROMPT, 1, Decoding(temperature=0, max_new_tokens=1))
    names = [f'{tag}: 1 prompt x {M}, prompt encoded', f'{tag}: 1 prompt x {M}, cached prompt',
             f'{tag}: {P} prompts x {MC}, one at a time', f'{tag}: {P} prompts x {MC}, together']
    configs = [(names[0], lambda r: (b.generate(PROMPT, M, DEC, seed=r, logprobs=True), b.last_tokens), clear),
               (names[1], lambda r: b.generate(PROMPT, M, DEC, seed=r), store),
               (names[2], lambda r: [(b.generate(p, MC, DEC, seed=r, logprobs=True), b.last_tokens) for p in PROMPTS], clear),
               (names[3], lambda r: (b.generate_many(PROMPTS, MC, DEC, [r] * P, logprobs=True), b.last_tokens), clear)]
    res = timed(configs if full else configs[:2], work=work)
    for name, n in zip(names, [M, M, P * MC, P * MC][:4 if full else 2]): report(name, res[name], n, g, w)
    outs = res[names[0]]['out']
    results[f'{tag}_gen_tokens'] = sum(len(x) for _, toks in outs for x in toks) / (REPS * M)
    if tag == 'fp32':   # the shared encoding gives the log-probabilities of a plain forward pass
        samples, toks = outs[-1]
        worst = max((abs(x - y) for s, t in list(zip(samples, toks))[:5] for x, y in zip(s.logprobs, b.token_logprobs(PROMPT, t))), default=0)
        results['shared_vs_forward'] = worst
        # the agreement checks' sequences: 5 fp32 samples of each prompt (every token after the first is scored)
        results['fp32_ref'] = [(p, t) for p in PROMPTS for t in (b.generate(p, 5, DEC, seed=1) and b.last_tokens) if t]
        results['fp32_ref_lp'] = [seq_logprobs(b, p, t) for p, t in results['fp32_ref']]
        results['fp32_greedy'] = [b.generate(p, 1, GREEDY)[0].text for p in PROMPTS]
        # the sampler computes a few rows at a time: the same draws as all rows at once (the former code), and faster
        lg = b._encode_batch([b.encode(PROMPT)])[1].repeat(M, 1); u = torch.rand(M, dtype=torch.float64)
        same = all(torch.equal(x, y) for x, y in zip(sample_next(lg, 1.0, 1.0, u=u), sample_next(lg, 1.0, 1.0, u=u, rows=M)))
        step = {}
        for rows in (M, 4):
            c = time.process_time()
            for _ in range(5): sample_next(lg, 1.0, 1.0, u=u, rows=rows)
            step[rows] = (time.process_time() - c) / 5
        results['sampler'] = (same, step[M], step[4], lg.shape[-1])
    else:
        lp = [seq_logprobs(b, p, t) for p, t in results['fp32_ref']]
        d = torch.cat([(a - c).abs() for a, c in zip(results['fp32_ref_lp'], lp)])
        ans = torch.cat([(a - c).abs()[-len(t):] for a, c, (_, t) in zip(results['fp32_ref_lp'], lp, results['fp32_ref'])])
        results[f'{tag}_lp'] = (d.max().item(), d.mean().item(), len(d), ans.max().item(), ans.mean().item(), len(ans))
        results[f'{tag}_greedy'] = [b.generate(p, 1, GREEDY)[0].text for p in PROMPTS]
    if tag == 'bf16+eager':   # the package's grouped eager attention against transformers' eager: the same logits?
        ids = torch.tensor([b.encode(PROMPTS[0]) + list(results['fp32_ref'][0][1])])
        with torch.inference_mode():
            ours = b.lm(input_ids=ids).logits; b.lm.set_attn_implementation('eager'); theirs = b.lm(input_ids=ids).logits
        b.lm.set_attn_implementation(GROUPED_EAGER)
        results['eager_same'] = (torch.equal(ours, theirs), (ours.float() - theirs.float()).abs().max().item(), ids.shape[1])
    if full:   # sampled together against one at a time: the same answers?
        one, many = res[names[2]]['out'], res[names[3]]['out']
        n_same = n_all = 0; lp = 0.
        for r in range(REPS):
            t_one = [t for _, toks in one[r] for t in toks]
            s_one = [s for ss, _ in one[r] for s in ss]
            s_many, t_many = [s for ss in many[r][0] for s in ss], many[r][1]
            n_same += same_tokens(t_one, t_many); n_all += len(t_one)
            lp = max([lp] + [abs(x - y) for a, c, ta, tc in zip(s_one, s_many, t_one, t_many) if ta == tc for x, y in zip(a.logprobs, c.logprobs)])
        results[f'{tag}_batched'] = (n_same, n_all, lp)

    if BASELINES and tag == 'fp32':
        tok, lm = b.tok, b.lm
        ids = torch.tensor([b.encode(PROMPT)])
        kw = dict(do_sample=True, temperature=1.0, top_p=1.0, top_k=0, max_new_tokens=16, stop_strings=['\n'], tokenizer=tok,
                  pad_token_id=tok.pad_token_id if tok.pad_token_id is not None else tok.eos_token_id, attention_mask=torch.ones_like(ids))
        with torch.inference_mode():
            nrs, single = f'{tag}: generate(num_return_sequences={M})', f'{tag}: 5 x generate(), one sample each'
            res = timed([(nrs, lambda r: torch.manual_seed(r) and lm.generate(ids, num_return_sequences=M, **kw), None),
                         (single, lambda r: torch.manual_seed(r) and [lm.generate(ids, **kw) for _ in range(5)], None)], work=work)
            report(nrs, res[nrs], M, g, w, note='transformers'); report(single, res[single], 5, g, w, note='transformers')
    folder = b.folder
    del b, work; gc.collect()

# 5. equal work, every configuration interleaved run by run in one loop (so a change of load falls on all alike): the
# package's configurations, CTranslate2 int8 (`min_length = max_length = N`) and llama.cpp Q4_K_M (the package's
# `llamacpp:` backend), a cached prompt, M samples of exactly N_FIXED tokens each
FX = f'1 prompt x {M}, cached, exactly {N_FIXED} tokens'
EQ = []   # (name, run, before, work or None, samples check) of every engine at equal work
def package_fixed(tag, b):
    def store(r): b.generate(PROMPT, 1, Decoding(temperature=0, max_new_tokens=1))
    def run(r): return b.generate(PROMPT, M, FIXED, seed=r), b.last_tokens
    b.eos_ids = set()   # equal work: no end-of-sequence id ends a sample (these instances only); FIXED has no stop string
    b.generate(PROMPT, 2, FIXED, seed=99)   # warm-up
    return (f'{tag}: {FX}', run, store, Work(b.lm), lambda out: [len(t) for t in out[1]])
eq_backends = {tag: LocalBackend(MODEL, threads=1, **kw) for tag, kw in CONFIGS}
for tag, b in eq_backends.items(): EQ.append(package_fixed(tag, b))
ct2_names = None
if DO_CT2:
    try:
        import ctranslate2
        from transformers import AutoTokenizer
        out = cache_dir('models', 'ct2') / f'{os.path.basename(os.path.normpath(MODEL))}-int8'   # outside the repository
        if not (out / 'model.bin').exists():
            t0 = time.time(); tmp = out.with_name(out.name + '.tmp'); shutil.rmtree(tmp, ignore_errors=True)
            ctranslate2.converters.TransformersConverter(str(folder), low_cpu_mem_usage=True).convert(str(tmp), quantization='int8', force=True)
            shutil.rmtree(out, ignore_errors=True); os.replace(tmp, out)
            print(f"\nconverted {folder} to CTranslate2 int8 in {time.time() - t0:.0f} s -> {out}")
        tok = AutoTokenizer.from_pretrained(folder)
        gen = ctranslate2.Generator(str(out), device='cpu', compute_type='int8', intra_threads=1, inter_threads=1)
        pieces = tok.convert_ids_to_tokens(tok(PROMPT)['input_ids'])
        vocab = tok.convert_ids_to_tokens(list(range(len(tok))))
        ends = sorted({i for i, t in enumerate(vocab) if t and ('\n' in t or 'Ċ' in t)} | {tok.eos_token_id})
        def ct2(r, fixed=False):
            ctranslate2.set_random_seed(r + 1)
            length = dict(min_length=N_FIXED, max_length=N_FIXED) if fixed else dict(max_length=16)
            return gen.generate_batch([pieces[-1:]] * M, static_prompt=pieces[:-1], include_prompt_in_result=False,
                                      sampling_topk=0, sampling_temperature=1.0, end_token=ends,
                                      return_end_token=True, **length)   # counted like the package's, whose samples keep their stop token
        ct2(0); ct2(0, True)   # warm-up: caches the static prompt
        v = ctranslate2.__version__
        ct2_names = f'CTranslate2 {v} int8: 1 prompt x {M}, cached prompt', f'CTranslate2 {v} int8: {FX}'
        EQ.append((ct2_names[1], lambda r: ct2(r, True), None, None, lambda o: [len(x.sequences_ids[0]) for x in o]))
    except Exception as e:   # an architecture the converter does not know: say so and go on
        print(f"\nCTranslate2 peer skipped: {type(e).__name__}: {e}")
LLAMA = None
if os.environ.get('BENCH_LLAMACPP', '1') == '1' and MODEL == 'gemma-3-270m':
    try:
        from conformal_rag.llamacpp_backend import LlamaCppBackend, have_llama_cpp
        from conformal_rag.local_backend import gguf_path
        if have_llama_cpp():
            lc = LlamaCppBackend(MODEL); lc.m.eos_ids = set()   # equal work: exactly N tokens per sample
            lc.generate(PROMPT, 2, FIXED, seed=99)               # warm-up: the prompt's states kept
            LLAMA = (f'llama.cpp Q4_K_M: {FX}', gguf_path(MODEL).stat().st_size)
            EQ.append((LLAMA[0], lambda r: lc.generate(PROMPT, M, FIXED, seed=r, logprobs=True), None, None,
                       lambda out: [len(s.logprobs) for s in out]))   # one log-probability per token
        else: print("\nllama.cpp peer skipped: llama-cpp-python not installed (make llamacpp)")
    except Exception as e:
        print(f"\nllama.cpp peer skipped: {type(e).__name__}: {e}")
print(f"\n[equal work] {len(EQ)} engines interleaved, {REPS} runs each: " + ', '.join(e[0].split(':')[0] for e in EQ))
res = timed([e[:4] if e[3] else e[:3] for e in EQ])
for name, run, before, wk, lens in EQ:
    got = {n for out in res[name]['out'] for n in lens(out)}
    assert got == {N_FIXED}, f'{name}: equal work broken: samples of {sorted(got)} tokens, not all {N_FIXED}'
wk = res[f'fp32: {FX}']['work'][-1]   # per generated token, from the hook: the estimate of the peers' work
results['per_token'] = dict(flops=wk['flops'] / (M * N_FIXED), kv=wk['kvbytes'] / (M * N_FIXED) / 4,
                            params=EQ[0][3].body + EQ[0][3].head)
pt = results['per_token']
for tag in eq_backends: report(f'{tag}: {FX}', res[f'{tag}: {FX}'], M, rate['float32' if tag == 'fp32' else 'bfloat16'], bw)
if ct2_names:   # CTranslate2: estimated work (the package's FLOPs per token, int8 weights), bound at the int8 rate
    x = res[ct2_names[1]]
    x['flops'] = [pt['flops'] * M * N_FIXED] * REPS
    x['nbytes'] = [pt['params'] * 1 * N_FIXED + pt['kv'] * 4 * M * N_FIXED] * REPS
    report(ct2_names[1], x, M, rate.get('int8'), bw, note='int8 weights, its own sampler, equal work')
if LLAMA:   # llama.cpp: the same FLOPs estimate, its GGUF file read once per decoding step, int8 dot products
    x = res[LLAMA[0]]
    x['flops'] = [pt['flops'] * M * N_FIXED] * REPS
    x['nbytes'] = [LLAMA[1] * N_FIXED + pt['kv'] * 2 * M * N_FIXED] * REPS
    report(LLAMA[0], x, M, rate.get('int8'), bw, note='Q4_K_M weights, the package sampler, equal work')
    del lc
del eq_backends; gc.collect()

# 6. CTranslate2 int8 with natural stops (same prompt, M, max 16 new tokens, stop at a newline token; its own samples,
# of other lengths: not equal work)
if ct2_names:
    name = ct2_names[0]
    res = timed([(name, ct2, None)])
    lens = [[len(x.sequences_ids[0]) for x in o] for o in res[name]['out']]
    if 'int8' in rate:
        res[name]['flops'] = [pt['flops'] * sum(ls) for ls in lens]
        res[name]['nbytes'] = [pt['params'] * 1 * max(ls) + pt['kv'] * 4 * sum(ls) for ls in lens]
    report(name, res[name], M, rate.get('int8'), bw, note='int8 weights, its own sampler: not the same samples nor lengths')
    results['ct2_gen_tokens'] = sum(map(sum, lens)) / (REPS * M)
    del gen

# ---------------------------------------------------------------- table
print(f"\n{'configuration':64s} {'wall s: median (min-max)':>24s} {'CPU s: median (min-max)':>23s} {'samples/s':>9s} "
      f"{'GFLOP':>6s} {'GB read':>7s} {'bound /s':>8s} {'bound by':>8s} {'of bound':>8s}")
for r in ROWS:
    w, c = r['wall'], r['cpu']
    extra = (f" {r['gflop']:6.1f} {r['gb']:7.1f} {r['bound_sps']:8.1f} {r['bound_by']:>8s} {100 * r['sps'] / r['bound_sps']:7.0f}%"
             + (f"  ({r['note']}; work estimated)" if r['note'] else '') if 'gflop' in r else f"  ({r['note']})")
    print(f"{r['name']:64s} {f'{med(w):.2f} ({min(w):.2f}-{max(w):.2f})':>24s} {f'{med(c):.2f} ({min(c):.2f}-{max(c):.2f})':>23s} "
          f"{r['sps']:9.2f}" + extra)
print("samples/s = samples / median CPU seconds (one thread); the bound: samples / max(GFLOP / matmul rate, GB / bandwidth)\n"
      "at the precision in use (CTranslate2: int8 rate, weights one byte per parameter)")

by = {r['name']: r for r in ROWS}
def show(label, a, b, work_too=False, key=None):
    "Print the ratio of samples/s of configuration `a` to `b` (CPU, and wall); kept in the record under `key`."
    if a not in by or b not in by: return None
    x, y = by[a], by[b]
    def ratio(key):
        (xs, ys), na, nb = (x[key], y[key]), x['samples'], y['samples']
        return (na / med(xs)) / (nb / med(ys)), (na / max(xs)) / (nb / min(ys)), (na / min(xs)) / (nb / max(ys))
    (r, lo, hi), (rw, lw, hw) = ratio('cpu'), ratio('wall')
    per_work = (f"; per executed GFLOP {(x['gflop'] / med(x['cpu'])) / (y['gflop'] / med(y['cpu'])):.2f}x"
                if work_too and 'gflop' in x and 'gflop' in y else '')
    print(f"{label:58s} {r:5.2f}x CPU (runs {lo:.2f}-{hi:.2f}x); wall {rw:.2f}x ({lw:.2f}-{hw:.2f}x){per_work}")
    if key: RECORD['ratios'][key] = dict(ratio=r, lo=lo, hi=hi, wall=rw, label=label.strip())
    return r

print("\nratios of samples/s (medians; in brackets the extremes over runs; fp32 = the reference numerics, fp32 + SDPA; "
      "bf16 = bf16 + SDPA; bf16+eager = the package default):")
show("sampled together vs one prompt at a time (fp32)", f'fp32: {P} prompts x {MC}, together', f'fp32: {P} prompts x {MC}, one at a time',
     key='together_vs_one_fp32')
show("sampled together vs one prompt at a time (bf16)", f'bf16: {P} prompts x {MC}, together', f'bf16: {P} prompts x {MC}, one at a time')
show("bf16 vs fp32, 1 prompt, prompt encoded", f'bf16: 1 prompt x {M}, prompt encoded', f'fp32: 1 prompt x {M}, prompt encoded', work_too=True)
show("bf16 vs fp32, 1 prompt, cached prompt", f'bf16: 1 prompt x {M}, cached prompt', f'fp32: 1 prompt x {M}, cached prompt', work_too=True,
     key='bf16_vs_fp32_cached')
show("bf16 vs fp32, prompts sampled together", f'bf16: {P} prompts x {MC}, together', f'fp32: {P} prompts x {MC}, together', work_too=True)
show("cached vs encoded prompt (fp32)", f'fp32: 1 prompt x {M}, cached prompt', f'fp32: 1 prompt x {M}, prompt encoded')
show("bf16 + eager attention vs bf16 (SDPA), cached prompt", f'bf16+eager: 1 prompt x {M}, cached prompt', f'bf16: 1 prompt x {M}, cached prompt', work_too=True)
print(f"\nequal work ({M} samples of exactly {N_FIXED} tokens, cached prompt; all engines interleaved in one loop):")
ctf = ct2_names[1] if ct2_names else None
LABEL = {'fp32': f'the reference numerics ({SPEC["fp32"]})', 'bf16': f'the package {SPEC["bf16"]}',
         'bf16+eager': f'the package default ({MODEL}: bf16 + eager attention)'}
vs_ct2 = {tag: show(f"{LABEL[tag]} vs CT2 int8", f'{tag}: {FX}', ctf, key=f'{tag}_vs_ct2_int8') if ctf else None
          for tag, _ in CONFIGS}
if LLAMA:
    if ctf: show(f"llama.cpp Q4_K_M (llamacpp:, {M} sequences) vs CT2 int8", LLAMA[0], ctf, key='llamacpp_vs_ct2_int8')
    for tag in [t for t, _ in CONFIGS]:
        show(f"{LABEL[tag]} vs llama.cpp Q4_K_M", f'{tag}: {FX}', LLAMA[0], key=f'{tag}_vs_llamacpp')
for tag in [t for t, _ in CONFIGS][1:]:
    show(f"{LABEL[tag]} vs the reference fp32 + SDPA", f'{tag}: {FX}', f'fp32: {FX}', key=f'{tag}_vs_fp32_sdpa')
r = vs_ct2['bf16+eager']   # issue 31: the default sampler at the peers' speed, at equal work
if r is not None and MODEL == 'gemma-3-270m':
    print(f"package default vs CT2 int8 at equal work: {r:.2f}x (package {'>=' if r >= 1 else '<'} 1.0x CT2 int8 on gemma)")
if ctf:
    ctn = ct2_names[0]
    show("natural stops (unequal lengths): CT2 int8 vs the package fp32", ctn, f'fp32: 1 prompt x {M}, cached prompt')
    show("natural stops (unequal lengths): CT2 int8 vs the package bf16", ctn, f'bf16: 1 prompt x {M}, cached prompt')
    show("natural stops (unequal lengths): CT2 int8 vs the package default", ctn, f'bf16+eager: 1 prompt x {M}, cached prompt')
if BASELINES:
    show(f"shared encoding vs generate(num_return_sequences={M})", f'fp32: 1 prompt x {M}, prompt encoded', f'fp32: generate(num_return_sequences={M})')
    show("shared encoding vs single-sample generate()", f'fp32: 1 prompt x {M}, prompt encoded', 'fp32: 5 x generate(), one sample each')
print("(bf16 and fp32 draw different samples, and a batch steps until its longest sample ends: the bf16 lines also give\n"
      " the ratio per executed GFLOP, which does not depend on the samples' lengths)")

print("\nchecks:")
print(f"  shared encoding vs a plain forward pass: largest |log-probability difference| {results['shared_vs_forward']:.1e} (5 samples)")
same, t_all, t_rows, V = results['sampler']
print(f"  sampler (one step over {M} x {V:,} logits): 4 rows at a time {1e3 * t_rows:.0f} ms vs all rows at once "
      f"(the former code) {1e3 * t_all:.0f} ms ({t_all / t_rows:.1f}x); the same tokens and log-probabilities bit for bit: {same}")
for tag in [t for t, _ in CONFIGS]:
    if f'{tag}_batched' in results:
        n_same, n_all, lp = results[f'{tag}_batched']
        print(f"  {tag}: sampled together vs one at a time (same seeds): {n_same} of {n_all} answers token-identical; "
              f"identical answers' log-probabilities within {lp:.1e}")
for tag in [t for t, _ in CONFIGS][1:]:
    mx, mean, n, amx, amean, an = results[f'{tag}_lp']
    agree = sum(a == c for a, c in zip(results['fp32_greedy'], results[f'{tag}_greedy']))
    print(f"  {LABEL[tag]} vs fp32 + SDPA: |log-probability difference| over the {an} sampled tokens ({len(results['fp32_ref'])} "
          f"fp32 answers to {len(PROMPTS)} prompts) largest {amx:.3f}, mean {amean:.3f}; over all {n} tokens of prompt + "
          f"answer largest {mx:.3f}, "
          f"mean {mean:.3f}; greedy answers agree {agree}/{len(PROMPTS)}")
if 'eager_same' in results:
    same, d, n = results['eager_same']
    print(f"  bf16 logits of the package's grouped eager attention vs transformers' eager over {n} positions: "
          f"identical {same} (largest difference {d:.1e})")
print("  generated tokens per sample: " + ", ".join(f"{k[:-11]} {v:.1f}" for k, v in results.items() if k.endswith('_gen_tokens')))
print(f"\nbench time {time.time() - T_START:.0f} s wall, {time.process_time() - CPU_START:.0f} s CPU (this process)")
RECORD.update(sampler_step_ms=round(1e3 * t_rows, 1), sampler_step_all_rows_ms=round(1e3 * t_all, 1),
              samples_per_s={r['name']: round(r['sps'], 2) for r in ROWS},
              bench_wall_s=round(time.time() - T_START), bench_cpu_s=round(time.process_time() - CPU_START))
if OUT:
    Path(OUT).parent.mkdir(parents=True, exist_ok=True)
    Path(OUT).write_text(json.dumps(RECORD, indent=1) + '\n'); print('written', OUT)

# the llama.cpp engine in the same run (bench/bench_llamacpp.py: gemma at equal work beside the package's paths, and
# Qwen greedy replies against transformers bf16); it prints why it skips when llama-cpp-python is not installed
if os.environ.get('BENCH_LLAMACPP', '1') == '1':
    import runpy
    print('\n== llama.cpp (bench/bench_llamacpp.py)')
    runpy.run_path(str(Path(__file__).with_name('bench_llamacpp.py')), run_name='__main__')
