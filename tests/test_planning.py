"""Test-set planning: each formula against a simulation of what it promises."""

import json

import numpy as np
import pytest
from scipy import stats as sps

from iso4213_nb.cli import main
from iso4213_nb.measures.curves import BinaryScores
from iso4213_nb.core.errors import InputError
from iso4213_nb.stats.planning import (auroc_half_width, auroc_sample_size, hanley_mcneil_se, mcnemar_detectable_difference,
                                 mcnemar_power, mcnemar_sample_size, proportion_half_width, proportion_sample_size)
from iso4213_nb.stats import proportion_ci


@pytest.mark.parametrize("p, h", [(0.9, 0.02), (0.5, 0.05), (0.97, 0.01)])
def test_proportion_plan_is_the_smallest_n_and_simulated_widths_agree(p, h):
    plan = proportion_sample_size(p, h)
    assert plan.half_width <= h < proportion_half_width(p, plan.n - 1)
    # at exactly p the planned half-width is the Wilson interval's (package's own interval, independent formula)
    ci = proportion_ci(round(p * plan.n), plan.n)
    if round(p * plan.n) == p * plan.n:
        assert (ci.high - ci.low) / 2 == pytest.approx(plan.half_width, rel=1e-9)
    # simulated test sets of that size: typical half-width near the target, coverage near 95 %
    rng = np.random.default_rng(0)
    x = rng.binomial(plan.n, p, 4000)
    z = sps.norm.ppf(0.975)
    phat = x / plan.n
    centre = (phat + z * z / (2 * plan.n)) / (1 + z * z / plan.n)
    half = z * np.sqrt(phat * (1 - phat) / plan.n + z * z / (4 * plan.n ** 2)) / (1 + z * z / plan.n)
    assert np.median(half) == pytest.approx(h, rel=0.05)
    assert np.mean(np.abs(centre - p) <= half) == pytest.approx(0.95, abs=0.015)


def _simulated_auroc_spread(draw, positives, negatives, repeats=1500):
    rng = np.random.default_rng(1)
    truth = np.r_[np.ones(positives), np.zeros(negatives)]
    return np.std([BinaryScores(truth, np.r_[draw(rng, True, positives), draw(rng, False, negatives)]).auroc()
                   for _ in range(repeats)])


@pytest.mark.parametrize("auroc", [0.7, 0.85, 0.95])
def test_hanley_mcneil_se_is_exact_for_exponential_scores_and_conservative_for_binormal(auroc):
    positives, negatives = 120, 280
    se = hanley_mcneil_se(auroc, positives, negatives)
    rate = (1 - auroc) / auroc  # positives ~ Exp(rate), negatives ~ Exp(1): P(positive above negative) = auroc
    exponential = _simulated_auroc_spread(
        lambda rng, pos, k: rng.exponential(1 / rate if pos else 1.0, k), positives, negatives)
    assert exponential == pytest.approx(se, rel=0.06)
    shift = np.sqrt(2) * sps.norm.ppf(auroc)  # binormal scores with this AUROC
    binormal = _simulated_auroc_spread(lambda rng, pos, k: rng.normal(shift if pos else 0.0, 1, k),
                                       positives, negatives)
    assert binormal <= se * 1.03 and binormal >= se * 0.6


def test_auroc_plan_reaches_its_half_width_with_the_stated_split():
    plan = auroc_sample_size(0.85, 0.3, 0.03)
    assert plan.positives + plan.negatives == plan.n and plan.positives == round(0.3 * plan.n)
    assert plan.half_width <= 0.03 < auroc_half_width(0.85, *(lambda m: (m, plan.n - 1 - m))(round(0.3 * (plan.n - 1))))


@pytest.mark.parametrize("p10, p01, power", [(0.10, 0.05, 0.8), (0.08, 0.03, 0.9)])
def test_mcnemar_plan_reaches_its_power_in_simulation(p10, p01, power):
    plan = mcnemar_sample_size(p10, p01, power)
    assert plan.power >= power > mcnemar_power(p10, p01, plan.n - 1)
    rng = np.random.default_rng(2)
    tables = rng.multinomial(plan.n, [p10, p01, 1 - p10 - p01], size=6000)
    b, c = tables[:, 0], tables[:, 1]
    statistic = (b - c) ** 2 / np.maximum(b + c, 1)
    simulated = np.mean(statistic > sps.chi2.ppf(0.95, 1))
    assert simulated == pytest.approx(power, abs=0.03)


