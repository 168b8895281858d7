"""The critical-difference diagram and the posterior plots show what the results hold."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import re  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from iso4213_nb.stats.bayesian import correlated_ttest, signed_rank  # noqa: E402
from iso4213_nb.figures.ranking import draw_critical_difference, draw_posterior  # noqa: E402
from iso4213_nb.stats.ranking import rank_models  # noqa: E402
from iso4213_nb.words.i18n import using  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from visible_words import english_words  # noqa: E402


def _texts(ax):
    return [t.get_text() for t in ax.texts]


def test_diagram_names_every_model_with_its_mean_rank_and_draws_one_bar_per_group():
    rng = np.random.default_rng(0)
    table = rng.normal(0.8, 0.05, (15, 5)) + np.linspace(0.08, 0, 5)
    ranking = rank_models(table, names=["<lr>", "rf", "nb", "svm", "knn"])
    fig, ax = plt.subplots()
    draw_critical_difference(ax, ranking)
    texts = _texts(ax)
    for name, rank in zip(ranking.names, ranking.mean_ranks):
        assert f"{name} ({rank:.2f})" in texts
    assert any(t.startswith(f"CD = {ranking.critical_difference:.2f}") for t in texts)
    bars = [c for c in ax.collections if max(c.get_linewidths()) == 4]
    assert len(bars) == len(ranking.groups) and len(ranking.groups) >= 1
    plt.close(fig)


def test_posterior_plots_state_the_three_probabilities():
    rng = np.random.default_rng(1)
    a = rng.normal(0.85, 0.02, 20)
    b = a - rng.normal(0.01, 0.02, 20)
    for result in (correlated_ttest(a, b, 0.01, runs=2), signed_rank(a, b, 0.01, n_samples=500)):
        fig, ax = plt.subplots()
        draw_posterior(ax, result, ("lr", "rf"))
        title = " ".join(ax.get_title().split())  # wrapped to fit the figure
        assert f"P(lr better) = {result.a_better:.3f}" in title and f"P(equivalent) = {result.equivalent:.3f}" in title
        plt.close(fig)


def _posteriors():
    rng = np.random.default_rng(1)
    a = rng.normal(0.85, 0.02, 20)
    b = a - rng.normal(0.01, 0.02, 20)
    return correlated_ttest(a, b, 0.01, runs=2), signed_rank(a, b, 0.01, n_samples=500)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_posterior_speaks_the_language_and_its_title_fits_the_widgets_448_px(lang):
    """Issue 26.6: the title and the x-label were English f-strings, and the one-line title was cut at both sides of
    the posterior widget's 448-px figure (5.6 in at 80 dpi)."""
    for result in _posteriors():
        with using(lang):
            figure = Figure(figsize=(5.6, 3.0), dpi=80, layout="constrained")
            ax = draw_posterior(figure.subplots(), result, ("логистическая регрессия", "лес") if lang == "ru" else
                                ("logistic regression", "rf"))
            figure.canvas.draw()
            title = ax.title.get_window_extent()
            assert title.x0 >= 0 and title.x1 <= 448, (lang, result.method, title.x0, title.x1)
            texts = [t.get_text() for t in figure.findobj(lambda a: hasattr(a, "get_text")) if t.get_text().strip()]
        shown = " ".join(texts)
        if lang == "ru":
            assert not english_words(texts, set()), english_words(texts, set())
            assert f"P(лес лучше) = {result.b_better:.3f}".replace(".", ",") in " ".join(ax.get_title().split())
            assert not re.search(r"\d\.\d", shown), shown
        else:
            assert "P(rf better)" in " ".join(ax.get_title().split())
