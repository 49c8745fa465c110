"""Printable worksheets: an A4 PDF of puzzles, with an answer key at the end.

The first page has the title, what the sheet holds, lines for the name, the class and the
date, and one sentence on what to do; then come numbered boards drawn for a black-and-white
printer (:func:`~mangala_edu.display.figure.draw_board` with ``style="print"``), each with its
question under it and a box for the answer; the last pages are the answer key: the solution
line of each puzzle (the learner's moves and the opponent's answers) and one sentence of
explanation. Fonts are embedded as TrueType (DejaVu Sans, which has ç ğ ı İ ö ş ü) and the file
carries no date, so the same sheet always gives the same bytes.

Another game's worksheet has the same pages: it gives a :class:`Sheet` (its title, what to
do, how to draw its board, its question and its answer key), as Dokuz Taş's does
(:mod:`mangala_edu.dokuz_tas.puzzles.worksheet`).

>>> import tempfile, pathlib
>>> from mangala_edu.puzzles import Collection
>>> puzzles = Collection.shipped().pick(2, seed=1)
>>> path = make_worksheet(puzzles, pathlib.Path(tempfile.mkdtemp()) / "sheet.pdf", lang="tr")
>>> path.read_bytes()[:5]
b'%PDF-'
"""

from __future__ import annotations

import contextlib
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

from ..display.figure import BoardFigure, draw_board
from ..display.layout import board_layout
from ..i18n import Message, t
from .model import Puzzle, PuzzleError
from .rating import BAND_NAMES, BandError, band_key
from .themes import THEMES, theme_name
from .trainer import MoveList, PuzzleRun, explanation

A4 = (8.27, 11.69)
"""An A4 page in inches (portrait)."""
FIRST_PAGE_BOARDS = 2
BOARDS_PER_PAGE = 2
KEY_LINES_PER_PAGE = 44
MARGIN = 0.6  # inches


@dataclass(frozen=True)
class Sheet:
    """What a game's worksheet says and draws (the pages' layout is shared): the catalogue
    keys of the title and of what to do, a board's width over its height, how to draw a
    puzzle's board on an axes, a puzzle's question and its answer-key entry (in a
    language)."""

    title: str
    instructions: str
    aspect: Callable[[Any], float]
    draw: Callable[[Axes, Any, str], None]
    question: Callable[[Any, str], str]
    key_entry: Callable[[int, Any, str], str]


def _text(fig: Figure, x: float, y: float, text: str, size: float = 11, **kw: object) -> None:
    """Text at (x, y) in inches from the page's top-left corner."""
    fig.text(x / A4[0], 1 - y / A4[1], text, fontsize=size, va="top", **kw)  # type: ignore[arg-type]


def _footer(fig: Figure, page: int, pages: int, lang: str) -> None:
    fig.text(
        0.5,
        0.025,
        t("worksheet.page", lang, page=page, pages=pages),
        ha="center",
        fontsize=9,
        color="black",
    )


def _header(fig: Figure, lang: str, subtitle: str, sheet: Sheet | None = None) -> float:
    """The title, the sheet's contents, the name/class/date lines, what to do; returns the
    height (inches) used."""
    sheet = sheet or MANGALA_SHEET
    _text(fig, MARGIN, 0.55, t(sheet.title, lang), 20, fontweight="bold")
    _text(fig, MARGIN, 0.98, subtitle, 11)
    y = 1.45
    for label, x, width in (
        (t("worksheet.name", lang), MARGIN, 3.4),
        (t("worksheet.class", lang), MARGIN + 4.0, 1.2),
        (t("worksheet.date", lang), MARGIN + 5.6, 1.45),
    ):
        _text(fig, x, y, label, 11, fontweight="bold")
        fig.add_artist(
            Line2D(
                [(x + 0.02) / A4[0] + len(label) * 0.085 / A4[0], (x + width) / A4[0]],
                [1 - (y + 0.2) / A4[1]] * 2,
                color="black",
                lw=0.8,
            )
        )
    lines = textwrap.wrap(t(sheet.instructions, lang), 95)
    for k, line in enumerate(lines):
        _text(fig, MARGIN, 1.85 + 0.2 * k, line, 10)
    return 1.95 + 0.2 * len(lines)


def _mangala_aspect(puzzle: Puzzle) -> float:
    lay = board_layout(puzzle.start.rules)
    return float(lay["width"] / lay["height"])


