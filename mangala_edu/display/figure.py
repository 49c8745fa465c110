"""The board as a matplotlib figure, for printed worksheets: PNG, SVG or PDF.

It looks like the SVG picture (same geometry and palette, :mod:`.layout`). The figure is built
without pyplot (no global figure list, nothing shown), rendered with Agg; saved SVG and PDF
files carry no date and a fixed hash salt, so saving the same board twice gives the same bytes.

>>> from mangala_edu import Position
>>> fig = board_figure(Position.start(), lang="en", title="The start")
>>> [float(round(v, 2)) for v in fig.get_size_inches()]     # inches, a title included
[8.88, 4.86]
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Ellipse, FancyBboxPatch, PathPatch
from matplotlib.path import Path as MplPath

from ..engine import NORTH, SIDE_NAMES, SOUTH, MangalaError, Position, Side
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
from .svg import status_text

#: Salt for the ids matplotlib writes into SVG files: fixed, so files do not change.
SVG_HASHSALT = "mangala-edu"
if matplotlib.rcParams["svg.hashsalt"] is None:  # also steadies SVGs shown inline in notebooks
    matplotlib.rcParams["svg.hashsalt"] = SVG_HASHSALT

FORMATS = ("png", "svg", "pdf")
UNIT = 0.72  # points per layout unit (a figure is width/100 inches wide)


class DisplayError(MangalaError):
    """A picture that cannot be made or saved as asked."""


class BoardFigure(Figure):
    """A matplotlib figure that shows itself as a PNG in a notebook, even when pyplot (and so
    matplotlib's inline backend) was never loaded."""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", dpi=100, facecolor="none")
        return buffer.getvalue()


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])


def _mix(colour: str, other: str, amount: float) -> tuple[float, float, float]:
    a, b = _rgb(colour), _rgb(other)
    red, green, blue = (float(v) for v in a + (b - a) * amount)
    return red, green, blue


def _wood(ax: Axes, lay: BoardLayout) -> None:
    p = PALETTE
    w = lay["wood"]
    x, y, width, height, r = w["x"], w["y"], w["w"], w["h"], w["r"]
    box: dict[str, Any] = dict(boxstyle=f"round,pad=0,rounding_size={r}", mutation_aspect=1)
    ax.add_patch(
        FancyBboxPatch((x + 3, y + 6), width, height, fc="black", ec="none", alpha=0.22, **box)
    )
    wood = FancyBboxPatch(
        (x, y), width, height, fc="none", ec=p["wood_edge"], lw=3 * UNIT, zorder=2, **box
    )
    ax.add_patch(wood)
    # Vertical gradient light -> wood -> dark, clipped to the rounded board.
    stops = [(0.0, _rgb(p["wood_light"])), (0.45, _rgb(p["wood"])), (1.0, _rgb(p["wood_dark"]))]
    ts = np.linspace(0, 1, 128)
    colours = np.array(
        [np.interp(ts, [s for s, _ in stops], [c[i] for _, c in stops]) for i in range(3)]
    ).T
    image = ax.imshow(
        colours[:, None, :],
        extent=(x, x + width, y + height, y),
        aspect="auto",
        interpolation="bilinear",
        zorder=1,
    )
    image.set_clip_path(wood)
    for start, c1, c2, end, width_factor in grain_curves(x, y, width, height, r):
        path = MplPath(
            [start, c1, c2, end], [MplPath.MOVETO, MplPath.CURVE4, MplPath.CURVE4, MplPath.CURVE4]
        )
        ax.add_patch(
            PathPatch(
                path, fc="none", ec=p["grain"], alpha=0.22, lw=width_factor * UNIT, zorder=1.5
            )
        )
    ax.add_patch(
        FancyBboxPatch(
            (x + 7, y + 7),
            width - 14,
            height - 14,
            fc="none",
            ec="white",
            lw=1.5 * UNIT,
            alpha=0.25,
            zorder=2,
            boxstyle=f"round,pad=0,rounding_size={r - 7}",
        )
    )


def _hollow(ax: Axes, place: PlaceLayout) -> None:
    p = PALETTE
    cx, cy, rx, ry = place["cx"], place["cy"], place["rx"], place["ry"]
    ax.add_patch(
        Ellipse(
            (cx, cy + 2), 2 * (rx + 3), 2 * (ry + 3), fc="white", alpha=0.18, ec="none", zorder=3
        )
    )
    # A radial gradient as rings: light rim, dark middle.
    rings = 14
    for k in range(rings):
        f = 1 - k / rings
        colour = (
            _mix(p["pit"], p["pit_deep"], k / (rings - 1)) if k else _mix(p["pit"], "#ffffff", 0.18)
        )
        ax.add_patch(
            Ellipse(
                (cx, cy - (1 - f) * 0.08 * ry),
                2 * rx * f,
                2 * ry * f,
                fc=colour,
                ec="none",
                zorder=3.1 + k * 0.01,
            )
        )
    ax.add_patch(
        Ellipse((cx, cy), 2 * rx, 2 * ry, fc="none", ec=p["pit_rim"], lw=3 * UNIT, zorder=3.5)
    )


