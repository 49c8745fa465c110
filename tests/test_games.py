"""The registry of games (mangala_edu.games): one entry a game, read by every part that lists,
names, plays or searches a game."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from mangala_edu import Rules, RulesError
from mangala_edu.cli import RULE_NAMES, TABLE_RULE_NAMES, main
from mangala_edu.games import GAME, GAMES, SET, find_game, game_names, game_of, rules_of, unit_of
from mangala_edu.i18n import catalogue

SOWING = [g for g in GAMES if g.sowing]
"""The games of the Mangala family: played with a Mangala ``Rules``."""
NOT_SOWN = [g for g in GAMES if not g.sowing]
"""The games with rules, an engine and a search of their own (Dokuz Taş)."""


@pytest.mark.parametrize("game", SOWING, ids=lambda g: g.key)
def test_each_entry_names_its_rules_and_is_found_again_by_them(game):
    rules = game.rules()
    assert game_of(rules) is game
    assert find_game(game.key) is game
    for alias in game.aliases:
        assert find_game(alias) is game and Rules.from_name(alias) == rules
    assert Rules.from_name(game.key) == rules
    assert Rules.from_json(rules.to_json()) == rules
    assert eval(repr(rules), {"Rules": Rules}) == rules
    assert game.unit in (SET, GAME) and unit_of(rules) == game.unit
    # stores beside the board: played as one game (Toguz Korgool, Mangala II, IV)
    assert (game.unit == GAME) == (not rules.stores_on_path)


@pytest.mark.parametrize("game", NOT_SOWN, ids=lambda g: g.key)
def test_a_game_that_is_not_sown_has_rules_of_its_own(game):
    """Its rules are its own frozen object (no pits to sow): the registry finds the game
    again by them, and every part built on sowing refuses it by name."""
    rules = game.rules()
    assert not isinstance(rules, Rules)
    assert game_of(rules) is game and unit_of(rules) == game.unit == GAME
    assert game.rules() == rules and hash(game.rules()) == hash(rules)
    for alias in game.aliases:
        assert find_game(alias) is game
    assert rules.geometry is game.geometry
    for name in (game.key, *game.aliases):
        with pytest.raises(RulesError) as info:
            Rules.from_name(name)
        assert info.value.key == "rules.not_sowing"
    with pytest.raises(RulesError):
        game.sowing_rules()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_each_entry_has_its_texts_in_both_languages(game):
    for lang in ("tr", "en"):
        texts = catalogue(lang)
        assert texts[game.name_key].strip()
        assert game.note_key is None or texts[game.note_key].strip()
        assert game.sized_name_key is None or "{pits}" in texts[game.sized_name_key]
    assert (game.note_key is None) == (game.key == "official")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_each_entry_names_code_that_exists(game):
    for what in ("preset", "engine", "board", "picture", "notation"):
        assert callable(game.load(what)), what
    backends = game.backends()
    assert backends, "a game no search can play"
    rules = game.rules()
    engine = game.load("engine")
    # a sowing game's position is made from Mangala's rules; another game's rules make it
    position = engine.start(rules) if game.sowing else rules.start()
    assert isinstance(position, engine)
    assert game.load("picture")(position).startswith("<svg")
    if not game.sowing:  # its position in its own notation
        assert engine.from_text(game.load("notation")(position)) == position
    # every backend the entry names plays the game: it gives a legal move from the start
    for backend in backends:
        search = backend(rules) if game.sowing else backend()
        move = search.choose(position, "kolay", seed=1)
        assert move in position.legal_moves, backend
    with pytest.raises(AttributeError):
        game.load("key")


def test_sized_and_dealt_games():
    kalah = find_game("kalah(7,4)")
    assert kalah.sized and rules_of("Kalah(7,4)") == Rules.kalah(7, 4)
    assert game_of(Rules.kalah(3, 2)) is kalah
    assert "kalah(M,N)" in game_names() and "kalah" in game_names(sized=False)
    m4 = find_game("mangala-iv")
    dealt = Rules.mangala_iv(random_deal=True, seed=5)
    assert m4.dealt and game_of(dealt) is m4 and m4.rules(deal=dealt.deal) == dealt
    assert [g.key for g in GAMES if g.sized] == ["kalah"]
    assert [g.key for g in GAMES if g.dealt] == ["mangala-iv"]


def test_rules_of_no_game_have_the_game_they_are_nearest():
    custom = Rules(name="x", even_capture=False)
    assert game_of(custom) is None
    assert game_of(custom, nearest=True) is find_game("official")
    assert unit_of(custom) == SET
    storeless = replace(Rules.mangala_ii(), name="y", pits=5, stones=5)
    assert game_of(storeless) is None and unit_of(storeless) == GAME
    assert game_of(storeless, nearest=True) is find_game("mangala-ii")


def test_an_unknown_name_is_refused_naming_every_game():
    with pytest.raises(RulesError) as info:
        find_game("chess")
    for lang in ("tr", "en"):
        text = info.value.message(lang)
        assert "chess" in text
        assert all(g.key in text for g in GAMES)
    with pytest.raises(RulesError):
        Rules.from_name("kalah(4)")


def test_the_command_line_takes_the_registry_names(capsys):
    assert tuple(RULE_NAMES) == tuple(g.key for g in GAMES)
    assert tuple(TABLE_RULE_NAMES) == tuple(g.key for g in GAMES if g.search.tables)
    assert main(["replay", "--json", "--rules", "kalah(4,3)", "1"]) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert first["board"] == [0, 4, 4, 4, 0, 3, 3, 3, 3, 0]
    assert main(["replay", "--json", "--rules", "Togyz_Kumalak", "9"]) == 0
    assert capsys.readouterr().out
    # a sized name and --pits/--stones: the options win
    assert main(["replay", "--json", "--rules", "kalah(4,3)", "--pits", "3", "1"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[0])["board"] == [0, 4, 4, 1, 3, 3, 3, 0]
