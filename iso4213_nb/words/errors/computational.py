"""Words for the errors of :mod:`iso4213_nb.measures.computational`: timing a model and its energy (6.6; beyond TS 4213: one-line errors).

``name``, ``total_name``, ``joules``, ``times`` and ``watts`` are the names of the function's arguments, shown as they are.
"""

from ..i18n import N_

TEMPLATES = {
    "computational.percentile_range": N_("{name} must lie in [0, 100], got {value}"),
    "computational.not_callable": N_("{name} must be callable"),
    "computational.no_length": N_("{name} must have a length (an array or a list of samples)"),
    "computational.no_samples": N_("{name} has no samples"),
    "computational.not_positive_whole": N_("{name} must be a positive whole number, got {value}"),
    "computational.not_positive_seconds": N_("{name} must be positive seconds, got {value}"),
    "computational.not_non_negative_whole": N_("{name} must be a non-negative whole number, got {value}"),
    "computational.not_per_sample": N_("{name} returned {type}, not one output per sample"),
    "computational.wrong_output_count": N_("{name} returned {count} outputs for a batch of {size} samples"),
    "computational.short_trace": N_("a power trace needs at least two readings"),
    "computational.not_increasing": N_("{name} must be strictly increasing"),
    "computational.negative_power": N_("{name} must be non-negative, got {value:g}"),
    "computational.energy_or_trace": N_("give either {joules} or a power trace ({times} and {watts}), not both or neither"),
    "computational.correct_exceeds_total": N_("{name} ({value}) cannot exceed {total_name} ({total})"),
    "computational.not_finite_non_negative": N_("{name} must be a finite non-negative number, got {value}"),
    "computational.trace_needs_both": N_("a power trace needs both {times} and {watts}"),
}
