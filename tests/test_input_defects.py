"""Regression tests for the input defects of issue 10, through the command line a user types.

Each test failed on the main branch before the input layer (iso4213_nb.inputs) existed.
"""

import gzip
import json
import re
import subprocess
import sys
import time

import pytest

from iso4213_nb.core import progress
from iso4213_nb.cli import main
from iso4213_nb.inputs import read_predictions

BIG = 2 ** 63


def write(tmp_path, text, name="in.csv"):
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return str(path)


def one_line_error(capsys, argv, status=2) -> str:
    assert main(argv) == status
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"iso4213-nb {argv[0]}: error: ")
    return err


def run_json(capsys, argv):
    assert main(argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_integers_beyond_64_bits_never_overflow(tmp_path, capsys):
    path = write(tmp_path, f"y_true,y_pred\n0,{BIG}\n1,1\n0,0\n")
    out = run_json(capsys, ["metrics", "--predictions", path])
    assert out["predicted_only_labels"] == [str(BIG)] and out["labels"] == ["0", "1", str(BIG)]
    err = one_line_error(capsys, ["compare", "--predictions", path, "--y-true", "y_true", "--a", "y_pred",
                                  "--b", "y_pred"])
    assert f"line 2, column 'y_pred': label {BIG} is not a class of y_true" in err
    both = write(tmp_path, f"y_true,y_pred\n{BIG},{BIG}\n{BIG + 1},{BIG}\n", "both.csv")
    assert run_json(capsys, ["metrics", "--predictions", both])["per_class"][str(BIG)]["tp"] == 1
    with pytest.raises(Exception, match=f"label {BIG} is not a class of y_true"):
        read_predictions(path)  # the report's reading


def test_label_limit_is_checked_before_anything_is_built(tmp_path, capsys):
    rows = "\n".join(f"{i},{i}" for i in range(100_000))
    path = write(tmp_path, "y_true,y_pred\n" + rows + "\n")
    start = time.perf_counter()
    err = one_line_error(capsys, ["metrics", "--predictions", path])
    assert "column 'y_true' has 100,000 distinct labels, more than the limit of 1,000 (raise it with --max-classes)" \
        in err
    assert time.perf_counter() - start < 20  # main spent 203 s and 6 GiB on 20,000 labels
    assert "limit of 10" in one_line_error(capsys, ["metrics", "--predictions", path, "--max-classes", "10"])
    matrix = write(tmp_path, "," + ",".join(map(str, range(1001))) + "\n", "m.csv")
    assert "1,001 classes, more than the limit of 1,000" in one_line_error(
        capsys, ["csmf", "--matrix", matrix, "--rows", "true"])


def test_standard_input_dash_and_dev_stdin_in_a_pipe(tmp_path):
    data = "y_true,y_pred\n1,1\n0,0\n1,0\n"
    for source in ("-", "/dev/stdin"):
        done = subprocess.run([sys.executable, "-m", "iso4213_nb", "metrics", "--predictions", source, "--json"],
                              input=data, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["n"] == 3
    done = subprocess.run([sys.executable, "-m", "iso4213_nb", "csmf", "--matrix", "-", "--rows", "true"],
                          input=gzip.compress(b",a,b\na,3,1\nb,2,4\n"), capture_output=True)
    assert done.returncode == 0 and b"csmf_accuracy" in done.stdout


def test_mcnemar_refuses_scores_and_labels_y_true_never_has(tmp_path, capsys):
    scores = write(tmp_path, "t,a,b\n1,0.9,0.8\n0,0.2,0.1\n1,0.7,0.3\n0,0.4,0.6\n")
    err = one_line_error(capsys, ["compare", "--predictions", scores, "--y-true", "t", "--a", "a", "--b", "b"])
    assert "column 'a' holds scores" in err and "--test delong" in err
    labels = write(tmp_path, "t,a,b\ncat,x,y\ndog,x,y\n", "l.csv")
    err = one_line_error(capsys, ["compare", "--predictions", labels, "--y-true", "t", "--a", "a", "--b", "b"])
    assert "l.csv, line 2, column 'a': label x is not a class of t; t labels are: cat, dog" in err


def test_01_and_1_are_different_labels_and_positive_follows_the_same_rule(tmp_path, capsys):
    path = write(tmp_path, "y_true,y_pred\n01,1\n1,1\n01,01\n")
    out = run_json(capsys, ["metrics", "--predictions", path])
    assert out["labels"] == ["01", "1"] and out["per_class"]["01"]["tp"] == 1
    scored = write(tmp_path, "y_true,score\n2,0.9\n0,0.2\n2,0.4\n", "s.csv")
    assert run_json(capsys, ["metrics", "--predictions", scored, "--positive", "2"])["positive"] == 2
    err = one_line_error(capsys, ["metrics", "--predictions", scored, "--positive", "02"])
    assert "positive class '02' is not a label of y_true; labels are: 0, 2" in err
    err = one_line_error(capsys, ["compare", "--predictions", scored, "--y-true", "y_true", "--a", "score",
                                  "--b", "score", "--test", "delong", "--positive", "02"])
    assert "positive class '02' is not a label" in err


def test_huge_matrix_cell_is_a_clear_error(tmp_path, capsys):
    path = write(tmp_path, ",A,B\nA,1e308,1\nB,2,3\n")
    for command in ("metrics", "csmf"):
        err = one_line_error(capsys, [command, "--matrix", path, "--rows", "true"])
        assert "in.csv, line 2, column 2: counts this large ('1e308') cannot be computed exactly" in err


@pytest.mark.parametrize("name, data, extra", [
    ("semi.csv", "y_true;y_pred;score\n1;1;0,9\n0;0;0,2\n1;0;0,4\n", ["--decimal", ","]),
    ("tabs.tsv", "y_true\ty_pred\tscore\n1\t1\t0.9\n0\t0\t0.2\n1\t0\t0.4\n", []),
    ("forced.txt", "y_true|y_pred|score\n1|1|0.9\n0|0|0.2\n1|0|0.4\n", ["--sep", "|"]),
    ("packed.csv.gz", gzip.compress(b"y_true,y_pred,score\n1,1,0.9\n0,0,0.2\n1,0,0.4\n", mtime=0), []),
])
def test_european_tsv_and_compressed_files(tmp_path, capsys, name, data, extra):
    out = run_json(capsys, ["metrics", "--predictions", write(tmp_path, data, name), *extra])
    assert out["n"] == 3 and out["auroc"] == 1.0 and out["per_class"]["1"]["tp"] == 1


def test_one_huge_line_is_refused_without_blowing_memory(tmp_path):
    small = write(tmp_path, "y_true,y_pred\n1,1\n0,0\n", "small.csv")
    huge = tmp_path / "huge.csv"
    with open(huge, "wb") as handle:
        handle.write(b"y_true,y_pred\n")
        for _ in range(64):
            handle.write(b"1" * (1 << 20))
    probe = ("import resource, sys; from iso4213_nb.cli import main; status = main(sys.argv[1:]); "
             "print(status, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")

    def peak(path):
        done = subprocess.run([sys.executable, "-c", probe, "metrics", "--predictions", path],
                              capture_output=True, text=True)
        status, kib = done.stdout.split()[-2:]
        return int(status), int(kib), done.stderr

    status, base, _ = peak(small)
    assert status == 0
    status, used, err = peak(str(huge))
    assert status == 2 and "a line is longer than 16 MiB" in err and err.count("\n") == 1
    assert used - base < 200 * 1024, f"{(used - base) / 1024:.0f} MiB more than for a small file"


def test_messages_speak_the_users_words(tmp_path, capsys):
    texts = write(tmp_path, "y_true,score\ncat,0.5\ndog,0.2\n")
    err = one_line_error(capsys, ["metrics", "--predictions", texts])
    assert "positive=" not in err and "--positive" in err
    err = one_line_error(capsys, ["metrics", "--predictions", write(tmp_path, "y_true,score\n1,0.5\n0,x\n", "x.csv")])
    assert "x.csv, line 3, column 'score': 'x' is not a number" in err
    for message in (err,):
        assert not re.search(r"<U\d|dtype|float64|int64|position \d", message)


def test_quiet_option_and_progress_on_a_terminal(tmp_path, capsys, monkeypatch):
    path = write(tmp_path, "y_true,y_pred\n1,1\n0,0\n")

    class Terminal:
        def __init__(self):
            self.text = ""

        def write(self, text):
            self.text += text

        def flush(self):
            pass

        def isatty(self):
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    try:
        assert main(["metrics", "--predictions", path]) == 0
        assert "reading " in terminal.text and "in.csv" in terminal.text
        terminal.text = ""
        assert main(["--quiet", "metrics", "--predictions", path]) == 0
        assert terminal.text == ""
    finally:
        progress.set_quiet(False)
