"""Opening a notebook must not change it: its kernelspec is exactly the one the project's kernel announces.

JupyterLab rewrites ``metadata.kernelspec`` from the running kernel's spec;
any difference (a display name of "Python 3" against the installed
"Python 3 (ipykernel)") marks a notebook as modified the moment it opens.
"""

import json
from pathlib import Path

import pytest
from jupyter_client.kernelspec import KernelSpecManager

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
NOTEBOOKS += sorted((Path(__file__).resolve().parents[1] / "notebooks" / "ru").glob("*.ipynb"))  # the Russian course


@pytest.fixture(scope="module")
def installed():
    spec = KernelSpecManager().get_kernel_spec("python3")
    return {"display_name": spec.display_name, "language": spec.language, "name": "python3"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_kernelspec_is_the_installed_kernels(path, installed):
    assert json.loads(path.read_text(encoding="utf-8"))["metadata"]["kernelspec"] == installed


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_stand_alone(path):
    """No notebook sends a learner to a file outside the repository."""
    text = path.read_text(encoding="utf-8")
    assert "STANDARD-NOTES" not in text and "../shared" not in text
