"""Which column of a predictions file holds what: the optional columns of multi-class scores, multi-label
indicators, subgroups and sample weights, and the task they make.

The header is read in two passes.  :func:`split_header` sorts the column
names by their fixed parts (``y_true``, ``weight``, ``group_<name>``,
``<model>_pred``, ``<model>_score``) and keeps aside every column whose
meaning depends on the class or label names (``<model>_score_<class>``,
``y_true_<label>``, ``<model>_pred_<label>``, ``<model>_score_<label>``).
Once the classes are known (from the typed ``y_true`` column, or from the
``y_true_<label>`` columns), :func:`resolve_classes` and
:func:`resolve_multilabel` read those suffixes: a suffix is a class when it is
written exactly as the class is (``1`` is class 1, ``01`` is not), the rule
:func:`~.columns.match_label` applies everywhere else.

The task (TS 4213 clause 6.3 binary, 6.4 multi-class, 6.5 multi-label):

* ``y_true_<label>`` columns (and no ``y_true``): multi-label;
* otherwise ``y_true`` with two classes: binary, more: multi-class.

A file that mixes the layouts inconsistently is refused with one line: a
``y_true`` beside ``y_true_<label>`` columns; a score column for a class that
is neither in ``y_true`` nor declared (``classes=``); a model with scores for
some classes only; a binary ``<model>_score`` beside ``<model>_score_<class>``
columns of the same model; a multi-label model whose columns cover some
labels only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..words.errors import describe
from ..core.errors import InputError
from .table import quote

#: The task of a predictions file.
BINARY, MULTICLASS, MULTILABEL = "binary", "multiclass", "multilabel"
TASKS = (BINARY, MULTICLASS, MULTILABEL)
#: Column of sample weights and prefix of subgroup columns.
WEIGHT, GROUP_PREFIX = "weight", "group_"
SUFFIXES = ("_pred", "_score")
#: The name of the one model of a file with ``y_pred`` / ``score`` columns.
ONE_MODEL = "model"
_ONE = f"{ONE_MODEL} "  # the one model before its name is checked against <model>_ columns
#: Kinds of suffixed model columns: ``<model>_<kind>_<class or label>``.
KINDS = ("pred", "score")


@dataclass
class Header:
    """The columns of a predictions file sorted by their fixed parts (first pass; tasks of 6.3–6.5).

    Attributes
    ----------
    y_true : the truth column of a single-label file, or None for a multi-label one.
    truth : multi-label: suffix text → ``y_true_<label>`` column.
    models : model → {"_pred": column, "_score": column} of the binary layout.
    suffixed : columns read once the classes are known (``<model>_score_<class>`` and the like).
    groups : attribute name → column.
    weight : the weight column, or None.
    others : columns that fit no layout (an error when strict).
    """

    y_true: str | None
    truth: dict[str, str] = field(default_factory=dict)
    models: dict[str, dict[str, str]] = field(default_factory=dict)
    suffixed: list[str] = field(default_factory=list)
    groups: dict[str, str] = field(default_factory=dict)
    weight: str | None = None
    others: list[str] = field(default_factory=list)

    @property
    def columns(self) -> list[str]:
        """Every column to read, truth first."""
        names = [self.y_true] if self.y_true else []
        names += [*self.truth.values(), *(c for cols in self.models.values() for c in cols.values()),
                  *self.suffixed, *self.groups.values()]
        return list(dict.fromkeys(names + ([self.weight] if self.weight else [])))


def _group_name(column: str) -> str:
    return column[len(GROUP_PREFIX):] if column.startswith(GROUP_PREFIX) and column != GROUP_PREFIX else column


def split_header(names: list[str], file: str, *, y_true: str = "y_true", y_pred: str | None = None,
                 score: str | None = None, groups=(), strict: bool = True) -> Header:
    """First pass over the header (layout in the module docstring; tasks of 6.3, 6.4, 6.5).

    ``groups`` names extra columns read as subgroup attributes (``--group``);
    ``group_<name>`` columns always are.  ``y_pred`` / ``score`` name the one
    model's columns and exclude every other model.
    """
    truth = {c[len(y_true) + 1:]: c for c in names if c.startswith(f"{y_true}_") and len(c) > len(y_true) + 1}
    if y_true in names and truth:
        raise InputError("layout.two_layouts", file=file, column=quote(y_true), columns=[quote(c) for c in truth.values()],
                         y_true=y_true)
    if y_true not in names and not truth:
        raise InputError("layout.no_truth", file=file, column=quote(y_true), columns=names, y_true=y_true)
    header = Header(y_true if y_true in names else None, truth)
    for column in groups:
        if column not in names:
            raise InputError("layout.no_group_column", file=file, column=quote(column), columns=names)
        _add_group(header, _group_name(column), column, file)
    for column in names:
        if column.startswith(GROUP_PREFIX) and column != GROUP_PREFIX and column not in header.groups.values():
            _add_group(header, _group_name(column), column, file)
    if WEIGHT in names and WEIGHT not in (y_pred, score, y_true):
        header.weight = WEIGHT
    if y_pred is not None or score is not None:
        chosen = {"_pred": y_pred, "_score": score}
        header.models = {ONE_MODEL: {k: v for k, v in chosen.items() if v is not None}}
        return header
    taken = {y_true, *truth.values(), *header.groups.values(), header.weight}
    for column in names:
        if column in taken:
            continue
        if column in ("y_pred", "score"):
            header.models.setdefault(_ONE, {})["_pred" if column == "y_pred" else "_score"] = column
        elif any(column.startswith(f"{one}_") for one in ("y_pred", "score")) or \
                any(f"_{kind}_" in column for kind in KINDS):
            header.suffixed.append(column)
        elif suffix := next((s for s in SUFFIXES if column.endswith(s) and column != s), None):
            header.models.setdefault(column[: -len(suffix)], {})[suffix] = column
        else:
            header.others.append(column)
    if _ONE in header.models and ONE_MODEL in header.models:
        raise InputError("layout.one_model_clash", file=file, columns=list(header.models[ONE_MODEL].values()),
                         names="y_pred/score", model=ONE_MODEL)
    header.models = {name.strip(): cols for name, cols in header.models.items()}
    return header


def _add_group(header: Header, name: str, column: str, file: str) -> None:
    if name in header.groups:
        raise InputError("layout.group_twice", file=file, first=quote(header.groups[name]), second=quote(column),
                         name=quote(name))
    header.groups[name] = column


def _parses(column: str, texts: list[str], kinds=KINDS) -> list[tuple[str, str, str]]:
    """Every reading ``(model, kind, text)`` of ``column`` as ``<model>_<kind>_<text>`` with ``text`` in ``texts``.

    The one model's ``y_pred_<text>`` / ``score_<text>`` read as model ``model``.
    """
    found = []
    for text in texts:
        for kind in kinds:
            one = schema_column(ONE_MODEL, kind)
            tail = f"_{kind}_{text}"
            if column == f"{one}_{text}":
                found.append((_ONE, kind, text))
            elif column.endswith(tail) and len(column) > len(tail):
                found.append((column[: -len(tail)], kind, text))
    return found


def _unresolved(header: Header, column: str, file: str, what_word: str, models: dict, strict: bool) -> None:
    """A suffixed column that names no known class: an error when its model has other such columns, or when strict.

    ``what_word`` (a key of :data:`iso4213_nb.words.errors.layout.WORDS`) says what the suffix should have been.
    """
    for kind in KINDS:
        marker = f"_{kind}_"
        if marker in column:
            model = column[: column.rindex(marker)]
            if model in models or strict:
                raise InputError("layout.unknown_suffix", file=file, column=quote(column),
                                 text=quote(column[column.rindex(marker) + len(marker):]), what_word=what_word)
    if strict:
        raise InputError("layout.no_layout", file=file, column=quote(column))


class _Readings(tuple):
    """The readings ``(model, kind, text)`` of an ambiguous column, shown in the active language, ``; `` between them."""

    def __format__(self, spec: str) -> str:
        return format("; ".join(describe("layout.reading", {"model": quote(m.strip()), "kind": k, "text": quote(t)})
                                for m, k, t in self), spec)


def _one_reading(column: str, readings: list, file: str):
    if len(readings) > 1:
        raise InputError("layout.ambiguous", file=file, column=quote(column), options=_Readings(readings))
    return readings[0] if readings else None


def resolve_classes(header: Header, labels: list, file: str, *, strict: bool = True,
                    declared: bool = False) -> dict[str, list[str]]:
    """Second pass, single-label file (6.3, 6.4): model → score columns in ``labels`` order (``<model>_score_<class>``).

    Adds models that have only class scores to ``header.models``.  Raises
    :class:`InputError` for a class that is not among ``labels``, a model
    whose columns miss some classes, or a model with both a binary score and
    class scores.
    """
    texts = [str(label) for label in labels]
    what = "declared_class" if declared else "class_of_y_true"
    by_model: dict[str, dict[str, str]] = {}
    for column in header.suffixed:
        reading = _one_reading(column, _parses(column, texts), file)
        if reading is None:
            _unresolved(header, column, file, what, {**by_model, **header.models}, strict)
            continue
        model, kind, text = reading
        if kind == "pred":
            raise InputError("layout.per_label_prediction", file=file, column=quote(column), y_true=header.y_true)
        if model == _ONE and ONE_MODEL in header.models:
            raise InputError("layout.one_model_column_clash", file=file, column=quote(column), model=ONE_MODEL)
        by_model.setdefault(model.strip(), {})[text] = column
    for model, columns in by_model.items():
        missing = [t for t in texts if t not in columns]
        if missing:
            raise InputError("layout.missing_class_scores", file=file, model=quote(model), count=len(columns),
                             total=len(texts), missing=_missing(model, "score", missing))
        if "_score" in header.models.get(model, {}):
            raise InputError("layout.binary_and_class_scores", file=file, model=quote(model),
                             column=header.models[model]["_score"], name=model)
        header.models.setdefault(model, {})
    return {model: [columns[t] for t in texts] for model, columns in by_model.items()}


def resolve_multilabel(header: Header, label_texts: list[str], file: str, *,
                       strict: bool = True) -> dict[str, dict[str, list[str]]]:
    """Second pass, multi-label file (6.5): model → {"pred": columns, "score": columns} in ``label_texts`` order.

    Raises :class:`InputError` for a model of the single-label layout, a
    column for a label without a ``y_true_<label>`` column, a model whose
    columns cover some labels only, or a model with no columns at all.
    """
    if header.models:
        model, cols = next(iter(header.models.items()))
        raise InputError("layout.single_label_model", file=file, column=quote(next(iter(cols.values()))), model=model)
    what = "label_of_indicators"
    by_model: dict[str, dict[str, dict[str, str]]] = {}
    for column in header.suffixed:
        reading = _one_reading(column, _parses(column, label_texts), file)
        if reading is None:
            _unresolved(header, column, file, what, by_model, strict)
            continue
        model, kind, text = reading
        by_model.setdefault(model.strip(), {}).setdefault(kind, {})[text] = column
    if not by_model:
        raise InputError("layout.no_multilabel_models", file=file)
    result = {}
    for model, kinds in by_model.items():
        for kind, columns in kinds.items():
            missing = [t for t in label_texts if t not in columns]
            if missing:
                raise InputError("layout.missing_label_columns", file=file, model=quote(model), kind=kind,
                                 count=len(columns), total=len(label_texts), missing=_missing(model, kind, missing))
        result[model] = {kind: [columns[t] for t in label_texts] for kind, columns in kinds.items()}
    return result


def schema_column(model: str, kind: str) -> str:
    """The column the schema gives ``model``'s labels (``kind`` ``"pred"``) or scores (``"score"``): ``y_pred`` /
    ``score`` for the one model :data:`ONE_MODEL`, else ``<model>_pred`` / ``<model>_score`` (5.1, step 4: reading
    the models' outputs)."""
    return ("y_pred" if kind == "pred" else "score") if model == ONE_MODEL else f"{model}_{kind}"


def check_others(header: Header, file: str, y_true: str) -> None:
    """In strict mode a column that fits no layout is an error (a typo must not silently drop a model; clause 8 reports every model)."""
    if header.others:
        raise InputError("layout.unknown_column", file=file, column=quote(header.others[0]),
                         names=[y_true, "y_pred", "score", "<model>_pred", "<model>_score", "<model>_score_<class>",
                                "group_<name>"], last=WEIGHT)


def _missing(model: str, kind: str, texts: list[str]) -> str:
    """The first five missing columns ``<model>_<kind>_<text>``, and `` …`` when there are more."""
    return ", ".join(f"{model}_{kind}_{t}" for t in texts[:5]) + (" …" if len(texts) > 5 else "")
