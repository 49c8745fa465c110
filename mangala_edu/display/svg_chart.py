"""Charts as standalone SVG text, in pure Python: for where matplotlib cannot be imported (the
lessons in a web browser, JupyterLite), the same charts the lessons draw with matplotlib.

A chart is one or more :class:`Panel` side by side. A panel has a title, axis labels, nice
ticks and a light grid, and marks: lines, areas above and below zero, markers, a horizontal
line, bars with their values, box plots; categories along an axis, and a legend at the right.
Its words are at the on-screen sizes of the matplotlib charts (:data:`SCREEN_FONTS`).

>>> panel = Panel("Puanım", xlabel="Deneme", ylabel="Puan", integer_x=True)
>>> panel.line([0, 1, 2], [1200, 1250, 1210], "#2f5d50", dots=True)
>>> chart = SvgChart([panel], width=800, height=320)
>>> chart.svg.startswith("<svg") and "Puanım" in chart.svg and chart.svg.count("<circle") == 3
True
>>> chart._repr_svg_() == chart.svg
True
"""

from __future__ import annotations

import base64
import functools
import importlib.util
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

#: The font sizes (points) of the charts the lessons show (the advantage chart, the family's
#: comparison of lesson 26, the puzzle rating history, the class view): a chart is shown at
#: about its own size in pixels (96-100 dpi), so matplotlib's 10 points read as 13 px, small
#: beside the lesson's text on a 1920 screen and on a projector; these read as 18-24 px there.
#: (The matplotlib charts use them as rc settings; the SVG charts as pixels, at 96 dpi.)
SCREEN_FONTS: dict[str, float] = {
    "font.size": 15,
    "axes.titlesize": 15,
    "axes.labelsize": 15,
    "xtick.labelsize": 14,
    "ytick.labelsize": 14,
    "legend.fontsize": 13,
}


def _px(key: str) -> float:
    return round(SCREEN_FONTS[key] * 96 / 72, 1)


TITLE_PX = _px("axes.titlesize")
LABEL_PX = _px("axes.labelsize")
TICK_PX = _px("xtick.labelsize")
LEGEND_PX = _px("legend.fontsize")
VALUE_PX = _px("font.size")
FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif"
TEXT_COLOUR = "#222222"
GRID_COLOUR = "#e3e3e3"
PAD = 8.0


@functools.cache
def matplotlib_missing() -> bool:
    """Whether matplotlib cannot be imported (in a browser, JupyterLite): then the lessons
    draw their charts as SVG. Cached (``matplotlib_missing.cache_clear()`` to ask again).

    >>> isinstance(matplotlib_missing(), bool)
    True
    """
    try:
        return importlib.util.find_spec("matplotlib") is None
    except (ImportError, ValueError):
        return True


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at ``size`` pixels in a sans-serif font (for the layout).

    >>> 40 < text_width("Ayşe", 20) < 60
    True
    """
    narrow = sum(ch in "iıIİlj.,:;'|!()[] " for ch in text)
    wide = sum(ch in "mwMWĞÖŞÜÇ%" or ch.isupper() for ch in text)
    return size * (0.6 * len(text) - 0.28 * narrow + 0.2 * wide)


def nice_ticks(low: float, high: float, count: int = 6, integer: bool = False) -> list[float]:
    """About ``count`` round ticks (steps of 1, 2, 2.5 or 5 times a power of ten) from at or
    below ``low`` to at or above ``high``.

    >>> nice_ticks(1163, 1290)
    [1150.0, 1200.0, 1250.0, 1300.0]
    >>> nice_ticks(0, 3, integer=True)
    [0.0, 1.0, 2.0, 3.0]
    >>> nice_ticks(-4.4, 4.4)
    [-6.0, -4.0, -2.0, 0.0, 2.0, 4.0, 6.0]
    """
    if high < low:
        low, high = high, low
    if high - low < 1e-12:
        low, high = low - 1, high + 1
    raw = (high - low) / max(1, count - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw * 0.999)
    if integer:
        step = max(1.0, round(step))
    first = math.floor(low / step)
    last = math.ceil(high / step)
    return [round(k * step, 10) + 0.0 for k in range(first, last + 1)]


def tick_text(value: float, step: float) -> str:
    """A tick's label: no more decimals than the step needs, matplotlib's minus sign.

    >>> tick_text(-2.0, 2.0), tick_text(2.5, 0.5), tick_text(1200.0, 20.0)
    ('−2', '2.5', '1200')
    """
    digits = 0
    while digits < 6 and abs(step * 10**digits - round(step * 10**digits)) > 1e-9:
        digits += 1
    text = f"{value:.{digits}f}"
    return text.replace("-", "\u2212") if value < 0 else text


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile, linearly interpolated (numpy's default, as matplotlib's box
    plots use).

    >>> percentile([1, 2, 3, 4], 25)
    1.75
    """
    data = sorted(values)
    where = (len(data) - 1) * q / 100
    below = math.floor(where)
    above = min(below + 1, len(data) - 1)
    return data[below] + (data[above] - data[below]) * (where - below)


