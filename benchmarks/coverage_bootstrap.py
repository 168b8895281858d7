"""Coverage of the bootstrap defaults for F1, MCC, Cohen's kappa and balanced accuracy (7.8), by simulation.

Each simulated test set draws n samples from a fixed population (prevalence
0.3, sensitivity 0.8, specificity 0.85), so every measure has a known true
value, computed from the population's cell probabilities.  For each test set
the intervals of :func:`iso4213_nb.stats.measure_intervals.matrix_intervals`
(stratified by true class, 2000 resamples) are computed with the percentile
and the BCa rule, and the script counts how often each holds the true value.
Wilson, Clopper–Pearson and DeLong are covered by ``benchmarks/coverage.py``
(exact binomial sums; binormal simulation).

Usage::

    .venv/bin/python benchmarks/coverage_bootstrap.py [--repeats 400] [--seed 0]

Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from iso4213_nb.stats.measure_intervals import IntervalSettings, matrix_intervals

PREVALENCE, SENSITIVITY, SPECIFICITY = 0.3, 0.8, 0.85
LEVEL = 0.95


def population() -> tuple[np.ndarray, dict]:
    """Cell probabilities of the 2×2 matrix (true rows: 0, 1) and the true value of each measure."""
    tp, fn = PREVALENCE * SENSITIVITY, PREVALENCE * (1 - SENSITIVITY)
    tn, fp = (1 - PREVALENCE) * SPECIFICITY, (1 - PREVALENCE) * (1 - SPECIFICITY)
    cells = np.array([tn, fp, fn, tp])
    po, pe = tp + tn, (tp + fn) * (tp + fp) + (tn + fp) * (tn + fn)
    truth = {"f1": 2 * tp / (2 * tp + fp + fn),
             "matthews_correlation": (tp * tn - fp * fn) / math.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)),
             "cohen_kappa": (po - pe) / (1 - pe), "balanced_accuracy": (SENSITIVITY + SPECIFICITY) / 2}
    return cells, truth


def pick(intervals: dict, name: str):
    return intervals["per_class"]["1"]["f1"] if name == "f1" else intervals[name]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    cells, truth = population()
    print(f"| measure | n | percentile | BCa |  ({args.repeats} simulated test sets each, nominal {LEVEL:.0%}) |")
    print("| --- | --- | --- | --- | --- |")
    for n in (50, 200, 1000):
        hits = {(m, name): 0 for m in ("percentile", "bca") for name in truth}
        for _ in range(args.repeats):
            matrix = rng.multinomial(n, cells).reshape(2, 2)
            seed = int(rng.integers(2 ** 31))
            for method in ("percentile", "bca"):
                found = matrix_intervals(matrix, [0, 1], IntervalSettings(bootstrap=method, seed=seed), positive=1)
                for name, value in truth.items():
                    ci = pick(found, name)
                    hits[method, name] += bool(isinstance(ci.low, float) and ci.low <= value <= ci.high)
        for name in truth:
            print(f"| {name} | {n} | {hits['percentile', name] / args.repeats:.3f} | "
                  f"{hits['bca', name] / args.repeats:.3f} | |")


if __name__ == "__main__":
    main()
