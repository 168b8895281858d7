"""Annex B: the printed table contradicts the printed rates; the smallest consistent data set; its curves."""

import json
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix, roc_auc_score

from iso4213_nb import InputError
from iso4213_nb.annexes import annex_b

TPR = ["0,18", "0,68", "0,75", "0,96", "1"]
FPR = ["0", "0,02", "0,03", "0,14", "0,59"]


def _prints_as(k, n, printed, mode):
    """Independent rounding with decimal.Decimal (the printed 1 and 0 read as rounded)."""
    value = (Decimal(int(k)) / Decimal(int(n))).quantize(Decimal("0.01"), rounding=mode)
    return value == Decimal(printed.replace(",", "."))


@pytest.mark.parametrize("k, n, printed, half_up, half_even", [
    (5, 28, "0,18", True, True),
    (1, 6, "0,18", False, False),
    (37, 200, "0,19", True, False),   # 0,185 exactly: the two conventions differ
    (37, 200, "0,18", False, True),
    (34, 58, "0,59", True, True),
])
def test_rounds_to_by_hand(k, n, printed, half_up, half_even):
    assert annex_b.rounds_to(k, n, printed, rounding="half_up") is half_up
    assert annex_b.rounds_to(k, n, printed, rounding="half_even") is half_even


def test_exact_ends():
    assert not annex_b.rounds_to(199, 200, "1", exact_ends=True)
    assert annex_b.rounds_to(199, 200, "1", exact_ends=False)
    assert annex_b.rounds_to(1, 201, "0", exact_ends=False) and not annex_b.rounds_to(1, 201, "0")


def test_rounds_to_rejects_bad_arguments():
    with pytest.raises(InputError, match="rounding must be"):
        annex_b.rounds_to(1, 2, "0,5", rounding="up")
    with pytest.raises(InputError, match="0 <= k <= n"):
        annex_b.rounds_to(3, 2, "0,5")


@pytest.mark.parametrize("mode", [ROUND_HALF_UP, ROUND_HALF_EVEN])
def test_smallest_sizes_by_independent_brute_force(mode):
    def smallest(rates):
        for n in range(1, 200):
            if all(any(_prints_as(k, n, r, mode) for k in range(n + 1)) for r in rates):
                return n, [[k for k in range(n + 1) if _prints_as(k, n, r, mode)] for r in rates]

    assert smallest(TPR) == (28, [[5], [19], [21], [27], [28]])
    assert smallest(FPR) == (58, [[0], [1], [2], [8], [34]])


def test_reconstruction_is_the_same_under_every_reading():
    readings = annex_b.reconstruct_all()
    assert len(readings) == 4
    for rec in readings.values():
        assert (rec.positives, rec.negatives, rec.tp, rec.fp) == (28, 58, (5, 19, 21, 27, 28), (0, 1, 2, 8, 34))


def test_smallest_denominator_fails_cleanly_when_nothing_fits():
    with pytest.raises(InputError, match="no denominator up to 5"):
        annex_b.smallest_denominator(["0,18"], limit=5)


def test_printed_table_cannot_produce_the_printed_rates():
    fact = annex_b.printed_table_contradiction(limit=2000)
    assert fact["scores_at_or_above_0_99"] == 1 and fact["scores_below_0_01"] == 1
    assert fact["positives_giving_tpr_0_18_with_one_tp"] == []
    assert fact["negatives_giving_fpr_0_59_with_one_tn"] == []
    # by hand: 1/P in [0.175, 0.185) needs 5.41 <= P < 5.72, no integer
    assert not any(0.175 <= 1 / p < 0.185 for p in range(1, 100))


