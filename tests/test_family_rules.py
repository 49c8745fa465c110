"""The family's games rule by rule (seeds 002, 003, 004 and RULINGS "The family"), each on a
hand-built position: Toguz Korgool, Mangala II, Mangala IV."""

from __future__ import annotations

import pickle
import random

import pytest

from mangala_edu import (
    Game,
    IllegalMoveError,
    Match,
    Position,
    PositionError,
    RecordError,
    Rules,
    RulesError,
)
from mangala_edu.engine.rules import END_EMPTY_BOARD

TK = Rules.toguz_korgool()
M2 = Rules.mangala_ii()
M4 = Rules.mangala_iv()
# Board indices. Toguz Korgool: S1..S9 = 0..8, S store 9, N1..N9 = 10..18, N store 19.
TK_S, TK_N = 9, 19
# Mangala II: S1..S6 = 0..5, S store 6, N1..N6 = 7..12, N store 13.
M2_S, M2_N = 6, 13
# Mangala IV: S1..S7 = 0..6, S store 7, N1..N7 = 8..14, N store 15.
M4_S, M4_N = 7, 15


def tk(text: str) -> Position:
    return Position.from_text(text, TK)


def m2(text: str) -> Position:
    return Position.from_text(text, M2)


def m4(text: str) -> Position:
    return Position.from_text(text, M4)


def kinds(trace) -> list[str]:
    return [e.kind.value for e in trace.events]


def drops(trace) -> list[int]:
    return [e.place for e in trace.events if e.kind in ("drop", "tuzdik_drop")]


# -- The presets --------------------------------------------------------------------------------


def test_presets_are_rules_as_data():
    assert (TK.pits, TK.stones, TK.total_stones, TK.stores_on_path) == (9, 9, 162, False)
    assert (TK.first_stone_back, TK.even_capture, TK.tuzdik, TK.win_threshold) == (
        True,
        True,
        3,
        82,
    )
    assert (M2.pits, M2.stones, M2.total_stones, M2.first_stone_back) == (6, 6, 72, False)
    assert (M2.capture_counts, M2.capture_run, M2.capture_opposite, M2.relay) == (
        (2, 4, 6),
        True,
        False,
        False,
    )
    assert (M4.pits, M4.stones, M4.total_stones) == (7, 7, 98)
    assert (M4.capture_counts, M4.capture_opposite, M4.relay, M4.forced_leftmost) == (
        (2, 4),
        True,
        True,
        True,
    )
    for rules in (TK, M2, M4):
        assert not rules.stores_on_path and rules.repetition_end and not rules.empty_capture
        assert Rules.from_name(rules.name) == rules
        assert Rules.from_json(rules.to_json()) == rules
        assert eval(repr(rules), {"Rules": Rules}) == rules
    assert Rules.official().stores_on_path and Rules.kalah(6, 4).stores_on_path


def test_rules_that_cannot_be_played_together_are_refused():
    with pytest.raises(RulesError) as info:
        Rules(name="odd", relay=True)  # relay sowing with stores on the path
    assert info.value.key == "rules.inconsistent"
    with pytest.raises(RulesError):
        Rules(name="odd", stores_on_path=False)  # storeless, but Mangala's end of the set
    with pytest.raises(RulesError) as info:
        Rules.mangala_iv(deal=(7,) * 13)
    assert "14 pits" in info.value.message("en")


STORELESS = dict(
    name="odd",
    first_stone_back=False,
    empty_capture=False,
    end_rule=END_EMPTY_BOARD,
    stores_on_path=False,
    repetition_end=True,
)


