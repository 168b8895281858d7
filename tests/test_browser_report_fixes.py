"""The report's defects seen in chromium at 1366×768 and in print (issue 27, point 5), each read where a reader
reads it: the page as chromium lays it out, and the text of the PDF.

Every report is built once per test run (:mod:`report_builds`); the English and Russian builds of both demos
are read with the words of the language they were built in.
"""

import json
import os
import re

import pytest
from pypdf import PdfReader

from iso4213_nb.words.i18n import _, number, set_language
from iso4213_nb.words.measures import label, name
from report_builds import demo_report, demo_report_ru, multiclass_report, multiclass_report_ru
from voila_pages import CHROMIUM  # the browser fixture is conftest's (voila_pages.browser)

VIEWPORT = {"width": 1366, "height": 768}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason=f"{CHROMIUM} is not installed"),
]

MULTICLASS = [(multiclass_report, "en"), (multiclass_report_ru, "ru")]
BOTH = [(demo_report, "en"), (demo_report_ru, "ru"), (multiclass_report, "en"), (multiclass_report_ru, "ru")]


@pytest.fixture
def words():
    """``words(lang)`` switches the package's language for the expected texts; English again afterwards."""
    yield set_language
    set_language("en")


def _page(browser, folder):
    page = browser.new_page(viewport=VIEWPORT)
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file://") else r.abort())
    page.goto((folder / "report.html").resolve().as_uri(), wait_until="load")
    page.wait_for_function("window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0", timeout=20000)
    return page


def _section_text(page, number: str) -> str:
    """The visible text from the heading of section ``number`` to the next numbered heading."""
    return page.evaluate("""(number) => {
        const heads = [...document.querySelectorAll('h2')];
        const start = heads.findIndex(h => h.textContent.trim().startsWith(number + ' '));
        if (start < 0) return null;
        const stop = heads.slice(start + 1).find(h => /^\\d+ /.test(h.textContent.trim()));
        const range = document.createRange();
        range.setStartBefore(heads[start]);
        if (stop) range.setEndBefore(stop); else range.setEndAfter(document.body.lastChild);
        const holder = document.createElement('div');
        holder.appendChild(range.cloneContents());
        document.body.appendChild(holder);
        const text = holder.innerText;
        holder.remove();
        return text;
    }""", number)


def _pdf_text(folder) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(folder / "report.pdf").pages))


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("build, lang", MULTICLASS, ids=["en", "ru"])
def test_multiclass_sections_4_and_6_say_what_the_report_draws(browser, words, build, lang):
    """Section 6 said no model had scores and section 4 promised thresholds a multi-class file does not have."""
    folder = build()
    page = _page(browser, folder)
    four, six = _squeeze(_section_text(page, "4")), _squeeze(_section_text(page, "6"))
    words(lang)
    argmax_rule = _("labels from the arg-max of the class scores")
    no_scores = _("No model in the file has scores, so there are no threshold curves.")
    assert _squeeze(_("Where the file gives class scores and no labels, a model's label is the arg-max: the class "
                      "with the highest score.")) in four
    for promise in (_("Youden-optimal"), _("TPR ≥ 0.9"), "Youden", _("labels as given in the file")):
        assert promise not in four, promise
    rules = page.evaluate("""(caption) => [...document.querySelectorAll('table')]
        .filter(t => t.caption && t.caption.textContent.startsWith(caption))
        .flatMap(t => [...t.querySelectorAll('tbody tr')].map(r => r.cells[1].textContent))""",
                          _("Counts at operating points: {model}").format(model=""))
    assert len(rules) == 20 and set(rules) == {argmax_rule}  # ten classes, two models
    assert no_scores not in six
    assert _squeeze(_("The models score every class, so there is no single threshold to sweep here: each class's "
                      "ROC and precision–recall curves, one class against the rest, are in the class-scores section "
                      "below.")) in six
    # and the curves it points to are drawn: one figure per model after the class-scores heading
    after = page.evaluate("""(title) => {
        const head = [...document.querySelectorAll('h2')].find(h => h.textContent.startsWith(title));
        return head ? [...document.images].filter(i => head.compareDocumentPosition(i) & 4 && i.naturalWidth > 0).length : -1;
    }""", _("Class scores: top-k accuracy, AUROC and curves per class (6.3.6, 6.3.7, 6.4)"))
    assert after >= 2
    pdf = _pdf_text(folder)
    assert no_scores not in pdf and argmax_rule in pdf
    page.close()


