"""bin/slides: which cells become slides, and decks that open from disk with no network."""

import argparse
import os
import re
from pathlib import Path

import nbformat
import pytest

from iso4213_nb.core.errors import InputError
from iso4213_nb.course.contents import COURSE
from iso4213_nb.course.slides import MARKER, NOTEBOOKS, as_slides, main, split_at_headings, write_slides
from iso4213_nb.words.i18n import using

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _types(nb):
    return [(c.cell_type, c.metadata.get("slideshow", {}).get("slide_type"), c.source) for c in nb.cells]


def test_every_markdown_heading_starts_a_slide():
    source = "Lead-in text.\n\n## First\n\nBody\n\n```python\n# not a heading\n```\n### Second\nMore"
    assert split_at_headings(source) == ["Lead-in text.", "## First\n\nBody\n\n```python\n# not a heading\n```",
                                         "### Second\nMore"]
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Title\n\nIntro"),
        nbformat.v4.new_code_cell("import numpy", metadata={"tags": ["setup"]}),
        nbformat.v4.new_code_cell("# NBVAL_CHECK_OUTPUT\nprint(1)"),
        nbformat.v4.new_markdown_cell(source),
    ])
    slides = as_slides(nb)
    assert _types(slides) == [
        ("markdown", "slide", "# Title\n\nIntro"),
        ("code", "-", "print(1)"),
        ("markdown", "-", "Lead-in text."),
        ("markdown", "slide", "## First\n\nBody\n\n```python\n# not a heading\n```"),
        ("markdown", "slide", "### Second\nMore"),
    ]
    assert len({c.id for c in slides.cells}) == len(slides.cells)
    assert "slideshow" not in nb.cells[0].metadata and len(nb.cells) == 4  # the notebook itself is not changed


def test_cell_metadata_is_used_when_the_notebook_has_it():
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Title\n\n## Not split", metadata={"slideshow": {"slide_type": "slide"}}),
        nbformat.v4.new_markdown_cell("## Notes", metadata={"slideshow": {"slide_type": "notes"}}),
        nbformat.v4.new_code_cell("x = 1"),
    ])
    assert _types(as_slides(nb)) == [("markdown", "slide", "# Title\n\n## Not split"),
                                     ("markdown", "notes", "## Notes"), ("code", None, "x = 1")]


def test_a_folder_this_tool_did_not_write_is_never_replaced(tmp_path, capsys):
    (tmp_path / "mine.txt").write_text("keep me")
    with pytest.raises(InputError, match="did not write"):
        write_slides([], tmp_path)
    assert (tmp_path / "mine.txt").read_text() == "keep me"
    assert main(["--out", str(tmp_path / "new"), str(tmp_path / "missing.ipynb")]) == 2
    assert capsys.readouterr().err.strip() == f"bin/slides: error: notebook not found: {tmp_path / 'missing.ipynb'}"
    assert not (tmp_path / "new").exists()


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    out = tmp_path_factory.mktemp("slides") / "slides"
    notebooks = [NOTEBOOKS / "03_threshold_explorer.ipynb", NOTEBOOKS / "02_binary_measures.ipynb",
                 NOTEBOOKS / "01_process_and_controls.ipynb"]  # 01: widgets with icons, whose fonts must load
    write_slides(notebooks, out)
    write_slides(notebooks, out)  # a second run replaces the folder it wrote
    return out


def test_decks_name_no_external_address(decks):
    pages = sorted(decks.glob("*.html"))
    assert [p.name for p in pages] == ["01_process_and_controls.slides.html", "02_binary_measures.slides.html",
                                       "03_threshold_explorer.slides.html", "index.html"]
    assert (decks / MARKER).is_file() and (decks / "assets" / "reveal.js" / "dist" / "reveal.js").is_file()
    for page in pages:
        text = page.read_text()
        assert not re.search(r"https?://|//cdn", text), page.name
        for url in re.findall(r'(?:src|href)="([^"]+)"', text):
            assert "://" not in url and not url.startswith("//"), (page.name, url)
            local = url.split("?")[0].split("#")[0]
            assert not local or local.startswith("data:") or (decks / local).exists(), (page.name, url[:80])


