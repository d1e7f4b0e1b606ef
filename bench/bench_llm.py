"""Samples per second of the local backend (gemma-3-270m, one thread) for M = 30 short answers to one ~220-token prompt:
shared prompt encoding (conformal_rag.llm.LocalBackend) against transformers' generate(num_return_sequences=M) and
against M single-sample generate() calls; and the share of the theoretical limit (the model's FLOPs per sample
against the fp32 matmul throughput this machine sustains on one thread). Also checks that the shared encoding gives
the next-token log-probabilities of a plain forward pass. Env: BENCH_MODEL (default gemma-3-270m), BENCH_M (30),
BENCH_SINGLE (10: single-sample calls timed; the rate is per sample)."""
import os, time
os.environ.setdefault('OMP_NUM_THREADS', '1')
import torch
torch.set_num_threads(1)
from conformal_rag.llm import LocalBackend, Decoding, render_prompt

MODEL, M, N_SINGLE = os.environ.get('BENCH_MODEL', 'gemma-3-270m'), int(os.environ.get('BENCH_M', 30)), int(os.environ.get('BENCH_SINGLE', 10))
CTX = ("Lima, founded in 1535 as the City of Kings, is the capital and the largest city of Peru. It is located in the "
       "valleys of the Chillón, Rímac and Lurín Rivers, in the desert zone of the central coastal part of the country, "
       "overlooking the Pacific Ocean. Together with the seaport of Callao, it forms a contiguous urban area known as the "
       "Lima Metropolitan Area. With a population of more than 10 million, Lima is one of the largest cities in the "
       "Americas and the country's political, cultural, financial and commercial centre.")
t0 = time.time(); b = LocalBackend(MODEL, threads=1); load_s = time.time() - t0
tok, lm = b.tok, b.lm
prompt = render_prompt('one_shot', 'What is the capital of Peru?', CTX)
ids = torch.tensor([b.encode(prompt)]); L = ids.shape[1]
dec = Decoding(temperature=1.0, top_p=1.0, max_new_tokens=16, stop=('\n',))
print(f"model {MODEL}: loaded in {load_s:.1f} s; prompt {L} tokens; M = {M}; max 16 new tokens; stop at newline; 1 thread")

def timed(f):
    t = time.perf_counter(); out = f(); return out, time.perf_counter() - t

# 1. shared prompt encoding (ours)
b.generate(prompt, 2, dec, seed=99)  # warm-up
runs = []
for sd in range(3):   # sample lengths vary with the seed (one 16-token sample keeps the batch stepping): median of 3
    out, t = timed(lambda: b.generate(prompt, M, dec, seed=sd, logprobs=True))
    runs.append((t, out, [list(x) for x in b.last_tokens]))
t_shared, shared, last_tokens = sorted(runs, key=lambda r: r[0])[1]
b.last_tokens = last_tokens
print("shared encoding, 3 seeds: " + ", ".join(f"{r[0]:.2f} s" for r in runs) + " (median used)")
gen_tokens_shared = sum(len(t) for t in b.last_tokens)

# 2. transformers generate(num_return_sequences=M), same sampling (no top-k), stopping at newline
kw = dict(do_sample=True, temperature=1.0, top_p=1.0, top_k=0, max_new_tokens=16, stop_strings=['\n'], tokenizer=tok,
          pad_token_id=tok.pad_token_id if tok.pad_token_id is not None else tok.eos_token_id)
with torch.inference_mode():
    torch.manual_seed(0)
    out_nrs, t_nrs = timed(lambda: lm.generate(ids, attention_mask=torch.ones_like(ids), num_return_sequences=M, **kw))
    # 3. single-sample generate() calls
    torch.manual_seed(0)
    out_single, t_single = timed(lambda: [lm.generate(ids, attention_mask=torch.ones_like(ids), **kw) for _ in range(N_SINGLE)])
pad = kw['pad_token_id']
def n_new(seqs): return int(sum(((s[L:] != pad).sum().item()) for s in seqs))

rate = dict(shared=M / t_shared, nrs=M / t_nrs, single=N_SINGLE / t_single)
print(f"\n{'method':44s} {'s':>7s} {'samples/s':>10s} {'vs shared':>10s}")
print(f"{'shared prompt encoding (LocalBackend)':44s} {t_shared:7.2f} {rate['shared']:10.2f} {1:10.2f}")
print(f"{'generate(num_return_sequences=%d)' % M:44s} {t_nrs:7.2f} {rate['nrs']:10.2f} {rate['nrs']/rate['shared']:10.2f}")
print(f"{'%d x generate() single sample' % N_SINGLE:44s} {t_single:7.2f} {rate['single']:10.2f} {rate['single']/rate['shared']:10.2f}")
print(f"speed-up of the shared encoding: {rate['shared']/rate['nrs']:.1f}x vs num_return_sequences, {rate['shared']/rate['single']:.1f}x vs single samples")
print(f"generated tokens per sample: shared {gen_tokens_shared/M:.1f}, num_return_sequences {n_new(out_nrs)/M:.1f}, single {n_new([o[0] for o in out_single])/N_SINGLE:.1f}")

