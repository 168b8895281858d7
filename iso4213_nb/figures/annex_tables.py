"""Text and HTML renderings of the annex reproductions (presentation layer).

Each function takes results of :mod:`iso4213_nb.annexes` and returns
``(rows, header)`` ready for :func:`iso4213_nb.figures.tables.text_table` or
:func:`iso4213_nb.figures.tables.html_table` (which escapes every cell), so the
command line, the notebooks and the widgets print the same tables.
"""

from __future__ import annotations

import re
import textwrap

from ..annexes import Check, annex_a, annex_b, annex_c, annex_d
from ..controls.checklist import REPORT_ITEMS
from ..measures.confusion import ConfusionMatrix
from ..words.i18n import N_, _, pgettext
from ..words.worked_examples import cause as cause_name
from .tables import format_value

MARK_OK = "✓"

#: Row and column names of Tables A.2–A.4 and the fixed parts of the annexes' check items, for the catalogue
#: (the Russian words are those of Tables A.3 and A.4 of ПНСТ 835-2023).
NAMES = (N_("Accuracy"), N_("Binary Accuracy"), N_("Precision"), N_("Recall"), N_("Specificity"), N_("Macro"),
         N_("Weighted"), N_("Micro"), N_("overall accuracy (text under Table A.3)"),
         N_("top-1 error = 100 % − accuracy"), N_("1 − 1/e to three decimals (Flaxman et al.)"),
         N_("worked example: CSMF accuracy (hand)"), N_("worked example: chance-corrected with 0,632 (hand)"),
         N_("perfect prediction"), N_("all predicted mass on the rarest cause"),
         N_("not printed in the Indian copy (IS/ISO/IEC TS 4213, 2023)"), N_("added"))
_NUMBERED = ((re.compile(r"Table (\S+)$"), N_("Table {name}")), (re.compile(r"Figure (\S+)$"), N_("Figure {name}")),
             (re.compile(r"threshold (\S+)$"), N_("threshold {name}")),
             (re.compile(r"Table B\.1 row (\d+)$"), N_("Table B.1 row {name}")))


#: Words for the rounding rules of the Annex B search, and the columns of Table C.1 (translated by name).
_ROUNDINGS = {"half_up": N_("half up"), "half_even": N_("half to even")}
_C_COLUMNS = (  # in English the data's own column names, as the table always printed them
    N_("dataset"), N_("model"), N_("accuracy"), N_("top1_error"), N_("top5_error"), N_("depth"), N_("parameters"),
    N_("reference"), N_("batch_size"), N_("momentum"), N_("weight_decay"), N_("decay_rate"), N_("learning_rate"),
    N_("dropout_rate"))


def name_words(text: str) -> str:
    """A row or column name of the annex tables, or one part of a check item, in the active language (Annexes A–D)."""
    for pattern, template in _NUMBERED:
        match = pattern.match(text)
        if match:
            return _(template).format(name=match.group(1))
    return _(text)


def item_words(item: str) -> str:
    """A check item (``"Table A.4 / F_1 / Micro"``) in the active language, part by part (Annexes A–D)."""
    return " / ".join(name_words(part) for part in item.split(" / "))


def checks_rows(checks: list[Check]) -> tuple[list[list[str]], list[str]]:
    """One row per check: item, printed, computed, match, note (Annexes B–D)."""
    rows = [[item_words(c.item), c.printed, c.computed, MARK_OK if c.matches else _("MISMATCH"), _(c.note) if c.note
             else c.note] for c in checks]
    return rows, [pgettext("annex check", "item"), _("printed"), pgettext("annex check", "computed"), _("match"),
                  _("note")]


def table_a1_rows(cm: ConfusionMatrix) -> tuple[list[list], list[str]]:
    """Table A.1 layout: predicted classes in rows, actual classes in columns."""
    counts = cm.matrix(rows="predicted")
    rows = [[_("predicted {label}").format(label=label), *map(int, counts[i])] for i, label in enumerate(cm.labels)]
    return rows, ["", *(_("actual {label}").format(label=label) for label in cm.labels)]


def annex_a_rows(name: str, cm: ConfusionMatrix | None = None, *, decimal_comma: bool = True,
                 mark: bool = True) -> tuple[list[list[str]], list[str]]:
    """Table A.2, A.3 or A.4 (``name``) computed from ``cm`` (default Table A.1), in the printed layout.

    Percentages have two decimals.  With ``mark`` each cell carries ✓ when it
    equals the printed cell, or the printed value in brackets when it does not.
    """
    cm = annex_a.matrix() if cm is None else cm
    tables = {"A.2": (annex_a.table_a2, annex_a.PRINTED_A2, False),
              "A.3": (annex_a.table_a3, annex_a.PRINTED_A3, True),
              "A.4": (annex_a.table_a4, annex_a.PRINTED_A4, True)}
    build, printed, percent = tables[name]
    table = build(cm)
    header = ["", *(name_words(str(col)) for col in next(iter(table.values())))]
    rows = []
    for row, cells in table.items():
        out = [name_words(row)]
        for col, value in cells.items():
            text = format_value(value, percent=percent, decimal_comma=decimal_comma)
            if mark and row in printed and str(col) in printed[row]:
                reference = printed[row][str(col)]
                same = text.replace(".", ",") == reference
                text = f"{text} {MARK_OK}" if same else _("{value} (printed {reference})").format(
                    value=text, reference=reference)
            out.append(text)
        rows.append(out)
    return rows, header


