"""The evaluation of a position the search cannot see to the end.

Values inside the depth-limited search are whole numbers in *eighths of a stone* (so that small
positional terms need no floats). A leaf is worth ``SCALE`` times the stones already won plus a
small estimate of what the position is worth to the side to move:

* stones on the mover's side, minus those on the opponent's side (material the mover can still
  sow into their store); self-play found this worth 3/8 of a stone under the official sweep and
  nothing under the own-side end rule (where stones at home are also the opponent's targets);
* moves that would end in the mover's own store (an extra turn waiting to be taken);
* a bonus for being the side to move (the tempo; 0 by default: self-play found no gain).

>>> from mangala_edu import Rules
>>> evaluate = make_evaluator(Rules.official())
>>> evaluate((4,) * 12)            # the start: pit 4 would give an extra turn
4
>>> evaluate((0, 0, 0, 1, 0, 0) + (1,) * 6) < 0    # fewer stones, no extra turn ready
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.rules import END_SWEEP, Rules
from .kernel import State

SCALE = 8
"""Search values are in 1/SCALE stones."""


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights, in 1/SCALE stones.

    ``material``: per stone on the mover's side minus the opponent's; ``extra``: per move that
    ends in the mover's store; ``tempo``: for having the move.
    """

    material: int
    extra: int
    tempo: int


def default_weights(rules: Rules) -> Weights:
    """Weights tuned by self-play (depth-3 searches, 200 games a setting) for each end rule.

    >>> default_weights(Rules.official())
    Weights(material=3, extra=4, tempo=0)
    """
    if rules.end_rule == END_SWEEP:
        return Weights(material=3, extra=4, tempo=0)
    return Weights(material=0, extra=4, tempo=0)


def make_evaluator(rules: Rules, weights: Weights | None = None) -> Callable[[State], int]:
    """A function giving a state's estimated future gain for the mover, in 1/SCALE stones."""
    w = weights or default_weights(rules)
    m = rules.pits
    cycle = 2 * m + 1
    back = rules.first_stone_back
    material, extra_w, tempo = w.material, w.extra, w.tempo
    # With n stones in pit i (0-based), the last stone falls in the store when
    # n - back == m - i (mod the cycle), or n == 1 and i == m - 1.
    need = [(m - i) % cycle for i in range(m)]
    own_range = range(m)

    def evaluate(p: State) -> int:
        extras = 0
        for i in own_range:
            n = p[i]
            if n:
                if back and n > 1:
                    n -= 1
                if n % cycle == need[i]:
                    extras += 1
        return material * (sum(p[:m]) - sum(p[m:])) + extra_w * extras + tempo

    return evaluate
