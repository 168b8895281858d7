"""A clause-8 report from mergeable counts: predictions read in chunks, on Dask, or merged state files.

``iso4213-nb report --chunk-rows``, ``--engine dask``, ``--bins`` or
``--states`` build the report here instead of in :mod:`.build`: the numbers
come from the states of :mod:`iso4213_nb.scale.streaming`, never from all rows in
memory, and equal those of the in-memory report (every count, every clause-6
measure, the curves and their areas, the operating points, McNemar's tests;
with a ``weight`` column the weighted ones; a multi-class model's class-score
measures; per subgroup the measures, Wilson intervals and heterogeneity tests).

What counts cannot give is said in the report (``report.json`` key
``streaming.not_given``, and a section of the page): DeLong's interval of
one AUROC comes from the score counts, but DeLong's test of two models needs
each row's placement values under both, so it is computed by a second pass
over the predictions when the rows are at hand (``--chunk-rows`` on one file,
or a second Dask reduction) and is not given from state files
(:mod:`iso4213_nb.scale.streamed_delong`); in binned mode (``--bins``) the areas are
approximate, the AUROC with its worst-case error bound, and neither DeLong
result is given.

The page is a notebook assembled in this process (no kernel: the numbers are
already computed) from the same HTML fragments (:mod:`.render`) as the
in-memory report.  There is no ``predictions.parquet``: the rows are not kept.
"""

from __future__ import annotations

import base64
import io
import json
import sys
from pathlib import Path

import nbformat

from ..controls import checklist
from ..scale import streamed_delong, streaming
from ..controls.environment import capture
from ..words.i18n import _, current_language
from ..inputs import BINARY, MULTICLASS
from ..stats.results import interval_json
from ..subgroups.counts import subgroups_from_counts
from ..core.probability_rows import probability_problems
from ..core.undefined import is_undefined
from . import (content, export, render, render_summary, render_tasks, render_uncertainty, streamed_intervals, summary,
               tasks, uncertainty, words)
from .atomic import atomic_directory, check_target
from .manifest import utc_now, write_manifest
from .not_given_words import measure_words, reason_words
from .options import SETTINGS, parse_formats, wants_page


def _model(assessed: streaming.Assessed, name: str, auroc_interval: dict | None) -> dict:
    model = assessed.models[name]
    assessment = streaming.metrics(assessed, name)
    if "predicted_from" in assessment:  # as content._model: the report assesses the labels it derived, as labels
        assessment["predicted_from"] = "y_pred"
    entry = content.model_entry(model.matrix, positive=assessed.positive, weighted=assessed.weighted,
                                derived_at=model.derived_at, scores=model.scores, assessment=assessment,
                                auroc=auroc_interval, from_argmax=name in assessed.settings.argmax)
    entry.update({"has_scores": model.scores is not None or name in assessed.class_scores,
                  "labels_from_argmax": name in assessed.settings.argmax, "calibration_skipped": "no_scores"})
    if name in assessed.class_scores:  # log loss is undefined exactly when the class scores are not probabilities
        entry["calibration_skipped"] = (tasks.NOT_PROBABILITIES if is_undefined(assessed.class_scores[name].log_loss)
                                        else "needs_rows")
        entry.update(assessed.class_scores[name].to_dict())
    elif model.scores is not None:
        entry["calibration_skipped"] = (tasks.NOT_PROBABILITIES if probability_problems(model.scores.thresholds)
                                        else "needs_rows")
    if assessed.groups:
        entry["subgroups"] = {group: subgroups_from_counts(
            models[name], labels=assessed.labels, positive=assessed.positive, scores=entry["has_scores"],
            aurocs=assessed.group_aurocs.get(group, {}).get(name), confidence_level=content.CONFIDENCE_LEVEL).to_dict()
            for group, models in assessed.groups.items()}
    return entry


def _comparisons(assessed: streaming.Assessed, delong: dict) -> dict:
    """McNemar for every pair (from paired counts) and DeLong where a second pass gave it; one Holm correction (7.9, 7.10)."""
    return content.pair_comparisons([m[0] for m in assessed.settings.models],
                                    lambda a, b: assessed.paired.mcnemar_table(f"right.{a}", f"right.{b}"),
                                    lambda a, b: delong.get((a, b)))


