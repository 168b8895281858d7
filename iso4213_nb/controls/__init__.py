"""Clause 5: the assessment checklist, the control criteria that can be computed, and the computing environment
(5.3.11).

The flat 0.1 layout had a module ``iso4213_nb.controls``; its names now live in :mod:`.computed` and stay
reachable here, with a DeprecationWarning (:func:`iso4213_nb.moved.old_names`).
"""

from ..moved import old_names

__getattr__ = old_names(__name__, 'computed')
