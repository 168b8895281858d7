"""A multi-label predictions file (6.5) read in chunks: its layout once, then its indicator and score columns per chunk.

The labels are known from the header alone (the suffixes of the ``y_true_<label>`` columns), so
:func:`label_layout` makes every header check of the whole-file reader before any row is read, and
:func:`label_chunks` types each chunk with the whole-file reader's column helpers, so a bad cell is named by
its line in the whole file, as there.

Beyond TS 4213: chunked reading of the multi-label files of 6.5.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

import numpy as np

from .columns import group_column, indicator_column, score_column, weight_column
from .layout import Header, check_others, resolve_multilabel, split_header
from .predictions import sorted_labels


@dataclass
class LabelLayout:
    """The columns of a multi-label file (6.5), resolved from its header.

    Attributes
    ----------
    header : the sorted header (:class:`~.layout.Header`; its ``weight`` and ``groups`` are read too).
    labels : the label names, typed and sorted as the whole-file reader's ``label_names``.
    truth : the ``y_true_<label>`` columns in ``labels`` order.
    models : model → ``{"pred": columns, "score": columns}`` in ``labels`` order (either may be missing).
    """

    header: Header
    labels: list
    truth: list
    models: dict

    @property
    def columns(self) -> list[str]:
        """Every column to read: truth, the models' columns, subgroups, weight."""
        names = [*self.truth, *(c for kinds in self.models.values() for cols in kinds.values() for c in cols),
                 *self.header.groups.values(), *([self.header.weight] if self.header.weight else [])]
        return list(dict.fromkeys(names))


def label_layout(names: list[str], file: str, *, y_true: str = "y_true", y_pred: str | None = None,
                 score: str | None = None, strict: bool = True, groups=()) -> LabelLayout | None:
    """The layout of a multi-label header (6.5), checked as the whole-file reader checks it; None for a single-label one.

    Raises :class:`InputError` with the whole-file reader's words for a header
    that mixes layouts, a model that covers some labels only, no model, or a
    single ``y_true_<label>`` column.
    """
    header = split_header(names, file, y_true=y_true, y_pred=y_pred, score=score, groups=groups, strict=strict)
    if not header.truth:
        return None
    if strict:
        check_others(header, file, y_true)
    labels, texts = sorted_labels(header, file)
    models = resolve_multilabel(header, texts, file, strict=strict)
    return LabelLayout(header, labels, [header.truth[t] for t in texts], models)


@dataclass
class LabelChunk:
    """One chunk of a multi-label file, typed (beyond TS 4213: chunked reading of 6.5).

    Attributes
    ----------
    start : 0-based index of the chunk's first data row in the whole file.
    truth : one int8 0/1 array per label, in :attr:`LabelLayout.labels` order.
    pred : model → its int8 indicator arrays per label (models with ``_pred_`` columns).
    scores : model → its float64 score arrays per label (models with ``_score_`` columns).
    weight : float64 sample weights, or None.
    groups : subgroup attribute → its values as text (checked as the whole file's; 6.5 has no subgroup measure).
    """

    start: int
    truth: list
    pred: dict = field(default_factory=dict)
    scores: dict = field(default_factory=dict)
    weight: np.ndarray | None = None
    groups: dict = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.truth[0])


def label_chunks(chunks) -> Iterator[LabelChunk]:
    """The chunks of a :class:`~.chunks.PredictionChunks` whose file is multi-label (6.5), typed column by column.

    Columns are typed in the whole-file reader's order (weight, subgroups,
    truth, then each model's scores and indicators), so one bad cell gets the
    same one-line error, naming its line in the whole file.
    """
    layout: LabelLayout = chunks.label_layout
    header = layout.header
    for table in chunks.table:
        weight = weight_column(table, header.weight, chunks.decimal, whole=False) if header.weight else None
        groups = {name: group_column(table, column, chunks.codes.max_classes) for name, column in header.groups.items()}
        truth = [indicator_column(table, column) for column in layout.truth]
        pred, scores = {}, {}
        for model, kinds in layout.models.items():
            if "score" in kinds:
                scores[model] = [score_column(table, column, chunks.decimal) for column in kinds["score"]]
            if "pred" in kinds:
                pred[model] = [indicator_column(table, column) for column in kinds["pred"]]
        yield LabelChunk(chunks.table.start, truth, pred, scores, weight, groups)
