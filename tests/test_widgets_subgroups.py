"""The subgroup explorer and the subgroup/calibration figures, driven from Python: what is shown equals the package."""

import html
import re

import numpy as np
import pytest

from iso4213_nb.measures.calibration import calibration
from iso4213_nb.core.errors import InputError
from iso4213_nb.figures.calibration import calibration_table_html, reliability_figure
from iso4213_nb.figures.subgroups import heterogeneity_html, subgroup_table_html, warnings_text
from iso4213_nb.words.i18n import number, using
from iso4213_nb.core.undefined import is_undefined
from statsmodels.stats.proportion import proportion_confint
from iso4213_nb.subgroups.rows import subgroup_analysis
from iso4213_nb.widgets.subgroups import SubgroupExplorer


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(12)
    n = 400
    site = rng.choice(["north", "south", "west"], n)
    band = rng.choice(["young", "old"], n)
    y = np.where(rng.random(n) < 0.4, "ill", "well")
    p = np.clip(rng.normal(np.where(y == "ill", 0.65, 0.35) + np.where(site == "west", -0.1, 0.0), 0.2), 0, 1)
    p = np.round(p, 3)
    return y, p, {"site": site, "age band": band}


@pytest.fixture(scope="module")
def explorer(data):
    y, p, groups = data
    return SubgroupExplorer(y, p, groups, positive="ill")


def _shown_rows(readout: str) -> dict:
    """Group → (positives, [recall, precision, FPR, FNR] as shown)."""
    rows = re.findall(r"<tr><td>(.*?)</td><td>(\d+)</td>((?:<td>.*?</td>){4})</tr>", readout)
    return {html.unescape(v): (int(pos), [html.unescape(t) for t in re.findall(r"<td>(.*?)</td>", cells)])
            for v, pos, cells in rows}


def _text(ci) -> str:
    if is_undefined(ci.estimate):
        return "undefined (" + {"no_positives": "no actual positives (TP + FN = 0)",
                                "no_predicted_positives": "no predicted positives (TP + FP = 0)"}[ci.estimate.code] + ")"
    return f"{number(ci.estimate)} [{number(ci.low)}, {number(ci.high)}]"


@pytest.mark.parametrize("attribute", ["site", "age band"])
@pytest.mark.parametrize("threshold", [0.0, 0.27, 0.5, 0.73, 1.0])
def test_readout_equals_the_analysis_at_that_threshold(explorer, data, attribute, threshold):
    y, p, groups = data
    explorer.attribute = attribute
    explorer.threshold = threshold
    pred = np.where(p >= threshold, "ill", "well")
    expected = subgroup_analysis(y, pred, groups[attribute], labels=["ill", "well"], positive="ill", n_bootstrap=10)
    shown = _shown_rows(explorer.readout.value)
    assert set(shown) == set(expected.values)
    for value in expected.values:
        positives, texts = shown[value]
        assert positives == int(np.sum((groups[attribute] == value) & (y == "ill")))
        assert texts[:2] == [_text(expected.results[value][m]) for m in ("recall", "precision")]
        # FPR and FNR against statsmodels' Wilson interval of the counts, not the package's
        rows = groups[attribute] == value
        for text, x, d in ((texts[2], np.sum(rows & (y == "well") & (pred == "ill")), np.sum(rows & (y == "well"))),
                           (texts[3], np.sum(rows & (y == "ill") & (pred == "well")), np.sum(rows & (y == "ill")))):
            low, high = proportion_confint(x, d, alpha=0.05, method="wilson")
            assert text == f"{number(x / d)} [{number(low)}, {number(high)}]"
    gap = expected.largest_gap["recall"]
    assert explorer.gap == pytest.approx(gap.estimate, abs=1e-15)
    if gap.estimate > 0:
        assert explorer.between == gap.between
        assert f"Largest recall gap: {number(gap.estimate)}" in explorer.readout.value
    assert explorer.recall_image.value[:4] == b"\x89PNG"


