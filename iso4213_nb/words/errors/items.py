"""Words for the errors of :mod:`iso4213_nb.course.items` and :mod:`iso4213_nb.course.exercise_bank` (how a course
exercise is defined)."""

from ..i18n import N_

TEMPLATES = {
    "items.bad_options": N_("options must be two or more different texts, one of them the answer {answer}; got {options}"),
    "items.bad_slider": N_("a prediction's slider must run from {low} to {high} and start ({start}) elsewhere than "
                           "its target ({target}), both inside that range"),
    "items.undefined_outcome": N_("{measure} is undefined at the start or the target of the slider; choose "
                                  "positions where it has a value"),
    "items.bad_definition": N_("exercise {key} is defined twice or with an unknown kind {kind}; kinds: {kinds}"),
    "items.not_defined": N_("exercise {key} has no definition in iso4213_nb.course.exercise_bank"),
    "items.wrong_data": N_("exercise {key} needs other data than {given}; see its definition's docstring"),
    "items.capstone_meta": N_("the capstone's meta file {path} must leave exactly one of {choices} open, not {missing}"),
    "items.gap_confirmed": N_("exercise 12.1 is written for a gap the test does not confirm, but p = {pvalue}"),
    "items.no_operating_point": N_("no threshold keeps the false positive rate at most {limit}"),
}
