"""Shared helpers of the Dokuz Taş tests: random games and the naive rule book's view of a
position."""

from __future__ import annotations

import random
from collections import Counter

from mangala_edu.dokuz_tas import Game, Position

from . import naive


def to_naive(pos: Position) -> naive.State:
    """The naive rule book's state of an engine position (no history)."""
    board = {}
    for colour, letter in (("white", "W"), ("black", "B")):
        for name in pos.stones(colour):
            board[name] = letter
    return naive.State(
        board,
        {"W": pos.in_hand("white"), "B": pos.in_hand("black")},
        "W" if pos.to_move == "white" else "B",
        pos.quiet,
        pos.flying,
        Counter(),
    )


def random_game(seed: int, plies: int = 10_000, flying: bool = True) -> Game:
    """A game of random turns (until it ends or ``plies`` turns are played)."""
    rng = random.Random(seed)
    game = Game(flying=flying)
    while not game.is_over and len(game.turns) < plies:
        game.push(rng.choice(game.legal_moves))
    return game
