"""The one search interface: which backend each game gets, that every backend refuses rules it
cannot play, and that the backends and the drivers give the answers the searches gave."""

from __future__ import annotations

import random

import pytest

from mangala_edu import Position, Rules
from mangala_edu.games import GAMES
from mangala_edu.search import compiled
from mangala_edu.search.backends import (
    ClassicBackend,
    CompiledBackend,
    OffPathBackend,
    SearchBackend,
    backend_for,
)
from mangala_edu.search.budget import BudgetExceeded
from mangala_edu.search.driver import Window, mtdf, tt_bounds, tt_window
from mangala_edu.search.errors import SearchError
from mangala_edu.search.players import FAMILY_SOLVER_STONES, LEVELS
from mangala_edu.search.solver import Solver

KERNEL = compiled.available()
"""The compiled kernel can be used here (numba installed, not turned off)."""

SOWING = [g for g in GAMES if g.sowing]
"""The games Mangala's backends play (Dokuz Taş has its own search, tests/dokuz_tas)."""
CLASSIC = [g for g in SOWING if g.search.exact_stones is None]
OFF_PATH = [g for g in SOWING if g.search.exact_stones is not None]


@pytest.mark.parametrize("game", SOWING, ids=lambda g: g.key)
def test_each_registered_game_gets_its_first_backend_that_can_run(game):
    rules = game.rules(pits=4, stones=3) if game.sized else game.rules()
    backend = backend_for(rules)
    assert isinstance(backend, SearchBackend)
    if rules.stores_on_path:
        assert type(backend) is (CompiledBackend if KERNEL else ClassicBackend)
        assert type(backend_for(rules, "pure")) is ClassicBackend
    else:
        assert type(backend) is OffPathBackend
        assert type(backend_for(rules, "pure")) is OffPathBackend
    assert backend.rules == rules


def test_rules_that_are_no_registered_game_get_the_backend_of_the_nearest():
    custom = Rules(name="custom", pits=5, stones=3, even_capture=False)
    assert type(backend_for(custom, "pure")) is ClassicBackend
    assert type(backend_for(Rules.mangala_iv(random_deal=True, seed=3))) is OffPathBackend


@pytest.mark.parametrize("game", OFF_PATH, ids=lambda g: g.key)
def test_the_classic_backends_refuse_the_off_path_games(game):
    with pytest.raises(SearchError) as err:
        ClassicBackend(game.rules())
    assert err.value.key == "search.classic_only"
    with pytest.raises(SearchError):
        CompiledBackend(game.rules())
    with pytest.raises(SearchError):
        backend_for(game.rules(), "compiled")


@pytest.mark.parametrize("game", CLASSIC, ids=lambda g: g.key)
def test_the_off_path_backend_refuses_the_classic_games(game):
    rules = game.rules(pits=4, stones=3) if game.sized else game.rules()
    with pytest.raises(SearchError) as err:
        OffPathBackend(rules)
    assert err.value.key == "search.off_path_only"


def test_an_unknown_engine_is_refused():
    with pytest.raises(SearchError) as err:
        backend_for(Rules.official(), "fast")
    assert err.value.key == "search.unknown_engine"
    assert "fast" in err.value.message("tr") and "fast" in err.value.message("en")


@pytest.mark.skipif(not KERNEL, reason="numba not installed")
def test_the_compiled_backend_answers_small_positions_without_the_kernel():
    pos = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
    backend = backend_for(pos.rules)
    assert type(backend) is CompiledBackend
    sol = backend.solve(pos)
    assert (sol.value, sol.best_moves) == (-2, (6,))
    if not compiled.loaded():  # (another test may have loaded it in this process)
        assert backend._fast is None  # type: ignore[attr-defined]  # no compiled solver made
    # A node budget: the pure search, always (the same count as a fresh pure solver's).
    counted = backend_for(pos.rules).solve(pos, node_limit=10_000)
    assert counted.nodes == Solver(pos.rules).solve(pos, node_limit=10_000).nodes


POSITIONS = [
    "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S",
    "1,2,1,0,2,1,16/1,1,1,0,2,4,16 S",
    "2,0,1,0,3,2,18/1,2,0,1,1,0,17 S",
]


