"""SignificanceLab: clause-7 tests on two models' stored scores, live as thresholds and α move.

Panels, one tab each under the controls so that a control and the numbers it moves fit one screen
(every number comes from :mod:`iso4213_nb.stats`):

* **McNemar (7.9)** – the agreement table of models A and B at their thresholds, the test (exact binomial below
  25 discordant pairs, else chi-squared) and a paired bootstrap interval (7.8) of accuracy A − B;
* **DeLong** – the test that the two AUROCs (6.3.6) are equal, with DeLong and bootstrap intervals (7.8) of each
  AUROC at confidence 1 − α;
* **multiple comparisons (7.10)** – every pairwise McNemar and DeLong test, with Bonferroni, Holm (7.10.2's rule)
  and Benjamini–Hochberg (7.10.3) decisions and the family-wise error rate 1 − (1 − α)^m (7.10.1).  The *m*
  control says how many comparisons were really run: those not shown count as p = 1, the most favourable case for
  the shown ones (any smaller p would only lower their Holm and BH adjustment);
* **5×2cv (7.2)** – two scikit-learn classifiers cross-validated five times two-fold (scikit-learn's breast-cancer
  data unless other data are given): the ten accuracy differences, Dietterich's t and Alpaydin's F at α.

A prediction is positive when score ≥ the model's threshold.  State is reachable from Python (see
:class:`SignificanceLab`).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from numbers import Real

import ipywidgets as widgets
import numpy as np

from ..words import readings
from .. import stats
from ..core.checks import as_labels, as_scores, as_threshold
from ..measures.curves import BinaryScores, positive_mask
from ..core.errors import InputError
from ..words.i18n import N_, _, number, percent, significant
from ..words.intervals import reason_text
from ._callbacks import GuardedCallbacks, Shown
from ._given import given
from .number_slider import decimals_of, grid_slider, nearest
from ..course.explorer_state import SliderGrid
from ..figures.tables import html_table
from ..core.undefined import is_undefined

#: Multiple-comparison procedures shown side by side (names of :func:`iso4213_nb.stats.adjust_pvalues`).
PROCEDURES = {"bonferroni": N_("Bonferroni"), "holm": N_("Holm (7.10.2's rule)"),
              "bh": N_("Benjamini–Hochberg (7.10.3)")}


#: The α slider's positions: 0.001 to 0.200 in thousandths.
ALPHA_GRID = SliderGrid(0.001, 0.001, 199)

#: The lab's tabs, one per panel of the module docstring.
#: Short, so that no title is cut in the tab bar (each panel's heading names its clause).
PANEL_TITLES = (N_("McNemar's test"), N_("DeLong's test"), N_("multiplicity"), N_("5×2cv"))


def accuracy(y, predicted) -> float:
    """Share of samples whose prediction equals the truth (6.3.3)."""
    return float(np.mean(y == predicted))


def _p(pvalue) -> str:
    """A p-value for a table cell."""
    return f"< {number(0.0001, 4)}" if not is_undefined(pvalue) and pvalue < 1e-4 else number(pvalue, 4)


def _decision(pvalue, alpha: float) -> str:
    if is_undefined(pvalue):
        return _("no decision (p undefined)")
    return _("reject H0") if pvalue <= alpha else _("keep H0")


def breast_cancer_five_by_two(seed: int = 0):
    """5×2cv accuracy differences of logistic regression (standardised) minus Gaussian naive Bayes (7.2).

    Data: scikit-learn's Wisconsin breast-cancer set (569 samples, 30
    features, label 1 = malignant).  Returns ``(FiveByTwoDifferences, names)``.
    """
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import GaussianNB
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    data = load_breast_cancer()
    estimator_a = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    differences = stats.five_by_two_differences(estimator_a, GaussianNB(), data.data, (data.target == 0).astype(int),
                                                scoring="accuracy", seed=seed)
    return differences, (_("logistic regression"), _("naive Bayes"))


def _check_alpha(value) -> float:
    if isinstance(value, bool) or not isinstance(value, Real) or not 0 < value < 1:
        raise InputError(_("alpha must be a number strictly between 0 and 1, got {value}").format(value=given(value)))
    return float(value)


class SignificanceLab(GuardedCallbacks, Shown):
    """Live clause-7 comparison of two or more models scored on the same samples (clause 7).

    Parameters
    ----------
    y_true : array of true labels (two classes).
    scores : mapping ``{model name: scores}`` with at least two models.
    positive : label of the positive class (default 1 for 0/1 or boolean labels).
    thresholds : one threshold for every model, or a mapping name → threshold (default 0.5).
    alpha : significance level of every decision; intervals are at confidence 1 − α.
    m : number of comparisons for the multiple-comparison panel (default: the pairwise tests shown).
    n_resamples, seed : bootstrap resamples and seed (fixed, so the intervals are reproducible).
    cv : the 5×2cv panel's data: ``None`` (a button runs :func:`breast_cancer_five_by_two`), a
        :class:`~iso4213_nb.stats.FiveByTwoDifferences`, or ``(estimator_a, estimator_b, X, y)`` run at once.
    cv_names : names of the two cross-validated classifiers.

    Attributes (read after any change)
    ----------------------------------
    pair : (name A, name B), settable.
    thresholds : dict name → threshold; set one with :meth:`set_threshold` or the sliders.
    alpha, m : settable.
    table : the 2×2 McNemar table of A and B (:func:`iso4213_nb.stats.mcnemar_table`).
    mcnemar, delong : :class:`~iso4213_nb.stats.TestResult`.
    accuracy_difference : paired bootstrap :class:`~iso4213_nb.stats.ConfidenceInterval` of accuracy A − B.
    auroc_intervals : dict name → (DeLong interval, bootstrap interval) for A and B.
    family : list of (comparison, p-value) of every pairwise test; ``adjusted``: dict procedure →
        :class:`~iso4213_nb.stats.AdjustedPValues` over the family padded to ``m``; ``fwer``.
    cv_differences, cv_t, cv_f : the 5×2cv panel's results (``None`` before it runs).
    widget : the ipywidgets container to display.
    """

    def __init__(self, y_true, scores, positive=None, *, thresholds=0.5, alpha: float = 0.05, m: int | None = None,
                 n_resamples: int = 500, seed: int = 0, cv=None, cv_names: tuple[str, str] = ("A", "B")):
        if not isinstance(scores, Mapping) or len(scores) < 2:
            raise InputError(_("scores must be a mapping of at least two model names to their scores"))
        labels = as_labels(y_true, "y_true")
        self._scores = {str(name): as_scores(values, _("scores of {name}").format(name=repr(name)))
                        for name, values in scores.items()}
        self._binary = {name: BinaryScores(labels, values, positive) for name, values in self._scores.items()}
        first = next(iter(self._binary.values()))
        if first.positives == 0 or first.negatives == 0:
            raise InputError(_("y_true needs both classes to compare models"))
        self._y = positive_mask(labels, first.positive)[0].astype(int)
        self._alpha = _check_alpha(alpha)
        self._thresholds = {name: as_threshold(thresholds[name] if isinstance(thresholds, Mapping) else thresholds,
                                               _("threshold of {name}").format(name=repr(name)))
                            for name in self._scores}
        if isinstance(thresholds, Mapping) and set(thresholds) - set(self._scores):
            raise InputError(_("thresholds name unknown model(s): {names}").format(
                names=sorted(set(thresholds) - set(self._scores))))
        self.n_resamples, self.seed = int(n_resamples), int(seed)
        names = list(self._scores)
        self._pair = (names[0], names[1])
        self._n_pairs = len(names) * (len(names) - 1) // 2
        self._m = self._check_m(2 * self._n_pairs if m is None else m)
        self._delong_cache: dict = {}
        self.cv_differences = self.cv_t = self.cv_f = None
        self.cv_names = tuple(cv_names)
        self._build_widgets()
        self._update_pair()
        if cv is not None:
            self.run_five_by_two(cv)

    # ------------------------------------------------------------------ checks
    def _check_m(self, value) -> int:
        real = 2 * self._n_pairs
        if isinstance(value, bool) or not isinstance(value, Real) or not float(value).is_integer() or value < real:
            raise InputError(_("m must be a whole number of at least {least} (the comparisons shown), "
                               "got {value}").format(least=number(real), value=given(value)))
        return int(value)

    def _known(self, name) -> None:
        if name not in self._scores:
            raise InputError(_("unknown model {name}; models are: {models}").format(
                name=repr(name), models=", ".join(self._scores)))

    # ------------------------------------------------------------------ widgets
    def _build_widgets(self) -> None:
        names = list(self._scores)
        every = np.concatenate(list(self._scores.values()))
        covering = SliderGrid.covering(float(every.min()), float(every.max()), 200)  # one step more: above every score
        self.threshold_grid = SliderGrid(covering.start, covering.step, covering.steps + 1)
        self.model_a = widgets.Dropdown(options=names, value=self._pair[0], description=_("model A"))
        self.model_b = widgets.Dropdown(options=names, value=self._pair[1], description=_("model B"))
        slider = dict(decimals=max(3, decimals_of(self.threshold_grid.step)), continuous_update=False,
                      layout=widgets.Layout(width="420px"))
        self.threshold_a = grid_slider(self.threshold_grid, self._thresholds[self._pair[0]],
                                       description=_("threshold A"), **slider)
        self.threshold_b = grid_slider(self.threshold_grid, self._thresholds[self._pair[1]],
                                       description=_("threshold B"), **slider)
        self.alpha_slider = grid_slider(ALPHA_GRID, self._alpha, decimals=3, description="α", continuous_update=False)
        self.m_slider = widgets.IntSlider(value=self._m, min=2 * self._n_pairs, max=max(50, self._m),
                                          description=_("comparisons m"), continuous_update=False,
                                          style={"description_width": "initial"})
        self.cv_button = widgets.Button(description=_("run 5×2cv"), button_style="primary")
        self.message = widgets.HTML()
        self.mcnemar_html = widgets.HTML()
        self.delong_html = widgets.HTML()
        self.multiplicity_html = widgets.HTML()
        self.cv_html = widgets.HTML(value="<p>" + _(
            "Press {button} to cross-validate two classifiers on scikit-learn's breast-cancer data (a few "
            "seconds).").format(button="<b>" + html.escape(_("run 5×2cv")) + "</b>") + "</p>")

        self.model_a.observe(lambda c: self._guarded(self._set_pair_from_widgets), "value")
        self.model_b.observe(lambda c: self._guarded(self._set_pair_from_widgets), "value")
        self.threshold_a.observe(lambda c: self._guarded(self.set_threshold, self._pair[0], c.new), "value")
        self.threshold_b.observe(lambda c: self._guarded(self.set_threshold, self._pair[1], c.new), "value")
        self.alpha_slider.observe(lambda c: self._guarded(setattr, self, "alpha", c.new), "value")
        self.m_slider.observe(lambda c: self._guarded(setattr, self, "m", c.new), "value")
        self.cv_button.on_click(lambda _: self._guarded(self.run_five_by_two))

        # One panel at a time under the controls, so each control and the numbers it moves fit one 768-pixel
        # screen (stacked, the four panels made the lab 1,176 pixels tall).
        panels = [
            (_("McNemar's test at the thresholds (7.9) and a bootstrap interval (7.8)"), [self.mcnemar_html]),
            (_("DeLong's test of the two AUROCs, with AUROC intervals (7.8)"), [self.delong_html]),
            (_("Multiple comparisons (7.10)"), [self.m_slider, self.multiplicity_html]),
            (_("5×2 cross-validation (7.2)"), [self.cv_button, self.cv_html]),
        ]
        self.panels = widgets.Tab(children=[widgets.VBox([widgets.HTML(f"<b>{html.escape(title)}</b>"), *parts])
                                            for title, parts in panels],
                                  titles=[_(name) for name in PANEL_TITLES])
        self.widget = widgets.VBox([
            widgets.HBox([self.model_a, self.model_b, self.alpha_slider], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.threshold_a, self.threshold_b], layout=widgets.Layout(flex_flow="row wrap")),
            self.message,
            self.panels,
        ])
        self.widget.add_class("iso4213-significance-lab")

    def _set_pair_from_widgets(self) -> None:
        try:
            self.pair = (self.model_a.value, self.model_b.value)
        except InputError:
            self._sync(self.model_a, self._pair[0])  # show the pair still in use
            self._sync(self.model_b, self._pair[1])
            raise

    # ------------------------------------------------------------------ state
    @property
    def pair(self) -> tuple[str, str]:
        """The two models compared, (A, B)."""
        return self._pair

    @pair.setter
    def pair(self, value) -> None:
        a, b = value
        self._known(a)
        self._known(b)
        if a == b:
            raise InputError(_("models A and B must differ, both are {name}").format(name=repr(a)))
        self._pair = (a, b)
        self._sync(self.model_a, a)
        self._sync(self.model_b, b)
        self._sync(self.threshold_a, nearest(self.threshold_grid, self._thresholds[a]))
        self._sync(self.threshold_b, nearest(self.threshold_grid, self._thresholds[b]))
        self._update_pair()

    @property
    def thresholds(self) -> dict:
        """Threshold of every model (a copy; change one with :meth:`set_threshold`)."""
        return dict(self._thresholds)

    def set_threshold(self, name: str, value) -> None:
        """Set the threshold of model ``name``; every panel that depends on it is recomputed."""
        self._known(name)
        self._thresholds[name] = as_threshold(value, _("threshold of {name}").format(name=repr(name)))
        if name == self._pair[0]:
            self._sync(self.threshold_a, nearest(self.threshold_grid, self._thresholds[name]))
        if name == self._pair[1]:
            self._sync(self.threshold_b, nearest(self.threshold_grid, self._thresholds[name]))
        self._update_thresholds()

    @property
    def alpha(self) -> float:
        """Significance level of every decision; intervals are at confidence 1 − α."""
        return self._alpha

    @alpha.setter
    def alpha(self, value) -> None:
        self._alpha = _check_alpha(value)
        self._sync(self.alpha_slider, nearest(ALPHA_GRID, self._alpha))
        self._update_pair()
        self._update_cv()

    @property
    def m(self) -> int:
        """Number of comparisons in the family (7.10)."""
        return self._m

    @m.setter
    def m(self, value) -> None:
        self._m = self._check_m(value)
        if self._m > self.m_slider.max:
            self.m_slider.max = self._m
        self._sync(self.m_slider, self._m)
        self._update_family()

    def predictions(self, name: str) -> np.ndarray:
        """Predicted labels (1 = positive) of model ``name`` at its threshold."""
        return (self._scores[name] >= self._thresholds[name]).astype(int)

    # ------------------------------------------------------------------ computation
    def _delong(self, a: str, b: str):
        if (a, b) not in self._delong_cache:
            self._delong_cache[(a, b)] = stats.delong_test(self._y, self._scores[a], self._scores[b])
        return self._delong_cache[(a, b)]

    def _update_pair(self) -> None:
        """Everything for the current pair and α: DeLong, AUROC intervals, then the threshold-dependent panels."""
        a, b = self._pair
        level = 1 - self._alpha
        self.delong = self._delong(a, b)
        self.auroc_intervals = {
            name: (stats.auroc_ci(self._y, self._scores[name], confidence_level=level),
                   stats.auroc_ci(self._y, self._scores[name], confidence_level=level, method="percentile",
                                  n_resamples=self.n_resamples, seed=self.seed))
            for name in (a, b)}
        self.delong_html.value = self._delong_html()
        self._update_thresholds()

    def _update_thresholds(self) -> None:
        a, b = self._pair
        pred_a, pred_b = self.predictions(a), self.predictions(b)
        self.table = stats.mcnemar_table(self._y, pred_a, pred_b)
        self.mcnemar = stats.mcnemar(self.table)
        self.accuracy_difference = stats.paired_bootstrap_ci(
            accuracy, self._y, pred_a, pred_b, n_resamples=self.n_resamples, confidence_level=1 - self._alpha,
            strata=self._y, seed=self.seed, name=_("accuracy difference (A − B)"), method="percentile")
        self.mcnemar_html.value = self._mcnemar_html()
        self._update_family()

    def _update_family(self) -> None:
        names = list(self._scores)
        family = []
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                table = stats.mcnemar_table(self._y, self.predictions(a), self.predictions(b))
                family.append((_("McNemar {a} vs {b}").format(a=a, b=b), stats.mcnemar(table).pvalue))
                family.append((_("DeLong {a} vs {b}").format(a=a, b=b), self._delong(a, b).pvalue))
        self.family = family
        defined = [p for _, p in family if not is_undefined(p)]
        padded = np.array(defined + [1.0] * (self._m - len(family)))
        self.adjusted = {method: stats.adjust_pvalues(padded, method, alpha=self._alpha) for method in PROCEDURES}
        self.fwer = stats.familywise_error_rate(self._alpha, self._m)
        self.multiplicity_html.value = self._multiplicity_html()

    def run_five_by_two(self, cv=None) -> None:
        """Run (or take) the 5×2cv differences and show Dietterich's t and Alpaydin's F (7.2)."""
        if cv is None:
            cv, self.cv_names = breast_cancer_five_by_two(self.seed)
        elif isinstance(cv, tuple):
            if len(cv) != 4:
                raise InputError(_("cv must be (estimator_a, estimator_b, X, y) or FiveByTwoDifferences"))
            estimator_a, estimator_b, X, y = cv
            cv = stats.five_by_two_differences(estimator_a, estimator_b, X, y, seed=self.seed)
        self.cv_differences = np.asarray(cv, dtype=float)
        self.cv_t = stats.paired_ttest_5x2cv(self.cv_differences)
        self.cv_f = stats.combined_ftest_5x2cv(self.cv_differences)
        self._update_cv()

    def _update_cv(self) -> None:
        if self.cv_differences is not None:
            self.cv_html.value = self._cv_html()

    # ------------------------------------------------------------------ HTML
    def _mcnemar_html(self) -> str:
        a, b = (html.escape(name) for name in self._pair)
        t, r, ci = self.table, self.mcnemar, self.accuracy_difference
        right, wrong = _("{model} right"), _("{model} wrong")
        matrix = (
            "<table class='iso4213-mcnemar'><tr><th></th>"
            f"<th>{right.format(model=b)}</th><th>{wrong.format(model=b)}</th></tr>"
            f"<tr><th>{right.format(model=a)}</th><td data-cell='a'>{t[0, 0]}</td><td data-cell='b'>{t[0, 1]}</td>"
            f"</tr><tr><th>{wrong.format(model=a)}</th><td data-cell='c'>{t[1, 0]}</td>"
            f"<td data-cell='d'>{t[1, 1]}</td></tr></table>")
        test = _("{test}: statistic {statistic}, {p} → {decision} at α = {alpha}.").format(
            test=html.escape(readings.name(r)), statistic=html.escape(number(r.statistic, 4)),
            p=f"<span data-value='mcnemar-p'>{html.escape(readings.format_p(r.pvalue))}</span>",
            decision=f"<b>{_decision(r.pvalue, self._alpha)}</b>",
            alpha=f"<span data-value='alpha'>{significant(self._alpha)}</span>")
        if is_undefined(ci.low):
            interval = _("Accuracy A − B = {difference}; no paired bootstrap interval: {reason}.").format(
                difference=readings.signed(r.effect_size), reason=reason_text({"code": ci.low.code, **ci.low.params}))
        else:
            interval = _("Accuracy A − B = {difference}; {level} paired bootstrap interval {low} to {high} "
                         "({resamples} resamples, seed {seed}).").format(
                difference=readings.signed(r.effect_size), level=percent(1 - self._alpha),
                low=readings.signed(ci.low), high=readings.signed(ci.high), resamples=self.n_resamples, seed=self.seed)
        return (f"{matrix}<p>{test}<br>{html.escape(interval)}</p>"
                f"<p style='color:#555'>{html.escape(readings.reading(r))}</p>")

    def _delong_html(self) -> str:
        r = self.delong
        rows = [[name, number(delong.estimate, 4), f"{number(delong.low, 4)} – {number(delong.high, 4)}",
                 f"{number(boot.low, 4)} – {number(boot.high, 4)}"] for name, (delong, boot) in self.auroc_intervals.items()]
        level = percent(1 - self._alpha)
        table = html_table(rows, [_("model"), "AUROC", _("{level} DeLong interval").format(level=level),
                                  _("{level} bootstrap interval").format(level=level)])
        test = _("{test}: z = {z}, {p} → {decision} at α = {alpha}.").format(
            test=html.escape(readings.name(r)), z=html.escape(number(r.statistic, 3)),
            p=html.escape(readings.format_p(r.pvalue)), decision=f"<b>{_decision(r.pvalue, self._alpha)}</b>",
            alpha=significant(self._alpha))
        return f"{table}<p>{test}</p><p style='color:#555'>{html.escape(readings.reading(r))}</p>"

    def _multiplicity_html(self) -> str:
        defined = [(label, p) for label, p in self.family if not is_undefined(p)]
        rows = []
        for i, (label, p) in enumerate(defined):
            row = [label, _p(p), _("reject") if p <= self._alpha else _("keep")]
            for method in PROCEDURES:
                adjusted = self.adjusted[method]
                decision = _("reject") if adjusted.rejected[i] else _("keep")
                row.append(f"{_p(adjusted.adjusted[i])} → {decision}")
            rows.append(row)
        header = [_("comparison"), "p", _("unadjusted")] + [
            _("{procedure}: adjusted p → decision").format(procedure=_(name)) for name in PROCEDURES.values()]
        skipped = [label for label, p in self.family if is_undefined(p)]
        note = ("<p>" + html.escape(_("Left out (p undefined): {comparisons}.").format(
            comparisons=", ".join(skipped))) + "</p>") if skipped else ""
        text = _("Family-wise error rate with m = {m} independent tests at α = {alpha}: 1 − (1 − α)^m = {fwer}. The "
                 "{shown} comparisons below stand in a family of {m}; the other {other} count as p = 1.").format(
            m=self._m, alpha=significant(self._alpha), fwer=f"<b data-value='fwer'>{number(self.fwer, 4)}</b>",
            shown=len(defined), other=self._m - len(defined))
        return f"<p>{text}</p>{html_table(rows, header)}{note}"

    def _cv_html(self) -> str:
        d = self.cv_differences
        rows = [[_("repetition {number}").format(number=i + 1), number(d[i, 0], 4), number(d[i, 1], 4)]
                for i in range(5)]
        a, b = self.cv_names
        table = html_table(rows, ["", _("fold 1"), _("fold 2")],
                           caption=_("accuracy of {a} minus {b}").format(a=a, b=b))
        lines = "".join(
            "<li>" + _("{test}: statistic {statistic} (df {df}), {p} → {decision}").format(
                test=html.escape(readings.name(r)), statistic=number(r.statistic, 3), df=html.escape(str(r.df)),
                p=html.escape(readings.format_p(r.pvalue)), decision=f"<b>{_decision(r.pvalue, self._alpha)}</b>")
            + "</li>" for r in (self.cv_t, self.cv_f))
        return f"{table}<ul>{lines}</ul><p style='color:#555'>{html.escape(readings.reading(self.cv_f))}</p>"

    def __repr__(self) -> str:
        return f"SignificanceLab(models={list(self._scores)}, pair={self._pair}, alpha={self._alpha:g}, m={self._m})"
