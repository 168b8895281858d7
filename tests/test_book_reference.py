"""The generated command-line reference names every command, option and exit code."""

import argparse
import importlib.util
from pathlib import Path

from iso4213_nb.cli import build_parser

EXT = Path(__file__).resolve().parents[1] / "book" / "_ext" / "cli_reference.py"


def _render():
    spec = importlib.util.spec_from_file_location("cli_reference", EXT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return "\n".join(module.render(build_parser())), module


def _walk(parser, prefix="iso4213-nb"):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield f"{prefix} {name}", sub
                yield from _walk(sub, f"{prefix} {name}")


def test_every_command_and_every_option_is_documented():
    text, module = _render()
    commands = list(_walk(build_parser()))
    assert len(commands) >= 8
    for title, parser in commands:
        assert f"\n{title}\n" in f"\n{text}\n", title
        for action in parser._actions:
            for flag in action.option_strings:
                if flag not in ("-h", "--help"):
                    assert f"``{flag}" in text, (title, flag)
    for code, _ in module.EXIT_CODES:
        assert f"* - {code}\n" in text

