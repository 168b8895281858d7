"""Speed of the annex reproductions and widgets, with scikit-learn timed in the same run for scale.

Run on demand:  MPLBACKEND=Agg .venv/bin/python benchmarks/bench_annexes.py [--repeat 20]

What a reader waits for:

* Annex B search: the exhaustive integer search for P and N under all four
  readings (two roundings × ends exact or rounded), from a cold cache;
* Annex B slider move: ``explorer.threshold = t`` (counts, rates, figure
  redraw, PNG), next to scikit-learn's ``confusion_matrix`` + ``roc_curve``
  on the same 86 samples;
* Annex A edit: one IntText change in the editor (Tables A.2–A.4 recomputed
  and rendered), next to scikit-learn's ``precision_recall_fscore_support``
  with the three averages on Table A.1 expanded to 4 964 labels;
* CSMF accuracy over 1 000 causes.

Prints medians in milliseconds and the ratio to the scikit-learn reference.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from sklearn.metrics import confusion_matrix, precision_recall_fscore_support, roc_curve

from iso4213_nb.annexes import annex_a, annex_b
from iso4213_nb.measures.csmf import csmf_accuracy
from iso4213_nb.widgets.annex_a import ConfusionEditor
from iso4213_nb.widgets.annex_b import AnnexBExplorer


def median_ms(action, repeat: int) -> float:
    """Median wall time of ``repeat`` calls of ``action(i)``, milliseconds."""
    times = []
    for i in range(repeat):
        start = time.perf_counter()
        action(i)
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    repeat = parser.parse_args().repeat
    rng = np.random.default_rng(0)

    def search(_):
        annex_b.reconstruct.cache_clear()
        annex_b.reconstruct_all()

    print(f"Annex B search (4 readings, cold):  {median_ms(search, max(3, repeat // 4)):8.1f} ms")

    scores, y, _ = annex_b.reconstructed_data()
    explorer = AnnexBExplorer()
    thresholds = rng.uniform(0, 1, repeat)
    move = median_ms(lambda i: setattr(explorer, "threshold", float(thresholds[i])), repeat)
    sk = median_ms(lambda i: (confusion_matrix(y, scores >= thresholds[i]), roc_curve(y, scores)), repeat)
    print(f"Annex B slider move:                {move:8.1f} ms   sklearn confusion_matrix+roc_curve {sk:6.2f} ms"
          f"   ratio {move / sk:6.1f}")

    editor = ConfusionEditor()
    edit = median_ms(lambda i: setattr(editor.cells[0][0], "value", 400 + i % 7), repeat)
    m = np.array(annex_a.TABLE_A1)
    y_true = np.repeat(np.tile(np.arange(3), 3), m.ravel())
    y_pred = np.repeat(np.repeat(np.arange(3), 3), m.ravel())
    sk = median_ms(lambda i: [precision_recall_fscore_support(y_true, y_pred, average=a, zero_division=np.nan)
                              for a in ("macro", "weighted", "micro")], repeat)
    print(f"Annex A editor edit:                {edit:8.1f} ms   sklearn three averages             {sk:6.2f} ms"
          f"   ratio {edit / sk:6.2f}")

    t, p = rng.dirichlet(np.ones(1000)), rng.dirichlet(np.ones(1000))
    print(f"CSMF accuracy, 1 000 causes:        {median_ms(lambda i: csmf_accuracy(t, p), repeat):8.3f} ms")


if __name__ == "__main__":
    main()
