"""Words for the results of :mod:`iso4213_nb.stats` (clause 7): names, reasons and reading paragraphs.

The computation layer returns data and codes (:class:`~iso4213_nb.stats.TestResult`,
:class:`~iso4213_nb.stats.ConfidenceInterval`, :class:`~iso4213_nb.stats.AdjustedPValues`,
``Undefined(code=...)``); this module is where they become words, in the active language of
:mod:`iso4213_nb.words.i18n`.  :func:`reading` gives one paragraph: what was tested, the assumptions and whether the
input meets them, what the p-value or interval says.
"""

from __future__ import annotations

from ..stats.contingency import MCNEMAR_EXACT_BELOW, MIN_EXPECTED
from ..stats.multiplicity import AdjustedPValues
from ..stats.assumptions import kfold_warning
from ..stats.results import ConfidenceInterval, TestResult, reason_dict
from . import reasons
from .intervals import method_name as interval_method, reason_text
from .measures import average_name, name_or_key
from .i18n import N_, _, level_percent, number, significant
from ..core.undefined import Undefined, is_undefined

_TEST_NAMES = {
    "paired_ttest": N_("paired Student's t-test"), "wilcoxon": N_("Wilcoxon signed-rank test"),
    "paired_ttest_5x2cv": N_("5×2cv paired t-test"), "combined_ftest_5x2cv": N_("combined 5×2cv F-test"),
    "corrected_resampled_ttest": N_("corrected resampled t-test"), "anova": N_("one-way ANOVA"),
    "kruskal_wallis": N_("Kruskal–Wallis H test"), "friedman": N_("Friedman test"),
    "chi_squared": N_("chi-squared test of independence"), "fisher_exact": N_("Fisher's exact test"),
    "cochran_q": N_("Cochran's Q test"), "delong": N_("DeLong test of two correlated AUROCs"),
}

_MCNEMAR_METHODS = {"exact": N_("exact binomial"), "chi2_corrected": N_("chi-squared with continuity correction"),
                    "chi2": N_("chi-squared")}
_WILCOXON_METHODS = {"exact": N_("exact"), "normal": N_("normal approximation")}

_EFFECT_SIZES = {
    "cohens_dz": N_("Cohen's d_z (mean difference / SD of differences)"),
    "rank_biserial": N_("matched-pairs rank-biserial correlation"),
    "mean_of_differences": N_("mean of the ten differences (A − B)"),
    "mean_difference": N_("mean difference (A − B)"),
    "eta_squared": N_("eta squared (between-group share of variance)"),
    "epsilon_squared": N_("epsilon squared (H / (N − 1))"),
    "kendalls_w": N_("Kendall's W (agreement of the rankings)"),
    "cramers_v": N_("Cramér's V"),
    "odds_ratio": N_("odds ratio ad / bc"),
    "accuracy_difference": N_("accuracy difference A − B, (b − c) / n"),
    "accuracy_range": N_("range of accuracies (largest − smallest)"),
    "auroc_difference": N_("AUROC difference A − B"),
}

_QUANTITIES = {
    "mean_difference": N_("mean difference a − b"), "expected_difference": N_("expected score difference A − B"),
    "odds_ratio": N_("odds ratio"), "accuracy_difference": N_("accuracy difference A − B"),
    "auroc_difference": N_("AUROC difference A − B"), "auroc": N_("AUROC"), "proportion": N_("proportion"),
}

#: Short names of the multiple-comparison procedures of :func:`iso4213_nb.stats.adjust_pvalues` (7.10).
_ADJUSTMENT_SHORT = {"bonferroni": N_("Bonferroni"), "holm": N_("Holm"), "hochberg": N_("Hochberg"),
                     "bh": N_("Benjamini–Hochberg"), "by": N_("Benjamini–Yekutieli")}


