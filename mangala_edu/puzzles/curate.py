"""The curation rules of the Mangala puzzle collection, as a curator would apply them.

A proven puzzle is right; it is not always worth a pupil's time. These rules (written out for
people in ``puzzles/data/README.md``) say which proven puzzles the collection keeps. The miner
applies them to what it finds, :func:`curate` applies them to a whole file, and a test checks
every rule on the shipped collection.

Rules for one puzzle (:func:`problems`):

``few_moves``
    the learner has at least :data:`MIN_MOVES` legal moves at the start: with two, a pupil
    who guesses is right half the time.
``little_to_choose``
    the answer changes the **result of the set** against the next-best move (a win against a
    draw or a loss, a draw against a loss), or, where the next-best move keeps the result, it
    ends the set at least :data:`MIN_MARGIN` better in the store difference (two stones that
    change hands). A match counts sets, not stones, so a one-stone difference in a set that is
    won anyway is not worth a puzzle.
``inside_chain``
    the line ends with a whole learner's turn: never while the learner still has an extra turn
    to play. :func:`whole_turns` cuts a line back to its last whole turn.

Rules for the collection (:func:`curate`):

``same_puzzle``
    one puzzle per position, up to the side that moves (a South puzzle and its North mirror
    are one) and the stores (the play does not depend on them): :func:`play_key`.
``inside_line``
    no puzzle starts at a position reached inside another puzzle's line.
``greedy_share``
    *greedy* puzzles (the answer is the move that captures the most at once, or, when nothing
    can be captured, a move that earns an extra turn: :func:`is_greedy`) are at most
    :data:`GREEDY_SHARE` of their band: some for beginners, very few in the hard bands.

Puzzles named in :data:`PINNED` (the lessons' tasks) are kept first when two puzzles compete,
and must meet the rules like the others. Otherwise the earlier puzzle in the file wins, so the
ids that survive stay.

>>> from .model import Puzzle, Step
>>> p = Puzzle.from_json('{"id": "m0000001", "position": "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S", '
...     '"line": ["S6"], "value": -2, "margin": 6, "goal": "best", "gain": 1, '
...     '"themes": ["extra_turn"], "phase": "endgame", "stones": 5, "rating": 900, "rd": 250, '
...     '"fails": [], "tempting": 0, "steps": [{"values": {"5": -8, "6": -2}, '
...     '"refutations": {"5": ["N1"]}}], "source": "example"}')
>>> problems(p)
('few_moves', 'inside_chain')
>>> whole_turns(p) is None     # S6 earns an extra turn: no whole turn is left
True
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..engine import Position
from ..search.analysis import max_capture
from .model import Puzzle, Step

MIN_MOVES = 3
"""The fewest legal moves a puzzle's start has."""

MIN_MARGIN = 4
"""Where the next-best move keeps the set's result: the least margin of the answer, in the
final store difference (4: two stones that change hands)."""

GREEDY_SHARE: dict[str, float] = {"kolay": 0.25, "orta": 0.15, "zor": 0.05, "usta": 0.03}
"""The largest share of greedy puzzles in each band."""

PINNED = frozenset({"mcaeb9ec", "m1ecbeed", "m21be4a0", "mf9411a0", "mec73dbd"})
"""The puzzles the lessons name by id (``mangala_edu/lessons/content``): kept first."""

RULES = (
    "few_moves",
    "little_to_choose",
    "inside_chain",
    "same_puzzle",
    "inside_line",
    "greedy_share",
)
"""Every rule, in the order :func:`curate` applies them."""


def _result(value: int) -> int:
    return (value > 0) - (value < 0)


def play_key(position: Position) -> tuple[int, ...]:
    """What the play from ``position`` depends on: the pits, the mover's first (stores and
    which side moves left out).

    >>> a = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
    >>> b = Position.from_text("1,0,0,0,0,1,3/0,0,0,0,2,1,40 N")   # the mirror, other stores
    >>> play_key(a) == play_key(b)
    True
    """
    g = position.rules.geometry
    mover = position.to_move or position.mover
    board = position.board
    mine = [board[i] for i in g.pit_indices(mover)]
    theirs = [board[i] for i in g.pit_indices("north" if mover == "south" else "south")]
    return (*mine, *theirs)


def changes_result(puzzle: Puzzle) -> bool:
    """The first move's result (win, draw, loss of the set) beats the next-best move's."""
    ranked = sorted(puzzle.steps[0].values.values(), reverse=True)
    return len(ranked) > 1 and _result(ranked[0]) != _result(ranked[1])


def is_greedy(puzzle: Puzzle) -> bool:
    """The answer is what a greedy player plays: the biggest capture at once, or, when no move
    captures, a move that earns an extra turn."""
    start = puzzle.start
    trace = start.trace(puzzle.line[0])
    biggest = max_capture(start)
    if biggest > 0:
        return trace.captured == biggest
    return trace.extra_turn


def ends_inside_chain(puzzle: Puzzle) -> bool:
    """The line stops while the learner still has a move of the same turn to play."""
    end = puzzle.positions()[-1]
    return not end.is_over and end.to_move == puzzle.learner


