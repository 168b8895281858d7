"""The one-page summary that opens a report, computed as data from the assembled report content (clause 8).

:func:`summarize` reads the dict that :func:`iso4213_nb.report.content.build` or
:func:`iso4213_nb.report.streamed.build_content` (each with
:func:`iso4213_nb.report.uncertainty.extend`) assembled, and returns
``report["summary"]``: codes, keys and numbers only, each number copied from
the place of ``report.json`` named beside it (``source``), so that ``verify``
recomputes it like any other value and a reader can follow it to its section: the headline measures of
each model (:func:`headline`), the tests' decisions (:func:`comparisons`), the ranking's (:func:`ranking`), the
reported items (:func:`items`) and the :func:`warnings`.  :mod:`iso4213_nb.report.render_summary` puts it in
words.
"""

from __future__ import annotations

from ..inputs import BINARY, MULTICLASS, MULTILABEL
from ..measures.registry import clause
from .content import AUTOMATIC, FILLED, MISSING

#: The headline measures of each task, in the order the summary shows them (clause 6; 6.4.3 averages, 6.5
#: multi-label).  ``auroc`` of a multi-class model is the macro average of its one-vs-rest AUROCs (6.4.3).
HEADLINE = {
    BINARY: ("accuracy", "precision", "recall", "specificity", "f1", "auroc"),
    MULTICLASS: ("accuracy", "balanced_accuracy", "macro_f1", "weighted_f1", "cohen_kappa", "auroc"),
    MULTILABEL: ("hamming_loss", "exact_match_ratio", "jaccard_samples", "jaccard_dataset"),
}

#: Warning codes of ``summary.warnings``: a value undefined (and why); an interval undefined (and why); an
#: interval whose bounds come from another method than the one asked for (and why); an interval from which
#: some resamples were left out as undefined; a test with no p-value; a subgroup with too few samples, or with
#: a count too small for its test (``kind``: ``small_group``, ``small_cell``; 5.3.2); numbers weighted by the
#: file's weight column (no interval has a weighted form); labels derived from scores at a threshold or by
#: arg-max; a report computed from counts in chunks or state files, with what it could not give; AUROC from
#: binned scores with its error bound.
WARNINGS = ("undefined_value", "undefined_interval", "interval_substituted", "resamples_undefined", "test_undefined",
            "small_group", "weighted", "labels_from_scores", "labels_from_argmax", "streamed", "not_given",
            "binned_auroc")


def _entry(key: str, source: str, value, interval: dict | None) -> dict:
    """One headline measure: its value and interval as the report holds them at ``source``."""
    entry = {"measure": key, "clause": clause(key), "estimate": value, "low": None, "high": None,
             "method": None, "reason": None, "source": source}
    if interval is not None:
        entry.update(low=interval.get("low"), high=interval.get("high"), method=interval.get("method"),
                     reason=interval.get("reason"))
    return entry


def _positive_class(assessment: dict, positive) -> tuple[str, dict]:
    return next((str(k), v) for k, v in assessment["per_class"].items() if str(k) == str(positive))


def headline(report: dict, name: str) -> list[dict]:
    """The headline measures of model ``name`` (:data:`HEADLINE`), each from its interval where the report has
    one (``models.<m>.intervals.<key>``), else from the point value (clause 6, 7.8)."""
    model, task = report["models"][name], report["input"]["task"]
    intervals = model.get("intervals") or {}
    base = f"models.{name}"
    entries = []
    for key in HEADLINE[task]:
        if task == MULTILABEL:
            value = model["multilabel"].get(key)
            entries.append(_entry(key, f"{base}.multilabel.{key}", value, None))
        elif key in intervals:
            entries.append(_entry(key, f"{base}.intervals.{key}", intervals[key]["estimate"], intervals[key]))
        elif key == "auroc" and task == MULTICLASS:
            if isinstance(model.get("auroc"), dict) and "macro" in model["auroc"]:
                entries.append(_entry(key, f"{base}.auroc.macro", model["auroc"]["macro"], None))
        elif key in model["assessment"]:
            entries.append(_entry(key, f"{base}.assessment.{key}", model["assessment"][key], None))
        elif task == BINARY and key in ("precision", "recall", "specificity", "f1"):
            label, values = _positive_class(model["assessment"], report["input"]["positive"])
            entries.append(_entry(key, f"{base}.assessment.per_class.{label}.{key}", values.get(key), None))
    return entries


def comparisons(report: dict) -> dict:
    """Every clause-7 test of the report with its decision: raw and adjusted p-value, rejected or not, at which α
    and after which adjustment (7.9, 7.10)."""
    comp = report["comparisons"]
    statement = comp.get("statement") or {}
    tests = [{"models": list(t["models"]), "measure": t["measure"], "label": t.get("label"), "test": t.get("test"),
              "pvalue": t.get("pvalue"), "adjusted_pvalue": t.get("adjusted_pvalue"), "rejected": t.get("rejected"),
              "source": f"comparisons.tests[{i}]"} for i, t in enumerate(comp["tests"])]
    return {"adjustment": statement.get("method"), "alpha": statement.get("alpha"), "tests": tests,
            "significant": sum(t["rejected"] is True for t in tests)}