@pytest.mark.parametrize(
    ("extra", "key", "named"),
    [
        # a count capture decides the last stone alone: the even capture / tuzdik never fire
        ({"capture_counts": (2, 4), "even_capture": True}, "rules.counts_exclude", "even_capture"),
        (
            {"capture_counts": (2, 4), "even_capture": False, "tuzdik": 3},
            "rules.counts_exclude",
            "tuzdik",
        ),
        # parts of a count capture without one would do nothing
        ({"even_capture": False, "relay": True}, "rules.needs_counts", "relay"),
        ({"even_capture": False, "capture_run": True}, "rules.needs_counts", "capture_run"),
        (
            {"even_capture": True, "capture_opposite": True},
            "rules.needs_counts",
            "capture_opposite",
        ),
        ({"even_capture": True, "capture_rows": "opponent"}, "rules.needs_counts", "capture_rows"),
    ],
)
def test_rules_the_off_path_sowing_would_not_play_as_written_are_refused(extra, key, named):
    with pytest.raises(RulesError) as info:
        Rules(**STORELESS, **extra)
    assert info.value.key == key
    for lang in ("tr", "en"):
        assert named in info.value.message(lang) and "odd" in info.value.message(lang)
    # the same rules without the clash are played
    fine = {k: v for k, v in extra.items() if k in ("capture_counts", "even_capture")}
    if key == "rules.counts_exclude":
        fine["even_capture"] = False
    assert Rules(**STORELESS, **fine).stores_on_path is False


def test_start_positions_and_their_notation():
    assert Position.start(TK).to_text() == "9,9,9,9,9,9,9,9,9,0/9,9,9,9,9,9,9,9,9,0 S"
    assert Position.start(M2).to_text() == "6,6,6,6,6,6,0/6,6,6,6,6,6,0 S"
    assert Position.start(M4).to_text() == "7,7,7,7,7,7,7,0/7,7,7,7,7,7,7,0 S"
    assert Position.start(TK).legal_moves == tuple(range(1, 10))
    assert Position.start(M2).legal_moves == tuple(range(1, 7))


# -- Toguz Korgool --------------------------------------------------------------------------------


def test_toguz_first_stone_back_and_stores_off_the_path():
    trace = Position.start(TK).trace(9)  # 9 stones: one back into S9, then N1..N8
    assert kinds(trace)[:2] == ["lift", "return"]
    assert drops(trace) == list(range(10, 18))  # no store on the way
    # N8 made 10: even, in the opponent's row: captured.
    assert trace.outcome == "even_capture" and trace.captured == 10
    assert trace.after.to_text() == "9,9,9,9,9,9,9,9,1,10/10,10,10,10,10,10,10,0,9,0 N"


def test_toguz_a_single_stone_moves_on():
    trace = tk("0,0,0,1,0,0,0,0,0,80/1,0,0,0,0,0,0,0,0,80 S").trace(4)
    assert "return" not in kinds(trace) and drops(trace) == [4]
    assert trace.after.pits("south")[3:5] == (0, 1)


def test_toguz_even_capture_only_in_the_opponents_row():
    own = tk("0,0,0,2,1,0,0,0,0,70/1,1,1,1,1,1,1,1,1,70 S").trace(4)  # back, S5 1 -> 2
    assert own.last_place == 4 and own.after.board[4] == 2
    assert own.outcome == "nothing" and not own.captured
    theirs = tk("0,0,0,0,0,0,0,0,2,70/1,1,1,1,1,1,1,1,1,72 S").trace(9)  # back, N1 1 -> 2
    assert theirs.outcome == "even_capture" and theirs.captured == 2
    assert theirs.after.store("south") == 72 and theirs.after.pits("north")[0] == 0


def test_toguz_odd_in_the_opponents_row_takes_nothing():
    trace = tk("0,0,0,0,0,0,0,0,2,70/4,1,1,1,1,1,1,1,1,69 S").trace(9)  # back, N1 4 -> 5
    assert trace.outcome == "odd" and trace.outcome_event.count == 5 and not trace.captured


def test_tuzdik_made_by_a_last_stone_making_an_opponent_pit_exactly_3():
    pos = tk("0,0,0,0,0,0,0,0,3,70/1,2,1,1,1,1,1,1,1,71 S")  # back, N1 -> 2, N2 -> 3
    trace = pos.trace(9)
    assert trace.outcome == "tuzdik" and trace.captured == 3
    assert trace.outcome_event.moved == ((11, TK_S, 3),)
    after = trace.after
    assert after.tuzdiks == (11, None) and after.tuzdik("south") == 2
    assert after.tuzdik("north") is None
    assert after.board[11] == 0 and after.store("south") == 73
    assert after.to_text() == "0,0,0,0,0,0,0,0,1,73/2,x,1,1,1,1,1,1,1,71 N"
    assert Position.from_text(after.to_text(), TK) == after


