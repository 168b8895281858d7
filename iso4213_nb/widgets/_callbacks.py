"""Widget plumbing shared by the widgets of this package.

A widget deriving from :class:`Shown` displays its container ``self.widget`` when it is the value of a cell.  Two
needs recur in callbacks: a callback must not fire while the code itself is setting a widget's value (``_sync``),
and bad input typed into a widget must show as one escaped line in the widget's message area rather than as a
traceback lost in the kernel log (``_guarded``).
"""

from __future__ import annotations

import html

from ..core.errors import InputError


class Shown:
    """Mixin: a notebook cell whose value is this object displays ``self.widget``."""

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


class GuardedCallbacks:
    """Mixin: needs ``self.message`` (an ``ipywidgets.HTML``) and sets ``self._syncing``."""

    _syncing = False

    def _guarded(self, action, *args) -> None:
        """Run a widget callback; an :class:`InputError` goes to the message line."""
        if self._syncing:
            return
        try:
            action(*args)
            self.message.value = ""
        except InputError as exc:
            self.message.value = f"<span class='iso4213-error' style='color:#b42318'>{html.escape(str(exc))}</span>"

    def _sync(self, widget, value) -> None:
        """Set ``widget.value`` without triggering this object's own callbacks."""
        self._syncing = True
        try:
            widget.value = value
        finally:
            self._syncing = False
