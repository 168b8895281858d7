"""The generated command-line reference names every command, option and exit code."""

import argparse
import importlib.util
from pathlib import Path

from iso4213_nb.cli import build_parser

EXT = Path(__file__).resolve().parents[1] / "book" / "_ext" / "cli_reference.py"


def _render():
    spec = importlib.util.spec_from_file_location("cli_reference", EXT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return "\n".join(module.render(build_parser())), module


def _walk(parser, prefix="iso4213-nb"):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield f"{prefix} {name}", sub
                yield from _walk(sub, f"{prefix} {name}")


def test_every_command_and_every_option_is_documented():
    text, module = _render()
    commands = list(_walk(build_parser()))
    assert len(commands) >= 8
    for title, parser in commands:
        assert f"\n{title}\n" in f"\n{text}\n", title
        for action in parser._actions:
            for flag in action.option_strings:
                if flag not in ("-h", "--help"):
                    assert f"``{flag}" in text, (title, flag)
    for code, _ in module.EXIT_CODES:
        assert f"* - {code}\n" in text



def _api_extension():
    spec = importlib.util.spec_from_file_location("api_reference", EXT.with_name("api_reference.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_api_reference_covers_every_public_module_once():
    import pkgutil

    import iso4213_nb

    module = _api_extension()
    listed = [name for layer in module.LAYERS for name in module.modules(layer)]
    public = [m.name for m in pkgutil.walk_packages(iso4213_nb.__path__, "iso4213_nb.")
              if not any(part.startswith("_") for part in m.name.split(".")[1:])]
    assert sorted(listed) == sorted(public) and len(listed) == len(set(listed))
    assert "iso4213_nb.measures.curves" in module.modules("computation")
    assert "iso4213_nb.figures.curves" in module.modules("presentation")
    assert "iso4213_nb.stats.contingency" in module.modules("statistics")
    book = EXT.parents[1]
    for layer in module.LAYERS:  # every layer has its page, and the page is in the table of contents
        assert f".. api-reference:: {layer}\n" in (book / "reference" / f"api_{layer}.md").read_text()
        assert f"reference/api_{layer}\n" in (book / "_toc.yml").read_text()


def test_docstring_sections_become_rubrics_and_named_bullets():
    render = _api_extension().render_sections
    lines = ["Summary |t − p| with f(*data) and ``|x|``.", "", "Parameters", "----------",
             "y_true, y_pred : the labels,", "    one per sample.", "scores : real scores.", "",
             "Prose after the list.", "", "Returns", "-------", "TestResult with ``pvalue``."]
    out = render(lines)
    assert out[0] == r"Summary \|t − p\| with f(\*data) and ``|x|``."
    assert ".. rubric:: Parameters" in out and ".. rubric:: Returns" in out
    assert "* ``y_true``, ``y_pred``: the labels," in out and "  one per sample." in out
    assert "* ``scores``: real scores." in out
    after = out.index("Prose after the list.")
    assert out[after - 1] == ""  # the list ends before the paragraph (no docutils warning)
    assert out[-1] == "TestResult with ``pvalue``."


def test_api_pages_show_no_path_or_module_repr_of_the_build_machine():
    from book_builds import ROOT, shared_book

    page = (shared_book() / "reference" / "api_sample.html").read_text(encoding="utf-8")
    assert "DEMOS" in page and "read_settings" in page  # the module was documented
    assert str(ROOT) not in page and "&lt;module" not in page


def test_a_constant_shows_its_value_only_when_short_and_free_of_machine_paths():
    from pathlib import Path as P

    import iso4213_nb.report.build as build

    module = _api_extension()
    assert module.shows_value(2**53) and module.shows_value("report.json") and module.shows_value((0.9, 0.95))
    assert not module.shows_value(build.DEMOS)  # a dict of modules: their reprs name files on this machine
    assert not module.shows_value(P("/work/x/notebooks")) and not module.shows_value("C:\\Users\\me")
    assert not module.shows_value(list(range(100)))  # too long to read beside a name
