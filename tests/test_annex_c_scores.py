"""Annex C's top-1 / top-5 columns recomputed from a file of scores: the file round trip and scikit-learn's numbers."""

import numpy as np
import pytest
from sklearn.metrics import top_k_accuracy_score

from iso4213_nb.annexes import annex_c_scores
from iso4213_nb.core.errors import InputError
from iso4213_nb.figures.multiclass_scores import top_k_rows


def test_scores_survive_the_file_and_give_scikit_learns_top_k(tmp_path):
    y, models, labels = annex_c_scores.generate(n_images=150, n_classes=7, seed=3)
    path = annex_c_scores.write_scores(tmp_path / "scores.csv", y, models, labels)
    y_read, read, labels_read = annex_c_scores.read_scores(path)
    assert labels_read == labels and list(y_read) == list(y)
    assert read.keys() == models.keys()
    for name in models:
        np.testing.assert_array_equal(read[name], models[name])  # every digit kept
    table = annex_c_scores.top_k_table(y_read, read, labels_read)
    for row in table:
        for k in (1, 5):
            assert row[f"top{k}_accuracy"] == pytest.approx(
                top_k_accuracy_score(y, models[row["model"]], k=k, labels=labels), abs=1e-12)
        assert row["top1_accuracy"] + row["top1_error"] == 1.0  # the check Annex C's AlexNet row fails
    better, worse = sorted(table, key=lambda r: -r["top1_accuracy"])
    assert better["model"] == "large_net"
    rows, header = top_k_rows(table)
    assert len(header) == 5 and rows[0][0] == "small_net"
    assert rows[0][1] == f"{100 * table[0]['top1_accuracy']:.2f}"


def test_a_file_without_score_columns_or_with_mismatched_classes_is_refused(tmp_path):
    plain = tmp_path / "plain.csv"
    plain.write_text("y_true,model_pred\na,a\nb,a\n")
    with pytest.raises(InputError, match="no column named <model>_score_<class>"):
        annex_c_scores.read_scores(plain)
    uneven = tmp_path / "uneven.csv"
    uneven.write_text("y_true,m_score_a,m_score_b,n_score_a\na,0.4,0.6,1\nb,0.5,0.5,1\n")
    with pytest.raises(InputError, match="model n does not score the same classes"):
        annex_c_scores.read_scores(uneven)
    broken = tmp_path / "broken.csv"
    broken.write_text("y_true,m_score_a,m_score_b\na,0.4,0.6\nb,x,0.5\n")
    with pytest.raises(InputError, match="line 3") as caught:
        annex_c_scores.read_scores(broken)
    assert "\n" not in str(caught.value)
