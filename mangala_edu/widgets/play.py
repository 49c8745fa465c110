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
>>> print(textwrap.fill(hint.text, 90))
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
import io
import random
from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as w

from ..display import board_svg, status_text
from ..display.layout import board_layout
from ..display.picture import board_img, svg_img
from ..display.svg import Ring
from ..engine import SIDES, Game, IllegalMoveError, MoveTrace, Position, Rules
from ..engine.match import Match, MatchError
from ..i18n import language_from_folder, t
from ..search import Analyst, BudgetExceeded, GameReview, MoveReview, Player, analyse_game
from ..search.analysis import threat_after
from ..search.lookahead import Lookahead
from ..search.players import LEVELS, NODES_PER_SECOND, get_level
from ..search.solver import Solver
from .board import Board
from .feedback import (
    FEEDBACK_STYLE,
    RefusalsShown,
    StillPicture,
    feedback_box,
    score_table_html,
)

__all__ = ["CLASSMATE", "Hint", "PlayBoard", "hint_for", "mistake_svg"]

CLASSMATE = "classmate"
"""The ``level`` that means: no computer, two players on one screen."""

HINT_SECONDS = 1.0
"""About how long a hint searches (the expert's search, scaled down from its 3 s)."""

_PLAY_STYLE = w.HTML("""<style>
.mangala-play-info {font-size: 1.15em; line-height: 1.5; margin: 0.3em 0;}
.mangala-play-mistakes {display: flex; flex-wrap: wrap; gap: 0.8em;}
.mangala-play-mistake {flex: 1 1 300px; max-width: 380px; border: 1px solid #d8c3a0;
  border-radius: 8px; padding: 0.4em; background: #fffdf8;}
.mangala-play-mistake p {margin: 0.3em 0; line-height: 1.4;}
.mangala-play-note {font-size: 0.95em; color: #5d4a36;}
</style>""")

_PLAYED_COLOUR = "#c62828"
_BETTER_COLOUR = "#2e7d32"


# -- Hints ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hint:
    """The expert's advice for one position.

    Attributes:
        pit: the pit to play (1..6 from the mover's own left).
        best_moves: every pit the search found equally good.
        exact: True when the solver saw every line to the end of the set.
        value: the final store difference (mover's side) the search expects.
        text: the advice and why, in the learner's language.
    """

    pit: int
    best_moves: tuple[int, ...]
    exact: bool
    value: float
    text: str

    def __repr__(self) -> str:
        return f"Hint(pit={self.pit}, exact={self.exact})"


def hint_reason(position: Position, pit: int, lang: str | None = None, *,
                exact: bool = False, value: float = 0.0) -> str:
    """Why ``pit`` is a good move in ``position``, as one or two sentences.

    >>> pos = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
    >>> import textwrap
    >>> print(textwrap.fill(hint_reason(pos, 6, "en", exact=True, value=-2), 90))
    Hint: pit 6. The last stone falls into your store and you move again. Worked out to the
    end of the set: with the best play on both sides you lose by 2 stones, the smallest loss
    possible.
    """
    trace = position.trace(pit)
    if trace.extra_turn:
        text = t("play.hint.extra_turn", lang, pit=pit)
    elif trace.captured:
        text = t("play.hint.capture", lang, pit=pit, stones=trace.captured)
    else:
        mine = threat_after(position, pit)
        others = max((threat_after(position, p) for p in position.legal_moves if p != pit),
                     default=0)
        if others > mine:
            text = t("play.hint.safe", lang, pit=pit, stones=others)
        else:
            text = t("play.hint.long_term", lang, pit=pit)
    if exact:
        stones = round(abs(value))
        key = ("play.hint.exact_win" if value > 0 else "play.hint.exact_loss" if value < 0
               else "play.hint.exact_draw")
        text += " " + t(key, lang, stones=stones)
    return text


def hint_for(position: Position, lang: str | None = None, *, seed: int | None = None,
             seconds: float = HINT_SECONDS, player: Player | None = None) -> Hint:
    """The expert's (*usta*'s) move in ``position`` with the reason, within about ``seconds``
    (with a ``seed``: a fixed number of positions instead, reproducibly).

    >>> import textwrap
    >>> hint = hint_for(Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"), "tr", seed=1)
    >>> print(textwrap.fill(hint.text, 90))
    İpucu: 6. kuyu. Son taş hazinene düşer ve bir hamle daha oynarsın. Oyun setinin sonuna
    kadar hesaplandı: iki taraf da en iyi oynarsa bu seti 2 taş farkla kaybedersin; bu, en az
    kayıp.
    """
    if position.is_over:
        raise IllegalMoveError("play.error.set_over")
    if player is None:
        player = Player("usta", seed=seed, time_scale=seconds / LEVELS["usta"].time_limit)
    pit = player.choose(position)
    choice = player.last
    exact = bool(choice and choice.exact)
    values = choice.values if choice and choice.values else {pit: 0.0}
    value = values.get(pit, 0.0)
    best = tuple(sorted(p for p, v in values.items() if v == value)) or (pit,)
    return Hint(pit, best, exact, value, hint_reason(position, pit, lang, exact=exact,
                                                     value=value))


