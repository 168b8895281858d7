"""``iso4213-nb compare`` read in chunks or on Dask: McNemar from paired counts, DeLong in two passes.

McNemar's table (7.9) is a count of which model is right on each row, so one
pass gives it exactly.  DeLong's test needs each row's placement value, known
only once every score is counted: the first pass counts the scores, the
second reads the rows again (:mod:`iso4213_nb.scale.streamed_delong`): the file's
chunks in this process (the file must be unchanged; standard input is kept in
a temporary copy for it), or with ``--engine dask`` a second Dask reduction
over the same row groups.  Results equal the whole-file path (counts exactly,
DeLong's variance to floating rounding).
"""

from __future__ import annotations

import contextlib

from ..core import progress
from ..scale import streamed_delong, streaming
from ..scale.accumulators.engine import dask_session
from ..core.errors import InputError
from ..inputs.table import quote
from ..words.i18n import _
from ..stats import mcnemar
from . import _streaming


def streamed_result(args, exact: bool | None):
    """The test result and the extra output fields, from the file read in chunks or on Dask (7.8, 7.9)."""
    with dask_session(args.scheduler, args.workers) if args.engine == "dask" else contextlib.nullcontext():
        return _result(args, exact)  # on Dask, DeLong's two passes share one cluster


def _result(args, exact: bool | None):
    kind = "_pred" if args.test == "mcnemar" else "_score"
    if args.y_true is None:  # as the whole-file path: no default truth column; without it, a multi-label file
        raise InputError(_("{file}: name the true labels with --y-true; without it compare tests the models of a "
                           "multi-label file label by label, which it reads whole (without --chunk-rows or "
                           "--engine)").format(file=args.predictions))
    columns = {"a": {kind: args.a}, "b": {kind: args.b}}
    y_true = args.y_true
    states, settings, source, chunks = _streaming.collect(args, args.predictions, positive=args.positive,
                                                          y_true=y_true, columns=columns)
    with chunks or contextlib.nullcontext():  # chunks is None on Dask and for state files
        count = len(states["truth"].labels)
        if args.test == "delong" and count != 2:
            raise InputError("delong.two_classes", file=source.name, column=quote(y_true), count=count)
        assessed = streaming.assess_states(states, settings, source.name, y_true=y_true,
                                            positive_required=False)  # McNemar's test has none; scores need one
        if args.test == "mcnemar":
            for model, column in (("a", args.a), ("b", args.b)):
                unknown = assessed.predicted_only[model]
                if unknown:
                    where = source.name if chunks is None else chunks.first_row(column, str(unknown[0]))
                    raise InputError("predictions.unknown_label", place=where, column=quote(column), label=unknown[0],
                                     y_true=y_true, labels=assessed.labels[:20])
            table = assessed.paired.mcnemar_table("right.a", "right.b")
            return mcnemar(table, exact=exact, correction=not args.no_correction), {"table": table.tolist()}
        zeros = streamed_delong.pair_zeros(states, [("a", "b")])
        if chunks is None:
            rows = streamed_delong.dask_rows(args.predictions, _streaming.chunk_options(args, y_true=y_true,
                                                                                        columns=columns),
                                             args.scheduler, args.workers)
            second = streamed_delong.second_pass(rows, zeros, settings, assessed.positive)
        else:
            with progress.bar(desc=_("second pass over {name}").format(name=chunks.name), unit=_("rows"),
                              unit_scale=True) as bar:
                second = streamed_delong.second_pass(chunks, zeros, settings, assessed.positive, bar.update)
        return second[("a", "b")].finalize(), {}
