"""The advantage over a game, as a matplotlib chart (for notebooks and print).

The curve is South's expected final store difference before the first move and after every
move (from :meth:`mangala_edu.search.analysis.GameReview.advantage`): above zero South is
ahead, below zero North. Mistakes are marked on the move that made them. The legend, beside
the chart, names everything drawn: the solid and dashed line, each marker's shape (how big a
mistake) and each colour (whose side).

>>> from mangala_edu import Game, Position
>>> from mangala_edu.search.analysis import analyse_game
>>> start = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
>>> review = analyse_game(Game(start=start, moves=[5]))
>>> fig = advantage_chart(review, lang="en")
>>> fig.axes[0].get_title()
'Advantage over the game'
>>> fig.axes[0].get_ylabel()
"South's advantage (stones)"
>>> [text.get_text() for text in fig.axes[0].get_legend().get_texts()]
... # doctest: +NORMALIZE_WHITESPACE
['exact value', 'Mistake', 'South: where ahead, and its mistakes',
 'North: where ahead, and its mistakes']
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, cast

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from ..engine import SOUTH
from ..i18n import t
from .review import MISTAKE_MARKERS, NORTH_COLOUR, SOUTH_COLOUR, advantage_legend
from .svg_chart import SCREEN_FONTS

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from ..search.analysis import GameReview


@contextmanager
def screen_fonts() -> Iterator[None]:
    """Draw a chart's words at :data:`SCREEN_FONTS` (wrap the making of the chart in it, and
    call :func:`screen_finish` on the figure: its tick labels are made when it is drawn).

    >>> from matplotlib.figure import Figure
    >>> with screen_fonts():
    ...     fig = Figure()
    ...     ax = fig.add_subplot()
    ...     title = ax.set_title("Puan")
    >>> screen_finish(fig)
    >>> title.get_fontsize(), ax.xaxis.get_ticklabels()[0].get_fontsize()
    (15.0, 14.0)
    >>> with screen_fonts():
    ...     fig = Figure(figsize=(3, 2))
    ...     canvas = FigureCanvasAgg(fig)
    ...     ax = fig.add_subplot()
    ...     title = ax.set_title("How many stones does a capture take in each game?")
    >>> screen_finish(fig)
    >>> title.get_text()
    'How many stones does a\\ncapture take in each game?'
    """
    with matplotlib.rc_context(cast("Any", SCREEN_FONTS)):  # (its keys typed as literals)
        yield


def screen_finish(fig: Figure) -> None:
    """The tick labels of every chart of ``fig`` at :data:`SCREEN_FONTS`' size, and a title
    wider than its chart on two lines (a long one would reach into its neighbour's, or out of
    the picture)."""
    for ax in fig.axes:
        ax.tick_params(axis="x", labelsize=SCREEN_FONTS["xtick.labelsize"])
        ax.tick_params(axis="y", labelsize=SCREEN_FONTS["ytick.labelsize"])
    get_renderer = getattr(fig.canvas, "get_renderer", None)
    if get_renderer is None:
        return
    renderer = get_renderer()
    for ax in fig.axes:
        text = ax.title.get_text()
        words = text.split(" ")
        if "\n" in text or len(words) < 2:
            continue
        if ax.title.get_window_extent(renderer).width <= ax.bbox.width * 1.05:
            continue
        cut = min(range(1, len(words)), key=lambda k: abs(2 * len(" ".join(words[:k])) - len(text)))
        ax.title.set_text(" ".join(words[:cut]) + "\n" + " ".join(words[cut:]))


def advantage_chart(
    review: GameReview,
    lang: str | None = None,
    ax: Axes | None = None,
    width: float = 8.0,
    height: float = 3.2,
) -> Figure:
    """Draw South's advantage move by move; returns the figure (a new one unless ``ax`` is
    given). Estimated values are drawn dashed, exact ones solid; the words at
    :data:`SCREEN_FONTS`."""
    with screen_fonts():
        fig = _advantage_chart(review, lang, ax, width, height)
    screen_finish(fig)
    return fig


def _advantage_chart(
    review: GameReview, lang: str | None, ax: Axes | None, width: float, height: float
) -> Figure:
    if ax is None:
        fig = Figure(figsize=(width, height), layout="constrained")
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
    else:
        fig = ax.figure  # type: ignore[assignment]
    values = review.advantage()
    xs = list(range(len(values)))
    ax.axhline(0, color="#888888", linewidth=0.8)
    if values:
        ax.fill_between(
            xs,
            values,
            0,
            where=[v >= 0 for v in values],
            interpolate=True,
            color=SOUTH_COLOUR,
            alpha=0.25,
        )
        ax.fill_between(
            xs,
            values,
            0,
            where=[v <= 0 for v in values],
            interpolate=True,
            color=NORTH_COLOUR,
            alpha=0.25,
        )
        # Solid where the values are exact, dashed where they are estimated.
        for i, move in enumerate(review.moves):
            style = "-" if move.exact else "--"
            ax.plot([i, i + 1], [values[i], values[i + 1]], style, color="#333333", linewidth=1.4)
        for move in review.mistakes():
            marker, size = MISTAKE_MARKERS[move.verdict]
            colour = SOUTH_COLOUR if move.player == SOUTH else NORTH_COLOUR
            ax.scatter(
                [move.ply],
                [values[move.ply]],
                marker=marker,
                s=size,
                color=colour,
                edgecolors="black",
                zorder=3,
            )
    ax.set_title(t("analysis.chart.title", lang))
    ax.set_xlabel(t("analysis.chart.xlabel", lang))
    ax.set_ylabel(t("analysis.chart.ylabel", lang))
    ax.set_xlim(0, max(1, len(values) - 1))
    limit = max([4.0, *(abs(v) for v in values)]) * 1.1
    ax.set_ylim(-limit, limit)
    if values:
        ax.legend(
            handles=_legend(review, lang),
            loc="center left",
            bbox_to_anchor=(1.01, 0.5),
            frameon=False,
            handlelength=2.2,
        )
    return fig


def _legend(review: GameReview, lang: str | None) -> list[Line2D | Patch]:
    """One entry for each kind of thing drawn (:func:`~.review.advantage_legend`)."""
    handles: list[Line2D | Patch] = []
    for kind, label, colour, verdict in advantage_legend(review, lang):
        if kind in ("line", "dashed"):
            dashed = kind == "dashed"
            handles.append(
                Line2D([], [], color=colour, linestyle="--" if dashed else "-", label=label)
            )
        elif kind == "marker":
            marker, size = MISTAKE_MARKERS[verdict]
            handles.append(
                Line2D(
                    [],
                    [],
                    linestyle="none",
                    marker=marker,
                    markersize=size**0.5,
                    color=colour,
                    markeredgecolor="black",
                    label=label,
                )
            )
        else:
            handles.append(Patch(facecolor=colour, alpha=0.45, edgecolor="black", label=label))
    return handles
