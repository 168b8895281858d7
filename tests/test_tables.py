"""Formatting values and tables: undefined, percent, decimal comma, HTML escaping."""

import numpy as np
import pytest
from sklearn.metrics import f1_score, multilabel_confusion_matrix, precision_recall_fscore_support, roc_auc_score

from iso4213_nb import InputError, Undefined
from iso4213_nb import ConfusionMatrix
from iso4213_nb.figures.measure_tables import (average_rows, class_count_rows, class_measure_rows, counts_measure_rows,
                                               invariance_difference_rows, label_count_rows, label_score_rows,
                                               timing_rows)
from iso4213_nb.figures.tables import format_value, html_table, text_table
from iso4213_nb.figures.subgroups import group_count_rows
from iso4213_nb.measures.computational import time_predictions
from iso4213_nb.measures.counts import BinaryCounts
from iso4213_nb.measures.invariance import InvarianceTable
from iso4213_nb.measures.multilabel import per_label_counts
from iso4213_nb.measures.multilabel_summary import summarize
from iso4213_nb.words.i18n import using


@pytest.mark.parametrize("value, kwargs, text", [
    (0.9061, dict(percent=True, decimal_comma=True), "90,61"),
    (0.9061, dict(percent=True), "90.61"),
    (0.85917, dict(decimals=3), "0.859"),
    (Undefined("no predicted positives"), {}, "undefined"),
    (float("nan"), {}, "undefined"),
    (None, {}, "undefined"),
    (400, {}, "400"),
    (np.int64(3800), {}, "3800"),
    (1, dict(percent=True), "100.00"),
    ("cat", {}, "cat"),
    (True, {}, "True"),
])
def test_format_value(value, kwargs, text):
    assert format_value(value, **kwargs) == text


def test_text_table_aligns_and_formats():
    out = text_table([["A", 0.7092, 400], ["Bee", Undefined("x"), 3800]], ["class", "precision", "tp"])
    lines = out.splitlines()
    assert lines[0].split() == ["class", "precision", "tp"]
    assert lines[2] == "A" + " " * 11 + "0.71   400"
    assert lines[3] == "Bee    undefined  3800"
    assert len({len(l) for l in lines}) == 1


def test_text_table_percent_decimal_comma():
    out = text_table([["A", 0.9174]], ["class", "recall"], percent=True, decimal_comma=True)
    assert out.splitlines()[-1].endswith("91,74")


def test_html_table_escapes_everything():
    out = html_table([["<script>alert(1)</script>", 0.5]], ["a&b", "<i>"], caption="x < y")
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert "<th>a&amp;b</th>" in out and "<th>&lt;i&gt;</th>" in out
    assert "<caption>x &lt; y</caption>" in out
    assert "<td>0.50</td>" in out


def test_ragged_table_rows_are_rejected():
    with pytest.raises(InputError, match="row 1 has 1 cells"):
        text_table([["a"]], ["x", "y"])


@pytest.mark.parametrize("seed", range(5))
def test_class_tables_show_what_scikit_learn_computes(seed):
    rng = np.random.default_rng(seed)
    labels = ["a", "b", "c", "d"]
    y = rng.choice(labels, 150, p=[0.4, 0.3, 0.2, 0.1])
    pred = np.where(rng.random(150) < 0.6, y, rng.choice(labels, 150))
    cm = ConfusionMatrix.from_predictions(y, pred, labels=labels)
    rows, header = class_count_rows(cm)
    assert header == ["class", "TP", "FP", "FN", "TN"]
    mcm = multilabel_confusion_matrix(y, pred, labels=labels)  # per class [[tn, fp], [fn, tp]]
    assert rows == [[label, m[1, 1], m[0, 1], m[1, 0], m[0, 0]] for label, m in zip(labels, mcm)]
    p, r, f, _ = precision_recall_fscore_support(y, pred, labels=labels, zero_division=np.nan)
    specificity = mcm[:, 0, 0] / (mcm[:, 0, 0] + mcm[:, 0, 1])
    rows, header = class_measure_rows(cm, ("precision", "recall", "specificity", "f1"))
    assert header == ["measure (%)", *labels]
    assert [row[1:] for row in rows] == [[f"{100 * v:.2f}" for v in values] for values in (p, r, specificity, f)]
    rows, header = average_rows(cm, ("precision", "recall", "f1"))
    assert header == ["measure (%)", "macro", "weighted", "micro"]
    for row, i in zip(rows, range(3)):
        theirs = [precision_recall_fscore_support(y, pred, labels=labels, average=how)[i]
                  for how in ("macro", "weighted", "micro")]
        assert row[1:] == [f"{100 * v:.2f}" for v in theirs]


