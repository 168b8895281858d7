"""SignificanceLab driven from Python: every panel follows thresholds, α and m; checked against numpy, scipy,
statsmodels and scikit-learn."""

import numpy as np
import pytest
import scipy.stats as sps
from sklearn.datasets import load_breast_cancer
from sklearn.dummy import DummyClassifier
from sklearn.metrics import roc_auc_score
from sklearn.naive_bayes import GaussianNB
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests

from iso4213_nb import InputError
from iso4213_nb.widgets import SignificanceLab


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 240)
    scores = {"forest": np.clip(rng.normal(0.35 + 0.3 * y, 0.2), 0, 1),
              "logistic": np.clip(rng.normal(0.4 + 0.2 * y, 0.2), 0, 1),
              "coin": rng.random(240)}
    return y, scores


@pytest.fixture(scope="module")
def lab(data):
    y, scores = data
    return SignificanceLab(y, scores, n_resamples=200)


def _table(y, a, b):
    ra, rb = a == y, b == y
    return np.array([[np.sum(ra & rb), np.sum(ra & ~rb)], [np.sum(~ra & rb), np.sum(~ra & ~rb)]])


@pytest.mark.parametrize("ta,tb", [(0.5, 0.5), (0.3, 0.6), (0.7, 0.45)])
def test_mcnemar_table_and_test_follow_the_thresholds(lab, data, ta, tb):
    y, scores = data
    lab.pair = ("forest", "logistic")
    lab.threshold_a.value = ta  # a slider move
    lab.set_threshold("logistic", tb)  # the same from Python
    assert lab.thresholds["forest"] == ta and lab.threshold_b.value == tb
    table = _table(y, (scores["forest"] >= ta).astype(int), (scores["logistic"] >= tb).astype(int))
    np.testing.assert_array_equal(lab.table, table)
    b, c = table[0, 1], table[1, 0]
    expected = sm_mcnemar(table, exact=b + c < 25, correction=True)
    assert lab.mcnemar.pvalue == pytest.approx(expected.pvalue)
    html = lab.mcnemar_html.value
    assert f"<td data-cell='b'>{b}</td>" in html and f"<td data-cell='c'>{c}</td>" in html
    decision = "reject H0" if expected.pvalue <= lab.alpha else "keep H0"
    assert f"<b>{decision}</b>" in html


def _delong_z(y, a, b):
    """DeLong's z by the O(n²) definition: placement values from pairwise comparisons."""
    pos, neg = y == 1, y == 0

    def placements(s):
        psi = (s[pos][:, None] > s[neg][None, :]) + 0.5 * (s[pos][:, None] == s[neg][None, :])
        return psi.mean(), psi.mean(axis=1), psi.mean(axis=0)

    auc_a, v10a, v01a = placements(a)
    auc_b, v10b, v01b = placements(b)
    var = np.var(v10a - v10b, ddof=1) / pos.sum() + np.var(v01a - v01b, ddof=1) / neg.sum()
    return (auc_a - auc_b) / np.sqrt(var)


def test_delong_and_auroc_intervals_for_the_pair(lab, data):
    y, scores = data
    lab.pair = ("logistic", "coin")
    assert lab.model_a.value == "logistic" and lab.model_b.value == "coin"
    z = _delong_z(y, scores["logistic"], scores["coin"])
    assert lab.delong.statistic == pytest.approx(z)
    assert lab.delong.pvalue == pytest.approx(2 * sps.norm.sf(abs(z)))
    for name in ("logistic", "coin"):
        delong, boot = lab.auroc_intervals[name]
        assert delong.estimate == pytest.approx(roc_auc_score(y, scores[name]))
        assert delong.low < delong.estimate < delong.high and boot.low < boot.estimate < boot.high
        assert delong.confidence_level == pytest.approx(1 - lab.alpha)
    assert f"{roc_auc_score(y, scores['logistic']):.4f}" in lab.delong_html.value


