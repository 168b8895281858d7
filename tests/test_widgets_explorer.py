"""ThresholdExplorer driven from Python: every view follows the threshold, checked against numpy and scikit-learn."""

import io

import numpy as np
import pytest
from sklearn.metrics import f1_score, precision_recall_curve, precision_score, recall_score, roc_curve

from iso4213_nb import InputError, Undefined
from iso4213_nb.widgets import ThresholdExplorer


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 600)
    a = np.round(np.clip(rng.normal(0.35 + 0.3 * y, 0.2), 0, 1), 3)
    b = np.round(np.clip(a + rng.normal(0, 0.15, 600), 0, 1), 3)
    return y, a, b


@pytest.fixture(scope="module")
def explorer(data):
    y, a, b = data
    return ThresholdExplorer(y, {"forest": a, "logistic": b}, dpi=40)


@pytest.fixture(scope="module")
def single(data):
    y, a, _ = data
    return ThresholdExplorer(y, a, threshold=0.5, dpi=50)


def _numpy_counts(y, s, t):
    pred = s >= t
    return {"tp": int((pred & (y == 1)).sum()), "fp": int((pred & (y == 0)).sum()),
            "tn": int((~pred & (y == 0)).sum()), "fn": int((~pred & (y == 1)).sum())}


def _counts(c):
    return {key: c[key] for key in ("tp", "fp", "tn", "fn")}


@pytest.mark.parametrize("t", [0.0, 0.123, 0.5, 0.5005, 0.77, 1.0, 1.5, -3.0])
def test_counts_and_measures_follow_the_threshold(explorer, data, t):
    y, a, b = data
    explorer.model = "forest"
    explorer.threshold = t
    assert _counts(explorer.confusion) == _numpy_counts(y, a, t)
    assert (explorer.confusion.tp, explorer.confusion.fn) == (explorer.confusion["tp"], explorer.confusion["fn"])
    assert _counts(explorer.confusion_of("logistic")) == _numpy_counts(y, b, t)
    pred = a >= t
    metrics = explorer.metrics
    assert metrics["recall"] == pytest.approx(recall_score(y, pred))
    assert metrics["f1"] == pytest.approx(f1_score(y, pred))
    if pred.any():
        assert metrics["precision"] == pytest.approx(precision_score(y, pred))
    else:
        assert isinstance(metrics["precision"], Undefined)
    assert explorer.metrics_of("logistic")["binary_accuracy"] == pytest.approx(np.mean((b >= t) == y))


def test_widgets_and_python_state_stay_in_step(explorer, data):
    y, a, _ = data
    explorer.model = "forest"
    grid = explorer.state.threshold_grid
    explorer.threshold_slider.value = grid.index(0.42)  # what a slider move does: a position on the grid
    assert explorer.threshold == 0.42 and explorer.threshold_text.value == 0.42
    assert _counts(explorer.confusion) == _numpy_counts(y, a, 0.42)
    explorer.threshold_text.value = 0.6185  # an exact value typed in the box: kept exactly
    assert explorer.threshold == 0.6185 and explorer.threshold_slider.value == grid.index(0.6185)
    assert _counts(explorer.confusion) == _numpy_counts(y, a, 0.6185)
    assert "data-exact='0.6185'" in explorer.readout.value
    explorer.threshold = 0.3
    assert explorer.threshold_slider.value == grid.index(0.3) and explorer.threshold_text.value == 0.3
    explorer.threshold_text.value = 25.0  # beyond the slider: slider at its end, state exact
    assert explorer.threshold == 25.0 and explorer.threshold_slider.value == explorer.threshold_slider.max
    assert explorer.confusion.tp + explorer.confusion.fp == 0


def test_a_typed_prevalence_is_kept_exactly(data):
    y, a, _ = data
    explorer = ThresholdExplorer(y, a, threshold=0.5, dpi=20)
    explorer.prevalence_text.value = 0.3719
    assert explorer.prevalence == 0.3719
    assert explorer.prevalence_slider.value == explorer.state.prevalence_grid.index(0.3719)
    explorer.prevalence_slider.value = explorer.state.prevalence_grid.index(0.05)
    assert explorer.prevalence == 0.05 and explorer.prevalence_text.value == 0.05
    explorer.prevalence_text.value = 1.5  # refused, shown (in the error line every widget writes), state kept
    assert explorer.prevalence == 0.05 and "prevalence must be" in explorer.message.value
    assert explorer.message.value.startswith("<span class='iso4213-error'")


def test_read_out_shows_the_counts_and_measures(explorer, data):
    y, a, _ = data
    explorer.model = "forest"
    explorer.threshold = 0.55
    expected = _numpy_counts(y, a, 0.55)
    html = explorer.readout.value
    for key, value in expected.items():
        assert f"<td data-cell='{key.upper()}' style='text-align:right;padding:1px 6px'><b>{key.upper()}</b> " \
               f"{value:,}</td>" in html
    assert f">{precision_score(y, a >= 0.55):.4f}</td>" in html
    assert "data-exact='0.55'>0.55</span>" in html


