"""The course's table of contents: its notebooks, in teaching order, and the exercises each one holds.

Every :class:`~iso4213_nb.widgets.exercises.Exercise` in ``notebooks/`` names
its key (``"06.3"``); the key must be listed here, so that the learner's
progress summary can say what is left to do in notebooks not yet opened, and
a test checks that this list and the notebooks agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import InputError


@dataclass(frozen=True)
class Lesson:
    """One notebook of the course: its ``code`` ("06", "A"), file name, title and exercise keys with labels.

    Beyond TS 4213: the course's catalogue of notebooks over clauses 5–8 and Annexes A–D.
    """

    code: str
    file: str
    title: str
    exercises: tuple[tuple[str, str], ...]


COURSE = (
    Lesson("01", "01_process_and_controls.ipynb", "Process and controls (5.1, 5.3)", (
        ("01.1", "accuracy expected of stratified random guessing"),
        ("01.2", "which accuracy to report after leakage"),
        ("01.3", "predict: kappa of the majority baseline as the majority grows"))),
    Lesson("02", "02_binary_measures.ipynb", "Binary measures (6.2, 6.3)", (
        ("02.1", "F2 at threshold 0.4"),
        ("02.2", "what precision is at threshold 0.95"),
        ("02.3", "predict: F1 when the threshold falls to 0.3"))),
    Lesson("03", "03_threshold_explorer.ipynb", "The threshold explorer", (
        ("03.1", "what equal recall of two models says"),
        ("03.2", "predict: precision of naive Bayes when the threshold rises"))),
    Lesson("04", "04_multiclass_measures.ipynb", "Multi-class measures (6.4)", (
        ("04.3", "predict: macro precision as cultivar 3 becomes rare"),
        ("04.4", "what the gap between macro and weighted F1 says"),
        ("04.1", "macro recall when one class is never predicted"),
        ("04.2", "micro precision of the same matrix"))),
    Lesson("05", "05_multilabel_measures.ipynb", "Multi-label measures (6.5)", (
        ("05.3", "what a small Hamming loss beside the exact match ratio says"),
        ("05.4", "predict: the KL divergence when predictions land on the wrong samples"),
        ("05.1", "data-set level Jaccard index"),
        ("05.2", "sample-level Jaccard index"))),
    Lesson("06", "06_distribution_measures.ipynb", "Distribution measures (KL divergence)", (
        ("06.4", "predict: D(P‖T) when the test set is copied"),
        ("06.5", "what a divergence near 0 says"),
        ("06.1", "D(T‖P) of three classes"),
        ("06.2", "D(P‖T) of the same counts"),
        ("06.3", "D(T‖P) when a class is never predicted"))),
    Lesson("07", "07_computational_measures.ipynb", "Computational measures (6.6)", (
        ("07.3", "predict: the mean latency when the latency bound is tightened"),
        ("07.4", "what batching does for the user waiting for an answer"),
        ("07.1", "energy per correct inference from a coarser trace"),
        ("07.2", "throughput under a tighter latency bound"))),
    Lesson("08P", "08_basics_of_testing.ipynb", "The basics of testing (before clause 7)", (
        ("08P.1", "the null hypothesis of a comparison"),
        ("08P.2", "what a p-value says"),
        ("08P.3", "a decision at a stricter α"),
        ("08P.4", "predict: an interval's width at a lower level"),
        ("08P.5", "predict: power of the test set at hand"),
        ("08P.6", "effect size against p-value"))),
    Lesson("08", "08_significance.ipynb", "Statistical significance (clause 7): the core", (
        ("08.1", "informative pairs of McNemar's test"),
        ("08.2", "rejections of the Benjamini–Hochberg procedure"),
        ("08.3", "predict: a Wilson interval's half-width at four times the samples"),
        ("08.4", "the test for two models on one test set"),
        ("08.5", "many pairwise tests at once"))),
    Lesson("08F", "08_significance_further.ipynb", "Statistical significance (clause 7): further tests", (
        ("08F.1", "the test for k-fold cross-validation"),
        ("08F.2", "the test for two independent test sets"),
        ("08F.3", "predict: the ROPE probability as the ROPE widens"))),
    Lesson("09", "09_reporting.ipynb", "Reporting (clause 8)", (
        ("09.3", "predict: recall when the threshold rises to Youden's point"),
        ("09.4", "which operating point a report should recommend"),
        ("09.1", "precision at a representative operating point"),
        ("09.2", "p-values adjusted together for four models"))),
    Lesson("10", "10_choosing_a_measure.ipynb", "Choosing a measure", (
        ("10.1", "precision when negatives are ten times as many"),
        ("10.2", "the measure that survives a change of class balance"),
        ("10.3", "predict: precision as the negatives grow"))),
    Lesson("11", "11_glossary.ipynb", "Glossary", (
        ("11.1", "the value behind a false friend"),
        ("11.2", "predict: the false friend when correct negatives are added"),
        ("11.3", "what Sokolova & Lapalme's AUC of a labelling classifier is"))),
    Lesson("12", "12_subgroups_and_calibration.ipynb", "Subgroups (5.3.2) and calibration", (
        ("12.2", "predict: the largest recall gap when the threshold falls"),
        ("12.1", "what a recall gap between two groups shows, next to its test"))),
    Lesson("13", "13_capstone.ipynb", "Capstone: a report on a supplied model", (
        ("13.1", "which model, from the report's operating points"),
        ("13.2", "which threshold goes into the deployment"),
        ("13.4", "predict: the cost under a stricter limit on false alarms"),
        ("13.3", "the clause-8 item the report marks missing, and why it matters"))),
    Lesson("A", "annex_a.ipynb", "Annex A: multi-class results", (
        ("A.3", "why the weighted specificity lies below the macro one"),
        ("A.1", "balanced accuracy of class C, in percent"),
        ("A.2", "predict: the specificity of B when its own errors are corrected"))),
    Lesson("B", "annex_b.ipynb", "Annex B: a ROC curve from scores", (
        ("B.3", "what the area of the five-point curve says"),
        ("B.2", "predict: the AUROC when the threshold moves"),
        ("B.1", "precision at threshold 0,7"))),
    Lesson("C", "annex_c.ipynb", "Annex C: the benchmark table", (
        ("C.1", "half-width of an accuracy interval"),
        ("C.2", "clause-8 items the table fills"),
        ("C.3", "predict: the interval's half-width at a higher accuracy"))),
    Lesson("D", "annex_d.ipynb", "Annex D: CSMF accuracy", (
        ("D.3", "predict: CSMF accuracy when deaths swap their predicted causes"),
        ("D.4", "what a reported CSMF accuracy of 0.70 says"),
        ("D.1", "CSMF accuracy of a uniform prediction"),
        ("D.2", "the same, corrected for chance"))),
)

EXERCISES = {key: (lesson, label) for lesson in COURSE for key, label in lesson.exercises}


def exercise(key: str) -> tuple[Lesson, str]:
    """The lesson and label of exercise ``key``; an :class:`InputError` for a key the course does not list.

    Beyond TS 4213: the course's catalogue of notebooks over clauses 5–8 and Annexes A–D.
    """
    try:
        return EXERCISES[key]
    except KeyError:
        raise InputError("course.unknown_exercise", key=repr(key)) from None
