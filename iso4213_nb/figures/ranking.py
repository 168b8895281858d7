"""Critical-difference diagram of Demšar (2006) and the posterior of a Bayesian comparison.

* :func:`draw_critical_difference` — models placed on an axis of mean rank
  (1 = best, on the left), the critical difference drawn to scale above the
  axis, and a thick bar under each group of models whose mean ranks are
  within it (:class:`~iso4213_nb.stats.ranking.Ranking.groups`).
* :func:`draw_posterior` — for the correlated t-test, the Student posterior of
  the mean difference with the ROPE shaded; for the signed-rank test, the
  posterior samples on the probability triangle (A better, equivalent,
  B better) with the share of samples in each region.

Both take the Axes to draw on and return it.  Model names are drawn as text,
never interpreted.
"""

from __future__ import annotations

import textwrap

import numpy as np
from matplotlib.axes import Axes
from scipy import stats as sps

from ..stats.bayesian import RopeProbabilities
from ..stats.ranking import Ranking
from ..words.i18n import N_, _, number, significant
from .decimal import localize

#: How the Bayesian methods of :mod:`iso4213_nb.stats.bayesian` are named where a result is shown.
BAYESIAN_METHODS = {"correlated t-test": N_("Bayesian correlated t-test"), "signed-rank": N_("Bayesian signed-rank test")}
#: Characters per line of the posterior's title: two lines fit the notebook widget's 448-px figure.
TITLE_CHARACTERS = 72


def draw_critical_difference(ax: Axes, ranking: Ranking) -> Axes:
    """Draw the critical-difference diagram of ``ranking`` on ``ax`` (clause 7; beyond TS 4213: Demšar 2006)."""
    k = len(ranking.names)
    order = np.argsort(ranking.mean_ranks, kind="stable")
    ax.set_xlim(0.5, k + 0.5)
    ax.set_ylim(-0.35 * (k + len(ranking.groups)) - 0.5, 1.4)
    ax.axis("off")
    ax.hlines(0, 1, k, color="black", linewidth=1)
    for r in range(1, k + 1):
        ax.vlines(r, 0, 0.12, color="black", linewidth=1)
        ax.text(r, 0.2, str(r), ha="center", va="bottom", fontsize=9)
    cd = ranking.critical_difference
    ax.hlines(1.05, 1, 1 + cd, color="black", linewidth=2)
    ax.vlines([1, 1 + cd], 0.97, 1.13, color="black", linewidth=1)
    ax.text(1 + cd / 2, 1.17, f"CD = {number(cd, 2)} (α = {significant(ranking.alpha)})", ha="center", va="bottom", fontsize=9)
    half = (k + 1) // 2
    for position, i in enumerate(order):
        rank = ranking.mean_ranks[i]
        left = position < half
        depth = -0.35 * (position + 1 if left else k - position) - 0.35 * len(ranking.groups)
        edge = 0.6 if left else k + 0.4
        ax.plot([rank, rank, edge], [0, depth, depth], color="black", linewidth=0.8)
        ax.text(edge + (-0.05 if left else 0.05), depth, f"{ranking.names[i]} ({number(rank, 2)})",
                ha="right" if left else "left", va="center", fontsize=9)
    by_name = dict(zip(ranking.names, ranking.mean_ranks))
    for g, group in enumerate(ranking.groups):
        y = -0.2 - 0.3 * g
        ax.hlines(y, by_name[group[0]] - 0.03, by_name[group[-1]] + 0.03, color="black", linewidth=4)
    return ax


def draw_posterior(ax: Axes, result: RopeProbabilities, names: tuple[str, str] = ("A", "B")) -> Axes:
    """Draw the posterior of a Bayesian comparison of ``names[0]`` and ``names[1]`` on ``ax``, in the active language.

    The title names the method, the ROPE and the three probabilities, wrapped to lines that fit a 448-px figure.
    Clause 7; beyond TS 4213: Demšar 2006, Benavoli et al. 2017.
    """
    a, b = names
    if result.method == "correlated t-test":
        df, location, scale = result.posterior
        if scale == 0:
            ax.axvline(location, color="C0", linewidth=2)
        else:
            spread = sps.t(df, location, scale)
            low, high = spread.ppf([0.001, 0.999])
            xs = np.linspace(min(low, -1.2 * result.rope), max(high, 1.2 * result.rope), 400)
            ax.plot(xs, spread.pdf(xs), color="C0")
            ax.fill_between(xs, spread.pdf(xs), where=np.abs(xs) <= result.rope, color="C1", alpha=0.4,
                            label=f"ROPE ±{significant(result.rope, 6)}")
        ax.set_xlabel(_("mean difference {a} − {b}").format(a=a, b=b))
        ax.set_yticks([])
        if result.rope > 0:
            ax.legend(loc="upper right", fontsize=8)
    else:
        samples = result.posterior
        corners = np.array([[0.0, 0.0], [0.5, np.sqrt(3) / 2], [1.0, 0.0]])  # A better, equivalent, B better
        points = samples @ corners
        winner = np.argmax(samples, axis=1)
        for region, colour in enumerate(("C0", "C1", "C2")):
            chosen = points[winner == region]
            ax.scatter(chosen[:, 0], chosen[:, 1], s=2, color=colour, alpha=0.3, rasterized=True)
        ax.plot(*np.vstack([corners, corners[:1]]).T, color="black", linewidth=0.8)
        labels = (_("{name} better").format(name=a), _("equivalent"), _("{name} better").format(name=b))
        for corner, label, align, lift in zip(corners, labels, ("right", "center", "left"), (-0.06, 0.04, -0.06)):
            ax.text(corner[0], corner[1] + lift, label, ha=align, fontsize=9)
        ax.set_aspect("equal")
        ax.axis("off")
    method = _(BAYESIAN_METHODS.get(result.method, result.method))
    title = _("{method}, ROPE ±{rope}: P({a} better) = {p_a}, P(equivalent) = {p_eq}, P({b} better) = {p_b}").format(
        method=method, rope=significant(result.rope, 6), a=a, b=b, p_a=number(result.a_better, 3),
        p_eq=number(result.equivalent, 3), p_b=number(result.b_better, 3))
    ax.set_title(textwrap.fill(title, TITLE_CHARACTERS), fontsize=9, pad=14)
    return localize(ax)
