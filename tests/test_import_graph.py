"""The package's import graph (issue 24, point 3): no cycles, and no module reaching into another's privates.

The graph is read from the source, imports inside functions included (they hid the twelve-module cycle that
ran from the input checks through the error words and back), so a cycle cannot hide behind a late import.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import iso4213_nb

PACKAGE = Path(iso4213_nb.__file__).parent

def _modules() -> dict[str, tuple[Path, bool]]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def import_graph() -> tuple[dict[str, set[str]], set[tuple[str, str, str]]]:
    """Edges module → modules it imports (anywhere in its source), and (importer, definer, name) of every
    private name imported from another module of the package (the gettext function ``_`` is not private)."""
    modules = _modules()
    edges: dict[str, set[str]] = defaultdict(set)
    private = set()
    for module, (path, is_package) in modules.items():
        package = module if is_package else module.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges[module] |= {a.name for a in node.names if a.name in modules}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                    target = base + (f".{node.module}" if node.module else "")
                else:
                    target = node.module or ""
                if target not in modules and not any(f"{target}.{a.name}" in modules for a in node.names):
                    continue
                for alias in node.names:
                    if f"{target}.{alias.name}" in modules:
                        edges[module].add(f"{target}.{alias.name}")
                        continue
                    edges[module].add(target)
                    if alias.name.startswith("_") and alias.name != "_" and not alias.name.startswith("__"):
                        short = lambda m: m.removeprefix("iso4213_nb.")  # noqa: E731
                        private.add((short(module), short(target), alias.name))
        edges[module].discard(module)
    return edges, private


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index, low, on_stack, stack, found, counter = {}, {}, set(), [], [], [0]
    for root in list(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter[0]; counter[0] += 1; stack.append(root); on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]; counter[0] += 1; stack.append(child); on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop(); on_stack.discard(member); component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_package_has_no_import_cycle():
    edges, _private = import_graph()
    assert len(edges) > 200  # the walk reached the whole package
    assert cycles(edges) == []


def test_the_cycle_check_finds_a_cycle_through_a_late_import():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_a_private_name_of_another():
    _edges, private = import_graph()
    assert private == set(), "import a public name, or make the helper public (with its docstring) where it is defined"


def test_the_private_import_check_finds_one(tmp_path, monkeypatch):
    package = tmp_path / "iso4213_nb"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "a.py").write_text("def _helper():\n    return 1\n")
    (package / "sub" / "b.py").write_text("def use():\n    from .a import _helper\n    return _helper()\n")
    monkeypatch.setitem(globals(), "PACKAGE", package)
    assert import_graph()[1] == {("sub.b", "sub.a", "_helper")}
