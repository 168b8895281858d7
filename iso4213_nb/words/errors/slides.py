"""Words for the errors of :mod:`iso4213_nb.course.slides`: reveal.js decks of the course notebooks."""

from ..i18n import N_

TEMPLATES = {
    "slides.out_not_a_folder": N_("--out {out} exists and is not a folder"),
    "slides.out_not_ours": N_("--out {out} holds files this tool did not write (no {marker}); choose another --out"),
    "slides.missing_notebook": N_("notebook not found: {path}"),
    "slides.no_notebooks": N_("no notebooks given and none found in {folder}"),
}
