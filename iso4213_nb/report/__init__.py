"""The clause-8 assessment report: from a predictions file to HTML, PDF and ``report.json``.

:func:`iso4213_nb.report.build.make_report` is the whole job of ``iso4213-nb report``:

1. read and check the predictions once (:mod:`.predictions`) and the ``--meta``
   answers (:mod:`iso4213_nb.controls.checklist`); bad input raises
   :class:`~iso4213_nb.InputError` before anything is written;
2. compute every number once (:mod:`.content`) into the dict written as
   ``report.json`` (its JSON Schema: :mod:`.schema`);
3. hand the parsed predictions to the notebook as ``predictions.parquet``
   (:mod:`.parsed`) and execute the parameterised notebook ``template.ipynb``
   (:mod:`.execute`), which renders them (:mod:`.render`, :mod:`.figures`);
4. export HTML without code cells and with local JavaScript, and print the
   PDF with chromium (:mod:`.export`);
5. write ``manifest.json`` (:mod:`.manifest`) and move the finished folder
   into place atomically, never over a file this tool did not write
   (:mod:`.atomic`).

:mod:`.verify` checks a finished folder against its manifest and recomputes
its numbers (``iso4213-nb verify``).

This package module imports nothing, so the report notebook's kernel loads
only the light rendering modules it uses.
"""
