"""Annex B: a ROC curve built by sweeping a threshold over scores (6.3.6).

The annex itself refers to 6.3.4 for the ROC curve; 6.3.4 is precision and
recall, the ROC curve and its area are 6.3.6.

The annex shows the head and tail of a list of scores with actual classes
(Table B.1) and five operating points read off figures B.2–B.6: at
thresholds 0,99 / 0,9 / 0,7 / 0,3 / 0,01 the true positive rate is
0,18 / 0,68 / 0,75 / 0,96 / 1 and the false positive rate 0 / 0,02 / 0,03 /
0,14 / 0,59 (a sample is predicted positive when its score ≥ the threshold).
The full list is never printed.

**The printed table cannot produce the printed rates.**  Table B.1 lists
scores in descending order and its first two rows are 1,00 and 0,96, so one
score is ≥ 0,99; then at most one positive is predicted at that threshold,
and 1/P never rounds to 0,18 (it would need 5,41 ≤ P < 5,71).  Likewise its
last rows put a single score (0,00) below 0,01, so N − 1 negatives would be
predicted positive at 0,01, and (N − 1)/N never rounds to 0,59.

**The smallest data set that does** is found by exhaustive integer search
(:func:`smallest_denominator`): the true positive rates depend only on the
number of positives P and the false positive rates only on the number of
negatives N, so each is searched on its own, under both roundings and both
readings of a printed "1" and "0" (:func:`rounds_to`).  All four
readings give the same answer: P = 28 (TP = 5, 19, 21, 27, 28) and N = 58
(FP = 0, 1, 2, 8, 34), and those counts are the only ones possible at that
size.

:func:`reconstructed_data` builds a concrete scored data set with exactly
those counts.  It keeps all seven printed (score, class) rows and their order;
what it cannot keep is the position of the ellipsis: four more positives
must score in [0,99; 1,00) between rows 1 and 2, and 23 more negatives must
score below 0,01 between rows 6 and 7.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ..measures.curves import BinaryScores
from ..core.checks import one_of
from ..core.errors import InputError
from ..measures.counts import false_positive_rate, recall
from ..core.undefined import to_json as number
from . import Check, comma, printed_number

#: Table B.1 as printed: (score, actual class); the ellipsis sits after row 4.
TABLE_B1 = (("1,00", "Yes"), ("0,96", "Yes"), ("0,94", "Yes"), ("0,86", "Yes"),
            ("0,03", "No"), ("0,03", "Yes"), ("0,00", "No"))
TABLE_B1_GAP_AFTER = 4


class PublishedPoint(NamedTuple):
    """One operating point as printed under Figures B.2–B.6 (text kept as printed)."""

    figure: str
    threshold: str
    tpr: str
    fpr: str


PUBLISHED = (
    PublishedPoint("B.2", "0,99", "0,18", "0"),
    PublishedPoint("B.3", "0,9", "0,68", "0,02"),
    PublishedPoint("B.4", "0,7", "0,75", "0,03"),
    PublishedPoint("B.5", "0,3", "0,96", "0,14"),
    PublishedPoint("B.6", "0,01", "1", "0,59"),
)

ROUNDINGS = ("half_up", "half_even")


def thresholds() -> tuple[float, ...]:
    """The five published thresholds as floats, highest first (Annex B)."""
    return tuple(printed_number(p.threshold) for p in PUBLISHED)


def _round_percent(value: Fraction, rounding: str) -> int:
    """``value`` × 100 rounded to an integer, exactly (no binary floating point)."""
    scaled = value * 100
    floor = scaled.numerator // scaled.denominator
    rest = scaled - floor
    if rest != Fraction(1, 2):
        return floor + (rest > Fraction(1, 2))
    return floor + 1 if rounding == "half_up" else floor + (floor % 2)


def rounds_to(k: int, n: int, printed: str, *, rounding: str = "half_up", exact_ends: bool = True) -> bool:
    """Whether the ratio k/n prints as ``printed`` with two decimals (Annex B).

    ``rounding`` is ``"half_up"`` (half away from zero, as usually taught) or
    ``"half_even"`` (as IEC 60559 and Python's ``round``).  With
    ``exact_ends`` a printed "1" or "0" means exactly 1 or 0; without it they
    mean 1,00 and 0,00 after rounding.
    """
    one_of(rounding, ROUNDINGS, "rounding")
    if n <= 0 or not 0 <= k <= n:
        raise InputError("annexes.rate_counts", k=k, n=n)
    target = _target(printed)
    if exact_ends and target in (0, 1):
        return Fraction(k, n) == target
    return _round_percent(Fraction(k, n), rounding) == target * 100


@lru_cache(maxsize=None)
def _target(printed: str) -> Fraction:
    return Fraction(str(printed_number(printed)))


class Denominator(NamedTuple):
    """Result of :func:`smallest_denominator`: the size ``n`` and every count sequence that fits (Annex B)."""

    n: int
    counts: tuple[tuple[int, ...], ...]


def _nondecreasing(options: list[list[int]]) -> list[tuple[int, ...]]:
    sequences = [()]
    for choices in options:
        sequences = [s + (k,) for s in sequences for k in choices if not s or k >= s[-1]]
    return sequences


def smallest_denominator(printed_rates, *, rounding: str = "half_up", exact_ends: bool = True,
                         limit: int = 10_000) -> Denominator:
    """Smallest n for which counts k_1 ≤ k_2 ≤ … exist with k_i / n printing as ``printed_rates[i]`` (Annex B).

    The rates are cumulative (thresholds decreasing), hence the non-decreasing
    counts.  Every n from 1 to ``limit`` and every k from 0 to n is tried.
    """
    for n in range(1, limit + 1):
        options = [[k for k in range(n + 1) if rounds_to(k, n, r, rounding=rounding, exact_ends=exact_ends)]
                   for r in printed_rates]
        if all(options):
            sequences = _nondecreasing(options)
            if sequences:
                return Denominator(n, tuple(sequences))
    raise InputError("annexes.no_denominator", limit=limit, rates=str(list(printed_rates)))


class Reconstruction(NamedTuple):
    """Smallest numbers of positives and negatives consistent with the five published points (Annex B)."""

    positives: int
    negatives: int
    tp: tuple[int, ...]
    fp: tuple[int, ...]
    rounding: str
    exact_ends: bool


@lru_cache(maxsize=None)
def reconstruct(*, rounding: str = "half_up", exact_ends: bool = True) -> Reconstruction:
    """Search P and N separately (:func:`smallest_denominator`); the answer must be unique at that size."""
    pos = smallest_denominator([p.tpr for p in PUBLISHED], rounding=rounding, exact_ends=exact_ends)
    neg = smallest_denominator([p.fpr for p in PUBLISHED], rounding=rounding, exact_ends=exact_ends)
    if len(pos.counts) != 1 or len(neg.counts) != 1:
        raise InputError("annexes.several_sequences", positives=pos.n, negatives=neg.n)
    return Reconstruction(pos.n, neg.n, pos.counts[0], neg.counts[0], rounding, exact_ends)


def reconstruct_all() -> dict[tuple[str, bool], Reconstruction]:
    """:func:`reconstruct` under both roundings, with the printed 1 and 0 read as exact or as rounded (Annex B)."""
    return {(r, e): reconstruct(rounding=r, exact_ends=e) for r in ROUNDINGS for e in (True, False)}


def printed_table_contradiction(limit: int = 1000) -> dict:
    """What Table B.1 as printed implies at thresholds 0,99 and 0,01, and why no P or N rescues it.

    Returns the number of printed scores ≥ 0,99 (so the largest possible TP
    there) and of printed scores < 0,01, and the lists of P (resp. N) up to
    ``limit`` for which 1/P rounds to 0,18 (resp. (N − 1)/N to 0,59): both
    empty, under either rounding.
    """
    scores = [printed_number(s) for s, _ in TABLE_B1]
    high, low = thresholds()[0], thresholds()[-1]
    first, last = PUBLISHED[0], PUBLISHED[-1]
    return {
        "scores_at_or_above_0_99": sum(s >= high for s in scores),
        "scores_below_0_01": sum(s < low for s in scores),
        "positives_giving_tpr_0_18_with_one_tp": sorted({
            n for n in range(1, limit + 1) for r in ROUNDINGS if rounds_to(1, n, first.tpr, rounding=r)}),
        "negatives_giving_fpr_0_59_with_one_tn": sorted({
            n for n in range(2, limit + 1) for r in ROUNDINGS if rounds_to(n - 1, n, last.fpr, rounding=r)}),
    }


def _band(score: float) -> int:
    """0 for scores ≥ 0,99, 1 for [0,9; 0,99), …, 5 for scores below 0,01."""
    return sum(score < t for t in thresholds())


def _band_edges() -> list[tuple[float, float]]:
    """Where added scores go in each band; the lowest band is kept below 0,005 so that it prints as 0,00."""
    t = thresholds()
    return [(t[0], 1.0)] + [(t[i + 1], t[i]) for i in range(len(t) - 1)] + [(0.0, 0.005)]


def reconstructed_data(reconstruction: Reconstruction | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A scored data set with exactly the reconstructed counts at every published threshold.

    Returns ``(scores, y_true, source)`` sorted by descending score (ties keep
    the printed order): ``y_true`` is 1 for "Yes", 0 for "No"; ``source`` is
    ``"Table B.1 row k"`` for the seven printed rows and ``"added"`` for the
    rest.  Added scores are spread evenly inside the band between two
    thresholds, positives at the quarter points and negatives at the
    three-quarter points of each slot, rounded to four decimals.
    """
    rec = reconstruct() if reconstruction is None else reconstruction
    rows = [(printed_number(s), int(c == "Yes"), f"Table B.1 row {i}") for i, (s, c) in enumerate(TABLE_B1, 1)]
    for label, cumulative, total in ((1, rec.tp, rec.positives), (0, rec.fp, rec.negatives)):
        steps = (0, *cumulative, total)
        offset = 0.25 if label else 0.75
        for band, (lo, hi) in enumerate(_band_edges()):
            printed_here = sum(1 for score, y, _ in rows[:len(TABLE_B1)] if y == label and _band(score) == band)
            extra = steps[band + 1] - steps[band] - printed_here
            if extra < 0:
                raise InputError("annexes.table_b1_band", rows=printed_here, label=label, band=band)
            rows += [(round(lo + (hi - lo) * (i + offset) / extra, 4), label, "added") for i in range(extra)]
    order = sorted(range(len(rows)), key=lambda i: (-rows[i][0], i))
    scores = np.array([rows[i][0] for i in order])
    y = np.array([rows[i][1] for i in order], dtype=np.int64)
    source = np.array([rows[i][2] for i in order])
    return scores, y, source


def scored(reconstruction: Reconstruction | None = None) -> BinaryScores:
    """:func:`reconstructed_data` ready for thresholding and curves (positive class 1) (Annex B)."""
    scores, y, _ = reconstructed_data(reconstruction)
    return BinaryScores(y, scores, positive=1)


def operating_points(data: BinaryScores) -> list[dict]:
    """TP, FP, TN, FN, TPR and FPR (6.3.4, 3.2.10, 3.2.12) at each published threshold (score ≥ threshold)."""
    out = []
    for point, t in zip(PUBLISHED, thresholds()):
        c = data.counts_at(t)
        out.append({"figure": point.figure, "threshold": t, "tp": c.tp, "fp": c.fp, "tn": c.tn, "fn": c.fn,
                    "tpr": recall(c), "fpr": false_positive_rate(c)})
    return out


def published_curve() -> tuple[np.ndarray, np.ndarray]:
    """(FPR, TPR) of Figure B.7: (0, 0), the five published points, (1, 1)."""
    fpr = [0.0] + [printed_number(p.fpr) for p in PUBLISHED] + [1.0]
    tpr = [0.0] + [printed_number(p.tpr) for p in PUBLISHED] + [1.0]
    return np.array(fpr), np.array(tpr)


def published_curve_area() -> float:
    """Trapezoidal area under :func:`published_curve` (6.3.6), the AUROC a reader of Figure B.7 would get."""
    fpr, tpr = published_curve()
    return float(np.trapezoid(tpr, fpr))


def auroc_bounds(reconstruction: Reconstruction | None = None) -> tuple[float, float]:
    """Smallest and largest AUROC (6.3.6) of any data set with the reconstructed counts at the five thresholds.

    AUROC is the share of (positive, negative) pairs ranked the right way
    round.  Pairs in different bands between thresholds are ranked by the
    counts alone; the p_i · n_i pairs inside band i can go either way.  The
    bounds put all of them wrong, or all right; the trapezoid through the
    five points is the midpoint.
    """
    rec = reconstruct() if reconstruction is None else reconstruction
    pos = np.diff((0, *rec.tp, rec.positives))
    neg = np.diff((0, *rec.fp, rec.negatives))
    below = np.cumsum(neg[::-1])[::-1] - neg  # negatives in lower bands than band i
    fixed = float(np.dot(pos, below))
    free = float(np.dot(pos, neg))
    pairs = rec.positives * rec.negatives
    return fixed / pairs, (fixed + free) / pairs


def curve_comparison(data: BinaryScores | None = None) -> dict:
    """AUROC of the full reconstructed ROC curve against the areas of curves through only five points (6.3.6).

    ``auroc``: every threshold of the reconstructed data;
    ``five_points_exact``: trapezoids through (0, 0), the five reconstructed
    operating points with their exact rates, and (1, 1);
    ``five_points_printed``: the same through the rounded printed rates
    (:func:`published_curve_area`); ``auroc_min``, ``auroc_max``: the range
    any data set with the same counts can reach (:func:`auroc_bounds`).
    """
    data = scored() if data is None else data
    points = operating_points(data)
    fpr = [0.0] + [p["fpr"] for p in points] + [1.0]
    tpr = [0.0] + [p["tpr"] for p in points] + [1.0]
    low, high = auroc_bounds()
    return {"auroc": data.auroc(), "auroc_min": low, "auroc_max": high,
            "five_points_exact": float(np.trapezoid(tpr, fpr)), "five_points_printed": published_curve_area()}


def checks() -> list[Check]:
    """Each of the ten published rates against the reconstructed data, at the printed precision (Annex B)."""
    out = []
    for point, got in zip(PUBLISHED, operating_points(scored())):
        for name in ("tpr", "fpr"):
            printed, value = getattr(point, name), got[name]
            computed = f"{value:.0f}" if printed in ("0", "1") and value in (0, 1) else comma(value, 2)
            out.append(Check(f"Figure {point.figure} / threshold {point.threshold} / {name.upper()}",
                             printed, computed, computed == printed))
    return out


def to_json() -> dict:
    """Published points, the contradiction, the reconstruction and its operating points, the checks (Annex B)."""
    rec = reconstruct()
    scores, y, source = reconstructed_data(rec)
    data = BinaryScores(y, scores, positive=1)
    points = [{k: (number(v) if k in ("tpr", "fpr") else v) for k, v in p.items()} for p in operating_points(data)]
    return {
        "annex": "B",
        "published": [p._asdict() for p in PUBLISHED],
        "table_b1": [{"score": s, "actual": c} for s, c in TABLE_B1],
        "table_b1_ellipsis_after_row": TABLE_B1_GAP_AFTER,
        "table_b1_contradiction": printed_table_contradiction(limit=1000),
        "reconstruction": {
            "positives": rec.positives, "negatives": rec.negatives, "tp": list(rec.tp), "fp": list(rec.fp),
            "same_under": [{"rounding": r, "ends_exact": e} for (r, e), other in reconstruct_all().items()
                           if (other.positives, other.negatives, other.tp, other.fp) == rec[:4]],
            "operating_points": points,
            "data": [{"score": float(s), "actual": int(v), "source": str(src)}
                     for s, v, src in zip(scores, y, source)],
        },
        "curves": {k: number(v) for k, v in curve_comparison(data).items()},
        "checks": [c._asdict() for c in checks()],
    }
