"""Progress bars on standard error, for the long steps of a command.

A bar appears only when standard error is a terminal and the command was not
asked to be quiet (``--quiet`` sets :data:`QUIET` through :func:`set_quiet`);
in a pipe, a log file, CI or a notebook nothing is printed.  The bars are
tqdm's.  This module holds no computation: callers report how far they got.
"""

from __future__ import annotations

import sys

from tqdm import tqdm

from ..words.i18n import _

QUIET = False


def set_quiet(quiet: bool) -> None:
    """Silence (``True``) or allow (``False``) every progress bar of this process.

    Beyond TS 4213: progress bars (tqdm) of long computations.
    """
    global QUIET
    QUIET = bool(quiet)


def enabled() -> bool:
    """True when a bar would be shown: stderr is a terminal and not quiet.

    Beyond TS 4213: progress bars (tqdm) of long computations.
    """
    return not QUIET and hasattr(sys.stderr, "isatty") and sys.stderr.isatty()


def bar(total=None, desc: str = "", unit: str = "it", unit_scale: bool = False):
    """A tqdm bar on stderr, disabled (a no-op with the same methods) unless :func:`enabled`.

    Use as ``with bar(total=n, desc="reading", unit="B", unit_scale=True) as b: b.update(k)``.

    Beyond TS 4213: progress bars (tqdm) of long computations.
    """
    return tqdm(total=total, desc=desc, unit=unit, unit_scale=unit_scale, file=sys.stderr,
                disable=not enabled(), leave=False, dynamic_ncols=True)


def reading(name: str) -> str:
    """The label of the bar of a file being read, in the active language (beyond TS 4213: progress bars)."""
    return _("reading {name}").format(name=name)
