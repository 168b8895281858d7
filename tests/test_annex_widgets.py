"""Annex widgets and figures driven headlessly: set a value, assert what the reader would see."""

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix

from iso4213_nb import ConfusionMatrix, InputError, Undefined
from iso4213_nb.annexes import annex_a, annex_b
from iso4213_nb.figures.annex_b import AnnexBFigure
from iso4213_nb.figures.annex_c import accuracy_vs_parameters_figure
from iso4213_nb.widgets.annex_a import ConfusionEditor
from iso4213_nb.widgets.annex_b import AnnexBExplorer
from iso4213_nb.widgets.annex_d import CSMFSliders


def grid(editor):
    return [[int(cell.value) for cell in row] for row in editor.cells]


def test_editor_starts_as_table_a1_and_everything_matches():
    editor = ConfusionEditor()
    assert grid(editor) == [list(r) for r in annex_a.TABLE_A1]
    assert "(printed" not in editor.tables_html and "90,61 ✓" in editor.tables_html
    assert editor.undefined == []


def test_orientation_toggle_transposes_the_display_not_the_matrix():
    editor = ConfusionEditor()
    editor.rows = "true"
    assert grid(editor) == np.array(annex_a.TABLE_A1).T.tolist()
    assert editor.matrix == annex_a.matrix()
    assert "(printed" not in editor.tables_html


def test_edit_updates_tables_live():
    editor = ConfusionEditor()
    editor.cells[0][0].value = "410"  # predicted A, actual A
    assert editor.matrix.binary("A").tp == 410
    assert "410 (printed 400)" in editor.tables_html
    assert "95,79 ✓" in editor.tables_html  # precision of B untouched


def test_edit_in_true_layout_goes_to_the_right_cell():
    editor = ConfusionEditor()
    editor.rows = "true"
    editor.cells[0][1].value = "0"  # true A predicted B: Table A.1 has 23 there (row B, column A)
    assert editor.matrix.matrix(rows="predicted")[1, 0] == 0


def test_edit_that_makes_a_measure_undefined_is_flagged():
    editor = ConfusionEditor()
    for j in range(3):
        editor.cells[2][j].value = "0"  # nothing predicted as C
    assert any(u.startswith("Table A.3 / Precision / C: no predicted positives") for u in editor.undefined)
    assert "Undefined after this edit" in editor.tables_html
    editor.reset()
    assert grid(editor) == [list(r) for r in annex_a.TABLE_A1] and editor.undefined == []


@pytest.mark.parametrize("typed", ["2.7", "-5", "12a", "", "1e3", "99999999999"])
def test_a_cell_that_is_not_a_count_is_refused_visibly_and_the_count_kept(typed):
    editor = ConfusionEditor()
    editor.cells[1][2].value = typed
    assert editor.matrix == annex_a.matrix() and grid(editor) == [list(r) for r in annex_a.TABLE_A1]
    assert "cell (predicted B, actual C)" in editor.message.value and "not a count" in editor.message.value
    editor.cells[1][2].value = " 27 "  # a whole number, spaces allowed: taken, message gone
    assert editor.matrix.matrix(rows="predicted")[1, 2] == 27 and editor.message.value == ""


def test_empty_matrix_is_undefined_everywhere_without_warnings():
    cm = ConfusionMatrix.from_counts(np.zeros((3, 3), int), labels="ABC", rows="true")
    assert all(isinstance(v, Undefined) for row in annex_a.table_a4(cm).values() for v in row.values())


def test_annex_b_explorer_matches_published_points():
    explorer = AnnexBExplorer()
    for point, t in zip(annex_b.PUBLISHED, annex_b.thresholds()):
        explorer.threshold = t
        assert f"Figure {point.figure} prints" in explorer.readout.value
        assert annex_b.rounds_to(explorer.confusion.tp, 28, point.tpr)
        assert annex_b.rounds_to(explorer.confusion.fp, 58, point.fpr)
    assert explorer.image.value[:4] == b"\x89PNG"


def test_annex_b_explorer_counts_against_scikit_learn_at_any_threshold():
    scores, y, _ = annex_b.reconstructed_data()
    explorer = AnnexBExplorer()
    explorer.threshold = 0.55
    tn, fp, fn, tp = confusion_matrix(y, (scores >= 0.55).astype(int)).ravel()
    c = explorer.confusion
    assert (c.tp, c.fp, c.tn, c.fn) == (tp, fp, tn, fn)
    assert explorer.metrics["tpr"] == tp / (tp + fn)
    assert "prints" not in explorer.readout.value


