"""The bootstrap intervals of ``metrics`` and ``report`` read in chunks or on Dask: options and wiring (7.8).

``--row-key COL`` names a column of whole numbers that keys each row's
Poisson weights (default: the row's position in the whole input);
``--bootstrap-memory MIB`` bounds the memory of the replicates.  The
resamples, seed, method and level are those of the interval options
(:mod:`._intervals`).  What is computed where: :mod:`iso4213_nb.scale.streamed_bootstrap`.
"""

from __future__ import annotations

import argparse
import math
import dataclasses

from ..inputs.options import BOOTSTRAP_MEMORY
from ..words.i18n import _
from ._intervals import interval_settings


def _mebibytes(text: str) -> int:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not (value >= 1 and math.isfinite(value)):  # below 1 MiB no replicate fits; 1e-9 would print as 0.0 MiB
        raise argparse.ArgumentTypeError(_("takes a number of MiB of at least 1, got {text}").format(text=text))
    return int(value * 2 ** 20)


def add_options(parser: argparse.ArgumentParser, *, binary: bool = False) -> None:
    """Add ``--row-key`` and ``--bootstrap-memory`` (7.8; beyond TS 4213: Poisson bootstrap).

    ``binary``: the command also gives a binary model's Brier score and log loss (``report``).
    """
    parser.set_defaults(poisson_binary=binary)
    group = parser.add_argument_group(
        _("bootstrap beyond one machine's memory"),
        _("with --chunk-rows or --engine dask, the Brier score and log loss get a Poisson bootstrap whose weights "
          "depend only on each row's key and --seed, so chunks and partitions do not change them"))
    group.add_argument("--row-key", metavar="COL",
                       help=_("a column of whole numbers naming each row (default: the row's position in the "
                              "whole input); read whole, the bootstrap resamples the rows themselves and needs no "
                              "key, but the column is checked the same way (whole numbers, no duplicates); streamed, "
                              "the duplicate check holds the keys as runs in up to --bootstrap-memory, beyond which "
                              "the output says it was not made"))
    group.add_argument("--bootstrap-memory", type=_mebibytes, default=BOOTSTRAP_MEMORY, metavar="MIB",
                       help=_("memory the bootstrap replicates may hold (default {mib} MiB); beyond it the "
                              "interval is not given, with the reason").format(mib=BOOTSTRAP_MEMORY // 2 ** 20))


def configure(settings, args):
    """``settings`` with the :class:`~iso4213_nb.scale.streamed_bootstrap.Resampling` the options ask for (7.8).

    Only commands with interval options resample, and only models with class scores or
    scores need it (``report`` gives a binary model's Brier score and log loss); weighted
    files get no bootstrap (as in memory).
    """
    from ..scale import streamed_bootstrap as sb  # the work, not the parser: numpy and scipy load here

    binary = bool(getattr(args, "poisson_binary", False) and settings.scored)
    if not hasattr(args, "ci_method") or not (settings.multiclass or binary) or settings.weighted:
        return settings
    resampling = sb.resampling_of(interval_settings(args), key=getattr(args, "row_key", None),
                                  memory=getattr(args, "bootstrap_memory", BOOTSTRAP_MEMORY), binary=binary)
    return dataclasses.replace(settings, resampling=resampling)


def with_files(settings, files: list):
    """``settings`` whose resampling knows the first row of each Parquet file of a Dask data set (7.8)."""
    from ..scale import streamed_bootstrap as sb

    if getattr(settings, "resampling", None) is None:  # no Poisson bootstrap (or a multi-label file)
        return settings
    return dataclasses.replace(settings, resampling=sb.with_offsets(settings.resampling, files))


def model_intervals(assessed, states: dict, name: str, args) -> tuple[dict, list]:
    """The bootstrap intervals of one streamed model, keyed as in memory, and what is not given (7.8).

    Returns ``(intervals, not_given)``: ``average_precision``, ``auprc_trapezoid``,
    ``gain_area`` for a scored binary model, and ``class_scores`` (``top_k_accuracy``,
    ``brier``, ``log_loss``) for a multi-class model with class scores; ``not_given``
    lists ``{"measure": "<key>_interval", "reason": code}`` for each left out (the codes of a
    report's ``streaming.not_given``):
    ``no_replicates`` (merged state files hold no Poisson replicates: the Brier score
    and log loss) or ``old_state_file`` (a file of version 3 or older: top-k accuracy).
    """
    from ..scale import streamed_bootstrap as sb
    from ..stats.measure_intervals import area_intervals, intervals_json

    settings = interval_settings(args)
    out, not_given = {}, []
    model = assessed.models[name]
    if model.scores is not None:
        out.update(intervals_json(area_intervals(model.scores, settings)))
    if name in assessed.class_scores:
        found, missing = sb.class_score_intervals(assessed, states, name, settings)
        if found:
            out["class_scores"] = intervals_json(found)
        not_given += [{"measure": f"{key}_interval", "reason": sb.NOT_GIVEN_REASONS[key]} for key in missing]
    return out, not_given
