"""The instructor pack stays true to the course: the worked solutions run and agree with the package, no learner
notebook prints an answer above its exercise, and the agenda's timing still fits the notebooks as they are."""

import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from iso4213_nb.course.contents import COURSE, EXERCISES
from iso4213_nb.course import agenda, speaker_notes, timing
from iso4213_nb.course.exercise_bank import defined
from iso4213_nb.words.i18n import LANGUAGES, _, using

ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "instructor"
SOLUTIONS = PACK / "solutions" / "worked_solutions.ipynb"
AGENDAS = {lang: path.read_text(encoding="utf-8") for lang, path in agenda.AGENDAS.items()}
#: Exercises whose answer is a word, a choice, a prediction, undefined or infinite: the solutions explain them in
#: prose (and check them against the package's items).
NOT_NUMERIC = {"02.2", "06.3", "09.2", "10.2", "C.2"} | {key for key, kind in defined().items() if kind != "number"}
#: Exercises whose answer is a count: too short a number to search for in the notebooks' text.
COUNTS = {"08.1", "08.2"}
HEADING = re.compile(r"^(#{1,6})\s+(.*)")


@pytest.fixture(scope="module")
def answers(tmp_path_factory, monkeypatch_module):
    monkeypatch_module.setenv("ISO4213_PROGRESS", str(tmp_path_factory.mktemp("progress") / "progress.json"))
    nb = nbformat.read(SOLUTIONS, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(SOLUTIONS.parent)}}).execute()
    last = nb.cells[-1].outputs[0]["text"]
    return json.loads(last)


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_worked_solutions_run_and_cover_every_exercise(answers):
    assert set(answers) | NOT_NUMERIC == set(EXERCISES)
    assert not set(answers) & NOT_NUMERIC


def test_solutions_are_kept_apart_from_the_learners_notebooks():
    assert not list((ROOT / "notebooks").rglob("*solution*"))
    for lesson in COURSE:
        text = (ROOT / "notebooks" / lesson.file).read_text(encoding="utf-8")
        assert "worked_solutions" not in text and "instructor/" not in text


def _text_before_exercise(nb, key: str) -> str:
    parts = []
    for cell in nb.cells:
        if cell.cell_type == "code" and (f'key="{key}"' in cell.source or f'exercise("{key}"' in cell.source):
            return "\n".join(parts)
        if cell.cell_type == "markdown":
            parts.append(cell.source)
        for output in cell.get("outputs", []):
            parts.append(output.get("text", ""))
            parts.extend(str(v) for k, v in output.get("data", {}).items() if k.startswith("text/"))
    raise AssertionError(f"exercise {key} not found")


def _renderings(value: float) -> set[str]:
    shown = {f"{value:.4f}", f"{value:.2f}" if abs(value) >= 10 else f"{value:.4f}"}
    return shown | {s.replace(".", ",") for s in shown}


@pytest.mark.parametrize("key", sorted(set(EXERCISES) - NOT_NUMERIC - COUNTS))
def test_no_notebook_prints_an_answer_above_its_exercise(answers, key):
    lesson, _ = EXERCISES[key]
    nb = nbformat.read(ROOT / "notebooks" / lesson.file, as_version=4)
    before = _text_before_exercise(nb, key)
    shown = [s for s in _renderings(answers[key]) if s in before]
    assert not shown, f"{lesson.file} shows {shown} before exercise {key}, whose answer it is"


# ---------------------------------------------------------------- the agenda, in each language
TIMES = {lang: {t.code: t for t in timing.course_times(lang=lang)} for lang in LANGUAGES}
FULL_DAY, HALF_DAY = "Full day", "Half day (recommended core)"


def _table(lang: str, title: str) -> list[list[str]]:
    with using(lang):
        heading = _(title)
    section = AGENDAS[lang].split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip().strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return [[c.strip() for c in row] for row in rows[1:] if not set(row[0].strip()) <= {"-"}]


