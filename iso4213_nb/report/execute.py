"""Running the parameterised report notebook with nbclient.

``template.ipynb`` (next to this module) has one code cell tagged
``parameters`` holding a default ``parameters_json``.  :func:`run_template`
inserts a cell tagged ``injected-parameters`` right after it that assigns the
actual parameters as one JSON text (the papermill convention, without the
papermill dependency); the notebook parses it with :func:`json.loads`, so no
value (a NaN, a label with quotes) is ever read as Python code.  The notebook
runs in the report's folder and reads only files there; the kernel talks over
local sockets (ipc) in a private temporary folder, which this tool marks as
its own (:func:`~iso4213_nb.report.atomic.make_temp_folder`) and removes
afterwards, also on Ctrl-C or SIGTERM; folders left by a killed run are
removed by the next one.  On a terminal a progress bar counts the cells.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from importlib import resources
from pathlib import Path

import nbformat
from jupyter_client import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from .. import progress
from .atomic import make_temp_folder, remove_stale, signals_deferred

TEMPLATE = Path(str(resources.files("iso4213_nb") / "report" / "template.ipynb"))
#: Seconds a single cell of the report may run.
CELL_TIMEOUT = 300
#: Name prefix of the kernel's temporary folder (in the system's temporary folder).
KERNEL_PREFIX = "iso4213-nb-kernel-"
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class ReportBuildError(RuntimeError):
    """The report could not be built for a reason other than bad input (one line)."""


def inject_parameters(nb: nbformat.NotebookNode, parameters: dict) -> nbformat.NotebookNode:
    """Insert a cell ``parameters_json = "<JSON>"`` after the cell tagged ``parameters``; returns ``nb``.

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


def run_template(directory: Path, parameters: dict, template: Path = TEMPLATE) -> nbformat.NotebookNode:
    """Execute the report template in ``directory`` with ``parameters``; returns the executed notebook.

    Raises :class:`ReportBuildError` naming the failing cell's error when a cell raises.
    """
    nb = inject_parameters(nbformat.read(template, as_version=4), parameters)
    temp_root = Path(tempfile.gettempdir())
    remove_stale(temp_root, (KERNEL_PREFIX,))
    sockets = make_temp_folder(temp_root, KERNEL_PREFIX)
    kernel = None
    finished = False
    try:
        kernel = KernelManager(kernel_name="python3", transport="ipc", ip=str(sockets / "kernel"),
                               connection_file=str(sockets / "kernel.json"))
        cells = sum(cell.cell_type == "code" for cell in nb.cells)
        with progress.bar(total=cells, desc="running the report notebook", unit="cell") as shown:
            client = NotebookClient(nb, km=kernel, timeout=CELL_TIMEOUT,
                                    resources={"metadata": {"path": str(directory)}},
                                    on_cell_executed=lambda **_: shown.update(1))
            try:
                client.execute()
            except CellExecutionError as exc:
                last = [line for line in _ANSI.sub("", str(exc)).strip().splitlines() if line.strip()][-1:]
                raise ReportBuildError(f"the report notebook failed: {' '.join(last)}") from exc
        finished = True
    finally:
        with signals_deferred():
            if kernel is not None and kernel.has_kernel:
                kernel.shutdown_kernel(now=not finished)
            shutil.rmtree(sockets, ignore_errors=True)
    return nb
