"""Suite-wide settings.

Hypothesis's default 200 ms deadline per example is a timing assertion; on a
loaded 2-core CI machine it fails for reasons that have nothing to do with
correctness. Speed is measured in benchmarks/, so the deadline is off, and no
example database is written into the checkout.
"""

import os
import tempfile

from hypothesis import settings

# A test (or a notebook run by nbval) that checks an exercise records the reply; keep that record away from
# the developer's own progress file and out of the repository.
os.environ["ISO4213_PROGRESS"] = os.path.join(tempfile.mkdtemp(prefix="iso4213-progress-"), "progress.json")

settings.register_profile("iso4213", deadline=None, database=None)
settings.load_profile("iso4213")
