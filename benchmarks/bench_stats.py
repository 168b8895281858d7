"""Speed of DeLong's test and of the AUROC bootstrap, against scikit-learn in the same run.

Run on demand:  .venv/bin/python benchmarks/bench_stats.py

Targets (issue 3), one core:

* ``delong_test`` on 1,000,000 scores (two models) under 2 s; scikit-learn has
  no DeLong test, so the reference is ``roc_auc_score`` of both models (the
  AUROCs alone, without the variance);
* ``auroc_ci(method="percentile")`` with 1000 resamples of 100,000 scores
  under 3 s; the reference is the naive bootstrap, ``roc_auc_score`` on each
  resample (re-sorting every time), timed on 20 resamples and scaled to 1000.

Each timing is the best of ``repeats`` runs.  Wall-clock and CPU time of this
process are both printed; the targets are checked on CPU time, which is what
one core spends and does not grow when other jobs share the machine.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
from sklearn.metrics import roc_auc_score  # noqa: E402

from iso4213_nb.stats import auroc_ci, delong_test  # noqa: E402


def _best(action, repeats: int) -> tuple[float, float]:
    """Best wall-clock and best CPU seconds over ``repeats`` runs."""
    wall, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(wall), min(cpu)


def main(repeats: int = 3) -> int:
    rng = np.random.default_rng(0)
    n = 1_000_000
    y = (rng.random(n) < 0.3).astype(int)
    a = rng.normal(y * 1.0, 1.0)
    b = rng.normal(y * 0.9, 1.0)
    delong = _best(lambda: delong_test(y, a, b), repeats)
    sk_auc = _best(lambda: (roc_auc_score(y, a), roc_auc_score(y, b)), repeats)

    m = 100_000
    ys, s = y[:m], a[:m]
    boot = _best(lambda: auroc_ci(ys, s, method="percentile", n_resamples=1000, seed=0), repeats)
    idx = [rng.integers(0, m, m) for _ in range(20)]
    naive = [t * 1000 / 20 for t in _best(lambda: [roc_auc_score(ys[i], s[i]) for i in idx], 1)]

    ok_delong, ok_boot = delong[1] < 2.0, boot[1] < 3.0
    print("                                              wall s   CPU s   ratio (CPU) to scikit-learn")
    print(f"DeLong test, {n:,} scores x 2 models        {delong[0]:7.2f} {delong[1]:7.2f}   {delong[1] / sk_auc[1]:.2f}"
          f"   target < 2 s {'met' if ok_delong else 'MISSED'}")
    print(f"  scikit-learn roc_auc_score x 2 (no variance) {sk_auc[0]:7.2f} {sk_auc[1]:7.2f}")
    print(f"AUROC bootstrap, 1000 resamples of {m:,}    {boot[0]:7.2f} {boot[1]:7.2f}   {boot[1] / naive[1]:.3f}"
          f"  target < 3 s {'met' if ok_boot else 'MISSED'}")
    print(f"  naive bootstrap, roc_auc_score per resample {naive[0]:7.2f} {naive[1]:7.2f}   (20 timed, scaled to 1000)")
    return 0 if ok_delong and ok_boot else 1


if __name__ == "__main__":
    sys.exit(main())
