"""Coverage of the bootstrap defaults for top-k accuracy, Brier score and log loss (7.8; Annex C), by simulation.

The population: three classes with shares 0.5, 0.3, 0.2; a model's scores are
the softmax of 1.5 · one-hot(true class) plus standard normal noise per class,
rounded to 4 decimals (as a predictions file would hold them; rows still add up to 1 within the 0.001
tolerance of :data:`iso4213_nb.measures.multiclass_scores.PROBABILITY_SUM_TOLERANCE`).  The true value of each measure
is its mean over 2,000,000 samples drawn from the population (Monte Carlo
error below 0.001).  For each simulated test set of n samples the intervals of
:func:`iso4213_nb.stats.class_score_intervals.class_score_intervals` (stratified by
true class, 2000 resamples, budget lifted) are computed with the percentile
and the BCa rule, and the script counts how often each holds the true value.

Usage::

    .venv/bin/python benchmarks/coverage_class_scores.py [--repeats 200] [--seed 0]

Prints a Markdown table.
"""

from __future__ import annotations

import argparse

import numpy as np

from iso4213_nb.stats.class_score_intervals import class_score_intervals
from iso4213_nb.stats.measure_intervals import IntervalSettings
from iso4213_nb.measures.multiclass_scores import assess_scores

SHARES = np.array([0.5, 0.3, 0.2])
LABELS = [0, 1, 2]
LEVEL = 0.95
MEASURES = ("top-1 accuracy", "top-2 accuracy", "Brier score", "log loss")


def draw(rng, n: int) -> tuple[np.ndarray, np.ndarray]:
    """n true classes and their n × 3 probability rows."""
    y = rng.choice(3, size=n, p=SHARES)
    logits = 1.5 * np.eye(3)[y] + rng.normal(size=(n, 3))
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    return y, np.round(proba, 4)


def values(result) -> dict:
    """The four measures of an :func:`assess_scores` result or of one model's intervals, by name."""
    if isinstance(result, dict):
        return {"top-1 accuracy": result["top_k_accuracy"][1], "top-2 accuracy": result["top_k_accuracy"][2],
                "Brier score": result["brier"], "log loss": result["log_loss"]}
    return {"top-1 accuracy": result.top_k_accuracy[1], "top-2 accuracy": result.top_k_accuracy[2],
            "Brier score": result.brier, "log loss": result.log_loss}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    truth = values(assess_scores(*draw(rng, 2_000_000), LABELS, top_k=(1, 2)))
    print(f"| measure | n | percentile | BCa |  ({args.repeats} simulated test sets each, nominal {LEVEL:.0%}) |")
    print("| --- | --- | --- | --- | --- |")
    for n in (50, 200, 1000):
        hits = {(m, name): 0 for m in ("percentile", "bca") for name in MEASURES}
        for _ in range(args.repeats):
            y, proba = draw(rng, n)
            seed = int(rng.integers(2 ** 31))
            for method in ("percentile", "bca"):
                settings = IntervalSettings(bootstrap=method, seed=seed, budget=None)
                found = values(class_score_intervals(y, {"m": proba}, LABELS, settings, top_k=(1, 2))["m"])
                for name in MEASURES:
                    ci = found[name]
                    hits[method, name] += bool(isinstance(ci.low, float) and ci.low <= truth[name] <= ci.high)
        for name in MEASURES:
            print(f"| {name} | {n} | {hits['percentile', name] / args.repeats:.3f} | "
                  f"{hits['bca', name] / args.repeats:.3f} | |", flush=True)


if __name__ == "__main__":
    main()
