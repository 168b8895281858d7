"""Annex A: from a three-class confusion matrix to multi-class results (6.4.2, 6.4.3).

Raw input is Table A.1, printed with **predicted classes in rows and true
classes in columns** (the layout of 6.2.2).  From it the annex derives

* Table A.2: the one-vs-rest counts TP, TN, FP, FN of each class (6.4.3);
* Table A.3: per-class measures in per cent.  It has two rows that a reader
  can confuse: "Accuracy" is the per-class accuracy of 6.4.2, which equals
  recall (hence the identical "Recall" row), while "Binary Accuracy" is
  (TP + TN) / N of the class's one-vs-rest split (6.3.3);
* Table A.4: macro, weighted and micro averages (6.4.3).  Its "Accuracy" row
  averages *binary accuracy*; it is not the overall accuracy, which is
  85,92 % (stated under Table A.3) and which equals micro precision, micro
  recall and micro F1.

The Indian adoption's copy of Table A.4 lost the weighted accuracy cell
(87,43 in the ISO copy; the Russian copy has it too).  The printed numbers are
kept here as the annex prints them, with decimal commas; :func:`checks`
compares every cell with the recomputation.
"""

from __future__ import annotations

from ..measures.confusion import ConfusionMatrix
from ..core.errors import InputError
from ..core.undefined import Undefined, is_undefined
from ..core.undefined import to_json as number
from . import Check, comma

LABELS = ("A", "B", "C")

#: Table A.1 as printed: rows = predicted class, columns = actual class.
TABLE_A1 = ((400, 150, 14), (23, 3800, 144), (13, 355, 65))
TABLE_A1_ROWS = "predicted"

#: Table A.2 as printed (counts).
PRINTED_A2 = {
    "T_P": {"A": "400", "B": "3800", "C": "65"},
    "T_N": {"A": "4364", "B": "492", "C": "4373"},
    "F_P": {"A": "164", "B": "167", "C": "368"},
    "F_N": {"A": "36", "B": "505", "C": "158"},
}

#: Table A.3 as printed (per cent).
PRINTED_A3 = {
    "Accuracy": {"A": "91,74", "B": "88,27", "C": "29,15"},
    "Binary Accuracy": {"A": "95,97", "B": "86,46", "C": "89,40"},
    "Precision": {"A": "70,92", "B": "95,79", "C": "15,01"},
    "Recall": {"A": "91,74", "B": "88,27", "C": "29,15"},
    "Specificity": {"A": "96,38", "B": "74,66", "C": "92,24"},
    "F_1": {"A": "80,00", "B": "91,88", "C": "19,82"},
}

#: Table A.4 as printed in the ISO copy (per cent).
PRINTED_A4 = {
    "Accuracy": {"Macro": "90,61", "Weighted": "87,43", "Micro": "90,61"},
    "Precision": {"Macro": "60,57", "Weighted": "89,98", "Micro": "85,92"},
    "Recall": {"Macro": "69,72", "Weighted": "85,92", "Micro": "85,92"},
    "Specificity": {"Macro": "87,76", "Weighted": "77,36", "Micro": "92,96"},
    "F_1": {"Macro": "63,90", "Weighted": "87,60", "Micro": "85,92"},
}

#: Overall accuracy stated in the text under Table A.3 (per cent).
PRINTED_OVERALL_ACCURACY = "85,92"

#: Cells of Table A.4 that the Indian adoption (IS/ISO/IEC TS 4213, 2023) does not print.
MISSING_IN_INDIAN_COPY = (("Accuracy", "Weighted"),)

#: Row of Table A.3 -> name of the per-class measure in :mod:`iso4213_nb.measures.counts`.
A3_MEASURES = {
    "Accuracy": "recall",  # per-class accuracy (6.4.2) is recall
    "Binary Accuracy": "binary_accuracy",
    "Precision": "precision",
    "Recall": "recall",
    "Specificity": "specificity",
    "F_1": "f1",
}

#: Row of Table A.4 -> averaged measure: Table A.3's, but its "Accuracy" is averaged binary accuracy.
A4_MEASURES = {**{row: A3_MEASURES[row] for row in PRINTED_A4}, "Accuracy": "binary_accuracy"}
A4_COLUMNS = {"Macro": "macro", "Weighted": "weighted", "Micro": "micro"}


def matrix() -> ConfusionMatrix:
    """Table A.1 as a :class:`ConfusionMatrix` (read with ``rows="predicted"``)."""
    return ConfusionMatrix.from_counts(TABLE_A1, labels=LABELS, rows=TABLE_A1_ROWS)


