"""Words for the errors of :mod:`iso4213_nb.course.explorer_state`: the threshold explorer's models, sliders and costs."""

from ..i18n import N_

TEMPLATES = {
    "explorer_state.slider_bounds": N_("slider bounds must be finite, got {low} and {high}"),
    "explorer_state.slider_position": N_("slider position must be within 0 … {steps}, got {index}"),
    "explorer_state.unknown_cost_keys": N_("{name} has unknown key(s) {keys}; use 'fp' and 'fn'"),
    "explorer_state.costs_form": N_("{name} must be (cost_fp, cost_fn) or {{'fp': ..., 'fn': ...}}, got {costs}"),
    "explorer_state.no_positives": N_("y_true has no positive samples; the explorer needs both classes"),
    "explorer_state.no_negatives": N_("y_true has no negative samples; the explorer needs both classes"),
    "explorer_state.no_models": N_("{name} is an empty mapping; give at least one model name → scores"),
    "explorer_state.unknown_model": N_("unknown model {model}; models are: {models}"),
}
