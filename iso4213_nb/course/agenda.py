"""The instructor's agenda, written from the measured length of every notebook (:mod:`iso4213_nb.course.timing`).

``python -m iso4213_nb.course.agenda`` rewrites the generated parts of ``instructor/agenda.md`` (between the
``<!-- agenda:generated -->`` markers): the table of minutes per notebook, the full day, the half day and the
sections skipped in class; ``--check`` only says whether the file is up to date (exit 1 when not).  Run it after
changing a notebook or :data:`iso4213_nb.course.contents.COURSE`.

The day runs from :data:`DAY_START` to :data:`DAY_END` with a welcome, two breaks, lunch and a buffer before lunch
and at the end.  Notebooks are placed in course order; a block never crosses a break.  When they do not all fit,
the half day of :data:`CORE` is the recommended course and the notebooks the day has no room for are marked
self-study.

Beyond TS 4213: planning the course over clauses 5–8 and Annexes A–D.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .contents import COURSE
from .timing import (MINUTES_PER_CODE_CELL, MINUTES_PER_EXERCISE, MINUTES_PER_FIGURE, MINUTES_PER_OUTPUT_LINE,
                     MINUTES_PER_SETUP_CELL, MINUTES_PER_WIDGET, ROUND_TO, SKIPPED, WORDS_PER_MINUTE, BlockTime,
                     course_times)

DAY_START, DAY_END = 9 * 60, 17 * 60
WELCOME, BREAK, LUNCH, BUFFER = 10, 15, 60, 10
MORNING_BREAK_AFTER, LUNCH_AFTER, AFTERNOON_BREAK_AFTER = 10 * 60 + 15, 12 * 60, 15 * 60
#: The half day: clause 5's controls, the binary measures with the threshold, the statistics primer and clause 7's
#: core tests (the course is for people new to statistics, so the primer comes before the tests), clause 8's report;
#: the course's core for people who will commission or read assessments. Multi-class measures (04) are self-study.
CORE = ("01", "02", "03", "08P", "08", "09")
#: 13:00. Notebook 09's number (09.1) and its question on the list of items (09.2) are set after class, so that its
#: block keeps the prediction and the choice of an operating point, which need the class's discussion.
HALF_DAY_END = 13 * 60
#: Optional notebooks: never placed in a timetable, always self-study (clause 7's further tests, which the core
#: notebook 08 points to for designs beyond one test set).
OPTIONAL = ("08F",)
MARK = "<!-- agenda:generated -->"
_KIND_WORD = {"number": "number to compute", "choice": "choice to discuss", "predict": "prediction to check"}
AGENDA = Path(__file__).resolve().parents[2] / "instructor" / "agenda.md"


def _clock(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def _row(start: int, minutes: int, code: str, what: str) -> tuple:
    return (_clock(start), _clock(start + minutes), minutes, code, what)


def plan(times: list[BlockTime], codes=None) -> tuple[list[tuple], list[str]]:
    """Timetable rows ``(start, end, minutes, lesson code or "—", what)`` and the codes left for self-study.

    ``codes`` limits the day to those lessons (the half day); by default every lesson of the course but the
    :data:`OPTIONAL` ones is placed.  The self-study codes are in course order.

    Beyond TS 4213: planning the course.
    """
    titles = {lesson.code: lesson.title for lesson in COURSE}
    half = codes is not None
    end = HALF_DAY_END if half else DAY_END
    rows = [_row(DAY_START, WELCOME, "—", "Welcome; every learner runs the first notebook's set-up cell; how "
                                          "exercises, predictions and the progress record work")]
    now, breaks, left, optional = DAY_START + WELCOME, set(), [], set()
    for block in times:
        if half and block.code not in codes:
            continue
        if block.code in OPTIONAL:
            optional.add(block.code)
            continue
        if left:
            left.append(block.code)
            continue
        if "morning" not in breaks and now >= MORNING_BREAK_AFTER:
            rows.append(_row(now, BREAK, "—", "Break"))
            now, _ = now + BREAK, breaks.add("morning")
        if not half and "lunch" not in breaks and (now >= LUNCH_AFTER or now + block.block > LUNCH_AFTER + 45):
            rows.append(_row(now, BUFFER, "—", "Buffer: questions, catching up"))
            rows.append(_row(now + BUFFER, LUNCH, "—", "Lunch"))
            now, _ = now + BUFFER + LUNCH, breaks.add("lunch")
        if not half and "afternoon" not in breaks and now >= AFTERNOON_BREAK_AFTER:
            rows.append(_row(now, BREAK, "—", "Break"))
            now, _ = now + BREAK, breaks.add("afternoon")
        if now + block.block > end - BUFFER:
            left.append(block.code)
            continue
        rows.append(_row(now, block.block, block.code, titles[block.code]))
        now += block.block
    rows.append(_row(now, end - now if not half else BUFFER, "—", "Buffer: questions, the progress summary"))
    return rows, [block.code for block in times if block.code in optional or block.code in left]


def _table(rows) -> list[str]:
    return ["| start | end | minutes | notebook | block |", "| --- | --- | --- | --- | --- |",
            *(f"| {a} | {b} | {m} | {c} | {w} |" for a, b, m, c, w in rows)]


def render(times: list[BlockTime]) -> str:
    """The generated part of the agenda, in Markdown, from the lessons' ``times``.

    Beyond TS 4213: planning the course.
    """
    total = sum(t.block for t in times)
    day, self_study = plan(times)
    half, _ = plan(times, CORE)
    room = DAY_END - DAY_START - WELCOME - 2 * BREAK - LUNCH - 2 * BUFFER
    rates = (f"reading {WORDS_PER_MINUTE} words a minute (prose of the markdown cells, headings not counted, "
             f"skipped and after-class sections left out); {MINUTES_PER_CODE_CELL} min per code cell run and "
             f"explained, "
             f"{MINUTES_PER_SETUP_CELL} per set-up cell; {MINUTES_PER_OUTPUT_LINE} min per printed line and "
             f"{MINUTES_PER_FIGURE} per figure or table; {MINUTES_PER_WIDGET} min per widget worked; exercises "
             + ", ".join(f"{m} min per {_KIND_WORD[k]}" for k, m in MINUTES_PER_EXERCISE.items())
             + f"; each block rounded up to {ROUND_TO} minutes")
    lines = [MARK, "", "## Does the course fit the day?", "",
             f"Measured on the notebooks by `iso4213_nb.course.timing` ({rates}). The course needs **{total} "
             f"minutes** of teaching; a day of {_clock(DAY_START)}–{_clock(DAY_END)} with a welcome, two breaks, "
             f"lunch and two buffers has room for {room}.", ""]
    if self_study:
        lines += [f"**The full day does not fit.** The recommended course is the half day below ({', '.join(CORE)}); "
                  f"where a whole day is booked, the timetable teaches the notebooks in course order as far as they "
                  f"fit and marks the rest as self-study: {', '.join(self_study)} ({', '.join(OPTIONAL)} is optional "
                  f"and never scheduled).", ""]
    lines += ["| notebook | prose words | skipped | reading | code and outputs | widgets | exercises | block (min) "
              "| after class (min) |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    lines += [f"| {t.code} | {t.words} | {t.skipped_words} | {t.reading:.1f} | {t.code_and_outputs:.1f} | "
              f"{t.widget_minutes:.1f} | {t.exercise_minutes:.1f} | {t.block} | {t.after_class_minutes:.1f} |"
              for t in times]
    homework = [t for t in times if t.after_class_minutes]
    if homework:
        lines += ["", "Exercises set after class sit in their notebook's section «After class»; they are not in the "
                      "blocks: " + "; ".join(f"{t.code}, {t.after_class_minutes:.0f} min" for t in homework) + "."]
    lines += ["", "## Half day (recommended core)", "",
              f"{_clock(DAY_START)}–{half[-1][1]}: {', '.join(CORE)}, one break and a buffer. The other notebooks "
              f"are self-study, with their exercises; the progress records show the instructor afterwards what each "
              f"learner did." + "".join(f" The exercises of {t.code}'s section «After class» "
                                        f"({t.after_class_minutes:.0f} min) are set as homework."
                                        for t in homework if t.code in CORE),
              "", *_table(half), "",
              "## Full day", "", *_table(day), ""]
    if self_study:
        lines += [f"Self-study after the day: {', '.join(self_study)}, in that order.", ""]
    lines += ["## What to skip in class", "",
              "Skipped sections stay in the notebooks and are not counted in the blocks; learners read them after "
              "the course. A test checks that every heading named here still exists.", ""]
    lines += [f"- **{code}** «{heading}»: {why}." for code, items in SKIPPED.items() for heading, why in items]
    return "\n".join(lines + ["", MARK])


def update(text: str, times: list[BlockTime]) -> str:
    """``text`` (an agenda) with its generated part replaced by :func:`render` of ``times``.

    Beyond TS 4213: planning the course.
    """
    head, _old, tail = text.split(MARK)
    return head + render(times) + tail


def main(argv=None) -> int:
    """Rewrite (or with ``--check`` only compare) the generated part of the agenda (beyond TS 4213: the course)."""
    parser = argparse.ArgumentParser(prog="python -m iso4213_nb.course.agenda", description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=AGENDA)
    parser.add_argument("--check", action="store_true", help="exit 1 when the agenda is not up to date")
    args = parser.parse_args(argv)
    text = args.path.read_text(encoding="utf-8")
    new = update(text, course_times())
    if args.check:
        return 0 if new == text else 1
    args.path.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
