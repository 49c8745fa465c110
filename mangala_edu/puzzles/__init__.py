"""Strategy puzzles: a proven, rated, themed collection, mining, and the trainer's logic.

Modules: :mod:`.model` (one puzzle and the file format), :mod:`.collection` (reading and
filtering), :mod:`.prove` (lines proven with the exact solver), :mod:`.themes`,
:mod:`.rating` (Glicko-2 and the bands), :mod:`.mine` (mining games between levels).
"""

from .collection import Collection, read_puzzles
from .model import Puzzle, PuzzleError, PuzzleNotFound, Step
from .rating import BANDS, Rating
from .themes import THEMES

__all__ = [
    "BANDS",
    "THEMES",
    "Collection",
    "Puzzle",
    "PuzzleError",
    "PuzzleNotFound",
    "Rating",
    "Step",
    "read_puzzles",
]