@dataclass(frozen=True)
class BoxStats:
    """A box plot's numbers: quartiles, and whiskers at the furthest values within 1.5 times
    the box's height (as matplotlib's ``boxplot``; values beyond are not drawn)."""

    q1: float
    med: float
    q3: float
    whislo: float
    whishi: float

    @classmethod
    def of(cls, values: Sequence[float]) -> BoxStats:
        """
        >>> BoxStats.of([1, 2, 3, 4, 100])
        BoxStats(q1=2.0, med=3.0, q3=4.0, whislo=1, whishi=4)
        """
        q1, med, q3 = (percentile(values, q) for q in (25, 50, 75))
        reach = 1.5 * (q3 - q1)
        inside_high = [v for v in values if v <= q3 + reach]
        inside_low = [v for v in values if v >= q1 - reach]
        whishi = max(inside_high) if inside_high else q3
        whislo = min(inside_low) if inside_low else q1
        return cls(q1, med, q3, whislo if whislo <= q1 else q1, whishi if whishi >= q3 else q3)


@dataclass(frozen=True)
class LegendEntry:
    """One line of a legend: ``kind`` is ``line``, ``dashed``, ``marker`` (with ``shape``) or
    ``patch`` (a filled square)."""

    label: str
    kind: str
    colour: str = "#333333"
    shape: str = "o"
    size: float = 10.0


@dataclass(frozen=True)
class _Mark:
    kind: str
    xs: tuple[float, ...] = ()
    ys: tuple[float, ...] = ()
    colour: str = "#333333"
    other: str = ""
    dashed: bool = False
    dots: bool = False
    size: float = 0.0
    shape: str = "o"
    labels: tuple[str, ...] = ()
    boxes: tuple[BoxStats, ...] = ()


