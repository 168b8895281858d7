"""A cell's standard output shown as the program wrote it: one box, not one per piece the kernel sent.

A shell command run through ``%%bash`` (and many programs) reaches the kernel
in pieces cut wherever a read happened to end, often inside a word; the
notebook keeps each piece as its own output, and the book drew a box per
piece (the how-to guides' ``iso4213-nb`` outputs came in dozens of boxes).
myst-nb can merge stream outputs (``nb_merge_streams``) but ends every piece
with a new line, which breaks the words apart on separate lines instead.
This extension makes that merge exact: consecutive outputs of the same
stream are joined as written, nothing added or reordered.
"""

from __future__ import annotations

from myst_nb.core import render


def join_streams(outputs: list) -> list:
    """``outputs`` with each run of consecutive pieces of one stream (stdout or stderr) joined into one output."""
    joined: list = []
    for output in outputs:
        last = joined[-1] if joined else None
        if (output["output_type"] == "stream" and last is not None and last["output_type"] == "stream"
                and last["name"] == output["name"]):
            last["text"] = last["text"] + output["text"]
        else:
            joined.append(output.copy() if output["output_type"] == "stream" else output)
    return joined


def setup(app):
    """Put :func:`join_streams` where myst-nb merges streams; ``nb_merge_streams: true`` in _config.yml turns it on."""
    render.coalesce_streams = join_streams
    return {"parallel_read_safe": True, "parallel_write_safe": True}
