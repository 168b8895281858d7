"""``iso4213-nb metrics`` on a multi-label file (6.5) read in chunks, on Dask or from state files.

The output is the whole-file one (:func:`iso4213_nb.cli._metrics_text.render_multilabel`, or the same JSON),
plus ``source``: the input's name, SHA-256 and rows, or the state files merged.
"""

from __future__ import annotations

import contextlib
import json

from ..scale import streaming_labels
from ._metrics_text import render_multilabel


def run_multilabel(args, states: dict, settings, source, chunks) -> int:
    """Print the multi-label measures of merged states as ``metrics`` prints them for the whole file (6.5; beyond TS 4213)."""
    with chunks or contextlib.nullcontext():  # chunks is None on Dask and for state files
        result = streaming_labels.summary(states, settings, source.name,
                                          threshold_given=getattr(args, "threshold", None) is not None)
    result["source"] = {"name": source.file_name, "sha256": source.sha256, "rows": result["n"]}
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else render_multilabel(result))
    return 0
