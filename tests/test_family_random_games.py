"""10,000 random games of each game of the family, played through the public API
(:class:`~mangala_edu.engine.game.Game`, so that a repeated position ends a game as it does
for a learner): none may raise, every one must end with a result and keep every stone.

Marked ``random_games`` (``pytest -m random_games`` runs only these, ``-m "not random_games"``
leaves them out); each game's 10,000 take about 10-20 s on one core.
"""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from mangala_edu import Game, Rules
from mangala_edu.engine.trace import STOP_REASONS

GAMES = 10_000


def _rules_for(name: str, game: int) -> Rules:
    if name == "mangala-iv":  # its even start is one game only: deal the stones
        return Rules.mangala_iv(random_deal=True, seed=game)
    return Rules.from_name(name)


@pytest.mark.random_games
@pytest.mark.parametrize("name", ["toguz-korgool", "mangala-ii", "mangala-iv"])
def test_ten_thousand_random_games_end_with_a_result(name):
    rng = random.Random(2024)
    endings: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    plies = 0
    started = time.perf_counter()
    for number in range(GAMES):
        rules = _rules_for(name, number)
        game = Game(rules, rng.choice(["south", "north"]))
        while not game.position.is_over:
            game.push(rng.choice(game.position.legal_moves))
        position = game.position
        result = position.result
        assert result is not None, (name, number, game.moves)
        assert sum(position.board) == rules.total_stones
        assert result.south + result.north + position.stones_on_board == rules.total_stones
        plies += len(game.moves)
        winners[result.winner] += 1
        last = list(game.traces())[-1] if number % 50 == 0 else None
        if last is not None:
            kinds = {e.kind.value for e in last.events if e.kind in STOP_REASONS}
            endings[",".join(sorted(kinds)) or "board_empty"] += 1
    seconds = time.perf_counter() - started
    print(
        f"\n{name}: {GAMES} games, {plies / GAMES:.1f} plies a game, {seconds:.1f} s; "
        f"winners {dict(winners)}; endings (1 game in 50) {dict(endings)}"
    )
    assert sum(winners.values()) == GAMES
    assert set(winners) == {"south", "north", "draw"}
    expected = {
        "toguz-korgool": {"win_threshold", "no_move"},
        "mangala-ii": {"board_empty", "repetition"},
        "mangala-iv": {"board_empty", "repetition"},
    }[name]
    assert expected <= set(endings), endings
