"""The computer's Dokuz Taş (mangala_edu.dokuz_tas.search): tactics checked against a tiny
brute force, determinism, the repetition draw, exact solving and the levels' strength."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from mangala_edu.dokuz_tas import Game, Position
from mangala_edu.dokuz_tas.board import mask_of
from mangala_edu.dokuz_tas.evaluate import (
    DEEP_WEIGHTS,
    DEFAULT_WEIGHTS,
    EXPERT_WEIGHTS,
    Weights,
    evaluate,
    evaluate_position,
)
from mangala_edu.dokuz_tas.search import (
    DEEP_NODES,
    LEVELS,
    DokuzTasBackend,
    Player,
    RandomPlayer,
    Search,
    analyse,
    choose,
    get_level,
    history_of,
    move_values,
    solve,
)
from mangala_edu.engine.errors import MangalaError
from mangala_edu.search.budget import BudgetExceeded

# White places a7: threats on a4 and g7 at once; Black (three stones, flying) blocks one.
WIN_IN_3 = "1W1/B2/2B/6/B2/3/W2 w 3 0 0"
# White slides g4-g7 (a mill) and takes one of Black's three stones.
WIN_IN_1 = "WW1/3/3/4BW/B2/W1W/B2 w 0 0 4"
# Black threatens g1 (a1-d1-g1) and White has three stones: White must block.
MUST_BLOCK = "3/B2/W2/6/2W/3/BB1 w 1 5 0"
# A repetition: the side to move (Black) returns to S0 a third time with the last turn.
AHEAD = ("1W1/BBB/3/1B2WB/1B1/B1B/B1W w 0 0 0", ["d7-a4", "a1-d1", "a4-d7", "d1-a1"])
BEHIND = ("WWW/1WB/B1B/W4W/B2/1W1/WB1 w 0 0 3", ["d2-b2", "c3-c4", "b2-d2", "c4-c3"])
# 49 quiet turns and no mill in reach: every turn draws by the 50-turn rule.
QUIET_49 = "3/B2/2W/BB1WB1/2W/B2/1BW w 0 0 49"


def wins_within(pos: Position, plies: int) -> bool:
    """Brute force: can the side to move force a win within ``plies`` (odd) plies?"""
    me = pos.to_move
    for _, child in pos.children():
        if child.is_over:
            if child.winner == me:
                return True
            continue
        if plies >= 3 and all(
            not grand.is_over and wins_within(grand, plies - 2) for _, grand in child.children()
        ):
            return True
    return False


def repeated(start: str, turns: list[str]) -> Game:
    """The game from ``start`` with the turns played twice but the last."""
    game = Game(Position.from_text(start))
    for turn in (turns * 2)[:-1]:
        game.push(turn)
    return game


# -- Tactics ------------------------------------------------------------------------------------


def test_win_in_one_closes_a_mill_and_takes() -> None:
    pos = Position.from_text(WIN_IN_1)
    winners = {t for t, c in pos.children() if c.winner == "white"}
    assert winners == {"g4-g7xa1", "g4-g7xc3", "g4-g7xf4"}
    for level in LEVELS:
        assert choose(pos, level, seed=1, node_limit=3000) in winners
    result = analyse(pos, max_depth=3)
    assert set(result.best_moves) == winners
    best = result.values[result.best_moves[0]]
    assert best.exact and best.result == "win" and best.plies == 1 and best.value == 999
    assert result.depth == 1  # a win found: no deeper iteration


def test_forced_win_in_three_plies() -> None:
    pos = Position.from_text(WIN_IN_3)
    assert not wins_within(pos, 1)
    forcing = {
        t
        for t, c in pos.children()
        if not c.is_over and all(not g.is_over and wins_within(g, 1) for _, g in c.children())
    }
    assert forcing == {"a7"}
    result = analyse(pos, max_depth=5)
    assert result.best_moves == ("a7",)
    assert result.values["a7"].exact and result.values["a7"].plies == 3
    assert choose(pos, "orta", seed=2, node_limit=20_000) == "a7"
    sol = solve(pos, node_limit=50_000)
    assert (sol.result, sol.plies, sol.best_moves, sol.value) == ("win", 3, ("a7",), 997.0)
    # The loser's view after a7: every reply loses in 2 plies.
    lost = solve(pos.play("a7"), node_limit=50_000)
    assert (lost.result, lost.plies) == ("loss", 2)
    assert len(lost.best_moves) == len(pos.play("a7").legal_moves)


def test_blocks_a_mill_when_it_must() -> None:
    pos = Position.from_text(MUST_BLOCK)
    safe = {t for t, c in pos.children() if not wins_within(c, 1)}
    assert safe == {"g1"}
    for level in ("orta", "zor", "usta"):
        assert choose(pos, level, seed=5, node_limit=3000) == "g1"
    for seed in range(10):  # kolay makes mistakes, never one that loses at once
        assert choose(pos, "kolay", seed=seed) == "g1"
    values = move_values(pos, max_depth=2)
    assert values["g1"].result is None
    assert all(v.result == "loss" and v.plies == 2 for t, v in values.items() if t != "g1")


# -- Determinism, legality, repetition ---------------------------------------------------------


def test_same_seed_and_budget_same_turn() -> None:
    game = Game()
    rng = random.Random(4)
    for _ in range(20):
        game.push(rng.choice(game.legal_moves))
    pos, hist = game.position, history_of(game)
    for level in ("kolay", "orta", "zor"):
        first = [choose(pos, level, history=hist, seed=s, node_limit=1500) for s in range(3)]
        again = [choose(pos, level, history=hist, seed=s, node_limit=1500) for s in range(3)]
        assert first == again
    # A player keeps no memory that changes a seeded turn.
    player = Player("orta", seed=9, node_limit=1500)
    a = player.choose(pos, hist)
    player.choose(Position.start())
    assert Player("orta", seed=9, node_limit=1500).choose(pos, hist) == a


def test_always_legal() -> None:
    players = [Player("kolay", seed=1), Player("orta", seed=2, node_limit=400)]
    for seed in range(3):
        game = Game()
        rng = random.Random(seed)
        while not game.is_over and len(game.turns) < 90:
            if rng.random() < 0.4:
                turn = rng.choice(game.legal_moves)
            else:
                turn = players[len(game.turns) % 2].choose(game.position, history_of(game))
            assert turn in game.legal_moves
            game.push(turn)


def test_avoids_a_repetition_when_ahead() -> None:
    start, turns = AHEAD
    game = repeated(start, turns)
    assert game.position.to_move == "black"
    game.push(turns[-1])  # the draw the search must see
    assert game.outcome is not None and game.outcome.winner is None
    game.pop()
    values = move_values(game.position, history=history_of(game), max_depth=3)
    assert values[turns[-1]].value == 0 and values[turns[-1]].exact
    assert max(v.value for v in values.values()) > 1
    turn = choose(game.position, "orta", history=history_of(game), seed=1, node_limit=5000)
    assert turn != turns[-1]
    # Without the history the same turn is no draw.
    assert move_values(game.position, max_depth=3)[turns[-1]].value != 0


def test_takes_a_repetition_when_behind() -> None:
    start, turns = BEHIND
    game = repeated(start, turns)
    assert game.position.to_move == "black"
    hist = history_of(game)
    result = analyse(game.position, history=hist, max_depth=3, all_values=True)
    assert result.best_moves == (turns[-1],)
    assert result.values[turns[-1]] == (0.0, True)
    assert choose(game.position, "orta", history=hist, seed=1, node_limit=5000) == turns[-1]
    assert choose(game.position, "orta", seed=1, node_limit=5000) != turns[-1]


# -- Exact results ----------------------------------------------------------------------------


def test_solve_proves_a_draw_by_the_quiet_rule() -> None:
    pos = Position.from_text(QUIET_49)
    sol = solve(pos, node_limit=1000)
    assert (sol.result, sol.plies, sol.value) == ("draw", 0, 0.0)
    assert sol.best_moves == pos.legal_moves
    assert analyse(pos, max_depth=5).exact


def test_solve_raises_when_the_budget_runs_out() -> None:
    with pytest.raises(BudgetExceeded) as info:
        solve(Position.start(), node_limit=2000)
    assert info.value.nodes > 2000
    ended = Position.from_text("WW1/3/3/6/3/3/BBB w 0 0 0")  # White has two stones: lost
    assert solve(ended).result == "loss"


def test_an_endgame_table_plugs_in() -> None:
    pos = Position.from_text(QUIET_49.replace(" 49", " 0"))
    calls: list[Position] = []

    def table(p: Position) -> int | None:
        calls.append(p)
        return 0

    result = Search(probe=table).analyse(pos, max_depth=4, all_values=True)
    assert calls and result.exact and result.best_value == 0


def test_symmetric_table_gives_the_same_values() -> None:
    game = Game()
    rng = random.Random(11)
    for _ in range(12):
        game.push(rng.choice(game.legal_moves))
    plain = Search(symmetric=False).analyse(game.position, max_depth=3, all_values=True)
    sym = Search(symmetric=True).analyse(game.position, max_depth=3, all_values=True)
    assert plain.values == sym.values


@pytest.mark.parametrize(
    "weights", [DEFAULT_WEIGHTS, EXPERT_WEIGHTS, DEEP_WEIGHTS], ids=["default", "expert", "deep"]
)
def test_evaluation_is_antisymmetric_in_colour(weights: Weights) -> None:
    rng = random.Random(2)
    for _ in range(30):
        game = Game()
        for _ in range(rng.randrange(30)):
            if game.is_over:
                break
            game.push(rng.choice(game.legal_moves))
        pos = game.position
        text = pos.to_text()
        board, side, wh, bh, quiet = text.split()
        swapped = board.translate(str.maketrans("WB", "BW"))
        mirror = f"{swapped} {'b' if side == 'w' else 'w'} {bh} {wh} {quiet}"
        mirrored = Position.from_text(mirror)
        assert evaluate_position(pos, weights) == evaluate_position(mirrored, weights)


def test_the_expert_weighs_the_room_of_the_placed_stones() -> None:
    """Two placing boards that differ in one white stone: boxed in at a1 (Black on d1 and
    a4) or free at c4. The default weights barely tell them apart (a slide-to-be is a
    hundredth of a stone); the expert's count the boxed stone and the lost room."""
    black = mask_of(["d1", "a4", "g7", "d6"])
    boxed = mask_of(["a1", "f6", "e5"])
    free = mask_of(["c4", "f6", "e5"])
    for own_hand, opp_hand in ((2, 2), (3, 2), (1, 1)):
        plain = evaluate(free, black, own_hand, opp_hand) - evaluate(
            boxed, black, own_hand, opp_hand
        )
        expert = evaluate(free, black, own_hand, opp_hand, weights=EXPERT_WEIGHTS) - evaluate(
            boxed, black, own_hand, opp_hand, weights=EXPERT_WEIGHTS
        )
        assert 0 <= plain <= 5, plain
        assert expert >= EXPERT_WEIGHTS.blocked_late + plain, expert
    # Before a player is placing late (more than ``late`` stones in hand), the late terms
    # count nothing.
    late = Weights(late=4, mobility_late=8, blocked_late=12, roomy=6, cramped=50)
    assert evaluate(free, black, 7, 6, weights=late) == evaluate(free, black, 7, 6)
    assert evaluate(free, black, 4, 6, weights=late) != evaluate(free, black, 4, 6)


