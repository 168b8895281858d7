"""Words for what a report or ``metrics`` built from counts does not give: the measures and the reasons (clause 8).

The computation (:mod:`.streamed`, :mod:`.streamed_intervals`, :mod:`iso4213_nb.cli._poisson`) lists
``{"measure": code, "reason": code}``; these tables turn the codes into words in the reader's language.
Kept apart from :mod:`.streamed` so that ``metrics`` can say them without loading the report's machinery.
"""

from __future__ import annotations

from ..measures.registry import MEASURES as REGISTRY
from ..words.i18n import N_, _
from ..words.reasons import WORDS, words

#: Why a measure is not given, or not exactly, by reason code (the words of :data:`iso4213_nb.words.reasons.WORDS`).
REASONS = {code: WORDS[code] for code in (
    "second_pass", "rows", "binned_approximate", "binned_no_placements", "weighted", "no_replicates",
    "calibration_rows", "ranking_rows", "binned_operating", "old_state_file", "subgroup_rows")}


#: Names of what ``streaming.not_given`` lists, for the page (a measure's name is the registry's).
MEASURES = {
    "delong_test": N_("DeLong's test of two AUROCs"), "auroc_interval": N_("DeLong's interval of the AUROC"),
    **{key: REGISTRY[key].name for key in ("auroc", "average_precision", "auprc_trapezoid", "gain_area")},
    "bootstrap_intervals": N_("bootstrap intervals"),
    "subgroup_bootstrap_intervals": N_("bootstrap intervals per subgroup"),
    "brier_interval": N_("interval of the Brier score"), "log_loss_interval": N_("interval of the log loss"),
    "top_k_accuracy_interval": N_("intervals of top-k accuracy"), "calibration": N_("calibration"),
    "ranking": N_("ranking of the models"),
    "operating_intervals": N_("operating points with intervals, partial AUROC and curve bands"),
}


def measure_words(key: str) -> str:
    """What ``streaming.not_given`` lists under ``key``, in the active language (clause 8)."""
    return _(MEASURES[key])


def reason_words(code: str, params: dict | None = None) -> str:
    """Why it is not given, for reason ``code`` (and its ``params``, e.g. ``bins``), in the active language (clause 8).

    A code whose words differ by cause (``binned_no_placements``: scores counted in bins, or read from a state file)
    takes the variant whose fields ``params`` fill, through the one words function of :mod:`iso4213_nb.words.reasons`.
    """
    if code not in REASONS:
        raise KeyError(code)
    return words(code, params)