def adjustment_name(method: str) -> str:
    """The short name of a multiple-comparison procedure, ``Holm`` for ``holm`` (7.10)."""
    return _(_ADJUSTMENT_SHORT[method]) if method in _ADJUSTMENT_SHORT else method


def reason(value: Undefined) -> str:
    """Why ``value`` is undefined, in words, from the one registry of reason codes (:mod:`.reasons`) (clause 6)."""
    return reasons.of(value)


#: The two directions of the KL divergence of the class shares, by the keys of
#: :func:`iso4213_nb.measures.distribution.both_directions`: 6.2.7 and 6.3.5 put the true shares first, 6.4.4 and 6.5.5
#: the predicted ones.
KL_DIRECTIONS = {"true_vs_pred": "D(T‖P)", "pred_vs_true": "D(P‖T)"}


def kl_lines(divergences: dict, decimals: int = 5) -> list[str]:
    """Each direction of a KL result in words, one line each (6.2.7, 6.4.4).

    ``divergences`` maps ``"true_vs_pred"`` and/or ``"pred_vs_true"`` to a value or an
    :class:`~iso4213_nb.core.undefined.Undefined` (as :func:`iso4213_nb.measures.distribution.both_directions` and
    :func:`~iso4213_nb.measures.distribution.kl_of_labels` return them).  Returns ``"D(T‖P): 0.20605 (finite)"``, or
    ``"D(P‖T): undefined, because …"`` with the reason, in the active language with ``decimals`` decimals.
    """
    lines = []
    for direction, value in divergences.items():
        symbol = KL_DIRECTIONS[direction]
        if is_undefined(value):
            lines.append(_("{direction}: undefined, because {reason}").format(direction=symbol, reason=reason(value)))
        else:
            lines.append(_("{direction}: {value} (finite)").format(direction=symbol, value=number(value, decimals)))
    return lines




def undefined_place(where: str) -> str:
    """Where an undefined value of an :func:`iso4213_nb.measures.assessment.assess` dict sits, in words (clause 6):
    ``per_class.0.positive_likelihood_ratio`` → "positive likelihood ratio of class 0",
    ``averages.macro.precision`` → "precision, macro average"; the measure's name comes from the registry."""
    head, _sep, rest = where.partition(".")
    if head == "per_class" and "." in rest:
        label, key = rest.rsplit(".", 1)
        return _("{measure} of class {label}").format(measure=name_or_key(key), label=label)
    if head == "averages" and "." in rest:
        method, key = rest.split(".", 1)
        return f"{name_or_key(key)}, {average_name(method)}"
    if head == "normalized" and "." in rest:
        rows, label = rest.split(".", 1)
        text = (_("the confusion matrix as shares of predicted class {label}") if rows == "predicted"
                else _("the confusion matrix as shares of true class {label}"))
        return text.format(label=label)
    return name_or_key(head)


def undefined_notes(assessment: dict) -> list[str]:
    """One line per undefined clause-6 measure of an :func:`iso4213_nb.measures.assessment.assess` dict: which
    measure of which class (:func:`undefined_place`) and why."""
    given = assessment.get("reasons") or {}
    notes = []
    for entry in assessment.get("undefined", []):
        where, _sep, code = entry.partition(": ")
        found = given.get(where)
        if found is not None:
            code = reasons.words(found["code"], {k: v for k, v in found.items() if k != "code"})
        notes.append(f"{undefined_place(where)}: {code}")
    return notes


def _undefined(value) -> str:
    """An undefined value as the readings always printed it: ``undefined (reason)``."""
    return _("undefined ({reason})").format(reason=reason(value))


def format_p(pvalue) -> str:
    """A p-value for a sentence: ``p = 0.0312``, ``p < 0.0001`` or ``p undefined`` (clause 7)."""
    if is_undefined(pvalue):
        return _("p undefined")
    return f"p < {number(0.0001, 4)}" if pvalue < 1e-4 else f"p = {number(pvalue, 4)}"


