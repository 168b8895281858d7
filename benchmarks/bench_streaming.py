"""Benchmark of the streaming and Dask paths of ``iso4213-nb metrics`` (issue 12) on generated Parquet files.

Run on demand, never in CI (minutes, a few GB of disk)::

    .venv/bin/python benchmarks/bench_streaming.py               # n = 20 million rows
    .venv/bin/python benchmarks/bench_streaming.py --n 100000000 # the issue's 100 million
    .venv/bin/python benchmarks/bench_streaming.py --n 100000000 --dir /tmp/b100 --steps exact,binned,dask
        # keep the generated files in /tmp/b100 (reused when present; delete them after)

Files (row groups of one million rows, zstd): ``y_true`` (int8, 30 %
positives) with scores of 6 decimals (``round6.parquet``) and with
continuous float64 scores (``continuous.parquet``), and the first 10 million
rows of the first as ``ten.parquet``.  Every run is a child process running
the command line exactly as a user would, and reports its own wall time, CPU
time and peak resident memory (``ru_maxrss``), so one run's memory does not
hide another's:

1. exact ``metrics --chunk-rows`` on the 6-decimal scores (target: peak < 1 GiB);
2. ``--bins 10000`` on the continuous scores: memory, the stated AUROC bound, and
   the actual error against the exact streaming value (also measured);
3. ``--engine dask`` with 1 and 2 local workers on the 6-decimal file (time, same numbers);
4. ``--chunk-rows`` against today's in-memory path on 10 million rows (ratio of times).

With ``/usr/bin/time`` present each child runs under ``time -v`` and its
"Maximum resident set size" (the largest of the process and the children it
waited for, Dask's workers included) is reported too.  Above 10 million rows
the exact AUROC of the continuous scores (step 2's reference) is not taken
from the streaming state (24 B per distinct score, several GiB at 100 M) but
computed independently: the negatives' scores sorted, each positive placed
among them by binary search (the Mann–Whitney count, ties one half).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

GROUP = 1_000_000


def generate(folder: Path, n: int) -> dict:
    """Write the three files in pieces of one row group (bounded memory); returns their paths."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    paths = {k: folder / f"{k}.parquet" for k in ("round6", "continuous", "ten")}
    rng = np.random.default_rng(12)
    schema6 = pa.schema([("y_true", pa.int8()), ("score", pa.float64())])
    writers = {k: pq.ParquetWriter(p, schema6, compression="zstd") for k, p in paths.items()}
    try:
        for start in range(0, n, GROUP):
            m = min(GROUP, n - start)
            y = (rng.random(m) < 0.3).astype(np.int8)
            latent = np.clip(0.5 + 0.18 * (2 * y - 1) + 0.22 * rng.standard_normal(m), 0, 1)
            rounded = pa.table({"y_true": y, "score": np.round(latent, 6)})
            writers["round6"].write_table(rounded, row_group_size=GROUP)
            writers["continuous"].write_table(pa.table({"y_true": y, "score": latent}), row_group_size=GROUP)
            if start < 10_000_000 < n:
                writers["ten"].write_table(rounded, row_group_size=GROUP)
    finally:
        for w in writers.values():
            w.close()
    return paths


def child(argv: list[str]) -> None:
    """Run the command line in this process; print its JSON result with wall, CPU and peak memory."""
    import contextlib
    import io

    from iso4213_nb.cli import main

    start, cpu = time.perf_counter(), time.process_time()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(argv)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"status": status, "wall": time.perf_counter() - start,
                      "cpu": time.process_time() - cpu + children.ru_utime + children.ru_stime,
                      "peak_mib": usage.ru_maxrss / 1024, "children_peak_mib": children.ru_maxrss / 1024,
                      "result": json.loads(out.getvalue()) if status == 0 else None}))


TIME = Path("/usr/bin/time")


def reference_auroc(path: str) -> None:
    """Print the exact AUROC of a Parquet file's ``score`` against ``y_true`` (positives 1), not by the package."""
    import pyarrow.parquet as pq

    table = pq.read_table(path, columns=["y_true", "score"])
    y = table.column("y_true").to_numpy()
    s = table.column("score").to_numpy()
    del table
    negatives = np.sort(s[y == 0])
    positives = s[y == 1]
    del s, y
    wins = 0.0
    for start in range(0, len(positives), 10_000_000):
        block = positives[start:start + 10_000_000]
        below = np.searchsorted(negatives, block, side="left").astype(np.float64)
        wins += float(np.sum(below + np.searchsorted(negatives, block, side="right"))) / 2
    print(json.dumps({"result": {"auroc": wins / len(positives) / len(negatives), "n": len(positives) +
                                 len(negatives)}, "status": 0}))


def _time_v(stderr: str) -> dict:
    """Peak RSS (MiB) and elapsed seconds from the report of ``/usr/bin/time -v``."""
    out = {}
    for line in stderr.splitlines():
        line = line.strip()
        if line.startswith("Maximum resident set size (kbytes):"):
            out["time_v_peak_mib"] = int(line.rsplit(":", 1)[1]) / 1024
        elif line.startswith("Elapsed (wall clock) time"):
            clock = line.rsplit(" ", 1)[1].split(":")
            out["time_v_wall"] = sum(float(x) * 60 ** i for i, x in enumerate(reversed(clock)))
    return out


