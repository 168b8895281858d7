"""Exercises of notebook 07, computational measures (6.6)."""

from __future__ import annotations

import numpy as np

from ...measures.computational import energy, time_predictions
from ...words.i18n import N_, number
from ..items import DOWN, SAME, UP, ChoiceItem, NumberItem, Option, PredictItem, Slider
from . import define


@define("07.1", "number")
def energy_from_a_coarser_trace(*, times, watts, inferences, correct):
    """07.1 (6.6.5): J_PI, in joules per correct inference, from every second reading of the power trace
    ``times`` (seconds) and ``watts`` of a run of ``inferences`` inferences, ``correct`` of them correct."""
    times, watts = np.asarray(times), np.asarray(watts)
    full = energy(inferences, correct, times=times, watts=watts)
    coarse = energy(inferences, correct, times=times[::2], watts=watts[::2])
    return NumberItem(
        N_("J_PI from the readings once per second, in joules per correct inference?"),
        coarse.per_correct_inference, kind="joules", tolerance=0.0001,
        hints=(N_("trapezoid rule: for each one-second step, the mean of its two readings times 1 s; add them"),
               N_("divide the joules by the {correct} correct inferences, not by all {inferences}")),
        mistakes=((full.per_correct_inference,
                   N_("That is J_PI from the full trace; use only the readings at whole seconds.")),
                  (coarse.per_inference,
                   N_("That divides by all {inferences} inferences (J_PF); J_PI counts the correct ones."))),
        values={"correct": number(int(correct)), "inferences": number(int(inferences))})


def _scripted_run(latencies_ms, bound_ms):
    """The timing of samples classified one at a time, back to back, taking ``latencies_ms`` each, under a
    latency bound of ``bound_ms`` (a scripted clock, so every number can be checked by hand)."""
    ends = np.cumsum(latencies_ms) / 1000
    starts = np.concatenate(([0.0], ends[:-1]))
    ticks = iter([0.0, *np.column_stack([starts, ends]).ravel(), ends[-1]]).__next__
    return time_predictions(lambda batch: [0] * len(batch), list(range(len(ends))), latency_bound=bound_ms / 1000,
                            clock=ticks)


@define("07.2", "number")
def throughput_under_a_tighter_bound(*, latencies_ms, bound_ms, earlier_bound_ms):
    """07.2 (6.6.3): throughput, per second, of the scripted run ``latencies_ms`` under the bound ``bound_ms``
    (tightened from ``earlier_bound_ms``)."""
    tight = _scripted_run(latencies_ms, bound_ms)
    return NumberItem(
        N_("Throughput under a {bound} ms bound, samples per second?"), tight.throughput, kind="per second",
        tolerance=0.05,
        hints=(N_("count the samples at or under {bound} ms"),
               N_("divide by the whole period, {period} s, not by their own time")),
        mistakes=((_scripted_run(latencies_ms, earlier_bound_ms).throughput,
                   N_("That is the throughput under the {earlier} ms bound; tighten it to {bound} ms.")),),
        values={"bound": bound_ms, "earlier": earlier_bound_ms, "period": number(tight.duration, 3)})


@define("07.3", "predict")
def mean_latency_as_the_bound_moves(*, latencies_ms, bound_ms):
    """07.3 (6.6.2, 6.6.3): predict the mean latency of the scripted run ``latencies_ms`` when the latency bound is
    tightened from ``bound_ms`` to 8 ms (the slider: the bound)."""
    return PredictItem(
        N_("The same five samples, but the latency bound is tightened from {start_bound} ms to 8 ms. Will the mean "
           "latency go up, go down or stay the same?"),
        measure=N_("mean latency (s)"),
        slider=Slider(N_("latency bound (ms)"), 5, 25, 1, start=bound_ms, target=8),
        value_at=lambda bound: _scripted_run(latencies_ms, bound).mean_latency,
        why=N_("The mean latency was {before} s and is {after} s: the bound does not change how long any sample "
               "takes; it only decides which samples count in the throughput, which fell from {fast} to {slow} per "
               "second."),
        options=(
            Option(UP, N_("A tighter bound is a stricter target, not a slower machine: every sample takes the time "
                          "it took.")),
            Option(DOWN, N_("The slow samples still happened and still count in the mean latency; only the "
                            "throughput leaves them out.")),
            Option(SAME, N_("Latency is measured per sample; the bound is a threshold applied afterwards."))),
        values={"start_bound": bound_ms, "fast": number(_scripted_run(latencies_ms, bound_ms).throughput, 2),
                "slow": number(_scripted_run(latencies_ms, 8).throughput, 2)})


@define("07.4", "choice")
def what_batching_does_for_the_user():
    """07.4 (6.6.3): batching multiplies throughput; does each user get the answer sooner?"""
    right = N_("Not necessarily: in a live service each request also waits for its batch to fill, which this "
               "harness does not count.")
    return ChoiceItem(
        N_("In the table, one call for 200 images gives a far higher throughput than one call per image. A "
           "colleague concludes that a service answering users in batches of 200 would answer each user sooner. "
           "Is that right?"),
        options=(
            Option(right, N_("Throughput counts samples per second of the run. The first request of a batch waits "
                             "for the 199 after it; that wait adds to its latency (the note of 6.6.3), so a user "
                             "can wait longer even though the call itself is fast.")),
            Option(N_("Yes: a higher throughput always means a lower latency for each sample."),
                   N_("The two measure different things: throughput the samples handled per second, latency the "
                      "time one sample waits for its answer. Batching pays the fixed cost of a call once, but a "
                      "sample waits for the others of its batch.")),
            Option(N_("No: the batch throughput must be a timing error, since one call cannot be that fast."),
                   N_("Nothing is wrong with the timing: most of the time of a small call is its fixed cost, "
                      "which a batch pays once for 200 images."))),
        answer=right,
        hints=(N_("think of the first user whose request goes into a batch of 200"),))
