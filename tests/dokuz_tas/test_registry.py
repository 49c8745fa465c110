"""Dokuz Taş in the registry of games (mangala_edu.games): its entry, the places that iterate
the registry (which take it, which leave it out by a field of the entry), and the expert
level reading the endgame tables when they are built."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from mangala_edu import Rules, RulesError
from mangala_edu.cli import RULE_NAMES, TABLE_RULE_NAMES
from mangala_edu.dokuz_tas import Position
from mangala_edu.dokuz_tas import tables as T
from mangala_edu.dokuz_tas.board import points_of
from mangala_edu.dokuz_tas.rules import DokuzTasRules
from mangala_edu.dokuz_tas.search import DokuzTasBackend, Player, endgame_probe
from mangala_edu.games import GAME, GAMES, find_game, game_names, game_of, unit_of

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize(
    "name",
    ["dokuz-tas", "Dokuz Taş", "DOKUZ_TAS", "muhle", "Mühle", "nine-mens-morris", "morris"],
)
def test_the_entry_is_found_by_its_names(name):
    game = find_game(name)
    assert game.key == "dokuz-tas" and not game.sowing and game.unit == GAME
    assert name in RULE_NAMES and "dokuz-tas" in TABLE_RULE_NAMES
    assert "dokuz-tas" in game_names()


def test_the_entry_names_its_own_code_and_rules():
    game = find_game("dokuz-tas")
    assert game.load("engine") is Position
    assert game.load("notation")(Position.start()) == "3/3/3/6/3/3/3 w 9 9 0"
    assert game.load("board").__name__ == "DokuzTasBoard"
    assert game.backends() == (DokuzTasBackend,)
    assert game.rules() == DokuzTasRules() and game.rules(flying=False).flying is False
    assert game_of(DokuzTasRules(flying=False)) is game and unit_of(DokuzTasRules()) == GAME
    assert len(game.geometry.points) == 24 and len(game.geometry.lines) == 16
    with pytest.raises(RulesError) as info:
        Rules.from_name("Dokuz Taş")
    for lang in ("tr", "en"):
        assert "Dokuz Taş" in info.value.message(lang)
    # a Mangala Rules that only borrows the name is no Dokuz Taş
    assert game_of(Rules(name="dokuz-tas")) is None


def test_reading_the_registry_imports_no_engine():
    code = (
        "import sys, mangala_edu.games as g; g.find_game('mühle'); g.game_names(); "
        "print(sorted(m for m in sys.modules if m.startswith('mangala_edu.')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "dokuz_tas" not in out and "search" not in out and "widgets" not in out, out


def test_the_places_that_iterate_the_registry():
    """The family's comparison, the off-path searches' reach and Mangala's endgame tables
    take the sowing games only; the command line takes every game."""
    from mangala_edu.lessons import family_compare
    from mangala_edu.search.players import FAMILY_SOLVER_STONES
    from mangala_edu.search.tables import table_rules_name

    assert "dokuz-tas" not in family_compare.GAMES
    assert set(family_compare.GAMES) == {g.key for g in GAMES if g.sowing and g.variant_of is None}
    assert "dokuz-tas" not in FAMILY_SOLVER_STONES
    assert table_rules_name(Rules.official()) == "official"
    assert tuple(RULE_NAMES) == tuple(g.key for g in GAMES)


# -- The expert and the endgame tables ------------------------------------------------------


def _positions_3_3(count: int, seed: int, wanted: str) -> list[Position]:
    """Random 3-3 positions of the moving phase whose value for the side to move (by the
    table of the user cache) is ``wanted``; wins need at least 3 turns (no mill at once)."""
    tables = T.Tables()
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        points = rng.sample(range(24), 6)
        pos = Position(
            white=points_of(sum(1 << p for p in points[:3])),
            black=points_of(sum(1 << p for p in points[3:])),
            to_move="white",
            in_hand=(0, 0),
        )
        found = tables.lookup(pos)
        assert found is not None
        if found[0] == wanted and (wanted == "draw" or found[1] >= 3):
            out.append(pos)
    return out


def test_the_expert_plays_the_table_s_best_turn_when_it_is_built(with_tables):
    assert endgame_probe() is not None and endgame_probe(flying=False) is None
    tables = T.Tables()
    for pos in _positions_3_3(4, seed=5, wanted="win"):
        _, d = tables.lookup(pos)
        player = Player("usta", time_limit=1.0)
        turn = player.choose(pos)
        after = pos.play(turn)
        assert after.outcome is None  # no win in one turn in these positions
        assert tables.lookup(after) == ("loss", d - 1), (pos, turn)  # the quickest win
        assert player.last is not None and player.last.values[turn].result == "win"
        assert player.last.depth == 1  # the table answered at once: no search to the win
    for pos in _positions_3_3(2, seed=6, wanted="draw"):
        turn = Player("usta", time_limit=1.0).choose(pos)
        after = pos.play(turn)
        assert after.outcome is None and tables.lookup(after)[0] == "draw", (pos, turn)


def test_without_tables_the_expert_still_plays(with_tables, monkeypatch, tmp_path):
    positions = _positions_3_3(2, seed=7, wanted="win")
    monkeypatch.setenv("MANGALA_EDU_CACHE", str(tmp_path))  # an empty cache
    T.forget()
    assert endgame_probe() is None
    for pos in positions:
        assert Player("usta", time_limit=0.3).choose(pos) in pos.legal_moves


def test_a_seeded_expert_plays_the_same_with_tables_or_without(with_tables, monkeypatch, tmp_path):
    """A seed gives the same turns on every machine: a seeded player never reads tables."""
    positions = _positions_3_3(2, seed=8, wanted="win")
    seen = [Player("usta", seed=4, node_limit=3000).choose(pos) for pos in positions]
    monkeypatch.setenv("MANGALA_EDU_CACHE", str(tmp_path))
    T.forget()
    assert [Player("usta", seed=4, node_limit=3000).choose(pos) for pos in positions] == seen
