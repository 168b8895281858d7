"""Every whole-number argument (counts, resamples, bins, batches, trials, copies) goes through
:func:`iso4213_nb.core.checks.is_whole`: text, None, a bool or a fraction is the argument's own one-line
InputError, never a ValueError or TypeError from int() or float() (beyond TS 4213: the toolkit's input checks)."""

import numpy as np
import pytest

from iso4213_nb import InputError
from iso4213_nb.controls.computed import augment_subjects
from iso4213_nb.core.checks import is_whole
from iso4213_nb.measures import computational, invariance
from iso4213_nb.scale.accumulators.bootstrap import check_replicates
from iso4213_nb.scale.accumulators.scores import BinnedScoreCounts, CalibrationBins
from iso4213_nb.stats import bayesian

A, B = [0.8, 0.7, 0.9, 0.75], [0.7, 0.72, 0.8, 0.7]
CALLS = {
    "time_predictions batch_size": lambda v: computational.time_predictions(len, [[1], [2]], batch_size=v),
    "time_predictions warmup": lambda v: computational.time_predictions(len, [[1], [2]], warmup=v),
    "energy inferences": lambda v: computational.energy(v, joules=1.0),
    "invariance scale k1": lambda v: invariance.scale([[1, 2, 3, 4]], v),
    "invariance_table n_trials": lambda v: invariance.invariance_table(n_trials=v),
    "correlated_ttest runs": lambda v: bayesian.correlated_ttest(A, B, runs=v),
    "signed_rank n_samples": lambda v: bayesian.signed_rank(A, B, n_samples=v),
    "Poisson replicates": check_replicates,
    "BinnedScoreCounts bins": lambda v: BinnedScoreCounts.zero("s", v),
    "CalibrationBins bins": lambda v: CalibrationBins.zero("s", v),
    "augment_subjects copies": lambda v: augment_subjects(np.ones((2, 3)), [0, 1], copies=v),
}


@pytest.mark.parametrize("value", ["x", None, True, 2.5])
@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_a_whole_number_argument_that_is_not_one_is_a_one_line_input_error(call, value):
    with pytest.raises(InputError) as caught:
        call(value)
    assert "\n" not in str(caught.value)


def test_is_whole_by_hand():
    assert is_whole(0) and is_whole(3.0, 3) and is_whole(np.int64(10), 10) and is_whole(np.float32(2), 1)
    assert not any(is_whole(v, 1) for v in (0, 2.5, True, "3", None, float("nan"), float("inf"), [1], np.array(4)))
