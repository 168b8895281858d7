"""Running the parameterised report notebook with nbclient.

``template.ipynb`` (next to this module) has one code cell tagged
``parameters`` holding defaults.  :func:`run_template` inserts a cell tagged
``injected-parameters`` right after it with the actual values (the papermill
convention, without the papermill dependency), executes the notebook in the
report's directory and returns the executed notebook.  The kernel talks over
local sockets (ipc) in a private temporary folder, not over TCP.
"""

from __future__ import annotations

import tempfile
from importlib import resources
from pathlib import Path

import nbformat
from jupyter_client import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

TEMPLATE = Path(str(resources.files("iso4213_nb") / "report" / "template.ipynb"))
#: Seconds a single cell of the report may run.
CELL_TIMEOUT = 300


class ReportBuildError(RuntimeError):
    """The report could not be built for a reason other than bad input (one line)."""


def inject_parameters(nb: nbformat.NotebookNode, parameters: dict) -> nbformat.NotebookNode:
    """Insert a cell assigning ``parameters`` after the cell tagged ``parameters``; returns ``nb``.

    Values are written with ``repr``, so they must be plain Python literals
    (str, int, float, bool, None).
    """
    for i, cell in enumerate(nb.cells):
        if "parameters" in cell.get("metadata", {}).get("tags", []):
            break
    else:
        raise ReportBuildError("the report template has no cell tagged 'parameters'")
    source = "\n".join(f"{name} = {value!r}" for name, value in parameters.items())
    injected = nbformat.v4.new_code_cell(source, metadata={"tags": ["injected-parameters"]})
    nb.cells.insert(i + 1, injected)
    return nb


def run_template(directory: Path, parameters: dict, template: Path = TEMPLATE) -> nbformat.NotebookNode:
    """Execute the report template in ``directory`` with ``parameters``; returns the executed notebook.

    Raises :class:`ReportBuildError` naming the failing cell's error when a cell raises.
    """
    nb = inject_parameters(nbformat.read(template, as_version=4), parameters)
    with tempfile.TemporaryDirectory(prefix="iso4213-nb-kernel-") as sockets:
        kernel = KernelManager(kernel_name="python3", transport="ipc", ip=str(Path(sockets) / "kernel"))
        client = NotebookClient(nb, km=kernel, timeout=CELL_TIMEOUT,
                                resources={"metadata": {"path": str(directory)}})
        try:
            client.execute()
        except CellExecutionError as exc:
            last = [line for line in str(exc).strip().splitlines() if line.strip()][-1:]
            raise ReportBuildError(f"the report notebook failed: {' '.join(last)}") from exc
        finally:
            if kernel.has_kernel:
                kernel.shutdown_kernel(now=False)
    return nb
