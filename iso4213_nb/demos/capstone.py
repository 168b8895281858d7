"""The capstone of the course: a supplied file of predictions and an assessor's answers, to be reported on.

The predictions are the bundled demo's (:data:`iso4213_nb.demos.breast_cancer.DEMO_PREDICTIONS`: three scikit-learn
classifiers of breast-cancer biopsies, labels and scores of the 40 % hold-out); :data:`CAPSTONE_META` holds the
assessor's answers with one clause-8 item left open, so the report the learner runs marks it *missing*.  Nothing is
downloaded; nothing is trained at run time.

Beyond TS 4213: the course's capstone over the clause-8 report.
"""

from __future__ import annotations

import csv
from importlib import resources
from pathlib import Path

import numpy as np

from .breast_cancer import DEMO_PREDICTIONS, MODELS

CAPSTONE_META: Path = Path(str(resources.files("iso4213_nb.demos") / "data" / "capstone_meta.yml"))
#: The checklist section of the report's own settings in a meta file (read past by the checklist).
SETTINGS_SECTION = "report"


def predictions(path: Path = DEMO_PREDICTIONS) -> dict:
    """The supplied predictions as ``{"y_true": int array, "scores": {model: float array}}``, models as in
    :data:`iso4213_nb.demos.breast_cancer.MODELS`.

    Beyond TS 4213: the course's capstone.
    """
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    return {"y_true": np.array([int(r["y_true"]) for r in rows]),
            "scores": {m: np.array([float(r[f"{m}_score"]) for r in rows]) for m in MODELS}}