# -- The review of a set ----------------------------------------------------------------------

class SeededAnalyst(Analyst):
    """An :class:`~mangala_edu.search.Analyst` that can count positions instead of seconds,
    so that the same game always gets the same review (``node_limit`` per position)."""

    def __init__(self, time_per_move: float = 0.2, node_limit: int | None = None,
                 solver_stones: int = 24) -> None:
        super().__init__(time_per_move, solver_stones)
        self.node_limit = node_limit
        self._solver: dict[Rules, Solver] = {}
        self._look: dict[Rules, Lookahead] = {}

    def values(self, position: Position) -> tuple[dict[int, float], bool]:
        if self.node_limit is None:
            return super().values(position)
        rules = position.rules
        if position.stones_on_board <= self.solver_stones:
            solver = self._solver.setdefault(rules, Solver(rules))
            try:
                exact = solver.value_of_moves(position, node_limit=self.node_limit)
                return {p: float(v) for p, v in exact.items()}, True
            except BudgetExceeded:
                pass
        look = self._look.setdefault(rules, Lookahead(rules))
        result = look.analyse(position, node_limit=self.node_limit, all_values=True)
        return dict(result.values), result.exact


def review_set(game: Game, *, time_per_move: float = 0.2, seed: int | None = None
               ) -> GameReview:
    """Judge every move of a set, ``time_per_move`` seconds each at most (with a ``seed``:
    the same budget counted in positions, so the review is reproducible)."""
    node_limit = None if seed is None else max(1, int(time_per_move * NODES_PER_SECOND))
    return analyse_game(game, analyst=SeededAnalyst(time_per_move, node_limit))


def mistake_svg(position: Position, played: int, better: int, lang: str | None = None,
                size: int = 360) -> str:
    """A small still board of ``position`` with the pit played ringed red and dashed, and the
    better pit ringed green and solid (pits numbered from the mover's left). The rings lie
    under the stone counts and the pit numbers, which stay readable.

    >>> svg = mistake_svg(Position.start(), 1, 4, "en")
    >>> svg.startswith("<svg") and svg.count("<ellipse") > 20 and 'stroke="#2e7d32"' in svg
    True
    """
    side = position.to_move or "south"
    rings = (Ring(position.place(side, played), _PLAYED_COLOUR, dashed=True),
             Ring(position.place(side, better), _BETTER_COLOUR))
    return board_svg(position, lang=lang, size=size, rings=rings)


