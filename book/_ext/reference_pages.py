"""Reference pages generated from the package's own definitions when the book builds.

* ``predictions-format``: the predictions file, from the input layer's
  constants (formats, column suffixes, label rule, the fields it hands on);
  columns the input layer does not know yet are listed as such, so the page
  changes by itself when they land.
* ``report-schema``: every key of ``report.json``, from
  ``iso4213_nb/report/report.schema.json``.
* ``measures-registry``: every measure of :data:`iso4213_nb.measures.registry.MEASURES` with its clause;
* ``measures-index``: every name of every measure in :data:`iso4213_nb.words.glossary.TERMS`
  (TS 4213, ПНСТ 835-2023, TR 24029-1, ...) with its formula symbol, so the
  book's search finds a measure by any of them.

Each directive sits in an ``eval-rst`` block; the ``*_lines`` functions are
plain Python, tested without Sphinx.
"""

from __future__ import annotations

import dataclasses
import json
from importlib import resources

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

#: What each model column suffix of the input layer holds; a suffix missing here still gets a row.
SUFFIX_MEANING = {
    "_pred": "the label predicted by model ``<model>``, written like ``y_true``'s labels",
    "_score": "the score of model ``<model>`` for the positive class (binary tasks); larger means more "
              "likely positive; real numbers, ``.`` or ``,`` as decimal mark; no empty, NaN or infinite cell",
}
#: Columns announced for this release (CONTRACTS.md): (what, class, field that holds them once supported).
ANNOUNCED = (
    ("multi-class scores: one score column per class", "Model", "score_matrix"),
    ("subgroup columns ``group_<attribute>``", "Predictions", "groups"),
    ("a sample weight column ``weight``", "Predictions", "weight"),
    ("multi-label: one indicator column per label", "Predictions", "label_names"),
)


def _table(header: list[str], rows: list[list[str]], widths: str | None = None) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1"] + ([f"   :widths: {widths}"] if widths else []) + [""]
    for row in [header, *rows]:
        lines.append(f"   * - {row[0]}")
        lines += [f"     - {cell}" for cell in row[1:]]
    return lines + [""]


def _section(title: str, underline: str = "-") -> list[str]:
    return [title, underline * len(title), ""]


def _fields(cls) -> list[list[str]]:
    return [[f"``{f.name}``", f"``{f.type}``"] for f in dataclasses.fields(cls)]


def predictions_format_lines() -> list[str]:
    """reST of the predictions file format, from :mod:`iso4213_nb.inputs`."""
    from iso4213_nb.inputs import columns, options, predictions, source

    lines = _section("Formats")
    lines += [options.FORMATS_HELP.replace("- reads", "``-`` reads") + ".  Compressed text is recognised by its "
              "first bytes: " + ", ".join(f"{name} (``.{suffix}``)" for name, suffix in
                                         source.COMPRESSION_SUFFIX.items()) + ".", ""]
    lines += _section("Columns")
    rows = [["``y_true``", "the true label of the sample (another name: ``--y-true``)"],
            ["``y_pred``", f"one model, called ``{predictions.ONE_MODEL}``: its predicted label "
                           "(another name: ``--y-pred``)"],
            ["``score``", f"one model, called ``{predictions.ONE_MODEL}``: its score for the positive class "
                          "(another name: ``--score``)"]]
    rows += [[f"``<model>{suffix}``", SUFFIX_MEANING.get(suffix, "see :mod:`iso4213_nb.inputs.predictions`")]
             for suffix in predictions.SUFFIXES]
    lines += _table(["column", "holds"], rows, "25 75")
    lines += ["One row per test sample, a header row first.  Every model needs a label column, a score column or "
              "both; a model with scores only gets labels at ``--threshold`` (positive when score >= threshold).  "
              "``iso4213-nb report`` refuses any other column, so that a typo cannot drop a model silently; "
              "``metrics`` and ``compare`` read only the columns they are given.", ""]
    lines += _section("Labels")
    lines += [f"Labels are compared exactly as written.  Only when every label of the columns read together is a "
              f"whole number written plainly (``{columns.CANONICAL_INTEGER.pattern}``: no ``+``, no leading zero) "
              f"do they become integers, so ``01`` and ``1`` are two labels.  At most {columns.MAX_CLASSES:,} "
              "distinct labels are read unless ``--max-classes`` allows more.  ``--positive`` names the positive "
              "class as it is written in the file (default 1 for 0/1 labels).", ""]
    lines += _section("What the input layer hands on")
    lines += ["The checked file becomes a :class:`iso4213_nb.inputs.predictions.Predictions` with these fields:", ""]
    lines += _table(["field", "type"], _fields(predictions.Predictions))
    lines += ["and one :class:`iso4213_nb.inputs.predictions.Model` per model:", ""]
    lines += _table(["field", "type"], _fields(predictions.Model))
    lines += _section("Columns announced for this release")
    classes = {"Model": predictions.Model, "Predictions": predictions.Predictions}
    rows = []
    for what, owner, name in ANNOUNCED:
        known = name in {f.name for f in dataclasses.fields(classes[owner])}
        rows.append([what, f"supported: ``{owner}.{name}`` above" if known else
                     f"**not yet supported by this version** (the input layer has no ``{owner}.{name}``); "
                     "its convention will be documented here when it lands"])
    lines += [".. admonition:: Placeholder for columns that are coming", ""]
    lines += ["   " + line if line else "" for line in _table(["columns", "status"], rows, "40 60")]
    return lines


