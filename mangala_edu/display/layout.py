"""Where everything sits on a drawn board: one geometry and one palette for every drawing.

The static SVG (:mod:`.svg`), the matplotlib figure (:mod:`.figure`) and the interactive
widget's JavaScript all draw from :func:`board_layout`, so they look alike. Coordinates are in
SVG units (y grows downwards); the figure flips them.

The board is drawn as a real wooden Mangala board: South's row at the bottom (S1..Sm left to
right) with South's store at the right end; North's row on top (N1 at the right, Nm at the
left) with North's store at the left end. Pit ``i`` of one side faces pit ``m + 1 - i`` of the
other.

>>> from mangala_edu import Rules
>>> lay = board_layout(Rules.official())
>>> [p["label"] for p in lay["places"][:3]], lay["places"][6]["kind"], lay["places"][6]["label"]
(['S1', 'S2', 'S3'], 'store', 'Sstore')
>>> s1, n6 = lay["places"][0], lay["places"][12]
>>> s1["cx"] == n6["cx"] and s1["cy"] > n6["cy"]      # S1 sits under N6
True
>>> stone_spots(lay["places"][0], 3)
[(199.9, 276.0, 12.0, 0), (186.5, 282.9, 12.0, 5), (195.2, 262.9, 12.0, 4)]
"""

from __future__ import annotations

import math
from typing import TypedDict

from ..engine import NORTH, SOUTH, Rules


class PlaceLayout(TypedDict):
    """Where one board place is drawn (see :func:`board_layout`)."""

    index: int
    kind: str
    side: str
    number: int
    label: str
    cx: float
    cy: float
    rx: float
    ry: float
    bx: float
    by: float
    nx: float
    ny: float


class Spot(TypedDict):
    x: float
    y: float


class BoardLayout(TypedDict):
    """The geometry of a drawn board (see :func:`board_layout`)."""

    pits: int
    beside: bool
    width: float
    height: float
    wood: dict[str, float]
    places: list[PlaceLayout]
    players: dict[str, Spot]
    status: Spot
    palette: dict[str, str]
    stones: list[str]
    stone_r: float
    badge_r: float
    pit_capacity: int
    store_capacity: int
    max_drawn: int


#: Colours shared by every drawing.
PALETTE: dict[str, str] = {
    "background": "#fbf6ee",
    "ink": "#2b1d12",
    "muted": "#7a5b40",
    "wood_light": "#d9a36a",
    "wood": "#bf8047",
    "wood_dark": "#94592c",
    "wood_edge": "#6e3e1c",
    "grain": "#8a5229",
    "pit_rim": "#7a4622",
    "pit_deep": "#4e2a12",
    "pit": "#865128",
    "badge": "#fff8ea",
    "badge_edge": "#6e3e1c",
    "active": "#2f5d50",
    "active_text": "#ffffff",
    "idle": "#efe3cf",
    "highlight": "#e8590c",
    "highlight_fill": "#ffd8a8",
}

#: Natural pebble colours: slate, sand, terracotta, sage, cream, basalt, ochre.
STONE_COLOURS: tuple[str, ...] = (
    "#8d949c",
    "#d8c3a0",
    "#b5603a",
    "#6f8f75",
    "#f1ebe0",
    "#55504b",
    "#b08d55",
)

# Sizes, in SVG units.
PIT_R = 40.0  # radius of a pit
PITCH = 100.0  # distance between the centres of neighbouring pits
STORE_RX = 44.0  # half-width of a store
ROW_GAP = 150.0  # distance between the two rows' centres
STONE_R = 12.0  # radius of a stone at full size
BADGE_R = 17.0  # radius of the round label holding a count
PAD = 14.0  # space around the wooden board
LABEL_BAND = 52.0  # band above and below the board for the players' names
STATUS_BAND = 40.0  # band at the bottom for whose turn it is / the result
WOOD_MARGIN = 22.0  # wood between a store and the board's end
STORE_GAP = 30.0  # wood between a store and the nearest pit
BADGE_GAP = 34.0  # wood between a pit row and the board's long edge

# Boards whose stores are off the sowing path (Toguz Korgool, Mangala II and IV): no store at
# the board's ends; each player's captured stones lie in a dish beside their name.
DISH_RX = 130.0  # half-width of a dish of captured stones
DISH_RY = 32.0  # half-height of a dish
DISH_BAND = 84.0  # band above and below the board for a name and a dish
DISH_GAP = 22.0  # space between a name and its dish
PILL_W = 220.0  # width of a player's name pill
BESIDE_MARGIN = 52.0  # wood between the last pit and the board's end (no store there)

