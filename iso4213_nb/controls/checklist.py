"""The assessment checklist of clause 5 as data, with YAML load, save and validation.

Clause 5.1 lays out a five-step process and 5.2–5.3 list what an assessment
must control (data, bias, leakage, channel effects, ground truth,
hyperparameters, environment, acceleration, baselines).  Clause 8 lists what a
report states, and 6.4.3 and 6.5.1 each require the reason for a choice of
measure to be reported.  :data:`ITEMS` holds one :class:`Item` per answer a
learner or auditor gives; the prompts are this project's own wording.

File format (the ``--meta`` file of the report): a YAML mapping of sections to
mappings of answers, e.g.::

    training_data:
      source: hospital A archive, 2019-2021
      size: 12 400 images
    ground_truth:
      method: two radiologists, disagreements settled by a third

Every answer is kept as the text typed: ``yes``, ``1.50``, ``2019-01-01`` or
``0x1F`` stay those characters (YAML 1.1 would read them as a boolean, 1.5, a
date and 31); a list is joined with ``"; "``.  An empty answer (nothing, ``~``
or ``null``) counts as missing.  In Python, answers
are a flat ``{"section.name": "text"}`` dict keyed by :attr:`Item.key`.
"""

from __future__ import annotations

import datetime
import difflib
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..core.errors import InputError
from ..words.i18n import N_


@dataclass(frozen=True)
class Item:
    """One answer of the checklist.

    Attributes
    ----------
    key : str
        ``"section.name"``; the YAML file nests ``name`` under ``section``.
    clause : str
        The clause of TS 4213 that asks for it, e.g. ``"5.3.9"``.
    prompt : str
        One line saying what to write.
    report : str or None
        The id of the clause-8 reporting item (:data:`REPORT_ITEMS`) this answer fills, if any.
    """

    key: str
    clause: str
    prompt: str
    report: str | None = None

    @property
    def section(self) -> str:
        """The part of the key before the dot."""
        return self.key.split(".", 1)[0]

    @property
    def name(self) -> str:
        """The part of the key after the dot."""
        return self.key.split(".", 1)[1]


@dataclass(frozen=True)
class ReportItem:
    """One item of the clause-8 reporting list (clause 8).

    Attributes
    ----------
    id : str
        Short identifier, e.g. ``"ground_truth_reliability"``.
    text : str
        What the report states, in this project's words.
    computed : bool
        True when the report computes it from predictions or timings
        (counts at operating points, inference cost) rather than from the checklist.
    """

    id: str
    text: str
    computed: bool = False


#: The eight things clause 8 asks a report to state, in the clause's order.
REPORT_ITEMS: tuple[ReportItem, ...] = (
    ReportItem("training_data", N_("where the training data come from, how many samples, and their make-up")),
    ReportItem("test_data", N_("where the test data come from, how many samples, and their make-up")),
    ReportItem("bias", N_("what was done to find, account for and reduce bias in training and test data")),
    ReportItem("ground_truth_method", N_("how the true labels of training and test data were obtained")),
    ReportItem("ground_truth_reliability",
               N_("how reliable those labels are and how that may affect statistical significance")),
    ReportItem("operating_points", N_("true and false positive counts at representative operating points"),
               computed=True),
    ReportItem("environment",
               N_("hardware (CPU/GPU or other) and software (operating system) used for inference, with versions")),
    ReportItem("inference_cost", N_("inference time or another measure of computational efficiency"), computed=True),
)

