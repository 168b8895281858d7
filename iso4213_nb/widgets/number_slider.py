"""A slider whose read-out is written by :func:`iso4213_nb.words.i18n.number` (issue 26.6).

ipywidgets' ``FloatSlider`` formats its own read-out in the browser, always with a point: a Russian page showed
α as "0.050".  :func:`grid_slider` is a ``SelectionSlider`` over the positions of a
:class:`~iso4213_nb.course.explorer_state.SliderGrid`, each labelled in the active language ("0,050"); its value is
the position's number, as a ``FloatSlider``'s was.  :func:`nearest` is the position a value set from Python shows
(the widget keeps the exact value; the slider only moves to its nearest position).  :class:`HundredthsThreshold` is
that rule for the one threshold of the Annex B and the subgroup explorers.
"""

from __future__ import annotations

import math

import ipywidgets as widgets

from ..core.checks import as_threshold
from ..course.explorer_state import SliderGrid
from ..words.i18n import _, number

#: Thresholds of probabilities in hundredths, 0 to 1: the positions of the Annex B and the subgroup sliders.
HUNDREDTHS = SliderGrid(0.0, 0.01, 100)


def decimals_of(step: float) -> int:
    """How many decimals write every multiple of ``step`` exactly: 0 for whole steps (counts), 2 for 0.05, 4 for
    0.0025, at most 6 (beyond TS 4213: presentation)."""
    for places in range(7):
        if math.isclose(step, round(step, places), rel_tol=1e-9, abs_tol=1e-12):
            return places
    return 6


def position_text(value: float, decimals: int) -> str:
    """A slider position in the active language: a whole number without decimals, else ``decimals`` places
    (beyond TS 4213: presentation)."""
    return number(int(round(value))) if decimals == 0 else number(float(value), decimals)


def grid_slider(grid: SliderGrid, value: float, *, decimals: int | None = None, **options) -> widgets.SelectionSlider:
    """A ``SelectionSlider`` over every position of ``grid``, each labelled by :func:`position_text` with
    ``decimals`` places (default: those of the step), set to the position nearest ``value``; ``options`` go to the
    slider (description, layout, ...) (beyond TS 4213: presentation)."""
    places = decimals_of(grid.step) if decimals is None else decimals
    positions = [grid.value(i) for i in range(grid.steps + 1)]
    return widgets.SelectionSlider(options=[(position_text(v, places), v) for v in positions],
                                   value=nearest(grid, value), **options)


def nearest(grid: SliderGrid, value: float) -> float:
    """The position of ``grid`` nearest ``value`` (its ends for values beyond it) (beyond TS 4213: presentation)."""
    return grid.value(grid.index(value))


class HundredthsThreshold:
    """Mixin: a widget's one threshold (6.3.2), kept exactly as set, on a slider of :data:`HUNDREDTHS` that moves to
    the position nearest it.  Needs :class:`~iso4213_nb.widgets._callbacks.GuardedCallbacks` and ``_on_threshold()``
    (show the widget at :attr:`threshold`); the widget wires :attr:`slider` to :meth:`_slid`."""

    def _threshold_slider(self, threshold: float, **options) -> None:
        """Keep ``threshold`` (checked) and make :attr:`slider` at its nearest position; ``options`` go to the
        slider (layout ...)."""
        self._threshold = as_threshold(threshold)
        self.slider = grid_slider(HUNDREDTHS, self._threshold, description=_("threshold"), continuous_update=True,
                                  **options)

    @property
    def threshold(self) -> float:
        """The threshold shown (6.3.2: a sample is predicted positive when its score is ≥ it)."""
        return self._threshold

    @threshold.setter
    def threshold(self, value: float) -> None:
        self._threshold = as_threshold(value)
        self._sync(self.slider, nearest(HUNDREDTHS, self._threshold))
        self._on_threshold()

    def _slid(self, position: float) -> None:
        """A move of :attr:`slider` to ``position`` (not one made by :attr:`threshold`'s setter)."""
        if not self._syncing:
            self._threshold = float(position)
            self._on_threshold()
