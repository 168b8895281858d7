"""Formatting values and tables: undefined, percent, decimal comma, HTML escaping."""

import numpy as np
import pytest

from iso4213_nb import InputError, Undefined
from iso4213_nb.figures.tables import format_value, html_table, text_table


@pytest.mark.parametrize("value, kwargs, text", [
    (0.9061, dict(percent=True, decimal_comma=True), "90,61"),
    (0.9061, dict(percent=True), "90.61"),
    (0.85917, dict(decimals=3), "0.859"),
    (Undefined("no predicted positives"), {}, "undefined"),
    (float("nan"), {}, "undefined"),
    (None, {}, "undefined"),
    (400, {}, "400"),
    (np.int64(3800), {}, "3800"),
    (1, dict(percent=True), "100.00"),
    ("cat", {}, "cat"),
    (True, {}, "True"),
])
def test_format_value(value, kwargs, text):
    assert format_value(value, **kwargs) == text


def test_text_table_aligns_and_formats():
    out = text_table([["A", 0.7092, 400], ["Bee", Undefined("x"), 3800]], ["class", "precision", "tp"])
    lines = out.splitlines()
    assert lines[0].split() == ["class", "precision", "tp"]
    assert lines[2] == "A" + " " * 11 + "0.71   400"
    assert lines[3] == "Bee    undefined  3800"
    assert len({len(l) for l in lines}) == 1


def test_text_table_percent_decimal_comma():
    out = text_table([["A", 0.9174]], ["class", "recall"], percent=True, decimal_comma=True)
    assert out.splitlines()[-1].endswith("91,74")


def test_html_table_escapes_everything():
    out = html_table([["<script>alert(1)</script>", 0.5]], ["a&b", "<i>"], caption="x < y")
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert "<th>a&amp;b</th>" in out and "<th>&lt;i&gt;</th>" in out
    assert "<caption>x &lt; y</caption>" in out
    assert "<td>0.50</td>" in out


def test_ragged_table_rows_are_rejected():
    with pytest.raises(InputError, match="row 1 has 1 cells"):
        text_table([["a"]], ["x", "y"])
