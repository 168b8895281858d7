"""The capstone: its questions are answered by the report the learner runs, so the package's answers must be what
`iso4213-nb report` prints for the supplied file (checked on the report's own JSON, a separate code path).  The Russian
capstone (notebooks/ru) runs the same report with ``--lang ru``, and its learner reads the answers off the Russian
page: the same rows, thresholds with a decimal comma, the missing item in Russian."""

import html
import json
import re
import shlex
from pathlib import Path

import nbformat

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix, roc_curve

from iso4213_nb.cli import main
from iso4213_nb.course.exercise_bank import item
from iso4213_nb.course.exercise_bank.lesson_13 import low_fpr_point
from iso4213_nb.demos.breast_cancer import DEMO_PREDICTIONS
from iso4213_nb.demos.capstone import CAPSTONE_META, predictions
from iso4213_nb.words.i18n import _, number, using
from iso4213_nb.controls.checklist import REPORT_ITEMS

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("capstone") / "report"
    assert main(["report", "--quiet", "--predictions", str(DEMO_PREDICTIONS), "--meta", str(CAPSTONE_META),
                 "--out", str(out), "--format", "json"]) == 0
    return json.loads((out / "report.json").read_text(encoding="utf-8"))


def test_operating_points_are_the_reports_and_scikit_learns():
    data = predictions()
    for model, scores in data["scores"].items():
        point = low_fpr_point(data["y_true"], scores)
        (tn, fp), (fn, tp) = confusion_matrix(data["y_true"], scores >= point["threshold"])
        assert (point["tp"], point["fp"], point["fn"]) == (tp, fp, fn) and fp <= 0.1 * (tn + fp)
        lower = scores[scores < point["threshold"]].max()  # the next threshold down breaks the limit
        assert np.sum((scores >= lower) & (data["y_true"] == 0)) > 0.1 * (tn + fp)


@pytest.mark.slow
def test_the_answers_are_read_off_the_report_the_learner_runs(report):
    data = predictions()
    rows = {m: next(p for p in report["models"][m]["operating_points"] if p["name"] == "fpr_0.1") for m in data["scores"]}
    cost = {m: 20 * r["fn"] + r["fp"] for m, r in rows.items()}
    best = min(cost, key=cost.get)
    assert item("13.1", **data).answer == best.replace("_", " ")
    assert item("13.2", **data).answer == pytest.approx(rows[best]["threshold"], abs=1e-6)
    missing = [i["id"] for i in report["items"] if i["status"] == "missing" and i["clause"].split()[0] == "8"]
    assert missing == ["bias", "inference_cost"] and item("13.3", meta=CAPSTONE_META).answer == "bias"


def test_choices_name_each_models_counts_and_speak_russian(monkeypatch, tmp_path):
    from iso4213_nb.widgets.exercises import exercise
    from iso4213_nb.words.i18n import using

    monkeypatch.setenv("ISO4213_PROGRESS", str(tmp_path / "p.json"))
    # using(), not ISO4213_LANG: a language another test chose in this process outranks the environment
    with using("ru"):
        ex = exercise("13.1", **predictions())
        ex.input.value = "логистическая регрессия"
        ex.button.click()
        assert ex.correct is False and "пропускает 4 и отмечает 14" in ex.feedback.value and "= 94" in ex.feedback.value


def _report_command(path: Path) -> list[str]:
    """The arguments of the ``!iso4213-nb report`` line that the capstone notebook ``path`` runs."""
    lines = [line for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"
             for line in cell.source.splitlines() if line.startswith("!iso4213-nb report")]
    assert len(lines) == 1, path
    return shlex.split(lines[0][1:])


def test_the_russian_capstone_runs_the_english_report_in_russian_with_a_page_to_read():
    english = _report_command(NOTEBOOKS / "13_capstone.ipynb")
    russian = _report_command(NOTEBOOKS / "ru" / "13_capstone.ipynb")
    at = russian.index("--lang")
    assert russian[at + 1] == "ru" and russian[:at] + russian[at + 2:] == english
    assert "html" in russian[russian.index("--format") + 1].split(",")


