"""Play a whole game of Dokuz Taş: against the computer at a chosen level, or with a classmate.

:class:`DokuzTasPlay` puts the live board (:class:`~.widget.DokuzTasBoard`) together with
everything a game needs: a choice of opponent (the four levels of :mod:`.search`, or a
classmate on the same screen) and of colour (White moves first), a **New game** button; the
computer's answers, played on the board so that they are animated (also its first turn when it
has White); a line above the board that says whose turn it is and what to do (place, move,
fly, take), and at the end who won and why; a **Hint** button (the expert's best turn, with
the endgame tables' exact verdict when they are built, shown on a small board with a sentence
why); the board's undo (against the computer it takes back your turn and the computer's answer
together); and, once the game is over, a look back over it: every turn, numbered, and each
position again, turn by turn.

The kernel is never blocked for long: the computer searches within its level's budget (from
0.05 s at *kolay* to 2.5 s at *usta*) and a hint takes about a second. With a ``seed``
everything is reproducible: the computer and the hints count positions searched instead of
seconds (:data:`~.search.NODES_PER_SECOND` a second), and never read the endgame tables.

Driven from Python exactly as by clicks (this is how the tests use it):

>>> play = DokuzTasPlay(level="kolay", colour="white", seed=1, lang="en")
>>> play
DokuzTasPlay(level='kolay', colour='white', turns=0, lang='en')
>>> play.info_text
'Your turn (White, turn 1): place a stone on an empty point (you have 9 stones in hand).'
>>> _ = play.human_turn("d6")            # the computer answers at once
>>> play.game.turns
('d6', 'a7')
>>> play.info_text
'The computer played a7. Your turn (White, turn 3): place a stone on an empty point
 (you have 8 stones in hand).'
>>> hint = play.hint()                   # shown under the board, on a small picture
>>> hint.turn in play.position.legal_moves
True
>>> print(hint.text("en"))
Hint: d2. The computer looked 5 turns ahead: this is the best turn it found.
>>> play.undo(), play.game.turns         # your turn and the computer's answer
(True, ())
>>> play.info_text
"Your turn d6 and the computer's answer a7 were taken back. Your turn (White, turn 1): ..."
>>> play.human_turn("d9")
Traceback (most recent call last):
...
mangala_edu.dokuz_tas.errors.IllegalTurnError: ... / There is no point d9 on the board: ...
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from ..engine.errors import IllegalMoveError, MangalaError
from ..i18n import Message, language_from_folder, t
from ..widgets.feedback import FEEDBACK_STYLE, StillPicture, feedback_box
from .board import ALL_POINTS, COLOURS, NEIGHBOUR_MASKS, Colour, point_name
from .errors import IllegalTurnError, PositionError
from .evaluate import closable
from .game import Game
from .notation import parse_turn
from .picture import board_img
from .position import Position
from .search import LEVELS, NODES_PER_SECOND, DokuzTasBackend, MoveValue, Player, get_level
from .trace import Phase, TurnTrace, colour_name
from .widget import DokuzTasBoard

__all__ = ["CLASSMATE", "HINT_SECONDS", "SETTINGS", "DokuzTasPlay", "TurnHint", "explain"]

CLASSMATE = "classmate"
"""The ``level`` that means: no computer, two players on one screen."""

SETTINGS = "settings"
"""For :meth:`DokuzTasPlay.new_game`: take the level or the colour the settings row shows."""

HINT_SECONDS = 1.0
"""The search time of a hint (a seeded game counts ``HINT_SECONDS * NODES_PER_SECOND``
positions instead)."""

_PLAY_STYLE = w.HTML("""<style>
.dt-play {container-type: inline-size;}
.dt-play .dokuz-tas-board {--dt-board-vh: 52vh;}
.dt-play-info {font-size: clamp(16px, 1.8cqw, 26px); line-height: 1.45; margin: 0.3em 0;}
.dt-play .jupyter-button.widget-button {width: auto; flex-shrink: 0;
  min-width: var(--jp-widgets-inline-width-short);}