def name_of_test(code: str) -> str:
    """The name of the test whose code is ``code`` in words, e.g. ``"fisher_exact"`` → ``"Fisher's exact test"``.

    Clause 7.  ``code`` is a :class:`TestResult`'s ``test`` other than ``"mcnemar"`` (whose name needs its method,
    see :func:`name`), or the ``test`` of one pair in a subgroup comparison's ``details["pairwise"]`` (5.3.2, 7.5, 7.7).
    """
    return _(_TEST_NAMES[code])


def name(result) -> str:
    """What a test result or interval is, e.g. ``"McNemar test (exact binomial)"``, ``"AUROC, DeLong interval"``.

    Clause 7.
    """
    if isinstance(result, TestResult):
        if result.test == "mcnemar":
            return _("McNemar test ({method})").format(method=_(_MCNEMAR_METHODS[result.method]))
        return name_of_test(result.test)
    if result.of == "proportion":
        return _("proportion, {method} interval").format(method=interval_method(result.method, short=True))
    if result.of == "auroc":
        return (_("AUROC, DeLong interval") if result.method == "delong"
                else _("AUROC, {method} bootstrap").format(method=interval_method(result.method, short=True)))
    return _("{statistic}, {method} bootstrap").format(statistic=statistic_name(result),
                                                       method=interval_method(result.method, short=True))


def statistic_name(interval: ConfidenceInterval) -> str:
    """The bootstrapped statistic's name; a paired bootstrap's is ``difference in NAME (A − B)`` (clause 7)."""
    given = interval.details["statistic_name"]
    return _("difference in {name} (A − B)").format(name=given) if interval.details.get("paired_metric") else given


def method_name(result: TestResult) -> str:
    """The variant of a test that ran, in words (McNemar and Wilcoxon have several) (clause 7)."""
    return _((_MCNEMAR_METHODS if result.test == "mcnemar" else _WILCOXON_METHODS)[result.method])


def effect_size_name(result: TestResult) -> str | None:
    """What ``result.effect_size`` measures (clause 7)."""
    return None if result.effect_size_kind is None else _(_EFFECT_SIZES[result.effect_size_kind])


def quantity(code: str | None) -> str | None:
    """What an interval bounds (the ``interval_of`` or ``of`` code in words) (clause 7)."""
    return None if code is None else _(_QUANTITIES[code])


def reading(result) -> str:
    """The paragraph for a :class:`TestResult`, :class:`ConfidenceInterval` or :class:`AdjustedPValues` (clause 7)."""
    if isinstance(result, AdjustedPValues):
        return _adjustment(result)
    if isinstance(result, ConfidenceInterval):
        return _INTERVALS[result.of if result.of in _INTERVALS else "statistic"](result)
    return _TESTS[result.test](result)


# ---------------------------------------------------------------------------------------------- paired (7.2, 7.6)
def _level(value) -> str:
    """A confidence level as a percentage, ``95%``, ``97.5%``."""
    return f"{level_percent(value)}%"


def _paired_ttest(r: TestResult) -> str:
    d = r.details
    parts = [_("Paired t-test on {n} pairs: mean difference a − b = {difference}, t = {t} with {df} df, {p}.").format(
        n=d["n"], difference=significant(d["mean_difference"]), t=number(r.statistic, 3), df=r.df,
        p=format_p(r.pvalue)),
        _("It assumes the differences are independent and roughly normal.")]
    normality = d["normality_pvalue"]
    if normality is None:
        parts.append(_("Normality was not checked (it needs 3 to 5000 pairs)."))
    elif normality < 0.05:
        parts.append(_("A Shapiro–Wilk test casts doubt on normality (p = {p}); the Wilcoxon signed-rank test (7.6) "
                       "does not need it.").format(p=number(normality, 3)))
    else:
        parts.append(_("A Shapiro–Wilk test does not reject normality (p = {p}).").format(p=number(normality, 3)))
    if d["kfold_input"]:
        parts.append(_("Warning: {warning}").format(warning=kfold_warning()))
    else:
        parts.append(_("The pairs are taken to come from independent test sets."))
    return " ".join(parts)


