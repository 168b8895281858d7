"""Timing harness and energy (6.6) with a deterministic fake clock."""

import numpy as np
import pytest

from iso4213_nb import InputError, Undefined
from iso4213_nb.measures.computational import energy, energy_from_power_trace, time_predictions


class FakeClock:
    """A clock that only moves when the fake model works."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def slow_model(clock, seconds_per_call):
    """predict() that takes seconds_per_call[k] on its k-th call and doubles its input."""
    calls = iter(seconds_per_call)

    def predict(batch):
        clock.now += next(calls)
        return np.asarray(batch) * 2
    return predict


def test_latency_and_throughput_one_by_one():
    clock = FakeClock()
    result = time_predictions(slow_model(clock, [0.1, 0.2, 0.3, 0.4]), np.arange(4), clock=clock)
    assert result.latencies.tolist() == pytest.approx([0.1, 0.2, 0.3, 0.4])
    assert result.mean_latency == pytest.approx(0.25)
    assert result.predictions.tolist() == [0, 2, 4, 6]
    assert result.duration == pytest.approx(1.0)
    assert result.throughput == pytest.approx(4.0)  # unbounded: every sample counts
    assert result.percentile(50) == pytest.approx(0.25)


def test_latency_bound_counts_only_fast_samples():
    clock = FakeClock()
    result = time_predictions(slow_model(clock, [0.1, 0.2, 0.3, 0.4]), np.arange(4), latency_bound=0.25, clock=clock)
    assert result.within_bound == 2
    assert result.throughput == pytest.approx(2 / 1.0)
    summary = result.summary()
    assert summary["samples_within_bound"] == 2 and summary["latency_bound_s"] == 0.25
    assert summary["p90_latency_s"] == pytest.approx(np.percentile([0.1, 0.2, 0.3, 0.4], 90))


def test_batches_share_latency_and_raise_throughput():
    clock = FakeClock()
    # 5 samples in batches of 2: calls of 0.3, 0.3, 0.2 seconds (last batch has one sample)
    result = time_predictions(slow_model(clock, [0.3, 0.3, 0.2]), list(range(5)), batch_size=2, clock=clock)
    assert result.latencies.tolist() == pytest.approx([0.3, 0.3, 0.3, 0.3, 0.2])
    assert result.throughput == pytest.approx(5 / 0.8)
    assert result.batch_size == 2


def test_warmup_is_not_timed():
    clock = FakeClock()
    result = time_predictions(slow_model(clock, [5.0, 0.1, 0.1]), np.arange(2), warmup=1, clock=clock)
    assert result.latencies.tolist() == pytest.approx([0.1, 0.1])


def test_zero_length_period_gives_undefined_throughput():
    clock = FakeClock()
    result = time_predictions(slow_model(clock, [0.0]), np.arange(1), clock=clock)
    assert isinstance(result.throughput, Undefined)
    assert result.summary()["throughput_per_s"] is None


def test_real_clock_runs():
    result = time_predictions(lambda b: [x > 0 for x in b], [1, -1, 2], batch_size=2)
    assert result.n == 3 and (result.latencies >= 0).all()


@pytest.mark.parametrize("kwargs, message", [
    (dict(predict=lambda b: b[:1], X=[1, 2], batch_size=2), "returned 1 outputs for a batch of 2"),
    (dict(predict=lambda b: 3, X=[1]), "returned int, not one output per sample"),
    (dict(predict=lambda b: b, X=[]), "no samples"),
    (dict(predict=lambda b: b, X=[1], batch_size=0), "batch_size"),
    (dict(predict=lambda b: b, X=[1], latency_bound=-1), "latency_bound"),
    (dict(predict=None, X=[1]), "callable"),
])
def test_bad_timing_input(kwargs, message):
    with pytest.raises(InputError, match=message):
        time_predictions(kwargs.pop("predict"), kwargs.pop("X"), **kwargs)


def test_energy_from_trace_by_hand():
    # 10 W for 2 s then a ramp to 20 W over 2 s: 20 J + 30 J
    assert energy_from_power_trace([0, 2, 4], [10, 10, 20]) == pytest.approx(50.0)
    e = energy(100, 80, times=[0, 2, 4], watts=[10, 10, 20])
    assert e.per_inference == pytest.approx(0.5)
    assert e.per_correct_inference == pytest.approx(50 / 80)
    assert e.inferences_per_joule == pytest.approx(2.0)
    assert "trapezoid" in e.source


def test_energy_from_supplied_figure_and_undefined():
    e = energy(10, joules=5.0)
    assert e.per_inference == 0.5
    assert isinstance(e.per_correct_inference, Undefined)
    assert isinstance(energy(10, 0, joules=5.0).per_correct_inference, Undefined)


@pytest.mark.parametrize("kwargs, message", [
    (dict(inferences=5), "either joules or a power trace"),
    (dict(inferences=5, joules=1, times=[0, 1], watts=[1, 1]), "either joules or a power trace"),
    (dict(inferences=5, correct=6, joules=1), "cannot exceed"),
    (dict(inferences=5, joules=-1), "non-negative"),
    (dict(inferences=5, times=[0, 1]), "both times and watts"),
    (dict(inferences=5, times=[0, 0], watts=[1, 1]), "strictly increasing"),
    (dict(inferences=5, times=[0, 1], watts=[1, -1]), "non-negative"),
    (dict(inferences=5, times=[0], watts=[1]), "at least two readings"),
    (dict(inferences=5, times=[0, 1], watts=[1, np.nan]), "NaN"),
])
def test_bad_energy_input(kwargs, message):
    with pytest.raises(InputError, match=message):
        energy(**kwargs)
