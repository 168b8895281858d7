"""Words for the errors of :mod:`iso4213_nb.inputs.table` (reading a file's rows and columns) and for the places in a file they name (5.1, step 4; beyond TS 4213: one-line errors).

``table.at_*`` are not errors but places (:class:`~iso4213_nb.inputs.table.Place`): the file and
its line, row or sheet, shown at the start of the errors about one cell.
"""

from ..i18n import N_

TEMPLATES = {
    "table.at_line": N_("{file}, line {line}"),
    "table.at_row": N_("{file}, row {row}"),
    "table.at_sheet_row": N_("{file}, sheet {sheet}, row {row}"),
    "table.at_data_row": N_("{file}, data row {row}"),
    "table.at_a_line": N_("{file}, a line"),
    "table.at_sheet": N_("{file}, sheet {sheet}"),
    "table.bad_sep": N_("--sep takes one character or {names}; got {value}"),
    "table.other_separator": N_("{file}: --sep {sep} leaves the header one column, but the file seems separated by "
                                "{found}; give --sep {found} or leave --sep out"),
    "table.no_column": N_("{file} has no column {column}; columns are: {columns}"),
    "table.unnamed_column": N_("{file}: column {number} of the header has no name"),
    "table.duplicate_column": N_("{file}: column name {column} appears more than once in the header"),
    "table.damaged": N_("{file}: damaged {compression} data ({detail})"),
    "table.not_text": N_("{file}: not a text file (it holds NUL bytes); expected CSV, TSV, Parquet or .xlsx"),
    "table.long_header": N_("{file}: the first line is longer than {kib} KiB; expected a header row of column names"),
    "table.not_utf8": N_("{file}: not a UTF-8 text file"),
    "table.empty_file": N_("{file}: the file is empty"),
    "table.blank_first_line": N_("{file}: line 1 is empty; the first line must hold the column names"),
    "table.unreadable_header": N_("{file}: line 1 is not a readable header row of column names"),
    "table.no_data_rows": N_("{file}: the file has a header row but no data rows"),
    "table.ragged_row": N_("{place}: has {fields} field(s), the header has {width}"),
    "table.long_line": N_("{file}: a line is longer than {mib} MiB; is this a table with one row per line?"),
    "table.unreadable": N_("{file}: not a readable table ({detail})"),
    "table.zip_not_workbook": N_("{file}: a zip archive, not an .xlsx workbook (it holds {count} file(s): "
                                 "{entries}); give the CSV, Parquet or .xlsx file itself"),
    "table.bad_xlsx": N_("{file}: not a readable .xlsx workbook ({detail})"),
    "table.no_sheet": N_("{file} has no sheet {sheet}; sheets are: {sheets}"),
    "table.empty_sheet": N_("{place}: the sheet is empty"),
    "table.sheet_without_rows": N_("{place}: the sheet has a header row but no data rows"),
    "table.folder_without_parquet": N_("{file}: is a folder without Parquet files; give a file, or a folder of "
                                       "Parquet files"),
    "table.folder_with_other_file": N_("{file}: is a folder, and {part} in it is not a Parquet file; only a folder "
                                       "of Parquet files can be read"),
    "table.parts_differ": N_("{part}: its columns differ from those of the other files in {file}"),
    "table.bad_parquet": N_("{file}: not a readable Parquet file ({detail})"),
    "table.parts_types_differ": N_("{file}: its Parquet files store the columns with different types"),
    "table.parquet_without_rows": N_("{file}: the file has no data rows"),
    "table.folder_options": N_("{file}: a folder of Parquet files takes neither --sep nor --sheet"),
    "table.sheet_not_xlsx": N_("--sheet applies to .xlsx workbooks; {file} is not one"),
}
