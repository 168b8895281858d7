"""Voilà's settings cannot shadow an importable package (issue 25, point 7): ``voila.py`` at the repository root was
both Voilà's configuration file and, for ``python -m voila`` started there, the ``voila`` module itself."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_python_m_voila_works_from_the_repository_root():
    done = subprocess.run([sys.executable, "-m", "voila", "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Voila" in done.stdout and "NameError" not in done.stderr


def test_no_python_file_at_the_root_is_named_like_an_installed_module():
    names = {p.stem for p in ROOT.glob("*.py")}
    assert names <= {"setup"}, names
    assert not (ROOT / "voila.py").exists()


def test_voila_json_selects_the_template_the_wheel_installs():  # tests/test_installed.py finds it installed
    settings = json.loads((ROOT / "voila.json").read_text())
    template = settings["VoilaConfiguration"]["template"]
    folder = ROOT / "share" / "jupyter" / "voila" / "templates" / template
    assert (folder / "index.html.j2").is_file() and (folder / "conf.json").is_file()
