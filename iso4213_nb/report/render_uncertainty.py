"""HTML and figures of the report's uncertainty sections, from the keys :mod:`.uncertainty` adds (7.8, 6.3.6, clause 7).

Presentation only, with the conventions of :mod:`.render`; reason codes are put in words by
:mod:`iso4213_nb.words.intervals`.
"""

from __future__ import annotations

import itertools
import textwrap
from pathlib import Path

import matplotlib
import numpy as np
from matplotlib.figure import Figure

from ..figures.decimal import localize
from ..figures.ranking import draw_critical_difference
from ..words.i18n import _, level_percent, number
from ..words import reasons
from ..words.intervals import interval_text, method_name, reason_text, resampling_text
from ..words.measures import label as measure_label, name as measure_name
from ..stats.ranking import Ranking
from ..figures.tables import format_value, html_table
from .render import escaped, mathtext_safe, wrap

#: The longest line of a band figure's panel title, in characters (a 5-inch panel at 10 points).
TITLE_CHARACTERS = 42
#: Measures of the interval table: keys of ``models.<m>.intervals`` (names and clauses from the registry).
MEASURES = ("accuracy", "recall", "specificity", "precision", "f1", "f2", "f0_5", "cohen_kappa",
            "matthews_correlation", "balanced_accuracy", "macro_f1", "weighted_f1", "micro_f1", "auroc",
            "average_precision", "auprc_trapezoid", "gain_area", "lift", "brier", "log_loss")


