"""The report's figures in the reader's language (issue 27, point 5): tick labels and the numbers a figure writes
take the language's decimal sign, long Russian panel titles stay apart, and a reliability marker at 1.0 is drawn
whole.  Each figure is drawn as the report draws it (Agg, the same functions, the report's own ``report.json``),
and the texts and boxes read are the drawn ones.
"""

import json

import matplotlib
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from iso4213_nb.report.figures import curves_figure
from iso4213_nb.report.figures_tasks import reliability_figure
from iso4213_nb.report.parsed import read_parsed
from iso4213_nb.report.render_uncertainty import bands_figure, cd_figure
from iso4213_nb.words.i18n import set_language
from report_builds import demo_report, multiclass_report

matplotlib.use("Agg")
pytestmark = pytest.mark.slow


@pytest.fixture
def russian():
    set_language("ru")
    yield
    set_language("en")


def _report(build):
    folder = build()
    return json.loads((folder / "report.json").read_text(encoding="utf-8")), folder


def _drawn(fig):
    FigureCanvasAgg(fig)
    fig.canvas.draw()
    return fig.canvas.get_renderer()


def _tick_texts(fig) -> list[str]:
    return [t.get_text() for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)
            for t in axis.get_ticklabels() if t.get_text()]


def _figures(report, folder):
    pred = read_parsed(folder / "predictions.parquet")
    return {"curves": curves_figure(pred, report), "bands": bands_figure(report)}


@pytest.mark.parametrize("lang, sign, other", [("en", ".", ","), ("ru", ",", ".")])
def test_tick_labels_take_the_language_decimal_sign(lang, sign, other):
    report, folder = _report(demo_report)
    set_language(lang)
    try:
        for name, fig in _figures(report, folder).items():
            _drawn(fig)
            ticks = _tick_texts(fig)
            decimals = [t for t in ticks if sign in t]
            assert decimals and not [t for t in ticks if other in t], (name, ticks)
        multi, _folder = _report(multiclass_report)
        fig = reliability_figure(multi, next(iter(multi["models"])))
        _drawn(fig)
        assert "0" + sign + "2" in _tick_texts(fig)
    finally:
        set_language("en")


def test_russian_band_titles_stay_apart(russian):
    """The two Russian titles ("ROC-кривая с поточечной 95-процентной полосой", ...) ran into each other."""
    report, _folder = _report(demo_report)
    fig = bands_figure(report)
    renderer = _drawn(fig)
    roc, pr = (ax.title.get_window_extent(renderer) for ax in fig.axes)
    assert roc.x1 < pr.x0
    for ax in fig.axes:  # and each inside the panel it names (no wider than the axes it sits over, plus a margin)
        box = ax.get_window_extent(renderer)
        title = ax.title.get_window_extent(renderer)
        assert title.x0 >= box.x0 - 30 and title.x1 <= box.x1 + 30


def test_critical_difference_diagram_writes_its_numbers_in_words(russian):
    report, _folder = _report(demo_report)
    fig = cd_figure(report)
    _drawn(fig)
    texts = [t.get_text() for t in fig.axes[0].texts]
    cd = next(t for t in texts if t.startswith("CD = "))
    assert "," in cd.split("(")[0] and "." not in cd, cd
    ranks = [t for t in texts if t.endswith(")") and not t.startswith("CD")]
    assert ranks and all("." not in t.rsplit("(", 1)[1] for t in ranks), ranks


def test_reliability_markers_at_one_are_drawn_whole():
    """The last bin of the multi-class demo sits at (0.97, 1.0): its marker was cut in half by the axes."""
    report, _folder = _report(multiclass_report)
    name = next(iter(report["models"]))
    fig = reliability_figure(report, name)
    renderer = _drawn(fig)
    top = fig.axes[0]
    line = next(line for line in top.get_lines() if line.get_marker() == "o")
    assert np.nanmax(line.get_ydata()) == pytest.approx(1.0, abs=0.02)
    assert not line.get_clip_on()
    # the marker's drawn box reaches above the axes, and nothing clips it there
    marker_top = top.transData.transform((0, np.nanmax(line.get_ydata())))[1] + line.get_markersize() / 2
    assert marker_top > top.get_window_extent(renderer).y1