def test_annex_b_slider_reads_out_in_the_language_and_a_typed_threshold_stays_exact():
    """Issue 26.6: the FloatSlider wrote "0.30" on the Russian page; positions are labelled by number() now."""
    from iso4213_nb.words.i18n import using

    scores, y, _ = annex_b.reconstructed_data()
    with using("ru"):
        explorer = AnnexBExplorer(threshold=0.3)
    assert explorer.slider.label == "0,30" and explorer.slider.options[:2] == (("0,00", 0.0), ("0,01", 0.01))
    explorer.threshold = 0.555
    tn, fp, fn, tp = confusion_matrix(y, (scores >= 0.555).astype(int)).ravel()
    assert explorer.threshold == 0.555 and explorer.slider.value == 0.56
    assert (explorer.confusion.tp, explorer.confusion.fp) == (tp, fp)
    explorer.slider.value = 0.7  # a slider move
    assert explorer.threshold == 0.7 and explorer.confusion.tp == np.sum((scores >= 0.7) & (y == 1))


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "0.5", True])
def test_annex_b_explorer_refuses_a_threshold_that_is_not_a_finite_number_and_keeps_its_own(bad):
    """A NaN set from Python used to escape as a bare ValueError after the explorer had already stored it."""
    explorer = AnnexBExplorer(threshold=0.7)
    with pytest.raises(InputError, match="threshold"):
        explorer.threshold = bad
    assert explorer.threshold == 0.7 and explorer.slider.value == 0.7
    assert explorer.confusion == AnnexBExplorer(threshold=0.7).confusion


def test_annex_b_figure_marks_correct_and_incorrect():
    scores = np.array([0.9, 0.8, 0.3, 0.2])
    y = np.array([1, 0, 1, 0])
    fig = AnnexBFigure(scores, y, 0.5, published=False)
    correct_x = sorted(fig.scatter.correct.get_xdata())
    incorrect_x = sorted(fig.scatter.incorrect.get_xdata())
    assert correct_x == [0.2, 0.9] and incorrect_x == [0.3, 0.8]
    assert list(fig.scatter.line.get_xdata()) == [0.5, 0.5]
    state = fig.set_threshold(0.1)
    assert state["tpr"] == 1 and state["fpr"] == 1
    assert list(fig.roc.marker.get_xdata()) == [1.0]


def test_annex_b_explorer_needs_both_arrays():
    with pytest.raises(InputError, match="both scores and y_true"):
        AnnexBExplorer(scores=[0.1, 0.2])


def test_csmf_sliders():
    sliders = CSMFSliders()
    assert sliders.accuracy == pytest.approx(0.95)
    sliders.set_predicted(sliders.true)
    assert sliders.accuracy == pytest.approx(1)
    sliders.set_predicted({"injury": 1.0})
    assert sliders.accuracy == pytest.approx(0, abs=1e-12)
    assert sliders.chance_corrected["rounded"] == pytest.approx(-0.632 / 0.368)
    sliders.sliders["cardiac"].value = 1000  # the slider's last position: weights 1 and 1, shares 1/2, 0, 1/2
    assert sliders.predicted == pytest.approx({"cardiac": 0.5, "infection": 0.0, "injury": 0.5})
    # Σ|t − p| = 0 + 1/3 + 1/3; denominator 2 (1 − 1/6) = 5/3 → 1 − (2/3)/(5/3) = 0.6
    assert sliders.accuracy == pytest.approx(0.6)
    assert "0,6000" in sliders.readout.value


def test_csmf_weights_are_kept_exactly_not_snapped_to_slider_positions():
    sliders = CSMFSliders()  # the worked example: predicted 63, 35, 22 of 120
    assert sliders.weights["infection"] == 35 / 120 and sliders.boxes["infection"].value == 35 / 120
    assert sliders.accuracy == pytest.approx(0.95, abs=1e-12) and "0,9500" in sliders.readout.value
    assert sliders.sliders["infection"].value == 292  # nearest thousandth: where the slider sits
    sliders.boxes["cardiac"].value = 0.6185  # typed
    assert sliders.weights["cardiac"] == 0.6185 and sliders.sliders["cardiac"].value == 618
    sliders.boxes["cardiac"].value = -5.0  # refused, shown, weight kept
    assert sliders.weights["cardiac"] == 0.6185 and sliders.boxes["cardiac"].value == 0.6185
    assert "from 0 to 1" in sliders.message.value


def test_csmf_sliders_all_zero_is_undefined_and_bad_causes_rejected():
    sliders = CSMFSliders()
    sliders.set_predicted({})
    assert isinstance(sliders.accuracy, Undefined) and "undefined" in sliders.readout.value
    with pytest.raises(InputError, match="unknown causes"):
        sliders.set_predicted({"stroke": 1.0})
    with pytest.raises(InputError, match="must sum to 1"):
        CSMFSliders({"a": 0.5, "b": 0.6}, {"a": 0.5, "b": 0.5})


def test_accuracy_vs_parameters_figure_has_one_panel_per_data_set():
    figure = accuracy_vs_parameters_figure()
    titles = [ax.get_title() for ax in figure.axes]
    assert [t.split(" ")[0] for t in titles] == ["ImageNet", "CIFAR-10", "LFW"]
    assert len(figure.axes[0].texts) == 4