def _wilcoxon(r: TestResult) -> str:
    d = r.details
    method = method_name(r)
    if d["ties"]:
        method = _("{method}, ties among the absolute differences").format(method=method)
    return _("Wilcoxon signed-rank test on {n} non-zero differences ({zeros} zero difference(s) dropped): W+ = {plus}, "
             "W− = {minus}, {p} ({method}). It assumes independent pairs and differences symmetric about their "
             "median, but not normality. Like the t-test it should not be fed the folds of one k-fold "
             "cross-validation (7.2), whose differences are not independent. Rank-biserial correlation {effect} "
             "(positive: a tends to exceed b).").format(
        n=d["n_used"], zeros=d["zeros"], plus=significant(d["w_plus"], 6), minus=significant(d["w_minus"], 6),
        p=format_p(r.pvalue), method=method, effect=signed(r.effect_size, 3))


# ------------------------------------------------------------------------------------------------- 5×2cv (7.2)
def _five_by_two_caveats(r: TestResult) -> str:
    flat = r.details["flat_repetitions"]
    if flat:
        return " " + _("In {flat} of the five repetitions the two fold differences are equal; the variance estimate "
                       "then rests on fewer repetitions and the test is less reliable.").format(flat=flat)
    return ""


def _ttest_5x2cv(r: TestResult) -> str:
    return _("Dietterich's 5×2cv paired t-test: t = {t} with 5 df, {p}. Five repetitions of two-fold cross-validation "
             "keep each training set disjoint from its test set and from the other training set of the repetition, "
             "which is why 7.2 prefers it to a t-test on k-fold results. It assumes the fold differences are roughly "
             "normal; its numerator uses only the first fold of the first repetition, so the result depends on the "
             "split seed (the combined F-test uses all ten).").format(
        t=number(r.statistic, 3), p=format_p(r.pvalue)) + _five_by_two_caveats(r)


def _ftest_5x2cv(r: TestResult) -> str:
    return _("Alpaydin's combined 5×2cv F-test: F = {f} with (10, 5) df, {p}. It uses all ten fold differences of the "
             "5×2 cross-validation, has lower type I error and higher power than the 5×2cv t-test, and assumes "
             "roughly normal fold differences. It tests for any difference; the mean difference A − B is "
             "{difference}.").format(f=number(r.statistic, 3), p=format_p(r.pvalue),
                                      difference=_signed_g(r.effect_size)) + _five_by_two_caveats(r)


def _signed_g(value) -> str:
    """A difference with its sign and at most four significant digits, ``+0.01234``."""
    return ("+" if value >= 0 else "-") + significant(abs(value))


def _corrected_ttest(r: TestResult) -> str:
    d = r.details
    return _("Corrected resampled t-test on {n} differences: t = {t} with {df} df, {p} (the uncorrected t-test would "
             "give {uncorrected}). The variance factor is 1/{n} + n_test/n_train = 1/{n} + {n_test}/{n_train} instead "
             "of the plain t-test's 1/{n}: the added ratio accounts for the overlap between training sets, which 7.2 "
             "warns makes the plain t-test on resampled results unreliable. It "
             "assumes roughly normal differences; the correction is a heuristic that keeps the type I error near its "
             "nominal level.").format(n=d["n"], t=number(r.statistic, 3), df=r.df, p=format_p(r.pvalue),
                                      uncorrected=format_p(d["uncorrected_pvalue"]), n_test=d["n_test"],
                                      n_train=d["n_train"])


