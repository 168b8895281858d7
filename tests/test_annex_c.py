"""Annex C: Table C.1 kept as printed, and the consistency audit."""

import json
import re

import pytest

from iso4213_nb import InputError
from iso4213_nb.annexes import annex_c


def _row(dataset, model):
    [row] = [r for r in annex_c.load_table() if (r["dataset"], r["model"]) == (dataset, model)]
    return row


def test_table_has_the_printed_rows_in_order():
    rows = annex_c.load_table()
    assert len(rows) == 13
    assert [r["dataset"] for r in rows] == ["ImageNet"] * 4 + ["MNIST"] * 3 + ["CIFAR-10"] * 3 + ["LFW"] * 3
    assert [r["reference"] for r in rows] == [str(n) for n in (15, 16, 17, 18, 19, 20, 21, 18, 22, 23, 24, 25, 26)]


# Every number cell of Table C.1 as printed in IS/ISO/IEC TS 4213 (typed from the standard, not from the
# package's data file): dataset, model -> accuracy, top-1 error, top-5 error, depth, parameters.
PRINTED_C1 = {
    ("ImageNet", "AlexNet"): ("63,3 %", "37,5 %", "17,0 %", "8", "60M"),
    ("ImageNet", "VGG-19"): ("74,5 %", "25,5 %", "8 %", "19", "144M"),
    ("ImageNet", "ResNet-50"): ("77,15 %", "22,85 %", "6,7%", "50", "20M"),
    ("ImageNet", "EfficientNet-B7"): ("84,4 %", "15,6 %", "2,9 %", "813", "66M"),
    ("MNIST", "RMDL"): ("99,82 %", "", "", "", ""),
    ("MNIST", "MCDNN"): ("99,77 %", "", "", "5", ""),
    ("MNIST", "LeNet"): ("99,3%", "", "", "6", ""),
    ("CIFAR-10", "EfficientNet-B7"): ("98,9%", "", "", "", "64M"),
    ("CIFAR-10", "ColorNet"): ("98,46 %", "", "", "", "19,0M"),
    ("CIFAR-10", "DenseNet"): ("96,54 %", "", "", "", ""),
    ("LFW", "FaceNet"): ("99,63 %", "", "", "", "7,5M"),
    ("LFW", "DeepID3"): ("99,53 %", "", "", "", ""),
    ("LFW", "DeepFace"): ("97,5 %", "", "", "", ""),
}


@pytest.mark.parametrize("key, printed", PRINTED_C1.items(), ids=[" ".join(key) for key in PRINTED_C1])
def test_every_printed_number_cell(key, printed):
    row = _row(*key)
    assert (row["accuracy"], row["top1_error"], row["top5_error"], row["depth"], row["parameters"]) == printed


def test_odd_printed_strings_are_kept():
    assert _row("ImageNet", "EfficientNet-B7")["depth"] == "813"
    assert _row("ImageNet", "VGG-19")["parameters"] == "144M"
    assert _row("ImageNet", "ResNet-50")["parameters"] == "20M"
    assert _row("ImageNet", "VGG-19")["weight_decay"] == "0,000 5"
    assert _row("ImageNet", "ResNet-50")["top5_error"] == "6,7%"
    assert _row("CIFAR-10", "DenseNet")["batch_size"] == "6"


def test_accuracy_plus_top1_error():
    sums = {(a["model"]): a["sum_check"] for a in annex_c.audit() if a["dataset"] == "ImageNet"}
    assert sums["AlexNet"] == {"accuracy": 63.3, "top1_error": 37.5, "sum": 100.8, "ok": False}
    assert all(sums[m]["ok"] for m in ("VGG-19", "ResNet-50", "EfficientNet-B7"))
    assert all(a["sum_check"] is None for a in annex_c.audit() if a["dataset"] != "ImageNet")


def test_only_alexnet_fails_the_check():
    failed = [c for c in annex_c.checks() if not c.matches]
    assert [c.item for c in failed] == ["Table C.1 / ImageNet / AlexNet / top-1 error = 100 % − accuracy"]
    assert failed[0].computed == "36,7 %" and "≠ 100 %" in failed[0].note
    sums = {a["model"]: a["sum_check"] for a in annex_c.audit() if a["sum_check"]}
    assert sums["AlexNet"]["sum"] == 100.8  # the number the note points to


def test_audit_details():
    records = {(a["dataset"], a["model"]): a for a in annex_c.audit()}
    assert records[("MNIST", "RMDL")]["missing"] == [c for c in annex_c.COLUMNS
                                                     if c not in ("dataset", "model", "reference", "accuracy")]
    assert {"code": "decimal_point", "column": "learning_rate", "text": "0.05"} in records[("LFW", "FaceNet")]["writing"]
    assert records[("MNIST", "LeNet")]["writing"] == [{"code": "no_space_before_percent", "column": "accuracy",
                                                       "text": "99,3%"}]
    clause_8 = records[("ImageNet", "AlexNet")]["clause_8"]
    assert len(clause_8) == 8
    assert sum(v == "missing" for v in clause_8.values()) == 6
    assert clause_8["environment"] == "missing" and clause_8["test_data"].startswith("partly")
    assert "25,6M" in records[("ImageNet", "ResNet-50")]["known_difference"]