@dataclass
class Panel:
    """One chart: its words and its marks (added by the methods below). ``categories`` are
    the names along the x axis (vertical bars, box plots: at 0, 1, ...; ``rotate`` turns them)
    or, ``horizontal``, down the y axis (the first at the top). ``weight``: its share of the
    width beside other panels."""

    title: str = ""
    xlabel: str = ""
    ylabel: str = ""
    xlim: tuple[float, float] | None = None
    ylim: tuple[float, float] | None = None
    categories: Sequence[str] = ()
    horizontal: bool = False
    rotate: float = 0.0
    integer_x: bool = False
    weight: float = 1.0
    legend: list[LegendEntry] = field(default_factory=list)
    marks: list[_Mark] = field(default_factory=list)

    def line(
        self,
        xs: Sequence[float],
        ys: Sequence[float],
        colour: str,
        *,
        dashed: bool = False,
        dots: bool = False,
        width: float = 2.0,
    ) -> None:
        """A line through the points (dashed, with a dot on each point)."""
        self.marks.append(_Mark("line", tuple(xs), tuple(ys), colour, "", dashed, dots, width))

    def area(self, xs: Sequence[float], ys: Sequence[float], above: str, below: str) -> None:
        """The area between the points and 0: ``above`` colour above 0, ``below`` under it."""
        self.marks.append(_Mark("area", tuple(xs), tuple(ys), above, below))

    def markers(
        self,
        xs: Sequence[float],
        ys: Sequence[float],
        colour: str,
        shape: str = "o",
        size: float = 10.0,
    ) -> None:
        """A marker (``o`` circle, ``X`` cross, ``s`` square; ``size`` pixels across, black
        edge) on each point."""
        self.marks.append(_Mark("markers", tuple(xs), tuple(ys), colour, size=size, shape=shape))

    def hline(self, y: float, colour: str = "#888888", *, dashed: bool = False) -> None:
        """A horizontal line across the panel at ``y``."""
        self.marks.append(_Mark("hline", (), (y,), colour, dashed=dashed))

    def bars(self, values: Sequence[float], colour: str, labels: Sequence[str] = ()) -> None:
        """A bar for each category (along the panel's category axis), ``labels`` at the end of
        each."""
        self.marks.append(_Mark("bars", (), tuple(values), colour, labels=tuple(labels)))

    def boxes(self, samples: Sequence[Sequence[float]], colour: str = "#333333") -> None:
        """A box plot of each sample, one for each category."""
        stats = tuple(BoxStats.of(s) for s in samples)
        self.marks.append(_Mark("boxes", colour=colour, boxes=stats))

    # -- ranges --------------------------------------------------------------------------

    def _values(self, axis: str) -> list[float]:
        out: list[float] = []
        for m in self.marks:
            if m.kind == "bars":
                if (axis == "x") == self.horizontal:
                    out += [0.0, *m.ys]
            elif m.kind == "boxes":
                if axis == "y":
                    out += [v for b in m.boxes for v in (b.whislo, b.whishi)]
            elif axis == "x":
                out += m.xs
            else:
                out += m.ys + ((0.0,) if m.kind == "area" else ())
        return out

    def _range(self, axis: str) -> tuple[tuple[float, float], list[float]]:
        """The axis' limits and ticks (none on a category axis)."""
        given = self.xlim if axis == "x" else self.ylim
        n = len(self.categories)
        if n and (axis == "y") == self.horizontal:
            return ((n - 0.5, -0.5) if self.horizontal else (-0.5, n - 0.5)), []
        values = self._values(axis)
        if given is None:  # the data and 5 % more on each side (bars from 0: from 0)
            low, high = (min(values), max(values)) if values else (0.0, 1.0)
            margin = 0.05 * ((high - low) or 1.0)
            bars = any(m.kind == "bars" for m in self.marks)
            given = (low if bars and low == 0 else low - margin, high + margin)
        low, high = given
        ticks = nice_ticks(low, high, integer=axis == "x" and self.integer_x)
        return (low, high), [v for v in ticks if low - 1e-9 <= v <= high + 1e-9]


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    anchor: str = "middle",
    *,
    rotate: float = 0.0,
    bold: bool = False,
    baseline: str = "",
) -> str:
    extra = f' transform="rotate({_num(-rotate)} {_num(x)} {_num(y)})"' if rotate else ""
    weight = ' font-weight="bold"' if bold else ""
    dy = ' dy="0.35em"' if baseline == "middle" else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" '
        f'text-anchor="{anchor}"{dy}{weight}{extra}>{escape(text)}</text>'
    )