# ------------------------------------------------------------------------------------------ groups (7.3, 7.4)
def _anova(r: TestResult) -> str:
    d = r.details
    levene = d["levene_pvalue"]
    if levene is None:
        variance_note = _("Equal variances could not be checked (a group has a single value).")
    elif levene < 0.05:
        variance_note = _("Levene's test doubts equal variances (p = {p}); Kruskal–Wallis (7.4) does not assume "
                          "them.").format(p=number(levene, 3))
    else:
        variance_note = _("Levene's test does not reject equal variances (p = {p}).").format(p=number(levene, 3))
    k = d["groups"]
    text = _("One-way ANOVA of {k} groups ({n} values): F = {f} with {df} df, {p}; η² = {eta} of the variance lies "
             "between groups. It assumes independent groups, roughly normal values and equal variances (7.3). "
             "{variance_note} Scores of several models on the same test set or the same folds are not independent "
             "groups; use the Friedman test for those.").format(
        k=k, n=d["n"], f=number(r.statistic, 3), df=r.df, p=format_p(r.pvalue), eta=number(r.effect_size, 3),
        variance_note=variance_note)
    if k == 2:
        text += " " + _("With two groups ANOVA equals a two-sample t-test; 7.3 is meant for three or more.")
    return text


def _kruskal(r: TestResult) -> str:
    d = r.details
    size = (_("Some groups have fewer than 5 values, so the chi-squared approximation of H is rough.")
            if d["small_groups"] else
            _("Every group has at least 5 values, enough for the chi-squared approximation."))
    return _("Kruskal–Wallis test of {k} groups ({n} values): H = {h} with {df} df, {p}. It ranks the pooled values, "
             "so it needs neither normality nor equal variances, but it does assume independent groups (7.4). "
             "{size} A small p-value says at least one group tends to score differently, not which one.").format(
        k=d["groups"], n=d["n"], h=number(r.statistic, 3), df=r.df, p=format_p(r.pvalue), size=size)


def _friedman(r: TestResult) -> str:
    d = r.details
    n, alpha = d["datasets"], significant(d["alpha"], 6)
    if r.method == "nemenyi":
        post_text = _("Nemenyi's post-hoc test: two models differ when their mean ranks differ by more than "
                      "{difference} (α = {alpha}).").format(difference=number(d["critical_difference"], 3),
                                                            alpha=alpha)
    else:
        post_text = _("Post-hoc: Wilcoxon signed-rank test per pair with Holm-adjusted p-values (α = {alpha}).").format(
            alpha=alpha)
    differing = [_("{a} vs {b}").format(a=row["a"], b=row["b"]) for row in d["pairwise"] if row["rejected"]]
    text = _("Friedman test of {k} models over {n} data sets: χ² = {chi2} with {df} df, {p}; Kendall's W = {w}. It "
             "ranks the models within each data set, so it assumes only independent data sets, not "
             "normality.").format(k=len(d["mean_ranks"]), n=n, chi2=number(r.statistic, 3), df=r.df,
                                  p=format_p(r.pvalue), w=number(r.effect_size, 3))
    if n < 10:
        text += " " + _("With fewer than 10 data sets the chi-squared approximation is rough.")
    pairs = ", ".join(differing) if differing else _("none")
    return text + " " + post_text + " " + _("Pairs that differ: {pairs}.").format(pairs=pairs)


# ------------------------------------------------------------------------------- counts (7.5, 7.7, 7.9)
def _chi_squared(r: TestResult) -> str:
    d = r.details
    rows, cols = d["shape"]
    low = number(d["min_expected"], 2)
    if not d["use_fisher"]:
        rule = _("The smallest expected count is {low}. Rule used: the chi-squared approximation holds when every "
                 "expected count is at least {minimum}; here all are, so the approximation is adequate.")
    elif (rows, cols) == (2, 2):
        rule = _("The smallest expected count is {low}. Rule used: the chi-squared approximation holds when every "
                 "expected count is at least {minimum}; here one is below, so use Fisher's exact test (7.7) "
                 "instead (fisher_exact).")
    else:
        rule = _("The smallest expected count is {low}. Rule used: the chi-squared approximation holds when every "
                 "expected count is at least {minimum}; here one is below, so use Fisher's exact test (7.7) "
                 "instead, or merge sparse categories.")
    rule = rule.format(low=low, minimum=MIN_EXPECTED)
    df = (_("{df} df (Yates-corrected)") if r.method == "yates" else _("{df} df")).format(df=r.df)
    return _("Chi-squared test of independence on a {rows}×{cols} table of {n} counts: χ² = {chi2} with {df}, {p}; "
             "Cramér's V = {v}. It assumes each sample falls in exactly one cell, independently of the others (7.5). "
             "{rule} It is not the test for two models scored on the same samples; that is McNemar's (7.9).").format(
        rows=rows, cols=cols, n=d["n"], chi2=number(r.statistic, 3), df=df, p=format_p(r.pvalue),
        v=number(r.effect_size, 3), rule=rule)


