"""A Dokuz Taş puzzle's first rating: from how far the learner must see, how many moves they
must choose from, and how often the computer's levels miss it.

The scale and the bands are the Mangala puzzles' (:mod:`mangala_edu.puzzles.rating`: kolay
below 1250, orta below 1550, zor below 1850, usta above); a learner has a Dokuz Taş rating of
their own on it. Like a Mangala puzzle's, the rating is measured with the computer levels:
each level plays the puzzle with several seeds (:mod:`.levels`), and each seed that misses
adds its share of the level's weight (:data:`LEVEL_WEIGHTS`: a puzzle every seed of every
level misses gets all 700); the proven facts add the rest::

    rating = 800
           + 400 * (moves - 1)                   the learner's moves to find (win in N)
           + 8 * min(distance, 40)               only_move, save_draw: the tables' distance
                                                 (plies to the next removal or the end; for
                                                 save_draw the slowest wrong move's loss)
           + 4 * min(legal - 3, 40)              legal first moves beyond three
           + 60 * min(almost, 5)                 almost-good first moves
           + 100 if the answer is quiet (takes nothing: harder to see than a mill)
           + 250 if the goal is only_move (the win is beyond what the learner can count)
           + 100, 150, 200, 250 x the share of kolay's, orta's, zor's, usta's seeds that
                                                 miss a learner's move of the line

clamped to 600..2400. *Almost-good* first moves: for a win, the wrong moves that still draw
(they do not lose, so they feel safe); for ``save_draw``, the wrong moves whose loss is 10
plies or more away (they hold for a while).

>>> puzzle_rating("win_in_n", moves=1, distance=1, legal=5, almost=0, quiet=False)
808
>>> puzzle_rating("win_in_n", moves=3, distance=5, legal=40, almost=2, quiet=True)
1968
>>> puzzle_rating("save_draw", moves=1, distance=12, legal=12, almost=3, quiet=True)
1212
>>> puzzle_rating("save_draw", moves=1, distance=12, legal=12, almost=3, quiet=True,
...               misses={"kolay": 3, "orta": 2, "zor": 1, "usta": 0})
1479
"""

from __future__ import annotations

BASE = 800
PER_MOVE = 400
PER_PLY = 8
MAX_PLIES = 40
PER_LEGAL = 4
MAX_LEGAL = 40
PER_ALMOST = 60
MAX_ALMOST = 5
QUIET = 100
ONLY_MOVE = 250
LOWEST, HIGHEST = 600, 2400
LEVEL_WEIGHTS = {"kolay": 100, "orta": 150, "zor": 200, "usta": 250}
SEEDS: dict[str, tuple[int, ...]] = {
    "kolay": (1, 2, 3),
    "orta": (1, 2, 3),
    "zor": (1, 2, 3),
    "usta": (1, 2),
}
"""The seeds each level plays a puzzle with (:mod:`.levels`; fewer for the expert, the
slowest)."""
"""What each level that misses a puzzle adds to its rating (in full when all its seeds miss)."""
SLOW_LOSS = 10
"""The plies a wrong move of ``save_draw`` must hold before its loss to count as almost good."""


def puzzle_rating(
    goal: str,
    *,
    moves: int,
    distance: int,
    legal: int,
    almost: int,
    quiet: bool,
    misses: dict[str, int] | None = None,
) -> int:
    """The first rating (see the module's formula; ``misses``: each level's seeds that miss,
    of :data:`.levels.SEEDS`)."""
    measured = sum(
        LEVEL_WEIGHTS[level] * n / len(SEEDS[level]) for level, n in (misses or {}).items()
    )
    value = (
        BASE
        + PER_MOVE * (moves - 1)
        + (PER_PLY * min(distance, MAX_PLIES) if goal != "win_in_n" else 0)
        + PER_LEGAL * min(max(0, legal - 3), MAX_LEGAL)
        + PER_ALMOST * min(almost, MAX_ALMOST)
        + (QUIET if quiet else 0)
        + (ONLY_MOVE if goal == "only_move" else 0)
        + round(measured)
    )
    return max(LOWEST, min(HIGHEST, value))
