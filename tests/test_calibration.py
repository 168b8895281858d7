"""Calibration (beyond TS 4213) against scikit-learn, the accumulators' bins, Murphy's identity and repetition."""

import json

import numpy as np
import pytest
from sklearn.calibration import calibration_curve
from sklearn.metrics import brier_score_loss, log_loss

from iso4213_nb.scale.accumulators import CalibrationBins
from iso4213_nb.measures.calibration import calibration, multiclass_calibration
from iso4213_nb.core.errors import InputError
from iso4213_nb.measures import calibration_cells as calibration_cells_module
from iso4213_nb.measures.calibration_cells import calibration_cells
from iso4213_nb.stats.bootstrap import multinomial_resamples


def _binary(seed, n=300, decimals=None):
    rng = np.random.default_rng(seed)
    p = rng.random(n)
    if decimals is not None:
        p = np.round(p, decimals)
    y = (rng.random(n) < p ** 1.4).astype(int)
    return y, p, rng


def _probabilities(rng, n, k):
    s = rng.random((n, k)) ** 2
    return s / s.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("seed", range(4))
def test_brier_and_log_loss_match_scikit_learn_with_weights(seed):
    y, p, rng = _binary(seed)
    w = rng.random(len(y)) * 3
    r = calibration(y, p, positive=1, sample_weight=w, n_bootstrap=20)
    assert r.brier == pytest.approx(brier_score_loss(y, p, sample_weight=w), rel=1e-12)
    assert r.log_loss == pytest.approx(log_loss(y, p, sample_weight=w), rel=1e-12)


def test_log_loss_clips_certain_mistakes_as_scikit_learn():
    y = np.array([0, 1, 1, 0])
    p = np.array([1.0, 0.0, 1.0, 0.0])
    assert calibration(y, p, positive=1, n_bootstrap=10).log_loss == pytest.approx(log_loss(y, p), rel=1e-12)