def test_tuzdik_never_the_opponents_9th_pit():
    pos = tk("0,0,0,0,0,0,0,0,10,60/1,1,1,1,1,1,1,1,2,71 S")  # back, N1..N9: N9 2 -> 3
    trace = pos.trace(9)
    assert trace.last_place == 18 and trace.outcome == "odd"
    assert trace.after.tuzdiks == (None, None) and trace.after.board[18] == 3


def test_tuzdik_at_most_one_per_player():
    pos = tk("0,0,0,0,0,0,0,0,3,60/1,2,x,1,1,1,1,1,1,71 S")  # South already has N3
    trace = pos.trace(9)  # N2 2 -> 3
    assert trace.outcome == "odd" and trace.after.board[11] == 3
    assert trace.after.tuzdiks == (12, None)


def test_tuzdik_never_the_pit_with_the_number_of_the_opponents_tuzdik():
    # North's tuzdik is South's pit 2, so South cannot make North's pit 2 a tuzdik.
    pos = tk("1,x,1,1,1,1,1,1,3,60/1,2,1,1,1,1,1,1,1,71 S")
    assert pos.tuzdiks == (None, 1)
    trace = pos.trace(9)  # N2 2 -> 3
    assert trace.outcome == "odd" and trace.after.tuzdiks == (None, 1)
    # ... but a pit with another number is fine:
    pos = tk("1,x,1,1,1,1,1,1,4,60/1,1,2,1,1,1,1,1,1,71 S")  # back, N1, N2, N3 2 -> 3
    assert pos.trace(9).outcome == "tuzdik" and pos.play(9).tuzdiks == (12, 1)


def test_a_tuzdik_is_never_played_from_and_holds_nothing():
    pos = tk("1,x,1,1,1,1,1,1,3,60/1,2,1,1,1,1,1,1,1,71 S")
    assert 2 not in pos.legal_moves
    with pytest.raises(IllegalMoveError) as info:
        pos.play(2)
    assert info.value.key == "error.tuzdik_pit"
    assert info.value.message("en") == "Pit 2 is North's tuzdik: a tuzdik is never played from."
    with pytest.raises(PositionError) as err:
        Position([1, 5] + [1] * 7 + [60] + [1] * 9 + [71], "south", TK, tuzdiks=(None, 1))
    assert err.value.key == "position.tuzdik_not_empty"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("9,9,9,9,9,9,9,9,9,0/9,9,9,9,9,9,9,9,x,0 S", "position.tuzdik_last_pit"),
        ("9,9,x,9,9,9,9,9,9,0/9,9,x,9,9,9,9,9,9,0 S", "position.tuzdik_same_number"),
        ("9,9,9,9,9,9,9,9,9,0/9,x,x,9,9,9,9,9,9,0 S", "position.two_tuzdiks"),
    ],
)
def test_impossible_tuzdiks_are_refused(text, key):
    with pytest.raises(PositionError) as info:
        tk(text)
    assert info.value.key == key


def test_an_x_is_no_tuzdik_in_other_games():
    with pytest.raises(PositionError):
        Position.from_text("6,6,x,6,6,6,0/6,6,6,6,6,6,0 S", M2)
    with pytest.raises(PositionError) as info:
        Position([6] * 6 + [0] + [6] * 6 + [0], "south", M2, tuzdiks=(8, None))
    assert info.value.key == "position.no_tuzdik_rule"


