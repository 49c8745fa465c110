"""Dokuz Taş lesson 32 (draws: a position standing for the third time, 50 turns without a
removal): every claim its texts make proven by the engine. The task answers, the catalogue,
the quiz and the notebooks are checked for every lesson in ``test_lessons.py``; here: what
each task, picture and demonstration of lesson 32 says about the draw rules, the right and
wrong answers in both languages, the live board showing a task's past (how often a position
stood, the quiet-turn count), and a task whose past the learner cannot undo."""

from __future__ import annotations

import pytest

from mangala_edu.dokuz_tas import Game, Position
from mangala_edu.dokuz_tas.lessons import LESSONS, Lesson, TaskState
from mangala_edu.dokuz_tas.lessons.goals import SOLVED, WRONG, Draw, HoldDraw, Win
from mangala_edu.dokuz_tas.lessons.spec import start_of
from mangala_edu.dokuz_tas.picture import QUIET_WARNING, counts_text
from mangala_edu.dokuz_tas.trace import Phase, Termination
from mangala_edu.dokuz_tas.widget import DokuzTasBoard
from mangala_edu.i18n import LANGUAGES, t

SPEC = LESSONS[32]
REPEAT, HOLD, WIN = SPEC.tasks


def _mill_turns(pos: Position) -> list[str]:
    """The turns with which the side to move closes a mill (and takes a stone)."""
    return [turn for turn in pos.legal_moves if "x" in turn]


def _state(task) -> TaskState:
    return TaskState(start_of(task.position), task.goal, task.history)


# -- The lesson's shape -------------------------------------------------------------------------


def test_lesson_32_is_the_draws_lesson():
    assert SPEC.names == {"tr": "32_dokuz_tas_beraberlik", "en": "32_dokuz_tas_draws"}
    assert [type(task.goal) for task in SPEC.tasks] == [Draw, HoldDraw, Win]
    assert len(SPEC.quiz) == 5 and len(SPEC.demos) == 2
    assert Lesson(32, "tr").text("title") == "Ders 32 · Dokuz Taş: beraberlik"
    assert Lesson(32, "en").text("title") == "Lesson 32 · Dokuz Taş: draws"


# -- Task 1: repeat the position for the third time ---------------------------------------------


def test_task_1_s_past_shuffles_twice_and_only_the_answer_brings_a_position_back_a_third_time():
    origin = REPEAT.game().start
    game = Game(origin)
    assert origin.to_move == "white" and origin.in_hand("white") == origin.in_hand("black") == 0
    for turn in REPEAT.history:
        game.push(turn)
        # Nobody could close a mill on the way: both sides only moved back and forth.
        assert _mill_turns(game.position) == [], turn
        assert game.outcome is None and game.occurrences() <= 2
    start = game.position
    assert start == REPEAT.start() and game.occurrences() == 2  # the board says so
    # White is behind (the prompt: 4 stones against 7) and has no mill to close.
    assert len(start.stones("white")) == 4 and len(start.stones("black")) == 7
    assert start.phase("white") == Phase.MOVING and _mill_turns(start) == []
    after_a7_d7 = game.positions[1]
    for turn in start.legal_moves:
        copy = Game(origin, REPEAT.history)
        trace = copy.push(turn)
        if turn in REPEAT.answers:
            assert copy.position.key == after_a7_d7.key and copy.occurrences() == 3
            assert copy.outcome is not None and copy.outcome.termination == Termination.REPETITION
            assert trace.outcome == copy.outcome  # the board's trace says why
        else:
            assert copy.outcome is None, turn
    # Without the past the same turn draws nothing: the game's history makes the draw.
    assert Draw().judge([start.trace(REPEAT.answers[0])]).status == WRONG
    # The hint: after a7-d7 White's stone stood on g1 and Black's on e5, as after the answer.
    assert after_a7_d7.at("g1") == "white" and after_a7_d7.at("e5") == "black"
    assert start.at("g4") == "white" and start.at("e5") == "black"