def test_mcnemar_detectable_difference_inverts_the_power():
    delta = mcnemar_detectable_difference(0.15, 1000, power=0.8)
    assert mcnemar_power(0.075 + delta / 2, 0.075 - delta / 2, 1000) == pytest.approx(0.8, abs=1e-9)


@pytest.mark.parametrize("call, message", [
    (lambda: proportion_sample_size(1.2, 0.02), "proportion must lie strictly between 0 and 1"),
    (lambda: proportion_sample_size(0.9, 0), "half_width must lie strictly between 0 and 1"),
    (lambda: mcnemar_sample_size(0.05, 0.05), "do not differ"),
    (lambda: mcnemar_sample_size(0.6, 0.5), "below 1"),
    (lambda: auroc_half_width(0.8, 0, 10), "positives must be a whole number of at least 1"),
    (lambda: mcnemar_detectable_difference(0.01, 10), "cannot reach power"),
])
def test_impossible_plans_are_one_line_errors(call, message):
    with pytest.raises(InputError, match=message):
        call()


def test_plan_command_answers_both_ways(capsys):
    assert main(["plan", "proportion", "--proportion", "0.9", "--half-width", "0.02", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["n"] == proportion_sample_size(0.9, 0.02).n
    assert main(["plan", "proportion", "--proportion", "0.9", "--n", "868"]) == 0
    assert "±0.0200" in capsys.readouterr().out
    assert main(["plan", "auroc", "--auroc", "0.85", "--prevalence", "0.3", "--half-width", "0.03"]) == 0
    assert f"{auroc_sample_size(0.85, 0.3, 0.03).n:,}" in capsys.readouterr().out
    assert main(["plan", "mcnemar", "--p10", "0.1", "--p01", "0.05", "--power", "0.8", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["n"] == 469
    assert main(["plan", "mcnemar", "--discordance", "0.15", "--n", "1000"]) == 0
    assert "0.0343" in capsys.readouterr().out


def test_plan_command_refuses_mixed_questions(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["plan", "proportion", "--proportion", "0.9", "--half-width", "0.02", "--n", "5"])
    assert stop.value.code == 2 and capsys.readouterr().err.count("\n") == 1
    assert main(["plan", "mcnemar", "--discordance", "0.2", "--p10", "0.1", "--n", "50"]) == 2
    assert "goes with --n alone" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["proportion", "--proportion", "0.9", "--n", "868"],
                                  ["proportion", "--proportion", "0.9", "--half-width", "0.02"],
                                  ["auroc", "--auroc", "0.85", "--prevalence", "0.3", "--half-width", "0.03"],
                                  ["auroc", "--auroc", "0.85", "--prevalence", "0.3", "--n", "5000"],
                                  ["mcnemar", "--p10", "0.1", "--p01", "0.05"],
                                  ["mcnemar", "--p10", "0.1", "--p01", "0.05", "--n", "300"],
                                  ["mcnemar", "--discordance", "0.15", "--n", "1000"]])
def test_plan_answers_in_russian_with_the_same_numbers(capsys, argv):
    """Every answer of ``plan`` is a sentence of the catalogue (issue 15): Russian words, decimal comma, same numbers."""
    import re

    from visible_words import english_words

    assert main(["--lang", "en", "plan", *argv]) == 0
    english = capsys.readouterr().out
    assert main(["--lang", "ru", "plan", *argv]) == 0
    russian = capsys.readouterr().out
    assert not english_words(russian, allowed={"Hanley", "McNeil"}), russian
    as_english = [n.replace("\u00a0", "").replace(",", ".") for n in re.findall(r"\d[\d\u00a0]*(?:,\d+)?", russian)]
    assert as_english == [n.replace(",", "") for n in re.findall(r"\d[\d,]*(?:\.\d+)?", english)], (english, russian)
