"""What a user sees of a widget or a printed table, and the English words left in it (issue 15: the Russian edition).

Shared by the widget and the command-line tests of the Russian edition: :func:`visible_strings`
walks an ipywidgets tree as a reader sees it (descriptions, button texts, tooltips, placeholders,
the text of HTML and Label widgets, drop-down options, accordion and tab titles; a file path shown in
``<code>`` is the user's, not words);
:func:`english_words` lists the Latin-script words in a text that are neither a symbol nor a
proper name of :data:`ALLOWED`.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

#: Latin-script tokens a Russian page may show: symbols of the standard, proper names of methods and
#: people, abbreviations and terms the Russian adoption keeps in Latin letters (lift-кривая and gain-кривая,
#: 3.2.13, 3.2.14 of ПНСТ 835-2023), option names (--json) and units.
ALLOWED = frozenset("""
TP FP FN TN TPR FPR TNR FNR PPV NPV AUROC AUPRC ROC PR AUC CSMF CSMFA ROPE BCa SE df ad bc DeLong McNemar Wilcoxon
Holm Bonferroni Benjamini Hochberg Yekutieli Youden Cohen Cohen's Cramér Cramér's Kendall Kendall's Fisher Fisher's
Dietterich Dietterich's Enter T_P T_N F_P F_N F_1 mid cv GPU lift gain json Alpaydin Alpaydin's Friedman Nemenyi Kruskal Wallis Levene Levene's Shapiro Wilk Student
Student's Clopper Pearson Wilson Wald Cochran Cochran's Matthews Sokolova Lapalme Brier ANOVA MCC LR Fβ Fscore_G
Accuracy_G Precision_G Recall_G Specificity scikit learn sklearn ISO IEC TS ISO4213_NB_HOME yaml YAML iso nb H0 H1
F0 F1 F2 KL TR I1 I2 I3 I4 I5 I6 I7 I8 k1 k2 tp fp tn fn p10 p01 top z t F W Q H d_z e min max log inf nan ms px J Wh
""".split())

#: Names of file formats and units an error names as they are written (CSV, Parquet, .xlsx, UTF-8, KiB).
ALLOWED |= frozenset("CSV TSV Parquet Excel xlsx xls UTF KiB MiB NUL NaN SHA JSON iso4213".split())
#: Software a message names, and the words of a command a user types as it is (pip install 'iso4213-nb[dask]').
ALLOWED |= frozenset("Dask dask pip install Arrow pyarrow".split())
#: The browsers that print the PDF, by their product names.
ALLOWED |= frozenset("Chromium Google Chrome Microsoft Edge".split())
#: Commands of the toolkit a message tells the user to run, as they are typed (iso4213-nb compare --a MODEL).
ALLOWED |= frozenset("metrics compare state report".split())
#: Placeholders of an option's values as --help writes them (--bins-range LOW HIGH).
ALLOWED |= frozenset("LOW HIGH".split())

_TAG = re.compile(r"<(style|script|code)\b.*?</\1>|<[^>]+>", re.S)
#: A word, or a column name a user types with its placeholders (``<model>_score_<class>`` and ``{y_true}_<label>``
#: are one name each).
_WORD = re.compile(r"_?(?:<[a-z]+>|[A-Za-z])(?:[A-Za-z0-9_]|<[a-z]+>)*(?:\.[A-Za-z0-9_]+)*(?:'[a-z]+)?")


def visible_strings(widget) -> list[str]:
    """Every string of ``widget`` and its children that a reader sees, markup removed."""
    found: list[str] = []
    seen: set[int] = set()

    def text(value) -> None:
        if isinstance(value, str) and value.strip():
            found.append(html.unescape(_TAG.sub(" ", value)))

    def walk(w) -> None:
        if id(w) in seen:
            return
        seen.add(id(w))
        for attribute in ("description", "tooltip", "placeholder"):
            text(getattr(w, attribute, None))
        if isinstance(w, (widgets.HTML, widgets.Label, widgets.HTMLMath)):
            text(w.value)
        if isinstance(w, (widgets.Dropdown, widgets.ToggleButtons, widgets.RadioButtons, widgets.Select)):
            for label in getattr(w, "_options_labels", ()):
                text(label)
        if isinstance(w, (widgets.Accordion, widgets.Tab)):
            for title in w.titles:
                text(title)
        for child in getattr(w, "children", ()):
            walk(child)

    walk(widget)
    return found


def english_words(texts, allowed=frozenset()) -> list[str]:
    """The Latin-script words of ``texts`` that are not in :data:`ALLOWED` or ``allowed`` (in order, once each).

    Single letters are symbols (n, p, D(T‖P)), and names with an underscore or a dot are keys a user
    types into a file (``training_data.source``): neither is an English word.
    """
    words = []
    for text in [texts] if isinstance(texts, str) else texts:
        for word in _WORD.findall(text):
            if len(word) > 1 and "_" not in word and "." not in word and word not in ALLOWED and word not in allowed and word not in words:
                words.append(word)
    return words
