"""The speaker notes of each course deck, read from the instructor's notes of the deck's language (``instructor/notes.md``,
``instructor/notes_ru.md``).

Each notes file has one section per notebook, headed ``## <code> <title> (<minutes> min)`` (``мин`` in Russian) with
the lesson codes of :data:`iso4213_nb.course.contents.COURSE`; :func:`for_notebook` returns the section of the
notebook a deck is made from, in the language asked for, which :func:`iso4213_nb.course.slides.as_slides` puts on
the deck's first slide as reveal.js speaker notes (press ``s`` in a deck).  An installed package without the
repository's ``instructor/`` folder has no notes: the decks are then written without them.

Beyond TS 4213: the trainer's kit of the course.
"""

from __future__ import annotations

import re
from pathlib import Path

from .contents import COURSE

_PACK = Path(__file__).resolve().parents[2] / "instructor"
#: The instructor's notes of each language (:data:`iso4213_nb.words.i18n.LANGUAGES`).
NOTES_BY_LANGUAGE = {"en": _PACK / "notes.md", "ru": _PACK / "notes_ru.md"}
NOTES = NOTES_BY_LANGUAGE["en"]
_SECTION = re.compile(r"^## (\S+) ", re.M)


def sections(path: Path = NOTES) -> dict[str, str]:
    """The notes per lesson code: the text of each ``## <code> ...`` section, its heading left out; empty when the
    file does not exist.

    Beyond TS 4213: the trainer's kit of the course.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    found = list(_SECTION.finditer(text))
    codes = {lesson.code for lesson in COURSE}
    out = {}
    for match, following in zip(found, found[1:] + [None]):
        if match.group(1) in codes:
            body = text[text.index("\n", match.start()) + 1: following.start() if following else len(text)]
            out[match.group(1)] = body.strip()
    return out


def for_notebook(notebook: Path, lang: str = "en") -> str | None:
    """The notes, in language ``lang``, of the lesson whose notebook file is named like ``notebook`` (the English or
    the Russian notebook), or None.

    Beyond TS 4213: the trainer's kit of the course.
    """
    lesson = next((lesson for lesson in COURSE if lesson.file == Path(notebook).name), None)
    return sections(NOTES_BY_LANGUAGE[lang]).get(lesson.code) if lesson else None