def _wrap(title: str, width: float) -> list[str]:
    """The title on two lines if it is wider than ``width`` (cut nearest its middle)."""
    words = title.split(" ")
    if len(words) < 2 or text_width(title, TITLE_PX) <= width * 1.05:
        return [title] if title else []
    cut = min(range(1, len(words)), key=lambda k: abs(2 * len(" ".join(words[:k])) - len(title)))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def _title_x(line: str, centre: float, low: float, high: float) -> float:
    """A title line's centre: over the plot area, moved in to stay in its panel."""
    half = text_width(line, TITLE_PX) / 2
    return min(max(centre, low + half), high - half)


def _marker(x: float, y: float, shape: str, size: float, colour: str) -> str:
    r = size / 2
    edge = f'fill="{colour}" stroke="#000000" stroke-width="1"'
    if shape == "s":
        return f'<rect x="{_num(x - r)}" y="{_num(y - r)}" width="{_num(size)}" height="{_num(size)}" {edge}/>'
    if shape == "X":
        a, b = r, r * 0.4
        points = [(-a + b, -a), (0, -b), (a - b, -a), (a, -a + b), (b, 0), (a, a - b)]
        points += [(a - b, a), (0, b), (-a + b, a), (-a, a - b), (-b, 0), (-a, -a + b)]
        path = " ".join(f"{_num(x + px)},{_num(y + py)}" for px, py in points)
        return f'<polygon points="{path}" {edge}/>'
    return f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" {edge}/>'


def _split_at_zero(xs: Sequence[float], ys: Sequence[float]) -> list[tuple[float, float]]:
    """The points, with a point on 0 added where the line crosses it."""
    out = [(xs[0], ys[0])]
    for (x0, y0), (x1, y1) in zip(
        zip(xs, ys, strict=True), zip(xs[1:], ys[1:], strict=True), strict=False
    ):
        if y0 * y1 < 0:
            out.append((x0 + (x1 - x0) * y0 / (y0 - y1), 0.0))
        out.append((x1, y1))
    return out


class _Frame:
    """Where a panel's plot area lies in the picture, and how values map to pixels."""

    def __init__(
        self,
        box: tuple[float, float, float, float],
        xr: tuple[float, float],
        yr: tuple[float, float],
    ) -> None:
        self.left, self.top, self.width, self.height = box
        self.xr, self.yr = xr, yr

    def x(self, value: float) -> float:
        low, high = self.xr
        return self.left + (value - low) / ((high - low) or 1) * self.width

    def y(self, value: float) -> float:
        low, high = self.yr
        return self.top + (high - value) / ((high - low) or 1) * self.height


def _legend_width(entries: Sequence[LegendEntry]) -> float:
    if not entries:
        return 0.0
    return 12 + 2.2 * LEGEND_PX + 8 + max(text_width(e.label, LEGEND_PX) for e in entries)


def _draw_legend(entries: Sequence[LegendEntry], left: float, middle: float) -> list[str]:
    step = LEGEND_PX * 1.5
    out = []
    top = middle - step * len(entries) / 2 + step / 2
    for k, e in enumerate(entries):
        y = top + k * step
        x0, x1 = left + 12, left + 12 + 2.2 * LEGEND_PX
        if e.kind in ("line", "dashed"):
            dash = ' stroke-dasharray="6 4"' if e.kind == "dashed" else ""
            out.append(
                f'<line x1="{_num(x0)}" y1="{_num(y)}" x2="{_num(x1)}" y2="{_num(y)}" '
                f'stroke="{e.colour}" stroke-width="2"{dash}/>'
            )
        elif e.kind == "marker":
            out.append(_marker((x0 + x1) / 2, y, e.shape, e.size, e.colour))
        else:
            side = LEGEND_PX * 0.8
            out.append(
                f'<rect x="{_num(x0 + 6)}" y="{_num(y - side / 2)}" width="{_num(x1 - x0 - 12)}" '
                f'height="{_num(side)}" fill="{e.colour}" fill-opacity="0.45" stroke="#000000"/>'
            )
        out.append(_text(x1 + 8, y, e.label, LEGEND_PX, "start", baseline="middle"))
    return out