def test_bootstrap_interval_of_the_accuracy_difference_widens_as_alpha_falls(lab, data):
    y, scores = data
    lab.pair = ("forest", "logistic")
    lab.set_threshold("forest", 0.5)
    lab.set_threshold("logistic", 0.5)
    expected = np.mean((scores["forest"] >= 0.5) == y) - np.mean((scores["logistic"] >= 0.5) == y)
    widths = {}
    for alpha in (0.2, 0.01):
        lab.alpha_slider.value = alpha
        ci = lab.accuracy_difference
        assert lab.alpha == alpha and ci.confidence_level == pytest.approx(1 - alpha)
        assert ci.estimate == pytest.approx(expected) and ci.low <= expected <= ci.high
        widths[alpha] = ci.high - ci.low
    assert widths[0.01] > widths[0.2]
    lab.alpha = 0.05


def test_multiple_comparisons_side_by_side(lab, data):
    y, scores = data
    assert len(lab.family) == 6 and lab.m_slider.min == 6  # three pairs, McNemar and DeLong each
    lab.m_slider.value = 15
    assert lab.m == 15
    pvalues = np.array([p for _, p in lab.family])
    padded = np.concatenate([pvalues, np.ones(9)])
    assert list(lab.adjusted["bonferroni"].rejected[:6]) == list(pvalues * 15 <= 0.05)
    for ours, theirs in (("holm", "holm"), ("bh", "fdr_bh")):
        rejected, adjusted, _, _ = multipletests(padded, alpha=0.05, method=theirs)
        np.testing.assert_allclose(lab.adjusted[ours].adjusted, adjusted)
        np.testing.assert_array_equal(lab.adjusted[ours].rejected, rejected)
    assert lab.fwer == pytest.approx(1 - 0.95 ** 15)
    assert f"<b data-value='fwer'>{1 - 0.95 ** 15:.4f}</b>" in lab.multiplicity_html.value
    lab.m = 6
    assert lab.fwer == pytest.approx(1 - 0.95 ** 6)


def test_stricter_family_never_rejects_more(lab):
    lab.m = 6
    small = {k: v.rejected[:6].sum() for k, v in lab.adjusted.items()}
    lab.m = 50
    large = {k: v.rejected[:6].sum() for k, v in lab.adjusted.items()}
    assert all(large[k] <= small[k] for k in small)
    assert large["bonferroni"] <= large["holm"] <= large["bh"]
    lab.m = 6


