"""Tests on tables of counts: chi-squared (7.5), Fisher's exact (7.7), McNemar (7.9), Cochran's Q.

Which of chi-squared and Fisher to use follows the usual expected-count rule,
stated in both readings: the chi-squared approximation is trusted when every
expected count is at least 5; when any expected count is below 5, use
Fisher's exact test (2×2 tables).

McNemar's table (7.9) crosses two models' correctness on the same samples::

                     B correct   B wrong
        A correct        a          b
        A wrong          c          d

Only the discordant counts b and c matter.  :func:`mcnemar_table` builds it
from y_true and the two prediction vectors.
"""

from __future__ import annotations

import numpy as np
from scipy import special
from scipy import stats as sps

from .._checks import as_count_table, as_labels, same_length
from ..errors import InputError
from ..undefined import Undefined
from ._input import matrix
from .results import TestResult, format_p

#: Any expected count below this sends the reading of :func:`chi_squared` to Fisher's exact test.
MIN_EXPECTED = 5
#: ``mcnemar(exact=None)`` uses the exact binomial test when b + c is below this.
MCNEMAR_EXACT_BELOW = 25


def _expected(table: np.ndarray) -> np.ndarray:
    rows, cols = table.sum(axis=1), table.sum(axis=0)
    for what, sums in (("row", rows), ("column", cols)):
        empty = np.flatnonzero(sums == 0)
        if empty.size:
            raise InputError(f"{what} {int(empty[0]) + 1} of the table is all zeros, so its expected counts are zero")
    return np.outer(rows.astype(float), cols.astype(float)) / float(table.sum())  # int64 products overflow


def chi_squared(table, correction: bool = True) -> TestResult:
    """Pearson's chi-squared test of independence on an r × c contingency table (7.5).

    χ² = Σ (O − E)² / E with E = row total · column total / N, referred to
    chi-squared with (r − 1)(c − 1) degrees of freedom.  For a 2×2 table
    ``correction=True`` applies Yates' continuity correction (each |O − E|
    reduced by 0.5, not below 0), as :func:`scipy.stats.chi2_contingency` does.

    Returns
    -------
    TestResult with ``statistic``, ``pvalue``, ``df``, effect size Cramér's
    V = √(χ² / (N (min(r, c) − 1))) (from the uncorrected χ²), ``expected``,
    ``min_expected`` and ``use_fisher`` (True when an expected count is below 5).
    """
    observed = as_count_table(table)
    expected = _expected(observed)
    r, c = observed.shape
    df = (r - 1) * (c - 1)
    diff = np.abs(observed - expected)
    corrected = correction and df == 1
    adjusted = np.maximum(diff - 0.5, 0) if corrected else diff
    statistic = float(np.sum(adjusted ** 2 / expected))
    p = float(sps.chi2.sf(statistic, df))
    n = int(observed.sum())
    v = float(np.sqrt(np.sum(diff ** 2 / expected) / (n * (min(r, c) - 1))))
    low = float(expected.min())
    use_fisher = low < MIN_EXPECTED
    rule = (f"The smallest expected count is {low:.2f}. Rule used: the chi-squared approximation holds when every "
            f"expected count is at least {MIN_EXPECTED}; ")
    if use_fisher:
        rule += ("here one is below, so use Fisher's exact test (7.7) instead"
                 + (" (fisher_exact)." if (r, c) == (2, 2) else ", or merge sparse categories."))
    else:
        rule += "here all are, so the approximation is adequate."
    reading = (f"Chi-squared test of independence on a {r}×{c} table of {n} counts: χ² = {statistic:.3f} with {df} "
               f"df{' (Yates-corrected)' if corrected else ''}, {format_p(p)}; Cramér's V = {v:.3f}. It assumes "
               f"each sample falls in exactly one cell, independently of the others (7.5). {rule} It is not the "
               "test for two models scored on the same samples; that is McNemar's (7.9).")
    return TestResult("chi-squared test of independence", statistic, p, df=df, effect_size=v,
                      effect_size_name="Cramér's V", reading=reading, expected=expected, min_expected=low,
                      use_fisher=use_fisher)


