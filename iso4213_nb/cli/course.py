"""``iso4213-nb course {init,reset,progress,slides,handouts}``: a learner's own copy of the course, a class's progress, slides, handouts.

``handouts DIR`` prints the measures sheet and the exercise sheet as PDF (:mod:`iso4213_nb.course.handouts`).
``init DIR [--lang ru]`` writes the course notebooks (in the language of ``--lang``;
one not translated yet comes in English), the demo data under ``DIR/data`` and
a manifest of what it wrote, ready for ``jupyter lab DIR``.  ``reset DIR`` puts
the files ``init`` wrote back as shipped and leaves every file the learner
added.  ``progress FILES...`` sums up learners' progress records
(``~/.iso4213-nb/progress.json`` of each learner, collected by the trainer).
``slides [--out DIR] [NOTEBOOK...]`` writes reveal.js decks that open from disk
(:mod:`iso4213_nb.course.slides`), by default of every course notebook in the
language of ``--lang``, as ``init`` would copy them, into ``--out``'s sub-folder of that language (``slides/en``,
``slides/ru``), so that one language never overwrites the other.
"""

from __future__ import annotations

import sys
from pathlib import Path

from . import Commands
from ..course import learner_copy, learner_progress
from ..figures.tables import text_table
from ..words.i18n import N_, _, current_language

#: The kind of each exercise in words (:data:`iso4213_nb.course.items.KINDS`).
KINDS = {"number": N_("number"), "choice": N_("choice"), "predict": N_("prediction")}


def register(subparsers) -> None:
    """Add the ``course`` sub-command and its actions (beyond TS 4213: the course over clauses 5–8)."""
    parser = subparsers.add_parser("course", description=__doc__.splitlines()[0].strip("`.: "))
    # Each action's parser takes the global options too (--lang picks the notebooks' language for init and slides).
    actions = parser.add_subparsers(dest="action", required=True, parser_class=type(parser), action=Commands)
    init = actions.add_parser("init", help="write a copy of the course into DIR, ready for 'jupyter lab DIR'")
    init.add_argument("folder", metavar="DIR", help="the folder to write (created when missing)")
    reset = actions.add_parser("reset", help="put the course files of DIR back as shipped; keep the learner's own")
    reset.add_argument("folder", metavar="DIR", help="a folder written by 'course init'")
    progress = actions.add_parser("progress", help="sum up learners' progress records")
    progress.add_argument("files", metavar="FILE", nargs="+", help="progress records (progress.json), one per learner")
    slides = actions.add_parser("slides", help="reveal.js decks of the course notebooks, opened from disk")
    slides.add_argument("notebooks", metavar="NOTEBOOK", nargs="*",
                        help="notebooks to convert (default: every course notebook, in the language of --lang)")
    slides.add_argument("--out", default="slides",
                        help="output folder; the decks go into its sub-folder en or ru, after --lang (default: slides)")
    handouts = actions.add_parser("handouts", help="printable handouts (the measures on one page, the exercises) as PDF")
    handouts.add_argument("folder", metavar="DIR", help="the folder to write (created when missing)")
    handouts.add_argument("--browser", help="the Chromium or Chrome that prints the PDF (default: found as for report)")
    parser.set_defaults(func=run)


def run(args) -> int:
    """Run ``iso4213-nb course`` with the parsed ``args``; returns the exit status (beyond TS 4213: the course)."""
    if args.action == "progress":
        _print_progress(learner_progress.class_summary(args.files))
        return 0
    if args.action == "slides":
        return _slides(args)
    if args.action == "handouts":
        return _handouts(args)
    if args.action == "init":
        done = learner_copy.init(args.folder, current_language())
        print(_("wrote the course into {folder}: {count} files; open it with: jupyter lab {folder}").format(
            folder=done.folder, count=len(done.written)))
    else:
        done = learner_copy.reset(args.folder)
        print(_("reset the course in {folder}: {count} files as shipped; files you added were left alone").format(
            folder=done.folder, count=len(done.written)))
        if done.kept:
            print(_("kept your own files of the same name as new course files: {files}").format(
                files=", ".join(done.kept)))
    if done.english_only:
        print(_("not translated yet, so in English: {files}").format(files=", ".join(done.english_only)))
    return 0


def _print_progress(rows: list[dict]) -> None:
    learners = rows[0]["learners"] if rows else 0
    print(text_table([[row["key"], _(row["label"]), _(KINDS[row["kind"]]), row["attempted"], row["solved"],
                       row["revealed"], row["attempts"], row["held"] if row["kind"] == "predict" else ""]
                      for row in rows],
                     [_("exercise"), _("what it asks"), _("kind"), _("attempted"), _("solved"), _("revealed unsolved"),
                      _("replies"), _("predictions held")]))
    print("\n" + _("{learners} progress records; counts are learners, replies are summed over them.").format(
        learners=learners))


def _handouts(args) -> int:
    from ..course.handouts import write_handouts  # the browser path: only when used
    from ..report.execute import ReportBuildError

    try:
        written = write_handouts(args.folder, browser_path=args.browser)
    except ReportBuildError as exc:
        print(_("iso4213-nb course: error: {error}").format(error=exc), file=sys.stderr)
        return 1
    print(_("handouts written: {files}").format(files=", ".join(str(p) for p in written)))
    return 0


def _slides(args) -> int:
    from ..course.slides import write_slides  # nbconvert's exporter: only when used
    from ..report.execute import ReportBuildError

    shipped = [source for name, source in learner_copy.plan(current_language())[0].items() if name.endswith(".ipynb")]
    try:
        out = write_slides(args.notebooks or shipped, Path(args.out) / current_language(), current_language())
    except ReportBuildError as exc:
        print(_("iso4213-nb course: error: {error}").format(error=exc), file=sys.stderr)
        return 1
    print(_("slides written to {folder}/ (open {index})").format(folder=out, index=out / "index.html"))
    return 0
