"""Play a whole match: against the computer at a chosen level, or against a classmate.

:class:`PlayBoard` puts a live :class:`~mangala_edu.widgets.Board` together with everything a
match needs: a choice of level, side, starter and number of sets (1, 3 or 5); the computer's
answers (played on the board, so they are animated, extra turns included); a **hint** button
(the expert's best move, ringed on the board, with a sentence why); the score table of sets and
points; and, after each set, the review of the set (:func:`~mangala_edu.search.analyse_game`):
the advantage chart and the three biggest mistakes of the human player, each on a small board
with the pit played and the better pit marked.

The kernel is never blocked for long: the computer searches within its level's budget (from
0.05 s at *kolay* to 3 s at *usta*), a hint takes about 1 s, and the review gives each move at
most ``analysis_time`` seconds (0.2 s by default). With a ``seed`` everything is reproducible:
the lot, the computer's moves, the hints and the review count positions searched instead of
seconds (:data:`~mangala_edu.search.players.NODES_PER_SECOND` a second).

Driven from Python exactly as by clicks (this is how the tests use it):

>>> import textwrap
>>> play = PlayBoard(level="kolay", sets=1, human="south", first="south", seed=1, lang="en")
>>> play  # doctest: +NORMALIZE_WHITESPACE
PlayBoard(level='kolay', sets=1, human='south', set=1, points={'south': 0.0, 'north': 0.0},
          lang='en')
>>> play.info_text
'Set 1 of 1 · Your turn: click one of your pits (South, the bottom row).'
>>> hint = play.hint()
>>> hint.pit
5
>>> print(textwrap.fill(hint.text("en"), 90))
Hint: pit 5. After some moves your opponent could capture 6 stones at once; this one keeps
your stones safe.
>>> play.board.highlight                  # the hinted pit is ringed on the board
[4]
>>> _ = play.human_move(4)                # an extra turn: still South's move
>>> play.position.to_move
'south'
>>> _ = play.human_move(1)                # now the computer answers at once
>>> play.position.to_move, len(play.match.game.moves) > 2
('south', True)
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable

import ipywidgets as w

from ..display import status_text
from ..display.picture import board_img
from ..display.review import (
    REVIEW_STYLE,
    advantage_image,
    mistakes_html,
    review_head_html,
)
from ..engine import (
    SIDE_NAMES,
    SIDES,
    SOUTH,
    EventKind,
    IllegalMoveError,
    MoveTrace,
    Position,
    Rules,
    Side,
    other,
)
from ..engine.match import Match, MatchError
from ..games import GAME, SET, game_of, unit_of
from ..i18n import Message, language_from_folder, t
from ..i18n import number as number_text
from ..search import GameReview, MoveReview, Player, analyse_game
from ..search.arena import FunctionPlayer, computer_turns
from ..search.hints import Hint, hint_for, hint_player
from ..search.players import LEVELS, get_level
from .board import Board
from .feedback import (
    FEEDBACK_STYLE,
    RefusalsShown,
    StillPicture,
    feedback_box,
    score_table_html,
)

__all__ = ["CLASSMATE", "PlayBoard"]

CLASSMATE = "classmate"
"""The ``level`` that means: no computer, two players on one screen."""

_PLAY_STYLE = w.HTML(
    """<style>
