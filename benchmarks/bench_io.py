"""``iso4213-nb metrics`` on a large predictions file against pandas + scikit-learn, in the same run.

Run on demand (not part of the test suite; pandas must be installed, see README):

    .venv/bin/python benchmarks/bench_io.py [--n 10000000] [--folder /tmp/bench-io]

Writes a binary predictions file of n rows (``y_true``, ``y_pred``, ``score``
with six decimals) as CSV and as Parquet, then runs each contender in a fresh
process and reports its wall time and peak resident memory (``ru_maxrss``):

* ours: ``iso4213-nb metrics --predictions FILE --json`` (read, check, type,
  every clause-6 measure, the four curve areas);
* theirs: ``pandas.read_csv`` / ``pandas.read_parquet`` and the scikit-learn
  measures ``metrics`` prints (confusion matrix, accuracy, kappa, MCC,
  balanced accuracy, per-class precision/recall/F1, ROC AUC, average precision).

Targets: ours at least 3× faster than theirs, peak memory under 1.5 GiB.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

THEIRS = """
import sys
import pandas as pd
from sklearn import metrics as m
path = sys.argv[1]
frame = pd.read_parquet(path) if path.endswith(".parquet") else pd.read_csv(path)
y, p, s = frame["y_true"].to_numpy(), frame["y_pred"].to_numpy(), frame["score"].to_numpy()
m.confusion_matrix(y, p)
m.accuracy_score(y, p); m.cohen_kappa_score(y, p); m.matthews_corrcoef(y, p); m.balanced_accuracy_score(y, p)
m.precision_recall_fscore_support(y, p)
m.roc_auc_score(y, s); m.average_precision_score(y, s)
"""

OURS = [sys.executable, "-m", "iso4213_nb", "--quiet", "metrics", "--json", "--predictions"]
PEAK = "import resource, sys; print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)"


def write_files(n: int, folder: Path) -> tuple[Path, Path]:
    """The benchmark's CSV and Parquet files (written once, reused by later runs)."""
    import pyarrow as pa
    import pyarrow.csv as pa_csv
    import pyarrow.parquet as pq

    csv_path, parquet_path = folder / f"binary_{n}.csv", folder / f"binary_{n}.parquet"
    if csv_path.exists() and parquet_path.exists():
        return csv_path, parquet_path
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.3).astype(np.int64)
    score = np.round(np.clip(0.25 * y + 0.75 * rng.random(n), 0, 1), 6)
    table = pa.table({"y_true": y, "y_pred": (score >= 0.5).astype(np.int64), "score": score})
    pa_csv.write_csv(table, csv_path, pa_csv.WriteOptions(quoting_style="none"))
    pq.write_table(table, parquet_path)
    return csv_path, parquet_path


#: Python may cache compiled modules (as an installed package does): start-up then costs what it costs users.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def measure(argv: list[str]) -> tuple[float, float]:
    """Wall seconds and peak resident GiB of ``argv`` run in a fresh process (through a tiny parent)."""
    wrapper = f"import subprocess, sys; subprocess.run({argv!r}, check=True, stdout=subprocess.DEVNULL); {PEAK}"
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", wrapper], capture_output=True, text=True, check=True, env=ENV)
    seconds = time.perf_counter() - start
    return seconds, int(done.stderr.split()[-1]) / 2 ** 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000_000)
    parser.add_argument("--folder", type=Path, default=Path("/tmp/iso4213-bench-io"))
    args = parser.parse_args()
    csv_path, parquet_path = write_files(args.n, args.folder)
    print(f"n = {args.n:,}; CSV {csv_path.stat().st_size / 2 ** 20:.0f} MiB, "
          f"Parquet {parquet_path.stat().st_size / 2 ** 20:.0f} MiB; load average {os.getloadavg()[0]:.1f}")
    small = write_files(1000, args.folder)[0]
    for argv in (OURS, [sys.executable, "-c", THEIRS]):  # warm-up: compiled modules cached, files in the page cache
        measure([*argv, str(small)])
    for path in (csv_path, parquet_path):
        ours = measure([*OURS, str(path)])
        theirs = measure([sys.executable, "-c", THEIRS, str(path)])
        kind = path.suffix[1:]
        print(f"{kind:8}: ours {ours[0]:6.1f} s {ours[1]:.2f} GiB | pandas + scikit-learn {theirs[0]:6.1f} s "
              f"{theirs[1]:.2f} GiB | theirs/ours = {theirs[0] / ours[0]:.1f}x (target >= 3x, memory < 1.5 GiB)")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
