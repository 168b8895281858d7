"""Warnings of a test whose input breaks one of its assumptions (clause 7).

Kept apart from the tests that issue them (:mod:`.paired`, which loads ``scipy.stats``), so that the words layer can
repeat a warning in a reading without loading the statistics.
"""

from __future__ import annotations

from ..core.errors import CodedMessage


class AssumptionWarning(CodedMessage, UserWarning):
    """The input breaks an assumption of the test that was asked for (e.g. a t-test on k-fold scores) (clause 7).

    Like :class:`~iso4213_nb.core.errors.InputError` it holds a ``code`` and its ``params`` (data only), and
    ``str(warning)`` is the code's template of :mod:`iso4213_nb.words.errors` in the language active when the
    warning is shown, so a Russian notebook prints it in Russian.
    """


def kfold_warning() -> AssumptionWarning:
    """The warning of a t-test on the folds of one k-fold cross-validation (7.2), which :func:`~iso4213_nb.stats.paired.paired_ttest` issues
    and :func:`iso4213_nb.words.readings.reading` repeats."""
    return AssumptionWarning("assumptions.kfold_ttest", argument="folds=False")
