"""Counting the game tree ("perft") from the start and from positions of random games, against
numbers counted another way.

The counts are in whole turns (a removal belongs to its turn). From the start:

=====  ===========  ==================================================================
depth  turns        checked against
=====  ===========  ==================================================================
1      24           the naive rule book (``naive.py``), OpenSpiel ``nine_mens_morris``
2      552          24·23; the naive rule book, OpenSpiel
3      12,144       24·23·22; the naive rule book, OpenSpiel
4      255,024      24·23·22·21; the naive rule book, OpenSpiel
5      5,140,800    the naive rule book (``--run-slow``), OpenSpiel
6      99,274,176   OpenSpiel (counted once: about 15 s here, too long for a test)
=====  ===========  ==================================================================

OpenSpiel 2.0.2 takes a removal as a separate action; its turns were counted by joining each
mill's action with each removal that follows it (see ``test_openspiel.py``).
"""

from __future__ import annotations

import pytest

from mangala_edu.dokuz_tas import Position
from mangala_edu.dokuz_tas.perft import divide, perft

from . import naive
from .helpers import random_game, to_naive

START_COUNTS = [24, 552, 12_144, 255_024, 5_140_800]


def test_perft_from_the_start():
    start = Position.start()
    assert [perft(start, d) for d in range(1, 6)] == START_COUNTS
    assert perft(start, 0) == 1


def test_perft_agrees_with_the_naive_rule_book_from_the_start():
    state = naive.start()
    assert [naive.perft(state, d) for d in range(1, 5)] == START_COUNTS[:4]


@pytest.mark.slow
def test_perft_5_agrees_with_the_naive_rule_book():
    assert naive.perft(naive.start(), 5) == START_COUNTS[4]


def test_divide_splits_the_count_by_turn():
    parts = divide(Position.start(), 3)
    assert len(parts) == 24 and sum(parts.values()) == START_COUNTS[2]
    assert set(parts.values()) == {22 * 23}


@pytest.mark.parametrize("seed", range(6))
def test_perft_agrees_with_the_naive_rule_book_in_the_middle_of_games(seed):
    """Positions of the placing, moving and flying phases, with and without flying."""
    game = random_game(seed, flying=seed % 3 != 2)
    positions = game.positions
    for pos in positions[:: max(1, len(positions) // 5)]:
        if pos.is_over:
            continue
        assert perft(pos, 2) == naive.perft(to_naive(pos), 2), pos