@pytest.mark.parametrize("build, lang", BOTH, ids=["en", "ru", "multiclass-en", "multiclass-ru"])
def test_section_8_and_the_item_table_read_one_state(browser, words, build, lang):
    """Section 8 showed the captured machine while its 5.3.11 rows said missing; the item table had no 5.3.11 or
    5.3.14 row."""
    page = _page(browser, build())
    words(lang)
    items = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('td[data-item]')]
        .map(td => [td.dataset.item, [td.parentElement.cells[0].textContent, td.textContent]]))""")
    assert items["environment"] == ["8 (5.3.11)", _("filled automatically")]
    assert items["context"][0] == "5.3.14"
    eight = _section_text(page, "8")
    rows = page.evaluate("""(prompts) => [...document.querySelectorAll('tr')]
        .filter(r => r.cells.length === 3 && prompts.includes(r.cells[1].textContent))
        .map(r => [r.cells[0].textContent, r.cells[2].textContent])""",
                         [_("Processors (CPU/GPU model and generation), memory."),
                          _("Operating system and library versions; unchanged for the whole assessment.")])
    assert rows == [["5.3.11", _("filled automatically")]] * 2
    for key in ("cpu_model", "logical_cores", "memory_bytes", "python_implementation"):
        assert key not in eight, key
    assert _("processor (CPU model)") in eight
    memory = page.evaluate("""(name) => [...document.querySelectorAll('tr')]
        .filter(r => r.cells.length === 2 && r.cells[0].textContent === name).map(r => r.cells[1].textContent)""",
                           _("memory (RAM)"))
    gib = (r"\d+\.\d GiB \(\d{1,3}(?:,\d{3})+ bytes\)" if lang == "en"
           else "\\d+,\\d ГиБ \\(\\d{1,3}(?:\u00a0\\d{3})+ байт\\)")
    assert len(memory) == 1 and re.fullmatch(gib, memory[0]), memory
    page.close()


@pytest.mark.parametrize("build, lang", MULTICLASS, ids=["en", "ru"])
def test_undefined_values_name_the_class_and_the_measure(browser, words, build, lang):
    """The list read ``per_class.0.positive_likelihood_ratio: ...``: internal keys instead of words."""
    page = _page(browser, build())
    words(lang)
    notes = page.evaluate("""(why) => [...document.querySelectorAll('p')].filter(p => p.textContent === why)
        .flatMap(p => [...p.nextElementSibling.querySelectorAll('li')].map(li => li.textContent))""",
                          _("Undefined values and why:"))
    assert notes and not [n for n in notes if "per_class" in n or "_" in n.split(":")[0]]
    assert any(n.startswith(_("{measure} of class {label}").format(measure=name("diagnostic_odds_ratio"), label=7))
               for n in notes)
    page.close()


@pytest.mark.parametrize("build, lang", [(demo_report, "en"), (demo_report_ru, "ru")], ids=["en", "ru"])
def test_explorer_charts_speak_the_report_language(browser, words, build, lang):
    """The explorer's charts kept decimal points on their axes in Russian and told a screen reader "Vega
    visualization"; its last position read "threshold 1.0000000000000002"."""
    page = _page(browser, build())
    words(lang)
    roots = page.locator("div.iso4213-explorer").element_handles()
    assert roots
    for root in roots:
        # settled: the charts are drawn and the slider's state is the page's answer at its position
        page.wait_for_function("""root => root.dataset.state === 'ready' && root.querySelectorAll('svg .role-axis-label text').length >= 8
                                  && root.dataset.position === root.querySelector('input[name=threshold]').value""",
                               arg=root, timeout=15000)
        ticks = root.evaluate("r => [...r.querySelectorAll('svg .role-axis-label text')].map(t => t.textContent)")
        sign, other = (".", ",") if lang == "en" else (",", ".")
        assert [t for t in ticks if sign in t] and not [t for t in ticks if other in t], ticks
        labels = root.evaluate("r => [...r.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))")
        assert _("ROC and precision–recall curves of the model, with its operating point at the slider's "
                 "threshold") in labels
        assert not [text for text in labels if "Vega" in text or "linear scale" in text], labels
        last = root.evaluate("r => r.querySelector('input[name=threshold]').max")
        root.evaluate("""(r, i) => { const s = r.querySelector('input[name=threshold]');
                         s.value = i; s.dispatchEvent(new Event('input', {bubbles: true})); }""", last)
        page.wait_for_function("root => root.dataset.state === 'ready' && root.dataset.position === "
                               "root.querySelector('input[name=threshold]').value && root.dataset.position === "
                               "root.querySelector('input[name=threshold]').max", arg=root, timeout=10000)
        readout = root.evaluate("r => r.querySelector('output').textContent")
        assert readout.startswith(_("threshold above {value}").format(value="")) and "0000000" not in readout, readout
    page.close()


