"""The exact solver against a plain exhaustive minimax, under every rules preset."""

from __future__ import annotations

import random
import sys
from functools import cache

import pytest

from mangala_edu import SIDES, Position, Rules
from mangala_edu.engine.position import _sow
from mangala_edu.search.budget import BudgetExceeded
from mangala_edu.search.kernel import Kernel
from mangala_edu.search.solver import Solver, solve, value_of_moves

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

PRESETS = [
    Rules.official(),
    Rules.no_return(),
    Rules.own_side(),
    Rules.kalah(3, 3),
    Rules.kalah(4, 2),
    Rules.kalah(6, 4),
    Rules.kalah(2, 5),
]
IDS = [r.name for r in PRESETS]


def minimax_values(position: Position) -> dict[int, int]:
    """Each legal move's final store difference (mover's side) by exhaustive minimax, written
    directly on the engine's own move function (no pruning, no tables beyond memoisation)."""
    rules = position.rules
    g = rules.geometry
    s_store, n_store = g.stores

    @cache
    def value(board: tuple[int, ...], side: int | None) -> int:  # from South's side
        if side is None:
            return board[s_store] - board[n_store]
        results = []
        for origin in g.pit_ranges[side]:
            if board[origin]:
                b = list(board)
                nxt = _sow(b, side, origin, rules, None)
                results.append(value(tuple(b), nxt))
        return max(results) if side == 0 else min(results)

    sign = 1 if position._side == 0 else -1
    out = {}
    for pit in position.legal_moves:
        b = list(position.board)
        nxt = _sow(b, position._side, g.index(SIDES[position._side], pit), rules, None)
        out[pit] = sign * value(tuple(b), nxt)
    return out


def random_position(rules: Rules, rng: random.Random, stones: int) -> Position:
    """A position with ``stones`` stones in the pits (both sides non-empty) and random stores."""
    m = rules.pits
    pits = [i for i in range(2 * m + 2) if i not in (m, 2 * m + 1)]
    while True:
        board = [0] * (2 * m + 2)
        for _ in range(stones):
            board[rng.choice(pits)] += 1
        if any(board[:m]) and any(board[m + 1 : 2 * m + 1]):
            break
    board[m], board[2 * m + 1] = rng.randint(0, 9), rng.randint(0, 9)
    return Position(board, rng.choice(["south", "north"]), rules)


@pytest.mark.parametrize("rules", PRESETS, ids=IDS)
def test_kernel_matches_engine(rules: Rules) -> None:
    rng = random.Random(7)
    kernel = Kernel(rules)
    for _ in range(300):
        pos = random_position(rules, rng, rng.randint(2, 50))
        state, base = kernel.from_position(pos)
        children = {c.pit: c for c in kernel.children(state)}
        assert sorted(children) == list(pos.legal_moves)
        for pit, after in pos.children():
            c = children[pit]
            if after.is_over:
                assert c.state is None
                r = after.result
                diff = r.south - r.north if pos.to_move == "south" else r.north - r.south
                assert diff == base + c.gain
            else:
                state2, base2 = kernel.from_position(after)
                assert c.state == state2
                assert c.extra == (after.to_move == pos.to_move)
                assert base + c.gain == (base2 if c.extra else -base2)


@pytest.mark.parametrize("rules", PRESETS, ids=IDS)
def test_solver_agrees_with_minimax(rules: Rules) -> None:
    rng = random.Random(hash(rules.name) % 1000)
    solver = Solver(rules)
    most = 12 if rules.pits <= 3 else 9
    for _ in range(40):
        pos = random_position(rules, rng, rng.randint(2, most))
        expected = minimax_values(pos)
        best = max(expected.values())
        sol = solver.solve(pos)
        assert sol.value == best, pos
        assert set(sol.best_moves) == {p for p, v in expected.items() if v == best}, pos
        assert sol.exact
        assert solver.value_of_moves(pos) == expected, pos


@pytest.mark.parametrize(
    "rules",
    [
        Rules.kalah(2, 2),
        Rules.kalah(3, 2),
        Rules.kalah(3, 3),
        Rules.kalah(2, 4),
        Rules.official().__class__(name="mini", pits=3, stones=2),
    ],
    ids=str,
)
def test_small_start_positions(rules: Rules) -> None:
    for first in ("south", "north"):
        pos = Position.start(rules, first)
        expected = minimax_values(pos)
        sol = Solver(rules).solve(pos)
        assert sol.value == max(expected.values())
        assert set(sol.best_moves) == {p for p, v in expected.items() if v == sol.value}


def test_fresh_solvers_and_shared_table_agree() -> None:
    """A solver's table carries over between positions without changing any answer."""
    rng = random.Random(3)
    rules = Rules.official()
    shared = Solver(rules)
    for _ in range(25):
        pos = random_position(rules, rng, rng.randint(4, 12))
        assert shared.solve(pos).value == Solver(rules).solve(pos).value


def test_extra_turn_keeps_the_side() -> None:
    # South plays pit 6 (one stone into the store) and moves again: the values add up.
    pos = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
    assert value_of_moves(pos) == {5: -8, 6: -2}
    after = pos.play(6)
    assert after.to_move == "south"
    assert solve(after).value == -2