PIT_CAPACITY = 9  # stones drawn at full size in a pit
STORE_CAPACITY = 30  # stones drawn at full size in a store
MAX_DRAWN = 72  # at most this many stones are drawn in one place (the count says more)
GOLDEN_ANGLE = math.pi * (3 - math.sqrt(5))


def board_layout(rules: Rules | None = None) -> BoardLayout:
    """The geometry of the board for ``rules`` (any number of pits), as JSON-ready data.

    Returns a dict with ``width``, ``height``, ``wood`` (x, y, w, h, r), ``places`` (one dict
    per board index: ``kind`` "pit"/"store", ``side``, ``number`` (pit number from its owner's
    left; 0 for a store), ``label``, centre ``cx``/``cy``, radii ``rx``/``ry``, the count
    badge ``bx``/``by`` and the pit number's position ``nx``/``ny``, unused for a store),
    ``players``
    (where each name goes), ``beside`` (True when the stores are off the sowing path, as in
    Toguz Korgool and the storeless games: then the board has no store at its ends and each
    player's captured stones lie in a dish beside their name, on their right), ``status``
    (where the turn/result line goes), ``palette``,
    ``stones`` (the stone colours) and the stone-placement constants used by
    :func:`stone_spots`.
    """
    rules = rules or Rules.official()
    m = rules.pits
    g = rules.geometry
    beside = not rules.stores_on_path
    wood_x = PAD
    band = DISH_BAND if beside else LABEL_BAND
    if beside:
        first_pit = wood_x + BESIDE_MARGIN + PIT_R
        last_pit = first_pit + (m - 1) * PITCH
        wood_w = last_pit + PIT_R + BESIDE_MARGIN - wood_x
        # The name pill, the dish and its count side by side must fit over the board.
        group = PILL_W + DISH_GAP + 2 * DISH_RX + 2 * BADGE_R + 12
        if wood_w < group:
            shift = (group - wood_w) / 2
            first_pit += shift
            last_pit += shift
            wood_w = group
        store_l = store_r = 0.0
    else:
        store_l = wood_x + WOOD_MARGIN + STORE_RX  # centre of North's store (left)
        first_pit = store_l + STORE_RX + STORE_GAP + PIT_R  # centre x of column 0
        last_pit = first_pit + (m - 1) * PITCH
        store_r = last_pit + PIT_R + STORE_GAP + STORE_RX  # centre of South's store (right)
        wood_w = store_r + STORE_RX + WOOD_MARGIN - wood_x
    width = wood_w + 2 * PAD

    wood_y = band
    y_north = wood_y + BADGE_GAP + PIT_R
    y_south = y_north + ROW_GAP
    wood_h = ROW_GAP + 2 * (PIT_R + BADGE_GAP)
    y_mid = (y_north + y_south) / 2
    height = wood_y + wood_h + band + STATUS_BAND
    store_ry = ROW_GAP / 2 + PIT_R - 4
    centre = width / 2
    names: dict[str, Spot] = {
        NORTH: {"x": round(centre, 1), "y": wood_y - band / 2},
        SOUTH: {"x": round(centre, 1), "y": wood_y + wood_h + band / 2},
    }
    if beside:
        # Each dish lies on its owner's right, as a store would: South's right of South's name
        # (at the bottom), North's left of North's name (at the top).
        group = PILL_W + DISH_GAP + 2 * DISH_RX + 2 * BADGE_R + 12
        offset = group / 2 - PILL_W / 2
        names[SOUTH]["x"] = round(centre - offset, 1)
        names[NORTH]["x"] = round(centre + offset, 1)

    places: list[PlaceLayout] = []
    for index in range(g.size):
        side, number = g.place(index)
        south = side == SOUTH
        if number == 0 and beside:
            spot = names[side]
            sign = 1 if south else -1
            cx = spot["x"] + sign * (PILL_W / 2 + DISH_GAP + DISH_RX)
            bx = cx + sign * (DISH_RX + BADGE_R + 6)
            places.append(
                {
                    "index": index,
                    "kind": "store",
                    "side": side,
                    "number": 0,
                    "label": g.name(index),
                    "cx": round(cx, 1),
                    "cy": spot["y"],
                    "rx": DISH_RX,
                    "ry": DISH_RY,
                    "bx": round(bx, 1),
                    "by": spot["y"],
                    "nx": round(bx, 1),
                    "ny": spot["y"],
                }
            )
            continue
        if number == 0:
            cx = store_r if south else store_l
            # The store's count sits by its owner's row: South's below, North's above.
            by = y_mid + store_ry - 6 if south else y_mid - store_ry + 6
            places.append(
                {
                    "index": index,
                    "kind": "store",
                    "side": side,
                    "number": 0,
                    "label": g.name(index),
                    "cx": cx,
                    "cy": y_mid,
                    "rx": STORE_RX,
                    "ry": store_ry,
                    "bx": cx,
                    "by": by,
                    "nx": cx,
                    "ny": by,
                }
            )
            continue
        column = number - 1 if south else m - number
        cx = first_pit + column * PITCH
        cy = y_south if south else y_north
        # Counts sit on the outer side (towards the player); pit numbers on the inner side.
        out = 1 if south else -1
        places.append(
            {
                "index": index,
                "kind": "pit",
                "side": side,
                "number": number,
                "label": g.name(index),
                "cx": cx,
                "cy": cy,
                "rx": PIT_R,
                "ry": PIT_R,
                "bx": cx + PIT_R * 0.78,
                "by": cy + out * PIT_R * 0.78,
                "nx": cx,
                "ny": cy - out * (PIT_R + 17),
            }
        )
    return {
        "pits": m,
        "beside": beside,
        "width": round(width, 1),
        "height": round(height, 1),
        "wood": {"x": wood_x, "y": wood_y, "w": round(wood_w, 1), "h": wood_h, "r": 46.0},
        "places": places,
        "players": names,
        "status": {"x": round(width / 2, 1), "y": wood_y + wood_h + band + 22},
        "palette": dict(PALETTE),
        "stones": list(STONE_COLOURS),
        "stone_r": STONE_R,
        "badge_r": BADGE_R,
        "pit_capacity": PIT_CAPACITY,
        "store_capacity": STORE_CAPACITY,
        "max_drawn": MAX_DRAWN,
    }


