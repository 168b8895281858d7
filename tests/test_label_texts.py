"""Labels of one character are read from their bytes (issue 27 point 4), as the hashing path reads them."""

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings, strategies as st

from iso4213_nb.core.errors import InputError
from iso4213_nb.inputs import columns
from iso4213_nb.inputs.source import InputSource
from iso4213_nb.inputs.table import Table


def _table(**cols) -> Table:
    n = len(next(iter(cols.values())))
    return Table(InputSource("f.csv", "", 0, "csv"), list(cols), cols, n, lambda row: {"line": row + 2})


def _hashed(table: Table, names) -> dict:
    """label_texts as the dictionary-encoding path alone gives it (distinct texts in order of first appearance)."""
    out = {}
    for name in names:
        codes = columns._dictionary_encoded(table, name)
        out[name] = columns.to_numpy(codes.indices), columns._texts(codes.dictionary, table, name)
    return out


@settings(max_examples=60, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), alphabet=st.sampled_from(["01", "0123456789", "abcXYZ", "01a", "0 1"]),
       pieces=st.integers(1, 4), start=st.integers(0, 5))
def test_one_character_labels_read_as_the_hashing_path_reads_them(seed, alphabet, pieces, start):
    rng = np.random.default_rng(seed)
    cells = [str(c) for c in rng.choice(list(alphabet), 40)]
    cuts = sorted(rng.integers(0, 40, pieces - 1).tolist())
    parts = np.split(np.array(cells, dtype=object), cuts)
    column = pa.chunked_array([pa.array(list(part), type=pa.string()) for part in parts]
                              ).slice(start)  # several chunks and an offset, as a chunk of a streamed file
    table = _table(y=column)
    try:
        want = _hashed(table, ["y"])["y"]
    except InputError:
        return
    if None in want[1]:  # a blank cell: both paths name its line
        with pytest.raises(InputError, match="line"):
            columns.label_texts(table, ["y"])
        return
    indices, texts = columns.label_texts(table, ["y"])["y"]
    assert [texts[i] for i in indices] == [want[1][i] for i in want[0]] == cells[start:]
    assert sorted(texts) == sorted(want[1])
    typed, labels = columns.label_columns(table, ["y"])["y"]
    assert typed.tolist() == [int(c) if alphabet.isdigit() else c for c in cells[start:]]


def test_one_character_labels_are_not_hashed(monkeypatch):
    cells = pa.chunked_array([pa.array(["1", "0", "1"]), pa.array(["0", "2"])])
    monkeypatch.setattr(columns, "_dictionary_encoded", lambda *a: pytest.fail("hashed one-character labels"))
    typed, labels = columns.label_columns(_table(y=cells), ["y"])["y"]
    assert typed.tolist() == [1, 0, 1, 0, 2] and labels == [0, 1, 2]


@pytest.mark.parametrize("cells, problem", [(["1", "", "0"], "empty cell"), (["1", " ", "0"], "empty cell"),
                                            (["1", None, "0"], "empty cell")])
def test_a_missing_one_character_label_names_its_line(cells, problem):
    with pytest.raises(InputError, match=f"line 3.*{problem}"):
        columns.label_texts(_table(y=pa.chunked_array([pa.array(cells)])), ["y"])


def test_longer_or_non_ascii_labels_are_hashed():
    for cells in (["10", "1"], ["é", "e"]):
        assert columns._one_character_codes(pa.chunked_array([pa.array(cells)])) is None
