"""What ``metrics``, ``compare``, ``report`` and ``state`` share to read beyond one machine's memory.

The options of :func:`add_options` (``--chunk-rows``, ``--engine dask``, ``--bins``, ``--states``) choose
mergeable counts over reading the file whole; without them the file is read whole when the estimate of
:mod:`iso4213_nb.inputs.memory` fits ``--memory-budget``, and in chunks otherwise, saying so
(:func:`auto_stream`); ``--in-memory`` always reads it whole.  :func:`collect` counts, :func:`save` and
:func:`load` write and merge state files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core import progress
from . import _poisson
from ._types import whole
from ..core.errors import InputError
from ..words.i18n import _, number, significant
from ..inputs import memory
from ..inputs.options import BOOTSTRAP_MEMORY, DEFAULT_CHUNK_ROWS, reading_options

# The counting itself (numpy, pyarrow, the accumulators) is imported inside the functions that read, so that a
# command's parser, built from add_options, loads none of it (issue 27 point 4: every --help under 0.3 s).

#: Version of the ``source`` block that :func:`save` writes into a state file.
SOURCE_VERSION = 1


def _rows(text: str) -> int:
    from ..inputs.chunks import chunk_rows_value

    try:
        return chunk_rows_value(text)
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _budget(text: str) -> int:
    try:
        return memory.parse_size(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("takes a size such as 512M, 2G or 1.5GiB, got {text}").format(
            text=text)) from None


def add_options(parser: argparse.ArgumentParser, *, states: bool = True, bins: bool = True,
                budget: bool = False) -> None:
    """Add ``--chunk-rows``, ``--engine``, ``--scheduler``, ``--workers``, ``--bins``, ``--bins-range`` (and
    ``--states``; with ``budget``, ``--memory-budget`` and ``--in-memory``) (beyond TS 4213: chunked and distributed runs)."""
    group = parser.add_argument_group(
        _("beyond one machine's memory"),
        _("read in chunks, on Dask, or from state files; the numbers equal those of the whole file in memory"))
    if budget:
        group.add_argument("--memory-budget", type=_budget, metavar="SIZE",
                           help=_("read the file in chunks on its own when reading it whole would take more than "
                                  "SIZE (512M, 2G; default the smaller of 1 GiB and a quarter of the memory "
                                  "available)"))
        group.add_argument("--in-memory", action="store_true",
                           help=_("read the file whole, whatever its size (the bootstrap then resamples the rows "
                                  "themselves)"))
    group.add_argument("--chunk-rows", type=_rows, nargs="?", const=DEFAULT_CHUNK_ROWS, metavar="N",
                       help=_("read N rows at a time and keep only counts (default N: {n:,} rows, about 200 MB)")
                       .format(n=DEFAULT_CHUNK_ROWS))
    group.add_argument("--engine", choices=("local", "dask"),
                       help=_("dask: a Dask reduction over the row groups of a Parquet file, folder or glob"))
    group.add_argument("--scheduler", metavar="ADDRESS",
                       help=_("with --engine dask: a running scheduler (tcp://host:8786); default a local cluster"))
    group.add_argument("--workers", type=whole(1), default=2, metavar="N",
                       help=_("with --engine dask and no --scheduler: local worker processes (default 2)"))
    if bins:
        group.add_argument("--bins", type=whole(2), metavar="N",
                           help=_("count scores in N equal bins: approximate curves, the AUROC with its worst-case "
                                  "error bound (for scores with too many distinct values)"))
        group.add_argument("--bins-range", type=float, nargs=2, metavar=("LOW", "HIGH"), default=(0.0, 1.0),
                           help=_("the range the bins cover (default 0 1); a score outside it is an error"))
    if states:
        group.add_argument("--states", nargs="+", metavar="FILE.state",
                           help=_("merge state files written by 'iso4213-nb state' instead of reading predictions"))


def wanted(args) -> bool:
    """True when the command should take the streaming path (any option of :func:`add_options` given) (beyond TS 4213: chunked and distributed runs)."""
    return any(getattr(args, name, None) is not None for name in ("chunk_rows", "engine", "bins", "states"))


def auto_stream(args, command: str) -> dict | None:
    """Choose chunks for a file too large for the memory budget; returns what was decided, or None (beyond TS 4213:
    chunked runs).

    Only a predictions file named on the command line with none of :func:`add_options`' reading options given
    is considered.  When :func:`iso4213_nb.inputs.memory.estimate` exceeds ``--memory-budget`` (default
    :func:`~iso4213_nb.inputs.memory.default_budget`), ``args.chunk_rows`` is set and one line on stderr says
    why, what the chunks cannot give as the whole file would, and how to get it.  The returned
    ``{"rows", "bytes", "budget", "chunk_rows"}`` is kept in ``args.memory`` for the output.
    """
    args.memory = None
    if getattr(args, "in_memory", False):
        if wanted(args):
            raise InputError(_("--in-memory reads the file whole; give it without --chunk-rows, --engine, --bins "
                               "or --states"))
        return None
    predictions = getattr(args, "predictions", None)
    if wanted(args) or predictions is None:
        return None
    found = memory.estimate(predictions)
    budget = args.memory_budget or memory.default_budget()
    if found is None or found.bytes <= budget:
        return None
    args.chunk_rows = DEFAULT_CHUNK_ROWS
    args.memory = {"rows": found.rows, "bytes": found.bytes, "budget": budget, "chunk_rows": DEFAULT_CHUNK_ROWS}
    print(f"iso4213-nb {command}: " + memory_note(args.memory), file=sys.stderr)
    return args.memory


def memory_note(decided: dict) -> str:
    """The words of :func:`auto_stream`'s decision, one line in the active language (beyond TS 4213: chunked runs)."""
    return _("note: reading the file whole would take about {need} GiB ({rows} rows), more than the memory budget of "
             "{budget} GiB (--memory-budget), so it is read in chunks of {chunk} rows.  Every count, curve and "
             "count-based interval is the whole file's; the Brier score and log loss intervals come from a Poisson "
             "bootstrap (weights fixed by --row-key and --seed) instead of resampling the rows, DeLong's test takes a "
             "second pass over the file, and a report ranks three or more models only from the rows; --in-memory "
             "reads the file whole for those").format(
        need=number(decided["bytes"] / 2 ** 30, 1), rows=number(decided["rows"]),
        budget=number(decided["budget"] / 2 ** 30, 2), chunk=number(decided["chunk_rows"]))


