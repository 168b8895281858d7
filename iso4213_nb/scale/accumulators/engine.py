"""Running states over parts: in this process, or as a Dask reduction across workers and machines.

Both engines take the same empty states and the same parts and give the same
merged states: counts exactly, DeLong's sums to floating rounding.  A part is
anything ``read_part`` turns into a chunk (a mapping of column name to typed
array); :func:`parquet_parts` lists the row groups of a Parquet data set.

Dask is an optional dependency (``pip install iso4213-nb[dask]``), imported only
when :func:`run_dask` is called.  With no ``scheduler`` it starts a
``LocalCluster`` of ``workers`` processes on this machine and closes it after;
with ``scheduler="tcp://host:8786"`` it uses that running cluster, whose
workers must have iso4213-nb installed; ``scheduler="synchronous"`` runs the
same task graph in this process (tests, debugging).
"""

from __future__ import annotations

import contextlib
import contextvars
import copy
import functools
import glob
import logging
from pathlib import Path
from typing import Callable, Iterable

from ...core.errors import InputError
from .base import Chunk, State, merge_all

#: How many partial results one Dask task merges.
SPLIT_EVERY = 8


def _merge_dicts(*parts: dict) -> dict:
    return {name: merge_all(part[name] for part in parts) for name in parts[0]}


def run_local(zeros: dict, parts: Iterable, read_part: Callable[[object], Chunk], *,
              progress: Callable[[int], object] | None = None) -> dict:
    """``{name: state}`` after every part, read one at a time in this process (bounded memory) (beyond TS 4213: Dask reduction).

    The one loop over parts of the package: a file read in chunks, one Dask
    task's row group and a single state (:func:`accumulate`) all run here.
    ``zeros`` are left as they are (each state starts from a copy);
    ``progress(rows)`` is called after each part with the rows of its chunk.
    """
    states = {name: copy.deepcopy(zero) for name, zero in zeros.items()}
    for part in parts:
        chunk = read_part(part)
        for state in states.values():
            state.update(chunk)
        if progress is not None:
            progress(len(next(iter(chunk.values()), ())))
    return states


def accumulate(zero: State, chunks: Iterable[Chunk]) -> State:
    """A copy of ``zero`` updated with every chunk in turn (:func:`run_local` of one state) (beyond TS 4213: Dask reduction)."""
    return run_local({"state": zero}, chunks, lambda chunk: chunk)["state"]


def run_dask(zeros: dict, parts: list, read_part: Callable[[object], Chunk], *, scheduler: str | None = None,
             workers: int = 2) -> dict:
    """``{name: state}`` merged by a Dask tree reduction: each task reads one part, merges go ``SPLIT_EVERY`` at a time (beyond TS 4213: Dask reduction)."""
    return reduce_dask(parts, functools.partial(_read_and_update, zeros=zeros, read_part=read_part),
                       scheduler=scheduler, workers=workers)


def _read_and_update(part, zeros: dict, read_part: Callable[[object], Chunk]) -> dict:
    return run_local(zeros, [part], read_part)


def reduce_dask(parts: list, part_states: Callable[..., dict], *, scheduler: str | None = None,
                workers: int = 2, shared=None) -> dict:
    """``{name: state}`` of every part merged by a Dask tree reduction; ``part_states(part)`` runs on a worker (beyond TS 4213: Dask reduction).

    ``part_states`` must be picklable (a module-level function or a
    :func:`functools.partial` of one).  Merges go ``SPLIT_EVERY`` at a time.
    With ``shared`` (what every task needs, such as a first pass's results:
    DeLong's placement values per distinct score), each task is called as
    ``part_states(part, shared)``; on a cluster ``shared`` is scattered to
    every worker once (not embedded in each task, nor in the graph sent to
    the scheduler); with ``scheduler="synchronous"`` it is one node of the graph.
    """
    try:
        import dask
    except ImportError:
        raise InputError("engine.no_dask") from None
    if not parts:
        raise InputError("engine.no_parts")
    if scheduler == "synchronous":
        extra = () if shared is None else (dask.delayed(shared, traverse=False),)
        return _tree(dask, parts, part_states, extra).compute(scheduler="synchronous")
    with dask_session(scheduler, workers):  # the session's client, or a new one for this reduction alone
        client = _SESSION.get()
        extra = () if shared is None else tuple(client.scatter([shared], broadcast=True))  # once per worker
        return client.compute(_tree(dask, parts, part_states, extra)).result()


