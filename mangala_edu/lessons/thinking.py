"""Lesson 10, "How the computer thinks": the computer's numbers as tables and sentences.

A pupil reads a table or a sentence, not a Python value: each function here gives an object
that shows itself as HTML in a notebook (styled inline, so it shows in a notebook that is not
trusted yet too) and as plain text elsewhere.

>>> from mangala_edu import Position
>>> position = Position.from_text("0,0,1,3,1,0,21/1,0,1,0,0,0,20 S")
>>> print(now_and_later(position, "en"))
South's move | Stones won at once | Store difference at the end of the set (from South)
pit 3 | 0 | +4
pit 4 | 2 | −2
pit 5 | 2 | −2
>>> solution_sentence(position, "tr")  # doctest: +NORMALIZE_WHITESPACE
İki taraf da en iyi oynarsa Güney seti 4 taş farkla kazanır. En iyi hamle: 3. kuyu.
Çözücü bunu 67 konuma bakarak buldu.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..engine import SIDE_NAMES, SOUTH, Position
from ..engine.geometry import SIDE_GENITIVES
from ..i18n import format_count, get_language, t

_CELL = "padding:0.3em 0.8em;border:1px solid #b08d57;text-align:center"


@dataclass
class Table:
    """A table for pupils: a header row and rows of text."""

    header: list[str]
    rows: list[list[str]] = field(default_factory=list)

    def _repr_html_(self) -> str:
        head = "".join(
            f'<th style="{_CELL};background:#f3e6cf">{html.escape(c)}</th>' for c in self.header
        )
        body = "".join(
            "<tr>" + "".join(f'<td style="{_CELL}">{html.escape(c)}</td>' for c in row) + "</tr>"
            for row in self.rows
        )
        return (
            f'<table style="border-collapse:collapse;font-size:1.15em;margin:0.4em 0">'
            f"<tr>{head}</tr>{body}</table>"
        )

    def __repr__(self) -> str:
        return "\n".join(" | ".join(row) for row in [self.header, *self.rows])


@dataclass
class Sentence:
    """A few sentences for pupils."""

    text: str

    def _repr_html_(self) -> str:
        return (
            f'<p style="font-size:1.2em;line-height:1.5;margin:0.4em 0">'
            f"{html.escape(self.text)}</p>"
        )

    def __repr__(self) -> str:
        return self.text


def signed(value: int) -> str:
    """A store difference with its sign: ``+4``, ``−2`` (a real minus sign), ``0``."""
    return f"+{value}" if value > 0 else "0" if value == 0 else f"−{-value}"


def count_text(value: int, lang: str | None = None) -> str:
    """A whole number with the language's thousands mark: ``2.609`` in Turkish, ``2,609`` in
    English (:func:`~mangala_edu.i18n.format_count`, the one way counts are written).

    >>> count_text(2609, "tr"), count_text(2609, "en"), count_text(216, "tr")
    ('2.609', '2,609', '216')
    """
    return format_count(value, lang or get_language())


def now_and_later(position: Position, lang: str | None = None) -> Table:
    """For each move of the side to move: the stones it brings into the store at once, and the
    store difference at the end of the set with the best play on both sides (from South)."""
    from ..search import value_of_moves

    lang = lang or get_language()
    mover = position.to_move or SOUTH
    values = value_of_moves(position)
    table = Table(
        [
            t("thinking.move", lang, side_gen=SIDE_GENITIVES[mover]),
            t("thinking.now", lang),
            t("thinking.later", lang),
        ]
    )
    for pit in position.legal_moves:
        now = position.play(pit).store(mover) - position.store(mover)
        later = values[pit] if mover == SOUTH else -values[pit]
        table.rows.append([t("thinking.pit", lang, pit=pit), str(now), signed(later)])
    return table


def lines_table(lines: Mapping[int, int], lang: str | None = None) -> Table:
    """How many different lines of play there are ``depth`` moves ahead, for each depth."""
    lang = lang or get_language()
    return Table(
        [t("thinking.depth", lang), t("thinking.lines", lang)],
        [[str(depth), count_text(n, lang)] for depth, n in lines.items()],
    )


def level_choices(
    position: Position, lang: str | None = None, seed: int = 1, levels: Iterable[str] | None = None
) -> Table:
    """The pit each level of the computer chooses in ``position`` (with ``seed``: always the
    same choice)."""
    from ..search import LEVELS, Player

    lang = lang or get_language()
    table = Table([t("tree.levels.level", lang), t("thinking.choice", lang)])
    for key in levels or LEVELS:
        pit = Player(key, seed=seed).choose(position)
        table.rows.append([LEVELS[key].name(lang), t("thinking.pit", lang, pit=pit)])
    return table


def solution_sentence(position: Position, lang: str | None = None) -> Sentence:
    """What the exact solver found: the result with the best play on both sides, the best
    moves, and how many positions it looked at."""
    from ..search import Solver

    lang = lang or get_language()
    mover = position.to_move or SOUTH
    solution = Solver(position.rules).solve(position)
    value = solution.value
    key = "thinking.win" if value > 0 else "thinking.lose" if value < 0 else "thinking.draw"
    moves = t("thinking.or", lang).join(t("thinking.pit", lang, pit=p) for p in solution.best_moves)
    return Sentence(
        " ".join(
            [
                t(key, lang, side=SIDE_NAMES[mover], count=abs(value)),
                t("thinking.best", lang, moves=moves, count=len(solution.best_moves)),
                t("thinking.nodes", lang, nodes=count_text(solution.nodes, lang)),
            ]
        )
    )