def budget_sentence(args) -> str:
    """For the output: why the file was read in chunks when :func:`auto_stream` chose it, else "" (beyond TS 4213:
    chunked runs)."""
    decided = getattr(args, "memory", None)
    if not decided:
        return ""
    return _("Chunks were chosen on their own: reading the file whole would take about {need} GiB, more than the "
             "memory budget of {budget} GiB; --in-memory reads it whole.").format(
        need=number(decided["bytes"] / 2 ** 30, 1), budget=number(decided["budget"] / 2 ** 30, 2))


def chunk_options(args, **columns) -> dict:
    """Keyword arguments of :class:`~iso4213_nb.inputs.chunks.PredictionChunks` from ``args`` and ``columns`` (beyond TS 4213: chunked and distributed runs)."""
    options = reading_options(args)
    options["chunk_rows"] = args.chunk_rows or DEFAULT_CHUNK_ROWS
    if getattr(args, "group", None) and "columns" not in columns:  # report --group COL: a subgroup column too
        options["groups"] = list(args.group)
    if getattr(args, "row_key", None):  # the Poisson bootstrap's row keys (cli/_poisson.py)
        options["key"] = args.row_key
        options["key_memory"] = getattr(args, "bootstrap_memory", None) or BOOTSTRAP_MEMORY  # its own bound
    return {**options, **columns}


def _binning(args) -> dict:
    bins = getattr(args, "bins", None)
    if bins is None:
        return {}
    low, high = args.bins_range
    if not low < high:
        raise InputError(_("--bins-range needs LOW < HIGH, got {low} and {high}").format(low=significant(low, 6),
                                                                                       high=significant(high, 6)))
    return {"bins": bins, "low": low, "high": high}


def collect(args, source, *, positive=None, threshold: float = 0.5, labels_from_scores: bool = False,
            **columns) -> tuple[dict, streaming.Settings, InputSource, PredictionChunks | None]:
    """The merged states of ``source`` read in chunks (or on Dask), with their settings and source (beyond TS 4213: chunked and distributed runs).

    ``labels_from_scores`` treats every scored model as giving its labels at
    ``threshold`` (``metrics --threshold``).  Returns the open chunks too
    (None on Dask) so that a second pass can follow; the caller closes them.
    """
    from ..inputs.chunks import PredictionChunks
    from ..scale import streaming_labels

    if args.engine == "dask":
        found = _collect_dask(args, source, positive=positive, threshold=threshold, **columns)
        key_check_note(found[0])
        return (*found, None)
    if args.scheduler is not None:
        raise InputError(_("--scheduler applies to --engine dask"))
    chunks = PredictionChunks(source, **chunk_options(args, **columns))
    try:
        settings = _settings(chunks, positive, threshold, labels_from_scores, args)
        with progress.bar(desc=_("reading {name}").format(name=chunks.name), unit=_("rows"),
                          unit_scale=True) as bar:
            states = streaming_labels.shard_states(chunks, settings, progress=bar.update)
    except BaseException:
        chunks.close()
        raise
    key_check_note(states)
    return states, settings, chunks.source, chunks


