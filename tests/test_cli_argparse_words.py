"""The parser's own complaints reach a Russian reader in Russian, with the options and values as typed (issue 15)."""

from __future__ import annotations

import re

import pytest

from iso4213_nb.cli import main
from visible_words import english_words

CASES = [
    (["metrics", "--engine", "foo"], "argument --engine: invalid choice: 'foo' (choose from 'local', 'dask')"),
    (["metrics", "--predictions"], "argument --predictions: expected one argument"),
    (["nosuch"], "argument command: invalid choice: 'nosuch' (choose from"),
    (["metrics", "--predictions", "a.csv", "b.csv"], "unrecognized arguments: b.csv"),
    (["metrics", "--chunk-rows", "x", "--predictions", "a.csv"], "argument --chunk-rows:"),
    (["compare", "--predictions", "a.csv"], "the following arguments are required:"),
]


def _line(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.strip()


@pytest.mark.parametrize("argv, english", CASES)
def test_parser_errors_read_in_russian_with_the_values_as_typed(capsys, argv, english):
    assert english in _line(capsys, ["--lang", "en", *argv])
    russian = _line(capsys, ["--lang", "ru", *argv])
    assert "ошибка" in russian
    typed = set(re.findall(r"'[^']*'|--[a-z-]+", english))
    assert typed <= set(re.findall(r"'[^']*'|--[a-z-]+", russian)), russian
    leftover = english_words(re.sub(r"'[^']*'|--[a-z][a-z0-9-]*|\S+\.csv", " ", russian))
    assert not leftover, russian


def test_the_language_may_follow_an_equals_sign_and_an_unknown_one_is_the_parsers_to_refuse(capsys):
    assert "ожидается одно значение" in _line(capsys, ["--lang=ru", "metrics", "--predictions"])
    assert "invalid choice: 'xx'" in _line(capsys, ["--lang", "xx", "metrics"])
