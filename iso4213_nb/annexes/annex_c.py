"""Annex C: the benchmark summary of Table C.1, as data, with a consistency audit.

Table C.1 collects published results (13 rows: ImageNet, MNIST, CIFAR-10,
LFW) with accuracy, top-1 and top-5 error, depth, layer counts, parameter
counts and training settings.  Only the Indian adoption (IS/ISO/IEC TS 4213,
2023) has it in English; the Russian adoption (ПНСТ 835-2023) reprints the same
values with uniform decimals (63,30 rather than 63,3).

``data/table_c1.csv`` keeps every cell **as printed** in the Indian copy,
odd strings included ("0,000 5", "6,7%", "19,0M", a decimal point in "0.05");
only the line-break hyphen of "Efficient- Net-B7" is removed.  The audit
(:func:`audit`) checks, per row, that accuracy + top-1 error = 100 % (accuracy
is 1 − top-1 error; 6.2.3), how the numbers are written, which fields are
empty, which clause 8 reporting items are missing (all of them, bar naming the
benchmark), and where a printed value differs from the cited paper or agrees
with it, as far as the toolkit knows (:data:`KNOWN_DIFFERENCES`, :data:`AGREES_WITH_PAPER`).

:data:`CANNOT_SUPPORT` lists the comparisons the table cannot carry.
"""

from __future__ import annotations

import csv
import re
from importlib import resources

from ..controls.checklist import REPORT_ITEMS
from ..core.errors import InputError
from ..words.i18n import N_
from . import Check, comma, printed_number

DATA_FILE = "table_c1.csv"
COLUMNS = ("dataset", "model", "reference", "accuracy", "top1_error", "top5_error", "depth", "conv_layers",
           "pooling_layers", "fc_layers", "parameters", "batch_size", "momentum", "weight_decay", "decay_rate",
           "learning_rate", "dropout_rate")

#: What Table C.1 gives for the clause 8 reporting items (:data:`iso4213_nb.controls.checklist.REPORT_ITEMS`);
#: the others are missing.
CLAUSE_8_GIVEN = {
    "training_data": N_("partly: the benchmark is named; size and composition are not given"),
    "test_data": N_("partly: the benchmark is named; size and composition are not given"),
}
#: What the audit gives for every other clause 8 item.
MISSING = N_("missing")

#: Printed values that differ from the cited papers, as far as the toolkit knows.
KNOWN_DIFFERENCES = {
    ("ImageNet", "AlexNet"): N_("accuracy 63,3 % and top-1 error 37,5 % add up to 100,8 %; the paper's single-model "
                                "top-1 error is 37,5 % (so 62,5 % accuracy)"),
    ("ImageNet", "ResNet-50"): N_("the usual count for ResNet-50 is about 25,6M parameters, not 20M"),
    ("ImageNet", "EfficientNet-B7"): N_("66M parameters agrees with the paper; 813 is not a count of weight layers "
                                        "like the other rows' depths (it looks like a count of all framework layers, "
                                        "activations and normalisations included)"),
    ("CIFAR-10", "DenseNet"): N_("the DenseNet paper trains on CIFAR with batch size 64; the printed 6 looks truncated"),
    ("CIFAR-10", "ColorNet"): N_("reference [22] is a paper on colourfulness estimation; the 98,46 % CIFAR-10 result "
                                 "with 19,0M parameters comes from a different ColorNet paper (Gowda and Yuan, 2018)"),
    ("LFW", "DeepFace"): N_("the DeepFace paper reports 97,35 % on LFW, not 97,5 %"),
}

#: Printed values that agree with the cited papers, as far as the toolkit knows.
AGREES_WITH_PAPER = {
    ("ImageNet", "AlexNet"): N_("60M parameters, 37,5 % top-1 and 17,0 % top-5 error"),
    ("ImageNet", "VGG-19"): N_("144M parameters"),
    ("ImageNet", "ResNet-50"): N_("22,85 % top-1 and 6,7 % (6,71 %) top-5 error"),
    ("ImageNet", "EfficientNet-B7"): N_("84,4 % accuracy, 2,9 % top-5 error, 66M parameters"),
    ("CIFAR-10", "EfficientNet-B7"): N_("98,9 % accuracy with 64M parameters"),
    ("LFW", "FaceNet"): N_("99,63 % with 7,5M parameters"),
}

#: What Table C.1 cannot support as a comparison, with the clause that asks for the missing piece.
CANNOT_SUPPORT = (
    N_("No variance: one number per model, no spread over runs, folds or seeds, so no difference can be "
       "tested for significance (clause 7)."),
    N_("No test-set sizes: without n no confidence interval for an accuracy can be formed (7.8) and no paired "
       "test such as McNemar's (7.9) can be run; the raw predictions would be needed."),
    N_("No common protocol: each row comes from a different paper, year, preprocessing and training recipe; "
       "differences mix model and procedure (5.3)."),
    N_("No baseline: no majority-class or other trivial result to calibrate the numbers (5.3.13)."),
    N_("Accuracy only: no per-class results, no operating points, no test environment and no inference cost "
       "(clause 8, 6.6)."),
    N_("Parameters and depth are model descriptions, not performance: a plot of accuracy against parameters "
       "shows association within one data set, never across data sets."),
)