def _stones(ax: Axes, place: PlaceLayout, count: int) -> None:
    for x, y, r, colour in stone_spots(place, count):
        base = STONE_COLOURS[colour]
        ax.add_patch(Circle((x, y), r, fc=base, ec=PALETTE["ink"], lw=0.9 * UNIT, zorder=5))
        ax.add_patch(
            Circle(
                (x - r * 0.3, y - r * 0.32),
                r * 0.45,
                fc=_mix(base, "#ffffff", 0.5),
                ec="none",
                alpha=0.75,
                zorder=5,
            )
        )


def _count(ax: Axes, place: PlaceLayout, count: int) -> None:
    p = PALETTE
    store = place["kind"] == "store"
    r = 20 if store else 17
    size = (20 if store else 18) if count < 100 else 14
    ax.add_patch(
        Circle(
            (place["bx"], place["by"]), r, fc=p["badge"], ec=p["badge_edge"], lw=2 * UNIT, zorder=6
        )
    )
    ax.text(
        place["bx"],
        place["by"],
        str(count),
        ha="center",
        va="center_baseline",
        fontsize=size * UNIT,
        fontweight="bold",
        color=p["ink"],
        zorder=7,
    )


def _highlight(ax: Axes, place: PlaceLayout) -> None:
    p = PALETTE
    rx, ry = place["rx"] + 8, place["ry"] + 8
    xy = (place["cx"], place["cy"])
    ax.add_patch(
        Ellipse(
            xy, 2 * rx, 2 * ry, fc="none", ec=p["highlight_fill"], alpha=0.8, lw=14 * UNIT, zorder=4
        )
    )
    ax.add_patch(
        Ellipse(
            xy,
            2 * rx,
            2 * ry,
            fc="none",
            ec=p["highlight"],
            lw=6 * UNIT,
            linestyle=(0, (11 / 6, 7 / 6)),
            capstyle="round",
            zorder=4.1,
        )
    )


def _player(ax: Axes, lay: BoardLayout, side: Side, lang: str, active: bool) -> None:
    p = PALETTE
    spot = lay["players"][side]
    name = SIDE_NAMES[side].text(lang)
    fill, ink, weight = (
        (p["active"], p["active_text"], "bold") if active else (p["idle"], p["muted"], "normal")
    )
    ax.add_patch(
        FancyBboxPatch(
            (spot["x"] - 110, spot["y"] - 19),
            220,
            38,
            fc=fill,
            ec=p["wood_edge"],
            lw=1.5 * UNIT,
            zorder=6,
            boxstyle="round,pad=0,rounding_size=19",
        )
    )
    label = f"▶ {name} ◀" if active else name
    ax.text(
        spot["x"],
        spot["y"],
        label,
        ha="center",
        va="center_baseline",
        fontsize=21 * UNIT,
        fontweight=weight,
        color=ink,
        zorder=7,
    )


def _tuzdiks(
    ax: Axes, lay: BoardLayout, position: Position, lang: str, printed: bool, u: float
) -> None:
    """Each tuzdik (Toguz Korgool): its pit covered by a disc saying *tuzdik* and whose it is
    (dark on screen, as :func:`~mangala_edu.display.svg.tuzdik_svg`; white with a black dashed
    rim on paper)."""
    for owner, index in zip((SOUTH, NORTH), position.tuzdiks, strict=True):
        if index is None:
            continue
        place = lay["places"][index]
        fill, ink, name_ink = (
            ("white", "black", "black") if printed else ("#3b2314", "white", "#ffd8a8")
        )
        ax.add_patch(
            Circle(
                (place["cx"], place["cy"]),
                place["rx"] - 1,
                fc=fill,
                ec="black" if printed else "#ffd8a8",
                lw=3 * u,
                linestyle=(0, (3, 2)),
                alpha=1 if printed else 0.9,
                zorder=5.5,
            )
        )
        ax.text(
            place["cx"],
            place["cy"] - 9,
            t("board.tuzdik_mark", lang),
            ha="center",
            va="center_baseline",
            fontsize=15 * u,
            fontweight="bold",
            color=ink,
            zorder=5.6,
        )
        ax.text(
            place["cx"],
            place["cy"] + 11,
            SIDE_NAMES[owner].text(lang),
            ha="center",
            va="center_baseline",
            fontsize=15 * u,
            fontweight="bold",
            color=name_ink,
            zorder=5.6,
        )


