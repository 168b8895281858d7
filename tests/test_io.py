"""The input layer reads every format once, records what it read, and types columns by their purpose."""

import bz2
import gzip
import hashlib
import io

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from iso4213_nb import InputError
from iso4213_nb.inputs import (InputSource, label_columns, read_matrix, read_predictions, read_table,
                               score_column)
from iso4213_nb.inputs.table import sniff_delimiter

CSV = "y_true,y_pred,score\n1,1,0.9\n0,0,0.2\n1,0,0.4\n0,1,0.6\n"
EXPECTED = {"y_true": [1, 0, 1, 0], "pred": [1, 0, 0, 1], "scores": [0.9, 0.2, 0.4, 0.6]}


def write(tmp_path, data, name="f.csv"):
    path = tmp_path / name
    if isinstance(data, str):
        data = data.encode()
    path.write_bytes(data)
    return path


def check(pred, fmt):
    model = pred.models["model"]
    assert pred.y_true.dtype == np.int64 and pred.y_true.tolist() == EXPECTED["y_true"]
    assert model.pred.tolist() == EXPECTED["pred"] and model.scores.tolist() == EXPECTED["scores"]
    assert pred.source.format == fmt and pred.labels == [0, 1] and pred.positive == 1


def test_source_records_name_hash_size_and_format(tmp_path):
    path = write(tmp_path, CSV)
    pred = read_predictions(path)
    assert pred.source == InputSource(str(path), hashlib.sha256(CSV.encode()).hexdigest(), len(CSV), "csv")
    check(pred, "csv")


@pytest.mark.parametrize("text, sep", [
    ("a,b\n1,2\n", ","), ("a\tb\n1\t2\n", "\t"), ("a;b\n0,5;1\n", ";"), ("a|b\n1|2\n", "|"),
    ('a,b\n"x;y",1\n', ","), ("a\n1\n", ","),
])
def test_delimiter_is_sniffed(text, sep):
    assert sniff_delimiter(text.splitlines()) == sep


def test_tsv_semicolon_and_decimal_comma(tmp_path):
    check(read_predictions(write(tmp_path, CSV.replace(",", "\t"), "f.tsv")), "tsv")
    european = CSV.replace(",", ";").replace(".", ",")
    check(read_predictions(write(tmp_path, european), decimal=","), "csv")
    with pytest.raises(InputError, match=r"f\.csv, line 2, column 'score': '0,9' is not a number "
                                         r"\(for a decimal comma give --decimal ,\)"):
        read_predictions(write(tmp_path, european))
    check(read_predictions(write(tmp_path, CSV.replace(",", ";")), sep=";"), "csv")


def _zstd_frame(data: bytes) -> bytes:
    """``data`` as a .zst file."""
    sink = pa.BufferOutputStream()
    with pa.CompressedOutputStream(sink, "zstd") as out:
        out.write(data)
    return sink.getvalue().to_pybytes()


@pytest.mark.parametrize("compress, suffix, fmt", [
    (gzip.compress, "csv.gz", "csv.gz"), (bz2.compress, "csv.bz2", "csv.bz2"),
    (_zstd_frame, "csv.zst", "csv.zst"),
])
def test_compressed_csv_is_recognised_by_content(tmp_path, compress, suffix, fmt):
    data = compress(CSV.encode())
    pred = read_predictions(write(tmp_path, data, f"f.{suffix}"))
    check(pred, fmt)
    assert pred.source.sha256 == hashlib.sha256(data).hexdigest() and pred.source.size == len(data)
    check(read_predictions(write(tmp_path, data, "no_suffix")), fmt)


def _arrow_table():
    return pa.table({"y_true": pa.array([1, 0, 1, 0], pa.int64()), "y_pred": pa.array([1, 0, 0, 1], pa.int32()),
                     "score": pa.array([0.9, 0.2, 0.4, 0.6])})


def test_parquet_file_and_folder(tmp_path):
    pq.write_table(_arrow_table(), tmp_path / "p.parquet")
    pred = read_predictions(tmp_path / "p.parquet")
    check(pred, "parquet")
    assert pred.source.sha256 == hashlib.sha256((tmp_path / "p.parquet").read_bytes()).hexdigest()
    folder = tmp_path / "parts"
    folder.mkdir()
    table = _arrow_table()
    pq.write_table(table.slice(0, 2), folder / "part-0.parquet")
    pq.write_table(table.slice(2), folder / "part-1.parquet")
    (folder / "_SUCCESS").write_text("")
    check(read_predictions(folder), "parquet")
    (folder / "notes.txt").write_text("x")
    with pytest.raises(InputError, match="notes.txt in it is not a Parquet file"):
        read_predictions(folder)


