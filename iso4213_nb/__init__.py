"""iso4213-nb: teaching and reporting toolkit for ISO/IEC TS 4213:2022.

Layers, one direction only: computation (this package's top-level modules and
:mod:`iso4213_nb.stats`) → presentation (:mod:`iso4213_nb.figures`, tables) →
widgets (:mod:`iso4213_nb.widgets`) → notebooks → reports and book.
"""

from .confusion import ConfusionMatrix
from .errors import InputError
from .measures import BinaryCounts
from .undefined import Undefined, is_undefined

__all__ = ["BinaryCounts", "ConfusionMatrix", "InputError", "Undefined", "is_undefined"]
__version__ = "0.1.0"
