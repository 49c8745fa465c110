"""Interactive widgets for the lessons: the board you can play on.

>>> from mangala_edu.widgets import Board
>>> Board(lang="en").status
'South to move'
"""

from __future__ import annotations

from .board import Board

__all__ = ["Board"]
