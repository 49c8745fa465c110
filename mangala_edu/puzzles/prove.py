"""Proving puzzles with the exact solver: building a line, and checking one again.

Only exact values decide: :func:`~mangala_edu.search.value_of_moves` for every learner's step
(the value of every legal move) and :func:`~mangala_edu.search.solve` for the opponent's
replies (every best move). A search that runs out of its budget raises
:class:`~mangala_edu.search.BudgetExceeded` (with the bounds it had proven) and the candidate is
dropped; no depth-limited guess ever proves anything here.

A line grows step by step from the start: the learner's move must be the only best one (the
first by at least ``first_margin`` stones, later ones by at least one stone); after it the
opponent plays a best defence (among equal ones the natural one: an extra turn first, then the
biggest capture, then the lowest pit), extra turns move by move. The line stops before a
learner's step that is not unique, has a single legal move, or would pass ``max_moves``; it
always ends with a learner's move.

>>> from mangala_edu import Position
>>> found = build_line(Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"))
>>> found.line, found.value, found.margin
(('S6',), -2, 6)
>>> check_puzzle_line(Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"), found.line,
...                   found.steps, first_margin=2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import MangalaError, Position
from ..i18n import Message
from ..search.solver import solve, value_of_moves
from .model import Puzzle, Step

FIRST_MARGIN = 2
"""The least margin (stones) of the first move over the next-best one."""

MAX_MOVES = 6
"""The most learner's moves a line asks for."""


@dataclass(frozen=True)
class Line:
    """A proven line: the moves (place names), one :class:`Step` per learner's move, the value
    of the start (learner's side) and the first move's margin."""

    line: tuple[str, ...]
    steps: tuple[Step, ...]
    value: int
    margin: int


def natural_reply(position: Position, best_moves: Sequence[int]) -> int:
    """Among equally good ``best_moves``, the one a person would play first: an extra turn,
    then the biggest capture, then the lowest pit.

    >>> natural_reply(Position.start(), (1, 4, 6))
    4
    """

    def key(pit: int) -> tuple[int, int, int]:
        trace = position.trace(pit)
        return (-int(trace.extra_turn), -trace.captured, pit)

    return min(best_moves, key=key)


def best_defence(position: Position, learner: str, node_limit: int | None = None) -> list[str]:
    """The opponent's best replies from ``position`` until the learner moves again or the set
    ends (place names; empty if the learner is to move)."""
    names = []
    pos = position
    while not pos.is_over and pos.to_move != learner:
        sol = solve(pos, node_limit=node_limit)
        pit = natural_reply(pos, sol.best_moves)
        names.append(pos.rules.geometry.name(pos.place(pos.mover, pit)))
        pos = pos.play(pit)
    return names


def _step(position: Position, values: dict[int, int], learner: str, node_limit: int | None) -> Step:
    best = max(values, key=lambda p: values[p])
    refutations = {
        p: tuple(best_defence(position.play(p), learner, node_limit)) for p in values if p != best
    }
    return Step(dict(values), refutations)


def build_line(
    start: Position,
    *,
    first_margin: int = FIRST_MARGIN,
    max_moves: int = MAX_MOVES,
    node_limit: int | None = None,
) -> Line | None:
    """The proven line from ``start`` (see the module's docstring), or ``None`` when the first
    move is not the only best by ``first_margin`` stones.

    ``node_limit`` bounds each solver call; :class:`~mangala_edu.search.BudgetExceeded`
    passes through.
    """
    learner = start.mover
    line: list[str] = []
    steps: list[Step] = []
    value = 0
    margin = 0
    pos = start
    while not pos.is_over and len(steps) < max_moves:
        moves = pos.legal_moves
        if len(moves) < 2:
            break
        values = value_of_moves(pos, node_limit=node_limit)
        ranked = sorted(values.values(), reverse=True)
        gap = ranked[0] - ranked[1]
        if gap < (first_margin if not steps else 1):
            break
        if not steps:
            value, margin = ranked[0], gap
        step = _step(pos, values, learner, node_limit)
        steps.append(step)
        line.append(pos.rules.geometry.name(pos.place(learner, step.best)))
        pos = pos.play(step.best)
        if pos.is_over or pos.to_move == learner:
            continue
        replies = best_defence(pos, learner, node_limit)
        for name in replies:
            pos = pos.play(name)
        if pos.is_over:
            break
        line.extend(replies)
    if not steps:
        return None
    while line and not line[-1].startswith(line[0][0]):
        line.pop()
    return Line(tuple(line), tuple(steps), value, margin)


