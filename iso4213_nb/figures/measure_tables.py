"""Tables of measures as ``(rows, header)`` for :func:`iso4213_nb.figures.tables.text_table` or
:func:`~iso4213_nb.figures.tables.html_table` (presentation layer): a confusion matrix's classes and averages,
a multi-label task's labels, measures of counts side by side, an invariance table's disagreements, timed runs,
adjusted p-values.  Numbers are formatted in the active language (:func:`iso4213_nb.words.i18n.number`), so the
English and the Russian notebooks print the same tables by one call.

Kept apart from :mod:`.tables`, which the command line imports to print any table without loading numpy.
"""

from __future__ import annotations

from ..core.undefined import Undefined
from ..measures import counts as measures
from ..measures.confusion import AVERAGED, AVERAGES, ConfusionMatrix
from ..stats.multiplicity import adjust_pvalues
from ..words.i18n import N_, _, number, pgettext, significant
from ..words.measures import average_name, name as measure_name
from ..words.readings import adjustment_name



def _percent(value) -> str:
    return number(value if isinstance(value, Undefined) else 100 * value, 2)


def class_count_rows(cm: ConfusionMatrix) -> tuple[list[list], list[str]]:
    """``(rows, header)``: each class against the rest, its TP, FP, FN and TN, one row per class (6.4.2, 6.2.1)."""
    rows = [[str(label), *(cm.binary(label)[key] for key in ("tp", "fp", "fn", "tn"))] for label in cm.labels]
    return rows, [_("class"), "TP", "FP", "FN", "TN"]


def class_measure_rows(cm: ConfusionMatrix, names=AVERAGED) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: one row per measure of ``names`` (6.3), one column per class against the rest (6.4.2), in
    percent with two decimals and the active language's decimal sign; an undefined value in words."""
    per_class = {name: cm.per_class(name) for name in names}
    rows = [[measure_name(name), *(_percent(per_class[name][label]) for label in cm.labels)] for name in names]
    return rows, [_("measure (%)"), *map(str, cm.labels)]


def average_rows(cm: ConfusionMatrix, names=AVERAGED) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: one row per measure of ``names``, its macro, weighted and micro averages over the
    classes (6.4.3) in percent with two decimals and the active language's decimal sign."""
    rows = [[measure_name(name), *(_percent(cm.average(name, how)) for how in AVERAGES)] for name in names]
    return rows, [_("measure (%)"), *(average_name(how, short=True) for how in AVERAGES)]


def label_count_rows(per_label: dict) -> tuple[list[list], list[str]]:
    """``(rows, header)``: each label of a multi-label task (``per_label``: label → its
    :class:`~iso4213_nb.measures.counts.BinaryCounts`, as :func:`iso4213_nb.measures.multilabel.per_label_counts`
    gives them) with its TP, FP, FN, TN, precision and recall (6.5.1, 6.2.4, 6.2.5), four decimals."""
    rows = [[str(label), c.tp, c.fp, c.fn, c.tn, number(measures.precision(c), 4), number(measures.recall(c), 4)]
            for label, c in per_label.items()]
    return rows, [_("label"), "TP", "FP", "FN", "TN", measure_name("precision"), measure_name("recall")]


def label_score_rows(per_label: dict, names: dict | None = None) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: each label's F1 (6.5.1, 6.2.6) and AUROC (6.3.6) from the ``per_label`` entries of
    :func:`iso4213_nb.measures.multilabel_summary.summarize`, four decimals; a label is shown as ``names`` (its
    name in the file → a name for the reader) gives it, else as it is."""
    names = names or {}
    rows = [[names.get(label, str(label)), number(v["f1"], 4), number(v["auroc"], 4)] for label, v in per_label.items()]
    return rows, [_("label"), measure_name("f1"), "AUROC"]


def counts_measure_rows(columns: dict, names) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: one row per measure key of ``names`` (:data:`iso4213_nb.measures.counts.PER_CLASS`), one
    column per entry of ``columns`` (a heading → its :class:`~iso4213_nb.measures.counts.BinaryCounts`), four
    decimals in the active language (6.2, 6.3)."""
    rows = [[measure_name(name), *(number(measures.PER_CLASS[name](c), 4) for c in columns.values())] for name in names]
    return rows, [_("measure"), *columns]


def invariance_difference_rows(table) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: each cell where an :class:`~iso4213_nb.measures.invariance.InvarianceTable`'s trials and
    the paper disagree: measure, change, the computed and the paper's verdict, and how many defined trials moved the
    value (beyond TS 4213: Sokolova & Lapalme 2009)."""
    verdict = {True: _("invariant"), False: _("changes")}
    rows = [[name, change, verdict[ours], verdict[theirs],
             _("{moved} of {trials}").format(moved=table.changed[name, change][0], trials=table.changed[name, change][1])]
            for name, change, ours, theirs in table.differences()]
    return rows, [_("measure"), _("change"), pgettext("annex check", "computed"), _("paper"),
                  _("trials that moved the value")]


def timing_rows(runs: dict) -> tuple[list[list], list[str]]:
    """``(rows, header)``: one row per timed run (``runs``: (model name, batch size) → the
    :class:`~iso4213_nb.measures.computational.TimingResult` of ``time_predictions``, all with one latency bound):
    mean and 95th-percentile latency in milliseconds (6.6.2), the samples within the bound and the throughput per
    second that counts only them (6.6.3), in the active language."""
    bound = next(iter(runs.values())).latency_bound
    rows = [[name, batch, number(r.mean_latency * 1000, 3), number(r.percentile(95) * 1000, 3), f"{r.within_bound}/{r.n}",
             number(r.throughput, 0, grouping=False)] for (name, batch), r in runs.items()]
    return rows, [_("model"), _("batch"), _("mean latency (ms)"), _("p95 (ms)"),
                  _("within {bound} ms").format(bound=significant(bound * 1000)), _("throughput (/s)")]


def adjustment_rows(pvalues: dict, methods=("bonferroni", "holm", "bh"),
                    alpha: float = 0.05) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: each test of ``pvalues`` (its name → its p-value) with its p-value and, for each
    procedure of ``methods`` (:func:`iso4213_nb.stats.adjust_pvalues`, all over the whole family), the adjusted
    p-value, followed by `` *`` where the procedure rejects at ``alpha``; four decimals in the active language
    (7.10)."""
    found = [adjust_pvalues(list(pvalues.values()), method, alpha=alpha) for method in methods]
    rows = [[name, number(p, 4), *(number(a.adjusted[i], 4) + (" *" if a.rejected[i] else "") for a in found)]
            for i, (name, p) in enumerate(pvalues.items())]
    return rows, [_("test"), "p", *(adjustment_name(method) for method in methods)]