STYLES = ("colour", "print")
"""How a board is drawn: ``colour`` (wood, pebbles; screens and colour printers) or ``print``
(black lines on white, grey stones, large counts: clear on a black-and-white printer)."""


def board_outline(ax: Axes, lay: BoardLayout, u: float) -> None:
    """The board as black lines on white: its frame, and every pit and store (the print
    style's board, and the printables' blank board to write a position in). ``u`` scales the
    lines, as in :func:`_print_board`."""
    w = lay["wood"]
    ax.add_patch(
        FancyBboxPatch(
            (w["x"], w["y"]),
            w["w"],
            w["h"],
            fc="white",
            ec="black",
            lw=2.2 * u,
            zorder=2,
            boxstyle=f"round,pad=0,rounding_size={w['r']}",
        )
    )
    for place in lay["places"]:
        ax.add_patch(
            Ellipse(
                (place["cx"], place["cy"]),
                2 * place["rx"],
                2 * place["ry"],
                fc="white",
                ec="black",
                lw=1.6 * u,
                zorder=3,
            )
        )


def _print_board(
    ax: Axes, lay: BoardLayout, position: Position, marked: list[int], lang: str, status: bool
) -> None:
    """The board in black and white: outlines, grey stones, large counts in white labels.

    Text and lines are scaled with the axes, so that a board drawn small (several on a
    worksheet page) keeps its proportions."""
    fig = ax.figure
    inches = ax.get_position().width * (
        fig.get_figwidth() if isinstance(fig, Figure) else lay["width"] / 100
    )
    u = UNIT * min(1.0, inches / (lay["width"] / 100))
    board_outline(ax, lay, u)
    places = lay["places"]
    for place, count in zip(places, position.board, strict=True):
        xy = (place["cx"], place["cy"])
        if place["index"] in marked:
            ax.add_patch(
                Ellipse(
                    xy,
                    2 * place["rx"] + 16,
                    2 * place["ry"] + 16,
                    fc="none",
                    ec="black",
                    lw=3 * u,
                    linestyle=(0, (3, 2)),
                    zorder=4,
                )
            )
        for x, y, r, _ in stone_spots(place, count):
            ax.add_patch(Circle((x, y), r * 0.85, fc="#d0d0d0", ec="black", lw=0.6 * u, zorder=5))
        store = place["kind"] == "store"
        ax.add_patch(
            Circle(
                (place["bx"], place["by"]),
                22 if store else 19,
                fc="white",
                ec="black",
                lw=1.6 * u,
                zorder=6,
            )
        )
        ax.text(
            place["bx"],
            place["by"],
            str(count),
            ha="center",
            va="center_baseline",
            fontsize=(21 if count < 10 else 17 if count < 100 else 13) * u,
            fontweight="bold",
            color="black",
            zorder=7,
        )
        if not store:
            ax.text(
                place["nx"],
                place["ny"],
                str(place["number"]),
                ha="center",
                va="center_baseline",
                fontsize=17 * u,
                color="black",
                zorder=4.5,
            )
    _tuzdiks(ax, lay, position, lang, True, u)
    for side in (NORTH, SOUTH):
        spot = lay["players"][side]
        name = SIDE_NAMES[side].text(lang)
        active = position.to_move == side
        ax.text(
            spot["x"],
            spot["y"],
            f"▶ {name} ◀" if active else name,
            ha="center",
            va="center_baseline",
            fontsize=21 * u,
            fontweight="bold" if active else "normal",
            color="black",
            zorder=7,
        )
    if status:
        spot = lay["status"]
        ax.text(
            spot["x"],
            spot["y"],
            status_text(position, lang),
            ha="center",
            va="center_baseline",
            fontsize=20 * u,
            color="black",
        )


