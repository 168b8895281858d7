"""``iso4213-nb metrics`` read in chunks, on Dask or from state files: the numbers of the whole-file path.

The checks are those of :func:`iso4213_nb.cli.metrics._from_predictions`;
the result is the same dict, plus ``binned`` with ``--bins``, and ``source``
(the input's name, SHA-256 and rows, or the state files merged).
"""

from __future__ import annotations

import contextlib
import json
import sys

from ..scale import streamed_delong, streaming
from ..core.errors import InputError
from ..words.i18n import _, number
from ..inputs import BINARY, MULTICLASS
from ..inputs.layout import ONE_MODEL
from ..stats.measure_intervals import intervals_json, matrix_intervals
from ..stats.results import interval_json
from ..scale.streaming_labels import LabelSettings
from ._intervals import interval_settings
from ._labels_streamed import run_multilabel
from . import _poisson, _streaming
from ._metrics_text import note_spaced_labels, render


def binned_lines(binned: dict) -> list[str]:
    """What a binned result says about itself: that it is approximate, and by how much at most for the AUROC (beyond TS 4213: chunked runs)."""
    return [_("approximate: scores counted in {bins} equal bins on [{low:g}, {high:g}] (--bins)").format(
                bins=binned["bins"], low=binned["low"], high=binned["high"]),
            _("  the AUROC lies within ± {bound} of the exact value (worst case: every positive and negative "
              "pair in one bin counted one half)").format(bound=number(binned["auroc_error_bound"], 6)),
            _("  average precision, AUPRC and the gain area are approximate too, with no stated bound; "
              "counts at the bin edges are exact")]


def _check_options(args) -> None:
    if args.matrix is not None:
        raise InputError(_("--chunk-rows, --engine and --bins read a predictions file, not --matrix"))
    if args.states is not None:
        for option in ("y_true", "y_pred", "score", "positive", "threshold", "engine", "bins", "chunk_rows"):
            if getattr(args, option) is not None:
                raise InputError(_("--{option} applies when reading predictions; a state file was written with its "
                                   "options already").format(option=option.replace("_", "-")))


def run_streamed(args) -> int:
    """Assess the predictions in chunks (or merged states) and print as ``metrics`` does (beyond TS 4213: chunked runs)."""
    _check_options(args)
    chunks = None
    if args.states is not None:
        states, settings, source = _streaming.load(args.states, multilabel=True)
    else:
        columns = {"y_pred": args.y_pred, "score": args.score}
        columns = {k: v for k, v in columns.items() if v is not None}
        threshold = 0.5 if args.threshold is None else args.threshold
        states, settings, source, chunks = _streaming.collect(
            args, args.predictions, positive=args.positive, threshold=threshold,
            labels_from_scores=args.threshold is not None, y_true=args.y_true or "y_true", strict=False,
            multilabel=True, **columns)
    if isinstance(settings, LabelSettings):  # a multi-label file (6.5): the whole file's multi-label output
        return run_multilabel(args, states, settings, source, chunks)
    with chunks or contextlib.nullcontext():  # chunks is None on Dask and for state files
        assessed = streaming.assess_states(states, settings, source.name, positive_required=False,
                                            y_true=args.y_true or "y_true",  # what reading the whole file checks
                                            score_columns={ONE_MODEL: args.score} if args.score else None)
        if len(settings.models) != 1:
            raise InputError("metrics.models", file=source.name, count=len(settings.models),
                             models=[m[0] for m in settings.models])
        name, has_pred, has_scores = settings.models[0]
        if args.threshold is not None and not has_scores:
            raise InputError("metrics.threshold_without_scores", file=source.name)
        if args.positive is not None and not has_scores:
            raise InputError("metrics.positive_without_scores", file=source.name)
        if not has_pred and args.threshold is None and args.states is None:
            _check_probabilities(states[f"scores.{name}"], settings)
        result = streaming.metrics(assessed, name)
    result["source"] = {"name": source.file_name, "sha256": source.sha256, "rows": assessed.n}
    result["task"] = BINARY if len(assessed.labels) == 2 else MULTICLASS
    result["weighted"] = assessed.weighted
    if name in assessed.class_scores:
        result["class_scores"] = assessed.class_scores[name].to_dict()
        result["labels_from_argmax"] = name in settings.argmax
    if assessed.weighted:  # as in memory: the intervals count unweighted samples
        result["intervals_skipped"] = "weighted_input"
    else:
        matrix = assessed.models[name].matrix  # count-based intervals resample the merged counts exactly as in memory
        positive = result.get("positive", assessed.positive if len(assessed.labels) == 2 else None)
        result["intervals"] = intervals_json(matrix_intervals(matrix.matrix(rows="true"), matrix.labels,
                                                              interval_settings(args), positive=positive))
        bootstrapped, not_given = _poisson.model_intervals(assessed, states, name, args)  # counts, Poisson
        result["intervals"].update(bootstrapped)
        if not_given:
            result["intervals_not_given"] = not_given
        if "auroc" in result:  # DeLong's interval from the exact counts; binned counts: Undefined, with the reason
            _with_auroc_interval(result, states[f"scores.{name}"], interval_settings(args).confidence_level)
    note_spaced_labels(result["labels"])
    only = result["predicted_only_labels"]
    if only:
        print("iso4213-nb metrics: " + _("note: label(s) {labels} predicted but never in y_true; their recall is "
                "undefined").format(labels=", ".join(map(str, only))), file=sys.stderr)
    if getattr(args, "memory", None):  # read in chunks because of the memory budget (_streaming.auto_stream)
        result["memory"] = args.memory
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        print(render(result, args.normalize))
        if "binned" in result:
            print("\n" + "\n".join(binned_lines(result["binned"])))
        if "memory" in result:
            print("\n" + _streaming.budget_sentence(args))
    return 0


def _check_probabilities(state, settings) -> None:
    """Labels derived at the default threshold 0.5 need probabilities, as on the whole-file path."""
    if settings.bins is None:
        low, high = float(state.scores.min()), float(state.scores.max())
    else:
        low, high = settings.low, settings.high
    if low < 0 or high > 1:
        raise InputError("checks.not_probabilities", name="scores", low=low, high=high)


def _with_auroc_interval(result: dict, counts, confidence_level: float) -> None:
    """Put DeLong's AUROC interval (from the merged counts, :mod:`iso4213_nb.scale.streamed_delong`) into ``result``."""
    result["intervals"]["auroc"] = interval_json(streamed_delong.auroc_interval(counts, confidence_level))
