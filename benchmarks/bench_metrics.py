"""Speed and memory of the metrics engine against scikit-learn, measured in the same run.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/bench_metrics.py [--n 10000000] [--repeat 3]

Prints best-of-``repeat`` wall times and the ratios the project targets:
confusion matrix ≥ 10× faster than ``sklearn.metrics.confusion_matrix``; ROC
over every distinct threshold ≤ 0.8× the time of ``roc_curve(...,
drop_intermediate=False)``; the full binary report (every measure, every curve
and area) ≤ 1.5× ``roc_curve`` alone; peak memory linear in n.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

import numpy as np
from sklearn.metrics import confusion_matrix, roc_curve

from iso4213_nb import ConfusionMatrix
from iso4213_nb.measures.assessment import assess_matrix
from iso4213_nb.measures.curves import BinaryScores


def best_time(fn, repeat: int) -> float:
    """Smallest wall time of ``repeat`` calls, seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def full_binary_report(y, s) -> dict:
    """Everything a binary report shows: counts and measures at 0.5, all curves and all areas."""
    b = BinaryScores(y, s)
    c = b.counts_at(0.5)
    cm = ConfusionMatrix.from_counts([[c.tn, c.fp], [c.fn, c.tp]], labels=[0, 1], rows="true")
    return {"matrix": assess_matrix(cm), "curves": (b.roc(), b.pr(), b.gain(), b.lift()),
            "areas": (b.auroc(), b.average_precision(), b.auprc_trapezoid(), b.gain_area())}


def peak_bytes(fn) -> int:
    """Peak memory traced while ``fn`` runs (numpy reports its buffers to tracemalloc)."""
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=10_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n, repeat = args.n, args.repeat
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 5, n)
    y_pred = np.where(rng.random(n) < 0.8, y_true, rng.integers(0, 5, n))
    y = rng.random(n) < 0.3
    s = np.clip(0.2 * y + rng.random(n), 0, None)  # ~n distinct scores

    ours = best_time(lambda: ConfusionMatrix.from_predictions(y_true, y_pred), repeat)
    theirs = best_time(lambda: confusion_matrix(y_true, y_pred), repeat)
    print(f"confusion matrix, {n:,} labels, 5 classes: ours {ours:.3f} s, sklearn {theirs:.3f} s, "
          f"sklearn/ours = {theirs / ours:.1f}x (target >= 10x)")

    sk_roc = best_time(lambda: roc_curve(y, s, drop_intermediate=False), repeat)
    our_roc = best_time(lambda: BinaryScores(y, s).roc(), repeat)
    report = best_time(lambda: full_binary_report(y, s), repeat)
    print(f"ROC over {len(np.unique(s)):,} distinct thresholds: ours {our_roc:.3f} s, "
          f"sklearn roc_curve {sk_roc:.3f} s, ours/sklearn = {our_roc / sk_roc:.2f} (target <= 0.8)")
    print(f"full binary report (all measures, 4 curves, 4 areas): {report:.3f} s, "
          f"report/roc_curve = {report / sk_roc:.2f} (target <= 1.5)")

    small = n // 10
    per_small = peak_bytes(lambda: full_binary_report(y[:small], s[:small])) / small
    per_large = peak_bytes(lambda: full_binary_report(y, s)) / n
    print(f"peak memory of the full report: {per_small:.0f} B/sample at n={small:,}, "
          f"{per_large:.0f} B/sample at n={n:,} (linear when these agree)")


if __name__ == "__main__":
    main()
