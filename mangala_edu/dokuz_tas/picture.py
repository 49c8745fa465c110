"""The Dokuz Taş board as a picture: an SVG for notebooks, a matplotlib figure for print.

The three squares and the four lines that join them are drawn on light wood, the 24 points as
dark dots, the stones as white and black discs with a dark (white stones) or light (black
stones) rim, so they stand out on a washed-out projector too. The point names run along the
edges (files ``a``-``g`` above and below, ranks ``1``-``7`` left and right); beside the board
each player has a column: the name (the mover's in a dark pill with an arrow), the phase
(placing, moving, flying), the stones still in hand drawn as stones in nine slots, and the
counts in hand and on the board. Under the board: whose turn it is (or how the game ended),
and the quiet-turn count and the repetitions when they matter:

- the quiet turns (sliding or flying turns in a row without a removal; 50 draw) are shown
  whenever neither player has a stone in hand (the moving phase), or when the count is not 0,
  and in the warning colour from 40 on;
- a repeated position is shown from its second occurrence (the third draws); a position
  alone has no history, so the caller gives ``occurrences`` (the live board does).

The live board (:mod:`.widget`) draws the same frame from the same :func:`board_layout`, so the
two look alike. Everything here is deterministic: the same position gives the same text.

>>> from mangala_edu.dokuz_tas import Position
>>> svg = board_svg(Position.start().play("d6"), lang="en")
>>> svg.startswith("<svg") and "Black to move (placing)" in svg
True
>>> svg == board_svg(Position.start().play("d6"), lang="en")
True
>>> 'data-point="d6" data-colour="white"' in svg
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from ..i18n import get_language, t
from .board import COLOURS, COORDINATES, LINES, POINT_NAMES, Colour, line_name, parse_point
from .errors import IllegalTurnError
from .notation import QUIET_LIMIT, STONES
from .position import Position
from .trace import Outcome, colour_name, phase_name

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

#: The distance between neighbouring files or ranks, and where file a / rank 7 sit.
STEP = 84
GRID_X = 290
GRID_Y = 96
STONE_R = 31
POINT_R = 10
HAND_R = 21
WIDTH = 1084
#: The height of the board with its columns; the static picture adds two lines under it.
BOARD_HEIGHT = 696
FULL_HEIGHT = 830
QUIET_WARNING = 40
"""From this many quiet turns on, their count is shown in the warning colour."""

PALETTE: dict[str, str] = {
    "background": "#fbf6ee",
    "wood": "#e6c48c",
    "wood_light": "#f0d6a8",
    "wood_edge": "#8a5a2b",
    "line": "#3b2314",
    "ink": "#2b1d12",
    "muted": "#6b4f37",
    "active": "#2f5d50",
    "active_text": "#ffffff",
    "idle": "#efe3cf",
    "white_stone": "#fbfaf6",
    "white_shade": "#c9c1b2",
    "white_rim": "#1a1a1a",
    "black_stone": "#262626",
    "black_shine": "#6a6a6a",
    "black_rim": "#000000",
    "black_ring": "#a9a9a9",
    "highlight": "#e8590c",
    "highlight_fill": "#ffd8a8",
    "target": "#1b7a34",
    "take": "#c62828",
    "protected": "#1c4fd8",
    "mill": "#f2b705",
    "warning": "#b3261e",
    "slot": "#b89a74",
}
"""The colours of the board, shared with the live board's JavaScript (through the layout)."""


