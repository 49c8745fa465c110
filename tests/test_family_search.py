"""The computer for the family's games: the exact solver against a naive reference that plays
every line through the engine (repetitions included), budgets with proven bounds, the levels,
hints, game analysis and the arena."""

from __future__ import annotations

import random
import sys

import pytest

from mangala_edu import Game, Position, Rules
from mangala_edu.search import LEVELS, Player, RandomPlayer, analyse_game, solve
from mangala_edu.search.arena import play_set
from mangala_edu.search.budget import BudgetExceeded
from mangala_edu.search.hints import hint_for
from mangala_edu.search.offpath import (
    OffPathKernel,
    OffPathLookahead,
    OffPathSolver,
    play_out,
)

TK = Rules.toguz_korgool()
M2 = Rules.mangala_ii()
M4 = Rules.mangala_iv()


def _final(position: Position, mover: str) -> int:
    result = position.result
    assert result is not None
    diff = result.south - result.north
    return diff if mover == "south" else -diff


def reference(position: Position, seen: frozenset[Position]) -> dict[int, int]:
    """Each move's value by trying every line through the engine, a repeated position of the
    game (``seen``) ending a line as :class:`Game` ends the game. Exponential: tiny positions
    only."""
    values = {}
    for pit in position.legal_moves:
        after = position.play(pit)
        if not after.is_over and after in seen:
            after = after.end_by_repetition()
        if after.is_over:
            values[pit] = _final(after, position.mover)
        else:
            best = max(reference(after, seen | {after}).values())
            values[pit] = best if after.to_move == position.to_move else -best
    return values


