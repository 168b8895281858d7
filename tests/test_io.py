"""Reading prediction tables and Table A.1-style matrices from CSV, with one-line errors."""

import numpy as np
import pytest

from iso4213_nb import InputError
from iso4213_nb.io import read_matrix, read_table, require_columns


def write(tmp_path, text, name="f.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_read_table_types_columns(tmp_path):
    path = write(tmp_path, "y_true,y_pred,score,note\n1,0,0.25,a\n0,0,0.5,b\n1,1,1,c\n")
    table = read_table(path)
    assert list(table) == ["y_true", "y_pred", "score", "note"]
    assert table["y_true"].dtype == np.int64 and table["y_true"].tolist() == [1, 0, 1]
    assert table["score"].dtype == np.float64 and table["score"].tolist() == [0.25, 0.5, 1.0]
    assert table["note"].tolist() == ["a", "b", "c"]


def test_read_table_empty_numeric_cell_becomes_nan(tmp_path):
    table = read_table(write(tmp_path, "score\n0.5\n\n0.1\n,\n".replace("\n,\n", "\n")))
    assert table["score"].tolist() == [0.5, 0.1]
    table = read_table(write(tmp_path, "a,score\nx,0.5\ny,\n"))
    assert np.isnan(table["score"][1])


def test_read_table_strips_bom_and_spaces(tmp_path):
    path = tmp_path / "bom.csv"
    path.write_bytes("\ufeffy_true , y_pred\n cat , dog\n".encode())
    assert read_table(path) == {"y_true": np.array(["cat"]), "y_pred": np.array(["dog"])}


@pytest.mark.parametrize("text, message", [
    ("", "the file is empty"),
    ("\n\n", "the file is empty"),
    ("y_true,y_pred\n", "no data rows"),
    ("y_true,y_pred\n1,0\n1\n", "row 3 has 1 fields, the header has 2"),
    ("y_true,y_true\n1,0\n", "appear more than once"),
    ("y_true,\n1,0\n", "column 2 of the header has no name"),
])
def test_read_table_bad_files(tmp_path, text, message):
    with pytest.raises(InputError, match=message) as info:
        read_table(write(tmp_path, text))
    assert "\n" not in str(info.value)


def test_missing_file(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        read_table(tmp_path / "nope.csv")
    with pytest.raises(InputError, match="is a directory"):
        read_table(tmp_path)


def test_require_columns_names_existing_columns(tmp_path):
    table = {"a": np.array([1]), "b": np.array([2])}
    require_columns(table, ["a"], "f.csv")
    with pytest.raises(InputError, match=r"^f\.csv has no column 'x'; columns are: a, b$"):
        require_columns(table, ["a", "x"], "f.csv")


def test_read_matrix_table_a1_layout(tmp_path):
    path = write(tmp_path, "pred\\true,A,B,C\nA,400,150,14\nB,23,3800,144\nC,13,355,65\n")
    labels, counts = read_matrix(path)
    assert labels == ["A", "B", "C"]
    assert counts.dtype == np.int64
    assert counts.tolist() == [[400, 150, 14], [23, 3800, 144], [13, 355, 65]]


@pytest.mark.parametrize("text, message", [
    (",A,B,C\nA,1,2,3\nB,4,5,6\n", "must be square, got 2 rows and 3 columns"),
    (",A,B\nA,1,2\nC,4,5\n", r"row labels \['A', 'C'\] differ from column labels \['A', 'B'\]"),
    (",A,B\nA,1,-2\nB,4,5\n", "negative counts"),
    (",A,B\nA,1,2.5\nB,4,5\n", "non-integer"),
    (",A,B\nA,1,x\nB,4,5\n", "row 'A', column 'B' is not a number: 'x'"),
    (",A,B\nA,1\nB,4,5\n", "row 2 has 2 fields"),
    ("", "empty"),
])
def test_read_matrix_bad_files(tmp_path, text, message):
    with pytest.raises(InputError, match=message) as info:
        read_matrix(write(tmp_path, text))
    assert "\n" not in str(info.value)
