"""Dokuz Taş puzzles proven by the endgame tables: win in N, the only move, save the draw.

Modules: :mod:`.model` (one puzzle and the file format), :mod:`.mine` (mining the tables),
:mod:`.verify` (re-proving a puzzle with the tables and the exact search, independently of the
miner), :mod:`.themes` (themes, titles and hints in both languages), :mod:`.rating` (the first
rating), :mod:`.commands` (``mangala-edu puzzles ... --rules dokuz-tas``). The collection
shipped with the package is ``data/puzzles.jsonl`` (:func:`shipped_path`; how it is made:
``data/README.md``).
"""

from .collection import read_puzzles, shipped_path
from .model import DokuzTasPuzzleError, ProofError, Puzzle

__all__ = ["DokuzTasPuzzleError", "ProofError", "Puzzle", "read_puzzles", "shipped_path"]