def _panel_svg(panel: Panel, left: float, width: float, height: float) -> list[str]:
    """The SVG elements of ``panel`` drawn in the columns from ``left``, ``width`` wide."""
    (xr, xticks), (yr, yticks) = panel._range("x"), panel._range("y")
    xstep = xticks[1] - xticks[0] if len(xticks) > 1 else 1.0
    ystep = yticks[1] - yticks[0] if len(yticks) > 1 else 1.0
    ylabels = list(panel.categories) if panel.horizontal else [tick_text(v, ystep) for v in yticks]
    xlabels = (
        list(panel.categories)
        if panel.categories and not panel.horizontal
        else [tick_text(v, xstep) for v in xticks]
    )
    title_lines = _wrap(panel.title, width - 2 * PAD)
    top = PAD + len(title_lines) * TITLE_PX * 1.2 + (8 if title_lines else 0)
    tick_room = max((text_width(s, TICK_PX) for s in ylabels), default=0.0) + 10
    inner_left = left + PAD + (LABEL_PX * 1.4 if panel.ylabel else 0) + tick_room
    angle = math.radians(panel.rotate)
    widest = max((text_width(s, TICK_PX) for s in xlabels), default=0.0)
    below = (
        widest * math.sin(angle) + TICK_PX * math.cos(angle) + 10
        if panel.rotate
        else TICK_PX * 1.3 + 6
    )
    bottom = PAD + below + (LABEL_PX * 1.4 if panel.xlabel else 0)
    last = (
        text_width(xlabels[-1], TICK_PX) / 2
        if xlabels and not (panel.categories and not panel.horizontal)
        else 0.0
    )
    right = PAD + max(_legend_width(panel.legend), last) + 4
    box = (inner_left, top, left + width - right - inner_left, height - bottom - top)
    if panel.rotate and xlabels:  # a long first label reaches left of its tick
        n, inner = len(xlabels), box[2]
        over = max(
            text_width(s, TICK_PX) * math.cos(angle) - 4 - (k + 0.5) * inner / n
            for k, s in enumerate(xlabels)
        ) - (inner_left - left - PAD)
        if over > 0:
            box = (inner_left + over, top, box[2] - over, box[3])
    frame = _Frame(box, xr, yr)
    f = frame
    plot_bottom, plot_right = f.top + f.height, f.left + f.width
    out: list[str] = []
    clip = f"<rect x='{_num(f.left)}' y='{_num(f.top)}' width='{_num(f.width)}' height='{_num(f.height)}'"
    out.append(clip.replace("<rect", "<rect fill='#ffffff'") + "/>")
    # Grid and ticks.
    for v, s in zip(yticks, [] if panel.horizontal else ylabels, strict=not panel.horizontal):
        y = f.y(v)
        out.append(
            f'<line x1="{_num(f.left)}" y1="{_num(y)}" x2="{_num(plot_right)}" y2="{_num(y)}" stroke="{GRID_COLOUR}"/>'
        )
        out.append(_text(f.left - 7, y, s, TICK_PX, "end", baseline="middle"))
    if not (panel.categories and not panel.horizontal):
        for v, s in zip(xticks, xlabels, strict=True):
            x = f.x(v)
            out.append(
                f'<line x1="{_num(x)}" y1="{_num(f.top)}" x2="{_num(x)}" y2="{_num(plot_bottom)}" stroke="{GRID_COLOUR}"/>'
            )
            out.append(_text(x, plot_bottom + 6 + TICK_PX * 0.9, s, TICK_PX))
    else:
        for k, s in enumerate(xlabels):
            x = f.x(k)
            if panel.rotate:
                y = plot_bottom + 8 + TICK_PX * 0.7 * math.cos(angle)
                out.append(_text(x + 4, y, s, TICK_PX, "end", rotate=panel.rotate))
            else:
                out.append(_text(x, plot_bottom + 6 + TICK_PX * 0.9, s, TICK_PX))
    if panel.horizontal:
        for k, s in enumerate(ylabels):
            out.append(_text(f.left - 7, f.y(k), s, TICK_PX, "end", baseline="middle"))
    # Marks.
    for m in panel.marks:
        out += _mark_svg(m, panel, f)
    out.append(clip.replace("<rect", "<rect fill='none' stroke='#333333' stroke-width='1'") + "/>")
    # Words.
    for k, line in enumerate(title_lines):
        out.append(
            _text(
                _title_x(line, f.left + f.width / 2, left + PAD, left + width - PAD),
                PAD + TITLE_PX * (1.2 * k + 0.95),
                line,
                TITLE_PX,
            )
        )
    if panel.xlabel:
        out.append(
            _text(f.left + f.width / 2, height - PAD - LABEL_PX * 0.3, panel.xlabel, LABEL_PX)
        )
    if panel.ylabel:
        x = f.left - tick_room - LABEL_PX * 0.5
        out.append(_text(x, f.top + f.height / 2, panel.ylabel, LABEL_PX, rotate=90))
    if panel.legend:
        out += _draw_legend(panel.legend, plot_right, f.top + f.height / 2)
    return out


