"""The clause-8 assessment report: from a predictions file to HTML, PDF and ``report.json``.

:func:`iso4213_nb.report.build.make_report` is the whole job of ``iso4213-nb report``: read the predictions
once (:mod:`iso4213_nb.inputs`) and the ``--meta`` answers; compute every number once (:mod:`.content`,
:mod:`.tasks`, :mod:`.uncertainty`) into ``report.json`` (schema: :mod:`.schema`); run the report notebook on
the parsed predictions (:mod:`.parsed`, :mod:`.execute`, :mod:`.render`); export HTML and PDF offline
(:mod:`.export`); write ``manifest.json`` (:mod:`.manifest`) and move the folder into place atomically
(:mod:`.atomic`).  :mod:`.streamed` builds the same report from mergeable counts, and :mod:`.verify` checks a
finished folder (``iso4213-nb verify``).

This package module imports nothing, so the report notebook's kernel loads
only the light rendering modules it uses.
"""
