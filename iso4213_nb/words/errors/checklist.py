"""Words for the errors of :mod:`iso4213_nb.controls.checklist`: the YAML checklist of clauses 5.1–5.3 and 8.

``kind_word`` names what a YAML value is, in the words of the file.
"""

from ..i18n import N_

TEMPLATES = {
    "checklist.unknown_key": N_("unknown checklist key {key}"),
    "checklist.unknown_key_close": N_("unknown checklist key {key}; did you mean {close}?"),
    "checklist.boolean_answer": N_("checklist answer {key} must be text, got the boolean {value}"),
    "checklist.answer_not_text": N_("checklist answer {key} must be text, got {kind_word}"),
    "checklist.not_a_mapping": N_("checklist must be a mapping of sections, got {kind_word}"),
    "checklist.unknown_section": N_("unknown checklist section {section}"),
    "checklist.unknown_section_close": N_("unknown checklist section {section}; did you mean {close}?"),
    "checklist.section_not_a_mapping": N_("checklist section {section} must be a mapping of answers, got {kind_word}"),
    "checklist.missing_file": N_("checklist file {path} does not exist"),
    "checklist.unreadable_file": N_("checklist file {path} cannot be read: {detail}"),
    "checklist.duplicate_key": N_("checklist file {path} gives the key {key} twice at one level, on lines {first} "
                                  "and {second}; keep one"),
    "checklist.not_yaml": N_("checklist file {path} is not valid YAML: {detail}"),
}

WORDS = {
    "yaml.mapping": N_("a mapping"),
    "yaml.list": N_("a list"),
    "yaml.text": N_("text"),
    "yaml.single_value": N_("a single value"),
}
