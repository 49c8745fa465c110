"""The board as a self-contained SVG picture: what a notebook shows for a :class:`Position`.

The picture is deterministic: the same position, highlight, language and size always give the
same text (no randomness, no dates; the ids inside are derived from the picture's content), so
notebook tests can compare it.

>>> from mangala_edu import Position
>>> svg = board_svg(Position.start(), lang="en")
>>> svg.startswith("<svg") and svg == board_svg(Position.start(), lang="en")
True
>>> "South to move" in svg and "Güney" in board_svg(Position.start(), lang="tr")
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import NamedTuple
from xml.sax.saxutils import escape

from ..engine import NORTH, SIDE_NAMES, SOUTH, Position, Rules, Side
from ..i18n import get_language, t
from .layout import (
    PALETTE,
    STONE_COLOURS,
    BoardLayout,
    PlaceLayout,
    board_layout,
    grain_curves,
    stone_spots,
)

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0..1) of the way towards ``other``."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


def _f(value: float) -> str:
    """A number as short SVG text: ``12.0`` -> ``12``, ``3.14159`` -> ``3.14``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def status_text(position: Position, lang: str | None = None) -> str:
    """The line under the board: whose turn it is, or the result.

    >>> status_text(Position.start(first="north"), "tr")
    'Sıra Kuzey oyuncusunda'
    >>> status_text(Position.from_text("0,0,0,0,0,0,30/0,0,0,0,0,0,18 -"), "en")
    'South wins 30–18'
    """
    result = position.result
    if position.to_move is not None or result is None:
        return t("board.to_move", lang, side=SIDE_NAMES[position.to_move or SOUTH])
    if result.winner == "draw":
        return t("result.drawn", lang, south=result.south, north=result.north)
    won, lost = sorted((result.south, result.north), reverse=True)
    return t("result.winner", lang, side=SIDE_NAMES[result.winner], won=won, lost=lost)


def _defs(uid: str) -> str:
    p = PALETTE
    parts = [
        "<defs>",
        f'<linearGradient id="{uid}-wood" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{p["wood_light"]}"/>'
        f'<stop offset="0.45" stop-color="{p["wood"]}"/>'
        f'<stop offset="1" stop-color="{p["wood_dark"]}"/></linearGradient>',
        f'<radialGradient id="{uid}-pit" cx="0.5" cy="0.42" r="0.62">'
        f'<stop offset="0" stop-color="{p["pit_deep"]}"/>'
        f'<stop offset="0.7" stop-color="{p["pit"]}"/>'
        f'<stop offset="1" stop-color="{_mix(p["pit"], "#ffffff", 0.18)}"/></radialGradient>',
    ]
    for k, colour in enumerate(STONE_COLOURS):
        parts.append(
            f'<radialGradient id="{uid}-s{k}" cx="0.38" cy="0.34" r="0.7">'
            f'<stop offset="0" stop-color="{_mix(colour, "#ffffff", 0.45)}"/>'
            f'<stop offset="0.55" stop-color="{colour}"/>'
            f'<stop offset="1" stop-color="{_mix(colour, "#000000", 0.35)}"/></radialGradient>'
        )
    parts.append("</defs>")
    return "".join(parts)


def _wood(lay: BoardLayout, uid: str) -> str:
    p = PALETTE
    w = lay["wood"]
    x, y, width, height, r = w["x"], w["y"], w["w"], w["h"], w["r"]
    out = [
        f'<rect x="{_f(x + 3)}" y="{_f(y + 6)}" width="{_f(width)}" height="{_f(height)}" '
        f'rx="{_f(r)}" fill="#000000" opacity="0.22"/>',
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(width)}" height="{_f(height)}" rx="{_f(r)}" '
        f'fill="url(#{uid}-wood)" stroke="{p["wood_edge"]}" stroke-width="3"/>',
    ]
    # Wood grain: gentle waves, the same every time.
    for (x0, y0), (ax, ay), (bx, by), (x1, y1), width_factor in grain_curves(
        x, y, width, height, r
    ):
        out.append(
            f'<path d="M{_f(x0)} {_f(y0)} C{_f(ax)} {_f(ay)} {_f(bx)} {_f(by)} {_f(x1)} '
            f'{_f(y1)}" fill="none" stroke="{p["grain"]}" stroke-width="{width_factor:.1f}" '
            'opacity="0.22"/>'
        )
    out.append(
        f'<rect x="{_f(x + 7)}" y="{_f(y + 7)}" width="{_f(width - 14)}" '
        f'height="{_f(height - 14)}" rx="{_f(r - 7)}" fill="none" stroke="#ffffff" '
        f'stroke-width="1.5" opacity="0.25"/>'
    )
    return "".join(out)


