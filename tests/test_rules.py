"""Every rule and edge case of RULINGS.md, each on a hand-built position."""

from __future__ import annotations

import pytest

from mangala_edu import NORTH, SOUTH, Position, Rules

from .conftest import pos

S_STORE, N_STORE = 6, 13


def kinds(trace):
    return [e.kind for e in trace.events]


def drops(trace):
    return [e.place for e in trace.events if e.kind == "drop"]


# -- Sowing ---------------------------------------------------------------------------------


def test_first_stone_back():
    trace = Position.start().trace(1)
    assert trace.after.board == (1, 5, 5, 5, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0)
    assert kinds(trace)[:2] == ["lift", "return"]
    assert trace.events[0].count == 4 and trace.events[0].board[0] == 0
    assert trace.events[1].place == 0 and trace.events[1].board[0] == 1
    assert drops(trace) == [1, 2, 3]


def test_single_stone_moves_on_and_leaves_the_pit_empty():
    trace = pos("1,1,2,0,0,0,20/4,4,4,4,4,4,0 S").trace(2)
    assert trace.after.pits("south") == (1, 0, 3, 0, 0, 0)
    assert "return" not in kinds(trace)
    assert drops(trace) == [2]
    assert trace.outcome == "nothing" and trace.after.to_move == "north"


def test_north_sows_counter_clockwise_into_its_own_store_and_on_to_south():
    trace = Position.start(first="north").trace(6)  # N6: back, N store, S1, S2
    assert drops(trace) == [N_STORE, 0, 1]
    assert trace.after.board == (5, 5, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 1, 1)
    assert trace.after.to_move == "south"


def test_long_sow_laps_without_skipping_the_origin_and_skips_the_opponents_store():
    start = pos("15,0,0,0,0,0,0/1,1,1,1,1,1,27 S")
    trace = start.trace(1)
    # one back, then S2..S6, the store, N1..N6, (N store skipped), S1 (origin), S2.
    assert drops(trace) == [1, 2, 3, 4, 5, S_STORE, 7, 8, 9, 10, 11, 12, 0, 1]
    assert [e.place for e in trace.events if e.kind == "skip"] == [N_STORE]
    assert trace.after.board == (2, 2, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 27)
    assert trace.outcome == "nothing"  # S2 had a stone from the first lap


def test_a_lap_that_ends_in_the_origin_finds_it_not_empty():
    trace = pos("14,0,0,0,0,0,0/1,1,1,1,1,1,28 S").trace(1)
    assert trace.last_place == 0
    assert trace.after.board[0] == 2 and trace.outcome == "nothing"


# -- Own store and extra turn ---------------------------------------------------------------


def test_last_stone_in_own_store_gives_an_extra_turn():
    trace = Position.start().trace(4)
    assert trace.outcome == "extra_turn" and trace.extra_turn
    assert trace.after.to_move == "south" and trace.after.board[S_STORE] == 1


def test_a_chain_of_extra_turns():
    start = pos("0,0,0,0,3,1,10/4,4,4,4,4,4,10 S")
    first = start.trace(6)  # the single stone goes into the store
    second = first.after.trace(5)  # 3 stones: back, S6, the store
    assert first.extra_turn and second.extra_turn
    assert second.after.to_move == "south"
    assert second.after.board[:7] == (0, 0, 0, 0, 1, 1, 12)


def test_north_extra_turn_and_souths_store_is_never_sown_by_north():
    trace = pos("4,4,4,4,4,4,0/0,0,0,0,0,9,15 N").trace(6)
    # back in N6, N store, S1..S6 (South's store skipped), then N1
    assert [e.place for e in trace.events if e.kind == "skip"] == [S_STORE]
    assert trace.after.board[S_STORE] == 0
    assert trace.last_place == 7 and trace.outcome == "empty_capture"


# -- Even capture -----------------------------------------------------------------------------