@pytest.mark.parametrize("build, lang", MULTICLASS, ids=["en", "ru"])
def test_each_brier_score_and_log_loss_has_its_own_name(browser, words, build, lang):
    """The model's Brier score and log loss and the top-label ones stood under one name, told apart only by a
    caption: each now carries its registry name wherever it is shown, one name per quantity."""
    folder = build()
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    page = _page(browser, folder)
    words(lang)
    shown = page.evaluate("""() => [...document.querySelectorAll('tr')].filter(r => r.cells.length >= 2)
        .map(r => [r.cells[0].textContent, r.cells[1].textContent])""")
    for model, entry in report["models"].items():
        for key, value in (("brier", entry["brier"]), ("log_loss", entry["log_loss"]),
                           ("top_label_brier", entry["calibration"]["top_label_brier"]),
                           ("top_label_log_loss", entry["calibration"]["top_label_log_loss"])):
            estimate = value["estimate"] if isinstance(value, dict) else value
            rows = {text for name, text in shown if name == label(key)}
            assert number(estimate, 4) in rows, (key, rows)
    names = {label(k) for k in ("brier", "log_loss", "top_label_brier", "top_label_log_loss")}
    assert len(names) == 4
    page.close()


#: What the page reads out of an element besides its text: every ARIA attribute that holds words.
_SPOKEN = ("aria-label", "aria-roledescription", "aria-valuetext", "aria-description", "title")


def test_russian_explorer_charts_say_nothing_in_vegas_english(browser, words):
    """Vega names a chart's parts for a screen reader in English only ("visualization", "group mark container",
    "line mark", "Title text '...'"), which the Russian report's explorers spoke; the charts are now one figure named
    and described in Russian.  Read, at 1366×768, once the charts are drawn: every text a person sees and every
    ARIA word exposed to a screen reader (an element under aria-hidden is not)."""
    from visible_words import english_words

    page = _page(browser, demo_report_ru())
    words("ru")
    roots = page.locator("div.iso4213-explorer").element_handles()
    assert roots
    for root in roots:
        page.wait_for_function("""root => root.dataset.state === 'ready' && root.querySelector('svg .role-axis-label text')
                                  && root.dataset.position === root.querySelector('input[name=threshold]').value""",
                               arg=root, timeout=15000)
        spoken = root.evaluate("""(r, names) => [r, ...r.querySelectorAll('*')]
            .filter(e => !e.closest('[aria-hidden=true]'))
            .flatMap(e => names.filter(n => e.hasAttribute(n)).map(n => e.getAttribute(n)))""", list(_SPOKEN))
        seen = root.evaluate("r => r.innerText")
        assert _("chart") in spoken and _("ROC and precision–recall curves of the model, with its operating point at "
                                          "the slider's threshold") in spoken, spoken
        assert english_words(spoken + [seen], allowed={"k"}) == [], (spoken, seen)
    page.close()