def _hollow(place: PlaceLayout, uid: str) -> str:
    """A pit or a store carved into the wood."""
    p = PALETTE
    cx, cy, rx, ry = place["cx"], place["cy"], place["rx"], place["ry"]
    return (
        f'<ellipse cx="{_f(cx)}" cy="{_f(cy + 2)}" rx="{_f(rx + 3)}" ry="{_f(ry + 3)}" '
        f'fill="#ffffff" opacity="0.18"/>'
        f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(rx)}" ry="{_f(ry)}" '
        f'fill="url(#{uid}-pit)" stroke="{p["pit_rim"]}" stroke-width="3"/>'
    )


#: The pit numbers: white on a dark tag, big enough for the back row of a classroom.
PIT_NUMBER_SIZE = 22


def _pit_number(place: PlaceLayout) -> str:
    number = str(place["number"])
    width = 16 + 13 * len(number)
    x, y = place["nx"], place["ny"]
    return (
        f'<g class="mg-pit-number"><rect x="{_f(x - width / 2)}" y="{_f(y - 14)}" '
        f'width="{width}" height="28" rx="14" fill="{PALETTE["ink"]}" '
        f'fill-opacity="0.82"/><text x="{_f(x)}" y="{_f(y)}" dy="0.35em" '
        f'text-anchor="middle" font-size="{PIT_NUMBER_SIZE}" font-weight="bold" '
        f'fill="#ffffff">{number}</text></g>'
    )


def stones_svg(place: PlaceLayout, count: int, uid: str) -> str:
    """The stones of one place, as SVG circles (used by :func:`board_svg`)."""
    out = []
    for x, y, r, colour in stone_spots(place, count):
        out.append(
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="url(#{uid}-s{colour})" '
            f'stroke="#2b1d12" stroke-opacity="0.45" stroke-width="0.9"/>'
        )
    return "".join(out)


def count_svg(place: PlaceLayout, count: int) -> str:
    """The round label with a place's stone count."""
    p = PALETTE
    store = place["kind"] == "store"
    r = 20 if store else 17
    size = (20 if store else 18) if count < 100 else 14
    return (
        f'<circle cx="{_f(place["bx"])}" cy="{_f(place["by"])}" r="{r}" fill="{p["badge"]}" '
        f'stroke="{p["badge_edge"]}" stroke-width="2"/>'
        f'<text x="{_f(place["bx"])}" y="{_f(place["by"])}" dy="0.35em" text-anchor="middle" '
        f'font-size="{size}" font-weight="bold" fill="{p["ink"]}" '
        f'class="mg-count">{count}</text>'
    )


def highlight_svg(place: PlaceLayout) -> str:
    """A thick dashed ring (plus colour) around a place: visible without colour vision."""
    p = PALETTE
    cx, cy, rx, ry = place["cx"], place["cy"], place["rx"] + 8, place["ry"] + 8
    ring = f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(rx)}" ry="{_f(ry)}" fill="none" '
    return (
        ring
        + f'stroke="{p["highlight_fill"]}" stroke-width="14" stroke-opacity="0.8"/>'
        + ring
        + f'stroke="{p["highlight"]}" stroke-width="6" stroke-dasharray="11 7" '
        'stroke-linecap="round"/>'
    )


#: A tuzdik (Toguz Korgool): the pit is covered by a dark disc that says whose tuzdik it is.
TUZDIK_FILL = "#3b2314"
TUZDIK_INK = "#ffd8a8"


def tuzdik_svg(place: PlaceLayout, owner: Side, lang: str | None) -> str:
    """The mark of a tuzdik on its pit: a dark disc with a dashed rim, the word *tuzdik* and
    its owner's name (the widget's JavaScript draws the same)."""
    cx, cy, r = place["cx"], place["cy"], place["rx"] - 1
    word = escape(t("board.tuzdik_mark", lang))
    name = escape(SIDE_NAMES[owner].text(lang))
    return (
        f'<g class="mg-tuzdik" data-owner="{owner}">'
        f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{TUZDIK_FILL}" '
        f'fill-opacity="0.9" stroke="{TUZDIK_INK}" stroke-width="3" '
        f'stroke-dasharray="6 4"/>'
        f'<text x="{_f(cx)}" y="{_f(cy - 9)}" dy="0.35em" text-anchor="middle" '
        f'font-size="15" font-weight="bold" fill="#ffffff">{word}</text>'
        f'<text x="{_f(cx)}" y="{_f(cy + 11)}" dy="0.35em" text-anchor="middle" '
        f'font-size="15" font-weight="bold" fill="{TUZDIK_INK}">{name}</text></g>'
    )


class Ring(NamedTuple):
    """A coloured ring around one place of the board (e.g. the pit played and a better one in
    the review of a set): ``place`` is a board index; ``dashed`` and ``mark`` (``"check"``: a
    ✓, ``"cross"``: a ✗ on a disc beside the ring) tell rings apart without colour vision."""

    place: int
    colour: str
    dashed: bool = False
    mark: str = ""