def fisher_exact(table) -> TestResult:
    """Fisher's exact test on a 2×2 table (7.7), two-sided.

    With the margins fixed, the top-left count follows a hypergeometric law;
    the p-value sums the probabilities of all tables no more probable than the
    observed one (relative tolerance 1e-7, as scipy).

    Returns
    -------
    TestResult with ``statistic`` (the sample odds ratio ad / bc, as scipy),
    ``pvalue``, effect size the same odds ratio (Undefined when b or c is 0),
    and ``confidence_interval`` of the odds ratio by Woolf's logit method
    (undefined bounds when a cell is zero).
    """
    observed = as_count_table(table, shape=(2, 2))
    (a, b), (c, d) = observed.tolist()
    n = a + b + c + d
    row1, col1 = a + b, a + c
    if n == 0:
        raise InputError("the table holds no counts")
    support = np.arange(max(0, row1 + col1 - n), min(row1, col1) + 1)
    pmf = sps.hypergeom.pmf(support, n, row1, col1)
    observed_pmf = sps.hypergeom.pmf(a, n, row1, col1)
    p = float(min(1.0, pmf[pmf <= observed_pmf * (1 + 1e-7)].sum()))
    if b * c > 0:
        odds = a * d / (b * c)
    elif a * d > 0:
        odds = Undefined("b · c = 0 while a · d > 0, so the odds ratio ad / bc is unbounded")
    else:
        odds = Undefined("a · d = b · c = 0, so the odds ratio ad / bc is 0/0")
    zero_cell = min(a, b, c, d) == 0

    def interval(level):
        if zero_cell:
            reason = Undefined("a cell of the table is zero, so Woolf's interval of the odds ratio is undefined")
            return (reason, reason)
        half = sps.norm.ppf(0.5 + level / 2) * np.sqrt(1 / a + 1 / b + 1 / c + 1 / d)
        return (float(np.exp(np.log(odds) - half)), float(np.exp(np.log(odds) + half)))

    reading = (f"Fisher's exact test on a 2×2 table of {n} counts: {format_p(p)}, odds ratio "
               f"{odds if isinstance(odds, Undefined) else format(odds, '.3g')}. It conditions on both margins and "
               "needs no large-sample approximation, so it is the test for small tables (7.7); the usual rule is to "
               f"prefer it to chi-squared when any expected count is below {MIN_EXPECTED}. It assumes independent "
               "samples; for two models scored on the same samples use McNemar's test (7.9).")
    return TestResult("Fisher's exact test", odds, p, effect_size=odds, effect_size_name="odds ratio ad / bc",
                      interval=interval, interval_of="odds ratio", reading=reading)


def mcnemar_table(y_true, pred_a, pred_b) -> np.ndarray:
    """The 2×2 McNemar table of two models on the same samples (7.9).

    Returns ``[[a, b], [c, d]]``: rows A correct / A wrong, columns B correct /
    B wrong (a: both right, b: only A right, c: only B right, d: both wrong).
    """
    t = as_labels(y_true, "y_true")
    pa = as_labels(pred_a, "pred_a")
    pb = as_labels(pred_b, "pred_b")
    same_length(y_true=t, pred_a=pa, pred_b=pb)
    kinds = {x.dtype.kind for x in (t, pa, pb)}
    if len(kinds) > 1 and not kinds <= {"i", "u"}:
        t, pa, pb = t.astype(str), pa.astype(str), pb.astype(str)
    right_a, right_b = pa == t, pb == t
    return np.array([[np.sum(right_a & right_b), np.sum(right_a & ~right_b)],
                     [np.sum(~right_a & right_b), np.sum(~right_a & ~right_b)]], dtype=np.int64)