def test_stones_sown_into_a_tuzdik_go_to_its_owner_whoever_sows():
    # North's tuzdik is South's pit 3; South sows over it: that stone goes to North's store.
    pos = tk("4,1,x,1,1,1,1,1,1,60/1,1,1,1,1,1,1,1,1,70 S")
    trace = pos.trace(1)  # back into S1, S2, S3 (North's tuzdik), S4
    assert drops(trace) == [1, 2, 3]
    drop = next(e for e in trace.events if e.kind == "tuzdik_drop")
    assert drop.place == 2 and drop.side == "north" and drop.moved == ((2, TK_N, 1),)
    assert trace.after.store("north") == 71 and trace.after.board[2] == 0
    # North sowing over its own tuzdik: that stone goes to North as well.
    pos = tk("1,1,x,1,1,1,1,1,1,60/1,1,1,1,1,1,1,1,5,70 N")
    trace = pos.trace(9)  # back, S1, S2, S3 (tuzdik), S4 1 -> 2
    assert [e.place for e in trace.events if e.kind == "tuzdik_drop"] == [2]
    assert trace.outcome == "even_capture" and trace.captured == 2
    assert trace.after.store("north") == 70 + 1 + 2


def test_the_last_stone_into_a_tuzdik_goes_to_its_owner_and_ends_the_move():
    pos = tk("0,2,x,1,1,1,1,1,1,60/1,1,1,1,1,1,1,1,1,70 S")  # back, then S3 = North's tuzdik
    trace = pos.trace(2)
    assert trace.outcome == "last_in_tuzdik" and trace.outcome_event.side == "north"
    assert trace.after.store("north") == 71 and trace.after.to_move == "north"


def test_toguz_a_long_sowing_passes_its_origin_and_drops_a_stone_in_it():
    # 19 stones from S1: one back, S2..S9, N1..N9, then S1 again.
    trace = tk("19,0,0,0,0,0,0,0,0,60/1,1,1,1,1,1,1,1,1,74 S").trace(1)
    assert drops(trace) == [*range(1, 9), *range(10, 19), 0]
    assert trace.after.board[0] == 2 and trace.outcome == "nothing"


def test_toguz_ends_as_soon_as_a_store_holds_82_and_the_pits_keep_their_stones():
    pos = tk("0,0,0,0,0,0,0,0,2,80/1,3,1,1,1,1,1,1,1,69 S")  # back, N1 1 -> 2: 82
    trace = pos.trace(9)
    assert kinds(trace)[-3:] == ["even_capture", "win_threshold", "set_over"]
    after = trace.after
    assert after.is_over and after.result.south == 82 and after.result.winner == "south"
    assert after.stones_on_board == 11
    assert after.to_text() == "0,0,0,0,0,0,0,0,1,82/0,3,1,1,1,1,1,1,1,69 -"
    assert Position.from_text(after.to_text(), TK) == after
    with pytest.raises(PositionError) as info:
        tk("0,0,0,0,0,0,0,0,1,82/0,3,1,1,1,1,1,1,1,69 N")
    assert info.value.key == "position.threshold_reached"


def test_toguz_a_player_who_cannot_move_ends_the_game_each_side_keeps_its_stones():
    pos = tk("0,0,0,0,0,0,0,0,0,79/0,0,0,0,0,0,0,1,2,80 N")  # N8 -> N9; South has nothing
    trace = pos.trace(8)
    assert kinds(trace)[-4:] == ["nothing", "no_move", "sweep", "set_over"]
    assert next(e for e in trace.events if e.kind == "no_move").side == "south"
    assert trace.sweep.moved == ((18, TK_N, 3),)
    assert trace.after.result.north == 83 and trace.after.stones_on_board == 0
    with pytest.raises(PositionError) as info:  # the same, written with South to move
        tk("0,0,0,0,0,0,0,0,0,79/0,0,0,0,0,0,0,0,3,80 S")
    assert info.value.key == "position.cannot_move"


def test_toguz_81_81_is_a_draw():
    pos = tk("0,0,0,0,0,0,0,0,0,81/0,0,0,0,0,0,0,1,0,80 N")  # N8 -> N9, then South is stuck
    result = pos.play(8).result
    assert (result.south, result.north, result.winner) == (81, 81, "draw")