def test_parquet_text_labels_follow_the_same_rule(tmp_path):
    table = pa.table({"y_true": ["01", "1", "01"], "y_pred": ["1", "1", "01"]})
    pq.write_table(table, tmp_path / "t.parquet")
    pred = read_predictions(tmp_path / "t.parquet", positive="01")
    assert pred.labels == ["01", "1"] and pred.positive == "01"
    assert pred.models["model"].pred.tolist() == ["1", "1", "01"]


def test_xlsx_first_sheet_or_named_sheet(tmp_path):
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = "notes"
    book.active.append(["nothing here"])
    sheet = book.create_sheet("data")
    sheet.append(["y_true", "y_pred", "score"])
    for row in zip(EXPECTED["y_true"], EXPECTED["pred"], EXPECTED["scores"]):
        sheet.append(list(row))
    sheet.append([None, None, None])
    sheet.append([1, None, 0.5])
    book.save(tmp_path / "w.xlsx")
    with pytest.raises(InputError, match=r"w\.xlsx, sheet 'data', row 7, column 'y_pred': empty cell"):
        read_predictions(tmp_path / "w.xlsx", sheet="data")
    sheet.delete_rows(6, 2)
    book.save(tmp_path / "w.xlsx")
    check(read_predictions(tmp_path / "w.xlsx", sheet="data"), "xlsx")
    with pytest.raises(InputError, match="has no sheet 'other'; sheets are: notes, data"):
        read_predictions(tmp_path / "w.xlsx", sheet="other")
    with pytest.raises(InputError, match=r"w\.xlsx, sheet 'notes': the sheet has a header row but no data rows"):
        read_predictions(tmp_path / "w.xlsx")


def test_standard_input_is_read_once(tmp_path):
    stream = io.BytesIO(gzip.compress(CSV.encode()))
    pred = read_predictions("-", stdin=stream)
    assert pred.source.name == "standard input" and pred.source.format == "csv.gz"
    check(pred, "csv.gz")
    assert stream.read() == b""


def test_labels_compared_as_written_unless_all_canonical_integers(tmp_path):
    path = write(tmp_path, "y_true,y_pred\n01,1\n1,01\n01,01\n")
    pred = read_predictions(path, positive="01")
    assert pred.labels == ["01", "1"] and pred.y_true.tolist() == ["01", "1", "01"]
    assert pred.models["model"].pred.tolist() == ["1", "01", "01"]
    ints = read_predictions(write(tmp_path, "y_true,y_pred\n-3,0\n0,-3\n", "i.csv"), positive_required=False)
    assert ints.y_true.dtype == np.int64 and ints.labels == [-3, 0]
    spaced = read_table(write(tmp_path, "y_true\n 2 \n7\n", "s.csv"))  # spaces are written, so kept (issue 27)
    assert label_columns(spaced, ["y_true"])["y_true"][1] == [" 2 ", "7"]


def test_positive_is_matched_as_written(tmp_path):
    path = write(tmp_path, "y_true,score\n2,0.9\n7,0.2\n")
    assert read_predictions(path, positive="2").positive == 2
    with pytest.raises(InputError, match="positive class '02' is not a label of y_true; labels are: 2, 7"):
        read_predictions(path, positive="02")
    text = write(tmp_path, "y_true,score\n02,0.9\nx,0.2\n", "t.csv")
    assert read_predictions(text, positive="02").positive == "02"
    with pytest.raises(InputError, match="positive class '2' is not a label"):
        read_predictions(text, positive="2")


def test_huge_integers_stay_exact_text(tmp_path):
    big = 2 ** 63
    path = write(tmp_path, f"y_true,y_pred\n{big},{big}\n0,{big}\n")
    pred = read_predictions(path, positive_required=False)
    assert pred.labels == ["0", str(big)] and pred.y_true.tolist() == [str(big), "0"]
    matrix = read_matrix(write(tmp_path, f",{big},1\n{big},1,2\n1,3,4\n", "m.csv"))
    assert matrix.labels == [str(big), "1"]


def test_scores_from_text_integers_and_exponents(tmp_path):
    table = read_table(write(tmp_path, "s\n1\n 2.5 \n-1e-3\n"))
    assert score_column(table, "s").tolist() == [1.0, 2.5, -0.001]


def test_matrix_table_a1_layout(tmp_path):
    matrix = read_matrix(write(tmp_path, "pred\\true,A,B,C\nA,400,150,14\nB,23,3800,144\nC,13,355,65\n"))
    assert matrix.labels == ["A", "B", "C"] and matrix.counts.dtype == np.int64
    assert matrix.counts.tolist() == [[400, 150, 14], [23, 3800, 144], [13, 355, 65]]
    semicolons = read_matrix(write(tmp_path, ";0;1\n0;5,0;2\n1;1;7\n", "m.csv"), decimal=",")
    assert semicolons.labels == [0, 1] and semicolons.counts.tolist() == [[5, 2], [1, 7]]


