"""The live Dokuz Taş board: click the points, watch the stones being placed, slid, flown and
taken.

:class:`DokuzTasBoard` is an anywidget, built like Mangala's :class:`~mangala_edu.widgets.Board`:
the JavaScript in ``widget.js`` draws the board (the picture of :func:`.picture.board_svg`) and
animates the turns' traces; every rule is decided here, in Python, by the engine. The
JavaScript sends clicks on points; this class turns them into turn strings:

- placing: a click on an empty point places a stone there (``d6``);
- moving: a click on one of the mover's stones selects it (its legal targets are shown; with
  three stones and flying on, every empty point), a click on a target moves it (``a1-a4``);
  a click on the selected stone again (or Escape) lets it go;
- when the stone placed or moved closes a mill, the turn is not played yet: the opponent's
  stones that may be taken are marked (those standing in mills differently, with a word on
  why they may not be taken) and a click on one completes the turn (``d6xd7``,
  ``a1-a4xg7``); Escape takes the half turn back.

A click that cannot be played changes nothing and says why in the board's language (its
catalogue key is :attr:`DokuzTasBoard.message_key`); it never raises. A lesson may
:meth:`~DokuzTasBoard.lock` the board (a task that is decided, a demonstration played by its
buttons): every click then only says why, until :meth:`~DokuzTasBoard.unlock`. The same class
works without a browser, which is how the tests use it:

>>> board = DokuzTasBoard(lang="en")
>>> for point in ("d6", "b4", "d7", "b6", "d5"):
...     _ = board.click(point)
>>> board.mode, board.takeable
('remove', ['b4', 'b6'])
>>> board.click("d6")                    # one's own stone: refused, nothing changes
>>> board.message_key, board.mode
('dokuz_tas.error.remove_own', 'remove')
>>> board.click("b4").turn, board.game.turns[-1]
('d5xb4', 'd5xb4')
>>> board.undo(), board.game.turns
(True, ('d6', 'b4', 'd7', 'b6'))

How Python and the JavaScript talk (anywidget custom messages, JSON):

- JavaScript -> Python: ``{"type": "click", "point": "d6"}``, ``{"type": "cancel"}`` (Escape),
  ``{"type": "undo"}``, ``{"type": "new_game"}``.
- Python -> JavaScript: ``{"type": "play", "trace": TurnTrace.to_dict(), "before": board,
  "captions": [...], "skip": k}`` (a turn to animate from its event ``k``: the events before
  were shown already, when the stone closed a mill and waited for the removal; a half turn is
  sent the same way with the events up to its mills), ``{"type": "reset"}`` (stop animating,
  draw the state).
- The state (the board, the mode, the points to mark, every text in the board's language) is
  in synced traitlets, so the JavaScript only draws what it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from ..engine.errors import MangalaError
from ..i18n import LANGUAGES, Message, t
from .board import COLOURS, POINT_NAMES, Colour, parse_point, point_name
from .errors import IllegalTurnError, PositionError
from .game import Game
from .notation import parse_turn
from .picture import (
    QUIET_WARNING,
    board_img,
    board_layout,
    board_string,
    counts_text,
    panel_texts,
    status_text,
    widget_frame,
)
from .position import Position
from .trace import EventKind, Phase, TurnTrace, colour_name

_HERE = Path(__file__).parent

#: The events shown before a removal is chosen: the stone's step and the mills it closes.
_STEP_KINDS = (EventKind.PLACE, EventKind.SLIDE, EventKind.FLY, EventKind.MILL)

#: Catalogue keys the JavaScript needs (sent in the ``texts`` traitlet).
_TEXT_KEYS = (
    "dokuz_tas.board.label",
    "dokuz_tas.board.in_hand",
    "dokuz_tas.board.on_board",
    "dokuz_tas.widget.controls",
    "dokuz_tas.widget.new_game",
    "widget.undo",
    "widget.speed",
)

MODES = ("place", "pick", "target", "remove", "wait", "over", "locked")
"""What a click does now: place a stone, pick a stone to move, choose where it goes, choose
the stone to take, nothing (the side to move is not played on this board), nothing (over),
nothing (the board is locked: a click says why)."""

CONTROLS = ("undo", "new_game", "speed")
"""The buttons under the board, in their order; a board shows those in its ``controls``."""


def _sides(human: str | Iterable[str]) -> tuple[Colour, ...]:
    sides = (human,) if isinstance(human, str) else tuple(human)
    for side in sides:
        if side not in COLOURS:
            raise PositionError("dokuz_tas.position.bad_colour", value=side)
    return tuple(c for c in COLOURS if c in sides)


class DokuzTasBoard(anywidget.AnyWidget):
    """A live Dokuz Taş board.

    Args:
        position: where to start (default: the empty board, nine stones in each hand).
        lang: ``"tr"`` (default) or ``"en"``: every word the board shows.
        flying: the flying rule, when no position is given (a position carries its own).
        human: the sides played by clicks (``"white"``, ``"black"`` or both, the default);
            the other side's turns come from Python (:meth:`play`), e.g. from ``on_turn``.
        on_turn: called as ``on_turn(trace)`` after every turn played on the board.
        speed: animation steps a second (0: no animation).
        controls: the buttons shown under the board (of :data:`CONTROLS`; a lesson's task
            shows no "New game": its own "Try again" starts it over).
        turns: turns already played from ``position`` (a game's past, e.g. a lesson's task
            about a repeated position): the board starts after them, counts how often each
            position stood, and its undo never takes them back.
    """

    _esm = _HERE / "widget.js"
    _css = _HERE / "widget.css"

    # What is drawn (Python -> JavaScript).
    board = traitlets.Unicode("." * 24).tag(sync=True)
    to_move = traitlets.Unicode("white").tag(sync=True)
    mode = traitlets.Unicode("place").tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    targets = traitlets.List(traitlets.Unicode()).tag(sync=True)
    movable = traitlets.List(traitlets.Unicode()).tag(sync=True)
    takeable = traitlets.List(traitlets.Unicode()).tag(sync=True)
    protected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    mills: traitlets.List[list] = traitlets.List().tag(sync=True)
    last = traitlets.Dict().tag(sync=True)
    panels = traitlets.Dict().tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    counts = traitlets.Unicode("").tag(sync=True)
    counts_warning = traitlets.Bool(False).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("").tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    controls = traitlets.List(traitlets.Unicode(), list(CONTROLS)).tag(sync=True)
    geometry = traitlets.Dict().tag(sync=True)
    frame = traitlets.Unicode("").tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    # Settings (either side may change them).
    lang = traitlets.Enum(LANGUAGES, default_value="tr").tag(sync=True)
    speed = traitlets.Float(2.5, min=0.0, max=20.0).tag(sync=True)

    def __init__(
        self,
        position: Position | None = None,
        *,
        lang: str = "tr",
        flying: bool = True,
        human: str | Iterable[str] = COLOURS,
        on_turn: Callable[[TurnTrace], object] | None = None,
        speed: float = 2.5,
        controls: Iterable[str] = CONTROLS,
        turns: Iterable[str] = (),
        **kwargs: Any,
    ) -> None:
        shown = [c for c in CONTROLS if c in tuple(controls)]
        super().__init__(lang=lang, speed=speed, controls=shown, **kwargs)
        self._flying = flying if position is None else position.flying
        self._game = Game(position, turns, flying=self._flying)
        self._fixed = len(self._game.turns)  # the given turns: undo stops there
        self._human = _sides(human)
        self._callbacks: list[Callable[[TurnTrace], object]] = []
        self._undo_callbacks: list[Callable[[], object]] = []
        self._lock: Message | None = None
        self.waiting: Message | None = None
        """What the line under the board says while the side to move is not played by clicks
        (default: whose turn it is), e.g. that the computer is thinking."""
        self.undo_refused: Message | None = None
        """Why undo is refused now (``None``: it is not): the owner of the board sets it, e.g.
        a game whose computer made the first turn. A half turn can always be taken back."""
        if on_turn is not None:
            self._callbacks.append(on_turn)
        self._origin: int | None = None
        self._half: tuple[int | None, int] | None = None  # (origin, target) awaiting a removal
        self._last: TurnTrace | None = self._last_trace()
        self._to_announce: list[TurnTrace] = []
        self._announcing = False
        self._said: tuple[Message, str] | None = None
        self.geometry = board_layout()
        self.frame = widget_frame(self.lang)
        self._sync()
        self.on_msg(self._on_msg)

    # Reading -----------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The current position (a half turn waiting for its removal is not played yet)."""
        return self._game.position

    @position.setter
    def position(self, position: Position) -> None:
        self.reset(position)

    @property
    def game(self) -> Game:
        """The game played on this board (read it; change it through the board)."""
        return self._game

    @property
    def human(self) -> tuple[Colour, ...]:
        """The sides played by clicks (a game against the computer sets it when the pupil
        changes colour)."""
        return self._human

    @human.setter
    def human(self, human: str | Iterable[str]) -> None:
        self._human = _sides(human)
        self._sync()

    @property
    def message_key(self) -> str:
        """The catalogue key of the message under the board (``""``: none)."""
        return "" if self._said is None else self._said[0].key

    @property
    def pending(self) -> str:
        """The turn chosen so far by clicks and not played yet: ``""``, a selected stone
        (``"a1-"``) or a stone step that closed a mill (``"a1-a4x"``, ``"d6x"``)."""
        if self._half is not None:
            origin, target = self._half
            head = "" if origin is None else point_name(origin) + "-"
            return f"{head}{point_name(target)}x"
        return "" if self._origin is None else point_name(self._origin) + "-"

    # Playing -----------------------------------------------------------------------------
    def play(self, turn: str) -> TurnTrace:
        """Play ``turn`` (``"d6"``, ``"a1-a4xg7"``) from Python, animated; any half turn made
        by clicks is dropped. Raises :class:`~.errors.IllegalTurnError` and changes nothing
        when it cannot be played (a click explains instead: see :meth:`click`)."""
        trace = self._game.push(turn)
        self._origin = self._half = None
        return self._played(trace, skip=0)

    def click(self, point: str | int) -> TurnTrace | None:
        """What a click on ``point`` (a name or a number) does, as the module says: returns
        the turn's trace when the click completes a turn, else ``None``. A click that cannot
        be played sets :attr:`message` (and :attr:`message_key`) and changes nothing. Never
        raises."""
        try:
            return self._click(point)
        except MangalaError as error:
            self._say(error.said)
            return None

    def cancel(self) -> None:
        """Let go of a selected stone, or take back a stone step waiting for its removal."""
        had = self._origin is not None or self._half is not None
        self._origin = self._half = None
        self._said = None
        if had:
            self.send({"type": "reset"})
        self._sync()

    def undo(self) -> bool:
        """Take back the last turn (a half turn first, if there is one). False, with a
        message, when there is nothing to take back."""
        if self._half is not None or self._origin is not None:
            self.cancel()
            return True
        if self.undo_refused is not None:
            self._say(self.undo_refused)
            return False
        if len(self._game.turns) <= self._fixed:
            self._say(Message("error.nothing_to_undo"))
            return False
        self._game.pop()
        self._last = self._last_trace()
        self._said = None
        self.send({"type": "reset"})
        self._sync()
        for callback in list(self._undo_callbacks):
            callback()
        return True

    def reset(self, position: Position | None = None, turns: Iterable[str] = ()) -> None:
        """Start again: from ``position``, or from the start (the board's flying rule), with
        ``turns`` played (as the constructor's: undo never takes them back).

        >>> board = DokuzTasBoard(lang="en")
        >>> board.reset(None, ["d6", "d2"])
        >>> board.undo(), board.message, board.game.turns
        (False, 'There is no move to undo.', ('d6', 'd2'))
        """
        if position is not None:
            self._flying = position.flying
        self._game = Game(position, turns, flying=self._flying)
        self._fixed = len(self._game.turns)
        self._origin = self._half = None
        self._last = self._last_trace()
        self._said = None
        self.send({"type": "reset"})
        self._sync()

    def on_turn(self, callback: Callable[[TurnTrace], object], remove: bool = False) -> None:
        """Call ``callback(trace)`` after every turn played on the board (clicks and
        :meth:`play`); ``remove=True`` stops calling it. A callback may :meth:`play` the next
        turn (a computer player)."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def on_undo(self, callback: Callable[[], object], remove: bool = False) -> None:
        """Call ``callback()`` after every whole turn taken back (:meth:`undo`, the undo
        button); ``remove=True`` stops calling it."""
        if remove:
            self._undo_callbacks.remove(callback)
        else:
            self._undo_callbacks.append(callback)

    @property
    def locked(self) -> bool:
        """True while the board is locked (see :meth:`lock`)."""
        return self._lock is not None

    def lock(self, reason: Message) -> None:
        """Refuse every click until :meth:`unlock`: a click changes nothing and shows
        ``reason``, which also stands under the board in place of the line on what a click
        does; no point is marked playable. A half turn made by clicks is dropped. Turns
        played from Python (:meth:`play`: a demonstration's) and :meth:`undo` still work.

        >>> board = DokuzTasBoard(lang="en")
        >>> board.lock(Message("dokuz_tas.lesson.demo_board"))
        >>> board.hint
        'This is a demonstration: play its turns with the buttons above the board.'
        >>> board.click("d6"), board.mode, board.game.turns
        (None, 'locked', ())
        >>> board.message, board.hint
        ('This is a demonstration: play its turns with the buttons above the board.', '')
        >>> board.unlock(); board.click("d6").turn
        'd6'
        """
        had = self._origin is not None or self._half is not None
        self._lock = reason
        self._origin = self._half = None
        if had:
            self.send({"type": "reset"})
        self._sync()

    def unlock(self) -> None:
        """Accept clicks again (see :meth:`lock`); the message of a refused click goes too."""
        if self._lock is None:
            return
        if self._said is not None and self._said[0] == self._lock:
            self._said = None
        self._lock = None
        self._sync()

    # Clicks ------------------------------------------------------------------------------
    def _legal(self) -> list[tuple[int | None, int, int | None]]:
        return [tuple(parse_turn(m)) for m in self._game.legal_moves]  # type: ignore[misc]

    def _click(self, point: str | int) -> TurnTrace | None:
        p = parse_point(point) if isinstance(point, str) else parse_point(point_name(point))
        name = point_name(p)
        if self._lock is not None:
            self._say(self._lock, "info")
            return None
        pos = self.position
        outcome = self._game.outcome
        if outcome is not None:
            raise IllegalTurnError("dokuz_tas.error.over", why=outcome.said)
        mover = pos.to_move
        if mover not in self._human:
            raise IllegalTurnError("dokuz_tas.widget.not_human", colour=colour_name(mover))
        legal = self._legal()
        if self._half is not None:
            origin, target = self._half
            if p == target:  # the stone just placed or moved, again: take the step back
                self.cancel()
                return None
            head = "" if origin is None else point_name(origin) + "-"
            turn = f"{head}{point_name(target)}x{name}"
            if (origin, target, p) not in legal:
                # The engine says why (one's own stone, an empty point, a stone in a mill).
                pos.play(turn)
            return self._finish(turn)
        if pos.in_hand(mover):
            return self._step(None, p, legal, name)
        if self._origin is None:
            self._pick(p, legal, mover)
            return None
        if p == self._origin:  # the selected stone again: let it go
            self.cancel()
            return None
        if pos.at(name) == mover and any(o == p for o, _, _ in legal):
            self._origin = p  # another stone of one's own: choose it instead
            self._said = None
            self._sync()
            return None
        return self._step(self._origin, p, legal, f"{point_name(self._origin)}-{name}")

    def _pick(self, p: int, legal: list[tuple[int | None, int, int | None]], mover: Colour) -> None:
        name = point_name(p)
        owner = self.position.at(name)
        if owner != mover:
            key = (
                "dokuz_tas.error.origin_empty" if owner is None else "dokuz_tas.error.origin_other"
            )
            raise IllegalTurnError(key, point=name, colour=colour_name(mover))
        if not any(o == p for o, _, _ in legal):
            raise IllegalTurnError("dokuz_tas.widget.stuck", point=name)
        self._origin = p
        self._said = None
        self._sync()

    def _step(
        self,
        origin: int | None,
        target: int,
        legal: list[tuple[int | None, int, int | None]],
        turn: str,
    ) -> TurnTrace | None:
        """A stone placed or moved to ``target``: played at once, or (a mill) waiting for
        the stone to take."""
        if (origin, target, None) in legal:
            return self._finish(turn)
        removals = [r for o, t_, r in legal if o == origin and t_ == target and r is not None]
        if not removals:
            self.position.play(turn)  # raises, saying which rule the click breaks
            raise IllegalTurnError("dokuz_tas.error.bad_turn", value=turn)  # pragma: no cover
        self._origin = None
        self._half = (origin, target)
        self._said = None
        # Show the step and its mills now (the trace of the turn with any of its removals).
        trace = self.position.trace(f"{turn}x{point_name(removals[0])}")
        shown = tuple(e for e in trace.events if e.kind in _STEP_KINDS)
        self.send(
            {
                "type": "play",
                "trace": {**trace.to_dict(), "events": [e.to_dict() for e in shown]},
                "before": board_string(self.position),
                "captions": [e.said.text(self.lang) for e in shown],
                "skip": 0,
                "half": True,
            }
        )
        self._sync()
        return None

    def _finish(self, turn: str) -> TurnTrace:
        skip = 0
        if self._half is not None:  # the step and the mills were shown already
            skip = sum(1 for e in self.position.trace(turn).events if e.kind in _STEP_KINDS)
        trace = self._game.push(turn)
        self._origin = self._half = None
        return self._played(trace, skip)

    def _played(self, trace: TurnTrace, skip: int) -> TurnTrace:
        self._last = trace
        self._said = None
        self.send(
            {
                "type": "play",
                "trace": trace.to_dict(),
                "before": board_string(trace.before),
                "captions": [e.said.text(self.lang) for e in trace.events],
                "skip": skip,
            }
        )
        self._sync()
        # A callback may play the next turn: the callbacks see every turn in order.
        self._to_announce.append(trace)
        if not self._announcing:
            self._announcing = True
            try:
                while self._to_announce:
                    played = self._to_announce.pop(0)
                    for callback in list(self._callbacks):
                        callback(played)
            finally:
                self._announcing = False
        return trace

    def _say(self, what: Message, kind: str = "error") -> None:
        self._said = (what, kind)
        self._sync()

    # The state -----------------------------------------------------------------------------
    def _mode(self) -> str:
        pos = self.position
        if self._game.outcome is not None:
            return "over"
        if self._lock is not None:
            return "locked"
        if pos.to_move not in self._human:
            return "wait"
        if self._half is not None:
            return "remove"
        if pos.in_hand(pos.to_move):
            return "place"
        return "pick" if self._origin is None else "target"

    def _sync(self) -> None:
        """Copy the state into the synced traitlets (in one message)."""
        lang = self.lang
        pos = self.position
        mode = self._mode()
        legal = self._legal() if mode not in ("wait", "over", "locked") else []
        mover = pos.to_move
        board = board_string(pos)
        targets: list[int] = []
        movable: list[int] = []
        takeable: list[int] = []
        protected: list[int] = []
        mills: list[list[str]] = []
        hands = (pos.in_hand("white"), pos.in_hand("black"))
        captions = [e.said for e in self._last.events] if self._last else []
        if mode == "place":
            targets = sorted({t_ for _, t_, _ in legal})
        elif mode == "pick":
            movable = sorted({o for o, _, _ in legal if o is not None})
        elif mode == "target":
            targets = sorted({t_ for o, t_, _ in legal if o == self._origin})
            movable = sorted({o for o, _, _ in legal if o is not None})
        elif mode == "remove" and self._half is not None:
            origin, target = self._half
            takeable = sorted({r for o, t_, r in legal if (o, t_) == self._half and r is not None})
            head = "" if origin is None else point_name(origin) + "-"
            trace = pos.trace(f"{head}{point_name(target)}x{point_name(takeable[0])}")
            shown = [e for e in trace.events if e.kind in _STEP_KINDS]
            board, hands = shown[-1].board, shown[-1].hands
            captions = [e.said for e in shown]
            mills = [list(line.split("-")) for line in trace.mills]
            opponent = "B" if mover == "white" else "W"
            protected = [q for q, c in enumerate(board) if c == opponent and q not in takeable]
        names = POINT_NAMES
        outcome = self._game.outcome
        with self.hold_sync():
            self.board = board
            self.to_move = mover
            self.mode = mode
            self.selected = "" if self._origin is None else names[self._origin]
            self.targets = [names[q] for q in targets]
            self.movable = [names[q] for q in movable]
            self.takeable = [names[q] for q in takeable]
            self.protected = [names[q] for q in protected]
            self.mills = mills
            self.last = self._last_marks()
            panels = panel_texts(pos, lang)
            if outcome is not None:
                for texts in panels.values():
                    texts["active"] = False
            for colour, hand in zip(COLOURS, hands, strict=True):  # a half turn's stone is out
                panels[colour]["hand"] = hand
                panels[colour]["hand_text"] = t("dokuz_tas.board.in_hand", lang, count=hand)
            self.panels = panels
            self.labels = self._labels(board, mode)
            self.status = status_text(pos, lang, outcome)
            occurrences = self._game.occurrences()
            won = outcome is not None and outcome.winner is not None
            self.counts = "" if won else counts_text(pos, lang, occurrences)
            self.counts_warning = pos.quiet >= QUIET_WARNING or occurrences >= 2
            self.caption = " ".join(m.text(lang) for m in captions)
            said, kind = self._said or (None, "")
            # A refused click on a locked board says the lock's reason once: there, not here.
            refused = mode == "locked" and said is not None and said == self._lock
            self.hint = "" if refused else self._hint(mode, pos, takeable, protected).text(lang)
            self.message, self.message_kind = (said.text(lang) if said else ""), kind
            self.can_undo = len(self._game.turns) > self._fixed or self._half is not None
            texts = {key: t(key, lang) for key in _TEXT_KEYS}
            self.texts = texts

    def _last_trace(self) -> TurnTrace | None:
        """The trace of the game's last turn (``None`` before the first)."""
        traces = tuple(self._game.traces())
        return traces[-1] if traces else None

    def _last_marks(self) -> dict[str, object]:
        """The last turn's points, marked on the board: where the stone came from and went,
        and the point whose stone was taken."""
        trace = self._last
        if trace is None or self._half is not None:
            return {}
        turn = parse_turn(trace.turn)
        return {
            "origin": None if turn.origin is None else point_name(turn.origin),
            "target": point_name(turn.target),
            "removed": None if turn.removal is None else point_name(turn.removal),
        }

    def _hint(self, mode: str, pos: Position, takeable: list[int], protected: list[int]) -> Message:
        """The line under the board: what a click does now."""
        mover = colour_name(pos.to_move)
        if mode in ("locked", "over") and self._lock is not None:
            return self._lock  # a lesson's board says its own reason, never "New game"
        if mode == "over":
            return Message("dokuz_tas.hint.over")
        if mode == "wait":
            return self.waiting or Message("dokuz_tas.hint.wait", colour=mover)
        if mode == "place":
            return Message("dokuz_tas.hint.place", colour=mover)
        flying = pos.phase(pos.to_move) == Phase.FLYING
        if mode == "pick":
            key = "dokuz_tas.hint.pick_fly" if flying else "dokuz_tas.hint.pick"
            return Message(key, colour=mover)
        if mode == "target":
            key = "dokuz_tas.hint.target_fly" if flying else "dokuz_tas.hint.target"
            return Message(key, point=self.selected or "")
        if protected:
            names = ", ".join(point_name(q) for q in protected)
            return Message("dokuz_tas.hint.remove_protected", points=names, count=len(protected))
        opponent = COLOURS[1 - COLOURS.index(pos.to_move)]
        if takeable and pos.mills(opponent):  # none protected, yet mills: all stand in mills
            return Message("dokuz_tas.hint.remove_all_in_mills", colour=colour_name(opponent))
        return Message("dokuz_tas.hint.remove")

    def _labels(self, board: str, mode: str) -> dict[str, str]:
        """Each point's accessible name: the point, what stands on it, what a click does."""
        lang = self.lang
        out = {}
        marks = {
            **{q: "dokuz_tas.label.target" for q in self.targets},
            **{q: "dokuz_tas.label.movable" for q in self.movable},
            **{q: "dokuz_tas.label.takeable" for q in self.takeable},
            **{q: "dokuz_tas.label.protected" for q in self.protected},
        }
        if self.selected:
            marks[self.selected] = "dokuz_tas.label.selected"
        for q, name in enumerate(POINT_NAMES):
            char = board[q]
            if char == ".":
                text = t("dokuz_tas.label.empty", lang, point=name)
            else:
                colour = colour_name("white" if char == "W" else "black")
                text = t("dokuz_tas.label.stone", lang, point=name, colour=colour)
            if name in marks:
                text += " " + t(marks[name], lang)
            out[name] = text
        return out

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict) -> None:
        if getattr(self, "_game", None) is not None:
            self.frame = widget_frame(self.lang)
            self._sync()

    # Messages from the JavaScript -------------------------------------------------------------
    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        """A message from the JavaScript, routed by its type; a refusal is shown, never
        raised."""
        if not isinstance(content, dict):
            return
        route = self._ROUTES.get(str(content.get("type")))
        if route is None:
            return
        try:
            route(self, content)
        except MangalaError as error:
            self._say(error.said)

    _ROUTES: ClassVar[dict[str, Callable[[DokuzTasBoard, dict], object]]] = {
        "click": lambda board, content: board.click(str(content.get("point"))),
        "cancel": lambda board, _: board.cancel(),
        "undo": lambda board, _: board.undo(),
        "new_game": lambda board, _: board.reset(),
    }

    # Display -----------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live board, with a still picture of it for pages that cannot run widgets."""
        from ..widgets.feedback import run_notice

        bundle = super()._repr_mimebundle_(**kwargs)
        still = {
            "text/html": run_notice(self.lang)
            + board_img(
                self.position,
                lang=self.lang,
                occurrences=self._game.occurrences(),
                outcome=self._game.outcome,
            )
        }
        if isinstance(bundle, tuple) and bundle and isinstance(bundle[0], dict):
            return ({**bundle[0], **still}, *bundle[1:])
        if isinstance(bundle, dict):
            return {**bundle, **still}
        return bundle

    def __repr__(self) -> str:
        return f"DokuzTasBoard({self.position!r}, lang={self.lang!r})"


__all__ = ["MODES", "DokuzTasBoard"]