@pytest.mark.browser
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is not installed")
def test_decks_open_offline_in_chromium(decks):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, explorers in [("03_threshold_explorer", 2), ("02_binary_measures", 0), ("01_process_and_controls", 0)]:
            problems = []
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file://")
                       else (problems.append(f"blocked request {r.request.url}"), r.abort()))
            page.on("pageerror", lambda e: problems.append(f"page error {e}"))
            page.on("console", lambda m: m.type == "error" and problems.append(f"console error {m.text}"))
            page.on("requestfailed", lambda r: problems.append(f"failed request {r.url}"))
            page.goto((decks / f"{name}.slides.html").as_uri(), wait_until="load")
            page.wait_for_function("document.querySelector('.reveal.ready')", timeout=20000)
            slides = page.locator(".reveal .slides > section").count()
            assert slides >= 5
            for _ in range(slides):
                page.keyboard.press("ArrowRight")
            page.wait_for_function(f"document.querySelectorAll('.reveal .slides > section.past').length === {slides - 1}")
            if explorers:
                page.wait_for_function("Array.from(document.querySelectorAll('.iso4213-explorer'))"
                                       ".every(e => e.dataset.state === 'ready')", timeout=10000)
            assert page.locator(".iso4213-explorer").count() == explorers
            page.wait_for_timeout(300)
            assert problems == [], name
            page.close()
        browser.close()


def test_every_deck_carries_its_notebooks_instructor_notes_as_speaker_notes(decks):
    from iso4213_nb.course import speaker_notes

    notes = speaker_notes.sections()
    assert set(notes) == {lesson.code for lesson in COURSE}, "every notebook has a section in instructor/notes.md"
    page = (decks / "03_threshold_explorer.slides.html").read_text()
    aside = re.search(r'<aside class="notes">(.*?)</aside>', page, re.S)
    assert aside and "Prediction 03.2" in aside.group(1) and "go to min cost" in aside.group(1)
    aside = re.search(r'<aside class="notes">(.*?)</aside>', (decks / "02_binary_measures.slides.html").read_text(), re.S)
    assert aside and "Demonstrate." in aside.group(1) and "binary_measures" not in aside.group(1)


def _notes_of(deck) -> str:
    aside = re.search(r'<aside class="notes">(.*?)</aside>', deck.read_text(), re.S)
    assert aside, f"{deck.name} has no speaker notes"
    return re.sub(r"<[^>]+>", " ", aside.group(1))


def _share_cyrillic(text: str) -> float:
    letters = re.findall(r"[A-Za-zА-Яа-яЁё]", text)
    return sum("А" <= c <= "я" or c in "Ёё" for c in letters) / len(letters)


@pytest.fixture(scope="module")
def russian_decks(tmp_path_factory):
    out = tmp_path_factory.mktemp("slides_ru") / "ru"
    return write_slides([NOTEBOOKS / "ru" / "03_threshold_explorer.ipynb", NOTEBOOKS / "02_binary_measures.ipynb"],
                        out, "ru")  # 02 also stands for a lesson whose Russian deck is made from the English notebook


def test_a_russian_deck_carries_the_russian_notes_and_an_english_deck_the_english_ones(decks, russian_decks):
    from iso4213_nb.course import speaker_notes

    ru = speaker_notes.sections(speaker_notes.NOTES_BY_LANGUAGE["ru"])
    assert set(ru) == {lesson.code for lesson in COURSE}, "every notebook has a section in instructor/notes_ru.md"
    for name in ("03_threshold_explorer", "02_binary_measures"):
        russian, english = _notes_of(russian_decks / f"{name}.slides.html"), _notes_of(decks / f"{name}.slides.html")
        assert _share_cyrillic(russian) > 0.9 and _share_cyrillic(english) < 0.01, name
    assert "Прогноз 03.2" in _notes_of(russian_decks / "03_threshold_explorer.slides.html")
    index = (russian_decks / "index.html").read_text(encoding="utf-8")
    assert '<html lang="ru">' in index and "Course slides" not in index and "speaker view" not in index
    assert _share_cyrillic(re.sub(r"<[^>]+>|\.slides\.html|Esc", "", index.split("<ol>")[0])) > 0.9
    assert "Показать." in _notes_of(russian_decks / "02_binary_measures.slides.html")


def test_the_course_command_gives_the_decks_the_notes_of_its_language(tmp_path, monkeypatch):
    from iso4213_nb.cli import course

    calls = []
    monkeypatch.setattr("iso4213_nb.course.slides.write_slides", lambda *args: calls.append(args) or Path(args[1]))
    for lang in ("en", "ru"):
        with using(lang):
            course._slides(argparse.Namespace(notebooks=["x.ipynb"], out=str(tmp_path)))
    assert [(args[1].name, args[2]) for args in calls] == [("en", "en"), ("ru", "ru")]


def test_speaker_notes_go_on_the_first_slide_and_are_left_out_without_notes():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Title\ntext\n## Second"),
                                         nbformat.v4.new_code_cell("x = 1")])
    assert [t[:2] for t in _types(as_slides(nb, "say this"))] == [
        ("markdown", "slide"), ("markdown", "notes"), ("markdown", "slide"), ("code", "-")]
    assert "notes" not in [t[1] for t in _types(as_slides(nb))]
