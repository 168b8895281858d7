"""The row key (``--row-key``) of the Poisson bootstrap: a column of its own, whole numbers, each row once (issue 12).

A key that is also the truth or a score column is refused naming its role; a
duplicate key is found exactly across chunks and Dask partitions; the
whole-file ``metrics`` and ``report`` take the option as the chunked path does.
"""

import numpy as np
import pytest

from iso4213_nb.cli import main
from test_streaming import _csv


def _file(tmp_path, ids=None, n=40):
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, n)
    score = np.round(np.clip(0.3 * y + 0.7 * rng.random(n), 0, 1), 2)
    ids = np.arange(n) if ids is None else ids
    return _csv(tmp_path / "k.csv", ["y_true", "m_score", "m_pred", "group_site", "id"],
                zip(y, score, (score >= 0.5).astype(int), y % 3, ids))


@pytest.mark.parametrize("column, role", [("y_true", "true labels"), ("m_score", "score column"),
                                          ("m_pred", "predicted labels"), ("group_site", "subgroup")])
def test_a_row_key_that_is_a_column_of_the_layout_is_refused_naming_its_role(tmp_path, capsys, column, role):
    """It was dropped from the header, and the layout then complained of a missing column."""
    path = _file(tmp_path)
    assert main(["metrics", "--predictions", path, "--row-key", column, "--chunk-rows", "7"]) == 2
    err = capsys.readouterr().err.strip()
    assert role in err and repr(column) in err and "of its own" in err and "\n" not in err
