"""The one registry of measures: key, clause, name, symbol, formula, kind, direction and when undefined (clause 6, 5.3.9).

Every table, widget, report section, CLI table, the glossary, the kernel-free
explorer and the book's measures page take a measure's name and clause from
:data:`MEASURES`; no other module spells them.  This module holds data only:
the English names are translated where they are shown
(:mod:`iso4213_nb.words.measures`), and :mod:`iso4213_nb.words.catalogue`
collects them for the catalogues.

Clause numbers are those of TS 4213:2022 (the same in the ISO text, IS/ISO/IEC
TS 4213 and ПНСТ 835-2023): 6.2.2 confusion matrix, 6.2.3 accuracy, 6.2.4
precision, recall and specificity, 6.2.5 F1, 6.2.6 F_β, 6.2.7 KL divergence;
6.3.3 binary accuracy, 6.3.5 binary KL, 6.3.6 ROC/AUROC, 6.3.7 PR curve and its
areas, 6.3.8 gain, 6.3.9 lift; 6.4.3 averages over classes, 6.4.4 multi-class
KL; 6.5.2–6.5.5 multi-label; 6.6.2–6.6.5 computational; 5.3.9 Cohen's kappa.
A measure the standard does not define has ``clause=None`` and names its
``source``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Kinds of measure: from the counts of predicted labels, from scores at every threshold, from ranks of scores,
#: from probabilities, from resources (time, energy).
KINDS = ("count proportion", "count score", "score-based", "rank-based", "probability", "computational")


@dataclass(frozen=True)
class Measure:
    """One measure of the registry (clause 6; beyond TS 4213 where ``clause`` is None).

    Attributes
    ----------
    key : str
        The code used in results, ``report.json`` and ``data-measure`` attributes.
    clause : str or None
        Sub-clause of TS 4213 defining it; None for a measure beyond the standard.
    name : str
        English name (translated where shown; its Russian is in the catalogue).
    symbol, formula : str
        Short symbol and formula in counts or scores (plain text).
    kind : str
        One of :data:`KINDS`.
    better : str
        ``"higher"`` or ``"lower"``: which direction is better.
    also : tuple of str
        Further sub-clauses that apply the measure (the binary case of 6.3, classes of 6.4, labels of 6.5).
    undefined : str or None
        Reason code of :mod:`iso4213_nb.words.reasons` when the measure has no value, None if always defined.
    source : str or None
        Where a measure beyond TS 4213 is defined.
    """

    key: str
    clause: str | None
    name: str
    symbol: str
    formula: str
    kind: str
    better: str = "higher"
    also: tuple[str, ...] = ()
    undefined: str | None = "empty_denominator"
    source: str | None = None


_MEASURES = (
    Measure("confusion_matrix", "6.2.2", "confusion matrix", "C", "C[i, j] = samples of one class given another",
            "count proportion", also=("6.3.2",), undefined=None),
    Measure("accuracy", "6.2.3", "accuracy", "Acc", "(TP + TN) / N", "count proportion", also=("6.3.3", "6.4.2"),
            undefined="no_samples"),
    Measure("binary_accuracy", "6.3.3", "binary accuracy", "Acc", "(TP + TN) / N", "count proportion", undefined="no_samples"),
    Measure("precision", "6.2.4", "precision", "P", "TP / (TP + FP)", "count proportion", also=("6.3.4", "6.3.7", "6.4.3"),
            undefined="no_predicted_positives"),
    Measure("recall", "6.2.4", "recall", "R", "TP / (TP + FN)", "count proportion",
            also=("6.3.4", "6.3.6", "6.3.7", "6.4.3"),
            undefined="no_positives"),
    Measure("specificity", "6.2.4", "specificity", "S", "TN / (TN + FP)", "count proportion", also=("6.3.4", "6.3.6", "6.4.3"),
            undefined="no_negatives"),
    Measure("f1", "6.2.5", "F1", "F1", "2TP / (2TP + FP + FN)", "count score", also=("6.3.4", "6.4.3"),
            undefined="no_actual_or_predicted_positives"),
    Measure("fbeta", "6.2.6", "Fβ", "Fβ", "(1 + β²)TP / ((1 + β²)TP + β²FN + FP)", "count score", also=("6.3.4",)),
    Measure("f2", "6.2.6", "F2", "F2", "5TP / (5TP + 4FN + FP)", "count score", also=("6.3.4",)),
    Measure("f0_5", "6.2.6", "F0.5", "F0.5", "1.25TP / (1.25TP + 0.25FN + FP)", "count score", also=("6.3.4",)),
    Measure("kl_divergence", "6.2.7", "KL divergence", "D_KL", "Σ t_i ln(t_i / p_i)", "count score",
            better="lower", also=("6.3.5", "6.4.4", "6.5.5"),
            undefined="infinite_divergence"),
    Measure("auroc", "6.3.6", "AUROC", "AUROC", "area under the ROC curve", "rank-based", also=("6.4.3",),
            undefined="one_class"),
    Measure("average_precision", "6.3.7", "average precision", "AP", "Σ (R_k − R_(k−1)) P_k", "score-based",
            undefined="no_positives"),
    Measure("auprc_trapezoid", "6.3.7", "AUPRC, trapezoid rule", "AUPRC", "trapezoid area under the PR curve",
            "score-based", undefined="no_positives"),
    Measure("gain_area", "6.3.8", "gain curve area", "AUGC", "area under the cumulative response curve",
            "score-based", undefined="no_positives"),
    Measure("lift", "6.3.9", "lift at the operating point", "lift", "precision / prevalence", "count score",
            undefined="no_predicted_positives"),
    Measure("macro_f1", "6.4.3", "macro F1", "F1_macro", "mean of the classes' F1", "count score"),
    Measure("macro_recall", "6.4.3", "macro recall", "R_macro", "mean of the classes' recall", "count proportion",
            undefined="average_needs_every_class"),
    Measure("weighted_f1", "6.4.3", "weighted F1", "F1_weighted", "Σ (n_i / N) F1_i", "count score"),
    Measure("micro_f1", "6.4.3", "micro F1", "F1_micro", "F1 of the summed counts", "count score"),
    Measure("hamming_loss", "6.5.2", "Hamming loss", "HL", "(FP + FN) / (N · L)", "count proportion",
            better="lower", undefined="no_samples"),
    Measure("exact_match_ratio", "6.5.3", "exact match ratio", "EMR", "samples with every label right / N",
            "count proportion", undefined="no_samples"),
    Measure("jaccard_dataset", "6.5.4", "Jaccard index, data-set level", "J", "Σ|Y ∩ Ŷ| / Σ|Y ∪ Ŷ|", "count score",
            undefined="empty_union"),
    Measure("jaccard_samples", "6.5.4", "Jaccard index, sample level", "J_s", "(1/N) Σ |Y ∩ Ŷ| / |Y ∪ Ŷ|",
            "count score", undefined="empty_union"),
    Measure("label_kl_divergence", "6.5.5", "KL divergence of the label shares", "D_KL", "Σ p_l ln(p_l / t_l)",
            "count score", better="lower", undefined="infinite_divergence"),
    Measure("latency", "6.6.2", "mean classification latency", "T_lat", "(1/N) Σ (T_mr − T_di)", "computational",
            better="lower", undefined="no_samples"),
    Measure("throughput", "6.6.3", "classification throughput", "TP_cla", "N_cla / (T_e − T_b)", "computational",
            undefined="zero_duration"),
    Measure("efficiency", "6.6.4", "computational efficiency", "E", "operations per second and per watt",
            "computational", undefined="zero_energy"),
    Measure("energy", "6.6.5", "energy consumption", "J", "∫ P(t) dt", "computational", better="lower",
            undefined=None),
    Measure("cohen_kappa", "5.3.9", "Cohen's kappa", "κ", "(p_o − p_e) / (1 − p_e)", "count score",
            undefined="chance_agreement_one"),
    Measure("false_positive_rate", "3.2.12", "false positive rate", "FPR", "FP / (FP + TN)", "count proportion",
            better="lower", also=("6.3.6",), undefined="no_negatives"),
    Measure("matthews_correlation", None, "Matthews correlation", "MCC",
            "(TP·TN − FP·FN) / √((TP+FP)(TP+FN)(TN+FP)(TN+FN))", "count score",
            undefined="empty_margin", source="Matthews (1975), Biochim. Biophys. Acta 405"),
    Measure("balanced_accuracy", None, "balanced accuracy", "BA", "(recall + specificity) / 2", "count score",
            source="Brodersen et al. (2010), ICPR"),
    Measure("balanced_accuracy_adjusted", None, "balanced accuracy adjusted for chance", "BA_adj",
            "(BA − 1/k) / (1 − 1/k), k classes in the true labels: 0 at chance, 1 when perfect", "count score",
            undefined="one_class", source="scikit-learn's balanced_accuracy_score(adjusted=True)"),
    Measure("cohen_kappa_linear", None, "weighted kappa, linear weights", "κ_lin",
            "1 − Σ w·O / Σ w·E with w = |i − j| (classes in the order listed)", "count score",
            undefined="chance_agreement_one", source="Cohen (1968), Psychological Bulletin 70"),
    Measure("cohen_kappa_quadratic", None, "weighted kappa, quadratic weights", "κ_quad",
            "1 − Σ w·O / Σ w·E with w = (i − j)² (classes in the order listed)", "count score",
            undefined="chance_agreement_one", source="Cohen (1968), Psychological Bulletin 70"),
    Measure("negative_predictive_value", None, "negative predictive value", "NPV", "TN / (TN + FN)",
            "count proportion", undefined="no_predicted_negatives", source="ISO/IEC TR 24029-1 (Lee 2023)"),
    Measure("miss_rate", None, "miss rate", "FNR", "FN / (FN + TP)", "count proportion", better="lower",
            undefined="no_positives", source="ISO/IEC TR 24029-1 (Lee 2023)"),
    Measure("false_discovery_rate", None, "false discovery rate", "FDR", "FP / (FP + TP)", "count proportion",
            better="lower", undefined="no_predicted_positives", source="Sokolova & Lapalme (2009)"),
    Measure("false_omission_rate", None, "false omission rate", "FOR", "FN / (FN + TN)", "count proportion",
            better="lower", undefined="no_predicted_negatives", source="Sokolova & Lapalme (2009)"),
    Measure("positive_likelihood_ratio", None, "positive likelihood ratio", "LR+", "recall / false positive rate",
            "count score", undefined="unbounded_lr_plus", source="Sokolova & Lapalme (2009)"),
    Measure("negative_likelihood_ratio", None, "negative likelihood ratio", "LR−", "miss rate / specificity",
            "count score", better="lower", undefined="unbounded_lr_minus", source="Sokolova & Lapalme (2009)"),
    Measure("diagnostic_odds_ratio", None, "diagnostic odds ratio", "DOR", "(TP · TN) / (FP · FN)", "count score",
            undefined="unbounded_diagnostic_odds_ratio", source="Glas et al. (2003)"),
    Measure("prevalence", None, "prevalence", "π", "(TP + FN) / N", "count proportion", undefined="no_samples",
            source="a property of the data, not of the model; TS 4213 6.3.7 draws it as the PR curve's baseline"),
    Measure("brier", None, "Brier score", "BS", "(1/N) Σ (s_i − y_i)²", "probability", better="lower",
            undefined="no_samples", source="Brier (1950), Monthly Weather Review 78"),
    Measure("log_loss", None, "log loss", "LL", "−(1/N) Σ ln s_i(y_i)", "probability", better="lower",
            undefined="no_samples", source="scikit-learn's log_loss"),
    Measure("top_label_brier", None, "Brier score of the top label", "BS_top", "(1/N) Σ (max_j s_ij − [ŷ_i = y_i])²",
            "probability", better="lower", undefined="no_samples",
            source="Brier (1950) of the event \"the highest-scored class is the true one\" (Guo et al. 2017)"),
    Measure("top_label_log_loss", None, "log loss of the top label", "LL_top",
            "−(1/N) Σ ln(max_j s_ij if ŷ_i = y_i else 1 − max_j s_ij)", "probability", better="lower",
            undefined="no_samples",
            source="scikit-learn's log_loss of the event \"the highest-scored class is the true one\" (Guo et al. 2017)"),
)

#: Every measure by key.
MEASURES: dict[str, Measure] = {m.key: m for m in _MEASURES}

#: A sub-clause number of TS 4213 as the package writes it (``6.2.4``, ``5.3.9``).
CLAUSE = re.compile(r"\b[5-8]\.\d{1,2}\.\d{1,2}\b")


def measure(key: str) -> Measure:
    """The registry entry of ``key`` (clause 6); a KeyError names an unknown key."""
    return MEASURES[key]


def clause(key: str) -> str | None:
    """The sub-clause of TS 4213 defining measure ``key``, or None beyond the standard (clause 6)."""
    return MEASURES[key].clause


def clauses_of(name: str) -> set[str]:
    """Every clause the registry gives to a measure whose English name is ``name``, its own and ``also`` (clause 6)."""
    return {c for m in _MEASURES if m.name == name and m.clause for c in (m.clause, *m.also)}