def _value(value, decimals: int = 4) -> str:
    """A number in the report's language (decimal comma in Russian); undefined values as the tables write them."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
        return number(value, decimals)
    return format_value(value, decimals)


def _level(report: dict) -> str:
    return level_percent(report["confidence_level"])


def heading(section: str) -> str:
    """Heading and opening paragraph of one of the uncertainty sections (``measures``, ``operating``, ``ranking``) (7.8, 6.3.6, clause 7)."""
    texts = {
        "measures": (_("5.1 An interval on every measure (7.8)"),
                     _("Beyond the proportions, every measure gets an interval: a bootstrap resamples the test set "
                       "within each true class and recomputes the measure, thousands of times; BCa corrects the "
                       "percentiles for bias and skew. A measure undefined on the test set has no interval, and the "
                       "table says why.")),
        "operating": (_("6.1 Operating points and curves with intervals (6.3.6, 6.3.7)"),
                      _("Sensitivity read at a fixed specificity, and specificity at a fixed sensitivity, with "
                        "intervals from a bootstrap stratified by class, as pROC computes them; the partial AUROC "
                        "over the high-specificity end of the curve, raw and standardised by McClish's rule (0.5 "
                        "is chance, 1 perfect); and the ROC and precision–recall curves with pointwise bands: each "
                        "band covers its own point at the stated level, not the whole curve at once.")),
        "ranking": (_("7.1 Ranking three or more models (Demšar 2006)"),
                    _("With many models, pairwise tests multiply. The Friedman test (and its Iman–Davenport F form) "
                      "asks first whether the models differ at all; the Nemenyi and Holm post-hoc tests then compare "
                      "every pair, and the critical-difference diagram shows which mean ranks are too close to "
                      "tell apart.")),
    }
    title, text = texts[section]
    return wrap(f"<h3>{escaped(title)}</h3><p>{escaped(text)}</p>")


def settings_text(report: dict) -> str:
    """One paragraph: which interval methods, level, resamples and seed the report used (7.8)."""
    s = report["interval_settings"]
    text = _("Every interval below is a {level} % interval. Proportions use the {proportion} interval, AUROC "
             "DeLong's; the other measures a {bootstrap} interval from {n} resamples stratified by true class "
             "(seed {seed}), so the same command gives the same bounds.").format(
        level=_level(report), proportion=method_name(s["proportion_method"]),
        bootstrap=method_name(s["bootstrap_method"]), n=s["n_resamples"], seed=s["seed"])
    return wrap(f"<p>{escaped(text)}</p>")


def interval_table(report: dict, model: str) -> str:
    """Every measure of one model with its interval and method, and why an interval is missing (7.8)."""
    intervals = report["models"][model]["intervals"]
    top_k = [(f"top_{k}_accuracy", _("top-{k} accuracy (Annex C)").format(k=k)) for k in report["input"].get("top_k", ())]
    named = [(key, measure_label(key)) for key in MEASURES]
    rows = [[words, _value(intervals[key]["estimate"], 4), interval_text(intervals[key]),
             method_name(intervals[key]["method"])]
            for key, words in [*named[:1], *top_k, *named[1:]] if intervals.get(key) is not None]
    caption = _("Measures with {level} % intervals: {model}").format(level=_level(report), model=model)
    note = f"<p>{escaped(reason_text({'code': 'weighted_input'}))}.</p>" if report["input"].get("weighted") else ""
    return wrap(html_table(rows, [_("measure"), _("value"), _("interval"), _("method")], caption=caption) + note)


def operating_table(report: dict, model: str) -> str:
    """Se at fixed Sp, Sp at fixed Se and the partial AUROC of one model, each with its interval (6.3.6)."""
    op = report["models"][model].get("operating_intervals")
    if op is None:
        return ""
    rows = [[words.format(at=number(entry["at"], 2)), _value(entry["estimate"], 4), interval_text(entry)]
            for key, words in (("sensitivity_at_specificity", _("sensitivity at specificity {at}")),
                               ("specificity_at_sensitivity", _("specificity at sensitivity {at}")))
            for entry in op[key]]
    pa = op["partial_auroc"]
    span = f"{number(pa['low'], 2)}–{number(pa['high'], 2)}"
    rows.append([_("partial AUROC, specificity {span}").format(span=span), _value(pa["area"]["estimate"], 4),
                 interval_text(pa["area"])])
    rows.append([_("partial AUROC, McClish-standardised, specificity {span}").format(span=span),
                 _value(pa["standardized"]["estimate"], 4), interval_text(pa["standardized"])])
    caption = _("Operating points with {level} % intervals ({method}): {model}").format(
        level=_level(report), method=resampling_text(op["method"], op["n_resamples"]), model=model)
    note = f'<p class="reading">{escaped(reason_text(pa["delong"]["reason"]))}.</p>'
    return wrap(html_table(rows, [_("reading"), _("value"), _("interval")], caption=caption) + note)


def bands_figure(report: dict) -> Figure | None:
    """ROC and PR curves of every scored model with their pointwise bands, or None when no model has them (6.3.6, 6.3.7)."""
    banded = {name: m["operating_intervals"]["bands"] for name, m in report["models"].items()
              if "operating_intervals" in m}
    if not banded:
        return None
    fig = Figure(figsize=(10, 4.6), layout="constrained")
    roc, pr = fig.subplots(1, 2)
    for i, (name, bands) in enumerate(banded.items()):
        colour = f"C{i % 10}"
        b = bands["roc"]
        fpr = 1 - np.asarray(b["at"], dtype=float)
        low, high = (np.asarray(b[k], dtype=float) for k in ("low", "high"))
        roc.fill_between(fpr, low, high, color=colour, alpha=0.2, linewidth=0)
        roc.plot(fpr, np.asarray(b["estimate"], dtype=float), color=colour, label=mathtext_safe(name))
        b = bands["pr"]
        low, high = (np.asarray(b[k], dtype=float) for k in ("low", "high"))
        pr.fill_between(b["at"], low, high, color=colour, alpha=0.2, linewidth=0, step="mid")
        pr.plot(b["at"], np.asarray(b["estimate"], dtype=float), color=colour, label=mathtext_safe(name),
                drawstyle="steps-mid")
    roc.plot([0, 1], [0, 1], color="grey", linestyle=":", linewidth=1)
    roc.set(xlabel=_("false positive rate (1 − specificity)"), ylabel=_("sensitivity (true positive rate)"),
            xlim=(0, 1), ylim=(0, 1.01))
    pr.set(xlabel=measure_name("recall"), ylabel=measure_name("precision"), xlim=(0, 1), ylim=(0, 1.01))
    for ax, title, corner in ((roc, _("ROC with pointwise {level} % band"), "lower right"),
                              (pr, _("precision–recall with pointwise {level} % band"), "lower left")):
        # wrapped to the panel's width: the Russian titles are longer than a panel and ran into each other
        ax.set_title("\n".join(textwrap.wrap(title.format(level=_level(report)), TITLE_CHARACTERS)), fontsize=10)
        ax.legend(loc=corner, fontsize="small")
    return localize(fig)


def _ranking_object(rk: dict) -> Ranking:
    return Ranking(tuple(mathtext_safe(n) for n in rk["names"]), np.asarray(rk["mean_ranks"]), rk["folds"],
                   rk["alpha"], rk["friedman"]["statistic"], rk["friedman"]["pvalue"],
                   np.inf if rk["iman_davenport"]["statistic"] is None else rk["iman_davenport"]["statistic"],
                   rk["iman_davenport"]["pvalue"], tuple(rk["iman_davenport"]["df"]), rk["critical_difference"],
                   np.asarray(rk["nemenyi_pvalues"]), np.asarray(rk["holm_pvalues"]),
                   tuple(tuple(mathtext_safe(n) for n in g) for g in rk["groups"]))


def cd_figure(report: dict) -> Figure | None:
    """The critical-difference diagram of the report's ranking (Demšar 2006), or None where no ranking applies (clause 7)."""
    rk = report.get("ranking") or {}
    if not rk.get("applies"):
        return None
    k = len(rk["names"])
    fig = Figure(figsize=(8, 1.6 + 0.35 * (k + len(rk["groups"]))), layout="constrained")
    draw_critical_difference(fig.subplots(), _ranking_object(rk))
    return fig


