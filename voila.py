"""Voilà settings for the course, read when ``voila`` starts from the repository root.

Pages are drawn with the ``iso4213`` template (``share/jupyter/voila/templates/iso4213``):
Voilà's lab template without its Font Awesome links to a public CDN, so a page
served to a class makes no request off the machine.
"""

import os
from pathlib import Path

_SHARE = str(Path(__file__).resolve().parent / "share" / "jupyter")
os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (_SHARE, os.environ.get("JUPYTER_PATH")) if p)

c.VoilaConfiguration.template = "iso4213"  # noqa: F821 (c is the config object traitlets provides)