# next-token log-probabilities of the shared encoding = those of a plain forward pass over prompt + sample
worst = 0.
with torch.inference_mode():
    for s, t in list(zip(shared, b.last_tokens))[:5]:
        if not t: continue
        full = torch.log_softmax(lm(input_ids=torch.tensor([ids[0].tolist() + t])).logits[0].float(), -1)
        ref = full[L-1:L-1+len(t)].gather(-1, torch.tensor(t)[:, None]).squeeze(-1)
        worst = max(worst, (ref - torch.tensor(s.logprobs)).abs().max().item())
print(f"largest |log-probability difference| vs a plain forward pass (5 samples): {worst:.1e}")

# theoretical limit: FLOPs per sample vs the fp32 matmul rate of this machine on one thread
n_params = sum(p.numel() for p in lm.parameters())
emb = lm.get_input_embeddings().weight.numel()
head = lm.get_output_embeddings().weight.numel()
body = n_params - emb - (0 if lm.get_output_embeddings().weight is lm.get_input_embeddings().weight else head)
f_prompt_tok, f_gen_tok = 2 * body, 2 * (body + head)          # prompt: logits of the last position only
flops_sample_shared = (L * f_prompt_tok + f_gen_tok) / M + (gen_tokens_shared / M) * f_gen_tok
A = torch.randn(1024, 1024); B = torch.randn(1024, 1024); A @ B
reps, t = 20, time.perf_counter()
for _ in range(reps): A @ B
gflops = reps * 2 * 1024**3 / (time.perf_counter() - t) / 1e9
limit = gflops * 1e9 / flops_sample_shared
print(f"\nparameters {n_params/1e6:.0f} M (embedding {emb/1e6:.0f} M, output head {head/1e6:.0f} M, body {body/1e6:.0f} M)")
print(f"FLOPs: {f_prompt_tok/1e6:.0f} M per prompt token, {f_gen_tok/1e6:.0f} M per generated token; "
      f"{flops_sample_shared/1e9:.2f} GFLOP per sample (prompt shared by {M})")
print(f"machine: {gflops:.1f} GFLOP/s fp32 matmul (1024^3, one thread)")
print(f"theoretical limit {limit:.1f} samples/s; shared encoding reaches {rate['shared']:.2f} = {100*rate['shared']/limit:.0f}% of it")

# collection-shaped workload: one question, P passages, M_C samples each; prompts one at a time vs batched together
P, M_C = int(os.environ.get('BENCH_P', 5)), int(os.environ.get('BENCH_MC', 10))
words = CTX.split()
prompts = [render_prompt('one_shot', 'What is the capital of Peru?', ' '.join(words[i*7:] + words[:i*7])) for i in range(P)]
_, t_one = timed(lambda: [b.generate(p, M_C, dec, seed=i) for i, p in enumerate(prompts)])
many, t_many = timed(lambda: b.generate_many(prompts, M_C, dec, seeds=list(range(P)), logprobs=True))
toks = b.last_tokens
worst = 0.
with torch.inference_mode():
    for j, p in enumerate(prompts[:2]):
        p_ids = b.encode(p)
        for s, t in list(zip(many[j], toks[j*M_C:(j+1)*M_C]))[:3]:
            if not t: continue
            full = torch.log_softmax(lm(input_ids=torch.tensor([p_ids + t])).logits[0].float(), -1)
            ref = full[len(p_ids)-1:len(p_ids)-1+len(t)].gather(-1, torch.tensor(t)[:, None]).squeeze(-1)
            worst = max(worst, (ref - torch.tensor(s.logprobs)).abs().max().item())
print(f"\ncollection workload, {P} prompts x {M_C} samples: one prompt at a time {t_one:.2f} s ({P*M_C/t_one:.2f} samples/s), "
      f"batched {t_many:.2f} s ({P*M_C/t_many:.2f} samples/s): {t_one/t_many:.2f}x")
print(f"largest |log-probability difference| of batched (left-padded) prompts vs a plain forward pass: {worst:.1e}")
