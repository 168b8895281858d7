"""Every figure's tick labels take the language's decimal sign (issue 26.6, point 5): ``0,2`` on a Russian axis.

Each builder draws one figure of :mod:`iso4213_nb.figures` (or a widget's) under ``using("ru")``; the test reads the
tick labels matplotlib actually drew.  Ticks named by class or group values keep their text (a class ``v1.2``).
"""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from iso4213_nb.words.i18n import using  # noqa: E402

RNG = np.random.default_rng(3)
Y = np.array([0, 1] * 60)
SCORES = np.clip(0.35 * Y + RNG.uniform(0, 0.65, Y.size), 0, 1)


def _figure(draw, size=(5, 4)):
    figure = Figure(figsize=size, dpi=80, layout="constrained")
    draw(figure.subplots())
    return figure


def _curves():
    from iso4213_nb.figures.curves import draw_curve, prepare_axes
    from iso4213_nb.measures.curves import BinaryScores

    def draw(ax):
        prepare_axes(ax, "lift")
        draw_curve(ax, BinaryScores(Y, SCORES, positive=1).lift())
    return _figure(draw)


def _annex_b():
    from iso4213_nb.annexes import annex_b
    from iso4213_nb.figures.annex_b import AnnexBFigure

    scores, y, _source = annex_b.reconstructed_data()
    return AnnexBFigure(scores, y, 0.5).figure


def _annex_c():
    from iso4213_nb.figures.annex_c import accuracy_vs_parameters_figure

    return accuracy_vs_parameters_figure()


def _annex_d():
    from iso4213_nb.figures.annex_d import draw_shares

    return _figure(lambda ax: draw_shares(ax, ["v1.2", "other"], [0.25, 0.75], [0.4, 0.6]))


def _calibration():
    from iso4213_nb.figures.calibration import reliability_figure
    from iso4213_nb.measures.calibration import calibration

    return reliability_figure(calibration(Y, SCORES, positive=1, n_bootstrap=20))


def _distributions():
    from iso4213_nb.figures.distributions import draw_score_histograms

    return _figure(lambda ax: draw_score_histograms(ax, SCORES, Y == 1, threshold=0.5))


def _roc_band():
    from iso4213_nb.figures.live_intervals import draw_roc_band
    from iso4213_nb.widgets.live_intervals import RocBandWidget

    widget = RocBandWidget(Y, SCORES, n_resamples=50)
    return _figure(lambda ax: draw_roc_band(ax, widget.band, widget.point))


def _planning():
    from iso4213_nb.figures.planning import draw_planning_curve, plan

    return _figure(lambda ax: draw_planning_curve(ax, plan("proportion")))


def _posterior():
    from iso4213_nb.figures.ranking import draw_posterior
    from iso4213_nb.stats.bayesian import correlated_ttest

    a = RNG.normal(0.85, 0.02, 20)
    return _figure(lambda ax: draw_posterior(ax, correlated_ttest(a, a - RNG.normal(0.01, 0.02, 20), 0.01, runs=2)))


def _subgroups():
    from iso4213_nb.figures.subgroups import draw_group_recalls
    from iso4213_nb.stats.results import ConfidenceInterval

    intervals = {"v1.2": ConfidenceInterval(0.4, 0.7, 0.95, "wilson", estimate=0.55),
                 "v2": ConfidenceInterval(0.2, 0.5, 0.95, "wilson", estimate=0.35)}
    return _figure(lambda ax: draw_group_recalls(ax, list(intervals), intervals, "recall"))


def _explorer():
    from iso4213_nb.widgets.explorer import ThresholdExplorer

    return ThresholdExplorer(Y, {"lr": SCORES}, threshold=0.5).figure


BUILDERS = {"curves": _curves, "annex_b": _annex_b, "annex_c": _annex_c, "annex_d": _annex_d,
            "calibration": _calibration, "distributions": _distributions, "roc_band": _roc_band,
            "planning": _planning, "posterior": _posterior, "subgroups": _subgroups, "explorer": _explorer}


def tick_labels(figure) -> list[str]:
    """The text of every tick label drawn on ``figure``'s axes."""
    figure.canvas.draw()
    return [label.get_text() for ax in figure.axes for axis in (ax.xaxis, ax.yaxis)
            for label in axis.get_ticklabels(which="both") if label.get_visible() and label.get_text()]


@pytest.mark.parametrize("name", BUILDERS)
def test_russian_tick_labels_have_a_decimal_comma_and_no_point(name):
    with using("ru"):
        labels = tick_labels(BUILDERS[name]())
    numbers = [t for t in labels if re.search(r"\d[.,]\d", t) and t not in ("v1.2", "v1,2")]
    assert numbers, f"{name}: no decimal tick label drawn: {labels}"
    assert all("," in t and "." not in t for t in numbers), f"{name}: {numbers}"
    assert "v1,2" not in labels  # a name on a tick is not a number


@pytest.mark.parametrize("name", ["annex_d", "subgroups"])
def test_a_name_on_a_russian_tick_is_drawn_as_given(name):
    """The two builders whose ticks are names (a cause, a group value ``v1.2``) draw that name, point and all: the
    check above that no ``v1,2`` appears would also pass if the name were not drawn at all."""
    with using("ru"):
        labels = tick_labels(BUILDERS[name]())
    assert "v1.2" in labels and "v1,2" not in labels, labels


def test_english_tick_labels_keep_the_point():
    with using("en"):
        labels = tick_labels(_calibration())
    assert any(re.fullmatch(r"0\.\d", t) for t in labels) and not any("," in t for t in labels), labels