def _minutes(clock: str) -> int:
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_agenda_is_what_the_generator_writes_from_the_notebooks_as_they_are(lang):
    assert agenda.update(AGENDAS[lang], list(TIMES[lang].values()), lang) == AGENDAS[lang], \
        "run: python -m iso4213_nb.course.agenda"


def test_the_russian_agenda_is_timed_on_the_russian_notebooks_and_names_the_ones_it_is_not():
    english = [lesson.code for lesson in COURSE if not (ROOT / "notebooks" / "ru" / lesson.file).is_file()]
    assert [code for code, t in TIMES["ru"].items() if t.language == "en"] == english
    assert all(t.language == "ru" for code, t in TIMES["ru"].items() if code not in english)
    if english:
        assert f"У уроков {', '.join(english)} пока нет русского блокнота" in AGENDAS["ru"]
    ru = TIMES["ru"]["02"]
    assert ru.words == timing.measure(COURSE[1], ROOT / "notebooks" / "ru").words != TIMES["en"]["02"].words


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: lesson.code)
def test_each_blocks_stated_minutes_are_the_measured_ones(lesson, lang):
    row = next(r for r in _table(lang, "Does the course fit the day?") if r[0] == lesson.code)
    t = TIMES[lang][lesson.code]
    words, skipped, reading, code, widgets, exercises, block, after_class = row[1:]
    assert (int(words), int(skipped), int(block)) == (t.words, t.skipped_words, t.block)
    assert [float(x.replace(",", ".")) for x in (reading, code, widgets, exercises, after_class)] == pytest.approx(
        [t.reading, t.code_and_outputs, t.widget_minutes, t.exercise_minutes, t.after_class_minutes],
        abs=0.05 + 1e-9)  # one decimal shown
    assert t.block - timing.ROUND_TO < t.reading + t.code_and_outputs + t.widget_minutes + t.exercise_minutes <= t.block
    for title in (FULL_DAY, HALF_DAY):
        scheduled = [int(r[2]) for r in _table(lang, title) if r[3] == lesson.code]
        assert scheduled in ([], [t.block]), f"{lang} {title}: {lesson.code} gets {scheduled}, measured {t.block}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_notes_heading_gives_the_blocks_measured_minutes(lang):
    text = speaker_notes.NOTES_BY_LANGUAGE[lang].read_text(encoding="utf-8")
    stated = agenda.notes_minutes(text)
    assert set(stated) == {lesson.code for lesson in COURSE}, "every lesson's notes heading states its minutes"
    assert stated == {code: t.block for code, t in TIMES[lang].items()}, "run: python -m iso4213_nb.course.agenda"


def test_the_generator_sets_the_notes_minutes_and_check_names_a_stale_file(tmp_path, monkeypatch, capsys):
    heading = "## 02 Binary measures (50 min)\n\ntext (5 min)\n## 08F Further (optional, 1 min)\n"
    times = list(TIMES["en"].values())
    fixed = agenda.with_block_minutes(heading, times)
    assert agenda.notes_minutes(fixed) == {"02": TIMES["en"]["02"].block, "08F": TIMES["en"]["08F"].block}
    assert "text (5 min)" in fixed and "(optional, " in fixed
    assert agenda.notes_minutes("## 02 Бинарные показатели (50 мин)") == {"02": 50}
    files = {}
    for name, text in (("agenda.md", AGENDAS["en"]), ("notes.md", heading)):
        files[name] = tmp_path / name
        files[name].write_text(text, encoding="utf-8")
    monkeypatch.setitem(agenda.AGENDAS, "en", files["agenda.md"])
    monkeypatch.setitem(agenda.NOTES_BY_LANGUAGE, "en", files["notes.md"])
    assert agenda.main(["--lang", "en", "--check"]) == 1
    assert capsys.readouterr().err.strip() == f"not up to date: {files['notes.md']}"
    assert files["notes.md"].read_text(encoding="utf-8") == heading
    assert agenda.main(["--lang", "en"]) == 0 and agenda.main(["--lang", "en", "--check"]) == 0
    assert files["notes.md"].read_text(encoding="utf-8") == fixed