def test_toguz_a_repeated_position_ends_the_game_like_the_storeless_games():
    # Two lone stones chasing each other round the board: nothing is ever captured.
    game = Game(start=tk("1,0,0,0,0,0,0,0,0,80/1,0,0,0,0,0,0,0,0,80 S"))
    while not game.position.is_over:
        game.push(game.position.legal_moves[-1])
    assert game.moves == (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9)
    assert game.repeated(18) == 18
    assert game.position.to_text() == "0,0,0,0,0,0,0,0,0,81/0,0,0,0,0,0,0,0,0,81 -"


def test_toguz_tuzdik_survives_pickling_equality_and_records():
    pos = tk("1,1,1,1,1,1,1,1,3,60/1,2,1,1,1,1,1,1,1,71 S")
    game = Game(start=pos, moves=[9])
    after = game.position
    assert after.tuzdiks == (11, None)
    assert pickle.loads(pickle.dumps(after)) == after
    assert after != Position(after.board, after.to_move, TK)  # same counts, no tuzdik
    again = Game.from_json(game.to_json())
    assert again.position == after and again.position.tuzdiks == (11, None)
    saved = Game(start=after)
    assert '"start": "1,1,1,1,1,1,1,1,1,63/2,x,1,1,1,1,1,1,1,71 N"' in saved.to_json()
    assert Game.from_json(saved.to_json()).start == after


# -- Mangala II ---------------------------------------------------------------------------------


def test_mangala_ii_sows_the_whole_pit_from_the_next_pit_and_skips_the_stores():
    trace = Position.start(M2).trace(1)
    assert "return" not in kinds(trace)
    assert drops(trace) == [1, 2, 3, 4, 5, 7]  # S2..S6, N1 (no store)
    assert trace.after.to_text() == "0,7,7,7,7,7,0/7,6,6,6,6,6,0 N"
    assert trace.outcome == "no_capture" and trace.outcome_event.count == 7


def test_mangala_ii_a_sowing_of_12_drops_a_stone_in_its_origin():
    trace = m2("12,0,0,0,0,0,0/1,1,1,1,1,1,10 S").trace(1)
    assert drops(trace) == [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 0]
    assert trace.after.board[0] == 1 and trace.outcome == "no_capture"


@pytest.mark.parametrize(
    ("before", "captures"),
    [
        (0, False),
        (1, True),
        (2, False),
        (3, True),
        (4, False),
        (5, True),
        (7, False),
    ],
)
def test_mangala_ii_a_last_stone_making_2_4_or_6_captures(before, captures):
    pos = m2(f"0,0,0,0,0,1,30/{before},0,0,0,1,0,30 S")  # S6 -> N1
    trace = pos.trace(6)
    made = before + 1
    if captures:
        assert trace.outcome == "chain_capture" and trace.captured == made
        assert trace.outcome_event.moved == ((7, M2_S, made),)
        assert trace.after.store("south") == 30 + made and trace.after.board[7] == 0
    else:
        assert trace.outcome == "no_capture" and trace.after.board[7] == made


def test_mangala_ii_captures_in_the_movers_own_row_too():
    trace = m2("0,0,0,1,1,0,30/1,1,1,1,1,1,30 S").trace(4)  # S4 -> S5 1 -> 2
    assert trace.outcome == "chain_capture" and trace.captured == 2
    assert trace.outcome_event.moved == ((4, M2_S, 2),)


def test_mangala_ii_the_run_before_the_pit_is_taken_backwards_across_the_rows():
    # S5 (3): S6 1 -> 2, N1 1 -> 2, N2 3 -> 4. Back from N2: N1 (2), S6 (2), then S5 (0): stop.
    trace = m2("0,0,0,4,3,1,20/1,3,0,0,0,0,20 S").trace(5)
    event = trace.outcome_event
    assert event.kind == "chain_capture" and event.count == 8
    assert event.moved == ((8, M2_S, 4), (7, M2_S, 2), (5, M2_S, 2))
    assert trace.after.board[3] == 4  # S4 is beyond the gap: not taken
    # North's row is empty now: North passes and South moves again.
    assert kinds(trace)[-1] == "pass" and trace.passes
    assert trace.after.to_text() == "0,0,0,4,0,0,28/0,0,0,0,0,0,20 S"
    assert trace.after.legal_moves == (4,)


