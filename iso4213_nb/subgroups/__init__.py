"""Measures per subgroup (5.3.2 bias): from rows in memory and from merged counts.

The flat 0.1 layout had a module ``iso4213_nb.subgroups``; its names now live in :mod:`.rows` and stay
reachable here, with a DeprecationWarning (:func:`iso4213_nb.moved.old_names`).
"""

from ..moved import old_names

__getattr__ = old_names(__name__, 'rows')
