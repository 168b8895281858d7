"""Benchmark of the streamed bootstrap intervals (issue 12, point 1): 10 million rows, on demand only.

    .venv/bin/python benchmarks/bench_poisson.py            # n = 10 million rows, files in a temporary folder
    .venv/bin/python benchmarks/bench_poisson.py --n 1000000

Two generated Parquet files (row groups of one million rows, zstd):

* ``binary.parquet``: ``y_true`` (30 % positives) and a continuous float64 probability ``score``;
  ``metrics --chunk-rows --bins 1000 --bootstrap 2000`` gives the AUROC bound and the bootstrap
  intervals of the binned areas, drawn from the 2 × 1000 binned counts;
* ``classes.parquet``: three classes with probabilities of 6 decimals;
  ``metrics --chunk-rows --bootstrap 200`` gives top-k intervals from the (class × rank) counts and
  the Poisson bootstrap of the Brier score and log loss: 200 weights per row.

Each run is a child process of :mod:`bench_streaming` (its wall time, CPU time and peak memory).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import numpy as np

from bench_streaming import GROUP, run


def generate(folder: Path, n: int) -> tuple[Path, Path]:
    """Write both files one row group at a time (bounded memory)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    binary, classes = folder / "binary.parquet", folder / "classes.parquet"
    rng = np.random.default_rng(13)
    with pq.ParquetWriter(binary, pa.schema([("y_true", pa.int8()), ("score", pa.float64())]),
                          compression="zstd") as first, \
            pq.ParquetWriter(classes, pa.schema([("y_true", pa.string())] + [(f"score_{c}", pa.float64())
                                                                             for c in "abc"]),
                             compression="zstd") as second:
        for start in range(0, n, GROUP):
            m = min(GROUP, n - start)
            y = (rng.random(m) < 0.3).astype(np.int8)
            first.write_table(pa.table({"y_true": y, "score": 1 / (1 + np.exp(-(rng.normal(size=m) + 1.5 * y - 1)))}))
            truth = rng.integers(0, 3, m)
            logits = rng.normal(size=(m, 3)) + 1.2 * np.eye(3)[truth]
            proba = np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 6)
            second.write_table(pa.table({"y_true": np.array(list("abc"))[truth],
                                         **{f"score_{c}": proba[:, j] for j, c in enumerate("abc")}}))
    return binary, classes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        binary, classes = generate(Path(tmp), args.n)
        found = run(["metrics", "--predictions", str(binary), "--chunk-rows", "--bins", "1000", "--bootstrap", "2000",
                     "--json"])["result"]
        print("  binned:", {k: found["intervals"][k] for k in ("average_precision", "gain_area")},
              "AUROC bound", found["binned"]["auroc_error_bound"])
        found = run(["metrics", "--predictions", str(classes), "--chunk-rows", "--bootstrap", "200",
                     "--json"])["result"]["intervals"]["class_scores"]
        print("  class scores:", {k: found[k] for k in ("brier", "log_loss")}, "top-1", found["top_k_accuracy"]["1"])


if __name__ == "__main__":
    main()