def load_table() -> list[dict[str, str]]:
    """Rows of Table C.1 as dicts of printed strings ("" where the table is empty).

    The table is the package's own data, not a user's file, so it is read
    with :mod:`csv` directly (user files go through :mod:`iso4213_nb.inputs`):
    the printed text, decimal commas and blanks included, must survive untouched.
    """
    text = resources.files(__package__).joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    rows = list(csv.DictReader(text.splitlines()))
    if not rows or tuple(rows[0]) != COLUMNS:
        raise InputError("annexes.annex_c_columns", path=DATA_FILE, columns=list(COLUMNS))
    return rows


def percent(text: str) -> float | None:
    """A printed percentage ("63,3 %") as a number of per cent, or None for an empty cell (Annex C)."""
    return printed_number(text) if text else None


def parameters_millions(text: str) -> float | None:
    """A printed parameter count ("60M", "19,0M") in millions, or None for an empty cell (Annex C)."""
    if not text:
        return None
    if not text.endswith("M"):
        raise InputError("annexes.parameter_count", text=repr(text))
    return printed_number(text[:-1])


def _decimals(text: str) -> int:
    match = re.search(r"[,.](\d[\d ]*)", text)
    return len(match.group(1).replace(" ", "")) if match else 0


#: What :func:`writing_notes` can find in how a number is written, by code (words: ``figures.annex_tables``).
WRITING_CODES = ("decimal_point", "digit_groups", "no_space_before_percent")


def writing_notes(row: dict[str, str]) -> list[dict[str, str]]:
    """How the row's numbers are written: points among commas, digit groups, uneven spacing before "%" (Annex C).

    One ``{"code": ..., "column": ..., "text": ...}`` per finding, ``code`` one of :data:`WRITING_CODES`.
    """
    notes = []
    for column, text in row.items():
        if column in ("dataset", "model", "reference") or not text:
            continue
        if "." in text:
            notes.append({"code": "decimal_point", "column": column, "text": text})
        if re.search(r"\d \d", text) and not text.endswith("%"):
            notes.append({"code": "digit_groups", "column": column, "text": text})
        if text.endswith("%") and not text.endswith(" %"):
            notes.append({"code": "no_space_before_percent", "column": column, "text": text})
    return notes


def audit() -> list[dict]:
    """One record per row of Table C.1: the sum check, missing fields, writing notes, clause 8 gaps, known differences.

    ``sum_check`` is None when the row has no top-1 error; otherwise a dict with
    ``accuracy``, ``top1_error``, their ``sum`` (per cent) and ``ok`` (the sum
    is 100 within the printed precision).
    """
    out = []
    for row in load_table():
        accuracy, top1 = percent(row["accuracy"]), percent(row["top1_error"])
        sum_check = None
        if accuracy is not None and top1 is not None:
            total = round(accuracy + top1, 2)
            sum_check = {"accuracy": accuracy, "top1_error": top1, "sum": total, "ok": total == 100}
        out.append({
            "dataset": row["dataset"],
            "model": row["model"],
            "reference": int(row["reference"]),
            "sum_check": sum_check,
            "missing": [c for c in COLUMNS if not row[c]],
            "writing": writing_notes(row),
            "decimals_of_accuracy": _decimals(row["accuracy"]),
            "clause_8": {item.id: CLAUSE_8_GIVEN.get(item.id, MISSING) for item in REPORT_ITEMS},
            "known_difference": KNOWN_DIFFERENCES.get((row["dataset"], row["model"]), ""),
            "agrees_with_paper": AGREES_WITH_PAPER.get((row["dataset"], row["model"]), ""),
        })
    return out


def accuracy_vs_parameters() -> dict[str, list[tuple[str, float, float]]]:
    """``{dataset: [(model, parameters in millions, accuracy in per cent), …]}`` for rows that print both (Annex C)."""
    out: dict[str, list] = {}
    for row in load_table():
        params, accuracy = parameters_millions(row["parameters"]), percent(row["accuracy"])
        if params is not None and accuracy is not None:
            out.setdefault(row["dataset"], []).append((row["model"], params, accuracy))
    return out


def checks() -> list[Check]:
    """For each row with a top-1 error: the printed top-1 error against 100 − the printed accuracy.

    Annex C, Table C.1.
    """
    out = []
    for row in load_table():
        if not (row["accuracy"] and row["top1_error"]):
            continue
        decimals = _decimals(row["top1_error"])
        computed = f"{comma(100 - percent(row['accuracy']), decimals)} %"
        printed = row["top1_error"]
        ok = round(100 - percent(row["accuracy"]), decimals) == percent(printed)
        note = "" if ok else N_("inconsistent in the printed table: accuracy + top-1 error ≠ 100 %")
        out.append(Check(f"Table C.1 / {row['dataset']} / {row['model']} / top-1 error = 100 % − accuracy",
                         printed, computed, ok, note))
    return out


def to_json() -> dict:
    """The table (printed strings), the audit, the plot data, the limits and the checks (Annex C)."""
    return {
        "annex": "C",
        "table_c1": load_table(),
        "audit": audit(),
        "accuracy_vs_parameters": {k: [list(t) for t in v] for k, v in accuracy_vs_parameters().items()},
        "cannot_support": list(CANNOT_SUPPORT),
        "checks": [c._asdict() for c in checks()],
    }
