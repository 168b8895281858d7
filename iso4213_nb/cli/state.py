"""``iso4213-nb state --predictions PART --out PART.state``: the mergeable counts of one shard of predictions.

Shards assessed on different machines travel as state files, never as
predictions: ``iso4213-nb report --states A.state B.state ...`` (or
``metrics --states``) merges them, in any order, into the numbers of all the
rows together.  The file is versioned JSON, not pickle (its layout is
documented in :mod:`iso4213_nb.scale.accumulators.files` and checked against
``state.schema.json``); its ``source`` block records the shard's file name,
SHA-256 and rows, and the options every shard must share (models, positive
class, threshold, bins).  The predictions file follows the report's schema
(:mod:`iso4213_nb.inputs.predictions`): every column other than ``y_true``,
``weight`` and ``group_<name>`` belongs to a model (``<model>_score_<class>``
for class scores); sample weights, subgroups and class scores are kept in
the state (version 2 of the format); a multi-label file (``y_true_<label>``, 6.5) keeps one
multi-label state per model (version 3), which ``metrics --states`` reads.

A state holds counts, not rows: merged states give every clause-6 measure and
DeLong's interval of one AUROC (a function of the score counts), but not
DeLong's test of two models, whose second pass reads each row's placement
values under both (:mod:`iso4213_nb.scale.streamed_delong`): for it, run
``compare`` or ``report`` on the predictions themselves.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from ..core.errors import InputError
from ..words.i18n import _
from ..inputs import add_reading_options
from . import _streaming
from ._types import number


def register(subparsers) -> None:
    """Add the ``state`` sub-command (beyond TS 4213: state files)."""
    parser = subparsers.add_parser("state", description=_("Write the mergeable counts (a state file) of one shard of "
                                                 "predictions, for report --states or metrics --states."))
    parser.add_argument("--predictions", required=True, metavar="FILE",
                        help=_("the shard: a predictions file as the report reads it (- for stdin)"))
    parser.add_argument("--out", required=True, metavar="FILE.state", help=_("the state file to write"))
    parser.add_argument("--positive", metavar="LABEL", help=_("positive class of a binary task (default 1 for 0/1)"))
    parser.add_argument("--threshold", type=number, default=0.5,
                        help=_("labels for models with scores only: positive iff score >= THRESHOLD (default 0.5)"))
    add_reading_options(parser)
    _streaming.add_options(parser, states=False)
    parser.set_defaults(func=run)


def run(args) -> int:
    """Read the shard in chunks (or on Dask), write its states; print what was written (beyond TS 4213: state files)."""
    from ..scale import streaming_labels  # the counting: imported here so that the parser loads no numpy
    from ..scale.accumulators.files import is_state_file

    out = Path(args.out)
    if out.is_dir():
        raise InputError(_("{out}: is a folder; --out names the state file to write").format(out=out))
    if out.exists() and not is_state_file(out):  # never write over what this tool did not write
        raise InputError(_("{out}: exists and is not a state file; --out replaces only a state file written by "
                           "iso4213-nb").format(out=out))
    states, settings, source, chunks = _streaming.collect(args, args.predictions, positive=args.positive,
                                                          threshold=args.threshold, multilabel=True)
    with chunks or contextlib.nullcontext():  # chunks is None on Dask and for state files
        _streaming.save(out, states, settings, source)
    rows = streaming_labels.rows(states)
    print(_("state of {rows} rows and {models} model(s) written to {out}").format(
        rows=rows, models=len(settings.models), out=out))
    return 0
