"""Tick labels in the language's decimal sign: ``0,2`` on the axes of a Russian figure, ``0.2`` in English.

The one way the figures follow :func:`iso4213_nb.words.i18n.decimal_sign` (the words layer decides the sign; the
text a figure writes itself goes through :func:`iso4213_nb.words.i18n.number`).  :func:`localize` wraps the
major and minor formatters of every axis of a figure or of one Axes in :class:`DecimalSignFormatter`, which
asks for the sign each time it labels a tick, so a figure drawn before the language changes follows it.
"""

from __future__ import annotations

import functools

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import FixedFormatter, Formatter, FuncFormatter, NullFormatter

from ..words.i18n import with_decimal_sign


class DecimalSignFormatter(Formatter):
    """Matplotlib's own formatter of an axis, with the point of each label replaced by the active language's decimal
    sign (beyond TS 4213: presentation).

    Parameters
    ----------
    inner : the formatter whose labels it rewrites (a ``ScalarFormatter``, ``FuncFormatter`` ...).
    """

    def __init__(self, inner: Formatter):
        self.inner = inner

    def set_axis(self, axis):
        """Give the axis to the wrapped formatter as well (it reads the view limits from it)."""
        super().set_axis(axis)
        self.inner.set_axis(axis)

    def set_locs(self, locs):
        """Pass the tick locations on: a ``ScalarFormatter`` picks its decimals and offset from them."""
        self.inner.set_locs(locs)

    def __call__(self, x, pos=None) -> str:
        return with_decimal_sign(self.inner(x, pos))

    def format_data_short(self, value) -> str:
        """The cursor's read-out, with the same sign."""
        return with_decimal_sign(self.inner.format_data_short(value))

    def get_offset(self) -> str:
        """The axis offset text (``1e-5`` stays as it is; ``+0.5`` takes the sign)."""
        return with_decimal_sign(self.inner.get_offset())


def names_ticks(formatter: Formatter) -> bool:
    """Whether ``formatter`` writes labels given as text (``ax.set_xticks(positions, labels)``): matplotlib keeps them
    in a ``FixedFormatter``, or (3.9 and later) in a ``FuncFormatter`` over a ``functools.partial`` of a dict
    (beyond TS 4213: presentation)."""
    return isinstance(formatter, FixedFormatter) or (isinstance(formatter, FuncFormatter)
                                                     and isinstance(formatter.func, functools.partial))


def localize(target: Figure | Axes) -> Figure | Axes:
    """Make every tick label of ``target`` (a figure's every Axes, or one Axes) use the active language's decimal
    sign; returns ``target``.  Calling it twice wraps nothing twice; ticks labelled with names (class names, group
    values: a ``FixedFormatter``) or with nothing keep their text (beyond TS 4213: presentation).

    Every figure of :mod:`iso4213_nb.figures` calls it on the Axes it draws on, after the last change of scale (a
    new scale brings a new formatter)."""
    axes = target.axes if isinstance(target, Figure) else [target]
    for ax in axes:
        for axis in (ax.xaxis, ax.yaxis):
            for get, put in ((axis.get_major_formatter, axis.set_major_formatter),
                             (axis.get_minor_formatter, axis.set_minor_formatter)):
                formatter = get()
                if not (isinstance(formatter, (DecimalSignFormatter, NullFormatter)) or names_ticks(formatter)):
                    put(DecimalSignFormatter(formatter))
    return target