def annex_b_rows(decimal_comma: bool = True) -> tuple[list[list[str]], list[str]]:
    """Published operating points beside the reconstructed counts and exact rates (Annexes B–D)."""
    rows = []
    for point, got in zip(annex_b.PUBLISHED, annex_b.operating_points(annex_b.scored())):
        rows.append([point.figure, point.threshold, point.tpr, point.fpr, f"{got['tp']}/{got['tp'] + got['fn']}",
                     f"{got['fp']}/{got['fp'] + got['tn']}",
                     format_value(got["tpr"], 4, decimal_comma=decimal_comma),
                     format_value(got["fpr"], 4, decimal_comma=decimal_comma)])
    return rows, [_("figure"), _("threshold"), _("TPR printed"), _("FPR printed"), "TP/P", "FP/N", "TPR", "FPR"]


def contradiction_rows() -> tuple[list[list[str]], list[str]]:
    """Step 1 of Annex B in words: why Table B.1 as printed cannot give the printed rates (Annex B).

    From :func:`iso4213_nb.annexes.annex_b.printed_table_contradiction` with its search up to 1 000: how many
    printed scores lie at or above 0,99 and below 0,01, and every P (N) for which one true positive (all but one
    negative) prints as the published rate, or "none".  Returns ``(rows, header)``.
    """
    fact = annex_b.printed_table_contradiction(limit=1000)
    rows = [
        [_("printed scores ≥ 0,99 in Table B.1"), str(fact["scores_at_or_above_0_99"])],
        [_("P ≤ 1000 with 1/P printing as 0,18"), ", ".join(map(str, fact["positives_giving_tpr_0_18_with_one_tp"]))
         or _("none")],
        [_("printed scores < 0,01 in Table B.1"), str(fact["scores_below_0_01"])],
        [_("N ≤ 1000 with (N − 1)/N printing as 0,59"),
         ", ".join(map(str, fact["negatives_giving_fpr_0_59_with_one_tn"])) or _("none")],
    ]
    return rows, [_("fact"), _("value")]


def reconstruction_rows() -> tuple[list[list[str]], list[str]]:
    """Step 2 of Annex B in words: the smallest (P, N) under each rounding rule and each reading of the printed
    "1" and "0" (:func:`iso4213_nb.annexes.annex_b.reconstruct_all`).  Returns ``(rows, header)`` (Annex B).
    """
    rows = [[_("smallest (P, N), rounding {rounding}, printed 1 and 0 {ends}").format(
        rounding=_(_ROUNDINGS.get(r, r)), ends=pgettext("printed 1 and 0 read as", "exact") if e else _("rounded")),
        f"({rec.positives}, {rec.negatives})"] for (r, e), rec in annex_b.reconstruct_all().items()]
    return rows, [_("fact"), _("value")]


def area_rows(decimal_comma: bool = True) -> tuple[list[list[str]], list[str]]:
    """Step 5 of Annex B in words: the AUROC of the full reconstructed curve (6.3.6), the range any data set with
    the same counts can reach, and the areas through the five points with exact and printed rates
    (:func:`iso4213_nb.annexes.annex_b.curve_comparison`), to 4 decimals.  Returns ``(rows, header)`` (Annex B).
    """
    areas = annex_b.curve_comparison()

    def number(value):
        return format_value(value, 4, decimal_comma=decimal_comma)

    rows = [
        [_("AUROC, full reconstructed curve"), number(areas["auroc"])],
        [_("AUROC range of any data set with these counts"),
         _("{low} to {high}").format(low=number(areas["auroc_min"]), high=number(areas["auroc_max"]))],
        [_("area through the five points (exact rates)"), number(areas["five_points_exact"])],
        [_("area through the five points (printed rates)"), number(areas["five_points_printed"])],
    ]
    return rows, [_("fact"), _("value")]


def annex_b_facts_rows(decimal_comma: bool = True) -> tuple[list[list[str]], list[str]]:
    """Why Table B.1 as printed fails, the sizes found by the search, and the curve areas (Annex B): the rows of
    :func:`contradiction_rows`, :func:`reconstruction_rows` and :func:`area_rows` in one table."""
    parts = (contradiction_rows(), reconstruction_rows(), area_rows(decimal_comma))
    return [row for rows, _header in parts for row in rows], parts[0][1]


def table_b_rows(scores, y_true, source) -> tuple[list[list[str]], list[str]]:
    """The reconstructed data in the layout of Table B.1 (two decimals, Yes/No), with each row's origin."""
    rows = [[format_value(float(s), 2, decimal_comma=True), _("Yes") if v else _("No"), name_words(str(src))]
            for s, v, src in zip(scores, y_true, source)]
    return rows, [_("Predicted probability"), _("Actual class"), _("source")]


