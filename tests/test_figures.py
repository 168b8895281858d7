"""Figures: curves with a movable operating point, the confusion matrix with its orientation, score histograms."""

import numpy as np
import pytest
from matplotlib.figure import Figure
from sklearn.metrics import roc_curve

from iso4213_nb import BinaryCounts, ConfusionMatrix, InputError
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.figures import draw_confusion_matrix, draw_curve, draw_point, draw_score_histograms, prepare_axes
from iso4213_nb.figures.curves import thin_index

# Table A.1 as printed: predicted classes in rows, actual classes in columns.
TABLE_A1 = [[400, 150, 14], [23, 3800, 144], [13, 355, 65]]


def _axes():
    return Figure().subplots()


def _data(n=300, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return y, np.round(rng.normal(y, 1.0), 1)  # rounded: many ties


def test_chance_lines_of_each_curve_kind():
    roc, pr, gain, lift = (prepare_axes(_axes(), kind, prevalence=0.3) for kind in ("roc", "pr", "gain", "lift"))
    assert list(roc.get_xdata()) == [0, 1] and list(roc.get_ydata()) == [0, 1]
    assert list(gain.get_ydata()) == [0, 1]
    assert list(pr.get_ydata()) == [0.3, 0.3]
    assert list(lift.get_ydata()) == [1, 1]
    assert prepare_axes(_axes(), "pr") is None
    with pytest.raises(ValueError, match="kind must be one of"):
        prepare_axes(_axes(), "det")


def test_thin_index_keeps_ends_and_bounds_the_size():
    assert thin_index(10, 50).tolist() == list(range(10))
    index = thin_index(1_000_001, 4000)
    assert index[0] == 0 and index[-1] == 1_000_000
    assert len(index) <= 4000 and np.all(np.diff(index) > 0)


def test_drawn_roc_line_is_scikit_learns_curve_and_the_marker_moves():
    y, s = _data()
    ax = _axes()
    artists = draw_curve(ax, BinaryScores(y, s).roc(), label="m")
    fpr, tpr, _ = roc_curve(y, s, drop_intermediate=False)
    np.testing.assert_allclose(artists.line.get_xdata(), fpr)
    np.testing.assert_allclose(artists.line.get_ydata(), tpr)
    assert np.isnan(artists.marker.get_xdata()[0])  # hidden until placed
    artists.move_marker(0.25, 0.75)
    assert (artists.marker.get_xdata()[0], artists.marker.get_ydata()[0]) == (0.25, 0.75)
    assert artists.marker.get_markerfacecolor() == artists.line.get_color()


def test_thinned_curve_updates_stay_aligned_with_the_full_arrays():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 20_000)
    curve = BinaryScores(y, rng.random(20_000)).roc()
    artists = draw_curve(_axes(), curve, max_points=500)
    assert len(artists.line.get_xdata()) <= 500
    np.testing.assert_array_equal(artists.line.get_xdata(), curve.x[artists.index])
    artists.set_xy(curve.y, curve.x)
    np.testing.assert_array_equal(artists.line.get_xdata(), curve.y[artists.index])


def test_draw_point_is_movable():
    point = draw_point(_axes(), 0.1, 0.9, label="Youden")
    point.set_data([0.2], [0.8])
    assert point.get_xdata()[0] == 0.2 and point.get_label() == "Youden"


def _shown(artists):
    if artists.names is None:
        return [[t.get_text() for t in row] for row in artists.texts]
    return [[f"{name.get_text()}\n{t.get_text()}" for name, t in zip(names, row)]
            for names, row in zip(artists.names, artists.texts)]


def test_binary_matrix_follows_table_1_with_predicted_rows():
    ax = _axes()
    artists = draw_confusion_matrix(ax, BinaryCounts(tp=5, fp=3, tn=90, fn=2), rows="predicted")
    assert _shown(artists) == [["TP\n5", "FP\n3"], ["FN\n2", "TN\n90"]]
    assert ax.get_ylabel() == "predicted class" and ax.get_xlabel() == "true class"
    text = artists.texts[0][0]
    artists.update(BinaryCounts(tp=50, fp=1, tn=1, fn=1))
    assert artists.texts[0][0] is text and text.get_text() == "50"
    assert text.get_color() == "white"  # the dark cell gets light text
    np.testing.assert_allclose(artists.image.get_array(), np.array([[50, 1], [1, 1]]) / 53)


def test_binary_matrix_with_true_rows_transposes_the_off_diagonal():
    artists = draw_confusion_matrix(_axes(), BinaryCounts(tp=5, fp=3, tn=90, fn=2), rows="true")
    assert _shown(artists) == [["TP\n5", "FN\n2"], ["FP\n3", "TN\n90"]]


def test_table_a1_is_drawn_as_printed_in_either_orientation():
    cm = ConfusionMatrix.from_counts(TABLE_A1, labels="ABC", rows="predicted")
    ax = _axes()
    as_printed = draw_confusion_matrix(ax, cm, rows="predicted")
    assert _shown(as_printed) == [[f"{v:,}" for v in row] for row in TABLE_A1]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["A", "B", "C"]
    ax2 = _axes()
    software = draw_confusion_matrix(ax2, cm, rows="true")
    assert _shown(software)[0] == ["400", "23", "13"]  # true class A: column A of Table A.1
    assert ax2.get_ylabel() == "true class"


