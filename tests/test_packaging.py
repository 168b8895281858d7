"""The project's own files agree with each other."""

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _requirement(spec: str) -> tuple[str, str]:
    name, version = re.match(r"([A-Za-z0-9_.\-]+)\s*(.*)", spec).groups()
    return name.lower().replace("_", "-"), version.replace(" ", "")


def test_environment_yml_matches_pyproject_runtime_dependencies():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    wanted = dict(_requirement(s) for s in pyproject["project"]["dependencies"])
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = dict(_requirement(s) for s in env["dependencies"] if isinstance(s, str))
    conda.pop("python")
    conda.pop("pip")
    assert conda == wanted


def test_ci_runs_the_readme_test_command():
    ci_lines = [l for l in (ROOT / ".ci/run").read_text().splitlines() if l and not l.startswith(("#", "set ", "cd "))]
    assert ci_lines == ["bin/test"]
    assert "bin/test" in (ROOT / "README.md").read_text()


def test_console_script_answers_help():
    out = subprocess.run([sys.executable, "-m", "iso4213_nb", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "usage: iso4213-nb" in out.stdout
