"""Words for the errors of :mod:`iso4213_nb.inputs.layout` (which column of a predictions file holds what) (6.3–6.5, 5.3.2; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "layout.two_layouts": N_("{file}: column {column} (single-label) and columns {columns} (multi-label, "
                             "{y_true}_<label>) cannot be in one file; keep one layout"),
    "layout.no_truth": N_("{file} has no column {column}; columns are: {columns} (a multi-label file gives "
                          "{y_true}_<label> columns instead)"),
    "layout.no_group_column": N_("{file} has no column {column} to group by; columns are: {columns}"),
    "layout.one_model_clash": N_("{file}: columns {columns} clash with {names}, whose model is called {model}"),
    "layout.group_twice": N_("{file}: columns {first} and {second} both give the subgroup attribute {name}"),
    "layout.unknown_suffix": N_("{file}: column {column}: {text} is not {what_word}"),
    "layout.no_layout": N_("{file}: column {column} fits no layout of a predictions file"),
    "layout.reading": N_("model {model}, {kind} of {text}"),
    "layout.ambiguous": N_("{file}: column {column} can be read in more than one way ({options}); rename the model"),
    "layout.per_label_prediction": N_("{file}: column {column} is a per-label prediction of the multi-label layout, "
                                      "but the truth is one column, {y_true}; a multi-label file gives "
                                      "y_true_<label> columns"),
    "layout.one_model_column_clash": N_("{file}: column {column} clashes with the columns of model {model}"),
    "layout.missing_class_scores": N_("{file}: model {model} has score columns for {count} of {total} classes; "
                                      "missing {missing}"),
    "layout.binary_and_class_scores": N_("{file}: model {model} has both {column} (binary score) and "
                                         "{name}_score_<class> columns; give one or the other"),
    "layout.single_label_model": N_("{file}: column {column} belongs to the single-label layout, but the truth is "
                                    "given per label (y_true_<label>); give {model}_pred_<label> and/or "
                                    "{model}_score_<label> per label"),
    "layout.no_multilabel_models": N_("{file} has no model columns; a multi-label file gives <model>_pred_<label> "
                                      "and/or <model>_score_<label> beside y_true_<label>, for every label"),
    "layout.missing_label_columns": N_("{file}: model {model} has {kind} columns for {count} of {total} labels; "
                                       "missing {missing}"),
    "layout.unknown_column": N_("{file}: column {column} is neither {names} nor {last}"),
}

#: What the suffix of a ``<model>_score_<class>`` or ``<model>_<kind>_<label>`` column should have been.
WORDS = {
    "declared_class": N_("a declared class"),
    "class_of_y_true": N_("a class of y_true (declare every class a model scores, with --classes, when some never "
                          "occur in y_true)"),
    "label_of_indicators": N_("a label of the y_true_<label> columns"),
}