.dt-play-hint {display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start;}
.dt-play-hint > div {flex: 1 1 320px;}
.dt-play-hint-picture {max-width: 420px;}
.dt-play-turns {list-style: none; padding: 0; margin: 0.3em 0; column-width: 15em;
  column-gap: 2em; font-size: 1.1em; line-height: 1.7;}
.dt-play-turns li {break-inside: avoid; white-space: nowrap;}
.dt-play-turns b {display: inline-block; min-width: 2.2em; text-align: right; margin-right: 0.5em;}
.dt-play-turns span {display: inline-block; min-width: 6em; font-family: monospace;
  padding: 0 0.2em;}
.dt-play-turns span.dt-play-now {background: #fff8e1; outline: 2px solid #b26a00;
  font-weight: bold;}
.dt-play-step {font-size: 1.15em; line-height: 1.5; margin: 0.3em 0;}
.dt-play-step-picture {max-width: 620px;}
</style>""")


def _other(colour: Colour) -> Colour:
    return COLOURS[1 - COLOURS.index(colour)]


# -- Hints ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnHint:
    """A hint: the turn, why (:attr:`reason`), and the exact verdict when it is known.

    Attributes:
        turn: the turn, as the RULINGS write it (``"d6"``, ``"a1-a4xg7"``).
        reason: one sentence on what the turn does.
        verdict: with the best play on both sides, who wins (``None``: not worked out).
        value: the search's value of the turn (``None`` for the only turn).
        after: the position after the turn (drawn under the board).
    """

    turn: str
    reason: Message
    verdict: Message | None
    value: MoveValue | None
    after: Position

    def text(self, lang: str | None = None) -> str:
        """The hint in words: the turn, what it does and (when known) the exact result."""
        said = t("dokuz_tas.play.hint", lang, turn=self.turn, reason=self.reason)
        return said if self.verdict is None else f"{said} {self.verdict.text(lang)}"


def _flies(position: Position, colour: Colour, bits: int) -> bool:
    return position.flying and not position.in_hand(colour) and bits.bit_count() == 3


def _threats(position: Position, colour: Colour) -> int:
    """The empty points where ``colour`` could close a mill with its next turn (a bitboard)."""
    white, black = position.bitboards
    own, opp = (white, black) if colour == "white" else (black, white)
    return closable(own, opp, position.in_hand(colour), _flies(position, colour, own))[0]


def _slides(position: Position, colour: Colour) -> int | None:
    """How many slides ``colour``'s stones have (``None`` while it places or flies)."""
    if position.phase(colour) != Phase.MOVING:
        return None
    white, black = position.bitboards
    own = white if colour == "white" else black
    empty = ALL_POINTS & ~(white | black)
    return sum((NEIGHBOUR_MASKS[p] & empty).bit_count() for p in range(24) if own >> p & 1)


def explain(position: Position, turn: str, depth: int = 0) -> Message:
    """One sentence on what ``turn`` does in ``position``: it closes a mill (and takes), it
    stops the opponent's mill, it prepares one of its own, it hems in the opponent's stones
    or keeps room for one's own (once stones slide), or (none of these) it is the best the
    computer found looking ``depth`` turns ahead.

    >>> pos = Position.from_text("WW1/3/3/B5/3/3/B2 w 3 5 0")
    >>> explain(pos, "g7xa1").text("en")
    'It closes the mill a7-d7-g7 and takes the stone on a1.'
    >>> pos = Position.from_text("WW1/3/3/6/3/3/3 b 7 9 0")
    >>> explain(pos, "g7").text("en")
    'It stops White from closing a mill on g7.'
    >>> explain(Position.start(), "d6", depth=2).text("en")
    'The computer looked 2 turns ahead: this is the best turn it found.'
    """
    trace = position.trace(turn)
    mover = position.to_move
    opponent = _other(mover)
    if trace.mills and trace.removed is not None:
        return Message("dokuz_tas.play.hint.mill", line=trace.mills[0], point=trace.removed)
    target = parse_turn(turn).target
    if _threats(position, opponent) >> target & 1 and not _threats(trace.after, opponent):
        return Message(
            "dokuz_tas.play.hint.block", colour=colour_name(opponent), point=point_name(target)
        )
    new = _threats(trace.after, mover) & ~_threats(position, mover)
    if new:
        first = (new & -new).bit_length() - 1
        return Message("dokuz_tas.play.hint.threat", point=point_name(first))
    theirs, theirs_after = _slides(position, opponent), _slides(trace.after, opponent)
    if theirs is not None and theirs_after is not None and theirs_after < theirs:
        return Message(
            "dokuz_tas.play.hint.squeeze", colour=colour_name(opponent), count=theirs_after
        )
    mine, mine_after = _slides(position, mover), _slides(trace.after, mover)
    if mine is not None and mine_after is not None and mine_after > mine:
        return Message("dokuz_tas.play.hint.room", count=mine_after)
    return Message("dokuz_tas.play.hint.ahead", count=max(1, depth))


