"""Where the modules of the flat 0.1 layout went, and the import hook that keeps their old names working.

In 0.1 every module sat at the package root.  They now live in subpackages
named for what they hold (``core``, ``measures``, ``stats``, ``subgroups``,
``scale``, ``words``, ``course``, ``controls``, ``demos``; ARCHITECTURE.md has
the table).  An old import path still works: ``import iso4213_nb.curves`` gives
the module :mod:`iso4213_nb.measures.curves` itself (the same object, not a
copy) and warns with a :class:`DeprecationWarning` that names the new path, as
scipy did when ``scipy.stats.morestats`` became private.  Four old modules gave
their names to new packages (``measures``, ``subgroups``, ``controls``,
``course``); their public names stay reachable from the package, with the same
warning, through :func:`old_names`.

Inputs: dotted module names.  Outputs: modules.  No clause of TS 4213.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings

ROOT = __name__.rsplit(".", 1)[0]

#: old module name (below the package root) → its new place (below the package root).
MOVED = {
    "errors": "core.errors", "undefined": "core.undefined", "_checks": "core.checks", "weights": "core.weights",
    "probability_rows": "core.probability_rows", "progress": "core.progress",
    "stacked_measures": "measures.stacked", "confusion": "measures.confusion", "curves": "measures.curves",
    "operating_points": "measures.operating_points", "roc_regions": "measures.roc_regions",
    "multiclass_scores": "measures.multiclass_scores", "multilabel": "measures.multilabel",
    "multilabel_summary": "measures.multilabel_summary", "distribution": "measures.distribution",
    "computational": "measures.computational", "csmf": "measures.csmf", "calibration": "measures.calibration",
    "interpolation": "measures.interpolation", "assessment": "measures.assessment",
    "invariance": "measures.invariance",
    "bayesian": "stats.bayesian", "ranking": "stats.ranking", "planning": "stats.planning",
    "measure_intervals": "stats.measure_intervals", "class_score_intervals": "stats.class_score_intervals",
    "operating_intervals": "stats.operating_intervals", "stored_intervals": "stats.stored_intervals",
    "resampling": "stats.resampling",
    "subgroup_counts": "subgroups.counts",
    "accumulators": "scale.accumulators", "streaming": "scale.streaming",
    "streaming_labels": "scale.streaming_labels", "streamed_bootstrap": "scale.streamed_bootstrap",
    "streamed_delong": "scale.streamed_delong",
    "i18n": "words.i18n", "catalogue": "words.catalogue", "readings": "words.readings",
    "interval_words": "words.intervals", "control_readings": "words.controls", "glossary": "words.glossary",
    "error_words": "words.errors",
    "tables": "figures.tables",
    "answers": "course.answers", "learner_progress": "course.learner_progress",
    "explorer_state": "course.explorer_state", "slides": "course.slides",
    "checklist": "controls.checklist", "environment": "controls.environment",
    "demo": "demos.breast_cancer", "demo_multiclass": "demos.digits",
}
#: old modules whose name a new package took → the module of that package that holds their names.
TAKEN = {"measures": "counts", "subgroups": "rows", "controls": "computed", "course": "contents"}
#: old packages moved whole: their submodules moved with them.
PACKAGES = {"accumulators", "error_words"}


def new_name(fullname: str) -> str | None:
    """The new dotted name of an old module name (``iso4213_nb.curves`` → ``iso4213_nb.measures.curves``), or None (beyond TS 4213: packaging)."""
    if not fullname.startswith(ROOT + "."):
        return None
    head, _, tail = fullname[len(ROOT) + 1:].partition(".")
    if head not in MOVED or (tail and head not in PACKAGES):
        return None
    return f"{ROOT}.{MOVED[head]}" + (f".{tail}" if tail else "")


def _warn(old: str, new: str, stacklevel: int = 3) -> None:
    """Warn that ``old`` is now ``new``; the default level names the importer (warnings skips importlib's frames)."""
    warnings.warn(f"{old} has moved to {new}; import it from there (the old name goes in a later release)",
                  DeprecationWarning, stacklevel=stacklevel)


class _Alias(importlib.abc.Loader):
    """Loads an old module name as the module at its new name (the same object)."""

    def __init__(self, target: str):
        self.target = target

    def create_module(self, spec):
        _warn(spec.name, self.target)
        return importlib.import_module(self.target)

    def exec_module(self, module) -> None:
        """Nothing to run: the module was imported under its new name."""


class _Finder(importlib.abc.MetaPathFinder):
    """Finds old module names of the package and hands them to :class:`_Alias`."""

    def find_spec(self, fullname, path=None, target=None):
        new = new_name(fullname)
        return None if new is None else importlib.util.spec_from_loader(fullname, _Alias(new))


def install() -> None:
    """Put the finder first on :data:`sys.meta_path`, once (beyond TS 4213: packaging)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())


def module_attribute(name: str):
    """``iso4213_nb.<old name>`` as an attribute: the moved module, with the warning (for the root's ``__getattr__``) (beyond TS 4213: packaging)."""
    if name in MOVED:
        _warn(f"{ROOT}.{name}", f"{ROOT}.{MOVED[name]}", stacklevel=4)
        return importlib.import_module(f"{ROOT}.{MOVED[name]}")
    raise AttributeError(f"module {ROOT!r} has no attribute {name!r}")


def old_names(package: str, module: str):
    """A module ``__getattr__`` for a package that took an old module's name: its old names, with the warning (beyond TS 4213: packaging).

    ``package`` is the package's dotted name, ``module`` the module of that package that now holds the old
    module's names (``iso4213_nb.measures`` and ``counts``: ``iso4213_nb.measures.precision`` still gives
    :func:`iso4213_nb.measures.counts.precision`).
    """
    def __getattr__(name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        holder = importlib.import_module(f"{package}.{module}")
        if not hasattr(holder, name):
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        _warn(f"{package}.{name}", f"{package}.{module}.{name}")
        return getattr(holder, name)
    return __getattr__