def test_even_capture_takes_the_whole_opponent_pit():
    trace = pos("0,0,0,0,0,3,20/3,4,4,4,4,4,2 S").trace(6)  # back, store, N1: 3 -> 4
    assert trace.outcome == "even_capture" and trace.captured == 4
    assert trace.after.board[7] == 0 and trace.after.board[S_STORE] == 25
    assert trace.events[-1].moved == ((7, S_STORE, 4),)
    assert trace.after.to_move == "north"


def test_odd_count_in_an_opponent_pit_takes_nothing():
    trace = pos("0,0,0,0,0,3,20/2,4,4,4,4,4,3 S").trace(6)  # N1: 2 -> 3
    assert trace.outcome == "odd" and trace.captured == 0
    assert trace.after.board[7] == 3 and trace.after.to_move == "north"


def test_no_even_capture_in_own_pits():
    trace = pos("2,1,0,0,0,0,20/4,4,4,4,4,4,1 S").trace(1)  # back, S2: 1 -> 2 (even, own)
    assert trace.outcome == "nothing" and trace.after.board[1] == 2


def test_an_empty_opponent_pit_made_one_is_odd_not_an_empty_pit_capture():
    trace = pos("0,0,0,0,0,3,20/0,4,4,4,4,4,5 S").trace(6)  # N1: 0 -> 1
    assert trace.outcome == "odd" and trace.after.board[7] == 1


# -- Empty-pit capture ------------------------------------------------------------------------


def test_empty_pit_capture_takes_the_opposite_pit_and_the_last_stone():
    trace = pos("2,0,1,0,0,0,16/4,4,4,4,3,4,10 S").trace(1)  # back, S2 (empty); faces N5
    assert trace.outcome == "empty_capture" and trace.captured == 4
    assert trace.after.board[1] == 0 and trace.after.board[11] == 0
    assert trace.after.board[S_STORE] == 20
    assert set(trace.events[-1].moved) == {(11, S_STORE, 3), (1, S_STORE, 1)}


def test_empty_pit_with_an_empty_opposite_pit_takes_nothing_and_the_stone_stays():
    trace = pos("2,0,1,0,0,0,16/4,4,4,4,0,4,13 S").trace(1)
    assert trace.outcome == "empty_opposite_empty" and trace.captured == 0
    assert trace.after.board[1] == 1 and trace.after.to_move == "north"


def test_opposite_pits():
    geometry = Rules.official().geometry
    for pit in range(1, 7):
        assert geometry.opposite[geometry.index(SOUTH, pit)] == geometry.index(NORTH, 7 - pit)


# -- End of the set ---------------------------------------------------------------------------


def test_set_ends_in_the_middle_of_an_extra_turn_chain():
    trace = pos("0,0,0,0,0,1,20/4,4,4,4,4,3,3 S").trace(6)
    assert kinds(trace)[-3:] == ["extra_turn", "sweep", "set_over"]
    assert not trace.extra_turn and trace.after.is_over
    assert trace.after.to_move is None and trace.after.legal_moves == ()
    # South's side is empty: South takes North's 23 stones.
    assert trace.after.result.south == 21 + 23 and trace.after.result.north == 3
    assert trace.sweep.side == "south" and trace.sweep.count == 23


def test_sweep_goes_to_the_player_whose_side_is_empty_even_when_the_opponent_emptied_it():
    trace = pos("1,0,0,0,0,3,20/1,0,0,0,0,0,23 S").trace(6)  # South captures North's last
    assert trace.outcome == "even_capture"
    assert trace.sweep.side == "north" and trace.sweep.count == 2
    result = trace.after.result
    assert (result.south, result.north, result.winner) == (23, 25, "north")


def test_both_sides_empty_at_once():
    trace = pos("1,0,0,0,0,0,20/0,0,0,0,5,0,22 S").trace(1)  # S2 empty, faces N5
    assert trace.outcome == "empty_capture"
    assert trace.sweep is None and trace.after.is_over
    assert (trace.after.result.south, trace.after.result.north) == (26, 22)


