"""One set of numbers (issue 26, point 5): the course and the report read the same split of the demo, and where their
numbers differ the course says why.

Notebook 08 fits the demo's logistic regression and naive Bayes afresh (full-precision scores); the report of
notebook 09 and ``bin/demo`` read the bundled predictions file, whose six-decimal scores tie many naive-Bayes scores
at exactly 0 or 1.  Notebook 08's stored output must show both computations side by side, each equal to what the
package computes here from the demo's own models and file, and notebook 09 must print the file's DeLong p-value.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import numpy as np

from iso4213_nb import stats
from iso4213_nb.demos.breast_cancer import DEMO_PREDICTIONS, train_models
from iso4213_nb.inputs import read_predictions

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _printed(name: str) -> str:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    return "\n".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))


def _row(result) -> str:
    return f"{result.auc_b:.4f}  {result.effect_size:+.4f}  {result.pvalue:.4f}"


def test_notebook_08_shows_the_reports_naive_bayes_beside_the_full_precision_one():
    models, X_test, y_test = train_models()
    full = stats.delong_test(y_test, models["logistic_regression"].predict_proba(X_test)[:, 1],
                             models["naive_bayes"].predict_proba(X_test)[:, 1])
    stored = read_predictions(DEMO_PREDICTIONS)
    bayes = stored.models["naive_bayes"].scores
    rounded = stats.delong_test(stored.y_true, stored.models["logistic_regression"].scores, bayes)
    assert np.array_equal(stored.y_true, y_test)
    assert round(full.auc_b, 4) != round(rounded.auc_b, 4)  # the difference the lesson explains
    ties = int(np.sum((bayes == 0) | (bayes == 1)))
    shown = " ".join(_printed("08_significance.ipynb").split())
    assert f"exactly 0 or 1: {ties} of {len(bayes)}" in shown
    for result in (full, rounded):
        assert " ".join(_row(result).split()) in shown, _row(result)


def test_the_report_notebook_prints_the_files_delong_p_value():
    stored = read_predictions(DEMO_PREDICTIONS)
    rounded = stats.delong_test(stored.y_true, stored.models["logistic_regression"].scores,
                                stored.models["naive_bayes"].scores)
    row = next(line for line in _printed("09_reporting.ipynb").splitlines()
               if "logistic_regression vs naive_bayes" in line and "AUROC" in line)
    assert f"{rounded.pvalue:.4f}" in row
