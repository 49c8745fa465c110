"""Printable Dokuz Taş worksheets: an A4 PDF of puzzles, with an answer key at the end.

The pages are the Mangala worksheet's (:mod:`mangala_edu.puzzles.worksheet`: the first page's
title, name/class/date lines and what to do, two numbered boards a page with their question
and an answer box, then the answer key); only what the sheet says and draws is Dokuz Taş's
(:data:`DOKUZ_TAS_SHEET`): the board is :func:`~mangala_edu.dokuz_tas.picture.picture_figure`'s
picture, the question the puzzle's goal, and the key gives the solution line, every other
stone that may be taken at the last move, and one sentence why.

>>> import tempfile, pathlib
>>> from mangala_edu.dokuz_tas.puzzles.trainer import DokuzTasCollection
>>> puzzles = DokuzTasCollection.shipped().pick(2, seed=1)
>>> path = make_worksheet(puzzles, pathlib.Path(tempfile.mkdtemp()) / "sheet.pdf", lang="tr")
>>> path.read_bytes()[:5]
b'%PDF-'
>>> key_entries(puzzles, "en")[0].startswith("1. (" + puzzles[0].id + ") " + puzzles[0].answer)
True
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ...i18n import Message, t
from ...puzzles import worksheet as shared
from ..picture import picture_figure
from .model import Puzzle
from .trainer import DokuzTasRun, explanation

__all__ = ["DOKUZ_TAS_SHEET", "key_entries", "make_worksheet", "worksheet_pages"]

DPI = 200
"""The resolution of a board's picture on the page (about 6 inches wide: 1200 pixels)."""


@lru_cache(maxsize=64)
def _picture(position: str, flying: bool, lang: str) -> tuple[object, float]:
    """The board's picture as an image array, and its width over its height."""
    import matplotlib.image as mpimg

    from ..position import Position

    fig = picture_figure(Position.from_text(position, flying=flying), lang=lang)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    buffer.seek(0)
    image = mpimg.imread(buffer, format="png")
    height, width = image.shape[:2]
    return image, width / height


def _aspect(puzzle: Puzzle) -> float:
    return _picture(puzzle.position, puzzle.flying, "tr")[1]


def _draw(ax: Axes, puzzle: Puzzle, lang: str) -> None:
    image, _ = _picture(puzzle.position, puzzle.flying, lang)
    ax.imshow(image, interpolation="lanczos")  # type: ignore[arg-type]
    ax.set_axis_off()


def _question(puzzle: Puzzle, lang: str) -> str:
    run = DokuzTasRun(puzzle)
    return f"{run.prompt().text(lang)}. {run.moves_note().text(lang)}"


def solution_text(puzzle: Puzzle) -> str:
    """The solution line, turn by turn: ``c4-a7 → b2-a1 → a4-d7xa1``."""
    return " → ".join(puzzle.line)


def key_entry(number: int, puzzle: Puzzle, lang: str) -> str:
    """One puzzle's answer: its line, the other removals accepted at the last move, why."""
    head = t("worksheet.key_entry", lang, number=number, id=puzzle.id, moves=solution_text(puzzle))
    others = [turn for turn in puzzle.accepted[-1] if turn != puzzle.line[-1]]
    if others:
        head += " " + t("dokuz_tas.trainer.key.also", lang, turns=", ".join(others))
    return f"{head} — {explanation(puzzle).text(lang)}"


DOKUZ_TAS_SHEET = shared.Sheet(
    "dokuz_tas.trainer.worksheet.title",
    "dokuz_tas.trainer.worksheet.instructions",
    _aspect,
    _draw,
    _question,
    key_entry,
)
"""The Dokuz Taş puzzles' worksheet (the pages are the shared ones)."""


def key_entries(puzzles: Sequence[Puzzle], lang: str) -> list[str]:
    """The answer key: one entry a puzzle."""
    return shared.key_entries(puzzles, lang, DOKUZ_TAS_SHEET)


def worksheet_pages(
    puzzles: Sequence[Puzzle],
    *,
    lang: str = "tr",
    theme: Message | str | None = None,
    band: Message | str | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> list[Figure]:
    """The pages as matplotlib figures (see :func:`mangala_edu.puzzles.worksheet.worksheet_pages`)."""
    return shared.worksheet_pages(
        puzzles, lang=lang, theme=theme, band=band, progress=progress, sheet=DOKUZ_TAS_SHEET
    )


def make_worksheet(
    puzzles: Sequence[Puzzle],
    path: str | Path,
    *,
    lang: str = "tr",
    theme: Message | str | None = None,
    band: Message | str | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> Path:
    """Write the worksheet to the PDF ``path`` (see
    :func:`mangala_edu.puzzles.worksheet.make_worksheet`)."""
    return shared.make_worksheet(
        puzzles,
        path,
        lang=lang,
        theme=theme,
        band=band,
        progress=progress,
        sheet=DOKUZ_TAS_SHEET,
    )
