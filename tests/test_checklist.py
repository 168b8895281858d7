"""The clause-5 checklist: schema consistency, YAML round trip, validation errors, clause-8 status."""

import json
import re

import pytest
import yaml

from iso4213_nb import InputError
from iso4213_nb.cli import main
from iso4213_nb.controls import checklist


def test_keys_are_unique_and_two_level():
    assert len(set(checklist.KEYS)) == len(checklist.KEYS)
    for key in checklist.KEYS:
        assert re.fullmatch(r"[a-z_]+\.[a-z0-9_]+", key), key


def test_every_clause_the_brief_names_has_an_item():
    clauses = {it.clause for it in checklist.ITEMS}
    for clause in ["5.1", "5.2", "5.3.2", "5.3.3", "5.3.4", "5.3.5", "5.3.6", "5.3.7", "5.3.8", "5.3.9",
                   "5.3.10", "5.3.11", "5.3.12", "5.3.13", "5.3.14", "6.4.3", "6.5.1"]:
        assert clause in clauses, clause
    assert sum(it.clause == "5.1" for it in checklist.ITEMS) == 5  # the five steps


def test_report_references_exist_and_cover_every_non_computed_clause8_item():
    ids = {r.id for r in checklist.REPORT_ITEMS}
    assert len(checklist.REPORT_ITEMS) == 8  # clause 8 lists eight things
    used = {it.report for it in checklist.ITEMS if it.report}
    assert used <= ids
    assert used == {r.id for r in checklist.REPORT_ITEMS if not r.computed}


def test_prompts_are_one_line():
    for it in checklist.ITEMS:
        assert it.prompt and "\n" not in it.prompt


def test_round_trip_through_a_file(tmp_path):
    answers = {"training_data.source": "hospital A: 2019–2021", "ground_truth.reliability": "kappa 0.81",
               "measures.multiclass_averaging": "macro: every class matters equally"}
    path = checklist.save(answers, tmp_path / "meta.yaml")
    loaded = checklist.load(path)
    assert {k: v for k, v in loaded.items() if v} == answers
    assert set(loaded) == set(checklist.KEYS)
    nested = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert nested["training_data"]["source"] == "hospital A: 2019–2021"


