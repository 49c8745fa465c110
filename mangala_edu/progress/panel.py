""" "My progress" with its own "who is working?": for the pupil view, where no cell can be edited.

:class:`MyProgressPanel` asks the pupil's name in a box that also lists the names of the class
folder (type a new one or choose one, then Enter), checks it (:func:`~mangala_edu.progress_store.
check_name`) and shows that pupil's :class:`~.views.MyProgress`. Given the puzzle trainers of
the same notebook, it follows the name typed in any of them and gives them all the name typed
here, so one name is used for the whole session (the kernel's: a Voilà page until it is
reloaded), and it shows the progress again after every finished puzzle. The name last chosen
is remembered for the session (:data:`session_name`): a panel made later starts with it.

Opening it reads nothing until a name is given, and reading writes nothing: no file, no lock.

>>> import tempfile
>>> from mangala_edu.progress import ProgressStore
>>> store = ProgressStore(tempfile.mkdtemp())
>>> _ = store.add_attempt("Can", {"puzzle": "m1", "themes": ["defence"], "solved": True})
>>> panel = MyProgressPanel(store=store, lang="en", name="")
>>> panel.who.options
('Can',)
>>> panel.show("Can")
>>> "Can: my progress" in panel.view.value
True
>>> panel.show("../x"); "cannot be a name" in panel.said.value
True
"""

from __future__ import annotations

import base64
import html
from typing import Any

import ipywidgets as w

from ..engine import MangalaError
from ..i18n import language_from_folder, t
from ..progress_store import ProgressStore, check_name
from ..widgets.feedback import FEEDBACK_STYLE, StillPicture, feedback_box
from .views import MyProgress

__all__ = ["MyProgressPanel", "session_name"]

session_name: str | None = None
"""The name last chosen in this session (this kernel), by a panel or its trainer."""


class MyProgressPanel(StillPicture, w.VBox):
    """A pupil's progress with a box for their name (see the module's docstring).

    Args:
        trainers: the notebook's :class:`~mangala_edu.puzzles.widget.PuzzleTrainer` s, whose
            name boxes this panel follows and sets (none: on its own).
        store: the progress folder (default: the first trainer's, else the user's or
            ``$MANGALA_EDU_PROGRESS``).
        lang: the language (default: the first trainer's, else the notebook folder's).
        name: the name to start with (default: the first name typed in a trainer, else
            :data:`session_name`).
    """

    def __init__(
        self,
        *trainers: Any,
        store: ProgressStore | None = None,
        lang: str | None = None,
        name: str | None = None,
    ) -> None:
        self.trainers = trainers
        trainer = trainers[0] if trainers else None
        self.lang = lang or getattr(trainer, "lang", None) or language_from_folder()
        session_store = getattr(getattr(trainer, "session", None), "store", None)
        self.store = store or session_store or ProgressStore()
        self.name: str | None = None
        self.who = w.Combobox(
            options=self._names(),
            value="",
            description=t("progress.panel.who", self.lang),
            placeholder=t("progress.panel.placeholder", self.lang),
            ensure_option=False,
            continuous_update=False,
            style={"description_width": "initial"},
            layout=w.Layout(width="30em"),
        )
        self.refresh_button = w.Button(
            description=t("progress.panel.refresh", self.lang), icon="refresh"
        )
        self.said = w.HTML("")
        self.view = w.HTML(self._ask_html())
        self.who.observe(lambda change: self.show(change["new"]), "value")
        self.refresh_button.on_click(lambda _: self.show(self.who.value, again=True))
        super().__init__(
            [
                FEEDBACK_STYLE,
                w.HBox([self.who, self.refresh_button], layout=w.Layout(flex_flow="row wrap")),
                self.said,
                self.view,
            ]
        )
        self.add_class("mangala-my-progress")
        for each in trainers:
            each.name_box.observe(lambda change: self.show(change["new"]), "value")
            each.rating_line.observe(lambda _: self._refresh(), "value")
        if name is None:
            typed = [each.name_box.value for each in trainers if each.name_box.value.strip()]
            name = typed[0] if typed else session_name
        if name:
            self.show(name)

    def show(self, name: str | None, again: bool = False) -> None:
        """Show the progress of ``name`` (an empty name: ask for one; a name that cannot be
        one: say why). Never raises: what goes wrong is said in the panel."""
        global session_name
        text = (name or "").strip()
        if not text:
            self.name = None
            self.said.value = ""
            self.view.value = self._ask_html()
            return
        try:
            clean = check_name(text)
            if clean == self.name and not again:
                return
            progress = self.store.load(clean)
        except MangalaError as error:
            self.said.value = feedback_box("wrong", error.said.text(self.lang))
            return
        self.name = session_name = clean
        self.said.value = ""
        if self.who.value != clean:
            self.who.value = clean
        self.view.value = MyProgress(progress, self.lang)._repr_html_() + self._export_html(clean)
        self.who.options = self._names(clean)
        for trainer in self.trainers:
            if trainer.session.learner != clean:
                trainer.set_learner(clean)

    def _refresh(self) -> None:
        if self.name is not None:
            self.show(self.name, again=True)

    def _names(self, also: str | None = None) -> tuple[str, ...]:
        """The names of the class folder (and ``also``), for the list of the name box."""
        names = {p.name for p in self.store.learners()}
        if also:
            names.add(also)
        return tuple(sorted(names, key=str.casefold))

    def _export_html(self, name: str) -> str:
        """A link that downloads the learner's progress file as it is (in the lessons' web
        site, the only way to hand it to the teacher, whose class view reads it); nothing
        while the learner has no file."""
        path = self.store.path(name)
        try:
            data = path.read_bytes()
        except OSError:
            return ""
        link = t("progress.panel.export", self.lang, file=path.name)
        note = t("progress.panel.export_note", self.lang)
        return (
            f'<p class="mangala-export"><a download="{html.escape(path.name)}" '
            f'href="data:application/json;base64,{base64.b64encode(data).decode()}">'
            f"⬇ {html.escape(link)}</a><br><small>{html.escape(note)}</small></p>"
        )

    def _ask_html(self) -> str:
        return f"<p>{html.escape(t('progress.panel.ask', self.lang))}</p>"

    def _still_html(self) -> str:
        title = t("progress.panel.who", self.lang)
        return f"<div><b>{html.escape(title)}</b>{self._ask_html()}</div>"

    def __repr__(self) -> str:
        return f"MyProgressPanel(name={self.name!r}, lang={self.lang!r})"