def test_matrix_orientation_is_required_and_input_checked():
    with pytest.raises(TypeError):
        draw_confusion_matrix(_axes(), BinaryCounts(1, 1, 1, 1))
    with pytest.raises(InputError, match="rows must be"):
        draw_confusion_matrix(_axes(), BinaryCounts(1, 1, 1, 1), rows="actual")
    with pytest.raises(InputError, match="expected a ConfusionMatrix or BinaryCounts"):
        draw_confusion_matrix(_axes(), [[1, 2], [3, 4]], rows="true")
    artists = draw_confusion_matrix(_axes(), BinaryCounts(1, 1, 1, 1), rows="true")
    with pytest.raises(InputError, match="shape"):
        artists.update(ConfusionMatrix.from_counts(TABLE_A1, rows="true"))


def test_histograms_are_numpy_densities_of_each_class():
    y, s = _data()
    artists = draw_score_histograms(_axes(), s, y == 1, bins=12, threshold=0.5)
    for patch, mask in ((artists.positive, y == 1), (artists.negative, y == 0)):
        expected, edges = np.histogram(s[mask], bins=artists.edges, density=True)
        np.testing.assert_allclose(patch.get_data().values, expected)
    assert len(artists.edges) == 13 and artists.edges[0] == s.min() and artists.edges[-1] == s.max()
    assert list(artists.threshold_line.get_xdata()) == [0.5, 0.5]
    artists.move_threshold(1.25)
    assert list(artists.threshold_line.get_xdata()) == [1.25, 1.25]


def test_histograms_follow_other_scores_in_place():
    y, s = _data()
    artists = draw_score_histograms(_axes(), s, y == 1, bins=10)
    patch = artists.positive
    artists.set_scores(s[::-1], (y == 1)[::-1])
    assert artists.positive is patch
    np.testing.assert_allclose(patch.get_data().values,
                               np.histogram(s[::-1][y[::-1] == 1], bins=artists.edges, density=True)[0])


def test_histograms_reject_bad_scores():
    with pytest.raises(InputError, match="NaN"):
        draw_score_histograms(_axes(), [0.1, np.nan], [True, False])
    with pytest.raises(InputError, match="length mismatch"):
        draw_score_histograms(_axes(), [0.1, 0.2], [True])
    with pytest.raises(InputError, match="bins"):
        draw_score_histograms(_axes(), [0.1, 0.2], [True, False], bins=0)


def test_annex_c_audit_fits_a_page_and_keeps_every_note():
    from iso4213_nb.figures.annex_tables import annex_c_audit_notes, annex_c_audit_rows, annex_c_audit_summary_rows
    from iso4213_nb.figures.tables import text_table

    assert max(map(len, text_table(*annex_c_audit_summary_rows()).splitlines())) <= 100
    notes = annex_c_audit_notes(width=100)
    assert notes and max(map(len, notes)) <= 100
    joined = " ".join(line.strip() for line in notes)
    for dataset, model, _, _, writing, difference in annex_c_audit_rows()[0]:
        for text in (writing, difference):
            if text != "–":
                assert " ".join(text.split()) in joined, (dataset, model)


def test_ten_curves_get_ten_colours_and_their_markers_match():
    """Each curve takes one colour of the cycle (the marker used to take the next: ten classes showed five colours)."""
    from matplotlib.colors import to_hex

    from iso4213_nb.figures.multiclass_scores import per_class_curves_figure
    from iso4213_nb.measures.multiclass_scores import assess_scores

    rng = np.random.default_rng(0)
    y = rng.integers(0, 10, 400)
    scores = rng.random((400, 10)) + np.eye(10)[y]
    figure = per_class_curves_figure(assess_scores(y, scores / scores.sum(1, keepdims=True), list(range(10))))
    for ax in figure.axes:
        curves = [line for line in ax.lines if line.get_linestyle() == "-"]
        colours = [to_hex(line.get_color()) for line in curves]
        assert len(curves) == 10 and len(set(colours)) == 10
        markers = [line for line in ax.lines if line.get_marker() == "o" and line.get_linestyle() == "None"]
        assert [to_hex(m.get_markerfacecolor()) for m in markers] == colours


def test_static_curves_are_drawn_thinned_and_exact():
    from iso4213_nb.figures.curves import drawn
    from iso4213_nb.measures.curves import BinaryScores

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 5000)
    scores = BinaryScores(y, rng.random(5000) + 0.8 * y)  # a point per sample, long runs of one class
    roc, full = drawn(scores, "roc"), scores.roc()
    assert len(roc.x) < len(full.x) and np.trapezoid(roc.y, roc.x) == pytest.approx(scores.auroc(), abs=1e-12)
    assert set(zip(roc.x, roc.y)) <= set(zip(full.x, full.y)) and len(roc.x) < len(full.x) / 2
    assert len(drawn(scores, "pr").x) <= len(scores.pr().x) and len(drawn(scores, "gain").x) == len(scores.gain().x)