def _small_positions(
    rules: Rules, stones: int, count: int, seed: int
) -> list[tuple[Position, tuple[Position, ...]]]:
    """Positions with at most ``stones`` on the board reached by random play, with the game's
    earlier positions."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = Game(rules)
        while not game.position.is_over and game.position.stones_on_board > stones:
            game.push(rng.choice(game.position.legal_moves))
        if not game.position.is_over:
            found.append((game.position, game.positions[:-1]))
    return found


@pytest.mark.parametrize("rules", [M2, TK], ids=lambda r: r.name)
def test_the_solver_agrees_with_the_reference_repetitions_included(rules):
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 5000))
    try:
        checked = 0
        for position, history in _small_positions(rules, 3, 12, seed=7):
            seen = frozenset(history) | {position}
            expected = reference(position, seen)
            solver = OffPathSolver(rules)
            assert solver.value_of_moves(position, history=history) == expected
            sol = solver.solve(position, history=history)
            assert sol.value == max(expected.values())
            assert sol.best_moves == tuple(p for p, v in expected.items() if v == sol.value)
            checked += 1
        assert checked == 12
    finally:
        sys.setrecursionlimit(limit)


def test_a_repetition_earlier_in_the_game_changes_the_value():
    # A lone stone each. Without history South (to move) ...; with the position after
    # South's move already seen, that move ends the game at once.
    pos = Position.from_text("0,0,0,0,0,1,35/0,0,0,0,0,1,35 S", M2)
    repeated = pos.play(6)
    plain = OffPathSolver(M2).value_of_moves(pos)
    earlier = (repeated, Position.from_text("0,0,0,0,1,0,35/0,0,0,0,0,1,35 N", M2))
    with_history = OffPathSolver(M2).value_of_moves(pos, history=earlier)
    assert with_history[6] == _final(repeated.end_by_repetition(), "south")
    assert with_history == reference(pos, frozenset(earlier) | {pos})
    assert plain == reference(pos, frozenset({pos}))


def test_mangala_iv_is_played_out_and_solved_exactly():
    for seed in range(5):
        rules = Rules.mangala_iv(random_deal=True, seed=seed)
        game = Game(rules)
        while not game.position.is_over:
            game.push(game.position.legal_moves[0])
        start = game.positions[0]
        value, plies = play_out(start)
        assert plies == len(game.moves)
        assert value == _final(game.position, start.mover)
        sol = OffPathSolver(rules).solve(start)
        assert (sol.value, sol.best_moves) == (value, start.legal_moves)
        look = OffPathLookahead(rules).analyse(start)
        assert look.exact and look.values == {start.legal_moves[0]: float(value)}


def test_solve_dispatches_the_off_path_games_to_their_solver():
    pos = Position.from_text("0,0,0,0,0,0,0,0,2,80/1,0,0,0,0,0,0,0,0,79 S", TK)
    sol = solve(pos)
    assert (sol.value, sol.best_moves, sol.exact) == (3, (9,), True)


@pytest.mark.parametrize(("rules", "stones"), [(M2, 10), (TK, 6)], ids=["mangala-ii", "toguz"])
def test_a_budget_overrun_reports_true_bounds(rules, stones):
    overruns = 0
    for position, history in _small_positions(rules, stones, 6, seed=3):
        exact = OffPathSolver(rules).solve(position, history=history).value
        try:
            OffPathSolver(rules).solve(position, history=history, node_limit=50)
        except BudgetExceeded as exc:
            overruns += 1
            assert exc.lower is not None and exc.upper is not None
            assert exc.lower <= exact <= exc.upper
    assert overruns


def test_the_opening_is_beyond_the_solver_and_it_says_so():
    with pytest.raises(BudgetExceeded) as info:
        OffPathSolver(TK).solve(Position.start(TK), time_limit=0.3)
    assert info.value.lower is not None and info.value.lower <= info.value.upper


def test_toguz_states_carry_the_stores_and_the_tuzdiks():
    kernel = OffPathKernel(TK)
    a = Position.from_text("1,1,1,1,1,1,1,1,3,60/1,2,1,1,1,1,1,1,1,71 S", TK)
    b = Position.from_text("1,1,1,1,1,1,1,1,3,61/1,2,1,1,1,1,1,1,1,70 S", TK)
    assert kernel.state(a) != kernel.state(b)  # 82 is near: stores matter
    c = Position.from_text("1,1,1,1,1,1,1,1,3,60/1,2,x,0,1,1,1,1,1,72 S", TK)
    assert kernel.state(c)[-2:] == (12, -1)
    m2 = OffPathKernel(M2)
    assert m2.state(Position.from_text("1,1,1,1,1,1,10/1,1,1,1,1,1,50 S", M2)) == m2.state(
        Position.from_text("1,1,1,1,1,1,30/1,1,1,1,1,1,30 S", M2)
    )


@pytest.mark.parametrize("rules", [TK, M2, M4], ids=lambda r: r.name)
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_a_legal_move_in_every_game(rules, level):
    rng = random.Random(1)
    game = Game(rules)
    for _ in range(6):
        game.push(rng.choice(game.position.legal_moves))
    player = Player(level, seed=5, time_scale=0.05)
    pit = player.choose(game.position, game.positions[:-1])
    assert pit in game.position.legal_moves
    assert Player(level, seed=5, time_scale=0.05).choose(game.position, game.positions[:-1]) == pit
    if rules.forced_leftmost:
        assert pit == game.position.legal_moves[0] and player.last.values == {}


def test_the_expert_solves_small_endgames_exactly():
    pos = Position.from_text("0,0,0,0,1,1,34/1,0,0,0,0,1,35 S", M2)
    player = Player("usta", seed=1)
    assert player.choose(pos) == 6 and player.last.exact


def test_hints_in_the_family():
    hint = hint_for(Position.start(M4), seed=1)
    assert hint.pit == 1 and hint.said[0].key == "play.hint.forced"
    pos = Position.from_text("0,0,0,0,0,0,0,1,2,80/1,0,0,0,0,0,0,0,0,78 S", TK)
    assert pos.legal_moves == (8, 9)
    hint = hint_for(pos, seed=1)
    assert hint.exact and hint.pit in solve(pos).best_moves and hint.value == solve(pos).value
    assert "Worked out to the end of the game" in hint.text("en")


@pytest.mark.parametrize("rules", [TK, M2, M4], ids=lambda r: r.name)
def test_game_analysis_in_every_game(rules):
    rng = random.Random(4)
    game = Game(rules)
    for _ in range(4):
        game.push(rng.choice(game.position.legal_moves))
    review = analyse_game(game, time_per_move=0.05, reproducible=True)
    assert [m.pit for m in review.moves] == list(game.moves)
    for move in review.moves:
        assert move.pit in move.values and move.cost >= 0
        assert move.text("tr") and move.text("en")
    if rules.forced_leftmost:
        assert all(m.verdict == "best" and m.exact for m in review.moves)


def test_analysis_sees_the_repetition_a_move_causes():
    start = Position.from_text("0,0,0,0,0,1,35/0,0,0,0,0,1,35 S", M2)
    game = Game(start=start)
    while not game.position.is_over:
        game.push(game.position.legal_moves[0])
    review = analyse_game(game, time_per_move=0.5)
    assert all(m.exact for m in review.moves)
    assert review.advantage()[-1] == game.position.result.south - game.position.result.north


@pytest.mark.parametrize("rules", [TK, M2, M4], ids=lambda r: r.name)
def test_the_arena_plays_every_game_to_its_end(rules):
    game = play_set(RandomPlayer(seed=1), RandomPlayer(seed=2), Position.start(rules))
    assert game.position.is_over and game.position.result is not None
    game = play_set(
        Player("kolay", seed=1, time_scale=0.05),
        Player("kolay", seed=2, time_scale=0.05),
        Position.start(rules),
    )
    assert game.position.is_over


@pytest.mark.parametrize(
    "rules", [Rules.official(), Rules.own_side(), Rules.kalah(6, 4)], ids=lambda r: r.name
)
def test_the_off_path_searches_refuse_the_classic_games(rules):
    """The off-path searches cannot play rules whose stores lie on the path: they say so."""
    from mangala_edu.search.errors import SearchError

    for search in (OffPathKernel, OffPathSolver, OffPathLookahead):
        with pytest.raises(SearchError) as info:
            search(rules)
        err = info.value
        assert err.key == "search.off_path_only"
        for lang in ("tr", "en"):
            assert rules.name in err.message(lang) and search.__name__ in err.message(lang)