@pytest.mark.parametrize(
    ("black", "own_hand", "opp_hand", "cramped"),
    [
        (["b4", "g7", "d6"], 1, 2, True),  # White's room: d1, a7 (2), Black places 2 more
        (["g4", "g7", "d6"], 1, 2, False),  # room: d1, b4, a7 (3)
        (["b4", "g7", "d6"], 1, 1, False),  # Black places only 1 more
        (["b4", "d1", "g7", "d6"], 0, 0, True),  # moving: a7 only
        (["b4", "g7", "d6", "g1"], 0, 0, False),  # moving: d1 and a7
    ],
)
def test_a_cramped_player_is_marked(
    black: list[str], own_hand: int, opp_hand: int, cramped: bool
) -> None:
    """White (a1, a4) is *cramped* when the opponent's stones in hand could fill every empty
    point next to White's stones, or, moving, when only one is left."""
    args = (mask_of(["a1", "a4"]), mask_of(black), own_hand, opp_hand)
    without = replace(EXPERT_WEIGHTS, cramped=0)
    lost = evaluate(*args, weights=without) - evaluate(*args, weights=EXPERT_WEIGHTS)
    assert lost == (EXPERT_WEIGHTS.cramped if cramped else 0)


def test_the_expert_takes_more_time_for_its_last_placements() -> None:
    """usta's budget is ``late_scale`` times its own for its last three placements only."""
    usta = replace(get_level("usta"), time_limit=0.1)
    late = Position.from_text("W2/1B1/3/1B3W/2W/3/1B1 w 3 3 0")
    early = Game()
    for turn in ("d6", "d2"):
        early.push(turn)
    assert usta.budget_scale(late) == 3.0 and usta.budget_scale(early.position) == 1.0
    backend = DokuzTasBackend()
    rng = random.Random(0)
    chosen = backend.decide(late, usta, rng=rng, reproducible=True)
    assert chosen.nodes > usta.node_limit * 2, (chosen.nodes, usta.node_limit)
    chosen = backend.decide(early.position, usta, rng=rng, reproducible=True)
    assert chosen.nodes <= usta.node_limit * 1.5, (chosen.nodes, usta.node_limit)
    assert get_level("orta").budget_scale(late) == 1.0


