"""Issue 27 point 4 in one command: ``metrics`` and ``report`` on a 10M-row binary CSV against pandas + scikit-learn.

Run on demand (not part of the test suite; pandas must be installed, see README):

    .venv/bin/python benchmarks/bench_10m.py [--n 10000000] [--folder /tmp/iso4213-bench-io] [--skip-report]

Writes (once, seeded) the binary predictions file of :mod:`bench_io` (``y_true``, ``y_pred``,
``score`` with six decimals; one model, labels and scores) and runs, each in a fresh process, in the
same run so that the ratios hold on a shared machine:

* ``iso4213-nb --quiet metrics --json --predictions FILE``;
* pandas + scikit-learn: ``read_csv``, ``confusion_matrix``, ``roc_auc_score``,
  ``average_precision_score`` (the issue's yardstick);
* ``iso4213-nb --quiet report --predictions FILE --format json,html`` (the PDF's chromium print does
  not grow with n);
* ``iso4213-nb --help`` and ``iso4213-nb metrics --help``.

Each line gives wall seconds, CPU seconds (user + system of the process and its children: what the
machine's other load does not inflate) and peak resident memory.  Targets: ``metrics`` at least 3×
faster than pandas + scikit-learn; ``report`` under 60 s and 1.5 GiB; each help under 0.3 s.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_io import ENV, write_files  # noqa: E402  (the same seeded file as the I/O benchmark)

THEIRS = """
import sys
import pandas as pd
from sklearn import metrics as m
frame = pd.read_csv(sys.argv[1])
y, p, s = frame["y_true"].to_numpy(), frame["y_pred"].to_numpy(), frame["score"].to_numpy()
m.confusion_matrix(y, p); m.roc_auc_score(y, s); m.average_precision_score(y, s)
"""
CLI = [sys.executable, "-m", "iso4213_nb", "--quiet"]
#: The helps' target, checked on CPU seconds (wall seconds on a loaded machine count the waits for a core).
HELP_SECONDS = 0.3
#: Run ``argv`` as a child and print its children's peak memory and CPU seconds on stderr.
PARENT = ("import resource, subprocess, sys; subprocess.run({argv!r}, check=True, stdout=subprocess.DEVNULL); "
          "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
          "print(u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr)")


def measure(argv: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak resident MiB of ``argv`` run in a fresh process."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PARENT.format(argv=argv)], capture_output=True, text=True,
                          check=True, env=ENV)
    wall = time.perf_counter() - start
    peak, cpu = done.stderr.split()[-2:]
    return wall, float(cpu), int(peak) / 2 ** 10


def verdict(target: str, met: bool, measured: str) -> str:
    """One line per target: met or not, and what was measured."""
    return f"{'MET    ' if met else 'NOT MET'} {target}: {measured}"


def line(name: str, result: tuple[float, float, float]) -> str:
    wall, cpu, peak = result
    return f"{name:34} {wall:7.2f} s wall {cpu:7.2f} s CPU {peak:8.0f} MiB peak"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000_000)
    parser.add_argument("--folder", type=Path, default=Path("/tmp/iso4213-bench-io"))
    parser.add_argument("--skip-report", action="store_true", help="measure metrics and the helps only")
    args = parser.parse_args()
    csv_path = write_files(args.n, args.folder)[0]
    small = write_files(1000, args.folder)[0]
    print(f"n = {args.n:,}; CSV {csv_path.stat().st_size / 2 ** 20:.0f} MiB; load average {os.getloadavg()[0]:.1f}")
    for argv in ([*CLI, "metrics", "--json", "--predictions"], [sys.executable, "-c", THEIRS]):  # warm-up
        measure([*argv, str(small)])
    helps = {"iso4213-nb --help": measure([*CLI, "--help"]),
             "iso4213-nb metrics --help": measure([*CLI, "metrics", "--help"])}
    ours = measure([*CLI, "metrics", "--json", "--predictions", str(csv_path)])
    theirs = measure([sys.executable, "-c", THEIRS, str(csv_path)])
    for name, result in helps.items():
        print(line(name, result))
    print(line("metrics", ours))
    print(line("pandas + scikit-learn", theirs))
    wall_ratio, cpu_ratio = theirs[0] / ours[0], theirs[1] / ours[1]
    print(f"{'theirs / ours':34} {wall_ratio:7.2f} x wall {cpu_ratio:7.2f} x CPU")
    verdicts = [verdict("metrics >= 3x pandas + scikit-learn (CPU and wall)", min(wall_ratio, cpu_ratio) >= 3,
                        f"{cpu_ratio:.2f}x CPU, {wall_ratio:.2f}x wall"),
                *(verdict(f"{name} < 0.3 s", result[1] < HELP_SECONDS,
                          f"{result[1]:.2f} s CPU, {result[0]:.2f} s wall") for name, result in helps.items())]
    if not args.skip_report:
        with tempfile.TemporaryDirectory(prefix="iso4213-bench-report-") as out:
            report = measure([*CLI, "report", "--predictions", str(csv_path), "--out", str(Path(out) / "r"),
                              "--format", "json,html"])
        print(line("report (json, html)", report))
        print(f"{'report / pandas + scikit-learn':34} {report[0] / theirs[0]:7.2f} x wall")
        verdicts.append(verdict("report < 60 s and < 1536 MiB", report[0] < 60 and report[2] < 1536,
                                f"{report[0]:.1f} s wall, {report[1]:.1f} s CPU, {report[2]:.0f} MiB"))
    print("\n".join(verdicts))
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
