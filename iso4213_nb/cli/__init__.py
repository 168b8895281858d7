"""The ``iso4213-nb`` command line.

Each sub-command lives in its own module of this package and provides
``register(subparsers)``, which adds its parser and sets ``func`` to a
function ``run(args) -> int``.  Modules are discovered, so adding a command
means adding a module.  Bad input (:class:`~iso4213_nb.errors.InputError`,
unreadable files) prints one line on stderr and exits with status 2.  Ctrl-C
and SIGTERM print one line and exit with 130 and 143 (128 + the signal's
number, as a shell reports it); the commands clean up on the way out.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import signal
import sys
import threading

from ..errors import InputError

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 128 + signal.SIGINT
EXIT_TERMINATED = 128 + signal.SIGTERM


class Terminated(BaseException):
    """Raised in the main thread on SIGTERM so that every ``finally`` and context manager cleans up."""


def _raise_terminated(signum, frame):
    raise Terminated


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own errors: one line, exit 2
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The full parser with every discovered sub-command."""
    parser = _Parser(prog="iso4213-nb", description="Assess ML classification performance per ISO/IEC TS 4213:2022.")
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status."""
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _raise_terminated) if in_main_thread else None
    command = "iso4213-nb"
    try:
        args = build_parser().parse_args(argv)
        command = f"iso4213-nb {args.command}"
        args.argv = ["iso4213-nb", *(sys.argv[1:] if argv is None else argv)]
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print(f"{command}: interrupted (Ctrl-C); no partial output was left behind", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Terminated:
        print(f"{command}: terminated (SIGTERM); no partial output was left behind", file=sys.stderr)
        return EXIT_TERMINATED
    except InputError as exc:
        print(f"{command}: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        print(f"{command}: error: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "),
              file=sys.stderr)
        return EXIT_BAD_INPUT
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