def test_task_1_s_live_board_shows_the_past_and_keeps_it():
    for lang in LANGUAGES:
        task = Lesson(32, lang).task(1)
        board = task.board
        assert board.position == REPEAT.start() and board.game.turns == REPEAT.history
        assert board.game.occurrences() == 2 and board.counts_warning
        assert t("dokuz_tas.board.repeated", lang, count=2) in board.counts
        assert board.caption  # the last turn of the past, said in words
        assert board.last == {"origin": "d5", "target": "e5", "removed": None}
        assert not board.can_undo
        board.undo()  # the past cannot be taken back
        assert board.message_key == "error.nothing_to_undo"
        assert board.game.turns == REPEAT.history
        task.click("c3")
        task.click("d3")  # a wrong answer: the game goes on
        assert task.status == "wrong" and board.can_undo
        board.undo()  # the task starts over, its past still there
        assert task.status == "open" and board.game.turns == REPEAT.history
        task.click("g4")
        task.click("g1")
        assert task.status == "solved" and board.game.outcome is not None
        assert board.game.outcome.termination == Termination.REPETITION
        assert board.status == t(
            "dokuz_tas.board.over", lang, why=t("dokuz_tas.end.repetition", lang)
        )
        task.reset()
        assert board.game.turns == REPEAT.history and board.game.occurrences() == 2
        assert not board.locked and task.status == "open"
        # A page that cannot run widgets shows the task's start with its repetition line.
        assert "data:image/svg+xml;base64," in task._still_html()


# -- Task 2: save the draw with the 50-turn rule -------------------------------------------------


def test_task_2_only_a_stone_on_f2_does_not_lose_and_then_every_black_turn_draws():
    start = HOLD.start()
    assert start.quiet == 48 and start.phase("white") == Phase.FLYING
    assert len(start.stones("white")) == 3 and len(start.stones("black")) == 5
    assert _mill_turns(start) == []  # White has no mill to close
    black = Position.from_text(start.to_text().replace(" w ", " b "))
    assert sorted({m.split("x")[0] for m in _mill_turns(black)}) == ["f4-f2"]
    assert {a.split("-")[1] for a in HOLD.answers} == {"f2"}
    for turn in start.legal_moves:
        after = start.play(turn)
        assert after.quiet == 49 and after.outcome is None
        replies = [after.play(reply) for reply in after.legal_moves]
        if turn in HOLD.answers:
            # Black can take nothing: every Black turn is the 50th quiet turn, a draw.
            assert all(
                r.outcome is not None and r.outcome.termination == Termination.QUIET_TURNS
                for r in replies
            ), turn
        else:
            # Black closes b2-d2-f2 and takes a third White stone: White loses at once.
            lost = after.play("f4-f2x" + after.stones("white")[0])
            assert lost.outcome is not None and lost.winner == "black", turn
            assert lost.outcome.termination == Termination.FEWER_THAN_THREE


# -- Task 3: win before the 50th turn ------------------------------------------------------------


def test_task_3_only_the_mill_wins_every_other_turn_is_the_50th_and_draws():
    start = WIN.start()
    assert start.quiet == 49 and len(start.stones("black")) == 3
    assert len(start.stones("white")) > len(start.stones("black"))  # White is ahead
    for turn in start.legal_moves:
        outcome = start.play(turn).outcome
        assert outcome is not None, turn
        if turn in WIN.answers:
            assert outcome.winner == "white"
            assert outcome.termination == Termination.FEWER_THAN_THREE
        else:
            assert outcome.termination == Termination.QUIET_TURNS, turn


# -- Every answer, right and wrong, in both languages --------------------------------------------