def _mangala_draw(ax: Axes, puzzle: Puzzle, lang: str) -> None:
    draw_board(ax, puzzle.start, lang=lang, style="print", status=False)


def _mangala_question(puzzle: Puzzle, lang: str) -> str:
    run = PuzzleRun(puzzle)
    return f"{run.prompt().text(lang)} {run.moves_note().text(lang)}"


def _mangala_key_entry(number: int, puzzle: Puzzle, lang: str) -> str:
    head = t("worksheet.key_entry", lang, number=number, id=puzzle.id, moves=MoveList(puzzle.line))
    return f"{head} — {explanation(puzzle).text(lang)}"


MANGALA_SHEET = Sheet(
    "worksheet.title",
    "worksheet.instructions",
    _mangala_aspect,
    _mangala_draw,
    _mangala_question,
    _mangala_key_entry,
)
"""The Mangala puzzles' worksheet."""


def _board_slot(
    fig: Figure,
    puzzle: Puzzle,
    number: int,
    top: float,
    height: float,
    lang: str,
    sheet: Sheet | None = None,
) -> None:
    """One numbered board with its question and an answer box, ``top`` inches down."""
    sheet = sheet or MANGALA_SHEET
    board_h = height - 1.0
    board_w = min(A4[0] - 2 * MARGIN, board_h * sheet.aspect(puzzle))
    left = (A4[0] - board_w) / 2
    _text(fig, MARGIN, top, t("worksheet.number", lang, number=number), 13, fontweight="bold")
    ax = fig.add_axes(
        (left / A4[0], 1 - (top + 0.2 + board_h) / A4[1], board_w / A4[0], board_h / A4[1])
    )
    sheet.draw(ax, puzzle, lang)
    question = sheet.question(puzzle, lang)
    y = top + 0.25 + board_h
    for k, line in enumerate(textwrap.wrap(question, 80)):
        _text(fig, MARGIN, y + 0.19 * k, line, 10.5)
    box_y = top + height - 0.45
    _text(
        fig, A4[0] - MARGIN - 2.9, box_y + 0.08, t("worksheet.answer", lang), 11, fontweight="bold"
    )
    fig.add_artist(
        Rectangle(
            ((A4[0] - MARGIN - 2.1) / A4[0], 1 - (box_y + 0.38) / A4[1]),
            2.1 / A4[0],
            0.36 / A4[1],
            fill=False,
            ec="black",
            lw=1.0,
            transform=fig.transFigure,
        )
    )


def key_entries(puzzles: Sequence[Any], lang: str, sheet: Sheet | None = None) -> list[str]:
    """The answer key: one entry a puzzle, the solution line and one sentence why."""
    sheet = sheet or MANGALA_SHEET
    return [sheet.key_entry(number, p, lang) for number, p in enumerate(puzzles, start=1)]


def subtitle(
    puzzles: Sequence[Any],
    *,
    lang: str = "tr",
    theme: Message | str | None = None,
    band: Message | str | None = None,
) -> str:
    """What the sheet holds, under its title: how many puzzles, the theme and the band asked
    for. ``theme`` and ``band`` may be keys, as :meth:`~.collection.Collection.pick` takes
    them (``"empty_capture"``, ``"kolay"`` or ``"easy"``), names (messages) or any text;
    ``None`` is "any".

    >>> from mangala_edu.puzzles import Collection
    >>> sheet = Collection.shipped().pick(2, theme="empty_capture", band="kolay", seed=1)
    >>> subtitle(sheet, lang="tr", theme="empty_capture", band="kolay")
    '2 bulmaca · konu: Boş kuyu · düzey: kolay'
    >>> subtitle(sheet, lang="en", band="easy")
    '2 puzzles · theme: any · band: easy'
    """
    if isinstance(theme, str) and theme in THEMES:
        theme = theme_name(theme)
    if isinstance(band, str):
        with contextlib.suppress(BandError):
            band = BAND_NAMES[band_key(band)]
    any_text = t("worksheet.any", lang)
    return t(
        "worksheet.subtitle",
        lang,
        count=len(puzzles),
        theme=theme.text(lang) if isinstance(theme, Message) else theme or any_text,
        band=band.text(lang) if isinstance(band, Message) else band or any_text,
    )


