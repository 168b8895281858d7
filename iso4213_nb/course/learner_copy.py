"""A learner's own copy of the course, written from the installed package (``iso4213-nb course init/reset``).

The course ships inside the package: the notebooks in ``iso4213_nb/course/notebooks`` (Russian ones under ``ru/``;
in a checkout that folder is a link to ``notebooks/``) and the demo data in ``iso4213_nb/demos/data``.
:func:`init` copies them, in the chosen language, into a folder ready for ``jupyter lab DIR``, with a manifest
(:data:`MANIFEST`); :func:`reset` puts them back as shipped.  Neither writes into the installed package or the
repository it runs from.  Progress is kept outside the copy (:mod:`iso4213_nb.course.learner_progress`).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InputError
from ..words.i18n import LANGUAGES

PACKAGE = Path(__file__).resolve().parents[1]
#: The course notebooks shipped with the package; Russian translations in ``ru/``.
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
#: The demo data the notebooks and the README's commands read, copied to ``data/``.
DATA = PACKAGE / "demos" / "data"
#: Written last by :func:`init` and :func:`reset`: what they wrote (relative path → SHA-256) and in which language.
MANIFEST = ".iso4213-nb-course.json"
FORMAT = "iso4213-nb course"
VERSION = 1


@dataclass(frozen=True)
class CourseCopy:
    """What :func:`init` or :func:`reset` did in ``folder``.

    ``written``: relative paths written; ``english_only``: notebooks written in
    English because the chosen language has no translation of them yet;
    ``kept``: files of the course left as they were because the learner made a
    file of that name before the course shipped it (:func:`reset` only).

    Beyond TS 4213: the course's learner copies.
    """

    folder: Path
    language: str
    written: tuple[str, ...]
    english_only: tuple[str, ...]
    kept: tuple[str, ...] = ()


def plan(language: str) -> tuple[dict[str, Path], tuple[str, ...]]:
    """The files of the course in ``language``: relative path in the copy → shipped file, and the notebooks
    that come in English because they are not translated yet.

    Beyond TS 4213: the course's learner copies.
    """
    files = {}
    for notebook in sorted(NOTEBOOKS.glob("*.ipynb")):
        translated = NOTEBOOKS / language / notebook.name
        files[notebook.name] = translated if language != "en" and translated.is_file() else notebook
    english_only = [name for name, path in files.items() if language != "en" and path.parent == NOTEBOOKS]
    for data in sorted(DATA.iterdir()):
        if data.is_file():
            files[f"data/{data.name}"] = data
    return files, tuple(english_only)


def _forbidden(folder: Path) -> Path | None:
    """The package's folder, or the checkout it runs from, when ``folder`` lies inside it."""
    checkout = PACKAGE.parent if (PACKAGE.parent / "notebooks").is_dir() else None
    for root in (PACKAGE, NOTEBOOKS.resolve(), checkout):
        if root is not None and folder.is_relative_to(root):
            return root
    return None


def _check_folder(folder: Path) -> Path:
    resolved = folder.expanduser().resolve()
    inside = _forbidden(resolved)
    if inside is not None:
        raise InputError("course.folder_inside_package", folder=str(folder), root=str(inside))
    if resolved.exists() and not resolved.is_dir():
        raise InputError("course.folder_not_a_folder", folder=str(folder))
    return resolved


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _write(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` through a temporary file, so that ``target`` is never half written."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=target.parent, prefix=f".{target.name}.", delete=False) as handle:
        with open(source, "rb") as shipped:
            shutil.copyfileobj(shipped, handle)
    os.chmod(handle.name, 0o644)
    os.replace(handle.name, target)


def _write_manifest(folder: Path, language: str, files: dict[str, str]) -> None:
    from .. import __version__

    text = json.dumps({"format": FORMAT, "version": VERSION, "package_version": __version__, "language": language,
                       "files": files}, indent=1, ensure_ascii=False) + "\n"
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, prefix=f"{MANIFEST}.", delete=False) as handle:
        handle.write(text)
    os.replace(handle.name, folder / MANIFEST)


def read_manifest(folder: Path) -> dict:
    """The manifest of a copy written by :func:`init`; :class:`InputError` when ``folder`` holds none.

    Beyond TS 4213: the course's learner copies.
    """
    path = Path(folder) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("course.no_manifest", folder=str(folder), manifest=MANIFEST,
                         command=f"'iso4213-nb course init {folder}'") from None
    except (OSError, ValueError):
        data = None
    if not (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("files"), dict)
            and data.get("language") in LANGUAGES):
        raise InputError("course.bad_manifest", path=str(path))
    return data


def init(folder, language: str = "en") -> CourseCopy:
    """Write the course in ``language`` into ``folder`` (created when missing) and its manifest.

    Refused (:class:`InputError`) when ``folder`` already holds a copy (use
    :func:`reset`), when a file the course would write already exists (nothing
    is written then), or when ``folder`` lies inside the package or the
    repository.  A failure half-way removes the files written so far.

    Beyond TS 4213: the course's learner copies.
    """
    folder = _check_folder(Path(folder))
    if (folder / MANIFEST).exists():
        raise InputError("course.already_there", folder=str(folder), manifest=MANIFEST,
                         command=f"'iso4213-nb course reset {folder}'")
    files, english_only = plan(language)
    clash = next((name for name in files if (folder / name).exists()), None)
    if clash is not None:
        raise InputError("course.would_overwrite", folder=str(folder), file=clash)
    written: dict[str, str] = {}
    try:
        for name, source in files.items():
            _write(source, folder / name)
            written[name] = _sha256(folder / name)
        _write_manifest(folder, language, written)
    except BaseException:
        for name in written:
            (folder / name).unlink(missing_ok=True)
        raise
    return CourseCopy(folder, language, tuple(written), english_only)


def reset(folder) -> CourseCopy:
    """Put every file of the course in ``folder`` back as the package ships it, in the copy's language.

    Files :func:`init` wrote are rewritten (also when the learner changed or
    deleted them); files the learner added are left alone, and so is a file
    of a name the course ships only since the copy was made, when the learner
    already has one.  A course file that is no longer shipped is left where it
    is.  The manifest is brought up to date.

    Beyond TS 4213: the course's learner copies.
    """
    folder = _check_folder(Path(folder))
    manifest = read_manifest(folder)
    language = manifest["language"]
    files, english_only = plan(language)
    ours = dict(manifest["files"])
    kept = tuple(name for name in files if name not in ours and (folder / name).exists())
    for name, source in files.items():
        if name not in kept:
            _write(source, folder / name)
            ours[name] = _sha256(folder / name)
    _write_manifest(folder, language, ours)
    return CourseCopy(folder, language, tuple(name for name in files if name not in kept), english_only, kept)
