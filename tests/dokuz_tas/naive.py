"""A second, deliberately plain Dokuz Taş rule book, written apart from the engine to check it.

No bitboards, no tables shared with the engine: the board is a dict from point names to
``"W"``/``"B"``, the lines are typed here from the picture of the board, and each rule of
RULINGS is one obvious piece of code. It is slow and meant to be: the tests compare its legal
turns, endings and counts with the engine's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

# The 16 lines, read off the board picture (three squares joined at the middles).
LINES = [
    ["a7", "d7", "g7"],
    ["b6", "d6", "f6"],
    ["c5", "d5", "e5"],
    ["a4", "b4", "c4"],
    ["e4", "f4", "g4"],
    ["c3", "d3", "e3"],
    ["b2", "d2", "f2"],
    ["a1", "d1", "g1"],
    ["a7", "a4", "a1"],
    ["b6", "b4", "b2"],
    ["c5", "c4", "c3"],
    ["d7", "d6", "d5"],
    ["d3", "d2", "d1"],
    ["e5", "e4", "e3"],
    ["f6", "f4", "f2"],
    ["g7", "g4", "g1"],
]
POINTS = sorted({p for line in LINES for p in line})
NEXT_TO = {p: set() for p in POINTS}
for a, b, c in LINES:
    NEXT_TO[a].add(b)
    NEXT_TO[b].update((a, c))
    NEXT_TO[c].add(b)


def other(colour: str) -> str:
    return "B" if colour == "W" else "W"


@dataclass
class State:
    board: dict[str, str] = field(default_factory=dict)
    hand: dict[str, int] = field(default_factory=lambda: {"W": 9, "B": 9})
    to_move: str = "W"
    quiet: int = 0
    flying: bool = True
    seen: Counter = field(default_factory=Counter)

    def key(self) -> tuple:
        return (tuple(sorted(self.board.items())), self.hand["W"], self.hand["B"], self.to_move)

    def copy(self) -> State:
        return State(
            dict(self.board),
            dict(self.hand),
            self.to_move,
            self.quiet,
            self.flying,
            Counter(self.seen),
        )


def start(flying: bool = True) -> State:
    state = State(flying=flying)
    state.seen[state.key()] += 1
    return state


def stones(state: State, colour: str) -> list[str]:
    return [p for p, c in state.board.items() if c == colour]


def in_a_mill(board: dict[str, str], point: str) -> bool:
    colour = board.get(point)
    return any(point in line and all(board.get(q) == colour for q in line) for line in LINES)


def takeable(board: dict[str, str], colour: str) -> list[str]:
    mine = [p for p, c in board.items() if c == colour]
    free = [p for p in mine if not in_a_mill(board, p)]
    return free if free else mine


def legal_turns(state: State) -> list[str]:
    """Every turn string the player to move may play (none once the game is over)."""
    if ending(state) is not None:
        return []
    return _turns(state)


def _turns(state: State) -> list[str]:
    me = state.to_move
    empty = [p for p in POINTS if p not in state.board]
    steps: list[tuple[str | None, str]] = []
    if state.hand[me] > 0:
        steps = [(None, p) for p in empty]
    else:
        mine = stones(state, me)
        can_fly = state.flying and len(mine) == 3
        for a in mine:
            for b in empty:
                if can_fly or b in NEXT_TO[a]:
                    steps.append((a, b))
    out = []
    for a, b in steps:
        board = dict(state.board)
        if a is not None:
            del board[a]
        board[b] = me
        text = b if a is None else f"{a}-{b}"
        closes = any(b in line and all(board.get(q) == me for q in line) for line in LINES)
        victims = takeable(board, other(me)) if closes else []
        if victims:
            out.extend(f"{text}x{v}" for v in victims)
        else:
            out.append(text)
    return sorted(out)


def ending(state: State) -> tuple[str, str | None] | None:
    """``(reason, winner)`` once the game is over: wins before draws."""
    for colour in (state.to_move, other(state.to_move)):
        if len(stones(state, colour)) + state.hand[colour] < 3:
            return ("fewer_than_three", other(colour))
    if not _turns(state):
        return ("blocked", other(state.to_move))
    if state.quiet >= 50:
        return ("quiet_turns", None)
    if state.seen[state.key()] >= 3:
        return ("repetition", None)
    return None


def play(state: State, turn: str) -> State:
    """The state after ``turn`` (assumed legal)."""
    new = state.copy()
    me = state.to_move
    move, _, taken = turn.partition("x")
    a, _, b = move.partition("-")
    if b:
        del new.board[a]
        new.board[b] = me
        new.quiet += 1
    else:
        new.board[a] = me
        new.hand[me] -= 1
    if taken:
        del new.board[taken]
        new.quiet = 0
    new.to_move = other(me)
    new.seen[new.key()] += 1
    return new


def perft(state: State, depth: int) -> int:
    """Turn sequences of ``depth`` turns, merging equal states layer by layer (no history:
    for the placing phase, where nothing can repeat)."""
    layer: dict[tuple, tuple[State, int]] = {state.key(): (state, 1)}
    for _ in range(depth - 1):
        nxt: dict[tuple, tuple[State, int]] = {}
        for s, paths in layer.values():
            for turn in legal_turns(s):
                child = play(s, turn)
                child.seen = Counter()
                k = child.key()
                nxt[k] = (child, nxt[k][1] + paths if k in nxt else paths)
        layer = nxt
    return sum(paths * len(legal_turns(s)) for s, paths in layer.values())