def test_yaml_scalars_and_lists_become_text(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("training_data:\n  size: 12400\n  composition: [cats, dogs]\nenvironment:\n  software:\n",
                    encoding="utf-8")
    assert checklist.load(path) == {"training_data.size": "12400", "training_data.composition": "cats; dogs",
                                    "environment.software": ""}


def test_answers_are_kept_as_the_text_typed(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("bias:\n  analysis: yes\ntraining_data:\n  size: 1.50\n  source: 2019-01-01\n"
                    "  composition: [no, 0x1F, 1_000]\ntest_data:\n  source: ~\n  size: null\n"
                    "  composition: 'on'\n", encoding="utf-8")
    assert checklist.load(path) == {"bias.analysis": "yes", "training_data.size": "1.50",
                                    "training_data.source": "2019-01-01",
                                    "training_data.composition": "no; 0x1F; 1_000", "test_data.source": "",
                                    "test_data.size": "", "test_data.composition": "on"}
    saved = checklist.save(checklist.load(path), tmp_path / "again.yaml")
    assert checklist.load(saved)["bias.analysis"] == "yes"


def test_missing_and_report_status():
    answers = {"training_data.source": "x", "training_data.size": "10", "training_data.composition": "y",
               "environment.hardware": "cpu", "environment.software": " "}
    status = checklist.report_status(answers)
    assert status["training_data"] == "filled"
    assert status["environment"] == "missing"  # software answer is blank
    assert status["test_data"] == "missing"
    assert status["operating_points"] == "computed"
    assert status["inference_cost"] == "computed"
    missing = {it.key for it in checklist.missing(answers)}
    assert "environment.software" in missing and "training_data.size" not in missing
    assert len(missing) == len(checklist.ITEMS) - 4


def test_extra_keys_are_skipped_only_when_declared():
    data = {"title": "My report", "bias": {"analysis": "none found"}}
    assert checklist.validate(data, extra_keys=("title",)) == {"bias.analysis": "none found"}
    with pytest.raises(InputError, match="unknown checklist section 'title'"):
        checklist.validate(data)


@pytest.mark.parametrize("data, message", [
    ({"trainng_data": {"source": "x"}}, "did you mean training_data"),
    ({"training_data": {"sorce": "x"}}, r"unknown checklist key 'training_data.sorce'; did you mean training_data.source"),
    ({"bias": "none"}, "must be a mapping of answers"),
    ({"bias": {"analysis": {"a": 1}}}, "bias.analysis must be text, got a mapping"),
    ({"bias": {"analysis": True}}, "must be text"),
    (["a"], "must be a mapping of sections"),
])
def test_bad_documents(data, message):
    with pytest.raises(InputError, match=message) as info:
        checklist.validate(data)
    assert "\n" not in str(info.value)


def test_bad_files(tmp_path):
    with pytest.raises(InputError, match="does not exist"):
        checklist.load(tmp_path / "nope.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_text("bias: [unclosed\n", encoding="utf-8")
    with pytest.raises(InputError, match="not valid YAML") as info:
        checklist.load(bad)
    assert "\n" not in str(info.value)
    empty = tmp_path / "empty.yaml"
    empty.write_text("", encoding="utf-8")
    assert checklist.load(empty) == {}


def test_saving_rejects_unknown_keys(tmp_path):
    with pytest.raises(InputError, match="unknown checklist key"):
        checklist.save({"nonsense.key": "x"}, tmp_path / "x.yaml")


# ---------------------------------------------------------------- the form (iso4213_nb.widgets.checklist)
def test_form_has_one_box_per_item_and_saves_what_is_typed(tmp_path):
    from iso4213_nb.widgets.checklist import ChecklistForm

    form = ChecklistForm(path=tmp_path / "meta.yaml")
    assert list(form.fields) == list(checklist.KEYS)
    assert f"0 of {len(checklist.ITEMS)} answered" in form.status.value
    form.fields["ground_truth.method"].value = "two annotators <b>plus</b> a referee"
    form.fields["ground_truth.reliability"].value = "kappa 0.78"
    assert f"2 of {len(checklist.ITEMS)} answered" in form.status.value
    assert "how reliable those labels are" not in form.status.value  # the open clause-8 items, in words
    assert "where the training data come from" in form.status.value
    form.save_button.click()
    assert "Saved to" in form.status.value
    loaded = checklist.load(tmp_path / "meta.yaml")
    assert loaded["ground_truth.method"] == "two annotators <b>plus</b> a referee"


def test_form_loads_a_file_and_reports_bad_files_in_one_escaped_line(tmp_path):
    from iso4213_nb.widgets.checklist import ChecklistForm

    path = tmp_path / "m.yaml"
    path.write_text("bias:\n  analysis: checked <script>\n", encoding="utf-8")
    form = ChecklistForm(path=path)
    form.load_button.click()
    assert form.fields["bias.analysis"].value == "checked <script>"
    assert form.answers["bias.analysis"] == "checked <script>"
    path.write_text("bias:\n  anlysis: x\n", encoding="utf-8")
    form.load_button.click()
    assert "unknown checklist key" in form.status.value and "<script>" not in form.status.value
    form.path.value = str(tmp_path / "missing<x>.yaml")
    form.load_button.click()
    assert "does not exist" in form.status.value and "&lt;x&gt;" in form.status.value


def test_form_saves_relative_names_in_the_learners_folder_not_the_working_directory(tmp_path, monkeypatch):
    from iso4213_nb.widgets.checklist import ChecklistForm

    home, server_cwd = tmp_path / "learner", tmp_path / "notebooks"
    server_cwd.mkdir()
    monkeypatch.setenv("ISO4213_NB_HOME", str(home))
    monkeypatch.chdir(server_cwd)
    form = ChecklistForm(path="my-assessment.yaml", answers={"bias.analysis": "checked"})
    form.save_button.click()
    assert list(server_cwd.iterdir()) == []
    assert checklist.load(home / "my-assessment.yaml")["bias.analysis"] == "checked"
    assert str(home / "my-assessment.yaml") in form.status.value and str(home) in form.folder.value
    form.fields["bias.analysis"].value = ""
    form.load_button.click()
    assert form.answers["bias.analysis"] == "checked"


def test_form_initial_answers_are_validated():
    from iso4213_nb.widgets.checklist import ChecklistForm

    form = ChecklistForm(answers={"baselines.description": "majority class, logistic regression"})
    assert form.fields["baselines.description"].value.startswith("majority")
    with pytest.raises(InputError, match="unknown checklist key"):
        ChecklistForm(answers={"baseline.description": "x"})


# ---------------------------------------------------------------- template and command line
def test_template_parses_to_all_keys_empty():
    parsed = checklist.validate(yaml.safe_load(checklist.template()))
    assert parsed == {key: "" for key in checklist.KEYS}
    assert "# (5.3.9) " in checklist.template()


def test_cli_template_then_check(tmp_path, capsys):
    from iso4213_nb.cli import main

    path = tmp_path / "meta.yaml"
    assert main(["checklist", "template", str(path)]) == 0
    text = path.read_text(encoding="utf-8").replace("  source: ''", "  source: 'registry X'", 1)
    path.write_text(text + "report:\n  title: My model\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["checklist", "check", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["answered"] == 1 and "training_data.source" not in out["missing"]
    assert out["clause_8"]["training_data"] == "missing"  # size and composition still empty
    assert main(["checklist", "template", str(path)]) == 2  # never overwrites
    assert "already exists" in capsys.readouterr().err


def test_cli_check_bad_file_is_one_line_exit_2(tmp_path, capsys):
    from iso4213_nb.cli import main

    path = tmp_path / "bad.yaml"
    path.write_text("bias:\n  anlysis: x\n", encoding="utf-8")
    assert main(["checklist", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("iso4213-nb checklist: error: unknown checklist key 'bias.anlysis'")
    assert err.count("\n") == 1
    assert main(["checklist", "check"]) == 2


@pytest.mark.parametrize("text, key, lines", [
    ("training_data:\n  source: a\n  source: b\n", "source", (2, 3)),
    ("training_data:\n  source: a\ntest_data:\n  source: c\ntraining_data:\n  size: 3\n", "training_data", (1, 5)),
])
def test_a_key_given_twice_is_refused_naming_it_and_both_lines(tmp_path, capsys, text, key, lines):
    path = tmp_path / "meta.yaml"
    path.write_text(text)
    assert main(["checklist", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and (f"gives the key {key!r} twice at one level, on lines {lines[0]} and "
                                     f"{lines[1]}") in err



def test_checklist_rows_name_each_answer_its_clause_and_the_clause_8_item_it_fills():
    from iso4213_nb.widgets.checklist import checklist_rows
    from iso4213_nb.words.i18n import using

    rows, header = checklist_rows()
    assert header == ["key", "clause", "clause 8 item", "what to write"]
    assert [row[0] for row in rows] == list(checklist.KEYS) and len(rows) == 29
    assert rows[0] == ["process.step1_tasks", "5.1", "—", "Step 1: which classification task(s) are assessed (binary, "
                       "multi-class, multi-label) and on what."]
    assert rows[7] == ["training_data.source", "5.3.4",
                       "where the training data come from, how many samples, and their make-up",
                       "Where the training data come from."]
    with using("ru"):
        rows, header = checklist_rows()
        shown, shown_header = checklist_rows(keys=False)
    assert header == ["ключ", "пункт", "пункт раздела 8", "что записать"]
    assert shown_header == header[1:] and shown == [row[1:] for row in rows]
    assert rows[7][2:] == ["откуда взяты данные для обучения, сколько в них образцов и каков их состав",
                           "Откуда взяты данные для обучения."]


def test_checklist_form_status_names_the_open_clause_8_items_in_words(tmp_path):
    from iso4213_nb.widgets.checklist import ChecklistForm

    form = ChecklistForm(path=tmp_path / "answers.yaml")
    assert form.status.value.startswith("0 of 29 answered; clause-8 items still open: where the training data come "
                                        "from, how many samples, and their make-up; where the test data come from")
    assert "operating points" not in form.status.value  # computed by the report, never open (clause 8)