def key_check_note(states: dict) -> None:
    """Say on stderr when the row keys' runs outgrew their memory, so duplicates went unchecked (7.8; beyond TS 4213: Poisson bootstrap)."""
    from ..scale.streamed_bootstrap import KEY_RUNS

    runs = states.get(KEY_RUNS)
    found = None if runs is None else runs.finalize()
    if found is not None and found["code"] == "key_check_memory":
        print("iso4213-nb: " + _("note: the row keys (--row-key) are too scattered to hold as runs in {mib} MiB "
                                 "(--bootstrap-memory), so they were not checked for duplicates; a duplicate key "
                                 "would share its rows' Poisson weights").format(
            mib=number(found["budget"] / 2 ** 20, 1)), file=sys.stderr)


def _settings(chunks, positive, threshold, labels_from_scores, args) -> streaming.Settings:
    from ..scale import streaming, streaming_labels

    if chunks.label_layout is not None:  # a multi-label file (6.5): PredictionChunks(multilabel=True)
        return streaming_labels.settings_of(chunks, positive, threshold, args)
    settings = streaming.Settings.of(chunks, positive=positive, threshold=threshold, **_binning(args))
    if labels_from_scores:
        settings = streaming.Settings(tuple((n, p and not s, s) for n, p, s in settings.models), settings.positive,
                                      settings.threshold, settings.bins, settings.low, settings.high)
    return _poisson.configure(settings, args)


def _collect_dask(args, source, *, positive, threshold, **columns):
    from ..inputs.chunks import PredictionChunks, hash_files
    from ..inputs.source import InputSource
    from ..scale import streaming_labels
    from ..scale.accumulators import parquet_parts

    parts = parquet_parts(source)
    files = sorted({file for file, _group in parts})
    options = chunk_options(args, **columns)
    with PredictionChunks(files[0], **options) as first:
        settings = _poisson.with_files(_settings(first, positive, threshold, False, args), files)
    states = streaming_labels.parquet_states(parts, settings, options, scheduler=args.scheduler, workers=args.workers)
    sha256, size, _stamps = hash_files([Path(f) for f in files])
    return states, settings, InputSource(str(source), sha256, size, "parquet")


def save(path, states: dict, settings: streaming.Settings, source: InputSource) -> Path:
    """Write a shard's states with its settings and source to a state file (atomically) (beyond TS 4213: chunked and distributed runs)."""
    from ..scale import streaming_labels
    from ..scale.accumulators import write_states

    rows = streaming_labels.rows(states)
    return write_states(path, states, source={  # write_states replaces the file whole, never half-written
        "version": SOURCE_VERSION, "input": {"name": source.file_name, "sha256": source.sha256, "size": source.size,
                                             "format": source.format, "rows": rows},
        "settings": settings.to_json()})


def load(paths, multilabel: bool = False) -> tuple[dict, streaming.Settings, InputSource]:
    """The merged states of state files (any order gives the same), their common settings, and a source naming them (beyond TS 4213: chunked and distributed runs).

    The same file given twice, or two files made from the same predictions
    (the same SHA-256 in ``source.input``), are refused: merging them would
    count that shard twice.
    """
    from ..inputs.source import InputSource
    from ..scale import streaming, streaming_labels
    from ..scale.accumulators import read_states
    from ..scale.accumulators.file_checks import MAX_TOTAL, count_total

    shards, settings, inputs, seen, totals = [], None, [], {}, {}
    for i, path in enumerate(paths):
        states, source = read_states(path)
        _once(path, source.get("input") or {}, seen)
        for name, state in states.items():  # merged counts add as 64-bit integers: refuse before they wrap
            totals[name] = totals.get(name, 0.0) + count_total(state)
            if totals[name] > MAX_TOTAL:
                raise InputError("state_file.overflow", name=repr(name), files=[str(p) for p in paths[:i + 1]])
        these = streaming_labels.settings_from_json(source.get("settings") or {}, str(path))
        if settings is not None and these != settings:
            raise InputError(_("{path}: its models or settings (positive class, threshold, bins) differ from those of "
                               "{first}; write every shard's state with the same options").format(
                path=path, first=paths[0]))
        settings = these
        shards.append(states)
        inputs.append(source.get("input") or {})
    if isinstance(settings, streaming_labels.LabelSettings) and not multilabel:
        raise InputError("multilabel_stream.not_here", files=[str(path) for path in paths])
    merged = streaming.merge_shards(shards)
    names = ", ".join(str(i.get("name", "?")) for i in inputs)
    return merged, settings, InputSource(names, "", sum(int(i.get("size") or 0) for i in inputs), "state")


def _once(path, made_from: dict, seen: dict) -> None:
    """Refuse ``path`` when it is a file already given or holds a shard already given (``seen``: key → path)."""
    stat = Path(path).stat()
    keys = [("file", stat.st_dev, stat.st_ino)]
    sha256 = made_from.get("sha256")
    if isinstance(sha256, str) and sha256:
        keys.append(("shard", sha256))
    for key in keys:
        if key in seen:
            if key[0] == "file":
                raise InputError("state_file.same_file_twice", path=seen[key], other=path)
            raise InputError("state_file.same_shard_twice", path=seen[key], other=path, sha256=sha256)
        seen[key] = path