def _type(schema: dict) -> str:
    if "$ref" in schema:
        return f"see *{schema['$ref'].rsplit('/', 1)[1]}*"
    if "enum" in schema:
        return "one of " + ", ".join(f"``{json.dumps(v, ensure_ascii=False)}``" for v in schema["enum"])
    if "const" in schema:
        return f"``{json.dumps(schema['const'])}``"
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(_type(s) for s in schema[key])
    kind = schema.get("type", "any")
    return " or ".join(kind) if isinstance(kind, list) else kind


def _walk(schema: dict, path: str, required: bool, rows: list) -> None:
    description = schema.get("description", "").replace("\n", " ")
    rows.append([f"``{path}``" if path else "(the document)", _type(schema), "yes" if required else "",
                 description])
    for name, sub in schema.get("properties", {}).items():
        _walk(sub, f"{path}.{name}" if path else name, name in schema.get("required", []), rows)
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        _walk(extra, f"{path}.<name>" if path else "<name>", False, rows)
    items = schema.get("items")
    if isinstance(items, dict):
        _walk(items, f"{path}[]", False, rows)


def report_schema_lines() -> list[str]:
    """reST of every key of ``report.json``, from its JSON Schema."""
    schema = json.loads(resources.files("iso4213_nb.report").joinpath("report.schema.json").read_text("utf-8"))
    lines = [schema.get("description", ""), ""]
    rows: list = []
    _walk({k: v for k, v in schema.items() if k != "$defs"}, "", True, rows)
    lines += _table(["key", "type", "required", "meaning"], rows[1:], "35 30 10 25")
    for name, sub in schema.get("$defs", {}).items():
        lines += _section(name, "~")
        rows = []
        _walk(sub, "", True, rows)
        lines += [f"Type: {rows[0][1]}.  {rows[0][3]}".rstrip(), ""]
        if rows[1:]:
            lines += _table(["key", "type", "required", "meaning"], rows[1:], "35 30 10 25")
    return lines


def measures_index_lines() -> list[str]:
    """reST of every measure with all its names and its symbol, from :data:`iso4213_nb.words.glossary.TERMS`."""
    from iso4213_nb.words import glossary

    rows = []
    for head, terms in glossary.by_concept():
        symbols = [t.name for t in terms if t.source.startswith(glossary.TR)]
        names = "; ".join(f"{t.name} ({t.source})" for t in terms if not t.source.startswith(glossary.TR))
        rows.append([head, ", ".join(f"``{s}``" for s in symbols), names, f":py:obj:`{terms[0].target}`"])
    return _table(["measure", "symbol (TR 24029-1)", "every name, with the document and clause that use it",
                   "function"], rows, "18 12 50 20")


def measures_registry_lines() -> list[str]:
    """reST of every measure of :data:`iso4213_nb.measures.registry.MEASURES`: clause, names in both languages,
    symbol, formula, kind, which direction is better and the reason code when it has no value."""
    from iso4213_nb.measures.registry import MEASURES
    from iso4213_nb.words.i18n import translations

    russian = translations("ru")
    rows = [[f"``{m.key}``", m.clause or f"beyond TS 4213: {m.source}", m.name, russian.get(m.name, m.name),
             f"``{m.symbol}``", f"``{m.formula}``", m.kind, m.better, f"``{m.undefined}``" if m.undefined else "never"]
            for m in MEASURES.values()]
    return _table(["key", "clause", "name", "название (ПНСТ 835-2023)", "symbol", "formula", "kind", "better",
                   "undefined"], rows, "12 12 12 14 7 17 9 6 11")


class _Generated(SphinxDirective):
    lines = staticmethod(lambda: [])

    def run(self):
        node = nodes.section()
        node.document = self.state.document
        self.state.nested_parse(StringList(self.lines(), source=self.name), self.content_offset, node,
                                match_titles=True)
        return node.children


class PredictionsFormat(_Generated):
    """``predictions-format``: the predictions file format."""

    lines = staticmethod(predictions_format_lines)


class ReportSchema(_Generated):
    """``report-schema``: every key of ``report.json``."""

    lines = staticmethod(report_schema_lines)


class MeasuresIndex(_Generated):
    """``measures-index``: every measure by every name and symbol."""

    lines = staticmethod(measures_index_lines)


class MeasuresRegistry(_Generated):
    """``measures-registry``: the registry of measures, the one place that names a measure and its clause."""

    lines = staticmethod(measures_registry_lines)


def setup(app):
    app.add_directive("predictions-format", PredictionsFormat)
    app.add_directive("report-schema", ReportSchema)
    app.add_directive("measures-index", MeasuresIndex)
    app.add_directive("measures-registry", MeasuresRegistry)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
