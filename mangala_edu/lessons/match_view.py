"""A match for two classmates on one screen: a board for the set being played, the score
table of the sets and points, and a "Next set" button once a set is over.

The rules of a match (:class:`~mangala_edu.engine.Match`): 1, 3 or 5 sets; a won set scores
1 point, a drawn set 0.5, a lost set 0; every set is played, even once the match is decided;
the first starter is drawn by lot (kura), then the starter alternates from set to set.

In a notebook, one line::

    MatchBoard(sets=5, lang=lesson.lang)

It is driven from Python exactly as by clicks, which is how the tests use it:

>>> match = MatchBoard(sets=3, lang="en", seed=1)
>>> match
MatchBoard(sets=3, set=1, first=None, points={'south': 0.0, 'north': 0.0}, lang='en')
>>> match.draw_lots("north")          # the lot decides who starts the first set
'north'
>>> match.info_text
'North won the draw! Set 1 of 3 · North starts.'
>>> match.table_rows()[1]
['Starts', 'North', 'South', 'North', '']
"""

from __future__ import annotations

import html
import random

import ipywidgets as w

from ..display import status_text
from ..display.picture import board_img
from ..engine import NORTH, SIDE_NAMES, SIDES, SOUTH, MoveTrace, Position, Rules, Side
from ..engine.geometry import side_index
from ..engine.match import Match, MatchError
from ..i18n import language_from_folder, number, t
from ..widgets import Board
from ..widgets.feedback import FEEDBACK_STYLE, RefusalsShown, StillPicture, score_table_html

_TABLE_STYLE = w.HTML("""<style>
.mangala-match-info {font-size: 1.3em; line-height: 1.5; margin: 0.3em 0;}
</style>""")