def _marker(artists):
    return artists.marker.get_xdata()[0], artists.marker.get_ydata()[0]


def test_markers_sit_on_the_curve_points_of_the_threshold(explorer, data):
    y, a, _ = data
    explorer.model = "forest"
    model = explorer.state.models["forest"]
    artists = explorer.view.curves["forest"]
    for i in (3, 40, 200):
        t = model.curves["pr"].thresholds[i]
        explorer.threshold = t
        for kind in ("roc", "pr", "gain", "lift"):
            curve = model.curves[kind]
            j = int(np.flatnonzero(curve.thresholds == t)[0])
            assert _marker(artists[kind]) == pytest.approx((curve.x[j], curve.y[j])), kind
        fpr, tpr, thr = roc_curve(y, a, drop_intermediate=False)
        k = int(np.flatnonzero(thr == t)[0])
        assert _marker(artists["roc"]) == pytest.approx((fpr[k], tpr[k]))
        assert list(explorer.view.histograms.threshold_line.get_xdata()) == [t, t]


def test_prevalence_moves_pr_but_not_roc(single, data):
    y, a, _ = data
    explorer = single
    explorer.threshold = 0.5
    model = explorer.view.curves["model"]
    roc_before = model["roc"].line.get_ydata().copy()
    roc_marker = _marker(model["roc"])
    pr_before = model["pr"].line.get_ydata().copy()
    explorer.prevalence_slider.value = explorer.state.prevalence_grid.index(0.1)
    assert explorer.prevalence == 0.1
    np.testing.assert_array_equal(model["roc"].line.get_ydata(), roc_before)
    assert _marker(model["roc"]) == roc_marker
    assert not np.allclose(model["pr"].line.get_ydata(), pr_before)
    w = (y == 1).sum() * 0.9 / (0.1 * (y == 0).sum())
    weights = np.where(y == 1, 1.0, w)
    precision, _, _ = precision_recall_curve(y, a, sample_weight=weights, drop_intermediate=False)
    np.testing.assert_allclose(model["pr"].line.get_ydata(), precision[:-1][::-1])
    assert explorer.precision_at_prevalence == pytest.approx(precision_score(y, a >= 0.5, sample_weight=weights))
    assert explorer.metrics["precision"] == pytest.approx(precision_score(y, a >= 0.5))  # the data's own counts
    assert "At prevalence 0.1 " in explorer.readout.value
    explorer.prevalence = float((y == 1).mean())
    np.testing.assert_allclose(model["pr"].line.get_ydata(), pr_before)


def test_a_prevalence_given_at_construction_acts_like_one_set_later(single, data):
    y, a, _ = data
    given = ThresholdExplorer(y, a, threshold=0.5, prevalence=0.2, dpi=20)
    single.threshold = 0.5
    single.prevalence = 0.2
    assert given.prevalence_slider.value == given.state.prevalence_grid.index(0.2) and given.prevalence == 0.2
    assert given.optima == single.optima
    np.testing.assert_array_equal(given.view.curves["model"]["pr"].line.get_ydata(),
                                  single.view.curves["model"]["pr"].line.get_ydata())
    assert given.precision_at_prevalence == single.precision_at_prevalence
    single.prevalence = float((y == 1).mean())


def test_optimum_buttons_jump_to_youden_f1_and_cost(single, data):
    y, a, _ = data
    explorer = single
    explorer.costs = {"fp": 1, "fn": 4}
    fpr, tpr, thr = roc_curve(y, a, drop_intermediate=False)
    explorer.optimum_buttons["youden"].click()
    assert explorer.threshold == thr[np.argmax(tpr - fpr)]
    explorer.optimum_buttons["f1"].click()
    pred = a[None, :] >= np.unique(a)[:, None]  # one row per candidate threshold
    tp, fp = (pred & (y == 1)).sum(axis=1), (pred & (y == 0)).sum(axis=1)
    assert f1_score(y, a >= explorer.threshold) == pytest.approx(np.max(2 * tp / (tp + fp + (y == 1).sum())))
    explorer.optimum_buttons["cost"].click()
    costs = [((a >= t) & (y == 0)).sum() + 4 * ((a < t) & (y == 1)).sum() for t in np.unique(a)]
    assert ((a >= explorer.threshold) & (y == 0)).sum() + 4 * ((a < explorer.threshold) & (y == 1)).sum() == min(costs)