def _chart_png(review: GameReview, lang: str) -> bytes:
    from ..display.analysis_chart import advantage_chart

    fig = advantage_chart(review, lang, width=9.5, height=3.2)   # room for the legend
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96, metadata={"Software": None})
    return buffer.getvalue()


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
        rules: ``"official"`` (default), ``"own-side"`` or ``"no-return"``.
        analysis_time: seconds (at most) the review of a set gives each move.
        speed: animation steps a second (0: no animation).
    """

    def __init__(self, level: str | None = "orta", sets: int = 1, human: str = "south", *,
                 first: str | None = None, seed: int | None = None, lang: str | None = None,
                 rules: str = "official", analysis_time: float = 0.2,
                 speed: float = 3.0) -> None:
        self.lang = lang or language_from_folder()
        self.rules = Rules.from_name(rules)
        self.seed = seed
        self.analysis_time = analysis_time
        self._random = random.Random(seed)
        self._busy = False
        self._note = ""
        self._note_kind = "info"
        self.reviews: list[GameReview] = []
        self.stand_in: str | None = None   # the level that played the human's side, if any
        self.last_hint: Hint | None = None
        self.hints_used = 0
        # Widgets.
        self.title = w.HTML("")
        self.level_choice = w.Dropdown(
            options=[*((lv.name(self.lang), key) for key, lv in LEVELS.items()),
                     (t("play.classmate", self.lang), CLASSMATE)],
            description=t("play.level", self.lang), style={"description_width": "initial"},
            layout=w.Layout(width="auto"))
        self.side_choice = w.Dropdown(
            options=[(t(f"side.{s}", self.lang), s) for s in SIDES],
            description=t("play.side", self.lang), style={"description_width": "initial"},
            layout=w.Layout(width="auto"))
        self.first_choice = w.Dropdown(
            options=[(t("play.first.lot", self.lang), "lot"),
                     *((t(f"side.{s}", self.lang), s) for s in SIDES)],
            description=t("play.first", self.lang), style={"description_width": "initial"},
            layout=w.Layout(width="auto"))
        self.sets_choice = w.ToggleButtons(options=[1, 3, 5], description=t("play.sets",
                                           self.lang), style={"button_width": "3em",
                                                              "description_width": "initial"})
        self.new_button = w.Button(description=t("play.new_match", self.lang), icon="refresh")
        self.info = w.HTML("")
        self.board = Board(Position.start(self.rules), lang=self.lang, speed=speed,
                           controls=("speed", "step"))
        self.hint_button = w.Button(description=t("play.hint_button", self.lang),
                                    icon="lightbulb-o")
        self.next_button = w.Button(description=t("play.next_set", self.lang),
                                    icon="forward", button_style="success")
        self.hint_box = w.HTML("")
        self.table = w.HTML("")
        self.review_title = w.HTML("")
        self.chart = w.Image(format="png", layout=w.Layout(max_width="920px", width="100%"))
        self.mistakes_box = w.HTML("")
        self.review_box = w.VBox([self.review_title, self.chart, self.mistakes_box])
        self.review_box.add_class("mangala-after-sowing")   # shown once the set is sown
        self.new_button.on_click(lambda _: self._safely(self._new_from_settings))
        self.hint_button.on_click(lambda _: self._safely(self.hint))
        self.next_button.on_click(lambda _: self._safely(self.next_set))
        self.board.on_move(self._moved)
        settings = w.HBox([self.level_choice, self.side_choice, self.first_choice,
                           self.sets_choice, self.new_button],
                          layout=w.Layout(flex_flow="row wrap", grid_gap="0.3em 1em"))
        super().__init__([FEEDBACK_STYLE, _PLAY_STYLE, self.title, settings, self.info, self.board,
                          w.HBox([self.hint_button, self.next_button]), self.hint_box,
                          self.table, self.review_box])
        self.add_class("mangala-play")
        self.add_class("mangala-waits")
        self.new_match(level, sets, human, first=first)

    # Setting up ------------------------------------------------------------------------------
    def new_match(self, level: str | None = "orta", sets: int = 1, human: str = "south", *,
                  first: str | None = None) -> None:
        """Start a new match (the settings row's "New match" button does the same)."""
        if sets not in (1, 3, 5):
            raise MatchError("match.bad_sets", value=sets)
        if human not in SIDES:
            raise MatchError("record.bad_first", value=human)
        self.level = None if level in (None, CLASSMATE) else get_level(level).key
        self.human = human
        self.computer_side = None if self.level is None else _other(human)
        self.player = None if self.level is None else Player(self.level, seed=self.seed)
        self._hint_player = Player("usta", seed=None if self.seed is None else self.seed + 1,
                                   time_scale=HINT_SECONDS / LEVELS["usta"].time_limit)
        starter = {"human": human, "computer": _other(human)}.get(first or "", first)
        if starter is None:
            starter = self._random.choice(SIDES)
        elif starter not in SIDES:
            raise MatchError("record.bad_first", value=first)
        self.match = Match(self.rules, sets, starter)
        self.reviews = []
        self.stand_in = None
        self.hints_used = 0
        self.last_hint = None
        self._note = self._who("play.lot", starter) if first is None else ""
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
        self.new_match(self.level_choice.value, self.sets_choice.value, self.side_choice.value,
                       first=None if first == "lot" else first)

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

    def hint(self) -> Hint:
        """The expert's move for the side to move: ringed on the board, with the reason
        under it. Takes about a second."""
        pos = self.position
        if pos.is_over:
            raise IllegalMoveError("play.error.set_over")
        hint = hint_for(pos, self.lang, player=self._hint_player)
        self.last_hint = hint
        self.hints_used += 1
        self.board.highlight = [pos.place(pos.to_move or "south", hint.pit)]
        self.hint_box.value = feedback_box("info", hint.text)
        return hint

    def next_set(self) -> str:
        """Start the next set once this one is over; returns who starts it."""
        match = self.match
        if match.is_over:
            raise MatchError("match.over", sets=match.sets)
        if not match.position.is_over:
            raise MatchError("play.error.set_not_over")
        starter = match.starter(len(match.games))
        match.games.append(Game(match.rules, starter))
        self.stand_in = None             # the next set is the pupil's again
        self.board.game = match.game
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
        choose = stand_in.choose if isinstance(stand_in, Player) else stand_in
        self.stand_in = (stand_in.level.name(self.lang) if isinstance(stand_in, Player)
                         else "?")
        while not self.position.is_over:
            self.human_move(choose(self.position))

    # Reading ---------------------------------------------------------------------------------
    @property
    def set_number(self) -> int:
        """The set being played (or the last one), from 1."""
        return len(self.match.games)

    @property
    def points(self) -> dict[str, float]:
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
        rows = [["", *(t("play.set", lang, number=k) for k in range(1, match.sets + 1)),
                 t("play.points", lang)]]
        rows.append([t("play.starts", lang),
                     *(self._name(match.starter(k), short=True) for k in range(match.sets)),
                     ""])
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
                    stones = result.south if side == "south" else result.north
                    cells.append(f"{self._number(result.points(side))} ({stones})")
            rows.append([self._name(side), *cells, self._number(match.points[side])])
        return rows

    # Internals -------------------------------------------------------------------------------
    def _computer_moves(self) -> None:
        """While it is the computer's turn, let it choose and play on the board."""
        player = self.player
        if player is None:
            return
        played = []
        self._busy = True
        try:
            while not self.position.is_over and self.position.to_move == self.computer_side:
                self.info.value = self._info_html(t("play.thinking", self.lang))
                pit = player.choose(self.position)
                self.board.play(pit)
                played.append(t("play.pit", self.lang, pit=pit))
        finally:
            self._busy = False
        if played:
            key = "play.computer_played_again" if len(played) > 1 else "play.computer_played"
            said = t(key, self.lang, moves=t("play.then", self.lang).join(played))
            self._note = f"{self._note} {said}" if self._note else said
            self._note_kind = "info"
        if self.position.is_over:
            self._finish_set()

    def _moved(self, trace: MoveTrace) -> None:
        if self._busy:
            return
        self.board.highlight = []
        self.hint_box.value = ""
        self._note = ""
        if self.position.is_over:
            self._finish_set()
        else:
            self._computer_moves()
        self._refresh()

    def _finish_set(self) -> None:
        number = self.set_number
        if len(self.reviews) >= number:
            return
        self.info.value = self._info_html(t("play.analysing", self.lang,
                                            seconds=self._seconds_text()))
        review = review_set(self.match.game, time_per_move=self.analysis_time, seed=self.seed)
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
        self.chart.value = _chart_png(review, self.lang)
        self.chart.layout.display = ""
        self.mistakes_box.value = self._mistakes_html(review)

    def _review_head_html(self, review: GameReview) -> str:
        lang = self.lang
        number = self.reviews.index(review) + 1 if review in self.reviews else self.set_number
        title = t("play.review.title", lang, number=number)
        note = t("play.review.note", lang, seconds=self._seconds_text())
        return (f"<h4>{html.escape(title)}</h4>"
                f'<p class="mangala-play-note">{html.escape(note)}</p>')

    def _mistakes_html(self, review: GameReview) -> str:
        lang = self.lang
        mistakes = self.biggest_mistakes(review)
        if self.stand_in is not None and self.level:
            head = t("play.review.mistakes_demo", lang, side=t(f"side.{self.human}", lang))
        else:
            head = t("play.review.mistakes" if self.level else "play.review.mistakes_both",
                     lang)
        if not mistakes:
            return feedback_box("solved", t("play.review.none", lang))
        cards = []
        for move in mistakes:
            pos = review.game.positions[move.ply - 1]
            better = min(move.best_moves, key=lambda p: (-pos.trace(p).captured, p))
            title = t("play.review.move", lang, ply=move.ply,
                      side=t(f"side.{move.player}", lang), pit=move.pit)
            legend = t("play.review.legend", lang, played=move.pit, better=better)
            lay = board_layout(pos.rules)
            picture = svg_img(mistake_svg(pos, move.pit, better, lang), f"{title}. {legend}",
                              aspect=float(lay["width"]) / float(lay["height"]),  # type: ignore[arg-type]
                              max_width=380)
            cards.append(
                f'<div class="mangala-play-mistake"><p><b>{html.escape(title)}</b></p>'
                f"{picture}"
                f'<p class="mangala-play-note">{html.escape(legend)}</p>'
                f"<p>{html.escape(move.text(lang))}</p></div>")
        return (f"<h4>{html.escape(head)}</h4>"
                f'<div class="mangala-play-mistakes">{"".join(cards)}</div>')

    def _seconds_text(self) -> str:
        text = f"{self.analysis_time:g}"
        return text.replace(".", ",") if self.lang == "tr" else text

    def _name(self, side: str, short: bool = False) -> str:
        lang = self.lang
        side_name = t(f"side.{side}", lang)
        if self.level is None or (self.stand_in is not None and side == self.human):
            return side_name
        if side == self.human:
            return t("play.you", lang) if short else t("play.you_side", lang, side=side_name)
        level = LEVELS[self.level].name(lang)
        if short:
            return t("play.computer_short", lang)
        return t("play.computer", lang, level=level, side=side_name)

    def _who(self, key: str, side: str) -> str:
        """``key.human``, ``key.computer`` or ``key.side`` (with a classmate), for ``side``."""
        if self.level is None:
            return t(f"{key}.side", self.lang, side=t(f"side.{side}", self.lang))
        return t(f"{key}.{'human' if side == self.human else 'computer'}", self.lang)

    def _number(self, value: float) -> str:
        whole = int(value)
        if value == whole:
            return str(whole)
        return f"{whole}{',' if self.lang == 'tr' else '.'}5"

    def _status(self) -> str:
        match = self.match
        lang = self.lang
        pos = match.position
        number, sets = len(match.games), match.sets
        if match.is_over:
            p = match.points
            score = t("play.score", lang, south=self._number(p["south"]),
                      north=self._number(p["north"]))
            winner = match.winner
            if self.stand_in is not None:
                if winner == "draw":
                    return t("play.over.demo_draw", lang, score=score)
                return t("play.over.demo", lang, side=t(f"side.{winner}", lang), score=score)
            if winner == "draw":
                return t("play.over.draw", lang, score=score)
            if self.level is None:
                return t("play.over.side", lang, side=t(f"side.{winner}", lang), score=score)
            key = "play.over.human" if winner == self.human else "play.over.computer"
            return t(key, lang, score=score)
        if pos.is_over:
            return (t("play.set_over", lang, number=number, result=status_text(pos, lang))
                    + " " + self._who("play.next", match.starter(number)))
        side = pos.to_move or "south"
        where = t(f"play.row.{side}", lang)
        if self.level is not None:
            return t("play.your_turn", lang, number=number, sets=sets,
                     side=t(f"side.{side}", lang), row=where)
        return t("play.turn", lang, number=number, sets=sets, side=t(f"side.{side}", lang),
                 row=where)

    def _info_html(self, text: str) -> str:
        return (f'<div class="mangala-play-info" role="status" aria-live="polite">'
                f"{html.escape(text)}</div>")

    def _title_text(self) -> str:
        if self.stand_in is not None and self.level:
            levels = {self.human: self.stand_in,
                      _other(self.human): LEVELS[self.level].name(self.lang)}
            return t("play.title.demo", self.lang, **levels)
        if self.level is None:
            return t("play.title.classmate", self.lang, sets=self.match.sets)
        return t("play.title.computer", self.lang, sets=self.match.sets,
                 level=LEVELS[self.level].name(self.lang))

    def _table_html(self) -> str:
        now = self.set_number if not self.match.is_over else 0
        return score_table_html(self.table_rows(), now, t("play.table_caption", self.lang))

    def _refresh(self) -> None:
        match = self.match
        self.title.value = f"<h3>{html.escape(self._title_text())}</h3>"
        self.info.value = self._info_html(self.info_text)
        self.table.value = self._table_html()
        can_go_on = match.position.is_over and not match.is_over
        self.next_button.layout.display = "" if can_go_on else "none"
        self.hint_button.disabled = match.position.is_over


    def _still_html(self) -> str:
        parts = [f'<div class="mangala-still"><h3>{html.escape(self._title_text())}</h3>',
                 f'<p class="mangala-play-info">{html.escape(self.info_text)}</p>',
                 board_img(self.position, lang=self.lang, highlight=self.board.highlight),
                 self._table_html()]
        if self.reviews and self.match.position.is_over:
            review = self.reviews[-1]
            parts += [self._review_head_html(review), self._mistakes_html(review)]
        parts.append("</div>")
        return "".join(parts)

    def __repr__(self) -> str:
        return (f"PlayBoard(level={self.level or CLASSMATE!r}, sets={self.match.sets}, "
                f"human={self.human!r}, set={self.set_number}, points={self.points!r}, "
                f"lang={self.lang!r})")


def _other(side: str) -> str:
    return "north" if side == "south" else "south"
