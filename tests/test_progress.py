"""Progress bars appear on a terminal only, and never with --quiet."""

import io

from iso4213_nb.core import progress


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_no_bar_when_stderr_is_not_a_terminal(monkeypatch):
    monkeypatch.setattr("sys.stderr", io.StringIO())
    with progress.bar(total=3, desc="reading") as b:
        b.update(3)
    assert not progress.enabled()


def test_bar_on_a_terminal_and_silenced_by_quiet(monkeypatch):
    tty = _Tty()
    monkeypatch.setattr("sys.stderr", tty)
    with progress.bar(total=3, desc="reading") as b:
        b.update(3)
    assert "reading" in tty.getvalue()
    progress.set_quiet(True)
    try:
        quiet = _Tty()
        monkeypatch.setattr("sys.stderr", quiet)
        with progress.bar(total=3, desc="reading") as b:
            b.update(3)
        assert quiet.getvalue() == ""
    finally:
        progress.set_quiet(False)


def test_bootstraps_show_their_progress_on_a_terminal(monkeypatch):
    import numpy as np

    from iso4213_nb.measures.curves import BinaryScores
    from iso4213_nb.measures.roc_regions import bootstrap_curve_values
    from iso4213_nb.stats import auroc_ci, bootstrap_ci

    rng = np.random.default_rng(0)
    y, s = rng.integers(0, 2, 60), rng.random(60)
    for run in (lambda: bootstrap_ci(np.mean, s, n_resamples=20),
                lambda: auroc_ci(y, s, method="percentile", n_resamples=20),
                lambda: bootstrap_curve_values(BinaryScores(y, s), lambda r: [r.auroc()], 20)):
        tty = _Tty()
        monkeypatch.setattr("sys.stderr", tty)
        run()
        assert "bootstrap:" in tty.getvalue() and "/20 " in tty.getvalue()  # the bar, with its total


def test_reading_in_chunks_counts_the_rows_read_on_a_terminal(monkeypatch, tmp_path, capsys):
    """``--chunk-rows`` reads with a bar naming the file and counting its rows (issue 12, point 2)."""
    from iso4213_nb.cli import _streaming, main

    path = tmp_path / "p.csv"
    path.write_text("y_true,score\n" + "".join(f"{i % 2},{(i % 10) / 10}\n" for i in range(250)))
    tty, bars = _Tty(), []
    monkeypatch.setattr("sys.stderr", tty)
    made = progress.bar
    monkeypatch.setattr(_streaming.progress, "bar", lambda **kw: bars.append(made(**kw)) or bars[-1])
    assert main(["metrics", "--predictions", str(path), "--chunk-rows", "100"]) == 0
    assert f"reading {path}" in tty.getvalue() and "rows" in tty.getvalue()
    assert [bar.n for bar in bars if bar.unit == "rows"] == [250]  # every row counted, chunk by chunk
