"""The report notebook's progress: a bar counting cells on a terminal, nothing in a pipe or with quiet."""

import io

import nbformat
import pytest

from iso4213_nb.core import progress
from iso4213_nb.report.execute import run_template


class _Tty(io.StringIO):
    def isatty(self):
        return True


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """A three-code-cell template: parameters, one that parses them, one that prints."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("parameters_json = '{}'", metadata={"tags": ["parameters"]}),
                nbformat.v4.new_code_cell("import json\nparameters = json.loads(parameters_json)"),
                nbformat.v4.new_code_cell("print(parameters['greeting'])")]
    path = tmp_path_factory.mktemp("template") / "t.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.mark.parametrize("stream, quiet, shown", [(_Tty, False, True), (io.StringIO, False, False),
                                                  (_Tty, True, False)], ids=["terminal", "pipe", "quiet"])
def test_notebook_progress_only_on_a_terminal(tmp_path, monkeypatch, template, stream, quiet, shown):
    err = stream()
    monkeypatch.setattr("sys.stderr", err)
    progress.set_quiet(quiet)
    try:
        nb = run_template(tmp_path, {"greeting": "hello \"world\""}, template=template)
    finally:
        progress.set_quiet(False)
    assert nb.cells[-1].outputs[0]["text"] == 'hello "world"\n'
    text = err.getvalue()
    if shown:
        assert "running the report notebook:" in text and "0/4 [" in text  # three cells plus the injected one
    else:
        assert text == ""