def _verdict(value: MoveValue | None) -> Message | None:
    result = None if value is None else value.result
    if result == "win":
        return Message("dokuz_tas.play.hint.win")
    if result == "loss":
        return Message("dokuz_tas.play.hint.loss")
    if result == "draw":
        return Message("dokuz_tas.play.hint.draw")
    return None


# -- The widget -------------------------------------------------------------------------------


class DokuzTasPlay(StillPicture, w.VBox):
    """A game of Dokuz Taş on one live board, against the computer or a classmate.

    Args:
        level: the computer's level: ``"kolay"``, ``"orta"``, ``"zor"``, ``"usta"`` (or the
            English names), or ``None`` / ``"classmate"`` for two players on one screen.
        colour: the pupil's colour against the computer, ``"white"`` (moves first) or
            ``"black"``.
        seed: makes the computer and the hints reproducible (positions counted, not seconds).
        lang: ``"tr"`` or ``"en"`` (default: from the notebook's folder).
        flying: the flying rule (three stones fly; on by default).
        start: the position each game starts from (default: the empty board, nine stones in
            each hand; a teacher's endgame to play out against the computer, say).
        speed: animation steps a second (0: no animation).
    """

    def __init__(
        self,
        level: str | None = "orta",
        colour: str = "white",
        *,
        seed: int | None = None,
        lang: str | None = None,
        flying: bool = True,
        start: Position | None = None,
        speed: float = 2.5,
    ) -> None:
        self.lang = lang or language_from_folder()
        self.seed = seed
        self.start = start if start is not None else Position.start(flying)
        self._note = ""
        self._hint_backend = DokuzTasBackend()
        self._hint_rng = random.Random(None if seed is None else seed + 1)
        self._undoing = False
        self._gone = ""
        self.last_hint: TurnHint | None = None
        self.hints_used = 0
        lang = self.lang
        # Widgets.
        self.title = w.HTML("")
        self.level_choice = w.Dropdown(
            options=[
                *((lv.name(lang), key) for key, lv in LEVELS.items()),
                (t("play.classmate", lang), CLASSMATE),
            ],
            description=t("play.level", lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.colour_choice = w.Dropdown(
            options=[
                (t("dokuz_tas.play.colour_first", lang, colour=colour_name("white")), "white"),
                (colour_name("black").text(lang), "black"),
            ],
            description=t("dokuz_tas.play.colour", lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.new_button = w.Button(description=t("dokuz_tas.widget.new_game", lang), icon="refresh")
        self.info = w.HTML("")
        self.board = DokuzTasBoard(
            position=self.start, lang=lang, speed=speed, controls=("undo", "speed")
        )
        self.board.waiting = Message("play.thinking")
        self.hint_button = w.Button(description=t("play.hint_button", lang), icon="lightbulb-o")
        self.hint_box = w.HTML("")
        # The look back over the game (shown once it is over).
        self.review_title = w.HTML("")
        self.turn_list = w.HTML("")
        self.step = w.IntSlider(
            value=0,
            min=0,
            max=0,
            description=t("dokuz_tas.play.review.slider", lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="min(100%, 560px)"),
        )
        self.previous_button = w.Button(
            description=t("dokuz_tas.demo.previous", lang), icon="step-backward"
        )
        self.next_button = w.Button(description=t("dokuz_tas.demo.next", lang), icon="step-forward")
        self.step_text = w.HTML("")
        self.step_picture = w.HTML("")
        self.review_box = w.VBox(
            [
                self.review_title,
                self.turn_list,
                w.HBox(
                    [self.previous_button, self.next_button, self.step],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.step_text,
                self.step_picture,
            ]
        )
        # Wiring: every button's refusal is shown, never raised.
        self.new_button.on_click(lambda _: self._safely(self.new_game))
        self.hint_button.on_click(lambda _: self._safely(self.hint))
        self.previous_button.on_click(
            lambda _: self._safely(lambda: self.show_turn(self.step.value - 1))
        )
        self.next_button.on_click(
            lambda _: self._safely(lambda: self.show_turn(self.step.value + 1))
        )
        self.step.observe(lambda change: self._show_step(), names="value")
        self.level_choice.observe(lambda change: self._colour_matters(), names="value")
        self.board.on_turn(self._turned)
        self.board.on_undo(self._undone)
        self.board.observe(lambda _: self._refresh_info(), names="mode")
        settings = w.HBox(
            [self.level_choice, self.colour_choice, self.new_button],
            layout=w.Layout(flex_flow="row wrap", grid_gap="0.3em 1em"),
        )
        super().__init__(
            [
                FEEDBACK_STYLE,
                _PLAY_STYLE,
                self.title,
                settings,
                self.info,
                self.board,
                w.HBox([self.hint_button]),
                self.hint_box,
                self.review_box,
            ]
        )
        self.add_class("dt-play")
        self.add_class("mangala-waits")
        self.new_game(level, colour)

    # Setting up ------------------------------------------------------------------------------
    def new_game(self, level: str | None = SETTINGS, colour: str = SETTINGS) -> None:
        """Start a new game (the settings row's "New game" button does the same); ``level``
        and ``colour`` default to what the settings row shows. When the computer has White,
        it plays its first turn at once."""
        if level == SETTINGS:
            level = self.level_choice.value
        if colour == SETTINGS:
            colour = self.colour_choice.value
        if colour not in COLOURS:
            raise PositionError("dokuz_tas.position.bad_colour", value=colour)
        self.level = None if level in (None, CLASSMATE) else get_level(str(level)).key
        self.colour: Colour = colour
        self.computer: Colour | None = None if self.level is None else _other(self.colour)
        self.player = None if self.level is None else Player(self.level, seed=self.seed)
        self._hint_rng = random.Random(None if self.seed is None else self.seed + 1)
        self._hint_backend.forget()
        self.level_choice.value = self.level or CLASSMATE
        self.colour_choice.value = self.colour
        self.last_hint = None
        self.hints_used = 0
        self._note = ""
        self.hint_box.value = ""
        self.board.human = COLOURS if self.computer is None else (self.colour,)
        self.board.reset(self.start)
        self._computer_turn()
        self._refresh()

    # Playing ---------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game on the board (read it; play through the widget)."""
        return self.board.game

    @property
    def position(self) -> Position:
        """The position on the board."""
        return self.board.position

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def is_human(self, colour: Colour) -> bool:
        """True when ``colour`` is played by a person (both colours with a classmate)."""
        return colour != self.computer

    def human_turn(self, turn: str) -> TurnTrace:
        """Play ``turn`` (``"d6"``, ``"a1-a4xg7"``) for the person to move, as clicks would;
        the computer then answers at once. Raises :class:`~.errors.IllegalTurnError` and
        changes nothing when it cannot be played (a click explains instead)."""
        outcome = self.game.outcome
        if outcome is not None:
            raise IllegalTurnError("dokuz_tas.error.over", why=outcome.said)
        if not self.is_human(self.position.to_move):
            raise IllegalTurnError("play.error.not_your_turn")
        return self.board.play(turn)

    def click(self, point: str) -> TurnTrace | None:
        """A click on ``point``, as on the board (see :meth:`~.widget.DokuzTasBoard.click`):
        never raises; a refused click is explained under the board."""
        return self.board.click(point)

    def undo(self) -> bool:
        """Take back the last turn, as the board's undo button does: against the computer,
        your turn and the computer's answer together. False (and why, under the board) when
        there is nothing of yours to take back."""
        return self.board.undo()

    def hint(self) -> TurnHint:
        """The expert's turn for the side to move, with the reason, shown under the board on
        a small picture of the position after it. Takes about a second (:data:`HINT_SECONDS`;
        a seeded game counts positions), with the endgame tables' exact verdict when they are
        built (unseeded only)."""
        game = self.game
        if game.outcome is not None:
            raise IllegalTurnError("dokuz_tas.error.over", why=game.outcome.said)
        pos = game.position
        if not self.is_human(pos.to_move):
            raise IllegalMoveError("play.error.not_your_turn")
        reproducible = self.seed is not None
        choice = self._hint_backend.decide(
            pos,
            LEVELS["usta"],
            history=game.positions[:-1],
            rng=self._hint_rng,
            time_limit=None if reproducible else HINT_SECONDS,
            node_limit=int(HINT_SECONDS * NODES_PER_SECOND) if reproducible else None,
            reproducible=reproducible,
        )
        value = choice.values.get(choice.turn)
        if len(pos.legal_moves) == 1:
            reason = Message("dokuz_tas.play.hint.only")
        else:
            reason = explain(pos, choice.turn, choice.depth)
        hint = TurnHint(choice.turn, reason, _verdict(value), value, pos.play(choice.turn))
        self.last_hint = hint
        self.hints_used += 1
        self.hint_box.value = self._hint_html(hint)
        return hint

    # Looking back ----------------------------------------------------------------------------
    def turn_rows(self) -> list[tuple[int, str, str]]:
        """The game's turns as the review lists them: (number, White's turn, Black's turn);
        the RULINGS' notation, White first.

        >>> play = DokuzTasPlay(None, lang="en")
        >>> for turn in ("d6", "d2", "d7"):
        ...     _ = play.human_turn(turn)
        >>> play.turn_rows()
        [(1, 'd6', 'd2'), (2, 'd7', '')]
        """
        turns = list(self.game.turns)
        if self.start.to_move == "black":
            turns.insert(0, "…")  # White's turn before the start
        return [
            (k // 2 + 1, turns[k], turns[k + 1] if k + 1 < len(turns) else "")
            for k in range(0, len(turns), 2)
        ]

    def review_text(self) -> str:
        """The turns in one line: ``1. d6 d2 2. d7 …``."""
        return " ".join(" ".join(filter(None, (f"{n}.", a, b))) for n, a, b in self.turn_rows())

    def show_turn(self, number: int) -> None:
        """Show the position after turn ``number`` in the look back (0: the start)."""
        self.step.value = max(0, min(number, len(self.game.turns)))
        self._show_step()

    # Reading ---------------------------------------------------------------------------------
    @property
    def info_text(self) -> str:
        """The line above the board, as plain text."""
        return " ".join(part for part in (self._note, self._status()) if part)

    # Internals -------------------------------------------------------------------------------
    def _computer_turn(self) -> None:
        """When it is the computer's turn, let it choose and play on the board."""
        game, player = self.game, self.player
        if player is None or game.is_over or game.position.to_move != self.computer:
            return
        self.info.value = self._info_html(t("play.thinking", self.lang))
        turn = player.choose(game.position, game.positions[:-1])
        self.board.play(turn)  # the board announces it to _turned once this turn is done

    def _turned(self, trace: TurnTrace) -> None:
        """After every turn on the board: the computer answers, or the game ends."""
        self.hint_box.value = ""
        self.last_hint = None
        if trace.colour == self.computer:
            self._note = t("dokuz_tas.play.computer_played", self.lang, turn=trace.turn)
        else:
            self._note = ""
            self._computer_turn()
        self._refresh()

    def _undone(self) -> None:
        """After a turn taken back on the board: against the computer, the pupil's turn
        before the computer's answer goes too."""
        if self._undoing:
            return
        gone = self._gone
        if self.computer is not None and self.position.to_move == self.computer and self.game.turns:
            self._undoing = True
            try:
                answer, turn = gone, self.game.turns[-1]
                if self.board.undo():
                    self._note = t("dokuz_tas.play.undone", self.lang, turn=turn, answer=answer)
            finally:
                self._undoing = False
        else:
            self._note = ""
        self.hint_box.value = ""
        self.last_hint = None
        self._refresh()

    def _refuse_undo(self) -> Message | None:
        """Why the board's undo is refused now: against the computer that had White, its
        first turn is not the pupil's to take back."""
        played = len(self.game.turns)
        first = 1 if self.start.to_move == self.colour else 2  # the pupil's first turn
        if self.computer is not None and 0 < played < first:
            return Message("dokuz_tas.play.nothing_to_undo")
        return None

    def _colour_matters(self) -> None:
        """With a classmate both colours are played here: the colour choice is greyed."""
        self.colour_choice.disabled = self.level_choice.value == CLASSMATE

    def _task(self, pos: Position) -> Message:
        mover = pos.to_move
        if self.board.mode == "remove":
            return Message("dokuz_tas.play.task.take")
        if pos.in_hand(mover):
            return Message("dokuz_tas.play.task.place", count=pos.in_hand(mover))
        if pos.phase(mover) == Phase.FLYING:
            return Message("dokuz_tas.play.task.fly")
        return Message("dokuz_tas.play.task.move")

    def _status(self) -> str:
        lang = self.lang
        game = self.game
        outcome = game.outcome
        if outcome is not None:
            why = outcome.said
            if outcome.winner is None:
                return t("dokuz_tas.play.over.draw", lang, why=why)
            if self.computer is None:
                return t("dokuz_tas.play.over.side", lang, why=why)
            key = (
                "dokuz_tas.play.over.human"
                if outcome.winner == self.colour
                else "dokuz_tas.play.over.computer"
            )
            return t(key, lang, why=why)
        pos = game.position
        mover = pos.to_move
        number = len(game.turns) + 1
        if not self.is_human(mover):
            return t("play.thinking", lang)
        key = "dokuz_tas.play.turn" if self.computer is None else "dokuz_tas.play.your_turn"
        return t(key, lang, number=number, colour=colour_name(mover), task=self._task(pos))

    def _info_html(self, text: str) -> str:
        return (
            f'<div class="dt-play-info" role="status" aria-live="polite">{html.escape(text)}</div>'
        )

    def _title_text(self) -> str:
        if self.level is None:
            return t("dokuz_tas.play.title.classmate", self.lang)
        level = LEVELS[self.level].name(self.lang)
        return t("dokuz_tas.play.title.computer", self.lang, level=level)

    def _refresh_info(self) -> None:
        if getattr(self, "level_choice", None) is not None and hasattr(self, "colour"):
            self.info.value = self._info_html(self.info_text)

    def _refresh(self) -> None:
        turns = self.game.turns
        self._gone = turns[-1] if turns else ""  # the turn an undo would take back
        self.board.undo_refused = self._refuse_undo()
        self.title.value = f"<h3>{html.escape(self._title_text())}</h3>"
        self.info.value = self._info_html(self.info_text)
        over = self.game.is_over
        self.hint_button.disabled = over or not self.is_human(self.position.to_move)
        self.review_box.layout.display = "" if over else "none"
        if over:
            self.review_title.value = (
                f"<h4>{html.escape(t('dokuz_tas.play.review.title', self.lang))}</h4>"
            )
            self.turn_list.value = self._turns_html()
            self.step.max = len(self.game.turns)
            self.step.value = len(self.game.turns)
            self._show_step()
        else:
            self.turn_list.value = self.step_text.value = self.step_picture.value = ""

    def _hint_html(self, hint: TurnHint) -> str:
        origin, target, _ = parse_turn(hint.turn)
        trace = self.position.trace(hint.turn)
        picture = board_img(
            hint.after,
            lang=self.lang,
            highlight=[p for p in (origin, target) if p is not None],
            mills=trace.mills,
            taken=[trace.removed] if trace.removed else [],
        )
        legend = html.escape(t("dokuz_tas.play.hint.picture", self.lang))
        return (
            '<div class="dt-play-hint">'
            f"<div>{feedback_box('info', hint.text(self.lang))}"
            f'<p class="dt-play-step">{legend}</p></div>'
            f'<div class="dt-play-hint-picture">{picture}</div></div>'
        )

    def _turns_html(self) -> str:
        """The turns in pairs (White's, Black's), in as many columns as fit, each with its
        number in the game (as the line above the board and the look back count them: every
        player's turn is one); the turn shown in the look back is marked."""
        now = self.step.value
        skip = 1 if self.start.to_move == "black" else 0  # the first pair starts with "…"
        rows = []
        for number, white, black in self.turn_rows():
            cells = []
            for k, turn in ((2 * number - 1 - skip, white), (2 * number - skip, black)):
                mark = ' class="dt-play-now"' if k == now and turn else ""
                label = f"<b>{k}.</b> " if turn and k > 0 else ""
                cells.append(f"<span{mark}>{label}{html.escape(turn)}</span>")
            rows.append(f"<li>{''.join(cells)}</li>")
        caption = html.escape(t("dokuz_tas.play.review.caption", self.lang))
        return (
            f'<p class="dt-play-step">{caption}</p><ol class="dt-play-turns">{"".join(rows)}</ol>'
        )

    def _show_step(self) -> None:
        """Draw the look back's position after turn ``step.value`` (the start for 0)."""
        game = self.game
        if not game.is_over:
            return
        k = max(0, min(self.step.value, len(game.turns)))
        lang = self.lang
        traces = tuple(game.traces())
        position = game.positions[k]
        extra: dict[str, Any] = {"occurrences": 1}
        if k == 0:
            fresh = self.start == Position.start(self.start.flying)
            key = "dokuz_tas.play.review.start" if fresh else "dokuz_tas.play.review.start_position"
            words = t(key, lang)
        else:
            trace = traces[k - 1]
            origin, target, _ = parse_turn(trace.turn)
            said = t(
                "dokuz_tas.play.review.step",
                lang,
                number=k,
                total=len(traces),
                colour=colour_name(trace.colour),
                turn=trace.turn,
            )
            captions = " ".join(e.said.text(lang) for e in trace.events)
            words = f"{said} {captions}"
            extra = {
                "highlight": [p for p in (origin, target) if p is not None],
                "mills": trace.mills,
                "taken": [trace.removed] if trace.removed else [],
            }
            if k == len(traces):
                extra["outcome"] = game.outcome
        self.previous_button.disabled = k == 0
        self.next_button.disabled = k >= len(traces)
        self.turn_list.value = self._turns_html()
        self.step_text.value = f'<p class="dt-play-step">{html.escape(words)}</p>'
        picture = board_img(position, lang=lang, **extra)
        self.step_picture.value = f'<div class="dt-play-step-picture">{picture}</div>'

    def _safely(self, action: Callable[[], object]) -> None:
        """A button's action: a refusal is shown on the info line, never raised."""
        try:
            action()
        except MangalaError as error:
            self._note = error.message(self.lang)
            self.info.value = self._info_html(self.info_text)

    def _still_html(self) -> str:
        parts = [
            f'<div class="dt-play-still"><h3>{html.escape(self._title_text())}</h3>',
            f'<p class="dt-play-info">{html.escape(self.info_text)}</p>',
            board_img(
                self.position,
                lang=self.lang,
                occurrences=self.game.occurrences(),
                outcome=self.game.outcome,
            ),
        ]
        if self.game.is_over:
            parts.append(self._turns_html())
        parts.append("</div>")
        return "".join(parts)

    def __repr__(self) -> str:
        return (
            f"DokuzTasPlay(level={self.level or CLASSMATE!r}, colour={self.colour!r}, "
            f"turns={len(self.game.turns)}, lang={self.lang!r})"
        )
