"""The package reference, generated from the docstrings when the book builds.

A page holds the directive with the layer it documents, inside an
``eval-rst`` block (what it generates is reStructuredText)::

    ```{eval-rst}
    .. api-reference:: computation
    ```

and gets one ``automodule`` section (Sphinx autodoc) for every public module
of that layer, found by walking the package, so a new module is documented
without editing the book.

Docstring style.  The package writes numpy-style section headers
(``Parameters`` over a line of dashes) but puts the description, not a type,
after the colon: ``y_true : true labels (two classes).``  Napoleon and
numpydoc read the text after the colon as a type and mangle it, so this
extension renders the sections itself (:func:`render_sections`, hooked on
``autodoc-process-docstring``): a section header becomes a rubric, each
``name : description`` entry a bullet with the name in code, and every other
line stays as written.  :func:`modules` and :func:`render_sections` are plain
Python, tested without Sphinx.
"""

from __future__ import annotations

import pkgutil
import re

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.ext.autodoc import DataDocumenter
from sphinx.util.docutils import SphinxDirective
from sphinx.util.inspect import object_description

#: Layers in the order of ARCHITECTURE.md, each the subpackages it documents; a module belongs to the first layer
#: one of whose prefixes it starts with (the root package, and the import hook of old names, go to computation).
LAYERS = {
    "inputs": ("iso4213_nb.inputs", "iso4213_nb.scale"),
    "statistics": ("iso4213_nb.stats",),
    "annexes": ("iso4213_nb.annexes",),
    "presentation": ("iso4213_nb.figures", "iso4213_nb.words", "iso4213_nb.course"),
    "widgets": ("iso4213_nb.widgets",),
    "report": ("iso4213_nb.report", "iso4213_nb.cli", "iso4213_nb.demos"),
    "computation": ("iso4213_nb",),
}

#: Longest value shown beside a module constant; a longer one (a table of words, an array) is left to its docstring.
MAX_VALUE = 80
#: Text that marks a value as the build machine's, not the package's: an absolute path, a module's repr.
_MACHINE = re.compile(r"<module |(?:^|[\s'\"(])/(?:[\w.-]+/)+|[A-Z]:\\")

#: Sections whose entries are ``name : description`` lines.
ENTRY_SECTIONS = {"Parameters", "Other Parameters", "Attributes", "Raises", "Yields", "Keyword Arguments",
                  "Fields"}
_HEADER = re.compile(r"^[A-Z][A-Za-z]*(?: [A-Za-z]+)?$")
_RULE = re.compile(r"^-{3,}$")
#: Inline literals and roles, left as written; in the rest of a line ``|x|`` (an absolute value, not a
#: substitution) and ``f(*args)`` (not emphasis) are escaped.
_LITERAL = re.compile(r"(``.+?``|:[a-z:]+:`[^`]+`)")
_ENTRY = re.compile(r"^(\*{0,2}[A-Za-z_][\w.]*(?:\s*,\s*\*{0,2}[A-Za-z_][\w.]*)*)\s+:\s*(.*)$")


def modules(layer: str) -> list[str]:
    """The public modules (no part starting with ``_``) of ``layer``, sorted."""
    import iso4213_nb

    found = []
    for info in pkgutil.walk_packages(iso4213_nb.__path__, "iso4213_nb."):
        if any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        owner = next(name for name, prefixes in LAYERS.items()
                     if any(info.name == p or info.name.startswith(p + ".") for p in prefixes))
        if owner == layer:
            found.append(info.name)
    return sorted(found)


def _escape(line: str) -> str:
    parts = _LITERAL.split(line)
    for i in range(0, len(parts), 2):
        parts[i] = re.sub(r"(?<=[(\[])\*(?=\w)", r"\\*", parts[i].replace("|", "\\|"))
    return "".join(parts)


def render_sections(lines: list[str]) -> list[str]:
    """The docstring ``lines`` with numpy-style sections rewritten as rubrics and bullet lists (in reST)."""
    out: list[str] = []
    section = None
    in_entry = False
    i = 0
    while i < len(lines):
        line = _escape(lines[i])
        stripped = line.strip()
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        indent = len(line) - len(line.lstrip())
        if _HEADER.match(stripped) and _RULE.match(nxt) and indent == 0:
            if out and out[-1].strip():
                out.append("")
            out += [f".. rubric:: {stripped}", ""]
            section, in_entry = stripped, False
            i += 2
            continue
        entry = _ENTRY.match(stripped) if section in ENTRY_SECTIONS and indent == 0 else None
        if entry:
            names = ", ".join(f"``{name.strip()}``" for name in entry.group(1).split(","))
            out.append(f"* {names}: {entry.group(2)}".rstrip())
            in_entry = True
        elif in_entry and stripped and indent > 0:
            out.append("  " + stripped)
        else:
            if in_entry and stripped:
                out.append("")  # a paragraph after the list
                in_entry = False
            out.append(line)
        i += 1
    return out


def shows_value(value) -> bool:
    """Whether a module constant's value is printed beside its name: short, and naming no path or module repr."""
    text = object_description(value)
    return len(text) <= MAX_VALUE and not _MACHINE.search(text)


class ConstantDocumenter(DataDocumenter):
    """Module constants with their value only where :func:`shows_value` allows: the pages showed the build machine's
    paths (``/work/.../breast_cancer.py``) and tables thousands of characters long."""


    def should_suppress_value_header(self) -> bool:
        return super().should_suppress_value_header() or not shows_value(self.object)


def _process_docstring(app, what, name, obj, options, lines):
    lines[:] = render_sections(list(lines))


class ApiReference(SphinxDirective):
    """``{api-reference} LAYER``: automodule sections for every public module of the layer."""

    required_arguments = 1

    def run(self):
        lines = []
        for name in modules(self.arguments[0]):
            lines += [name, "-" * len(name), "", f".. automodule:: {name}", "   :members:", "   :ignore-module-all:",
                      ""]
        node = nodes.section()
        node.document = self.state.document
        self.state.nested_parse(StringList(lines, source="api-reference"), self.content_offset, node,
                                match_titles=True)
        return node.children


def setup(app):
    app.setup_extension("sphinx.ext.autodoc")
    app.add_autodocumenter(ConstantDocumenter, override=True)
    app.add_directive("api-reference", ApiReference)
    app.connect("autodoc-process-docstring", _process_docstring)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
