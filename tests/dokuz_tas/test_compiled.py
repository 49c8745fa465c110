"""The compiled Dokuz Taş search gives the pure-Python one's answers (mangala_edu.dokuz_tas.compiled).

Both searches are run side by side on positions of seeded games (placing, moving and flying,
with the game's history for the repetition draw, near the 50-quiet-turn draw) and must agree
on everything they report: every turn's value and whether it is proven, the order, the depth
reached and the positions searched. Without numba the comparisons are skipped (the pure path
is then the only one), and the choice of engine is still checked.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mangala_edu.dokuz_tas import Game, Position
from mangala_edu.dokuz_tas import compiled as C
from mangala_edu.dokuz_tas.evaluate import DEFAULT_WEIGHTS, EXPERT_WEIGHTS
from mangala_edu.dokuz_tas.search import Player, Search, history_of
from mangala_edu.search.errors import SearchError

NUMBA = C.available()
needs_numba = pytest.mark.skipif(not NUMBA, reason="numba is not installed")


def _report(search: Search, pos: Position, **kwargs: object) -> tuple[object, ...]:
    a = search.analyse(pos, **kwargs)  # type: ignore[arg-type]
    return a.values, a.order, a.depth, a.nodes


def _same(pos: Position, history: tuple[Position, ...] = (), **kwargs: object) -> None:
    weights = kwargs.pop("weights", DEFAULT_WEIGHTS)
    symmetric = bool(kwargs.pop("symmetric", True))
    pure = Search(weights, symmetric=symmetric, engine="python")  # type: ignore[arg-type]
    fast = Search(weights, symmetric=symmetric, engine="numba")  # type: ignore[arg-type]
    assert fast._kernel_for(pos) is not None
    assert _report(fast, pos, history=history, **kwargs) == _report(
        pure, pos, history=history, **kwargs
    ), pos.to_text()


def _game(seed: int, turns: int) -> Game:
    """A game of two seeded levels, ``turns`` turns long (or until it ends)."""
    game = Game()
    players = [Player("orta", seed=seed), Player("kolay", seed=seed + 1)]
    while not game.is_over and len(game.turns) < turns:
        game.push(players[len(game.turns) % 2].choose(game.position, history_of(game)))
    return game


@needs_numba
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    turns=st.integers(0, 90),
    limit=st.sampled_from([500, 3000, 12000]),
    all_values=st.booleans(),
    expert=st.booleans(),
    symmetric=st.booleans(),
)
def test_same_answers_within_a_node_budget(
    seed: int, turns: int, limit: int, all_values: bool, expert: bool, symmetric: bool
) -> None:
    game = _game(seed, turns)
    if game.is_over:
        game.pop()
    _same(
        game.position,
        history_of(game),
        node_limit=limit,
        all_values=all_values,
        weights=EXPERT_WEIGHTS if expert else DEFAULT_WEIGHTS,
        symmetric=symmetric,
    )


@needs_numba
@pytest.mark.parametrize(
    "text",
    [
        "WW1/3/3/6/3/3/BB1 w 7 7 0",  # placing, both threaten
        "WW1/3/3/B5/3/3/BB1 w 1 0 0",  # a win in one
        "W1W/1B1/WB1/BW2BW/1B1/W1B/B1W w 0 0 47",  # moving, near the 50 quiet turns
        "W1W/3/1B1/B5/1W1/3/B1B b 0 0 10",  # moving against flying
        "W1W/3/3/B5/1W1/3/B1B w 0 0 0",  # flying against flying
    ],
)
def test_same_answers_to_a_fixed_depth(text: str) -> None:
    pos = Position.from_text(text)
    for depth in (1, 3, 5):
        _same(pos, max_depth=depth, all_values=True)


@needs_numba
def test_same_answers_with_repetitions_in_the_history() -> None:
    # The same moving position twice already in the game: a line back to it draws.
    game = Game(Position.from_text("W1B/W2/B1B/6/2W/2W/B2 w 0 0 0"))
    for turn in ["b6-d6", "c5-d5", "d6-b6", "d5-c5"] * 2:
        game.push(turn)
    assert game.occurrences() >= 2
    for depth in (2, 4, 6):
        _same(game.position, history_of(game), max_depth=depth, all_values=True)


@needs_numba
@pytest.mark.parametrize("text", ["W1B/W2/B1B/6/2W/2W/B2 w 0 0 45", "WW1/3/3/B5/1W1/3/B1B b 0 0 0"])
def test_same_proof(text: str) -> None:
    pos = Position.from_text(text)
    pure = Search(engine="python").solve(pos)
    fast = Search(engine="numba").solve(pos)
    assert (fast.result, fast.plies, fast.best_moves, fast.nodes) == (
        pure.result,
        pure.plies,
        pure.best_moves,
        pure.nodes,
    )


@needs_numba
def test_a_seeded_player_plays_the_same_game() -> None:
    """A whole seeded game of usta against zor: the same turns on either engine."""

    def play(engine: str) -> list[str]:
        game = Game()
        players = [Player("usta", seed=4), Player("zor", seed=5)]
        for p in players:
            p.backend.search = Search(engine=engine)
        while not game.is_over and len(game.turns) < 24:
            game.push(players[len(game.turns) % 2].choose(game.position, history_of(game)))
        return list(game.turns)

    assert play("numba") == play("python")


@needs_numba
def test_the_kernel_keeps_its_table_between_searches_and_forgets() -> None:
    search = Search(engine="numba")
    pos = Position.start()
    first = search.analyse(pos, max_depth=4)
    assert search._kernel is not None and len(search._kernel) > 0
    again = search.analyse(pos, max_depth=4)
    assert again.nodes < first.nodes  # the table answers
    search.forget()
    assert len(search._kernel) == 0
    assert search.analyse(pos, max_depth=4).nodes == first.nodes


@needs_numba
def test_near_the_tables_a_probe_of_another_kind_keeps_to_pure_python() -> None:
    search = Search(engine="numba", probe=lambda pos: None)
    few = Position.from_text("WW1/3/3/B5/3/3/BB1 w 0 0 0")
    assert search._kernel_for(few) is None
    assert search._kernel_for(Position.start()) is not None
    assert Search(engine="numba")._kernel_for(few) is not None  # no tables: compiled


def _endgames(count: int, seed: int) -> list[Position]:
    """Moving-phase positions of 3 or 4 stones a side, some near the 50-quiet-turn draw,
    some with flying off, none over."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        w, b = rng.randint(3, 4), rng.randint(3, 4)
        points = rng.sample(range(24), w + b)
        stones = (sum(1 << p for p in points[:w]), sum(1 << p for p in points[w:]))
        quiet = rng.choice([0, 0, 12, 44, 48])
        pos = Position._make(stones, (0, 0), rng.randint(0, 1), quiet, rng.random() < 0.8)
        if pos.outcome is None:
            found.append(pos)
    return found


