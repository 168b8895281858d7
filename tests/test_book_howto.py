"""The how-to pages' Python examples run and print what the page says; the commands pages show exist."""

import contextlib
import io
import re
import shlex
from pathlib import Path

import nbformat
import pytest

from iso4213_nb.cli import build_parser

PAGE = Path(__file__).resolve().parents[1] / "book" / "howto" / "beyond-one-machine.md"


def test_beyond_one_machine_example_runs_and_merges_exactly():
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)
    assert blocks
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for block in blocks:
            exec(compile(block, str(PAGE), "exec"), {})
    lines = out.getvalue().splitlines()
    assert "True" in lines
    sizes = [line for line in lines if line.endswith("distinct scores")]
    assert len(sizes) == 1 and int(sizes[0].split()[0]) % 24 == 0
    assert "one-vs-one AUROC True" in lines and "micro AUROC True" in lines
    assert "multi-label exact match True" in lines and "multi-label AUROC True" in lines
    assert "row key read whole: bca | in chunks: poisson_bca" in lines  # --row-key runs both ways


BOOK = PAGE.parents[1]


def _commands_shown_in_text():
    """Every ``iso4213-nb`` line of a fenced block in the book's prose (guides' markdown cells and .md pages)."""
    texts = []
    for path in sorted(BOOK.glob("howto/*.ipynb")):
        cells = nbformat.read(path, as_version=4).cells
        texts.append((path, "\n".join(c.source for c in cells if c.cell_type == "markdown")))
    for path in sorted(BOOK.glob("*/*.md")):
        texts.append((path, path.read_text(encoding="utf-8")))
    for path, text in texts:
        for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, flags=re.S | re.M):
            for line in block.splitlines():
                if line.startswith("iso4213-nb "):
                    yield pytest.param(line, id=f"{path.parent.name}/{path.name}: {line[:60]}")


@pytest.mark.parametrize("line", list(_commands_shown_in_text()))
def test_every_command_the_book_shows_without_running_it_parses(line):
    """A command a page shows but does not execute still exists with these options (argparse exits 2 if not)."""
    args = build_parser().parse_args(shlex.split(line, comments=True)[1:])
    assert callable(args.func)


def test_every_guide_answers_a_question_of_the_landing_page():
    """A reader reaches each guide in one click from the question → page table of book/intro.md."""
    table = (BOOK / "intro.md").read_text(encoding="utf-8").split("## Questions and where they are answered")[1]
    linked = set(re.findall(r"^\|[^|]+\| \{doc\}`howto/([\w-]+)` \|$", table, flags=re.M))
    guides = {p.stem for p in (BOOK / "howto").glob("*.ipynb")} | {p.stem for p in (BOOK / "howto").glob("*.md")}
    assert guides <= linked, f"guides missing from the landing page's table: {sorted(guides - linked)}"
