"""Words for the errors of :mod:`iso4213_nb.inputs.chunks` (reading a file in chunks) (beyond TS 4213: chunked input, one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "chunks.bad_chunk_rows": N_("--chunk-rows takes a whole number of at least 1, got {value}"),
    "chunks.row_group_not_parquet": N_("{file}: only a Parquet file has row groups"),
    "chunks.bad_decimal": N_("the decimal mark is . or , (got {value})"),
    "chunks.class_order": N_("{file}: the class-score columns name the classes in another order than the labels of "
                             "{y_true} have once typed (a label that is not a whole number among whole numbers); "
                             "read the file whole"),
}