@pytest.mark.parametrize("text, message", [
    (",A,B,C\nA,1,2,3\nB,4,5,6\n", "must be square, got 2 rows and 3 columns"),
    (",A,B\nA,1,2\nC,4,5\n", r"labels of the first column \(A, C\) differ from those of the first row \(A, B\)"),
    (",A,B\nA,1,-2\nB,4,5\n", "f.csv, line 2, column 3: negative count '-2'"),
    (",A,B\nA,1,2.5\nB,4,5\n", "f.csv, line 2, column 3: '2.5' is not a whole number"),
    (",A,B\nA,1,x\nB,4,5\n", "f.csv, line 2, column 3: 'x' is not a whole number"),
    (",A,B\nA,1,\nB,4,5\n", "f.csv, line 2, column 3: empty cell"),
    (",A,B\nA,1\nB,4,5\n", r"f.csv, line 2: has 2 field\(s\), the header has 3"),
    (",A,A\nA,1,2\nA,4,5\n", "label 'A' appears more than once"),
    (",A,B\nA,1e308,0\nB,0,1\n", r"f.csv, line 2, column 2: counts this large \('1e308'\) cannot be computed exactly"),
    (",A,B\nA,9223372036854775808,0\nB,0,1\n", "counts this large"),
    ("", "the file is empty"),
])
def test_matrix_bad_files(tmp_path, text, message):
    with pytest.raises(InputError, match=message) as info:
        read_matrix(write(tmp_path, text))
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("data, message", [
    ("", "the file is empty"),
    ("\n\n", "the file is empty"),
    ("\ny_true,y_pred\n1,1\n", "line 1 is empty"),
    ("y_true,y_pred\n", "the file has a header row but no data rows"),
    ("y_true,y_true\n1,0\n", "column name 'y_true' appears more than once"),
    ("y_true,\n1,0\n", "column 2 of the header has no name"),
    (b"\xff\xfey\x00", "UTF-16 text"),
    (b"y_true,y_pred\n\xff,1\n", "not a UTF-8 text file"),
    (b"\x00\x01\x02", "not a text file"),
    (b"\xd0\xcf\x11\xe0rest", "legacy Excel .xls"),
    (b"PK\x03\x04junk", "not a readable .xlsx workbook"),
    (b"PAR1junk", "not a readable Parquet file"),
    (b"\x1f\x8bjunk", "damaged gzip data"),
])
def test_bad_files_one_line(tmp_path, data, message):
    with pytest.raises(InputError, match=message) as info:
        read_predictions(write(tmp_path, data))
    assert "\n" not in str(info.value)


def test_line_numbers_are_the_files_own(tmp_path):
    # a blank line and a quoted label spanning two lines shift rows against lines; the message names the line
    text = 'y_true,y_pred\n1,1\n\n"a\nb",1\n0,\n'
    with pytest.raises(InputError, match=r"f\.csv, line 6, column 'y_pred': empty cell"):
        read_predictions(write(tmp_path, text), strict=False)


def test_missing_file_and_folder_without_parquet(tmp_path):
    with pytest.raises(InputError, match="nope.csv: no such file"):
        read_table(tmp_path / "nope.csv")
    with pytest.raises(InputError, match="is a folder without Parquet files"):
        read_table(tmp_path)


@pytest.mark.parametrize("threshold", [float("nan"), float("inf"), -float("inf")])
def test_threshold_must_be_finite(tmp_path, threshold):
    with pytest.raises(InputError, match="threshold must be a finite number, got "):
        read_predictions(write(tmp_path, CSV), threshold=threshold)


def test_one_schema_one_model_or_several(tmp_path):
    several = read_predictions(write(tmp_path, "y_true,a_pred,b_score\nspam,spam,0.9\nham,spam,0.2\n"),
                               positive="spam")
    assert list(several.models) == ["a", "b"] and several.models["b"].derived_at == 0.5
    assert several.models["b"].pred.tolist() == ["spam", "ham"]
    with pytest.raises(InputError, match="column 'notes' is neither y_true, y_pred, score"):
        read_predictions(write(tmp_path, "y_true,y_pred,notes\n1,1,x\n0,0,y\n"))
    lenient = read_predictions(write(tmp_path, "y_true,y_pred,notes\n1,1,x\n0,0,y\n"), strict=False)
    assert list(lenient.models) == ["model"]
    with pytest.raises(InputError, match="clash with y_pred/score"):
        read_predictions(write(tmp_path, "y_true,y_pred,model_score\n1,1,0.5\n0,0,0.5\n"))
    mapped = read_predictions(write(tmp_path, "t,guess,p\n1,1,0.9\n0,0,0.2\n"), y_true="t", y_pred="guess",
                              score="p")
    assert mapped.models["model"].scores.tolist() == [0.9, 0.2]
