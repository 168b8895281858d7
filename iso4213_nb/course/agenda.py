"""The instructor's agenda, written from the measured length of every notebook (:mod:`iso4213_nb.course.timing`).

``python -m iso4213_nb.course.agenda [--lang ru] [--check]`` rewrites (or, with ``--check``, only compares: exit 1
naming the stale files) the generated parts of ``instructor/agenda.md`` and ``agenda_ru.md`` (between the
:data:`MARK` markers), each timed on the notebooks of its language, and the block minutes in the headings of the
instructor's notes of the same language (``## 02 Binary measures (35 min)``).  Run it after changing a notebook or
:data:`iso4213_nb.course.contents.COURSE`.

The day runs from :data:`DAY_START` to :data:`DAY_END` with a welcome, two breaks, lunch and two buffers; notebooks
are placed in course order and a block never crosses a break.  When they do not all fit, the half day of
:data:`CORE` is the recommended course and the rest is marked self-study.

Beyond TS 4213: planning the course over clauses 5–8 and Annexes A–D.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ..words.i18n import LANGUAGES, N_, _, number, using, with_decimal_sign
from .contents import COURSE
from .speaker_notes import NOTES_BY_LANGUAGE
from .timing import (MINUTES_PER_CODE_CELL, MINUTES_PER_EXERCISE, MINUTES_PER_FIGURE, MINUTES_PER_OUTPUT_LINE,
                     MINUTES_PER_SETUP_CELL, MINUTES_PER_WIDGET, ROUND_TO, WORDS_PER_MINUTE, BlockTime, course_times,
                     skipped_sections)

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
_KIND_WORD = {"number": N_("number to compute"), "choice": N_("choice to discuss"),
              "predict": N_("prediction to check")}
_PACK = Path(__file__).resolve().parents[2] / "instructor"
#: The agenda of each language.
AGENDAS = {"en": _PACK / "agenda.md", "ru": _PACK / "agenda_ru.md"}
#: A notes heading's minutes, ``## <code> <title> (<minutes> min)`` (``мин`` in Russian; ``optional, `` may precede).
_NOTES_MINUTES = re.compile(r"^(## (\S+) .*\((?:.*, )?)(\d+)( (?:min|мин)\))$", re.M)


def _clock(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def _row(start: int, minutes: int, code: str, what: str) -> tuple:
    return (_clock(start), _clock(start + minutes), minutes, code, what)


def plan(times: list[BlockTime], codes=None) -> tuple[list[tuple], list[str]]:
    """Timetable rows ``(start, end, minutes, lesson code or "—", what)`` and the codes left for self-study.

    ``codes`` limits the day to those lessons (the half day); by default every lesson of the course but the
    :data:`OPTIONAL` ones is placed.  The self-study codes are in course order; ``what`` is in the active language.

    Beyond TS 4213: planning the course.
    """
    titles = {lesson.code: _(lesson.title) for lesson in COURSE}
    half = codes is not None
    end = HALF_DAY_END if half else DAY_END
    rows = [_row(DAY_START, WELCOME, "—", _("Welcome; every learner runs the first notebook's set-up cell; how "
                                            "exercises, predictions and the progress record work"))]
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
            rows.append(_row(now, BREAK, "—", _("Break")))
            now += BREAK
            breaks.add("morning")
        if not half and "lunch" not in breaks and (now >= LUNCH_AFTER or now + block.block > LUNCH_AFTER + 45):
            rows.append(_row(now, BUFFER, "—", _("Buffer: questions, catching up")))
            rows.append(_row(now + BUFFER, LUNCH, "—", _("Lunch")))
            now += BUFFER + LUNCH
            breaks.add("lunch")
        if not half and "afternoon" not in breaks and now >= AFTERNOON_BREAK_AFTER:
            rows.append(_row(now, BREAK, "—", _("Break")))
            now += BREAK
            breaks.add("afternoon")
        if now + block.block > end - BUFFER:
            left.append(block.code)
            continue
        rows.append(_row(now, block.block, block.code, titles[block.code]))
        now += block.block
    rows.append(_row(now, end - now if not half else BUFFER, "—", _("Buffer: questions, the progress summary")))
    return rows, [block.code for block in times if block.code in optional or block.code in left]


def _table(rows) -> list[str]:
    return [_("| start | end | minutes | notebook | block |"), "| --- | --- | --- | --- | --- |",
            *(f"| {a} | {b} | {m} | {c} | {w} |" for a, b, m, c, w in rows)]


def _rate(value: float) -> str:
    return with_decimal_sign(str(value))


def _render(times: list[BlockTime], lang: str) -> str:
    total = sum(t.block for t in times)
    day, self_study = plan(times)
    half, _rest = plan(times, CORE)
    room = DAY_END - DAY_START - WELCOME - 2 * BREAK - LUNCH - 2 * BUFFER
    exercises = ", ".join(_("{minutes} min per {kind}").format(minutes=_rate(m), kind=_(_KIND_WORD[k]))
                          for k, m in MINUTES_PER_EXERCISE.items())
    rates = _("reading {words} words a minute (prose of the markdown cells, headings not counted, skipped and "
              "after-class sections left out); {code} min per code cell run and explained, {setup} per set-up cell; "
              "{line} min per printed line and {figure} per figure or table; {widget} min per widget worked; "
              "exercises {exercises}; each block rounded up to {round} minutes").format(
        words=WORDS_PER_MINUTE, code=_rate(MINUTES_PER_CODE_CELL), setup=_rate(MINUTES_PER_SETUP_CELL),
        line=_rate(MINUTES_PER_OUTPUT_LINE), figure=_rate(MINUTES_PER_FIGURE), widget=_rate(MINUTES_PER_WIDGET),
        exercises=exercises, round=ROUND_TO)
    lines = [MARK, "", "## " + _("Does the course fit the day?"), "",
             _("Measured on the notebooks by `iso4213_nb.course.timing` ({rates}). The course needs **{total} "
               "minutes** of teaching; a day of {start}–{end} with a welcome, two breaks, lunch and two buffers has "
               "room for {room}.").format(rates=rates, total=total, start=_clock(DAY_START), end=_clock(DAY_END),
                                          room=room), ""]
    untranslated = [t.code for t in times if t.language != lang]
    if untranslated:
        lines += [_("Lessons {codes} have no notebook in this language yet: their blocks are timed on the English "
                    "notebooks, and their skipped sections are named as the English notebooks head them.").format(
                        codes=", ".join(untranslated)), ""]
    if self_study:
        lines += [_("**The full day does not fit.** The recommended course is the half day below ({core}); where a "
                    "whole day is booked, the timetable teaches the notebooks in course order as far as they fit and "
                    "marks the rest as self-study: {self_study} ({optional} is optional and never scheduled).").format(
                        core=", ".join(CORE), self_study=", ".join(self_study), optional=", ".join(OPTIONAL)), ""]
    lines += [_("| notebook | prose words | skipped | reading | code and outputs | widgets | exercises | block (min) "
                "| after class (min) |"),
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    lines += [f"| {t.code} | {t.words} | {t.skipped_words} | {number(t.reading, 1)} | "
              f"{number(t.code_and_outputs, 1)} | {number(t.widget_minutes, 1)} | {number(t.exercise_minutes, 1)} | "
              f"{t.block} | {number(t.after_class_minutes, 1)} |" for t in times]
    homework = [t for t in times if t.after_class_minutes]
    if homework:
        lines += ["", _("Exercises set after class sit in their notebook's section «After class»; they are not in the "
                        "blocks: {lessons}.").format(lessons="; ".join(
                            _("{code}, {minutes} min").format(code=t.code, minutes=number(t.after_class_minutes, 0))
                            for t in homework))]
    set_home = "".join(" " + _("The exercises of {code}'s section «After class» ({minutes} min) are set as "
                               "homework.").format(code=t.code, minutes=number(t.after_class_minutes, 0))
                       for t in homework if t.code in CORE)
    lines += ["", "## " + _("Half day (recommended core)"), "",
              _("{start}–{end}: {core}, one break and a buffer. The other notebooks are self-study, with their "
                "exercises; the progress records show the instructor afterwards what each learner did.").format(
                  start=_clock(DAY_START), end=half[-1][1], core=", ".join(CORE)) + set_home, "", *_table(half), "",
              "## " + _("Full day"), "", *_table(day), ""]
    if self_study:
        lines += [_("Self-study after the day: {codes}, in that order.").format(codes=", ".join(self_study)), ""]
    lines += ["## " + _("What to skip in class"), "",
              _("Skipped sections stay in the notebooks and are not counted in the blocks; learners read them after "
                "the course. A test checks that every heading named here still exists."), ""]
    lines += [f"- **{t.code}** «{heading}»: {_(why)}." for t in times
              for heading, why in skipped_sections(t.code, t.language)]
    return "\n".join(lines + ["", MARK])


def render(times: list[BlockTime], lang: str = "en") -> str:
    """The generated part of the agenda in language ``lang``, in Markdown, from the lessons' ``times`` (measured by
    :func:`iso4213_nb.course.timing.course_times` in the same language).

    Beyond TS 4213: planning the course.
    """
    with using(lang):
        return _render(times, lang)


def update(text: str, times: list[BlockTime], lang: str = "en") -> str:
    """``text`` (an agenda in language ``lang``) with its generated part replaced by :func:`render` of ``times``.

    Beyond TS 4213: planning the course.
    """
    head, _old, tail = text.split(MARK)
    return head + render(times, lang) + tail


def notes_minutes(text: str) -> dict[str, int]:
    """The block minutes each section heading of instructor's notes ``text`` states, by lesson code
    (``## 02 Binary measures (35 min)`` → ``{"02": 35}``); a heading without minutes is left out.

    Beyond TS 4213: planning the course.
    """
    return {match.group(2): int(match.group(3)) for match in _NOTES_MINUTES.finditer(text)}


def with_block_minutes(text: str, times: list[BlockTime]) -> str:
    """Instructor's notes ``text`` with the minutes of each section heading set to the lesson's block in ``times``.

    Beyond TS 4213: planning the course.
    """
    blocks = {t.code: t.block for t in times}
    return _NOTES_MINUTES.sub(lambda m: f"{m.group(1)}{blocks.get(m.group(2), m.group(3))}{m.group(4)}", text)


def main(argv=None) -> int:
    """Rewrite (or with ``--check`` only compare) the generated parts of the agendas and the notes' block minutes
    (beyond TS 4213: the course)."""
    parser = argparse.ArgumentParser(prog="python -m iso4213_nb.course.agenda", description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=LANGUAGES, help="only this language's agenda and notes (default: every one)")
    parser.add_argument("--check", action="store_true", help="exit 1 when an agenda or the notes are not up to date")
    args = parser.parse_args(argv)
    stale = []
    for lang in [args.lang] if args.lang else LANGUAGES:
        times = course_times(lang=lang)
        for path, rewrite in ((AGENDAS[lang], lambda text: update(text, times, lang)),
                              (NOTES_BY_LANGUAGE[lang], lambda text: with_block_minutes(text, times))):
            text = path.read_text(encoding="utf-8")
            new = rewrite(text)
            if new != text:
                stale.append(path)
                if not args.check:
                    path.write_text(new, encoding="utf-8")
    if args.check and stale:
        print("not up to date: " + ", ".join(str(path) for path in stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
