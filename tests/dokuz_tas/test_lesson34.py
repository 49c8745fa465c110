"""Dokuz Taş lesson 34, the double mill, blocking and the three-stone endgame: every claim its
texts, demonstrations, tasks and quiz make, proven by the engine (neighbours, legal turns,
traced turns), by a search of the two turns the goals look at, and by the exact search (the
double mill of the first demonstration is won whatever Black does)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mangala_edu.dokuz_tas import Position
from mangala_edu.dokuz_tas.board import NEIGHBOURS, POINT_NAMES, parse_point
from mangala_edu.dokuz_tas.lessons import LESSONS, Lesson
from mangala_edu.dokuz_tas.lessons.goals import (
    SOLVED,
    WRONG,
    KeepMill,
    WinNext,
    blocking_reply,
    mill_threat,
)
from mangala_edu.dokuz_tas.lessons.strategy import CRAMPED, FORK, RUNNING, RUNNING_LINE
from mangala_edu.dokuz_tas.notation import parse_turn
from mangala_edu.dokuz_tas.search import solve
from mangala_edu.dokuz_tas.trace import Termination
from mangala_edu.i18n import LANGUAGES

ROOT = Path(__file__).parents[2]
SPEC = LESSONS[34]
SOURCE = " ".join((ROOT / "notebooks" / "src" / "34.md").read_text("utf-8").split())


def _neighbours(point: str) -> set[str]:
    return {POINT_NAMES[q] for q in NEIGHBOURS[parse_point(point)]}


def _waiting(pos: Position) -> Position:
    """``pos`` with the other side to move: what that side could do now."""
    parts = pos.to_text().split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return Position.from_text(" ".join(parts))


def _mill_targets(pos: Position) -> set[str]:
    """The points where the side to move closes a mill with its next turn."""
    return {POINT_NAMES[parse_turn(t)[1]] for t in pos.legal_moves if parse_turn(t)[2] is not None}


# -- The double mill ------------------------------------------------------------------------------


def test_the_double_mill_s_stone_closes_a_mill_on_either_point_and_only_d5_can_fill_d6():
    pos = Position.from_text(RUNNING)
    assert "b6-d6-f6" in pos.mills("white")
    # d7: every neighbour is White's (the stone on d6 included); d6: only d5 is Black's.
    assert {pos.at(p) for p in _neighbours("d7")} == {"white"}
    assert [p for p in sorted(_neighbours("d6")) if pos.at(p) == "black"] == ["d5"]
    assert pos.trace("d6-d7xd5").mills == ("a7-d7-g7",)
    assert SPEC.figures["double_mill"].lines == ("a7-d7-g7", "b6-d6-f6")
    assert SPEC.figures["running"].turn == "d6-d7xd5"


def test_taking_any_other_stone_than_d5_lets_black_block_the_double_mill():
    pos = Position.from_text(RUNNING)
    takes = [t for t in pos.legal_moves if t.startswith("d6-d7x")]
    assert len(takes) == 7
    assert KeepMill().solutions(pos) == ("d6-d7xd5",)
    for turn in takes:
        if turn != "d6-d7xd5":
            after = pos.play(turn)
            assert "d5-d6" in after.legal_moves
            assert mill_threat(after.play("d5-d6")) is None, turn


def test_the_exact_search_proves_the_double_mill_wins_by_white_s_sixth_turn():
    solution = solve(Position.from_text(RUNNING), time_limit=300)
    assert solution.result == "win" and solution.best_moves == ("d6-d7xd5",)
    assert solution.plies == 11  # White's turns 1, 3, ..., 11: the sixth
    assert "altıncı hamlesinde" in SOURCE and "by its sixth turn" in SOURCE


def test_the_first_demonstration_is_the_double_mill_a_second_threat_and_the_gap_filled():
    pos = Position.from_text(RUNNING)
    traces = []
    for turn in RUNNING_LINE:
        trace = pos.trace(turn)
        traces.append(trace)
        pos = trace.after
    white = traces[0::2]
    # The same stone closes a mill three times, then a quiet slide a1-d1 while Black has four
    # stones, then the fourth mill, and d1-g1 closes the other mill.
    steps = [t.turn.split("x")[0] for t in white]
    assert steps == ["d6-d7", "d7-d6", "d6-d7", "a1-d1", "d7-d6", "d1-g1"]
    assert [bool(t.mills) for t in white] == [True, True, True, False, True, True]
    before_quiet = traces[5].after
    assert len(before_quiet.stones("black")) == 4
    # Black, with three stones, flies into the gap the double mill's stone left.
    assert len(traces[9].before.stones("black")) == 3 and traces[9].turn == "e4-d7"
    assert traces[9].before.at("d7") is None and "d7" not in _neighbours("e4")
    assert traces[10].mills == ("g1-g4-g7",)
    assert pos.outcome is not None and pos.winner == "white"
    assert pos.outcome.termination == Termination.FEWER_THAN_THREE
    # Before a1-d1 no Black stone could reach the gap by sliding, but three stones fly.
    assert all("d6" not in _neighbours(p) for p in traces[5].after.stones("black"))


# -- Blocking -------------------------------------------------------------------------------------


def test_black_has_three_moves_and_after_a1_a4_whichever_stone_slides_is_taken_and_black_blocked():
    pos = Position.from_text(CRAMPED)
    black = _waiting(pos)
    assert black.legal_moves == ("a7-a4", "e3-d3", "e3-e4")
    targets = {POINT_NAMES[parse_turn(t)[1]] for t in black.legal_moves}
    assert set(SPEC.figures["cramped"].highlight) == targets
    after = pos.play("a1-a4")
    assert {t.split("-")[0] for t in after.legal_moves} == {"e3"}
    for reply, then in after.children():
        moved = reply.split("-")[1]
        end = then.play(f"b2-b4x{moved}")
        assert end.winner == "white" and end.outcome.termination == Termination.BLOCKED
    assert SPEC.demos[1].turns == ("a1-a4", "e3-e4", "b2-b4xe4")


# -- The three-stone endgame ----------------------------------------------------------------------


def test_a_flying_player_always_has_a_move_on_every_empty_point():
    pos = Position.from_text(FORK)
    empty = [p for p in POINT_NAMES if pos.at(p) is None]
    black = _waiting(pos)
    assert len(black.legal_moves) == 3 * len(empty)


def test_the_fork_threatens_two_mills_black_has_none_and_every_black_answer_loses():
    pos = Position.from_text(FORK)
    after = pos.play("a1-d6")
    assert set(SPEC.figures["fork"].highlight) == {"b6", "d7"}
    assert _mill_targets(_waiting(after)) == {"b6", "d7"}
    assert mill_threat(after) is None  # Black has no mill to close
    for reply, then in after.children():
        assert blocking_reply(then) is not None, reply
    assert WinNext().judge([pos.trace("a1-d6")]).status == SOLVED
    end = Position.from_text(FORK)
    for turn in SPEC.demos[2].turns:
        end = end.play(turn)
    assert end.winner == "white" and len(end.stones("black")) == 2


def test_task_3_s_fork_waits_for_b4_and_c5_and_a_single_threat_is_blocked():
    pos = SPEC.tasks[2].start()
    assert _mill_targets(_waiting(pos.play("e4-c4"))) == {"b4", "c5"}
    # A single threat: a4-b4 waits for c4 only, and Black flies there.
    single = pos.play("e4-b4")
    assert _mill_targets(_waiting(single)) == {"c4"}
    verdict = WinNext().judge([pos.trace("e4-b4")])
    assert verdict.status == WRONG


# -- The tasks ------------------------------------------------------------------------------------
# (their right and wrong answers' texts: tests/dokuz_tas/test_lessons.py)


def test_task_1_s_double_mill_is_the_first_one_turned_and_only_e4_can_fill_f4():
    pos = SPEC.tasks[0].start()
    assert "f2-f4-f6" in pos.mills("white")
    assert [p for p in sorted(_neighbours("f4")) if pos.at(p) == "black"] == ["e4"]
    assert {p for p in _neighbours("g4") if pos.at(p) is None} == set()
    # Black's only moves in task 2: a4 to a7 and d1 to d2.
    assert _waiting(SPEC.tasks[1].start()).legal_moves == ("a4-a7", "d1-d2")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lesson_runs_and_its_task_1_is_solved_by_clicks(lang):
    lesson = Lesson(34, lang)
    task = lesson.task(1)
    task.click("f4")
    task.click("g4")  # the mill: the board waits for the stone to take
    assert task.board.mode == "remove"
    task.click("a4")
    assert task.status == "wrong" and task.board.locked
    task.reset()
    for point in ("f4", "g4", "e4"):
        task.click(point)
    assert task.status == "solved"
    assert len(lesson.questions()) == 5
    for k in (1, 2, 3):
        demo = lesson.demo(k)
        demo.play_all()
        assert demo.played == len(SPEC.demos[k - 1].turns)
