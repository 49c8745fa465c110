"""The review of a set, drawn: the advantage chart as a picture, and each big mistake on a
small board with the pit played and the better pit ringed.

>>> from mangala_edu import Game, Position
>>> from mangala_edu.search.analysis import analyse_game
>>> review = analyse_game(Game(start=Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"),
...                            moves=[5]))
>>> card = mistake_card_html(review, review.moves[0], "en")
>>> "Move 1 · South, pit 5" in card and "data:image/svg+xml" in card
True
>>> advantage_png(review, "en")[:4]
b'\\x89PNG'

Where matplotlib cannot be imported (in a browser), :func:`advantage_image` draws the chart as
SVG (:func:`advantage_svg`, the same chart):

>>> advantage_svg(review, "en").svg.count("Advantage over the game")
2
"""

from __future__ import annotations

import html
import io
from typing import TYPE_CHECKING

from ..engine import NORTH, SIDE_NAMES, SOUTH, Position, Side
from ..i18n import Message, t
from .layout import board_layout
from .picture import svg_img
from .svg import Ring, board_svg
from .svg_chart import LegendEntry, Panel, SvgChart, matplotlib_missing
from .tree import NORTH_COLOUR, SOUTH_COLOUR

if TYPE_CHECKING:
    from ..search.analysis import GameReview, MoveReview

PLAYED_COLOUR = "#c62828"
BETTER_COLOUR = "#2e7d32"
MISTAKE_MARKERS = {"inaccuracy": ("o", 40), "mistake": ("o", 70), "blunder": ("X", 110)}
"""The advantage chart's marker of each kind of mistake: shape, and area (points squared)."""
LINE_COLOUR = "#333333"

REVIEW_STYLE = """<style>
.mangala-play-mistakes {display: flex; flex-wrap: wrap; gap: 0.8em;}
.mangala-play-mistake {flex: 1 1 300px; max-width: 380px; border: 1px solid #d8c3a0;
  border-radius: 8px; padding: 0.4em; background: #fffdf8;}
.mangala-play-mistake p {margin: 0.3em 0; line-height: 1.4;}
.mangala-play-note {font-size: 0.95em; color: #5d4a36;}
</style>"""
"""The styles of the review's title, notes and mistake cards."""


def mistake_svg(
    position: Position, played: int, better: int, lang: str | None = None, size: int = 360
) -> str:
    """A small still board of ``position`` with the pit played ringed red and dashed and marked
    ✗, and the better pit ringed green and solid and marked ✓ (pits numbered from the mover's
    left): told apart without colour vision too. The rings lie under the stone counts and the
    pit numbers, which stay readable.

    >>> svg = mistake_svg(Position.start(), 1, 4, "en")
    >>> svg.startswith("<svg") and svg.count("<ellipse") > 20 and 'stroke="#2e7d32"' in svg
    True
    >>> "mg-ring-cross" in svg and "mg-ring-check" in svg
    True
    """
    side = position.to_move or SOUTH
    rings = (
        Ring(position.place(side, played), PLAYED_COLOUR, dashed=True, mark="cross"),
        Ring(position.place(side, better), BETTER_COLOUR, mark="check"),
    )
    return board_svg(position, lang=lang, size=size, rings=rings)


def better_move(review: GameReview, move: MoveReview) -> int:
    """The better pit a mistake card shows: of the best moves, the one that captures most
    (the lowest pit among equals)."""
    position = review.game.positions[move.ply - 1]
    return min(move.best_moves, key=lambda p: (-position.trace(p).captured, p))


def mistake_card_html(review: GameReview, move: MoveReview, lang: str | None = None) -> str:
    """One mistake: the move, the board before it with both pits ringed (as an ``<img>``, so
    that a notebook that is not trusted shows it too), and why."""
    position = review.game.positions[move.ply - 1]
    better = better_move(review, move)
    title = t("play.review.move", lang, ply=move.ply, side=SIDE_NAMES[move.player], pit=move.pit)
    legend = t("play.review.legend", lang, played=move.pit, better=better)
    lay = board_layout(position.rules)
    picture = svg_img(
        mistake_svg(position, move.pit, better, lang),
        f"{title}. {legend}",
        aspect=lay["width"] / lay["height"],
        max_width=380,
    )
    return (
        f'<div class="mangala-play-mistake"><p><b>{html.escape(title)}</b></p>'
        f"{picture}"
        f'<p class="mangala-play-note">{html.escape(legend)}</p>'
        f"<p>{html.escape(move.text(lang))}</p></div>"
    )


def mistakes_html(
    review: GameReview, moves: list[MoveReview], heading: Message, lang: str | None = None
) -> str:
    """The mistakes ``moves`` of ``review`` as cards under ``heading``."""
    cards = "".join(mistake_card_html(review, move, lang) for move in moves)
    return (
        f"<h4>{html.escape(heading.text(lang))}</h4>"
        f'<div class="mangala-play-mistakes">{cards}</div>'
    )