def second_pass(assessed: streaming.Assessed, states: dict, chunks,
                confidence_level: float = content.CONFIDENCE_LEVEL) -> tuple[dict, dict]:
    """``({model: AUROC interval}, {(a, b): DeLong test})`` (clause 8): intervals from the counts, tests from a
    second pass over ``chunks`` (open chunks or :class:`~iso4213_nb.scale.streamed_delong.DaskRows`; None: no test)."""
    intervals = streamed_delong.report_intervals(assessed, states, confidence_level)
    return ({name: interval_json(ci) for name, ci in intervals.items()},
            streamed_delong.delong_tests(assessed, states, chunks))


def not_given(assessed: streaming.Assessed, rows_read: bool, models: dict) -> list[dict]:
    """Which measures the report does not give, or gives approximately, and the reason code of each (clause 8).

    ``models``: the report's model entries (their ``calibration_skipped`` says which calibrations need rows).
    """
    out = []
    scored = assessed.settings.scored
    calibrated = [name for name, entry in models.items() if entry.get("calibration_skipped") == "needs_rows"]
    if calibrated:
        out.append({"measure": "calibration", "models": calibrated, "reason": "calibration_rows"})
    if assessed.settings.bins is not None:
        out += [{"measure": area, "models": scored, "reason": "binned_approximate"}
                for area in streaming.BINNED_AREAS if scored]
        out += [{"measure": m, "models": scored, "reason": "binned_no_placements"}
                for m in ("delong_test", "auroc_interval") if scored]
        if scored and len(assessed.labels) == 2 and not assessed.weighted:
            out.append({"measure": "operating_intervals", "models": scored, "reason": "binned_operating"})
    elif assessed.weighted and scored:
        out += [{"measure": m, "models": scored, "reason": "weighted"} for m in ("delong_test", "auroc_interval")]
    elif not rows_read and len(scored) > 1:  # one AUROC's interval comes from the counts (streamed_delong)
        out.append({"measure": "delong_test", "models": scored, "reason": streaming.NEED_ROWS["delong_test"]})
    if assessed.groups:
        out.append({"measure": "subgroup_bootstrap_intervals", "models": [m[0] for m in assessed.settings.models],
                    "reason": streaming.NEED_ROWS["subgroup_bootstrap_intervals"]})
    out.append({"measure": "bootstrap_intervals", "models": [m[0] for m in assessed.settings.models],
                "reason": streaming.NEED_ROWS["bootstrap_intervals"]})
    return out


def build_content(assessed: streaming.Assessed, states: dict, source, *, answers: dict, title: str | None,
                  meta_name: str | None, how: dict, chunks=None,
                  confidence_level: float = content.CONFIDENCE_LEVEL) -> dict:
    """The JSON-ready report (the shape of :func:`.content.build`, plus ``streaming``); the AUROC intervals at
    ``confidence_level`` (clause 8)."""
    intervals, delong = second_pass(assessed, states, chunks, confidence_level)
    names = [m[0] for m in assessed.settings.models]
    top_k = sorted({k for result in assessed.class_scores.values() for k in result.top_k_accuracy})
    binned = {name: {"bins": m.binned.bins, "low": m.binned.low, "high": m.binned.high,
                     "auroc_error_bound": m.binned.auroc_error_bound}
              for name, m in assessed.models.items() if m.binned is not None}
    models = {name: _model(assessed, name, intervals.get(name)) for name in names}
    inputs = {"predictions": source.file_name, "meta": meta_name, "demo": False, "n": assessed.n,
              "labels": [content.plain(v) for v in assessed.labels],
              "class_counts": {str(k): v for k, v in assessed.class_counts.items()},
              "positive": content.plain(assessed.positive), "models": names,
              "task": BINARY if len(assessed.labels) == 2 else MULTICLASS, "weighted": assessed.weighted,
              "groups": list(assessed.groups), "top_k": top_k}
    report = content.assemble(title, inputs, answers, environment=capture(), inference=None,
                              groups=bool(assessed.groups), models=models, comparisons=_comparisons(assessed, delong))
    report["streaming"] = {**how, "binned": binned, "not_given": not_given(assessed, chunks is not None, models)}
    return report


