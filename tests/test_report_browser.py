"""The PDF with the browser people have: Chromium, Google Chrome or Microsoft Edge found under their usual names
and places on Linux, macOS and Windows, or named with --browser / ISO4213_NB_BROWSER; without one, the report
writes its HTML and JSON and says in one line how to get the PDF (issue 25, point 4)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from iso4213_nb.cli import main
from iso4213_nb.core.errors import InputError
from iso4213_nb.report import export

#: A stand-in browser: answers --version and "prints" a PDF where --print-to-pdf says.
FAKE_BROWSER = """#!/bin/sh
for arg in "$@"; do
  case "$arg" in
    --version) echo "Fakium 123.0.1"; exit 0 ;;
    --print-to-pdf=*) printf '%%PDF-1.4 fake\\n' > "${arg#--print-to-pdf=}" ;;
  esac
done
"""


def _executable(path: Path, text: str = FAKE_BROWSER) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o755)
    return path


@pytest.fixture
def bare(tmp_path, monkeypatch):
    """A machine with no browser: an empty PATH, no variable, Linux places that do not exist, a home of its own."""
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.delenv(export.BROWSER_VARIABLE, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(export, "LINUX_PLACES", (str(tmp_path / "usr" / "bin" / "chromium"),))
    return tmp_path


def test_nothing_found_on_a_bare_machine(bare):
    assert export.find_browser() is None
    with pytest.raises(export.ReportBuildError, match="--browser PATH"):
        export.browser()


@pytest.mark.parametrize("name", export.BROWSER_NAMES)
def test_each_usual_name_is_found_on_path(bare, name):
    found = _executable(bare / "bin" / name)
    assert export.find_browser() == str(found)


def test_names_on_path_are_tried_in_order(bare):
    _executable(bare / "bin" / "msedge")
    chrome = _executable(bare / "bin" / "google-chrome-stable")
    assert export.find_browser() == str(chrome)
    (bare / "bin" / "plain-file").write_text("")
    (bare / "bin" / "chromium").write_text("")  # not executable: not a browser
    assert export.find_browser() == str(chrome)


def test_a_linux_place_off_path_is_found(bare, monkeypatch):
    snap = _executable(bare / "snap" / "bin" / "chromium")
    monkeypatch.setattr(export, "LINUX_PLACES", (str(bare / "usr" / "bin" / "chromium"), str(snap)))
    assert export.find_browser() == str(snap)


@pytest.mark.parametrize("bundle", export.MACOS_BUNDLES)
def test_macos_application_bundles(bare, monkeypatch, bundle):
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(export, "MACOS_APPLICATIONS", str(bare / "Applications"))
    assert export.find_browser() is None
    found = _executable(bare / "home" / "Applications" / bundle)  # the user's own Applications folder
    assert export.find_browser() == str(found)
    first = _executable(bare / "Applications" / bundle)  # the machine's folder comes first
    assert export.find_browser() == str(first)


@pytest.mark.parametrize("program, parts", [
    ("PROGRAMFILES", ("Google", "Chrome", "Application", "chrome.exe")),
    ("PROGRAMFILES(X86)", ("Microsoft", "Edge", "Application", "msedge.exe")),
    ("LOCALAPPDATA", ("Chromium", "Application", "chrome.exe")),
])
def test_windows_program_folders(bare, monkeypatch, program, parts):
    monkeypatch.setattr(sys, "platform", "win32")
    for name in ("PROGRAMFILES", "PROGRAMFILES(X86)", "LOCALAPPDATA"):
        monkeypatch.setenv(name, str(bare / name.lower()))
    assert export.find_browser() is None
    found = _executable(bare / program.lower() / Path(*parts))
    assert export.find_browser() == str(found)


def test_windows_places_without_the_variables_are_the_usual_folders():
    places = [str(place) for place in export.usual_places("win32", environ={}, home=Path("/h"))]
    assert len(places) == 6  # Program Files and Program Files (x86), three browsers each
    assert places[0].startswith("C:\\Program Files") and places[0].endswith("chrome.exe")
    assert any("Program Files (x86)" in place and place.endswith("msedge.exe") for place in places)


def test_the_option_and_the_variable_win_and_are_checked(bare, monkeypatch):
    on_path = _executable(bare / "bin" / "chromium")
    chosen = _executable(bare / "elsewhere" / "my-edge")
    monkeypatch.setenv(export.BROWSER_VARIABLE, str(chosen))
    assert export.find_browser() == str(chosen)
    assert export.find_browser(str(on_path)) == str(on_path)  # --browser wins over the variable
    assert export.find_browser("chromium") == str(on_path)  # a name is looked up on PATH
    monkeypatch.setenv(export.BROWSER_VARIABLE, str(bare / "absent"))
    with pytest.raises(InputError, match="ISO4213_NB_BROWSER .*absent: no browser can be run there"):
        export.find_browser()
    with pytest.raises(InputError, match="--browser .*: no browser"):
        export.find_browser(str(bare / "bin"))  # a folder


def test_manifest_records_the_browser_that_printed(bare):
    fake = _executable(bare / "bin" / "chromium")
    assert export.pdf_tools(str(fake)) == {"pdf_browser": {"path": str(fake), "version": "Fakium 123.0.1"}}
    assert export.pdf_tools(None) == {}


PREDICTIONS = "y_true,a_pred,a_score\n" + "".join(f"{t},{p},{s}\n" for t, p, s in [
    (1, 1, 0.9), (0, 0, 0.2), (1, 0, 0.4), (0, 1, 0.6), (1, 1, 0.8), (0, 0, 0.1), (1, 1, 0.7), (0, 0, 0.3)])


@pytest.mark.slow
@pytest.mark.parametrize("lang, asked, status, words", [
    ("en", [], 0, "no PDF: printing it needs Chromium, Google Chrome or Microsoft Edge"),
    ("ru", ["--format", "html,pdf"], 2, "нет PDF: для печати нужен Chromium, Google Chrome или Microsoft Edge"),
])
def test_without_a_browser_the_report_writes_html_and_json_and_says_so(bare, capsys, lang, asked, status, words):
    predictions = bare / "p.csv"
    predictions.write_text(PREDICTIONS)
    out = bare / "report"
    assert main(["report", "--predictions", str(predictions), "--out", str(out), *asked, "--lang", lang]) == status
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith("iso4213-nb report: " + words), said
    assert (out / "report.html").is_file() and (out / "report.json").is_file() and not (out / "report.pdf").exists()
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["parameters"]["formats"] == ["html"] and manifest["environment"]["tools"] == {}


@pytest.mark.slow
def test_a_named_browser_prints_and_is_recorded(bare, capsys):
    predictions = bare / "p.csv"
    predictions.write_text(PREDICTIONS)
    fake = _executable(bare / "elsewhere" / "msedge")
    out = bare / "report"
    assert main(["report", "--predictions", str(predictions), "--out", str(out), "--browser", str(fake)]) == 0
    assert (out / "report.pdf").read_bytes().startswith(b"%PDF")
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["environment"]["tools"] == {"pdf_browser": {"path": str(fake), "version": "Fakium 123.0.1"}}
    assert "report.pdf" in manifest["files"]
