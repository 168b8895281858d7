"""The report's tables as rows (``report.render``), which the report page and notebook 09 both print: each row
against scikit-learn and statsmodels on random inputs, and in Russian words."""

import numpy as np
import pytest
from sklearn.metrics import confusion_matrix, roc_curve
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests

from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.report import content, render
from iso4213_nb.stats import mcnemar_table
from iso4213_nb.words.i18n import using


@pytest.mark.parametrize("seed", range(5))
def test_operating_point_rows_show_the_counts_scikit_learn_finds(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 300)
    y[:2] = [0, 1]
    scores = np.round(np.clip(0.3 * y + rng.normal(0.35, 0.2, 300), 0, 1), 3)
    rows, header = render.operating_point_rows(content.operating_points(BinaryScores(y, scores)))
    assert header == ["operating point", "how it is chosen", "threshold", "TP", "FP", "TN", "FN", "TPR", "FPR"]
    assert [row[0] for row in rows] == ["threshold 0.5", "Youden-optimal", "TPR ≥ 0.9", "FPR ≤ 0.1"]
    # each row's threshold is the one its rule picks on scikit-learn's ROC curve (thresholds descending):
    # Youden's largest TPR − FPR (ties: the highest threshold), the highest threshold whose TPR reaches 0.9,
    # the lowest threshold whose FPR is at most 0.1 (6.3.6)
    fpr, tpr, thresholds = roc_curve(y, scores, drop_intermediate=False)
    picked = [thresholds[np.argmax(tpr - fpr)], thresholds[np.flatnonzero(tpr >= 0.9)[0]],
              thresholds[np.flatnonzero(fpr <= 0.1)[-1]]]
    assert [row[2] for row in rows[1:]] == [f"{t:.4f}" for t in picked]
    for row in rows:
        threshold = float(row[2])
        tn, fp, fn, tp = confusion_matrix(y, (scores >= threshold).astype(int), labels=[0, 1]).ravel()
        assert row[3:7] == [str(tp), str(fp), str(tn), str(fn)]
        assert row[7:] == [f"{tp / (tp + fn):.4f}", f"{fp / (fp + tn):.4f}"]
    assert rows[0][2] == "0.5000"


def test_operating_point_rows_in_russian():
    with using("ru"):
        rows, header = render.operating_point_rows([{"name": "youden", "rule": "max_youden", "threshold": 0.25,
                                                     "tp": 9, "fp": 1, "tn": 1234, "fn": 3, "tpr": 0.75,
                                                     "fpr": 1 / 1235}])
    assert header[:3] == ["рабочая точка", "как выбрана", "порог"]
    assert rows == [["оптимум по Юдену", "наибольшее TPR − FPR (при равенстве — наибольший порог)", "0,2500", "9", "1",
                     "1\u00a0234", "3", "0,7500", "0,0008"]]


@pytest.mark.parametrize("seed", range(3))
def test_comparison_rows_show_statsmodels_mcnemar_and_holm(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 200)
    pred = {name: np.where(rng.random(200) < right, y, 1 - y) for name, right in (("a", 0.8), ("b", 0.7), ("c", 0.75))}
    comp = content.pair_comparisons(list(pred), lambda a, b: mcnemar_table(y, pred[a], pred[b]), lambda a, b: None)
    rows, header = render.comparison_rows(comp["tests"])
    assert len(header) == 7 and [r[0] for r in rows] == ["a vs b", "a vs c", "b vs c"]
    with using("ru"):
        named = render.comparison_rows(comp["tests"], names={"a": "первая", "c": "третья"})[0]
    assert [r[0] for r in named] == ["первая и b", "первая и третья", "b и третья"]
    expected = []
    for (a, b), t in zip((("a", "b"), ("a", "c"), ("b", "c")), comp["tests"]):
        ra, rb = pred[a] == y, pred[b] == y
        table = [[np.sum(ra & rb), np.sum(ra & ~rb)], [np.sum(~ra & rb), np.sum(~ra & ~rb)]]
        exact = t["method"] == "exact"
        found = sm_mcnemar(table, exact=exact, correction=True)
        expected.append((str(int(found.statistic)) if exact else f"{found.statistic:.4f}", found.pvalue))
    rejected, adjusted, _, _ = multipletests([p for _, p in expected], alpha=0.05, method="holm")
    for row, (statistic, p), adj, rej in zip(rows, expected, adjusted, rejected):
        assert "McNemar" in row[2]
        assert row[3:] == [statistic, f"{p:.4f}", f"{adj:.4f}", "yes" if rej else "no"]


def test_status_rows_and_the_report_table_say_the_same():
    items = [{"clause": "5.1", "id": "process", "status": "filled"},
             {"clause": "5.3.14", "id": "context", "status": "missing"}]
    with using("ru"):
        rows, header = render.status_rows(items)
        page = render.status_table({"items": items})
    assert header == ["пункт", "что указывается", "состояние"]
    assert rows == [["5.1", "пять шагов процесса оценки", "заполнено"],
                    ["5.3.14", "система, в которой работает модель, и ее контекст", "отсутствует"]]
    assert '<td class="status-missing" data-item="context">отсутствует</td>' in page
    assert page.count("<tr>") == 3 and "<th>пункт</th>" in page


def test_report_item_rows_list_the_eight_items_of_clause_8_and_who_fills_them():
    rows, header = render.report_item_rows()
    assert header == ["what it states", "who fills it"] and len(rows) == 8  # clause 8 lists eight items
    assert [who for _, who in rows].count("computed") == 2  # counts at operating points; cost of inference
    assert rows[5] == ["true and false positive counts at representative operating points", "computed"]
    with using("ru"):
        rows, header = render.report_item_rows()
    assert header == ["что сообщает пункт", "кто заполняет"] and {who for _, who in rows} == {"оценщик", "вычисляется"}
