"""The ``iso4213-nb`` command line.

Each sub-command lives in its own module of this package and provides
``register(subparsers)``, which adds its parser and sets ``func`` to a
function ``run(args) -> int``.  Modules are discovered, so adding a command
means adding a module; its one-line summary goes in :data:`SUMMARIES`.
Parsing imports only the module of the command asked for: the others appear
in the help by their summary alone, so ``iso4213-nb --help`` loads neither
numpy, scipy, pyarrow nor matplotlib.  The global options, ``--lang`` and
``--quiet``, are taken before or after the command and shown in every
command's help.  Bad input (:class:`~iso4213_nb.core.errors.InputError`,
unreadable files) prints one line on stderr and exits with status 2; a closed standard output (``| head``)
ends the command quietly with status 141, as it ends ``cat``.  Ctrl-C
and SIGTERM print one line and exit with 130 and 143 (128 + the signal's
number, as a shell reports it); the commands clean up on the way out.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import shutil
import signal
import sys
import threading

from ._argparse_words import words
from ..core.errors import InputError
from ..words.i18n import LANGUAGES, N_, _, chosen_language, set_language

EXIT_BAD_INPUT = 2
#: Exit status when standard output is closed under us (``... | head``): 128 + SIGPIPE, what a shell reports for a
#: program that the closed pipe stopped, so ``set -o pipefail`` scripts see the same as with ``cat``.
EXIT_CLOSED_OUTPUT = 128 + 13
#: What a stopping signal prints (after "iso4213-nb <command>: ") and the exit status, 128 + its number.
STOPPED = {signal.SIGINT: N_("interrupted (Ctrl-C)"), signal.SIGTERM: N_("terminated (SIGTERM)")}


class Stopped(BaseException):
    """Raised in the main thread on SIGINT or SIGTERM so that every ``finally`` and context manager cleans up.

    Not a ``KeyboardInterrupt``: when Ctrl-C landed during an import, CPython
    was seen to end the process by SIGINT at exit although the
    ``KeyboardInterrupt`` had been caught (status -2 instead of 130); CPython
    does so when a ``KeyboardInterrupt`` leaves code run through its C API.

    Beyond TS 4213: the command line over clauses 6–8.
    """

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _raise_stopped(signum, frame):
    raise Stopped(signum)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own errors: one line in the active language, exit 2
        self.exit(EXIT_BAD_INPUT, _("{command}: error: {error}").format(command=self.prog, error=words(message)) + "\n")


#: Each command's line in ``iso4213-nb --help``, so that listing the commands imports none of them.
SUMMARIES = {
    "adjust": N_("adjust p-values for multiple comparisons (7.10)"),
    "annex": N_("reproduce Annex A, B, C or D and compare with the printed numbers"),
    "checklist": N_("blank or check the clause-5 checklist (the report's --meta file)"),
    "compare": N_("compare two models on the same samples (McNemar, DeLong)"),
    "course": N_("a learner's own copy of the course, its reset, a class's progress, the slides, the handouts"),
    "csmf": N_("CSMF accuracy and chance-corrected CSMF accuracy (Annex D)"),
    "metrics": N_("all clause-6 measures of a confusion matrix or a predictions file"),
    "plan": N_("size a test set, or say what one can show (7.8, 7.9)"),
    "rank": N_("rank several models over data sets or folds (Friedman, Nemenyi, Bayesian with a ROPE)"),
    "report": N_("build a clause-8 assessment report (HTML, PDF, JSON)"),
    "state": N_("write the mergeable counts of one shard of predictions"),
    "verify": N_("check a report folder's hashes and recompute its numbers"),
}


def _global_options(parser: argparse.ArgumentParser, *, defaults: bool) -> None:
    """Add ``--quiet`` and ``--lang``; a command's copies (``defaults=False``) leave unset what was not typed
    after the command, so that a value typed before it stands."""
    group = parser.add_argument_group(_("global options (before or after the command)"))
    group.add_argument("--quiet", "-q", action="store_true", default=False if defaults else argparse.SUPPRESS,
                       help=_("no progress bars (shown only on a terminal)"))
    group.add_argument("--lang", choices=LANGUAGES, default=None if defaults else argparse.SUPPRESS,
                       help=_("language of the output and of reports: en or ru (ПНСТ 835-2023 terms, decimal comma); "
                              "default: the ISO4213_LANG environment variable, else en"))


class Commands(argparse._SubParsersAction):
    """The sub-command action: every command's parser gets its summary from :data:`SUMMARIES` and the global options
    (beyond TS 4213: the command line over clauses 6–8)."""

    def add_parser(self, name, **kwargs):
        if name in SUMMARIES:
            kwargs.setdefault("help", _(SUMMARIES[name]))
        parser = super().add_parser(name, **kwargs)
        _global_options(parser, defaults=False)
        return parser


def command_names() -> list[str]:
    """The sub-commands: the public modules of this package, found without importing them (beyond TS 4213:
    the command line over clauses 6–8)."""
    return sorted(module.name for module in pkgutil.iter_modules(__path__) if not module.name.startswith("_"))


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of the command line (beyond TS 4213: the command line over clauses 6–8).

    ``only=None`` imports every command and builds its whole parser (the book's reference walks it);
    ``only="metrics"`` builds that command's parser and lists the others by their summary;
    ``only=""`` lists every command by its summary (``iso4213-nb --help``).  A command with no
    summary in :data:`SUMMARIES` is always imported, so that its help line is its own.
    """
    parser = _Parser(prog="iso4213-nb", description=_("Assess ML classification performance per ISO/IEC TS 4213:2022."))
    _global_options(parser, defaults=True)
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, action=Commands)
    for name in command_names():
        if only is None or name == only or name not in SUMMARIES:
            importlib.import_module(f"{__name__}.{name}").register(subparsers)
        else:
            subparsers.add_parser(name)
    return parser