def grain_curves(x: float, y: float, width: float, height: float, r: float) -> list[tuple]:
    """The wood grain of a board: gentle waves, the same every time, as the four points
    (start, two controls, end) of one cubic curve each, then a line width factor.

    >>> len(grain_curves(0, 0, 900, 400, 40))
    11
    """
    curves = []
    lines = 11
    for i in range(lines):
        gy = y + height * (i + 0.5) / lines
        amp = 3 + (i * 7) % 5
        shift = (i * 37) % 90
        x0, x1 = x + r * 0.6, x + width - r * 0.6
        span = (x1 - x0) / 3
        curves.append(
            (
                (x0, gy),
                (x0 + span - shift / 3, gy - amp),
                (x0 + 2 * span + shift / 3, gy + amp),
                (x1, gy),
                1 + (i % 3) * 0.6,
            )
        )
    return curves


def stone_spots(place: PlaceLayout, count: int) -> list[tuple[float, float, float, int]]:
    """Where the stones of one place are drawn: ``(x, y, radius, colour index)`` for each.

    Deterministic (no randomness): stone ``k`` of place ``p`` always has the same colour and,
    up to the place's capacity, the same spot, so adding a stone never moves the others.
    Above the capacity all stones move closer together and shrink a little.
    The widget's JavaScript (``widgets/board.js``, ``stoneSpots``) uses the same formula.
    """
    index = place["index"]
    is_store = place["kind"] == "store"
    cap = STORE_CAPACITY if is_store else PIT_CAPACITY
    drawn = min(count, MAX_DRAWN)
    crowd = max(cap, drawn)
    radius = STONE_R * max(0.6, math.sqrt(cap / crowd))
    ax = place["rx"] - STONE_R - 3
    ay = place["ry"] - STONE_R - 3
    phase = index * 0.9
    spots = []
    for k in range(drawn):
        rho = math.sqrt((k + 0.5) / crowd)
        angle = phase + k * GOLDEN_ANGLE
        x = place["cx"] + rho * ax * math.cos(angle)
        y = place["cy"] + rho * ay * math.sin(angle)
        colour = (index * 3 + k * 5 + (k * k) // 3) % len(STONE_COLOURS)
        spots.append((round(x, 1), round(y, 1), round(radius, 2), colour))
    return spots
