"""Running the parameterised report notebook with nbclient.

``template.ipynb`` (next to this module) gets its parameters as one JSON text
(:func:`inject_parameters`, the papermill convention without papermill), so no
value (a NaN, a label with quotes) is ever read as Python code.  The notebook
runs in the report's folder and reads only files there; the kernel talks over
local sockets in a private temporary folder of this tool
(:func:`~iso4213_nb.report.atomic.make_temp_folder`), removed afterwards, also
on Ctrl-C or SIGTERM, or by the next run when this one was killed.

Signals during the run: nbclient drives the kernel from an asyncio loop and,
in the main thread, installs its own SIGINT/SIGTERM handlers, under which an
interrupted run ends in an unrelated ``AssertionError`` and the previous
handlers are lost.  So the notebook runs in a worker thread (where nbclient
installs no handler), and the main thread waits; a SIGINT or SIGTERM only
records the signal and kills the kernel, which ends the worker.  Once the
kernel and its folder are gone, the signal is raised again with the handler
that was in place before (the command line's, which unwinds and exits with
130 or 143; Python's default ``KeyboardInterrupt`` elsewhere), from ordinary
code.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import shutil
import signal
import tempfile
import threading
from importlib import resources
from pathlib import Path

import nbformat
from jupyter_client import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from ..core import progress
from .atomic import make_temp_folder, remove_stale, signals_deferred

TEMPLATE = Path(str(resources.files("iso4213_nb") / "report" / "template.ipynb"))
#: Seconds a single cell of the report may run.
CELL_TIMEOUT = 300
#: Name prefix of the kernel's temporary folder (in the system's temporary folder).
KERNEL_PREFIX = "iso4213-nb-kernel-"
#: Seconds to wait for the notebook's thread to notice that the kernel was killed.
STOP_WAIT = 3
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class ReportBuildError(RuntimeError):
    """The report could not be built for a reason other than bad input (one line) (clause 8)."""


def inject_parameters(nb: nbformat.NotebookNode, parameters: dict) -> nbformat.NotebookNode:
    """Insert a cell ``parameters_json = "<JSON>"`` after the cell tagged ``parameters``; returns ``nb`` (clause 8).

    ``parameters`` must be JSON-serialisable without NaN or infinity
    (:class:`ValueError` otherwise).  The JSON text is written as a JSON
    string literal, which is also a valid Python string literal.
    """
    for i, cell in enumerate(nb.cells):
        if "parameters" in cell.get("metadata", {}).get("tags", []):
            break
    else:
        raise ReportBuildError("the report template has no cell tagged 'parameters'")
    text = json.dumps(parameters, allow_nan=False, ensure_ascii=False)
    injected = nbformat.v4.new_code_cell(f"parameters_json = {json.dumps(text)}",
                                         metadata={"tags": ["injected-parameters"]})
    nb.cells.insert(i + 1, injected)
    return nb


class _SignalsKillKernel:
    """While active (main thread only), SIGINT/SIGTERM are recorded and kill the kernel.

    :meth:`reraise` delivers the first recorded signal again once the handlers
    in place before are restored.
    """

    def __init__(self, kernel: KernelManager):
        self.kernel = kernel
        self.received: list[int] = []
        self.previous: dict[int, object] = {}

    def kill(self) -> None:
        """Kill the kernel process if it has started and a signal was received."""
        pid = getattr(self.kernel.provisioner, "pid", None) if self.kernel.provisioner else None
        if self.received and pid:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)

    def _handle(self, signum, frame) -> None:
        self.received.append(signum)
        self.kill()

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGINT, signal.SIGTERM):
                if signal.getsignal(signum) is not signal.SIG_IGN:  # an ignored signal stays ignored
                    self.previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)

    def reraise(self) -> None:
        """Deliver the first recorded signal again, now to the handler that was in place before."""
        if self.received:
            os.kill(os.getpid(), self.received[0])


def _execute_in_thread(client: NotebookClient, guard: _SignalsKillKernel) -> None:
    """Run ``client.execute()`` in a worker thread and wait; re-raise its exception unless a signal stopped it."""
    failure: list[BaseException] = []

    def work():
        try:
            client.execute()
        except BaseException as exc:  # handed to the main thread
            failure.append(exc)

    worker = threading.Thread(target=work, name="iso4213-nb report notebook", daemon=True)
    worker.start()
    while worker.is_alive() and not guard.received:
        worker.join(0.2)
    worker.join(STOP_WAIT if guard.received else None)
    if failure and not guard.received:
        raise failure[0]


#: The longest path of a Unix socket (Linux's ``sun_path`` holds 108 bytes with the terminating NUL).
SOCKET_PATH_MAX = 107


def _kernel_manager(sockets: Path) -> KernelManager:
    """A kernel talking over Unix sockets in ``sockets``, or over 127.0.0.1 when their paths would be too long.

    jupyter_client names the sockets ``<ip>-<port>``; a long path would otherwise fail deep inside zmq with
    "File name too long".  :func:`_socket_root` avoids that case wherever ``/tmp`` is writable.
    """
    ipc = sockets / "kernel"
    connection_file = str(sockets / "kernel.json")
    if len(os.fsencode(ipc)) + len("-65535") <= SOCKET_PATH_MAX:
        return KernelManager(kernel_name="python3", transport="ipc", ip=str(ipc), connection_file=connection_file)
    return KernelManager(kernel_name="python3", transport="tcp", ip="127.0.0.1", connection_file=connection_file)


def sweep_kernel_folders() -> Path:
    """Remove the kernel folders that runs which ended (killed, crashed) left behind; returns the folder they live
    in.  Every report command calls it, also one that starts no kernel (clause 8; beyond TS 4213: atomic report
    folders)."""
    root = _socket_root()
    remove_stale(root, (KERNEL_PREFIX,))
    return root


def _socket_root() -> Path:
    """The system's temporary folder, or ``/tmp`` when the kernel's socket paths under it would be too long."""
    root = Path(tempfile.gettempdir())
    longest = len(os.fsencode(root / f"{KERNEL_PREFIX}XXXXXXXX" / "kernel-65535"))
    if longest > SOCKET_PATH_MAX and os.access("/tmp", os.W_OK):
        return Path("/tmp")
    return root


def translate_markdown(nb: nbformat.NotebookNode, language: str) -> nbformat.NotebookNode:
    """Replace each markdown cell's text by its translation into ``language`` (its catalogue message); returns ``nb`` (clause 8)."""
    from ..words.catalogue import cell_message
    from ..words.i18n import translations

    found = translations(language)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = found.get(cell_message(cell.source), cell.source)
    return nb