def test_mangala_ii_the_game_ends_when_the_board_is_empty_37_wins_36_36_draws():
    won = m2("0,0,0,0,0,1,35/1,0,0,0,0,0,35 S").play(6)
    assert won.is_over and (won.result.south, won.result.north) == (37, 35)
    assert won.result.winner == "south"
    drawn = m2("0,0,0,0,0,1,34/1,0,0,0,0,0,36 S").play(6)
    assert drawn.is_over and drawn.result.winner == "draw"
    assert [e.kind.value for e in m2("0,0,0,0,0,1,34/1,0,0,0,0,0,36 S").trace(6).events][
        -1
    ] == "set_over"


def test_mangala_ii_a_side_to_move_with_an_empty_row_is_refused():
    with pytest.raises(PositionError) as info:
        m2("0,0,0,0,0,0,3/1,0,0,0,0,0,3 S")
    assert info.value.key == "position.must_pass"
    assert "so it is North's turn" in info.value.message("en")
    with pytest.raises(PositionError):
        m2("0,0,0,0,0,0,3/1,0,0,0,0,0,3 -")


def test_mangala_ii_a_repeated_position_ends_the_game_each_side_keeps_its_stones():
    game = Game(start=m2("1,0,0,0,0,0,35/0,0,0,0,0,0,36 S"))
    while not game.position.is_over:  # the lone stone goes round; the other side passes
        game.push(game.position.legal_moves[0])
    assert len(game.moves) == 12 and game.repeated(12) == 12 and game.repeated(11) is None
    last = list(game.traces())[-1]
    assert kinds(last)[-3:] == ["repetition", "sweep", "set_over"]
    assert last.events[-3].count == 12
    assert game.position.to_text() == "0,0,0,0,0,0,36/0,0,0,0,0,0,36 -"
    # Replaying the record ends it the same way, and nothing can follow.
    assert Game.from_json(game.to_json()).position == game.position
    with pytest.raises(RecordError):
        Game.from_dict({**game.to_dict(), "moves": [*game.moves, 1]})
    # Taking back the last move resumes the game.
    game.pop()
    assert not game.position.is_over


# -- Mangala IV ---------------------------------------------------------------------------------


def test_mangala_iv_the_mover_plays_the_leftmost_occupied_pit():
    pos = m4("0,0,3,1,0,0,0,0/1,1,1,1,1,1,1,0 S")
    assert pos.legal_moves == (3,)
    with pytest.raises(IllegalMoveError) as info:
        pos.play(4)
    assert info.value.message("en") == (
        "In this game you always play your leftmost pit that holds stones: pit 3, not pit 4."
    )
    assert Position.start(M4, first="north").legal_moves == (1,)


def test_mangala_iv_no_first_stone_back_and_a_last_stone_in_an_empty_pit_ends_the_turn():
    trace = m4("0,0,2,0,0,0,0,0/1,1,1,1,1,1,1,0 S").trace(3)
    assert drops(trace) == [3, 4] and trace.after.board[2] == 0
    assert trace.outcome == "no_capture" and trace.outcome_event.count == 1
    assert trace.after.to_move == "north"


@pytest.mark.parametrize(("before", "lifted"), [(2, 3), (4, 5), (5, 6)])
def test_mangala_iv_relay_on_3_5_or_more(before, lifted):
    trace = m4(f"1,{before},0,0,0,0,0,0/1,1,1,1,1,1,1,0 S").trace(1)  # S1 -> S2
    relay = next(e for e in trace.events if e.kind == "relay")
    assert (relay.place, relay.count) == (1, lifted)
    assert kinds(trace)[:3] == ["lift", "drop", "relay"]
    assert drops(trace)[1:] == [2, 3, 4, 5, 6, 8][:lifted]  # S3 onwards (no store)
    assert trace.after.board[1] == 0


