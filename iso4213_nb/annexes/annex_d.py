"""Annex D: chance-corrected cause-specific mortality fraction accuracy.

Annex D prints definitions but no numbers.  It indexes its matrix M with the
true class in rows and the predicted class in columns (the opposite of 6.2.2),
defines the true CSMF of cause i as row total / N (D.1), the predicted CSMF
of cause j as column total / N (D.2), N as the grand total (D.3), and then
gives CSMF accuracy (D.4) in a form that lost its summation sign and turned
"the minimum over j of the true CSMF" into a product m_j · C^t (every copy;
the Indian copy also prints M_11 for M_ij).  :data:`GARBLED` and
:data:`RECONSTRUCTED` hold the two forms; :mod:`iso4213_nb.measures.csmf` computes the
reconstructed one.

The worked example below is the toolkit's own (the annex has none); its
values were computed by hand and are checked by :func:`checks`.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..measures import csmf
from . import Check, comma

#: D.4 as the annex prints it (all copies).
GARBLED = "C_SMFA = 1 − |C^t_SMFi − C^p_SMFj| / (2 · (1 − m_j C^t_SMFi))"
#: D.4 as its sources define it (Murray et al. 2007; Flaxman et al. 2015).
RECONSTRUCTED = "C_SMFA = 1 − Σ_j |C^t_SMFj − C^p_SMFj| / (2 · (1 − min_j C^t_SMFj))"
#: The chance-corrected form of reference [28].
CHANCE_CORRECTED = "CC C_SMFA = (C_SMFA − (1 − 1/e)) / (1 − (1 − 1/e))"

#: Worked example: rows = true cause, columns = predicted cause (Annex D's M_ij).
EXAMPLE_CAUSES = ("cardiac", "infection", "injury")
EXAMPLE_MATRIX = ((50, 8, 2), (10, 25, 5), (3, 2, 15))
EXAMPLE_ROWS = "true"

#: Hand computation of the example: N = 120; true shares 60, 40, 20 / 120;
#: predicted shares 63, 35, 22 / 120; Σ|t − p| = (3 + 5 + 2) / 120 = 1/12;
#: denominator 2 (1 − 1/6) = 5/3; CSMFA = 1 − (1/12)/(5/3) = 0.95.
HAND_CSMFA = Fraction(19, 20)
#: (0.95 − 0.632) / 0.368 = 0.318 / 0.368 = 159/184.
HAND_CC_ROUNDED = Fraction(159, 184)


def worked_example() -> dict:
    """Every intermediate number of the example, in order: N, shares, errors, denominator, results (Annex D)."""
    shares = csmf.csmf_from_confusion(EXAMPLE_MATRIX, rows=EXAMPLE_ROWS, labels=EXAMPLE_CAUSES)
    errors = {c: abs(shares.true[c] - shares.predicted[c]) for c in EXAMPLE_CAUSES}
    rarest = min(shares.true, key=shares.true.get)
    return {
        "n": sum(map(sum, EXAMPLE_MATRIX)),
        "csmf_true": shares.true,
        "csmf_pred": shares.predicted,
        "absolute_errors": errors,
        "total_absolute_error": sum(errors.values()),
        "rarest_cause": rarest,
        "denominator": 2 * (1 - shares.true[rarest]),
        "csmf_accuracy": csmf.csmf_accuracy(shares.true, shares.predicted),
        "chance_corrected_exact": csmf.chance_corrected_csmf_accuracy(shares.true, shares.predicted),
        "chance_corrected_rounded": csmf.chance_corrected_csmf_accuracy(shares.true, shares.predicted,
                                                                        chance="rounded"),
    }


def extremes(true_fractions) -> dict:
    """CSMF accuracy of a perfect prediction (1) and of all mass on the rarest true cause (0) (Annex D)."""
    true = dict(true_fractions)
    rarest = min(true, key=true.get)
    worst = {c: (1.0 if c == rarest else 0.0) for c in true}
    return {"perfect": csmf.csmf_accuracy(true, true), "all_on_rarest": csmf.csmf_accuracy(true, worst),
            "rarest_cause": rarest}


def random_allocation(causes: int = 200, draws: int = 300, seed: int = 4213) -> float:
    """Mean CSMF accuracy of a uniform prediction over ``causes`` causes whose true shares are drawn uniformly from
    the simplex, ``draws`` times from ``seed`` (Annex D; beyond TS 4213: Flaxman et al. 2015, whose chance level
    1 − 1/e this approaches as the causes grow)."""
    rng = np.random.default_rng(seed)
    uniform = np.full(causes, 1 / causes)
    return float(np.mean([csmf.csmf_accuracy(rng.dirichlet(np.ones(causes)), uniform) for _ in range(draws)]))


def _check(item: str, printed: str, value: float, decimals: int = 4) -> Check:
    computed = comma(value, decimals)
    return Check(item, printed, computed, computed == printed)


def checks() -> list[Check]:
    """The example against its hand computation, the extremes, and 1 − 1/e against the literature's 0,632 (Annex D)."""
    example = worked_example()
    ends = extremes(example["csmf_true"])
    return [
        _check("1 − 1/e to three decimals (Flaxman et al.)", "0,632", csmf.CHANCE_EXACT, 3),
        _check("worked example: CSMF accuracy (hand)", comma(float(HAND_CSMFA), 4), example["csmf_accuracy"]),
        _check("worked example: chance-corrected with 0,632 (hand)", comma(float(HAND_CC_ROUNDED), 4),
               example["chance_corrected_rounded"]),
        _check("perfect prediction", "1,0000", ends["perfect"]),
        _check("all predicted mass on the rarest cause", "0,0000", ends["all_on_rarest"]),
    ]


def to_json() -> dict:
    """Formulas, the worked example and the checks as plain JSON types (Annex D)."""
    return {
        "annex": "D",
        "formula_printed": GARBLED,
        "formula_reconstructed": RECONSTRUCTED,
        "formula_chance_corrected": CHANCE_CORRECTED,
        "chance_exact": csmf.CHANCE_EXACT,
        "chance_rounded": csmf.CHANCE_ROUNDED,
        "example": {"causes": list(EXAMPLE_CAUSES), "rows": EXAMPLE_ROWS,
                    "matrix": [list(r) for r in EXAMPLE_MATRIX], **worked_example()},
        "checks": [c._asdict() for c in checks()],
    }
