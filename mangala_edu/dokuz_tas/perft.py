"""Counting the turns of the game tree, as chess engines count theirs ("perft"): a check that
the move generator is right, against numbers counted another way.

``perft(position, depth)`` is the number of turn sequences of ``depth`` turns from
``position`` (a game that ends earlier adds nothing). A turn includes its removal, so the
counts are in whole turns. The same position reached by different orders of turns is
expanded once and counted with its number of paths, which keeps deep counts quick without
changing them.

>>> [perft(Position.start(), depth) for depth in range(1, 5)]
[24, 552, 12144, 255024]
"""

from __future__ import annotations

from collections import Counter

from .position import Position


def perft(position: Position, depth: int) -> int:
    """The number of turn sequences of ``depth`` turns from ``position``."""
    if depth < 1:
        return 1
    last = perft_layers(position, depth - 1)[-1]  # the last turn is counted, not played
    return sum(paths * pos._turn_count() for pos, paths in last.items())


def perft_layers(position: Position, depth: int) -> list[Counter[Position]]:
    """Every distinct position after 0..``depth`` turns, each with its number of paths."""
    layers: list[Counter[Position]] = [Counter({position: 1})]
    for _ in range(depth):
        nxt: Counter[Position] = Counter()
        for pos, paths in layers[-1].items():
            for child in pos._raw_children():
                nxt[child] += paths
        layers.append(nxt)
    return layers


def divide(position: Position, depth: int) -> dict[str, int]:
    """:func:`perft` for each legal turn (``depth`` - 1 turns after it), by turn.

    >>> divide(Position.start(), 2)["d6"]
    23
    """
    return {turn: perft(child, depth - 1) for turn, child in position.children()}
