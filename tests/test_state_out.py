"""``iso4213-nb state --out`` writes over nothing but a state file of its own, and never leaves half a file."""

from __future__ import annotations

from iso4213_nb.scale.accumulators import read_states
from iso4213_nb.cli import main

ROWS = "y_true,a_pred,b_pred\n1,1,0\n0,0,0\n1,1,1\n0,1,0\n"


def test_state_refuses_to_write_over_the_predictions_or_any_other_file(tmp_path, capsys):
    predictions = tmp_path / "predictions.csv"
    predictions.write_text(ROWS)
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    for out in (predictions, notes):
        assert main(["state", "--predictions", str(predictions), "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "exists and is not a state file" in err
    assert predictions.read_text() == ROWS and notes.read_text() == "mine"


def test_state_replaces_its_own_file_whole(tmp_path, capsys):
    predictions = tmp_path / "predictions.csv"
    predictions.write_text(ROWS)
    out = tmp_path / "shard.state"
    for _ in range(2):
        assert main(["state", "--predictions", str(predictions), "--out", str(out)]) == 0
    states, _source = read_states(out)
    assert states and sorted(p.name for p in tmp_path.iterdir()) == ["predictions.csv", "shard.state"]