def annex_c_rows(columns=("dataset", "model", "accuracy", "top1_error", "top5_error", "depth", "parameters",
                          "reference")) -> tuple[list[list[str]], list[str]]:
    """Table C.1 as printed (selected columns; empty cells shown as "–")."""
    rows = [[row[c] or "–" for c in columns] for row in annex_c.load_table()]
    return rows, [_(c) for c in columns]


#: Words of :data:`iso4213_nb.annexes.annex_c.WRITING_CODES`.
_WRITING_WORDS = {
    "decimal_point": N_("{column} {text} uses a decimal point; the rest of the table uses commas"),
    "digit_groups": N_("{column} {text} groups digits with a space"),
    "no_space_before_percent": N_("{column} {text} has no space before %"),
}


def writing_words(note: dict) -> str:
    """One finding of :func:`iso4213_nb.annexes.annex_c.writing_notes` in words: ``accuracy '99,3%' has no space before %`` (Annex C)."""
    words = _WRITING_WORDS[note["code"]]
    return _(words).format(column=note["column"], text=repr(note["text"]))


def annex_c_audit_rows() -> tuple[list[list[str]], list[str]]:
    """Per row: the sum accuracy + top-1 error, how many fields are empty, writing notes, known differences.

    Annexes B–D.
    """
    rows = []
    for record in annex_c.audit():
        check = record["sum_check"]
        total = "–" if check is None else (format_value(check["sum"], 2, decimal_comma=True) + " %"
                                           + ("" if check["ok"] else " ≠ 100"))
        rows.append([record["dataset"], record["model"], total, str(len(record["missing"])),
                     "; ".join(writing_words(note) for note in record["writing"]) or "–",
                     _(difference) if (difference := record["known_difference"]) else "–"])
    return rows, [_("dataset"), _("model"), _("accuracy + top-1"), _("empty fields"), _("writing"),
                  _("known difference")]


def annex_c_audit_summary_rows() -> tuple[list[list[str]], list[str]]:
    """The narrow columns of :func:`annex_c_audit_rows` (dataset, model, the sum, empty fields): fits a page.

    Annexes B–D.
    """
    rows, header = annex_c_audit_rows()
    return [row[:4] for row in rows], header[:4]


def annex_c_audit_notes(width: int = 100) -> list[str]:
    """The writing notes and known differences of :func:`annex_c_audit_rows` as lines of at most ``width``
    characters, one paragraph per row that has any, so that a page shows them without scrolling sideways.

    Annexes B–D.
    """
    lines = []
    for dataset, model, _sum, _empty, writing, difference in annex_c_audit_rows()[0]:
        notes = [f"{label}: {text}" for label, text in ((_("writing"), writing), (_("known difference"), difference))
                 if text != "–"]
        if notes:
            lines += textwrap.wrap(f"{dataset} {model}. " + " ".join(n + "." for n in notes), width,
                                   subsequent_indent="    ")
    return lines


def annex_c_clause_8_rows(record: dict) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: each clause-8 reporting item (:data:`iso4213_nb.controls.checklist.REPORT_ITEMS`) and
    what one row of :func:`iso4213_nb.annexes.annex_c.audit` (``record``) gives for it, in the active language
    (Annex C, clause 8)."""
    texts = {item.id: item.text for item in REPORT_ITEMS}
    return ([[_(texts[item]), _(given)] for item, given in record["clause_8"].items()],
            [_("clause 8 item"), _("in Table C.1")])


def annex_c_limits() -> list[str]:
    """What Table C.1 cannot support as a comparison, one sentence each in the active language, each citing the
    clause that asks for the missing piece (:data:`iso4213_nb.annexes.annex_c.CANNOT_SUPPORT`; Annex C, clauses 5.3, 7, 8).
    """
    return [_(limit) for limit in annex_c.CANNOT_SUPPORT]


def annex_d_rows(decimal_comma: bool = True) -> tuple[list[list[str]], list[str]]:
    """The worked example per cause, named in the active language (:func:`iso4213_nb.words.worked_examples.cause`):
    true share, predicted share, absolute error (Annexes B–D)."""
    example = annex_d.worked_example()
    rows = [[cause_name(cause), *(format_value(example[key][cause], 4, decimal_comma=decimal_comma)
                      for key in ("csmf_true", "csmf_pred", "absolute_errors"))] for cause in annex_d.EXAMPLE_CAUSES]
    return rows, [_("cause"), _("CSMF true"), _("CSMF predicted"), _("|true − predicted|")]


def annex_d_matrix_rows() -> tuple[list[list], list[str]]:
    """The counts of the worked example: one row per true cause, one column per predicted cause, each cause named
    in the active language (:func:`iso4213_nb.words.worked_examples.cause`) (Annex D)."""
    causes = [cause_name(cause) for cause in annex_d.EXAMPLE_CAUSES]
    return [[name, *row] for name, row in zip(causes, annex_d.EXAMPLE_MATRIX)], [_("true \\ predicted"), *causes]
