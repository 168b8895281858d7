"""The offline JavaScript the package ships: which files of which npm package, and how they are copied in.

The report, the book and the slides load MathJax 2, require.js, the Jupyter
widget renderer, Vega / Vega-Lite / vega-embed, reveal.js and jQuery from
files beside the page, never from a CDN.  Those files come from the npm
packages locked in ``package.json`` / ``package-lock.json`` (``npm ci`` puts
them in ``node_modules/``).  Only the parts the pages load are kept
(:data:`FILES`), together with each package's ``package.json`` (its version
and licence) and licence files, in ``iso4213_nb/report/vendor/``, laid out
as ``node_modules/`` is.  That folder is not tracked: the build step of
``setup.py`` fills it for the sdist and the wheel, and ``bin/bootstrap``
fills it in a checkout.  At run time :func:`iso4213_nb.report.export.node_modules`
reads it, so an installed package needs nothing outside itself.

This module imports the standard library only: ``setup.py`` runs it before
the package's dependencies are installed.  As a script,
``python iso4213_nb/report/vendored.py [NODE_MODULES]`` fills the folder
(skipping the copy when ``package-lock.json`` and this file are unchanged).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path

#: The folder the package reads its offline JavaScript from (``node_modules/``'s layout, a subset).
VENDOR = Path(__file__).resolve().parent / "vendor"
#: Written last by :func:`fill`: the packages, their versions and licences, and the hash it was filled from.
INDEX = "vendored.json"

#: Files of each npm package that the page loads, relative to the package folder.
MATHJAX_FILES = ("MathJax.js", "config/TeX-AMS_CHTML-full.js", "config/Safe.js", "extensions", "jax/output/CommonHTML",
                 "jax/element", "jax/input/TeX", "fonts/HTML-CSS/TeX/woff", "fonts/HTML-CSS/TeX/otf")
#: The widget renderer's files in ``@jupyter-widgets/html-manager/dist`` (glob patterns: its fonts have hashed names).
WIDGET_FILES = ("embed-amd.js", "*.woff", "*.woff2", "*.ttf", "*.eot", "*.svg")
#: Vega, Vega-Lite and vega-embed, in load order (see :data:`iso4213_nb.report.export.VEGA_BUNDLE`).
VEGA_FILES = (("vega", "build/vega.min.js"), ("vega-lite", "build/vega-lite.min.js"),
              ("vega-embed", "build/vega-embed.min.js"))
REVEAL_FILES = ("dist/reveal.css", "dist/reveal.js", "dist/theme/white.css", "dist/theme/fonts/source-sans-pro",
                "plugin/notes/notes.js")
JQUERY_FILE = "dist/jquery.min.js"

#: npm package → the paths (or glob patterns) of it that are shipped.
FILES = {
    "mathjax": MATHJAX_FILES,
    "requirejs": ("require.js",),
    "@jupyter-widgets/html-manager": tuple(f"dist/{pattern}" for pattern in WIDGET_FILES) + ("dist/embed.js.LICENSE.txt",),
    **{name: (path,) for name, path in VEGA_FILES},
    "reveal.js": REVEAL_FILES,
    "jquery": (JQUERY_FILE,),
}
#: Shipped from every package's root when present: its version and licence, and its licence texts.
ALWAYS = ("package.json", "LICENSE", "LICENSE.txt", "LICENSE.md", "COPYING")
#: Licence texts of packages whose npm release carries none (its package.json names the licence only), taken
#: from the project's repository and kept in ``licences/`` beside this file: package → file there.  requirejs
#: is r.js's MIT licence; the widget renderer is part of ipywidgets, under its BSD-3-Clause licence.
LICENCES = Path(__file__).resolve().parent / "licences"
UPSTREAM_LICENCES = {"requirejs": "requirejs-LICENSE", "@jupyter-widgets/html-manager": "html-manager-LICENSE"}


class MissingAssets(Exception):
    """The npm packages are not installed where the copy looks; the message says how to install them (beyond TS 4213:
    packaging of the offline JavaScript of the clause-8 report)."""


def source_hash(lock: Path) -> str:
    """SHA-256 of ``lock`` (``package-lock.json``) and of this file: what a filled folder was filled from
    (beyond TS 4213: packaging of the offline JavaScript of the clause-8 report)."""
    digest = hashlib.sha256(lock.read_bytes() if lock.is_file() else b"")
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()


def is_filled(target: Path = VENDOR, lock: Path | None = None) -> bool:
    """Whether ``target`` holds a complete copy (its index written); with ``lock``, a copy from that lock file
    (beyond TS 4213: packaging of the offline JavaScript of the clause-8 report)."""
    try:
        index = json.loads((target / INDEX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return lock is None or index.get("source") == source_hash(lock)


def fill(node_modules: Path, target: Path = VENDOR, lock: Path | None = None) -> dict:
    """Copy :data:`FILES` (and each package's :data:`ALWAYS` files) from ``node_modules`` into ``target``.

    ``target`` is replaced as a whole; its index (:data:`INDEX`) names every package with its version and licence and is
    written last, so a copy cut short is never taken for a complete one.  Returns the index.  Raises
    :class:`MissingAssets` when a package or a file is missing (beyond TS 4213: packaging of the offline JavaScript of
    the clause-8 report).
    """
    node_modules, target = Path(node_modules), Path(target)
    staging = target.with_name(target.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    packages = {}
    for package, paths in FILES.items():
        root = node_modules / package
        if not (root / "package.json").is_file():
            shutil.rmtree(staging, ignore_errors=True)
            raise MissingAssets(f"npm package {package} not found in {node_modules}; run 'npm ci' in the repository")
        for path in paths:
            sources = sorted(root.glob(path)) if "*" in path else [root / path]
            for source in sources:
                if not source.exists():
                    shutil.rmtree(staging, ignore_errors=True)
                    raise MissingAssets(f"{source} not found; run 'npm ci' in the repository")
                copy_path(source, staging / package / source.relative_to(root))
        for name in ALWAYS:
            if (root / name).is_file():
                copy_path(root / name, staging / package / name)
        if package in UPSTREAM_LICENCES and not (root / "LICENSE").is_file():
            copy_path(LICENCES / UPSTREAM_LICENCES[package], staging / package / "LICENSE")
        meta = json.loads((root / "package.json").read_text(encoding="utf-8"))
        packages[package] = {"version": meta["version"], "license": meta.get("license", "")}
    index = {"packages": packages, "source": source_hash(lock) if lock else ""}
    (staging / INDEX).write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    shutil.rmtree(target, ignore_errors=True)
    staging.rename(target)
    return index


def copy_path(source: Path, target: Path) -> None:
    """Copy the file or folder ``source`` to ``target``, making its parent folders (beyond TS 4213: packaging of
    the offline JavaScript of the clause-8 report)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, target, dirs_exist_ok=True)
    else:
        shutil.copy2(source, target)


def main(argv: list[str]) -> int:
    """``python vendored.py [NODE_MODULES]``: fill :data:`VENDOR` unless it is filled from the same lock file.

    ``NODE_MODULES`` defaults to ``node_modules`` beside ``package-lock.json`` in the checkout holding this file
    (beyond TS 4213: packaging of the offline JavaScript of the clause-8 report).
    """
    checkout = VENDOR.parents[2]
    node_modules = Path(argv[0]) if argv else checkout / "node_modules"
    lock = checkout / "package-lock.json"
    if is_filled(VENDOR, lock):
        return 0
    try:
        index = fill(node_modules, VENDOR, lock)
    except MissingAssets as error:
        print(f"vendored.py: error: {error}", file=sys.stderr)
        return 2
    print(f"vendored.py: {len(index['packages'])} npm packages copied into {VENDOR}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
