"""``manifest.json``: the audit trail of a report folder, written last by :func:`write_manifest`.

It lists every other file of the folder with its SHA-256 and size (:mod:`.atomic` replaces a folder only when
each file matches; ``iso4213-nb verify`` checks each), the exact bytes read as input (also from standard input)
and which file holds the parsed predictions, the parameters and random seeds that shape the numbers, the
command, the times, and the versions of Python and of every library the report depends on.  The format is
described by ``manifest.schema.json`` beside this module.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import platform
import sys
from importlib import metadata
from pathlib import Path

from .. import __version__
from ..core.errors import InputError

MANIFEST = "manifest.json"
#: The marker file inside each temporary folder of this tool (see :mod:`.atomic`); removed before a folder is final.
TEMP_MARKER = ".iso4213-nb-temp"
#: Files of a report folder that the manifest does not list: itself, and the marker while the folder is being built.
NOT_LISTED = (MANIFEST, TEMP_MARKER)
#: Value of the manifest's ``format`` key; a manifest without it was not written by this tool.
FORMAT = "iso4213-nb report manifest"
FORMAT_VERSION = 1
#: Distributions whose versions can change a number, a figure or a page of the report.
DEPENDENCIES = ("numpy", "scipy", "scikit-learn", "matplotlib", "pyarrow", "pyyaml", "nbformat", "nbclient",
                "nbconvert", "ipykernel", "jupyter_client", "jinja2", "jsonschema", "tqdm")


def sha256_file(path) -> str:
    """Hex SHA-256 of the bytes of ``path``, read in 1 MiB blocks (clause 8; beyond TS 4213: SHA-256 manifest)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def utc_now() -> str:
    """The current time as ISO 8601 UTC with microseconds, e.g. ``2026-11-23T09:14:31.123456Z``
    (clause 8; beyond TS 4213: SHA-256 manifest)."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def file_table(folder: Path) -> dict[str, dict]:
    """``{relative posix path: {"sha256", "size"}}`` for every file under ``folder`` but :data:`NOT_LISTED`, sorted
    (clause 8; beyond TS 4213: SHA-256 manifest)."""
    table = {}
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            path = Path(root, name)
            rel = path.relative_to(folder).as_posix()
            if rel not in NOT_LISTED:
                table[rel] = {"sha256": sha256_file(path), "size": path.stat().st_size}
    return dict(sorted(table.items()))


def versions(names=DEPENDENCIES) -> dict[str, str | None]:
    """Installed version of each distribution in ``names`` (None when it is not installed) (clause 8; beyond TS 4213:
    SHA-256 manifest)."""
    found = {}
    for name in names:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = None
    return found


def write_manifest(folder: Path, *, inputs: dict, parameters: dict, random_seeds: dict, command: list[str],
                   started_utc: str, extra_tools: dict | None = None) -> dict:
    """Write ``folder/manifest.json`` listing every file now in ``folder``; returns the manifest.

    Parameters
    ----------
    inputs : ``{"predictions": {...}, "meta": {...} or None}``, each with name, sha256, size, format.
    parameters : the options that shape the numbers.
    random_seeds : ``{step: seed}``; empty when nothing random was drawn.
    command : the command line as a list of words.
    started_utc : when the run started (:func:`utc_now`).
    extra_tools : versions of programs outside Python (chromium for the PDF).

    Clause 8; beyond TS 4213: SHA-256 manifest.
    """
    manifest = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "tool": {"name": "iso4213-nb", "version": __version__},
        "command": [str(word) for word in command],
        "started_utc": started_utc,
        "finished_utc": utc_now(),
        "inputs": inputs,
        "parameters": parameters,
        "random_seeds": random_seeds,
        "environment": {"python": platform.python_version(), "implementation": platform.python_implementation(),
                        "platform": platform.platform(), "executable": sys.executable,
                        "dependencies": versions(), "tools": extra_tools or {}},
        "files": file_table(folder),
    }
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False, allow_nan=False) + "\n",
                                   encoding="utf-8")
    return manifest


def read_manifest(folder) -> dict:
    """The manifest of report folder ``folder``; :class:`InputError` (one line) when it is missing or not this tool's
    (clause 8; beyond TS 4213: SHA-256 manifest)."""
    path = Path(folder) / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("report.no_manifest", folder=str(folder), manifest=MANIFEST) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise InputError("report.manifest_not_json", path=str(path), detail=exc.__class__.__name__) from None
    files = manifest.get("files") if isinstance(manifest, dict) else None
    if (not isinstance(manifest, dict) or manifest.get("format") != FORMAT or not isinstance(files, dict)
            or not all(isinstance(v, dict) and isinstance(v.get("sha256"), str) for v in files.values())):
        raise InputError("report.manifest_foreign", path=str(path), format=FORMAT)
    return manifest
