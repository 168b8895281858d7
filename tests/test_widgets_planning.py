"""PlanningWidget driven from Python: each number it shows is the one iso4213_nb.stats.planning gives at that input,
and a refused input leaves the answer on show untouched."""

import re

import numpy as np
import pytest

from iso4213_nb.stats import planning
from iso4213_nb.widgets.planning import PlanningWidget


def _shown(widget, key: str) -> str:
    match = re.search(rf"data-value='{key}'>([^<]*)<", widget.readout.value)
    assert match, f"{key} is not shown"
    return match.group(1)


def _count(text: str) -> int:
    return int(text.replace("\u202f", ""))


@pytest.mark.parametrize("p, h, level, n", [(0.9, 0.03, 0.95, 500), (0.5, 0.01, 0.99, 1234), (0.97, 0.05, 0.9, 40)])
def test_proportion_follows_the_boxes(p, h, level, n):
    w = PlanningWidget("proportion")
    w.boxes["proportion"].value = p  # as a learner types
    w.boxes["half_width"].value = h
    w.boxes["confidence_level"].value = level
    w.boxes["n_have"].value = n
    expected = planning.proportion_sample_size(p, h, level)
    assert w.planned.plan == expected
    assert _count(_shown(w, "n-needed")) == expected.n
    assert _shown(w, "half-width") == f"{expected.half_width:.4f}"
    assert _shown(w, "reached") == f"{planning.proportion_half_width(p, n, level):.4f}"
    assert w.message.value == ""


def test_auroc_follows_the_boxes_and_the_reverse_uses_the_prevalence_split():
    w = PlanningWidget("auroc")
    w.set(auroc=0.8, prevalence=0.2, half_width=0.04, confidence_level=0.9, n_have=300)
    expected = planning.auroc_sample_size(0.8, 0.2, 0.04, 0.9)
    assert w.planned.plan == expected
    assert _count(_shown(w, "n-needed")) == expected.n
    assert _shown(w, "reached") == f"{planning.auroc_half_width(0.8, 60, 240, 0.9):.4f}"
    assert f"{expected.positives} positives" in w.readout.value


def test_mcnemar_needed_pairs_power_and_detectable_difference():
    w = PlanningWidget("mcnemar")
    w.boxes["p10"].value = 0.1
    w.boxes["p01"].value = 0.04
    w.boxes["power"].value = 0.9
    w.boxes["confidence_level"].value = 0.99
    w.boxes["n_have"].value = 800
    expected = planning.mcnemar_sample_size(0.1, 0.04, 0.9, 1 - 0.99)
    assert _count(_shown(w, "n-needed")) == expected.n
    assert _shown(w, "power") == f"{expected.power:.3f}"
    assert _shown(w, "reached") == f"{planning.mcnemar_power(0.1, 0.04, 800, 1 - 0.99):.3f}"
    detectable = planning.mcnemar_detectable_difference(0.14, 800, 0.9, 1 - 0.99)
    assert _shown(w, "detectable") == f"{detectable:.4f}"


def test_curve_is_the_package_half_width_at_each_size_and_crosses_the_target_at_n():
    w = PlanningWidget("proportion", proportion=0.8, half_width=0.02)
    sizes, curve = w.planned.sizes, w.planned.curve
    assert np.allclose(curve, [planning.proportion_half_width(0.8, k, 0.95) for k in sizes])
    n = w.planned.plan.n
    assert planning.proportion_half_width(0.8, n, 0.95) <= 0.02 < planning.proportion_half_width(0.8, n - 1, 0.95)
    assert sizes.min() < n < sizes.max()
    assert bytes(w.image.value[:4]) == b"\x89PNG"


def test_switching_quantity_shows_only_its_inputs():
    w = PlanningWidget()
    w.chooser.value = "mcnemar"
    assert w.quantity == "mcnemar"
    shown = {name for name, box in w.boxes.items() if box.layout.display != "none"}
    assert shown == {"p10", "p01", "power", "confidence_level", "n_have"}
    assert "pairs" in w.readout.value


def test_a_refused_input_is_one_line_and_the_answer_stays():
    w = PlanningWidget("mcnemar", p10=0.08, p01=0.03)
    before = w.readout.value
    w.boxes["p01"].value = 0.08  # equal shares: no difference to detect
    assert "p10 equals p01" in w.message.value and "Traceback" not in w.message.value
    assert w.readout.value == before and w.inputs["p01"] == 0.03 and w.boxes["p01"].value == 0.03
    w.boxes["p01"].value = 0.02
    assert w.message.value == "" and w.inputs["p01"] == 0.02
    with pytest.raises(planning.InputError):
        PlanningWidget(unknown=1)
