"""The threshold explorer's state and its rules, with no widget and no drawing (:class:`ExplorerState`): the
counts of Table 1 (6.3.2), the clause-6 measures, the operating point on the ROC, PR, gain and lift curves
(6.3.6–6.3.9), the curves at a chosen prevalence (3.2.15) and the Youden-, F1- and cost-optimal thresholds.

Everything that depends only on the data is computed once per model (:class:`ModelScores`); a threshold move is one
binary search per model.  A value set here is kept exactly as given (0.45 stays 0.45): a slider is a position on a
:class:`SliderGrid`, and a value typed elsewhere only moves it to its nearest position.  Grids use round steps (1, 2
or 5 times a power of ten), so that a slider lands on numbers a learner can type.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from ..measures import counts as measures
from ..core.checks import as_labels, as_scores, as_threshold
from ..measures.curves import BinaryScores, positive_mask
from ..core.errors import InputError
from ..measures.operating_points import check_costs, counts_at_thresholds, negative_weight, optimal_points, rates
from ..core.undefined import ratio

#: Curve kinds with an operating point, in the order they are drawn.
KINDS = ("roc", "pr", "gain", "lift")

#: The rate used for each coordinate of each curve kind (keys of :func:`operating_points.rates`).
AXES_RATES = {"roc": ("fpr", "tpr"), "pr": ("tpr", "precision"), "gain": ("share", "tpr"), "lift": ("share", "lift")}

#: The optimal points and the curve each is marked on.
OPTIMUM_CURVE = {"youden": "roc", "f1": "pr", "cost": "roc"}


def _round_step(span: float, steps: int) -> float:
    """The smallest of 1, 2, 5 × 10^k that covers ``span`` in at most ``steps`` steps."""
    raw = span / steps
    power = 10.0 ** math.floor(math.log10(raw))
    return next(factor * power for factor in (1, 2, 5, 10) if factor * power >= raw * (1 - 1e-12))


@dataclass(frozen=True)
class SliderGrid:
    """Positions ``0 … steps`` of a slider and the value at each, ``start + i · step`` (rounded to the step's digits).

    Clause 6.3.
    """

    start: float
    step: float
    steps: int

    @classmethod
    def covering(cls, lo: float, hi: float, steps: int = 500) -> SliderGrid:
        """A grid of round steps from ``lo`` (rounded down to a step) to at least ``hi``."""
        if not (math.isfinite(lo) and math.isfinite(hi)):
            raise InputError("explorer_state.slider_bounds", low=lo, high=hi)
        span = hi - lo if hi > lo else max(abs(lo), 1.0)
        step = _round_step(span, steps)
        start = math.floor(lo / step + 1e-9) * step
        count = math.ceil((hi - start) / step - 1e-9)
        return cls(start=cls._round(start, step), step=step, steps=max(count, 1))

    @staticmethod
    def _round(value: float, step: float) -> float:
        digits = max(0, -math.floor(math.log10(step))) + 1
        return round(value, digits)

    @property
    def stop(self) -> float:
        """The value at the last position."""
        return self.value(self.steps)

    def value(self, index: int) -> float:
        """The value at position ``index`` (0 … steps)."""
        if not 0 <= index <= self.steps:
            raise InputError("explorer_state.slider_position", steps=self.steps, index=index)
        return self._round(self.start + index * self.step, self.step)

    def index(self, value: float) -> int:
        """The position nearest to ``value``; values beyond the grid go to its ends."""
        return int(min(max(round((value - self.start) / self.step), 0), self.steps))


def parse_costs(costs) -> tuple[float, float]:
    """``(cost_fp, cost_fn)`` from a pair, a mapping with keys ``fp``/``fn``, or None (1, 1); checked (6.3)."""
    if costs is None:
        return 1.0, 1.0
    if isinstance(costs, Mapping):
        unknown = set(costs) - {"fp", "fn"}
        if unknown:
            raise InputError("explorer_state.unknown_cost_keys", name="costs", keys=str(sorted(map(str, unknown))))
        return check_costs(costs.get("fp", 1.0), costs.get("fn", 1.0))
    try:
        cost_fp, cost_fn = costs
    except (TypeError, ValueError):
        raise InputError("explorer_state.costs_form", name="costs", costs=repr(costs)) from None
    return check_costs(cost_fp, cost_fn)


class ModelScores:
    """One model's scores with everything precomputed: sorted counts, the four curves and their counts (6.3).

    ``curves`` maps each of :data:`KINDS` to its :class:`~iso4213_nb.measures.curves.Curve` at the data's
    prevalence, ``curve_counts`` to the (TP, FP) arrays at each curve point.
    """

    def __init__(self, name: str, scores: np.ndarray, labels: np.ndarray, positive):
        self.name = name
        self.scores = scores
        self.binary = BinaryScores(labels, scores, positive)
        if self.binary.positives == 0 or self.binary.negatives == 0:
            raise InputError("explorer_state.no_positives" if self.binary.positives == 0
                             else "explorer_state.no_negatives")
        self.is_positive, _ = positive_mask(labels, self.binary.positive)
        self.curves = {kind: getattr(self.binary, kind)() for kind in KINDS}
        self.curve_counts = {kind: counts_at_thresholds(self.binary, curve.thresholds)
                             for kind, curve in self.curves.items()}


def as_models(y_true, scores, positive=None) -> dict[str, ModelScores]:
    """``{name: ModelScores}`` from labels and one score array or a mapping ``{name: scores}`` (6.3)."""
    labels = as_labels(y_true, "y_true")
    if isinstance(scores, Mapping):
        if not scores:
            raise InputError("explorer_state.no_models", name="scores")
        named = {str(name): (values, f"scores[{name!r}]") for name, values in scores.items()}
    else:
        named = {"model": (scores, "scores")}
    return {name: ModelScores(name, as_scores(values, shown), labels, positive)
            for name, (values, shown) in named.items()}


class ExplorerState:
    """Threshold, model, prevalence and costs of a threshold explorer, and everything they determine (6.3).

    Parameters
    ----------
    y_true : true labels (two classes).
    scores : real scores (higher = more positive), or ``{model name: scores}``.
    positive : label of the positive class (default 1/True for 0/1 or boolean labels).
    costs : ``(cost_fp, cost_fn)`` or ``{"fp": …, "fn": …}``; default ``(1, 1)``.
    threshold : default 0.5 for scores within [0, 1], else the middle of the score range.
    prevalence : share of positives at which PR, gain, lift, F1 and cost are shown (default: the data's).
    model : the model whose counts and measures are shown (default: the first).

    Every setter checks its value (one-line :class:`InputError`) and leaves the
    state unchanged when it refuses one.  A sample is predicted positive when
    its score is ≥ the threshold.
    """

    def __init__(self, y_true, scores, positive=None, *, costs=None, threshold: float | None = None,
                 prevalence: float | None = None, model: str | None = None):
        self.models = as_models(y_true, scores, positive)
        first = next(iter(self.models.values())).binary
        self.data_prevalence = first.positives / first.n
        lo = min(float(m.scores.min()) for m in self.models.values())
        hi = max(float(m.scores.max()) for m in self.models.values())
        self.threshold_grid = (SliderGrid(0.0, 0.002, 500) if 0 <= lo and hi <= 1
                               else SliderGrid.covering(lo, hi + (hi - lo) / 500 if hi > lo else hi + 1))
        self.prevalence_grid = SliderGrid(0.01, 0.01, 98)
        self._costs = parse_costs(costs)
        self._weight = 1.0
        self._prevalence = self.data_prevalence
        if prevalence is not None:
            self._set_weight(prevalence)
        self._model = self._check_model(model) if model is not None else next(iter(self.models))
        if threshold is None:
            threshold = 0.5 if 0 <= lo and hi <= 1 else (lo + hi) / 2
        self._threshold = as_threshold(threshold)
        self._count()
        self._optimise()

    # ------------------------------------------------------------------ settable state
    @property
    def threshold(self) -> float:
        """The decision threshold, exactly as set: predicted positive when score ≥ threshold."""
        return self._threshold

    @threshold.setter
    def threshold(self, value) -> None:
        self._threshold = as_threshold(value)
        self._count()

    @property
    def model(self) -> str:
        """The model that :attr:`confusion` and :attr:`metrics` describe."""
        return self._model

    @model.setter
    def model(self, name) -> None:
        self._model = self._check_model(name)

    @property
    def prevalence(self) -> float:
        """Share of positives at which PR, gain, lift, F1 and cost are shown, exactly as set."""
        return self._prevalence

    @prevalence.setter
    def prevalence(self, value) -> None:
        self._set_weight(value)
        self._optimise()

    @property
    def costs(self) -> tuple[float, float]:
        """(cost of a false positive, cost of a false negative)."""
        return self._costs

    @costs.setter
    def costs(self, value) -> None:
        self._costs = parse_costs(value)
        self._optimise()

    # ------------------------------------------------------------------ derived
    @property
    def weight(self) -> float:
        """Weight of each negative that gives the data the share :attr:`prevalence` of positives (1 at the data's)."""
        return self._weight

    @property
    def reweighted(self) -> bool:
        """True when the prevalence differs from the data's (the curves are reweighted)."""
        return self._weight != 1.0

    @property
    def confusion(self) -> measures.BinaryCounts:
        """:class:`~iso4213_nb.BinaryCounts` of :attr:`model` at :attr:`threshold`."""
        return self._counts[self._model]

    def confusion_of(self, name: str) -> measures.BinaryCounts:
        """Counts of model ``name`` at the threshold."""
        return self._counts[self._check_model(name)]

    @property
    def metrics(self) -> dict:
        """Every measure of :data:`iso4213_nb.measures.counts.PER_CLASS` at :attr:`confusion` (floats or Undefined)."""
        return self.metrics_of(self._model)

    def metrics_of(self, name: str) -> dict:
        """The measures of :data:`iso4213_nb.measures.counts.PER_CLASS` of model ``name`` at the threshold."""
        counts = self.confusion_of(name)
        return {key: measure(counts) for key, measure in measures.PER_CLASS.items()}

    @property
    def precision_at_prevalence(self):
        """Precision TP / (TP + w·FP) of :attr:`model` with negatives weighted to :attr:`prevalence` (3.2.15)."""
        c = self.confusion
        return ratio(c.tp, c.tp + self._weight * c.fp, code=measures.NO_PREDICTED_POSITIVES)

    @property
    def optima(self):
        """:class:`~iso4213_nb.measures.operating_points.OptimalPoints` of :attr:`model` at the prevalence and costs."""
        return self._optima[self._model]

    def optima_of(self, name: str):
        """Optimal points of model ``name``."""
        return self._optima[self._check_model(name)]

    def operating_point(self, name: str) -> dict[str, tuple[float, float]]:
        """``{kind: (x, y)}``: where model ``name`` sits on each curve at the threshold (NaN: undefined)."""
        c = self.confusion_of(name)
        return self._points(name, c.tp, c.fp)

    def optimum_points(self, name: str) -> dict[str, tuple[float, float]]:
        """``{youden|f1|cost: (x, y)}`` on the curve each is marked on (:data:`OPTIMUM_CURVE`)."""
        points = {}
        for key, point in self.optima_of(name)._asdict().items():
            kind = OPTIMUM_CURVE[key]
            points[key] = self._points(name, point.counts.tp, point.counts.fp)[kind]
        return points

    def curve(self, name: str, kind: str) -> tuple[np.ndarray, np.ndarray]:
        """Full ``(x, y)`` arrays of one curve of model ``name`` at the current prevalence."""
        model = self.models[self._check_model(name)]
        if kind == "roc" or not self.reweighted:
            return model.curves[kind].x, model.curves[kind].y
        r = rates(*model.curve_counts[kind], model.binary.positives, model.binary.negatives, self._weight)
        x_rate, y_rate = AXES_RATES[kind]
        y = model.curves[kind].y if kind == "gain" else r[y_rate]
        x = model.curves[kind].x if kind == "pr" else r[x_rate]
        return x, y

    # ------------------------------------------------------------------ internals
    def _points(self, name: str, tp, fp) -> dict[str, tuple[float, float]]:
        binary = self.models[name].binary
        r = rates([tp], [fp], binary.positives, binary.negatives, self._weight)
        return {kind: (float(r[x][0]), float(r[y][0])) for kind, (x, y) in AXES_RATES.items()}

    def _check_model(self, name) -> str:
        if name not in self.models:
            raise InputError("explorer_state.unknown_model", model=repr(name), models=list(self.models))
        return name

    def _set_weight(self, value) -> None:
        first = next(iter(self.models.values())).binary
        self._weight = negative_weight(first.positives, first.negatives, value)
        self._prevalence = float(value)

    def _count(self) -> None:
        self._counts = {name: m.binary.counts_at(self._threshold) for name, m in self.models.items()}

    def _optimise(self) -> None:
        prevalence = self._prevalence if self.reweighted else None
        self._optima = {name: optimal_points(m.binary, cost_fp=self._costs[0], cost_fn=self._costs[1],
                                             prevalence=prevalence)
                        for name, m in self.models.items()}
