"""Words for the errors of :mod:`iso4213_nb.measures.csmf`: cause-specific mortality fractions (Annex D; beyond TS 4213: one-line errors).

``name``, ``first`` and ``second`` are argument names; ``exact`` and ``rounded`` the option values of ``chance``, quoted.
"""

from ..i18n import N_

TEMPLATES = {
    "csmf.negative_fraction": N_("{name} contains a negative fraction ({value:g})"),
    "csmf.not_summing_to_one": N_("{name} must sum to 1 (within {tolerance:g}), got {total:.6g}"),
    "csmf.mapping_and_sequence": N_("pass both fractions as mappings (cause → fraction) or both as sequences, "
                                    "not one of each"),
    "csmf.causes_differ": N_("causes differ: only in {first} {only_first}, only in {second} {only_second}"),
    "csmf.cause_counts_differ": N_("{first} has {first_count} causes but {second} has {second_count}"),
    "csmf.too_few_causes": N_("CSMF accuracy needs at least two causes, got {count} "
                              "(with one, the denominator 1 − min t is zero)"),
    "csmf.chance_choice": N_("{name} must be {exact} (1 − 1/e) or {rounded} (0.632), got {value}"),
    "csmf.labels_for_matrix": N_("{count} labels given for a {size}×{size} matrix"),
    "csmf.duplicates": N_("{name} contains duplicates"),
    "csmf.no_samples": N_("{name} has no samples (all counts are 0)"),
}