def _fisher(r: TestResult) -> str:
    odds = r.effect_size
    return _("Fisher's exact test on a 2×2 table of {n} counts: {p}, odds ratio {odds}. It conditions on both margins "
             "and needs no large-sample approximation, so it is the test for small tables (7.7); the usual rule is "
             "to prefer it to chi-squared when any expected count is below {minimum}. It assumes independent "
             "samples; for two models scored on the same samples use McNemar's test (7.9).").format(
        n=r.details["n"], p=format_p(r.pvalue), odds=_undefined(odds) if is_undefined(odds) else significant(odds, 3),
        minimum=MIN_EXPECTED)


def _mcnemar(r: TestResult) -> str:
    d = r.details
    discordant, method = d["b"] + d["c"], method_name(r)
    if d["exact_requested"] is None:
        rule = _("Rule used: exact binomial test when b + c < {below}, chi-squared otherwise; here b + c = "
                 "{discordant}, so the {method} form was used.").format(below=MCNEMAR_EXACT_BELOW,
                                                                         discordant=discordant, method=method)
    else:
        rule = _("The {method} form was asked for.").format(method=method)
        if r.method != "exact" and discordant < MCNEMAR_EXACT_BELOW:
            rule += " " + _("With only {discordant} discordant pairs the exact form (exact=True) is safer.").format(
                discordant=discordant)
    return _("McNemar's test on {n} paired predictions: model A alone is right on b = {b}, model B alone on c = {c}; "
             "{p} (mid-p {midp}). Accuracy difference A − B = {difference}. {rule} It needs only one training run "
             "per model (7.9) and assumes the samples are independent; it compares error rates, not which "
             "errors.").format(n=d["n"], b=d["b"], c=d["c"], p=format_p(r.pvalue), midp=number(d["midp_pvalue"], 4),
                               difference=signed(r.effect_size), rule=rule)


def signed(value, decimals: int = 4) -> str:
    """A difference with its sign, ``+0.0123`` or ``-0.0123``, in the active number format (clause 7)."""
    return ("+" if value >= 0 else "-") + number(abs(value), decimals)


def _cochran(r: TestResult) -> str:
    d = r.details
    q, k = r.statistic, len(d["accuracies"])
    text = _("Cochran's Q test of {k} models on {n} shared samples: Q = {q} with {df} df, {p}. Only the {informative} "
             "samples on which the models disagree carry information; the chi-squared approximation wants a few "
             "dozen of them. It assumes independent samples; a small p-value says the accuracies differ somewhere, "
             "pairwise McNemar tests with a correction (7.10) say where.").format(
        k=k, n=d["n"], q=_undefined(q) if is_undefined(q) else number(q, 3), df=r.df, p=format_p(r.pvalue),
        informative=d["informative"])
    if k == 2:
        text += " " + _("With two models Q equals the uncorrected McNemar statistic.")
    return text


