"""Reproductions of the informative Annexes A–D of ISO/IEC TS 4213:2022.

Each annex module holds the annex's printed numbers as data (the *printed*
side), recomputes them from the annex's raw input with the package's own
measures (the *computed* side), and lists every comparison as a
:class:`Check`.  The notebooks ``notebooks/annex_*.ipynb``, the tests and the
command ``iso4213-nb annex {A,B,C,D}`` all read the same functions:

``checks() -> list[Check]``
    one entry per printed number, matched or not;
``to_json() -> dict``
    everything the command line prints with ``--json``.

This is the computation layer: numbers and strings only, no plotting.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple

from ..core.errors import InputError

#: Annex letter -> module name inside this package.
MODULES = {"A": "annex_a", "B": "annex_b", "C": "annex_c", "D": "annex_d"}


class Check(NamedTuple):
    """One printed number set against its reproduction.

    ``item`` names where the number sits (e.g. ``"Table A.3 / Precision / B"``);
    ``printed`` is the reference text: the number as the annex prints it
    (decimal comma kept) or, where the annex prints none, a hand computation;
    ``computed`` is the reproduction in the same format; ``matches`` compares
    the two at the printed precision; ``note`` explains a mismatch that is the
    document's own (an erratum) rather than the toolkit's.
    """

    item: str
    printed: str
    computed: str
    matches: bool
    note: str = ""


def annex(letter: str):
    """The module reproducing Annex ``letter`` (``"A"`` … ``"D"``; Annexes A–D)."""
    key = str(letter).upper()
    if key not in MODULES:
        raise InputError("annexes.unknown_annex", letter=repr(letter), annexes=list(MODULES))
    return importlib.import_module(f"{__name__}.{MODULES[key]}")


def printed_number(text: str) -> float:
    """A number as the standards print it ("91,74", "63,3 %", "0,000 5") as a float (Annexes A–D)."""
    cleaned = str(text).replace("%", "").replace(" ", "").replace("\u00a0", "").replace(",", ".")
    try:
        return float(cleaned)
    except ValueError:
        raise InputError("annexes.not_a_printed_number", text=repr(text)) from None


def comma(value: float, decimals: int = 2) -> str:
    """``value`` with ``decimals`` places and a decimal comma, the way the annexes print numbers (Annexes A–D)."""
    return f"{value:.{decimals}f}".replace(".", ",")
