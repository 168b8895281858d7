"""``iso4213-nb plan {proportion,auroc,mcnemar}``: how many test samples, or what a test set can show.

Each question is asked one of two ways: give the target (a half-width, a
power) and get the smallest test set, or give ``--n`` and get what that test
set reaches.  The formulas and their assumptions are in :mod:`iso4213_nb.stats.planning`.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict

from ..core.errors import InputError
from ..words.i18n import _, current_language, level_percent, number, significant
from ._types import open_unit, whole


def register(subparsers) -> None:
    """Add the ``plan`` sub-command and its three questions (7.8, 7.9, 6.3.6)."""
    parser = subparsers.add_parser("plan", description=__doc__.splitlines()[0].strip("`.: "))
    questions = parser.add_subparsers(dest="question", required=True, parser_class=type(parser),
                                      action=type(subparsers))  # its questions take the global options too
    proportion = questions.add_parser("proportion", help="Wilson interval of accuracy, recall, ... (7.8)")
    proportion.add_argument("--proportion", type=open_unit, required=True, help="the proportion you expect, e.g. 0.9")
    auroc = questions.add_parser("auroc", help="normal interval of AUROC, Hanley & McNeil variance (6.3.6)")
    auroc.add_argument("--auroc", type=open_unit, required=True, help="the AUROC you expect, e.g. 0.85")
    auroc.add_argument("--prevalence", type=open_unit, required=True, help="share of positives in the test set")
    for sub in (proportion, auroc):
        target = sub.add_mutually_exclusive_group(required=True)
        target.add_argument("--half-width", type=open_unit, help="wanted half-width of the interval (size the test set)")
        target.add_argument("--n", type=whole(1), help="test samples you have (get the half-width)")
        sub.add_argument("--confidence-level", type=open_unit, default=0.95, help="default 0.95")
    mcnemar = questions.add_parser("mcnemar", help="power of McNemar's test of two models (7.9)")
    mcnemar.add_argument("--p10", type=open_unit, help="share of samples only model A gets right")
    mcnemar.add_argument("--p01", type=open_unit, help="share of samples only model B gets right")
    mcnemar.add_argument("--discordance", type=open_unit,
                         help="with --n: share of samples the models disagree on (get the detectable difference)")
    mcnemar.add_argument("--power", type=open_unit, default=0.8, help="wanted power (default 0.8)")
    mcnemar.add_argument("--n", type=whole(1), help="pairs you have: get the power (with --p10/--p01) or the detectable "
                                               "difference (with --discordance)")
    mcnemar.add_argument("--alpha", type=open_unit, default=0.05, help="significance level (default 0.05)")
    for sub in (proportion, auroc, mcnemar):
        sub.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def _count(n) -> str:
    """A whole number as the sentences write it: ``1,234`` in English, ``1 234`` in Russian."""
    return f"{int(n):,}" if current_language() == "en" else number(int(n))


def _level(confidence_level: float) -> str:
    """A confidence level as a percentage: ``95%``, ``97.5%`` in English, ``95 %``, ``97,5 %`` in Russian."""
    return level_percent(confidence_level) + ("%" if current_language() == "en" else "\u00a0%")


def _proportion(args) -> tuple[dict, str]:
    from ..stats import planning  # scipy: imported when a plan is made, not by the parser

    if args.n is not None:
        h = planning.proportion_half_width(args.proportion, args.n, args.confidence_level)
        return ({"proportion": args.proportion, "n": args.n, "half_width": h},
                _("{n} samples at a proportion of {proportion}: {level} Wilson interval about ±{half_width}.").format(
                    n=_count(args.n), proportion=significant(args.proportion, 6), level=_level(args.confidence_level),
                    half_width=number(h, 4)))
    plan = planning.proportion_sample_size(args.proportion, args.half_width, args.confidence_level)
    return (asdict(plan), _("{n} test samples give a {level} Wilson interval of ±{half_width} around a proportion of "
                            "{proportion} (target ±{target}).").format(
        n=_count(plan.n), level=_level(plan.confidence_level), half_width=number(plan.half_width, 4),
        proportion=significant(plan.proportion, 6), target=significant(plan.target_half_width, 6)))


def _auroc(args) -> tuple[dict, str]:
    from ..stats import planning  # scipy: imported when a plan is made, not by the parser

    if args.n is not None:
        if args.n < 2:
            raise InputError(_("--n must be at least 2: an AUROC needs a positive and a negative"))
        m = min(max(1, round(args.prevalence * args.n)), args.n - 1)
        h = planning.auroc_half_width(args.auroc, m, args.n - m, args.confidence_level)
        return ({"auroc": args.auroc, "prevalence": args.prevalence, "n": args.n, "positives": m,
                 "negatives": args.n - m, "half_width": h},
                _("{n} samples ({positives} positives, {negatives} negatives) at an AUROC of {auroc}: {level} interval "
                  "about ±{half_width} (Hanley & McNeil).").format(
                    n=_count(args.n), positives=_count(m), negatives=_count(args.n - m),
                    auroc=significant(args.auroc, 6), level=_level(args.confidence_level), half_width=number(h, 4)))
    plan = planning.auroc_sample_size(args.auroc, args.prevalence, args.half_width, args.confidence_level)
    return (asdict(plan), _("{n} test samples ({positives} positives, {negatives} negatives) give a {level} interval "
                            "of ±{half_width} around an AUROC of {auroc} (Hanley & McNeil; target ±{target}).").format(
        n=_count(plan.n), positives=_count(plan.positives), negatives=_count(plan.negatives),
        level=_level(plan.confidence_level), half_width=number(plan.half_width, 4), auroc=significant(plan.auroc, 6),
        target=significant(plan.target_half_width, 6)))


def _mcnemar(args) -> tuple[dict, str]:
    from ..stats import planning  # scipy: imported when a plan is made, not by the parser

    if args.discordance is not None:
        if args.n is None or args.p10 is not None or args.p01 is not None:
            raise InputError(_("--discordance goes with --n alone (not --p10/--p01)"))
        delta = planning.mcnemar_detectable_difference(args.discordance, args.n, args.power, args.alpha)
        return ({"discordance": args.discordance, "n": args.n, "power": args.power, "alpha": args.alpha,
                 "detectable_difference": delta},
                _("{n} pairs, {discordance} of them discordant: McNemar's test at α = {alpha} detects an accuracy "
                  "difference of {difference} or more with power {power}.").format(
                    n=_count(args.n), discordance=significant(args.discordance, 6), alpha=significant(args.alpha, 6),
                    difference=number(delta, 4), power=significant(args.power, 6)))
    if args.p10 is None or args.p01 is None:
        raise InputError(_("give --p10 and --p01 (or --discordance with --n)"))
    if args.n is not None:
        power = planning.mcnemar_power(args.p10, args.p01, args.n, args.alpha)
        return ({"p10": args.p10, "p01": args.p01, "n": args.n, "alpha": args.alpha, "power": power},
                _("{n} pairs: McNemar's test at α = {alpha} has power {power} for p10 = {p10}, p01 = {p01}.").format(
                    n=_count(args.n), alpha=significant(args.alpha, 6), power=number(power, 3),
                    p10=significant(args.p10, 6), p01=significant(args.p01, 6)))
    plan = planning.mcnemar_sample_size(args.p10, args.p01, args.power, args.alpha)
    return (asdict(plan), _("{n} pairs (about {discordant} discordant) give McNemar's test at α = {alpha} power {power} "
                            "for p10 = {p10}, p01 = {p01} (Connor 1987, uncorrected chi-squared form).").format(
        n=_count(plan.n), discordant=_count(round(plan.expected_discordant)), alpha=significant(plan.alpha, 6),
        power=number(plan.power, 3), p10=significant(plan.p10, 6), p01=significant(plan.p01, 6)))


def run(args: argparse.Namespace) -> int:
    """Answer the question; JSON or one sentence (7.8, 7.9, 6.3.6)."""
    result, sentence = {"proportion": _proportion, "auroc": _auroc, "mcnemar": _mcnemar}[args.question](args)
    print(json.dumps(result, indent=2) if args.json else sentence)
    return 0
