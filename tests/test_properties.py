"""Properties over random games and random legal positions (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mangala_edu import Game, Position, Rules

PRESETS = [
    Rules.official(),
    Rules.no_return(),
    Rules.own_side(),
    Rules.kalah(6, 4),
    Rules.kalah(4, 3),
    Rules.kalah(3, 5),
]


@st.composite
def positions(draw) -> Position:
    """A legal position: both rows hold stones (so the set is not over), any stores."""
    rules = draw(st.sampled_from(PRESETS))
    m = rules.pits

    def row():
        pits = draw(st.lists(st.integers(0, 15), min_size=m, max_size=m).filter(any))
        return [*pits, draw(st.integers(0, 30))]

    return Position(row() + row(), draw(st.sampled_from(["south", "north"])), rules)


@st.composite
def games(draw) -> Game:
    """A random game from the start, played to the end or cut short."""
    rules = draw(st.sampled_from(PRESETS))
    game = Game(rules, draw(st.sampled_from(["south", "north"])))
    choices = draw(st.lists(st.integers(0, 5), max_size=200))
    for choice in choices:
        moves = game.position.legal_moves
        if not moves:
            break
        game.push(moves[choice % len(moves)])
    return game


def total(position: Position) -> int:
    return sum(position.board)


@settings(max_examples=150, deadline=None)
@given(games())
def test_stones_are_never_created_or_lost_in_games(game):
    for position in game.positions:
        assert total(position) == game.rules.total_stones
        assert min(position.board) >= 0


@settings(max_examples=300, deadline=None)
@given(positions())
def test_play_keeps_stones_and_leaves_the_position_as_it_was(position):
    board, side = position.board, position.to_move
    copy = Position(board, side, position.rules)
    for pit in position.legal_moves:
        after = position.play(pit)
        assert total(after) == total(position)
        assert (position.board, position.to_move) == (board, side)
        assert position == copy


@settings(max_examples=300, deadline=None)
@given(positions())
def test_the_trace_ends_where_play_ends_and_accounts_for_every_stone(position):
    for pit in position.legal_moves:
        trace = position.trace(pit)
        assert trace.after == position.play(pit)
        assert trace.events[-1].board == trace.after.board
        hand = 0
        for event in trace.events:
            if event.kind == "lift":
                hand = event.count
            elif event.kind in ("return", "drop"):
                hand -= 1
                assert hand == event.count
            assert sum(event.board) + hand == total(position)
        assert hand == 0
        outcomes = [
            e
            for e in trace.events
            if e.kind
            in (
                "extra_turn",
                "even_capture",
                "odd",
                "empty_capture",
                "empty_opposite_empty",
                "nothing",
            )
        ]
        assert len(outcomes) == 1


@settings(max_examples=150, deadline=None)
@given(games())
def test_finished_positions_have_no_legal_moves_and_empty_pits(game):
    for position in game.positions:
        if position.is_over:
            assert position.legal_moves == ()
            assert position.stones_on_board == 0
            result = position.result
            assert result.south + result.north == game.rules.total_stones
        else:
            assert position.legal_moves
            assert position.result is None


@settings(max_examples=150, deadline=None)
@given(games())
def test_replaying_a_saved_record_gives_the_same_positions(game):
    again = Game.from_json(game.to_json())
    assert again.positions == game.positions
    assert again.moves == game.moves
    assert again.players == game.players


@settings(max_examples=200, deadline=None)
@given(positions())
def test_notation_round_trips(position):
    assert Position.from_text(position.to_text(), position.rules) == position
