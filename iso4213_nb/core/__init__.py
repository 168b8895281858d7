"""The ground every other layer stands on: the one error type, undefined values, input checks, sample weights,
the rule for probability rows and progress bars.
"""
