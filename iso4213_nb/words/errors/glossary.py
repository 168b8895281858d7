"""Words for the errors of :mod:`iso4213_nb.words.glossary`: the terms of TS 4213, ПНСТ 835-2023 and TR 24029-1."""

from ..i18n import N_

TEMPLATES = {
    "glossary.target_outside": N_("glossary targets lie inside iso4213_nb, got {target}"),
    "glossary.missing_target": N_("glossary target {target} does not exist"),
    "glossary.no_entry": N_("no glossary entry for {name}"),
    "glossary.no_entry_in_source": N_("no glossary entry for {name} in {source}"),
    "glossary.ambiguous": N_("{name} means different things in different documents ({options}); pass {argument}="),
    "glossary.no_terms": N_("headword of an empty group of terms"),
}
