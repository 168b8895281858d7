"""``iso4213-nb plan {proportion,auroc,mcnemar}``: how many test samples, or what a test set can show.

Each question is asked one of two ways: give the target (a half-width, a
power) and get the smallest test set, or give ``--n`` and get what that test
set reaches.  The formulas and their assumptions are in :mod:`iso4213_nb.planning`.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict

from .. import planning
from ..errors import InputError
from ..i18n import _


def register(subparsers) -> None:
    """Add the ``plan`` sub-command and its three questions (7.8, 7.9, 6.3.6)."""
    parser = subparsers.add_parser("plan", help="size a test set, or say what one can show (7.8, 7.9)",
                                   description=__doc__.splitlines()[0].strip("`.: "))
    questions = parser.add_subparsers(dest="question", required=True, parser_class=type(parser))
    proportion = questions.add_parser("proportion", help="Wilson interval of accuracy, recall, ... (7.8)")
    proportion.add_argument("--proportion", type=float, required=True, help="the proportion you expect, e.g. 0.9")
    auroc = questions.add_parser("auroc", help="normal interval of AUROC, Hanley & McNeil variance (6.3.6)")
    auroc.add_argument("--auroc", type=float, required=True, help="the AUROC you expect, e.g. 0.85")
    auroc.add_argument("--prevalence", type=float, required=True, help="share of positives in the test set")
    for sub in (proportion, auroc):
        target = sub.add_mutually_exclusive_group(required=True)
        target.add_argument("--half-width", type=float, help="wanted half-width of the interval (size the test set)")
        target.add_argument("--n", type=int, help="test samples you have (get the half-width)")
        sub.add_argument("--confidence-level", type=float, default=0.95, help="default 0.95")
    mcnemar = questions.add_parser("mcnemar", help="power of McNemar's test of two models (7.9)")
    mcnemar.add_argument("--p10", type=float, help="share of samples only model A gets right")
    mcnemar.add_argument("--p01", type=float, help="share of samples only model B gets right")
    mcnemar.add_argument("--discordance", type=float,
                         help="with --n: share of samples the models disagree on (get the detectable difference)")
    mcnemar.add_argument("--power", type=float, default=0.8, help="wanted power (default 0.8)")
    mcnemar.add_argument("--n", type=int, help="pairs you have: get the power (with --p10/--p01) or the detectable "
                                               "difference (with --discordance)")
    mcnemar.add_argument("--alpha", type=float, default=0.05, help="significance level (default 0.05)")
    for sub in (proportion, auroc, mcnemar):
        sub.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def _proportion(args) -> tuple[dict, str]:
    if args.n is not None:
        h = planning.proportion_half_width(args.proportion, args.n, args.confidence_level)
        return ({"proportion": args.proportion, "n": args.n, "half_width": h},
                f"{args.n:,} samples at a proportion of {args.proportion:g}: {args.confidence_level:.0%} Wilson "
                f"interval about ±{h:.4f}.")
    plan = planning.proportion_sample_size(args.proportion, args.half_width, args.confidence_level)
    return (asdict(plan), f"{plan.n:,} test samples give a {plan.confidence_level:.0%} Wilson interval of "
                          f"±{plan.half_width:.4f} around a proportion of {plan.proportion:g} (target "
                          f"±{plan.target_half_width:g}).")


def _auroc(args) -> tuple[dict, str]:
    if args.n is not None:
        if args.n < 2:
            raise InputError(_("--n must be at least 2: an AUROC needs a positive and a negative"))
        m = min(max(1, round(args.prevalence * args.n)), args.n - 1)
        h = planning.auroc_half_width(args.auroc, m, args.n - m, args.confidence_level)
        return ({"auroc": args.auroc, "prevalence": args.prevalence, "n": args.n, "positives": m,
                 "negatives": args.n - m, "half_width": h},
                f"{args.n:,} samples ({m:,} positives, {args.n - m:,} negatives) at an AUROC of {args.auroc:g}: "
                f"{args.confidence_level:.0%} interval about ±{h:.4f} (Hanley & McNeil).")
    plan = planning.auroc_sample_size(args.auroc, args.prevalence, args.half_width, args.confidence_level)
    return (asdict(plan), f"{plan.n:,} test samples ({plan.positives:,} positives, {plan.negatives:,} negatives) give a "
                          f"{plan.confidence_level:.0%} interval of ±{plan.half_width:.4f} around an AUROC of "
                          f"{plan.auroc:g} (Hanley & McNeil; target ±{plan.target_half_width:g}).")


def _mcnemar(args) -> tuple[dict, str]:
    if args.discordance is not None:
        if args.n is None or args.p10 is not None or args.p01 is not None:
            raise InputError(_("--discordance goes with --n alone (not --p10/--p01)"))
        delta = planning.mcnemar_detectable_difference(args.discordance, args.n, args.power, args.alpha)
        return ({"discordance": args.discordance, "n": args.n, "power": args.power, "alpha": args.alpha,
                 "detectable_difference": delta},
                f"{args.n:,} pairs, {args.discordance:g} of them discordant: McNemar's test at α = {args.alpha:g} "
                f"detects an accuracy difference of {delta:.4f} or more with power {args.power:g}.")
    if args.p10 is None or args.p01 is None:
        raise InputError(_("give --p10 and --p01 (or --discordance with --n)"))
    if args.n is not None:
        power = planning.mcnemar_power(args.p10, args.p01, args.n, args.alpha)
        return ({"p10": args.p10, "p01": args.p01, "n": args.n, "alpha": args.alpha, "power": power},
                f"{args.n:,} pairs: McNemar's test at α = {args.alpha:g} has power {power:.3f} for p10 = "
                f"{args.p10:g}, p01 = {args.p01:g}.")
    plan = planning.mcnemar_sample_size(args.p10, args.p01, args.power, args.alpha)
    return (asdict(plan), f"{plan.n:,} pairs (about {plan.expected_discordant:,.0f} discordant) give McNemar's test at "
                          f"α = {plan.alpha:g} power {plan.power:.3f} for p10 = {plan.p10:g}, p01 = {plan.p01:g} "
                          "(Connor 1987, uncorrected chi-squared form).")


def run(args: argparse.Namespace) -> int:
    """Answer the question; JSON or one sentence (7.8, 7.9, 6.3.6)."""
    result, sentence = {"proportion": _proportion, "auroc": _auroc, "mcnemar": _mcnemar}[args.question](args)
    print(json.dumps(result, indent=2) if args.json else sentence)
    return 0