@pytest.mark.parametrize("text", POSITIONS)
def test_every_backend_of_a_classic_game_gives_the_same_values(text):
    pos = Position.from_text(text)
    pure = backend_for(pos.rules, "pure")
    values = pure.value_of_moves(pos)
    solved = pure.solve(pos)
    assert solved.best_moves == tuple(p for p, v in values.items() if v == solved.value)
    assert values == Solver(pos.rules).value_of_moves(pos)
    if KERNEL:
        fast = backend_for(pos.rules, "compiled")
        assert fast.value_of_moves(pos) == values
        assert fast.solve(pos).best_moves == solved.best_moves


def test_the_off_path_backend_takes_the_history():
    rules = Rules.mangala_ii()
    pos = Position.from_text("0,0,0,0,1,1,34/1,0,0,0,0,1,35 S", rules)
    backend = backend_for(rules)
    assert backend.solve(pos).best_moves == (6,)
    values, exact = backend.move_values(pos, exact_stones=16)
    assert exact and values == {5: float(backend.value_of_moves(pos)[5]), 6: 3.0}
    assert backend.analyse(pos, max_depth=12).best_moves == (6,)


def test_the_reach_of_the_exact_solver_is_the_registry_s():
    expert = LEVELS["usta"]
    for game in OFF_PATH:
        backend = backend_for(game.rules())
        reach = backend.exact_stones(expert.solver_stones, expert.fast_solver_stones)
        assert reach == min(expert.solver_stones, game.search.exact_stones or 0)
    assert {g.key: g.search.exact_stones for g in OFF_PATH} == FAMILY_SOLVER_STONES
    pure = backend_for(Rules.official(), "pure")
    assert pure.exact_stones(24, 36) == 24  # no endgame table in pure Python


def test_a_level_s_move_comes_from_the_backend_and_is_reproducible():
    pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")
    picks = set()
    for _ in range(2):
        backend = backend_for(pos.rules, "pure")
        choice = backend.decide(
            pos, LEVELS["orta"], rng=random.Random(4), seconds=0.05, reproducible=True
        )
        picks.add((choice.pit, tuple(sorted(choice.values.items())), choice.nodes))
    assert len(picks) == 1
    expert = backend_for(pos.rules, "pure").decide(
        pos, LEVELS["usta"], rng=random.Random(1), seconds=3, reproducible=True
    )
    assert expert.exact and expert.pit in backend_for(pos.rules, "pure").solve(pos).best_moves
    # choose: the move alone, for a level by name, reproducible with a seed.
    moves = {backend_for(pos.rules).choose(pos, "kolay", seed=2) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(pos.legal_moves)


def test_forget_empties_the_tables():
    pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")
    backend = backend_for(pos.rules, "pure")
    first = backend.solve(pos).nodes
    assert backend.solve(pos).nodes < first  # the table remembers
    backend.forget()
    assert backend.solve(pos).nodes == first


def test_a_budget_overrun_carries_the_proven_bounds_through_the_driver():
    pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")
    value = backend_for(pos.rules, "pure").solve(pos).value
    with pytest.raises(BudgetExceeded) as exc:
        backend_for(pos.rules, "pure").solve(pos, node_limit=500)
    assert exc.value.lower <= value <= exc.value.upper


def test_the_driver_helpers():
    # MTD(f) homes in on the value through zero-window probes of a fail-soft search.
    window = Window(-9, 9)
    assert mtdf(lambda alpha, beta: -3, window, 5) == -3
    assert (window.lo, window.hi) == (-3, -3)
    # A stored bound decides or narrows the window.
    assert tt_window(4, 9, 0, 3) == (4, 4, True)
    assert tt_window(-9, -1, 0, 3) == (-1, -1, True)
    assert tt_window(1, 2, 0, 3) == (1, 2, False)
    assert tt_window(2, 2, 0, 3) == (2, 2, False)  # exact: the search goes on, as before
    # What a search stores: an upper bound on a fail-low, a lower on a fail-high.
    assert tt_bounds(-1, 0, 3, -9, 9) == (-9, -1)
    assert tt_bounds(5, 0, 3, -9, 9) == (5, 9)
    assert tt_bounds(2, 0, 3, -9, 9) == (2, 2)
