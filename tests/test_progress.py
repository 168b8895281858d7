"""Progress bars appear on a terminal only, and never with --quiet."""

import io

from iso4213_nb import progress


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
