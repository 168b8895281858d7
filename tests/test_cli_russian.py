"""The tables of ``metrics``, ``annex``, ``compare`` and ``rank`` under ``--lang ru``: no English row name, header
or note, decimal commas, and the same numbers as in English (issue 15: the Russian edition)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from iso4213_nb.cli import main
from visible_words import english_words

#: Names the test files give (models, classes, columns), the file names, and option names the notes cite.
FILE_NAMES = frozenset({"IS", "logistic", "forest", "bayes", "svm", "cat", "dog", "fox", "rope",
                        "compare", "iso4213", "nb", "y_true", "ImageNet", "CIFAR", "LFW", "AlexNet", "VGG",
                        "ResNet", "EfficientNet", "B7", "ColorNet", "DenseNet", "FaceNet", "DeepID3", "DeepFace",
                        "SGD", "Adam", "RMSprop", "momentum", "Nesterov"})


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli-ru")
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 80)
    a = np.round(np.clip(rng.normal(0.35 + 0.3 * y, 0.2), 0, 1), 3)
    b = np.round(np.clip(rng.normal(0.4 + 0.2 * y, 0.25), 0, 1), 3)
    scores = folder / "scores.csv"
    scores.write_text("y,a,b\n" + "".join(f"{t},{p},{q}\n" for t, p, q in zip(y, a, b)))
    labels = folder / "labels.csv"
    labels.write_text("y,a,b\n" + "".join(f"{t},{int(p >= 0.5)},{int(q >= 0.5)}\n" for t, p, q in zip(y, a, b)))
    classes = np.array(["cat", "dog", "fox"])
    truth = rng.integers(0, 3, 90)
    guess = np.where(rng.random(90) < 0.7, truth, rng.integers(0, 3, 90))
    multiclass = folder / "multiclass.csv"
    multiclass.write_text("y_true,y_pred\n" + "".join(f"{classes[t]},{classes[p]}\n" for t, p in zip(truth, guess)))
    results = folder / "results.csv"
    table = np.round(rng.normal(0.8, 0.04, (12, 4)) + [0.05, 0.03, 0, 0.01], 3)
    results.write_text("dataset,logistic,forest,bayes,svm\n"
                       + "".join(f"d{i}," + ",".join(map(str, row)) + "\n" for i, row in enumerate(table)))
    return {"scores": scores, "labels": labels, "multiclass": multiclass, "results": results}


COMMANDS = {
    "metrics binary": lambda f: ["metrics", "--predictions", str(f["scores"]), "--y-true", "y", "--score", "a",
                                 "--bootstrap", "50"],
    "metrics multiclass": lambda f: ["metrics", "--predictions", str(f["multiclass"]), "--bootstrap", "50"],
    "annex A": lambda f: ["annex", "A"],
    "annex B": lambda f: ["annex", "B"],
    "annex D": lambda f: ["annex", "D"],
    "compare mcnemar": lambda f: ["compare", "--predictions", str(f["labels"]), "--y-true", "y", "--a", "a",
                                  "--b", "b"],
    "compare delong": lambda f: ["compare", "--predictions", str(f["scores"]), "--y-true", "y", "--a", "a", "--b",
                                 "b", "--test", "delong"],
    "adjust": lambda f: ["adjust", "--method", "holm", "0.01", "0.04", "0.03", "0.2"],
    "rank": lambda f: ["rank", "--results", str(f["results"]), "--id", "dataset", "--rope", "0.01"],
}


def _run(argv, capsys) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name", COMMANDS)
def test_cli_prints_no_english_word_in_russian(name, files, capsys):
    out = _run(["--lang", "ru", *COMMANDS[name](files)], capsys)
    for path in files.values():
        out = out.replace(str(path), "ФАЙЛ")
    left = english_words(out, FILE_NAMES)
    assert not left, f"{name} still prints English: {left}"
    assert re.search(r"\d,\d", out), "no decimal comma"


@pytest.mark.parametrize("name", ["metrics binary", "compare delong", "rank"])
def test_cli_prints_the_same_numbers_in_both_languages(name, files, capsys):
    english = _run(COMMANDS[name](files), capsys)
    russian = _run(["--lang", "ru", *COMMANDS[name](files)], capsys)
    numbers = re.compile(r"(?<![\w.,])-?\d+[.,]\d+")
    assert [n.replace(",", ".") for n in numbers.findall(russian)] == numbers.findall(english)
