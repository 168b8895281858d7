"""The package reference, generated from the docstrings when the book builds.

A page holds the directive with the layer it documents::

    ```{api-reference} computation
    ```

and gets one ``automodule`` section (Sphinx autodoc, numpy-style docstrings
read by napoleon) for every public module of that layer, found by walking
the package, so a new module is documented without editing the book.
:func:`modules` is plain Python, tested without Sphinx.
"""

from __future__ import annotations

import pkgutil

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

#: Layers in the order of ARCHITECTURE.md; a module belongs to the first whose prefix it starts with.
LAYERS = {
    "presentation": ("iso4213_nb.figures", "iso4213_nb.tables"),
    "widgets": ("iso4213_nb.widgets",),
    "report": ("iso4213_nb.report", "iso4213_nb.cli"),
    "computation": ("iso4213_nb",),
}


def modules(layer: str) -> list[str]:
    """The public modules (no part starting with ``_``) of ``layer``, sorted."""
    import iso4213_nb

    found = []
    for info in pkgutil.walk_packages(iso4213_nb.__path__, "iso4213_nb."):
        if any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        owner = next(name for name, prefixes in LAYERS.items() if info.name.startswith(prefixes))
        if owner == layer:
            found.append(info.name)
    return sorted(found)


class ApiReference(SphinxDirective):
    """``{api-reference} LAYER``: automodule sections for every public module of the layer."""

    required_arguments = 1

    def run(self):
        lines = []
        for name in modules(self.arguments[0]):
            lines += [name, "-" * len(name), "", f".. automodule:: {name}", "   :members:", ""]
        node = nodes.section()
        node.document = self.state.document
        self.state.nested_parse(StringList(lines, source="api-reference"), self.content_offset, node, match_titles=True)
        return node.children


def setup(app):
    app.add_directive("api-reference", ApiReference)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