def test_class_tables_in_russian_and_undefined():
    cm = ConfusionMatrix.from_counts([[5, 1, 0], [2, 6, 0], [1, 3, 0]], ["x", "y", "z"], rows="true")
    with using("ru"):
        rows, header = average_rows(cm, ("precision", "recall"))
        per_class = class_measure_rows(cm, ("precision",))[0][0]
    assert header == ["показатель (%)", "макро", "средневзвешенное", "микро"]
    assert rows[1] == ["полнота", "52,78", "61,11", "61,11"]  # recall (5/6 + 6/8 + 0)/3; 11/18 weighted and micro
    assert rows[0][1].startswith("не определено") and per_class[3].startswith("не определено")
    assert per_class[1:3] == ["62,50", "60,00"]  # 5/8, 6/10


@pytest.mark.parametrize("seed", range(3))
def test_label_tables_show_what_scikit_learn_computes(seed):
    rng = np.random.default_rng(seed)
    truth = (rng.random((120, 3)) < [0.5, 0.3, 0.2]).astype(int)
    scores = np.clip(truth * 0.4 + rng.random((120, 3)) * 0.6, 0, 1)
    pred = (scores >= 0.5).astype(int)
    rows, header = label_count_rows(per_label_counts(truth, pred, ["u", "v", "w"]))
    assert header == ["label", "TP", "FP", "FN", "TN", "precision", "recall"]
    p, r, _, _ = precision_recall_fscore_support(truth, pred, zero_division=np.nan)
    for row, m, pj, rj in zip(rows, multilabel_confusion_matrix(truth, pred), p, r):
        assert row[1:] == [m[1, 1], m[0, 1], m[1, 0], m[0, 0], f"{pj:.4f}", f"{rj:.4f}"]
    result = summarize(truth, pred, scores, labels=["u", "v", "w"])
    rows, header = label_score_rows(result["per_label"], names={"v": "вторая"})
    assert header == ["label", "F1", "AUROC"] and [row[0] for row in rows] == ["u", "вторая", "w"]
    assert [row[1] for row in rows] == [f"{v:.4f}" for v in f1_score(truth, pred, average=None)]
    assert [row[2] for row in rows] == [f"{roc_auc_score(truth[:, j], scores[:, j]):.4f}" for j in range(3)]


def test_counts_measure_rows_by_hand():
    test, more = BinaryCounts(tp=40, fp=10, tn=45, fn=5), BinaryCounts(tp=40, fp=100, tn=450, fn=5)
    rows, header = counts_measure_rows({"test": test, "ten times the negatives": more},
                                       ("recall", "specificity", "precision", "balanced_accuracy"))
    assert header == ["measure", "test", "ten times the negatives"]
    assert rows == [["recall", "0.8889", "0.8889"], ["specificity", "0.8182", "0.8182"],  # 40/45; 45/55
                    ["precision", "0.8000", "0.2857"], ["balanced accuracy", "0.8535", "0.8535"]]  # 40/140
    with using("ru"):
        assert counts_measure_rows({"a": test}, ("f1",))[0] == [["F1-мера", "0,8421"]]  # 80 / 95


def test_invariance_difference_rows_name_the_disagreeing_cells():
    table = InvarianceTable(measures=("m",), changes=("I1", "I2"), invariant={("m", "I1"): True, ("m", "I2"): False},
                            changed={("m", "I1"): (0, 10), ("m", "I2"): (3, 10)},
                            paper={("m", "I1"): False, ("m", "I2"): False})
    assert invariance_difference_rows(table)[0] == [["m", "I1", "invariant", "changes", "0 of 10"]]
    with using("ru"):
        rows, header = invariance_difference_rows(table)
    assert rows == [["m", "I1", "инвариантен", "меняется", "0 из 10"]] and header[2:4] == ["вычислено", "статья"]


