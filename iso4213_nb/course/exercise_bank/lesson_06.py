"""Exercises of notebook 06, distribution measures (6.2.7, 6.3.5, 6.4.4, 6.5.5)."""

from __future__ import annotations

import numpy as np

from ...measures import stacked
from ...measures.distribution import kl_pred_vs_true, kl_true_vs_pred
from ...words.i18n import N_, number
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


@define("06.1", "number")
def kl_true_first(*, true_counts, pred_counts):
    """06.1 (6.2.7): D(T‖P) of the class counts ``true_counts`` and ``pred_counts``, in nats."""
    return NumberItem(
        N_("D(T‖P) for true counts ({true}) and predicted counts ({pred})?"),
        kl_true_vs_pred(true_counts, pred_counts), kind="nats",
        hints=(N_("turn the counts into shares first (divide by {n})"),
               N_("a class whose two shares are equal adds 0")),
        mistakes=((kl_pred_vs_true(true_counts, pred_counts),
                   N_("That is the other direction, D(P‖T): here the true shares weigh the logarithms.")),),
        values=_counts(true_counts, pred_counts))


@define("06.2", "number")
def kl_predicted_first(*, true_counts, pred_counts):
    """06.2 (6.4.4): D(P‖T) of the same counts, in nats: not the number of 06.1."""
    return NumberItem(
        N_("D(P‖T) for the same counts?"), kl_pred_vs_true(true_counts, pred_counts), kind="nats",
        hints=(N_("swap the roles: the predicted shares weigh the terms and sit in the numerator of the "
                  "logarithm"),),
        mistakes=((kl_true_vs_pred(true_counts, pred_counts),
                   N_("That is D(T‖P) again: the divergence is not symmetric, so the direction changes the "
                      "number.")),),
        values=_counts(true_counts, pred_counts))


@define("06.3", "number")
def kl_class_never_predicted(*, true_counts, pred_counts):
    """06.3 (6.2.7): D(T‖P) when a class present in the truth is never predicted: infinite, so undefined."""
    return NumberItem(
        N_("D(T‖P) for true counts ({true}) and predicted counts ({pred})?"),
        kl_true_vs_pred(true_counts, pred_counts), kind="nats",
        hints=(N_("look at the term of the class never predicted: its true share is positive, its predicted "
                  "share 0"),
               N_("what does ln(t / 0) become?")),
        values=_counts(true_counts, pred_counts))


def _counts(true_counts, pred_counts) -> dict:
    return {"true": ", ".join(str(int(c)) for c in true_counts), "pred": ", ".join(str(int(c)) for c in pred_counts),
            "n": int(np.sum(true_counts))}


@define("06.4", "predict")
def kl_of_copied_test_sets(*, true_counts, pred_counts):
    """06.4 (6.4.4): predict D(P‖T) when the test set and its predictions are copied k times (the slider: k).

    ``true_counts`` and ``pred_counts`` are the class counts of the truth and of the predictions.
    """
    true_counts, pred_counts = np.asarray(true_counts), np.asarray(pred_counts)
    return PredictItem(
        N_("Copy the whole test set with its predictions four times over, so that every class count is four "
           "times as large. Will D(P‖T) go up, go down or stay the same?"),
        measure=N_("D(P‖T)"),
        slider=Slider(N_("copies of the test set"), 1, 5, 1, start=1, target=4),
        value_at=lambda k: kl_pred_vs_true(int(round(k)) * true_counts, int(round(k)) * pred_counts),
        why=N_("D(P‖T) was {before} with one copy and is {after} with {target}: the divergence compares shares, "
               "and copying changes no share. The sum written with raw counts would have grown from {literal} to "
               "{literal_4}, which is why the toolkit reads 6.4.4 as meaning shares."),
        options=(
            Option(UP, N_("More samples make the counts larger, but the divergence is computed from the shares "
                          "of the classes, and those do not change.")),
            Option(DOWN, N_("More samples make an estimate steadier, but copying adds no information and the "
                            "shares stay what they were.")),
            Option(SAME, N_("Every count is multiplied by the same factor, so every share, and the divergence, "
                            "stays the same."))),
        values={"literal": number(_literal(true_counts, pred_counts), 3),
                "literal_4": number(_literal(4 * true_counts, 4 * pred_counts), 3)})


def _literal(true_counts, pred_counts) -> float:
    """Σ P_i ln(P_i / T_i) with raw counts, the literal reading of 6.4.4 (classes never predicted add 0)."""
    return float(stacked.divergence(pred_counts[None], true_counts[None])[0])


@define("06.5", "choice")
def what_a_small_divergence_says(*, y_true, y_pred):
    """06.5 (6.2.7): a classifier's D(T‖P) is near 0; what follows?

    ``y_true`` and ``y_pred`` are the integer labels 0 … k − 1 of the test set and of the model's predictions.
    """
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    k = int(max(y_true.max(), y_pred.max())) + 1
    shifted = (y_true + 1) % k
    right = N_("Only how closely the shares of the predicted classes follow the true shares.")
    return ChoiceItem(
        N_("A vendor reports D(T‖P) = {kl} for a digit classifier, close to 0, and writes that its predictions "
           "therefore match the truth closely. What can you conclude from the divergence?"),
        options=(
            Option(right, N_("The divergence compares only the shares of the classes among the true and the "
                             "predicted labels, not which sample gets which label.")),
            Option(N_("Its accuracy must be close to 1."),
                   N_("Call every image the next digit (0 → 1, …, 9 → 0): accuracy {shifted_accuracy}, yet "
                      "D(T‖P) = {shifted_kl}. The divergence puts no bound on the accuracy.")),
            Option(N_("Its scores are well calibrated."),
                   N_("Calibration asks whether scores behave like probabilities; the divergence uses only the "
                      "counts of predicted labels, not any score."))),
        answer=right,
        hints=(N_("what does the divergence need from each sample: its label, or whether it is right?"),),
        values={"kl": number(kl_true_vs_pred(np.bincount(y_true, minlength=k), np.bincount(y_pred, minlength=k)), 4),
                "shifted_accuracy": number(float(np.mean(shifted == y_true)), 4),
                "shifted_kl": number(kl_true_vs_pred(np.bincount(y_true, minlength=k),
                                                     np.bincount(shifted, minlength=k)), 5)})
