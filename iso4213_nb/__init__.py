"""iso4213-nb: teaching and reporting toolkit for ISO/IEC TS 4213:2022.

Layers, one direction only: computation (:mod:`~iso4213_nb.core`, :mod:`~iso4213_nb.measures` for clause 6,
:mod:`~iso4213_nb.stats` for clause 7 and the intervals, :mod:`~iso4213_nb.subgroups`, :mod:`~iso4213_nb.controls`
for clause 5, :mod:`~iso4213_nb.annexes`, :mod:`~iso4213_nb.scale` for streamed work) → words
(:mod:`~iso4213_nb.words`) → presentation (:mod:`~iso4213_nb.figures`) → widgets (:mod:`~iso4213_nb.widgets`) →
notebooks → reports, command line and book (:mod:`~iso4213_nb.report`, :mod:`~iso4213_nb.cli`).
ARCHITECTURE.md has the table of what may import what.  The module names of the flat 0.1 layout still import,
with a DeprecationWarning (:mod:`iso4213_nb.moved`).
"""

from . import moved as _moved
from .core.lazy import exports
from .core.errors import CodedMessage, InputError
from .core.undefined import Undefined, is_undefined

_moved.install()


def _error_words(code: str, params: dict) -> str:
    from .words.errors import describe  # words live at the edge: loaded when a person first reads an error

    return describe(code, params)


def _undefined_word() -> str:
    from .words.i18n import _

    return _("undefined")


def _reason_words(value: Undefined) -> str:
    from .words.reasons import of

    return of(value)


# The computation layer holds codes; the words layer, above it, says them.  Wired here, where both are known, so
# that neither core.errors nor core.undefined imports the layer above it.
CodedMessage.words = _error_words  # InputError and AssumptionWarning
Undefined.words = _reason_words
Undefined.label = _undefined_word

#: Public names that need numpy, imported when first used, so that ``iso4213-nb --help`` loads no numpy.
_LAZY = {"ConfusionMatrix": ".measures.confusion", "BinaryCounts": ".measures.counts"}

__all__ = ["BinaryCounts", "ConfusionMatrix", "InputError", "Undefined", "is_undefined"]
__version__ = "0.1.0"


#: ``iso4213_nb.ConfusionMatrix`` and ``BinaryCounts`` on first use; ``iso4213_nb.<module of the 0.1 layout>``: the
#: moved module, with a DeprecationWarning.
__getattr__ = exports(__name__, _LAZY, fallback=_moved.module_attribute)