def _curves_png(assessed: streaming.Assessed, report: dict) -> str | None:
    """The four curves of every scored model as a base64 PNG (from the counts), or None without scores."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    from .figures import scores_figure

    scored = {name: m.scores for name, m in assessed.models.items() if m.scores is not None}
    if not scored:
        return None
    return _png(scores_figure(scored, assessed.class_counts[assessed.positive] / assessed.n, report))


def _png(fig) -> str:
    """A matplotlib figure as a base64 PNG; the figure is closed."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def streaming_html(report: dict) -> str:
    """How the numbers were computed, what is approximate and by how much, and what is not given (clause 8)."""
    s = report["streaming"]
    parts = [f"<p>{render.escaped(s['how'])}</p>"]
    for name, b in s["binned"].items():
        parts.append("<p>" + render.escaped(_(
            "Model {name}: scores counted in {bins} equal bins on [{low:g}, {high:g}]; its curves and areas are "
            "approximate, and its AUROC lies within ± {bound:.6f} of the exact value.").format(
            name=name, bins=b["bins"], low=b["low"], high=b["high"], bound=b["auroc_error_bound"])) + "</p>")
    rows = [[measure_words(entry["measure"]), ", ".join(entry["models"]), reason_words(entry["reason"], {
        "bins": s["binned"][entry["models"][0]]["bins"]} if entry["models"] and entry["models"][0] in s["binned"] else None)]
            for entry in s["not_given"]]
    table = render.html_table(rows, [_("measure"), _("models"), _("why it is not given, or not exactly")],
                              caption=_("What mergeable counts cannot give"))
    return render.wrap("".join(parts) + table)


def _cell(html: str | None = None, markdown: str | None = None, png: str | None = None):
    if markdown is not None:
        return nbformat.v4.new_markdown_cell(markdown)
    data = {"text/html": html} if html is not None else {"image/png": png, "text/plain": "<Figure>"}
    return nbformat.v4.new_code_cell("", outputs=[nbformat.v4.new_output("display_data", data=data)])


def notebook(report: dict, assessed: streaming.Assessed) -> nbformat.NotebookNode:
    """The report page as a notebook of ready outputs (the sections of the in-memory report) (clause 8)."""
    models = report["models"]
    cells = [_cell(render_summary.opening(report)), _cell(render.header(report, with_title=False)),
             _cell(markdown=_("## How this report was computed\n\nThe predictions were not held in memory: they "
                              "were read in pieces and reduced to counts that merge exactly (beyond TS 4213). "
                              "Every count, clause-6 measure, curve and operating point equals that of the whole "
                              "file in memory unless this section says otherwise.")),
             _cell(streaming_html(report)),
             _cell(markdown=_("## Reported items (clause 8)")), _cell(render.status_table(report)),
             _cell(markdown=_("## 1 The assessment process (5.1, 5.2)")),
             _cell(render.answers(report, ("process", "purpose"))),
             _cell(markdown=_("## 2 Data and ground truth (clause 8; 5.3.2–5.3.9)")),
             _cell(render.answers(report, ("training_data", "test_data", "bias", "preprocessing", "splitting",
                                           "leakage", "channel_effects", "ground_truth"))),
             _cell(markdown=_("## 3 Models, baselines and the choice of measures")),
             _cell(render.answers(report, ("hyperparameters", "baselines", "context", "measures"))),
             _cell(markdown=_("## 4 Counts at representative operating points (clause 8)"))]
    for name in models:
        cells += [_cell(render.operating_points(report, name)), _cell(render.confusion(report, name))]
    cells.append(_cell(markdown=_("## 5 Measures with confidence intervals (clause 6, 7.8)")))
    cells += [_cell(render.measures(report, name)) for name in models]
    if "interval_settings" in report:  # the bootstrap intervals (.uncertainty.extend)
        cells += [_cell(render_uncertainty.settings_text(report))]
        cells += [_cell(render_uncertainty.interval_table(report, name)) for name in models]
        cells += [_cell(render_uncertainty.operating_table(report, name)) for name in models
                  if "operating_intervals" in models[name]]
        bands = render_uncertainty.bands_figure(report)
        if bands is not None:
            cells.append(_cell(png=_png(bands)))
    cells += [_cell(html) for name in models
              for html in (render_tasks.class_scores(report, name), render_tasks.subgroups(report, name)) if html]
    cells.append(_cell(markdown=_("## 6 Curves (6.3.6–6.3.9)")))
    png = _curves_png(assessed, report)
    cells.append(_cell(png=png) if png else _cell(f"<p>{_('No model has scores, so there are no curves.')}</p>"))
    cells += [_cell(markdown=_("## 7 Comparisons between models (clause 7, 7.10)")), _cell(render.comparisons(report))]
    if "ranking" in report:
        cells.append(_cell(render_uncertainty.ranking(report)))
    cells += [
              _cell(markdown=_("## 8 Test environment (5.3.11, 5.3.12, clause 8)")), _cell(render.environment(report)),
              _cell(markdown=_("## 9 Inference duration (6.6, clause 8)")), _cell(render.inference(report))]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["iso4213_nb"] = {"streamed": True}
    return nb