def test_budget_exceeded_is_reported() -> None:
    pos = Position.start()
    solver = Solver(pos.rules)
    with pytest.raises(BudgetExceeded) as info:
        solver.solve(pos, node_limit=5_000)
    assert info.value.nodes > 5_000
    with pytest.raises(BudgetExceeded):
        solver.solve(pos, time_limit=0.05)
    with pytest.raises(BudgetExceeded):
        value_of_moves(pos, node_limit=100)
    # The table left behind by the aborted searches is still sound.
    small = Position.from_text("1,0,2,0,0,1,20/0,3,0,1,0,0,20 S")
    assert solver.solve(small).value == max(minimax_values(small).values())


def test_over_position_and_other_rules_are_refused() -> None:
    over = Position((0,) * 6 + (30,) + (0,) * 6 + (18,), None)
    with pytest.raises(ValueError):
        solve(over)
    with pytest.raises(ValueError):
        Solver(Rules.kalah()).solve(Position.start())


def test_solution_reports_its_work() -> None:
    pos = Position.from_text("2,0,1,0,3,1,18/1,2,0,2,0,1,17 N")
    sol = solve(pos, time_limit=30)
    assert sol.nodes > 0 and sol.seconds >= 0 and sol.exact
    assert sol.value == max(minimax_values(pos).values())


def test_sixteen_stones_within_a_node_budget() -> None:
    pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")
    sol = Solver(pos.rules).solve(pos, node_limit=400_000)
    assert sol.value == -4 and sol.best_moves == (2, 3, 6)


def test_budget_exceeded_reports_proven_bounds() -> None:
    """A search stopped by its budget reports bounds of the value that hold (the true value lies
    between them), and past the first few probes they say more than the stones on the board."""
    pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")  # base 0, 16 stones
    full = Solver(pos.rules).solve(pos)
    assert full.nodes < 100_000
    stopped = 0
    non_trivial = 0
    for limit in range(0, full.nodes, 1024):
        for method in ("solve", "value_of_moves", "gain"):
            solver = Solver(pos.rules)
            try:
                if method == "gain":
                    state, base = solver.kernel.from_position(pos)
                    assert base == 0
                    solver.gain(state, node_limit=limit)
                else:
                    getattr(solver, method)(pos, node_limit=limit)
            except BudgetExceeded as exc:
                stopped += 1
                assert exc.lower is not None and exc.upper is not None, (method, limit)
                assert exc.lower <= full.value <= exc.upper, (method, limit)
                assert exc.lower >= -16 and exc.upper <= 16
                non_trivial += exc.lower > -16 or exc.upper < 16
                assert "value proven" in str(exc)
    assert stopped >= 20
    assert non_trivial >= 10


def test_bounds_of_a_position_with_stores() -> None:
    """The bounds are of the final store difference: the stores are counted in."""
    pos = Position.from_text("1,5,3,1,1,4,24/1,3,2,2,0,1,0 S")  # South is 24 ahead
    with pytest.raises(BudgetExceeded) as info:
        Solver(pos.rules).solve(pos, node_limit=10_000)
    assert (info.value.lower, info.value.upper) == (26, 48)
    assert str(info.value).endswith("value proven between +26 and +48")


def test_full_solves_visit_the_same_nodes_as_before_the_bounds() -> None:
    """Reporting proven bounds changed nothing in the search: the node counts of full solves
    are those measured before (a strength benchmark depends on them)."""
    cases = [
        (Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S"), -4, (2, 3, 6), 19_190),
        (Position.from_text("2,0,1,0,3,1,18/1,2,0,2,0,1,17 N"), -4, (2, 6), 931),
        (Position.start(Rules.kalah(3, 4)), 2, (1,), 8_085),
    ]
    for pos, value, best, nodes in cases:
        sol = Solver(pos.rules).solve(pos)
        assert (sol.value, sol.best_moves, sol.nodes) == (value, best, nodes), pos


@pytest.mark.parametrize(
    "rules",
    [Rules.toguz_korgool(), Rules.mangala_ii(), Rules.mangala_iv()],
    ids=lambda r: r.name,
)
def test_the_classic_searches_refuse_the_games_with_stores_off_the_path(rules):
    """Solver, Lookahead and Kernel play only the games whose stores are on the sowing path;
    for the others they said nothing and gave wrong answers (``Solver(Rules.mangala_ii())``
    found -1 where the value is 3, ``Kernel`` made 7 moves for Mangala IV where 1 is legal).
    Now they refuse, naming the game, in both languages."""
    from mangala_edu.search.errors import SearchError
    from mangala_edu.search.lookahead import Lookahead

    for search in (Solver, Lookahead, Kernel):
        with pytest.raises(SearchError) as info:
            search(rules)
        err = info.value
        assert err.key == "search.classic_only"
        for lang in ("tr", "en"):
            assert rules.name in err.message(lang) and search.__name__ in err.message(lang)
    assert err.message("tr") != err.message("en")