.mangala-play-info {font-size: 1.15em; line-height: 1.5; margin: 0.3em 0;}
</style>"""
    + REVIEW_STYLE
)

#: How the line about the lot and the line about the next set speak of the starter: to the
#: human, about the computer, or (with a classmate) by the side's name.
_LOT = {"human": "play.lot.human", "computer": "play.lot.computer", "side": "play.lot.side"}
#: Texts that say "set" for Mangala and "game" for the games played as one game (registry unit).
_NOT_OVER = {SET: "play.error.set_not_over", GAME: "play.error.game_not_over"}
_TABLE_CAPTION = {SET: "play.table_caption", GAME: "play.table_caption_family"}
_NEXT = {"human": "play.next.human", "computer": "play.next.computer", "side": "play.next.side"}
_ROW = {SIDES[0]: Message("play.row.south"), SIDES[1]: Message("play.row.north")}

#: The most seconds the review of one set may take in all: a long game (Toguz Korgool's last
#: a hundred moves and more) gives each move less than ``analysis_time``, and says so.
REVIEW_BUDGET = 12.0


def game_name(rules: Rules) -> Message | None:
    """The game's name for the match's title: ``None`` for official Mangala and its local
    variants, whose title stays as it was.

    >>> game_name(Rules.toguz_korgool()).text("en"), game_name(Rules.kalah(7, 4)).text("en")
    ('Toguz Korgool', 'Kalah (7 pits, 4 stones a pit)')
    >>> game_name(Rules.official()) is None
    True
    """
    game = game_of(rules)
    if game is None or game.key == "official" or game.variant_of is not None:
        return None
    if game.sized_name_key is not None:
        return Message(game.sized_name_key, pits=rules.pits, stones=rules.stones)
    return Message(game.name_key)


# -- The widget -------------------------------------------------------------------------------


class PlayBoard(RefusalsShown, StillPicture, w.VBox):
    """A match (1, 3 or 5 sets) on one live board, against the computer or a classmate.

    Args:
        level: the computer's level: ``"kolay"``, ``"orta"``, ``"zor"``, ``"usta"`` (or the
            English names), or ``None`` / ``"classmate"`` for two players on one screen.
        sets: 1, 3 or 5.
        human: the learner's side, ``"south"`` (the bottom row) or ``"north"``.
        first: who starts the first set: ``"south"``, ``"north"``, ``"human"``,
            ``"computer"``, or ``None`` (default) for a lot (kura); then the starter
            alternates from set to set.
        seed: makes the lot, the computer, the hints and the reviews reproducible.
        lang: ``"tr"`` or ``"en"`` (default: from the notebook's folder).
        rules: ``"official"`` (default), ``"own-side"``, ``"no-return"``, or a game of the
            family: ``"toguz-korgool"``, ``"mangala-ii"``, ``"mangala-iv"``, ``"kalah"``,
            ``"kalah(7,4)"`` (any name :meth:`~mangala_edu.Rules.from_name` knows).
        analysis_time: seconds (at most) the review of a set gives each move (less in a long
            game: the whole review takes at most :data:`REVIEW_BUDGET` seconds, and says so).
        speed: animation steps a second (0: no animation).

    In Mangala IV the mover has no choice (the leftmost pit holding stones): the line above
    the board says which pit that is, and the "Play the forced move" button plays it
    (:meth:`forced_move`); a click on the pit does the same.
    """

    def __init__(
        self,
        level: str | None = "orta",
        sets: int = 1,
        human: Side = SOUTH,
        *,
        first: str | None = None,
        seed: int | None = None,
        lang: str | None = None,
        rules: str = "official",
        analysis_time: float = 0.2,
        speed: float = 3.0,
    ) -> None:
        self.lang = lang or language_from_folder()
        self.rules = Rules.from_name(rules)
        self.seed = seed
        self.analysis_time = analysis_time
        self._random = random.Random(seed)
        self._busy = False
        self._note = ""
        self._note_kind = "info"
        self.reviews: list[GameReview] = []
        self.stand_in: str | None = None  # the level that played the human's side, if any
        self.last_hint: Hint | None = None
        self.hints_used = 0
        # Widgets.
        self.title = w.HTML("")
        self.level_choice = w.Dropdown(
            options=[
                *((lv.name(self.lang), key) for key, lv in LEVELS.items()),
                (t("play.classmate", self.lang), CLASSMATE),
            ],
            description=t("play.level", self.lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.side_choice = w.Dropdown(
            options=[(SIDE_NAMES[s].text(self.lang), s) for s in SIDES],
            description=t("play.side", self.lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.first_choice = w.Dropdown(
            options=[
                (t("play.first.lot", self.lang), "lot"),
                *((SIDE_NAMES[s].text(self.lang), s) for s in SIDES),
            ],
            description=t("play.first", self.lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.sets_choice = w.ToggleButtons(
            options=[1, 3, 5],
            description=t("play.sets", self.lang),
            style={"button_width": "3em", "description_width": "initial"},
        )
        self.new_button = w.Button(description=t("play.new_match", self.lang), icon="refresh")
        self.info = w.HTML("")
        self.board = Board(
            Position.start(self.rules), lang=self.lang, speed=speed, controls=("speed", "step")
        )
        self.hint_button = w.Button(
            description=t("play.hint_button", self.lang), icon="lightbulb-o"
        )
        self.next_button = w.Button(
            description=t("play.next_set", self.lang), icon="forward", button_style="success"
        )
        self.forced_button = w.Button(
            description=t("play.forced_button", self.lang),
            icon="play",
            button_style="info",
            layout=w.Layout(width="auto"),
        )
        self.forced_button.layout.display = "" if self.rules.forced_leftmost else "none"
        self.hint_box = w.HTML("")
        self.table = w.HTML("")
        self.review_title = w.HTML("")
        self.chart = w.Image(format="png", layout=w.Layout(max_width="920px", width="100%"))
        self.mistakes_box = w.HTML("")
        self.review_box = w.VBox([self.review_title, self.chart, self.mistakes_box])
        self.review_box.add_class("mangala-after-sowing")  # shown once the set is sown
        self.new_button.on_click(lambda _: self._safely(self._new_from_settings))
        self.hint_button.on_click(lambda _: self._safely(self.hint))
        self.forced_button.on_click(lambda _: self._safely(self.forced_move))
        self.next_button.on_click(lambda _: self._safely(self.next_set))
        self.board.on_move(self._moved)
        settings = w.HBox(
            [
                self.level_choice,
                self.side_choice,
                self.first_choice,
                self.sets_choice,
                self.new_button,
            ],
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
                w.HBox([self.forced_button, self.hint_button, self.next_button]),
                self.hint_box,
                self.table,
                self.review_box,
            ]
        )
        self.add_class("mangala-play")
        self.add_class("mangala-waits")
        self.new_match(level, sets, human, first=first)

    # Setting up ------------------------------------------------------------------------------
    def new_match(
        self,
        level: str | None = "orta",
        sets: int = 1,
        human: Side = SOUTH,
        *,
        first: str | None = None,
    ) -> None:
        """Start a new match (the settings row's "New match" button does the same)."""
        if sets not in (1, 3, 5):
            raise MatchError("match.bad_sets", value=sets)
        if human not in SIDES:
            raise MatchError("position.bad_side", value=human)
        self.level = None if level in (None, CLASSMATE) else get_level(level).key
        self.human = human
        self.computer_side = None if self.level is None else other(human)
        self.player = None if self.level is None else Player(self.level, seed=self.seed)
        self._hint_player = hint_player(None if self.seed is None else self.seed + 1)
        starter = {"human": human, "computer": other(human)}.get(first or "", first)
        if starter is None:
            starter = self._random.choice(SIDES)
        elif starter not in SIDES:
            raise MatchError("record.bad_first", value=first)
        self.match = Match(self.rules, sets, starter)
        self.reviews = []
        self.stand_in = None
        self.hints_used = 0
        self.last_hint = None
        self._note = self._who(_LOT, starter) if first is None else ""
        self._note_kind = "info"
        self.level_choice.value = self.level or CLASSMATE
        self.side_choice.value = human
        self.first_choice.value = "lot" if first is None else starter
        self.sets_choice.value = sets
        self.board.game = self.match.game
        self.board.highlight = []
        self.hint_box.value = ""
        self._show_review(None)
        self._computer_moves()
        self._refresh()

    def _new_from_settings(self) -> None:
        first = self.first_choice.value
        self.new_match(
            self.level_choice.value,
            self.sets_choice.value,
            self.side_choice.value,
            first=None if first == "lot" else first,
        )

    # Playing ---------------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The position on the board (the set being played)."""
        return self.board.position

    def is_human(self, side: str | None) -> bool:
        """True when ``side`` is played by a person (both sides against a classmate)."""
        return side is not None and side != self.computer_side

    def human_move(self, pit: int | str) -> MoveTrace:
        """Play ``pit`` for the human whose turn it is, as a click would; the computer then
        answers at once. Raises :class:`~mangala_edu.IllegalMoveError` when it cannot be
        played (a click explains instead)."""
        if self.position.is_over:
            raise IllegalMoveError("play.error.set_over")
        if not self.is_human(self.position.to_move):
            raise IllegalMoveError("play.error.not_your_turn")
        return self.board.play(pit)

    def forced_move(self) -> MoveTrace:
        """Mangala IV: play the only move the human to move has (the leftmost pit holding
        stones), as the "Play the forced move" button does. In a game with a choice this is
        refused: the learner chooses."""
        pos = self.position
        if not self.rules.forced_leftmost:
            raise IllegalMoveError("play.error.choose")
        if pos.is_over:
            raise IllegalMoveError("play.error.set_over")
        return self.human_move(pos.legal_moves[0])

    def hint(self) -> Hint:
        """The expert's move for the side to move: ringed on the board, with the reason
        under it. Takes about a second."""
        pos = self.position
        if pos.is_over:
            raise IllegalMoveError("play.error.set_over")
        hint = hint_for(pos, player=self._hint_player, history=self._history())
        self.last_hint = hint
        self.hints_used += 1
        self.board.highlight = [pos.place(pos.to_move or SOUTH, hint.pit)]
        self.hint_box.value = feedback_box("info", hint.text(self.lang))
        return hint

    def next_set(self) -> Side:
        """Start the next set once this one is over; returns who starts it."""
        match = self.match
        if not match.position.is_over and not match.is_over:
            raise MatchError(_NOT_OVER[unit_of(self.rules)])
        self.board.game = match.next_set()
        starter = self.board.game.first
        self.stand_in = None  # the next set is the pupil's again
        self.board.highlight = []
        self.hint_box.value = ""
        self._note = ""
        self._show_review(None)
        self._computer_moves()
        self._refresh()
        return starter

    def autoplay(self, stand_in: Player | Callable[[Position], int]) -> None:
        """Let ``stand_in`` (a :class:`~mangala_edu.search.Player` or a function from a
        position to a pit) play the human's moves until the set is over: for demonstrations
        of the review (with a classmate match it plays both sides). From then on the match
        speaks of the sides, not to a pupil: nobody here played it."""
        player = stand_in if isinstance(stand_in, Player) else FunctionPlayer(stand_in)
        self.stand_in = stand_in.level.name(self.lang) if isinstance(stand_in, Player) else "?"
        humans = {side: player for side in SIDES if self.is_human(side)}
        for _ in computer_turns(self.board.game, humans, play=self.human_move):
            pass  # each move of the stand-in, the computer answering

    # Reading ---------------------------------------------------------------------------------
    @property
    def set_number(self) -> int:
        """The set being played (or the last one), from 1."""
        return len(self.match.games)

    @property
    def points(self) -> dict[Side, float]:
        return self.match.points

    @property
    def info_text(self) -> str:
        """The line above the board, as plain text."""
        return " ".join(part for part in (self._note, self._status()) if part)

    def table_rows(self) -> list[list[str]]:
        """The score table: a header, who starts, then one row a side (points and, in
        brackets, the stones in the store after the set)."""
        lang = self.lang
        match = self.match
        rows = [
            [
                "",
                *(t("play.set", lang, number=k) for k in range(1, match.sets + 1)),
                t("play.points", lang),
            ]
        ]
        rows.append(
            [
                t("play.starts", lang),
                *(self._name(match.starter(k), short=True) for k in range(match.sets)),
                "",
            ]
        )
        for side in SIDES:
            cells = []
            for k in range(match.sets):
                if k >= len(match.games):
                    cells.append("")
                    continue
                result = match.games[k].position.result
                if result is None:
                    cells.append("…")
                else:
                    stones = match.games[k].position.store(side)
                    cells.append(f"{number_text(result.points(side), lang)} ({stones})")
            rows.append([self._name(side), *cells, number_text(match.points[side], lang)])
        return rows

    # Internals -------------------------------------------------------------------------------
    def _computer_moves(self) -> None:
        """While it is the computer's turn, let it choose and play on the board."""
        player, side, board = self.player, self.computer_side, self.board
        if player is None or side is None:
            return

        def thinking(_: Position) -> None:
            self.info.value = self._info_html(t("play.thinking", self.lang))

        played = []
        self._busy = True
        try:
            turns = computer_turns(board.game, {side: player}, play=board.play, thinking=thinking)
            for move in turns:
                played.append(t("play.pit", self.lang, pit=move.pit))
        finally:
            self._busy = False
        if played:
            key = "play.computer_played"
            if len(played) > 1:  # extra turns, or (the storeless games) the human passed
                key = (
                    "play.computer_played_passes"
                    if self.rules.passes
                    else "play.computer_played_again"
                )
            said = t(key, self.lang, moves=t("play.then", self.lang).join(played))
            self._note = f"{self._note} {said}" if self._note else said
            self._note_kind = "info"
        if self.position.is_over:
            self._finish_set()

    def _history(self) -> tuple[Position, ...]:
        """The set's positions before the current one: in the family's games a repeated
        position ends the game, so the computer and the hints take them into account."""
        return self.board.game.history

    def _moved(self, trace: MoveTrace) -> None:
        if self._busy:
            return
        self.board.highlight = []
        self.hint_box.value = ""
        self._note = ""
        if (
            self.computer_side is not None
            and not self.position.is_over
            and any(e.kind == EventKind.PASS and e.side == self.computer_side for e in trace.events)
        ):
            self._note = t("play.computer_passed", self.lang)
        if self.position.is_over:
            self._finish_set()
        else:
            self._computer_moves()
        self._refresh()

    def _finish_set(self) -> None:
        number = self.set_number
        if len(self.reviews) >= number:
            return
        self.info.value = self._info_html(t("play.analysing", self.lang, seconds=self._seconds()))
        review = analyse_game(
            self.match.game, time_per_move=self._review_time(), reproducible=self.seed is not None
        )
        self.reviews.append(review)
        self._show_review(review)

    def biggest_mistakes(self, review: GameReview, count: int = 3) -> list[MoveReview]:
        """The ``count`` costliest mistakes of the human (of both players with a classmate),
        costliest first."""
        moves = [m for m in review.mistakes() if self.is_human(m.player)]
        return sorted(moves, key=lambda m: (-m.cost, m.ply))[:count]

    def _show_review(self, review: GameReview | None) -> None:
        if review is None:
            self.review_title.value = ""
            self.chart.value = b""
            self.chart.layout.display = "none"
            self.mistakes_box.value = ""
            return
        self.review_title.value = self._review_head_html(review)
        picture, kind = advantage_image(review, self.lang)  # SVG where matplotlib is missing
        self.chart.format = kind
        self.chart.value = picture
        self.chart.layout.display = ""
        self.mistakes_box.value = self._mistakes_html(review)

    def _review_head_html(self, review: GameReview) -> str:
        number = self.reviews.index(review) + 1 if review in self.reviews else self.set_number
        seconds = self._seconds(review)
        if self.rules.stores_on_path:
            return review_head_html(number, seconds, self.lang)
        head = review_head_html(
            number, seconds, self.lang, note=Message("play.review.note_family", seconds=seconds)
        )
        if self._review_time(len(review.moves)) < self.analysis_time:
            reduced = t("play.review.reduced", self.lang, moves=len(review.moves), seconds=seconds)
            head += f'<p class="mangala-play-note">{html.escape(reduced)}</p>'
        return head

    def _review_time(self, moves: int | None = None) -> float:
        """The seconds the review gives each move of a set of ``moves`` moves (default: the
        set being played): ``analysis_time``, less in a long game (:data:`REVIEW_BUDGET`)."""
        moves = len(self.match.game.moves) if moves is None else moves
        return min(self.analysis_time, REVIEW_BUDGET / max(1, moves))

    def _seconds(self, review: GameReview | None = None) -> str:
        """The review's time per move, as the learner's language writes it."""
        moves = None if review is None else len(review.moves)
        return number_text(self._review_time(moves), self.lang, digits=2)

    def _mistakes_html(self, review: GameReview) -> str:
        if self.rules.forced_leftmost:
            return feedback_box("info", t("play.review.forced", self.lang))
        mistakes = self.biggest_mistakes(review)
        if not mistakes:
            return feedback_box("solved", t("play.review.none", self.lang))
        if self.stand_in is not None and self.level:
            heading = Message("play.review.mistakes_demo", side=SIDE_NAMES[self.human])
        else:
            heading = Message("play.review.mistakes" if self.level else "play.review.mistakes_both")
        return mistakes_html(review, mistakes, heading, self.lang)

    def _name(self, side: Side, short: bool = False) -> str:
        lang = self.lang
        side_name = SIDE_NAMES[side].text(lang)
        if self.level is None or (self.stand_in is not None and side == self.human):
            return side_name
        if side == self.human:
            return t("play.you", lang) if short else t("play.you_side", lang, side=side_name)
        level = LEVELS[self.level].name(lang)
        if short:
            return t("play.computer_short", lang)
        return t("play.computer", lang, level=level, side=side_name)

    def _who(self, keys: dict[str, str], side: Side) -> str:
        """The text of ``keys`` for ``side``: to the human, about the computer, or (with a
        classmate) by the side's name."""
        if self.level is None:
            return t(keys["side"], self.lang, side=SIDE_NAMES[side])
        return t(keys["human" if side == self.human else "computer"], self.lang)

    def _status(self) -> str:
        match = self.match
        lang = self.lang
        pos = match.position
        number, sets = len(match.games), match.sets
        if match.is_over:
            p = match.points
            score = t(
                "play.score",
                lang,
                south=number_text(p[SIDES[0]], lang),
                north=number_text(p[SIDES[1]], lang),
            )
            winner = match.winner
            if self.stand_in is not None:
                if winner is None or winner == "draw":
                    return t("play.over.demo_draw", lang, score=score)
                return t("play.over.demo", lang, side=SIDE_NAMES[winner], score=score)
            if winner is None or winner == "draw":
                return t("play.over.draw", lang, score=score)
            if self.level is None:
                return t("play.over.side", lang, side=SIDE_NAMES[winner], score=score)
            key = "play.over.human" if winner == self.human else "play.over.computer"
            return t(key, lang, score=score)
        if pos.is_over:
            return (
                t("play.set_over", lang, number=number, result=status_text(pos, lang))
                + " "
                + self._who(_NEXT, match.starter(number))
            )
        side = pos.to_move or SOUTH
        where = _ROW[side]
        if self.level is not None:
            line = t(
                "play.your_turn", lang, number=number, sets=sets, side=SIDE_NAMES[side], row=where
            )
        else:
            line = t("play.turn", lang, number=number, sets=sets, side=SIDE_NAMES[side], row=where)
        if self.rules.forced_leftmost and self.is_human(pos.to_move) and pos.legal_moves:
            line += " " + t(
                "play.forced_note",
                lang,
                side=SIDE_NAMES[side],
                pit=pos.legal_moves[0],
                button=Message("play.forced_button"),
            )
        return line

    def _info_html(self, text: str) -> str:
        return (
            f'<div class="mangala-play-info" role="status" aria-live="polite">'
            f"{html.escape(text)}</div>"
        )

    def _title_text(self) -> str:
        if self.stand_in is not None and self.level:
            levels = {
                self.human: self.stand_in,
                other(self.human): LEVELS[self.level].name(self.lang),
            }
            return t("play.title.demo", self.lang, **levels)
        if self.level is None:
            title = t("play.title.classmate", self.lang, sets=self.match.sets)
        else:
            title = t(
                "play.title.computer",
                self.lang,
                sets=self.match.sets,
                level=LEVELS[self.level].name(self.lang),
            )
        game = game_name(self.rules)
        return title if game is None else t("play.title.game", self.lang, title=title, game=game)

    def _variant_html(self) -> str:
        """A local variant of Mangala says its rule under the title (two boards of lesson 21
        one after the other are told apart); other games are named in the title itself."""
        game = game_of(self.rules)
        if game is None or game.variant_of is None or not game.note_key:
            return ""
        note = html.escape(t(game.note_key, self.lang))
        return f'<div class="mangala-rules-note">⚑ {note}</div>'

    def _table_html(self) -> str:
        now = self.set_number if not self.match.is_over else 0
        caption = t(_TABLE_CAPTION[unit_of(self.rules)], self.lang)
        return score_table_html(self.table_rows(), now, caption)

    def _refresh(self) -> None:
        match = self.match
        self.title.value = f"<h3>{html.escape(self._title_text())}</h3>{self._variant_html()}"
        self.info.value = self._info_html(self.info_text)
        self.table.value = self._table_html()
        can_go_on = match.position.is_over and not match.is_over
        self.next_button.layout.display = "" if can_go_on else "none"
        if match.is_over:  # the line under the board: how to go on, not "click to play"
            over = Message("play.over_hint.match", button=Message("play.new_match"))
        else:
            over = Message("play.over_hint.next", button=Message("play.next_set"))
        if self.board.over_text != over:
            self.board.over_text = over
        self.hint_button.disabled = match.position.is_over
        self.forced_button.disabled = match.position.is_over or not self.is_human(
            match.position.to_move
        )

    def _still_html(self) -> str:
        parts = [
            f'<div class="mangala-still"><h3>{html.escape(self._title_text())}</h3>',
            f'<p class="mangala-play-info">{html.escape(self.info_text)}</p>',
            board_img(self.position, lang=self.lang, highlight=self.board.highlight),
            self._table_html(),
        ]
        if self.reviews and self.match.position.is_over:
            review = self.reviews[-1]
            parts += [self._review_head_html(review), self._mistakes_html(review)]
        parts.append("</div>")
        return "".join(parts)

    def __repr__(self) -> str:
        return (
            f"PlayBoard(level={self.level or CLASSMATE!r}, sets={self.match.sets}, "
            f"human={self.human!r}, set={self.set_number}, points={self.points!r}, "
            f"lang={self.lang!r})"
        )
