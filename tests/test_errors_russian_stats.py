"""Errors of the statistics, course and checklist modules in Russian, end to end (issue 15: errors as codes, words at
the edge).

A clause-7 test given too few pairs or equal differences, an exercise of the Russian course defined with an answer of
the wrong type or without its tolerance, a checklist with a bad item, and the command line under ``--lang ru``: each
error reads in Russian with no English word left, and shows the same numbers and names as in English.
"""

from __future__ import annotations

import re

import pytest

from iso4213_nb.controls import checklist
from iso4213_nb import stats
from iso4213_nb.cli import main
from iso4213_nb.core.errors import InputError
from iso4213_nb.words.i18n import using
from iso4213_nb.widgets.exercises import Exercise
from visible_words import english_words

NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)?")  # a number, not the digits of a name (iso4213_nb)


def _raised(call) -> InputError:
    with pytest.raises(InputError) as caught:
        call()
    return caught.value


def _in_both(error: InputError) -> tuple[str, str]:
    """The one error as an English and as a Russian reader sees it."""
    with using("ru"):
        russian = str(error)
    return str(error), russian


def _numbers(text: str) -> list[str]:
    return [n.replace(",", ".") for n in NUMBER.findall(text)]


def _same_facts(english: str, russian: str, *names: str) -> None:
    """No English word in ``russian`` but the user's ``names`` (a key, a YAML value, a Python type), which both show."""
    assert not english_words(russian, allowed=frozenset(names)), russian
    assert _numbers(russian) == _numbers(english), (english, russian)
    for name in names:
        assert name in english and name in russian


def test_a_clause_7_test_given_too_few_pairs():
    english, russian = _in_both(_raised(lambda: stats.paired_ttest([0.81], [0.79])))
    assert english == "a and b need at least 2 pairs, got 1"
    assert russian == "для a и b нужно не менее 2 пар, получено 1"


def test_equal_differences_keep_their_value_with_a_decimal_comma():
    english, russian = _in_both(_raised(
        lambda: stats.corrected_resampled_ttest([0.025, 0.025, 0.025], n_train=90, n_test=10)))
    assert "(0.025)" in english and "(0,025)" in russian
    _same_facts(english, russian)


def test_an_exercise_answer_of_the_wrong_type():
    english, russian = _in_both(_raised(lambda: Exercise("Доля?", [0.5], kind="proportion")))
    assert english == "answer must be a number, a string or Undefined, got list"
    _same_facts(english, russian, "list")


def test_an_exercise_in_percentage_points_without_its_tolerance_says_so_in_russian():
    """An author who builds Annex C's interval question with ``Exercise`` and leaves out the tolerance is told, in
    Russian, what to give (the Russian notebook's own cell now calls ``exercise("C.1", ...)``, which gives it)."""
    interval = stats.proportion_ci(38_575, 50_000, method="wilson")  # 77,15 % of 50 000
    with using("ru"), pytest.raises(InputError) as caught:
        Exercise("Полуширина 95-процентного интервала для 77,15 % из 50 000 изображений, в процентных пунктах?",
                 100 * (interval.high - interval.low) / 2, kind="percentage points", key="C.1")
    english, russian = _in_both(caught.value)
    assert english == ("give a tolerance for an answer that is a difference in percentage points: "
                       "its instructions state it")
    assert russian.startswith("задайте допуск для ответа, в котором нужно ввести разность в процентных пунктах")
    _same_facts(english, russian)


@pytest.mark.parametrize("data, names", [
    ({"training_data": {"sourse": "ImageNet"}}, ["'training_data.sourse'", "training_data.source"]),
    ({"training_data": ["ImageNet"]}, ["training_data"]),
    ({"purpose": {"stage": True}}, ["purpose.stage", "true"]),
])
def test_a_checklist_with_a_bad_item(data, names):
    english, russian = _in_both(_raised(lambda: checklist.validate(data)))
    _same_facts(english, russian, *names)


def _cli(argv, capsys) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


@pytest.mark.parametrize("name, text, argv", [
    ("few.csv", "t,a,b\n1,0.9,0.8\n0,0.2,0.1\n0,0.4,0.6\n0,0.1,0.2\n",
     ["compare", "--predictions", "FILE", "--y-true", "t", "--a", "a", "--b", "b", "--test", "delong"]),
    ("tied.csv", "dataset,m1,m2,m3\nd1,0.8,0.8,0.8\nd2,0.7,0.7,0.7\n", ["rank", "--results", "FILE", "--id", "dataset"]),
    ("meta.yaml", "training_data:\n  sourse: ImageNet\n", ["checklist", "check", "FILE"]),
])
def test_the_command_line_in_russian(tmp_path, capsys, name, text, argv):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    argv = [str(path) if a == "FILE" else a for a in argv]
    english = _cli(argv, capsys)
    russian = _cli(["--lang", "ru", *argv], capsys)
    command = f"iso4213-nb {argv[0]}: "
    assert english.startswith(command + "error: ") and russian.startswith(command + "ошибка: ")
    _same_facts(english.split(": ", 2)[2], russian.split(": ", 2)[2])


@pytest.mark.parametrize("call, english, russian", [
    (lambda: stats.proportion_ci(3, 10, confidence_level=1.5), "got 1.5", "1,5"),
    (lambda: stats.proportion_ci(3, 10, confidence_level=2.0), "got 2", "2"),
    (lambda: stats.adjust_pvalues([0.01, 0.2], "holm", alpha=1234567.0), "got 1234567", "1234567"),
])
def test_a_number_the_user_gave_keeps_its_value_and_takes_the_readers_decimal_sign(call, english, russian):
    """A value the user gave reaches the error as a number, so Russian writes 1,5 where English writes 1.5;
    a whole float reads as a person writes it (2, not 2.0; 1234567, not 1.23457e+06)."""
    in_english, in_russian = _in_both(_raised(call))
    assert in_english.endswith(english), in_english
    assert in_russian.endswith(russian) and "1.5" not in in_russian and "2.0" not in in_russian, in_russian
