"""Property: no input, however hostile, gives a traceback from any command that reads a table.

Every command returns 0, or 2 with exactly one line on stderr.  The report's
reading (``read_predictions``, the validator ``report`` runs before it builds
anything) must raise nothing but :class:`InputError`.
"""

import contextlib
import io
import os
import tempfile

from hypothesis import HealthCheck, given, settings, strategies as st

from iso4213_nb import InputError
from iso4213_nb.cli import main
from iso4213_nb.inputs import read_predictions

HEADERS = ["y_true", "y_pred", "score", "a", "b", "a_pred", "b_score", "", "y_true "]
CELLS = st.one_of(st.sampled_from(["0", "1", "01", "-1", "2", "0.5", "1e308", "nan", "inf", "", " ", "x", "é",
                                   str(2 ** 63), str(-2 ** 64), '"', '"a,b"', "1,5", "TRUE", "\t"]),
                  st.text(max_size=6))
SEPS = st.sampled_from([",", ";", "\t", "|"])


def commands(path: str) -> list[list[str]]:
    return [
        ["metrics", "--predictions", path],
        ["metrics", "--predictions", path, "--y-pred", "a", "--score", "b", "--positive", "1"],
        ["metrics", "--predictions", path, "--threshold", "0.3", "--decimal", ","],
        ["metrics", "--matrix", path, "--rows", "true"],
        ["csmf", "--matrix", path, "--rows", "predicted"],
        ["compare", "--predictions", path, "--y-true", "y_true", "--a", "a", "--b", "b"],
        ["compare", "--predictions", path, "--y-true", "y_true", "--a", "a", "--b", "b", "--test", "delong"],
        ["rank", "--results", path],
        ["rank", "--results", path, "--design", "cv", "--rope", "0.01", "--decimal", ","],
    ]


def check_every_command(data: bytes) -> None:
    fd, path = tempfile.mkstemp(suffix=".csv")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        for argv in commands(path):
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = main(argv)
            assert status in (0, 2), (argv, status)
            if status == 2:
                assert err.getvalue().count("\n") == 1 and err.getvalue().startswith("iso4213-nb "), err.getvalue()
        try:
            read_predictions(path)
        except InputError as exc:
            assert "\n" not in str(exc)
    finally:
        os.unlink(path)


PROPERTY = settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(st.binary(max_size=300))
def test_random_bytes(data):
    check_every_command(data)


@st.composite
def csv_files(draw):
    sep = draw(SEPS)
    width = draw(st.integers(1, 4))
    header = draw(st.lists(st.sampled_from(HEADERS), min_size=width, max_size=width))
    rows = draw(st.lists(st.lists(CELLS, min_size=0, max_size=width + 1), max_size=8))
    ending = draw(st.sampled_from(["\n", "\r\n"]))
    text = ending.join(sep.join(row) for row in [header, *rows]) + ending
    return text.encode("utf-8")


@PROPERTY
@given(csv_files())
def test_random_csv_files(data):
    check_every_command(data)


@st.composite
def matrices(draw):
    k = draw(st.integers(1, 4))
    labels = draw(st.lists(st.sampled_from(["A", "B", "0", "1", "01", str(2 ** 63), ""]), min_size=k, max_size=k))
    counts = st.one_of(st.integers(-2, 10 ** 20).map(str), st.floats(allow_nan=True).map(repr), CELLS)
    rows = [[label, *draw(st.lists(counts, min_size=k, max_size=k))] for label in labels]
    corner = draw(st.sampled_from(["", "true\\pred"]))
    lines = [",".join([corner, *labels]), *(",".join(row) for row in rows)]
    return ("\n".join(lines) + "\n").encode()


@PROPERTY
@given(matrices())
def test_random_matrices(data):
    check_every_command(data)


def _one_line_or_success(argv: list[str], allowed=(0, 2)) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    assert status in allowed, (argv, status)
    if status == 2:
        assert err.getvalue().count("\n") == 1 and err.getvalue().startswith("iso4213-nb "), err.getvalue()


YAML_TEXT = st.one_of(st.binary(max_size=200), st.text(alphabet=st.sampled_from(list("abc: -\n\t'\"[]{}!&*#|>%@yes01")),
                                                       max_size=120).map(str.encode))


@PROPERTY
@given(YAML_TEXT)
def test_random_meta_files_give_the_checklist_command_no_traceback(data):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "meta.yml")
        with open(path, "wb") as handle:
            handle.write(data)
        _one_line_or_success(["checklist", "check", path], allowed=(0, 1, 2))


@PROPERTY
@given(st.binary(max_size=300), st.sampled_from(["manifest.json", "report.json", "predictions.parquet"]))
def test_a_damaged_report_folder_gives_verify_no_traceback(data, name):
    """Random bytes in place of one file of a report folder: verify answers 1 (differences) or 2, never a traceback."""
    with tempfile.TemporaryDirectory() as folder:
        for file in ("manifest.json", "report.json", "predictions.parquet"):
            with open(os.path.join(folder, file), "wb") as handle:
                handle.write(data if file == name else b"{}")
        _one_line_or_success(["verify", folder], allowed=(1, 2))
