"""A package's public names imported on first use, so that importing the package loads none of its heavy
modules (beyond TS 4213: PEP 562)."""

import importlib
import sys


def exports(package: str, table: dict[str, str], fallback=None):
    """The module-level ``__getattr__`` of ``package`` (beyond TS 4213: PEP 562).

    A name of ``table`` (name → module relative to ``package``) is imported from its module on first use and kept
    in the package, so the next use is a plain attribute; any other name goes to ``fallback(name)`` when given,
    else raises AttributeError.
    """
    def __getattr__(name: str):
        if name not in table:
            if fallback is not None:
                return fallback(name)
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(table[name], package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