ANSWERS = [
    # (task, turn, solved, Turkish, English)
    (1, "g4-g1", True, "Doğru: bu konum üçüncü kez oluştu, oyun berabere bitti.",
     "Right: this position now stands for the third time, so the game is drawn."),
    (1, "g4-g7", False, "g4-g7 hamlesinden sonra oyun sürüyor: bu konum daha önce iki kez "
     "oluşmadı ve taş alınmadan üst üste 50 hamle de oynanmadı.",
     "After g4-g7 the game goes on: this position has not stood twice before, and there have "
     "not been 50 turns in a row without a removal."),
    (2, "d1-f2", True, "Doğru: Siyah artık taş alamaz; ne oynarsa oynasın, taş alınmadan "
     "oynanan 50. hamle olur ve oyun berabere biter.",
     "Right: Black cannot take a stone now, so whatever Black plays is the 50th turn without a "
     "removal: the game is drawn."),
    (2, "a7-d7", False, "Siyah şimdi f4-f2xd1 hamlesini oynayabilir. Beyaz için üçten az taş "
     "kaldı: Siyah kazandı.",
     "Now Black can play f4-f2xd1. White has fewer than three stones left: Black wins."),
    (3, "g4-g1xd5", True, "Doğru: Siyah iki taşla kaldı; sen kazandın.",
     "Right: Black has only two stones left, so you win."),
    (3, "g4-g7", False, "50 hamledir hiç taş alınmadı: oyun berabere. Bu görev bir galibiyet "
     "istiyor.",
     "50 turns in a row without a removal: the game is drawn. This task wants a win."),
]  # fmt: skip


@pytest.mark.parametrize(("k", "turn", "solved", "tr", "en"), ANSWERS)
def test_an_answer_is_judged_and_said_in_both_languages(k, turn, solved, tr, en):
    state = _state(SPEC.tasks[k - 1])
    verdict = state.play(turn)
    assert verdict.status == (SOLVED if solved else WRONG)
    assert (state.feedback("tr"), state.feedback("en")) == (tr, en)


def test_the_draw_goals_name_every_other_way_a_turn_can_go():
    # A stone taken: the count starts again, no draw.
    reset = SPEC.figures["reset"]
    verdict = Draw().judge([reset.start().trace(reset.turn)])
    assert verdict.status == WRONG and verdict.said.text("en").startswith(
        "You took the stone on a4: the count of turns without a removal starts again from 0"
    )
    # The 50th quiet turn draws.
    quiet = Position.from_text("W2/3/B1B/4BW/3/BB1/1W1 w 0 0 49")
    verdict = Draw().judge([quiet.trace("a7-f2")])
    assert verdict.status == SOLVED
    assert verdict.said.text("tr").startswith("Doğru: bu, taş alınmadan üst üste oynanan 50.")
    # A win is no draw.
    win = SPEC.figures["win_first"]
    verdict = Draw().judge([win.start().trace(win.turn)])
    assert verdict.status == WRONG and verdict.said.text("en").endswith("This task wants a draw.")
    assert HoldDraw().judge([win.start().trace(win.turn)]).status == WRONG
    # Holding: the turn that draws at once, and a reply that only takes a stone.
    assert HoldDraw().judge([quiet.trace("a7-f2")]).said.text("en").startswith("Right: 50 turns")
    early = Position.from_text("W2/3/B1B/4BW/3/BB1/1W1 w 0 0 10")
    said = HoldDraw().judge([early.trace("a7-f2")]).said.text("en")
    assert said.startswith("Now Black can play") and "the game goes on" in said
    many = Position(
        white=["a7", "d1", "g4", "a1"], black=["b2", "d2", "f4", "c5", "e5"], in_hand=(0, 0),
        quiet=48,
    )  # fmt: skip
    said = HoldDraw().judge([many.trace("a1-a4")]).said.text("en")
    assert said == (
        "Now Black can play f4-f2xa4 and take a stone: the count of turns without a removal "
        "starts again from 0, and the game goes on."
    )


# -- The pictures and demonstrations ----------------------------------------------------------------


