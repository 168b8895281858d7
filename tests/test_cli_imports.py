"""The command line leaves unloaded what it never uses and loads slowly (iso4213_nb.cli.UNUSED_SLOW_IMPORTS)."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from iso4213_nb.cli import main
assert main(["annex", "A"]) == 0
import nbformat
from iso4213_nb.report.schema import schema_errors
notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
nbformat.validate(notebook)
assert schema_errors({}) != []
print("loaded:", sys.modules.get("rfc3987_syntax") is not None)
"""


def test_notebook_and_report_validation_work_without_the_slow_format_parser():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("loaded: False")