def test_five_by_two_panel_shows_ten_differences_and_both_statistics(data):
    y, scores = data
    cancer = load_breast_cancer()
    X, target = cancer.data[:, :4], (cancer.target == 0).astype(int)
    lab = SignificanceLab(y, scores, n_resamples=50, cv=(GaussianNB(), DummyClassifier(), X, target),
                          cv_names=("naive Bayes", "majority class"))
    d = lab.cv_differences
    assert d.shape == (5, 2) and np.all(d > 0)  # naive Bayes beats always answering "benign" on every fold
    s2 = ((d - d.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
    t = d[0, 0] / np.sqrt(s2.mean())
    f = (d ** 2).sum() / (2 * s2.sum())
    assert lab.cv_t.statistic == pytest.approx(t) and lab.cv_t.pvalue == pytest.approx(2 * sps.t.sf(abs(t), 5))
    assert lab.cv_f.statistic == pytest.approx(f) and lab.cv_f.pvalue == pytest.approx(sps.f.sf(f, 10, 5))
    html = lab.cv_html.value
    assert all(f"<td>{value:.4f}</td>" in html for value in d.ravel())
    assert "naive Bayes minus majority class" in html
    lab.alpha = 0.2
    assert lab.cv_html.value.count("reject H0") == (lab.cv_t.pvalue <= 0.2) + (lab.cv_f.pvalue <= 0.2)


def test_the_button_runs_5x2cv_on_the_breast_cancer_data(data):
    y, scores = data
    lab = SignificanceLab(y, {"forest": scores["forest"], "coin": scores["coin"]}, n_resamples=20)
    assert lab.cv_differences is None
    lab.cv_button.click()
    assert lab.cv_differences.shape == (5, 2) and lab.cv_names == ("logistic regression", "naive Bayes")
    assert np.all(np.abs(lab.cv_differences) < 0.2)  # two decent classifiers, accuracies close
    assert "5×2cv paired t-test" in lab.cv_html.value


def test_bad_widget_input_is_reported_and_state_kept(lab):
    lab.pair = ("forest", "logistic")
    lab.model_b.value = "forest"
    assert lab.pair == ("forest", "logistic") and "must differ" in lab.message.value
    assert lab.model_b.value == "logistic"  # the drop-down returns to the pair in use
    lab.model_b.value = "coin"
    assert lab.pair == ("forest", "coin") and lab.message.value == ""
    with pytest.raises(InputError, match="at least 6"):
        lab.m = 3
    with pytest.raises(InputError, match="alpha"):
        lab.alpha = 1.5
    with pytest.raises(InputError, match="finite"):
        lab.set_threshold("forest", float("nan"))
    with pytest.raises(InputError, match="unknown model"):
        lab.set_threshold("tree", 0.5)


@pytest.mark.parametrize("call,message", [
    (lambda y, s: SignificanceLab(y, {"only": s["forest"]}), "at least two"),
    (lambda y, s: SignificanceLab(y, s["forest"]), "at least two"),
    (lambda y, s: SignificanceLab(y, {"a": s["forest"], "b": s["coin"][:-1]}), "length mismatch"),
    (lambda y, s: SignificanceLab(np.zeros_like(y), s), "both classes"),
    (lambda y, s: SignificanceLab(y, s, thresholds={"tree": 0.5, "forest": 0.5, "logistic": 0.5, "coin": 0.5}),
     "unknown model"),
    (lambda y, s: SignificanceLab(y, s, alpha=0), "alpha"),
])
def test_bad_input_is_one_line(data, call, message):
    y, scores = data
    with pytest.raises(InputError, match=message) as info:
        call(y, scores)
    assert "\n" not in str(info.value)


def test_model_names_are_escaped(data):
    y, scores = data
    lab = SignificanceLab(y, {"<img src=x>": scores["forest"], "b&c": scores["coin"]}, n_resamples=20)
    everything = lab.mcnemar_html.value + lab.delong_html.value + lab.multiplicity_html.value
    assert "<img" not in everything and "&lt;img src=x&gt;" in everything and "b&amp;c" in everything


def test_sliders_read_out_in_the_active_language_and_keep_exact_values(data):
    """Issue 26.6: FloatSlider wrote its own read-out with a point ("0.050" on a Russian page); the sliders' labels
    are written by number() now, and a value set from Python stays exact while the slider shows its nearest position."""
    from iso4213_nb.words.i18n import using

    y, scores = data
    with using("ru"):
        lab = SignificanceLab(y, scores, n_resamples=20, thresholds=0.5)
    assert lab.alpha_slider.label == "0,050" and lab.threshold_a.label == "0,500" == lab.threshold_b.label
    labels = [label for label, _value in lab.alpha_slider.options[:3] + lab.threshold_a.options[:3]]
    assert labels == ["0,001", "0,002", "0,003", "0,000", "0,005", "0,010"]
    lab.set_threshold("forest", 0.3337)
    assert lab.thresholds["forest"] == 0.3337 and lab.threshold_a.value == pytest.approx(0.335)
    lab.alpha_slider.value = 0.01  # a slider move
    assert lab.alpha == 0.01 and lab.accuracy_difference.confidence_level == pytest.approx(0.99)
    with using("en"):
        assert SignificanceLab(y, scores, n_resamples=20).alpha_slider.label == "0.050"
