"""How long each notebook of the course takes in class, measured on the notebook itself.

A block's minutes (:class:`BlockTime`) add up reading the prose of markdown cells (headings not counted), running
and explaining code cells (a cell tagged ``setup`` runs without comment, at a lower rate), reading printed lines and
figures, working widgets (exercises aside) and doing exercises by kind, each at a trainer's stated rate (the
constants below) for learners new to the subject who read along while the instructor demonstrates; the sum is
rounded up to :data:`ROUND_TO` minutes.  Sections named in :data:`SKIPPED` are not taught in class and not
counted; a section headed with one of :data:`AFTER_CLASS` holds exercises set after class, counted apart.  Lessons
are taken in the order of :data:`iso4213_nb.course.contents.COURSE`; in another language each is timed on its
translated notebook where there is one (:func:`notebook_of`).  :mod:`iso4213_nb.course.agenda` writes the timetable
from these numbers.

Beyond TS 4213: planning the course over clauses 5–8 and Annexes A–D.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from .contents import COURSE, Lesson
from ..words.i18n import N_
from .exercise_bank import kind_of
from .learner_copy import NOTEBOOKS

WORDS_PER_MINUTE = 120
MINUTES_PER_CODE_CELL = 0.5
MINUTES_PER_SETUP_CELL = 0.1
MINUTES_PER_OUTPUT_LINE = 0.05
MINUTES_PER_FIGURE = 1.0
MINUTES_PER_WIDGET = 3.0
MINUTES_PER_EXERCISE = {"number": 4.0, "choice": 3.0, "predict": 5.0}
ROUND_TO = 5
#: Headings (as they start) of a notebook's section of exercises set after class, in English and Russian.
AFTER_CLASS = ("After class", "После занятия")

#: Sections skipped in class, per lesson code: (heading as it starts, why it can wait); the reasons are shown in the
#: agenda's language.
SKIPPED = {
    "02": (("Kullback–Leibler divergence of the class shares", N_("notebook 06 treats the divergence in depth")),
           ("Two areas under the precision–recall curve",
            N_("state only that two methods exist and give different numbers")),
           ("Area under the gain curve",
            N_("show the gain and lift curves on the figure; the identity is for reading"))),
    "03": (("The same state from Python", N_("for those who will script the explorer")),),
    "05": (("Label-distribution KL divergence", N_("same idea as notebook 06")),
           ("The file an auditor brings: a multi-label predictions file", N_("for auditors; it reads on its own"))),
    "06": (("The binary formula of 6.3.5", N_("a consistency check between clauses")),),
    "07": (("Timing two real classifiers", N_("run the cells while talking, do not read the commentary")),),
    "08F": (("Several data sets", N_("mention that tests across data sets exist (7.6)")),
            ("Ranking several models", N_("show the diagram once: with few data sets the bars are long")),
            ("Three or more models", N_("mention ANOVA and Kruskal–Wallis by name only")),
            ("Chi-squared (7.5)", N_("the rule (Fisher below 5 expected) is enough")),
            ("Planning the test set",
             N_("the basics of testing showed the widget; the rest is for planning a study"))),
    "09": (("Writing the report", N_("run `bin/demo` instead and open the report")),),
    "10": (("The invariance table, recomputed", N_("show the table, skip its construction")),
           ("Where computation and paper disagree", N_("for readers of the paper")),
           ("I1 as printed and as drawn", N_("for readers of the paper"))),
    "11": (("The whole glossary, A to Z", N_("a reference table; use the look-up box instead")),
           ("Annex A through the Russian names", N_("a curiosity for Russian readers"))),
    "12": (("Calibration (beyond TS 4213)", N_("show the reliability diagram once; the text is for afterwards")),
           ("Several classes: top-label and class-wise", N_("name the two views of multi-class calibration only"))),
    "A": (("Every printed number at once", N_("one sentence: all 46 reproduce")),
          ("Decimal comma or point", N_("one sentence"))),
    "B": (("Step 1", N_("tell the conclusion (the printed table contradicts the printed rates) in one minute")),
          ("Step 2", N_("the result only: 28 positives and 58 negatives")),
          ("Step 3", N_("show the figure, skip the construction"))),
    "C": (("Check 2", N_("the formatting audit is for auditors")),
          ("Recomputing top-1 and top-5 from scores",
           N_("for auditors: a file of scores turns the printed columns into a computation with intervals"))),
    "D": (("The damaged formula", N_("show the reconstructed formula only")),),
}
#: The same sections as the Russian notebooks (``notebooks/ru``) head them: per lesson code with a Russian notebook,
#: (English heading of :data:`SKIPPED`, Russian heading).  A section the Russian notebook does not have is left out;
#: a lesson whose Russian notebook has none of them maps to ``()``, so that every Russian notebook of a lesson with
#: skipped sections is named here (a test checks it, and that every Russian heading exists).
SKIPPED_RU = {
    "02": (("Kullback–Leibler divergence of the class shares", "Дивергенция Кульбака–Лейблера долей классов"),
           ("Two areas under the precision–recall curve", "Две площади под кривой точности полноты"),
           ("Area under the gain curve", "Площадь под gain-кривой")),
    "03": (("The same state from Python", "То же состояние из кода"),),
    "05": (("Label-distribution KL divergence", "Дивергенция KL распределения меток"),
           ("The file an auditor brings: a multi-label predictions file", "Файл, который приносит аудитор")),
    "06": (("The binary formula of 6.3.5", "Бинарная формула 6.3.5"),),
    "07": (("Timing two real classifiers", "Замер времени двух реальных классификаторов"),),
    "08F": (("Several data sets", "Несколько наборов данных"),
            ("Ranking several models", "Ранжирование нескольких моделей"),
            ("Three or more models", "Три модели и больше"),
            ("Chi-squared (7.5)", "Хи-квадрат (7.5)"),
            ("Planning the test set", "Планирование тестового набора")),
    "09": (("Writing the report", "Как написать отчет"),),
    "10": (("The invariance table, recomputed", "Таблица инвариантности, вычисленная заново"),
           ("Where computation and paper disagree", "Где вычисление и статья расходятся"),
           ("I1 as printed and as drawn", "I1 как напечатано и как нарисовано")),
    "11": (("The whole glossary, A to Z", "Весь глоссарий от A до Z"),
           ("Annex A through the Russian names", "Приложение A через русские названия")),
    "12": (("Calibration (beyond TS 4213)", "Калибровка (за рамками TS 4213)"),
           ("Several classes: top-label and class-wise", "Несколько классов")),
    "A": (("Every printed number at once", "Все напечатанные числа сразу"),),
    "B": (("Step 1", "Противоречие в самом приложении"),
          ("Step 2", "Наименьшие подходящие размеры")),
    "C": (("Check 2", "Проверка 2"),),
    "D": (),
}

_HEADING = re.compile(r"^(#{1,6})\s+(.*)")
_EXERCISE = re.compile(r"""\b(?:exercise\(\s*["']([^"']+)["']|Exercise\()""")
_KEY = re.compile(r"""key=["']([^"']+)["']""")
_WIDGET = "application/vnd.jupyter.widget-view+json"


@dataclass(frozen=True)
class BlockTime:
    """The minutes of one lesson in class, by part, and the block they round up to.

    ``words`` and ``skipped_words`` count prose (the skipped words are those of skipped and after-class
    sections); ``code_cells``, ``setup_cells``, ``output_lines``, ``figures``, ``widgets`` and ``exercises``
    (kind → count) are what was counted outside those sections; ``language`` is the language of the notebook counted
    (``"en"`` for a lesson a Russian agenda times from the English notebook, because it has no Russian one yet);
    ``after_class`` (kind → count) are the exercises of the after-class section, outside the block.

    Beyond TS 4213: planning the course.
    """

    code: str
    words: int
    skipped_words: int
    code_cells: int
    setup_cells: int
    output_lines: int
    figures: int
    widgets: int
    exercises: dict
    language: str = "en"
    after_class: dict = field(default_factory=dict)

    @property
    def reading(self) -> float:
        """Minutes of reading the prose taught in class."""
        return (self.words - self.skipped_words) / WORDS_PER_MINUTE

    @property
    def code_and_outputs(self) -> float:
        """Minutes of running code and reading what it prints and draws."""
        return (self.code_cells * MINUTES_PER_CODE_CELL + self.setup_cells * MINUTES_PER_SETUP_CELL
                + self.output_lines * MINUTES_PER_OUTPUT_LINE + self.figures * MINUTES_PER_FIGURE)

    @property
    def widget_minutes(self) -> float:
        """Minutes of working the interactive widgets."""
        return self.widgets * MINUTES_PER_WIDGET

    @property
    def exercise_minutes(self) -> float:
        """Minutes of the exercises, by kind."""
        return sum(MINUTES_PER_EXERCISE[kind] * n for kind, n in self.exercises.items())

    @property
    def after_class_minutes(self) -> float:
        """Minutes of the exercises set after class, by kind (not part of :attr:`block`)."""
        return sum(MINUTES_PER_EXERCISE[kind] * n for kind, n in self.after_class.items())

    @property
    def block(self) -> int:
        """The block: every part summed, rounded up to :data:`ROUND_TO` minutes."""
        total = self.reading + self.code_and_outputs + self.widget_minutes + self.exercise_minutes
        return ROUND_TO * math.ceil(round(total, 6) / ROUND_TO)


def _exercise_kinds(source: str) -> list[str]:
    kinds = []
    for match in _EXERCISE.finditer(source):
        key = match.group(1) or next(iter(_KEY.findall(source[match.end():])), None)
        legacy = "choice" if "choices=" in source[match.end():] else "number"
        kinds.append((kind_of(key) if key else None) or legacy)
    return kinds


def notebook_of(lesson: Lesson, lang: str = "en", folder: Path = NOTEBOOKS) -> Path:
    """The notebook ``lesson`` is taught from in language ``lang``: ``folder/<lang>/<file>`` where it exists (the
    Russian course in ``notebooks/ru``), else the English ``folder/<file>``.

    Beyond TS 4213: planning the course.
    """
    translated = Path(folder) / lang / lesson.file
    return translated if lang != "en" and translated.is_file() else Path(folder) / lesson.file


def skipped_sections(code: str, lang: str = "en") -> tuple[tuple[str, str], ...]:
    """The sections of lesson ``code`` skipped in class, as ``(heading as it starts, why it can wait)``, with the
    headings of the notebook in ``lang`` (:data:`SKIPPED`, :data:`SKIPPED_RU`); the reasons stay catalogue msgids.

    Beyond TS 4213: planning the course.
    """
    if lang == "en":
        return SKIPPED.get(code, ())
    why = dict(SKIPPED.get(code, ()))
    return tuple((translated, why[english]) for english, translated in SKIPPED_RU.get(code, ()))


def measure(lesson: Lesson, folder: Path = NOTEBOOKS, lang: str = "en") -> BlockTime:
    """Count what lesson ``lesson``'s notebook in language ``lang`` holds (:func:`notebook_of`: the English one when
    there is no translation) and return its :class:`BlockTime`.

    Beyond TS 4213: planning the course.
    """
    path = notebook_of(lesson, lang, folder)
    language = lang if path.parent != Path(folder) else "en"
    skip = tuple(heading for heading, _why in skipped_sections(lesson.code, language))
    words = skipped = code_cells = setup_cells = lines = figures = widgets = 0
    exercises = {kind: 0 for kind in MINUTES_PER_EXERCISE}
    after_class = {kind: 0 for kind in MINUTES_PER_EXERCISE}
    cut = after = None
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                match = _HEADING.match(line)
                if match:
                    level = len(match.group(1))
                    if cut is not None and level <= cut:
                        cut = after = None
                    if cut is None and match.group(2).strip().startswith(skip + AFTER_CLASS):
                        cut, after = level, match.group(2).strip().startswith(AFTER_CLASS)
                    continue
                n = len(line.split())
                words += n
                skipped += n if cut is not None else 0
            continue
        if cell.cell_type != "code":
            continue
        if cut is not None:
            for kind in _exercise_kinds(cell.source) if after else ():
                after_class[kind] += 1
            continue
        kinds = _exercise_kinds(cell.source)
        for kind in kinds:
            exercises[kind] += 1
        if "setup" in cell.metadata.get("tags", ()):
            setup_cells += 1
        elif not kinds:
            code_cells += 1
        for output in cell.get("outputs", ()):
            data = output.get("data", {})
            if output.get("output_type") == "stream":
                lines += len(output.get("text", "").splitlines())
            elif _WIDGET in data:
                widgets += 0 if kinds else 1
            elif "image/png" in data or "image/svg+xml" in data or "text/html" in data:
                figures += 1
            elif "text/plain" in data:
                lines += len(str(data["text/plain"]).splitlines())
    return BlockTime(lesson.code, words, skipped, code_cells, setup_cells, lines, figures, widgets, exercises,
                     language, after_class)


def course_times(folder: Path = NOTEBOOKS, lang: str = "en") -> list[BlockTime]:
    """The :class:`BlockTime` of every lesson in language ``lang``, in the order of
    :data:`iso4213_nb.course.contents.COURSE`.

    Beyond TS 4213: planning the course.
    """
    return [measure(lesson, folder, lang) for lesson in COURSE]
