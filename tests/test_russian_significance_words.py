"""The Russian words of the clause-7 exercises (notebooks/ru/08_significance and 08_significance_further): the
options of a "which test?" question are names in one grammatical case, as the answer the feedback shows, and a test
has one Russian name whether an exercise or a reading names it."""

from __future__ import annotations

import pytest

from iso4213_nb.course.exercise_bank import item
from iso4213_nb.words.i18n import _, using

#: Endings of the instrumental case (парным, критерием), which a list of test names must not mix in.
INSTRUMENTAL = ("ым", "им", "ем", "ом")


@pytest.mark.parametrize("key", ["08.4", "08F.1", "08F.2"])
def test_the_options_of_a_which_test_question_are_names_in_the_nominative(key):
    made = item(key)
    with using("ru"):
        firsts = [_(option.text).format(**made.values).split()[0] for option in made.options]
    assert [word for word in firsts if word.endswith(INSTRUMENTAL)] == []


def test_the_corrected_resampled_t_test_has_one_russian_name():
    with using("ru"):
        assert _("the corrected resampled t-test") == _("corrected resampled t-test")
