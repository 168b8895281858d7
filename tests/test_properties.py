"""Property tests (hypothesis): bounds, relabelling symmetry, and the Sokolova–Lapalme (2009) invariances that hold."""

import math

import numpy as np
from hypothesis import given, settings, strategies as st

from iso4213_nb import BinaryCounts, ConfusionMatrix, Undefined
from iso4213_nb.measures import counts as m
from iso4213_nb.measures.curves import BinaryScores

counts = st.builds(BinaryCounts, tp=st.integers(0, 500), fp=st.integers(0, 500),
                   tn=st.integers(0, 500), fn=st.integers(0, 500)).filter(lambda c: c.n > 0)
positive_int = st.integers(1, 50)

FRACTIONS = ("binary_accuracy", "precision", "recall", "specificity", "f1", "negative_predictive_value",
             "false_positive_rate", "miss_rate", "false_discovery_rate", "false_omission_rate", "prevalence",
             "balanced_accuracy")


def value(fn, c):
    v = fn(c)
    return None if isinstance(v, Undefined) else v


def equal(a, b):
    return (a is None and b is None) or (a is not None and b is not None and math.isclose(a, b, abs_tol=1e-12))


@given(counts)
def test_fractions_lie_in_unit_interval_and_mcc_in_minus_one_one(c):
    for name in FRACTIONS:
        v = value(m.PER_CLASS[name], c)
        assert v is None or 0 <= v <= 1, name
    mcc = value(m.matthews_correlation, c)
    assert mcc is None or -1 - 1e-12 <= mcc <= 1 + 1e-12


@given(counts)
def test_complements(c):
    for a, b in (("precision", "false_discovery_rate"), ("recall", "miss_rate"),
                 ("specificity", "false_positive_rate"), ("negative_predictive_value", "false_omission_rate")):
        x, y = value(m.PER_CLASS[a], c), value(m.PER_CLASS[b], c)
        assert (x is None) == (y is None) and (x is None or math.isclose(x + y, 1))


@given(counts)
def test_i1_exchange_of_positives_and_negatives(c):
    swapped = BinaryCounts(tp=c.tn, fp=c.fn, tn=c.tp, fn=c.fp)
    for name in ("binary_accuracy", "balanced_accuracy", "matthews_correlation"):
        assert equal(value(m.PER_CLASS[name], c), value(m.PER_CLASS[name], swapped)), name
    assert equal(value(m.precision, c), value(m.negative_predictive_value, swapped))
    assert equal(value(m.recall, c), value(m.specificity, swapped))


@given(counts, st.integers(0, 500))
def test_i2_change_of_tn_leaves_precision_recall_f1(c, tn):
    changed = BinaryCounts(tp=c.tp, fp=c.fp, tn=tn, fn=c.fn)
    for fn in (m.precision, m.recall, m.f1, m.false_discovery_rate, m.miss_rate):
        assert equal(value(fn, c), value(fn, changed))


@given(counts, st.integers(0, 500))
def test_i3_change_of_tp_leaves_specificity_and_npv(c, tp):
    changed = BinaryCounts(tp=tp, fp=c.fp, tn=c.tn, fn=c.fn)
    for fn in (m.specificity, m.false_positive_rate, m.negative_predictive_value):
        assert equal(value(fn, c), value(fn, changed))


@given(counts, st.integers(0, 500))
def test_i4_change_of_fn_leaves_precision_and_specificity(c, fn_):
    changed = BinaryCounts(tp=c.tp, fp=c.fp, tn=c.tn, fn=fn_)
    for fn in (m.precision, m.specificity, m.false_positive_rate):
        assert equal(value(fn, c), value(fn, changed))


@given(counts, st.integers(0, 500))
def test_i5_change_of_fp_leaves_recall_and_npv(c, fp):
    changed = BinaryCounts(tp=c.tp, fp=fp, tn=c.tn, fn=c.fn)
    for fn in (m.recall, m.miss_rate, m.negative_predictive_value):
        assert equal(value(fn, c), value(fn, changed))


