"""``iso4213-nb csmf --matrix FILE --rows {true,predicted} [--json]``: CSMF accuracy of a confusion matrix.

The file has the layout of ``metrics --matrix`` (labels in the first row and
the first column, counts in the body) and is read by :mod:`iso4213_nb.inputs`
(``--sep``, ``--decimal``, ``--sheet``, ``--max-classes``; ``-`` for standard
input); ``--rows`` says which axis holds the true causes.  Prints the true and predicted cause-specific mortality fractions,
CSMF accuracy and its chance-corrected form (Annex D).
"""

from __future__ import annotations

import json

from ..inputs import add_reading_options, reading_options


def register(subparsers) -> None:
    """Add the ``csmf`` sub-command and its options (Annex D)."""
    parser = subparsers.add_parser("csmf", description="CSMF accuracy and chance-corrected CSMF accuracy of a "
                                               "confusion matrix (Annex D).")
    parser.add_argument("--matrix", required=True, metavar="FILE", help="confusion matrix of counts (- for stdin)")
    parser.add_argument("--rows", required=True, choices=["true", "predicted"],
                        help="what the rows of the file hold")
    parser.add_argument("--chance", choices=["exact", "rounded"], default="exact",
                        help="expected accuracy of random allocation: 1 − 1/e (exact) or 0.632 (rounded)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_reading_options(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    """Run ``iso4213-nb csmf`` with the parsed ``args``; returns the exit status (Annex D)."""
    from ..figures.tables import format_value, text_table  # the work: imported here so the parser loads no numpy
    from ..inputs import read_matrix
    from ..measures.csmf import chance_corrected_csmf_accuracy, csmf_accuracy, csmf_from_confusion

    matrix = read_matrix(args.matrix, **reading_options(args))
    labels = matrix.labels
    shares = csmf_from_confusion(matrix.counts, rows=args.rows, labels=labels)
    result = {
        "csmf_true": shares.true,
        "csmf_pred": shares.predicted,
        "csmf_accuracy": csmf_accuracy(shares.true, shares.predicted),
        "chance_corrected_csmf_accuracy": chance_corrected_csmf_accuracy(shares.true, shares.predicted,
                                                                         chance=args.chance),
        "chance": args.chance,
    }
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    rows = [[label, shares.true[label], shares.predicted[label]] for label in labels]
    print(text_table(rows, ["cause", "csmf_true", "csmf_pred"], decimals=4))
    print(f"\ncsmf_accuracy: {format_value(result['csmf_accuracy'], 4)}")
    print(f"chance_corrected_csmf_accuracy ({args.chance}): "
          f"{format_value(result['chance_corrected_csmf_accuracy'], 4)}")
    return 0