def table_a2(cm: ConfusionMatrix) -> dict[str, dict]:
    """One-vs-rest counts of each class (6.4.3): ``{"T_P": {label: count}, "T_N": …, "F_P": …, "F_N": …}``."""
    counts = {label: cm.binary(label) for label in cm.labels}
    return {row: {label: getattr(c, attr) for label, c in counts.items()}
            for row, attr in (("T_P", "tp"), ("T_N", "tn"), ("F_P", "fp"), ("F_N", "fn"))}


def table_a3(cm: ConfusionMatrix) -> dict[str, dict]:
    """Per-class measures as fractions (6.4.2, 6.2.4, 6.2.5, 6.3.3): ``{row: {label: value or Undefined}}``."""
    return {row: cm.per_class(measure) for row, measure in A3_MEASURES.items()}


def table_a4(cm: ConfusionMatrix) -> dict[str, dict]:
    """Macro, weighted and micro averages as fractions (6.4.3).

    Returns ``{row: {"Macro": …, "Weighted": …, "Micro": …}}``.
    """
    return {row: {col: cm.average(measure, method) for col, method in A4_COLUMNS.items()}
            for row, measure in A4_MEASURES.items()}


def undefined_values(cm: ConfusionMatrix) -> list[tuple[str, Undefined]]:
    """``("Table A.x / row / column", value)`` for every undefined cell of Tables A.3 and A.4 (6.4.2, 6.4.3)."""
    out = [(f"{name} / {row} / {col}", value)
           for name, table in (("Table A.3", table_a3(cm)), ("Table A.4", table_a4(cm)))
           for row, cells in table.items() for col, value in cells.items() if is_undefined(value)]
    if is_undefined(cm.accuracy()):
        out.append(("overall accuracy", cm.accuracy()))
    return out


def undefined_cells(cm: ConfusionMatrix) -> list[str]:
    """``"Table A.x / row / column: reason code"`` for every cell of Tables A.3 and A.4 that is undefined.

    The codes are put in words by :func:`iso4213_nb.words.readings.reason` (the Annex A widget shows them so).
    """
    return [f"{where}: {value.code or value.reason}" for where, value in undefined_values(cm)]


def _percent(value: float | Undefined) -> str:
    return "undefined" if is_undefined(value) else comma(100 * value)


def checks(cm: ConfusionMatrix | None = None) -> list[Check]:
    """Every printed cell of Tables A.2–A.4 and the overall accuracy, matched at two decimals.

    ``cm`` defaults to Table A.1; passing an edited matrix shows which printed
    numbers it no longer reproduces.
    """
    cm = matrix() if cm is None else cm
    if tuple(str(label) for label in cm.labels) != LABELS:
        raise InputError("annexes.annex_a_classes", classes=str(list(LABELS)), labels=str(list(cm.labels)))
    out = []
    for row, cells in table_a2(cm).items():
        for label, value in cells.items():
            printed = PRINTED_A2[row][label]
            out.append(Check(f"Table A.2 / {row} / {label}", printed, str(value), str(value) == printed))
    for name, printed_table, table in (("Table A.3", PRINTED_A3, table_a3(cm)),
                                       ("Table A.4", PRINTED_A4, table_a4(cm))):
        for row, cells in table.items():
            for col, value in cells.items():
                printed, computed = printed_table[row][col], _percent(value)
                note = ("not printed in the Indian copy (IS/ISO/IEC TS 4213, 2023)"
                        if (row, col) in MISSING_IN_INDIAN_COPY and name == "Table A.4" else "")
                out.append(Check(f"{name} / {row} / {col}", printed, computed, computed == printed, note))
    overall = _percent(cm.accuracy())
    out.append(Check("overall accuracy (text under Table A.3)", PRINTED_OVERALL_ACCURACY, overall,
                     overall == PRINTED_OVERALL_ACCURACY))
    return out


def to_json(cm: ConfusionMatrix | None = None) -> dict:
    """The reproduction as plain JSON types: input matrix, Tables A.2–A.4 (fractions), overall accuracy, checks."""
    cm = matrix() if cm is None else cm

    def plain(table):
        return {row: {str(col): (v if isinstance(v, int) else number(v)) for col, v in cells.items()}
                for row, cells in table.items()}

    return {
        "annex": "A",
        "table_a1": {"rows": "predicted", "labels": list(cm.labels),
                     "counts": cm.matrix(rows="predicted").tolist()},
        "table_a2": plain(table_a2(cm)),
        "table_a3": plain(table_a3(cm)),
        "table_a4": plain(table_a4(cm)),
        "overall_accuracy": number(cm.accuracy()),
        "undefined": undefined_cells(cm),
        "checks": [c._asdict() for c in checks(cm)],
    }
