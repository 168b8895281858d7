"""``iso4213-nb report`` in chunks, on Dask or from state files (:mod:`iso4213_nb.report.streamed`)."""

from __future__ import annotations

import sys

from ..scale import streamed_delong, streaming
from ..core.errors import InputError
from ..inputs.layout import schema_column
from ..inputs.table import quote
from ..words.i18n import _
from . import _streaming
from ._intervals import interval_settings


def run_streamed(args) -> int:
    """Collect the states (or merge state files), then write the report; print the folder (clause 8)."""
    from ..report.build import read_settings
    from ..report.execute import ReportBuildError, sweep_kernel_folders
    from ..report.streamed import make_streamed_report

    if args.predictions is None and args.states is None:
        raise InputError(_("--chunk-rows, --engine and --bins read a predictions file: give --predictions"))
    if args.predictions is not None and args.states is not None:
        raise InputError(_("give --predictions or --states, not both"))
    sweep_kernel_folders()  # as the whole-file report does, though this one starts no kernel
    positive = args.positive if args.positive is not None else read_settings(args.meta).get("positive")
    chunks = None
    if args.states is not None:
        if args.engine is not None or args.bins is not None or args.chunk_rows is not None:
            raise InputError(_("--states merges counts already made: --chunk-rows, --engine and --bins apply when "
                               "the predictions are read"))
        states, settings, source = _streaming.load(args.states)
        if positive is not None and str(positive) != str(settings.positive):
            raise InputError(_("the state files were written with positive class {written}; write them again with "
                               "--positive {positive}").format(written=settings.positive, positive=positive))
        how = {"how": _("Merged from {n} state file(s) ({names}), written by iso4213-nb state; the merge does not "
                        "depend on their order.").format(n=len(args.states), names=source.name),
               "states": [str(p) for p in args.states], "engine": None, "chunk_rows": None}
    else:
        states, settings, source, chunks = _streaming.collect(args, args.predictions, positive=positive,
                                                              threshold=args.threshold)
        if chunks is None:
            second = (_("DeLong's test comes from a second Dask reduction over the same row groups.")
                      if settings.bins is None else "")
            how = {"how": (_("Read as a Dask reduction over the row groups of the Parquet data set ({workers}).").format(
                       workers=args.scheduler or _("a local cluster of {n} worker(s)").format(n=args.workers)) + " "
                           + second).strip(),
                   "engine": "dask", "chunk_rows": None, "states": None}
        else:
            second = (_("DeLong's test comes from a second pass over the file.")
                      if settings.bins is None else "")
            how = {"how": (_("Read in chunks of {rows:,} rows, holding only counts.").format(
                       rows=chunks.table.chunk_rows) + " " + second + " " + _streaming.budget_sentence(args)).strip(),
                   "engine": "local", "chunk_rows": chunks.table.chunk_rows, "states": None}
    try:
        assessed = streaming.assess_states(states, settings, source.name)
        for name, unknown in assessed.predicted_only.items():
            if unknown:
                column = schema_column(name, "pred")  # report reads the schema's columns
                where = chunks.first_row(column, str(unknown[0])) if chunks is not None else source.name
                raise InputError("predictions.unknown_label", place=where, column=quote(column), label=unknown[0],
                                 y_true="y_true", labels=assessed.labels[:20])
        parameters = {"positive": None if positive is None else str(positive), "threshold": settings.threshold,
                      "bins": settings.bins, "reading": _streaming.chunk_options(args)}
        rows = chunks if chunks is not None or args.states is not None else streamed_delong.dask_rows(
            args.predictions, _streaming.chunk_options(args), args.scheduler, args.workers)  # DeLong's second pass
        out = make_streamed_report(assessed, states, source, meta=args.meta, out=args.out, formats=args.format,
                                   browser=args.browser,
                                   how=how, chunks=rows, command=args.argv, parameters=parameters,
                                   intervals=interval_settings(args))
    except ReportBuildError as exc:
        print(_("iso4213-nb report: error: {error}").format(error=exc), file=sys.stderr)
        return 1
    finally:
        if chunks is not None:
            chunks.close()
    print(_("report written to {out}/ ({files})").format(
        out=out, files=", ".join(f"report.{f}" for f in dict.fromkeys(("json", *args.format)))))
    return 0