def test_moving_the_slider_updates_without_error_and_changes_the_numbers(explorer):
    explorer.attribute = "site"
    explorer.slider.value = 0.2
    low = dict(explorer.recalls)
    explorer.slider.value = 0.8
    assert explorer.message.value == ""
    assert all(explorer.recalls[v].estimate <= low[v].estimate for v in low)
    assert any(explorer.recalls[v].estimate < low[v].estimate for v in low)


def test_the_slider_reads_out_in_the_language_and_a_threshold_set_in_python_stays_exact(explorer, data):
    """Issue 26.6: the FloatSlider wrote "0.50" on a Russian page; its positions are labelled by number() now."""
    from iso4213_nb.widgets.subgroups import SubgroupExplorer

    y, p, groups = data
    with using("ru"):
        russian = SubgroupExplorer(y, p, groups, positive="ill", threshold=0.5)
    assert russian.slider.label == "0,50" and russian.slider.options[1] == ("0,01", 0.01)
    explorer.attribute = "site"
    explorer.threshold = 0.333
    assert explorer.threshold == 0.333 and explorer.slider.value == 0.33
    site = groups["site"] == explorer.lookups["site"].values[0]
    expected = np.sum(site & (y == "ill") & (p >= 0.333)) / np.sum(site & (y == "ill"))
    assert float(explorer.recalls[explorer.lookups["site"].values[0]].estimate) == pytest.approx(expected)


def test_group_without_positives_is_undefined_not_zero():
    y = np.array(["ill"] * 30 + ["well"] * 50)
    p = np.linspace(0, 1, 80)
    g = np.array(["a"] * 40 + ["b"] * 40)  # b holds no ill samples
    explorer = SubgroupExplorer(y, p, {"g": g}, positive="ill")
    assert "undefined (no actual positives (TP + FN = 0))" in explorer.readout.value
    assert explorer.between == [] and np.isnan(explorer.gap)


def test_reliability_image_follows_the_attribute(explorer):
    explorer.attribute = "site"
    site = explorer.reliability_image.value
    explorer.attribute = "age band"
    assert explorer.reliability_image.value != site
    assert set(explorer.group_calibrations("age band")) == {"young", "old"}


def test_bad_input_is_one_line(data):
    y, p, groups = data
    with pytest.raises(InputError, match="probabilities"):
        SubgroupExplorer(y, p * 2, groups, positive="ill")
    explorer = SubgroupExplorer(y, p, groups, positive="ill")
    with pytest.raises(InputError, match="no group attribute"):
        explorer.attribute = "sex"


def test_calibration_table_and_figure_show_the_result(data):
    y, p, _ = data
    result = calibration(y, p, positive="ill", n_bootstrap=50)
    table = calibration_table_html(result)
    for value in (result.brier, result.brier_reliability, result.brier_resolution, result.brier_uncertainty,
                  result.log_loss, result.ece.estimate, result.ece.low, result.ece_equal_mass.high):
        assert number(value) in table
    figure = reliability_figure(result, "equal_mass")
    top = figure.axes[0]
    assert number(result.ece_equal_mass.estimate, 3) in top.get_title()
    xs, ys = top.lines[1].get_data()
    occupied = result.bins["equal_mass"].counts > 0
    np.testing.assert_allclose(xs, result.bins["equal_mass"].mean_predicted[occupied])
    np.testing.assert_allclose(ys, result.bins["equal_mass"].observed_frequency[occupied])


