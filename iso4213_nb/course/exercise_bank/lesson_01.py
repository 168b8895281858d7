"""Exercises of notebook 01, the process and its controls (5.3.7, 5.3.9, 5.3.13)."""

from __future__ import annotations

import numpy as np

from ...controls.computed import majority_baseline, random_baseline
from ...words.i18n import N_, number
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


@define("01.1", "number")
def guessing_accuracy():
    """01.1 (5.3.13): expected accuracy of stratified random guessing on 5 sick and 95 healthy people."""
    screening = np.repeat(["sick", "healthy"], [5, 95])
    return NumberItem(
        N_("Expected accuracy of stratified random guessing on 5 sick and 95 healthy people?"),
        random_baseline(screening).expected["accuracy"], tolerance=0.0005,
        hints=(N_("a guess is right when it happens to equal the truth; add up the chance of that for each class"),
               N_("a sick person is guessed sick with probability 0.05, a healthy one healthy with probability 0.95")),
        mistakes=((majority_baseline(screening).expected["accuracy"],
                   N_("That is the majority baseline (always 'healthy'); this one guesses with the class shares.")),
                  (random_baseline(["sick", "healthy"]).expected["accuracy"],
                   N_("That is a fair coin; this guesser says 'sick' only as often as sickness occurs."))))


@define("01.2", "choice")
def leaked_accuracy(*, random_split, group_split):
    """01.2 (5.3.7): the random split scored ``random_split``, the group-aware split ``group_split``; which goes
    into the report as the accuracy on new subjects?"""
    right = N_("the group-aware split's, because new subjects were never seen in training")
    return ChoiceItem(
        N_("The random split gives accuracy {random}, the group-aware split {grouped}. The model will meet people it "
           "has never seen. Which accuracy does the report give?"),
        options=(
            Option(right, N_("Only it tests on subjects absent from training, as deployment will (5.3.7).")),
            Option(N_("the random split's, because it used more of the data"),
                   N_("Both splits keep 30 % for testing; the random one scores recordings of subjects it already "
                      "saw, so {random} measures recognition of the subject, not of the class.")),
            Option(N_("their mean, to be fair to both"),
                   N_("A mean of a leaked and a clean estimate is still leaked; it answers no question.")),
        ),
        answer=right, hints=(N_("which split resembles the use the model is meant for?"),),
        values={"random": number(random_split, 4), "grouped": number(group_split, 4)})


def _majority_kappa(share: float) -> float:
    n = 1000
    benign = int(round(share * n))
    truth = np.array(["benign"] * benign + ["malignant"] * (n - benign))
    return majority_baseline(truth).expected["cohen_kappa"]


@define("01.3", "predict")
def majority_kappa():
    """01.3 (5.3.9, 5.3.13): predict how Cohen's kappa of the majority baseline moves as the majority class grows."""
    return PredictItem(
        N_("The majority baseline always answers 'benign'. As the share of benign tumours grows from 0.65 to 0.95, "
           "its accuracy rises with it. What does its Cohen's kappa do?"),
        measure=N_("Cohen's kappa of the majority baseline"),
        slider=Slider(N_("share of benign tumours"), 0.5, 0.95, 0.05, start=0.65, target=0.95),
        value_at=_majority_kappa,
        why=N_("Kappa was {before} at a share of {start} and is {after} at {target}: the baseline agrees with the "
               "truth exactly as often as chance alone would, so its agreement beyond chance stays 0."),
        options=(Option(UP, N_("Accuracy rises with the majority share; kappa subtracts the agreement expected by "
                               "chance, which rises just as fast.")),
                 Option(DOWN, N_("Kappa would fall only if the baseline did worse than chance; it does exactly as "
                                 "well.")),
                 Option(SAME, N_("Kappa measures agreement beyond chance, and a constant answer has none at any "
                                 "share."))))
