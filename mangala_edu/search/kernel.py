"""A fast move generator for search, on plain tuples seen from the side to move.

The search never builds :class:`~mangala_edu.engine.position.Position` objects: it works on a
*state*, a tuple of ``2 * pits`` numbers, the mover's pits (numbered 1..pits from the mover's own
left) followed by the opponent's pits (from the opponent's own left). The stores are left out:
the rules never look at them, so a state's value is the stones the mover will still gain on the
opponent from here (the *future gain*), and the same state seen from either side shares one entry
in a transposition table.

:class:`Kernel` turns a state into its children. Each child is a :class:`Child` tuple
``(pit, gain, extra, state)``: the pit played, the stones it moved into the mover's store minus
those it gave the opponent (captures and the end-of-set sweep, plus the stones sown into the
mover's store), whether the mover moves again, and the next state (seen from whoever moves next,
or ``None`` when the set is over). The value of a move is therefore
``gain + V(state)`` for an extra turn, ``gain - V(state)`` otherwise, and ``gain`` at the end.

>>> from mangala_edu import Position, Rules
>>> kernel = Kernel(Rules.official())
>>> state, base = kernel.from_position(Position.start())
>>> state, base
((4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4), 0)
>>> kernel.children(state)[3]          # pit 4: the last stone in the store, move again
Child(pit=4, gain=1, extra=True, state=(4, 4, 4, 1, 5, 5, 4, 4, 4, 4, 4, 4))
>>> kernel.children(state)[0]          # pit 1: the turn passes, the state is turned round
Child(pit=1, gain=0, extra=False, state=(4, 4, 4, 4, 4, 4, 1, 5, 5, 5, 4, 4))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..engine.position import Position
from ..engine.rules import END_SWEEP, Rules
from .errors import SearchError, require_classic

State = tuple[int, ...]


class Child(NamedTuple):
    """One legal move from a state and what it leads to (see the module's docstring)."""

    pit: int
    gain: int
    extra: bool
    state: State | None


class Kernel:
    """Move generation for one set of :class:`Rules`, on mover-relative states.

    >>> from mangala_edu import Rules
    >>> k = Kernel(Rules.kalah(3, 1))
    >>> for c in k.children((1, 1, 1, 1, 1, 1)):
    ...     print(c.pit, c.gain, c.extra, c.state)
    1 0 False (1, 1, 1, 0, 2, 1)
    2 0 False (1, 1, 1, 1, 0, 2)
    3 1 True (1, 1, 0, 1, 1, 1)
    """

    def __init__(self, rules: Rules) -> None:
        require_classic(rules, type(self).__name__)  # the off-path games: .offpath
        self.rules = rules
        self.pits = rules.pits
        self.children: Callable[[State], list[Child]] = _make_children(rules)

    def from_position(self, position: Position) -> tuple[State, int]:
        """The state of a position still in play and its store difference from the mover's side.

        Raises :class:`~.errors.SearchError` for a position that is over (it has no mover).
        """
        side = position._side
        if side is None:
            raise SearchError("search.over")
        b = position.board
        m = self.pits
        south, north = b[:m], b[m + 1 : 2 * m + 1]
        diff = b[m] - b[2 * m + 1]
        if side == 0:
            return south + north, diff
        return north + south, -diff

    def legal_pits(self, state: State) -> list[int]:
        """The pits the mover can play (1-based).

        >>> Kernel(Rules.official()).legal_pits((0, 3, 0, 0, 0, 1) + (1,) * 6)
        [2, 6]
        """
        return [i + 1 for i in range(self.pits) if state[i]]


def _make_children(rules: Rules) -> Callable[[State], list[Child]]:
    """Build the move generator for ``rules``, with the rules folded into local constants."""
    m = rules.pits
    two_m = 2 * m
    cycle = two_m + 1  # own pits, own store, opponent's pits
    back = rules.first_stone_back
    even = rules.even_capture
    empty = rules.empty_capture
    sweep = rules.end_rule == END_SWEEP
    # Cycle position c: 0..m-1 own pit c, m own store, m+1..2m opponent pit (state index c-1).
    slot = [c if c < m else (-1 if c == m else c - 1) for c in range(cycle)]
    own_range = range(m)
    child = Child

    def children(p: State) -> list[Child]:
        out: list[Child] = []
        for i in own_range:
            n = p[i]
            if not n:
                continue
            b = list(p)
            gain = 0
            if back and n > 1:
                b[i] = 1
                n -= 1
            else:
                b[i] = 0
            laps, rest = divmod(n, cycle)
            if laps:
                for j in range(two_m):
                    b[j] += laps
                gain = laps
            c = i
            for _ in range(rest):
                c += 1
                if c == cycle:
                    c = 0
                s = slot[c]
                if s < 0:
                    gain += 1
                else:
                    b[s] += 1
            if not rest:  # whole laps only: the last stone fell back at i
                c = i
            extra = False
            if c == m:
                extra = True
            elif c > m:
                s = c - 1
                if even:
                    count = b[s]
                    if not count & 1:
                        gain += count
                        b[s] = 0
            elif empty and b[c] == 1:
                o = two_m - 1 - c
                taken = b[o]
                if taken:
                    gain += taken + 1
                    b[o] = 0
                    b[c] = 0
            own = sum(b[:m])
            opp = sum(b[m:])
            if not own or not opp:
                if sweep:
                    gain += opp if not own else -own
                else:
                    gain += own - opp
                out.append(child(i + 1, gain, extra, None))
            elif extra:
                out.append(child(i + 1, gain, True, tuple(b)))
            else:
                out.append(child(i + 1, gain, False, tuple(b[m:] + b[:m])))
        return out

    return children
