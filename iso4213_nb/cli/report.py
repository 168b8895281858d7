"""``iso4213-nb report``: a clause-8 assessment report as HTML, PDF and report.json."""

from __future__ import annotations

import argparse
import contextlib
import sys

from ..words.i18n import _
from ..inputs import add_reading_options, reading_options
from . import _poisson, _streaming
from ._intervals import add_interval_options, interval_settings
from ._types import number
from ..report.options import FORMATS, parse_formats

DESCRIPTION = """\
Assess one or more classifiers from their stored predictions and write a
report that follows clause 8 of ISO/IEC TS 4213:2022 item by item, each item
marked filled, filled automatically or missing.  With no --predictions the
report is built on a bundled demo: --demo binary (the default; three
scikit-learn classifiers on the breast-cancer data set) or --demo multiclass
(two classifiers of hand-written digits with class scores and a derived
subgroup column).
"""

EPILOG = """\
predictions file (CSV with a header row, one row per test sample):
  y_true           the true label (integers or text)
  <model>_pred     the label predicted by <model>
  <model>_score    the score of <model> for the positive class (binary only;
                   larger means more likely positive)
  Every model needs <model>_pred, <model>_score or both; a model with only
  scores gets labels at --threshold.  Any other column is an error.
  Optional columns:
  <model>_score_<class>  one column per class: the model's score or
                   probability for that class (multi-class; the labels are
                   the arg-max when there is no <model>_pred; a class is
                   written exactly as in y_true; --classes declares classes
                   y_true never has)
  y_true_<label>, <model>_pred_<label>, <model>_score_<label>
                   multi-label, instead of y_true: 0/1 indicators and scores
                   per label, every label for every model
  group_<name>     a subgroup attribute (sex, site, scanner, ...); several
                   allowed; --group COL reads any other column as one
  weight           a non-negative sample weight (scikit-learn's
                   sample_weight): every measure with a weighted form is
                   weighted; the significance tests count samples
  The task (binary, multi-class, multi-label) follows from the columns; a
  file that mixes the layouts is refused with one line naming the columns.

meta file (YAML): the answers the data cannot give (data sources, bias,
  ground truth, hyperparameters, ...), sections as in iso4213_nb.controls.checklist,
  plus an optional section
    report: {title: ..., positive: ...}

output folder (--out): report.html (no code, no network needed), report.pdf,
  report.json (the same numbers), report.ipynb (the executed notebook),
  critical_difference.png and .svg (with three or more models),
  predictions.parquet (the predictions as read), assets/ (MathJax, require.js)
  and manifest.json (SHA-256 of the input and of every file, versions,
  command line, times; check it with 'iso4213-nb verify DIR').  Written
  atomically: a failed or interrupted run leaves a previous report untouched.
  An existing folder is replaced only when it is empty or a report folder
  whose every file is unchanged since this tool wrote it; the current
  folder, the home folder and / are never replaced.
"""


def register(subparsers) -> None:
    """Add the ``report`` sub-command (clause 8)."""
    parser = subparsers.add_parser("report", description=DESCRIPTION, epilog=EPILOG,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--predictions", metavar="FILE.csv",
                        help="predictions file, - for standard input (default: the bundled demo)")
    parser.add_argument("--meta", metavar="FILE.yml", help="checklist answers and report settings (YAML)")
    parser.add_argument("--out", metavar="DIR", default="out/report", help="report folder (default: out/report)")
    parser.add_argument("--format", type=parse_formats_arg,
                        help="comma-separated: html, pdf, json (default: html,pdf, the PDF skipped with a note when no "
                             "browser can print it; report.json is always written, json alone writes no page)")
    parser.add_argument("--browser", metavar="PATH",
                        help=_("Chromium, Google Chrome or Microsoft Edge to print the PDF (default: "
                               "$ISO4213_NB_BROWSER, else found on PATH or where it is usually installed)"))
    parser.add_argument("--positive", metavar="LABEL", help="positive class of a binary task (default 1 for 0/1)")
    parser.add_argument("--threshold", type=number, default=0.5,
                        help="labels for models with scores only: positive iff score >= THRESHOLD (default 0.5)")
    parser.add_argument("--demo", choices=("binary", "multiclass"),
                        help="without --predictions: which bundled demo (default binary)")
    parser.add_argument("--group", action="append", default=[], metavar="COL",
                        help="read column COL as a subgroup attribute too (repeatable; group_<name> columns always are)")
    parser.add_argument("--classes", type=class_list, metavar="A,B,...",
                        help="every class of the task, when some never occur in y_true but have score columns")
    parser.add_argument("--top-k", type=top_k_list, default=(), metavar="K,...",
                        help="top-k accuracies beyond k = 1..5 for multi-class scores, e.g. 10,20")
    add_reading_options(parser)
    _streaming.add_options(parser, budget=True)
    _poisson.add_options(parser, binary=True)
    add_interval_options(parser)
    parser.set_defaults(func=run)