def make_streamed_report(assessed: streaming.Assessed, states: dict, source, *, meta, out, formats, how: dict,
                         chunks=None, command=None, parameters: dict | None = None, intervals=None,
                         browser: str | None = None) -> Path:
    """Write the report folder ``out`` from merged states (see the module docstring); returns its path (clause 8).

    ``source`` names the input (a predictions file, or the state files
    merged); ``how`` says how it was read (``engine``, ``chunk_rows``,
    ``states`` ...) and, under ``how``, one sentence for the page; ``chunks``
    are the open predictions, or the :class:`~iso4213_nb.scale.streamed_delong.DaskRows` of a
    Parquet data set, when a second pass can read the rows again (None for state files); ``intervals``
    (an :class:`~iso4213_nb.stats.measure_intervals.IntervalSettings`) adds the bootstrap intervals
    (:func:`.uncertainty.extend`); ``browser`` prints the PDF (default :func:`.export.browser`).
    """
    from .build import meta_source, read_settings

    started = utc_now()
    formats = parse_formats(formats if isinstance(formats, str) else ",".join(formats))
    out = Path(out)
    check_target(out)
    browser = export.browser(browser) if "pdf" in formats else None
    if wants_page(formats):
        export.node_modules()
    answers = checklist.load(meta, extra_keys=(SETTINGS,)) if meta is not None else {}
    settings = read_settings(meta)
    report = build_content(assessed, states, source, answers=answers,
                           title=str(settings["title"]) if settings.get("title") else None,
                           meta_name=None if meta is None else Path(meta).name, how=how, chunks=chunks,
                           confidence_level=content.CONFIDENCE_LEVEL if intervals is None else intervals.confidence_level)
    if intervals is not None:
        uncertainty.extend(report, streamed_intervals.States(assessed, states), intervals)
    summary.attach(report)
    nb = notebook(report, assessed) if wants_page(formats) else None
    with atomic_directory(out) as tmp:
        (tmp / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False, allow_nan=False,
                                                    default=content.json_default), encoding="utf-8")
        if nb is not None:
            nbformat.write(nb, tmp / "report.ipynb")
            html_path = export.to_html(nb, tmp, title=words.page_title(), language=current_language())
        if "pdf" in formats:
            export.to_pdf(html_path, browser_path=browser)
        write_manifest(
            tmp, started_utc=started, command=sys.argv if command is None else command,
            inputs={"predictions": {"name": source.file_name, "sha256": source.sha256, "size": source.size,
                                    "format": source.format, "parsed": None},
                    "meta": meta_source(meta)},
            parameters={**(parameters or {}), "formats": list(formats)}, random_seeds={},
            extra_tools=export.pdf_tools(browser))
    return out
