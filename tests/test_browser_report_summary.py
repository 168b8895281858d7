"""The report's first screen at 1366×768 and its printed first page (issue 27, point 5): the summary with each
model's headline numbers, the contents list whose every link lands on its section, and a summary that fits one A4
page; in English and Russian."""

import json
import os
import re
import unicodedata

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, f1_score, precision_score, recall_score, roc_auc_score

from iso4213_nb.demos import breast_cancer as demo
from iso4213_nb.inputs import read_predictions
from iso4213_nb.words.i18n import _, number, using
from report_builds import demo_report, demo_report_ru
from test_browser_report import CHROMIUM, _open

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is not installed")]

BUILDS = [pytest.param(demo_report, "en", id="en"), pytest.param(demo_report_ru, "ru", id="ru")]


def _expected_cells(folder, lang: str) -> dict:
    """``"model|measure" -> cell text``: each value computed by scikit-learn from the demo's predictions, each
    interval the one section 5 of the same report shows."""
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    pred = read_predictions(demo.DEMO_PREDICTIONS)
    y = np.asarray(pred.y_true) == pred.positive
    cells = {}
    for name, model in pred.models.items():
        labels = np.asarray(model.pred) == pred.positive
        values = {"accuracy": accuracy_score(y, labels), "precision": precision_score(y, labels),
                  "recall": recall_score(y, labels), "specificity": recall_score(~y, ~labels),
                  "f1": f1_score(y, labels), "auroc": roc_auc_score(y, model.scores)}
        with using(lang):
            for key, value in values.items():
                interval = report["models"][name]["intervals"][key]
                cells[f"{name}|{key}"] = f"{number(value)} [{number(interval['low'])}, {number(interval['high'])}]"
    return cells


@pytest.mark.parametrize("build, lang", BUILDS)
def test_first_screen_shows_the_summary_with_every_headline_number_and_the_contents(browser, build, lang):
    folder = build()
    expected = _expected_cells(folder, lang)
    assert len(expected) == 18
    page, problems = _open(browser, folder / "report.html", viewport={"width": 1366, "height": 768})
    page.wait_for_function("""(want) => Object.entries(want).every(([key, text]) => {
            const [model, measure] = key.split('|');
            const cell = document.querySelector(`.iso-summary td[data-model="${model}"][data-measure="${measure}"]`);
            return cell && cell.textContent === text;
        })""", arg=expected, timeout=20000)
    boxes = page.evaluate("""() => {
            const bottom = el => el ? el.getBoundingClientRect().bottom : null;
            return {cells: [...document.querySelectorAll('.iso-summary td[data-measure]')].map(bottom),
                    summary: bottom(document.getElementById('summary')),
                    contents: document.getElementById('contents').getBoundingClientRect().top,
                    links: document.querySelectorAll('#contents a').length};
        }""")
    assert boxes["summary"] is not None and boxes["summary"] < 768
    assert len(boxes["cells"]) == 18 and max(boxes["cells"]) <= 768, boxes["cells"]
    assert boxes["contents"] < 768 and boxes["links"] >= 12
    assert problems == []
    page.close()


@pytest.mark.parametrize("build, lang", BUILDS)
def test_every_contents_link_lands_on_its_section(browser, build, lang):
    page, problems = _open(browser, build() / "report.html", viewport={"width": 1366, "height": 768})
    links = page.evaluate("""() => [...document.querySelectorAll('#contents a')].map(a => {
            const id = a.getAttribute('href').slice(1);  // nbconvert's heading ids keep their percent escapes
            const target = document.getElementById(id);
            return {id, text: a.textContent, tag: target ? target.tagName : null,
                    heading: target ? target.textContent.replace('¶', '').trim() : null};
        })""")
    assert len(links) >= 12
    for link in links:
        assert link["tag"] in ("H2", "H3") and link["heading"] == link["text"], link
    for i, link in enumerate(links):
        page.locator("#contents a").nth(i).click()
        page.wait_for_function("""(id) => {
                const top = document.getElementById(id).getBoundingClientRect().top;
                const end = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
                return location.hash.slice(1) === id && (Math.abs(top) < 2 || (end && top >= 0));
            }""", arg=link["id"], timeout=5000)
    assert problems == []
    page.close()


@pytest.mark.parametrize("build, lang", BUILDS)
def test_the_summary_fits_the_first_a4_page_and_the_contents_follows(build, lang):
    from pypdf import PdfReader

    reader = PdfReader(build() / "report.pdf")
    pages = [unicodedata.normalize("NFKC", p.extract_text()).replace("\n", " ") for p in reader.pages]
    with using(lang):
        first = _("Summary")
        markers = [first, _("Headline measures: value [{level}]").split(":")[0],
                   _("Reported items: {total}; filled {filled}, filled automatically {automatic}, missing "
                     "{missing}.").split(":")[0],
                   _("No warning: every value and interval is defined and computed from the rows.")]
        contents = _("Contents")
    for marker in markers:
        assert marker in pages[0], marker
        assert marker == first or all(marker not in text for text in pages[1:]), marker
    assert pages[1].lstrip().startswith(contents)
    # the printed contents keep their links: one named destination per entry of the page's list, each on a later page
    html = (build() / "report.html").read_text(encoding="utf-8")
    start = html.index('id="contents"')
    entries = set(re.findall(r'<a href="#([^"]+)">', html[start:html.index("</nav>", start)]))
    targets = {str(a.get_object()["/Dest"]).lstrip("/") for a in reader.pages[1]["/Annots"]}
    assert targets == entries and len(entries) >= 12
    named = reader.named_destinations
    assert all(reader.get_destination_page_number(named["/" + t]) >= 2 for t in targets)