#: The strokes of a ring's mark, around (0, 0): a tick and a cross.
MARK_PATHS = {"check": "M-9 0.5L-2.5 7.5L9.5-7.5", "cross": "M-7.5-7.5L7.5 7.5M7.5-7.5L-7.5 7.5"}


def ring_mark_svg(place: PlaceLayout, colour: str, mark: str) -> str:
    """A ✓ or ✗ (``mark``: ``"check"`` or ``"cross"``) in white on a disc of ``colour``,
    beside a place, across from its stone count; drawn as strokes, so no font is needed.

    >>> from mangala_edu import Rules
    >>> pit = board_layout(Rules.official())["places"][0]
    >>> 'class="mg-ring-mark mg-ring-check"' in ring_mark_svg(pit, "#2e7d32", "check")
    True
    """
    if mark not in MARK_PATHS:
        return ""
    cx, cy, bx, by = place["cx"], place["cy"], place["bx"], place["by"]
    # Across from the count: beside it on a pit, at the other end of a store.
    x, y = (2 * cx - bx, by) if abs(bx - cx) > 1 else (cx, 2 * cy - by)
    return (
        f'<g class="mg-ring-mark mg-ring-{mark}" transform="translate({_f(x)} {_f(y)})">'
        f'<circle r="19" fill="{colour}" stroke="#ffffff" stroke-width="3"/>'
        f'<path d="{MARK_PATHS[mark]}" fill="none" stroke="#ffffff" stroke-width="4.5" '
        'stroke-linecap="round" stroke-linejoin="round"/></g>'
    )


def ring_svg(place: PlaceLayout, colour: str, dashed: bool = False) -> str:
    """A ring of ``colour`` around a place, on a light halo; dashed or solid."""
    cx, cy, rx, ry = place["cx"], place["cy"], place["rx"] + 8, place["ry"] + 8
    ring = f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(rx)}" ry="{_f(ry)}" fill="none" '
    dash = ' stroke-dasharray="10 6"' if dashed else ""
    return (
        ring
        + 'stroke="#ffffff" stroke-width="12" stroke-opacity="0.7"/>'
        + ring
        + f'stroke="{colour}" stroke-width="6"{dash} stroke-linecap="round"/>'
    )


def player_svg(lay: BoardLayout, side: Side, lang: str | None, active: bool) -> str:
    """A player's name in a pill; the mover's pill is dark, bold and has arrow marks."""
    p = PALETTE
    spot = lay["players"][side]
    name = escape(SIDE_NAMES[side].text(lang))
    fill, ink, weight = (
        (p["active"], p["active_text"], "bold") if active else (p["idle"], p["muted"], "normal")
    )
    marks = "▶ " + name + " ◀" if active else name
    return (
        f'<g class="mg-player mg-player-{side}">'
        f'<rect x="{_f(spot["x"] - 110)}" y="{_f(spot["y"] - 19)}" width="220" height="38" '
        f'rx="19" fill="{fill}" stroke="{p["wood_edge"]}" stroke-width="1.5"/>'
        f'<text x="{_f(spot["x"])}" y="{_f(spot["y"])}" dy="0.35em" text-anchor="middle" '
        f'font-size="21" font-weight="{weight}" fill="{ink}">{marks}</text></g>'
    )


def frame_svg(rules: Rules, lang: str | None, uid: str, *, numbers: bool = True) -> list[str]:
    """The parts of the picture that do not depend on the stones: background, wood, pits,
    stores and (``numbers=False``: without) pit numbers (shared by :func:`board_svg` and the
    interactive widget)."""
    lay = board_layout(rules)
    out = [
        f'<rect width="{_f(lay["width"])}" height="{_f(lay["height"])}" rx="18" '
        f'fill="{PALETTE["background"]}"/>',
        _wood(lay, uid),
    ]
    for place in lay["places"]:
        out.append(_hollow(place, uid))
    if numbers:
        out.extend(pit_numbers_svg(rules))
    return out


def pit_numbers_svg(rules: Rules) -> list[str]:
    """The pit numbers by the pits, white on dark tags. Drawn above rings, highlights and the
    keyboard focus, so they stay readable."""
    return [_pit_number(place) for place in board_layout(rules)["places"] if place["kind"] == "pit"]


def _uid(*parts: object) -> str:
    digest = hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()
    return "mg" + digest[:10]


