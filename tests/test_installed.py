"""The wheel works installed (issue 25, point 2): built from this checkout (sdist first, then the wheel from the
sdist, as ``python -m build`` does), installed into a fresh virtual environment, and run from a folder outside the
repository with no ``PYTHONPATH``, every command a user starts finds what it needs inside the installed package:
``course init`` (and a notebook of the copy runs), ``metrics``, ``report`` (HTML and PDF, and in Russian),
``verify`` and ``course slides``.

One module-scoped build and install (uv from this environment; the dependencies come from PyPI through uv's
cache); the commands then share it.  Measured on the 2-core machine: build and install 21-45 s; the whole
file 71 s of CPU (user) and 8 s (system), 3 min 6 s wall clock at a load average of 6 to 7 (other test runs
sharing the two cores; 4 min 30 s at 9.7), the two reports about 40 s each of it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
UV = Path(sys.executable).parent / "uv"
CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(python of the fresh environment, a working folder outside the repository, its environment variables)."""
    if not UV.exists():
        pytest.skip("uv is not installed beside this Python (bin/bootstrap installs it)")
    work = tmp_path_factory.mktemp("installed")
    assert not work.resolve().is_relative_to(ROOT)
    # No PYTHONDONTWRITEBYTECODE: the first command compiles what it imports, the others reuse it (compiling the
    # whole environment at install took 38 s under load, each command compiling its own imports more).
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "ISO4213_NB_NODE_MODULES", "MPLBACKEND", "PYTHONDONTWRITEBYTECODE")}
    env.update(HOME=str(work / "home"), ISO4213_PROGRESS=str(work / "home" / "progress.json"))
    dist, venv = work / "dist", work / "venv"
    subprocess.run([UV, "build", "--quiet", "--out-dir", dist, ROOT], check=True, env=env, cwd=work)
    wheel = next(dist.glob("*.whl"))
    subprocess.run([UV, "venv", "--quiet", "--python", sys.executable, venv], check=True, env=env, cwd=work)
    subprocess.run([UV, "pip", "install", "--quiet", "--python", venv / "bin" / "python", wheel], check=True,
                   env=env, cwd=work)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    (work / "outside").mkdir()
    return venv / "bin" / "python", work / "outside", env, wheel


def _run(installed, *argv, ok=True):
    python, cwd, env, _ = installed
    command = [str(Path(python).parent / argv[0]), *map(str, argv[1:])]
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if ok:
        assert done.returncode == 0, f"{argv}: {done.stderr[-3000:]}"
    return done


def test_the_wheel_holds_the_javascript_the_course_and_the_voila_template_and_no_checkout_path(installed):
    python, cwd, env, wheel = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "iso4213_nb/report/vendor/mathjax/MathJax.js" in names
    assert "iso4213_nb/report/vendor/reveal.js/LICENSE" in names
    assert {f"iso4213_nb/course/notebooks/{p.name}" for p in (ROOT / "notebooks").glob("*.ipynb")} <= names
    assert any(n.endswith(".data/data/share/jupyter/voila/templates/iso4213/index.html.j2") for n in names)
    where = _run(installed, "python", "-c", "import iso4213_nb, sys; print(iso4213_nb.__file__); print(sys.prefix)")
    package, prefix = where.stdout.split()
    assert not Path(package).resolve().is_relative_to(ROOT) and Path(package).is_relative_to(prefix)
    assert (Path(prefix) / "share/jupyter/voila/templates/iso4213/index.html.j2").is_file()


@pytest.fixture(scope="module")
def course(installed):
    """A learner's copy of the course in Russian, written by the installed command."""
    _, cwd, _, _ = installed
    _run(installed, "iso4213-nb", "course", "init", "course", "--lang", "ru")
    return cwd / "course"


def test_course_init_writes_a_copy_whose_notebooks_run(installed, course):
    assert (course / "annex_a.ipynb").read_bytes() == (ROOT / "notebooks" / "ru" / "annex_a.ipynb").read_bytes()
    _run(installed, "jupyter", "nbconvert", "--to", "notebook", "--execute", "--output", "executed.ipynb",
         course / "annex_d.ipynb")
    assert (course / "executed.ipynb").is_file()


def test_metrics_report_verify_and_a_russian_report(installed, course):
    _, cwd, _, _ = installed
    data = course / "data"
    metrics = _run(installed, "iso4213-nb", "metrics", "--predictions", data / "demo_predictions.csv",
                   "--score", "logistic_regression_score")
    assert "accuracy" in metrics.stdout.lower()
    formats = "html,pdf" if CHROMIUM.exists() else "html"
    _run(installed, "iso4213-nb", "report", "--predictions", data / "demo_predictions.csv",
         "--meta", data / "demo_meta.yml", "--out", "audit", "--format", formats)
    audit = cwd / "audit"
    assert (audit / "report.html").is_file() and (audit / "report.json").is_file()
    assert (audit / "assets" / "mathjax" / "MathJax.js").is_file()
    if CHROMIUM.exists():
        assert (audit / "report.pdf").read_bytes()[:5] == b"%PDF-"
    assert str(ROOT) not in (audit / "report.html").read_text(encoding="utf-8")
    verify = _run(installed, "iso4213-nb", "verify", "audit")
    assert "CHANGED" not in verify.stdout and "DIFFERS" not in verify.stdout
    _run(installed, "iso4213-nb", "--lang", "ru", "report", "--predictions", data / "demo_predictions.csv",
         "--out", "audit-ru", "--format", "html")
    assert "доля правильных исходов" in (cwd / "audit-ru" / "report.html").read_text(encoding="utf-8").lower()


def test_slides_of_the_shipped_course(installed):
    _, cwd, _, _ = installed
    _run(installed, "iso4213-nb", "course", "slides", "--out", "slides")
    decks = {p.name for p in (cwd / "slides" / "en").glob("*.slides.html")}
    assert decks == {f"{p.stem}.slides.html" for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert (cwd / "slides" / "en" / "assets" / "reveal.js" / "dist" / "reveal.js").is_file()
