"""Words for the codes of ``report.json`` (clause 8), in the active language (:mod:`iso4213_nb.words.i18n`).

``report.json`` is language-neutral: operating points, their rules, the
reported items, the checklist entries, the comparison statement and the
significance tests are codes and numbers there.  The report notebook renders
them through :mod:`.render`, which asks this module for the words, so the
same ``report.json`` gives an English or a Russian page.
"""

from __future__ import annotations

from ..controls import checklist
from ..words import readings
from ..measures.registry import MEASURES
from ..words.i18n import N_, _, number, with_digit_groups
from ..words.measures import name as measure_name
from ..stats.results import TestResult
from ..core.undefined import Undefined

#: The title of a report whose meta file sets none.
DEFAULT_TITLE = N_("Assessment of classification performance (ISO/IEC TS 4213:2022)")

_POINTS = {
    "predicted_labels": N_("predicted labels"),
    "threshold_0.5": N_("threshold 0.5"),
    "youden": N_("Youden-optimal"),
    "tpr_0.9": N_("TPR ≥ 0.9"),
    "fpr_0.1": N_("FPR ≤ 0.1"),
}

_RULES = {
    "labels_as_given": N_("labels as given in the file"),
    "labels_from_argmax": N_("labels from the arg-max of the class scores"),
    "labels_from_scores": N_("labels derived from scores at threshold {threshold}"),
    "probabilities": N_("scores read as probabilities"),
    "max_youden": N_("largest TPR − FPR (ties: highest threshold)"),
    "highest_tpr_0.9": N_("highest threshold whose TPR reaches 0.9"),
    "lowest_fpr_0.1": N_("lowest threshold whose FPR is at most 0.1"),
}

#: What each reported item is (the clause-8 ones come from :data:`iso4213_nb.controls.checklist.REPORT_ITEMS`).
_ITEMS = {
    "process": N_("the five steps of the assessment process"),
    "purpose": N_("the stage and aim of the assessment"),
    "preprocessing": N_("the preprocessing applied, the same for every model"),
    "splitting": N_("how the data were split"),
    "leakage": N_("how overlap between training and test data was prevented"),
    "channel_effects": N_("known channel effects in the data"),
    "baselines": N_("the baselines compared against"),
    "context": N_("the system the model runs in and its context"),
    "hyperparameters": N_("hyperparameter types and values of each model"),
    "acceleration": N_("acceleration used in training or testing"),
    "multiclass_averaging": N_("why this multi-class averaging"),
    "multilabel_measure": N_("why this multi-label measure"),
    "measures": N_("the clause-6 measures with confidence intervals"),
    "curves": N_("ROC, precision–recall, gain and lift curves"),
    "comparisons": N_("significance tests between models, corrected for multiplicity"),
}

_STATUS = {"filled": N_("filled"), "filled automatically": N_("filled automatically"), "missing": N_("missing"),
           "computed": N_("computed")}

_ADJUSTMENT_NAMES = {"holm": N_("Holm's method"), "bonferroni": N_("Bonferroni's method"),
                     "hochberg": N_("Hochberg's method"), "bh": N_("the Benjamini–Hochberg procedure"),
                     "by": N_("the Benjamini–Yekutieli procedure")}


def page_title() -> str:
    """The HTML page's title (the browser tab) (clause 8)."""
    return _("Assessment report")


def title(report: dict) -> str:
    """The report's title: the meta file's (user text, shown as typed) or the default one in words (clause 8)."""
    return report["title"] if report["title"] else _(DEFAULT_TITLE)


def point_name(point: dict) -> str:
    """The name of an operating point row, e.g. "Youden-optimal" or "class 2 vs rest" (clause 8)."""
    code = point["name"]
    if code == "class_vs_rest":
        return _("class {label} vs rest").format(label=point["label"])
    return _(_POINTS[code])


def rule(point: dict) -> str:
    """How an operating point's threshold was chosen, in words (clause 8)."""
    code = point["rule"]
    text = _(_RULES[code])
    return text.format(threshold=number(point["threshold"], 4)) if "{threshold}" in text else text


def item_text(item_id: str) -> str:
    """What a reported item states (its id as in ``report.json``'s ``items``) (clause 8)."""
    by_id = {r.id: r.text for r in checklist.REPORT_ITEMS}
    return _(_ITEMS.get(item_id) or by_id[item_id])


def status(code: str) -> str:
    """A status code (``filled``, ``filled automatically``, ``missing``; the checklist's ``computed``) in words (clause 8)."""
    return _(_STATUS[code])


