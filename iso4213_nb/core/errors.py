"""The one exception type for bad input.

Every check on user-supplied data raises :class:`InputError` with a *code*
that names the problem (``"checks.not_square"``, ``"table.missing_columns"``)
and the data that locate it (a column, a line, a count).  The words are
added at the edge (issue 15, "words at the edge"): :mod:`iso4213_nb.words.errors`
holds one template per code, and ``str(error)`` renders it in the active
language, as a single line.  The command line prints that line on stderr and
exits with status 2; it never shows a traceback for bad input.

Presentation code (the command line, the widgets) may also raise with a
sentence that it has already put through the catalogue (``_("...")``).
"""


class CodedMessage:
    """A problem code and its parameters (data only), shown as one line in the active language: the part that
    :class:`InputError` and :class:`~iso4213_nb.stats.assumptions.AssumptionWarning` share.

    Beyond TS 4213: words at the edge for errors and warnings, every clause.
    """

    #: Puts a code and its parameters into one line of words.  The package (:mod:`iso4213_nb`) sets it when it is
    #: imported, to :func:`iso4213_nb.words.errors.describe`, so that this layer imports nothing above it; unset,
    #: the line is the code and its parameters as they are.
    words = None

    def __init__(self, code: str, /, **params):
        self.code = str(code)
        self.params = params
        super().__init__(self.code)

    def __str__(self) -> str:
        if CodedMessage.words is None:
            return f"{self.code} {self.params}"
        return CodedMessage.words(self.code, self.params)


class InputError(CodedMessage, ValueError):
    """Bad input: a problem code and its parameters, shown as one line in the active language.

    ``code`` is a key of :data:`iso4213_nb.words.errors.TEMPLATES` (or, from
    presentation code, a sentence already in the active language); ``params``
    are data only: names from the user's file, paths, numbers, option names,
    a library's own message, or another :class:`InputError`.

    Beyond TS 4213: one-line errors for bad input, every clause.
    """

    def __repr__(self) -> str:
        """The code and the English-or-active-language line, so that a log (a Dask worker's) shows what went wrong."""
        return f"{type(self).__name__}({self.code!r}: {str(self)!r})"

    def __reduce__(self):
        """Pickle as code and parameters, so that an error raised on a Dask worker reaches the client whole."""
        return (_rebuild, (self.code, self.params))


def _rebuild(code: str, params: dict) -> InputError:
    return InputError(code, **params)