#: Every answer of the checklist, in the order the form asks for them.
ITEMS: tuple[Item, ...] = (
    Item("process.step1_tasks", "5.1",
         N_("Step 1: which classification task(s) are assessed (binary, multi-class, multi-label) and on what.")),
    Item("process.step2_metrics", "5.1", N_("Step 2: which measures the task calls for, and why those.")),
    Item("process.step3_evaluation", "5.1",
         N_("Step 3: the evaluation plan: environment set up, data sets prepared and processed.")),
    Item("process.step4_collection", "5.1", N_("Step 4: which model outputs are collected per sample (labels, scores).")),
    Item("process.step5_results", "5.1", N_("Step 5: how results are produced from those outputs, and where they go.")),
    Item("purpose.stage", "5.2",
         N_("Stage: design and development (tuning) or verification and validation (estimating a trained model).")),
    Item("purpose.aim", "5.2",
         N_("Aim: assess one model, compare models, or check for degradation on newer or out-of-sample data.")),
    Item("training_data.source", "5.3.4", N_("Where the training data come from."), "training_data"),
    Item("training_data.size", "5.3.4", N_("How many training samples (per class if possible)."), "training_data"),
    Item("training_data.composition", "5.3.4",
         N_("Make-up of the training data: classes, subgroups, time span, collection devices."), "training_data"),
    Item("test_data.source", "5.3.5",
         N_("Where the test data come from; the same test set for every model compared."), "test_data"),
    Item("test_data.size", "5.3.5", N_("How many test samples (per class if possible)."), "test_data"),
    Item("test_data.composition", "5.3.5",
         N_("Make-up of the test data and how it matches the intended use."), "test_data"),
    Item("bias.analysis", "5.3.2",
         N_("How sampling, capture and label bias were looked for, and what was done about them."), "bias"),
    Item("preprocessing.description", "5.3.3",
         N_("Preprocessing applied (outliers, missing values, filtering) and whether it is the same for every model.")),
    Item("splitting.method", "5.3.6",
         N_("How data were split: hold-out, k-fold or leave-one-out, and the same scheme for every model.")),
    Item("leakage.controls", "5.3.7",
         N_("How overlap between training and test was prevented (e.g. no subject in both; group-aware split).")),
    Item("channel_effects.description", "5.3.8",
         N_("Known ways the collection process (device, operator, conditions) differs between classes or sets.")),
    Item("ground_truth.method", "5.3.9", N_("How the true labels were established (who, how, consensus rule)."),
         "ground_truth_method"),
    Item("ground_truth.reliability", "5.3.9",
         N_("Agreement between annotators (e.g. Cohen's kappa) and its possible effect on significance."),
         "ground_truth_reliability"),
    Item("hyperparameters.types", "5.3.10", N_("Which hyperparameters each algorithm has and which were tuned.")),
    Item("hyperparameters.values", "5.3.10",
         N_("The values used by each model, and how they were chosen without touching the test set.")),
    Item("environment.hardware", "5.3.11", N_("Processors (CPU/GPU model and generation), memory."), "environment"),
    Item("environment.software", "5.3.11",
         N_("Operating system and library versions; unchanged for the whole assessment."), "environment"),
    Item("acceleration.description", "5.3.12",
         N_("Any acceleration used in training or testing (GPU, special instructions, pruning, sparsity).")),
    Item("baselines.description", "5.3.13",
         N_("Baselines compared against: a trivial one (majority class) plus at least one real alternative.")),
    Item("context.description", "5.3.14",
         N_("The system the model will run in and the context that guides performance trade-offs.")),
    Item("measures.multiclass_averaging", "6.4.3",
         N_("Which of macro, weighted or micro averaging is reported, and why it fits the use.")),
    Item("measures.multilabel_measure", "6.5.1",
         N_("Which multi-label measure (Hamming loss, exact match, Jaccard) is reported, and why.")),
)


class DuplicateKey(yaml.YAMLError):
    """A key given twice in one mapping of a YAML file, with the lines (1-based) of both (clauses 5 and 8)."""

    def __init__(self, key: str, first: int, second: int):
        super().__init__(key, first, second)
        self.key, self.first, self.second = key, first, second


class TextLoader(yaml.SafeLoader):
    """PyYAML's safe loader with plain scalars left as text; only an empty value, ``~`` or ``null`` is None.

    Booleans, numbers, dates and ``=`` are not resolved, so an answer reads as
    what the user typed.  Explicit tags (``!!int 5``) still apply.  A key given
    twice in one mapping raises :class:`DuplicateKey` (PyYAML keeps the last
    silently; one of the two answers would be lost unseen).

    Clauses 5 and 8; beyond TS 4213: YAML 1.1 via PyYAML.
    """

    def construct_mapping(self, node, deep=False):
        seen: dict = {}
        for key_node, _value in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                continue
            line = key_node.start_mark.line + 1
            if key_node.value in seen:
                raise DuplicateKey(key_node.value, seen[key_node.value], line)
            seen[key_node.value] = line
        return super().construct_mapping(node, deep=deep)


TextLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag == "tag:yaml.org,2002:null"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def parse_yaml(text: str):
    """A checklist or meta file's YAML with every plain scalar kept as text (see :class:`TextLoader`).

    Clauses 5.1–5.3 and 8.
    """
    return yaml.load(text, Loader=TextLoader)


KEYS: tuple[str, ...] = tuple(item.key for item in ITEMS)
_BY_KEY = {item.key: item for item in ITEMS}


def item(key: str) -> Item:
    """The :class:`Item` with ``key``; an unknown key raises :class:`InputError` with the nearest keys.

    Clauses 5.1–5.3 and 8.
    """
    try:
        return _BY_KEY[key]
    except KeyError:
        close = _close(key)
        if close:
            raise InputError("checklist.unknown_key_close", key=repr(key), close=close) from None
        raise InputError("checklist.unknown_key", key=repr(key)) from None


def _close(key: str) -> list[str]:
    """Up to three checklist keys spelt like ``key``, to suggest in an error."""
    return difflib.get_close_matches(key, KEYS, n=3)


def _as_text(value, key: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        raise InputError("checklist.boolean_answer", key=key, value=str(value).lower())
    if isinstance(value, (str, int, float, datetime.date)):
        return str(value).strip()
    if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        return "; ".join(str(v).strip() for v in value)
    raise InputError("checklist.answer_not_text", key=key, kind_word=_kind(value))


def _kind(value) -> str:
    """What a parsed YAML value is: a key of :data:`iso4213_nb.words.errors.checklist.WORDS` (for messages)."""
    if isinstance(value, dict):
        return "yaml.mapping"
    if isinstance(value, list):
        return "yaml.list"
    return "yaml.text" if isinstance(value, str) else "yaml.single_value"


def validate(data, *, extra_keys=()) -> dict[str, str]:
    """Check a parsed YAML document (nested sections) and return flat answers ``{key: text}`` (clauses 5.1–5.3 and 8).

    Parameters
    ----------
    data : mapping of section name to mapping of answers, as in the module docstring;
        ``None`` (an empty file) gives no answers.
    extra_keys : top-level keys that belong to another reader of the same file
        (e.g. the report's title); they are skipped, not rejected.

    Returns every key of :data:`ITEMS` present in ``data``.  Unknown sections,
    unknown answers and non-text answers raise :class:`InputError`.
    """
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise InputError("checklist.not_a_mapping", kind_word=_kind(data))
    sections = {item.section for item in ITEMS}
    answers: dict[str, str] = {}
    for section, entries in data.items():
        if section in extra_keys:
            continue
        if section not in sections:
            close = _close(str(section))
            if close:
                raise InputError("checklist.unknown_section_close", section=repr(section), close=close)
            raise InputError("checklist.unknown_section", section=repr(section))
        if entries is None:
            continue
        if not isinstance(entries, dict):
            raise InputError("checklist.section_not_a_mapping", section=section, kind_word=_kind(entries))
        for name, value in entries.items():
            key = f"{section}.{name}"
            item(key)
            answers[key] = _as_text(value, key)
    return answers


def load(path, *, extra_keys=()) -> dict[str, str]:
    """Read a checklist YAML file and return flat answers ``{key: text}`` (see :func:`validate`).

    Clauses 5.1–5.3 and 8.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("checklist.missing_file", path=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError("checklist.unreadable_file", path=str(path), detail=str(exc)) from None
    try:
        data = parse_yaml(text)
    except DuplicateKey as exc:
        raise InputError("checklist.duplicate_key", path=str(path), key=repr(exc.key), first=exc.first,
                         second=exc.second) from None
    except yaml.YAMLError as exc:
        raise InputError("checklist.not_yaml", path=str(path), detail=str(exc)) from None
    return validate(data, extra_keys=extra_keys)


def to_yaml(answers: dict[str, str]) -> str:
    """The YAML text of flat ``answers``, sections and items in :data:`ITEMS` order; every key is written.

    Clauses 5.1–5.3 and 8.
    """
    for key in answers:
        item(key)
    nested: dict[str, dict[str, str]] = {}
    for it in ITEMS:
        nested.setdefault(it.section, {})[it.name] = _as_text(answers.get(it.key, ""), it.key)
    return yaml.safe_dump(nested, sort_keys=False, allow_unicode=True, width=100)


def template() -> str:
    """A blank checklist file: every section and answer, each preceded by a comment with its clause and prompt.

    Clauses 5.1–5.3 and 8.
    """
    lines = ["# Assessment checklist (ISO/IEC TS 4213:2022 clause 5, report items of clause 8).",
             "# Fill in the answers; empty ones are reported as missing."]
    section = None
    for it in ITEMS:
        if it.section != section:
            section = it.section
            lines += ["", f"{section}:"]
        lines += [f"  # ({it.clause}) {it.prompt}", f"  {it.name}: ''"]
    return "\n".join(lines) + "\n"


def save(answers: dict[str, str], path) -> Path:
    """Write ``answers`` to ``path`` as YAML (see :func:`to_yaml`); returns the path (clauses 5.1–5.3 and 8)."""
    path = Path(path)
    path.write_text(to_yaml(answers), encoding="utf-8")
    return path


def missing(answers: dict[str, str]) -> list[Item]:
    """Items of :data:`ITEMS` with no answer or an empty one, in checklist order (clauses 5.1–5.3 and 8)."""
    return [it for it in ITEMS if not str(answers.get(it.key, "")).strip()]


#: The states of a checklist answer or reported item: answered in the meta file, captured by the report itself
#: when the meta file leaves it out, or missing.
FILLED, AUTOMATIC, MISSING = "filled", "filled automatically", "missing"

#: Checklist answers a report captures itself when the meta file leaves them out, keyed to what it captures:
#: the machine it runs on (5.3.11) and the measures per subgroup (the evidence 5.3.2 asks for).
CAPTURED_BY = {"environment.hardware": "environment", "environment.software": "environment",
               "bias.analysis": "subgroups"}


def answer_states(answers: dict[str, str], captured=frozenset()) -> dict[str, str]:
    """The state of every answer of :data:`ITEMS` (clause 8; 5.3): :data:`FILLED`, :data:`AUTOMATIC` or :data:`MISSING`.

    ``captured`` names what the report captured itself (values of :data:`CAPTURED_BY`: ``"environment"``,
    ``"subgroups"``); an answer left out of ``answers`` is filled automatically when what fills it was captured.
    This is the one source of the states the report's item table and its checklist rows show.
    """
    empty = {it.key for it in missing(answers)}
    return {it.key: MISSING if it.key in empty and CAPTURED_BY.get(it.key) not in captured
            else AUTOMATIC if it.key in empty else FILLED for it in ITEMS}


def combined_state(states) -> str:
    """The state of a group of answers (clause 8): missing if any is, filled if all are, else filled automatically."""
    states = set(states)
    return MISSING if MISSING in states else FILLED if states <= {FILLED} else AUTOMATIC


def report_status(answers: dict[str, str], captured=frozenset()) -> dict[str, str]:
    """Status of each clause-8 item: ``"filled"``, ``"filled automatically"``, ``"missing"`` or ``"computed"`` (clause 8).

    A checklist-based item combines the states (:func:`answer_states`, with ``captured``) of every
    :class:`Item` that fills it (:func:`combined_state`).  ``"computed"`` items come from the predictions or
    timings and are the report's own business.
    """
    states = answer_states(answers, captured)
    return {r.id: "computed" if r.computed else combined_state(states[it.key] for it in ITEMS if it.report == r.id)
            for r in REPORT_ITEMS}
