"""Reports built once per test session and shared by the report and browser tests.

Building a report starts a kernel and chromium, so each kind is built at
most once per test run, even when pytest-xdist spreads the tests over several
worker processes: the builds live in one folder named by ``ISO4213_REPORT_BUILDS``
(set by ``conftest.py`` in the controlling process, inherited by the workers),
and a file lock per kind lets the first worker build while the others wait.
:func:`demo_report` is the bundled demo (HTML and PDF), :func:`multiclass_report`
the second demo (HTML and PDF; :func:`multiclass_report_ru` in Russian), :func:`demo_report_ru` the demo in Russian
(HTML and PDF), :func:`hostile_report` a hand-made file whose class,
model and meta strings try to inject markup.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from iso4213_nb.report.build import make_report

SCRIPT_LABEL = "<script>alert(1)</script>"
MODEL_TAG = "<img src=x onerror=alert(2)>"
TITLE = "Title <script>alert(3)</script> & co"
USER_URL = "https://example.org/data?a=1&b=<2>"

#: A binary task whose positive class is named like a script tag; two models, one named like an img tag.
HOSTILE_CSV = (
    'y_true,"{m}_pred","{m}_score",plain_score\n'
    + "".join(f'"{t}","{p}",{s},{s2}\n' for t, p, s, s2 in [
        (SCRIPT_LABEL, SCRIPT_LABEL, 0.91, 0.80), (SCRIPT_LABEL, SCRIPT_LABEL, 0.85, 0.40),
        (SCRIPT_LABEL, "b&b", 0.40, 0.70), (SCRIPT_LABEL, SCRIPT_LABEL, 0.77, 0.65),
        ("b&b", "b&b", 0.10, 0.20), ("b&b", SCRIPT_LABEL, 0.60, 0.55), ("b&b", "b&b", 0.30, 0.10),
        ("b&b", "b&b", 0.05, 0.35), ("b&b", "b&b", 0.20, 0.45), (SCRIPT_LABEL, SCRIPT_LABEL, 0.95, 0.90),
    ])
).replace("{m}", MODEL_TAG)

HOSTILE_META = f"""\
report:
  title: "{TITLE}"
  positive: "{SCRIPT_LABEL}"
training_data:
  source: "<iframe src=javascript:alert(4)></iframe> from {USER_URL}"
  size: "$x^2$ samples"
ground_truth:
  method: "</td></tr></table><script>alert(5)</script>"
"""

#: The environment variable naming the folder shared by every worker of one test run.
BUILDS_VARIABLE = "ISO4213_REPORT_BUILDS"


def _root() -> Path:
    if BUILDS_VARIABLE not in os.environ:
        os.environ[BUILDS_VARIABLE] = tempfile.mkdtemp(prefix="iso4213-report-tests-")
    return Path(os.environ[BUILDS_VARIABLE])


def built_once(kind: str, build: Callable[[Path], Path]) -> Path:
    """The folder ``build(root / kind)`` returns, built by the first caller of this test run only."""
    root = _root()
    done = root / f"{kind}.done"
    with open(root / f"{kind}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            done.write_text(str(build(root / kind)), encoding="utf-8")
    return Path(done.read_text(encoding="utf-8"))


def hostile_inputs(folder: Path) -> tuple[Path, Path]:
    """Write the hostile predictions and meta files into ``folder``; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    csv_path, meta_path = folder / "hostile <i>predictions&.csv", folder / "meta.yml"
    csv_path.write_text(HOSTILE_CSV, encoding="utf-8")
    meta_path.write_text(HOSTILE_META, encoding="utf-8")
    return csv_path, meta_path


def demo_report() -> Path:
    """The folder of the demo report (HTML and PDF)."""
    return built_once("demo", lambda folder: make_report(out=folder / "report", formats=("html", "pdf")))


def multiclass_report() -> Path:
    """The folder of the second demo's report (multi-class scores and a subgroup column; HTML and PDF)."""
    return built_once("multiclass", lambda folder: make_report(out=folder / "report", formats=("html", "pdf"),
                                                               demo_name="multiclass"))


def multiclass_report_ru() -> Path:
    """The folder of the second demo's report in Russian (HTML and PDF)."""
    return built_once("multiclass_ru", lambda folder: make_report(out=folder / "report", formats=("html", "pdf"),
                                                                  demo_name="multiclass", lang="ru"))


def demo_report_ru() -> Path:
    """The folder of the demo report in Russian (HTML and PDF)."""
    return built_once("demo_ru", lambda folder: make_report(out=folder / "report", formats=("html", "pdf"),
                                                            lang="ru"))


def hostile_report() -> Path:
    """The folder of the hostile report (HTML only)."""
    def build(folder: Path) -> Path:
        csv_path, meta_path = hostile_inputs(folder / "inputs")
        return make_report(csv_path, meta_path, out=folder / "report", formats=("html",))
    return built_once("hostile", build)
