"""Words for the errors of :mod:`iso4213_nb.subgroups.rows` (measures per subgroup, 5.3.2; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "subgroups.too_few_labels": N_("{labels} must list at least two distinct classes"),
    "subgroups.unknown_label": N_("{name} holds the label {label}, which is not among {labels}"),
    "subgroups.reserved_name": N_("a group is called {name}, a name the analysis uses for its own results; rename it"),
    "subgroups.bad_order": N_("{name} must list every group value exactly once; the groups are {values}"),
    "subgroups.same_text": N_("two group values read the same as text; give them distinct names"),
    "subgroups.unknown_positive": N_("the positive class {label} is not among {labels}"),
    "subgroups.score_shape": N_("scores must have one row per sample and one column per label ({n}×{k}), got "
                                "{rows}×{columns}"),
    "subgroups.positive_not_in_truth": N_("the positive class {label} is not among the labels of y_true"),
    "subgroups.not_counts": N_("{name} must map each group value to {expected} (tp, fp, tn, fn); at {value} it "
                               "holds a {kind}"),
}