def _mark_svg(m: _Mark, panel: Panel, f: _Frame) -> list[str]:
    out: list[str] = []
    if m.kind == "area" and m.xs:
        points = _split_at_zero(m.xs, m.ys)
        for colour, keep in ((m.colour, max), (m.other, min)):
            path = [
                (points[0][0], 0.0),
                *((x, keep(y, 0.0)) for x, y in points),
                (points[-1][0], 0.0),
            ]
            text = " ".join(f"{_num(f.x(x))},{_num(f.y(y))}" for x, y in path)
            out.append(f'<polygon points="{text}" fill="{colour}" fill-opacity="0.25"/>')
    elif m.kind == "line" and m.xs:
        text = " ".join(f"{_num(f.x(x))},{_num(f.y(y))}" for x, y in zip(m.xs, m.ys, strict=True))
        dash = ' stroke-dasharray="6 4"' if m.dashed else ""
        out.append(
            f'<polyline points="{text}" fill="none" stroke="{m.colour}" '
            f'stroke-width="{_num(m.size)}"{dash}/>'
        )
        if m.dots:
            out += [
                f'<circle cx="{_num(f.x(x))}" cy="{_num(f.y(y))}" r="4.5" fill="{m.colour}"/>'
                for x, y in zip(m.xs, m.ys, strict=True)
            ]
    elif m.kind == "markers":
        out += [
            _marker(f.x(x), f.y(y), m.shape, m.size, m.colour)
            for x, y in zip(m.xs, m.ys, strict=True)
        ]
    elif m.kind == "hline":
        y = f.y(m.ys[0])
        dash = ' stroke-dasharray="6 4"' if m.dashed else ""
        out.append(
            f'<line x1="{_num(f.left)}" y1="{_num(y)}" x2="{_num(f.left + f.width)}" y2="{_num(y)}" '
            f'stroke="{m.colour}" stroke-width="1.2"{dash}/>'
        )
    elif m.kind == "bars":
        out += _bars_svg(m, panel, f)
    elif m.kind == "boxes":
        half = 0.25 * f.width / max(1, len(m.boxes))
        for k, b in enumerate(m.boxes):
            x = f.x(k)
            line = f'stroke="{m.colour}" stroke-width="1.5"'
            out.append(
                f'<rect x="{_num(x - half)}" y="{_num(f.y(b.q3))}" width="{_num(2 * half)}" '
                f'height="{_num(f.y(b.q1) - f.y(b.q3))}" fill="none" {line}/>'
            )
            for lo, hi in ((b.q3, b.whishi), (b.q1, b.whislo)):
                out.append(
                    f'<line x1="{_num(x)}" y1="{_num(f.y(lo))}" x2="{_num(x)}" y2="{_num(f.y(hi))}" {line}/>'
                )
                out.append(
                    f'<line x1="{_num(x - half / 2)}" y1="{_num(f.y(hi))}" x2="{_num(x + half / 2)}" '
                    f'y2="{_num(f.y(hi))}" {line}/>'
                )
            out.append(
                f'<line x1="{_num(x - half)}" y1="{_num(f.y(b.med))}" x2="{_num(x + half)}" '
                f'y2="{_num(f.y(b.med))}" stroke="#e07b00" stroke-width="2.5"/>'
            )
    return out


