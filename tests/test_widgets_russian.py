"""Every widget of the package speaks Russian under ``ISO4213_LANG=ru`` (issue 15: the Russian edition).

Each widget is built in Russian and driven into the states that show the most text (a click, an
edit, a wrong reply); then every string a reader sees (tree walk of :mod:`visible_words`) must be
free of English words, except symbols and proper names, and its numbers must carry the decimal comma.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from iso4213_nb.words.i18n import using
from visible_words import english_words, visible_strings

#: Names the test data give (model names, causes, group values) and what the user typed.
DATA_NAMES = frozenset({"north", "south", "ill", "well", "lr", "nb", "site", "A",
                        "B", "C", "xyz"})


@pytest.fixture(scope="module")
def scored():
    rng = np.random.default_rng(3)
    y = (rng.random(120) < 0.4).astype(int)
    return y, {"lr": np.round(np.clip(rng.normal(0.35 + 0.3 * y, 0.2), 0, 1), 3),
               "nb": np.round(np.clip(rng.normal(0.4 + 0.2 * y, 0.25), 0, 1), 3)}


def _explorer(scored):
    from iso4213_nb.widgets.explorer import ThresholdExplorer

    y, scores = scored
    explorer = ThresholdExplorer(y, scores, figsize=(6, 3.3), dpi=40)
    explorer.prevalence = 0.1
    return explorer.widget


def _lab(scored):
    from iso4213_nb.widgets.significance_lab import SignificanceLab

    y, scores = scored
    cv = np.random.default_rng(4).normal(0.01, 0.02, (5, 2))  # ten fold differences, as five_by_two_differences gives
    return SignificanceLab(y, scores, n_resamples=50, cv=cv, cv_names=("lr", "nb")).widget


def _annex_a(_scored):
    from iso4213_nb.widgets.annex_a import ConfusionEditor

    editor = ConfusionEditor()
    for cell in editor.cells[2]:
        cell.value = "0"
    editor.cells[0][0].value = "xyz"
    return editor.widget


def _annex_b(_scored):
    from iso4213_nb.widgets.annex_b import AnnexBExplorer

    explorer = AnnexBExplorer()
    explorer.threshold = 0.7
    return explorer.widget


def _annex_d(_scored):
    from iso4213_nb.widgets.annex_d import CSMFSliders

    return CSMFSliders().widget


def _checklist(_scored):
    from iso4213_nb.widgets.checklist import ChecklistForm

    return ChecklistForm(answers={"training_data.source": "архив"}).widget


def _exercise(_scored):
    from iso4213_nb.core.undefined import Undefined
    from iso4213_nb.widgets.exercises import Exercise

    exercise = Exercise("Какова полнота?", 0.75, hint=["подсказка"], key="A.1",
                        mistakes=[(0.5, "это точность")])
    exercise.input.value = "0,5"
    exercise.check()
    exercise.input.value = "75"
    exercise.check()
    exercise.reveal()
    word = Exercise("Какая мера?", Undefined(code="no_predicted_positives"), kind="proportion")
    word.input.value = "0"
    word.check()
    from ipywidgets import VBox

    return VBox([exercise.widget, word.widget])


def _progress(_scored):
    from iso4213_nb.widgets.exercises import progress_summary

    return progress_summary()


def _invariance(_scored):
    from iso4213_nb.widgets.invariance import InvarianceLab

    lab = InvarianceLab()
    lab.apply("I7")
    return lab.widget


def _planning(_scored):
    from iso4213_nb.widgets.planning import PlanningWidget

    return PlanningWidget("mcnemar").widget


def _posterior(_scored):
    from iso4213_nb.widgets.posterior import PosteriorWidget

    rng = np.random.default_rng(5)
    return PosteriorWidget(rng.normal(0.8, 0.02, 10), rng.normal(0.79, 0.02, 10)).widget


def _subgroups(scored):
    from iso4213_nb.widgets.subgroups import SubgroupExplorer

    y, scores = scored
    site = np.where(np.arange(len(y)) % 2, "north", "south")
    return SubgroupExplorer(y, scores["lr"], {"site": site}, positive=1).widget


def _intervals(scored):
    from iso4213_nb.widgets.live_intervals import IntervalsWidget, RocBandWidget
    from ipywidgets import VBox

    y, scores = scored
    return VBox([IntervalsWidget(y, scores["lr"], n_resamples=50).widget,
                 RocBandWidget(y, scores["lr"], n_resamples=50).widget])


BUILDERS = {"explorer": _explorer, "significance_lab": _lab, "annex_a": _annex_a, "annex_b": _annex_b,
            "annex_d": _annex_d, "checklist": _checklist, "exercises": _exercise, "progress": _progress,
            "invariance": _invariance, "planning": _planning, "posterior": _posterior, "subgroups": _subgroups,
            "live_intervals": _intervals}


#: Widgets that show measured values, so their Russian text must show decimal commas.
WITH_NUMBERS = {"explorer", "significance_lab", "annex_b", "annex_d", "invariance", "subgroups", "live_intervals"}


@pytest.mark.parametrize("name", BUILDERS)
def test_widget_shows_no_english_word_and_no_decimal_point_in_russian(name, scored):
    with using("ru"):
        texts = visible_strings(BUILDERS[name](scored))
    assert texts, "nothing visible found"
    left = english_words(texts, DATA_NAMES)
    assert not left, f"{name} still shows English: {left}"
    shown = " ".join(texts)
    # a measure's value (0.8123, 12.3456) with a decimal point, not a clause number (7.9)
    points = re.findall(r"(?<![\w.])(?:0\.\d+|\d+\.\d{3,})(?![\w.])", shown)
    assert not points, f"{name} shows decimal points: {points[:5]}"
    if name in WITH_NUMBERS:
        assert re.search(r"\d,\d", shown), f"{name} shows no decimal comma"


def test_explorer_figure_speaks_russian_and_keeps_every_text_inside():
    """The explorer's figure itself (titles, axis labels, legends, the matrix's class names), not only its controls:
    the book's Russian page showed "Confusion matrix", "true class" and labels cut at the figure's edge."""
    from iso4213_nb.widgets.explorer import ThresholdExplorer

    y, scores = (np.array([0, 1] * 30), {"lr": np.linspace(0, 1, 60), "nb": np.linspace(0, 1, 60) ** 2})
    with using("ru"):
        figure = ThresholdExplorer(y, scores, threshold=0.5).figure
        figure.canvas.draw()
        texts = [t for t in figure.findobj(lambda a: hasattr(a, "get_text") and hasattr(a, "get_window_extent"))
                 if t.get_visible() and t.get_text().strip()]
        # "Lift-кривая" starts a title: the Russian adoption keeps lift in Latin letters (visible_words.ALLOWED)
        left = english_words([t.get_text() for t in texts], DATA_NAMES | {"Lift"})
        assert not left, f"the explorer's figure still shows English: {left}"
        points = [t.get_text() for t in texts if re.search(r"(?<![\d.])\d+\.\d+(?![\d.])", t.get_text())]  # not clause 6.3.6
        assert not points, f"numbers with a decimal point in the Russian figure: {points[:5]}"
        drawn = figure.get_tightbbox(figure.canvas.get_renderer())  # inches; ticks outside the axes are not drawn
        width, height = figure.get_size_inches()
        assert drawn.x0 >= -0.01 and drawn.y0 >= -0.01 and drawn.x1 <= width + 0.01 and drawn.y1 <= height + 0.01, (
            f"something is cut at the figure's edge: drawn over {drawn.bounds}, the figure is {width} × {height}")