def mcnemar(table, exact: bool | None = None, correction: bool = True) -> TestResult:
    """McNemar's test of two models' error rates on the same samples (7.9).

    Parameters
    ----------
    table : the 2×2 table of :func:`mcnemar_table` (b = only A right, c = only B right).
    exact : ``True`` for the exact binomial test (b ~ Binomial(b + c, 1/2),
        two-sided p = min(1, 2 P(X ≤ min(b, c)))); ``False`` for the
        chi-squared form χ² = (|b − c| − 1)² / (b + c) (without the −1 when
        ``correction=False``; |b − c| − 1 is not allowed below 0), 1 df;
        ``None`` (default) chooses exact when b + c < 25, the rule stated in
        the reading.
    correction : continuity correction of the chi-squared form.

    Returns
    -------
    TestResult with ``statistic`` (min(b, c) for the exact test, χ² otherwise;
    Undefined when b + c = 0 in the chi-squared form), ``pvalue``,
    ``midp_pvalue`` (2 P(X ≤ min(b, c)) − P(X = min(b, c)), capped at 1; less
    conservative than the exact p),
    ``method``, ``b``, ``c``, effect size the accuracy difference A − B =
    (b − c)/n, ``confidence_interval`` of that difference (Wald interval for
    paired proportions, se = √(b + c − (b − c)²/n) / n; Undefined bounds when
    se = 0, i.e. b + c = 0 or b + c = n with one of them 0), and
    ``odds_ratio`` b / c.
    """
    observed = as_count_table(table, shape=(2, 2))
    b, c = int(observed[0, 1]), int(observed[1, 0])
    n = int(observed.sum())
    if n == 0:
        raise InputError("the McNemar table holds no counts")
    discordant = b + c
    use_exact = discordant < MCNEMAR_EXACT_BELOW if exact is None else bool(exact)
    low = min(b, c)
    if discordant:
        cdf = float(special.bdtr(low, discordant, 0.5))
        pmf = cdf - (float(special.bdtr(low - 1, discordant, 0.5)) if low else 0.0)
        exact_p = min(1.0, 2 * cdf)
        midp = min(1.0, 2 * cdf - pmf)
    else:
        exact_p = midp = 1.0
    if use_exact:
        method = "exact binomial"
        statistic, p, df = low, exact_p, None
    else:
        method = "chi-squared" + (" with continuity correction" if correction else "")
        df = 1
        if discordant == 0:
            statistic = p = Undefined("no discordant pairs (b + c = 0), so the chi-squared statistic is 0/0")
        else:
            statistic = float(max(abs(b - c) - (1 if correction else 0), 0) ** 2 / discordant)
            p = float(special.chdtrc(1, statistic))
    difference = (b - c) / n
    odds = b / c if c else Undefined("no sample that only B gets right (c = 0), so b / c is unbounded")

    se = float(np.sqrt(max(discordant - (b - c) ** 2 / n, 0.0)) / n)

    def interval(level):
        if se == 0:
            reason = Undefined("no discordant pair, or every sample one that favours the same model, so the "
                               "paired difference has a standard error of 0 and its Wald interval no width")
            return (reason, reason)
        half = float(sps.norm.ppf(0.5 + level / 2) * se)
        return (difference - half, difference + half)

    if exact is None:
        rule = (f"Rule used: exact binomial test when b + c < {MCNEMAR_EXACT_BELOW}, chi-squared otherwise; "
                f"here b + c = {discordant}, so the {method} form was used.")
    else:
        rule = f"The {method} form was asked for."
        if not use_exact and discordant < MCNEMAR_EXACT_BELOW:
            rule += f" With only {discordant} discordant pairs the exact form (exact=True) is safer."
    reading = (f"McNemar's test on {n} paired predictions: model A alone is right on b = {b}, model B alone on "
               f"c = {c}; {format_p(p)} (mid-p {midp:.4f}). Accuracy difference A − B = {difference:+.4f}. {rule} "
               "It needs only one training run per model (7.9) and assumes the samples are independent; it "
               "compares error rates, not which errors.")
    return TestResult(f"McNemar test ({method})", statistic, p, df=df, effect_size=difference,
                      effect_size_name="accuracy difference A − B, (b − c) / n", interval=interval,
                      interval_of="accuracy difference A − B", reading=reading, midp_pvalue=midp, method=method,
                      b=b, c=c, odds_ratio=odds)


def cochran_q(correct) -> TestResult:
    """Cochran's Q test that k models have the same accuracy on the same samples (extends McNemar, 7.9).

    ``correct`` is an n × k array of 0/1 (1 = model j right on sample i).  With
    column totals C_j, row totals R_i and T = Σ C_j:
    Q = (k − 1)(k Σ C_j² − T²) / (k T − Σ R_i²), chi-squared with k − 1 df.

    Returns
    -------
    TestResult with ``statistic`` (Q; Undefined when every sample is right for
    all models or for none), ``pvalue``, ``df``, ``accuracies`` per model, and
    effect size the spread of accuracies (largest minus smallest).
    """
    x = matrix(correct, "correct")
    if not np.all((x == 0) | (x == 1)):
        raise InputError("correct must hold only 0 and 1 (1 = the model is right on the sample)")
    n, k = x.shape
    columns, rows = x.sum(axis=0), x.sum(axis=1)
    total = columns.sum()
    denominator = k * total - np.sum(rows ** 2)
    df = k - 1
    if denominator == 0:
        q = p = Undefined("every sample is right for all models or for none, so Q is 0/0")
    else:
        q = float((k - 1) * (k * np.sum(columns ** 2) - total ** 2) / denominator)
        p = float(sps.chi2.sf(q, df))
    accuracies = columns / n
    informative = int(np.sum((rows > 0) & (rows < k)))
    reading = (f"Cochran's Q test of {k} models on {n} shared samples: Q = "
               f"{q if isinstance(q, Undefined) else format(q, '.3f')} with {df} df, {format_p(p)}. Only the "
               f"{informative} samples on which the models disagree carry information; the chi-squared "
               "approximation wants a few dozen of them. It assumes independent samples; a small p-value says the "
               "accuracies differ somewhere, pairwise McNemar tests with a correction (7.10) say where."
               + (" With two models Q equals the uncorrected McNemar statistic." if k == 2 else ""))
    return TestResult("Cochran's Q test", q, p, df=df, effect_size=float(accuracies.max() - accuracies.min()),
                      effect_size_name="range of accuracies (largest − smallest)", reading=reading,
                      accuracies=accuracies)
