"""Benchmark of ``iso4213-nb report`` on a generated binary predictions file (default 10 million rows).

Run on demand, never in CI::

    .venv/bin/python benchmarks/bench_report.py                 # n = 10 million, HTML and PDF
    .venv/bin/python benchmarks/bench_report.py --n 1000000 --format html

The file has ``y_true`` and two models: ``a`` with labels and scores, ``b``
with scores only (labels derived at 0.5), so the report holds two scored
models, McNemar's and DeLong's test.  The report is built once, in a child
process as a user would run it, with each step timed (reading, the numbers,
the Parquet hand-off, the notebook, HTML, PDF, manifest); the total includes
the interpreter's start.  For scale, the same run times pandas.read_csv plus
scikit-learn's confusion_matrix, roc_auc_score and roc_curve for both models
(far less than a report, but the usual quick look).  Each step's wall time
and CPU time (of this process and of the children it waited for: the
kernel, chromium) are printed; the CPU time is what an otherwise idle machine
would take for the single-threaded steps.  The load average is printed
before and after: the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import numpy as np

DRIVER = textwrap.dedent("""
    import json, resource, sys, time
    from iso4213_nb.report import build, content, export, execute
    times = {}
    def cpu():
        children = resource.getrusage(resource.RUSAGE_CHILDREN)  # the kernel and chromium, once they ended
        return time.process_time() + children.ru_utime + children.ru_stime
    def timed(module, name, label):
        original = getattr(module, name)
        def wrapper(*args, **kwargs):
            start, start_cpu = time.perf_counter(), cpu()
            try:
                return original(*args, **kwargs)
            finally:
                times[label] = [time.perf_counter() - start, cpu() - start_cpu]
        setattr(module, name, wrapper)
    timed(build, "read_input", "read and check the CSV")
    timed(content, "build", "compute every number")
    timed(build, "write_parsed", "write predictions.parquet")
    timed(build, "run_template", "run the report notebook")
    timed(export, "to_html", "export HTML")
    timed(export, "to_pdf", "print the PDF")
    timed(build, "write_manifest", "hash files, write manifest")
    start, start_cpu = time.perf_counter(), cpu()
    build.make_report(sys.argv[1], out=sys.argv[2], formats=sys.argv[3])
    times["make_report"] = [time.perf_counter() - start, cpu() - start_cpu]
    print(json.dumps(times))
""")


def generate(path: Path, n: int, seed: int = 0) -> None:
    """Write the binary predictions CSV: y_true, a_pred, a_score, b_score (scores with six decimals)."""
    import pyarrow as pa
    import pyarrow.csv as pacsv

    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    a = np.round(np.clip(rng.normal(0.35 + 0.3 * y, 0.2), 0, 1), 6)
    b = np.round(np.clip(rng.normal(0.4 + 0.2 * y, 0.25), 0, 1), 6)
    table = pa.table({"y_true": y, "a_pred": (a >= 0.5).astype(np.int64), "a_score": a, "b_score": b})
    pacsv.write_csv(table, path, write_options=pacsv.WriteOptions(quoting_style="none"))


def baseline(path: Path) -> float:
    """Seconds for pandas.read_csv and scikit-learn's confusion matrix, AUROC and ROC curve of both models."""
    import pandas as pd
    from sklearn.metrics import confusion_matrix, roc_auc_score, roc_curve

    start = time.perf_counter()
    frame = pd.read_csv(path)
    y = frame["y_true"].to_numpy()
    confusion_matrix(y, frame["a_pred"].to_numpy())
    confusion_matrix(y, (frame["b_score"].to_numpy() >= 0.5).astype(int))
    for column in ("a_score", "b_score"):
        roc_auc_score(y, frame[column].to_numpy())
        roc_curve(y, frame[column].to_numpy(), drop_intermediate=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000_000)
    parser.add_argument("--format", default="html,pdf")
    parser.add_argument("--no-baseline", action="store_true", help="skip pandas + scikit-learn")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-report-") as folder:
        data = Path(folder) / "predictions.csv"
        generate(data, args.n)
        print(f"n = {args.n:,} rows, {data.stat().st_size / 2**20:.0f} MiB CSV; {os.cpu_count()} cores; "
              f"load average before: {os.getloadavg()[0]:.1f}")
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", DRIVER, str(data), str(Path(folder) / "report"), args.format],
                              capture_output=True, text=True)
        wall = time.perf_counter() - start
        if done.returncode != 0:
            sys.exit(f"report failed: {done.stderr.strip().splitlines()[-1:]}")
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        times = json.loads(done.stdout.strip().splitlines()[-1])
        load_after = os.getloadavg()[0]
        total = times.pop("make_report")
        print(f"  {'step':32} {'wall s':>7} {'CPU s':>7}")
        for label, (seconds, cpu) in times.items():
            print(f"  {label:32} {seconds:7.1f} {cpu:7.1f}")
        print(f"  {'other steps of make_report':32} {total[0] - sum(v[0] for v in times.values()):7.1f} "
              f"{total[1] - sum(v[1] for v in times.values()):7.1f}")
        print(f"  {'make_report without reading':32} {total[0] - times['read and check the CSV'][0]:7.1f} "
              f"{total[1] - times['read and check the CSV'][1]:7.1f}")
        print(f"report, end to end (with interpreter start): {wall:.1f} s wall, "
              f"{usage.ru_utime + usage.ru_stime:.1f} s CPU of the report and its kernel; "
              f"peak RSS {usage.ru_maxrss / 2**20:.2f} GiB (largest process)")
        report_dir = Path(folder) / "report"
        sizes = {p.name: p.stat().st_size / 2**20 for p in report_dir.iterdir() if p.is_file()}
        print("  output sizes: " + ", ".join(f"{name} {mib:.1f} MiB" for name, mib in sorted(sizes.items())))
        if not args.no_baseline:
            seconds = baseline(data)
            print(f"pandas.read_csv + scikit-learn (confusion matrix, AUROC, ROC curve of 2 models): {seconds:.1f} s; "
                  f"report / that = {wall / seconds:.1f}")
        print(f"load average after: {load_after:.1f}")


if __name__ == "__main__":
    main()
