"""Measures in words: the name and clause of each measure of :mod:`iso4213_nb.measures.registry`, in the active language (clause 6).

Every table, widget, report section and command-line table that names a
measure asks here; the names come from the registry, the Russian words from
the catalogue (ПНСТ 835-2023's terms), so a clause number is written in one
place only.
"""

from __future__ import annotations

from ..measures.registry import MEASURES
from .i18n import N_, _

#: The averages over classes of 6.4.3: code → (name, short name for a column head).
AVERAGE_NAMES = {"macro": (N_("macro average"), N_("macro")), "weighted": (N_("weighted average"), N_("weighted")),
            "micro": (N_("micro average"), N_("micro"))}


def name(key: str) -> str:
    """The name of measure ``key`` in the active language, e.g. ``precision`` / ``точность`` (clause 6)."""
    return _(MEASURES[key].name)


def name_or_key(key: str) -> str:
    """:func:`name` of ``key``, or ``key`` itself where the registry has no such measure (a quantity of its own,
    such as a subgroup's or an assessment's) (clause 6)."""
    return name(key) if key in MEASURES else key


def label(key: str) -> str:
    """The name with its clause, ``precision (6.2.4)``; a measure better when lower, or beyond TS 4213, says so (clause 6)."""
    entry = MEASURES[key]
    if entry.clause and entry.better == "lower":
        return _("{measure} ({clause}), lower is better").format(measure=name(key), clause=entry.clause)
    if entry.clause:
        return _("{measure} ({clause})").format(measure=name(key), clause=entry.clause)
    if entry.better == "lower":
        return _("{measure} (beyond TS 4213; lower is better)").format(measure=name(key))
    return name(key)



def average_name(code: str, short: bool = False) -> str:
    """The name of the average over classes ``code`` (``macro``, ``weighted``, ``micro``) in the active language,
    ``macro average``; ``short`` gives the column head, ``macro`` (6.4.3).  Any other code is shown as it is."""
    return _(AVERAGE_NAMES[code][short]) if code in AVERAGE_NAMES else code
