"""A state file's departure from ``state.schema.json`` as one line: where in the file, and what is wrong.

jsonschema describes a failure over several lines (the schema, the instance,
the path); :func:`schema_problem` turns its first failure into an
:class:`~iso4213_nb.core.errors.InputError` code with data only, and
:func:`json_path` names the place (``$.states['labels.a'].arrays.counts.dtype``).

Beyond TS 4213: state files of the chunked evaluation of clause 6.
"""

from __future__ import annotations

import re

from jsonschema.exceptions import ValidationError

from ...core.errors import InputError

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def json_path(steps) -> str:
    """The JSONPath of ``steps`` (keys and indices from the document's root), e.g. ``$.states.truth.config``.

    Beyond TS 4213: state files of the chunked evaluation of clause 6.
    """
    out = "$"
    for step in steps:
        if isinstance(step, int):
            out += f"[{step}]"
        elif _NAME.match(step):
            out += f".{step}"
        else:
            out += "[" + repr(step) + "]"
    return out


def _short(value) -> str:
    """A JSON value as data for one line: a long string or container cut to its start."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def schema_problem(error: ValidationError, kinds) -> InputError:
    """What is wrong, as an :class:`InputError` code and data, for one jsonschema ``error`` (``kinds``: known kinds).

    Beyond TS 4213: state files of the chunked evaluation of clause 6.
    """
    keyword, value, expected = error.validator, error.instance, error.validator_value
    last = error.absolute_path[-1] if error.absolute_path else None
    if keyword in ("enum", "const") and last == "kind" and not (isinstance(value, str) and value in kinds):
        return InputError("accumulators.unknown_kind", kind=_short(value), known=sorted(kinds))
    if keyword in ("enum", "const") and last == "dtype":
        return InputError("state_file.array_dtype", dtype=_short(value),
                          allowed=list(expected) if keyword == "enum" else [expected])
    if keyword in ("enum", "const"):
        return InputError("state_file.not_allowed", value=_short(value),
                          allowed=list(expected) if keyword == "enum" else [expected])
    if keyword == "required":
        missing = [name for name in expected if name not in value]
        return InputError("state_file.missing_field", field=repr(missing[0]))
    if keyword == "additionalProperties":
        known = error.schema.get("properties", {})
        extra = [name for name in value if name not in known]
        return InputError("state_file.unexpected_field", field=repr(extra[0]), known=sorted(known))
    if keyword == "type":
        return InputError("state_file.wrong_type", value=_short(value),
                          expected=expected if isinstance(expected, list) else [expected])
    if keyword == "minimum":
        return InputError("state_file.below_minimum", value=value, limit=expected)
    if keyword == "minItems":
        return InputError("state_file.too_few_items", count=len(value), limit=expected)
    if keyword == "maxItems":
        return InputError("state_file.too_many_items", count=len(value), limit=expected)
    return InputError("state_file.schema_other", detail=error.message)
