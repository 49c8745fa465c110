"""Interactive widgets: the board you can play on, and a match against the computer.

>>> from mangala_edu.widgets import Board
>>> Board(lang="en").status
'South to move'
"""

from __future__ import annotations

from .board import Board
from .play import PlayBoard

__all__ = ["Board", "PlayBoard"]
