"""The one computer-move loop (search.arena.computer_turns) and the places that use it."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from mangala_edu import Game, Position, Rules
from mangala_edu.lessons.challenge import Challenge
from mangala_edu.search import Player, RandomPlayer
from mangala_edu.search.arena import computer_turns, play_set

from .conftest import pos


class Recorder:
    """A player that plays the first legal move and keeps what it was shown."""

    def __init__(self) -> None:
        self.seen: list[tuple[Position, tuple[Position, ...]]] = []

    def choose(self, position: Position, history: Sequence[Position] = ()) -> int:
        self.seen.append((position, tuple(history)))
        return position.legal_moves[0]


def old_play_set(south, north, start):
    """play_set as it was written before computer_turns (the moves must stay the same)."""
    game = Game(start=start)
    while not game.position.is_over:
        p = game.position
        player = south if p.to_move == "south" else north
        history = game.positions[:-1] if game.rules.repetition_end else ()
        game.push(player.choose(p, history))
    return game


def test_it_stops_at_a_humans_turn_and_yields_each_move():
    game = Game()
    moves = list(computer_turns(game, {"south": RandomPlayer(seed=9)}))
    assert [m.pit for m in moves] == [4, 5] and game.position.to_move == "north"
    assert [m.played.after for m in moves] == list(game.positions[1:])
    assert moves[0].played.extra_turn and moves[0].position == Position.start()
    assert all(m.seconds >= 0 for m in moves)
    assert list(computer_turns(game, {"south": RandomPlayer(seed=9)})) == []  # North's turn


def test_it_plays_to_the_end_of_the_set_or_until_done():
    game = Game()
    played = list(computer_turns(game, {"south": Recorder(), "north": Recorder()}))
    assert game.position.is_over and len(played) == len(game.moves)
    game = Game()
    turns = computer_turns(
        game, {"south": Recorder(), "north": Recorder()}, done=lambda: len(game.moves) >= 3
    )
    assert len(list(turns)) == 3 and len(game.moves) == 3


def test_thinking_is_said_before_each_choice_and_play_can_be_a_boards():
    game = Game()
    said: list[Position] = []
    pushed: list[int] = []

    def play(pit: int) -> str:
        pushed.append(pit)
        game.push(pit)
        return f"played {pit}"

    moves = list(computer_turns(game, {"south": Recorder()}, play=play, thinking=said.append))
    assert said == [m.position for m in moves] and [m.played for m in moves] == [
        f"played {p}" for p in pushed
    ]


def test_the_players_are_given_the_games_history_where_a_repetition_ends_it():
    game = Game(start=pos("1,0,0,0,0,0,35/0,0,0,0,0,0,36 S", Rules.mangala_ii()))
    south = Recorder()
    list(computer_turns(game, {"south": south, "north": Recorder()}))
    assert game.position.is_over and game.repeated(len(game.moves)) == 12
    for ply, (position, history) in enumerate(south.seen, start=1):
        assert position == game.positions[ply - 1] and history == game.positions[: ply - 1]
    classic = Recorder()
    list(computer_turns(Game(moves=(3,)), {"north": classic}))
    assert classic.seen and all(history == () for _, history in classic.seen)


@pytest.mark.parametrize(
    "rules", [Rules.official(), Rules.mangala_ii(), Rules.toguz_korgool()], ids=lambda r: r.name
)
def test_play_set_plays_the_same_moves_as_before(rules):
    for seed in range(3):
        start = Position.start(rules)
        new = play_set(RandomPlayer(seed), RandomPlayer(seed + 10), start)
        old = old_play_set(RandomPlayer(seed), RandomPlayer(seed + 10), start)
        assert new.moves == old.moves
    start = pos("0,3,0,2,1,1,20/1,2,0,0,1,3,14 S")
    new = play_set(Player("kolay", seed=4), Player("orta", seed=5), start)
    old = old_play_set(Player("kolay", seed=4), Player("orta", seed=5), start)
    assert new.moves == old.moves


def test_the_challenge_gives_the_computer_the_games_history():
    # Mangala II: South (the learner) and North each have a lone stone going round.
    start = pos("1,0,0,0,0,0,35/1,0,0,0,0,0,35 S", Rules.mangala_ii())
    game = Challenge(start, {1: 0}, "Play!", "Any pit.", level="kolay", seed=1, lang="en")
    computer = game.player = Recorder()  # type: ignore[assignment]
    for _ in range(3):
        game.play(game.position.legal_moves[0])
    assert len(computer.seen) == 3
    for position, history in computer.seen:
        ply = game.board.game.positions.index(position)
        assert history == game.board.game.positions[:ply] and len(history) == ply > 0
    assert game.computer_moves == [computer.seen[-1][0].legal_moves[0]]


def test_the_match_widget_gives_the_computer_the_games_history():
    from mangala_edu.widgets.play import PlayBoard

    play = PlayBoard(
        level="kolay", rules="mangala-ii", human="south", first="south", seed=1, lang="en", speed=0
    )
    computer = play.player = Recorder()  # type: ignore[assignment]
    for _ in range(2):
        play.human_move(play.position.legal_moves[0])
    game = play.match.game
    assert computer.seen and all(p.to_move == "north" for p, _ in computer.seen)
    for position, history in computer.seen:
        ply = game.positions.index(position)
        assert history == game.positions[:ply] and len(history) == ply > 0
