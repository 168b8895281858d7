"""Every name the five source documents give a measure or test, mapped to the one function that computes it.

The documents name the same quantity differently: TS 4213 (terms of 3.2 and
the headings of clauses 6–7), its Russian adoption ПНСТ 835-2023, the symbols
of ISO/IEC TR 24029-1 as tabulated by Lee 2023 (R_T+, V_P+, ...), and the
measure names of Sokolova & Lapalme 2009.  :data:`TERMS` holds one
:class:`Term` per (name, source) with the dotted path of the function and
the kind of input it takes (:data:`INPUTS`).  :func:`lookup` finds terms by
name in any language; :func:`term` gives the one term behind a name, which is callable.

One name can mean different things in different documents: "Accuracy" in
Table A.3 is per-class accuracy (recall, 6.4.2), while "accuracy" in 3.2.6 is
the overall share of correct predictions; "AUC" in Sokolova & Lapalme is
(recall + specificity) / 2, not an area under a ROC curve.  Such names have one
term per source, each with its own function.
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from dataclasses import dataclass

from ..core.errors import InputError
from .i18n import number

#: What each kind of input is; a term's function is called as ``f(*inputs, *term.args)``.
INPUTS = {
    "counts": "one BinaryCounts (tp, fp, tn, fn of a binary or one-vs-rest split)",
    "matrix": "a ConfusionMatrix",
    "scores": "a curves.BinaryScores (true labels and scores)",
    "class_counts": "true class counts, predicted class counts",
    "count_rows": "an (m, 4) array of tp, fp, tn, fn rows (per class, per sample or per label)",
    "fractions": "true cause fractions, predicted cause fractions",
    "paired": "two arrays of paired scores (e.g. per-fold accuracies of two models)",
    "groups": "two or more arrays of scores",
    "table": "a 2×2 table of counts",
    "pvalues": "an array of p-values",
    "annotations": "two annotators' labels of the same samples",
    "labels": "one array of true labels",
    "indicators": "true and predicted label-indicator matrices (samples × labels)",
    "timing": "a computational.TimingResult",
    "energy": "a computational.EnergyResult",
    "values": "actual values, predicted values (interpolation)",
    "five_by_two": "a 5 × 2 array of score differences from five repetitions of two-fold cross-validation",
    "proportion": "number of successes, number of trials",
}

TS = "TS 4213"
RU = "ПНСТ 835-2023"
TR = "TR 24029-1 (Lee 2023)"
SL = "Sokolova & Lapalme 2009"


@dataclass(frozen=True)
class Term:
    """One name (or symbol) as one document prints it, e.g. ``"полнота"`` in ``source`` ``"ПНСТ 835-2023 3.2.10"``.

    ``target`` is the dotted path of the function (a method, ``module.Class.method``, is called with the instance
    first), ``takes`` a key of :data:`INPUTS`, ``args`` the extra positional arguments after the inputs (e.g.
    ``("f1", "macro")``), and ``note`` says why, where the name is a trap.
    """

    name: str
    source: str
    target: str
    takes: str
    args: tuple = ()
    note: str = ""

    def resolve(self):
        """The function at :attr:`target`."""
        return resolve(self.target)

    def __call__(self, *inputs):
        """Compute the quantity: ``target(*inputs, *args)``."""
        return self.resolve()(*inputs, *self.args)


_M = "iso4213_nb.measures.counts."
_GET = "iso4213_nb.measures.counts.BinaryCounts.__getitem__"
_CM = "iso4213_nb.measures.confusion.ConfusionMatrix."
_BS = "iso4213_nb.measures.curves.BinaryScores."
_D = "iso4213_nb.measures.distribution."
_INV = "iso4213_nb.measures.invariance."
_ST = "iso4213_nb.stats."
_ML = "iso4213_nb.measures.multilabel."
_TM = "iso4213_nb.measures.computational.TimingResult."
_EN = "iso4213_nb.measures.computational.EnergyResult."
_IP = "iso4213_nb.measures.interpolation."


def _synonyms(names: tuple[str, ...], source: str, target: str, takes: str, args: tuple = ()) -> tuple[Term, ...]:
    """One :class:`Term` per name, all of one source, function and input."""
    return tuple(Term(name, source, target, takes, args) for name in names)


TERMS: tuple[Term, ...] = (
    # ---- TS 4213, terms of 3.2 and the measures of clause 6
    Term("true positive", f"{TS} 3.2.4", _GET, "counts", ("tp",)),
    Term("true negative", f"{TS} 3.2.5", _GET, "counts", ("tn",)),
    *_synonyms(("false positive", "false alarm", "type I error"), f"{TS} 3.2.3", _GET, "counts", ("fp",)),
    *_synonyms(("false negative", "miss", "type II error"), f"{TS} 3.2.2", _GET, "counts", ("fn",)),
    Term("accuracy", f"{TS} 3.2.6, 6.2.3, 6.4.2", _CM + "accuracy", "matrix",
         note="overall share of correct predictions; for two classes equal to (TP + TN) / N"),
    Term("accuracy for binary classification", f"{TS} 6.3.3", _M + "binary_accuracy", "counts"),
    Term("Binary Accuracy", f"{TS} Table A.3", _M + "binary_accuracy", "counts",
         note="(TP + TN) / N of one class against the rest; not the overall accuracy"),
    Term("Accuracy", f"{TS} 6.4.2, Table A.3", _M + "recall", "counts",
         note="Table A.3's 'Accuracy' row is per-class accuracy, which 6.4.2 equates with recall"),
    Term("confusion matrix", f"{TS} 3.2.7, 6.2.2", "iso4213_nb.measures.confusion.ConfusionMatrix.matrix", "matrix",
         ("predicted",), note="6.2.2 prints predicted classes in rows; the package asks for rows= every time"),
    Term("precision", f"{TS} 3.2.9, 6.2.4", _M + "precision", "counts"),
    Term("positive predictive value", f"{TS} 3.2.9", _M + "precision", "counts"),
    Term("recall", f"{TS} 3.2.10, 6.2.4", _M + "recall", "counts"),
    *_synonyms(("true positive rate", "sensitivity", "hit rate"), f"{TS} 3.2.10", _M + "recall", "counts"),
    Term("specificity", f"{TS} 3.2.11, 6.2.4", _M + "specificity", "counts"),
    *_synonyms(("selectivity", "true negative rate"), f"{TS} 3.2.11", _M + "specificity", "counts"),
    *_synonyms(("false positive rate", "fall-out"), f"{TS} 3.2.12", _M + "false_positive_rate", "counts"),
    Term("F1 score", f"{TS} 3.2.8, 6.2.5", _M + "f1", "counts"),
    *_synonyms(("F-score", "F-measure", "F1-measure"), f"{TS} 3.2.8", _M + "f1", "counts"),
    Term("F_beta", f"{TS} 6.2.6", _M + "fbeta", "counts", (2.0,), note="shown with β = 2"),
    Term("F(alpha p, beta r)", f"{TS} 6.2.6", _M + "f_alpha_beta", "counts", (1.0, 4.0),
         note="shown with α = 1, β = 4, which equals F_2"),
    Term("Kullback-Leibler divergence", f"{TS} 6.2.7, 6.3.5", _D + "kl_true_vs_pred", "class_counts",
         note="true distribution first; 6.4.4 and 6.5.5 write the other direction"),
    Term("D_KL (distribution difference)", f"{TS} 6.4.4, 6.5.5", _D + "kl_pred_vs_true", "class_counts",
         note="predicted shares first, as the sum is written there"),
    Term("receiver operating characteristic curve", f"{TS} 3.2.16, 6.3.6", _BS + "roc", "scores"),
    Term("ROC curve", f"{TS} 3.2.16", _BS + "roc", "scores"),
    Term("AUROC", f"{TS} 6.3.6", _BS + "auroc", "scores"),
    Term("precision recall curve", f"{TS} 3.2.15, 6.3.7", _BS + "pr", "scores"),
    Term("PRC", f"{TS} 3.2.15", _BS + "pr", "scores"),
    Term("AUPRC", f"{TS} 6.3.7", _BS + "average_precision", "scores",
         note="step-sum area (average precision); the trapezoid area is auprc_trapezoid"),
    Term("cumulative response curve", f"{TS} 3.2.13, 6.3.8", _BS + "gain", "scores"),
    Term("gain chart", f"{TS} 3.2.13", _BS + "gain", "scores"),
    Term("CRC", f"{TS} 6.3.8", _BS + "gain", "scores"),
    Term("area under the cumulative response curve", f"{TS} 6.3.8", _BS + "gain_area", "scores"),
    Term("lift curve", f"{TS} 3.2.14, 6.3.9", _BS + "lift", "scores"),
    Term("macro-average F1 (M_AC,F1)", f"{TS} 6.4.3", _CM + "average", "matrix", ("f1", "macro")),
    Term("weighted-average F1 (W_TD,F1)", f"{TS} 6.4.3", _CM + "average", "matrix", ("f1", "weighted")),
    Term("micro-average F1 (M_IC,F1)", f"{TS} 6.4.3", _CM + "average", "matrix", ("f1", "micro")),
    Term("macro-average precision", f"{TS} 6.4.3", _CM + "average", "matrix", ("precision", "macro")),
    Term("macro-average recall", f"{TS} 6.4.3", _CM + "average", "matrix", ("recall", "macro")),
    Term("macro-average specificity", f"{TS} 6.4.3", _CM + "average", "matrix", ("specificity", "macro")),
    Term("Hamming loss", f"{TS} 6.5.2", _ML + "hamming_loss", "indicators"),
    Term("exact match ratio", f"{TS} 6.5.3", _ML + "exact_match_ratio", "indicators"),
    Term("Jaccard index", f"{TS} 6.5.4", _ML + "jaccard_dataset", "indicators",
         note="over the whole data set; the mean of per-sample indices is jaccard_samples"),
    Term("IoU", f"{TS} 4, 6.5.4", _ML + "jaccard_dataset", "indicators"),
    Term("sample-level Jaccard index", f"{TS} 6.5.4", _ML + "jaccard_samples", "indicators"),
    Term("KL divergence of label distributions", f"{TS} 6.5.5", _ML + "label_distribution_kl", "indicators"),
    Term("classification latency", f"{TS} 6.6.2", _TM + "mean_latency.fget", "timing"),
    Term("classification throughput", f"{TS} 6.6.3", _TM + "throughput.fget", "timing"),
    Term("J_PF", f"{TS} 6.6.5", _EN + "per_inference.fget", "energy", note="joules per frame (inference)"),
    Term("J_PI", f"{TS} 6.6.5", _EN + "per_correct_inference.fget", "energy",
         note="joules per correctly classified inference"),
    Term("performance per watt", f"{TS} 6.6.5", _EN + "inferences_per_joule.fget", "energy"),
    Term("Cohen's kappa coefficient", f"{TS} 5.3.9", "iso4213_nb.controls.computed.annotator_agreement", "annotations",
         note="agreement between annotators; ConfusionMatrix.cohen_kappa gives the same number for a matrix"),
    Term("majority class", f"{TS} 3.2.18, 5.3.13", "iso4213_nb.controls.computed.majority_baseline", "labels"),
    Term("CSMF accuracy", f"{TS} Annex D", "iso4213_nb.measures.csmf.csmf_accuracy", "fractions"),
    Term("chance-corrected CSMF accuracy", f"{TS} Annex D", "iso4213_nb.measures.csmf.chance_corrected_csmf_accuracy",
         "fractions"),
    # ---- TS 4213 clause 7
    Term("paired Student's t-test", f"{TS} 7.2", _ST + "paired_ttest", "paired"),
    Term("5x2 cross-validation (paired t-test)", f"{TS} 7.2", _ST + "paired_ttest_5x2cv", "five_by_two",
         note="Dietterich's 5×2cv t-test; the combined F test of Alpaydin is combined_ftest_5x2cv"),
    *_synonyms(("analysis of variance", "ANOVA"), f"{TS} 7.3", _ST + "anova", "groups"),
    Term("Kruskal-Wallis test", f"{TS} 7.4", _ST + "kruskal_wallis", "groups"),
    Term("chi-squared test", f"{TS} 7.5", _ST + "chi_squared", "table"),
    Term("Wilcoxon signed-ranks test", f"{TS} 7.6", _ST + "wilcoxon", "paired"),
    Term("Fisher's exact test", f"{TS} 7.7", _ST + "fisher_exact", "table"),
    Term("central limit theorem", f"{TS} 7.8", _ST + "proportion_ci", "proportion", ("wald",),
         note="the normal-approximation interval of an accuracy; proportion_ci also offers Wilson and Clopper-Pearson"),
    Term("CLT", f"{TS} 4, 7.8", _ST + "proportion_ci", "proportion", ("wald",)),
    Term("McNemar test", f"{TS} 7.9", _ST + "mcnemar", "table"),
    Term("Bonferroni correction", f"{TS} 7.10.2", _ST + "adjust_pvalues", "pvalues", ("holm",),
         note="the step-down rule printed in 7.10.2 is Holm's; plain Bonferroni is method 'bonferroni'"),
    Term("false discovery rate", f"{TS} 7.10.3", _ST + "adjust_pvalues", "pvalues", ("bh",),
         note="the clause names no procedure; Benjamini-Hochberg is the usual one"),
    # ---- ПНСТ 835-2023 (Russian adoption)
    Term("истинно положительный образец", f"{RU} 3.2.4", _GET, "counts", ("tp",)),
    Term("истинно отрицательный образец", f"{RU} 3.2.5", _GET, "counts", ("tn",)),
    *_synonyms(("ложноположительный образец", "ложная тревога", "ошибка первого рода"),
               f"{RU} 3.2.3", _GET, "counts", ("fp",)),
    *_synonyms(("ложноотрицательный образец", "пропуск", "ошибка второго рода"),
               f"{RU} 3.2.2", _GET, "counts", ("fn",)),
    Term("доля правильных исходов", f"{RU} 3.2.6, 6.2.3, 6.4.2", _CM + "accuracy", "matrix"),
    Term("матрица ошибок", f"{RU} 3.2.7, 6.2.2", "iso4213_nb.measures.confusion.ConfusionMatrix.matrix", "matrix",
         ("predicted",)),
    Term("точность", f"{RU} 3.2.9, 6.2.4", _M + "precision", "counts",
         note="'точность' is precision here, not accuracy (which is 'доля правильных исходов')"),
    Term("прогностическая ценность положительного результата", f"{RU} 3.2.9", _M + "precision", "counts"),
    Term("полнота", f"{RU} 3.2.10, 6.2.4", _M + "recall", "counts"),
    *_synonyms(("чувствительность", "процент попаданий", "доля истинно положительных образцов"),
               f"{RU} 3.2.10", _M + "recall", "counts"),
    Term("специфичность", f"{RU} 3.2.11, 6.2.4", _M + "specificity", "counts"),
    *_synonyms(("избирательность", "доля истинно отрицательных образцов"),
               f"{RU} 3.2.11", _M + "specificity", "counts"),
    *_synonyms(("доля ложноположительных образцов", "отрицательный побочный эффект"),
               f"{RU} 3.2.12", _M + "false_positive_rate", "counts"),
    Term("F1-мера", f"{RU} 3.2.8, 6.2.5", _M + "f1", "counts"),
    *_synonyms(("F-мера", "F-число"), f"{RU} 3.2.8", _M + "f1", "counts"),
    Term("дивергенция Кульбака-Лейблера", f"{RU} 6.2.7, 6.3.5", _D + "kl_true_vs_pred", "class_counts"),
    Term("ROC-кривая", f"{RU} 3.2.16, 6.3.6", _BS + "roc", "scores"),
    Term("кривая рабочей характеристики приемника", f"{RU} 3.2.16", _BS + "roc", "scores"),
    Term("кривая точности полноты", f"{RU} 3.2.15, 6.3.7", _BS + "pr", "scores"),
    Term("кумулятивная кривая отклика", f"{RU} 3.2.13, 6.3.8", _BS + "gain", "scores"),
    Term("gain-кривая", f"{RU} 3.2.13", _BS + "gain", "scores"),
    Term("кривая прироста", f"{RU} 6.3.8", _BS + "gain", "scores"),
    Term("lift-кривая", f"{RU} 3.2.14, 6.3.9", _BS + "lift", "scores"),
    Term("макроусредненное значение F1-меры", f"{RU} 6.4.3", _CM + "average", "matrix", ("f1", "macro")),
    Term("средневзвешенное значение F1-меры", f"{RU} 6.4.3", _CM + "average", "matrix", ("f1", "weighted")),
    Term("микроусредненное значение F1-меры", f"{RU} 6.4.3", _CM + "average", "matrix", ("f1", "micro")),
    Term("функция потерь Хемминга", f"{RU} 6.5.2", _ML + "hamming_loss", "indicators"),
    Term("коэффициент точного совпадения", f"{RU} 6.5.3", _ML + "exact_match_ratio", "indicators"),
    Term("индекс Жаккара", f"{RU} 6.5.4", _ML + "jaccard_dataset", "indicators"),
    Term("скорость работы", f"{RU} 6.6.2", _TM + "mean_latency.fget", "timing",
         note="literally 'speed of operation'; 6.6.2 defines it as mean latency"),
    Term("производительность", f"{RU} 6.6.3", _TM + "throughput.fget", "timing"),
    Term("энергопотребление", f"{RU} 6.6.5", _EN + "per_inference.fget", "energy"),
    Term("наиболее встречаемый класс", f"{RU} 3.2.18", "iso4213_nb.controls.computed.majority_baseline", "labels"),
    Term("метод проверки по парному t-критерию Стьюдента", f"{RU} 7.2", _ST + "paired_ttest", "paired"),
    Term("дисперсионный анализ", f"{RU} 7.3", _ST + "anova", "groups"),
    Term("критерий Краскела-Уоллиса", f"{RU} 7.4", _ST + "kruskal_wallis", "groups"),
    Term("метод проверки по хи-квадрат", f"{RU} 7.5", _ST + "chi_squared", "table"),
    Term("критерий знаковых рангов Уилкоксона", f"{RU} 7.6", _ST + "wilcoxon", "paired"),
    Term("точный тест Фишера", f"{RU} 7.7", _ST + "fisher_exact", "table"),
    Term("ЦПТ", f"{RU} 7.8", _ST + "proportion_ci", "proportion", ("wald",),
         note="центральная предельная теорема"),
    Term("тест Мак-Немара", f"{RU} 7.9", _ST + "mcnemar", "table"),
    Term("поправка Бонферрони", f"{RU} 7.10.2", _ST + "adjust_pvalues", "pvalues", ("holm",)),
    Term("доля правильных исходов для бинарной классификации", f"{RU} 6.3.3", _M + "binary_accuracy", "counts"),
    Term("бинарная доля правильных исходов", f"{RU} Таблица A.3", _M + "binary_accuracy", "counts"),
    Term("Fβ-мера", f"{RU} 6.2.6", _M + "fbeta", "counts", (2.0,), note="shown with β = 2"),
    Term("F(αp, βr)", f"{RU} 6.2.6", _M + "f_alpha_beta", "counts", (1.0, 4.0), note="shown with α = 1, β = 4"),
    Term("показатель разницы распределений", f"{RU} 6.4.4, 6.5.5", _D + "kl_pred_vs_true", "class_counts",
         note="6.4.4 and 6.5.5 put the predicted share first, unlike 6.2.7"),
    Term("площадь под ROC-кривой", f"{RU} 4, 6.3.6", _BS + "auroc", "scores"),
    Term("площадь под кривой точности полноты", f"{RU} 4, 6.3.7", _BS + "average_precision", "scores"),
    Term("площадь под кумулятивной кривой отклика", f"{RU} 6.3.8", _BS + "gain_area", "scores"),
    Term("CRC", f"{RU} 4, 6.3.8", _BS + "gain", "scores", note="the Russian text uses the abbreviation as the heading"),
    Term("PRC", f"{RU} 3.2.15", _BS + "pr", "scores"),
    Term("макроусредненная точность", f"{RU} 6.4.3", _CM + "average", "matrix", ("precision", "macro")),
    Term("макроусредненная полнота", f"{RU} 6.4.3", _CM + "average", "matrix", ("recall", "macro")),
    Term("макроусредненная специфичность", f"{RU} 6.4.3", _CM + "average", "matrix", ("specificity", "macro")),
    Term("индекс Жаккара для образцов", f"{RU} 6.5.4", _ML + "jaccard_samples", "indicators"),
    Term("дивергенция Кульбака-Лейблера распределений меток", f"{RU} 6.5.5", _ML + "label_distribution_kl",
         "indicators"),
    Term("энергопотребление на верный вывод", f"{RU} 6.6.5", _EN + "per_correct_inference.fget", "energy"),
    Term("производительность на ватт", f"{RU} 6.6.5", _EN + "inferences_per_joule.fget", "energy"),
    Term("каппа Коэна", f"{RU} 5.3.9", "iso4213_nb.controls.computed.annotator_agreement", "annotations"),
    Term("доля правильных исходов CSMF", f"{RU} D.1", "iso4213_nb.measures.csmf.csmf_accuracy", "fractions"),
    Term("доля правильных исходов CSMF с поправкой на случайность", f"{RU} приложение D",
         "iso4213_nb.measures.csmf.chance_corrected_csmf_accuracy", "fractions"),
    Term("кросс-валидация 5×2 (парный t-критерий)", f"{RU} 3.2.17, 7.2", _ST + "paired_ttest_5x2cv", "five_by_two"),
    Term("FDR", f"{RU} 4, 7.10.3", _ST + "adjust_pvalues", "pvalues", ("bh",),
         note="частота ложных обнаружений; the clause names no procedure, Benjamini–Hochberg is the usual one"),
    Term("частота ложных обнаружений", f"{RU} 4, 7.10.3", _ST + "adjust_pvalues", "pvalues", ("bh",)),
    # ---- Korean names of the four counts (Lee 2023, section II.2); the paper keeps the measures' English names
    Term("진양성", f"{TR} II.2 (Korean)", _GET, "counts", ("tp",), note="true positive"),
    Term("진음성", f"{TR} II.2 (Korean)", _GET, "counts", ("tn",), note="true negative"),
    Term("위양성", f"{TR} II.2 (Korean)", _GET, "counts", ("fp",), note="false positive"),
    Term("위음성", f"{TR} II.2 (Korean)", _GET, "counts", ("fn",), note="false negative"),
    Term("예측 오차의 표준편차", f"{TR} eq. 1 (Korean)", _IP + "rmse", "values",
         note="how the Korean text describes RMSE: the spread of actual − predicted"),
    # ---- TR 24029-1 symbols and names (Lee 2023, equations 4-16)
    Term("N_T+", f"{TR} Table 2", _GET, "counts", ("tp",)),
    Term("N_T−", f"{TR} Table 2", _GET, "counts", ("tn",)),
    Term("N_F+", f"{TR} Table 2", _GET, "counts", ("fp",)),
    Term("N_F−", f"{TR} Table 2", _GET, "counts", ("fn",)),
    *_synonyms(("Sensitivity (R_T+)", "R_T+"), f"{TR} eq. 4", _M + "recall", "counts"),
    *_synonyms(("Specificity (R_T−)", "R_T−"), f"{TR} eq. 5", _M + "specificity", "counts"),
    *_synonyms(("Miss Rate (R_F−)", "R_F−"), f"{TR} eq. 6", _M + "miss_rate", "counts"),
    Term("Fall-Out (R_F+)", f"{TR} eq. 7", _M + "false_positive_rate", "counts",
         note="Lee prints the denominator N_T− + N_F−; the usual FP / (FP + TN) of TS 4213 3.2.12 is used"),
    Term("R_F+", f"{TR} eq. 7", _M + "false_positive_rate", "counts"),
    Term("Accuracy", f"{TR} eq. 8", _M + "binary_accuracy", "counts"),
    *_synonyms(("Precision (V_P+)", "V_P+"), f"{TR} eq. 9", _M + "precision", "counts"),
    Term("Separation Ability (V_P−)", f"{TR} eq. 10", _M + "negative_predictive_value", "counts",
         note="Lee's name for the negative predictive value TN / (TN + FN)"),
    Term("V_P−", f"{TR} eq. 10", _M + "negative_predictive_value", "counts"),
    Term("False Discovery Rate", f"{TR} eq. 11", _M + "false_discovery_rate", "counts",
         note="FP / (FP + TP) of one classifier; not the multiple-testing FDR of TS 4213 7.10.3"),
    Term("False Omission Rate", f"{TR} eq. 12", _M + "false_omission_rate", "counts"),
    *_synonyms(("Positive Likelihood Relation (R_L+)", "R_L+"),
               f"{TR} eq. 13", _M + "positive_likelihood_ratio", "counts"),
    *_synonyms(("Negative Likelihood Relation (R_L−)", "R_L−"),
               f"{TR} eq. 14", _M + "negative_likelihood_ratio", "counts"),
    Term("Diagnostic Odds Rate", f"{TR} eq. 15", _M + "diagnostic_odds_ratio", "counts"),
    Term("F1 Score", f"{TR} eq. 16", _M + "f1", "counts"),
    *_synonyms(("Root Mean Square Error (RMSE)", "RMSE"), f"{TR} eq. 1", _IP + "rmse", "values"),
    *_synonyms(("Max Error (MAXERR)", "MAXERR"), f"{TR} eq. 2", _IP + "max_error", "values"),
    *_synonyms(("Actual/Predicted Correlation (PCC)", "PCC"), f"{TR} eq. 3", _IP + "pearson_correlation", "values"),
    # ---- Sokolova & Lapalme 2009, Tables 2-4
    Term("Accuracy", f"{SL} Table 2", _M + "binary_accuracy", "counts"),
    Term("Precision", f"{SL} Table 2", _M + "precision", "counts"),
    Term("Recall (Sensitivity)", f"{SL} Table 2", _M + "recall", "counts"),
    Term("Fscore", f"{SL} Table 2", _M + "fbeta", "counts", (1.0,), note="shown with β = 1"),
    Term("Specificity", f"{SL} Table 2", _M + "specificity", "counts"),
    Term("AUC", f"{SL} Table 2", _M + "balanced_accuracy", "counts",
         note="the paper's AUC is (recall + specificity) / 2 at one threshold, i.e. balanced accuracy; "
              "it is not the area under the ROC curve (AUROC) of TS 4213 6.3.6"),
    Term("Average Accuracy", f"{SL} Table 3", _INV + "average_accuracy", "count_rows"),
    Term("Error Rate", f"{SL} Table 3", _INV + "error_rate", "count_rows"),
    Term("Precision_mu", f"{SL} Table 3", _CM + "average", "matrix", ("precision", "micro")),
    Term("Recall_mu", f"{SL} Table 3", _CM + "average", "matrix", ("recall", "micro")),
    Term("Fscore_mu", f"{SL} Table 3", _CM + "average", "matrix", ("f1", "micro")),
    Term("Precision_M", f"{SL} Table 3", _CM + "average", "matrix", ("precision", "macro")),
    Term("Recall_M", f"{SL} Table 3", _CM + "average", "matrix", ("recall", "macro")),
    Term("Fscore_M", f"{SL} Table 3", _INV + "fscore_of_macro_averages", "count_rows",
         note="F of macro precision and macro recall, which is not the mean of per-class F1 (TS 4213 6.4.3)"),
    Term("Exact Match Ratio", f"{SL} Table 4", _INV + "exact_match_ratio", "count_rows"),
    Term("Labelling Fscore", f"{SL} Table 4", _INV + "labelling_fscore", "count_rows"),
    Term("Retrieval Fscore", f"{SL} Table 4", _INV + "retrieval_fscore", "count_rows"),
    Term("Hamming Loss", f"{SL} Table 4", _INV + "hamming_loss", "count_rows"),
)


@dataclass(frozen=True)
class Difference:
    """A ``clause`` (e.g. ``"3.2.12"``) where the Russian adoption's term departs from the English text of TS 4213:
    the term as each text prints it, and the ``difference`` a reader of one text would miss in the other (this
    project's words)."""

    clause: str
    english: str
    russian: str
    difference: str


#: Terms of ПНСТ 835-2023 that differ from the English text of TS 4213, in clause order.
DIFFERENCES: tuple[Difference, ...] = (
    Difference("3.2.2, 3.2.3", "false negative / false positive", "ложноотрицательный / ложноположительный образец",
               "names the sample (образец), not the outcome; the counts are still the four cells of the matrix"),
    Difference("3.2.6, 6.2.3", "accuracy", "доля правильных исходов",
               "a descriptive phrase ('share of correct outcomes'); the everyday word for accuracy, точность, "
               "is taken by precision (3.2.9)"),
    Difference("3.2.9", "precision", "точность",
               "in everyday Russian точность means accuracy; in the standard it is TP / (TP + FP)"),
    Difference("3.2.10", "hit rate", "процент попаданий",
               "says 'percentage', yet the quantity is a share between 0 and 1 like the other rates"),
    Difference("3.2.12", "fall-out", "отрицательный побочный эффект",
               "literally 'negative side effect'; the quantity is the false positive rate FP / (FP + TN)"),
    Difference("3.2.13, 6.3.8", "cumulative response curve; gain chart", "кумулятивная кривая отклика; gain-кривая; CRC",
               "6.3.8 is headed by the abbreviation CRC alone; the English heading spells the name out"),
    Difference("3.2.15", "precision recall curve", "кривая точности полноты",
               "keeps the English word order without a conjunction (точности и полноты would be the natural form)"),
    Difference("3.2.16", "receiver operating characteristic curve", "кривая рабочей характеристики приемника",
               "a literal calque of the radar term; the text mostly uses ROC-кривая"),
    Difference("4", "(abbreviations)", "ЦПТ, ЦП, ИИ",
               "Russian abbreviations replace CLT, CPU and AI; AUROC, AUPRC and FDR stay Latin"),
    Difference("5.3.8", "channel effects", "ограничение канальных эффектов",
               "the heading adds 'limiting' (ограничение): the clause reads as a control to apply"),
    Difference("5.3.9", "ground truth", "эталонные данные",
               "'reference data': the Russian term stresses the labelled data set rather than the labels' truth"),
    Difference("6.6.2", "classification latency", "скорость работы",
               "'speed of operation' names a rate, although the clause measures a duration (time per inference)"),
    Difference("6.6.3", "throughput", "производительность",
               "the general word for performance; here it means inferences per unit of time"),
    Difference("A.1–A.4", "actual / predicted; Macro, Weighted, Micro", "Фактические / Предсказанные; Взвешенные",
               "the tables translate the headings; Table A.2 calls the counts 'conditional' (условные)"),
    Difference("ДА", "—", "приложение ДА",
               "a national annex lists the Russian standards that correspond to the cited international ones"),
)


def resolve(target: str):
    """The object at dotted path ``target`` inside :mod:`iso4213_nb` (module, then attributes).

    Beyond TS 4213: the glossary's targets in this package.
    """
    if not target.startswith("iso4213_nb."):
        raise InputError("glossary.target_outside", target=repr(target))
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            raise InputError("glossary.missing_target", target=repr(target)) from None
        return obj
    raise InputError("glossary.missing_target", target=repr(target))


def normalise(name: str) -> str:
    """A name folded for lookup: case, Unicode form, dashes/minus and spacing ignored, ё read as е.

    Clauses 3 and 6; beyond TS 4213: ПНСТ 835-2023, TR 24029-1.
    """
    text = unicodedata.normalize("NFKC", str(name)).casefold().replace("ё", "е")
    text = re.sub(r"[\u2010-\u2015\u2212_]", "-", text)
    return " ".join(text.replace("-", " ").split())


def lookup(name: str) -> list[Term]:
    """Every term whose name matches ``name`` (see :func:`normalise`), in :data:`TERMS` order.

    Clauses 3 and 6; beyond TS 4213: ПНСТ 835-2023, TR 24029-1.
    """
    key = normalise(name)
    return [t for t in TERMS if normalise(t.name) == key]


def term(name: str, source: str | None = None) -> Term:
    """The one :class:`Term` behind ``name`` (call it to compute); ``source`` (a substring of
    :attr:`Term.source`) picks among documents.

    Raises :class:`InputError` for an unknown name, or when the name means
    different functions in different documents and ``source`` does not say which.

    Clauses 3 and 6; beyond TS 4213: ПНСТ 835-2023, TR 24029-1.
    """
    terms = lookup(name)
    if source is not None:
        terms = [t for t in terms if source in t.source]
    if not terms:
        if source:
            raise InputError("glossary.no_entry_in_source", name=repr(name), source=repr(source))
        raise InputError("glossary.no_entry", name=repr(name))
    distinct = {(t.target, t.args) for t in terms}
    if len(distinct) > 1:
        options = "; ".join(f"{t.source} → {t.target}{t.args or ''}" for t in terms)
        raise InputError("glossary.ambiguous", name=repr(name), options=options, argument="source")
    return terms[0]


def headword(terms: list[Term]) -> str:
    """The name a learner looks a group of synonyms up by: TS 4213's defined term (3.2) if it has one,
    else its first TS 4213 name outside the annex tables, else the first English name, else the first name."""
    for chosen in (lambda t: t.source.startswith(f"{TS} 3.2."),
                   lambda t: t.source.startswith(TS) and "Table" not in t.source,
                   lambda t: not t.source.startswith(RU),
                   lambda t: True):
        for t in terms:
            if chosen(t):
                return t.name
    raise InputError("glossary.no_terms")


def by_concept() -> list[tuple[str, list[Term]]]:
    """Synonyms grouped as one concept each (one function and its fixed arguments), keyed by
    :func:`headword` and in alphabetical order of that word, as a learner scans a glossary.

    Clauses 3 and 6; beyond TS 4213: ПНСТ 835-2023, TR 24029-1.
    """
    by_function: dict[tuple, list[Term]] = {}
    for t in TERMS:
        by_function.setdefault((t.target, t.args), []).append(t)
    groups = [(headword(terms), terms) for terms in by_function.values()]
    return sorted(groups, key=lambda group: (normalise(group[0]), group[1][0].source))


def call(t: Term) -> str:
    """How a reader calls the function behind ``t``: its dotted path without the package's name, then its fixed
    arguments, e.g. ``measures.confusion.ConfusionMatrix.average('f1', 'macro')``.

    Clauses 3 and 6; beyond TS 4213: ПНСТ 835-2023, TR 24029-1.
    """
    return t.target.removeprefix("iso4213_nb.") + (repr(t.args) if t.args else "")


def concept_rows(sources) -> list[list[str]]:
    """One row per concept of :func:`by_concept`: its headword, then for each of ``sources`` (the start of a
    :attr:`Term.source`, e.g. ``"TS 4213"``) the names that document gives it joined by ``"; "``, then :func:`call`.

    Clauses 3 and 6; beyond TS 4213: ПНСТ 835-2023, TR 24029-1, Sokolova & Lapalme 2009.
    """
    return [[word, *("; ".join(t.name for t in terms if t.source.startswith(source)) for source in sources),
             call(terms[0])] for word, terms in by_concept()]


def lookup_rows(name: str) -> list[list[str]]:
    """One row per term :func:`lookup` finds for ``name``: the name, its source, :func:`call` and the note.

    Clauses 3 and 6; beyond TS 4213: ПНСТ 835-2023, TR 24029-1.
    """
    return [[t.name, t.source, call(t), t.note] for t in lookup(name)]


def names_by_value(counts, decimals: int = 4) -> dict[str, list[str]]:
    """The names of every term that takes binary counts, grouped by the value it computes on ``counts`` (a
    :class:`~iso4213_nb.measures.counts.BinaryCounts`) written with ``decimals`` in the active language, each name
    once: names that share a value are synonyms, or coincide on these counts.

    Clauses 3, 6.2 and 6.3; beyond TS 4213: ПНСТ 835-2023, TR 24029-1, Sokolova & Lapalme 2009.
    """
    seen: dict[str, list[str]] = {}
    for t in TERMS:
        if t.takes == "counts":
            seen.setdefault(number(t(counts), decimals), []).append(t.name)
    return {value: list(dict.fromkeys(names)) for value, names in seen.items()}