def test_timing_counts_prose_by_hand_on_a_small_notebook(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Title\none two three"),
        nbformat.v4.new_code_cell("x = 1", outputs=[nbformat.v4.new_output("stream", text="a\nb\n")]),
        nbformat.v4.new_markdown_cell("## Skip me\nfour five"),
        nbformat.v4.new_code_cell("y = 2", outputs=[nbformat.v4.new_output("stream", text="c\n")]),
        nbformat.v4.new_markdown_cell("## Back\nsix"),
        nbformat.v4.new_code_cell("print(2)", metadata={"tags": ["setup"]}),
        nbformat.v4.new_code_cell('exercise("03.2", y_true=y, scores=s)')])
    nbformat.write(nb, tmp_path / "x.ipynb")
    lesson = type(COURSE[0])("03", "x.ipynb", "t", ())
    skipped = dict(timing.SKIPPED)
    try:
        timing.SKIPPED["03"] = (("Skip me", "test"),)
        t = timing.measure(lesson, tmp_path)
    finally:
        timing.SKIPPED.clear()
        timing.SKIPPED.update(skipped)
    assert (t.words, t.skipped_words, t.code_cells, t.setup_cells, t.output_lines) == (6, 2, 1, 1, 2)
    assert t.exercises == {"number": 0, "choice": 0, "predict": 1}
    # 4 words / 120 + 0.5 + 0.1 + 2 · 0.05 + 5 = 5.733...: one block of 10 minutes
    assert t.reading + t.code_and_outputs + t.exercise_minutes == pytest.approx(4 / 120 + 0.7 + 5) and t.block == 10


def test_exercises_after_class_are_timed_outside_the_block(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Title\none two"),
        nbformat.v4.new_code_cell('exercise("03.2", y_true=y, scores=s)'),
        nbformat.v4.new_markdown_cell("## After class\nthree four five"),
        nbformat.v4.new_code_cell('exercise("03.1", y_true=y, scores=s)'),
        nbformat.v4.new_code_cell('exercise("03.2", y_true=y, scores=s)'),
        nbformat.v4.new_markdown_cell("## Back in class\nsix")])
    nbformat.write(nb, tmp_path / "x.ipynb")
    t = timing.measure(type(COURSE[0])("03", "x.ipynb", "t", ()), tmp_path)
    assert (t.words, t.skipped_words) == (6, 3)
    assert t.exercises == {"number": 0, "choice": 0, "predict": 1}
    assert t.after_class == {"number": 0, "choice": 1, "predict": 1}
    # in class: 3 words / 120 + one prediction (5) = 5.025: one block of 10; after class: 3 + 5 minutes
    assert t.block == 10 and t.after_class_minutes == 8


def test_the_agenda_names_each_notebooks_exercises_after_class():
    en = TIMES["en"]
    times = [en[lesson.code] for lesson in COURSE if en[lesson.code].after_class_minutes]
    assert [t.code for t in times] == ["09"] and en["09"].after_class == {"number": 1, "choice": 1, "predict": 0}
    assert "they are not in the blocks: 09, 7 min." in AGENDAS["en"]
    assert "The exercises of 09's section «After class» (7 min) are set as homework." in \
        AGENDAS["en"].split("## Half day")[1]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("title, end", [(FULL_DAY, "17:00"), (HALF_DAY, "13:00")])