def test_24_24_is_a_draw():
    end = pos("0,0,0,0,0,1,22/1,0,0,0,0,0,24 S").play(6)
    assert end.result.winner == "draw"
    assert (end.result.south, end.result.north) == (24, 24)
    assert end.result.points("south") == end.result.points("north") == 0.5


def test_a_player_to_move_always_has_a_move():
    with pytest.raises(ValueError, match="set is already over"):
        pos("0,0,0,0,0,0,20/4,4,4,4,4,4,4 S")


# -- Variants -----------------------------------------------------------------------------------


def test_no_return_sows_every_stone_from_the_next_pit():
    trace = Position.start(Rules.no_return()).trace(1)
    assert "return" not in kinds(trace)
    assert trace.after.board[:7] == (0, 5, 5, 5, 5, 4, 0)


def test_no_return_lap_into_the_emptied_origin_is_an_empty_pit_capture():
    rules = Rules.no_return()
    trace = pos("13,0,0,0,0,0,0/1,1,1,1,1,1,29 S", rules).trace(1)
    assert trace.last_place == 0
    assert trace.outcome == "empty_capture"
    # N6 had 1 and got one on the way: 2 taken, plus the last stone
    assert trace.captured == 3 and trace.after.board[S_STORE] == 1 + 3


def test_no_return_single_stone_is_the_same_as_official():
    text = "1,1,2,0,0,0,20/4,4,4,4,4,4,0 S"
    assert pos(text, Rules.no_return()).play(2).board == pos(text).play(2).board


def test_own_side_variant_each_keeps_their_own_side():
    text = "1,0,0,0,0,3,20/1,0,0,0,0,0,23 S"
    official = pos(text).play(6).result
    own = pos(text, Rules.own_side()).play(6).result
    assert (official.south, official.north) == (23, 25)
    assert (own.south, own.north) == (25, 23)


def test_own_side_variant_keeps_first_stone_back_and_captures():
    assert Position.start(Rules.own_side()).play(1).board == Position.start().play(1).board


def test_kalah_has_no_even_capture_and_no_first_stone_back():
    rules = Rules.kalah(6, 4)
    trace = pos("1,0,0,0,0,2,19/3,4,4,4,4,4,3 S", rules).trace(6)  # store, N1: 3 -> 4
    assert trace.outcome == "nothing" and trace.after.board[7] == 4
    assert trace.after.board[S_STORE] == 20


def test_kalah_sizes():
    rules = Rules.kalah(pits=4, stones=3)
    start = Position.start(rules)
    assert start.board == (3, 3, 3, 3, 0, 3, 3, 3, 3, 0)
    assert start.legal_moves == (1, 2, 3, 4)
    assert start.play(2).board == (3, 0, 4, 4, 1, 3, 3, 3, 3, 0)  # the last one in the store
    assert start.play(2).to_move == "south"
    assert start.to_text() == "3,3,3,3,0/3,3,3,3,0 S"


def test_kalah_empty_capture_needs_a_non_empty_opposite_pit():
    rules = Rules.kalah(3, 3)
    captured = pos("1,0,2,5/2,2,2,4 S", rules).trace(1)  # S2 empty, faces N2
    assert captured.outcome == "empty_capture" and captured.captured == 3
    kept = pos("1,0,2,5/2,0,2,6 S", rules).trace(1)
    assert kept.outcome == "empty_opposite_empty"


@pytest.mark.parametrize("name", ["official", "no-return", "own-side", "kalah(6,4)", "kalah(3,3)"])
def test_presets_round_trip_by_name(name):
    rules = Rules.from_name(name)
    assert rules.name == name
    assert Rules.from_json(rules.to_json()) == rules
    assert eval(repr(rules), {"Rules": Rules}) == rules