@pytest.mark.parametrize("seed, decimals, n_bins", [(0, None, 10), (1, 1, 10), (2, 2, 7), (3, 1, 5)])
@pytest.mark.parametrize("strategy, binning", [("uniform", "equal_width"), ("quantile", "equal_mass")])
def test_reliability_tables_match_calibration_curve(seed, decimals, n_bins, strategy, binning):
    y, p, _ = _binary(seed, decimals=decimals)  # decimals=1 puts probabilities on the bin edges and ties them
    table = calibration(y, p, positive=1, n_bins=n_bins, n_bootstrap=10).bins[binning]
    prob_true, prob_pred = calibration_curve(y, p, n_bins=n_bins, strategy=strategy)
    occupied = table.counts > 0
    np.testing.assert_allclose(table.observed_frequency[occupied], prob_true, rtol=1e-12)
    np.testing.assert_allclose(table.mean_predicted[occupied], prob_pred, rtol=1e-12)
    assert table.counts.sum() == len(y)
    if binning == "equal_mass":
        np.testing.assert_allclose(table.edges, np.percentile(p, np.linspace(0, 100, n_bins + 1)), rtol=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_equal_width_bins_are_those_of_the_accumulator(seed):
    y, p, rng = _binary(seed, decimals=1)
    w = rng.integers(0, 4, len(y))
    r = calibration(y, p, positive=1, sample_weight=w, n_bootstrap=10)
    state = CalibrationBins.zero("p", 10).update({"y_true": y, "p": p}, weights=w).finalize()
    table = r.bins["equal_width"]
    np.testing.assert_array_equal(table.weights, state.weight)
    np.testing.assert_array_equal(table.counts, state.count)
    np.testing.assert_allclose(table.mean_predicted, state.mean_predicted, rtol=1e-12, equal_nan=True)
    np.testing.assert_allclose(table.observed_frequency, state.observed, rtol=1e-12, equal_nan=True)
    assert r.ece.estimate == pytest.approx(state.expected_calibration_error, rel=1e-12)
    assert r.brier == pytest.approx(state.brier, rel=1e-12)


def test_ece_by_hand():
    # bin (0, 0.1]: mean 0.1, half positive -> weight 1/2, gap 0.4; bin (0.8, 0.9]: mean 0.9, all positive -> 0.1
    r = calibration([0, 1, 1, 1], [0.1, 0.1, 0.9, 0.9], positive=1, n_bootstrap=10)
    assert r.ece.estimate == pytest.approx(0.5 * 0.4 + 0.5 * 0.1)
    assert r.bins["equal_width"].counts.tolist() == [2, 0, 0, 0, 0, 0, 0, 0, 2, 0]


@pytest.mark.parametrize("seed", range(5))
def test_murphy_identity_holds_exactly_with_the_within_bin_terms(seed):
    y, p, rng = _binary(seed, n=400)
    w = rng.random(len(y)) * 2
    r = calibration(y, p, positive=1, sample_weight=w, n_bins=int(rng.integers(2, 15)), n_bootstrap=10)
    rebuilt = (r.brier_reliability - r.brier_resolution + r.brier_uncertainty
               + r.brier_within_bin_variance - r.brier_within_bin_covariance)
    assert rebuilt == pytest.approx(r.brier, abs=1e-12)
    assert r.brier_within_bin_variance > 0  # the three classic terms alone do not add up here


def test_murphy_three_terms_suffice_when_each_bin_holds_one_probability():
    rng = np.random.default_rng(7)
    p = rng.choice(np.arange(10) / 10 + 0.05, size=500)
    y = (rng.random(500) < p).astype(int)
    r = calibration(y, p, positive=1, n_bootstrap=10)
    assert r.brier_within_bin_variance == pytest.approx(0, abs=1e-12)
    assert r.brier_within_bin_covariance == pytest.approx(0, abs=1e-12)
    assert r.brier_reliability - r.brier_resolution + r.brier_uncertainty == pytest.approx(r.brier, abs=1e-12)
    base = y.mean()
    assert r.brier_uncertainty == pytest.approx(base * (1 - base))


@pytest.mark.parametrize("seed", range(3))
def test_whole_weights_equal_repetition(seed):
    y, p, rng = _binary(seed, n=120, decimals=2)
    w = rng.integers(0, 4, len(y))
    weighted = calibration(y, p, positive=1, sample_weight=w, n_bootstrap=10)
    repeated = calibration(np.repeat(y, w), np.repeat(p, w), positive=1, n_bootstrap=10)
    for name in ("brier", "brier_reliability", "brier_resolution", "brier_uncertainty", "brier_within_bin_variance",
                 "brier_within_bin_covariance", "log_loss"):
        assert getattr(weighted, name) == pytest.approx(getattr(repeated, name), rel=1e-10, abs=1e-14)
    assert weighted.ece.estimate == pytest.approx(repeated.ece.estimate, rel=1e-10)
    assert weighted.ece_equal_mass.estimate == pytest.approx(repeated.ece_equal_mass.estimate, rel=1e-10)
    for binning in ("equal_width", "equal_mass"):
        a, b = weighted.bins[binning], repeated.bins[binning]
        np.testing.assert_allclose(a.edges, b.edges, rtol=1e-12)
        np.testing.assert_allclose(a.weights, b.counts)
        np.testing.assert_allclose(a.observed_frequency, b.observed_frequency, rtol=1e-12, equal_nan=True)


def test_vectorised_bootstrap_equals_recomputing_each_resample():
    y, p, _ = _binary(11, n=60, decimals=2)
    r = calibration(y, p, positive=1, n_bootstrap=12, seed=5, n_bins=4)
    order = np.argsort(p, kind="stable")  # the cells are built from the rows sorted by probability
    cells = calibration_cells(p[order], y[order].astype(float), np.ones(len(y)), y[order], np.linspace(0, 1, 5))
    assert not cells.grouped and cells.rows.sum() == len(y) and len(cells.p) < len(y)  # ties share a cell
    drawn = multinomial_resamples(cells.rows, cells.strata, 12, np.random.default_rng(5))
    for i, counts in enumerate(drawn):
        again = calibration(np.repeat(cells.y, counts), np.repeat(cells.p, counts), positive=1, n_bootstrap=10,
                            n_bins=4)
        assert r.ece.distribution[i] == pytest.approx(again.ece.estimate, rel=1e-10)
        assert r.ece_equal_mass.distribution[i] == pytest.approx(again.ece_equal_mass.estimate, rel=1e-10)
        assert np.bincount(cells.y.astype(int), weights=counts).tolist() == np.bincount(y).tolist()  # by class


def _reference_eces(p, y, n_bins):
    """Both ECEs of one sample, written independently of the package: bin b holds (edge_b, edge_b+1]."""
    out = []
    for edges in (np.linspace(0, 1, n_bins + 1), np.percentile(p, np.linspace(0, 100, n_bins + 1))):
        bins = np.searchsorted(edges[1:-1], p, side="left")
        out.append(np.abs(np.bincount(bins, weights=y - p, minlength=n_bins)).sum() / len(p))
    return out


def _row_bootstrap(p, y, n_bins, resamples, seed):
    """The plain row bootstrap within each class: (resamples × 2) ECEs."""
    rng = np.random.default_rng(seed)
    members = [np.flatnonzero(y == c) for c in (0, 1)]
    out = []
    for _ in range(resamples):
        rows = np.concatenate([rng.choice(m, len(m)) for m in members])
        out.append(_reference_eces(p[rows], y[rows], n_bins))
    return np.array(out)


@pytest.mark.parametrize("decimals, max_cells", [(2, None), (None, 300)])
def test_cell_bootstrap_agrees_with_the_row_bootstrap(decimals, max_cells, monkeypatch):
    """Distinct probabilities (2 decimals): the cells are the row bootstrap in distribution.  Continuous ones with
    the cells pooled into about 300 groups of about 27 rows: a normal sum within each group.  Both are compared
    with an independent row bootstrap, 400 resamples each: the means must agree within 4 standard errors of their
    difference, the standard deviations within 20 % (the standard error of a ratio of two standard deviations of
    400 draws is about 5 %), and every one of the four interval ends within 0.4 standard deviations."""
    if max_cells:
        monkeypatch.setattr(calibration_cells_module, "MAX_CELLS", max_cells)
    y, p, _ = _binary(21, n=8000, decimals=decimals)
    r = calibration(y, p, positive=1, n_bins=10, n_bootstrap=400, seed=3)
    assert r.ece.details["cells_grouped"] is bool(max_cells)
    rows = _row_bootstrap(p, y, 10, 400, seed=4)
    for j, ci in enumerate((r.ece, r.ece_equal_mass)):
        cells, reference = ci.distribution, rows[:, j]
        assert ci.estimate == pytest.approx(_reference_eces(p, y, 10)[j], rel=1e-12)
        se = np.sqrt((cells.var() + reference.var()) / 400)
        assert abs(cells.mean() - reference.mean()) < 4 * se
        assert 0.8 < cells.std() / reference.std() < 1.25
        for q in (2.5, 97.5):
            assert abs(np.percentile(cells, q) - np.percentile(reference, q)) < 0.4 * reference.std()


def test_interval_is_seeded_and_surrounds_the_estimate():
    y, p, _ = _binary(3, n=500)
    a = calibration(y, p, positive=1, n_bootstrap=200, seed=1)
    b = calibration(y, p, positive=1, n_bootstrap=200, seed=1)
    c = calibration(y, p, positive=1, n_bootstrap=200, seed=2)
    assert (a.ece.low, a.ece.high) == (b.ece.low, b.ece.high)
    assert (a.ece.low, a.ece.high) != (c.ece.low, c.ece.high)
    for ci in (a.ece, a.ece_equal_mass):
        assert ci.low < ci.estimate < ci.high
        assert ci.method == "percentile" and ci.details["seed"] == 1


@pytest.mark.parametrize("seed", range(3))
def test_multiclass_brier_log_loss_top_label_and_classwise(seed):
    rng = np.random.default_rng(seed)
    n, k = 250, 4
    labels = ["a", "b", "c", "d"]
    scores = _probabilities(rng, n, k)
    y = np.array(labels)[rng.integers(0, k, n)]
    w = rng.random(n)
    m = multiclass_calibration(y, scores, labels, sample_weight=w, n_bootstrap=20)
    assert m.brier == pytest.approx(brier_score_loss(y, scores, labels=labels, sample_weight=w,
                                                     scale_by_half=False), rel=1e-12)
    assert m.log_loss == pytest.approx(log_loss(y, scores, labels=labels, sample_weight=w), rel=1e-12)
    correct = (np.array(labels)[scores.argmax(axis=1)] == y).astype(int)
    top = calibration(correct, scores.max(axis=1), positive=1, sample_weight=w, n_bootstrap=10)
    assert m.top_label.ece.estimate == pytest.approx(top.ece.estimate, rel=1e-12)
    assert m.top_label.brier == pytest.approx(top.brier, rel=1e-12)
    for j, label in enumerate(labels):
        one = calibration(y, scores[:, j], positive=label, sample_weight=w, n_bootstrap=10)
        assert m.classwise[label].ece_equal_mass.estimate == pytest.approx(one.ece_equal_mass.estimate, rel=1e-12)
        assert m.classwise[label].brier == pytest.approx(
            brier_score_loss(y == label, scores[:, j], sample_weight=w), rel=1e-12)
    report = json.loads(json.dumps(m.to_dict()))
    assert set(report) == {"top_label", "classwise", "brier", "log_loss"}
    assert set(report["classwise"]) == set(labels)


def test_to_dict_has_the_contract_keys():
    y, p, _ = _binary(0, n=100)
    out = json.loads(json.dumps(calibration(y, p, positive=1, n_bootstrap=20).to_dict()))
    for key in ("ece", "ece_equal_mass", "brier", "brier_reliability", "brier_resolution", "brier_uncertainty",
                "log_loss", "bins"):
        assert key in out
    for key in ("estimate", "low", "high", "confidence_level", "method"):
        assert key in out["ece"]
    for binning in ("equal_width", "equal_mass"):
        assert {"edges", "counts", "mean_predicted", "observed_frequency"} <= set(out["bins"][binning])
        assert len(out["bins"][binning]["edges"]) == 11


@pytest.mark.parametrize("call, words", [
    (lambda: calibration([0, 1], [0.2, 1.2], positive=1), "probabilities"),
    (lambda: calibration([0, 1], [0.2, 0.8], positive=2), "positive class"),
    (lambda: calibration([0, 1], [0.2, 0.8], positive=1, n_bins=0), "n_bins"),
    (lambda: calibration([0, 1], [0.2, 0.8], positive=1, sample_weight=[1, -1]), "non-negative"),
    (lambda: calibration([0, 1], [0.2, 0.8], positive=1, n_bootstrap=3), "n_bootstrap"),
    (lambda: multiclass_calibration([0, 1], [[0.2, 0.7], [0.5, 0.5]], [0, 1]), "row 1"),
    (lambda: multiclass_calibration([0, 2], [[0.3, 0.7], [0.5, 0.5]], [0, 1]), "not among labels"),
    (lambda: multiclass_calibration([0, 1], [[0.3, 0.7]], [0, 1]), "one row per sample"),
])
def test_bad_input_is_one_line(call, words):
    with pytest.raises(InputError, match=words) as caught:
        call()
    assert "\n" not in str(caught.value)


def test_reliability_table_text_lists_the_non_empty_bins_in_the_active_language():
    from iso4213_nb.figures.calibration import reliability_table_text
    from iso4213_nb.words.i18n import using

    y, p, _rng = _binary(0, decimals=2)
    table = calibration(y, p, positive=1, n_bootstrap=10).bins["equal_width"]
    lines = reliability_table_text(table).splitlines()[2:]
    filled = np.flatnonzero(table.counts)
    assert len(lines) == len(filled)
    for line, j in zip(lines, filled):
        assert line.split()[1:] == [str(table.counts[j]), f"{table.mean_predicted[j]:.3f}",
                                    f"{table.observed_frequency[j]:.3f}"]
    with using("ru"):
        russian = reliability_table_text(table)
    assert f"{table.mean_predicted[filled[0]]:.3f}".replace(".", ",") in russian and "0.1" not in russian


def test_notebook_reliability_markers_at_zero_and_one_are_drawn_whole():
    """Notebook 12's reliability diagram (figures.calibration, as the report's since it was fixed): a bin observed at
    0 or at 1 sat on the axes' edge and its marker was cut in half."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from iso4213_nb.figures.calibration import reliability_figure

    rng = np.random.default_rng(12)
    proba = np.concatenate([rng.uniform(0.0, 0.08, 40), rng.uniform(0.93, 1.0, 40), rng.uniform(0.3, 0.7, 40)])
    y = np.concatenate([np.zeros(40, int), np.ones(40, int), rng.integers(0, 2, 40)])
    figure = reliability_figure(calibration(y, proba, positive=1, n_bootstrap=20), "equal_width")
    FigureCanvasAgg(figure).draw()
    top = figure.axes[0]
    line = next(line for line in top.get_lines() if line.get_marker() == "o")
    observed = line.get_ydata()
    assert observed.min() == 0 and observed.max() == 1  # the lowest bin holds only negatives, the highest positives
    assert top.get_ylim() == (0, 1) and top.get_xlim() == (0, 1)
    assert not line.get_clip_on()
    box = top.get_window_extent()
    half = line.get_markersize() / 2 * figure.dpi / 72
    lowest, highest = (top.transData.transform((0, v))[1] for v in (0, 1))
    assert lowest - half < box.y0 and highest + half > box.y1  # each marker reaches past the edge, and is drawn
