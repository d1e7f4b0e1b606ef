"""Prompts per second of RC-RAG's collection workload (the RAG prompt, five CF-usage and five CF-quality rounds that
each re-send the whole dialogue, the ablation, fusion and baseline prompts) on the local backend, one thread, greedy,
24 new tokens at most: LocalBackend with stored prefixes (the default), LocalBackend encoding every prompt whole
(`prefix_tokens=0`, the same batched decoding), and transformers' `generate()` one prompt at a time (the reference).
The prompts are those of the committed collection's first questions, asked stage by stage in batches like the
collection; all three must give the same replies. Env: BENCH_MODEL (default smollm2-135m-instruct), BENCH_Q (questions,
default 8), BENCH_REF_Q (questions timed with the reference, default 3; its rate is per prompt), BENCH_GENERATIONS (the
export replayed for the prompts; default the committed data/rcrag_generations.jsonl.gz)."""
import json, os, time
os.environ.setdefault('OMP_NUM_THREADS', '1')
import torch
torch.set_num_threads(1)
from conformal_rag import rcrag as rc, rcrag_collect as rcc
from conformal_rag.experiments import experiment_questions
from conformal_rag.llm import LLM, Decoding, cut_at_stop
from conformal_rag.local_backend import LocalBackend

MODEL = os.environ.get('BENCH_MODEL', 'smollm2-135m-instruct')
Q, REF_Q = int(os.environ.get('BENCH_Q', 8)), int(os.environ.get('BENCH_REF_Q', 3))
BATCH = rcc.RCRAG_DEFAULTS['batch_prompts']

# the workload: every prompt run_rcrag asks for the first Q questions, in its order (replayed from the committed file)
from conformal_rag.llm import replay_llm; from conformal_rag.paths import data_dir
replay = replay_llm(os.environ.get('BENCH_GENERATIONS') or data_dir(rcc.RCRAG_GENERATIONS_FILE), MODEL)
ds, qs = experiment_questions(rcc.RCRAG_DEFAULTS['n_questions'], rcc.RCRAG_DEFAULTS['seed'])
def workload(q):
    "The prompts of `run_rcrag` on questions `q`, stage by stage (each stage's duplicates asked once, as `rc.ask` does)."
    stages, orig = [], LLM.sample
    def record(self, prompts, *a, **k):
        stages.append(list(prompts)); return orig(self, prompts, *a, **k)
    LLM.sample = record
    try: rc.run_rcrag(replay, q, rcc.top_passages(ds, q, 'dense'), rcc.rc_config(MODEL))
    finally: LLM.sample = orig
    return stages
stages, ref_prompts = workload(qs.iloc[:Q]), [p for s in workload(qs.iloc[:REF_Q]) for p in s]
key = lambda p: p if isinstance(p, str) else json.dumps(p, sort_keys=True)
flat = [p for s in stages for p in s]
n_prompts = len(flat)
dec = Decoding(temperature=0.0, max_new_tokens=24, stop=rc.STOP)
committed = [s[0].text for s in replay.sample(flat, n=1, temperature=0.0, max_new_tokens=24, stop=rc.STOP)]

def ours(prefix_tokens):
    b = LocalBackend(MODEL, prefix_tokens=prefix_tokens, dtype='float32', attention='sdpa')   # the committed replies' numerics
    b.generate_many(['Warm-up.'], 1, dec, [0])
    t, out = time.perf_counter(), []
    for s in stages:
        for c in range(0, len(s), BATCH):
            out += [r[0].text for r in b.generate_many(s[c:c + BATCH], 1, dec, [0] * len(s[c:c + BATCH]))]
    return time.perf_counter() - t, out, b

t_prefix, out_prefix, b = ours(65536)
print(f"model {MODEL}; {Q} questions, {n_prompts} prompts in {len(stages)} stages; batches of {BATCH}; 1 thread; "
      f"{b.reused_tokens} of {b.prompt_tokens} prompt tokens ({b.reused_tokens / b.prompt_tokens:.0%}) came from stored prefixes")
t_whole, out_whole, _ = ours(0)

# reference: transformers generate(), greedy, one prompt at a time, the same stop strings, for the first REF_Q questions
tok, lm = b.tok, b.lm
kw = dict(do_sample=False, max_new_tokens=24, stop_strings=list(rc.STOP), tokenizer=tok,
          pad_token_id=tok.pad_token_id if tok.pad_token_id is not None else tok.eos_token_id)
t, ref_out = time.perf_counter(), []
with torch.inference_mode():
    for p in ref_prompts:
        ids = torch.tensor([b.encode(p)])
        g = lm.generate(ids, attention_mask=torch.ones_like(ids), **kw)[0, ids.shape[1]:].tolist()
        ref_out.append(cut_at_stop(b.decode(g), dec.stop)[0])
t_ref = time.perf_counter() - t

rate = dict(prefix=n_prompts / t_prefix, whole=n_prompts / t_whole, ref=len(ref_prompts) / t_ref)
print(f"\n{'method':52s} {'s':>7s} {'prompts/s':>10s} {'vs ours':>8s}")
print(f"{'LocalBackend, stored prefixes (default)':52s} {t_prefix:7.1f} {rate['prefix']:10.2f} {1:8.2f}")
print(f"{'LocalBackend, every prompt encoded whole':52s} {t_whole:7.1f} {rate['whole']:10.2f} {rate['whole'] / rate['prefix']:8.2f}")
print(f"{'transformers generate(), one prompt at a time':52s} {t_ref:7.1f} {rate['ref']:10.2f} {rate['ref'] / rate['prefix']:8.2f}"
      f"   ({len(ref_prompts)} prompts of {REF_Q} questions)")
print(f"speed-up of stored prefixes: {rate['prefix'] / rate['whole']:.1f}x vs whole prompts, {rate['prefix'] / rate['ref']:.1f}x vs generate()")
same_whole = sum(a == c for a, c in zip(out_prefix, out_whole))
ours_by_prompt = dict(zip(map(key, flat), out_prefix))
same_ref = sum(ours_by_prompt[key(p)] == r for p, r in zip(ref_prompts, ref_out))
print(f"identical replies: prefixes vs whole {same_whole}/{n_prompts}; vs generate() {same_ref}/{len(ref_out)}; "
      f"vs the committed collection {sum(a == c for a, c in zip(out_prefix, committed))}/{n_prompts}")
