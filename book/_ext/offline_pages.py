"""Keep the book's pages free of scripts that point off the machine.

Jupyter Book 1 always loads sphinx-thebe, which adds an inline script naming
thebe's CDN address (declared twice when Sphinx reads the sources in two
passes, a page error) and its loader.  The book has no thebe launch button,
so both are dropped from every page.
"""


def _drop_thebe(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if scripts is None:
        return
    context["script_files"] = [
        script for script in scripts
        if "sphinx-thebe" not in str(getattr(script, "filename", script) or "")
        and "THEBE_JS_URL" not in str(getattr(script, "attributes", {}).get("body", ""))
    ]


def setup(app):
    app.connect("html-page-context", _drop_thebe, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