def _command_asked(argv: list[str]) -> str:
    """The command ``argv`` names (its first word that is one), or "" when it names none.  No global option takes
    a command's name as its value, so the first such word is the one argparse takes for the command."""
    names = set(command_names())
    return next((arg for arg in argv if arg in names), "")


#: Modules the command line never needs but that load slowly: jsonschema imports rfc3987_syntax, when installed
#: (jupyter_events asks for jsonschema[format-nongpl]), only to check the "iri" string format, and that module
#: builds a parser on import, 2–8 s of every command that writes or validates a notebook (nbformat validates with
#: jsonschema).  Neither nbformat's schemas nor ours use that format, so the command line leaves it unloaded.
UNUSED_SLOW_IMPORTS = ("rfc3987_syntax",)


def _language_asked(argv: list[str]) -> str | None:
    """The ``--lang`` of ``argv`` when it names a language, read before the options are parsed, so that the
    parser's own complaints are in that language too (beyond TS 4213: gettext)."""
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else arg[len("--lang="):] if arg.startswith(
            "--lang=") else None
        if value in LANGUAGES:
            return value
    return None


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script; returns the exit status.

    Beyond TS 4213: the command line over clauses 6–8.
    """
    previous = {}
    if threading.current_thread() is threading.main_thread():
        previous = {signum: signal.signal(signum, _raise_stopped) for signum in STOPPED
                    if signal.getsignal(signum) is not signal.SIG_IGN}  # an ignored signal stays ignored
    for name in UNUSED_SLOW_IMPORTS:
        sys.modules.setdefault(name, None)
    command = "iso4213-nb"
    language = chosen_language()
    try:
        words_given = sys.argv[1:] if argv is None else argv
        set_language(_language_asked(words_given) or language)
        args = build_parser(only=_command_asked(words_given)).parse_args(argv)
        from ..core import progress  # tqdm: not for the help

        progress.set_quiet(args.quiet)
        if args.lang:
            set_language(args.lang)
        command = f"iso4213-nb {args.command}"
        args.argv = ["iso4213-nb", *words_given]
        return int(args.func(args) or 0)
    except (KeyboardInterrupt, Stopped) as exc:
        signum = getattr(exc, "signum", signal.SIGINT)
        print(_("{command}: {signal}; no partial output was left behind").format(
            command=command, signal=_(STOPPED[signum])), file=sys.stderr)
        return 128 + signum
    except InputError as exc:
        print(_("{command}: error: {error}").format(command=command, error=exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader of our output has gone (| head): not an error; say nothing, as cat does
        _stdout_to_devnull()
        return EXIT_CLOSED_OUTPUT
    except OSError as exc:
        print(_("{command}: error: {error}").format(command=command, error=_os_error(exc)), file=sys.stderr)
        return EXIT_BAD_INPUT
    finally:
        set_language(language)
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _os_error(exc: OSError) -> str:
    """The system's own words for ``exc`` and the path, short: a failed copy of a folder (``shutil.Error``, whose
    text is the list of every file that failed) becomes the folder, how many files failed and the first reason."""
    failures = exc.args[0] if isinstance(exc, shutil.Error) and exc.args and isinstance(exc.args[0], list) else None
    if failures and all(isinstance(f, tuple) and len(f) == 3 for f in failures):
        _source, target, why = failures[0]
        return _("{folder}: {count} file(s) could not be copied there: {why}").format(
            folder=os.path.dirname(str(target)), count=len(failures), why=" ".join(str(why).split())[:200])
    return f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": ")


def _stdout_to_devnull() -> None:
    """Point standard output at /dev/null, so that Python's flush at exit does not meet the closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # stdout replaced by something without a file descriptor
        pass


if __name__ == "__main__":
    sys.exit(main())
