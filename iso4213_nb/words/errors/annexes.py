"""Words for the errors of :mod:`iso4213_nb.annexes`: reproducing the printed numbers of Annexes A–D."""

from ..i18n import N_

TEMPLATES = {
    "annexes.unknown_annex": N_("unknown annex {letter}; annexes are {annexes}"),
    "annexes.not_a_printed_number": N_("not a printed number: {text}"),
    "annexes.annex_a_classes": N_("Annex A checks need classes {classes}, got {labels}"),
    "annexes.rate_counts": N_("need 0 <= k <= n and n > 0, got k={k}, n={n}"),
    "annexes.no_denominator": N_("no denominator up to {limit} fits the rates {rates}"),
    "annexes.several_sequences": N_("the smallest sizes P={positives}, N={negatives} admit several count sequences"),
    "annexes.table_b1_band": N_("Table B.1 has {rows} rows of class {label} in band {band}, "
                                "more than the published rates allow"),
    "annexes.annex_c_columns": N_("{path}: expected columns {columns}"),
    "annexes.parameter_count": N_("parameter count {text} is not in millions (M)"),
    "annexes.no_score_columns": N_("{path}: no column named <model>{mark}<class>"),
    "annexes.other_classes": N_("{path}: model {model} does not score the same classes as the others"),
}
