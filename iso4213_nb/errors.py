"""The one exception type for bad input.

Every check on user-supplied data raises :class:`InputError` with a single
line that names the problem (wrong lengths, NaN scores, a non-square matrix,
a file with the wrong columns ...).  The command line prints that line on
stderr and exits with status 2; it never shows a traceback for bad input.
"""


class InputError(ValueError):
    """Bad input, described in one line that names the problem.

    Beyond TS 4213: one-line errors for bad input, every clause.
    """

    def __init__(self, message: str):
        message = " ".join(str(message).split())
        super().__init__(message)
