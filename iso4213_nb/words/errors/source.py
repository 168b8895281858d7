"""Words for the errors of :mod:`iso4213_nb.inputs.source` (opening the user's file) (5.1, step 4; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "source.no_such_file": N_("{file}: no such file"),
    "source.unreadable": N_("{file}: cannot be read ({detail})"),
    "source.permission_denied": N_("{file}: permission denied"),
    "source.legacy_xls": N_("{file}: a legacy Excel .xls file; save it as .xlsx or CSV"),
    "source.utf16": N_("{file}: UTF-16 text; save it as UTF-8 (CSV UTF-8 in spreadsheet programs)"),
    "source.changed": N_("{file}: the file changed while it was being read; read it again"),
}
