"""Words for the errors of the ``metrics`` command that both of its paths give, the whole file and chunks or states (beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "metrics.models": N_("{file} holds {count} models ({models}); metrics assesses one: name its columns with "
                         "--y-pred and/or --score (or use report)"),
    "metrics.multilabel_models": N_("{file} holds {count} models ({models}); metrics assesses one: keep the "
                                    "y_pred_<label> / score_<label> columns of one model, or compare two with "
                                    "iso4213-nb compare --a MODEL --b MODEL"),
    "metrics.threshold_without_scores": N_("--threshold needs a score column; {file} has no scores"),
    "metrics.positive_without_scores": N_("--positive applies to scores; {file} has no scores"),
    "metrics.threshold_on_labels": N_("--threshold applies to a model given by scores only; {file} gives labels"),
}