def prompt(key: str) -> str:
    """The checklist prompt of answer ``key`` in words (clause 8)."""
    return _(checklist.item(key).prompt)


def measure(code: str) -> str:
    """What a comparison compares (``accuracy``, ``auroc``) in words (clause 8)."""
    return measure_name(code) if code in MEASURES else code


def statement(comparisons: dict) -> str:
    """The sentence above the comparisons: how many tests and how their p-values were adjusted (clause 8)."""
    s = comparisons["statement"]
    if s["code"] == "single_model":
        return _("No significance test: the predictions file holds a single model (7.1).")
    method = _ADJUSTMENT_NAMES[s["method"]]
    return _("{tests} test(s); p-values adjusted together by {method} at α = {alpha}.").format(
        tests=s["tests"], method=_(method), alpha=number(s["alpha"], 2))


_FIELDS = ("test", "statistic", "pvalue", "df", "effect_size", "effect_size_kind", "method")
#: Keys the report adds to a test's own ``to_dict()``, and the JSON bookkeeping; not details of the test.
_NOT_DETAILS = {"models", "measure", "adjusted_pvalue", "rejected", "undefined", "reasons", "confidence_interval",
                "interval_of"}


def test_result(entry: dict) -> TestResult:
    """The :class:`~iso4213_nb.stats.TestResult` of a ``report.json`` test entry (undefined values with their codes) (clause 8)."""
    reasons = entry.get("reasons") or {}

    def value(key):
        if key in reasons:
            params = {k: v for k, v in reasons[key].items() if k != "code"}
            return Undefined(code=reasons[key]["code"], params=params)
        return entry.get(key)

    details = {key: value(key) for key in entry if key not in _NOT_DETAILS and key not in _FIELDS}
    return TestResult(**{key: value(key) for key in _FIELDS}, details=details)


def test_name(entry: dict) -> str:
    """The name of a ``report.json`` test entry, e.g. "McNemar test (exact binomial)" (clause 8)."""
    return readings.name(test_result(entry))


def test_reading(entry: dict) -> str:
    """The reading paragraph of a ``report.json`` test entry (clause 8)."""
    return readings.reading(test_result(entry))


def undefined_notes(assessment: dict) -> list[str]:
    """One line per undefined measure of an assessment (:func:`iso4213_nb.words.readings.undefined_notes`) (clause 8)."""
    return readings.undefined_notes(assessment)


def inference_description(inference: dict) -> str:
    """How the inference duration was measured, in words (clause 8)."""
    return _("Each model predicted the first {timed} of {total} test samples one at a time (batch size 1, one "
             "warm-up call), timed with time.perf_counter on the machine described above; latency is ingest to "
             "output per sample (6.6.2), throughput counts samples per second (6.6.3).").format(
        timed=inference["samples_timed"], total=inference["samples_total"])


#: The captured environment's components (:func:`iso4213_nb.controls.environment.capture`), in words.
_COMPONENTS = {"cpu_model": N_("processor (CPU model)"), "logical_cores": N_("logical cores"),
               "usable_cores": N_("cores this process may use"), "memory_bytes": N_("memory (RAM)"),
               "machine": N_("machine architecture"), "os": N_("operating system"), "python": N_("Python version"),
               "python_implementation": N_("Python implementation"), "libraries": N_("library versions")}


def memory(size: int | None) -> str:
    """A memory size in bytes as GiB to one decimal, with the exact count in digit groups (5.3.11):
    ``23.6 GiB (25,325,268,992 bytes)``; ``23,6 ГиБ (25 325 268 992 байт)`` in Russian."""
    if size is None:
        return _("unknown")
    return _("{gib} GiB ({bytes} bytes)").format(gib=number(size / 2 ** 30, 1),
                                                  bytes=with_digit_groups(f"{int(size):,}"))


def environment_rows(environment: dict) -> list[list[str]]:
    """The captured environment (5.3.11, clause 8) as rows of component and value, in words: the component's
    name, not its key; memory as :func:`memory`; each library with its version, or "not installed"."""
    rows, absent = [], _("not installed")
    for key, value in environment.items():
        if key == "memory_bytes":
            text = memory(value)
        elif isinstance(value, dict):
            text = ", ".join(f"{name} {version or absent}" for name, version in value.items())
        else:
            text = _("unknown") if value is None else str(value)
        rows.append([_(_COMPONENTS[key]) if key in _COMPONENTS else key, text])
    return rows
