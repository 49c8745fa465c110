"""Printables for the classroom: a rule card, blank boards, set and match score sheets, and a
class tournament's pairing and standings sheets, as A4 pages (PDF or PNG) in Turkish or English.

Every page is a matplotlib figure drawn for a black-and-white printer (boards with
:func:`~mangala_edu.display.figure.draw_board` in ``style="print"``); fonts are embedded as
TrueType (DejaVu Sans, which has ç ğ ı İ ö ş ü) and a PDF carries no date, so the same page
always gives the same bytes. ``mangala-edu print rules|board|set-sheet|match-sheet|tournament
--out FILE`` writes them (see :func:`print_command`).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> [p.name for p in save_pages([rule_card(lang="en")], folder / "rules.pdf")]
['rules.pdf']
>>> [p.name for p in save_pages(blank_boards(pages=2), folder / "boards.png")]
['boards-1.png', 'boards-2.png']
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import matplotlib
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.textpath import TextPath

from .display.figure import BoardFigure, board_outline, draw_board
from .display.layout import board_layout
from .engine import NORTH, SIDE_NAMES, SOUTH, Position, Rules
from .engine.errors import MangalaError
from .i18n import t

if TYPE_CHECKING:
    from .tournament import Tournament

__all__ = [
    "KINDS",
    "PrintError",
    "blank_boards",
    "match_sheets",
    "pairing_sheet",
    "rule_card",
    "save_pages",
    "set_sheet",
    "standings_sheet",
]

A4 = (8.27, 11.69)
"""An A4 page in inches (portrait)."""
MARGIN = 0.6
KINDS = ("rules", "board", "set-sheet", "match-sheet", "tournament")
"""What ``mangala-edu print`` makes."""
BOARDS_PER_PAGE = 3


class PrintError(MangalaError):
    """A printable that cannot be written (the message names the file and why)."""


# --------------------------------------------------------------------------- drawing helpers


def _page() -> Figure:
    fig = BoardFigure(figsize=A4)
    fig.set_facecolor("white")
    return fig


def _text(fig: Figure, x: float, y: float, text: str, size: float = 11, **kw: object) -> None:
    """Text at (x, y) in inches from the page's top-left corner (its top at y)."""
    fig.text(x / A4[0], 1 - y / A4[1], text, fontsize=size, va="top", **kw)  # type: ignore[arg-type]


def _line(fig: Figure, x0: float, y0: float, x1: float, y1: float, lw: float = 0.8) -> None:
    fig.add_artist(
        Line2D([x0 / A4[0], x1 / A4[0]], [1 - y0 / A4[1], 1 - y1 / A4[1]], color="black", lw=lw)
    )


def _box(fig: Figure, x: float, y: float, w: float, h: float, lw: float = 0.8) -> None:
    fig.add_artist(
        Rectangle(
            (x / A4[0], 1 - (y + h) / A4[1]),
            w / A4[0],
            h / A4[1],
            fill=False,
            ec="black",
            lw=lw,
            transform=fig.transFigure,
        )
    )


def _title(fig: Figure, title: str, subtitle: str = "") -> float:
    """The page's title (and the lines under it); returns where the page goes on (inches)."""
    _text(fig, MARGIN, 0.5, title, 19, fontweight="bold")
    if subtitle:
        return _wrapped(fig, MARGIN, 0.92, subtitle, 100, 10.5) + 0.15
    return 1.05