@given(counts, positive_int)
def test_i6_uniform_scaling_leaves_every_ratio(c, k):
    scaled = BinaryCounts(tp=k * c.tp, fp=k * c.fp, tn=k * c.tn, fn=k * c.fn)
    for name, fn in m.PER_CLASS.items():
        a, b = value(fn, c), value(fn, scaled)
        assert (a is None) == (b is None) and (a is None or math.isclose(a, b, rel_tol=1e-9)), name


@given(counts, positive_int, positive_int)
def test_i7_column_scaling_leaves_precision(c, k1, k2):
    # predicted-positive column (tp, fp) times k1, predicted-negative column (fn, tn) times k2
    changed = BinaryCounts(tp=k1 * c.tp, fp=k1 * c.fp, tn=k2 * c.tn, fn=k2 * c.fn)
    assert equal(value(m.precision, c), value(m.precision, changed))


@given(counts, positive_int, positive_int)
def test_i8_row_scaling_leaves_recall_specificity_balanced_accuracy(c, k1, k2):
    # actual positives (tp, fn) times k1, actual negatives (fp, tn) times k2
    changed = BinaryCounts(tp=k1 * c.tp, fp=k2 * c.fp, tn=k2 * c.tn, fn=k1 * c.fn)
    for fn in (m.recall, m.specificity, m.balanced_accuracy, m.positive_likelihood_ratio):
        a, b = value(fn, c), value(fn, changed)
        assert (a is None) == (b is None) and (a is None or math.isclose(a, b, rel_tol=1e-9))


labels_pairs = st.integers(2, 5).flatmap(lambda k: st.tuples(
    st.just(k),
    st.lists(st.tuples(st.integers(0, k - 1), st.integers(0, k - 1)), min_size=2, max_size=80),
    st.permutations(range(k))))


@settings(max_examples=60)
@given(labels_pairs)
def test_relabelling_classes_permutes_per_class_values_and_keeps_overall(case):
    k, pairs, perm = case
    y = np.array([a for a, _ in pairs])
    p = np.array([b for _, b in pairs])
    if len(set(y) | set(p)) < 2:
        return
    names = np.array([f"c{i}" for i in range(k)])
    renamed = np.array([f"c{i}" for i in perm])
    cm = ConfusionMatrix.from_predictions(names[y], names[p], labels=list(names))
    cm2 = ConfusionMatrix.from_predictions(renamed[y], renamed[p], labels=list(names))
    for name in ("precision", "recall", "f1", "specificity", "binary_accuracy"):
        v1, v2 = cm.per_class(name), cm2.per_class(name)
        for i in range(k):
            a, b = v1[names[i]], v2[renamed[i]]
            assert (isinstance(a, Undefined) and isinstance(b, Undefined)) or math.isclose(a, b)
        for method in ("macro", "weighted", "micro"):
            a, b = cm.average(name, method), cm2.average(name, method)
            assert isinstance(a, Undefined) == isinstance(b, Undefined)
            assert isinstance(a, Undefined) or math.isclose(a, b, abs_tol=1e-12)
    for fn in ("accuracy", "cohen_kappa", "matthews_correlation", "balanced_accuracy"):
        a, b = getattr(cm, fn)(), getattr(cm2, fn)()
        assert isinstance(a, Undefined) == isinstance(b, Undefined)
        assert isinstance(a, Undefined) or math.isclose(a, b, abs_tol=1e-12)


@settings(max_examples=60)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 6)), min_size=2, max_size=60), st.randoms())
def test_curves_ignore_sample_order_and_areas_are_bounded(rows, rnd):
    y = np.array([a for a, _ in rows])
    s = np.array([b for _, b in rows]) / 6
    order = list(range(len(rows)))
    rnd.shuffle(order)
    b1, b2 = BinaryScores(y, s), BinaryScores(y[order], s[order])
    assert np.array_equal(b1.tps, b2.tps) and np.array_equal(b1.fps, b2.fps)
    for name in ("auroc", "average_precision", "auprc_trapezoid", "gain_area"):
        v = getattr(b1, name)()
        assert isinstance(v, Undefined) or 0 <= v <= 1 + 1e-12
    if 0 < y.sum() < len(y):
        flipped = BinaryScores(~y, -s)  # swapping classes and reversing scores keeps AUROC
        assert math.isclose(flipped.auroc(), b1.auroc(), abs_tol=1e-12)