def problems(puzzle: Puzzle) -> tuple[str, ...]:
    """The rules for one puzzle that ``puzzle`` breaks (empty when it meets them all)."""
    out = []
    if len(puzzle.start.legal_moves) < MIN_MOVES:
        out.append("few_moves")
    if not changes_result(puzzle) and puzzle.margin < MIN_MARGIN:
        out.append("little_to_choose")
    if ends_inside_chain(puzzle):
        out.append("inside_chain")
    return tuple(out)


def cut_to_whole_turns(
    start: Position, line: Sequence[str], steps: Sequence[Step]
) -> tuple[tuple[str, ...], tuple[Step, ...]] | None:
    """``line`` (and its ``steps``) cut back to the end of its last whole learner's turn, or
    ``None`` when not even the first turn is whole. The proof of every kept step stands."""
    learner = start.mover
    letter = line[0][0]
    pos = start
    cut = 0  # the line's length up to the last whole turn
    for k, name in enumerate(line):
        pos = pos.play(name)
        if name[0] == letter and (pos.is_over or pos.to_move != learner):
            cut = k + 1
    if cut == 0:
        return None
    kept = tuple(line[:cut])
    return kept, tuple(steps[: sum(name[0] == letter for name in kept)])


def whole_turns(puzzle: Puzzle) -> Puzzle | None:
    """``puzzle`` with its line cut back to the end of its last whole learner's turn (the same
    puzzle when it ends there already), or ``None`` when not even the first turn is whole.
    The gain, goal and themes follow the shorter line; the levels' misses and the rating stay
    as measured on the longer one (:func:`~.mine.remeasure` measures them again)."""
    from .mine import goal_of, line_gain
    from .themes import tag_themes

    if not ends_inside_chain(puzzle):
        return puzzle
    start = puzzle.start
    cut = cut_to_whole_turns(start, puzzle.line, puzzle.steps)
    if cut is None:
        return None
    line, steps = cut
    gain = line_gain(start, line)
    return replace(
        puzzle,
        line=line,
        steps=steps,
        gain=gain,
        goal=goal_of(puzzle.value, steps[0].values, gain),
        themes=tag_themes(start, line, steps[0].values),
    )


@dataclass
class Curated:
    """What :func:`curate` kept, and why it left each puzzle out (rule → ids)."""

    kept: list[Puzzle]
    dropped: dict[str, list[str]] = field(default_factory=dict)
    shortened: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {rule: len(self.dropped.get(rule, [])) for rule in RULES}


def _order(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """Pinned puzzles first, then the file's order."""
    return sorted(puzzles, key=lambda p: p.id not in PINNED)


def _hash(pid: str) -> str:
    return hashlib.sha1(pid.encode()).hexdigest()


def curate(puzzles: Iterable[Puzzle]) -> Curated:
    """Apply every rule (:data:`RULES`) to a collection; the kept puzzles stay in the file's
    order. Lines that end inside a chain are cut back to a whole turn first."""
    given = list(puzzles)
    result = Curated([])
    drop = result.dropped
    alive: list[Puzzle] = []
    for p in given:
        whole = whole_turns(p)
        if whole is None:
            drop.setdefault("inside_chain", []).append(p.id)
            continue
        if whole is not p:
            result.shortened.append(p.id)
        broken = problems(whole)
        if broken:
            drop.setdefault(broken[0], []).append(p.id)
            continue
        alive.append(whole)
    # One puzzle per position.
    seen: set[tuple[int, ...]] = set()
    unique: list[Puzzle] = []
    for p in _order(alive):
        key = play_key(p.start)
        if key in seen:
            drop.setdefault("same_puzzle", []).append(p.id)
            continue
        seen.add(key)
        unique.append(p)
    # None inside another one's line.
    inside: dict[tuple[int, ...], str] = {}
    for p in unique:
        for pos in p.positions()[1:]:
            if not pos.is_over:
                inside.setdefault(play_key(pos), p.id)
    kept_ids: set[str] = set()
    lined: list[Puzzle] = []
    for p in _order(unique):
        owner = inside.get(play_key(p.start))
        if owner is not None and owner != p.id and (p.id not in PINNED):
            drop.setdefault("inside_line", []).append(p.id)
            continue
        lined.append(p)
    # Greedy puzzles: at most their share of each band (pinned first, then by a hash of the id).
    plain = Counter(p.band for p in lined if not is_greedy(p))
    greedy = [p for p in lined if is_greedy(p)]
    greedy.sort(key=lambda p: (p.id not in PINNED, _hash(p.id)))
    room = {b: int(GREEDY_SHARE[b] * n / (1 - GREEDY_SHARE[b])) for b, n in plain.items()}
    taken: Counter[str] = Counter()
    for p in greedy:
        if taken[p.band] >= room.get(p.band, 0) and p.id not in PINNED:
            drop.setdefault("greedy_share", []).append(p.id)
            continue
        taken[p.band] += 1
        kept_ids.add(p.id)
    kept_ids.update(p.id for p in lined if not is_greedy(p))
    result.kept = [p for p in lined if p.id in kept_ids]
    order = {p.id: k for k, p in enumerate(given)}
    result.kept.sort(key=lambda p: order[p.id])
    return result
