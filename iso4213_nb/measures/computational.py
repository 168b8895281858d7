"""Computational measures (6.6): latency, throughput under a latency bound, energy per inference.

:func:`time_predictions` runs any ``predict`` callable over a data set, batch
by batch, and records for every sample the time from ingestion (the moment its
batch is handed to ``predict``) to output (the moment ``predict`` returns); its
:class:`TimingResult` gives the mean latency (6.6.2), percentiles, and the
throughput counting only samples within a latency bound (6.6.3).  Larger
batches usually raise throughput and latency together (the note of 6.6.3),
which ``batch_size`` lets one measure.  :func:`energy` gives joules per
inference and per correct inference (6.6.5).

The clock is a parameter so that tests can use a deterministic fake clock.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..core.checks import as_scores, given, is_whole, same_length
from ..core.errors import InputError
from ..core.undefined import Undefined, ratio

PERCENTILES = (50, 90, 95, 99)


@dataclass(frozen=True)
class TimingResult:
    """Per-sample latencies of one timed run (6.6.2, 6.6.3).

    Attributes
    ----------
    latencies : float array, seconds from ingestion to output for each sample.
    predictions : array of the outputs of ``predict``, in input order.
    batch_size : samples handed to ``predict`` per call.
    begin, end : clock readings at the start of the first and end of the last timed batch.
    latency_bound : seconds, or None for no bound.
    """

    latencies: np.ndarray
    predictions: np.ndarray
    batch_size: int
    begin: float
    end: float
    latency_bound: float | None

    @property
    def n(self) -> int:
        """Number of samples timed."""
        return len(self.latencies)

    @property
    def mean_latency(self) -> float:
        """(1/N) Σ (T_mr − T_di) in seconds (6.6.2)."""
        return float(np.mean(self.latencies))

    def percentile(self, q: float) -> float:
        """The q-th percentile of the per-sample latencies, seconds (linear interpolation)."""
        if not 0 <= q <= 100:
            raise InputError("computational.percentile_range", name="percentile", value=given(q))
        return float(np.percentile(self.latencies, q))

    @property
    def within_bound(self) -> int:
        """N_cla of 6.6.3: samples whose latency is at most the bound (all samples when unbounded)."""
        if self.latency_bound is None:
            return self.n
        return int(np.count_nonzero(self.latencies <= self.latency_bound))

    @property
    def duration(self) -> float:
        """T_e − T_b in seconds: the whole timed period."""
        return self.end - self.begin

    @property
    def throughput(self) -> float | Undefined:
        """N_cla / (T_e − T_b), inferences per second meeting the latency bound (6.6.3)."""
        return ratio(self.within_bound, self.duration, code="zero_duration")

    def summary(self) -> dict:
        """Plain numbers for a report (seconds, inferences per second; None where undefined)."""
        throughput = self.throughput
        return {
            "samples": self.n,
            "batch_size": self.batch_size,
            "mean_latency_s": self.mean_latency,
            **{f"p{q}_latency_s": self.percentile(q) for q in PERCENTILES},
            "max_latency_s": float(self.latencies.max()),
            "latency_bound_s": self.latency_bound,
            "samples_within_bound": self.within_bound,
            "duration_s": self.duration,
            "throughput_per_s": None if isinstance(throughput, Undefined) else throughput,
        }


def time_predictions(predict: Callable, X, *, batch_size: int = 1, latency_bound: float | None = None,
                     warmup: int = 0, clock: Callable[[], float] = time.perf_counter) -> TimingResult:
    """Time ``predict`` over the samples of ``X`` (6.6.2, 6.6.3).

    Parameters
    ----------
    predict : callable taking a batch ``X[i:i + batch_size]`` and returning one
        output per sample (e.g. a fitted estimator's ``predict``).
    X : anything sliceable with ``len`` (numpy array, list, DataFrame via ``.values``).
    batch_size : samples per call; every sample of a batch gets the batch's latency.
    latency_bound : seconds; samples slower than this do not count in the throughput.
    warmup : batches run once before timing starts and left out (caches, lazy loading).
    clock : function returning seconds, ``time.perf_counter`` by default.

    Returns
    -------
    :class:`TimingResult`.
    """
    if not callable(predict):
        raise InputError("computational.not_callable", name="predict")
    try:
        n = len(X)
    except TypeError:
        raise InputError("computational.no_length", name="X") from None
    if n == 0:
        raise InputError("computational.no_samples", name="X")
    if not is_whole(batch_size, 1):
        raise InputError("computational.not_positive_whole", name="batch_size", value=given(batch_size))
    if latency_bound is not None and not latency_bound > 0:
        raise InputError("computational.not_positive_seconds", name="latency_bound", value=given(latency_bound))
    if not is_whole(warmup):
        raise InputError("computational.not_non_negative_whole", name="warmup", value=given(warmup))
    batch_size = int(batch_size)
    starts = range(0, n, batch_size)
    for start in list(starts)[:int(warmup)]:
        predict(X[start:start + batch_size])
    latencies = np.empty(n)
    outputs = []
    begin = clock()
    for start in starts:
        batch = X[start:start + batch_size]
        ingested = clock()
        out = predict(batch)
        done = clock()
        size = min(batch_size, n - start)
        try:
            got = len(out)
        except TypeError:
            raise InputError("computational.not_per_sample", name="predict", type=type(out).__name__) from None
        if got != size:
            raise InputError("computational.wrong_output_count", name="predict", count=got, size=size)
        latencies[start:start + size] = done - ingested
        outputs.append(np.asarray(out))
    end = clock()
    return TimingResult(latencies, np.concatenate(outputs), batch_size, begin, end,
                        None if latency_bound is None else float(latency_bound))


def energy_from_power_trace(times, watts) -> float:
    """Energy in joules, ∫ P(t) dt over the trace by the trapezoid rule (6.6.5).

    ``times`` in seconds, strictly increasing; ``watts`` the power readings, non-negative.
    """
    t = as_scores(times, "times")
    w = as_scores(watts, "watts")
    same_length(times=t, watts=w)
    if len(t) < 2:
        raise InputError("computational.short_trace")
    if np.any(np.diff(t) <= 0):
        raise InputError("computational.not_increasing", name="times")
    if np.any(w < 0):
        raise InputError("computational.negative_power", name="watts", value=float(w.min()))
    return float(np.trapezoid(w, t))


@dataclass(frozen=True)
class EnergyResult:
    """Energy of a run and its per-inference figures (6.6.5).

    Attributes
    ----------
    joules : total energy E.
    inferences, correct : I of J_PF and of J_PI.
    source : how the joules were obtained.
    """

    joules: float
    inferences: int
    correct: int | None
    source: str

    @property
    def per_inference(self) -> float | Undefined:
        """J_PF = E / F, joules per inference (6.6.5)."""
        return ratio(self.joules, self.inferences, code="no_inferences")

    @property
    def per_correct_inference(self) -> float | Undefined:
        """J_PI = E / I with I the correctly classified inferences (6.6.5)."""
        if self.correct is None:
            return Undefined(code="correct_not_given")
        return ratio(self.joules, self.correct, code="no_correct_inferences")

    @property
    def inferences_per_joule(self) -> float | Undefined:
        """Performance per watt P / E (6.6.5): inferences per joule."""
        return ratio(self.inferences, self.joules, code="zero_energy")


def energy(inferences: int, correct: int | None = None, *, joules: float | None = None,
           times=None, watts=None) -> EnergyResult:
    """Joules per inference and per correct inference (6.6.5) from a figure or a power trace.

    Give either ``joules`` (measured by a meter or a tool such as RAPL) or
    ``times`` and ``watts`` (a power trace, integrated by the trapezoid rule).
    """
    if (joules is None) == (times is None and watts is None):
        raise InputError("computational.energy_or_trace", joules="joules", times="times", watts="watts")
    for name, value in (("inferences", inferences), ("correct", correct)):
        if not (is_whole(value) or value is None and name == "correct"):
            raise InputError("computational.not_non_negative_whole", name=name, value=given(value))
    if correct is not None and correct > inferences:
        raise InputError("computational.correct_exceeds_total", name="correct", value=given(correct),
                         total_name="inferences", total=given(inferences))
    if joules is not None:
        if not (np.isfinite(joules) and joules >= 0):
            raise InputError("computational.not_finite_non_negative", name="joules", value=given(joules))
        return EnergyResult(float(joules), int(inferences), None if correct is None else int(correct),
                            "supplied figure")
    if times is None or watts is None:
        raise InputError("computational.trace_needs_both", times="times", watts="watts")
    total = energy_from_power_trace(times, watts)
    return EnergyResult(total, int(inferences), None if correct is None else int(correct),
                        f"power trace of {len(times)} readings, trapezoid rule")
