"""Drawing boards: SVG for notebooks, fixed-width text for terminals, matplotlib for print.

>>> from mangala_edu import Position
>>> from mangala_edu.display import board_svg, board_text
>>> board_svg(Position.start()).startswith("<svg")
True
>>> print(board_text(Position.start(), lang="en").splitlines()[-1])
South to move

Every :class:`~mangala_edu.Position` draws itself as this SVG picture in Jupyter (its
``_repr_svg_`` imports this layer when it is called):

>>> Position.start()._repr_svg_() == board_svg(Position.start())
True
"""

from __future__ import annotations

from typing import Any

from .layout import PALETTE, STONE_COLOURS, board_layout, stone_spots
from .svg import board_svg, status_text
from .text import board_text


def __getattr__(name: str) -> Any:
    # matplotlib is imported only when a figure is asked for.
    if name in ("board_figure", "save_board", "DisplayError"):
        from . import figure

        return getattr(figure, name)
    raise AttributeError(name)


__all__ = [
    "PALETTE",
    "STONE_COLOURS",
    "DisplayError",
    "board_figure",
    "board_layout",
    "board_svg",
    "board_text",
    "save_board",
    "status_text",
    "stone_spots",
]
