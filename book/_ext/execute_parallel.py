"""Execute the book's notebooks on every core, into the cache that ``jupyter-book build`` then reads.

Jupyter Book 1 executes a notebook when Sphinx reads its page, one page at a
time, so a cold build keeps one core busy for most of its time.  ``bin/book``
runs this first: every notebook of ``_toc.yml`` that the cache
(``book/_build/.jupyter_cache``, where the build looks for it) does not hold
yet is executed by jupyter-cache's own worker, one notebook per process, as
many processes as cores, each in the notebook's own folder with the
``execute`` settings of ``_config.yml`` (timeout, allow_errors).  The build
then finds each of them cached (myst-nb matches a notebook by its code) and
executes only what this step could not: a notebook that fails here is run
again by the build, which reports its error the usual way and fails.

Usage: ``python book/_ext/execute_parallel.py BOOK [PROCESSES]``; prints one
line per notebook and a summary.  Not a Sphinx extension (``_config.yml``
does not load it).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from pathlib import Path

import yaml
from jupyter_cache import get_cache
from jupyter_cache.executors.basic import ExecutionWorkerLocalMProc, ProcessData

#: Exit status of jupyter-cache's worker: 0 executed and cached, 1 the notebook raised, 2 the worker failed.
OUTCOMES = {0: "executed", 1: "raised an error", 2: "could not be executed"}


def toc_files(entries: list) -> list[str]:
    """The ``file`` entries of a jb-book table of contents, in reading order (parts, chapters, sections)."""
    files = []
    for entry in entries:
        if "file" in entry:
            files.append(entry["file"])
        files += toc_files(entry.get("parts", []) + entry.get("chapters", []) + entry.get("sections", []))
    return files


def toc_notebooks(book: Path) -> list[Path]:
    """Every page of ``book/_toc.yml`` that is a notebook, as the build sees its path (through book/notebooks)."""
    toc = yaml.safe_load((book / "_toc.yml").read_text(encoding="utf-8"))
    pages = [toc["root"], *toc_files(toc.get("parts", []) + toc.get("chapters", []))]
    return [book / f"{page}.ipynb" for page in pages if (book / f"{page}.ipynb").is_file()]


def execute(book: Path, processes: int | None = None) -> dict[str, str]:
    """Execute the notebooks the cache lacks, ``processes`` at a time (default: every core); path → outcome."""
    settings = yaml.safe_load((book / "_config.yml").read_text(encoding="utf-8"))["execute"]
    cache = get_cache(str(book / "_build" / ".jupyter_cache"))
    for path in toc_notebooks(book):
        cache.add_nb_to_project(str(path))
    jobs = [ProcessData(record.pk, record.uri, cache, settings["timeout"], settings["allow_errors"])
            for record in cache.list_unexecuted()]
    if not jobs:
        return {}
    with multiprocessing.Pool(min(processes or os.cpu_count() or 1, len(jobs))) as pool:
        # chunksize 1: a free process takes the next notebook, so no process waits behind a long queue
        return {uri: OUTCOMES[status]
                for status, uri in pool.imap_unordered(ExecutionWorkerLocalMProc(), jobs, chunksize=1)}


def main(argv: list[str]) -> int:
    """Run :func:`execute` on the book folder ``argv[0]``; always 0 (the build reports failures)."""
    book = Path(argv[0]).resolve()
    started = time.perf_counter()
    outcomes = execute(book, int(argv[1]) if len(argv) > 1 else None)
    for uri, outcome in sorted(outcomes.items()):
        print(f"execute_parallel: {os.path.relpath(uri, book)}: {outcome}")
    print(f"execute_parallel: {len(outcomes)} notebook(s) not in the cache, {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
