"""The command-line reference, generated from the argparse parsers when the book builds.

A page holds the directive inside an ``eval-rst`` block (its content is
reStructuredText, which a MyST page would otherwise read as Markdown)::

    ```{eval-rst}
    .. cli-reference::
    ```

and gets one section per ``iso4213-nb`` command (and per sub-question of a
command), with its usage line, description, every option (flags, value,
default, help), the epilog, and the exit codes shared by every command.
Because it reads the parsers themselves, the page cannot drift from the
program.  :func:`render` is plain Python, tested without Sphinx.
"""

from __future__ import annotations

import argparse

from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

EXIT_CODES = (
    ("0", "success (for ``annex --check`` and ``verify``: every number matches)"),
    ("1", "the check found a difference (``annex --check``, ``verify``), or a report could not be built for a "
          "reason other than the input"),
    ("2", "bad input or a bad option: one line on standard error names the file, line, column or option"),
    ("130", "interrupted by Ctrl-C (SIGINT); nothing half-written is left behind"),
    ("143", "stopped by SIGTERM; nothing half-written is left behind"),
)


def _subcommands(parser: argparse.ArgumentParser) -> dict:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _literal(text: str) -> str:
    return f"``{text}``" if text else ""


def _options(parser: argparse.ArgumentParser) -> list[str]:
    rows = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        flags = ", ".join(action.option_strings) or action.dest
        value = "" if action.nargs == 0 else (action.metavar or action.dest.upper())
        if action.choices and not isinstance(action.choices, dict):
            value = "{" + ",".join(map(str, action.choices)) + "}"
        default = "" if action.default in (None, False, argparse.SUPPRESS) or action.nargs == 0 else str(action.default)
        help_text = (action.help or "").replace("%(default)s", default).replace("\n", " ")
        if action.required:
            help_text = "**required**. " + help_text
        rows.append((", ".join(map(_literal, action.option_strings)) or _literal(flags), _literal(str(value)) if value else "", _literal(default), help_text))
    if not rows:
        return []
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 22 18 12 48", "",
             "   * - option", "     - value", "     - default", "     - meaning"]
    for row in rows:
        lines.append(f"   * - {row[0]}")
        lines.extend(f"     - {cell}" for cell in row[1:])
    return lines + [""]


def _section(title: str, underline: str, parser: argparse.ArgumentParser) -> list[str]:
    lines = [title, underline * len(title), "", "::", ""]
    lines += ["   " + line for line in parser.format_usage().strip().splitlines()] + [""]
    if parser.description:
        lines += [line.rstrip() for line in parser.description.strip().splitlines()] + [""]
    lines += _options(parser)
    if parser.epilog:
        lines += ["::", ""] + ["   " + line for line in parser.epilog.strip().splitlines()] + [""]
    return lines


def render(parser: argparse.ArgumentParser) -> list[str]:
    """reStructuredText lines documenting every command of ``parser`` and the exit codes."""
    lines = []
    for name, command in sorted(_subcommands(parser).items()):
        lines += _section(f"iso4213-nb {name}", "-", command)
        for question, sub in sorted(_subcommands(command).items()):
            lines += _section(f"iso4213-nb {name} {question}", "~", sub)
    lines += ["Exit codes", "-" * 10, "", ".. list-table::", "   :header-rows: 1", "", "   * - status",
              "     - meaning"]
    for code, meaning in EXIT_CODES:
        lines += [f"   * - {code}", f"     - {meaning}"]
    return lines + [""]


class CliReference(SphinxDirective):
    """``{cli-reference}``: the generated reference of every command."""

    def run(self):
        from docutils import nodes

        from iso4213_nb.cli import build_parser

        node = nodes.section()
        node.document = self.state.document
        self.state.nested_parse(StringList(render(build_parser()), source="cli-reference"), self.content_offset, node,
                                match_titles=True)
        return node.children


def setup(app):
    app.add_directive("cli-reference", CliReference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