def test_accuracy_vs_parameters():
    data = annex_c.accuracy_vs_parameters()
    assert data["ImageNet"] == [("AlexNet", 60.0, 63.3), ("VGG-19", 144.0, 74.5), ("ResNet-50", 20.0, 77.15),
                                ("EfficientNet-B7", 66.0, 84.4)]
    assert data["CIFAR-10"] == [("EfficientNet-B7", 64.0, 98.9), ("ColorNet", 19.0, 98.46)]
    assert "MNIST" not in data


def test_parsers():
    assert annex_c.parameters_millions("19,0M") == 19.0
    assert annex_c.parameters_millions("") is None
    assert annex_c.percent("99,3%") == 99.3
    with pytest.raises(InputError, match="not in millions"):
        annex_c.parameters_millions("20K")


def test_json_and_limits():
    data = json.loads(json.dumps(annex_c.to_json(), allow_nan=False))
    assert len(data["table_c1"]) == 13
    text = " ".join(annex_c.CANNOT_SUPPORT)
    assert "clause 7" in text and "5.3.13" in text and "7.8" in text


def test_agreements_and_differences_do_not_overlap_and_name_real_rows():
    keys = {(r["dataset"], r["model"]) for r in annex_c.load_table()}
    assert set(annex_c.AGREES_WITH_PAPER) <= keys and set(annex_c.KNOWN_DIFFERENCES) <= keys
    records = {(a["dataset"], a["model"]): a for a in annex_c.audit()}
    assert records[("ImageNet", "VGG-19")]["agrees_with_paper"] == "144M parameters"


def test_audit_words_come_from_codes_in_either_language():
    """The audit holds codes and the table's own strings; figures.annex_tables makes the words (issue 15)."""
    from iso4213_nb.figures.annex_tables import annex_c_audit_rows
    from iso4213_nb.words.i18n import using

    english = {(row[0], row[1]): row for row in annex_c_audit_rows()[0]}
    assert english[("MNIST", "LeNet")][4] == "accuracy '99,3%' has no space before %"
    with using("ru"):
        russian = {(row[0], row[1]): row for row in annex_c_audit_rows()[0]}
    for key in (("MNIST", "LeNet"), ("LFW", "FaceNet"), ("ImageNet", "ResNet-50")):
        assert russian[key][4:] != english[key][4:] and not re.search(r"\b(the|uses|has|groups)\b", " ".join(russian[key][4:]))


def test_limits_read_in_russian_with_their_numbers_and_clauses():
    """What Table C.1 cannot support reaches a Russian reader in Russian (issue 15)."""
    import sys
    from pathlib import Path

    from iso4213_nb.figures.annex_tables import annex_c_limits
    from iso4213_nb.words.i18n import using

    sys.path.insert(0, str(Path(__file__).parent))
    from visible_words import english_words

    english_limits = annex_c_limits()
    with using("ru"):
        russian_limits = annex_c_limits()
    assert len(russian_limits) == len(annex_c.CANNOT_SUPPORT) == 6
    clause = re.compile(r"\((?:clause )?[\d.]+(?:, [\d.]+)?\)|\(clause \d+, [\d.]+\)")
    for en, ru in zip(english_limits, russian_limits):
        assert not english_words(ru), ru
        assert sorted(re.findall(r"\d+(?:\.\d+)*", en)) == sorted(re.findall(r"\d+(?:\.\d+)*", ru)), (en, ru)
    assert sum(bool(clause.search(en)) for en in english_limits) == 5  # the last limit is about the plot, no clause


def test_clause_8_rows_name_each_item_and_what_table_c1_gives():
    from iso4213_nb.figures.annex_tables import annex_c_clause_8_rows
    from iso4213_nb.words.i18n import using

    record = annex_c.audit()[0]
    rows, header = annex_c_clause_8_rows(record)
    assert header == ["clause 8 item", "in Table C.1"] and len(rows) == 8
    assert [given for _, given in rows].count("missing") == 6
    assert rows[0] == ["where the training data come from, how many samples, and their make-up",
                       "partly: the benchmark is named; size and composition are not given"]
    with using("ru"):
        rows, header = annex_c_clause_8_rows(record)
    assert header == ["пункт раздела 8", "в таблице C.1"]
    assert rows[1][1] == "частично: набор данных назван, размер и состав не указаны" and rows[2][1] == "отсутствует"
