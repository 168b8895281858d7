"""The interval options shared by ``metrics`` and ``report``: --ci-method, --confidence-level, --bootstrap, --seed."""

from __future__ import annotations

import argparse

from ..core.errors import InputError
from ..words.i18n import _
from ._types import open_unit, whole

CI_METHOD_HELP = _("interval methods, comma-separated: one proportion method (wilson, clopper-pearson) for "
                   "accuracy, recall, precision and the other count ratios, and/or one bootstrap method (percentile, "
                   "bca) for F1, F-beta, MCC, kappa, balanced accuracy, AP, lift, the averages, top-k "
                   "accuracy, Brier score and log loss; default wilson,bca (AUROC always uses DeLong)")


def _ci_method(text: str) -> tuple[str, str]:
    from ..stats.measure_intervals import parse_ci_method
    try:
        return parse_ci_method(text)
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_interval_options(parser) -> None:
    """Add --ci-method, --confidence-level, --bootstrap and --seed to ``parser`` (7.8)."""
    group = parser.add_argument_group(_("confidence intervals (7.8)"))
    group.add_argument("--ci-method", type=_ci_method, default=("wilson", "bca"), metavar="METHODS",
                       help=CI_METHOD_HELP)
    group.add_argument("--confidence-level", type=open_unit, default=0.95, metavar="L",
                       help=_("confidence level of every interval (default 0.95)"))
    group.add_argument("--bootstrap", type=whole(10), default=None, metavar="N",
                       help=_("bootstrap resamples (default 2000; the score bootstrap of average precision and "
                              "the curves is then skipped, with the reason shown, when it would draw more than "
                              "200 million counts; naming N runs it whatever it costs)"))
    group.add_argument("--seed", type=whole(0), default=0, help=_("seed of every bootstrap (default 0)"))


def interval_settings(args):
    """The :class:`~iso4213_nb.stats.measure_intervals.IntervalSettings` the options ask for (7.8)."""
    from ..stats.measure_intervals import DEFAULT_RESAMPLES, SCORE_BUDGET, IntervalSettings
    proportion, bootstrap = args.ci_method
    return IntervalSettings(proportion=proportion, bootstrap=bootstrap, confidence_level=args.confidence_level,
                            n_resamples=DEFAULT_RESAMPLES if args.bootstrap is None else args.bootstrap,
                            seed=args.seed, budget=SCORE_BUDGET if args.bootstrap is None else None)
