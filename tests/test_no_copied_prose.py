"""The project explains the standards in its own words: no sentence of theirs is pasted in.

Figures, formulas, numbers and clause titles may be carried over; prose may
not.  This test looks for any run of 12 consecutive words, at least 9 of them
real words (three letters or more, not numbers), that a tracked text file
shares with TS 4213 (either copy) or ПНСТ 835-2023.  The source texts live in
``../shared/seeds`` beside the repository; without them the test is skipped.
"""

import functools
import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
SOURCES = ("ISO-IEC-TS-4213-2022.txt", "IS-ISO-IEC-TS-4213-2022-BIS-markdown.txt", "PNST-835-2023-ru.txt")
RUN = 12
MIN_WORDS = 9
TEXT_FILES = (".py", ".md", ".ipynb", ".yml", ".yaml", ".cfg", ".toml", ".txt")


def _words(text: str) -> list[str]:
    return re.findall(r"[a-zа-яё0-9]+", text.lower())


def _runs(words: list[str]):
    for i in range(len(words) - RUN + 1):
        run = words[i:i + RUN]
        if sum(len(w) >= 3 and not w.isdigit() for w in run) >= MIN_WORDS:
            yield " ".join(run)


def _project_text(path: Path) -> str:
    text = path.read_text(errors="ignore")
    if path.suffix == ".ipynb":
        return "\n".join("".join(cell["source"]) for cell in json.loads(text)["cells"])
    return text


@functools.lru_cache(maxsize=1)
def _standard_runs() -> frozenset:
    runs = set()
    for source in SOURCES:
        runs.update(_runs(_words((SEEDS / source).read_text())))
    return frozenset(runs)


needs_seeds = pytest.mark.skipif(not all((SEEDS / s).is_file() for s in SOURCES),
                                 reason="../shared/seeds is not beside the repo")


@needs_seeds
def test_no_run_of_twelve_words_is_shared_with_the_standards():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    copied = {}
    for name in tracked:
        if name.endswith(TEXT_FILES):
            shared = [run for run in _runs(_words(_project_text(ROOT / name))) if run in _standard_runs()]
            if shared:
                copied[name] = shared[0]
    assert not copied, f"text shared word for word with the standards: {copied}"


@needs_seeds
def test_the_check_catches_a_pasted_paragraph_of_clause_6_2_3():
    text = (SEEDS / "ISO-IEC-TS-4213-2022.txt").read_text()
    paragraph = text[text.index("\n6.2.3 Accuracy\n"):][:400]  # the clause's own words, read at test time
    pasted = "# a notebook cell\n" + paragraph.replace(" ", "  ")
    assert any(run in _standard_runs() for run in _runs(_words(pasted)))
