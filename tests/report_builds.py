"""Reports built once per test session and shared by the report and browser tests.

Building a report starts a kernel and chromium, so each kind is built at
most once: :func:`demo_report` (the bundled demo, HTML and PDF),
:func:`demo_report_ru` (the same demo with ``lang="ru"``, HTML and PDF) and
:func:`hostile_report` (a hand-made file whose class, model and meta strings
try to inject markup).
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
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

_BUILT: dict[str, Path] = {}
_ROOT = Path(tempfile.mkdtemp(prefix="iso4213-report-tests-"))
atexit.register(shutil.rmtree, _ROOT, True)


def hostile_inputs(folder: Path) -> tuple[Path, Path]:
    """Write the hostile predictions and meta files into ``folder``; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    csv_path, meta_path = folder / "hostile <i>predictions&.csv", folder / "meta.yml"
    csv_path.write_text(HOSTILE_CSV, encoding="utf-8")
    meta_path.write_text(HOSTILE_META, encoding="utf-8")
    return csv_path, meta_path


def demo_report() -> Path:
    """The folder of the demo report (HTML and PDF)."""
    if "demo" not in _BUILT:
        _BUILT["demo"] = make_report(out=_ROOT / "demo" / "report", formats=("html", "pdf"))
    return _BUILT["demo"]


def demo_report_ru() -> Path:
    """The folder of the demo report in Russian (HTML and PDF)."""
    if "demo_ru" not in _BUILT:
        _BUILT["demo_ru"] = make_report(out=_ROOT / "demo-ru" / "report", formats=("html", "pdf"), lang="ru")
    return _BUILT["demo_ru"]


def hostile_report() -> Path:
    """The folder of the hostile report (HTML only)."""
    if "hostile" not in _BUILT:
        csv_path, meta_path = hostile_inputs(_ROOT / "hostile-inputs")
        _BUILT["hostile"] = make_report(csv_path, meta_path, out=_ROOT / "hostile" / "report", formats=("html",))
    return _BUILT["hostile"]
