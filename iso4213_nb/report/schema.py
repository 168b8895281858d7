"""The JSON Schema of ``report.json`` (draft 2020-12), shipped as ``report.schema.json`` beside this module.

:func:`schema_errors` validates a loaded ``report.json`` with the
``jsonschema`` library and returns where and why it does not conform;
``iso4213-nb verify`` and the tests use it.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from jsonschema import Draft202012Validator

SCHEMA_FILE = "report.schema.json"


@cache
def schema() -> dict:
    """The schema as a dict (read once per process)."""
    text = (resources.files("iso4213_nb") / "report" / SCHEMA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


def schema_errors(report: dict) -> list[tuple[str, str]]:
    """``[(JSON path, message), ...]`` of every way ``report`` breaks the schema; empty when it conforms (clause 8)."""
    validator = Draft202012Validator(schema())
    return [(error.json_path, error.message) for error in sorted(validator.iter_errors(report), key=str)]
