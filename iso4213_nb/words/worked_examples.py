"""The quantities of a worked example in words: the keys of the dicts the annexes' worked examples return (e.g.
:func:`iso4213_nb.annexes.annex_d.worked_example`), named in the active language, and the lines that print them,
so that an English and a Russian notebook print the same quantities with one call and no raw key.

Beyond TS 4213: presentation of the annexes' worked examples (Annex D: D.1–D.4).
"""

from __future__ import annotations

from .i18n import N_, _, number

#: The name of each quantity, by the key a worked example returns it under.
NAMES = {
    "n": N_("N, all deaths"),
    "total_absolute_error": N_("total absolute error of the shares"),
    "rarest_cause": N_("rarest true cause"),
    "denominator": N_("denominator 2 (1 − smallest true share)"),
    "csmf_accuracy": N_("CSMF accuracy"),
}

#: The causes of Annex D's worked example (:data:`iso4213_nb.annexes.annex_d.EXAMPLE_CAUSES`), named for a reader.
CAUSES = {"cardiac": N_("cardiac"), "infection": N_("infection"), "injury": N_("injury")}


def cause(value) -> str:
    """A cause of Annex D's worked example in the active language (:data:`CAUSES`); any other cause, such as an
    auditor's own, as it is.

    Beyond TS 4213: presentation of the annexes' worked examples (Annex D).
    """
    return _(CAUSES[value]) if isinstance(value, str) and value in CAUSES else str(value)


def name(key: str) -> str:
    """The name of quantity ``key`` of :data:`NAMES` in the active language (Annex D's worked example)."""
    return _(NAMES[key])


def lines(values: dict, keys, decimals: int = 4) -> str:
    """One line ``name: value`` for each of ``keys`` of ``values`` (a worked example's dict): a float with
    ``decimals`` decimals and the language's decimal sign, a cause by :func:`cause`, anything else (a count) as
    it is.

    Beyond TS 4213: presentation of the annexes' worked examples (Annex D).
    """
    return "\n".join(f"{name(key)}: {number(values[key], decimals) if isinstance(values[key], float) else cause(values[key])}"
                     for key in keys)