def run_template(directory: Path, parameters: dict, template: Path = TEMPLATE) -> nbformat.NotebookNode:
    """Execute the report template in ``directory`` with ``parameters``; returns the executed notebook (clause 8).

    ``parameters["lang"]`` (default English) is the report's language: the
    markdown cells are translated here and the code cells set it in the kernel.
    Raises :class:`ReportBuildError` naming the failing cell's error when a cell raises.
    """
    nb = translate_markdown(inject_parameters(nbformat.read(template, as_version=4), parameters),
                            parameters.get("lang", "en"))
    temp_root = sweep_kernel_folders()
    sockets = kernel = guard = client = None
    try:  # everything that needs undoing is assigned inside the try, so a signal cannot slip in between
        sockets = make_temp_folder(temp_root, KERNEL_PREFIX)
        kernel = _kernel_manager(sockets)
        guard = _SignalsKillKernel(kernel)
        with guard, progress.bar(total=sum(cell.cell_type == "code" for cell in nb.cells),
                                 desc="running the report notebook", unit="cell") as shown:
            client = NotebookClient(nb, km=kernel, timeout=CELL_TIMEOUT,
                                    resources={"metadata": {"path": str(directory)}},
                                    on_cell_start=lambda **_: guard.kill(),
                                    on_cell_executed=lambda **_: shown.update(1))
            try:
                _execute_in_thread(client, guard)
            except CellExecutionError as exc:
                last = [line for line in _ANSI.sub("", str(exc)).strip().splitlines() if line.strip()][-1:]
                raise ReportBuildError(f"the report notebook failed: {' '.join(last)}") from exc
    finally:
        with signals_deferred():
            if client is not None:
                atexit.unregister(client._cleanup_kernel)  # nbclient's own last-resort cleanup, done here instead
            if kernel is not None and kernel.has_kernel:
                kernel.shutdown_kernel(now=bool(guard and guard.received))
            if sockets is not None:
                shutil.rmtree(sockets, ignore_errors=True)
    guard.reraise()
    return nb