# --------------------------------------------------------------------------------------------- AUROC (6.3.6)
def _delong(r: TestResult) -> str:
    d = r.details
    m, n = d["positives"], d["negatives"]
    tail = (_("p undefined: {reason}").format(reason=reason(r.pvalue)) if is_undefined(r.pvalue)
            else f"z = {number(r.statistic, 3)}, {format_p(r.pvalue)}")
    size = (_("here one class has fewer than 30 samples, so treat the p-value as rough.") if min(m, n) < 30
            else _("both classes are large enough here."))
    return _("DeLong's test on {m} positives and {n} negatives scored by both models: AUROC A = {auc_a}, B = {auc_b}, "
             "difference {difference} (SE {se}), {tail}. It accounts for the correlation of the two AUROCs measured "
             "on the same samples, needs no distributional assumption on the scores, and relies on the normal "
             "approximation of the AUROC difference, which wants a few dozen of each class; {size} It assumes "
             "independent samples.").format(m=m, n=n, auc_a=number(d["auc_a"], 4), auc_b=number(d["auc_b"], 4),
                                            difference=signed(r.effect_size), se=number(d["standard_error"], 4),
                                            tail=tail, size=size)


def _auroc_interval(ci: ConfidenceInterval) -> str:
    d = ci.details
    m, n = d["positives"], d["negatives"]
    values = {"auroc": number(ci.estimate, 4), "m": m, "n": n, "level": _level(ci.confidence_level),
              "low": number(ci.low, 4), "high": number(ci.high, 4)}
    if "delong" in d:  # DeLong's variance is 0 (stats.roc.delong_interval)
        bounds = (_("none") if is_undefined(ci.low) else _("{low} to {high}").format(**values))
        return _("AUROC {auroc} on {m} positives and {n} negatives; {level} interval {bounds}. No DeLong interval: "
                 "{reason}.").format(bounds=bounds, reason=reason_text(reason_dict(d["delong"])), **values)
    if ci.method == "delong":
        advice = (_("with fewer than 30 samples in a class, or an AUROC near 1, prefer the BCa bootstrap.")
                  if min(m, n) < 30 or ci.estimate > 0.95 else _("the classes are large enough for it."))
        return _("AUROC {auroc} on {m} positives and {n} negatives; {level} DeLong interval {low} to {high} (SE {se}). "
                 "It uses the normal approximation of the AUROC (7.8), clipped to [0, 1]; {advice} It assumes "
                 "independent samples.").format(se=number(d["standard_error"], 4), advice=advice, **values)
    return _("AUROC {auroc} on {m} positives and {n} negatives; {level} {method} bootstrap interval {low} to {high} "
             "from {resamples} resamples stratified by class (seed {seed}). The bootstrap treats the samples as "
             "independent and the test set as representative; stratifying keeps the class counts fixed, as they are "
             "in the test set.").format(method=interval_method(ci.method, short=True), resamples=d["n_resamples"],
                                        seed=d["seed"], **values)


# ---------------------------------------------------------------------------------------------- intervals (7.8)
_PROPORTION_NOTES = {
    "wilson": N_("Wilson's score interval inverts the normal test of the proportion; it stays inside [0, 1] and keeps "
                 "close to its nominal coverage even for small n or proportions near 0 or 1."),
    "clopper-pearson": N_("The Clopper–Pearson interval inverts the exact binomial test; its coverage is never below "
                          "the nominal level, so it is conservative (wider than needed on average)."),
}


def _proportion(ci: ConfidenceInterval) -> str:
    x, n = ci.details["successes"], ci.details["n"]
    if ci.method == "wald":
        note = (_("The Wald interval is the plain central-limit interval of 7.8; it needs n·p̂ and n·(1 − p̂) both "
                  "comfortably large (a common rule is at least 10), which fails here, so prefer Wilson.")
                if min(x, n - x) < 10 else
                _("The Wald interval is the plain central-limit interval of 7.8; it needs n·p̂ and n·(1 − p̂) both "
                  "comfortably large (a common rule is at least 10), which holds here."))
    else:
        note = _(_PROPORTION_NOTES[ci.method])
    return _("{x} of {n} = {estimate}; {level} interval {low} to {high}. {note} It assumes the n samples are "
             "independent draws from the population the proportion describes.").format(
        x=x, n=n, estimate=number(ci.estimate, 4), level=_level(ci.confidence_level), low=number(ci.low, 4),
        high=number(ci.high, 4), note=note)