class MatchBoard(RefusalsShown, StillPicture, w.VBox):
    """A match of ``sets`` sets (1, 3 or 5) between South and North on one board.

    Args:
        sets: how many sets (tournaments: 5).
        lang: ``"tr"`` or ``"en"`` (default: from the notebook's folder).
        first: who starts the first set; ``None`` (default) means the players draw lots with
            the "Draw lots" button (or :meth:`draw_lots`).
        rules: the rules' name: ``official`` (default), ``own-side``, ``no-return``.
        players: the two players' names, South's first (e.g. ``("Ayşe", "Can")``).
        seed: makes the lot repeatable (for tests).
    """

    def __init__(
        self,
        sets: int = 5,
        lang: str | None = None,
        *,
        first: Side | None = None,
        rules: str = "official",
        players: tuple[str, str] | None = None,
        seed: int | None = None,
    ) -> None:
        self.lang = lang or language_from_folder()
        self.rules = Rules.from_name(rules)
        if sets not in (1, 3, 5):
            raise MatchError("match.bad_sets", value=sets)
        self.sets = sets
        self.players = players
        self.match: Match | None = None
        self._random = random.Random(seed)
        self._note = ""
        self.title = w.HTML(f"<h3>{html.escape(t('matchview.title', self.lang, sets=sets))}</h3>")
        self.info = w.HTML("")
        self.lots_button = w.Button(
            description=t("matchview.draw_lots", self.lang), icon="random", button_style="primary"
        )
        self.next_button = w.Button(
            description=t("matchview.next_set", self.lang), icon="forward", button_style="success"
        )
        self.board = Board(
            Position.start(self.rules), lang=self.lang, controls=("undo", "redo", "step", "speed")
        )
        self.table = w.HTML("")
        self.lots_button.on_click(lambda _: self._safely(self.draw_lots))
        self.next_button.on_click(lambda _: self._safely(self.next_set))
        self.board.observe(lambda _: self._refresh(), names=["board", "to_move"])
        self.board.on_move(self._moved)
        super().__init__(
            [
                FEEDBACK_STYLE,
                _TABLE_STYLE,
                self.title,
                self.info,
                self.lots_button,
                self.board,
                self.next_button,
                self.table,
            ]
        )
        if first is not None:
            self.draw_lots(first)
        else:
            self._refresh()

    # Playing ---------------------------------------------------------------------------------
    def draw_lots(self, side: Side | None = None) -> Side:
        """Draw lots (kura) for who starts the first set, or give the winner of a lot drawn
        by hand as ``side``; then the match begins. Returns the starter."""
        if self.match is not None:
            raise MatchError("matchview.error.lots_done")
        starter = self._random.choice(SIDES) if side is None else side
        self.match = Match(self.rules, self.sets, starter)
        self.board.game = self.match.game
        self._note = t("matchview.lots_result", self.lang, side=self._name(starter))
        self._refresh()
        return starter

    def play(self, pit: int | str) -> MoveTrace:
        """Play ``pit`` (1–6 from the mover's left, or ``"S3"``/``"N5"``) as a click would."""
        if self.match is None:
            raise MatchError("matchview.error.no_lots")
        return self.board.play(pit)

    def next_set(self) -> Side:
        """Start the next set once the current one is over; returns who starts it."""
        match = self.match
        if match is None:
            raise MatchError("matchview.error.no_lots")
        if match.is_over:
            raise MatchError("match.over", sets=match.sets)
        if not match.position.is_over:
            raise MatchError("matchview.error.set_not_over")
        self.board.game = match.next_set()
        starter = self.board.game.first
        self._note = ""
        self._refresh()
        return starter

    # Reading ---------------------------------------------------------------------------------
    @property
    def set_number(self) -> int:
        """The set being played (or the last one), from 1."""
        return len(self.match.games) if self.match else 1

    @property
    def points(self) -> dict[Side, float]:
        return self.match.points if self.match else {side: 0.0 for side in SIDES}

    @property
    def info_text(self) -> str:
        """The line above the board, as plain text."""
        return " ".join(part for part in (self._note, self._status()) if part)

    def table_rows(self) -> list[list[str]]:
        """The score table as text: a header row, the starters, then South and North."""
        rows = [
            [""]
            + [t("matchview.set", self.lang, number=k) for k in range(1, self.sets + 1)]
            + [t("matchview.points", self.lang)]
        ]
        match = self.match
        starters = [
            self._name(match.starter(k), short=True) if match else "" for k in range(self.sets)
        ]
        rows.append([t("matchview.starts", self.lang), *starters, ""])
        for side in SIDES:
            cells = []
            for k in range(self.sets):
                if match is None or k >= len(match.games):
                    cells.append("")
                else:
                    result = match.games[k].position.result
                    cells.append("…" if result is None else self._number(result.points(side)))
            rows.append([self._name(side), *cells, self._number(self.points[side])])
        return rows

    # Internals -------------------------------------------------------------------------------
    def _name(self, side: Side, short: bool = False) -> str:
        name = SIDE_NAMES[side].text(self.lang)
        if self.players is None:
            return name
        player = self.players[side_index(side)]
        return player if short else f"{player} ({name})"

    def _number(self, value: float) -> str:
        return number(value, self.lang)

    def _status(self) -> str:
        match = self.match
        lang = self.lang
        if match is None:
            return t("matchview.before_lots", lang)
        number = len(match.games)
        if match.is_over:
            p = match.points
            score = {"south": self._number(p[SOUTH]), "north": self._number(p[NORTH])}
            winner = match.winner
            if winner is None or winner == "draw":
                return t("matchview.over_draw", lang, **score)
            return t("matchview.over_winner", lang, side=self._name(winner), **score)
        if not match.position.is_over:
            return t(
                "matchview.playing",
                lang,
                number=number,
                sets=match.sets,
                side=self._name(match.starter(number - 1)),
            )
        text = t(
            "matchview.set_over",
            lang,
            number=number,
            result=status_text(match.position, lang),
            side=self._name(match.starter(number)),
        )
        decided = match.decided
        if decided:
            text += " " + t("matchview.decided", lang, side=self._name(decided))
        return text

    def _table_html(self) -> str:
        match = self.match
        now = len(match.games) if match and not match.is_over else 0
        return score_table_html(self.table_rows(), now, t("matchview.table_caption", self.lang))

    def _refresh(self) -> None:
        match = self.match
        self.info.value = (
            f'<div class="mangala-match-info" role="status" aria-live="polite">'
            f"{html.escape(self.info_text)}</div>"
        )
        self.table.value = self._table_html()
        self.lots_button.layout.display = "none" if match else ""
        self.board.layout.display = "" if match else "none"
        can_go_on = match is not None and match.position.is_over and not match.is_over
        self.next_button.layout.display = "" if can_go_on else "none"

    def _moved(self, _trace: MoveTrace) -> None:
        self._note = ""  # the lot's result and any refusal were read: the board goes on
        self._refresh()

    def _still_html(self) -> str:
        title = html.escape(t("matchview.title", self.lang, sets=self.sets))
        return (
            f'<div class="mangala-still"><h3>{title}</h3>'
            f'<p class="mangala-match-info">{html.escape(self.info_text)}</p>'
            f"{board_img(self.board.position, lang=self.lang)}"
            f"{self._table_html()}</div>"
        )

    def __repr__(self) -> str:
        first = self.match.first if self.match else None
        return (
            f"MatchBoard(sets={self.sets}, set={self.set_number}, first={first!r}, "
            f"points={self.points!r}, lang={self.lang!r})"
        )


__all__ = ["MatchBoard"]
