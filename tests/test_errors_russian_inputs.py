"""The input layer's errors in Russian, end to end (issue 15: words at the edge; guide: one-line errors naming file, line, column).

An auditor meets these first: a NaN score, a predicted label that is not a class, a file without the
truth column, a ragged line, a score written with a decimal comma.  Through ``iso4213-nb --lang ru
metrics`` / ``report``, the Russian line must name the same file, line, column and values as the
English one, with no English word left, and exit with the same status.
"""

from __future__ import annotations

import re

import pytest

from iso4213_nb.cli import main
from iso4213_nb.words.i18n import using
from iso4213_nb.inputs.table import Place
from visible_words import english_words

FILES = {
    "nan": "y_true,score\n0,0.1\n1,0.8\n1,nan\n0,0.3\n",
    "unknown": "y_true,y_pred\n0,0\n1,1\n1,2\n0,0\n",
    "columns": "truth,prediction\n0,0\n1,1\n",
    "ragged": "y_true,score\n0,0.1\n1,0.8\n1,0,9\n0,0.3\n",
    "comma": "y_true,score\n0,\"0,1\"\n1,0.8\n",
}

#: command, file, then what both lines must name: (English words, Russian words) for the place.
CASES = {
    "NaN score": (["metrics"], "nan", ("line 4, column 'score'", "строка 4, столбец 'score'")),
    "NaN score, read in chunks": (["metrics", "--chunk-rows", "2"], "nan",
                                  ("line 4, column 'score'", "строка 4, столбец 'score'")),
    "unknown label": (["report", "--out", "{out}"], "unknown", ("line 4, column 'y_pred'", "строка 4, столбец 'y_pred'")),
    "unknown label, read in chunks": (["report", "--chunk-rows", "2", "--out", "{out}"], "unknown",
                                      ("line 4", "строка 4")),
    "wrong columns": (["metrics"], "columns", ("has no column 'y_true'", "нет столбца 'y_true'")),
    "ragged line": (["metrics"], "ragged", ("line 4", "строка 4")),
    "decimal comma": (["metrics"], "comma", ("line 2, column 'score'", "строка 2, столбец 'score'")),
}

#: What the user's own files name (columns, models), which stays as written.
USER_NAMES = frozenset({"truth", "prediction", "model"})


def _error(argv, capsys) -> tuple[int, str]:
    status = main(argv)
    captured = capsys.readouterr()
    lines = [line for line in captured.err.splitlines() if line.strip()]
    assert len(lines) == 1, captured.err
    return status, lines[0]


def _data(line: str) -> list[str]:
    """The data a line names, in order: quoted names and values, and numbers (decimal sign ignored)."""
    return [t.replace(",", ".") for t in re.findall(r"'[^']*'|\d+(?:[.,]\d+)?", line)]


@pytest.mark.parametrize("case", CASES)
def test_an_input_error_reads_in_russian_with_the_same_file_line_and_column(case, tmp_path, capsys):
    command, name, (english_place, russian_place) = CASES[case]
    path = tmp_path / f"{name}.csv"
    path.write_text(FILES[name], encoding="utf-8")
    argv = [a.format(out=tmp_path / "report") for a in command[:1]] + ["--predictions", str(path)] + \
        [a.format(out=tmp_path / "report") for a in command[1:]]
    status_en, english = _error(["--lang", "en", *argv], capsys)
    status_ru, russian = _error(["--lang", "ru", *argv], capsys)
    assert status_en == status_ru == 2
    assert str(path) in english and str(path) in russian
    assert english_place in english and russian_place in russian, (english, russian)
    assert _data(russian.replace(str(path), "")) == _data(english.replace(str(path), ""))
    words = re.sub(r"^iso4213-nb \w+: ", "", russian).replace(str(path), " ")
    words = re.sub(r"--[a-z][a-z0-9-]*|'[^']*'", " ", words)
    assert not english_words(words, USER_NAMES), russian
    assert not (tmp_path / "report").exists()


def test_a_place_in_a_sheet_or_a_parquet_file_is_named_in_the_active_language():
    places = [Place("a.xlsx", row=7, sheet="'Лист 2'"), Place("b.parquet", row=3), Place("c.csv", data_row=5),
              Place("d.csv")]
    english = [str(p) for p in places]
    with using("ru"):
        russian = [str(p) for p in places]
    assert english == ["a.xlsx, sheet 'Лист 2', row 7", "b.parquet, row 3", "c.csv, data row 5", "d.csv, a line"]
    assert russian == ["a.xlsx, лист 'Лист 2', строка 7", "b.parquet, строка 3", "c.csv, строка данных 5",
                       "d.csv, одна из строк"]


def test_standard_input_is_named_in_the_active_language_and_stays_english_as_data():
    from io import BytesIO

    from iso4213_nb.core.errors import InputError
    from iso4213_nb.inputs import read_predictions

    with pytest.raises(InputError) as caught:
        read_predictions("-", stdin=BytesIO(b"y_true,score\n0,0.1\n1,nan\n"))
    assert str(caught.value) == "standard input, line 3, column 'score': 'nan' is not a finite number"
    with using("ru"):
        assert str(caught.value) == "стандартный ввод, строка 3, столбец 'score': 'nan' не является конечным числом"
    assert read_predictions("-", stdin=BytesIO(b"y_true,score\n0,0.1\n1,0.7\n")).source.name == "standard input"
