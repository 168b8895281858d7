"""The global options ``--lang`` and ``--quiet`` before or after the command, in every command's help, and a help
that imports no heavy module (issue 25, point 5; issue 27, point 4)."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from iso4213_nb.cli import SUMMARIES, build_parser, command_names, main

#: The least each command parses: its required options and arguments.
LEAST = {"adjust": ["--method", "holm", "0.01", "0.04"], "annex": ["A"], "checklist": ["template"],
         "compare": ["--predictions", "p.csv", "--a", "a", "--b", "b"], "course": ["progress", "p.json"], "csmf": ["--matrix", "m.csv", "--rows", "true"],
         "metrics": ["--matrix", "m.csv", "--rows", "true"], "plan": ["proportion", "--proportion", "0.9", "--n", "100"],
         "rank": ["--results", "r.csv"], "report": [], "state": ["--predictions", "p.csv", "--out", "s.state"],
         "verify": ["folder"]}


def test_every_command_is_listed_here_and_summarised():
    assert sorted(LEAST) == command_names()
    assert set(SUMMARIES) == set(command_names())


@pytest.mark.parametrize("command", sorted(LEAST))
def test_global_options_are_taken_before_or_after_the_command(command):
    parser = build_parser()
    after = parser.parse_args([command, *LEAST[command], "--lang", "ru", "--quiet"])
    assert (after.lang, after.quiet) == ("ru", True)
    before = parser.parse_args(["-q", "--lang", "ru", command, *LEAST[command]])
    assert (before.lang, before.quiet) == ("ru", True)  # not undone by the command's own copies of the options
    neither = parser.parse_args([command, *LEAST[command]])
    assert (neither.lang, neither.quiet) == (None, False)
    last = parser.parse_args(["--lang", "ru", command, *LEAST[command], "--lang=en"])
    assert last.lang == "en"


@pytest.mark.parametrize("command", sorted(LEAST))
def test_every_command_help_shows_the_global_options(command, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    shown = capsys.readouterr().out
    assert "--lang {en,ru}" in shown and "--quiet, -q" in shown


@pytest.mark.parametrize("command", sorted(set(LEAST) - {"report"}))
def test_lang_after_the_command_puts_argparse_words_in_russian(command, capsys):
    with pytest.raises(SystemExit) as stop:
        main([command, "--lang", "ru"])  # every command but report requires something
    assert stop.value.code == 2
    said = capsys.readouterr().err
    assert said.startswith(f"iso4213-nb {command}: ошибка: ") and "required" not in said, said


def test_quiet_and_lang_after_the_command_run(tmp_path, capsys):
    matrix = tmp_path / "m.csv"
    matrix.write_text(",a,b\na,40,10\nb,5,45\n")
    assert main(["metrics", "--matrix", str(matrix), "--rows", "true", "--lang", "ru", "--quiet"]) == 0
    assert "доля правильных исходов" in capsys.readouterr().out
    assert main(["report", "--predictions", str(tmp_path / "absent.csv"), "--out", str(tmp_path / "r"),
                 "--lang", "ru"]) == 2
    said = capsys.readouterr().err
    assert said.startswith("iso4213-nb report: ошибка: ") and said.count("\n") == 1, said


#: Run in a fresh interpreter: the help, then the modules it loaded.
HELP_PROBE = """
import json, sys
from iso4213_nb.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""
HEAVY = ("numpy", "scipy", "pyarrow", "matplotlib", "pandas", "tqdm", "nbformat", "jsonschema")


