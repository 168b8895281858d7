"""``iso4213-nb report``: a clause-8 assessment report as HTML, PDF and report.json."""

from __future__ import annotations

import argparse
import sys

from ..i18n import _
from ..inputs import add_reading_options, reading_options
from ._types import number
from ..report.options import FORMATS, parse_formats

DESCRIPTION = """\
Assess one or more classifiers from their stored predictions and write a
report that follows clause 8 of ISO/IEC TS 4213:2022 item by item, each item
marked filled, filled automatically or missing.  With no --predictions the
report is built on the bundled demo (three scikit-learn classifiers on the
breast-cancer data set).
"""

EPILOG = """\
predictions file (CSV with a header row, one row per test sample):
  y_true           the true label (integers or text)
  <model>_pred     the label predicted by <model>
  <model>_score    the score of <model> for the positive class (binary only;
                   larger means more likely positive)
  Every model needs <model>_pred, <model>_score or both; a model with only
  scores gets labels at --threshold.  Any other column is an error.

meta file (YAML): the answers the data cannot give (data sources, bias,
  ground truth, hyperparameters, ...), sections as in iso4213_nb.checklist,
  plus an optional section
    report: {title: ..., positive: ...}

output folder (--out): report.html (no code, no network needed), report.pdf,
  report.json (the same numbers), report.ipynb (the executed notebook),
  predictions.parquet (the predictions as read), assets/ (MathJax, require.js)
  and manifest.json (SHA-256 of the input and of every file, versions,
  command line, times; check it with 'iso4213-nb verify DIR').  Written
  atomically: a failed or interrupted run leaves a previous report untouched.
  An existing folder is replaced only when it is empty or a report folder
  whose every file is unchanged since this tool wrote it; the current
  folder, the home folder and / are never replaced.
"""


def register(subparsers) -> None:
    """Add the ``report`` sub-command."""
    parser = subparsers.add_parser("report", help="build a clause-8 assessment report (HTML, PDF, JSON)",
                                   description=DESCRIPTION, epilog=EPILOG,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--predictions", metavar="FILE.csv",
                        help="predictions file, - for standard input (default: the bundled demo)")
    parser.add_argument("--meta", metavar="FILE.yml", help="checklist answers and report settings (YAML)")
    parser.add_argument("--out", metavar="DIR", default="out/report", help="report folder (default: out/report)")
    parser.add_argument("--format", default=",".join(FORMATS), type=parse_formats_arg,
                        help="comma-separated: html, pdf (default: html,pdf; the HTML is always written)")
    parser.add_argument("--positive", metavar="LABEL", help="positive class of a binary task (default 1 for 0/1)")
    parser.add_argument("--threshold", type=number, default=0.5,
                        help="labels for models with scores only: positive iff score >= THRESHOLD (default 0.5)")
    add_reading_options(parser)
    parser.set_defaults(func=run)


def parse_formats_arg(text: str) -> tuple[str, ...]:
    """argparse type for ``--format``; a bad list becomes an argparse error (one line, exit 2)."""
    try:
        return parse_formats(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None



def run(args) -> int:
    """Build the report; print the folder on success.  Build failures print one line and return 1."""
    from ..report.build import make_report  # heavy (nbformat, nbclient, stats): only when used
    from ..report.execute import ReportBuildError

    try:
        out = make_report(args.predictions, args.meta, args.out, args.format,
                          positive=args.positive, threshold=args.threshold, command=args.argv,
                          reading=reading_options(args))
    except ReportBuildError as exc:
        print(_("iso4213-nb report: error: {error}").format(error=exc), file=sys.stderr)
        return 1
    print(_("report written to {folder}/ ({files})").format(
        folder=out, files=", ".join(f"report.{f}" for f in ("json", *args.format))))
    return 0