def _width(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is printed, in inches."""
    font = FontProperties(family="DejaVu Sans", weight="bold" if bold else "normal")
    return float(TextPath((0, 0), text, size=size, prop=font).get_extents().width) / 72


def _field(fig: Figure, x: float, y: float, label: str, width: float, size: float = 11) -> None:
    """A label and a line to write on, ``width`` inches long in all."""
    _text(fig, x, y, label, size, fontweight="bold")
    _line(fig, x + _width(label, size, True) + 0.1, y + 0.2, x + width, y + 0.2)


def _checkboxes(fig: Figure, x: float, y: float, labels: Sequence[str], size: float = 11) -> None:
    for label in labels:
        _box(fig, x, y + 0.005, 0.16, 0.16)
        _text(fig, x + 0.24, y, label, size)
        x += 0.24 + _width(label, size) + 0.35


def _table(
    fig: Figure,
    x: float,
    y: float,
    widths: Sequence[float],
    rows: Sequence[Sequence[str]],
    row_h: float = 0.32,
    size: float = 10.5,
    bold_first: bool = True,
) -> float:
    """A ruled table, the first row bold (headings); returns the y under it."""
    total = sum(widths)
    for r, row in enumerate(rows):
        top = y + r * row_h
        for c, cell in enumerate(row):
            left = x + sum(widths[:c])
            fig.text(
                (left + 0.07) / A4[0],
                1 - (top + row_h / 2) / A4[1],
                cell,
                fontsize=size,
                va="center",
                fontweight="bold" if bold_first and r == 0 else "normal",
            )
    bottom = y + len(rows) * row_h
    for r in range(len(rows) + 1):
        _line(fig, x, y + r * row_h, x + total, y + r * row_h, 1.2 if r in (0, 1) else 0.6)
    left = x
    for w in [0.0, *widths]:
        left += w
        _line(fig, left, y, left, bottom, 0.6)
    return bottom


def _footer(fig: Figure, text: str) -> None:
    fig.text(0.5, 0.025, text, ha="center", fontsize=8.5, color="#333333")


def _wrapped(fig: Figure, x: float, y: float, text: str, width: int, size: float = 10.5) -> float:
    """Wrapped text from ``y`` down; returns the y under it."""
    step = size / 72 * 1.32
    for line in textwrap.wrap(text, width):
        _text(fig, x, y, line, size)
        y += step
    return y


# --------------------------------------------------------------------------- the rule card

RULES = (
    ("print.rules.board.head", "print.rules.board"),
    ("print.rules.move.head", "print.rules.move"),
    ("print.rules.store.head", "print.rules.store"),
    ("print.rules.extra.head", "print.rules.extra"),
    ("print.rules.even.head", "print.rules.even"),
    ("print.rules.empty.head", "print.rules.empty"),
    ("print.rules.end.head", "print.rules.end"),
    ("print.rules.match.head", "print.rules.match"),
)


def rule_card(*, lang: str = "tr") -> Figure:
    """One page: the official rules (Türkiye Zekâ Vakfı) in short, with the start position."""
    with matplotlib.rc_context({"font.family": "DejaVu Sans"}):
        fig = _page()
        y = _title(fig, t("print.rules.title", lang), t("print.rules.subtitle", lang))
        board_w = 5.0
        lay = board_layout()
        board_h = board_w * lay["height"] / lay["width"]
        ax = fig.add_axes(
            (
                (A4[0] - board_w) / 2 / A4[0],
                1 - (y + board_h) / A4[1],
                board_w / A4[0],
                board_h / A4[1],
            )
        )
        draw_board(ax, Position.start(), lang=lang, style="print", status=False)
        y += board_h + 0.25
        for number, (head, body) in enumerate(RULES, start=1):
            _text(fig, MARGIN, y, f"{number}. {t(head, lang)}", 11, fontweight="bold")
            y = _wrapped(fig, MARGIN + 0.25, y + 0.22, t(body, lang), 96, 10) + 0.06
        tip = textwrap.wrap(t("print.rules.tip", lang), 92)
        _box(fig, MARGIN, y + 0.05, A4[0] - 2 * MARGIN, 0.16 + 0.18 * len(tip), 1.2)
        _wrapped(fig, MARGIN + 0.12, y + 0.14, t("print.rules.tip", lang), 92, 10)
        _footer(fig, t("print.footer", lang))
    return fig


# --------------------------------------------------------------------------- blank boards


def _blank_board(fig: Figure, top: float, height: float, lang: str, rules: Rules) -> None:
    """An empty board to write stone counts in, with pit numbers and the players' names."""
    lay = board_layout(rules)
    width = min(A4[0] - 2 * MARGIN, height * lay["width"] / lay["height"])
    height = width * lay["height"] / lay["width"]
    left = (A4[0] - width) / 2
    ax = fig.add_axes((left / A4[0], 1 - (top + height) / A4[1], width / A4[0], height / A4[1]))
    ax.set_xlim(0, lay["width"])
    ax.set_ylim(lay["height"], 0)
    ax.set_axis_off()
    u = width / (lay["width"] / 100)
    board_outline(ax, lay, u)
    for place in lay["places"]:
        if place["kind"] == "pit":
            ax.text(
                place["nx"],
                place["ny"],
                str(place["number"]),
                ha="center",
                va="center_baseline",
                fontsize=15 * u,
                color="#444444",
            )
    for side in (NORTH, SOUTH):
        spot = lay["players"][side]
        ax.text(
            spot["x"],
            spot["y"],
            SIDE_NAMES[side].text(lang),
            ha="center",
            va="center_baseline",
            fontsize=19 * u,
            fontweight="bold",
        )


def blank_boards(*, pages: int = 1, lang: str = "tr", rules: Rules | None = None) -> list[Figure]:
    """``pages`` pages of empty boards (three a page), each with a line for who is to move and
    a note, to write a position in (stone counts in the pits and stores)."""
    if not 1 <= pages <= 20:
        raise PrintError("print.error.bad_pages", value=pages)
    rules = rules or Rules.official()
    figures = []
    with matplotlib.rc_context({"font.family": "DejaVu Sans"}):
        for page in range(pages):
            fig = _page()
            y = _title(fig, t("print.board.title", lang), t("print.board.subtitle", lang))
            slot = (A4[1] - 0.45 - y) / BOARDS_PER_PAGE
            for k in range(BOARDS_PER_PAGE):
                top = y + k * slot
                number = page * BOARDS_PER_PAGE + k + 1
                _text(
                    fig,
                    MARGIN,
                    top,
                    t("print.board.number", lang, number=number),
                    11.5,
                    fontweight="bold",
                )
                label = t("print.board.to_move", lang)
                _text(fig, MARGIN + 1.5, top + 0.02, label, 10.5)
                _checkboxes(
                    fig,
                    MARGIN + 1.5 + _width(label, 10.5) + 0.2,
                    top + 0.02,
                    [SIDE_NAMES[s].text(lang) for s in (SOUTH, NORTH)],
                    10.5,
                )
                _blank_board(fig, top + 0.3, slot - 0.75, lang, rules)
                _field(
                    fig,
                    MARGIN,
                    top + slot - 0.42,
                    t("print.board.note", lang),
                    A4[0] - 2 * MARGIN,
                    10.5,
                )
            _footer(fig, t("print.footer", lang))
            figures.append(fig)
    return figures


# --------------------------------------------------------------------------- score sheets

MOVE_ROWS = 25
MOVE_GROUPS = 3


def set_sheet(*, lang: str = "tr") -> Figure:
    """The score sheet of one set: the players, who starts, the moves (optional), the stones
    in the stores at the end and the winner."""
    with matplotlib.rc_context({"font.family": "DejaVu Sans"}):
        fig = _page()
        y = _title(fig, t("print.set.title", lang), t("print.set.subtitle", lang))
        half = (A4[0] - 2 * MARGIN) / 2
        _field(fig, MARGIN, y, t("print.set.south", lang), half - 0.2)
        _field(fig, MARGIN + half + 0.2, y, t("print.set.north", lang), half - 0.2)
        y += 0.5
        _field(fig, MARGIN, y, t("print.set.date", lang), 2.3)
        _field(fig, MARGIN + 2.6, y, t("print.set.round", lang), 1.6)
        _field(fig, MARGIN + 4.5, y, t("print.set.number", lang), A4[0] - 2 * MARGIN - 4.5)
        y += 0.5
        _text(fig, MARGIN, y, t("print.set.starts", lang), 11, fontweight="bold")
        starts = t("print.set.starts", lang)
        _checkboxes(
            fig,
            MARGIN + _width(starts, 11, True) + 0.25,
            y,
            [SIDE_NAMES[s].text(lang) for s in (SOUTH, NORTH)],
        )
        y += 0.45
        y = _wrapped(fig, MARGIN, y, t("print.set.moves_note", lang), 100, 9.5) + 0.08
        group_w = (A4[0] - 2 * MARGIN - 0.3 * (MOVE_GROUPS - 1)) / MOVE_GROUPS
        widths = [group_w * 0.28, group_w * 0.36, group_w * 0.36]
        heads = [
            t("print.set.move_no", lang),
            t("print.set.side", lang),
            t("print.set.pit", lang),
        ]
        for g in range(MOVE_GROUPS):
            rows = [heads] + [[str(g * MOVE_ROWS + k + 1), "", ""] for k in range(MOVE_ROWS)]
            bottom = _table(
                fig, MARGIN + g * (group_w + 0.3), y, widths, rows, row_h=0.235, size=9.5
            )
        y = bottom + 0.3
        _text(fig, MARGIN, y, t("print.set.end", lang), 12, fontweight="bold")
        y += 0.35
        gen = (t("side.south.gen", lang), t("side.north.gen", lang))
        for side, x in ((gen[0], MARGIN), (gen[1], MARGIN + half + 0.2)):
            label = t("print.set.store", lang, side=side)
            _text(fig, x, y + 0.06, label, 11)
            _box(fig, x + _width(label, 11) + 0.15, y, 0.8, 0.36, 1.2)
        y += 0.55
        winner = t("print.set.winner", lang)
        _text(fig, MARGIN, y, winner, 11, fontweight="bold")
        _checkboxes(
            fig,
            MARGIN + _width(winner, 11, True) + 0.25,
            y,
            [SIDE_NAMES[SOUTH].text(lang), SIDE_NAMES[NORTH].text(lang), t("print.draw", lang)],
        )
        y += 0.4
        _wrapped(fig, MARGIN, y, t("print.set.check", lang), 100, 9.5)
        _footer(fig, t("print.footer", lang))
    return fig


def _match_block(fig: Figure, top: float, sets: int, lang: str) -> None:
    """One match sheet, ``top`` inches down (half a page)."""
    width = A4[0] - 2 * MARGIN
    _text(fig, MARGIN, top, t("print.match.title", lang, sets=sets), 15, fontweight="bold")
    y = top + 0.45
    _field(fig, MARGIN, y, t("print.match.player_a", lang), width / 2 - 0.2)
    _field(fig, MARGIN + width / 2 + 0.2, y, t("print.match.player_b", lang), width / 2 - 0.2)
    y += 0.45
    _field(fig, MARGIN, y, t("print.set.date", lang), 2.3)
    _field(fig, MARGIN + 2.6, y, t("print.set.round", lang), 1.6)
    _field(fig, MARGIN + 4.5, y, t("print.match.board", lang), width - 4.5)
    y += 0.45
    heads = [
        t("print.match.set", lang),
        t("print.match.starter", lang),
        t("print.match.stones_a", lang),
        t("print.match.stones_b", lang),
        t("print.match.points_a", lang),
        t("print.match.points_b", lang),
    ]
    widths = [0.8, 1.3, 1.35, 1.35, 1.135, 1.135]
    rows = [heads] + [[str(k), "A" if k % 2 else "B", "", "", "", ""] for k in range(1, sets + 1)]
    rows.append([t("print.match.total", lang), "", "", "", "", ""])
    y = _table(fig, MARGIN, y, widths, rows, row_h=0.3, size=10)
    y += 0.15
    y = _wrapped(fig, MARGIN, y, t("print.match.rule", lang, sets=sets), 100, 9.5) + 0.1
    _field(fig, MARGIN, y, t("print.match.winner", lang), width)
    y += 0.45
    _field(fig, MARGIN, y, t("print.match.result_line", lang), width, 10)


def match_sheets(*, sets: int = 5, lang: str = "tr") -> Figure:
    """A page of two match score sheets (cut along the dashed line): the sets, who starts
    each, the stones in the stores, the set points and the match's winner."""
    if sets not in (1, 3, 5):
        from .tournament import TournamentError

        raise TournamentError("tournament.error.bad_sets", value=sets)
    with matplotlib.rc_context({"font.family": "DejaVu Sans"}):
        fig = _page()
        half = A4[1] / 2
        _match_block(fig, 0.45, sets, lang)
        fig.add_artist(
            Line2D([0.03, 0.97], [0.5, 0.5], color="black", lw=0.8, linestyle=(0, (6, 4)))
        )
        fig.text(0.035, 0.503, "✂", fontsize=12, va="bottom")
        _match_block(fig, half + 0.35, sets, lang)
        _footer(fig, t("print.footer", lang))
    return fig


# --------------------------------------------------------------------------- tournament


def pairing_sheet(tournament: Tournament, number: int, *, lang: str = "tr") -> Figure:
    """The pairs of round ``number`` with boxes for the results, to pin on the wall."""
    from .tournament import TOURNAMENT_SYSTEM

    with matplotlib.rc_context({"font.family": "DejaVu Sans"}):
        fig = _page()
        y = _title(
            fig,
            t("print.tournament.title", lang, round=number),
            t(
                "print.tournament.subtitle",
                lang,
                system=t(TOURNAMENT_SYSTEM[tournament.system], lang),
                players=len(tournament.players),
                sets=tournament.sets,
            ),
        )
        heads = [
            t("print.tournament.board", lang),
            t("print.tournament.first", lang),
            t("print.tournament.second", lang),
            t("print.tournament.sets", lang),
            t("print.tournament.stones", lang),
        ]
        rows: list[list[str]] = [heads]
        bye: str | None = None
        for board, (a, b) in enumerate(tournament.pairing(number), start=1):
            if b is None:
                bye = a
            else:
                rows.append([str(board), a, b, "", ""])
        y = _table(fig, MARGIN, y, [0.7, 2.0, 2.0, 1.15, 1.22], rows, row_h=0.42, size=11.5)
        y += 0.3
        if bye is not None:
            _text(fig, MARGIN, y, t("tournament.bye_line", lang, name=bye), 11.5)
            y += 0.4
        _wrapped(fig, MARGIN, y, t("print.tournament.how", lang), 96, 10)
        _footer(fig, t("print.footer", lang))
    return fig


def standings_sheet(tournament: Tournament, *, lang: str = "tr") -> Figure:
    """The standings after the results so far."""
    from .tournament import TOURNAMENT_SYSTEM, standings_table

    with matplotlib.rc_context({"font.family": "DejaVu Sans"}):
        fig = _page()
        y = _title(
            fig,
            t("print.standings.title", lang),
            t(
                "print.tournament.subtitle",
                lang,
                system=t(TOURNAMENT_SYSTEM[tournament.system], lang),
                players=len(tournament.players),
                sets=tournament.sets,
            ),
        )
        rows = standings_table(tournament, lang)
        y = _table(fig, MARGIN, y, [0.6, 1.8, 0.75, 0.9, 1.1, 0.95, 0.97], rows, 0.34, 10.5)
        key = (
            "tournament.order_rr"
            if tournament.system == "round-robin"
            else "tournament.order_swiss"
        )
        _wrapped(fig, MARGIN, y + 0.25, t(key, lang), 100, 9.5)
        _footer(fig, t("print.footer", lang))
    return fig


# --------------------------------------------------------------------------- files


def save_pages(pages: Sequence[Figure], path: str | Path, *, lang: str = "tr") -> list[Path]:
    """Write ``pages`` to ``path``: one PDF (every page), or PNG files (``name.png`` for one
    page, ``name-1.png``, ``name-2.png`` … for more). Returns the files written."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in (".pdf", ".png"):
        raise PrintError("print.error.bad_type", file=str(path))
    if not path.parent.is_dir():
        raise PrintError("print.error.no_folder", file=str(path), folder=str(path.parent))
    written: list[Path] = []
    try:
        if suffix == ".pdf":
            from matplotlib.backends.backend_pdf import PdfPages

            metadata = {"Creator": "mangala_edu", "CreationDate": None, "ModDate": None}
            with (
                matplotlib.rc_context({"pdf.fonttype": 42}),
                PdfPages(path, metadata=metadata) as pdf,
            ):
                for fig in pages:
                    pdf.savefig(fig)
            written.append(path)
        else:
            for k, fig in enumerate(pages, start=1):
                target = path if len(pages) == 1 else path.with_name(f"{path.stem}-{k}.png")
                fig.savefig(target, dpi=150, metadata={"Software": None})
                written.append(target)
    except OSError as exc:
        from .cli_errors import os_reason

        raise PrintError(
            "print.error.cannot_write", file=str(path), reason=os_reason(exc, path)
        ) from exc
    return written


def print_command(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    """``mangala-edu print WHAT --out FILE`` (its options: :func:`~.tournament.add_commands`)."""
    kind = args.print_kind
    pages: list[Figure]
    if kind == "rules":
        pages = [rule_card(lang=lang)]
    elif kind == "board":
        pages = blank_boards(pages=args.pages, lang=lang)
    elif kind == "set-sheet":
        pages = [set_sheet(lang=lang)]
    elif kind == "match-sheet":
        pages = [match_sheets(sets=args.sets, lang=lang)]
    else:
        from .tournament import load

        tournament = load(args, lang)
        number = args.round if args.round is not None else tournament.next_round()
        if number is None:
            print(t("tournament.all_played", lang), file=out)
            return
        pages = [pairing_sheet(tournament, number, lang=lang)]
    for path in save_pages(pages, args.out, lang=lang):
        print(t("print.written", lang, file=str(path)), file=out)
