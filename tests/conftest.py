"""Suite-wide settings.

Hypothesis's default 200 ms deadline per example is a timing assertion; on a
loaded 2-core CI machine it fails for reasons that have nothing to do with
correctness. Speed is measured in benchmarks/, so the deadline is off, and no
example database is written into the checkout.
"""

from hypothesis import settings

settings.register_profile("iso4213", deadline=None, database=None)
settings.load_profile("iso4213")
