"""The how-to pages' Python examples run and print what the page says."""

import contextlib
import io
import re
from pathlib import Path

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
