"""Wall time of the decision benchmark notebook (nbs/paper/16_decisions.ipynb) replayed on the committed data, through
the runner into a temporary folder (issue 30: under a minute on 2 cores). Prints the median of 3 runs with min-max."""
import statistics, subprocess, sys, tempfile, time
from pathlib import Path

root = Path(__file__).resolve().parents[1]
times = []
for _ in range(3):
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, '-m', 'conformal_rag.cli', 'reproduce', '--only', 'decisions', '--out-root', tmp],
                       cwd=root, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
print(f"decisions notebook (replay, runner included): median {statistics.median(times):.1f} s "
      f"[{min(times):.1f}-{max(times):.1f}] over {len(times)} runs; target < 60 s")
