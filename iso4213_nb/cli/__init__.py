"""The ``iso4213-nb`` command line.

Each sub-command lives in its own module of this package and provides
``register(subparsers)``, which adds its parser and sets ``func`` to a
function ``run(args) -> int``.  Modules are discovered, so adding a command
means adding a module.  Bad input (:class:`~iso4213_nb.errors.InputError`,
unreadable files) prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from .. import progress
from ..errors import InputError

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own errors: one line, exit 2
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The full parser with every discovered sub-command."""
    parser = _Parser(prog="iso4213-nb", description="Assess ML classification performance per ISO/IEC TS 4213:2022.")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bars (shown only on a terminal)")
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    args = build_parser().parse_args(argv)
    progress.set_quiet(args.quiet)
    try:
        return int(args.func(args) or 0)
    except InputError as exc:
        print(f"iso4213-nb {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        print(f"iso4213-nb {args.command}: error: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "),
              file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
