"""A differential test against an independent implementation: OpenSpiel's
``nine_mens_morris`` (DeepMind, C++), played side by side with the engine in random games,
comparing the legal turns turn by turn and the winner at the end.

OpenSpiel is not a dependency of the package (its wheel brings numpy and scipy, about 300 MB
installed): the test is skipped where ``pyspiel`` cannot be imported. To run it::

    python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open_spiel pytest
    cd /work/main && /tmp/osvenv/bin/python -m tests.dokuz_tas.test_openspiel

How the two are mapped:

- OpenSpiel numbers the points 0..23 rank by rank from the top, each rank from the left (the
  order of :data:`~mangala_edu.dokuz_tas.board.RANKS`); its board text confirms it.
- A placement is OpenSpiel's action ``point``; a slide or flight ``24 + 24·from + to``. After
  a mill the same player acts again, and that action is the removal (``point``): the engine's
  turn ``a1-a4xg7`` is two OpenSpiel actions. OpenSpiel's whole turns are made by joining each
  action that closes a mill with each removal that may follow it.
- OpenSpiel always flies with three stones (the switch is on), has no repetition and no
  50-turn draw, and ends a game after 200 turns as a draw: the comparison stops at a draw of
  either (the moves up to there are compared). Its wins (fewer than three stones, no legal
  move) must be the engine's, with the same winner.
"""

from __future__ import annotations

import random
import sys

import pytest

from mangala_edu.dokuz_tas import Game
from mangala_edu.dokuz_tas.board import COORDINATES, RANKS, point_name
from mangala_edu.dokuz_tas.notation import parse_turn

OS_POINTS = [p for rank in RANKS for p in rank]
"""The engine's point for each OpenSpiel point number."""
OS_NUMBER = {p: i for i, p in enumerate(OS_POINTS)}
_COLUMN = {0: 0, 1: 2, 2: 4, 3: 7, 4: 10, 5: 12, 6: 14}  # OpenSpiel's text columns by file


def _load():  # pragma: no cover - only where OpenSpiel is installed
    import pyspiel  # type: ignore[import-not-found]

    return pyspiel.load_game("nine_mens_morris")


def os_turns(state) -> dict[str, object]:
    """OpenSpiel's whole turns in the engine's notation, each with the state after it."""
    out: dict[str, object] = {}
    player = state.current_player()
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        if action < 24:
            text = point_name(OS_POINTS[action])
        else:
            origin, target = divmod(action - 24, 24)
            text = f"{point_name(OS_POINTS[origin])}-{point_name(OS_POINTS[target])}"
        if not after.is_terminal() and after.current_player() == player:  # a mill: remove
            for removal in after.legal_actions():
                taken = after.clone()
                taken.apply_action(removal)
                out[f"{text}x{point_name(OS_POINTS[removal])}"] = taken
        else:
            out[text] = after
    return out


def check_point_numbers(game) -> None:
    """OpenSpiel's board text puts its point ``i`` where the engine's point lies."""
    for i, p in enumerate(OS_POINTS):
        state = game.new_initial_state()
        state.apply_action(i)
        x, y = COORDINATES[p]
        assert str(state)[(6 - y) * 2 * 16 + _COLUMN[x]] == "W", point_name(p)


def compare(game, seed: int) -> str:
    """Play one random game in both; return how the comparison ended."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    ours = Game()
    while True:
        if ours.is_over:
            outcome = ours.outcome
            assert outcome is not None
            if outcome.winner is None:
                return outcome.termination.value  # a draw OpenSpiel does not know
            assert state.is_terminal(), (seed, ours.turns)
            returns = state.returns()
            assert returns[0 if outcome.winner == "white" else 1] == 1.0, (seed, ours.turns)
            return outcome.termination.value
        if state.is_terminal():
            assert state.returns() == [0.0, 0.0], (seed, ours.turns)
            return "openspiel_200_turns"
        theirs = os_turns(state)
        assert sorted(theirs) == list(ours.legal_moves), (seed, ours.turns)
        turn = rng.choice(ours.legal_moves)
        assert parse_turn(turn).text == turn
        ours.push(turn)
        state = theirs[turn]  # type: ignore[assignment]


def test_the_engine_plays_as_openspiel():
    pytest.importorskip("pyspiel")
    game = _load()
    check_point_numbers(game)
    ends = {compare(game, seed) for seed in range(200)}
    assert "fewer_than_three" in ends


if __name__ == "__main__":  # pragma: no cover
    from collections import Counter

    game = _load()
    check_point_numbers(game)
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(Counter(compare(game, seed) for seed in range(games)))