def test_group_count_rows_count_each_group_and_its_positives():
    rng = np.random.default_rng(0)
    y = rng.choice(["yes", "no"], 200)
    size, colour = rng.choice(["s", "m", "l"], 200), rng.choice(["red", "blue"], 200)
    rows, header = group_count_rows({"size": size, "colour": colour}, y, "yes")
    assert header == ["attribute", "group", "samples", "yes"]
    expected = [[name, value, sum(1 for g in groups if g == value),
                 sum(1 for g, t in zip(groups, y) if g == value and t == "yes")]
                for name, groups in (("size", size), ("colour", colour)) for value in sorted(set(groups))]
    assert rows == expected and sum(row[2] for row in rows) == 400


def test_timing_rows_from_a_scripted_clock():
    clock = iter(np.array([0, 0, 8, 8, 20, 20, 29, 29, 49, 49, 60, 60]) / 1000).__next__
    run = time_predictions(lambda batch: [0] * len(batch), list("abcde"), batch_size=1, latency_bound=0.015,
                           clock=clock)
    rows, header = timing_rows({("m", 1): run})
    # latencies 8, 12, 9, 20, 11 ms over 60 ms: four within 15 ms, 4 / 0.060 s ≈ 67 per second (6.6.2, 6.6.3)
    p95 = np.percentile([8, 12, 9, 20, 11], 95)
    assert rows == [["m", 1, "12.000", f"{p95:.3f}", "4/5", "67"]]
    assert header[4] == "within 15 ms"
    with using("ru"):
        assert timing_rows({("m", 1): run})[1][4] == "в пределах 15 мс"


def test_interval_rows_show_statsmodels_intervals():
    from statsmodels.stats.proportion import proportion_confint

    from iso4213_nb import stats
    from iso4213_nb.figures.live_intervals import interval_rows

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 80)
    scores = np.clip(0.3 * y + rng.random(80) * 0.7, 0, 1)
    intervals = [("accuracy", stats.proportion_ci(61, 80, method=m)) for m in ("wald", "wilson", "clopper-pearson")]
    intervals.append(("auroc", stats.auroc_ci(y, scores, method="delong")))
    rows, header = interval_rows("model", intervals)
    assert header == ["model", "estimate", "95 % low", "95 % high"]
    for row, method in zip(rows, ("normal", "wilson", "beta")):
        low, high = proportion_confint(61, 80, alpha=0.05, method=method)
        assert row[1:] == ["0.7625", f"{low:.4f}", f"{high:.4f}"]
    assert [row[0] for row in rows] == ["accuracy, Wald interval", "accuracy, Wilson score interval",
                                        "accuracy, Clopper–Pearson exact interval", "AUROC, DeLong interval"]
    assert rows[3][1] == f"{roc_auc_score(y, scores):.4f}"
    with using("ru"):
        assert interval_rows("модель", intervals[:1]) == ([["доля правильных исходов, интервал Вальда", "0,7625", "0,6692",
                                                            "0,8558"]], ["модель", "точечная оценка",
                                                                         "нижняя граница, 95 %", "верхняя граница, 95 %"])


def test_adjustment_rows_show_statsmodels_adjusted_p_values():
    from statsmodels.stats.multitest import multipletests

    from iso4213_nb.figures.measure_tables import adjustment_rows

    pvalues = dict(zip("abcdef", np.random.default_rng(3).random(6) ** 3))
    rows, header = adjustment_rows(pvalues, ("bonferroni", "holm", "bh"), alpha=0.05)
    assert header == ["test", "p", "Bonferroni", "Holm", "Benjamini–Hochberg"]
    columns = [multipletests(list(pvalues.values()), alpha=0.05, method=m)[:2] for m in ("bonferroni", "holm", "fdr_bh")]
    for i, (row, p) in enumerate(zip(rows, pvalues.values())):
        assert row[:2] == [list(pvalues)[i], f"{p:.4f}"]
        assert row[2:] == [f"{adjusted[i]:.4f}" + (" *" if rejected[i] else "") for rejected, adjusted in columns]