def parse_formats_arg(text: str) -> tuple[str, ...]:
    """argparse type for ``--format``; a bad list becomes an argparse error (one line, exit 2) (clause 8)."""
    try:
        return parse_formats(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None



def class_list(text: str) -> tuple[str, ...]:
    """argparse type for ``--classes``: comma-separated class names as written in the file (the classes of 6.4)."""
    classes = tuple(part.strip() for part in text.split(","))
    if len(classes) < 2 or not all(classes):
        raise argparse.ArgumentTypeError(_("--classes takes two or more comma-separated classes, got {text}").format(
            text=repr(text)))
    return classes


def top_k_list(text: str) -> tuple[int, ...]:
    """argparse type for ``--top-k``: comma-separated whole numbers of at least 1 (top-k accuracy, Annex C)."""
    try:
        values = tuple(int(part) for part in text.split(","))
    except ValueError:
        values = ()
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(_("--top-k takes comma-separated whole numbers of at least 1, got {text}").format(
            text=repr(text)))
    return values


def _choose_browser(args) -> bool:
    """Settle ``args.format`` and ``args.browser`` (its path); True when the PDF is dropped for want of a browser."""
    from ..report.export import find_browser

    args.pdf_asked = args.format is not None and "pdf" in args.format
    args.format = args.format or FORMATS
    args.browser = find_browser(args.browser) if "pdf" in args.format else None
    if "pdf" in args.format and args.browser is None:
        args.format = tuple(f for f in args.format if f != "pdf")
        return True
    return False


def run(args) -> int:
    """Build the report; print the folder on success.  Build failures print one line and return 1 (clause 8).

    With no browser to print the PDF, the HTML and JSON are written and one line says how to get the PDF; the
    exit status is then 2 when ``--format`` asked for the PDF, 0 when it was only the default.
    """
    no_browser = _choose_browser(args)
    status = _build(args)
    if status == 0 and no_browser:
        from ..report.export import missing_browser_words

        print("iso4213-nb report: " + missing_browser_words(), file=sys.stderr)
        return 2 if args.pdf_asked else 0
    return status


def _build(args) -> int:
    from ..report.build import make_report  # heavy (nbformat, nbclient, stats): only when used
    from ..report.execute import ReportBuildError

    _streaming.auto_stream(args, "report")
    if _streaming.wanted(args):
        from ..scale.accumulators.engine import dask_session
        from ._report_streamed import run_streamed

        with dask_session(args.scheduler, args.workers) if args.engine == "dask" else contextlib.nullcontext():
            return run_streamed(args)  # on Dask, DeLong's second pass runs on the cluster of the first
    reading = reading_options(args)
    if args.group:
        reading["groups"] = list(args.group)
    if args.classes:
        reading["classes"] = list(args.classes)
    if args.row_key:  # checked and left out of the layout; the in-memory bootstrap resamples rows, not keys
        reading["key"] = args.row_key
    try:
        out = make_report(args.predictions, args.meta, args.out, args.format,
                          positive=args.positive, threshold=args.threshold, command=args.argv,
                          reading=reading, demo_name=args.demo, top_k=args.top_k,
                          intervals=interval_settings(args), browser=args.browser)
    except ReportBuildError as exc:
        print(_("iso4213-nb report: error: {error}").format(error=exc), file=sys.stderr)
        return 1
    print(_("report written to {folder}/ ({files})").format(
        folder=out, files=", ".join(f"report.{f}" for f in dict.fromkeys(("json", *args.format)))))
    return 0