def test_timetables_are_continuous_and_end_in_time(title, end, lang):
    rows = _table(lang, title)
    assert rows[0][0] == "09:00" and _minutes(rows[-1][1]) <= _minutes(end)
    for previous, row in zip(rows, rows[1:]):
        assert row[0] == previous[1], f"gap or overlap before {row}"
    for start, stop, minutes, *_rest in rows:
        assert _minutes(stop) - _minutes(start) == int(minutes)
    with using(lang):
        buffers = {_("Buffer: questions, catching up"), _("Buffer: questions, the progress summary")}
    assert sum(int(r[2]) for r in rows if r[4] in buffers) >= 10


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_notebook_is_taught_once_or_named_for_self_study(lang):
    taught = [r[3] for r in _table(lang, FULL_DAY) if r[3] != "—"]
    with using(lang):
        pattern = re.escape(_("Self-study after the day: {codes}, in that order.")).replace(r"\{codes\}", "(.+?)")
    left = re.search(pattern, AGENDAS[lang])
    self_study = left.group(1).split(", ") if left else []
    order = [lesson.code for lesson in COURSE]
    assert sorted(taught + self_study, key=order.index) == order
    assert taught == sorted(taught, key=order.index) and self_study == sorted(self_study, key=order.index)
    assert set(agenda.OPTIONAL) <= set(self_study) and not set(agenda.OPTIONAL) & set(taught)
    assert [r[3] for r in _table(lang, HALF_DAY) if r[3] != "—"] == list(agenda.CORE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_skipped_heading_still_exists(lang):
    for code in timing.SKIPPED:
        lesson = next(lesson for lesson in COURSE if lesson.code == code)
        path = timing.notebook_of(lesson, lang, ROOT / "notebooks")
        if lang != "en" and path.parent.name == lang:
            assert code in timing.SKIPPED_RU, f"name {path}'s skipped sections in timing.SKIPPED_RU (or map it to ())"
        nb = nbformat.read(path, as_version=4)
        titles = [m.group(2).strip() for c in nb.cells if c.cell_type == "markdown"
                  for m in map(HEADING.match, c.source.splitlines()) if m]
        for heading, _why in timing.skipped_sections(code, lang if path.parent.name == lang else "en"):
            assert any(t.startswith(heading) for t in titles), f"{path} has no section «{heading}» any more"


def test_the_pack_is_linked_and_stands_alone():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "instructor/README.md" in readme
    for path in PACK.rglob("*"):
        if path.suffix in (".md", ".ipynb"):
            text = path.read_text(encoding="utf-8")
            assert "STANDARD-NOTES" not in text and "../shared" not in text, path
            for target in re.findall(r"\]\(([^)#]+)\)", text):
                if not target.startswith("http"):
                    assert (path.parent / target).exists(), f"{path.name} links to missing {target}"


def test_the_label_divergence_quoted_for_05_4_is_the_one_of_the_notebooks_split():
    """05.4's worked solutions (both languages) quote D(P‖T) of the multi-label digits split: recomputed here with
    SciPy from the label shares, to four significant digits."""
    import numpy as np
    from scipy.stats import entropy
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.multioutput import MultiOutputClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    digits = load_digits()
    marks = [[0, 2, 4, 6, 8], [2, 3, 5, 7], [5, 6, 7, 8, 9], [0, 6, 8, 9]]
    y = np.column_stack([np.isin(digits.target, d) for d in marks]).astype(int)
    x_train, x_test, y_train, y_test = train_test_split(digits.data, y, test_size=0.5, stratify=digits.target,
                                                        random_state=0)
    y_pred = MultiOutputClassifier(make_pipeline(StandardScaler(), LogisticRegression(C=0.01))).fit(
        x_train, y_train).predict(x_test)
    shown = f"{entropy(y_pred.sum(axis=0), y_test.sum(axis=0)):.4g}"
    for path, number in ((SOLUTIONS, shown), (SOLUTIONS.with_name("worked_solutions_ru.ipynb"), shown.replace(".", ","))):
        prose = next(c.source for c in nbformat.read(path, as_version=4).cells if "**05.4**" in c.source)
        assert f"({number})" in prose, f"{path.name}: 05.4 should quote D(P‖T) = {number}"
