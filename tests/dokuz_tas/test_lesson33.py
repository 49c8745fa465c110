"""Dokuz Taş lesson 33, placing strategy: every claim its texts, tasks and quiz make, proven
by the engine (legal moves and neighbours counted, turns traced), by an exact search of the
few turns a block takes, and by the search (``Search.solve`` for the lines that lose, a
fixed-depth search for the one that does not)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mangala_edu.dokuz_tas import Position
from mangala_edu.dokuz_tas.board import LINES_AT, NEIGHBOURS, POINT_NAMES, line_name, parse_point
from mangala_edu.dokuz_tas.lessons import LESSONS, Lesson, TaskState
from mangala_edu.dokuz_tas.lessons.goals import (
    SOLVED,
    WRONG,
    KeepMoving,
    Room,
    blocking_reply,
    forced_block,
    free_neighbours,
    mill_threat,
    room,
)
from mangala_edu.dokuz_tas.lessons.strategy import CROSSINGS, CROWDED, HUDDLED, SPREAD
from mangala_edu.dokuz_tas.search import Search
from mangala_edu.dokuz_tas.trace import Termination
from mangala_edu.i18n import LANGUAGES, catalogue

ROOT = Path(__file__).parents[2]
SPEC = LESSONS[33]
SOURCE = (ROOT / "notebooks" / "src" / "33.md").read_text("utf-8")


def _moving(text: str) -> Position:
    """The stones of ``text`` with no stone left in hand: what they could do if they had to
    slide now (White to move)."""
    board = text.split()[0]
    return Position.from_text(f"{board} w 0 0 0")


def _waiting(pos: Position) -> Position:
    parts = pos.to_text().split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return Position.from_text(" ".join(parts))


def _texts(lang: str) -> str:
    """Everything lesson 33 says in ``lang``: its notebook source's part in that language and
    its catalogue texts."""
    keys = [k for k in catalogue(lang) if k.startswith("lesson33.")]
    return SOURCE + " ".join(str(catalogue(lang)[k]) for k in keys)


# -- The crossing points ------------------------------------------------------------------------


def test_the_crossing_points_have_four_neighbours_eight_points_three_and_twelve_corners_two():
    counts = {
        n: [POINT_NAMES[p] for p, near in enumerate(NEIGHBOURS) if len(near) == n]
        for n in (2, 3, 4)
    }
    assert tuple(counts[4]) == CROSSINGS == ("b4", "d2", "d6", "f4")
    assert (len(counts[2]), len(counts[3]), len(counts[4])) == (12, 8, 4)
    assert set(counts[3]) == {"a4", "g4", "d1", "d7", "c4", "e4", "d3", "d5"}
    assert SPEC.figures["crossings"].highlight == CROSSINGS
    # the quiz's options: corners have 2, the outer square's middles 3
    assert all(len(NEIGHBOURS[parse_point(p)]) == 2 for p in ("a1", "a7", "g1", "g7"))
    assert [POINT_NAMES[q] for q in NEIGHBOURS[parse_point("a4")]] == ["a1", "a7", "b4"]
    for lang in LANGUAGES:
        assert "12" in SOURCE and "**b4, d2, d6" in SOURCE, lang


# -- Huddled or spread ---------------------------------------------------------------------------


def test_huddled_stones_have_6_moves_and_the_same_stones_on_the_crossings_16():
    huddled, spread = _moving(HUDDLED), _moving(SPREAD)
    assert huddled.stones("white") == ("a1", "a4", "d1", "d2")
    assert spread.stones("white") == CROSSINGS
    assert huddled.stones("black") == spread.stones("black")  # Black's stones the same
    assert huddled.legal_moves == ("a4-a7", "a4-b4", "d1-g1", "d2-b2", "d2-d3", "d2-f2")
    assert len(spread.legal_moves) == 16
    # the counts the goal uses are the engine's moves
    assert room(huddled, "white") == 6 and room(spread, "white") == 16
    # the ringed points are the empty neighbours: 6 and 12 (b2, b6, f2, f6 serve two stones)
    assert len(SPEC.figures["huddled"].highlight) == 6
    ringed = SPEC.figures["spread"].highlight
    assert len(ringed) == 12
    targets = [m.split("-")[1] for m in spread.legal_moves]
    assert sorted(p for p in set(targets) if targets.count(p) == 2) == ["b2", "b6", "f2", "f6"]
    assert set(targets) == set(ringed)
    # the texts and the quiz state these numbers
    assert "**6**" in SOURCE and "**16**" in SOURCE and "Only 12 points are ringed" in SOURCE
    assert "Halkalı nokta 12 tane" in SOURCE
    assert SPEC.quiz[2].correct == 1
    for lang in LANGUAGES:
        assert catalogue(lang)["lesson33.quiz3.o2"] == "6"
        assert catalogue(lang)["lesson33.quiz3.o1"] == "16"


# -- Open lines ---------------------------------------------------------------------------------


def test_a_line_with_an_opponent_s_stone_is_closed_and_the_other_stays_open():
    figure = SPEC.figures["open_line"]
    pos = figure.start()
    assert pos.stones("white") == ("d6",) and pos.stones("black") == ("d7",)
    assert sorted(line_name(i) for i in LINES_AT[parse_point("d6")]) == ["b6-d6-f6", "d5-d6-d7"]
    assert figure.lines == ("b6-d6-f6",) and figure.highlight == ("d7",)
    # With a second stone on the open line White threatens a mill; on the closed one never.
    open_two = Position(white=["d6", "b6"], black=["d7", "a1"], in_hand=(7, 7))
    assert mill_threat(open_two) == ("f6", "b6-d6-f6")
    closed_two = Position(white=["d6", "d5"], black=["d7", "a1"], in_hand=(7, 7))
    assert mill_threat(closed_two) is None


# -- The early mill -----------------------------------------------------------------------------


def test_white_s_stones_have_one_empty_neighbour_where_one_stone_closes_two_mills():
    pos = Position.from_text(CROWDED)
    assert pos.in_hand("white") == pos.in_hand("black") == 1
    assert pos.mills("white") == pos.mills("black") == ()  # no stone was ever taken
    near = {p for s in pos.stones("white") for p in free_neighbours(pos, s)}
    assert near == {"c3"} and SPEC.figures["crowded"].highlight == ("c3",)
    mills = sorted({m.split("x")[0] for m in pos.legal_moves if "x" in m})
    assert mills == ["c3"]
    trace = pos.trace(SPEC.figures["early_mill"].turn)
    assert sorted(trace.mills) == ["c3-c4-c5", "c3-d3-e3"] and trace.removed == "d2"
    assert {p for s in trace.after.stones("white") for p in free_neighbours(trace.after, s)} == {
        "d2"
    }


def test_whichever_stone_the_two_mills_take_black_s_last_stone_leaves_white_without_a_move():
    pos = Position.from_text(CROWDED)
    takes = [m for m in pos.legal_moves if m.startswith("c3x")]
    assert len(takes) == 8  # every Black stone may be taken (none stands in a mill)
    for turn in takes:
        found = blocking_reply(pos.play(turn))
        assert found is not None, turn
        _, then = found
        assert then.outcome.termination == Termination.BLOCKED and then.winner == "black"
        # the exact search agrees: Black wins in one turn
        solution = Search().solve(pos.play(turn), node_limit=20_000)
        assert (solution.result, solution.plies) == ("win", 1), turn


def test_the_demonstration_plays_the_two_mills_and_black_s_block():
    (demo,) = SPEC.demos
    pos = demo.start()
    assert demo.turns == ("c3xd2", "d2")
    after = pos.play(demo.turns[0]).trace(demo.turns[1])
    assert after.after.outcome.termination == Termination.BLOCKED
    assert after.after.winner == "black" and after.after.to_move == "white"
    assert after.after.in_hand("white") == after.after.in_hand("black") == 0


def test_only_f2_keeps_white_moving_and_the_search_proves_the_others_lose():
    """f2: Black cannot block White within its next three turns and has no mill to close;
    the other placements let Black block White (proven by the exact search: Black wins) or,
    g4, let Black close b2-d2-f2. After f2 the search looking 8 turns ahead finds no win for
    Black."""
    pos = Position.from_text(CROWDED)
    quiet = [m for m in pos.legal_moves if "x" not in m]
    assert quiet == ["a7", "d7", "f2", "f4", "g1", "g4", "g7"]
    assert mill_threat(_waiting(pos)) == ("f2", "b2-d2-f2")
    for turn in quiet:
        after = pos.play(turn)
        assert blocking_reply(after) is None, turn  # no block at once
        block = forced_block(after, 3)
        if turn in ("f2", "g4"):
            assert block is None, turn
        else:
            assert block == "c3", turn
            solution = Search().solve(after, node_limit=50_000)
            assert solution.result == "win" and solution.plies <= 5, turn
    assert mill_threat(pos.play("g4")) == ("f2", "b2-d2-f2")
    assert mill_threat(pos.play("f2")) is None
    analysis = Search().analyse(pos.play("f2"), max_depth=8)
    assert analysis.depth == 8
    assert all(v.result is None for v in analysis.values.values())  # no forced win in 8


# -- The tasks ----------------------------------------------------------------------------------


def test_the_room_tasks_positions_hold_what_their_comments_say():
    one, whole, keep = SPEC.tasks
    pos = one.start()
    counts = {p: len(free_neighbours(pos, p)) for p in POINT_NAMES if pos.at(p) is None}
    assert counts["f4"] == 4 and counts["d6"] == 3 and pos.at("d7") == "black"
    assert sorted(p for p, n in counts.items() if n == 4) == ["f4"]
    pos = whole.start()
    gives = {m: room(pos.play(m), "white") for m in pos.legal_moves}
    assert gives["a4"] == 12 and gives["d6"] == gives["f4"] == 11 == max(
        v for m, v in gives.items() if m != "a4"
    )
    assert pos.at("d7") == pos.at("g4") == "white"
    assert isinstance(one.goal, Room) and isinstance(whole.goal, Room) and whole.goal.whole
    assert isinstance(keep.goal, KeepMoving) and keep.position == CROWDED


FEEDBACK = [
    # (task, turn, solved, Turkish, English)
    (1, "f4", True, "Doğru: f4 noktasındaki taşının 4 boş komşusu var (e4, f2, f6, g4)",
     "Right: your stone on f4 has 4 empty neighbours (e4, f2, f6, g4), and no empty point"),
    (1, "d6", False, "d6 noktasındaki taşının 3 boş komşusu var (b6, d5, f6); 4 boş komşusu",
     "Your stone on d6 has 3 empty neighbours (b6, d5, f6); an empty point with 4 is still"),
    (2, "a4", True, "Doğru: taş taş sayınca taşlarının şimdi 12 boş komşusu var",
     "Right: counted stone by stone, your stones now have 12 empty neighbours"),
    (2, "d6", False, "d6, senin d7 noktasındaki taşının yanında ve onun yerini daraltıyor.",
     "d6 stands next to your own stone on d7 and takes some of its room. Counted stone by "
     "stone, your stones now have 11 empty neighbours; another point gives them 12."),
    (3, "c3xd2", False, "c3-d3-e3 ve c3-c4-c5 üçlülerini kurdun ve d2 noktasındaki taşı aldın, "
     "ama Siyah şimdi d2 noktasına taş koyabilir. Beyaz hamle yapamıyor: Siyah kazandı.",
     "You closed the mills c3-d3-e3 and c3-c4-c5 and took the stone on d2, but now Black can "
     "place a stone on d2. White cannot move: Black wins."),
    (3, "a7", False, "Siyah şimdi c3 noktasına taş koyabilir: sonra sen ne oynarsan oyna, Siyah "
     "en çok 2 hamle içinde taşlarını hareketsiz bırakabilir.",
     "Now Black can place a stone on c3: then, whatever you play, Black can leave your stones "
     "without a move within 2 more turns."),
    (3, "g4", False, "Siyah şimdi f2 noktasına taş koyup b2-d2-f2 üçlüsünü kurabilir.",
     "Now Black can place a stone on f2 and close the mill b2-d2-f2."),
    (3, "f2", True, "Doğru: Siyah şimdi ne oynarsa oynasın, taşların hâlâ hareket edebilir.",
     "Right: whatever Black plays next, your stones can still move."),
]  # fmt: skip


@pytest.mark.parametrize(("k", "turn", "solved", "tr", "en"), FEEDBACK)
def test_each_task_s_answers_are_judged_and_explained_in_both_languages(k, turn, solved, tr, en):
    task = SPEC.tasks[k - 1]
    state = TaskState(task.start(), task.goal)
    verdict = state.play(turn)
    assert verdict.status == (SOLVED if solved else WRONG)
    assert state.feedback("tr").startswith(tr), state.feedback("tr")
    assert state.feedback("en").startswith(en), state.feedback("en")


def test_the_goals_explain_a_stone_with_no_room_and_a_block_by_a_slide():
    pos = Position(white=["a1"], black=["a4", "d1", "g7"], to_move="white", in_hand=(8, 6))
    said = Room().judge([pos.trace("g1")])  # g1: its neighbours d1 (Black) and g4 (empty)
    assert said.status == WRONG and "an empty point with 4" in said.said.text("en")
    corner = Position(white=["g4"], black=["d7", "g1", "f4"], to_move="white", in_hand=(8, 6))
    verdict = Room().judge([corner.trace("g7")])  # g7: d7 Black, g4 White
    assert verdict.said.text("en").startswith("Your stone on g7 has no empty neighbour")
    # In the moving phase a block is a slide.
    pos = Position(
        white=["a1", "a4", "d1", "c3"], black=["b4", "d2", "g1", "d7", "c4", "d3"], in_hand=(0, 0)
    )
    assert pos.legal_moves == ("a4-a7",)
    verdict = KeepMoving().judge([pos.trace("a4-a7")])
    assert verdict.status == WRONG
    assert verdict.said.text("en") == (
        "Now Black can move a stone from b4 to a4. White cannot move: Black wins."
    )
    assert verdict.said.text("tr") == (
        "Siyah şimdi taşını b4 noktasından a4 noktasına götürebilir. Beyaz hamle yapamıyor: "
        "Siyah kazandı."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lesson_runs_and_its_task_3_is_solved_by_clicks(lang):
    lesson = Lesson(33, lang)
    task = lesson.task(3)
    task.click("c3")  # two mills: the board waits for the stone to take
    assert task.board.mode == "remove"
    task.click("d2")
    assert task.status == "wrong" and task.board.locked
    task.reset()
    task.click("f2")
    assert task.status == "solved"
    assert len(lesson.questions()) == 5
