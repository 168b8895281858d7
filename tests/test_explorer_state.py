"""The explorer's state and its rules without a widget or a figure: exact values, slider grids, refusals."""

import numpy as np
import pytest
from sklearn.metrics import precision_recall_curve, recall_score

from iso4213_nb import InputError
from iso4213_nb.course.explorer_state import ExplorerState, SliderGrid


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, 400)
    a = np.clip(rng.normal(0.35 + 0.3 * y, 0.2), 0, 1)
    b = np.clip(a + rng.normal(0, 0.15, 400), 0, 1)
    return y, a, b


def test_grid_over_unit_scores_lands_on_values_a_learner_types():
    grid = SliderGrid(0.0, 0.002, 500)
    assert [grid.value(i) for i in (0, 225, 250, 500)] == [0.0, 0.45, 0.5, 1.0]
    assert grid.index(0.45) == 225 and grid.index(0.4491) == 225 and grid.index(-3) == 0 and grid.index(7) == 500


@pytest.mark.parametrize("lo,hi,step", [(-3.2, 4.1, 0.02), (0.0, 1000.0, 2.0), (5.0, 5.0, 0.01), (-0.7, 0.3, 0.002)])
def test_covering_grid_has_a_round_step_and_spans_the_range(lo, hi, step):
    grid = SliderGrid.covering(lo, hi)
    assert grid.step == pytest.approx(step)
    assert grid.start <= lo and grid.stop >= hi and grid.steps <= 1000
    for i in (0, 1, grid.steps // 3, grid.steps):
        assert grid.index(grid.value(i)) == i
    with pytest.raises(InputError, match="slider position"):
        grid.value(grid.steps + 1)


@pytest.mark.parametrize("t", [0.45, 0.5, 0.4490329, 0.123456789, 0.5008])
def test_a_threshold_is_kept_exactly_and_counted_there(data, t):
    y, a, b = data
    state = ExplorerState(y, {"a": a, "b": b})
    state.threshold = t
    assert state.threshold == t
    assert state.metrics["recall"] == pytest.approx(recall_score(y, a >= t))
    c = state.confusion_of("b")
    assert (c.tp, c.fp) == (int(((b >= t) & (y == 1)).sum()), int(((b >= t) & (y == 0)).sum()))


def test_the_slider_position_of_an_exact_value_does_not_change_it(data):
    y, a, _ = data
    state = ExplorerState(y, a, threshold=0.4490329, prevalence=0.3719)
    assert state.threshold == 0.4490329 and state.prevalence == 0.3719
    assert state.threshold_grid.value(state.threshold_grid.index(state.threshold)) == 0.45  # where the slider sits
    assert state.prevalence_grid.value(state.prevalence_grid.index(state.prevalence)) == 0.37


def test_refused_values_leave_the_state_as_it_was(data):
    y, a, b = data
    state = ExplorerState(y, {"a": a, "b": b}, threshold=0.3, prevalence=0.2, costs=(1, 5))
    before = (state.threshold, state.prevalence, state.costs, state.model, state.optima)
    for name, value, message in [("threshold", float("nan"), "finite"), ("threshold", "0.4", "finite"),
                                 ("prevalence", 1.0, "prevalence must be"), ("costs", (0, 0), "both 0"),
                                 ("model", "c", "unknown model")]:
        with pytest.raises(InputError, match=message):
            setattr(state, name, value)
    assert (state.threshold, state.prevalence, state.costs, state.model, state.optima) == before


def test_curves_at_a_prevalence_are_weighted_precision_recall(data):
    y, a, _ = data
    state = ExplorerState(y, a, prevalence=0.1)
    w = (y == 1).sum() * 0.9 / (0.1 * (y == 0).sum())
    precision, _, _ = precision_recall_curve(y, a, sample_weight=np.where(y == 1, 1.0, w), drop_intermediate=False)
    np.testing.assert_allclose(state.curve("model", "pr")[1], precision[:-1][::-1])
    assert state.curve("model", "roc")[1] is state.models["model"].curves["roc"].y  # ROC does not move (3.2.15)
    x, y_pr = state.operating_point("model")["pr"]
    assert y_pr == pytest.approx(float(state.precision_at_prevalence))


def test_optima_follow_prevalence_and_costs_but_youden_does_not(data):
    y, a, _ = data
    state = ExplorerState(y, a)
    youden, cost = state.optima.youden, state.optima.cost
    state.costs = {"fp": 1, "fn": 20}
    state.prevalence = 0.05
    assert state.optima.youden == youden and state.optima.cost != cost
    x, y_roc = state.optimum_points("model")["youden"]
    c = youden.counts
    assert (x, y_roc) == pytest.approx((c.fp / (c.fp + c.tn), c.tp / (c.tp + c.fn)))