def board_svg(
    position: Position,
    *,
    highlight: Iterable[int | str] = (),
    lang: str | None = None,
    size: int = 720,
    rings: Iterable[Ring] = (),
) -> str:
    """The board as an SVG string, ``size`` pixels wide (it shrinks to fit narrower pages).

    ``highlight`` takes places (board indices 0..2m+1 as in ``position.board``, or names
    such as ``"S3"``) to ring with a thick
    dashed line; ``rings`` adds rings of other colours (:class:`Ring`); ``lang`` is ``"tr"`` or
    ``"en"`` (default: the current language). Highlights and rings are drawn under the stones,
    the stone counts and the pit numbers, so every number stays readable.

    >>> from mangala_edu import Position, Rules
    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(board_svg(Position.start(Rules.kalah(4, 3)), highlight=[0]))
    >>> root.get("viewBox")
    '0 0 688 442'
    """
    lang = lang or get_language()
    rules = position.rules
    lay = board_layout(rules)
    g = rules.geometry
    marked = sorted({g.resolve(i) for i in highlight})
    ringed = [Ring(g.resolve(r.place), r.colour, bool(r.dashed), r.mark) for r in rings]
    parts: tuple[object, ...] = (position.to_text(), rules.to_json(), marked, lang, size)
    uid = _uid(*parts, ringed) if ringed else _uid(*parts)
    width, height = lay["width"], lay["height"]
    status = status_text(position, lang)
    title = escape(t("widget.board_label", lang) + ": " + status)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_f(width)} {_f(height)}" '
        f'width="{size}" height="{round(size * height / width)}" role="img" '
        f'aria-label="{title}" style="max-width:100%;height:auto" font-family="{FONT}">',
        f"<title>{title}</title>",
        _defs(uid),
        *frame_svg(rules, lang, uid, numbers=False),
    ]
    places = lay["places"]
    for i in marked:
        out.append(highlight_svg(places[i]))
    for ring in ringed:
        out.append(ring_svg(places[ring.place], ring.colour, ring.dashed))
    out.extend(pit_numbers_svg(rules))
    for place, count in zip(places, position.board, strict=True):
        out.append(stones_svg(place, count, uid))
    for owner, tuzdik in zip((SOUTH, NORTH), position.tuzdiks, strict=True):
        if tuzdik is not None:
            out.append(tuzdik_svg(places[tuzdik], owner, lang))
    for place, count in zip(places, position.board, strict=True):
        out.append(count_svg(place, count))
    for ring in ringed:  # above the stones: a cue besides the colour
        out.append(ring_mark_svg(places[ring.place], ring.colour, ring.mark))
    for side in (NORTH, SOUTH):
        out.append(player_svg(lay, side, lang, position.to_move == side))
    spot = lay["status"]
    out.append(
        f'<text x="{_f(spot["x"])}" y="{_f(spot["y"])}" dy="0.35em" text-anchor="middle" '
        f'font-size="20" fill="{PALETTE["ink"]}">{escape(status)}</text>'
    )
    out.append("</svg>")
    return "".join(out)


def widget_frame(rules: Rules, lang: str | None = None) -> str:
    """The picture the interactive board draws on: :func:`board_svg` without stones, counts,
    highlights or turn, with empty groups (``mg-highlights``, ``mg-stones``, ``mg-marks``,
    ``mg-focus``, ``mg-counts``, ``mg-fly``) that the widget's JavaScript fills, both looks
    of each player's name (the JavaScript shows ``mg-on`` for the mover, ``mg-off``
    otherwise) and an empty status line.

    >>> from mangala_edu import Rules
    >>> frame = widget_frame(Rules.official(), "tr")
    >>> 'class="mg-stones"' in frame and 'data-uid="mg' in frame
    True
    """
    lang = lang or get_language()
    lay = board_layout(rules)
    uid = _uid("widget", rules.to_json(), lang)
    width, height = lay["width"], lay["height"]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_f(width)} {_f(height)}" '
        f'class="mg-svg" data-uid="{uid}" font-family="{FONT}" aria-hidden="true" '
        f'focusable="false">',
        _defs(uid),
        *frame_svg(rules, lang, uid, numbers=False),
        '<g class="mg-highlights"></g><g class="mg-stones"></g><g class="mg-marks"></g>'
        '<g class="mg-focus"></g>',
        *pit_numbers_svg(rules),
        '<g class="mg-counts"></g><g class="mg-fly"></g>',
    ]
    for side in (NORTH, SOUTH):
        out.append(
            f'<g class="mg-player mg-player-{side}" data-side="{side}">'
            f'<g class="mg-off">{player_svg(lay, side, lang, False)}</g>'
            f'<g class="mg-on">{player_svg(lay, side, lang, True)}</g></g>'
        )
    spot = lay["status"]
    out.append(
        f'<text class="mg-status" x="{_f(spot["x"])}" y="{_f(spot["y"])}" dy="0.35em" '
        f'text-anchor="middle" font-size="20" fill="{PALETTE["ink"]}"></text>'
    )
    out.append("</svg>")
    return "".join(out)
