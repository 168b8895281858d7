"""The glossary: every term resolves to a function in iso4213_nb and computes the right number.

Expected values are hand computations on one binary split, Annex A's printed
Table A.4, and scikit-learn on small inputs.
"""

import math

import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score, roc_auc_score

from scipy.stats import pearsonr
from sklearn.metrics import hamming_loss, jaccard_score

from iso4213_nb import BinaryCounts, ConfusionMatrix, InputError
from iso4213_nb.words import glossary
from iso4213_nb.words.i18n import using
from iso4213_nb.measures.computational import energy, time_predictions
from iso4213_nb.measures.curves import BinaryScores

C = BinaryCounts(tp=40, fp=10, tn=45, fn=5)
# Hand computations for C, keyed by (target, args).
BY_HAND = {
    "recall": 40 / 45, "precision": 40 / 50, "specificity": 45 / 55, "binary_accuracy": 85 / 100,
    "false_positive_rate": 10 / 55, "miss_rate": 5 / 45, "f1": 80 / 95, "negative_predictive_value": 45 / 50,
    "false_discovery_rate": 10 / 50, "false_omission_rate": 5 / 50,
    "positive_likelihood_ratio": (40 / 45) / (10 / 55), "negative_likelihood_ratio": (5 / 45) / (45 / 55),
    "diagnostic_odds_ratio": (40 * 45) / (10 * 5), "balanced_accuracy": (40 / 45 + 45 / 55) / 2,
    "fbeta(2.0,)": 5 * 40 / (5 * 40 + 4 * 5 + 10), "fbeta(1.0,)": 80 / 95,
    "f_alpha_beta(1.0, 4.0)": 5 * 40 / (5 * 40 + 4 * 5 + 10),
    "__getitem__('tp',)": 40, "__getitem__('fp',)": 10, "__getitem__('tn',)": 45, "__getitem__('fn',)": 5,
}

ANNEX_A = ConfusionMatrix.from_counts([[400, 150, 14], [23, 3800, 144], [13, 355, 65]], labels="ABC",
                                      rows="predicted")
Y = np.array([0, 0, 1, 1, 0, 1, 1, 0, 1, 0])
S = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.9, 0.6, 0.7, 0.3, 0.05])
ROWS = np.array([[3, 1, 5, 1], [2, 0, 7, 1], [4, 2, 3, 1]])
LABELS_TRUE = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]])
LABELS_PRED = np.array([[1, 0, 0], [0, 1, 0], [1, 0, 0], [0, 1, 1]])
ACTUAL, PREDICTED = [1.0, 2.0, 3.0, 4.0], [1.5, 1.5, 3.5, 3.0]


def _timing():
    ticks = iter(np.arange(0.0, 100.0, 0.25))  # a fake clock: each call is 0.25 s later
    return time_predictions(lambda batch: batch, np.arange(8), batch_size=2, clock=lambda: float(next(ticks)))


def _inputs(kind):
    return {
        "counts": (C,),
        "matrix": (ANNEX_A,),
        "scores": (BinaryScores(Y, S),),
        "class_counts": ([436, 4305, 223], [564, 3967, 433]),
        "count_rows": (ROWS,),
        "fractions": ([0.5, 0.3, 0.2], [0.4, 0.4, 0.2]),
        "paired": ([12.1, 13.4, 11.8, 12.9, 13.0], [11.0, 12.2, 11.9, 11.7, 12.1]),  # e.g. latencies (ms)
        "groups": ([0.81, 0.83, 0.80, 0.85], [0.79, 0.80, 0.81, 0.80], [0.70, 0.72, 0.71, 0.69]),
        "table": ([[30, 12], [4, 20]],),
        "pvalues": ([0.01, 0.02, 0.04, 0.3],),
        "annotations": (["a", "b", "a", "a", "b", "c"], ["a", "b", "b", "a", "b", "c"]),
        "labels": (["a", "b", "a", "a"],),
        "indicators": (LABELS_TRUE, LABELS_PRED),
        "timing": (_timing(),),
        "energy": (energy(100, 80, joules=50.0),),
        "values": (ACTUAL, PREDICTED),
        "five_by_two": (np.array([[0.02, 0.01], [0.03, -0.01], [0.00, 0.02], [0.01, 0.01], [0.02, 0.03]]),),
        "proportion": (85, 100),
    }[kind]


@pytest.mark.parametrize("term", glossary.TERMS, ids=lambda t: f"{t.name} [{t.source}]")
def test_every_term_resolves_and_computes(term):
    assert term.takes in glossary.INPUTS
    fn = term.resolve()
    assert callable(fn)
    value = term(*_inputs(term.takes))
    assert value is not None
    key = term.target.rsplit(".", 1)[1] + (repr(term.args) if term.args else "")
    if term.takes == "counts":
        assert key in BY_HAND, f"no hand value for {key}"
        assert value == pytest.approx(BY_HAND[key]), term.name


