"""Suite-wide settings.

Hypothesis's default 200 ms deadline per example is a timing assertion; on a
loaded 2-core CI machine it fails for reasons that have nothing to do with
correctness. Speed is measured in benchmarks/, so the deadline is off, and no
example database is written into the checkout.

Matplotlib draws on Agg in the test process itself (``matplotlib.use``, not
the ``MPLBACKEND`` variable): kernels that nbval, Voilà or JupyterLab start
from the tests keep their own inline backend, so ``plt.show()`` figures
appear there as they do for a learner.

The Voilà server (``voila_pages.py``) is a session fixture here, so a test
worker starts it once for every Voilà test file it runs.
"""

import os
import shutil
import tempfile

import matplotlib
import pytest
from hypothesis import settings
import voila_pages

matplotlib.use("Agg")

# Fixtures for the browser tests: one Voilà server per test worker, chromium per module (the report's tests too).
voila, browser = voila_pages.voila, voila_pages.browser

# A test (or a notebook run by nbval) that checks an exercise records the reply; keep that record away from
# the developer's own progress file and out of the repository.
os.environ["ISO4213_PROGRESS"] = os.path.join(tempfile.mkdtemp(prefix="iso4213-progress-"), "progress.json")

# The tests read English unless they choose a language themselves (i18n.using, --lang): a developer's own
# ISO4213_LANG must not turn every expected message into Russian.
os.environ.pop("ISO4213_LANG", None)


@pytest.fixture
def progress_file(tmp_path, monkeypatch):
    """A progress file of the test's own (``ISO4213_PROGRESS``), not yet written; the course-item tests use it for
    every test (``pytestmark = pytest.mark.usefixtures("progress_file")``) and read it back."""
    path = tmp_path / "progress.json"
    monkeypatch.setenv("ISO4213_PROGRESS", str(path))
    return path


settings.register_profile("iso4213", deadline=None, database=None)
settings.load_profile("iso4213")


def pytest_configure(config):
    """In the controlling process only: one folder for the reports the tests build, shared by xdist workers."""
    if not hasattr(config, "workerinput"):
        os.environ["ISO4213_REPORT_BUILDS"] = config._iso4213_builds = tempfile.mkdtemp(prefix="iso4213-report-tests-")


def pytest_unconfigure(config):
    """Remove the shared report folder once the whole run (every worker) is over."""
    folder = getattr(config, "_iso4213_builds", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


def pytest_collection_modifyitems(items):
    """Long files first, so that the two CI workers finish together: files with a browser test, then files with a
    slow test, then the rest by number of tests (as xdist orders them; ``bin/test`` turns its own order off).
    Items keep their order within a file (a notebook's cells share one kernel)."""
    files: dict[str, list] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::", 1)[0], []).append(item)

    def weight(tests):
        return (not any(t.get_closest_marker("browser") for t in tests),
                not any(t.get_closest_marker("slow") for t in tests), -len(tests))
    items[:] = [item for tests in sorted(files.values(), key=weight) for item in tests]
