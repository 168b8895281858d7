"""State files of one CSV predictions file cut in two, written by the ``state`` command (issue 12's tests)."""

from __future__ import annotations

from pathlib import Path

from iso4213_nb.cli import main


def state_files(tmp_path: Path, path, first_rows: int) -> list[str]:
    """``[shard0.state, shard1.state]``: the first ``first_rows`` data rows of CSV ``path``, then the rest."""
    lines = Path(path).read_text().splitlines()
    out = []
    for i, part in enumerate((lines[1:first_rows + 1], lines[first_rows + 1:])):
        shard = tmp_path / f"shard{i}.csv"
        shard.write_text("\n".join([lines[0], *part]) + "\n")
        assert main(["state", "--predictions", str(shard), "--out", str(tmp_path / f"shard{i}.state")]) == 0
        out.append(str(tmp_path / f"shard{i}.state"))
    return out
