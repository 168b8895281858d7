"""Words and a small figure for planning a test set (7.8, 7.9; the formulas are in :mod:`iso4213_nb.stats.planning`).

* :func:`plan` — for one quantity (:data:`QUANTITIES`: a proportion with its
  Wilson interval, AUROC with the variance of Hanley & McNeil, McNemar's test
  of two models) and its inputs, the smallest test set that reaches the
  target, what a given test set reaches instead (the reverse question), and
  the curve of half-width (or power, for McNemar) against the test set size.
  Every number is the one :mod:`iso4213_nb.stats.planning` returns; nothing is
  computed here but the grid of sizes the curve is drawn over.
* :func:`readout_html` — those numbers in words, each in an element with a
  ``data-value`` attribute so that tests and browsers can find it.
* :func:`draw_planning_curve` — the curve, the target and both test set sizes marked.

For McNemar the confidence level sets α = 1 − level, and the "reverse" is the
power at the given number of pairs and the smallest difference p10 − p01 they
detect with the wanted power at the same discordance p10 + p01.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes

from ..stats import planning
from ..core.checks import one_of
from ..core.errors import InputError
from ..words.i18n import N_, _, number
from .decimal import localize
from .live_intervals import percent

#: The quantities a test set can be planned for, as (code, label) pairs for a chooser.
QUANTITIES = (("proportion", N_("proportion (Wilson)")), ("auroc", N_("AUROC (Hanley & McNeil)")),
              ("mcnemar", N_("McNemar (two models)")))


@dataclass(frozen=True)
class Planned:
    """One planning question answered (7.8 for intervals, 7.9 for McNemar).

    Attributes
    ----------
    quantity : "proportion", "auroc" or "mcnemar".
    plan : the :mod:`~iso4213_nb.stats.planning` result for the target (ProportionPlan, AurocPlan or McNemarPlan).
    n_have : the test set size of the reverse question.
    reached : at ``n_have``: the half-width (proportion, AUROC) or the power (McNemar).
    detectable : McNemar only: the smallest |p10 − p01| ``n_have`` pairs detect with the wanted power.
    positives : AUROC only: positives of ``n_have`` samples at the prevalence (negatives are the rest).
    sizes, curve : test set sizes and the half-width (or power) at each, for the figure.
    """

    quantity: str
    plan: object
    n_have: int
    reached: float
    detectable: float | None
    positives: int | None
    sizes: np.ndarray
    curve: np.ndarray


def _sizes(n_plan: int, n_have: int, least: int) -> np.ndarray:
    top = max(4 * n_plan, 2 * n_have, 50)
    return np.unique(np.geomspace(least, top, 80).round().astype(int))


def plan(quantity: str, *, proportion: float = 0.9, auroc: float = 0.85, prevalence: float = 0.3,
         half_width: float = 0.03, p10: float = 0.08, p01: float = 0.03, power: float = 0.8,
         confidence_level: float = 0.95, n_have: int = 500) -> Planned:
    """Answer the planning question for ``quantity`` at these inputs (7.8, 7.9; see the module docstring).

    Bad inputs raise the :class:`~iso4213_nb.core.errors.InputError` of :mod:`~iso4213_nb.stats.planning`.
    """
    if quantity == "proportion":
        result = planning.proportion_sample_size(proportion, half_width, confidence_level)
        reached = planning.proportion_half_width(proportion, n_have, confidence_level)
        sizes = _sizes(result.n, n_have, 1)
        curve = np.array([planning.proportion_half_width(proportion, k, confidence_level) for k in sizes])
        return Planned(quantity, result, n_have, reached, None, None, sizes, curve)
    if quantity == "auroc":
        if n_have < 2:
            raise InputError(_("an AUROC needs a positive and a negative: the test set must have at least 2 samples, "
                               "got {n}").format(n=n_have))
        result = planning.auroc_sample_size(auroc, prevalence, half_width, confidence_level)
        sizes = _sizes(result.n, n_have, 2)
        positives = planning._split(n_have, prevalence)[0]
        reached = planning.auroc_half_width(auroc, positives, n_have - positives, confidence_level)
        curve = np.array([planning.auroc_half_width(auroc, *planning._split(k, prevalence), confidence_level)
                          for k in sizes])
        return Planned(quantity, result, n_have, reached, None, positives, sizes, curve)
    if quantity == "mcnemar":
        alpha = 1 - confidence_level
        result = planning.mcnemar_sample_size(p10, p01, power, alpha)
        reached = planning.mcnemar_power(p10, p01, n_have, alpha)
        detectable = planning.mcnemar_detectable_difference(p10 + p01, n_have, power, alpha)
        sizes = _sizes(result.n, n_have, 1)
        curve = np.array([planning.mcnemar_power(p10, p01, k, alpha) for k in sizes])
        return Planned(quantity, result, n_have, reached, detectable, None, sizes, curve)
    one_of(quantity, tuple(q for q, _label in QUANTITIES), "quantity")


def _count(n: int) -> str:
    return f"{n:,}".replace(",", "\u202f")


def _span(key: str, text: str) -> str:
    return f"<b data-value='{key}'>{html.escape(text)}</b>"


def readout_html(planned: Planned) -> str:
    """The answer to both planning questions (7.8, 7.9) in words (HTML), numbers in ``data-value`` elements."""
    p = planned.plan
    have = _span("n-have", _count(planned.n_have))
    if planned.quantity in ("proportion", "auroc"):
        level = percent(p.confidence_level)
        if planned.quantity == "proportion":
            need = _("{n} test samples give a {level} Wilson interval of ±{hw} around a proportion of {p} "
                     "(target ±{target}).")
            about = _("{have} test samples: the {level} interval is about ±{reached}.")
            facts = {"p": html.escape(number(p.proportion, 3))}
        else:
            need = _("{n} test samples ({positives} positives, {negatives} negatives) give a {level} interval of "
                     "±{hw} around an AUROC of {p} (Hanley & McNeil; target ±{target}).")
            about = _("{have} test samples ({have_positives} positives): the {level} interval is about ±{reached}.")
            facts = {"p": html.escape(number(p.auroc, 3)), "positives": _count(p.positives),
                     "negatives": _count(p.negatives), "have_positives": _count(planned.positives or 0)}
        first = need.format(n=_span("n-needed", _count(p.n)), level=level,
                            hw=_span("half-width", number(p.half_width, 4)),
                            target=html.escape(number(p.target_half_width, 4)), **facts)
        second = about.format(have=have, level=level, reached=_span("reached", number(planned.reached, 4)),
                              **facts)
    else:
        first = _("{n} pairs (about {discordant} discordant) give McNemar's test at α = {alpha} a power of {power} "
                  "for p10 = {p10}, p01 = {p01} (Connor 1987; target {target}).").format(
            n=_span("n-needed", _count(p.n)), discordant=_count(round(p.expected_discordant)),
            alpha=html.escape(number(p.alpha, 3)), power=_span("power", number(p.power, 3)),
            p10=html.escape(number(p.p10, 3)), p01=html.escape(number(p.p01, 3)),
            target=html.escape(number(p.target_power, 2)))
        second = _("{have} pairs: power {reached} at these shares; with {discordance} of pairs discordant they "
                   "detect a difference p10 − p01 of {detectable} or more with power {target}.").format(
            have=have, reached=_span("reached", number(planned.reached, 3)),
            discordance=html.escape(number(p.p10 + p.p01, 3)),
            detectable=_span("detectable", number(planned.detectable, 4)),
            target=html.escape(number(p.target_power, 2)))
    return f"<div class='iso4213-plan'><p>{first}</p><p>{second}</p></div>"


def draw_planning_curve(ax: Axes, planned: Planned) -> Axes:
    """Half-width of the interval (7.8) or McNemar's power (7.9) against the test set size, both sizes marked."""
    p = planned.plan
    mcnemar = planned.quantity == "mcnemar"
    ax.plot(planned.sizes, planned.curve, color="C0")
    target = p.target_power if mcnemar else p.target_half_width
    ax.axhline(target, color="0.5", linestyle="--", linewidth=1, label=_("target"))
    ax.axvline(p.n, color="C1", linewidth=1, label=_("needed: {n}").format(n=_count(p.n)))
    ax.axvline(planned.n_have, color="C2", linestyle=":", linewidth=1.5,
               label=_("you have: {n}").format(n=_count(planned.n_have)))
    ax.set_xscale("log")
    ax.set_xlabel(_("test samples (pairs for McNemar)") if mcnemar else _("test samples"))
    ax.set_ylabel(_("power") if mcnemar else _("half-width"))
    if mcnemar:
        ax.set_ylim(0, 1)
    else:
        ax.set_ylim(0, min(0.5, 1.1 * float(np.nanmax(planned.curve))))
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7, loc="lower right" if mcnemar else "upper right")
    return localize(ax)