def test_annex_a_macro_weighted_micro_f1_through_names():
    assert round(100 * glossary.term("macro-average F1 (M_AC,F1)")(ANNEX_A), 2) == 63.90
    assert round(100 * glossary.term("средневзвешенное значение F1-меры")(ANNEX_A), 2) == 87.60
    assert round(100 * glossary.term("micro-average F1 (M_IC,F1)")(ANNEX_A), 2) == 85.92
    assert round(100 * glossary.term("доля правильных исходов")(ANNEX_A), 2) == 85.92


def test_scores_and_agreement_terms_match_sklearn():
    assert glossary.term("AUROC")(BinaryScores(Y, S)) == pytest.approx(roc_auc_score(Y, S))
    a, b = _inputs("annotations")
    assert glossary.term("Cohen's kappa coefficient")(a, b).statistic == pytest.approx(cohen_kappa_score(a, b))


def test_multilabel_interpolation_and_energy_terms_by_hand_and_sklearn():
    assert glossary.term("Hamming loss", source="6.5.2")(LABELS_TRUE, LABELS_PRED) == pytest.approx(hamming_loss(LABELS_TRUE, LABELS_PRED))
    assert glossary.term("коэффициент точного совпадения")(LABELS_TRUE, LABELS_PRED) == pytest.approx(1 / 4)  # only the second sample
    assert glossary.term("индекс Жаккара")(LABELS_TRUE, LABELS_PRED) == pytest.approx(
        jaccard_score(LABELS_TRUE, LABELS_PRED, average="micro"))
    assert glossary.term("RMSE")(ACTUAL, PREDICTED) == pytest.approx(math.sqrt((0.25 + 0.25 + 0.25 + 1) / 4))
    assert glossary.term("MAXERR")(ACTUAL, PREDICTED) == pytest.approx(1.0)
    assert glossary.term("PCC")(ACTUAL, PREDICTED) == pytest.approx(pearsonr(ACTUAL, PREDICTED)[0])
    assert glossary.term("J_PF")(energy(100, 80, joules=50.0)) == pytest.approx(0.5)
    assert glossary.term("J_PI")(energy(100, 80, joules=50.0)) == pytest.approx(50 / 80)
    assert glossary.term("скорость работы")(_timing()) > 0


def test_clt_interval_by_hand():
    low, high = glossary.term("central limit theorem")(85, 100)
    half = 1.959964 * math.sqrt(0.85 * 0.15 / 100)
    assert (low, high) == pytest.approx((0.85 - half, 0.85 + half), abs=1e-6)
    assert glossary.term("ЦПТ").args == ("wald",)


def test_sokolova_macro_fscore_differs_from_ts4213_macro_f1():
    sl = glossary.term("Fscore_M")(ROWS)
    p = np.mean([3 / 4, 2 / 2, 4 / 6])
    r = np.mean([3 / 4, 2 / 3, 4 / 5])
    assert sl == pytest.approx(2 * p * r / (p + r))
    assert not math.isclose(sl, np.mean([6 / 8, 4 / 5, 8 / 11]))


def test_ambiguous_names_need_a_source():
    with pytest.raises(InputError, match="means different things"):
        glossary.term("Accuracy")
    assert glossary.term("Accuracy", source="Table A.3").target.endswith("recall")
    assert glossary.term("accuracy", source="3.2.6").target.endswith("ConfusionMatrix.accuracy")
    assert glossary.term("AUC", source="Sokolova").target.endswith("balanced_accuracy")


def test_lookup_folds_case_dashes_and_yo():
    assert glossary.lookup("ПОЛНОТА")[0].target == "iso4213_nb.measures.counts.recall"
    assert glossary.lookup("R_T-")[0].target == "iso4213_nb.measures.counts.specificity"  # ASCII hyphen for minus
    assert glossary.lookup("fall out")[0].target == "iso4213_nb.measures.counts.false_positive_rate"
    assert glossary.lookup("макроусреднённое значение F1-меры")  # ё as printed in some copies
    with pytest.raises(InputError, match="no glossary entry for 'kappa-ish'"):
        glossary.term("kappa-ish")