def draw_board(
    ax: Axes,
    position: Position,
    *,
    highlight: Iterable[int | str] = (),
    lang: str | None = None,
    title: str | None = None,
    style: str = "colour",
    status: bool = True,
) -> None:
    """Draw the board into ``ax`` (in layout units, y downwards: the axes' limits are set
    here); :func:`board_figure` and the worksheets use it. ``style`` is one of
    :data:`STYLES`; ``status=False`` leaves out the line under the board (whose turn it is,
    or the result)."""
    if style not in STYLES:
        raise DisplayError("display.bad_style", value=style, allowed=", ".join(STYLES))
    lang = lang or get_language()
    lay = board_layout(position.rules)
    marked = sorted({position.rules.geometry.resolve(i) for i in highlight})
    width, height = lay["width"], lay["height"]
    top = 44 if title else 0
    ax.set_xlim(0, width)
    ax.set_ylim(height, -top)
    ax.set_axis_off()
    ink = "black" if style == "print" else PALETTE["ink"]
    if title:
        ax.text(
            width / 2,
            -top / 2 + 4,
            title,
            ha="center",
            va="center_baseline",
            fontsize=24 * UNIT,
            fontweight="bold",
            color=ink,
        )
    if style == "print":
        _print_board(ax, lay, position, marked, lang, status)
        return
    ax.add_patch(
        FancyBboxPatch(
            (0, -top),
            width,
            height + top,
            fc=PALETTE["background"],
            ec="none",
            boxstyle="round,pad=0,rounding_size=18",
            zorder=0,
        )
    )
    _wood(ax, lay)
    places = lay["places"]
    for place in places:
        _hollow(ax, place)
        if place["kind"] == "pit":  # above the highlight rings (zorder 4), like the counts
            number = str(place["number"])
            width = 16 + 13 * len(number)
            ax.add_patch(
                FancyBboxPatch(
                    (place["nx"] - width / 2, place["ny"] - 14),
                    width,
                    28,
                    fc=PALETTE["ink"],
                    ec="none",
                    alpha=0.82,
                    zorder=4.5,
                    boxstyle="round,pad=0,rounding_size=14",
                )
            )
            ax.text(
                place["nx"],
                place["ny"],
                number,
                ha="center",
                va="center_baseline",
                fontsize=22 * UNIT,
                fontweight="bold",
                color="white",
                zorder=4.6,
            )
    for i in marked:
        _highlight(ax, places[i])
    for place, count in zip(places, position.board, strict=True):
        _stones(ax, place, count)
        _count(ax, place, count)
    _tuzdiks(ax, lay, position, lang, False, UNIT)
    for side in (NORTH, SOUTH):
        _player(ax, lay, side, lang, position.to_move == side)
    if status:
        spot = lay["status"]
        ax.text(
            spot["x"],
            spot["y"],
            status_text(position, lang),
            ha="center",
            va="center_baseline",
            fontsize=20 * UNIT,
            color=PALETTE["ink"],
        )


def board_figure(
    position: Position,
    *,
    highlight: Iterable[int | str] = (),
    lang: str | None = None,
    title: str | None = None,
    style: str = "colour",
) -> Figure:
    """A matplotlib :class:`~matplotlib.figure.Figure` of the board (nothing is shown).

    ``highlight`` takes places (board indices or names such as ``"S3"``) to ring with a
    thick dashed line; ``title`` goes above the board; ``style="print"`` draws it in black
    and white for a printer (see :data:`STYLES`). In a notebook, the figure displays itself
    when it is a cell's last value.

    >>> from mangala_edu import Position
    >>> fig = board_figure(Position.start(), style="print")
    >>> board_figure(Position.start(), style="sepia")
    Traceback (most recent call last):
    ...
    mangala_edu.display.figure.DisplayError: ... / There is no board style 'sepia': ...
    """
    lay = board_layout(position.rules)
    top = 44 if title else 0
    fig = BoardFigure(figsize=(lay["width"] / 100, (lay["height"] + top) / 100), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    draw_board(ax, position, highlight=highlight, lang=lang, title=title, style=style)
    fig.set_facecolor("white" if style == "print" else "none")
    return fig


def save_board(position: Position, path: str | Path, *, dpi: float = 150, **kw: object) -> Path:
    """Save the board to ``path`` as PNG, SVG or PDF (chosen by the file's extension).

    ``kw`` goes to :func:`board_figure` (``highlight``, ``lang``, ``title``, ``style``).
    Saving the same board twice gives the same bytes.

    >>> import tempfile, pathlib
    >>> from mangala_edu import Position
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> save_board(Position.start(), folder / "board.svg").read_bytes()[:5]
    b'<?xml'
    >>> save_board(Position.start(), folder / "board.txt")
    Traceback (most recent call last):
    ...
    mangala_edu.display.figure.DisplayError: ... / Cannot save a board as 'board.txt': ...
    """
    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise DisplayError("display.bad_format", file=path.name)
    fig = board_figure(position, **kw)  # type: ignore[arg-type]
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
