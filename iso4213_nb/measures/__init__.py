"""Clause 6: every measure of a classifier's output, on counts, labels, scores and indicator matrices (numpy and
scipy only).

The flat 0.1 layout had a module ``iso4213_nb.measures``; its names now live in :mod:`.counts` and stay
reachable here, with a DeprecationWarning (:func:`iso4213_nb.moved.old_names`).
"""

from ..moved import old_names

__getattr__ = old_names(__name__, 'counts')