def _tree(dask, parts: list, part_states: Callable[..., dict], extra: tuple):
    """The reduction's graph: one task per part, then merges ``SPLIT_EVERY`` at a time up to one result."""
    level = [dask.delayed(part_states)(part, *extra) for part in parts]
    while len(level) > 1:
        level = [dask.delayed(_merge_dicts)(*level[i:i + SPLIT_EVERY]) for i in range(0, len(level), SPLIT_EVERY)]
    return level[0]


#: The client of the innermost :func:`dask_session`, or None.
_SESSION: contextvars.ContextVar = contextvars.ContextVar("iso4213_nb_dask_session", default=None)


@contextlib.contextmanager
def _client(scheduler: str | None, workers: int):
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError("engine.no_dask") from None
    if scheduler is not None:
        from distributed.comm import get_address_host_port
        try:  # distributed's own parser, before a client starts its loop thread: from that thread a bad address
            get_address_host_port(scheduler)  # ends, on a loaded machine, as an AssertionError of the loop runner
        except ValueError as exc:
            raise InputError("engine.bad_scheduler", scheduler=scheduler, error=str(exc)) from None
        except NotImplementedError:  # a scheme without host and port (inproc://): the client judges it
            pass
        try:
            client = Client(scheduler)
        except (ValueError, TypeError) as exc:  # distributed's words for an address it cannot parse: "missing port
            raise InputError("engine.bad_scheduler", scheduler=scheduler, error=str(exc)) from None  # number", ...
        with client:
            yield client
        return
    # The workers' own log (a task's error with its traceback, "Compute Failed") would reach stderr before the
    # error the client re-raises here, which the command prints as one line: only a fatal message gets through.
    with LocalCluster(n_workers=int(workers), threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=logging.CRITICAL) as cluster:
        with Client(cluster) as client:
            yield client


@contextlib.contextmanager
def dask_session(scheduler: str | None = None, workers: int = 2):
    """One Dask client for every :func:`reduce_dask` inside the block; an inner session uses the outer one's (beyond TS 4213: Dask reduction).

    DeLong's test reads the data twice (pass one counts the scores, pass two
    the placement values); in one session both passes run on one local cluster
    (or one connection to ``scheduler``) instead of starting a cluster each.
    ``scheduler="synchronous"`` needs no client: the block runs as without a session.
    """
    if scheduler == "synchronous" or _SESSION.get() is not None:
        yield
        return
    with _client(scheduler, workers) as client:
        token = _SESSION.set(client)
        try:
            yield
        finally:
            _SESSION.reset(token)


def parquet_parts(dataset) -> list[tuple[str, int]]:
    """``(file, row group)`` of every row group of a Parquet file, a folder of ``*.parquet`` files, or a glob (beyond TS 4213: Dask reduction)."""
    import pyarrow.parquet as pq

    from ...inputs.table import arrow_message

    path = Path(dataset)
    if path.is_dir():
        files = sorted(str(p) for p in path.rglob("*.parquet"))
    elif path.is_file():
        files = [str(path)]
    else:
        files = sorted(glob.glob(str(dataset)))
    if not files:
        raise InputError("table.folder_without_parquet" if path.is_dir() else "source.no_such_file", file=str(dataset))
    parts = []
    for file in files:
        try:
            groups = pq.ParquetFile(file).num_row_groups
        except Exception as exc:  # pyarrow raises several types for a damaged or foreign file
            raise InputError("table.bad_parquet", file=file, detail=arrow_message(exc)) from None
        parts += [(file, g) for g in range(groups)]
    return parts


def _read_row_group(part: tuple[str, int], columns: tuple[str, ...]) -> Chunk:
    import pyarrow.parquet as pq

    from ...inputs.columns import first_true
    from ...inputs.table import Place, quote

    file, group = part
    parquet = pq.ParquetFile(file)
    table = parquet.read_row_group(group, columns=list(columns))
    chunk = {}
    for name in columns:
        values = table.column(name)
        if values.null_count:
            row = sum(parquet.metadata.row_group(g).num_rows for g in range(group)) + first_true(values.is_null())
            raise InputError("columns.empty_cell", place=Place(file, row=row + 1), column=quote(name))
        array = values.to_numpy(zero_copy_only=False)
        chunk[name] = array.astype(str) if array.dtype.kind == "O" else array
    return chunk


def parquet_reader(columns: Iterable[str]) -> Callable[[tuple[str, int]], Chunk]:
    """A ``read_part`` for :func:`parquet_parts`: the named columns of one row group as typed arrays (picklable) (beyond TS 4213: Dask reduction)."""
    return functools.partial(_read_row_group, columns=tuple(columns))
