"""Environment capture for the report (5.3.11, clause 8)."""

import json
import os
import platform

import numpy

from iso4213_nb.controls.environment import capture


def test_capture_reports_this_machine():
    env = capture()
    assert env["logical_cores"] == os.cpu_count()
    assert 1 <= env["usable_cores"] <= env["logical_cores"]
    assert env["python"] == platform.python_version()
    assert env["libraries"]["numpy"] == numpy.__version__
    assert env["cpu_model"] and env["os"]
    json.dumps(env)


def test_missing_library_is_none():
    assert capture(libraries=("numpy", "no-such-package-xyz"))["libraries"]["no-such-package-xyz"] is None