def test_mangala_iv_a_capture_takes_the_pit_with_the_pit_opposite():
    trace = m4("1,1,0,0,0,0,0,0/0,0,0,0,0,5,3,0 S").trace(1)  # S1 -> S2 1 -> 2; S2 faces N6
    event = trace.outcome_event
    assert event.kind == "chain_capture" and event.count == 7
    assert event.moved == ((1, M4_S, 2), (13, M4_S, 5))
    assert trace.after.to_text() == "0,0,0,0,0,0,0,7/0,0,0,0,0,0,3,0 N"


def test_mangala_iv_the_run_is_read_on_the_board_as_the_sowing_left_it():
    # S5 (3): S6 3 -> 4, S7 1 -> 2, N1 1 -> 2 (last). N1 faces S7, which is also the next
    # pit of the run: its 2 still counts, so the run goes on to S6 (4, facing N2), then S5
    # (emptied): stop. Taken: N1, S7, S6 and N2 (5).
    trace = m4("0,0,0,0,3,3,1,0/1,5,0,0,1,0,0,0 S").trace(5)
    event = trace.outcome_event
    assert event.count == 2 + 2 + 4 + 5
    assert {m[0] for m in event.moved} == {8, 6, 5, 9}
    assert trace.after.to_text() == "0,0,0,0,0,0,0,13/0,0,0,0,1,0,0,0 N"


def test_mangala_iv_a_relay_that_would_never_end_stops_the_game():
    # A wave: every relay lifts 3 and lands on a pit holding 2, round and round.
    pos = m4("3,1,0,2,1,0,2,0/1,0,2,1,0,2,1,0 S")
    trace = pos.trace(1)
    assert trace.outcome == "relay_loop"
    assert sum(1 for e in trace.events if e.kind == "relay") == 14
    assert kinds(trace)[-3:] == ["relay_loop", "sweep", "set_over"]
    assert trace.after.to_text() == "0,0,0,0,0,0,0,9/0,0,0,0,0,0,0,7 -"
    assert pos.play(1) == trace.after


def test_mangala_iv_random_deal_is_part_of_the_rules_and_of_the_record():
    rules = Rules.mangala_iv(random_deal=True, seed=11)
    assert rules == Rules.mangala_iv(random_deal=True, seed=11)
    assert rules != Rules.mangala_iv(random_deal=True, seed=12) != M4
    assert sum(rules.start_board()) == 98 and rules.total_stones == 98
    game = Game(rules, moves=[1, 1])
    data = game.to_dict()
    assert data["rules"]["deal"] == list(rules.deal)
    assert Game.from_json(game.to_json()).position == game.position
    assert repr(rules) == f"Rules.mangala_iv(deal={rules.deal!r})"


def test_mangala_iv_a_dealt_start_with_an_empty_row_begins_with_the_other_player():
    rules = Rules.mangala_iv(deal=(0,) * 7 + (14,) * 7)
    assert Position.start(rules, first="south").to_move == "north"


def test_mangala_iv_a_lone_stone_going_round_ends_in_a_repetition():
    game = Game(start=m4("1,0,0,0,0,0,0,40/0,0,0,0,0,0,0,57 S"))
    while not game.position.is_over:
        game.push(game.position.legal_moves[0])
    assert len(game.moves) == 14 and game.repeated(14) == 14
    assert game.position.result.south == 41


@pytest.mark.parametrize("rules", [TK, M2, M4], ids=lambda r: r.name)
def test_a_match_of_the_family_plays_every_set_to_its_end(rules):
    rng = random.Random(3)
    match = Match(rules, sets=3, first="north")
    while not match.is_over:
        if match.position.is_over:
            match.next_set()
        match.push(rng.choice(match.position.legal_moves))
    assert len(match.results) == 3 and match.winner in ("south", "north", "draw")
    assert [g.first for g in match.games] == ["north", "south", "north"]
    assert sum(match.points.values()) == 3.0
