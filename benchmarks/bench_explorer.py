"""Speed of ThresholdExplorer with 1,000,000 scores, against scikit-learn in the same run.

Run on demand:  MPLBACKEND=Agg .venv/bin/python benchmarks/bench_explorer.py [n]

Targets (issue 5): the computation behind one threshold move under 5 ms; a
move including the redraw of the figure on its Agg canvas under 100 ms.
Reported as medians over many moves to random thresholds:

* precompute: building the explorer (sort, cumulative counts, curves, first
  full draw) next to scikit-learn's ``roc_curve`` + ``precision_recall_curve``;
* computation of a move: counts at the threshold for the model, the clause-6
  measures, markers moved in place, read-out rewritten, next to
  scikit-learn's ``confusion_matrix`` at one threshold (a pass over the data);
* redraw of a move: restoring the static background and drawing the changed
  artists (blitting), then JPEG encoding for the Image widget (PNG timed too);
* a whole move as a slider does it (``explorer.threshold = t``);
* for reference, a full repaint of every artist (what a model, prevalence or
  cost change costs).
"""

from __future__ import annotations

import statistics
import sys
import time

import numpy as np
from sklearn.metrics import confusion_matrix, precision_recall_curve, roc_curve

from iso4213_nb.figures.explorer_readout import readout_html
from iso4213_nb.widgets import ThresholdExplorer


def _median_ms(action, values) -> float:
    times = []
    for value in values:
        start = time.perf_counter()
        action(value)
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main(n: int = 1_000_000) -> int:
    rng = np.random.default_rng(0)
    y = (rng.random(n) < 0.3).astype(int)
    scores = rng.normal(y * 1.2, 1.0)
    thresholds = rng.uniform(scores.min(), scores.max(), 200)

    start = time.perf_counter()
    explorer = ThresholdExplorer(y, scores)
    build = time.perf_counter() - start
    start = time.perf_counter()
    roc_curve(y, scores)
    precision_recall_curve(y, scores)
    sklearn_curves = time.perf_counter() - start

    def move_state(t):
        explorer.state.threshold = t
        explorer.view.show_threshold()
        readout_html(explorer.state)

    compute = _median_ms(move_state, thresholds)
    sklearn_move = _median_ms(lambda t: confusion_matrix(y, scores >= t), thresholds[:20])
    blit = _median_ms(lambda _: explorer.view.render(full=False), thresholds[:30])
    whole = _median_ms(lambda t: setattr(explorer, "threshold", float(t)), thresholds[:30])
    explorer.view.image_format = "png"  # the lossless option, same figure
    blit_png = _median_ms(lambda _: explorer.view.render(full=False), thresholds[:30])
    draw_only = _median_ms(lambda _: explorer.figure.canvas.draw(), thresholds[:5])
    full = _median_ms(lambda _: explorer.view.render(full=True), thresholds[:5])

    print(f"ThresholdExplorer with n = {n:,} scores ({len(explorer.state.models['model'].binary.thresholds):,} distinct)")
    print(f"  precompute (explorer built, first draw)       {build * 1000:9.1f} ms"
          f"   scikit-learn roc_curve + precision_recall_curve {sklearn_curves * 1000:8.1f} ms"
          f"   ratio {build / sklearn_curves:5.2f}")
    print(f"  computation behind one move                   {compute:9.3f} ms"
          f"   scikit-learn confusion_matrix at one threshold {sklearn_move:8.1f} ms"
          f"   ratio {compute / sklearn_move:7.4f}")
    print(f"  redraw of a move (blit + JPEG for the widget) {blit:9.1f} ms")
    print(f"  redraw of a move (blit + PNG, image_format='png') {blit_png:6.1f} ms")
    print(f"  whole move (explorer.threshold = t)           {whole:9.1f} ms")
    print(f"  full repaint (model/prevalence/cost change)   {full:9.1f} ms   (Agg draw alone {draw_only:.1f} ms)")
    ok = compute < 5 and whole < 100
    print(f"  targets: computation < 5 ms {'met' if compute < 5 else 'MISSED'}; "
          f"move with redraw < 100 ms {'met' if whole < 100 else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000))