@needs_numba
def test_same_answers_with_the_endgame_tables(with_tables: object) -> None:
    """The kernel reads the tables (3-3 here) as the pure-Python probe does: the same
    answers, in positions whose lines reach the table and in positions it holds."""
    from mangala_edu.dokuz_tas import tables as T

    probes = (T.Tables(), T.probe)  # the user cache's (``with_tables``), two ways
    reached = 0
    for i, pos in enumerate(_endgames(40, seed=7)):
        probe = probes[i % 2]
        limit = (300, 3000, 15000)[i % 3]
        symmetric = i % 4 != 3
        fast = Search(EXPERT_WEIGHTS, symmetric=symmetric, engine="numba", probe=probe)
        pure = Search(EXPERT_WEIGHTS, symmetric=symmetric, engine="python", probe=probe)
        assert fast._kernel_for(pos) is not None
        got = _report(fast, pos, node_limit=limit)
        assert got == _report(pure, pos, node_limit=limit), pos.to_text()
        blind = Search(EXPERT_WEIGHTS, symmetric=symmetric, engine="numba")
        reached += got[0] != _report(blind, pos, node_limit=limit)[0]
    assert reached >= 10  # the tables changed the answer of many of them


@needs_numba
def test_the_kernel_refuses_a_damaged_table_as_the_probe_does(
    cache_3_3: Path, tmp_path: Path
) -> None:
    from mangala_edu.dokuz_tas import tables as T

    good = T.table_path((3, 3), True, cache_3_3)
    bad = T.table_path((3, 3), True, tmp_path)
    bad.parent.mkdir()
    data = bytearray(good.read_bytes())
    data[T.HEADER_BYTES + 99] ^= 1
    bad.write_bytes(bytes(data))
    with pytest.warns(UserWarning, match="damaged"):
        arrays = C.probe_arrays(T.Tables(tmp_path), True)
    assert (arrays[1] < 0).all()  # no table
    sound = C.probe_arrays(T.Tables(cache_3_3), True)
    assert sound[1][3, 3] == 0 and len(sound[0]) == T.class_size((3, 3))
    assert (C.probe_arrays(T.Tables(cache_3_3), False)[1] < 0).all()  # built with flying


@needs_numba
def test_a_time_budget_stops_the_compiled_search() -> None:
    result = Search(engine="numba").analyse(Position.start(), time_limit=0.3)
    assert 0 < result.seconds < 2.0
    assert set(result.values) == set(Position.start().legal_moves)


def test_the_engine_is_chosen_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Search(engine="python")._kernel_for(Position.start()) is None
    with pytest.raises(SearchError, match="Unknown engine 'fast'"):
        Search(engine="fast")
    monkeypatch.setenv("MANGALA_EDU_ENGINE", "pure")
    assert not C.available()
    assert Search()._kernel_for(Position.start()) is None
    with pytest.raises(SearchError):
        Search(engine="numba")


@needs_numba
def test_a_fresh_process_gives_the_pure_answer() -> None:
    """Each engine in a process of its own (nothing compiled or warmed by other tests)."""
    code = (
        "from mangala_edu.dokuz_tas import Position\n"
        "from mangala_edu.dokuz_tas.search import choose\n"
        "pos = Position.from_text('WW1/3/3/6/3/3/BB1 w 7 7 0')\n"
        "print(choose(pos, 'usta', seed=11), choose(Position.start(), 'zor', seed=3))\n"
    )

    def run(engine: str) -> str:
        env = dict(os.environ, MANGALA_EDU_ENGINE=engine)
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
        return out.stdout.strip()

    fast, pure = run("auto"), run("pure")
    assert fast == pure
    assert len(fast.split()) == 2


def test_turn_codes() -> None:
    rng = random.Random(1)
    seen = set()
    for _ in range(200):
        move = (rng.randrange(-1, 24), rng.randrange(24), rng.randrange(-1, 24))
        seen.add((C.code_of(move), move))
    assert len({code for code, _ in seen}) == len(seen)