def _bootstrap(ci: ConfidenceInterval) -> str:
    d = ci.details
    if is_undefined(ci.low):  # undefined on the data, on most resamples, or the same on every resample
        return _("{statistic}: no {method} bootstrap interval: {reason}.").format(
            statistic=statistic_name(ci), method=interval_method(ci.method, short=True),
            reason=reason_text({"code": ci.low.code, **ci.low.params}))
    sample = (_("{n_resamples} resamples of the {n} samples (seed {seed}, stratified)") if d["stratified"] else
              _("{n_resamples} resamples of the {n} samples (seed {seed})")).format(
        n_resamples=d["n_resamples"], n=d["n"], seed=d["seed"])
    if d["n_undefined"]:
        sample += "; " + reasons.words("resamples_undefined", d)
    text = _("{statistic} = {estimate}; {level} {method} bootstrap interval {low} to {high} from {sample}.").format(
        statistic=statistic_name(ci), estimate=number(ci.estimate, 4), level=_level(ci.confidence_level),
        method=interval_method(ci.method, short=True), low=number(ci.low, 4), high=number(ci.high, 4), sample=sample)
    return text + " " + _("The bootstrap treats the samples as independent draws from the population and the test set "
                          "as representative of it; it says nothing about variation from retraining the model.")


# -------------------------------------------------------------------------------------- multiplicity (7.10)
_ADJUSTMENTS = {
    "bonferroni": N_("Bonferroni: each p-value times m; controls the family-wise error rate under any dependence"),
    "holm": N_("Holm's step-down method, the rule printed in 7.10.2 (titled Bonferroni there); controls the "
               "family-wise error rate under any dependence and rejects at least as much as plain Bonferroni"),
    "hochberg": N_("Hochberg's step-up method; controls the family-wise error rate when the tests are independent "
                   "or positively dependent, and rejects at least as much as Holm"),
    "bh": N_("Benjamini–Hochberg step-up (7.10.3); controls the false discovery rate when the tests are independent "
             "or positively dependent"),
    "by": N_("Benjamini–Yekutieli step-up (7.10.3); controls the false discovery rate under any dependence"),
}


def _capital(text: str) -> str:
    """``text`` with its first letter upper-case, to open a sentence."""
    return text[:1].upper() + text[1:]


def _adjustment(r: AdjustedPValues) -> str:
    m = len(r.pvalues)
    return _("{method}. Of {m} hypotheses, {rejected} are rejected at α = {alpha} after adjustment ({unadjusted} would "
             "be without it). Without adjustment the chance of at least one false rejection among {m} independent "
             "true null hypotheses is {fwer} (7.10.1).").format(
        method=_capital(_(_ADJUSTMENTS[r.method])), m=m, rejected=int(r.rejected.sum()), alpha=significant(r.alpha, 6),
        unadjusted=r.unadjusted_rejections, fwer=number(r.familywise_error_rate, 3))


_TESTS = {
    "paired_ttest": _paired_ttest, "wilcoxon": _wilcoxon, "paired_ttest_5x2cv": _ttest_5x2cv,
    "combined_ftest_5x2cv": _ftest_5x2cv, "corrected_resampled_ttest": _corrected_ttest, "anova": _anova,
    "kruskal_wallis": _kruskal, "friedman": _friedman, "chi_squared": _chi_squared, "fisher_exact": _fisher,
    "mcnemar": _mcnemar, "cochran_q": _cochran, "delong": _delong,
}
_INTERVALS = {"proportion": _proportion, "auroc": _auroc_interval, "statistic": _bootstrap}