def test_cost_boxes_move_the_cost_optimum(data):
    y, a, _ = data
    explorer = ThresholdExplorer(y, a, dpi=30)
    assert explorer.costs == (1.0, 1.0)
    explorer.cost_fn_text.value = 0.0
    assert explorer.costs == (1.0, 0.0) and explorer.optima.cost.counts.fp == 0
    explorer.cost_fp_text.value = 0.0  # both zero: refused, shown, previous costs kept
    assert explorer.costs == (1.0, 0.0) and "both 0" in explorer.message.value
    explorer.costs = (0, 1)  # free false positives: the highest threshold that misses no positive
    assert explorer.optima.cost.threshold == a[y == 1].min() and explorer.message.value == ""


def test_model_selector_switches_counts_and_histograms(explorer, data):
    y, a, b = data
    explorer.threshold = 0.5
    explorer.model_select.value = "logistic"
    assert explorer.model == "logistic"
    assert _counts(explorer.confusion) == _numpy_counts(y, b, 0.5)
    heights = explorer.view.histograms.positive.get_data().values
    np.testing.assert_allclose(heights, np.histogram(b[y == 1], bins=explorer.view.histograms.edges, density=True)[0])
    assert "logistic" in explorer.readout.value
    explorer.model = "forest"
    assert explorer.model_select.value == "forest"


def test_each_model_draws_one_curve_per_axes(explorer):
    assert explorer.models == ["forest", "logistic"]
    for kind in ("roc", "pr", "gain", "lift"):
        labels = [line.get_label() for line in explorer.view.axes[kind].get_lines()]
        assert labels.count("forest") == 1 and labels.count("logistic") == 1


def test_a_threshold_move_blits_the_same_pixels_as_a_full_redraw(single):
    explorer = single
    explorer.threshold = 0.2
    first = explorer.image.value
    explorer.threshold = 0.7
    assert explorer.image.value[:3] == b"\xff\xd8\xff" and explorer.image.value != first  # JPEG
    blitted = explorer.image.value
    assert explorer.view.render(full=True) == blitted  # same pixels, so the same bytes


def test_png_on_request(data):
    y, a, _ = data
    explorer = ThresholdExplorer(y, a, image_format="png", dpi=20)
    assert explorer.image.format == "png" and explorer.image.value[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(InputError, match="image_format"):
        ThresholdExplorer(y, a, image_format="gif")


def test_saved_figure_includes_the_moving_artists(single):
    explorer = single
    saved = []
    for t in (0.2, 0.8):
        explorer.threshold = t
        buffer = io.BytesIO()
        explorer.figure.savefig(buffer, format="png", dpi=30)
        saved.append(buffer.getvalue())
    assert saved[0] != saved[1]


def test_user_strings_are_escaped_in_the_read_out(data):
    y, a, _ = data
    explorer = ThresholdExplorer(y, {"<script>x</script>": a}, dpi=20)
    assert "<script>" not in explorer.readout.value and "&lt;script&gt;" in explorer.readout.value


def test_string_labels_need_the_positive_class(data):
    y, a, _ = data
    labels = np.where(y == 1, "sick", "well")
    with pytest.raises(InputError, match="positive"):
        ThresholdExplorer(labels, a)
    explorer = ThresholdExplorer(labels, a, positive="sick", threshold=0.5, dpi=20)
    assert _counts(explorer.confusion) == _numpy_counts(y, a, 0.5)
    pos = explorer.view.histograms.positive.get_data().values
    np.testing.assert_allclose(pos, np.histogram(a[y == 1], bins=explorer.view.histograms.edges, density=True)[0])


@pytest.mark.parametrize("call,message", [
    (lambda y, a: ThresholdExplorer(y, a[:-1]), "length mismatch"),
    (lambda y, a: ThresholdExplorer(np.ones_like(y), a), "no negative samples"),
    (lambda y, a: ThresholdExplorer(y, {}), "empty mapping"),
    (lambda y, a: ThresholdExplorer(y, np.where(y == 1, np.nan, a)), "NaN"),
    (lambda y, a: ThresholdExplorer(y, a, costs=(1, -1)), "cost_fn"),
    (lambda y, a: ThresholdExplorer(y, a, costs={"fp": 1, "tp": 2}), "unknown key"),
    (lambda y, a: ThresholdExplorer(y, a, costs=3), "costs must be"),
    (lambda y, a: ThresholdExplorer(y, a, model="other"), "unknown model"),
    (lambda y, a: ThresholdExplorer(y, a, prevalence=1.2), "prevalence must be"),
    (lambda y, a: ThresholdExplorer(y, a, threshold=float("nan")), "threshold must be"),
])
def test_bad_input_is_one_line(data, call, message):
    y, a, _ = data
    with pytest.raises(InputError, match=message) as info:
        call(y, a)
    assert "\n" not in str(info.value)


def test_bad_threshold_from_python_keeps_the_state(explorer):
    explorer.threshold = 0.4
    with pytest.raises(InputError, match="finite"):
        explorer.threshold = float("inf")
    with pytest.raises(InputError, match="finite"):
        explorer.threshold = "0.3"
    assert explorer.threshold == 0.4
