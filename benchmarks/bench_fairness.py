"""Speed of calibration and subgroup analysis, with scikit-learn and fairlearn timed in the same run for scale.

Run on demand:  .venv/bin/python benchmarks/bench_fairness.py [--n 100000] [--repeat 3]

* ``calibration`` (both binnings, 1 000 class-stratified bootstrap resamples of
  both ECEs, Brier decomposition, log loss) against scikit-learn's point
  estimates alone (``calibration_curve`` twice, ``brier_score_loss``,
  ``log_loss``) and against one resample done the plain way (draw indices,
  ``calibration_curve`` on the resample), times 1 000;
* ``subgroup_analysis`` (five groups, six measures and AUROC, Wilson, DeLong,
  1 000 within-group-and-class resamples, heterogeneity tests) against
  fairlearn's ``MetricFrame`` computing the seven point estimates once;
* a threshold move of the subgroup explorer's lookup
  (``GroupThresholds.recall_intervals_at``) against fairlearn recomputing the
  per-group recall at that threshold.

Prints best-of-``repeat`` seconds and ratios.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from fairlearn.metrics import MetricFrame, true_negative_rate
from sklearn.calibration import calibration_curve
from sklearn.metrics import (accuracy_score, balanced_accuracy_score, brier_score_loss, f1_score, log_loss,
                             precision_score, recall_score, roc_auc_score)

from iso4213_nb.measures.calibration import calibration
from iso4213_nb.subgroups.rows import GroupThresholds, subgroup_analysis


def best(action, repeat: int) -> float:
    """Shortest wall time of ``repeat`` calls, seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n, repeat = args.n, args.repeat
    rng = np.random.default_rng(0)
    p = rng.random(n)
    y = (rng.random(n) < p ** 1.3).astype(int)
    groups = rng.choice(list("abcde"), n)
    pred = (p >= 0.5).astype(int)

    ours = best(lambda: calibration(y, p, positive=1, n_bootstrap=1000), repeat)

    def sklearn_points():
        calibration_curve(y, p, n_bins=10, strategy="uniform")
        calibration_curve(y, p, n_bins=10, strategy="quantile")
        brier_score_loss(y, p)
        log_loss(y, p)

    points = best(sklearn_points, repeat)

    def one_plain_resample():
        idx = rng.integers(0, n, n)
        calibration_curve(y[idx], p[idx], n_bins=10, strategy="uniform")
        calibration_curve(y[idx], p[idx], n_bins=10, strategy="quantile")

    plain = 1000 * best(one_plain_resample, max(repeat, 5))
    print(f"n = {n}")
    print(f"calibration, 1000 resamples:      {ours:8.3f} s")
    print(f"  scikit-learn point estimates:   {points:8.3f} s  (ratio {ours / points:6.1f}x)")
    print(f"  plain bootstrap, 1000 x 2 curves (extrapolated from one): {plain:8.3f} s  (ours {ours / plain:5.2f}x)")

    analysis = best(lambda: subgroup_analysis(y, pred, groups, labels=[0, 1], positive=1, scores=p,
                                              n_bootstrap=1000), repeat)
    metrics = {"accuracy": accuracy_score, "recall": recall_score, "specificity": true_negative_rate,
               "precision": precision_score, "f1": f1_score, "balanced_accuracy": balanced_accuracy_score}

    def fairlearn_points():
        MetricFrame(metrics=metrics, y_true=y, y_pred=pred, sensitive_features=groups).by_group
        MetricFrame(metrics={"auroc": roc_auc_score}, y_true=y, y_pred=p, sensitive_features=groups).by_group

    frame = best(fairlearn_points, repeat)
    print(f"subgroup_analysis, 5 groups, 1000 resamples: {analysis:8.3f} s")
    print(f"  fairlearn MetricFrame, point estimates only: {frame:8.3f} s  (ratio {analysis / frame:6.1f}x)")

    lookup = GroupThresholds(y, p, groups, positive=1)
    thresholds = iter(rng.random(10_000))
    move = best(lambda: lookup.recall_intervals_at(float(next(thresholds))), 20)
    recompute = best(lambda: MetricFrame(metrics=recall_score, y_true=y, y_pred=p >= float(next(thresholds)),
                                         sensitive_features=groups).by_group, repeat)
    print(f"threshold move (lookup + Wilson per group): {1000 * move:8.3f} ms")
    print(f"  fairlearn recall per group recomputed:      {1000 * recompute:8.3f} ms  (ours {move / recompute:6.3f}x)")


if __name__ == "__main__":
    main()
