"""The core's errors reach a Russian reader in Russian (issue 15): the public functions called with bad arrays, and the
command line with ``--lang ru``, say the same numbers and names as in English and leave no English word."""

from __future__ import annotations

import re

import numpy as np
import pytest

from iso4213_nb.words import i18n
from iso4213_nb.measures.calibration import calibration
from iso4213_nb.measures.confusion import ConfusionMatrix
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.core.errors import InputError
from visible_words import english_words

NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")

CASES = {
    "non-square matrix": (lambda: ConfusionMatrix.from_counts([[1, 2, 3], [4, 5, 6]], rows="true"),
                          "matrix must be square, got 2 rows and 3 columns", {"matrix"}),
    "negative count": (lambda: ConfusionMatrix.from_counts([[1, -2], [3, 4]], rows="true"),
                       "matrix contains negative counts, the first -2 at row 1, column 2", {"matrix"}),
    "NaN score": (lambda: BinaryScores([0, 1, 1], [0.1, np.nan, 0.3]),
                  "scores contains 1 NaN or infinite value(s), the first is value number 2", {"scores"}),
    "length mismatch": (lambda: ConfusionMatrix.from_predictions([0, 1, 1], [0, 1]),
                        "length mismatch: y_true has 3, y_pred has 2", set()),
    "not probabilities": (lambda: calibration([0, 1, 1], [0.25, 1.5, 0.5], positive=1),
                          "proba must be probabilities in [0, 1], got values from 0.25 to 1.5", {"proba"}),
}


def _message(call) -> str:
    with pytest.raises(InputError) as caught:
        call()
    return str(caught.value)


def _numbers(text: str) -> list[str]:
    return [n.replace(",", ".") for n in NUMBER.findall(text)]


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_arrays_are_described_in_russian_with_the_same_numbers_and_names(case):
    call, english, names = CASES[case]
    assert _message(call) == english
    with i18n.using("ru"):
        russian = _message(call)
    assert russian != english
    assert _numbers(russian) == _numbers(english), russian
    assert all(name in russian for name in names), russian
    assert not english_words(russian, allowed=names), russian


def test_the_decimal_comma_in_a_russian_error():
    with i18n.using("ru"):
        russian = _message(CASES["not probabilities"][0])
    assert "0,25" in russian and "1,5" in russian and "0.25" not in russian


@pytest.mark.parametrize("options, english", [
    (["--p10", "0.6", "--p01", "0.5"], "p10 + p01 must be below 1, got 1.1"),
    (["--p10", "0.1", "--p01", "0.1"], "p10 equals p01: the models do not differ, so no test set can show a difference"),
])
def test_the_command_line_says_a_planning_error_in_russian(capsys, options, english):
    from iso4213_nb.cli import main

    assert main(["plan", "mcnemar", *options]) == 2
    assert capsys.readouterr().err.strip().endswith(english)
    assert main(["--lang", "ru", "plan", "mcnemar", *options]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("iso4213-nb plan: ошибка: ")
    russian = err.removeprefix("iso4213-nb plan: ошибка: ")
    assert _numbers(russian) == _numbers(english) and "p10" in russian and "p01" in russian, russian
    assert not english_words(russian), russian


def test_labels_listed_in_an_error_keep_the_readers_number_format():
    """Labels the user gave reach the error as numbers: 0,5; 1,5 in Russian (a semicolon between numbers with a
    decimal comma), 0.5, 1.5 in English; text labels stay quoted in both."""
    call = lambda: BinaryScores([0.5, 1.5, 1.5], [0.1, 0.2, 0.3], positive=2.5)  # noqa: E731
    english = _message(call)
    with i18n.using("ru"):
        russian = _message(call)
    assert english.endswith("its labels are 0.5, 1.5"), english
    assert russian.endswith("0,5; 1,5") and "2,5" in russian, russian
    words = lambda: BinaryScores(["a", "b"], [0.1, 0.2], positive="c")  # noqa: E731
    assert _message(words).endswith("its labels are 'a', 'b'")
