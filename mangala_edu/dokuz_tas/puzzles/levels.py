"""How the computer's levels fare on a Dokuz Taş puzzle: the part of its first rating that is
measured, as the Mangala puzzles' is (:func:`mangala_edu.puzzles.rating.difficulty_rating`).

Each level plays the learner's side with several seeds (:data:`SEEDS`): a seeded player
counts positions searched instead of seconds and never reads the endgame tables, so the same
seed gives the same turn on every machine. A seed *misses* the puzzle when one of its turns
along the line is not accepted there (the opponent's replies are the line's). The counts of
misses by level go into the puzzle (``misses``) and into its rating (:mod:`.rating`).

>>> from mangala_edu.dokuz_tas.puzzles.collection import read_puzzles
>>> puzzle = read_puzzles()[0]
>>> puzzle.misses, level_misses(puzzle, levels=("kolay", "orta"))
({'kolay': 0, 'orta': 0, 'zor': 0, 'usta': 0}, {'kolay': 0, 'orta': 0})
"""

from __future__ import annotations

from collections.abc import Sequence

from ..position import Position
from ..search import Player
from .model import Puzzle
from .rating import SEEDS


def misses_of(puzzle: Puzzle, level: str, seed: int) -> bool:
    """Whether ``level`` with ``seed`` misses one of the learner's turns of ``puzzle``."""
    player = Player(level, seed=seed)
    history: list[Position] = []
    pos = puzzle.start
    for k, turn in enumerate(puzzle.line):
        if k % 2 == 0 and player.choose(pos, history) not in puzzle.accepted[k // 2]:
            return True
        history.append(pos)
        pos = pos.play(turn)
    return False


def level_misses(puzzle: Puzzle, levels: Sequence[str] = tuple(SEEDS)) -> dict[str, int]:
    """How many of each level's seeds miss ``puzzle`` (see the module)."""
    return {level: sum(misses_of(puzzle, level, s) for s in SEEDS[level]) for level in levels}


def measured(puzzle: Puzzle) -> tuple[str, dict[str, int]]:
    """``(id, misses)``: a top-level function, for a pool of processes."""
    return puzzle.id, level_misses(puzzle)