def _bars_svg(m: _Mark, panel: Panel, f: _Frame) -> list[str]:
    out = []
    n = max(1, len(m.ys))
    for k, value in enumerate(m.ys):
        label = m.labels[k] if k < len(m.labels) else ""
        if panel.horizontal:
            thick = 0.8 * f.height / n
            base = max(f.xr[0], 0.0)
            x0, x1 = sorted((f.x(base), f.x(value)))
            y = f.y(k)
            out.append(
                f'<rect x="{_num(x0)}" y="{_num(y - thick / 2)}" width="{_num(x1 - x0)}" '
                f'height="{_num(thick)}" fill="{m.colour}"/>'
            )
            if label:
                out.append(_text(x1 + 5, y, label, VALUE_PX, "start", baseline="middle"))
        else:
            thick = 0.8 * f.width / n
            base = max(f.yr[0], 0.0)
            y0, y1 = sorted((f.y(base), f.y(value)))
            x = f.x(k)
            out.append(
                f'<rect x="{_num(x - thick / 2)}" y="{_num(y0)}" width="{_num(thick)}" '
                f'height="{_num(y1 - y0)}" fill="{m.colour}"/>'
            )
            if label:
                out.append(_text(x, y0 - 5, label, VALUE_PX))
    return out


class SvgChart:
    """Panels side by side in one SVG picture ``width`` by ``height`` pixels: :attr:`svg` the
    text; a notebook shows it (``_repr_svg_``); :meth:`data_uri` for an ``<img>``.

    >>> left, right = Panel("Çocuklar", horizontal=True, categories=["Ayşe", "İlkin"]), Panel()
    >>> left.bars([1424, 1180], "#2f5d50", labels=["1424", "1180"])
    >>> svg = SvgChart([left, right], width=600, height=240, alt="Sınıf").svg
    >>> "Ayşe" in svg and "İlkin" in svg and "1424" in svg and "<title>Sınıf</title>" in svg
    True
    """

    def __init__(self, panels: Sequence[Panel], width: float, height: float, alt: str = "") -> None:
        self.panels = list(panels)
        self.width, self.height = width, height
        total = sum(p.weight for p in self.panels) or 1.0
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" '
            f'height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}" role="img" '
            f'font-family={quoteattr(FONT_FAMILY)} fill="{TEXT_COLOUR}">'
        ]
        if alt:
            parts.append(f"<title>{escape(alt)}</title>")
        parts.append(f'<rect width="{_num(width)}" height="{_num(height)}" fill="#ffffff"/>')
        left = 0.0
        for panel in self.panels:
            share = width * panel.weight / total
            parts += _panel_svg(panel, left, share, height)
            left += share
        parts.append("</svg>")
        self.svg = "\n".join(parts)

    def _repr_svg_(self) -> str:
        return self.svg

    def data_uri(self) -> str:
        """The picture as a ``data:`` address for an ``<img>``'s ``src``."""
        return "data:image/svg+xml;base64," + base64.b64encode(self.svg.encode()).decode()

    def __repr__(self) -> str:
        return f"SvgChart({len(self.panels)} panels, {_num(self.width)}x{_num(self.height)})"