@pytest.fixture(scope="module")
def russian_page(tmp_path_factory):
    out = tmp_path_factory.mktemp("capstone_ru") / "report"
    assert main(["report", "--lang", "ru", "--quiet", "--predictions", str(DEMO_PREDICTIONS), "--meta",
                 str(CAPSTONE_META), "--out", str(out), "--format", "html"]) == 0
    return (out / "report.html").read_text(encoding="utf-8")


def _row(page: str, caption: str, first: str) -> list[str]:
    """The cells of the row starting with ``first`` in the table captioned ``caption`` of an HTML ``page``."""
    table = page.split(f"<caption>{html.escape(caption)}</caption>", 1)[1].split("</table>", 1)[0]
    rows = [re.findall(r"<td>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", table)]
    return next(cells for cells in rows if cells and html.unescape(cells[0]) == first)


@pytest.mark.slow
def test_the_russian_learner_reads_the_same_answers_off_the_russian_report(russian_page):
    data = predictions()
    with using("ru"):
        caption, first = _("Counts at operating points: {model}"), "FPR ≤ " + number(0.1, 1)
        # cells: operating point, how chosen, threshold, TP, FP, TN, FN, TPR, FPR
        rows = {m: _row(russian_page, caption.format(model=m), first) for m in data["scores"]}
        points = {m: low_fpr_point(data["y_true"], scores) for m, scores in data["scores"].items()}
        assert {m: (int(r[6]), int(r[4]), r[2]) for m, r in rows.items()} == {
            m: (p["fn"], p["fp"], number(p["threshold"], 4)) for m, p in points.items()}
        cost = {m: 20 * int(r[6]) + int(r[4]) for m, r in rows.items()}
        best = min(cost, key=cost.get)
        assert item("13.1", **data).answer == best.replace("_", " ")
        assert rows[best][2] == number(item("13.2", **data).answer, 4) == "0,3300"
        missing = html.unescape(russian_page).split(_("Missing: {items}.").split("{")[0], 1)[1].split(".</p>")[0]
        bias = next(i for i in REPORT_ITEMS if i.id == "bias")
        assert _(bias.text) in missing and item("13.3", meta=CAPSTONE_META).answer == "bias"


def _cost_with_scikit_learn(y, scores, limit):
    """20 · FN + FP at the lowest threshold whose false positive rate (scikit-learn's ROC curve) is at most ``limit``."""
    fpr, _tpr, thresholds = roc_curve(y, scores, drop_intermediate=False)
    within = np.flatnonzero(fpr <= limit)[-1]
    (tn, fp), (fn, tp) = confusion_matrix(y, scores >= thresholds[within])
    return 20 * fn + fp, thresholds[within]


def test_13_4_a_stricter_limit_lowers_the_forests_cost_as_scikit_learn_says():
    data = predictions()
    y, forest = data["y_true"], data["scores"]["random_forest"]
    (now, t0), (stricter, t1) = _cost_with_scikit_learn(y, forest, 0.1), _cost_with_scikit_learn(y, forest, 0.08)
    assert (now, stricter, t0, t1) == (73, 71, 0.33, 0.445)  # FN 3 both; FP 13 -> 11
    made = item("13.4", **data)
    assert made.outcome == "goes down" and (made.value_at(0.1), made.value_at(0.08)) == (now, stricter)
    for limit in (0.02, 0.05, 0.15, 0.2):
        assert made.value_at(limit) == _cost_with_scikit_learn(y, forest, limit)[0]
    assert made.values["model"] == "random forest" and (made.values["fp0"], made.values["fp1"]) == (13, 11)


def test_13_4_speaks_russian(monkeypatch, tmp_path):
    from iso4213_nb.widgets.exercises import exercise
    from iso4213_nb.words.i18n import using

    monkeypatch.setenv("ISO4213_PROGRESS", str(tmp_path / "p.json"))
    with using("ru"):
        ex = exercise("13.4", **predictions())
        ex.prediction.value = ex.prediction.options[0]
        ex.commit_button.click()
        ex.slider.value = 0.08
        shown = ex.feedback.value
    assert "модели «случайный лес»" in ex.widget.children[0].value
    assert "с 0,3300 до 0,4450" in shown and "random" not in shown
