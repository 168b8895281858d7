"""Options of the report that the command line needs before any heavy import.

Kept apart from :mod:`.build` so that ``iso4213-nb --help`` and the
``checklist`` command do not load nbformat, nbclient and the statistics stack.
"""

from __future__ import annotations

from ..core.errors import InputError

#: The default output formats; PDF is printed from the HTML.
FORMATS = ("html", "pdf")
#: Every format ``--format`` accepts: ``json`` alone writes report.json without the page (no kernel, no export).
CHOICES = (*FORMATS, "json")
#: Top-level section of the meta file that holds the report's own settings, and the settings it may hold.
SETTINGS = "report"
SETTING_KEYS = ("title", "positive")


def parse_formats(text: str) -> tuple[str, ...]:
    """``"html,pdf"`` -> ``("html", "pdf")``; unknown formats raise :class:`InputError`. PDF needs HTML (clause 8)."""
    formats = tuple(dict.fromkeys(f.strip().lower() for f in str(text).split(",") if f.strip()))
    unknown = [f for f in formats if f not in CHOICES]
    if unknown or not formats:
        raise InputError("report.bad_formats", formats=list(CHOICES), text=repr(text))
    return formats


def wants_page(formats) -> bool:
    """True when ``formats`` ask for the page (HTML, or the PDF printed from it); report.json is always written (clause 8)."""
    return "html" in formats or "pdf" in formats
