"""Words for the computed controls of clause 5.3: baselines, group overlap, annotator agreement.

Presentation layer: :mod:`iso4213_nb.controls.computed` returns numbers only; :func:`reading` turns each of its
results into a plain-language summary in the active language (``ISO4213_LANG`` or ``--lang``), with the
language's number format.
"""

from __future__ import annotations

from ..controls.computed import Agreement, Baseline, GroupOverlap, kappa_band, summary
from ..measures.confusion import ConfusionMatrix
from . import reasons
from .i18n import N_, _, number, percent
from .measures import name as measure_name
from ..core.undefined import is_undefined

#: The Landis & Koch bands of :data:`iso4213_nb.controls.computed.KAPPA_BANDS`, marked for the catalogue.
_BANDS = {"poor": N_("poor"), "slight": N_("slight"), "fair": N_("fair"), "moderate": N_("moderate"),
          "substantial": N_("substantial"), "almost perfect": N_("almost perfect")}
#: A baseline's row in :func:`baseline_rows`, and the measures that table shows.
_EXPECTED = {"majority class": N_("majority class (expected)"), "stratified random": N_("stratified random (expected)")}
_COMPARED = ("accuracy", "balanced_accuracy", "macro_f1", "cohen_kappa")


def _baseline(result: Baseline) -> str:
    k = len(result.confusion.labels)
    if result.name == "majority class":
        return _("Predicting {label} for every sample scores accuracy {accuracy} with no skill at all (kappa 0, "
                 "balanced accuracy {balanced}); a model must beat these numbers, and a baseline this trivial should "
                 "not be the only comparison (5.3.13).").format(
            label=repr(result.predictions[0].item()), accuracy=number(result.expected["accuracy"], 4),
            balanced=number(1 / k, 4))
    return _("Guessing with the class shares scores accuracy {accuracy} on average (this draw: {drawn}) and macro F1 "
             "{f1}; kappa is 0 by construction.").format(
        accuracy=number(result.expected["accuracy"], 4), drawn=number(float(result.confusion.accuracy()), 4),
        f1=number(1 / k, 4))


def _overlap(result: GroupOverlap) -> str:
    if not result.leaks:
        return _("No group appears in both training and test data.")
    return _("{groups} group(s) appear in both sets; {shared} of {n} test samples ({share}) belong to a subject the "
             "model has seen in training, so test scores can be inflated by recognising the subject rather than the "
             "class (5.3.7).").format(groups=len(result.shared), shared=result.test_samples, n=result.test_size,
                                      share=percent(result.test_share))


def _agreement(result: Agreement) -> str:
    if is_undefined(result.statistic):
        return _("Kappa is undefined: {reason}.").format(reason=reasons.of(result.statistic))
    return _("The annotators agree on {observed} of {n} samples where chance alone would give {chance}; kappa = "
             "{kappa} ({band} agreement on the Landis–Koch scale). Disagreement between annotators bounds how well "
             "any model can be measured against these labels (5.3.9).").format(
        observed=percent(result.observed), n=result.n, chance=percent(result.chance),
        kappa=number(result.statistic, 3), band=_(_BANDS[kappa_band(result.statistic)]))


def baseline_rows(model: str, confusion: ConfusionMatrix, baselines) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: the accuracy, balanced accuracy, macro F1 and Cohen's kappa of a model (``model``: its name
    as shown; ``confusion``: its :class:`~iso4213_nb.ConfusionMatrix`), then the values each of ``baselines``
    (:class:`~iso4213_nb.controls.computed.Baseline`) can be expected to reach, four decimals in the active
    language (5.3.13)."""
    observed = summary(confusion)
    rows = [[model, *(number(observed[key], 4) for key in _COMPARED)]]
    rows += [[_(_EXPECTED[b.name]), *(number(b.expected[key], 4) for key in _COMPARED)] for b in baselines]
    return rows, [_("classifier"), measure_name("accuracy"), measure_name("balanced_accuracy"), _("macro F1"),
                  measure_name("cohen_kappa")]


def reading(result: Baseline | GroupOverlap | Agreement) -> str:
    """A plain-language summary of a control result, in the active language (5.3.5, 5.3.7, 5.3.9, 5.3.13).

    Parameters
    ----------
    result : Baseline, GroupOverlap or Agreement
        From :func:`~iso4213_nb.controls.computed.majority_baseline`, :func:`~iso4213_nb.controls.computed.random_baseline`,
        :func:`~iso4213_nb.controls.computed.group_overlap` or :func:`~iso4213_nb.controls.computed.annotator_agreement`.

    Returns
    -------
    str
        One paragraph, numbers in the language's format.
    """
    if isinstance(result, Baseline):
        return _baseline(result)
    if isinstance(result, GroupOverlap):
        return _overlap(result)
    if isinstance(result, Agreement):
        return _agreement(result)
    raise TypeError(f"reading() takes a Baseline, GroupOverlap or Agreement, not {type(result).__name__}")


__all__ = ["baseline_rows", "reading"]
