"""A still picture of a position with every move's proven value: what each move does at once,
and how the set ends after it when both sides play perfectly.

The values come from a :class:`~mangala_edu.lessons.claims.MoveValues` claim of the lesson's
spec (proven by the tests), so nothing is searched when the notebook runs.

>>> from mangala_edu.lessons.claims import MoveValues
>>> table = ValueTable(MoveValues("end", "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S", {5: -8, 6: -2}),
...                    lang="en")
>>> table
ValueTable('end', '0,0,0,0,2,1,20/1,0,0,0,0,1,23 S')
>>> [row[2] for row in table.rows()]
['North wins 28–20', 'North wins 25–23']
"""

from __future__ import annotations

import html

from ..display.captions import outcome_caption
from ..display.picture import board_img
from ..engine import SIDE_NAMES, SOUTH, other
from ..i18n import t
from .claims import MoveValues, score
from .tasks import rules_note

_STYLE = """<style>
.mangala-diagram table.mangala-values {border-collapse: collapse;
  font-size: 1.1em; margin: 0.4em 0;}
.mangala-diagram table.mangala-values th,
.mangala-diagram table.mangala-values td {border: 1px solid #b08d57; padding: 0.3em 0.7em;
  text-align: left; vertical-align: top;}
.mangala-diagram table.mangala-values th {background: #f3e6cf;}
.mangala-diagram table.mangala-values td:nth-child(3) {white-space: nowrap;}
.mangala-diagram table.mangala-values tr.mangala-values-best td {background: #e8f5e9;
  font-weight: bold;}
.mangala-diagram table.mangala-values caption {caption-side: bottom; text-align: left;
  font-size: 0.9em; padding-top: 0.3em;}
</style>"""


def board_beside_table(
    board: str,
    table_class: str,
    head_keys: tuple[str, ...],
    rows: list[tuple[str, ...]],
    best: list[bool],
    caption: str,
    lang: str | None,
    above: str = "",
    basis: int = 380,
    widest: int = 560,
    style: str = _STYLE,
) -> str:
    """A board picture with a table of moves beside it (below it on a narrow screen), the best
    rows marked ★: the layout of the value tables and of the opening's table. ``rows`` hold
    plain text (escaped here); ``caption``, ``above`` (over both) and ``style`` are HTML;
    the board takes ``basis`` to ``widest`` pixels."""
    head = "".join(f"<th>{html.escape(t(key, lang))}</th>" for key in head_keys)
    body = []
    for cells, top in zip(rows, best, strict=True):
        mark = " ★" if top else ""
        cls = ' class="mangala-values-best"' if top else ""
        first, *rest = (html.escape(cell) for cell in cells)
        body.append(
            f"<tr{cls}><td>{first}{mark}</td>" + "".join(f"<td>{c}</td>" for c in rest) + "</tr>"
        )
    return (
        f'{style}<div class="mangala-diagram" style="max-width:1400px">{above}'
        f'<div style="display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start">'
        f'<div style="flex:1 1 {basis}px;min-width:280px;max-width:{widest}px">{board}</div>'
        f'<table class="{table_class}" style="flex:2 1 480px"><caption>{caption}'
        f"</caption><tr>{head}</tr>{''.join(body)}</table></div></div>"
    )


class ValueTable:
    """The position of ``claim`` and a table: each move, what it does at once, and the end of
    the set after it with perfect play on both sides (the best moves marked)."""

    def __init__(self, claim: MoveValues, lang: str | None = None) -> None:
        self.claim = claim
        self.lang = lang
        self.position = claim.start()

    def rows(self) -> list[tuple[str, str, str, bool]]:
        """(pit, what happens at once, how the set ends, best?) for each legal move."""
        lang = self.lang
        position = self.position
        mover = position.to_move or SOUTH
        best = self.claim.best_value
        rows = []
        for pit, value in sorted(self.claim.values.items()):
            mine, theirs = score(position, value)
            south, north = (mine, theirs) if mover == SOUTH else (theirs, mine)
            if value == 0:
                end = t("result.drawn", lang, south=south, north=north)
            else:
                winner = mover if value > 0 else other(mover)
                won, lost = sorted((south, north), reverse=True)
                end = t("result.winner", lang, side=SIDE_NAMES[winner], won=won, lost=lost)
            now = outcome_caption(position.trace(pit), lang)
            rows.append((t("values.pit", lang, pit=pit), now, end, value == best))
        return rows

    def _repr_html_(self) -> str:
        lang = self.lang
        rows = self.rows()
        note = rules_note(self.position.rules, lang)
        note_html = (
            f'<p style="font-weight:bold;margin:0.2em 0">⚑ {html.escape(note)}</p>' if note else ""
        )
        return board_beside_table(
            board_img(self.position, lang=lang, max_width=560),
            "mangala-values",
            ("values.head.move", "values.head.now", "values.head.end"),
            [row[:3] for row in rows],
            [row[3] for row in rows],
            html.escape(t("values.caption", lang)),
            lang,
            above=note_html,
        )

    def __repr__(self) -> str:
        return f"ValueTable({self.claim.name!r}, {self.claim.position!r})"