def run(argv: list[str], child: bool = True) -> dict:
    """Run ``argv`` as a child process (a command line, or with ``child=False`` this script's own options)."""
    command = [sys.executable, __file__, *(["--child"] if child else []), *argv]
    done = subprocess.run(([str(TIME), "-v"] if TIME.exists() else []) + command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(argv)}\n{done.stderr}")
    report = {**json.loads(done.stdout.splitlines()[-1]), **_time_v(done.stderr)}
    r = report["result"] or {}
    print(f"{' '.join(argv[:1] + argv[3:])}: {report.get('wall', report.get('time_v_wall', 0)):.1f} s wall, "
          f"{report.get('cpu', 0):.1f} s CPU, peak {report.get('peak_mib', 0):.0f} MiB (children "
          f"{report.get('children_peak_mib', 0):.0f} MiB; time -v: {report.get('time_v_peak_mib', 0):.0f} MiB), "
          f"AUROC {r.get('auroc')!r}, n {r.get('n')}", flush=True)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20_000_000)
    parser.add_argument("--ratio-only", action="store_true",
                        help="only step 4 (the in-process engine against the in-memory path on 10 M rows)")
    parser.add_argument("--dir", type=Path, help="generate into this folder and keep the files (reused if present)")
    parser.add_argument("--steps", default="exact,binned,ratio,dask",
                        help="comma-separated steps: exact, binned, ratio, dask (default all)")
    parser.add_argument("--child", nargs=argparse.REMAINDER)
    parser.add_argument("--reference", metavar="PARQUET", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child)
        return
    if args.reference is not None:
        reference_auroc(args.reference)
        return
    print(f"load average before: {os.getloadavg()}", flush=True)
    with contextlib.ExitStack() as stack:
        tmp = args.dir or Path(stack.enter_context(tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP"))))
        tmp.mkdir(parents=True, exist_ok=True)
        t = time.perf_counter()
        present = {k: tmp / f"{k}.parquet" for k in ("round6", "continuous", "ten")}
        paths = present if all(p.exists() for p in present.values()) else generate(tmp, args.n)
        print(f"generated {args.n:,} rows in {time.perf_counter() - t:.0f} s", flush=True)
        _steps(args, paths)
    print(f"load average after: {os.getloadavg()}", flush=True)


def _steps(args, paths: dict) -> None:
    """Run the steps named by ``--steps`` (see the module docstring) on the generated files."""
    steps = set(args.steps.split(","))
    base = ["metrics", "--json", "--predictions"]
    results = {"n": args.n}
    if args.ratio_only:
        streamed, memory = (run(base + [str(paths["round6"])] + extra) for extra in (["--chunk-rows"], []))
        print(f"{args.n:,} rows: streamed / in-memory: wall {streamed['wall'] / memory['wall']:.2f}, "
              f"CPU {streamed['cpu'] / memory['cpu']:.2f}", flush=True)
        return
    if "exact" in steps or "dask" in steps:
        results["exact"] = run(base + [str(paths["round6"]), "--chunk-rows"])
    if "binned" in steps:
        results["binned"] = run(base + [str(paths["continuous"]), "--chunk-rows", "--bins", "10000"])
        results["continuous_exact"] = (run(base + [str(paths["continuous"]), "--chunk-rows"]) if args.n <= 10_000_000
                                       else run(["--reference", str(paths["continuous"])], child=False))
        bound = results["binned"]["result"]["binned"]["auroc_error_bound"]
        error = abs(results["binned"]["result"]["auroc"] - results["continuous_exact"]["result"]["auroc"])
        print(f"binned: stated bound {bound:.3g}, actual error {error:.3g}", flush=True)
    if "ratio" in steps:
        if args.n <= 10_000_000:
            results["ten_streamed"] = results.get("exact") or run(base + [str(paths["round6"]), "--chunk-rows"])
        else:
            results["ten_streamed"] = run(base + [str(paths["ten"]), "--chunk-rows"])
        ten = paths["ten"] if args.n > 10_000_000 else paths["round6"]
        results["ten_memory"] = run(base + [str(ten)])
        ratio = results["ten_streamed"]["wall"] / results["ten_memory"]["wall"]
        cpu = results["ten_streamed"]["cpu"] / results["ten_memory"]["cpu"]
        print(f"{min(args.n, 10_000_000):,} rows: streamed / in-memory: wall {ratio:.2f}, CPU {cpu:.2f}", flush=True)
    if "dask" in steps:
        for workers in (1, 2):
            results[f"dask{workers}"] = run(base + [str(paths["round6"]), "--engine", "dask", "--workers",
                                                    str(workers)])
            same = {k: v for k, v in results[f"dask{workers}"]["result"].items() if k != "source"} == \
                {k: v for k, v in results["exact"]["result"].items() if k != "source"}
            print(f"dask with {workers} worker(s): same numbers as in-process: {same}", flush=True)

if __name__ == "__main__":
    main()
