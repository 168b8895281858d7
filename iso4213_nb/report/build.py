"""Building a report folder: the steps of :mod:`iso4213_nb.report` in order."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import numpy as np

from ..controls import checklist
from ..demos import breast_cancer as demo, digits as demo_multiclass
from ..core import progress
from ..measures.computational import time_predictions
from ..controls.environment import capture
from ..core.checks import as_threshold
from ..core.errors import InputError
from ..inputs import read_predictions
from ..stats.measure_intervals import IntervalSettings
from . import content, export, summary, uncertainty, words
from ..words.i18n import LANGUAGES, current_language, using
from .atomic import atomic_directory, check_target
from .execute import run_template
from .manifest import sha256_file, utc_now, write_manifest
from .options import FORMATS, SETTING_KEYS, SETTINGS, parse_formats, wants_page
from .parsed import PARSED, write_parsed
from .render_uncertainty import write_cd_figures

#: The bundled demos (``report --demo NAME``): each module has DEMO_PREDICTIONS, DEMO_META, SEED and train_models.
DEMOS = {"binary": demo, "multiclass": demo_multiclass}


def read_settings(meta) -> dict:
    """The ``report:`` section of a meta file (title, positive); ``{}`` without a meta file (clause 8).

    The file's YAML and the rest of its sections are checked by :func:`iso4213_nb.controls.checklist.load` first.
    """
    if meta is None:
        return {}
    data = checklist.parse_yaml(Path(meta).read_text(encoding="utf-8")) or {}  # scalars as typed: title yes stays yes
    settings = data.get(SETTINGS) or {}
    if not isinstance(settings, dict):
        raise InputError("report.settings_not_mapping", file=Path(meta).name, section=repr(SETTINGS), keys=list(SETTING_KEYS))
    unknown = [k for k in settings if k not in SETTING_KEYS]
    if unknown:
        raise InputError("report.unknown_setting", file=Path(meta).name, setting=f"{SETTINGS}.{unknown[0]}",
                         keys=list(SETTING_KEYS))
    return settings


def read_input(predictions, *, positive, threshold: float, reading: dict | None = None):
    """Read and check the predictions once, with the input layer; the only place the report reads them (clause 8).

    ``predictions`` is a path or ``-`` (standard input); ``reading`` holds the
    reading options of :func:`iso4213_nb.inputs.read_predictions` (``sep``,
    ``decimal``, ``sheet``, ``max_classes``).  ``iso4213-nb verify
    --predictions`` reads the original file through here too, with the
    options the manifest recorded.
    """
    return read_predictions(predictions, positive=positive, threshold=threshold, **(reading or {}))


def meta_source(meta) -> dict | None:
    """The ``--meta`` file as the manifest records it (name, SHA-256, size, format), or None without one (clause 8;
    beyond TS 4213: the report's manifest)."""
    if meta is None:
        return None
    path = Path(meta)
    return {"name": path.name, "sha256": sha256_file(path), "size": path.stat().st_size, "format": "yaml"}


#: Test samples the demo's models are timed on (the random forest takes tens of milliseconds per call).
DEMO_TIMED_SAMPLES = 50


def time_models(models: dict, X, pred, max_samples: int | None = None) -> dict:
    """Inference duration of each fitted model (6.6.2, 6.6.3), one sample per call, on this machine.

    ``models`` maps model names of the predictions file to objects with a
    ``predict`` method; ``X`` holds the test samples in the file's row order,
    of which the first ``max_samples`` (default all) are timed.  Records
    whether each model's outputs equal the labels stored in the file.
    """
    n = len(X) if max_samples is None else min(int(max_samples), len(X))
    unknown = [name for name in models if name not in pred.models]
    if unknown:
        raise InputError("report.models_without_columns", models=[str(m) for m in unknown], file=pred.source.file_name)
    timed = {}
    for name, model in models.items():
        result = time_predictions(model.predict, X[:n], batch_size=1, warmup=1)
        summary = result.summary()
        summary["outputs_match_predictions"] = bool(np.array_equal(result.predictions, pred.models[name].pred[:n]))
        timed[name] = summary
    return {"samples_timed": n, "samples_total": len(X), "batch_size": 1, "warmup_calls": 1, "models": timed}


def make_report(predictions=None, meta=None, out="out/report", formats=FORMATS, *, positive=None,
                threshold: float = 0.5, models: dict | None = None, X=None, command=None,
                reading: dict | None = None, demo_name: str | None = None, top_k=(),
                intervals: IntervalSettings | None = None, lang: str | None = None,
                browser: str | None = None) -> Path:
    """Build a report folder ``out`` holding ``report.json``, ``report.ipynb``, the formats and ``manifest.json``.

    Parameters
    ----------
    predictions : predictions file (layout in :mod:`iso4213_nb.inputs.predictions`), ``-`` for
        standard input, or None for a bundled demo, whose meta file is then used unless ``meta`` is given.
    meta : YAML file of checklist answers (:mod:`iso4213_nb.controls.checklist`) plus an
        optional ``report:`` section with ``title`` and ``positive``.
    out : the report folder; replaced only after everything succeeded, and only
        when it is empty or a report folder of this tool whose every file is
        unchanged (:func:`~iso4213_nb.report.atomic.check_target`).
    formats : ``"html"``, ``"pdf"`` (printed from the HTML) and/or ``"json"``; report.json is always written,
        and ``("json",)`` alone writes no page (no notebook is run, no ``report.ipynb``).
    positive : the positive class of a binary task (overrides ``report.positive``).
    threshold : labels of a model given only by scores are ``score >= threshold``; must be finite.
    models, X : fitted models (``{name: estimator}``, names as in the file) and the
        test samples in file order; when given, their inference is timed
        (:func:`time_models`).  The demo supplies its own models.  Without
        models the inference-cost item is marked missing.
    command : the command line recorded in the manifest (default ``sys.argv``).
    reading : reading options of the predictions file (``sep``, ``decimal``, ``sheet``,
        ``max_classes``, as :func:`iso4213_nb.inputs.read_predictions` takes them); recorded
        in the manifest so that ``verify --predictions`` reads the file the same way; also
        ``groups`` (further subgroup columns) and ``classes`` (declared classes).
    demo_name : which bundled demo (:data:`DEMOS`) without ``predictions``; default ``"binary"``.
    top_k : top-k accuracies wanted beyond k = 1..5 for multi-class scores.
    intervals : how the intervals are computed (methods, level, resamples, seed;
        :class:`~iso4213_nb.stats.measure_intervals.IntervalSettings`, defaults when None);
        recorded in report.json and the manifest (:mod:`.uncertainty`).  The
        critical-difference diagram of three or more models is written beside
        the report as PNG and SVG and listed in the manifest.
    browser : the Chromium, Chrome or Edge that prints the PDF (default :func:`.export.browser` finds one);
        the manifest records its path and version under ``environment.tools.pdf_browser``.
    lang : the language of the HTML and PDF (``"en"``, ``"ru"``; default the active one,
        :func:`iso4213_nb.words.i18n.current_language`).  ``report.json`` holds codes and numbers
        only, so it is the same in every language.

    The predictions are read once; the notebook gets the parsed columns as
    ``predictions.parquet`` (:mod:`.parsed`), never the input's path.  The
    test environment is captured automatically
    (:func:`iso4213_nb.controls.environment.capture`), and ``manifest.json``
    (:mod:`.manifest`) records hashes of the inputs and of every output.

    Returns the path of ``out``.  Bad input raises :class:`InputError` and
    writes nothing; a failure later raises :class:`~.execute.ReportBuildError` and leaves
    any previous report at ``out`` as it was (clause 8).
    """
    started = utc_now()
    lang = current_language() if lang is None else lang
    if lang not in LANGUAGES:
        raise InputError("report.unknown_language", lang=repr(lang), languages=list(LANGUAGES))
    formats = parse_formats(formats if isinstance(formats, str) else ",".join(formats))
    threshold = as_threshold(threshold, "--threshold")
    out = Path(out)
    check_target(out)
    page = wants_page(formats)
    browser = export.browser(browser) if "pdf" in formats else None
    if page:
        export.node_modules()
    is_demo = predictions is None
    if demo_name is not None and not is_demo:
        raise InputError("report.demo_with_predictions")
    bundled = DEMOS.get(demo_name or "binary")
    if bundled is None:
        raise InputError("report.unknown_demo", demo=repr(demo_name), demos=list(DEMOS))
    if is_demo:
        predictions = bundled.DEMO_PREDICTIONS
        meta = bundled.DEMO_META if meta is None else meta
    if (models is None) != (X is None):
        raise InputError("report.models_without_x", models="models", x="X")
    steps = ["reading", "computing the numbers", *(["running the report notebook", "writing HTML"] if page else []),
             *(["printing the PDF"] if "pdf" in formats else []), "writing the manifest"]
    with progress.bar(total=len(steps), desc="report", unit="step") as shown:
        done = []

        def step(name):
            """Mark the previous step finished and show ``name`` as the one under way."""
            shown.update(len(done) > 0)
            done.append(name)
            shown.set_description(f"report: {name}")

        step("reading")
        answers = checklist.load(meta, extra_keys=(SETTINGS,)) if meta is not None else {}
        settings = read_settings(meta)
        pred = read_input(predictions, positive=settings.get("positive") if positive is None else positive,
                          threshold=threshold, reading=reading)
        step("computing the numbers")
        timed_samples = None
        if is_demo and models is None:
            models, X, _ = bundled.train_models()
            timed_samples = DEMO_TIMED_SAMPLES
        inference = time_models(models, X, pred, timed_samples) if models is not None else None
        placements = uncertainty.placements_by_model(pred)  # DeLong's placement values, once per model
        report = content.build(pred, answers, title=str(settings["title"]) if settings.get("title") else None,
                               meta_name=None if meta is None else Path(meta).name, demo=is_demo,
                               environment=capture(), inference=inference, top_k=top_k, placements=placements)
        intervals = IntervalSettings() if intervals is None else intervals
        uncertainty.extend(report, uncertainty.Rows(pred, placements), intervals)
        summary.attach(report)
        with atomic_directory(out) as tmp:
            (tmp / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False, allow_nan=False,
                                                        default=content.json_default), encoding="utf-8")
            write_parsed(pred, tmp / PARSED)
            write_cd_figures(report, tmp)
            if page:
                step("running the report notebook")
                nb = run_template(tmp, {"report_json": "report.json", "predictions": PARSED, "lang": lang})
                nbformat.write(nb, tmp / "report.ipynb")
                step("writing HTML")
                with using(lang):
                    page_title = words.page_title()
                html_path = export.to_html(nb, tmp, title=page_title, language=lang)
            if "pdf" in formats:
                step("printing the PDF")
                export.to_pdf(html_path, browser_path=browser)
            step("writing the manifest")
            source = pred.source
            write_manifest(
                tmp, started_utc=started, command=sys.argv if command is None else command,
                inputs={"predictions": {"name": source.file_name, "sha256": source.sha256, "size": source.size,
                                        "format": source.format, "parsed": PARSED},
                        "meta": meta_source(meta)},
                parameters={"positive": None if positive is None else str(positive), "threshold": threshold,
                            "formats": list(formats), "reading": dict(reading or {}), "top_k": list(top_k),
                            "demo": (demo_name or "binary") if is_demo else None,
                            "intervals": uncertainty.settings_json(intervals), "lang": lang},
                random_seeds={**({f"{bundled.KEY}.train_test_split": bundled.SEED,
                                  f"{bundled.KEY}.models": bundled.SEED} if is_demo else {}),
                              "bootstrap": intervals.seed},
                extra_tools=export.pdf_tools(browser))
            shown.update(1)
    return out