def test_reconstructed_data_keeps_every_printed_row_in_order():
    scores, y, source = annex_b.reconstructed_data()
    assert len(scores) == 86 and y.sum() == 28
    assert np.all(np.diff(scores) <= 0)
    printed = [(float(s.replace(",", ".")), int(c == "Yes")) for s, c in annex_b.TABLE_B1]
    kept = [(float(s), int(v)) for s, v, src in zip(scores, y, source) if src.startswith("Table B.1")]
    assert kept == printed
    assert scores[0] == 1.0 and source[0] == "Table B.1 row 1"
    assert scores[-1] == 0.0 and source[-1] == "Table B.1 row 7"
    # the ellipsis cannot stay where it is printed: 4 positives between rows 1 and 2, 23 negatives before row 7
    assert int(np.sum((scores >= 0.99) & (scores < 1))) == 4
    assert int(np.sum(scores < 0.01)) - 1 == 23


def test_reconstructed_data_gives_every_published_rate_by_scikit_learn():
    scores, y, _ = annex_b.reconstructed_data()
    for point in annex_b.PUBLISHED:
        t = float(point.threshold.replace(",", "."))
        tn, fp, fn, tp = confusion_matrix(y, (scores >= t).astype(int), labels=[0, 1]).ravel()
        assert _prints_as(tp, tp + fn, point.tpr, ROUND_HALF_UP)
        assert _prints_as(fp, fp + tn, point.fpr, ROUND_HALF_UP)
    assert all(c.matches for c in annex_b.checks())


def test_operating_points_counts():
    points = annex_b.operating_points(annex_b.scored())
    assert [(p["tp"], p["fp"]) for p in points] == [(5, 0), (19, 1), (21, 2), (27, 8), (28, 34)]
    assert points[0]["tpr"] == 5 / 28 and points[-1]["fpr"] == 34 / 58


def test_curve_areas():
    scores, y, _ = annex_b.reconstructed_data()
    areas = annex_b.curve_comparison()
    assert areas["auroc"] == pytest.approx(roc_auc_score(y, scores))
    # trapezoids through (0,0), the printed points and (1,1), by hand:
    # 0.02*(0.18+0.68)/2 + 0.01*(0.68+0.75)/2 + 0.11*(0.75+0.96)/2 + 0.45*(0.96+1)/2 + 0.41*1 = 0.9608
    assert areas["five_points_printed"] == pytest.approx(0.9608)
    # pairs inside a band can go either way: 5*0 + 14*1 + 2*1 + 6*6 + 1*26 + 0*24 = 78 of 28*58 = 1624 pairs
    assert areas["auroc_max"] - areas["auroc_min"] == pytest.approx(78 / 1624)
    assert areas["five_points_exact"] == pytest.approx((areas["auroc_min"] + areas["auroc_max"]) / 2)
    assert areas["auroc_min"] <= areas["auroc"] <= areas["auroc_max"]


def test_json_carries_the_reconstruction():
    data = json.loads(json.dumps(annex_b.to_json(), allow_nan=False))
    rec = data["reconstruction"]
    assert (rec["positives"], rec["negatives"]) == (28, 58)
    assert [p["tp"] for p in rec["operating_points"]] == [5, 19, 21, 27, 28]
    assert len(rec["data"]) == 86 and len(rec["same_under"]) == 4


def test_published_thresholds_figure_draws_figure_b1_then_each_published_threshold():
    from iso4213_nb.figures.annex_b import published_thresholds_figure
    from iso4213_nb.words.i18n import using

    scores, y, _ = annex_b.reconstructed_data()
    axes = published_thresholds_figure(scores, y).axes
    assert len(axes) == 6 and axes[0].get_title() == "Scores and actual classes (Figure B.1)"
    assert [ax.get_title() for ax in axes[1:]] == ["Figure B.2: threshold 0,99", "Figure B.3: threshold 0,9",
                                                   "Figure B.4: threshold 0,7", "Figure B.5: threshold 0,3",
                                                   "Figure B.6: threshold 0,01"]
    for ax, t in zip(axes[1:], (0.99, 0.9, 0.7, 0.3, 0.01)):  # a vertical line at the threshold
        assert any(list(line.get_xdata()) == [t, t] for line in ax.lines)
    with using("ru"):
        assert published_thresholds_figure(scores, y).axes[3].get_title() == "Рисунок B.4: порог 0,7"
