"""A form that walks a learner through the clause-5 checklist and saves the answers as the report's YAML.

One text area per :data:`iso4213_nb.controls.checklist.ITEMS` entry, grouped by
section in an accordion, each labelled with its clause and prompt.  A path
box with *Save* and *Load* buttons writes and reads the YAML file that the
report reads with ``--meta``; a status line counts the answers still
missing and lists the clause-8 items they leave open.

**Where files go.**  A relative file name is taken inside the learner's own
folder, :func:`user_directory` (``$ISO4213_NB_HOME`` when set, else
``~/iso4213-nb``), never the directory the server runs the notebook in: a
course server's ``notebooks/`` folder is not written to.  An absolute path is
used as given.  The form shows the folder, and the status line the full path
of every file saved or loaded.

Testable without a browser: set ``form.fields[key].value``, set
``form.path.value``, call ``form.save_button.click()`` or :meth:`ChecklistForm.save`,
read :attr:`ChecklistForm.answers` and ``form.status.value``.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

import ipywidgets as widgets

from ..controls import checklist
from ..core.errors import InputError
from ..words.i18n import N_, _
from ._callbacks import Shown

_SECTION_TITLES = {
    "process": N_("5.1 Five-step process"),
    "purpose": N_("5.2 Purpose"),
    "training_data": N_("5.3.4 Training data"),
    "test_data": N_("5.3.5 Test data"),
    "bias": N_("5.3.2 Representativeness and bias"),
    "preprocessing": N_("5.3.3 Preprocessing"),
    "splitting": N_("5.3.6 Cross-validation and splits"),
    "leakage": N_("5.3.7 Information leakage"),
    "channel_effects": N_("5.3.8 Channel effects"),
    "ground_truth": N_("5.3.9 Ground truth"),
    "hyperparameters": N_("5.3.10 Hyperparameters"),
    "environment": N_("5.3.11 Evaluation environment"),
    "acceleration": N_("5.3.12 Acceleration"),
    "baselines": N_("5.3.13 Baselines"),
    "context": N_("5.3.14 Context"),
    "measures": N_("6.4.3 / 6.5.1 Choice of measures"),
}


def user_directory() -> Path:
    """The folder for relative file names: ``$ISO4213_NB_HOME`` if set, else ``~/iso4213-nb`` (clause 5.1–5.3)."""
    return Path(os.environ.get("ISO4213_NB_HOME") or Path.home() / "iso4213-nb").expanduser()


def resolve(path) -> Path:
    """``path`` as given when absolute (``~`` expanded), else inside :func:`user_directory` (clause 5.1–5.3)."""
    path = Path(path).expanduser()
    return path if path.is_absolute() else user_directory() / path


def _report_item(item_id: str) -> str:
    """What clause-8 reporting item ``item_id`` (:data:`iso4213_nb.controls.checklist.REPORT_ITEMS`) states, in the
    active language; an id it does not list, as it is."""
    texts = {r.id: r.text for r in checklist.REPORT_ITEMS}
    return _(texts[item_id]) if item_id in texts else item_id


def checklist_rows(keys: bool = True) -> tuple[list[list[str]], list[str]]:
    """``(rows, header)``: each answer of the checklist (:data:`iso4213_nb.controls.checklist.ITEMS`) in the form's
    order: its key (its name in the YAML file; left out with ``keys=False``, for a page that shows no English
    identifiers), its clause, the clause-8 item it fills ("—" for none) and what to write, in the active language
    (clauses 5.1–5.3, 8)."""
    rows = [[it.key, it.clause, _report_item(it.report) if it.report else "—", _(it.prompt)] for it in checklist.ITEMS]
    header = [_("key"), _("clause"), _("clause 8 item"), _("what to write")]
    if keys:
        return rows, header
    return [row[1:] for row in rows], header[1:]


class ChecklistForm(Shown):
    """The clause-5 checklist as an ipywidgets form, saved to and loaded from YAML (clause 5.1–5.3).

    Parameters
    ----------
    path : str or pathlib.Path, default ``"assessment-meta.yaml"``
        Initial value of the file box; a relative name lands in :func:`user_directory`.
    answers : dict, optional
        Initial answers ``{key: text}`` (keys of :data:`checklist.KEYS`).

    Attributes
    ----------
    fields : dict
        ``{key: ipywidgets.Textarea}``, one per checklist item.
    path : ipywidgets.Text
    save_button, load_button : ipywidgets.Button
    status : ipywidgets.HTML
        Counts of filled and missing answers and the open clause-8 items, or an error line.
    widget : ipywidgets.VBox
        The container the notebook displays.
    """

    def __init__(self, path="assessment-meta.yaml", answers: dict | None = None):
        self.fields: dict[str, widgets.Textarea] = {}
        sections: dict[str, list] = {}
        for it in checklist.ITEMS:
            label = widgets.HTML(f"<b>{html.escape(it.key)}</b> ({html.escape(it.clause)}): "
                                 f"{html.escape(_(it.prompt))}")
            box = widgets.Textarea(layout=widgets.Layout(width="95%", height="3.5em"))
            box.observe(lambda _change: self._show_status(), names="value")
            self.fields[it.key] = box
            sections.setdefault(it.section, []).extend([label, box])
        self.accordion = widgets.Accordion(children=[widgets.VBox(v) for v in sections.values()])
        for i, section in enumerate(sections):
            self.accordion.set_title(i, _(_SECTION_TITLES[section]) if section in _SECTION_TITLES else section)
        self.path = widgets.Text(value=str(path), description=_("File"), layout=widgets.Layout(width="60%"))
        self.save_button = widgets.Button(description=_("Save"), icon="save")
        self.load_button = widgets.Button(description=_("Load"), icon="folder-open")
        self.save_button.on_click(lambda _: self._guarded(self.save))
        self.load_button.on_click(lambda _: self._guarded(self.load))
        self.status = widgets.HTML()
        folder = f"<code>{html.escape(str(user_directory()))}</code>"
        self.folder = widgets.HTML("<small>" + _("Relative file names are saved in and loaded from {folder} (set "
                                                 "ISO4213_NB_HOME to change it); an absolute path is used as "
                                                 "given.").format(folder=folder) + "</small>")
        self.widget = widgets.VBox([self.accordion, widgets.HBox([self.path, self.save_button, self.load_button]),
                                    self.folder, self.status])
        if answers:
            self.set_answers(answers)
        self._show_status()

    @property
    def answers(self) -> dict[str, str]:
        """The current answers ``{key: text}`` (stripped), one per item."""
        return {key: box.value.strip() for key, box in self.fields.items()}

    def set_answers(self, answers: dict) -> None:
        """Fill the form from ``answers``; keys not given are emptied.  Unknown keys raise InputError."""
        for key in answers:
            checklist.item(key)
        for key, box in self.fields.items():
            box.value = str(answers.get(key, "") or "")
        self._show_status()

    def save(self, path=None):
        """Write the answers to ``path`` (default: the file box; see :func:`resolve`); returns the path written."""
        target = resolve(path or self.path.value)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(_("cannot create the folder {folder}: {detail}").format(
                folder=target.parent, detail=exc.strerror)) from None
        written = checklist.save(self.answers, target)
        self._show_status(_("Saved to {path}.").format(path=written))
        return written

    def load(self, path=None) -> dict[str, str]:
        """Read answers from ``path`` (default: the file box; see :func:`resolve`) and show them."""
        source = resolve(path or self.path.value)
        answers = checklist.load(source)
        self.set_answers(answers)
        self._show_status(_("Loaded {path}.").format(path=source))
        return answers

    def _guarded(self, action) -> None:
        try:
            action()
        except InputError as exc:
            self.status.value = f"<span style='color:#b00'>{html.escape(str(exc))}</span>"

    def _show_status(self, prefix: str = "") -> None:
        answers = self.answers
        missing = checklist.missing(answers)
        open_items = [_report_item(r) for r, s in checklist.report_status(answers).items() if s == "missing"]
        text = _("{answered} of {items} answered").format(answered=len(checklist.ITEMS) - len(missing),
                                                           items=len(checklist.ITEMS))
        if open_items:
            text += _("; clause-8 items still open: {items}").format(items="; ".join(open_items))
        self.status.value = html.escape(f"{prefix} {text}.".strip())
