"""Statistical tests of significance (clause 7 of ISO/IEC TS 4213:2022), from stored results.

Every test returns a frozen :class:`~iso4213_nb.stats.results.TestResult` in
the style of :mod:`scipy.stats` (``statistic``, ``pvalue``, ``df``, an effect
size, ``confidence_interval(level)`` where meaningful, and test-specific
``details``); intervals return a frozen
:class:`~iso4213_nb.stats.results.ConfidenceInterval`.  Results are data and
codes (undefined values carry a ``code`` and ``params``), never sentences:
:mod:`iso4213_nb.words.readings` gives their names and reading paragraphs.

Modules: :mod:`.paired` (t-test 7.2, Wilcoxon 7.6), :mod:`.cv` (5×2cv tests,
corrected resampled t), :mod:`.groups` (ANOVA 7.3, Kruskal–Wallis 7.4,
Friedman), :mod:`.contingency` (chi-squared 7.5, Fisher 7.7, McNemar 7.9,
Cochran's Q), :mod:`.roc` (DeLong, AUROC intervals), :mod:`.intervals`
(proportions, 7.8), :mod:`.bootstrap` (the bootstrap, 7.8), :mod:`.multiplicity` (7.10).
"""

from ..core.lazy import exports

#: Where each public name lives; imported on first use, so that a module needing only one of them (the results'
#: classes, say) does not load scipy.stats for the tests it never runs (PEP 562).
_LAZY = {
    **dict.fromkeys(("chi_squared", "cochran_q", "correct_by_class", "fisher_exact", "mcnemar",
                     "mcnemar_table"), ".contingency"),
    **dict.fromkeys(("FiveByTwoDifferences", "combined_ftest_5x2cv", "corrected_resampled_ttest",
                     "five_by_two_differences", "paired_ttest_5x2cv"), ".cv"),
    **dict.fromkeys(("anova", "friedman", "kruskal_wallis"), ".groups"),
    **dict.fromkeys(("bootstrap_ci", "paired_bootstrap_ci"), ".bootstrap"),
    "proportion_ci": ".intervals",
    **dict.fromkeys(("AdjustedPValues", "adjust_pvalues", "familywise_error_rate"), ".multiplicity"),
    **dict.fromkeys(("paired_ttest", "wilcoxon"), ".paired"),
    "AssumptionWarning": ".assumptions",
    **dict.fromkeys(("ConfidenceInterval", "TestResult"), ".results"),
    **dict.fromkeys(("auroc_ci", "delong_test"), ".roc"),
}

__all__ = sorted(_LAZY)


__getattr__ = exports(__name__, _LAZY)