def test_a_removal_resets_the_count_and_a_win_comes_before_the_draw():
    reset = SPEC.figures["reset"]
    trace = reset.start().trace(reset.turn)
    assert reset.start().quiet == 37 and trace.after.quiet == 0
    assert trace.mills == ("a7-d7-g7",) and trace.removed == "a4" and trace.after.outcome is None
    win = SPEC.figures["win_first"]
    trace = win.start().trace(win.turn)
    assert win.start().quiet == 49 and trace.after.quiet == 50  # the 50th quiet turn...
    outcome = trace.after.outcome  # ...and still a win
    assert outcome is not None and outcome.termination == Termination.BLOCKED
    assert outcome.winner == "white" and trace.removed is None


def test_the_repetition_demonstration_goes_on_from_lesson_31_and_draws_on_the_eighth_turn():
    demo = SPEC.demos[0]
    pos = LESSONS[31].demos[0].start()
    for turn in LESSONS[31].demos[0].turns:
        pos = pos.play(turn)
    assert demo.start() == pos and pos.quiet == 4
    game = Game(demo.start())
    counts = []
    for turn in demo.turns:
        assert _mill_turns(game.position) == [] and game.outcome is None
        game.push(turn)
        counts.append(game.occurrences())
    assert counts == [1, 1, 1, 2, 2, 2, 2, 3]
    assert game.position.key == demo.start().key and game.position.to_move == "white"
    assert game.position.quiet == 12  # the count differs: it is no part of the position's key
    assert game.outcome is not None and game.outcome.termination == Termination.REPETITION
    assert list(game.traces())[-1].colour == "black"  # the eighth turn is Black's


def test_the_quiet_turns_demonstration_runs_out_at_50_without_a_repetition():
    demo = SPEC.demos[1]
    assert demo.start().to_text().split()[:-1] == SPEC.demos[0].start().to_text().split()[:-1]
    game = Game(demo.start())
    assert demo.start().quiet == 46 >= QUIET_WARNING
    for turn in demo.turns:
        assert game.outcome is None and _mill_turns(game.position) == []
        trace = game.push(turn)
        assert trace.removed is None and game.occurrences() == 1
    assert game.position.quiet == 50
    assert game.outcome is not None and game.outcome.termination == Termination.QUIET_TURNS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_demonstration_boards_show_the_counts_as_they_change(lang):
    lesson = Lesson(32, lang)
    demo = lesson.demo()
    for _ in range(4):
        demo.next()
    assert t("dokuz_tas.board.repeated", lang, count=2) in demo.board.counts
    assert demo.board.counts_warning
    demo.play_all()
    assert demo.board.status == t(
        "dokuz_tas.board.over", lang, why=t("dokuz_tas.end.repetition", lang)
    )
    quiet = lesson.demo(2)
    assert quiet.board.counts == counts_text(SPEC.demos[1].start(), lang)
    assert "46" in quiet.board.counts and quiet.board.counts_warning
    quiet.play_all()
    assert quiet.board.status == t(
        "dokuz_tas.board.over", lang, why=t("dokuz_tas.end.quiet_turns", lang)
    )


# -- The board's given turns ------------------------------------------------------------------------


def test_a_board_started_after_given_turns_counts_them_and_never_undoes_them():
    pos = Position(white=["a1", "g7", "d2", "b4"], black=["a7", "g1", "f4", "b6"], in_hand=(0, 0))
    past = ["a1-a4", "g1-d1", "a4-a1", "d1-g1"]
    board = DokuzTasBoard(pos, lang="en", turns=past)
    assert board.game.turns == tuple(past) and board.game.occurrences() == 2
    assert board.counts.endswith("This position has stood 2 times (the third time draws).")
    assert not board.can_undo and board.undo() is False
    board.click("a1")
    board.click("a4")
    assert board.can_undo and board.undo() and board.game.turns == tuple(past)
    board.reset(pos)  # without turns: a fresh game, everything may be undone
    assert board.game.turns == () and board.last == {} and board.caption == ""
    board.click("a1")
    board.click("a4")
    assert board.undo() and board.game.turns == ()
