"""The build step of the sdist and the wheel; everything else about the package is in pyproject.toml.

Before setuptools lists the package's files (``egg_info``, run by every build
and install) and before it copies them (``build_py``), the offline JavaScript
is copied from the locked npm packages in ``node_modules/`` into
``iso4213_nb/report/vendor/`` (:mod:`iso4213_nb.report.vendored` says which
files, and why).  An sdist carries that folder, so a wheel built from the sdist
needs no ``node_modules/``; an sdist or a wheel without it is refused.  An
editable install (``pip install -e .``) is not: ``npm ci`` may come after it,
and then ``python iso4213_nb/report/vendored.py`` fills the folder.  The course notebooks reach the package through
``iso4213_nb/course/notebooks``, a link to ``notebooks/`` in the repository
that the sdist and the wheel hold as plain files.  Voilà's page template is
installed as data under ``share/jupyter/voila/templates/iso4213``, where Voilà
looks for templates.
"""

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_py import build_py
from setuptools.command.egg_info import egg_info
from setuptools.command.sdist import sdist

ROOT = Path(__file__).resolve().parent
TEMPLATE = Path("share/jupyter/voila/templates/iso4213")


def _vendored():
    """iso4213_nb/report/vendored.py, loaded by path: the package's dependencies are not installed yet."""
    spec = importlib.util.spec_from_file_location("_iso4213_nb_vendored", ROOT / "iso4213_nb/report/vendored.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def prepare(*, complete: bool) -> None:
    """Fill the package's copy of the offline JavaScript from node_modules/ (when present); with ``complete``,
    fail when there is no copy or no course notebooks (an sdist or a wheel must hold them)."""
    vendored = _vendored()
    lock = ROOT / "package-lock.json"
    if (ROOT / "node_modules").is_dir():
        if not vendored.is_filled(vendored.VENDOR, lock):
            vendored.fill(ROOT / "node_modules", vendored.VENDOR, lock)
    if not complete:
        return
    if not vendored.is_filled(vendored.VENDOR):
        raise SystemExit(f"error: no offline JavaScript in {vendored.VENDOR} and no node_modules/ to copy it from; "
                         "run 'npm ci' in the repository first")
    if not any((ROOT / "iso4213_nb/course/notebooks").glob("*.ipynb")):
        raise SystemExit("error: iso4213_nb/course/notebooks holds no notebooks (in a checkout it links to notebooks/)")


class PreparedEggInfo(egg_info):
    def run(self):
        prepare(complete=False)
        super().run()


class PreparedBuildPy(build_py):
    def run(self):
        prepare(complete=False)
        super().run()


class CompleteSdist(sdist):
    def run(self):
        prepare(complete=True)
        super().run()


class CompleteWheel(bdist_wheel):
    def run(self):
        prepare(complete=True)
        super().run()


setup(
    cmdclass={"egg_info": PreparedEggInfo, "build_py": PreparedBuildPy, "sdist": CompleteSdist,
              "bdist_wheel": CompleteWheel},
    data_files=[(TEMPLATE.as_posix(), sorted(p.as_posix() for p in TEMPLATE.iterdir() if p.is_file()))],
)
