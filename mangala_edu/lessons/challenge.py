"""The game that ends a strategy lesson: the learner plays a chosen position to the end of the
set against the computer, and the lesson's idea decides it.

The exact value of every first move is known (proven by the tests, from the lesson's spec),
so the widget can say at the end how the learner's result compares with perfect play, and show
the learner's biggest mistake with the better move (the review of
:func:`~mangala_edu.search.analyse_game`).

Driven from Python exactly as by clicks:

>>> from mangala_edu import Position
>>> game = Challenge(Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"), {5: -8, 6: -2},
...                  "Play!", "Pit 6 first.", level="usta", seed=1, lang="en")
>>> game.info_text
'Your turn: click one of your pits (South, the bottom row).'
>>> _ = game.play(6)                  # an extra turn: still South's move
>>> _ = game.play(5)                  # then the computer answers, to the end of the set
>>> game.position.is_over, game.outcome
(True, 'lost')
>>> print(game.info_text)
You lost the set 23–25. That is the best result possible from this position: you played
perfectly.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

import ipywidgets as w

from ..display.picture import board_img
from ..display.review import REVIEW_STYLE, mistakes_html
from ..engine import SIDE_NAMES, IllegalMoveError, MoveTrace, Position, other
from ..i18n import Message, t
from ..search import GameReview, MoveReview, Player, analyse_game
from ..search.arena import computer_turns
from ..search.players import get_level
from ..widgets import Board
from ..widgets.feedback import FEEDBACK_STYLE, StillPicture, feedback_box
from .claims import score
from .tasks import _prompt_html

_ROWS = {"south": Message("challenge.row.south"), "north": Message("challenge.row.north")}


class Challenge(StillPicture, w.VBox):
    """A set played from ``start`` against the computer (see the module's docstring).

    Args:
        start: the position; the learner plays the side to move.
        values: the exact value of each first move (from the lesson's spec).
        prompt, hint: the lesson's texts.
        level: the computer's level (``usta`` plays small endgames perfectly).
        seed: makes the computer's choices, and the review, repeatable.
        analysis_time: seconds (at most) the review gives each move.
    """

    def __init__(
        self,
        start: Position,
        values: Mapping[int, int],
        prompt: str,
        hint: str,
        *,
        level: str = "usta",
        seed: int | None = 1,
        lang: str = "tr",
        name: str = "game",
        analysis_time: float = 0.2,
    ) -> None:
        self.start = start
        self.values = dict(values)
        self.human = start.mover
        self.computer = other(self.human)
        self.level = get_level(level)
        self.seed = seed
        self.lang = lang
        self.name = name
        self.analysis_time = analysis_time
        self.hint_text = hint
        self.prompt_text = prompt
        self.player = Player(self.level, seed=seed)
        self.review: GameReview | None = None
        self.computer_moves: list[int] = []
        self._busy = False
        self._hint_shown = False
        self.board = Board(start, lang=lang, controls=("speed", "step"))
        self.prompt = w.HTML(_prompt_html(prompt, start.rules, lang))
        self.info = w.HTML("")
        self.output = w.HTML("")
        self.mistakes = w.HTML("")
        self.again = w.Button(description=t("ui.start_over", lang), icon="undo")
        self.hint = w.Button(description=t("ui.hint", lang), icon="lightbulb-o")
        self.again.on_click(lambda _: self.reset())
        self.hint.on_click(lambda _: self.show_hint())
        self.board.on_move(self._moved)
        style = w.HTML(REVIEW_STYLE)
        super().__init__(
            [
                FEEDBACK_STYLE,
                style,
                self.prompt,
                self.info,
                self.board,
                self.output,
                w.HBox([self.again, self.hint]),
                self.mistakes,
            ]
        )
        self.add_class("mangala-challenge")
        self._refresh()

    # Reading -------------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        return self.board.position

    @property
    def best(self) -> tuple[int, int]:
        """The learner's and the computer's stores at the end with perfect play."""
        return score(self.start, max(self.values.values()))

    @property
    def outcome(self) -> str:
        """``playing``, or once the set is over ``won``, ``drawn`` or ``lost`` (the learner's
        result)."""
        result = self.position.result
        if result is None:
            return "playing"
        if result.winner == "draw":
            return "drawn"
        return "won" if result.winner == self.human else "lost"

    @property
    def info_text(self) -> str:
        """The line above the board, as plain text."""
        lang = self.lang
        result = self.position.result
        if result is None:
            parts = []
            if self.computer_moves:
                moves = ", ".join(str(p) for p in self.computer_moves)
                parts.append(
                    t(
                        "challenge.computer_played",
                        lang,
                        moves=moves,
                        count=len(self.computer_moves),
                    )
                )
            parts.append(
                t("challenge.your_turn", lang, side=SIDE_NAMES[self.human], row=_ROWS[self.human])
            )
            return " ".join(parts)
        mine, theirs = result.stones(self.human), result.stones(self.computer)
        key = {"won": "challenge.won", "drawn": "challenge.drawn", "lost": "challenge.lost"}[
            self.outcome
        ]
        parts = [t(key, lang, mine=mine, theirs=theirs)]
        best_mine, best_theirs = self.best
        if mine > best_mine:
            parts.append(t("challenge.better", lang))
        elif mine == best_mine:
            parts.append(t("challenge.perfect", lang))
        else:
            parts.append(
                t(
                    "challenge.could",
                    lang,
                    mine=best_mine,
                    theirs=best_theirs,
                    button=Message("ui.start_over"),
                )
            )
        return " ".join(parts)

    # Playing -------------------------------------------------------------------------------
    def play(self, pit: int | str) -> MoveTrace:
        """Play ``pit`` for the learner, as a click would; the computer answers at once.
        Raises :class:`~mangala_edu.IllegalMoveError` when it cannot be played."""
        if self.position.is_over:
            raise IllegalMoveError("error.over")
        return self.board.play(pit)

    def reset(self) -> None:
        """Back to the start position, for another try."""
        self.board.unlock()
        self.board.reset(self.start)
        self.player = Player(self.level, seed=self.seed)
        self.review = None
        self.computer_moves = []
        self.output.value = ""
        self.mistakes.value = ""
        self.again.button_style = ""
        self._refresh()

    def show_hint(self) -> None:
        self._hint_shown = True
        self.output.value = feedback_box("info", self.hint_text)

    def _moved(self, trace: MoveTrace) -> None:
        if self._busy:
            return
        self.output.value = ""
        self.computer_moves = []
        self._busy = True
        try:
            board = self.board
            for move in computer_turns(board.game, {self.computer: self.player}, play=board.play):
                self.computer_moves.append(move.pit)
        finally:
            self._busy = False
        if self.position.is_over:
            self._finish()
        self._refresh()

    def _finish(self) -> None:
        self.board.lock(Message("challenge.over", button=Message("ui.start_over")))
        self.again.button_style = "primary"
        self.review = analyse_game(
            self.board.game, time_per_move=self.analysis_time, reproducible=self.seed is not None
        )
        mistakes = self.biggest_mistakes()
        kind = {"won": "solved", "drawn": "info", "lost": "wrong"}[self.outcome]
        self.output.value = feedback_box(kind, self.info_text)
        if mistakes:
            self.mistakes.value = mistakes_html(
                self.review, mistakes, Message("challenge.mistakes"), self.lang
            )

    def biggest_mistakes(self, count: int = 2) -> list[MoveReview]:
        """The learner's ``count`` costliest mistakes in the finished set."""
        if self.review is None:
            return []
        moves = self.review.mistakes(self.human)
        return sorted(moves, key=lambda m: (-m.cost, m.ply))[:count]

    def _refresh(self) -> None:
        self.info.value = (
            f'<div class="mangala-prompt" role="status" aria-live="polite">'
            f"{html.escape(self.info_text)}</div>"
        )

    def _still_html(self) -> str:
        prompt = _prompt_html(self.prompt_text, self.start.rules, self.lang)
        return f'<div class="mangala-still">{prompt}{board_img(self.start, lang=self.lang)}</div>'

    def __repr__(self) -> str:
        return (
            f"Challenge({self.name!r}, {self.start.to_text()!r}, level={self.level.key!r}, "
            f"outcome={self.outcome!r})"
        )
