"""The package is laid out by concern (issue 24, point 1): the root holds only its public face, every module lives
in a subpackage named for what it holds, and the module names of the flat 0.1 layout still import, with a warning.
"""

from __future__ import annotations

import ast
import importlib
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import iso4213_nb
from iso4213_nb import moved

ROOT = Path(iso4213_nb.__file__).parent
REPO = ROOT.parent


def test_the_package_root_holds_only_its_public_face_and_subpackages():
    files = sorted(p.name for p in ROOT.iterdir() if p.is_file())
    assert files == ["__init__.py", "__main__.py"]
    folders = sorted(p.name for p in ROOT.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert all((ROOT / f / "__init__.py").is_file() for f in folders), folders


def test_architecture_has_a_row_for_every_subpackage():
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `([a-z_]+)/`", text, flags=re.M)) | set(re.findall(r"^\| `report/`, `(cli)/`", text, flags=re.M))
    folders = {p.name for p in ROOT.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders <= rows, f"subpackages without a row in ARCHITECTURE.md: {sorted(folders - rows)}"


@pytest.mark.parametrize("old", sorted(moved.MOVED))
def test_an_old_module_name_gives_the_moved_module_with_a_deprecation_warning(old):
    new = importlib.import_module(f"iso4213_nb.{moved.MOVED[old]}")
    code = (f"import warnings, importlib\nwarnings.simplefilter('error', DeprecationWarning)\n"
            f"try:\n    import iso4213_nb.{old}\nexcept DeprecationWarning as w:\n    print(w)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert f"iso4213_nb.{old} has moved to {new.__name__}" in done.stdout
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert importlib.import_module(f"iso4213_nb.{old}") is new
        assert getattr(iso4213_nb, old) is new


def test_old_submodules_of_moved_packages_are_the_new_ones():
    code = ("import warnings\nwarnings.simplefilter('always', DeprecationWarning)\n"
            "import iso4213_nb.accumulators.counts as counts\nfrom iso4213_nb.scale.accumulators import counts as new\n"
            "print(counts is new)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "True\n"
    assert "iso4213_nb.accumulators.counts has moved to iso4213_nb.scale.accumulators.counts" in done.stderr


@pytest.mark.parametrize("package, module", sorted(moved.TAKEN.items()))
def test_a_package_that_took_an_old_module_name_still_gives_its_names(package, module):
    holder = importlib.import_module(f"iso4213_nb.{package}.{module}")
    name = next(n for n, v in vars(holder).items()
                if not n.startswith("_") and callable(v) and getattr(v, "__module__", "") == holder.__name__)
    with pytest.warns(DeprecationWarning, match=f"iso4213_nb.{package}.{name} has moved to "
                                                 f"iso4213_nb.{package}.{module}.{name}"):
        found = getattr(importlib.import_module(f"iso4213_nb.{package}"), name)
    assert found is getattr(holder, name)
    with pytest.raises(AttributeError):
        getattr(importlib.import_module(f"iso4213_nb.{package}"), "no_such_name")


def _sources():
    """(path, python source) of every file the project writes code in: package, tests, notebooks, book, benchmarks."""
    for path in sorted(REPO.glob("iso4213_nb/**/*.py")) + sorted(REPO.glob("tests/*.py")) + sorted(REPO.glob("benchmarks/*.py")):
        if path.name != "test_layout.py" and "moved" not in path.parts:
            yield path, path.read_text(encoding="utf-8")
    for path in sorted(REPO.glob("notebooks/**/*.ipynb")) + sorted(REPO.glob("book/**/*.ipynb")) + sorted(REPO.glob("iso4213_nb/**/*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        yield path, "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    for path in [REPO / "README.md", *sorted(REPO.glob("book/**/*.md")), *sorted(REPO.glob("instructor/**/*.md"))]:
        text = path.read_text(encoding="utf-8")
        yield path, "\n".join(re.findall(r"^\s*(?:>>> )?((?:from|import) iso4213_nb[^\n]*)$", text, flags=re.M))


def _old_imports(source: str) -> list[str]:
    """Import statements of ``source`` that name a module of the 0.1 layout."""
    lines = [line if not line.lstrip().startswith(("%", "!")) else "" for line in source.split("\n")]
    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if moved.new_name(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if moved.new_name(node.module):
                found.append(node.module)
            elif node.module == "iso4213_nb":
                found += [f"iso4213_nb.{a.name}" for a in node.names if a.name in moved.MOVED]
            elif node.module.removeprefix("iso4213_nb.") in moved.TAKEN:
                package = importlib.import_module(node.module)
                found += [f"{node.module}.{a.name}" for a in node.names
                          if not (Path(package.__file__).parent / f"{a.name}.py").exists()
                          and not (Path(package.__file__).parent / a.name).is_dir()]
    return found


def test_nothing_in_the_project_imports_by_an_old_name():
    found = {str(path.relative_to(REPO)): old for path, source in _sources() if (old := _old_imports(source))}
    assert not found, f"imports by a module name of the 0.1 layout: {found}"


def test_the_old_import_check_catches_each_form():
    assert _old_imports("from iso4213_nb import curves, InputError") == ["iso4213_nb.curves"]
    assert _old_imports("import iso4213_nb.readings as r") == ["iso4213_nb.readings"]
    assert _old_imports("from iso4213_nb.accumulators.counts import x") == ["iso4213_nb.accumulators.counts"]
    assert _old_imports("from iso4213_nb.measures import precision, curves") == ["iso4213_nb.measures.precision"]
    assert _old_imports("from iso4213_nb.measures.curves import BinaryScores") == []


def _documented_names(text: str) -> tuple[set[str], set[str]]:
    """The dotted names (``iso4213_nb.inputs.InputSource``) and file paths (``iso4213_nb/report/words.py``) a page
    gives in backquotes or in prose."""
    return (set(re.findall(r"`(iso4213_nb(?:\.\w+)+)", text)),
            set(re.findall(r"(iso4213_nb/[\w./-]+\w)", text)))


def _resolves(name: str) -> bool:
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attribute in parts[cut:]:
                obj = getattr(obj, attribute)
        except AttributeError:
            return False
        return True
    return False


def test_every_name_and_path_the_readme_and_the_book_give_exists():
    """Issue 24, point 6: the public face the README and the book document still imports after the moves, by its
    new name, without a warning, and every package file they point at is there."""
    missing = []
    for page in [REPO / "README.md", *sorted(REPO.glob("book/**/*.md"))]:
        names, paths = _documented_names(page.read_text(encoding="utf-8"))
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            missing += [f"{page.name}: {name}" for name in sorted(names) if not _resolves(name)]
        missing += [f"{page.name}: {path}" for path in sorted(paths) if not (REPO / path).exists()]
    assert not missing


def test_the_documented_name_check_catches_a_name_and_a_path_that_are_gone():
    names, paths = _documented_names("`iso4213_nb.inputs.InputSource`, `iso4213_nb.inputs.NoSuch` and "
                                     "iso4213_nb/report/no_such.py")
    assert [name for name in sorted(names) if not _resolves(name)] == ["iso4213_nb.inputs.NoSuch"]
    assert [path for path in paths if not (REPO / path).exists()] == ["iso4213_nb/report/no_such.py"]
