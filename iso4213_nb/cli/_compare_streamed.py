"""``iso4213-nb compare`` read in chunks: McNemar from paired counts, DeLong in two passes over the file.

McNemar's table (7.9) is a count of which model is right on each row, so one
pass gives it exactly.  DeLong's test needs each row's placement value, known
only once every score is counted: the first pass counts the scores, the
second reads the rows again (the file must be unchanged; standard input is
kept in a temporary copy for it).  Results equal the whole-file path (counts
exactly, DeLong's variance to floating rounding).
"""

from __future__ import annotations

import dataclasses

from .. import progress, streaming
from ..errors import InputError
from ..i18n import _
from ..stats import mcnemar
from ..stats.roc import delong_from_moments
from . import _streaming


def streamed_result(args, exact: bool | None):
    """The test result and the extra output fields, from the file read in chunks (7.8, 7.9)."""
    if args.engine == "dask":
        raise InputError(_("compare reads in chunks in this process; --engine dask applies to metrics, state and "
                           "report"))
    kind = "_pred" if args.test == "mcnemar" else "_score"
    if args.test == "mcnemar" and args.positive is not None:
        raise InputError(_("--positive applies to --test delong"))
    columns = {"a": {kind: args.a}, "b": {kind: args.b}}
    states, settings, source, chunks = _streaming.collect(args, args.predictions, positive=args.positive,
                                                          y_true=args.y_true, columns=columns)
    try:
        assessed = streaming.assess_states(states, settings, source.name)
        if args.test == "mcnemar":
            for model, column in (("a", args.a), ("b", args.b)):
                unknown = assessed.predicted_only[model]
                if unknown:
                    raise InputError(_("{where}, column '{column}': label {label} is not a class of {y_true}").format(
                        where=chunks.first_row(column, str(unknown[0])), column=column, label=unknown[0],
                        y_true=args.y_true))
            table = assessed.paired.mcnemar_table("right.a", "right.b")
            return mcnemar(table, exact=exact, correction=not args.no_correction), {"table": table.tolist()}
        first = {m: dataclasses.replace(states[f"scores.{m}"], positive=1) for m in ("a", "b")}
        positive_code = chunks.codes.code(str(assessed.positive))
        with progress.bar(desc=_("second pass over {name}").format(name=chunks.name), unit=_("rows"),
                          unit_scale=True) as bar:
            second = streaming.delong_pass(_counted(chunks, bar), first, [("a", "b")], settings, positive_code)
        return delong_from_moments(*streaming.delong_moments(second[("a", "b")])), {}
    finally:
        chunks.close()


def _counted(chunks, bar):
    for chunk in chunks:
        bar.update(len(chunk))
        yield chunk