def _f(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def point_xy(point: int) -> tuple[int, int]:
    """Where point number ``point`` is drawn (SVG units, y downwards).

    >>> point_xy(parse_point("a7")), point_xy(parse_point("g1"))
    ((290, 96), (794, 600))
    """
    file, rank = COORDINATES[point]
    return GRID_X + file * STEP, GRID_Y + (6 - rank) * STEP


def _panel_x(colour: Colour) -> float:
    return 100 if colour == "white" else WIDTH - 100


def _hand_slots(colour: Colour) -> list[list[float]]:
    """The nine places of a player's stones in hand: three rows of three under the name."""
    cx = _panel_x(colour)
    return [[cx + (k % 3 - 1) * 52, 184 + (k // 3) * 52] for k in range(STONES)]


def _nav() -> dict[str, dict[str, str | None]]:
    """For each point and arrow key, the point the keyboard focus goes to: the nearest one
    in that direction, straight on before aside."""
    out: dict[str, dict[str, str | None]] = {}
    directions = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
    for p, name in enumerate(POINT_NAMES):
        x, y = point_xy(p)
        out[name] = {}
        for key, (dx, dy) in directions.items():
            best: tuple[float, str] | None = None
            for q, other in enumerate(POINT_NAMES):
                qx, qy = point_xy(q)
                along = (qx - x) * dx + (qy - y) * dy
                if along <= 0:
                    continue
                score = along + 3 * abs((qx - x) * dy + (qy - y) * dx)
                if best is None or score < best[0]:
                    best = (score, other)
            out[name][key] = None if best is None else best[1]
    return out


@cache
def _layout() -> dict[str, Any]:
    points = [
        {"name": name, "x": point_xy(p)[0], "y": point_xy(p)[1]}
        for p, name in enumerate(POINT_NAMES)
    ]
    lines = []
    for i, (a, _, c) in enumerate(LINES):
        (x1, y1), (x2, y2) = point_xy(a), point_xy(c)
        lines.append({"name": line_name(i), "x1": x1, "y1": y1, "x2": x2, "y2": y2})
    return {
        "width": WIDTH,
        "height": BOARD_HEIGHT,
        "full_height": FULL_HEIGHT,
        "points": points,
        "lines": lines,
        "stone_r": STONE_R,
        "point_r": POINT_R,
        "hand_r": HAND_R,
        "hands": {colour: _hand_slots(colour) for colour in COLOURS},
        "panels": {
            colour: {
                "x": _panel_x(colour),
                "name_y": 60,
                "phase_y": 118,
                "hand_y": 372,
                "board_y": 410,
            }
            for colour in COLOURS
        },
        "nav": _nav(),
        "palette": dict(PALETTE),
    }


def board_layout() -> dict[str, Any]:
    """Where everything sits: the points, lines, hand slots, the players' columns, the
    keyboard's neighbours and the palette (JSON-ready; the live board's JavaScript draws
    from it).

    >>> lay = board_layout()
    >>> lay["points"][0], lay["nav"]["c4"]["right"], lay["nav"]["d5"]["down"]
    ({'name': 'a1', 'x': 290, 'y': 600}, 'e4', 'd3')
    """
    return _layout()


def board_string(position: Position) -> str:
    """The board as 24 characters over the points in :data:`~.board.POINT_NAMES` order
    (``W``, ``B`` or ``.``), as every event of a trace carries it.

    >>> board_string(Position.start().play("a4"))
    '.W......................'
    """
    white, black = position.bitboards
    return "".join(
        "W" if white >> p & 1 else "B" if black >> p & 1 else "." for p in range(len(POINT_NAMES))
    )


# -- Texts ----------------------------------------------------------------------------------


def status_text(position: Position, lang: str | None = None, outcome: Outcome | None = None) -> str:
    """Whose turn it is and what the turn is (placing, moving, flying), or how the game
    ended (``outcome``: a game's own, e.g. a third repetition; default: the position's).

    >>> status_text(Position.start(), "tr")
    'Sıra Beyaz oyuncusunda (yerleştirme)'
    >>> status_text(Position.from_text("WW1/3/3/6/3/3/BBB w 0 0 0"), "en")
    'The game is over. White has fewer than three stones left: Black wins.'
    """
    outcome = outcome or position.outcome
    if outcome is not None:
        return t("dokuz_tas.board.over", lang, why=outcome.said)
    mover = position.to_move
    return t(
        "dokuz_tas.board.to_move",
        lang,
        colour=colour_name(mover),
        phase=phase_name(position.phase(mover)),
    )


def quiet_shown(position: Position) -> bool:
    """Whether the quiet-turn count is worth showing: in the moving phase (no stone in either
    hand), or whenever it is not 0.

    >>> quiet_shown(Position.start()), quiet_shown(Position.from_text("WWW/3/3/6/3/3/BBB w 0 0 0"))
    (False, True)
    """
    return position.quiet > 0 or not (position.in_hand("white") or position.in_hand("black"))


def counts_lines(position: Position, lang: str | None = None, occurrences: int = 1) -> list[str]:
    """The quiet turns (see :func:`quiet_shown`) and, from the second occurrence on, how
    often this position has stood: the lines that matter now.

    >>> pos = Position.from_text("WWW/3/3/6/3/3/BBB w 0 0 12")
    >>> counts_lines(pos, "en")
    ['12 turns without a removal (a draw at 50).']
    >>> counts_lines(pos, "tr", occurrences=2)[1]
    'Bu konum 2. kez oluştu (3. kezde berabere).'
    """
    lines = []
    if quiet_shown(position):
        lines.append(t("dokuz_tas.board.quiet", lang, count=position.quiet, most=QUIET_LIMIT))
    if occurrences >= 2:
        lines.append(t("dokuz_tas.board.repeated", lang, count=occurrences))
    return lines


def counts_text(position: Position, lang: str | None = None, occurrences: int = 1) -> str:
    """:func:`counts_lines` in one line (``""`` when none matters).

    >>> counts_text(Position.from_text("WWW/3/3/6/3/3/BBB w 0 0 12"), "tr")
    "Taş alınmadan 12 hamle oynandı (50'de berabere)."
    """
    return " ".join(counts_lines(position, lang, occurrences))


def panel_texts(position: Position, lang: str | None = None) -> dict[str, dict[str, object]]:
    """What each player's column says: the name, the phase, the stones in hand and on the
    board (counts and words), and whether it is their turn.

    >>> panel_texts(Position.start(), "en")["black"]["hand_text"]
    'In hand: 9'
    """
    out: dict[str, dict[str, object]] = {}
    over = position.is_over
    for colour in COLOURS:
        hand, on_board = position.in_hand(colour), position.on_board(colour)
        out[colour] = {
            "name": colour_name(colour).text(lang),
            "phase": phase_name(position.phase(colour)).text(lang),
            "hand": hand,
            "hand_text": t("dokuz_tas.board.in_hand", lang, count=hand),
            "board_text": t("dokuz_tas.board.on_board", lang, count=on_board),
            "active": not over and position.to_move == colour,
        }
    return out


# -- SVG ------------------------------------------------------------------------------------


def defs_svg(uid: str) -> str:
    """The gradients of the stones (ids ``{uid}-white``, ``{uid}-black``) and of the wood."""
    p = PALETTE
    return (
        "<defs>"
        f'<radialGradient id="{uid}-white" cx="0.38" cy="0.32" r="0.75">'
        f'<stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="{p["white_stone"]}"/>'
        f'<stop offset="1" stop-color="{p["white_shade"]}"/></radialGradient>'
        f'<radialGradient id="{uid}-black" cx="0.38" cy="0.32" r="0.75">'
        f'<stop offset="0" stop-color="{p["black_shine"]}"/><stop offset="0.55" stop-color="{p["black_stone"]}"/>'
        f'<stop offset="1" stop-color="#050505"/></radialGradient>'
        f'<linearGradient id="{uid}-wood" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="{p["wood_light"]}"/><stop offset="1" stop-color="{p["wood"]}"/>'
        "</linearGradient></defs>"
    )


def stone_svg(x: float, y: float, r: float, colour: Colour, uid: str, extra: str = "") -> str:
    """One stone: a white stone with a dark rim, a black one with a black rim and a light
    ring inside it (the live board draws the same)."""
    p = PALETTE
    if colour == "white":
        return (
            f'<g{extra}><circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="url(#{uid}-white)" '
            f'stroke="{p["white_rim"]}" stroke-width="3.5"/></g>'
        )
    return (
        f'<g{extra}><circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="url(#{uid}-black)" '
        f'stroke="{p["black_rim"]}" stroke-width="3"/>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 0.72)}" fill="none" '
        f'stroke="{p["black_ring"]}" stroke-width="2" stroke-opacity="0.8"/></g>'
    )


def frame_svg(uid: str, *, labels: bool = True) -> str:
    """What does not change: the wood, the lines, the points and (``labels``) their names
    along the edges."""
    p = PALETTE
    lay = _layout()
    left, top = GRID_X - 80, GRID_Y - 80
    size = 6 * STEP + 160
    out = [
        f'<rect x="{_f(left + 4)}" y="{_f(top + 7)}" width="{size}" height="{size}" rx="22" '
        'fill="#000000" opacity="0.18"/>',
        f'<rect x="{_f(left)}" y="{_f(top)}" width="{size}" height="{size}" rx="22" '
        f'fill="url(#{uid}-wood)" stroke="{p["wood_edge"]}" stroke-width="4"/>',
        f'<g class="dt-lines" stroke="{p["line"]}" stroke-width="7" stroke-linecap="square">',
    ]
    for line in lay["lines"]:
        out.append(
            f'<line x1="{line["x1"]}" y1="{line["y1"]}" x2="{line["x2"]}" y2="{line["y2"]}"/>'
        )
    out.append("</g>")
    for point in lay["points"]:
        out.append(
            f'<circle class="dt-point" data-point="{point["name"]}" cx="{point["x"]}" cy="{point["y"]}" r="{POINT_R}" '
            f'fill="{p["line"]}" stroke="{p["wood_light"]}" stroke-width="2"/>'
        )
    if labels:
        out.append(
            f'<g class="dt-labels" font-size="26" font-weight="bold" fill="{p["ink"]}" '
            'text-anchor="middle">'
        )
        for k in range(7):
            x = GRID_X + k * STEP
            letter = chr(ord("a") + k)
            for y in (GRID_Y - 52, GRID_Y + 6 * STEP + 52):
                out.append(f'<text x="{x}" y="{y}" dy="0.35em">{letter}</text>')
            y = GRID_Y + (6 - k) * STEP
            for x in (GRID_X - 54, GRID_X + 6 * STEP + 54):
                out.append(f'<text x="{x}" y="{y}" dy="0.35em">{k + 1}</text>')
        out.append("</g>")
    return "".join(out)


def ring_svg(x: float, y: float, colour: str, *, dashed: bool = False, r: float = 0) -> str:
    """A ring around a point, on a light halo (dashed: told apart without colour)."""
    r = r or STONE_R + 8
    dash = ' stroke-dasharray="10 6"' if dashed else ""
    return (
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="none" stroke="#ffffff" '
        f'stroke-width="12" stroke-opacity="0.75"/>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="none" stroke="{colour}" '
        f'stroke-width="6"{dash} stroke-linecap="round"/>'
    )


def panel_svg(colour: Colour, texts: dict[str, object], uid: str) -> str:
    """A player's column: the name (the mover's in a dark pill with arrows), the phase, the
    stones in hand in nine slots and the counts."""
    p = PALETTE
    cx = _panel_x(colour)
    active = bool(texts["active"])
    name = escape(str(texts["name"]))
    fill, ink, weight = (
        (p["active"], p["active_text"], "bold") if active else (p["idle"], p["muted"], "bold")
    )
    label = f"▶ {name} ◀" if active else name
    out = [
        f'<g class="dt-panel dt-panel-{colour}{" dt-active" if active else ""}">',
        f'<rect x="{_f(cx - 90)}" y="36" width="180" height="48" rx="24" fill="{fill}" '
        f'stroke="{p["wood_edge"]}" stroke-width="2"/>',
        f'<text x="{_f(cx)}" y="60" dy="0.35em" text-anchor="middle" font-size="24" '
        f'font-weight="{weight}" fill="{ink}">{label}</text>',
        f'<text x="{_f(cx)}" y="118" dy="0.35em" text-anchor="middle" font-size="21" '
        f'font-style="italic" fill="{p["muted"]}">{escape(str(texts["phase"]))}</text>',
    ]
    hand = int(texts["hand"])  # type: ignore[call-overload]
    for k, (x, y) in enumerate(_hand_slots(colour)):
        if k < hand:
            out.append(stone_svg(x, y, HAND_R, colour, uid, ' class="dt-hand-stone"'))
        else:
            out.append(
                f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{HAND_R}" fill="none" '
                f'stroke="{p["slot"]}" stroke-width="2" stroke-dasharray="5 4"/>'
            )
    for key, y, size in (("hand_text", 372, 23), ("board_text", 410, 21)):
        out.append(
            f'<text x="{_f(cx)}" y="{y}" dy="0.35em" text-anchor="middle" font-size="{size}" '
            f'font-weight="{"bold" if key == "hand_text" else "normal"}" fill="{p["ink"]}">'
            f"{escape(str(texts[key]))}</text>"
        )
    out.append("</g>")
    return "".join(out)


def _uid(*parts: object) -> str:
    return "dt" + hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()[:10]


def board_svg(
    position: Position,
    *,
    lang: str | None = None,
    highlight: Iterable[str | int] = (),
    labels: bool = True,
    occurrences: int = 1,
    outcome: Outcome | None = None,
    size: int = 760,
    mills: Iterable[str] = (),
    taken: Iterable[str | int] = (),
    protected: Iterable[str | int] = (),
) -> str:
    """The board as an SVG string, ``size`` pixels wide (it shrinks to fit narrower pages).

    ``highlight`` rings points (names or numbers) with a thick dashed orange line; ``mills``
    draws lines (by name, ``"a7-d7-g7"``: a mill, or a line a lesson points at) in the live
    board's mill colour under the stones; ``taken`` crosses out points whose stone was taken
    (in red, as the live board marks the last removal); ``protected`` rings stones that a mill
    could not take with the live board's dashed blue ring;
    ``labels=False`` leaves out the point names along the edges; ``occurrences`` is how often
    this position has stood in its game (shown from 2 on); ``outcome`` is the game's ending
    when the position alone does not know it (a third repetition).

    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(board_svg(Position.start(), highlight=["d6"]))
    >>> root.get("viewBox"), len(root.findall(".//{*}g[@class='dt-ring']"))
    ('0 0 1084 830', 1)
    >>> board_svg(Position.start(), highlight=["d4"])
    Traceback (most recent call last):
    ...
    mangala_edu.dokuz_tas.errors.IllegalTurnError: ... / There is no point d4 on the board: ...
    """
    lang = lang or get_language()
    marked = sorted({parse_point(h) if isinstance(h, str) else h for h in highlight})
    for point in marked:
        if not isinstance(point, int) or not 0 <= point < len(POINT_NAMES):
            parse_point(str(point))  # raises, naming it
    drawn = [_line_points(name) for name in mills]
    crossed = sorted({parse_point(q) if isinstance(q, str) else q for q in taken})
    locked = sorted({parse_point(q) if isinstance(q, str) else q for q in protected})
    marks = (drawn, crossed, locked) if drawn or crossed or locked else ()
    uid = _uid(
        position.to_text(), position.flying, marked, lang, labels, occurrences, outcome, *marks
    )
    status = status_text(position, lang, outcome)
    title = escape(t("dokuz_tas.board.label", lang) + ": " + status)
    p = PALETTE
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {FULL_HEIGHT}" '
        f'width="{size}" height="{round(size * FULL_HEIGHT / WIDTH)}" role="img" '
        f'aria-label="{title}" style="max-width:100%;height:auto" font-family="{FONT}">',
        f"<title>{title}</title>",
        defs_svg(uid),
        f'<rect width="{WIDTH}" height="{FULL_HEIGHT}" rx="18" fill="{p["background"]}"/>',
        frame_svg(uid, labels=labels),
    ]
    for a, c in drawn:
        (x1, y1), (x2, y2) = point_xy(a), point_xy(c)
        ends = f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke-linecap="round"'
        dots = "".join(  # the line's points stay in sight on an empty line
            f'<circle cx="{x}" cy="{y}" r="{POINT_R}" fill="{p["line"]}" stroke="#ffffff" '
            'stroke-width="2"/>'
            for x, y in (point_xy(q) for q in LINES[_line_index(a, c)])
        )
        out.append(
            f'<g class="dt-mill"><line {ends} stroke="#ffffff" stroke-width="26" '
            f'stroke-opacity="0.7"/><line {ends} stroke="{p["mill"]}" stroke-width="16"/>'
            f"{dots}</g>"
        )
    for point in crossed:
        x, y = point_xy(point)
        out.append(
            f'<path class="dt-taken" d="M{x - 14} {y - 14}L{x + 14} {y + 14}M{x + 14} {y - 14}'
            f'L{x - 14} {y + 14}" stroke="{p["take"]}" stroke-width="6" stroke-linecap="round"/>'
        )
    for point in marked:
        x, y = point_xy(point)
        out.append(f'<g class="dt-ring">{ring_svg(x, y, p["highlight"], dashed=True)}</g>')
    for point in locked:
        x, y = point_xy(point)
        out.append(f'<g class="dt-protected">{ring_svg(x, y, p["protected"], dashed=True)}</g>')
    for p_index, char in enumerate(board_string(position)):
        if char == ".":
            continue
        colour: Colour = "white" if char == "W" else "black"
        x, y = point_xy(p_index)
        extra = f' class="dt-stone" data-point="{POINT_NAMES[p_index]}" data-colour="{colour}"'
        out.append(stone_svg(x, y, STONE_R, colour, uid, extra))
    panels = panel_texts(position, lang)
    if outcome is not None:
        for texts in panels.values():
            texts["active"] = False
    for colour in COLOURS:
        out.append(panel_svg(colour, panels[colour], uid))
    out.append(
        f'<text class="dt-status" x="{WIDTH / 2:g}" y="{BOARD_HEIGHT + 28}" dy="0.35em" '
        f'text-anchor="middle" font-size="26" font-weight="bold" fill="{p["ink"]}">'
        f"{escape(status)}</text>"
    )
    warn = position.quiet >= QUIET_WARNING or occurrences >= 2
    weight = ' font-weight="bold"' if warn else ""
    ended = outcome or position.outcome
    shown = (
        []
        if ended is not None and ended.winner is not None
        else counts_lines(position, lang, occurrences)
    )
    for k, line in enumerate(shown):
        out.append(
            f'<text class="dt-counts" x="{WIDTH / 2:g}" y="{BOARD_HEIGHT + 66 + 34 * k}" '
            f'dy="0.35em" text-anchor="middle" font-size="22" '
            f'fill="{p["warning"] if warn else p["muted"]}"{weight}>{escape(line)}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def _line_points(name: str) -> tuple[int, int]:
    """The two end points of the line named ``name`` (``"a7-d7-g7"``, its points in either
    order); raises :class:`~.errors.IllegalTurnError` for a name that is not one of the 16.

    >>> [POINT_NAMES[p] for p in _line_points("g7-d7-a7")]
    ['a7', 'g7']
    """
    for i, (a, _, c) in enumerate(LINES):
        if sorted(name.split("-")) == sorted(line_name(i).split("-")):
            return a, c
    raise IllegalTurnError("dokuz_tas.error.unknown_line", value=name)


def _line_index(a: int, c: int) -> int:
    """The number of the line from point ``a`` to point ``c``."""
    return next(i for i, line in enumerate(LINES) if (line[0], line[2]) == (a, c))


def board_img(position: Position, *, lang: str | None = None, **kw: Any) -> str:
    """:func:`board_svg` as an ``<img>`` (shown even in a notebook that is not trusted), with
    the board's state in words as its text alternative.

    >>> board_img(Position.start(), lang="en").startswith('<img src="data:image/svg+xml;base64,')
    True
    """
    from ..display.picture import svg_img

    alt = f"{t('dokuz_tas.board.label', lang)}: {status_text(position, lang, kw.get('outcome'))}"
    svg = board_svg(position, lang=lang, size=1000, **kw)
    return svg_img(svg, alt, aspect=WIDTH / FULL_HEIGHT, max_width=1000)


def widget_frame(lang: str | None = None) -> str:
    """The picture the live board draws on: the frame of :func:`board_svg` (board part only:
    the status lines are HTML under it) with empty groups that its JavaScript fills
    (``dt-under``, ``dt-stones``, ``dt-over``, ``dt-panels``, ``dt-focus``, ``dt-fly``).

    >>> frame = widget_frame("tr")
    >>> 'class="dt-stones"' in frame and 'data-uid="dt' in frame
    True
    """
    uid = _uid("widget", lang or get_language())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {BOARD_HEIGHT}" '
        f'class="dt-svg" data-uid="{uid}" font-family="{FONT}" aria-hidden="true" '
        f'focusable="false">{defs_svg(uid)}'
        f'<rect width="{WIDTH}" height="{BOARD_HEIGHT}" rx="18" fill="{PALETTE["background"]}"/>'
        f"{frame_svg(uid)}"
        '<g class="dt-under"></g><g class="dt-stones"></g><g class="dt-over"></g>'
        '<g class="dt-panels"></g><g class="dt-focus"></g><g class="dt-fly"></g></svg>'
    )


# -- Print (matplotlib) ---------------------------------------------------------------------


def picture_figure(
    position: Position,
    *,
    lang: str | None = None,
    highlight: Iterable[str | int] = (),
    labels: bool = True,
    occurrences: int = 1,
    outcome: Outcome | None = None,
) -> Any:
    """The board as a matplotlib figure (nothing shown; it shows itself as a PNG when it is
    a notebook cell's last value): the same layout and colours as :func:`board_svg`.

    >>> fig = picture_figure(Position.start())
    >>> [float(round(v, 2)) for v in fig.get_size_inches()]
    [10.84, 8.3]
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.patches import Circle, FancyBboxPatch

    from ..display.figure import UNIT, BoardFigure

    lang = lang or get_language()
    p = PALETTE
    fig = BoardFigure(figsize=(WIDTH / 100, FULL_HEIGHT / 100), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(FULL_HEIGHT, 0)
    ax.set_axis_off()
    box = "round,pad=0,rounding_size={}"

    def text(x: float, y: float, s: str, size: float, **kw: Any) -> None:
        kw.setdefault("color", p["ink"])
        ax.text(x, y, s, ha="center", va="center_baseline", fontsize=size * UNIT, **kw)

    def stone(x: float, y: float, r: float, colour: str, z: float = 5) -> None:
        if colour == "white":
            ax.add_patch(
                Circle((x, y), r, fc=p["white_stone"], ec=p["white_rim"], lw=3.5 * UNIT, zorder=z)
            )
        else:
            ax.add_patch(
                Circle((x, y), r, fc=p["black_stone"], ec=p["black_rim"], lw=3 * UNIT, zorder=z)
            )
            ax.add_patch(
                Circle((x, y), r * 0.72, fc="none", ec=p["black_ring"], lw=2 * UNIT, zorder=z + 0.1)
            )

    ax.add_patch(
        FancyBboxPatch(
            (0, 0),
            WIDTH,
            FULL_HEIGHT,
            fc=p["background"],
            ec="none",
            boxstyle=box.format(18),
            zorder=0,
        )
    )
    left, top, size = GRID_X - 80, GRID_Y - 80, 6 * STEP + 160
    ax.add_patch(
        FancyBboxPatch(
            (left, top),
            size,
            size,
            fc=p["wood"],
            ec=p["wood_edge"],
            lw=4 * UNIT,
            boxstyle=box.format(22),
            zorder=1,
        )
    )
    for line in _layout()["lines"]:
        ax.plot(
            [line["x1"], line["x2"]],
            [line["y1"], line["y2"]],
            color=p["line"],
            lw=7 * UNIT,
            solid_capstyle="projecting",
            zorder=2,
        )
    for point in range(len(POINT_NAMES)):
        ax.add_patch(
            Circle(
                point_xy(point), POINT_R, fc=p["line"], ec=p["wood_light"], lw=2 * UNIT, zorder=3
            )
        )
    if labels:
        for k in range(7):
            for edge in (GRID_Y - 52, GRID_Y + 6 * STEP + 52):
                text(GRID_X + k * STEP, edge, chr(ord("a") + k), 26, fontweight="bold")
            for edge in (GRID_X - 54, GRID_X + 6 * STEP + 54):
                text(edge, GRID_Y + (6 - k) * STEP, str(k + 1), 26, fontweight="bold")
    for h in highlight:
        x, y = point_xy(parse_point(h) if isinstance(h, str) else h)
        ax.add_patch(
            Circle(
                (x, y),
                STONE_R + 8,
                fc="none",
                ec=p["highlight"],
                lw=6 * UNIT,
                ls=(0, (2, 1.2)),
                zorder=4,
            )
        )
    for index, char in enumerate(board_string(position)):
        if char != ".":
            stone(*point_xy(index), STONE_R, "white" if char == "W" else "black")
    panels = panel_texts(position, lang)
    for colour in COLOURS:
        texts = panels[colour]
        active = bool(texts["active"]) and outcome is None
        cx = _panel_x(colour)
        ax.add_patch(
            FancyBboxPatch(
                (cx - 90, 36),
                180,
                48,
                boxstyle=box.format(24),
                fc=p["active"] if active else p["idle"],
                ec=p["wood_edge"],
                lw=2 * UNIT,
                zorder=2,
            )
        )
        name = str(texts["name"])
        text(
            cx,
            60,
            f"▶ {name} ◀" if active else name,
            24,
            fontweight="bold",
            color=p["active_text"] if active else p["muted"],
            zorder=3,
        )
        text(cx, 118, str(texts["phase"]), 21, style="italic", color=p["muted"])
        hand = int(texts["hand"])  # type: ignore[call-overload]
        for k, (sx, sy) in enumerate(_hand_slots(colour)):
            if k < hand:
                stone(sx, sy, HAND_R, colour)
            else:
                ax.add_patch(
                    Circle(
                        (sx, sy),
                        HAND_R,
                        fc="none",
                        ec=p["slot"],
                        lw=2 * UNIT,
                        ls=(0, (2.5, 2)),
                        zorder=3,
                    )
                )
        text(cx, 372, str(texts["hand_text"]), 23, fontweight="bold")
        text(cx, 410, str(texts["board_text"]), 21)
    text(WIDTH / 2, BOARD_HEIGHT + 28, status_text(position, lang, outcome), 26, fontweight="bold")
    warn = position.quiet >= QUIET_WARNING or occurrences >= 2
    ended = outcome or position.outcome
    shown = (
        []
        if ended is not None and ended.winner is not None
        else counts_lines(position, lang, occurrences)
    )
    for k, line in enumerate(shown):
        text(
            WIDTH / 2,
            BOARD_HEIGHT + 66 + 34 * k,
            line,
            22,
            color=p["warning"] if warn else p["muted"],
            fontweight="bold" if warn else "normal",
        )
    return fig


def save_picture(position: Position, path: str | Path, *, dpi: float = 150, **kw: Any) -> Path:
    """Save the board as PNG, SVG or PDF (by the file's extension) for print; ``kw`` goes to
    :func:`picture_figure`. Saving the same board twice gives the same bytes.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> save_picture(Position.start(), folder / "board.png").read_bytes()[:4]
    b'\\x89PNG'
    >>> save_picture(Position.start(), folder / "board.txt")
    Traceback (most recent call last):
    ...
    mangala_edu.display.figure.DisplayError: ... / Cannot save a board as 'board.txt': ...
    """
    import matplotlib

    from ..display.figure import FORMATS, SVG_HASHSALT, DisplayError

    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise DisplayError("display.bad_format", file=path.name)
    fig = picture_figure(position, **kw)
    metadata: dict[str, object] = {}
    if fmt == "svg":
        metadata = {"Date": None}
    elif fmt == "pdf":
        metadata = {"CreationDate": None, "ModDate": None}
    with matplotlib.rc_context(
        {"svg.hashsalt": SVG_HASHSALT, "svg.fonttype": "path", "pdf.fonttype": 42}
    ):
        fig.savefig(path, format=fmt, dpi=dpi, metadata=metadata, facecolor="none")
    return path
