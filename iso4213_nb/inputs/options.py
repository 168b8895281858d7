"""The reading options every command that reads a table shares: ``--sep``, ``--decimal``, ``--sheet``, ``--max-classes``.

This module and the defaults it holds import neither numpy nor pyarrow, so that a command's parser (its
``--help``) loads neither; the readers take their defaults from here.
"""

from __future__ import annotations

import argparse

from ..core.errors import InputError
from ..words.i18n import _

#: Default limit on distinct labels (``--max-classes``).
MAX_CLASSES = 1000
#: Rows per chunk unless ``--chunk-rows`` says otherwise (memory in :mod:`.chunks`' docstring).
DEFAULT_CHUNK_ROWS = 1_000_000
#: Memory the streamed bootstrap's replicates, and the runs of row keys, may hold (``--bootstrap-memory``'s default).
BOOTSTRAP_MEMORY = 256 * 2 ** 20

FORMATS_HELP = ("CSV or TSV (also .gz, .zst, .bz2), Parquet (a file or a folder of files) or Excel .xlsx; "
                "- reads standard input")


def _sep(text: str) -> str:
    from .table import parse_sep  # pyarrow's module, loaded only when --sep is given

    try:
        return parse_sep(text)
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _max_classes(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 2:
        raise argparse.ArgumentTypeError(_("--max-classes takes a whole number of at least 2, got {text}").format(text=text))
    return value


def add_reading_options(parser: argparse.ArgumentParser, *, labels: bool = True) -> None:
    """Add the options of :func:`reading_options` to ``parser`` (``--max-classes`` only when ``labels``) (5.1, step 4: reading the models' outputs)."""
    group = parser.add_argument_group("reading the file", FORMATS_HELP)
    group.add_argument("--sep", type=_sep, metavar="CHAR",
                       help="delimiter of a text file: one character, or tab, comma, semicolon, pipe "
                            "(default: found from the first lines)")
    group.add_argument("--decimal", choices=(".", ","), default=".",
                       help="decimal mark of numbers in a text file (default .)")
    group.add_argument("--sheet", metavar="NAME", help="sheet of an .xlsx workbook (default: the first)")
    if labels:
        group.add_argument("--max-classes", type=_max_classes, default=MAX_CLASSES, metavar="N",
                           help=f"refuse more than N distinct labels (default {MAX_CLASSES:,})")


def reading_options(args: argparse.Namespace) -> dict:
    """The keyword arguments of the ``read_*`` functions that the parsed ``args`` hold (5.1, step 4: reading the models' outputs)."""
    keys = ("sep", "decimal", "sheet", "max_classes")
    return {key: getattr(args, key) for key in keys if hasattr(args, key)}