def test_the_names_standard_notes_lists_map_to_one_function_each():
    groups = {
        "iso4213_nb.measures.counts.recall": ["recall", "sensitivity", "true positive rate", "hit rate", "R_T+", "полнота"],
        "iso4213_nb.measures.counts.precision": ["precision", "positive predictive value", "V_P+", "точность"],
        "iso4213_nb.measures.counts.specificity": ["specificity", "selectivity", "true negative rate", "R_T−"],
        "iso4213_nb.measures.counts.false_positive_rate": ["fall-out", "false positive rate", "R_F+"],
    }
    for target, names in groups.items():
        for name in names:
            assert glossary.term(name).target == target, name
    assert glossary.term("доля правильных исходов").target.endswith("ConfusionMatrix.accuracy")


def test_every_source_document_is_represented():
    sources = {t.source.split(" ")[0] for t in glossary.TERMS}
    assert {"TS", "ПНСТ", "TR", "Sokolova"} <= sources


def test_resolve_rejects_outside_and_missing_targets():
    with pytest.raises(InputError, match="inside iso4213_nb"):
        glossary.resolve("os.remove")
    with pytest.raises(InputError, match="does not exist"):
        glossary.resolve("iso4213_nb.measures.counts.no_such_measure")


def test_the_glossary_is_keyed_by_the_terms_a_learner_looks_up():
    concepts = glossary.by_concept()
    words = [word for word, _ in concepts]
    assert words == sorted(words, key=lambda w: (glossary.normalise(w)))
    headwords = {terms[0].target + repr(terms[0].args): word for word, terms in concepts}
    assert headwords["iso4213_nb.measures.counts.recall()"] == "recall"  # not Table A.3's "Accuracy" row
    assert headwords["iso4213_nb.measures.counts.precision()"] == "precision"
    assert headwords["iso4213_nb.measures.confusion.ConfusionMatrix.accuracy()"] == "accuracy"
    assert headwords["iso4213_nb.measures.curves.BinaryScores.auroc()"] == "AUROC"
    assert len(concepts) == len({(t.target, t.args) for t in glossary.TERMS})
    assert all(word in {t.name for t in terms} for word, terms in concepts)


def test_three_languages_reach_the_same_function():
    """One concept, three names: TS 4213 (English), ПНСТ 835-2023 (Russian), Lee 2023 (Korean or TR symbol)."""
    assert glossary.term("false positive").target == glossary.term("ложноположительный образец").target
    assert glossary.term("위양성").args == glossary.term("false positive").args == ("fp",)
    assert glossary.term("진양성")(C) == glossary.term("истинно положительный образец")(C) == 40
    assert glossary.term("площадь под ROC-кривой").target == glossary.term("AUROC", source="TS").target


def test_every_english_measure_has_a_russian_name():
    russian = {(t.target, t.args) for t in glossary.TERMS if t.source.startswith(glossary.RU)}
    english = {(t.target, t.args) for t in glossary.TERMS if t.source.startswith(glossary.TS)}
    assert english - russian == set()


def test_differences_are_listed_with_clauses_and_on_the_book_page():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "book" / "explanation" / "russian-edition.md").read_text()
    assert len(glossary.DIFFERENCES) >= 10
    for d in glossary.DIFFERENCES:
        assert f"| {d.clause} | {d.english} | {d.russian} | {d.difference} |" in page
    assert any(d.russian == "отрицательный побочный эффект" for d in glossary.DIFFERENCES)


def test_names_by_value_groups_synonyms_by_the_value_they_compute():
    c = BinaryCounts(tp=40, fp=10, tn=45, fn=5)
    groups = glossary.names_by_value(c)
    assert {"recall", "sensitivity", "полнота", "R_T+"} <= set(groups["0.8889"])  # 40 / 45
    assert {"precision", "точность"} <= set(groups["0.8000"])  # 40 / 50
    assert "F1 score" in groups["0.8421"]  # 2·40 / (2·40 + 10 + 5)
    assert groups["40"][0] == "true positive"
    assert all(len(names) == len(set(names)) for names in groups.values())
    with using("ru"):
        assert "полнота" in glossary.names_by_value(c)["0,8889"]


def test_concept_rows_and_lookup_rows_name_the_function_a_reader_calls():
    rows = glossary.concept_rows(("TS 4213", "ПНСТ 835-2023"))
    assert len(rows) == len({(t.target, t.args) for t in glossary.TERMS})
    recall = next(row for row in rows if row[3] == "measures.counts.recall")
    assert "полнота" in recall[2].split("; ") and "recall" in recall[1].split("; ")
    found = glossary.lookup_rows("False Discovery Rate")
    assert [row[2] for row in found] == ["stats.adjust_pvalues('bh',)", "measures.counts.false_discovery_rate"]
    assert glossary.call(glossary.term("macro-average F1 (M_AC,F1)")) == "measures.confusion.ConfusionMatrix.average('f1', 'macro')"
