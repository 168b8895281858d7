"""How often each default interval method covers the true value (issue: intervals that reach their nominal level).

* Proportions (accuracy, recall, ...; 7.8): the coverage of an interval method
  for a binomial proportion is an exact sum, Σ_x P(X = x) · 1[p ∈ CI(x)], so no
  simulation is needed: every (n, p) row is exact.
* AUROC (6.3.6) with DeLong's interval: simulated on binormal scores, whose
  AUROC is known exactly, Φ(shift / √2).
* Sensitivity at a fixed specificity with the stratified bootstrap (pROC's
  ``ci.se``): simulated on the same binormal scores.

Usage::

    .venv/bin/python benchmarks/coverage.py [--repeats 1000] [--seed 0]

Prints a Markdown table to paste into benchmarks/README.md.
"""

from __future__ import annotations

import argparse

import numpy as np
from scipy import stats as sps

from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.measures.roc_regions import roc_band
from iso4213_nb.stats import auroc_ci, proportion_ci

LEVEL = 0.95


def proportion_coverage(method: str, n: int, p: float) -> float:
    """Exact coverage of ``method`` at (n, p): the binomial probability of the x whose interval holds p."""
    covered = np.array([(lambda ci: ci.low <= p <= ci.high)(proportion_ci(x, n, method=method, confidence_level=LEVEL))
                        for x in range(n + 1)])
    return float(sps.binom.pmf(np.arange(n + 1), n, p) @ covered)


def binormal(rng, positives: int, negatives: int, shift: float):
    y = np.r_[np.ones(positives, int), np.zeros(negatives, int)]
    return y, np.r_[rng.normal(shift, 1, positives), rng.normal(0, 1, negatives)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    print(f"| quantity | method | setting | coverage of a nominal {LEVEL:.0%} interval |")
    print("| --- | --- | --- | --- |")
    for n in (30, 100, 1000):
        for p in (0.5, 0.9, 0.98):
            row = ", ".join(f"{m} {proportion_coverage(m, n, p):.3f}" for m in ("wilson", "clopper-pearson", "wald"))
            print(f"| proportion | wilson (default), clopper-pearson, wald | n = {n}, p = {p} | {row} (exact) |")
    for positives, negatives in ((30, 70), (150, 350)):
        for auroc in (0.75, 0.9):
            shift = np.sqrt(2) * sps.norm.ppf(auroc)
            hits = 0
            for _ in range(args.repeats):
                ci = auroc_ci(*binormal(rng, positives, negatives, shift), method="delong", confidence_level=LEVEL)
                hits += ci.low <= auroc <= ci.high
            print(f"| AUROC | DeLong (default) | {positives} + {negatives}, AUROC {auroc} | {hits / args.repeats:.3f} "
                  f"({args.repeats} simulated test sets) |")
    shift, specificity = 1.2, 0.8
    truth = float(sps.norm.sf(sps.norm.ppf(specificity) - shift))
    for positives, negatives in ((50, 100), (150, 350)):
        repeats = max(args.repeats // 5, 50)
        hits = 0
        for _ in range(repeats):
            band = roc_band(BinaryScores(*binormal(rng, positives, negatives, shift)), [specificity],
                            confidence_level=LEVEL, n_resamples=500, seed=int(rng.integers(2 ** 31)))
            hits += band.low[0] <= truth <= band.high[0]
        print(f"| sensitivity at specificity {specificity} | stratified bootstrap, percentile (default) | "
              f"{positives} + {negatives} | {hits / repeats:.3f} ({repeats} simulated test sets, 500 resamples) |")


if __name__ == "__main__":
    main()
