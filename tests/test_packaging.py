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


def _conda_packages(spec: str) -> dict[str, str]:
    """A pip requirement as conda packages: ``dask[distributed]>=v`` is conda's dask and distributed, both >=v."""
    name, rest = _requirement(spec)
    extras, version = re.match(r"(?:\[([^\]]*)\])?(.*)", rest).groups()
    names = [name] + [e.strip() for e in (extras or "").split(",") if e.strip()]
    return {n: version for n in names}


#: conda entries that are not Python packages of pyproject.toml: the interpreter, pip itself, and node for npm ci.
CONDA_ONLY = {"python", "pip", "nodejs"}


def test_environment_yml_holds_every_runtime_test_and_book_dependency_of_pyproject():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = list(pyproject["dependencies"])
    for extra in pyproject["optional-dependencies"].values():
        specs += extra
    wanted = {name: version for s in specs for name, version in _conda_packages(s).items()}
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = dict(_requirement(s) for s in env["dependencies"] if isinstance(s, str))
    assert CONDA_ONLY <= set(conda)
    assert {name: version for name, version in conda.items() if name not in CONDA_ONLY} == wanted
    assert {"pip": ["-e ."]} in env["dependencies"]


def test_environment_yml_says_why_it_mirrors_pyproject():
    comment = " ".join(line.lstrip("# ") for line in (ROOT / "environment.yml").read_text().splitlines()
                       if line.startswith("#"))
    assert "tests/test_packaging.py" in comment and "one for one" in comment and "npm ci" in comment


def test_ci_runs_the_readme_test_command():
    ci_lines = [l for l in (ROOT / ".ci/run").read_text().splitlines() if l and not l.startswith(("#", "set ", "cd "))]
    assert ci_lines == ["bin/test"]
    assert "bin/test" in (ROOT / "README.md").read_text()


def test_console_script_answers_help():
    out = subprocess.run([sys.executable, "-m", "iso4213_nb", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "usage: iso4213-nb" in out.stdout


def test_the_version_is_kept_in_one_place():
    import iso4213_nb

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "iso4213_nb.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", iso4213_nb.__version__)
    assert f"## {iso4213_nb.__version__}" in (ROOT / "CHANGELOG.md").read_text()


def test_the_readme_starts_with_installation():
    readme = (ROOT / "README.md").read_text()
    first = readme.split("\n## ")[1]
    assert first.startswith("Installation\n")
    for words in ("pip install iso4213-nb", '"iso4213-nb[dask]"', '"iso4213-nb[test]"', "environment.yml",
                  "bin/demo", "bin/test", "iso4213-nb course init"):
        assert words in first, words
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert {"dask", "test"} <= set(extras)
