"""Exercises of the Annex C notebook (7.8, clause 8)."""

from __future__ import annotations

from ... import stats
from ...words.i18n import N_
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


def _half_width(accuracy, n):
    """Half of Wilson's 95 % interval for ``accuracy`` of ``n`` images, in percentage points (7.8)."""
    interval = stats.proportion_ci(round(accuracy * n), n, method="wilson")
    return 100 * (interval.high - interval.low) / 2


@define("C.1", "number")
def half_width_on_imagenet(*, accuracy, n):
    """C.1 (7.8): half-width, in percentage points, of the 95 % interval of ``accuracy`` measured on ``n`` images."""
    return NumberItem(
        N_("Half-width of the 95 % interval for 77,15 % of 50 000 images, in percentage points?"),
        _half_width(accuracy, n), kind="percentage points", tolerance=0.01,
        hints=(N_("the standard error is √(p (1 − p) / n) with p = 0.7715 and n = 50 000"),
               N_("multiply the standard error by 1,96, then by 100 for percentage points")),
        mistakes=((2 * _half_width(accuracy, n), N_("That is the whole width of the interval; give half of it.")),))


@define("C.2", "choice")
def what_table_c1_fills():
    """C.2 (clause 8): which clause-8 item does Table C.1 fill completely for any of its rows?"""
    right = N_("none of them")
    return ChoiceItem(
        N_("Which clause-8 item does Table C.1 fill completely?"),
        options=(
            Option(N_("the training data"), N_("Only in part: the benchmark is named, but not its size or make-up.")),
            Option(N_("the test data"), N_("Only in part: the benchmark is named, but not its size or make-up.")),
            Option(N_("the test environment"),
                   N_("No row says on what hardware or software the numbers were obtained.")),
            Option(right, N_("A benchmark's name is not a description of the data, and the table has no counts, no "
                             "bias analysis, no label method and no environment."))),
        answer=right, hints=(N_("look at the statuses the notebook prints for the clause-8 items"),))


@define("C.3", "predict")
def half_width_at_a_higher_accuracy(*, accuracy, n):
    """C.3 (7.8): predict the half-width of the 95 % interval on ``n`` images when the accuracy is 95 % instead of
    ``accuracy`` (the slider: the accuracy)."""
    return PredictItem(
        N_("Same 50 000 images, but a model with 95 % accuracy instead of 77 %. Will the half-width of its 95 % "
           "interval go up, go down or stay the same?"),
        measure=N_("half-width (percentage points)"),
        slider=Slider(N_("accuracy"), 0.5, 0.99, 0.01, start=round(accuracy, 2), target=0.95),
        value_at=lambda p: _half_width(p, n),
        why=N_("The half-width was {before} and is {after} percentage points: with n fixed it follows √(p (1 − p)), "
               "largest at 50 % and smaller the nearer the accuracy is to 100 %."),
        options=(
            Option(UP, N_("The number of images is the same, but the spread of a share depends on the share "
                          "itself: p (1 − p) is smaller at 0,95 than at 0,77.")),
            Option(DOWN, N_("√(p (1 − p) / n) shrinks as p moves away from 0,5; n is not the only thing that "
                            "sets the width.")),
            Option(SAME, N_("n is the same, but the standard error also depends on p through p (1 − p)."))))