def write_cd_figures(report: dict, folder: Path) -> list[str]:
    """Write the diagram as the PNG and SVG files named in ``ranking.figures``; returns the names written (clause 7)."""
    fig = cd_figure(report)
    if fig is None:
        return []
    names = report["ranking"]["figures"]
    with matplotlib.rc_context({"svg.hashsalt": "iso4213-nb", "svg.fonttype": "path"}):
        for name in names:
            fig.savefig(Path(folder) / name, dpi=150, metadata={"Date": None} if name.endswith(".svg") else None)
    return list(names)


def ranking(report: dict) -> str:
    """The ranking section: how the folds were made, the tests, the post-hoc p-values and the Bayesian statement (clause 7)."""
    rk = report.get("ranking") or {}
    if not rk.get("applies"):
        reason = (rk.get("reason") or {}).get("code")
        given = {k: v for k, v in (rk.get("reason") or {}).items() if k != "code"}
        words = {"fewer_than_three_models": reasons.words("fewer_than_three_models", given),
                 "too_few_samples_for_folds": reasons.words("too_few_samples_for_folds", given),
                 "multilabel": _("Ranking, the bootstrap intervals and the interval bands are computed for "
                                 "single-label files; this multi-label file has its per-label measures instead."),
                 "needs_rows": _("The ranking splits the rows into disjoint folds; this report was computed from "
                                 "counts, without the rows, so it has no ranking (see how this report was "
                                 "computed)."),
                 "weighted_input": _("Ranking, the bootstrap intervals and the interval bands resample unweighted "
                                     "samples, so a file with a weight column has none of them; its measures are "
                                     "weighted, without intervals.")}
        return wrap(f"<p>{escaped(words.get(reason, str(reason)))}</p>")
    measure = measure_name(rk["measure"])
    intro = _("The test set was split into {k} disjoint folds, each keeping the class shares (seed {seed}), and "
              "the {measure} of every model computed on each fold. The folds are independent blocks (different "
              "samples, the same fixed models), which the Friedman test assumes; bootstrap resamples overlap and "
              "per-sample right/wrong scores are almost all ties, so neither serves as blocks.").format(
        k=rk["folds"], seed=rk["seed"], measure=measure)
    ranks = html_table([[name, number(r, 2)] for name, r in sorted(zip(rk["names"], rk["mean_ranks"]),
                                                                  key=lambda x: x[1])],
                       [_("model"), _("mean rank (1 = best)")], caption=_("Mean ranks over the folds"))
    tests = html_table(
        [[_("Friedman χ²"), _value(rk["friedman"]["statistic"], 4), str(rk["friedman"]["df"]),
          _value(rk["friedman"]["pvalue"], 4)],
         [_("Iman–Davenport F"), _value(rk["iman_davenport"]["statistic"], 4)
          if rk["iman_davenport"]["statistic"] is not None else "∞",
          ", ".join(str(d) for d in rk["iman_davenport"]["df"]), _value(rk["iman_davenport"]["pvalue"], 4)]],
        [_("test"), _("statistic"), _("degrees of freedom"), _("p-value")],
        caption=_("Do the models differ at all?"))
    names = rk["names"]
    pairs = [[f"{names[i]} vs {names[j]}", _value(rk["nemenyi_pvalues"][i][j], 4), _value(rk["holm_pvalues"][i][j], 4)]
             for i, j in itertools.combinations(range(len(names)), 2)]
    posthoc = html_table(pairs, [_("pair"), _("Nemenyi p"), _("Holm-adjusted p")],
                         caption=_("Post-hoc comparisons of every pair (α = {alpha})").format(
                             alpha=number(rk["alpha"], 2)))
    cd = _("Critical difference (Nemenyi, α = {alpha}): {cd}. In the diagram, models joined by a bar have mean "
           "ranks within it: the test cannot tell them apart. The diagram is also written beside this report as "
           "{files}.").format(alpha=number(rk["alpha"], 2), cd=number(rk["critical_difference"], 3),
                              files=" / ".join(rk["figures"]))
    b = rk["bayesian"]
    first, second = b["models"]
    bayes = _("Bayesian signed-rank test over the folds (Benavoli et al. 2017) of the two best-ranked models, "
              "{a} and {b}, with a region of practical equivalence of ±{rope} {measure}: P({a} better) = {pa}, "
              "P(practically equivalent) = {pe}, P({b} better) = {pb}.").format(
        a=first, b=second, rope=number(b["rope"], 3), measure=measure, pa=number(b["a_better"], 3),
        pe=number(b["equivalent"], 3), pb=number(b["b_better"], 3))
    body = (f"<p>{escaped(intro)}</p>" + ranks + tests + posthoc + f"<p>{escaped(cd)}</p>"
            + f'<p class="reading">{escaped(bayes)}</p>')
    return wrap(body)
