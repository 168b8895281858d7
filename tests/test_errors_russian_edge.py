"""Bad input at the edge in Russian: the chunked and Dask paths, the command line's options and a widget (issue 15).

Each error is produced twice, in English and under ``--lang ru`` (or ``using("ru")`` for a widget); the Russian
line must keep every name of the user's (file, column, model) and the same numbers in the same order (with the
decimal comma), and hold no English word once those names and the option names are set aside.
"""

from __future__ import annotations

import html
import re

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from iso4213_nb.cli import main
from iso4213_nb.core.errors import InputError
from iso4213_nb.words.i18n import using
from visible_words import english_words

NUMBER = re.compile(r"(?<![\w.,])-?\d+(?:[.,]\d+)?(?![\w.])")
PREFIX = re.compile(r"^iso4213-nb [a-z]+: \S+ ")  # "iso4213-nb metrics: error: " and its Russian


def _assert_same_data(english: str, russian: str, names: list[str]) -> None:
    """``russian`` says what ``english`` says: the same names, the same numbers, and no English word."""
    assert russian != english
    for name in names:
        assert name in english and name in russian, name
        english, russian = english.replace(name, " "), russian.replace(name, " ")
    assert [n.replace(",", ".") for n in NUMBER.findall(russian)] == NUMBER.findall(english), (english, russian)
    left = english_words(re.sub(r"--[a-z][a-z0-9-]*", " ", russian))
    assert not left, f"English words in Russian: {left}: {russian}"


def _error(argv: list[str], capsys) -> str:
    """The error line of ``argv`` (exit status 2), command prefix removed."""
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert PREFIX.match(err), err
    return PREFIX.sub("", err)


def _errors(argv: list[str], capsys) -> tuple[str, str]:
    """The error line of ``argv`` in English and in Russian."""
    return _error(argv, capsys), _error(["--lang", "ru", *argv], capsys)


@pytest.fixture
def files(tmp_path):
    three = tmp_path / "three.csv"
    three.write_text("y_true,forest_score\n0,0.2\n1,0.5\n2,0.4\n1,0.9\n")
    beyond = tmp_path / "beyond.csv"
    beyond.write_text("y_true,forest_score\n0,0.25\n1,1.5\n0,0.75\n1,0.5\n")
    labels = tmp_path / "labels.csv"
    labels.write_text("y_true,forest_pred\n0,1\n1,1\n0,0\n")
    return {"three": str(three), "beyond": str(beyond), "labels": str(labels)}


def test_a_file_read_in_chunks_that_scores_three_classes_is_refused_in_russian(files, capsys):
    english, russian = _errors(["metrics", "--predictions", files["three"], "--chunk-rows", "2"], capsys)
    assert "gives scores, but y_true has 3 classes" in english
    _assert_same_data(english, russian, [files["three"], "forest", "y_true"])


def test_a_score_outside_the_bins_of_a_chunked_run_is_refused_in_russian_with_the_decimal_comma(files, capsys):
    english, russian = _errors(["metrics", "--predictions", files["beyond"], "--chunk-rows", "2", "--bins", "4"],
                               capsys)
    assert "model 'forest' has a score (1.5) outside the binned range [0, 1]; set the range with --bins-range" in english
    assert "1,5" in russian and "score.forest" not in english  # the user's model, not the state's column key
    _assert_same_data(english, russian, [files["beyond"], "'forest'", "--bins-range"])


def test_an_option_the_file_cannot_serve_is_refused_in_russian(files, capsys):
    english, russian = _errors(["metrics", "--predictions", files["labels"], "--threshold", "0.3"], capsys)
    assert english == f"--threshold needs a score column; {files['labels']} has no scores"
    _assert_same_data(english, russian, [files["labels"]])


def test_a_widget_shows_its_refusal_in_russian_in_its_message_line():
    from iso4213_nb.widgets.significance_lab import SignificanceLab

    rng = np.random.default_rng(3)
    y = (rng.random(60) < 0.4).astype(int)
    scores = {"lr": np.clip(rng.normal(0.35 + 0.3 * y, 0.2), 0, 1), "nb": np.clip(rng.normal(0.4 + 0.2 * y, 0.25), 0, 1)}
    messages = []
    for language in ("en", "ru"):
        with using(language):
            lab = SignificanceLab(y, scores, n_resamples=20, cv=rng.normal(0.01, 0.02, (5, 2)))
            lab.model_b.value = "lr"  # the same model twice: refused, the pair in use stays
            messages.append(html.unescape(re.sub(r"<[^>]+>", "", lab.message.value)))
            assert lab.pair == ("lr", "nb")
    assert messages[0] == "models A and B must differ, both are 'lr'"
    _assert_same_data(*messages, ["'lr'"])


def test_a_widget_value_off_the_slider_is_refused_with_the_same_numbers_in_russian():
    from iso4213_nb.widgets.posterior import PosteriorWidget

    rng = np.random.default_rng(5)
    widget = PosteriorWidget(rng.normal(0.80, 0.01, 10), rng.normal(0.79, 0.01, 10), ("lr", "nb"))
    messages = []
    for language in ("en", "ru"):
        with using(language), pytest.raises(InputError) as caught:
            widget.rope = 0.003
        messages.append(str(caught.value))
    assert messages[0] == "the ROPE half-width must be one of the slider's values (0 to 0.05 by 0.0025), got 0.003"
    assert "0,0025" in messages[1] and "0,003" in messages[1]
    _assert_same_data(*messages, [])


@pytest.mark.slow
def test_an_error_raised_on_a_dask_worker_reaches_the_client_whole_and_reads_in_russian(tmp_path, capsys):
    """The worker knows no language: the error travels as code and parameters and is put into words on the client."""
    folder = tmp_path / "parts"
    folder.mkdir()
    first = {"y_true": [0, 1, 0, 1], "forest_score": [0.1, 0.8, 0.3, 0.6]}
    pq.write_table(pa.table(first), folder / "part-0.parquet")
    pq.write_table(pa.table({**first, "lasso_score": [0.2, 0.7, 0.4, 0.5]}), folder / "part-1.parquet")
    argv = ["metrics", "--predictions", str(folder), "--engine", "dask"]
    english = _error([*argv, "--scheduler", "synchronous"], capsys)  # in this process, nothing pickled
    russian = _error(["--lang", "ru", *argv, "--workers", "1"], capsys)  # a worker process of a local cluster
    second = str(folder / "part-1.parquet")
    assert english == f"{second}: its columns differ from those of the first file of the data set"
    _assert_same_data(english, russian, [second])