def ranking(report: dict) -> dict:
    """The ranking's decision: whether the Friedman test finds the models differ at α, their mean ranks and the
    groups the post-hoc test cannot tell apart; or why there is no ranking (clause 7; beyond TS 4213: Demšar 2006)."""
    rk = report.get("ranking")
    if not rk:
        return {"applies": False, "reason": None}
    if not rk.get("applies"):
        return {"applies": False, "reason": rk.get("reason")}
    pvalue = rk["friedman"]["pvalue"]
    return {"applies": True, "measure": rk["measure"], "alpha": rk["alpha"], "friedman_pvalue": pvalue,
            "differ": None if pvalue is None else bool(pvalue < rk["alpha"]),
            "mean_ranks": dict(zip(rk["names"], rk["mean_ranks"])), "groups": rk["groups"]}


def items(report: dict) -> dict:
    """How many reported items (clause 8 and the others of :func:`.content.items`) are filled, filled
    automatically or missing, and the missing ones with their clauses."""
    listed = report["items"]
    return {"filled": sum(i["status"] == FILLED for i in listed),
            "automatic": sum(i["status"] == AUTOMATIC for i in listed),
            "missing": [{"id": i["id"], "clause": i["clause"]} for i in listed if i["status"] == MISSING]}


def _model_warnings(report: dict, name: str) -> list[dict]:
    model = report["models"][name]
    found = []
    assessment = model.get("assessment") or model.get("multilabel") or {}
    reasons = assessment.get("reasons") or {}
    for entry in assessment.get("undefined", []):
        where, _sep, code = str(entry).partition(": ")
        found.append({"code": "undefined_value", "model": name, "where": where,
                      "reason": reasons.get(where) or {"code": code or None}})
    for key, interval in (model.get("intervals") or {}).items():
        if interval is None:
            continue
        if interval.get("low") is None:
            found.append({"code": "undefined_interval", "model": name, "where": key, "reason": interval.get("reason")})
        elif interval.get("reason"):  # bounds given, but by another method than the one asked for
            found.append({"code": "interval_substituted", "model": name, "where": key, "reason": interval["reason"]})
        elif interval.get("n_undefined"):
            found.append({"code": "resamples_undefined", "model": name, "where": key,
                          "n_undefined": interval["n_undefined"], "n_resamples": interval.get("n_resamples")})
    for attribute, data in (model.get("subgroups") or {}).items():
        for warning in data.get("warnings", []):
            found.append({"code": "small_group", "model": name, "attribute": attribute, "value": warning.get("value"),
                          "n": warning.get("n"), "kind": warning.get("code"), "minimum": warning.get("minimum"),
                          "cells": warning.get("cells")})
    if model.get("labels_derived_at") is not None:
        found.append({"code": "labels_from_scores", "model": name, "threshold": model["labels_derived_at"]})
    if model.get("labels_from_argmax"):
        found.append({"code": "labels_from_argmax", "model": name})
    return found


def warnings(report: dict) -> list[dict]:
    """Everything that changes how a number of the report should be read, as codes with their numbers
    (:data:`WARNINGS`); in report order: the input, each model, the tests, the streamed path (clause 8, 7.8)."""
    found = [{"code": "weighted"}] if report["input"].get("weighted") else []
    for name in report["models"]:
        found += _model_warnings(report, name)
    for i, test in enumerate(report["comparisons"]["tests"]):
        if test.get("pvalue") is None:
            found.append({"code": "test_undefined", "source": f"comparisons.tests[{i}]", "models": list(test["models"]),
                          "measure": test["measure"], "reasons": test.get("reasons") or {}})
    streamed = report.get("streaming")
    if streamed is not None:
        found.append({"code": "streamed"})
        found += [{"code": "not_given", "measure": e["measure"], "models": list(e.get("models", [])),
                   "reason": e.get("reason")} for e in streamed.get("not_given", [])]
        found += [{"code": "binned_auroc", "model": name, "bins": b["bins"], "bound": b["auroc_error_bound"]}
                  for name, b in (streamed.get("binned") or {}).items()]
    return found


def summarize(report: dict) -> dict:
    """The summary of an assembled report (see the module docstring); ``report`` itself is not changed (clause 8)."""
    return {"task": report["input"]["task"], "confidence_level": report["confidence_level"],
            "models": {name: {"headline": headline(report, name)} for name in report["models"]},
            "comparisons": comparisons(report), "ranking": ranking(report), "items": items(report),
            "warnings": warnings(report)}


def attach(report: dict) -> dict:
    """Set ``report["summary"]`` from the rest of ``report`` and return ``report``; every assembly of a report
    (in memory, streamed, and ``verify``'s recomputation) calls it last (clause 8)."""
    report.pop("summary", None)
    report["summary"] = summarize(report)
    return report
