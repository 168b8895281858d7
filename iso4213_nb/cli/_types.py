"""argparse value types shared by the commands; argparse names the option in its one-line error."""

from __future__ import annotations

import argparse
import math

from ..words.i18n import _


def number(text: str) -> float:
    """A finite real number."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a number: {text}").format(text=text)) from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(_("not a finite number: {text}").format(text=text))
    return value


def open_unit(text: str) -> float:
    """A number strictly between 0 and 1 (a level, an alpha, a share)."""
    value = number(text)
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(_("must lie strictly between 0 and 1, got {text}").format(text=text))
    return value


def whole(least: int):
    """A parser of whole numbers of at least ``least`` (--bootstrap, --seed, --workers, --bins, --runs, --n)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = least - 1
        if value < least:
            raise argparse.ArgumentTypeError(_("takes a whole number of at least {least}, got {text}").format(
                least=least, text=text))
        return value
    return parse
