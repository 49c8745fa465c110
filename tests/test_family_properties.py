"""Properties of the family's games over random positions and random games (hypothesis):
stones are conserved, playing never changes a position, every trace replays to the board
``play`` gives, a finished game has a result, records and the notation round-trip."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mangala_edu import Game, Position, Rules
from mangala_edu.engine.trace import LIFTS, OUTCOMES, STONE_STEPS

TK = Rules.toguz_korgool()
M2 = Rules.mangala_ii()
M4 = Rules.mangala_iv()
FAMILY = [TK, M2, M4]


@st.composite
def family_rules(draw) -> Rules:
    rules = draw(st.sampled_from([*FAMILY, None]))
    if rules is None:  # a random deal of Mangala IV
        rules = Rules.mangala_iv(random_deal=True, seed=draw(st.integers(0, 10**6)))
    return rules


@st.composite
def positions(draw) -> Position:
    """A position still in play: the side to move has a stone to play; Toguz Korgool stores
    below 82 and tuzdiks where they may lie."""
    rules = draw(st.sampled_from(FAMILY))
    m = rules.pits
    side = draw(st.sampled_from([0, 1]))
    top = 12 if rules.tuzdik else 8
    rows = [draw(st.lists(st.integers(0, top), min_size=m, max_size=m)) for _ in (0, 1)]
    tuzdiks: list[int | None] = [None, None]
    if rules.tuzdik:
        numbers = draw(st.lists(st.integers(1, m - 1), min_size=2, max_size=2, unique=True))
        for owner in (0, 1):
            if draw(st.booleans()):
                # owner's tuzdik lies in the other row
                rows[1 - owner][numbers[owner] - 1] = 0
                tuzdiks[owner] = numbers[owner] - 1 if owner == 1 else m + numbers[owner]
    if not any(rows[side]):
        number = draw(st.integers(1, m))
        index = number - 1 if side == 0 else m + number
        if index in tuzdiks:
            number = next(
                n for n in range(1, m + 1) if (n - 1 if side == 0 else m + n) not in tuzdiks
            )
        rows[side][number - 1] = draw(st.integers(1, top))
    store_top = 81 if rules.win_threshold else 60
    stores = [draw(st.integers(0, store_top)) for _ in (0, 1)]
    board = rows[0] + [stores[0]] + rows[1] + [stores[1]]
    return Position(board, "south" if side == 0 else "north", rules, (tuzdiks[0], tuzdiks[1]))


@st.composite
def games(draw) -> Game:
    """A game from the start, played to the end or cut short."""
    rules = draw(family_rules())
    game = Game(rules, draw(st.sampled_from(["south", "north"])))
    for choice in draw(st.lists(st.integers(0, 8), max_size=400)):
        moves = game.position.legal_moves
        if not moves:
            break
        game.push(moves[choice % len(moves)])
    return game


@settings(max_examples=120, deadline=None)
@given(games())
def test_stones_are_conserved_and_a_game_in_play_has_a_move(game):
    for position in game.positions:
        assert sum(position.board) == game.rules.total_stones
        assert min(position.board) >= 0
        assert all(position.board[i] == 0 for i in position.tuzdiks if i is not None)
        if position.is_over:
            assert position.legal_moves == () and position.result is not None
        else:
            assert position.legal_moves and position.result is None


@settings(max_examples=120, deadline=None)
@given(games())
def test_a_finished_game_has_a_result_that_accounts_for_every_stone(game):
    position = game.position
    if not position.is_over:
        return
    result = position.result
    assert result is not None
    assert result.south + result.north + position.stones_on_board == game.rules.total_stones
    if position.stones_on_board:  # only Toguz Korgool's 82 leaves stones
        assert game.rules.win_threshold
        assert max(result.south, result.north) >= game.rules.win_threshold


@settings(max_examples=250, deadline=None)
@given(positions())
def test_play_keeps_stones_and_never_changes_the_position(position):
    copy = Position(position.board, position.to_move, position.rules, position.tuzdiks)
    total = sum(position.board)
    for pit in position.legal_moves:
        after = position.play(pit)
        assert sum(after.board) == total
        assert position == copy and position.tuzdiks == copy.tuzdiks


@settings(max_examples=250, deadline=None)
@given(positions())
def test_every_trace_replays_to_the_board_play_gives(position):
    total = sum(position.board)
    for pit in position.legal_moves:
        trace = position.trace(pit)
        assert trace.after == position.play(pit)
        assert trace.events[-1].board == trace.after.board
        hand = 0
        for event in trace.events:
            if event.kind in LIFTS:
                assert hand == 0
                hand = event.count
            elif event.kind in STONE_STEPS:
                hand -= 1
                assert hand == event.count
            assert sum(event.board) + hand == total
        assert hand == 0
        assert sum(1 for e in trace.events if e.kind in OUTCOMES) == 1


@settings(max_examples=100, deadline=None)
@given(games())
def test_records_replay_to_the_same_positions_and_traces(game):
    again = Game.from_json(game.to_json())
    assert again.positions == game.positions and again.moves == game.moves
    for ply, trace in enumerate(game.traces(), start=1):
        assert trace.after == game.positions[ply]
        assert trace.events[-1].board == game.positions[ply].board


@settings(max_examples=200, deadline=None)
@given(positions())
def test_notation_round_trips(position):
    assert Position.from_text(position.to_text(), position.rules) == position