def review_head_html(
    number: int, seconds: str, lang: str | None = None, *, note: Message | None = None
) -> str:
    """The title of the review of set ``number`` and the note on how it was made (``note``:
    another note than official Mangala's)."""
    title = t("play.review.title", lang, number=number)
    note_text = (
        note.text(lang) if note is not None else t("play.review.note", lang, seconds=seconds)
    )
    return f'<h4>{html.escape(title)}</h4><p class="mangala-play-note">{html.escape(note_text)}</p>'


def advantage_png(
    review: GameReview, lang: str | None = None, width: float = 9.5, height: float = 3.2
) -> bytes:
    """The advantage chart of ``review`` as PNG bytes (the same for the same review)."""
    from .analysis_chart import advantage_chart

    fig = advantage_chart(review, lang, width=width, height=height)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96, metadata={"Software": None})
    return buffer.getvalue()


def advantage_image(review: GameReview, lang: str | None = None) -> tuple[bytes, str]:
    """The advantage chart of ``review`` and its image format, for an ``ipywidgets.Image``:
    ``(png, "png")``, or where matplotlib cannot be imported ``(svg, "svg+xml")``."""
    if matplotlib_missing():
        return advantage_svg(review, lang).svg.encode(), "svg+xml"
    return advantage_png(review, lang), "png"


def advantage_legend(review: GameReview, lang: str | None) -> list[tuple[str, str, str, str]]:
    """The advantage chart's legend, one entry for each kind of thing drawn: the lines
    (``line`` exact, ``dashed`` estimated), the ``marker`` of each kind of mistake made (its
    verdict last), and the ``patch`` of each side's colour (its area and its mistakes):
    (kind, label, colour, verdict)."""
    from ..search.analysis import VERDICT_NAMES

    out: list[tuple[str, str, str, str]] = []
    if any(m.exact for m in review.moves):
        out.append(("line", t("analysis.chart.exact_line", lang), LINE_COLOUR, ""))
    if not all(m.exact for m in review.moves):
        out.append(("dashed", t("analysis.chart.estimated_line", lang), LINE_COLOUR, ""))
    mistakes = review.mistakes()
    for verdict in MISTAKE_MARKERS:
        if any(m.verdict == verdict for m in mistakes):
            out.append(("marker", t(VERDICT_NAMES[verdict], lang), "#9a9a9a", verdict))
    values = review.advantage()
    sides: list[tuple[Side, str]] = [(SOUTH, SOUTH_COLOUR), (NORTH, NORTH_COLOUR)]
    for side, colour in sides:
        ahead = any(v > 0 for v in values) if side == SOUTH else any(v < 0 for v in values)
        if ahead or any(m.player == side for m in mistakes):
            label = t("analysis.chart.by_side", lang, side=SIDE_NAMES[side])
            out.append(("patch", label, colour, ""))
    return out


def _marker_px(verdict: str) -> float:
    """A mistake marker's width in pixels (matplotlib's area in points squared, at 96 dpi)."""
    return float(MISTAKE_MARKERS[verdict][1]) ** 0.5 * 96 / 72


def advantage_svg(
    review: GameReview, lang: str | None = None, width: float = 912, height: float = 307
) -> SvgChart:
    """The advantage chart (:func:`~.analysis_chart.advantage_chart`) as SVG, without
    matplotlib: South's advantage move by move, its area above 0 in South's colour and below
    in North's, the line solid where exact and dashed where estimated, the mistakes marked."""
    values = review.advantage()
    limit = max([4.0, *(abs(v) for v in values)]) * 1.1
    panel = Panel(
        t("analysis.chart.title", lang),
        xlabel=t("analysis.chart.xlabel", lang),
        ylabel=t("analysis.chart.ylabel", lang),
        xlim=(0, max(1, len(values) - 1)),
        ylim=(-limit, limit),
        integer_x=True,
    )
    panel.hline(0)
    if values:
        xs = list(range(len(values)))
        panel.area(xs, values, SOUTH_COLOUR, NORTH_COLOUR)
        for i, move in enumerate(review.moves):
            panel.line([i, i + 1], values[i : i + 2], LINE_COLOUR, dashed=not move.exact)
        for move in review.mistakes():
            colour = SOUTH_COLOUR if move.player == SOUTH else NORTH_COLOUR
            shape = MISTAKE_MARKERS[move.verdict][0]
            panel.markers([move.ply], [values[move.ply]], colour, shape, _marker_px(move.verdict))
        for kind, label, colour, verdict in advantage_legend(review, lang):
            size = _marker_px(verdict) if verdict else 10.0
            shape = MISTAKE_MARKERS[verdict][0] if verdict else "o"
            panel.legend.append(LegendEntry(label, kind, colour, shape, size))
    return SvgChart([panel], width, height, alt=panel.title)
