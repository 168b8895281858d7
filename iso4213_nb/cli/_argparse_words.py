"""argparse's own error messages in the active language (issue 15: every word of the command line).

argparse writes its complaints (a missing option, an unknown choice, a value
that is not a number) in English.  :func:`words` recognises each of its
message shapes and says it again through the catalogue, keeping the option
names and values as the user typed them; a message of another shape (one
of the toolkit's own, already in the active language) is left as it is.
"""

from __future__ import annotations

import re

from ..words.i18n import N_, _

#: argparse's message shapes (Python 3.11–3.13) and their words; the groups become the named fields.
_SHAPES = (
    (re.compile(r"argument (?P<name>[^:]+): (?P<error>.*)", re.S), N_("argument {name}: {error}")),
    (re.compile(r"the following arguments are required: (?P<names>.*)", re.S),
     N_("the following arguments are required: {names}")),
    (re.compile(r"one of the arguments (?P<names>.*) is required", re.S), N_("one of the arguments {names} is required")),
    (re.compile(r"unrecognized arguments: (?P<names>.*)", re.S), N_("unrecognized arguments: {names}")),
    (re.compile(r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)", re.S),
     N_("invalid choice: {value} (choose from {choices})")),
    (re.compile(r"invalid (?P<kind>\w+) value: (?P<value>.*)", re.S), N_("invalid {kind} value: {value}")),
    (re.compile(r"expected one argument", re.S), N_("expected one argument")),
    (re.compile(r"expected at least one argument", re.S), N_("expected at least one argument")),
    (re.compile(r"not allowed with argument (?P<name>.*)", re.S), N_("not allowed with argument {name}")),
    (re.compile(r"ignored explicit argument (?P<value>.*)", re.S), N_("ignored explicit argument {value}")),
)


_COMMAND = N_("command")


def words(message: str) -> str:
    """``message`` from argparse in the active language; an ``argument X:`` prefix is kept and its rest said again."""
    for shape, template in _SHAPES:
        found = shape.fullmatch(message.strip())
        if found:
            fields = found.groupdict()
            if "error" in fields:
                fields["error"] = words(fields["error"])
            if fields.get("name") == "command":  # the sub-command's place, which argparse names by its dest
                fields["name"] = _(_COMMAND)
            return _(template).format(**fields)
    return message
