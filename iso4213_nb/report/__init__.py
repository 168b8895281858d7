"""The clause-8 assessment report: from a predictions file to HTML, PDF and ``report.json``.

:func:`iso4213_nb.report.build.make_report` is the whole job of ``iso4213-nb report``:

1. read and check the predictions (:mod:`.predictions`) and the ``--meta``
   answers (:mod:`iso4213_nb.checklist`); bad input raises
   :class:`~iso4213_nb.InputError` before anything is written;
2. compute every number once (:mod:`.content`) into the dict written as
   ``report.json``;
3. execute the parameterised notebook ``template.ipynb`` on that dict
   (:mod:`.execute`), which renders it (:mod:`.render`, :mod:`.figures`);
4. export HTML without code cells and with local JavaScript, and print the
   PDF with chromium (:mod:`.export`);
5. move the finished folder into place atomically (:mod:`.atomic`).

This package module imports nothing, so the report notebook's kernel loads
only the light rendering modules it uses.
"""
