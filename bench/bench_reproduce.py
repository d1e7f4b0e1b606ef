"""`make reproduce`, timed run by run: each run of nbs/paper/runs.yaml executed by `conformal-rag reproduce --only NAME
--out-root SCRATCH` (figures/ is never written), with its wall seconds and the CPU seconds of its whole process tree (the
runner, the notebook's kernel and the kernel's worker processes: user + system time of every process, sampled every
0.2 s with psutil), beside the machine's CPU model, core count and load average before and after each run.

    python bench/bench_reproduce.py [NAME ...] [--smoke] [--out FILE.json]   # time runs (default: every run)
    python bench/bench_reproduce.py --readme FILE.json                        # FILE's table into bench/README.md

`--out` keeps the measurement (bench/reproduce_times.json is the one bench/README.md shows); `--readme` rewrites the
block between the `reproduce-times` markers of bench/README.md from such a file, so the numbers there are measured, not
typed. A run that needs released data the machine lacks (TRAQ_RELEASE, ...) is reported as skipped, as the runner does.
"""
import argparse, json, os, platform, shutil, subprocess, sys, tempfile, time
from pathlib import Path
import psutil
from machine import cpu_model   # bench/machine.py

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / 'bench' / 'README.md'
START, END = '<!-- reproduce-times:start -->', '<!-- reproduce-times:end -->'


def machine() -> dict:
    "The CPU model, the cores the OS reports, Python and the load average now."
    return dict(cpu=cpu_model(), cores=os.cpu_count(), python=platform.python_version(), system=platform.platform())


def tree_cpu(proc:psutil.Process, seen:dict):
    "Record the CPU seconds (user + system) of `proc` and every descendant alive now into `seen` {(pid, start): s}."
    try: procs = [proc] + proc.children(recursive=True)
    except psutil.Error: return
    for p in procs:
        try:
            with p.oneshot(): t = p.cpu_times(); seen[p.pid, p.create_time()] = t.user + t.system
        except psutil.Error: pass


def time_run(name:str, smoke:bool, scratch:Path) -> dict:
    "Run one entry of runs.yaml through the runner into `scratch`: status, wall and process-tree CPU seconds."
    cmd = [str(ROOT / '.venv' / 'bin' / 'conformal-rag'), 'reproduce', '--only', name, '--out-root', str(scratch)]
    if smoke: cmd.append('--smoke')
    load0, seen, t0 = os.getloadavg()[0], {}, time.perf_counter()
    proc = psutil.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    while proc.poll() is None:
        tree_cpu(proc, seen); time.sleep(0.2)
    wall, out = time.perf_counter() - t0, proc.stdout.read()
    status = 'ok' if proc.returncode == 0 else f'failed ({proc.returncode})'
    if proc.returncode == 0 and 'skipped' in out.lower() and not list(scratch.rglob('*.json')): status = 'skipped'
    log = scratch / 'reproduce_log.jsonl'   # the runner's own wall time of the notebook (kernel start to end)
    runner = [json.loads(l) for l in log.read_text().splitlines()] if log.exists() else []
    nb_s = sum(r.get('seconds') or 0 for r in runner if r.get('run') == name) or None
    if status.startswith('failed'): print(out[-3000:], file=sys.stderr)
    return dict(run=name, status=status, wall_s=round(wall, 1), cpu_s=round(sum(seen.values()), 1),
                notebook_s=round(nb_s, 1) if nb_s else None, load_before=round(load0, 2),
                load_after=round(os.getloadavg()[0], 2))


def table(res:dict) -> str:
    "The measurement as a Markdown table with its machine and totals."
    m, rows = res['machine'], res['runs']
    lines = [f"Measured {res['date']} on {m['cpu']}, {m['cores']} cores (`os.cpu_count()`), Python {m['python']}"
             f"{', smoke parameters' if res['smoke'] else ''}; one `conformal-rag reproduce --only NAME` per run into a "
             "scratch folder. wall: the command's wall seconds; notebook: the runner's own time of the notebook (kernel "
             "start to end); CPU: user + system seconds of the runner, its kernel and the kernel's workers (sampled every "
             "0.2 s); load: the 1-minute load average before / after the run (other work on the machine).", '',
             '| run | status | wall s | notebook s | CPU s | CPU / wall | load before / after |', '|---|---|---|---|---|---|---|']
    for r in rows:
        ratio = f"{r['cpu_s'] / r['wall_s']:.2f}" if r['wall_s'] else ''
        lines.append(f"| {r['run']} | {r['status']} | {r['wall_s']:.1f} | {r['notebook_s'] or ''} | {r['cpu_s']:.1f} | "
                     f"{ratio} | {r['load_before']:.2f} / {r['load_after']:.2f} |")
    ok = [r for r in rows if r['status'] == 'ok']
    lines.append(f"| **all ok runs ({len(ok)})** | | **{sum(r['wall_s'] for r in ok):.1f}** | | "
                 f"**{sum(r['cpu_s'] for r in ok):.1f}** | | |")
    return '\n'.join(lines)


def write_readme(path:Path):
    "Rewrite bench/README.md's block between the reproduce-times markers from the measurement in `path`."
    res, text = json.loads(Path(path).read_text()), README.read_text()
    if START not in text or END not in text: raise SystemExit(f"{README} lacks the markers {START} ... {END}")
    head, rest = text.split(START, 1)
    block = f"{START}\n<!-- generated by `python bench/bench_reproduce.py --readme {Path(path).relative_to(ROOT)}`: do not edit -->\n{table(res)}\n"
    README.write_text(head + block + END + rest.split(END, 1)[1])
    print(f"{README}: reproduce-times block rewritten from {path}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('names', nargs='*', help='runs of runs.yaml (default: every run, in the order of the file)')
    ap.add_argument('--smoke', action='store_true', help="each run's small smoke parameters")
    ap.add_argument('--out', help='write the measurement (JSON) here')
    ap.add_argument('--readme', metavar='FILE', help='rewrite bench/README.md from this measurement and exit')
    a = ap.parse_args(argv)
    if a.readme: return write_readme(Path(a.readme).resolve())
    from conformal_rag.paper_runs import load_runs
    names = a.names or [r.name for r in load_runs()]
    res = dict(date=time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), machine=machine(), smoke=a.smoke, runs=[])
    for name in names:
        scratch = Path(tempfile.mkdtemp(prefix=f'bench_reproduce_{name}_'))
        try: res['runs'].append(time_run(name, a.smoke, scratch))
        finally: shutil.rmtree(scratch, ignore_errors=True)
        r = res['runs'][-1]
        print(f"{name}: {r['status']}, wall {r['wall_s']:.1f} s, CPU {r['cpu_s']:.1f} s (load {r['load_before']:.2f})",
              flush=True)
        if a.out: Path(a.out).write_text(json.dumps(res, indent=1) + '\n')   # kept run by run
    print(table(res))


if __name__ == '__main__':
    main()
