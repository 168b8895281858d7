"""Words for the errors of the report's input side (:mod:`iso4213_nb.report`: its folder, options, meta settings, manifest, parsed predictions, verification) (clause 8; beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "report.refused_place": N_("--out {out}: refusing to write the report there, {why_word}; name a folder of its "
                               "own, for example --out {example}"),
    "report.out_symlink": N_("--out {out} is a symbolic link; name the folder itself"),
    "report.out_not_folder": N_("--out {out} exists and is not a folder"),
    "report.out_not_report": N_("--out {out} holds {entry} and is not a report folder of this tool (no {manifest}); "
                                "choose another --out"),
    "report.out_foreign": N_("--out {out} holds {entry}, {why_word}; move it out or choose another --out"),
    "report.settings_not_mapping": N_("{file}: section {section} must be a mapping of {keys}"),
    "report.unknown_setting": N_("{file}: unknown setting {setting}; settings are: {keys}"),
    "report.models_without_columns": N_("models {models} have no columns in {file}"),
    "report.unknown_language": N_("unknown report language {lang}; choose one of {languages}"),
    "report.demo_with_predictions": N_("--demo builds a bundled demo; give it without --predictions"),
    "report.unknown_demo": N_("unknown demo {demo}; demos are: {demos}"),
    "report.models_without_x": N_("{models} and {x} go together: the fitted models and the test samples they are "
                                  "timed on"),
    "report.no_manifest": N_("{folder} has no {manifest}; it is not a report folder written by iso4213-nb"),
    "report.manifest_not_json": N_("{path} is not readable JSON ({detail}); it was not written by iso4213-nb"),
    "report.manifest_foreign": N_("{path} was not written by iso4213-nb (no '{format}' format and file list)"),
    "report.bad_formats": N_("--format takes a comma-separated list of {formats}; got {text}"),
    "report.not_parsed": N_("{path}: not a predictions file written by iso4213-nb ({detail})"),
    "report.manifest_field": N_("manifest.json has no {field}; it was not written by this version of iso4213-nb or "
                                "was edited"),
    "report.no_folder": N_("{folder}: no such folder"),
    "report.multilabel_groups": N_("{file} is multi-label: the report assesses subgroups ({groups}) for "
                                   "single-label tasks only; leave out the group columns (and --group)"),
    "report.verify_counts": N_("{folder} was built from counts (in chunks, on Dask or from state files) and keeps "
                               "no rows to recompute from; leave --predictions out to check its files and "
                               "report.json"),
    "report.browser_not_runnable": N_("{option} {path}: no browser can be run there; name the program of Chromium, "
                                      "Google Chrome or Microsoft Edge"),
}

#: Why a folder may not be replaced by a report (``why_word`` of ``report.refused_place`` and ``report.out_foreign``).
WORDS = {
    "is_root": N_("it is the root folder"),
    "is_cwd": N_("it is the current folder"),
    "contains_cwd": N_("it contains the current folder"),
    "is_home": N_("it is your home folder"),
    "contains_home": N_("it contains your home folder"),
    "empty_folder": N_("which is an empty folder its manifest.json does not list"),
    "symbolic_link": N_("which is a symbolic link (this tool never writes one)"),
    "not_listed": N_("which is not listed in its manifest.json"),
    "changed_after": N_("which was changed after this tool wrote it (its SHA-256 differs from manifest.json)"),
}