def test_subgroup_tables_and_warnings_in_words(data):
    y, p, groups = data
    tiny = groups["site"].copy()
    tiny[:8] = "isle"
    a = subgroup_analysis(y, np.where(p >= 0.5, "ill", "well"), tiny, labels=["ill", "well"], positive="ill",
                          scores=p, n_bootstrap=50)
    table = html.unescape(subgroup_table_html(a, "site"))
    for value in a.values:
        ci = a.results[value]["accuracy"]
        assert f"{number(ci.estimate)} [{number(ci.low)}, {number(ci.high)}]" in table
    gap = a.largest_gap["recall"]
    assert f"{number(gap.estimate)} ({gap.between[0]} − {gap.between[1]})" in table
    assert "The largest gap has no interval" in table
    tests = html.unescape(heterogeneity_html(a))
    assert f"p = {number(a.heterogeneity['recall'].pvalue)}" in tests
    assert any("isle has 8 samples, fewer than 30" in w for w in warnings_text(a))


def test_many_groups_say_why_no_pair_is_compared():
    rng = np.random.default_rng(8)
    g = rng.integers(0, 25, 2000)
    y, pred = rng.integers(0, 2, 2000), rng.integers(0, 2, 2000)
    a = subgroup_analysis(y, pred, g, labels=[0, 1], positive=1, n_bootstrap=10)
    assert "not compared: more than 20 groups" in heterogeneity_html(a)


@pytest.mark.parametrize("attribute", ["site", "age band", "long names"])
def test_recall_figure_keeps_every_group_name_and_its_axis_label_inside(data, attribute):
    """Notebook 12 cut "medium" to "nedium" and hid the x label: Figure.clear() had reset the fixed margins."""
    y, p, groups = data
    explorer = SubgroupExplorer(y, p, {**groups, "long names": np.where(groups["site"] == "west", "medium-sized", "x")},
                                positive="ill")
    explorer.attribute = attribute
    explorer.threshold = 0.3  # a move redraws in place
    figure = explorer.recall_figure
    figure.canvas.draw()
    drawn = figure.get_tightbbox(figure.canvas.get_renderer())
    width, height = figure.get_size_inches()
    assert drawn.x0 >= -0.01 and drawn.y0 >= -0.01 and drawn.x1 <= width + 0.01 and drawn.y1 <= height + 0.01, (
        drawn.bounds, (width, height))
    assert [t.get_text() for t in figure.axes[0].get_yticklabels()] == explorer.lookups[attribute].values


@pytest.mark.parametrize("language", ["en", "ru"])
def test_reliability_figure_keeps_its_title_and_axis_labels_inside(data, language):
    """Russian notebook 12 cut the explorer's reliability title after the ECE and the top of its y label."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from iso4213_nb.words.i18n import using

    y, p, groups = data
    with using(language):
        explorer = SubgroupExplorer(y, p, {"радиус ядра": groups["site"]}, positive="ill")
        figure = explorer._reliability_figure()
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    drawn = figure.get_tightbbox(canvas.get_renderer())
    width, height = figure.get_size_inches()
    assert drawn.x0 >= -0.01 and drawn.y0 >= -0.01 and drawn.x1 <= width + 0.01 and drawn.y1 <= height + 0.01, (
        drawn.bounds, (width, height))


def test_groups_listed_in_a_given_order_keep_their_numbers(data):
    """A translated notebook lists its groups in the order of the original names (``orders``); the rows move, the
    numbers of each group stay."""
    y, p, groups = data
    plain = SubgroupExplorer(y, p, groups, positive="ill")
    ordered = SubgroupExplorer(y, p, groups, positive="ill", orders={"site": ["west", "north", "south"]})
    for explorer in (plain, ordered):
        explorer.threshold = 0.41
    assert list(_shown_rows(ordered.readout.value)) == ["west", "north", "south"]
    assert list(_shown_rows(plain.readout.value)) == ["north", "south", "west"]
    assert _shown_rows(ordered.readout.value) == _shown_rows(plain.readout.value)
    assert list(ordered.group_calibrations("site")) == ["west", "north", "south"]
    with pytest.raises(InputError):
        SubgroupExplorer(y, p, groups, positive="ill", orders={"site": ["west", "north"]})
