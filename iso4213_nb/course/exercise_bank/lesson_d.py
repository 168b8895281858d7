"""Exercises of the Annex D notebook (CSMF accuracy, D.1–D.4 and the chance correction of its reference [28])."""

from __future__ import annotations

import numpy as np

from ...measures.csmf import CHANCE_EXACT, chance_corrected_csmf_accuracy, csmf_accuracy, csmf_from_confusion
from ...words.i18n import N_, number
from ...words.worked_examples import NAMES, cause
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define

#: The CSMF accuracy item D.4 asks about, and how many deaths D.3 swaps between the example's first two causes.
REPORTED, SWAPPED = 0.70, 10


def _uniform(true_shares) -> dict:
    return {cause: 1 / len(true_shares) for cause in true_shares}


@define("D.1", "number")
def accuracy_of_a_uniform_prediction(*, true_shares):
    """D.1 (Annex D, D.4 reconstructed): CSMF accuracy of the prediction that gives each cause the same share, for
    ``true_shares`` (cause → true CSMF)."""
    lazy = _uniform(true_shares)
    error = sum(abs(true_shares[c] - lazy[c]) for c in true_shares)
    return NumberItem(
        N_("CSMF accuracy of predicting 1/3 for every cause?"), csmf_accuracy(true_shares, lazy),
        hints=(N_("add up |true share − predicted share| over the three causes"),
               N_("divide that sum by 2 (1 − the smallest true share), and subtract the result from 1")),
        mistakes=((1 - error, N_("That is 1 minus the total error; divide the error by 2 (1 − the smallest true "
                                 "share) first.")),
                  (1 - error / 2, N_("The denominator is 2 (1 − the smallest true share), not 2."))))


@define("D.2", "number")
def chance_corrected_uniform_prediction(*, true_shares):
    """D.2 (Annex D, reference [28]): chance-corrected CSMF accuracy, with 1 − 1/e as the chance level, of the
    uniform prediction for ``true_shares`` (cause → true CSMF)."""
    lazy = _uniform(true_shares)
    return NumberItem(
        N_("Chance-corrected CSMF accuracy of the same prediction?"),
        chance_corrected_csmf_accuracy(true_shares, lazy), kind="number", tolerance=0.005,
        hints=(N_("(CSMF accuracy − (1 − 1/e)) / (1 − (1 − 1/e)), that is (value − 0,632) / 0,368"),),
        mistakes=((csmf_accuracy(true_shares, lazy), N_("That is the uncorrected value of exercise D.1.")),))


def _swapped(matrix, k: int) -> np.ndarray:
    """``matrix`` (rows = true cause) with ``k`` correctly assigned deaths of each of the first two causes given
    the other one: the column totals, so the predicted shares, stay."""
    m = np.array(matrix, dtype=float)
    m[[0, 1], [0, 1]] -= k
    m[[0, 1], [1, 0]] += k
    return m


@define("D.3", "predict")
def accuracy_when_deaths_swap(*, matrix, causes):
    """D.3 (Annex D, D.1–D.4): predict the CSMF accuracy of the example (``matrix``, rows = true cause, ``causes``
    its labels) when correctly assigned deaths of the first two causes swap their predicted causes in pairs (the
    slider: deaths swapped each way)."""
    def value_at(k):
        shares = csmf_from_confusion(_swapped(matrix, round(k)), rows="true", labels=causes)
        return csmf_accuracy(shares.true, shares.predicted)

    def right(k):
        m = _swapped(matrix, k)
        return number(np.trace(m) / m.sum(), 4)

    return PredictItem(
        N_("Take {swapped} deaths rightly assigned to {first} and give them {second}, and {swapped} deaths rightly "
           "assigned to {second} and give them {first}. Will CSMF accuracy go up, go down or stay the same?"),
        measure=NAMES["csmf_accuracy"],  # the name the worked example prints
        slider=Slider(N_("deaths swapped each way"), 0, 20, 1, start=0, target=SWAPPED),
        value_at=value_at,
        why=N_("CSMF accuracy was {before} and is {after}: the columns of {first} and {second} each lost {swapped} "
               "deaths and gained {swapped}, so the predicted shares did not move. The share of deaths assigned their "
               "true cause fell from {right0} to {right1}: CSMF accuracy judges the shares of the population, not "
               "single deaths."),
        options=(
            Option(UP, N_("Nothing was gained: the same numbers of deaths are predicted for each cause.")),
            Option(DOWN, N_("More deaths are now wrong one by one, but CSMF accuracy never looks at single deaths, "
                            "only at the shares.")),
            Option(SAME, N_("The predicted total of each cause is unchanged, and those totals are all CSMF accuracy "
                            "reads."))),
        values={"swapped": SWAPPED, "first": cause(causes[0]), "second": cause(causes[1]), "right0": right(0),
                "right1": right(SWAPPED)})


@define("D.4", "choice")
def what_a_reported_accuracy_says():
    """D.4 (Annex D, reference [28]): what a reported CSMF accuracy of :data:`REPORTED` over many causes says."""
    right = N_("Little by itself: over many causes, shares that ignore the data score about {chance}.")
    corrected = (REPORTED - CHANCE_EXACT) / (1 - CHANCE_EXACT)
    return ChoiceItem(
        N_("A verbal-autopsy method reports a CSMF accuracy of {reported} over many causes. What does it say?"),
        options=(
            Option(right, N_("Random allocation over many causes scores about 1 − 1/e ≈ {chance}; corrected for "
                             "chance, {reported} is only {corrected}, a small step above random.")),
            Option(N_("Of every 100 deaths, {percent} were assigned their true cause."),
                   N_("CSMF accuracy compares shares, not single deaths: every death can be assigned a wrong cause "
                      "and the shares still be right.")),
            Option(N_("The method is good: {reported} is well above the middle of the scale from 0 to 1."),
                   N_("The scale's 0 is the worst prediction the true shares allow (all on the rarest cause), not "
                      "a prediction that ignores the data; the middle of the scale is no benchmark."))),
        answer=right, hints=(N_("what does a prediction that ignores the data score?"),),
        values={"reported": number(REPORTED, 2), "percent": round(100 * REPORTED),
                "chance": number(CHANCE_EXACT, 3), "corrected": number(corrected, 2)})
