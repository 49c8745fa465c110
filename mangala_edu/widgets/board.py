"""The interactive board: click a pit (or press 1–6) and watch the stones being sown.

:class:`Board` is an anywidget: the JavaScript in ``board.js`` draws the board (the same
picture as :func:`mangala_edu.display.board_svg`) and animates moves; every rule is decided in
Python by the engine. The same class works without a browser, which is how the tests and the
lessons' checks use it:

>>> board = Board(lang="en")
>>> board
Board(Position.from_text('4,4,4,4,4,4,0/4,4,4,4,4,4,0 S'), lang='en')
>>> board.play(4).outcome.value          # four stones from pit 4: the last in South's store
'extra_turn'
>>> board.caption
'Last stone in your own store: play again!'
>>> board.click("north", 2)              # a click never raises: it explains
>>> board.message
"That pit is North's: South is to move and plays from their own pits only."
>>> board.undo(), board.position == Position.start()
(True, True)

A lesson can lock the board when its task is over: moves are refused (a click explains, in the
learner's language, with the message given) until it is unlocked:

>>> board.lock(Message("ui.task_done", button=Message("ui.try_again")))
>>> board.click("south", 4), board.position == Position.start()
(None, True)
>>> board.message
'This task is over: press “Try again” to start it over.'
>>> board.unlock(); board.click("south", 4).outcome.value
'extra_turn'

How Python and the JavaScript talk (anywidget custom messages, all JSON):

- JavaScript -> Python: ``{"type": "click", "side": "south", "pit": 3, "busy": false,
  "remove": false}`` (``pit`` 0 is the side's store; ``busy`` is true while an animation
  runs; ``remove`` is a Shift- or right-click in the editor), ``{"type": "undo"}``,
  ``{"type": "redo"}``, ``{"type": "edit", "action": "start" | "apply" | "cancel" | "to_move",
  "side": ...}``.
- Python -> JavaScript: ``{"type": "play", "trace": MoveTrace.to_dict(), "captions": [...]}``
  (one per move, queued and animated event by event), ``{"type": "reset"}`` (stop animating
  and draw the current state), ``{"type": "step", "delta": 1 | -1 | "end"}``.
- The state (board, side to move, legal pits, texts in the learner's language, the message,
  the caption, why the board is locked, speed, step mode, editor) is in synced traitlets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from ..display.captions import outcome_caption, trace_captions
from ..display.layout import board_layout
from ..display.picture import board_img
from ..display.svg import status_text, widget_frame
from ..engine import (
    SIDE_NAMES,
    SIDES,
    SOUTH,
    Game,
    IllegalMoveError,
    MangalaError,
    MoveTrace,
    Position,
    PositionError,
    Rules,
    RulesError,
    Side,
)
from ..engine.geometry import is_side
from ..engine.trace import ENDINGS, HAND_STEPS, LIFTS, OUTCOMES, EventKind
from ..i18n import LANGUAGES, Message, forms, t
from .feedback import run_notice

_HERE = Path(__file__).parent

#: The kinds of move events the JavaScript treats alike (the engine's enumeration, not a copy).
_KINDS = {
    "outcomes": sorted(k.value for k in OUTCOMES),
    "endings": sorted(k.value for k in ENDINGS),
    "steps": sorted(k.value for k in HAND_STEPS),
    "lifts": sorted(k.value for k in LIFTS),
    "notices": [EventKind.PASS.value],
    "tuzdiks": [EventKind.TUZDIK.value],
    "to_owner": [EventKind.TUZDIK_DROP.value],
}

#: Texts that depend on a count, sent to the JavaScript with every plural form.
_PLURAL_KEYS = ("board.pit_label", "board.store_label", "board.captured_label")

#: Catalogue keys the JavaScript needs, sent in the ``texts`` traitlet.
_TEXT_KEYS = (
    "side.south",
    "side.north",
    "board.playing",
    "widget.board_label",
    "widget.in_hand",
    "widget.undo",
    "widget.redo",
    "widget.step_mode",
    "widget.step_hint",
    "widget.prev",
    "widget.next",
    "widget.finish",
    "widget.speed",
    "widget.edit",
    "widget.edit_add",
    "widget.edit_remove",
    "widget.edit_to_move",
    "widget.edit_over",
    "widget.apply",
    "widget.cancel",
    "widget.controls",
    "widget.edit_hint",
    "side.south.gen",
    "side.north.gen",
    "board.tuzdik_mark",
    "board.tuzdik_label",
)

#: The controls a board shows by default; add ``"edit"`` for the teacher's editor.
DEFAULT_CONTROLS = ("undo", "redo", "step", "speed")
ALL_CONTROLS = ("undo", "redo", "step", "speed", "edit")


def _tuzdiks(position: Position) -> list[list[int | str]]:
    """Each tuzdik of ``position`` (Toguz Korgool) as ``[board index, owner]``, for the
    JavaScript."""
    return [
        [index, side]
        for side, index in zip(SIDES, position.tuzdiks, strict=True)
        if index is not None
    ]


class Board(anywidget.AnyWidget):
    """An interactive Mangala board.

    Args:
        position: where to start (default: the start of a set under ``rules``).
        rules: the rules when no position is given (default: official).
        lang: ``"tr"`` (default) or ``"en"``: every word the board shows.
        first: who starts, when no position is given.
        speed: animation steps a second (0: no animation).
        step_mode: start in step mode (next / previous stone buttons; for a projector).
        controls: which buttons to show, from ``"undo"``, ``"redo"``, ``"step"``,
            ``"speed"``, ``"edit"`` (default: all but ``"edit"``).
        highlight: board indices to ring with a dashed line (e.g. in a lesson).
        plain: outcomes (e.g. ``"odd"``) whose captions only say that nothing happened: in a
            lesson that has not taught their rule yet.

    :meth:`lock` makes the board refuse every new move (a click explains why) until
    :meth:`unlock`; taking a move back stays possible, and :meth:`on_undo` tells the owner.
    """

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"

    # What is drawn (Python -> JavaScript).
    board = traitlets.List(traitlets.Int()).tag(sync=True)
    to_move = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    legal = traitlets.List(traitlets.Int()).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("").tag(sync=True)
    highlight = traitlets.List(traitlets.Int()).tag(sync=True)
    tuzdiks: traitlets.List[list] = traitlets.List().tag(sync=True)
    geometry = traitlets.Dict().tag(sync=True)
    frame = traitlets.Unicode("").tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)
    editing = traitlets.Bool(False).tag(sync=True)
    lock_text = traitlets.Unicode("").tag(sync=True)
    kinds = traitlets.Dict(_KINDS).tag(sync=True)
    # Settings (either side may change them).
    lang = traitlets.Enum(LANGUAGES, default_value="tr").tag(sync=True)
    speed = traitlets.Float(3.0, min=0.0, max=60.0).tag(sync=True)
    step_mode = traitlets.Bool(False).tag(sync=True)
    controls = traitlets.List(traitlets.Enum(ALL_CONTROLS)).tag(sync=True)

    def __init__(
        self,
        position: Position | None = None,
        rules: Rules | None = None,
        *,
        lang: str = "tr",
        first: Side = SOUTH,
        speed: float = 3.0,
        step_mode: bool = False,
        controls: Iterable[str] = DEFAULT_CONTROLS,
        highlight: Iterable[int] = (),
        plain: Iterable[str] = (),
        **kwargs: object,
    ) -> None:
        if position is None:
            game = Game(rules, first)
        else:
            if rules is not None and rules != position.rules:
                raise RulesError("rules.differ", given=rules.name, position=position.rules.name)
            game = Game(start=position)
        super().__init__(
            lang=lang, speed=speed, step_mode=step_mode, controls=list(controls), **kwargs
        )
        self._game = game
        self._plain = frozenset(plain)
        self._redo: list[int] = []
        self._callbacks: list[Callable[[MoveTrace], object]] = []
        self._undo_callbacks: list[Callable[[], object]] = []
        self._last: MoveTrace | None = None
        self._said: tuple[Message, str] | None = None
        self._draft: list[int] = []
        self._draft_side: Side | None = None
        self.highlight = self._check_places(highlight)
        self._new_rules()
        self._sync()
        self.on_msg(self._on_msg)

    # Reading ---------------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The current position (the engine's, not the editor's draft)."""
        return self._game.position

    @position.setter
    def position(self, position: Position) -> None:
        self.reset(position)

    @property
    def game(self) -> Game:
        """The game played on this board so far (read it; change it through the board)."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        """Show a whole game (e.g. one loaded from a record), at its last position."""
        rules_changed = game.rules != self._game.rules
        self._game = game
        self._redo.clear()
        self._last = None
        self._stop_editing()
        if rules_changed:
            self._new_rules()
        self._reset_view()

    @property
    def rules(self) -> Rules:
        return self._game.rules

    @property
    def locked(self) -> bool:
        """True while new moves are refused (see :meth:`lock`)."""
        return self._lock is not None

    # Playing ---------------------------------------------------------------------------------
    def play(self, pit: int | str) -> MoveTrace:
        """Play ``pit`` (1..6 from the mover's left, or ``"S3"``/``"N5"``) with animation.

        Raises :class:`~mangala_edu.IllegalMoveError` and changes nothing when the move
        cannot be played (a click explains instead: see :meth:`click`).
        """
        if self.editing:
            raise IllegalMoveError("error.editing")
        self._check_unlocked()
        trace = self.position.trace(pit)
        self._redo.clear()
        return self._apply(trace)

    def click(
        self, side: str, pit: int | str, *, remove: bool = False, busy: bool = False
    ) -> MoveTrace | None:
        """What a click on ``side``'s pit ``pit`` does (``pit`` 0 or ``"store"``: the store).

        Plays the pit when it can be played and returns the trace; otherwise sets
        :attr:`message` in the learner's language, changes nothing and returns ``None``.
        In the editor a click adds a stone (``remove=True``: takes one away). ``busy`` says
        that an animation was running (the JavaScript sends it); such a click is refused.
        Never raises.
        """
        g = self.rules.geometry
        try:
            if busy:
                raise IllegalMoveError("error.busy")
            number = 0 if pit == "store" else pit
            if not is_side(side) or not isinstance(number, int) or not 0 <= number <= g.pits:
                raise PositionError(
                    "error.not_a_place", value=f"{side} {pit}", pits=g.pits, last=g.size - 1
                )
            place = g.index(side, number)
            if self.editing:
                if remove:
                    self.remove_stone(place)
                else:
                    self.add_stone(place)
                return None
            return self.play(g.name(place))
        except MangalaError as error:
            self._say(error)
            return None

    def show(self, moves: Iterable[int | str]) -> list[MoveTrace]:
        """ "Show me" mode: play ``moves`` one after another, each animated in turn.

        Every move is checked first: if one cannot be played, :class:`IllegalMoveError`
        names it and nothing is played.
        """
        if self.editing:
            raise IllegalMoveError("error.editing")
        self._check_unlocked()
        pos = self.position
        # The family's games stop on a repeated position: check the moves on a copy of the
        # game, which sees the history.
        trial = None
        if self.rules.repetition_end:
            trial = Game(start=self._game.positions[0])
            for played in self._game.moves:
                trial.push(played)
        traces = []
        for ply, pit in enumerate(moves, start=1):
            try:
                trace = pos.trace(pit)
                if trial is not None:
                    trial.push(pit)
            except IllegalMoveError as exc:
                raise IllegalMoveError("record.illegal", ply=ply, pit=pit, reason=exc) from exc
            traces.append(trace)
            pos = trace.after if trial is None else trial.position
        if traces:
            self._redo.clear()
        return [self._apply(trace) for trace in traces]

    def undo(self) -> bool:
        """Take back the last move (no animation). False, with a message, if there is none.

        Allowed on a locked board too; the callbacks of :meth:`on_undo` are called after."""
        if self.editing:
            self._say(IllegalMoveError("error.editing"))
            return False
        if not self._game.moves:
            self._say(Message("error.nothing_to_undo"))
            return False
        self._redo.append(self._game.pop())
        self._last = None
        self._reset_view()
        for callback in list(self._undo_callbacks):
            callback()
        return True

    def redo(self) -> bool:
        """Play again the last move taken back (animated). False, with a message, if none."""
        if self.editing:
            self._say(IllegalMoveError("error.editing"))
            return False
        if not self._redo:
            self._say(Message("error.nothing_to_redo"))
            return False
        try:
            self._check_unlocked()
        except IllegalMoveError as error:
            self._say(error)
            return False
        self._apply(self.position.trace(self._redo.pop()))
        return True

    def reset(
        self, position: Position | None = None, *, rules: Rules | None = None, first: Side = SOUTH
    ) -> None:
        """Start again: from ``position``, or from the start of a set."""
        self.game = Game(rules or self.rules, first) if position is None else Game(start=position)

    def on_move(self, callback: Callable[[MoveTrace], object], remove: bool = False) -> None:
        """Call ``callback(trace)`` after every move played on this board (click, :meth:`play`,
        :meth:`show`, :meth:`redo`); ``remove=True`` stops calling it."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def on_undo(self, callback: Callable[[], object], remove: bool = False) -> None:
        """Call ``callback()`` after every move taken back on this board (the undo button,
        :meth:`undo`); ``remove=True`` stops calling it."""
        if remove:
            self._undo_callbacks.remove(callback)
        else:
            self._undo_callbacks.append(callback)

    def lock(self, reason: Message) -> None:
        """Refuse every new move until :meth:`unlock` (e.g. once a lesson's task is decided).

        A click then changes nothing and shows ``reason`` in the learner's language, which the
        board also shows under itself, in place of the line on how to play
        (:attr:`lock_text`); :meth:`play`, :meth:`show` raise
        :class:`~mangala_edu.IllegalMoveError` with it and :meth:`redo` refuses with it. No pit
        is marked playable meanwhile. Taking a move back (:meth:`undo`) is still possible.
        """
        self._lock = reason
        self._sync()

    def unlock(self) -> None:
        """Accept moves again (see :meth:`lock`); the message of a refused click goes too."""
        if self._lock is None:
            return
        if self._said is not None and self._said[0] == self._lock:
            self._said = None
        self._lock = None
        self._sync()

    # Step mode, from Python (a teacher's remote) ---------------------------------------------
    def next_step(self) -> None:
        """Show the next stone of the move being animated (in the browser)."""
        self.send({"type": "step", "delta": 1})

    def previous_step(self) -> None:
        """Show the previous stone of the move being animated (in the browser)."""
        self.send({"type": "step", "delta": -1})

    def finish_animation(self) -> None:
        """Jump to the end of the animation (in the browser)."""
        self.send({"type": "step", "delta": "end"})

    # The editor ------------------------------------------------------------------------------
    def edit(self) -> None:
        """Open the editor on the current position: add and remove stones, choose who moves,
        then :meth:`apply_edit` (or :meth:`cancel_edit`)."""
        if self.editing:
            return
        self._draft = list(self.position.board)
        self._draft_side = self.position.to_move
        self.editing = True
        self._said = None
        self._sync()

    def add_stone(self, place: int | str, count: int = 1) -> None:
        """Put ``count`` stones into ``place`` (a board index, or a place name such as ``"S3"``,
        ``"N5"``, ``"Sstore"``); opens the editor if needed."""
        index = self.rules.geometry.resolve(place)
        self.edit()
        self.set_stones(index, self._draft[index] + count)

    def remove_stone(self, place: int | str, count: int = 1) -> None:
        """Take ``count`` stones out of ``place``; raises PositionError if it has fewer."""
        index = self.rules.geometry.resolve(place)
        self.edit()
        if self._draft[index] < count:
            owner, number = self.rules.geometry.place(index)
            if number == 0:
                raise PositionError("error.edit_empty_store", side=SIDE_NAMES[owner])
            raise PositionError("error.edit_empty_pit", side=SIDE_NAMES[owner], pit=number)
        self.set_stones(index, self._draft[index] - count)

    def set_stones(self, place: int | str, count: int) -> None:
        """Put exactly ``count`` stones into ``place`` (opens the editor if needed)."""
        index = self.rules.geometry.resolve(place)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            owner, number = self.rules.geometry.place(index)
            raise PositionError(
                "position.negative",
                side=SIDE_NAMES[owner],
                index=number or self.rules.pits + 1,
                value=count,
            )
        self.edit()
        self._draft[index] = count
        self._said = None
        self._sync()

    def set_to_move(self, side: Side | None) -> None:
        """Choose who moves in the edited position: ``"south"``, ``"north"`` or ``None``
        (the set is over)."""
        if side is not None and not is_side(side):
            raise PositionError("position.bad_side", value=side)
        self.edit()
        self._draft_side = side
        self._said = None
        self._sync()

    def apply_edit(self) -> Position:
        """Check the edited board with the engine and start from it; the moves so far are
        forgotten. Raises :class:`~mangala_edu.PositionError` (the editor stays open) when it
        is not a position."""
        if not self.editing:
            return self.position
        position = Position(self._draft, self._draft_side, self.rules, self.position.tuzdiks)
        self._game = Game(start=position)
        self._redo.clear()
        self._last = None
        self._stop_editing()
        self._reset_view()
        self._say(Message("widget.edited"), kind="info")
        return position

    def cancel_edit(self) -> None:
        """Close the editor without changing the position."""
        if self.editing:
            self._stop_editing()
            self._reset_view()

    @property
    def over_text(self) -> Message:
        """The line under the board once the set (or game) is over, in place of how to play:
        "the set is over", or what its host puts there (how to start the next one: the match
        view names its button)."""
        if self._over_text is not None:
            return self._over_text
        from ..games import GAME, unit_of

        game = unit_of(self.rules) == GAME
        return Message("widget.hint_over_game" if game else "widget.hint_over")

    @over_text.setter
    def over_text(self, text: Message | None) -> None:
        self._over_text = text
        self._sync()

    # Internals -------------------------------------------------------------------------------
    _lock: Message | None = None
    _over_text: Message | None = None

    def _check_unlocked(self) -> None:
        """Raise the lock's reason when the board is locked (see :meth:`lock`)."""
        if self._lock is not None:
            raise IllegalMoveError(self._lock.key, **self._lock.params)

    def _apply(self, trace: MoveTrace) -> MoveTrace:
        """A checked move: record it, send it to the JavaScript, then the new state; returns
        the move's trace as the game played it."""
        # The game's trace: the family's games stop on a repeated position (the game sees it,
        # not the position), and its trace says so, with the share-out.
        trace = self._game.push(trace.pit)
        self._last = trace
        self._said = None
        message: dict[str, object] = {
            "type": "play",
            "trace": trace.to_dict(),
            "captions": trace_captions(trace, self.lang, self._plain),
        }
        if self.rules.tuzdik:  # Toguz Korgool: the tuzdiks before the move
            message["tuzdiks"] = _tuzdiks(trace.before)
        self.send(message)
        self._sync()
        for callback in list(self._callbacks):
            callback(trace)
        return trace

    def _reset_view(self) -> None:
        self._said = None
        self.send({"type": "reset"})
        self._sync()

    def _stop_editing(self) -> None:
        self.editing = False
        self._draft = []
        self._draft_side = None

    def _new_rules(self) -> None:
        self.geometry = dict(board_layout(self.rules))
        self.frame = widget_frame(self.rules, self.lang)

    def _say(self, what: Message | MangalaError, kind: str = "error") -> None:
        """Show ``what`` under the board (``kind``: ``"error"`` or ``"info"``)."""
        self._said = (what.said if isinstance(what, MangalaError) else what, kind)
        self._sync()

    def _sync(self) -> None:
        """Copy the state into the synced traitlets (in one message)."""
        lang = self.lang
        pos = self.position
        with self.hold_sync():
            if self.editing:
                self.board = list(self._draft)
                self.to_move = self._draft_side
                self.legal = []
                self.status = ""
            else:
                self.board = list(pos.board)
                self.to_move = pos.to_move
                self.legal = [] if self._lock is not None else list(pos.legal_moves)
                self.status = status_text(pos, lang)
            self.tuzdiks = _tuzdiks(pos)
            self.caption = outcome_caption(self._last, lang, self._plain) if self._last else ""
            said, kind = self._said or (None, "")
            self.message, self.message_kind = (said.text(lang) if said else ""), kind
            self.lock_text = "" if self._lock is None else self._lock.text(lang)
            self.can_undo = bool(self._game.moves) and not self.editing
            self.can_redo = bool(self._redo) and not self.editing
            texts: dict[str, object] = {key: t(key, lang) for key in _TEXT_KEYS}
            texts.update({key: forms(key, lang) for key in _PLURAL_KEYS})
            texts["widget.hint"] = t("widget.hint", lang, pits=min(self.rules.pits, 9))
            if self.rules.forced_leftmost:  # Mangala IV: the mover has no choice
                texts["widget.hint"] = t("widget.hint_forced", lang)
            if pos.is_over and not self.editing:  # not "click to play" once it is over
                texts["widget.hint"] = self.over_text.text(lang)
            self.texts = texts

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict) -> None:
        if getattr(self, "_game", None) is not None:
            self.frame = widget_frame(self.rules, self.lang)
            self._sync()

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        """A message from the JavaScript (see the module's docstring), routed by its type
        through :attr:`_ROUTES`; a refused action is shown, never raised."""
        if not isinstance(content, dict):
            return
        route = self._ROUTES.get(str(content.get("type")))
        if route is None:
            return
        try:
            route(self, content)
        except MangalaError as error:
            self._say(error)

    def _msg_click(self, content: dict) -> None:
        self.click(
            str(content.get("side")),
            content.get("pit", -1),
            remove=bool(content.get("remove")),
            busy=bool(content.get("busy")),
        )

    def _msg_edit(self, content: dict) -> None:
        action = self._EDIT_ACTIONS.get(str(content.get("action")))
        if action is not None:
            action(self, content)

    _EDIT_ACTIONS: ClassVar[dict[str, Callable[[Board, dict], object]]] = {
        "start": lambda board, _: board.edit(),
        "apply": lambda board, _: board.apply_edit(),
        "cancel": lambda board, _: board.cancel_edit(),
        "to_move": lambda board, content: board.set_to_move(content.get("side")),
    }
    _ROUTES: ClassVar[dict[str, Callable[[Board, dict], object]]] = {
        "click": _msg_click,
        "undo": lambda board, _: board.undo(),
        "redo": lambda board, _: board.redo(),
        "edit": _msg_edit,
    }

    # Display ---------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live board, with a still picture of it (an ``<img>``, shown even in a notebook
        that is not trusted) for pages that cannot run widgets, under a line that says to run
        the notebook."""
        bundle = super()._repr_mimebundle_(**kwargs)
        still = {
            "text/html": run_notice(self.lang)
            + board_img(self.position, lang=self.lang, highlight=self.highlight)
        }
        if isinstance(bundle, tuple) and bundle and isinstance(bundle[0], dict):
            return ({**bundle[0], **still}, *bundle[1:])
        if isinstance(bundle, dict):
            return {**bundle, **still}
        return bundle

    def __repr__(self) -> str:
        return f"Board({self.position!r}, lang={self.lang!r})"

    def _check_places(self, places: Iterable[int | str]) -> list[int]:
        return [self.rules.geometry.resolve(p) for p in places]
