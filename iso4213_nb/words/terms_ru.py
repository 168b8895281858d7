"""The one Russian word for each thing the project names: where ПНСТ 835-2023 names it, its word; else one chosen.

The Russian catalogue, the Russian notebooks and the Russian instructor pack
must write every concept below the same way.  Each :class:`RussianTerm` holds
the word the project uses, where that word comes from (a clause of ПНСТ
835-2023, the Russian adoption of TS 4213, or "chosen by the course" where
ПНСТ does not name the thing), and the variants that must not appear, as
regular expressions.  ``tests/test_russian_terms.py`` reads every Russian text
of the project and fails on a variant; it is the only place that enforces
this list, and this list is the only place that states it.

Beyond TS 4213: the terminology of ПНСТ 835-2023 (clauses cited per term).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PNST = "ПНСТ 835-2023"
CHOSEN = "chosen by the course (ПНСТ 835-2023 does not name it)"


@dataclass(frozen=True)
class RussianTerm:
    """One ``concept`` (as the English course names it): the Russian ``word`` the project writes (nominative), its
    ``source``, the ``avoid`` patterns (regular expressions of variants that must not appear in Russian text) and
    ``why`` they are wrong, for the test's failure message.

    ``source`` is the clause of ПНСТ 835-2023 that writes the word (``"ПНСТ 835-2023, 7.9"``; its numbering is
    TS 4213's), or :data:`CHOSEN`, and then ``why`` gives the course's reason.  Beyond TS 4213: the terminology of
    ПНСТ 835-2023.
    """

    concept: str
    word: str
    source: str
    avoid: tuple[str, ...]
    why: str

    def variants_in(self, text: str) -> list[str]:
        """Every variant of :attr:`avoid` found in ``text``, in order of appearance.

        Beyond TS 4213: the terminology of ПНСТ 835-2023.
        """
        return [m.group(0) for pattern in self.avoid for m in re.finditer(pattern, text)]


TERMS = (
    RussianTerm("McNemar's test", "тест Мак-Немара", f"{PNST}, 7.9", (r"[Кк]ритери\w*\s+Мак-Немара",),
                "ПНСТ 835-2023 calls it a test (тест), not a criterion (критерий)"),
    RussianTerm("Fisher's exact test", "точный тест Фишера", f"{PNST}, 7.7", (r"[Кк]ритери\w*\s+Фишера",),
                "ПНСТ 835-2023 calls it точный тест Фишера"),
    RussianTerm("paired t-test", "t-критерий Стьюдента", f"{PNST}, 7.2", (r"\bt-тест\w*", r"[Тт]ест\w*\s+Стьюдента"),
                "ПНСТ 835-2023 calls it t-критерий Стьюдента"),
    RussianTerm("DeLong's test", "тест Делонга", CHOSEN, (r"[Кк]ритери\w*\s+Делонга",),
                "one word for DeLong's test, as for McNemar's (тест)"),
    RussianTerm("Cochran's Q test", "критерий Кохрена", CHOSEN, (r"Кокрен\w*",),
                "one spelling of Cochran"),
    RussianTerm("weighted average (6.4.3)", "средневзвешенное", f"{PNST}, 6.4.3",
                (r"(?<![А-Яа-яЁё])[Вв]звешенн\w+\s+(?:средн\w+|усреднени\w+|значени\w+)", r"макро-,\s+взвешенн\w+",
                 r"\([Вв]звешенн\w+\)"),
                "ПНСТ 835-2023, 6.4.3 writes средневзвешенное (значение) for the weighted average"),
    RussianTerm("report", "отчет", f"{PNST}, 8", (r"[Оо]тчё\w*",),
                "ПНСТ 835-2023 writes отчет (with е)"),
    RussianTerm("threshold", "порог", CHOSEN, (r"[Пп]орогов\w+\s+значени\w*",),
                "one word for a threshold: порог (ПНСТ 835-2023 uses both порог and пороговое значение)"),
    RussianTerm("CSMF accuracy", "доля правильных исходов CSMF", f"{PNST}, D.1",
                (r"[Тт]очност\w*\s+CSMF",),
                "точность is precision (6.2.4); ПНСТ 835-2023, D.1 writes доля правильных исходов CSMF"),
    RussianTerm("bootstrap", "бутстреп", CHOSEN, (r"[Бб]утстр[аэ]п\w*",),
                "one spelling of bootstrap"),
    RussianTerm("cross-validation", "кросс-валидация", f"{PNST}, 3.2.17", (r"[Пп]ерекр[её]стн\w+\s+проверк\w*",),
                "ПНСТ 835-2023, 3.2.17 names it кросс-валидация"),
    RussianTerm("measure (accuracy, recall, F1 …)", "показатель", CHOSEN,
                (r"(?<![-\w])(?<!по )(?<!меньшей )[Мм]ер(?:а|ы|у|ой|е)\b(?!\s+контрол)",),
                "the course calls a measure показатель (F1-мера, a name, keeps its мера; меры контроля are controls)"),
)