@pytest.mark.parametrize(
    ("engine", "node_limit", "deep"),
    [
        ("python", DEEP_NODES, True),  # counted in positions: deep from DEEP_NODES on
        ("python", DEEP_NODES - 1, False),
        ("auto", 75_000, False),  # a seeded usta: the same turns with or without numba
        ("python", None, False),  # by the clock in pure Python
        ("auto", None, "compiled"),  # by the clock: deep when the search is compiled
    ],
)
def test_zor_and_usta_weigh_slides_to_be_more_when_they_search_deep(
    engine: str, node_limit: int | None, deep: bool | str
) -> None:
    from mangala_edu.dokuz_tas import compiled

    if deep == "compiled":
        deep = compiled.available()
    backend = DokuzTasBackend(Search(engine=engine))
    won = Position.from_text("WW1/3/3/B5/3/3/BB1 w 1 0 0")  # a win at once: a quick search
    for name in ("zor", "usta"):
        level = get_level(name)
        backend._searches.clear()
        budget = {"node_limit": node_limit} if node_limit else {"time_limit": 0.05}
        choice = backend.decide(won, level, rng=random.Random(0), **budget)
        assert choice.turn in ("g7xa1", "g7xa4", "g7xd1")
        used = [w for w, _ in backend._searches]
        assert used == [DEEP_WEIGHTS if deep else EXPERT_WEIGHTS], (name, used)
    # kolay and orta have no deep weights
    assert get_level("orta").weights_for(DEEP_NODES, True) is None


