"""The offline JavaScript ships inside the package (issue 25, point 1): the run-time lookup never leaves the
installed package, and the copy taken from the locked npm packages holds what the pages load and the licences."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import iso4213_nb
from iso4213_nb.report import export, vendored
from iso4213_nb.report.execute import ReportBuildError

ROOT = Path(__file__).resolve().parents[1]
LOCK = json.loads((ROOT / "package-lock.json").read_text())["packages"]


def test_the_javascript_is_read_from_the_package_itself_unless_the_variable_names_another_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("ISO4213_NB_NODE_MODULES", raising=False)
    folder = export.node_modules()
    assert folder.resolve().is_relative_to(Path(iso4213_nb.__file__).resolve().parent)
    assert (folder / "mathjax" / "MathJax.js").is_file()
    (tmp_path / "mathjax").mkdir()
    (tmp_path / "mathjax" / "MathJax.js").write_text("")
    monkeypatch.setenv("ISO4213_NB_NODE_MODULES", str(tmp_path))
    assert export.node_modules() == tmp_path
    monkeypatch.setenv("ISO4213_NB_NODE_MODULES", str(tmp_path / "nowhere"))
    with pytest.raises(ReportBuildError, match="offline JavaScript not found"):
        export.node_modules()


@pytest.fixture(scope="module")
def vendor_copy(tmp_path_factory):
    target = tmp_path_factory.mktemp("vendor") / "vendor"
    return target, vendored.fill(ROOT / "node_modules", target, ROOT / "package-lock.json")


def test_the_copy_names_every_package_at_its_locked_version_with_its_licence(vendor_copy):
    target, index = vendor_copy
    assert set(index["packages"]) == set(vendored.FILES)
    for package, meta in index["packages"].items():
        assert meta["version"] == LOCK[f"node_modules/{package}"]["version"], package
        assert meta["license"] == LOCK[f"node_modules/{package}"]["license"], package
        assert (target / package / "package.json").is_file()
        texts = [n for n in vendored.ALWAYS[1:] if (target / package / n).is_file()]
        assert texts, f"{package} is shipped without its licence text"
        for name in texts:  # the npm package's own text where it has one, else the project's (vendored.LICENCES)
            own = ROOT / "node_modules" / package / name
            expected = own if own.is_file() else vendored.LICENCES / vendored.UPSTREAM_LICENCES[package]
            assert (target / package / name).read_bytes() == expected.read_bytes(), package
    assert json.loads((target / vendored.INDEX).read_text()) == index
    assert vendored.is_filled(target, ROOT / "package-lock.json")


def test_the_copy_holds_what_the_report_and_the_slides_copy_and_stays_small(vendor_copy, tmp_path, monkeypatch):
    target, _ = vendor_copy
    monkeypatch.setenv("ISO4213_NB_NODE_MODULES", str(target))
    from iso4213_nb.course.slides import copy_slide_assets

    copy_slide_assets(tmp_path, vega=True)  # the report's files, the widget renderer, Vega, reveal.js and jQuery
    assert (tmp_path / "assets" / "mathjax" / "MathJax.js").is_file() and (tmp_path / export.VEGA_BUNDLE).is_file()
    size = sum(p.stat().st_size for p in target.rglob("*") if p.is_file())
    assert size < 20e6, f"{size / 1e6:.1f} MB"  # measured 15.2 MB (5.4 MB in the wheel), MathJax's a11y 3.7 MB of it


def test_a_missing_npm_package_is_named_and_leaves_a_filled_folder_as_it_was(vendor_copy, tmp_path):
    target, _ = vendor_copy
    before = sorted(p.relative_to(target) for p in target.rglob("*"))
    with pytest.raises(vendored.MissingAssets, match="npm package mathjax not found.*npm ci"):
        vendored.fill(tmp_path, target)
    assert sorted(p.relative_to(target) for p in target.rglob("*")) == before
