"""A confidence level that is not a whole percentage (7.8): every place that prints it says 97.5, not 98.

The report's tables, the readings and ``plan`` each rounded the level on their own; they now share
:func:`iso4213_nb.words.i18n.level_percent`."""

import pytest

from iso4213_nb.cli import main
from iso4213_nb.report import render, render_summary
from iso4213_nb.stats import proportion_ci
from iso4213_nb.words import readings
from iso4213_nb.words.i18n import using


def _report(level: float) -> dict:
    """The least of a ``report.json`` that the measures table and the headline table read."""
    assessment = {"accuracy": 0.8, "cohen_kappa": 0.6, "labels": [0, 1], "per_class": {}, "averages": {}}
    headline = [{"measure": "accuracy", "estimate": 0.8, "low": 0.7, "high": 0.9}]
    return {"confidence_level": level, "input": {"positive": None},
            "models": {"m": {"assessment": assessment, "intervals": {}}},
            "summary": {"confidence_level": level, "task": "binary", "models": {"m": {"headline": headline}}}}


@pytest.mark.parametrize(("level", "en", "ru"), [(0.975, "97.5", "97,5"), (0.95, "95", "95"), (0.999, "99.9", "99,9")])
def test_every_place_prints_the_level_as_given(capsys, level, en, ru):
    report = _report(level)
    assert f"<th>{en} % interval</th>" in render.measures(report, "m")
    assert f"value [{en} % interval]" in render_summary.headline_table(report)
    assert f"; {en}% interval " in readings.reading(proportion_ci(40, 50, confidence_level=level))
    with using("ru"):
        assert f"интервал {ru}%" in readings.reading(proportion_ci(40, 50, confidence_level=level))
    capsys.readouterr()
    assert main(["plan", "proportion", "--proportion", "0.9", "--n", "868", "--confidence-level", str(level)]) == 0
    assert f" {en}% " in capsys.readouterr().out
    assert main(["--lang", "ru", "plan", "proportion", "--proportion", "0.9", "--n", "868", "--confidence-level",
                 str(level)]) == 0
    assert f" {ru}\u00a0% " in capsys.readouterr().out


@pytest.mark.parametrize(("level", "en"), [(0.975, "97.5"), (0.95, "95")])
def test_compare_and_metrics_print_the_level_as_given(tmp_path, capsys, level, en):
    path = tmp_path / "p.csv"
    path.write_text("y_true,a,b\n" + "".join(f"{i % 2},{i % 2 if i % 5 else 1 - i % 2},{i % 3 % 2}\n"
                                             for i in range(40)))
    capsys.readouterr()
    assert main(["compare", "--predictions", str(path), "--y-true", "y_true", "--a", "a", "--b", "b",
                 "--confidence-level", str(level)]) == 0
    assert f"{en}% interval of " in capsys.readouterr().out
    assert main(["metrics", "--predictions", str(path), "--y-true", "y_true", "--y-pred", "a",
                 "--confidence-level", str(level)]) == 0
    assert f"confidence intervals ({en} %;" in capsys.readouterr().out


@pytest.mark.parametrize(("level", "en", "ru"), [(0.975, "97.5", "97,5"), (0.95, "95", "95")])
def test_the_calibration_and_subgroup_tables_print_the_level_as_given(level, en, ru):
    import numpy as np

    from iso4213_nb.figures.calibration import calibration_table_html
    from iso4213_nb.figures.subgroups import group_rates_html
    from iso4213_nb.measures.calibration import calibration

    rng = np.random.default_rng(0)
    p = rng.random(200)
    result = calibration((rng.random(200) < p).astype(int), p, positive=1, n_bootstrap=200, confidence_level=level)
    assert f"{en} % bootstrap interval" in calibration_table_html(result)
    assert f"[{en} % Wilson]" in group_rates_html("group", {}, {}, level)
    with using("ru"):
        assert f"{ru} %" in group_rates_html("группа", {}, {}, level)
