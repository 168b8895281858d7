"""Words for the errors of :mod:`iso4213_nb.course.contents`: the course's catalogue of lessons and exercises."""

from ..i18n import N_

TEMPLATES = {
    "course.unknown_exercise": N_("exercise key {key} is not in iso4213_nb.course.contents.COURSE"),
}