def test_levels_and_their_names() -> None:
    assert list(LEVELS) == ["kolay", "orta", "zor", "usta"]
    assert [get_level(n).key for n in ("easy", "MEDIUM", "zor", "Expert")] == list(LEVELS)
    times = [lv.time_limit for lv in LEVELS.values()]
    assert times == sorted(times) and 1 <= times[-1] <= 3
    with pytest.raises(MangalaError):
        get_level("grandmaster")
    assert DokuzTasBackend.name == "dokuz-tas"


# -- Strength ---------------------------------------------------------------------------------


def match(
    a: Player | RandomPlayer, b: Player | RandomPlayer, games: int, seed: int
) -> tuple[int, int, int]:
    """Wins, draws and losses of ``a`` against ``b``, colours alternating, from openings of
    two random turns (a game not over after 150 turns counts as a draw)."""
    wins = draws = losses = 0
    for g in range(games):
        rng = random.Random(seed + g)
        game = Game()
        for _ in range(2):
            game.push(rng.choice(game.legal_moves))
        white, black = (a, b) if g % 2 == 0 else (b, a)
        while not game.is_over and len(game.turns) < 150:
            player = white if game.position.to_move == "white" else black
            game.push(player.choose(game.position, history_of(game)))
        winner = game.outcome.winner if game.outcome is not None else None
        if winner is None:
            draws += 1
        elif (winner == "white") == (g % 2 == 0):
            wins += 1
        else:
            losses += 1
    return wins, draws, losses


def test_kolay_beats_random_moves() -> None:
    wins, draws, losses = match(Player("kolay", seed=1), RandomPlayer(seed=2), 12, 100)
    assert wins >= 11 and losses == 0, (wins, draws, losses)


def test_orta_beats_kolay() -> None:
    orta = Player("orta", seed=3, node_limit=600)
    wins, draws, losses = match(orta, Player("kolay", seed=4), 12, 200)
    assert wins >= losses + 6, (wins, draws, losses)
