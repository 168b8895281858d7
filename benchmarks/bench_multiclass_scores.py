"""Speed of the score-based multi-class measures against scikit-learn, measured in the same run.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/bench_multiclass_scores.py [--n 1000000] [--k 10] [--repeat 1]

Times each measure of :mod:`iso4213_nb.measures.multiclass_scores` (public function,
input checks included) next to the scikit-learn function that computes the
same number, and ``assess_scores`` (everything at once, the per-class curves
included) next to the sum of the scikit-learn calls it replaces.  Prints
best-of-``repeat`` wall and CPU seconds and the ratio ours / scikit-learn.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from sklearn.metrics import average_precision_score, brier_score_loss, log_loss, roc_auc_score, top_k_accuracy_score
from sklearn.preprocessing import label_binarize

from iso4213_nb.measures import multiclass_scores as ms


def best_time(fn, repeat: int) -> tuple[float, float]:
    """Smallest (wall, CPU) seconds of ``repeat`` calls."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    labels = list(range(args.k))
    y = rng.integers(0, args.k, args.n)
    logits = rng.normal(size=(args.n, args.k)) + 1.5 * np.eye(args.k)[y]
    s = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    onehot = label_binarize(y, classes=labels)

    def sklearn_per_class():
        return [(roc_auc_score(onehot[:, j], s[:, j]), average_precision_score(onehot[:, j], s[:, j]))
                for j in labels]

    pairs = {
        "top-1..5 accuracy": (lambda: ms.top_k_accuracies(y, s, labels),
                              lambda: [top_k_accuracy_score(y, s, k=k, labels=labels) for k in range(1, 6)]),
        "per-class AUROC and AP": (lambda: [(b.auroc(), b.average_precision())
                                            for b in ms.one_vs_rest(y, s, labels).values()], sklearn_per_class),
        "macro AUROC (ovr)": (lambda: ms.ovr_auroc(y, s, labels, "macro"),
                              lambda: roc_auc_score(y, s, multi_class="ovr", labels=labels)),
        "micro AUROC (ovr)": (lambda: ms.ovr_auroc(y, s, labels, "micro"),
                              lambda: roc_auc_score(onehot, s, average="micro")),
        "Hand & Till AUROC (ovo)": (lambda: ms.ovo_auroc(y, s, labels),
                                    lambda: roc_auc_score(y, s, multi_class="ovo", labels=labels)),
        "log loss": (lambda: ms.log_loss(y, s, labels), lambda: log_loss(y, s, labels=labels)),
        "Brier score": (lambda: ms.brier_score(y, s, labels), lambda: brier_score_loss(y, s, labels=labels)),
    }
    total_theirs = [0.0, 0.0]
    print(f"n = {args.n:,}, k = {args.k}, best of {args.repeat}")
    print(f"{'measure':26s} {'ours wall/CPU s':>16s} {'sklearn wall/CPU s':>19s} {'ratio (CPU)':>12s}")
    for name, (ours, theirs) in pairs.items():
        o, t = best_time(ours, args.repeat), best_time(theirs, args.repeat)
        if name not in ("macro AUROC (ovr)",):  # the per-class line already holds the one-vs-rest work
            total_theirs = [total_theirs[0] + t[0], total_theirs[1] + t[1]]
        print(f"{name:26s} {o[0]:7.2f} / {o[1]:6.2f} {t[0]:9.2f} / {t[1]:6.2f} {o[1] / t[1]:12.2f}")
    everything = best_time(lambda: ms.assess_scores(y, s, labels), args.repeat)
    print(f"{'assess_scores (all)':26s} {everything[0]:7.2f} / {everything[1]:6.2f} {total_theirs[0]:9.2f} / "
          f"{total_theirs[1]:6.2f} {everything[1] / total_theirs[1]:12.2f}")


if __name__ == "__main__":
    main()
