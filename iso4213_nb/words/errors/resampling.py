"""Words for the errors of :mod:`iso4213_nb.stats.resampling`: sample weights for the bootstrap (7.8; beyond TS 4213: one-line errors).

``name`` is the argument's name (``sample_weight``).
"""

from ..i18n import N_

TEMPLATES = {
    "resampling.weights_for_samples": N_("{name} has {count} values for {samples} samples"),
    "resampling.negative_weight": N_("{name} must be non-negative, got {value:g} at sample {sample}"),
    "resampling.zero_total": N_("{name} adds up to 0: no sample counts"),
}