class ProofError(MangalaError):
    """A puzzle whose line the exact solver does not confirm (the message says where).

    >>> ProofError("proof.margin", margin=3).message("en")
    'The margin of the first move is not 3.'
    """


def check_puzzle_line(
    start: Position,
    line: Sequence[str],
    steps: Sequence[Step],
    *,
    first_margin: int = FIRST_MARGIN,
    value: int | None = None,
    node_limit: int | None = None,
) -> None:
    """Re-prove a line with the exact solver; raise :class:`ProofError` naming the first move
    that does not hold. Returns ``None`` when every step holds."""
    learner = start.mover
    letter = line[0][0] if line else ""
    pos = start
    k = 0
    for ply, name in enumerate(line, start=1):
        if pos.is_over:
            raise ProofError("proof.over", ply=ply, name=name)
        pit = pos.pit_number(name)
        if name.startswith(letter):
            if pos.to_move != learner:
                raise ProofError("proof.not_learners_turn", ply=ply, name=name)
            if k >= len(steps):
                raise ProofError("proof.too_many_moves", ply=ply, name=name)
            values = value_of_moves(pos, node_limit=node_limit)
            if values != steps[k].values:
                raise ProofError(
                    "proof.values",
                    ply=ply,
                    name=name,
                    values=_values(values),
                    stored=_values(steps[k].values),
                )
            ranked = sorted(values.values(), reverse=True)
            need = first_margin if k == 0 else 1
            if values[pit] != ranked[0] or len(ranked) < 2 or ranked[0] - ranked[1] < need:
                raise ProofError("proof.not_only_best", ply=ply, name=name, count=need)
            if k == 0 and value is not None and ranked[0] != value:
                raise ProofError("proof.value", found=ranked[0], value=value)
            for wrong, reply in steps[k].refutations.items():
                expected = best_defence(pos.play(wrong), learner, node_limit)
                if list(reply) != expected:
                    raise ProofError(
                        "proof.refutation",
                        ply=ply,
                        pit=wrong,
                        expected=" ".join(expected),
                        stored=" ".join(reply),
                    )
            k += 1
        else:
            sol = solve(pos, node_limit=node_limit)
            if pit not in sol.best_moves:
                raise ProofError(
                    "proof.not_best_defence",
                    ply=ply,
                    name=name,
                    best=", ".join(map(str, sol.best_moves)),
                )
        pos = pos.play(pit)
    if k != len(steps):
        raise ProofError("proof.steps", steps=len(steps), moves=k)


def _values(values: dict[int, int]) -> str:
    """Every move's value, by pit: ``1: -2, 4: 6``."""
    return ", ".join(f"{p}: {v}" for p, v in sorted(values.items()))


def verify_puzzle(puzzle: Puzzle) -> tuple[str, Message | None, float]:
    """Re-prove one puzzle: ``(id, None, seconds)`` when it holds, else ``(id, problem,
    seconds)`` where the problem is a :class:`~mangala_edu.i18n.Message` (shown in any
    language). A top-level function, for :func:`~mangala_edu.search.parallel.map_work`."""
    import time

    t0 = time.perf_counter()
    try:
        start = puzzle.start
        check_puzzle_line(start, puzzle.line, puzzle.steps, value=puzzle.value)
        if (
            puzzle.steps[0].cost(
                sorted(puzzle.steps[0].values.items(), key=lambda kv: -kv[1])[1][0]
            )
            != puzzle.margin
        ):
            raise ProofError("proof.margin", margin=puzzle.margin)
        if puzzle.stones != start.stones_on_board:
            raise ProofError("proof.stones", found=start.stones_on_board, stones=puzzle.stones)
    except MangalaError as exc:
        return puzzle.id, exc.said, time.perf_counter() - t0
    return puzzle.id, None, time.perf_counter() - t0
