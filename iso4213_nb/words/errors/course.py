"""Words for the errors of :mod:`iso4213_nb.course.contents` (the catalogue of lessons and exercises),
:mod:`iso4213_nb.course.learner_copy` (a learner's copy of the course) and the class summary of
:mod:`iso4213_nb.course.learner_progress`."""

from ..i18n import N_

TEMPLATES = {
    "course.unknown_exercise": N_("exercise key {key} is not in iso4213_nb.course.contents.COURSE"),
    "course.folder_inside_package": N_("{folder} lies inside {root}; the course copy must be written elsewhere "
                                       "(the package and the repository stay as shipped)"),
    "course.folder_not_a_folder": N_("{folder} exists and is not a folder"),
    "course.already_there": N_("{folder} already holds a course copy ({manifest}); {command} restores it"),
    "course.would_overwrite": N_("{folder} already has a file {file}; choose an empty or new folder (nothing was written)"),
    "course.no_manifest": N_("{folder} holds no course copy ({manifest} is missing); {command} writes one"),
    "course.bad_manifest": N_("{path} is not a course manifest written by iso4213-nb; nothing was reset"),
    "course.no_progress_file": N_("progress file not found: {path}"),
    "course.not_a_progress_file": N_("{path} is not a progress file written by iso4213-nb"),
}
