"""Computer players: legal, reproducible with a seed, varied without, and the levels' order."""

from __future__ import annotations

import random

import pytest

from mangala_edu import Game, Position, Rules
from mangala_edu.search import LEVELS, Lookahead, Player, RandomPlayer, get_level, make_player
from mangala_edu.search.arena import play_series, play_set, random_opening
from mangala_edu.search.solver import Solver

PRESETS = [
    Rules.official(),
    Rules.no_return(),
    Rules.own_side(),
    Rules.kalah(3, 3),
    Rules.kalah(6, 4),
]
FAST = 0.05  # time scale: keeps the deep levels quick in tests


def some_positions(rules: Rules, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = random_opening(rules, rng.choice(["south", "north"]), rng.randint(0, 30), rng)
        if not pos.is_over:
            out.append(pos)
    return out


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
@pytest.mark.parametrize("level", list(LEVELS))
def test_levels_play_legal_moves(level: str, rules: Rules) -> None:
    player = Player(level, seed=1, time_scale=FAST)
    for pos in some_positions(rules, 4, seed=len(level)):
        assert player.choose(pos) in pos.legal_moves


def test_level_names_in_both_languages() -> None:
    assert [lv.name("tr") for lv in LEVELS.values()] == ["kolay", "orta", "zor", "usta"]
    assert [lv.name("en") for lv in LEVELS.values()] == ["easy", "medium", "hard", "expert"]
    for key, level in LEVELS.items():
        assert get_level(key) is level is get_level(level.english.upper())
    with pytest.raises(ValueError):
        get_level("grandmaster")
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("rastgele", seed=2), RandomPlayer)
    assert make_player("hard").level.key == "zor"


def game_moves(a: object, b: object, start: Position | None = None) -> tuple[int, ...]:
    return play_set(a, b, start).moves  # type: ignore[arg-type]


@pytest.mark.parametrize("level", ["kolay", "orta", "zor"])
def test_reproducible_with_a_seed(level: str) -> None:
    def run(seed: int) -> tuple[int, ...]:
        return game_moves(Player(level, seed=seed, time_scale=FAST), Player("kolay", seed=seed + 1))

    assert run(5) == run(5)


def test_games_vary() -> None:
    seeded = {game_moves(Player("kolay", seed=s), Player("kolay", seed=s + 100)) for s in range(6)}
    assert len(seeded) > 1
    unseeded = {game_moves(Player("kolay"), Player("kolay")) for _ in range(6)}
    assert len(unseeded) > 1


def test_random_player() -> None:
    pos = Position.start()
    a, b = RandomPlayer(seed=4), RandomPlayer(seed=4)
    assert [a.choose(pos) for _ in range(20)] == [b.choose(pos) for _ in range(20)]
    assert len({RandomPlayer().choose(pos) for _ in range(60)}) > 1
    with pytest.raises(ValueError):
        RandomPlayer().choose(Position((0,) * 6 + (30,) + (0,) * 6 + (18,), None))


def test_easy_makes_mistakes_sometimes_but_beats_random() -> None:
    series = play_series(
        lambda s: Player("kolay", seed=s), lambda s: RandomPlayer(seed=s), games=40, seed=1
    )
    assert series.points_a >= 30  # the bench: about 93 points in 100
    mistakes = 0
    player = Player("kolay", seed=3)
    for pos in some_positions(Rules.official(), 60, seed=9):
        player.choose(pos)
        assert player.last is not None
        mistakes += player.last.mistake
    assert 0 < mistakes < 30


def test_ties_are_broken_at_random() -> None:
    # Pits 2, 3 and 6 are equally good here (exact values, solved by the expert).
    pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")
    best = Solver(pos.rules).solve(pos).best_moves
    assert best == (2, 3, 6)
    chosen = {Player("usta", seed=s).choose(pos) for s in range(10)}
    assert chosen == set(best)


def test_expert_plays_the_endgame_exactly() -> None:
    pos = Position.from_text("2,0,1,0,3,1,18/1,2,0,2,0,1,17 N")
    player = Player("usta", seed=1)
    pit = player.choose(pos)
    assert player.last is not None and player.last.exact
    assert pit in Solver(pos.rules).solve(pos).best_moves


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_lookahead_to_the_end_is_exact(rules: Rules) -> None:
    rng = random.Random(12)
    look, solver = Lookahead(rules), Solver(rules)
    m = rules.pits
    checked = 0
    while checked < 8:
        board = [0] * (2 * m + 2)
        for _ in range(rng.randint(2, 8)):
            board[rng.choice([i for i in range(2 * m + 1) if i != m])] += 1
        if not any(board[:m]) or not any(board[m + 1 : 2 * m + 1]):
            continue
        pos = Position(board, rng.choice(["south", "north"]), rules)
        result = look.analyse(pos, all_values=True)
        assert result.exact
        assert result.values == solver.value_of_moves(pos)
        checked += 1


def test_time_budget_is_kept() -> None:
    player = Player("zor", time_scale=0.2)  # 0.2 s
    player.choose(Position.start())
    assert player.last is not None and player.last.seconds < 1.0


def test_game_over_is_refused() -> None:
    game = Game(moves=[])
    assert Player("kolay").choose(game.position) in range(1, 7)
    with pytest.raises(ValueError):
        Player("kolay").choose(Position((0,) * 6 + (30,) + (0,) * 6 + (18,), None))


def test_exact_claims_hold_when_the_table_is_reused() -> None:
    """A search that says it saw every line to the end must agree with the solver, even when
    its table holds values from earlier, depth-limited searches (a stored value found with a
    horizon below it must count as seeing the horizon)."""
    rules = Rules.official()
    look, solver = Lookahead(rules), Solver(rules)
    rng = random.Random(3)
    claims = 0
    for _ in range(6):
        pos = Position.start(rules)
        while not pos.is_over:
            result = look.analyse(pos, max_depth=6)
            if result.exact and pos.stones_on_board <= 22:
                claims += 1
                exact = solver.value_of_moves(pos)
                best = max(exact.values())
                assert result.best_value == best, pos.to_text()
                assert set(result.best_moves) <= {p for p, v in exact.items() if v == best}
            pos = pos.play(rng.choice(pos.legal_moves))
    assert claims > 10