def _loaded(*argv: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", HELP_PROBE, *argv], capture_output=True, text=True, timeout=120)
    return {name.split(".")[0] for name in json.loads(done.stderr.strip().splitlines()[-1])}


def test_the_help_imports_no_heavy_module_and_no_command():
    loaded = _loaded("--help")
    assert not loaded & set(HEAVY), loaded & set(HEAVY)
    done = subprocess.run([sys.executable, "-c", HELP_PROBE, "--help"], capture_output=True, text=True, timeout=120)
    modules = json.loads(done.stderr.strip().splitlines()[-1])
    assert not [m for m in modules if m.startswith("iso4213_nb.cli.") and m != "iso4213_nb.cli._argparse_words"]
    for command in command_names():  # still every command listed, with its summary
        assert command in done.stdout


def test_a_light_command_imports_no_other_command():
    loaded = _loaded("plan", "proportion", "--proportion", "0.9", "--n", "100")
    assert "scipy" in loaded or "numpy" in loaded  # it did run
    done = subprocess.run([sys.executable, "-c", HELP_PROBE, "annex", "--help"], capture_output=True, text=True,
                          timeout=120)
    modules = json.loads(done.stderr.strip().splitlines()[-1])
    assert [m for m in modules if m.startswith("iso4213_nb.cli.") and not m.startswith("iso4213_nb.cli._")] == [
        "iso4213_nb.cli.annex"]


#: What no command's parser may load: a command's ``--help`` (and its parsing errors) stays under 0.3 s.
COMPUTING = {"numpy", "scipy", "pyarrow", "matplotlib"}


@pytest.mark.parametrize("command", sorted(LEAST))
def test_a_command_help_imports_no_computing_module(command):
    """Each command's parser is built from argparse and words alone; its work imports numpy, scipy, pyarrow or
    matplotlib when it runs (issue 27 point 4: ``iso4213-nb X --help`` took 1.25 s CPU, now under 0.15 s)."""
    loaded = _loaded(command, "--help")
    assert "iso4213_nb" in loaded and not loaded & COMPUTING, loaded & COMPUTING


def test_the_parsers_copies_of_computed_choices_are_the_computations_own():
    """``metrics --normalize`` and ``adjust --method`` list their choices without importing the numpy modules
    that define them; the copies must not drift."""
    from iso4213_nb.cli import adjust, metrics
    from iso4213_nb.measures.confusion import NORMALIZE_BY
    from iso4213_nb.stats.multiplicity import METHODS

    assert metrics.NORMALIZE_BY == NORMALIZE_BY and adjust.METHODS == METHODS


def test_metrics_on_predictions_loads_no_scipy_stats_and_no_jsonschema(tmp_path):
    """``metrics`` needs the normal quantile, the beta quantile and the chi-squared tail: scipy.special gives the
    same numbers without scipy.stats' distributions (0.6 s of CPU to import), and reading a file in memory does
    not load the state files' jsonschema (issue 27 point 4: metrics on 10M rows 3× faster than pandas + sklearn)."""
    rng = np.random.default_rng(7)
    y, score = rng.integers(0, 2, 300), rng.random(300).round(4)
    path = tmp_path / "p.csv"
    path.write_text("y_true,y_pred,score\n" + "".join(f"{a},{int(s >= 0.5)},{s}\n" for a, s in zip(y, score)))
    loaded = _loaded("--quiet", "metrics", "--json", "--predictions", str(path))
    assert "scipy" in loaded  # it did compute its intervals
    done = subprocess.run([sys.executable, "-c", HELP_PROBE, "--quiet", "metrics", "--json", "--predictions",
                           str(path)], capture_output=True, text=True, timeout=120, check=True)
    modules = json.loads(done.stderr.strip().splitlines()[-1])
    assert json.loads(done.stdout)["n"] == 300
    assert not [m for m in modules if m == "scipy.stats" or m.startswith(("scipy.stats.", "jsonschema"))]


#: Run in a fresh interpreter: import the modules named, then print every module loaded.
IMPORT_PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted(sys.modules)))
"""


@pytest.mark.parametrize("module, heavy", [
    ("iso4213_nb.stats.results", "scipy.stats"),  # the result classes do not load every test's scipy
    ("iso4213_nb.figures.tables", "matplotlib"),  # text tables draw nothing
    ("iso4213_nb.words.errors", "scipy.stats"),  # error templates: a bad option's one line costs no scipy.stats
])
def test_light_modules_do_not_load_heavy_ones(module, heavy):
    """Counted in sys.modules, not timed: the packages stats and figures name their contents lazily (PEP 562), and
    the error words load no course answer checker with its readings, so a command's parser and its error line do
    not pay for scipy.stats or matplotlib (issue 27 point 4)."""
    done = subprocess.run([sys.executable, "-c", IMPORT_PROBE, module], capture_output=True, text=True, timeout=120,
                          check=True)
    loaded = json.loads(done.stdout)
    assert module in loaded and not [name for name in loaded if name == heavy or name.startswith(heavy + ".")]


@pytest.mark.parametrize("lang, said", [("en", "takes a whole number of at least 0, got {bad}"),
                                        ("ru", "требуется целое число не меньше 0, получено {bad}")])
@pytest.mark.parametrize("bad", ["x", "-1", "2.5"])
def test_every_command_refuses_a_bad_whole_number_with_the_same_line(capsys, lang, said, bad):
    """One parser and one sentence for a whole-number option (issue 24 point 2): ``rank --seed`` (once argparse's own
    ``invalid int value``) and ``report --seed`` (once two other sentences) say the same thing."""
    errors = []
    for command in ("rank", "report"):
        with pytest.raises(SystemExit) as stop:
            main(["--lang", lang, command, *LEAST[command], f"--seed={bad}"])
        assert stop.value.code == 2
        errors.append(capsys.readouterr().err.strip().splitlines()[-1])
    assert errors[0].split(": ", 1)[1] == errors[1].split(": ", 1)[1]  # the same line after the command's name
    assert errors[0].endswith(f" --seed: {said.format(bad=bad)}")


@pytest.mark.parametrize("command, option, least", [("rank", "--runs", 1), ("plan proportion", "--n", 1),
                                                    ("metrics", "--workers", 1), ("metrics", "--bootstrap", 10)])
@pytest.mark.parametrize("bad", ["x", "0", "2.5"])
def test_the_other_whole_number_options_refuse_with_the_same_line(capsys, command, option, least, bad):
    """The CHANGELOG's other cases of the one whole-number sentence: ``rank --runs`` and ``plan --n`` answered with
    argparse's ``invalid int value``; each option names its own least value."""
    with pytest.raises(SystemExit) as stop:
        main([command.split()[0], *LEAST[command.split()[0]], f"{option}={bad}"])
    assert stop.value.code == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said == f"iso4213-nb {command}: error: argument {option}: takes a whole number of at least {least}, got {bad}"
