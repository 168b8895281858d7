"""Bayesian comparison of two models with a region of practical equivalence (beyond TS 4213's clause 7).

A p-value says whether a difference is compatible with zero; it cannot say
that two models are practically the same.  With a region of practical
equivalence (ROPE, ±``rope`` on the score's own scale) the posterior gives
three probabilities: that model A is better by more than ``rope``, that the
difference lies inside the ROPE, and that model B is better (Benavoli,
Corani, Demšar & Zaffalon 2017).  Two tests, as in baycomp:

* :func:`correlated_ttest` — one data set, scores of k-fold cross-validation
  (possibly repeated): the folds overlap in training data, so the differences
  are correlated.  Corani & Benavoli (2015): the posterior of the mean
  difference is Student's t with n − 1 degrees of freedom, location the mean
  difference and scale² = (1/n + ρ/(1 − ρ)) s², ρ the share of data in a test
  fold (Nadeau & Bengio's correction).
* :func:`signed_rank` — several data sets, one score per data set and model:
  the Bayesian signed-rank test of Benavoli et al. (2014), a Dirichlet process
  with prior weight ``prior`` on a pseudo-observation at 0.  Each posterior
  sample is a probability of (A better, equivalent, B better) from the
  weighted Walsh averages; each probability reported is the share of samples
  in which that region is the most probable (baycomp's rule).

Differences are taken as A − B, so "left" in baycomp's terms (x = A, y = B)
is "A better" here when higher scores are better.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats as sps

from ..core.checks import is_whole
from ..core.errors import InputError


@dataclass(frozen=True)
class RopeProbabilities:
    """Posterior probabilities of a comparison of A and B with a ROPE (beyond TS 4213: Benavoli et al. 2017).

    Attributes
    ----------
    a_better, equivalent, b_better : probabilities summing to 1 (``equivalent`` is 0 without a ROPE).
    rope : half-width of the region of practical equivalence, in score units.
    method : "correlated t-test" or "signed-rank".
    mean_difference : mean of A − B.
    posterior : for the t-test ``(df, location, scale)`` of the Student posterior of the mean
        difference; for the signed-rank test an array of samples × (A better, equivalent, B better).
    """

    a_better: float
    equivalent: float
    b_better: float
    rope: float
    method: str
    mean_difference: float
    posterior: object


def _paired(a, b) -> tuple[np.ndarray, np.ndarray]:
    try:
        x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    except (TypeError, ValueError):
        raise InputError("bayesian.not_numbers") from None
    if x.ndim != 1 or x.shape != y.shape:
        raise InputError("bayesian.shapes", shape_a=x.shape, shape_b=y.shape)
    if len(x) < 2:
        raise InputError("bayesian.too_few_scores", count=len(x))
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise InputError("bayesian.not_finite")
    return x, y


def _rope(rope) -> float:
    try:
        r = float(rope)
    except (TypeError, ValueError):
        raise InputError("bayesian.rope_not_a_number", name="rope", value=repr(rope)) from None
    if not (np.isfinite(r) and r >= 0):
        raise InputError("bayesian.rope_negative", name="rope", value=rope)
    return r


def correlated_ttest(a, b, rope: float = 0.0, *, runs: int = 1, test_fraction: float | None = None,
                     higher_is_better: bool = True) -> RopeProbabilities:
    """Bayesian correlated t-test of cross-validation scores (Corani & Benavoli 2015).

    Parameters
    ----------
    a, b : per-fold scores of models A and B, in the same folds (runs × folds values).
    rope : half-width of the region of practical equivalence.
    runs : how many times the cross-validation was repeated; ρ = 1/folds unless
        ``test_fraction`` gives ρ (the share of data in a test fold) directly.
    higher_is_better : False for losses, so that "A better" means A lower.

    Beyond TS 4213: Corani & Benavoli 2015.
    """
    x, y = _paired(a, b)
    r = _rope(rope)
    n = len(x)
    if not is_whole(runs, 1) or n % int(runs):
        raise InputError("bayesian.runs", name="runs", count=n, value=runs)
    rho = 1 / (n / int(runs)) if test_fraction is None else float(test_fraction)
    if not 0 < rho < 1:
        raise InputError("bayesian.test_fraction", value=rho)
    diff = (x - y) if higher_is_better else (y - x)
    mean = float(diff.mean())
    scale = float(np.sqrt((1 / n + rho / (1 - rho)) * np.var(diff, ddof=1)))
    if scale == 0:
        a_better, b_better = float(mean > r), float(mean < -r)
        if r == 0 and mean == 0:
            a_better = b_better = 0.5
    else:
        posterior = sps.t(n - 1, mean, scale)
        a_better, b_better = float(posterior.sf(r)), float(posterior.cdf(-r))
    return RopeProbabilities(a_better, max(0.0, 1 - a_better - b_better), b_better, r, "correlated t-test", mean,
                             (n - 1, mean, scale))


def signed_rank(a, b, rope: float = 0.0, *, prior: float = 0.5, n_samples: int = 50_000, seed: int = 0,
                higher_is_better: bool = True) -> RopeProbabilities:
    """Bayesian signed-rank test of scores on several data sets (Benavoli et al. 2014).

    Parameters
    ----------
    a, b : one score per data set for models A and B.
    rope : half-width of the region of practical equivalence.
    prior : weight of the Dirichlet process's pseudo-observation at 0.
    n_samples, seed : posterior samples, drawn with ``numpy.random.RandomState(seed)``
        exactly as baycomp draws them (so the two agree sample for sample).

    Beyond TS 4213: Benavoli et al. 2014.
    """
    x, y = _paired(a, b)
    r = _rope(rope)
    if not is_whole(n_samples, 1):
        raise InputError("bayesian.n_samples", value=n_samples)
    if not prior > 0:
        raise InputError("bayesian.prior", name="prior", value=prior)
    diff = np.concatenate([[0.0], (x - y) if higher_is_better else (y - x)])
    sums = diff[:, None] + diff[None, :]  # Walsh sums of every pair, the pseudo-observation included
    a_side = (sums > 2 * r) + 0.5 * (sums == 2 * r)
    b_side = (-sums > 2 * r) + 0.5 * (-sums == 2 * r)
    weights = np.ones(len(diff))
    weights[0] = prior
    draws = np.random.RandomState(seed).dirichlet(weights, int(n_samples))
    samples = np.empty((len(draws), 3))
    samples[:, 0] = np.einsum("si,ij,sj->s", draws, a_side, draws)
    samples[:, 2] = np.einsum("si,ij,sj->s", draws, b_side, draws)
    samples[:, 1] = 1 - samples[:, 0] - samples[:, 2]
    if r == 0:  # without a ROPE the middle region is empty: compare A against B only
        samples[:, 1] = 0
        winners = np.where(samples[:, 0] >= samples[:, 2], 0, 2)
    else:
        winners = np.argmax(samples, axis=1)
    shares = np.bincount(winners, minlength=3) / len(winners)
    return RopeProbabilities(float(shares[0]), float(shares[1]), float(shares[2]), r, "signed-rank",
                             float(diff[1:].mean()), samples)