def worksheet_pages(
    puzzles: Sequence[Any],
    *,
    lang: str = "tr",
    theme: Message | str | None = None,
    band: Message | str | None = None,
    progress: Callable[[str, int, int], None] | None = None,
    sheet: Sheet | None = None,
) -> list[Figure]:
    """The pages of the worksheet of ``puzzles`` as matplotlib figures (A4); in a notebook a
    page shows itself as a picture. ``theme`` and ``band`` only name the choice on the first
    page; ``progress("boards", done, total)`` is called after each board drawn; ``sheet``:
    another game's (default: Mangala's, :data:`MANGALA_SHEET`)."""
    sheet = sheet or MANGALA_SHEET
    if not puzzles:
        raise PuzzleError("puzzle.error.too_many", count=0, found=0)
    heading = subtitle(puzzles, lang=lang, theme=theme, band=band)
    groups: list[list[tuple[int, Any]]] = []
    numbered = list(enumerate(puzzles, start=1))
    groups.append(numbered[:FIRST_PAGE_BOARDS])
    rest = numbered[FIRST_PAGE_BOARDS:]
    while rest:
        groups.append(rest[:BOARDS_PER_PAGE])
        rest = rest[BOARDS_PER_PAGE:]
    key_lines: list[list[str]] = [[]]
    for entry in key_entries(puzzles, lang, sheet):
        wrapped = textwrap.wrap(entry, 92, subsequent_indent="     ")
        if len(key_lines[-1]) + len(wrapped) + 1 > KEY_LINES_PER_PAGE:
            key_lines.append([])
        key_lines[-1].extend([*wrapped, ""])
    pages = len(groups) + len(key_lines)
    figures: list[Figure] = []
    with matplotlib.rc_context({"font.family": "DejaVu Sans"}):
        for k, group in enumerate(groups):
            fig = BoardFigure(figsize=A4)
            top = _header(fig, lang, heading, sheet) + 0.15 if k == 0 else 0.6
            slot = (A4[1] - 0.5 - top) / (FIRST_PAGE_BOARDS if k == 0 else BOARDS_PER_PAGE)
            for j, (number, puzzle) in enumerate(group):
                _board_slot(fig, puzzle, number, top + j * slot, slot - 0.1, lang, sheet)
                if progress is not None:
                    progress("boards", number, len(puzzles))
            _footer(fig, len(figures) + 1, pages, lang)
            figures.append(fig)
        for lines in key_lines:
            fig = BoardFigure(figsize=A4)
            _text(fig, MARGIN, 0.55, t("worksheet.key_title", lang), 18, fontweight="bold")
            for j, line in enumerate(lines):
                _text(fig, MARGIN, 1.05 + 0.225 * j, line, 10)
            _footer(fig, len(figures) + 1, pages, lang)
            figures.append(fig)
    for page in figures:
        page.set_facecolor("white")
    return figures


def make_worksheet(
    puzzles: Sequence[Any],
    path: str | Path,
    *,
    lang: str = "tr",
    theme: Message | str | None = None,
    band: Message | str | None = None,
    progress: Callable[[str, int, int], None] | None = None,
    sheet: Sheet | None = None,
) -> Path:
    """Write the worksheet of ``puzzles`` (in this order) to the PDF ``path`` (see
    :func:`worksheet_pages`; ``progress("pages", done, total)`` is called after each page
    written too). Raises :class:`~.model.PuzzleError` when there is no puzzle or the file
    cannot be written."""
    path = Path(path)
    sheet = sheet or MANGALA_SHEET
    figures = worksheet_pages(
        puzzles, lang=lang, theme=theme, band=band, progress=progress, sheet=sheet
    )
    metadata = {
        "Title": t(sheet.title, lang),
        "Creator": "mangala_edu",
        "CreationDate": None,
        "ModDate": None,
    }
    try:
        with matplotlib.rc_context({"pdf.fonttype": 42}), PdfPages(path, metadata=metadata) as pdf:
            for done, fig in enumerate(figures, start=1):
                pdf.savefig(fig)
                if progress is not None:
                    progress("pages", done, len(figures))
    except OSError as exc:
        from ..cli_errors import os_reason

        raise PuzzleError(
            "puzzle.error.cannot_write", file=str(path), reason=os_reason(exc, path)
        ) from exc
    return path
