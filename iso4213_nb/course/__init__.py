"""The course: its contents, exercises and their judging, a learner's progress, the explorer's state and the
slides.

The flat 0.1 layout had a module ``iso4213_nb.course``; its names now live in :mod:`.contents` and stay
reachable here, with a DeprecationWarning (:func:`iso4213_nb.moved.old_names`).
"""

from ..moved import old_names

__getattr__ = old_names(__name__, 'contents')
