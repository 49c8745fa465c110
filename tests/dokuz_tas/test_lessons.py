"""The Dokuz Taş lessons (29: the board and placing; 30: mills, taking a stone, the protection
rule; 31: sliding, flying, how a game ends; and the others' shared parts): every task's answers proven by the engine, a right answer solved and a wrong one
explained in both languages, what the pictures and demonstrations show checked against the
texts, the widgets driven from Python (a wrong click is explained, never raised), and the
notebooks built from their sources."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest

from mangala_edu.dokuz_tas import EventKind, Position
from mangala_edu.dokuz_tas.board import LINES, NEIGHBOURS, POINT_NAMES, line_name, parse_point
from mangala_edu.dokuz_tas.lessons import LESSONS, Lesson, TaskState
from mangala_edu.dokuz_tas.lessons.goals import SOLVED, WRONG, Win, mill_threat, played
from mangala_edu.dokuz_tas.lessons.spec import LessonError, start_of
from mangala_edu.dokuz_tas.notation import STONES
from mangala_edu.dokuz_tas.trace import Phase, Termination
from mangala_edu.i18n import LANGUAGES, catalogue, t

ROOT = Path(__file__).parents[2]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))

import build  # noqa: E402

TASKS = [(n, k) for n, spec in sorted(LESSONS.items()) for k in range(1, len(spec.tasks) + 1)]


def _waiting(pos: Position) -> Position:
    """``pos`` with the other side to move: what that side could do now."""
    parts = pos.to_text().split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return Position.from_text(" ".join(parts))


def _kinds(trace) -> list[str]:
    return [e.kind.value for e in trace.events]


def _kind_points(trace, kind: EventKind) -> list[str]:
    return [name for e in trace.events if e.kind == kind for name in e.names]


# -- The lessons' shape -------------------------------------------------------------------------


def test_the_lessons_follow_mangala_s_and_are_no_mangala_lesson():
    from mangala_edu.lessons.content import LESSONS as MANGALA_LESSONS

    assert sorted(LESSONS)[:4] == [29, 30, 31, 32] and not set(LESSONS) & set(MANGALA_LESSONS)
    for number, spec in LESSONS.items():
        assert len(spec.tasks) >= 3 and len(spec.quiz) >= 3 and spec.demos and spec.figures
        for question in spec.quiz:
            assert 0 <= question.correct < question.options
        answers = [q.correct for q in spec.quiz]
        assert len(set(answers)) > 1 and max(map(answers.count, set(answers))) <= 2, number


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_every_position_is_one_a_game_from_the_start_reaches(number):
    """Both players have placed as many stones when White is to move (stones taken count as
    placed); White one more when Black is to move."""
    spec = LESSONS[number]
    positions = [f.start() for f in spec.figures.values()]
    positions += [d.start() for d in spec.demos] + [task.start() for task in spec.tasks]
    for pos in positions:
        white, black = (STONES - pos.in_hand(c) for c in ("white", "black"))
        assert white - black == (0 if pos.to_move == "white" else 1), pos


def test_an_unknown_lesson_or_picture_is_explained():
    with pytest.raises(LessonError) as error:
        Lesson(3, "en")
    assert "the Dokuz Taş lessons are 29, 30, 31, 32" in error.value.message("en")
    with pytest.raises(LessonError) as error:
        Lesson(30, "tr").diagram("lines")
    assert "Dersin resimleri: all_in_mills, mill, protected, two_mills" in error.value.message("tr")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_a_lesson_needs_is_in_its_catalogue(lang):
    for number, spec in LESSONS.items():
        lesson = Lesson(number, lang)
        for key in spec.text_keys():
            assert lesson.text(*key.split(".")[1:]).strip(), key
        keys = {k for k in catalogue(lang) if k.startswith(spec.prefix + ".")}
        assert keys == set(spec.text_keys())
        assert len(lesson.questions()) == len(spec.quiz)


# -- The tasks: their answers proven, right and wrong answers judged ------------------------------


@pytest.mark.parametrize(("number", "k"), TASKS)
def test_every_task_has_exactly_the_answers_it_claims(number, k):
    task = LESSONS[number].tasks[k - 1]
    start = task.start()
    assert start.to_move == "white"  # the prompts say "you are White"
    game = task.game()  # a task's past, when it has one (a position may repeat)
    assert task.goal.solutions(game) == tuple(sorted(task.answers))
    wrong = [turn for turn in start.legal_moves if turn not in task.answers]
    assert wrong, "every turn solves this task: it teaches nothing"
    for turn in wrong:
        assert task.goal.judge([played(game, turn)]).status == WRONG, turn


@pytest.mark.parametrize(("number", "k"), TASKS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_answer_a_task_can_get_reads_well(number, k, lang):
    """Every turn of every task gets a verdict with no placeholder left and no doubled full
    stop; the right ones start with "Doğru"/"Right", the wrong ones never do."""
    task = LESSONS[number].tasks[k - 1]
    start = task.start()
    right = t("ui.right", lang).rstrip("!")
    for turn in start.legal_moves:
        state = TaskState(start_of(task.position), task.goal, task.history)
        verdict = state.play(turn)
        said = state.feedback(lang)
        assert "{" not in said and ".." not in said and said.endswith("."), said
        assert said.startswith(right) == (verdict.status == SOLVED), said
        assert state.happened(lang).startswith(t("dokuz_tas.colour.white", lang))


WRONG_ANSWERS = [
    # (lesson, task, turn, Turkish, English)
    (29, 1, "f6", "Taşın f6 noktasına gitti, b4 noktasına değil.",
     "Your stone went to f6, not to b4."),
    (29, 2, "a7", "a7 noktasının yalnızca 2 komşusu var (a4, d7): 4 komşulu bir nokta ara.",
     "a7 has only 2 neighbours (a4, d7): look for a point with 4."),
    (29, 3, "f6", "Siyah şimdi a7 noktasına taş koyup a1-a4-a7 üçlüsünü kurabilir.",
     "Now Black can place a stone on a7 and close the mill a1-a4-a7."),
    (30, 1, "f6", "f6 hiçbir çizgide üç taşını bir araya getirmiyor: bu hamle üçlü kurmadı.",
     "f6 brings no three of your stones together on a line: this turn closes no mill."),
    (30, 2, "a7xc5", "Üçlünü kurdun, ama c5 noktasındaki taşı almak yetmedi: Siyah şimdi f6 "
     "noktasına taş koyup f2-f4-f6 üçlüsünü kurabilir.",
     "You closed your mill, but taking the stone on c5 was not enough: now Black can place a "
     "stone on f6 and close the mill f2-f4-f6."),
    (30, 2, "f6", "f6 hiçbir çizgide üç taşını bir araya getirmiyor: bu hamle üçlü kurmadı.",
     "f6 brings no three of your stones together on a line: this turn closes no mill."),
    (30, 3, "f6xa4", "b6-d6-f6 üçlüsünü kurdun, ama bu görev tek taşla iki üçlü birden istiyor.",
     "You closed the mill b6-d6-f6, but this task wants two mills with one stone."),
    (30, 4, "a7", "a7 hiçbir çizgide üç taşını bir araya getirmiyor: bu hamle üçlü kurmadı.",
     "a7 brings no three of your stones together on a line: this turn closes no mill."),
    (30, 4, "b6xa4", "Üçlünü kurdun, ama a4 noktasındaki taşı almak yetmedi: Siyah şimdi g1 "
     "noktasına taş koyup a1-d1-g1 üçlüsünü kurabilir.",
     "You closed your mill, but taking the stone on a4 was not enough: now Black can place a "
     "stone on g1 and close the mill a1-d1-g1."),
    (31, 1, "g4-g1", "g1 hiçbir çizgide üç taşını bir araya getirmiyor: bu hamle üçlü kurmadı.",
     "g1 brings no three of your stones together on a line: this turn closes no mill."),
    (31, 2, "g1-e4", "Siyah şimdi taşını d7 noktasından a7 noktasına götürüp a1-a4-a7 üçlüsünü "
     "kurabilir.",
     "Now Black can move a stone from d7 to a7 and close the mill a1-a4-a7."),
    (31, 3, "g4-g1", "Siyah hâlâ hamle yapabilir, örneğin d7 noktasından g7 noktasına: oyun "
     "sürüyor.",
     "Black can still move, for example from d7 to g7: the game goes on."),
    (34, 1, "f4-g4xa4", "g1-g4-g7 üçlüsünü kurdun ve a4 noktasındaki taşı aldın, ama şimdi "
     "Siyah e4-f4 oynayabilir: o zaman hiçbir hamlen üçlü kurmaz.",
     "You closed the mill g1-g4-g7 and took the stone on a4, but now Black can play e4-f4: then "
     "no turn of yours closes a mill."),
    (34, 1, "d2-d3", "d3 hiçbir çizgide üç taşını bir araya getirmiyor",
     "d3 brings no three of your stones together on a line"),
    (34, 2, "d7-a7", "Şimdi Siyah d1-d2 oynayabilir; o zaman hiçbir hamlen hemen kazandırmaz.",
     "Now Black can play d1-d2, and then no turn of yours wins at once."),
    (34, 3, "e4-b4", "Şimdi Siyah d6-c4 oynayabilir; o zaman hiçbir hamlen hemen kazandırmaz.",
     "Now Black can play d6-c4, and then no turn of yours wins at once."),
]  # fmt: skip


@pytest.mark.parametrize(("number", "k", "turn", "tr", "en"), WRONG_ANSWERS)
def test_a_wrong_answer_is_told_why_in_both_languages(number, k, turn, tr, en):
    task = LESSONS[number].tasks[k - 1]
    state = TaskState(task.start(), task.goal)
    assert state.play(turn).status == WRONG
    assert state.feedback("tr").startswith(tr) and state.feedback("en").startswith(en)


RIGHT_ANSWERS = [
    (29, 1, "b4", "Doğru: b4, b harfiyle 4 sayısının buluştuğu noktadır.",
     "Right: b4 is where the letter b meets the number 4."),
    (29, 2, "f4", "Doğru: f4 noktasının 4 komşusu var: e4, f2, f6, g4.",
     "Right: f4 has 4 neighbours: e4, f2, f6, g4."),
    (29, 3, "a7", "Doğru: Siyah artık hiçbir üçlüyü tamamlayamaz.",
     "Right: now Black cannot complete any mill."),
    (30, 1, "g7xd6", "Doğru: a7-d7-g7 üçlüsünü kurdun ve rakibinin bir taşını aldın.",
     "Right: you closed the mill a7-d7-g7 and took one of your opponent's stones."),
    (30, 2, "a7xf4", "Doğru: a1-a4-a7 üçlüsünü kurdun ve f4 noktasındaki taşı aldın; Siyah "
     "artık hiçbir üçlüyü tamamlayamaz.",
     "Right: you closed the mill a1-a4-a7 and took the stone on f4; now Black cannot complete "
     "any mill."),
    (30, 3, "g1xe3", "Doğru: tek taşla iki üçlü birden kurdun (a1-d1-g1 ve g1-g4-g7), ama yine "
     "yalnızca bir taş aldın.",
     "Right: one stone closed two mills at once (a1-d1-g1 and g1-g4-g7), and still you took "
     "only one stone."),
    (30, 4, "b6xa1", "Doğru: b6-d6-f6 üçlüsünü kurdun ve a1 noktasındaki taşı aldın; Siyah "
     "artık hiçbir üçlüyü tamamlayamaz.",
     "Right: you closed the mill b6-d6-f6 and took the stone on a1; now Black cannot complete "
     "any mill."),
    (31, 1, "g4-g7xe3", "Doğru: a7-d7-g7 üçlüsünü kurdun ve rakibinin bir taşını aldın.",
     "Right: you closed the mill a7-d7-g7 and took one of your opponent's stones."),
    (31, 2, "f6-a7", "Doğru: Siyah artık hiçbir üçlüyü tamamlayamaz.",
     "Right: now Black cannot complete any mill."),
    (31, 3, "g4-g7", "Doğru: Siyah artık hamle yapamıyor, sıkıştırıldı; sen kazandın.",
     "Right: Black has no move left, so you win."),
    (34, 1, "f4-g4xe4", "Doğru. g1-g4-g7 üçlüsünü kurdun ve e4 noktasındaki taşı aldın; Siyah "
     "ne oynarsa oynasın, sonraki hamlen yine bir üçlü kurar.",
     "Right. You closed the mill g1-g4-g7 and took the stone on e4, and whatever Black plays, "
     "your next turn closes a mill again."),
    (34, 2, "b2-d2", "Doğru: Siyah ne oynarsa oynasın, sonraki hamlen kazandırır. Siyah "
     "yalnızca a4-a7 oynayabilir; sonra b4-a4: Siyah hamle yapamıyor: Beyaz kazandı.",
     "Right: whatever Black plays, your next turn wins. Black can only play a4-a7; then b4-a4: "
     "Black cannot move: White wins."),
    (34, 3, "e4-c4", "Doğru: Siyah ne oynarsa oynasın, sonraki hamlen kazandırır. Örneğin Siyah "
     "d6-b4 oynar; sonra a4-c5xb4: Siyah için üçten az taş kaldı: Beyaz kazandı.",
     "Right: whatever Black plays, your next turn wins. For example Black plays d6-b4; then "
     "a4-c5xb4: Black has fewer than three stones left: White wins."),
]  # fmt: skip


@pytest.mark.parametrize(("number", "k", "turn", "tr", "en"), RIGHT_ANSWERS)
def test_a_right_answer_is_solved_in_both_languages(number, k, turn, tr, en):
    task = LESSONS[number].tasks[k - 1]
    state = TaskState(task.start(), task.goal)
    assert state.play(turn).status == SOLVED
    assert (state.feedback("tr"), state.feedback("en")) == (tr, en)


def test_the_tasks_positions_hold_what_their_prompts_and_comments_say():
    t29, t30 = LESSONS[29].tasks, LESSONS[30].tasks
    # 29.2: the four points with four neighbours; only f4 is empty.
    four = [POINT_NAMES[p] for p, near in enumerate(NEIGHBOURS) if len(near) == 4]
    assert four == ["b4", "d2", "d6", "f4"]
    assert [p for p in four if t29[1].start().at(p) is None] == ["f4"]
    # 29.3: Black's a1 and a4 wait for a7.
    black = t29[2].start().play("d1")  # any White turn elsewhere: Black may close a1-a4-a7
    assert mill_threat(black) == ("a7", "a1-a4-a7")
    # 30.2: Black waits for f6; f2 stands in Black's mill b2-d2-f2, f4 does not.
    pos = t30[1].start()
    assert pos.mills("black") == ("b2-d2-f2",)
    half = pos.trace("a7xf4")
    assert _kind_points(half, EventKind.PROTECTED) == ["b2", "d2", "f2"]
    assert mill_threat(pos.play("a7xc5")) == ("f6", "f2-f4-f6")
    # 30.3: g1 closes two mills, f6 one.
    pos = t30[2].start()
    assert pos.trace("g1xa4").mills == ("a1-d1-g1", "g1-g4-g7")
    assert pos.trace("f6xa4").mills == ("b6-d6-f6",)
    # 30.4: Black waits for a7 and for g1, and a1 is in both lines.
    pos = t30[3].start()
    waiting = _waiting(pos)
    closing = sorted({m.split("x")[0] for m in waiting.legal_moves if "x" in m})
    assert closing == ["a7", "g1"]
    assert pos.mills("black") == ()  # a1 is not protected
    t31 = LESSONS[31].tasks
    # 31.1: all placed; only g4-g7 closes a mill; b2-d2 waits for f2, next to no White stone.
    pos = t31[0].start()
    assert pos.in_hand("white") == pos.in_hand("black") == 0
    assert pos.phase("white") == Phase.MOVING
    assert sorted({m.split("x")[0] for m in pos.legal_moves if "x" in m}) == ["g4-g7"]
    assert pos.at("f2") is None and all(pos.at(p) != "white" for p in ("f4",))
    # 31.2: White flies (three stones); Black waits for d7-a7; every White stone may go.
    pos = t31[1].start()
    assert pos.phase("white") == Phase.FLYING and len(pos.stones("white")) == 3
    assert mill_threat(_waiting(pos)) == ("d7-a7", "a1-a4-a7")
    assert {m.split("-")[0] for m in t31[1].answers} == set(pos.stones("white"))
    # 31.3: Black has four stones (no flying), and g7 is their only empty neighbour.
    pos = t31[2].start()
    assert pos.stones("black") == ("a1", "a4", "a7", "d7")
    assert pos.phase("black") == Phase.MOVING
    free = {
        POINT_NAMES[q]
        for p in pos.stones("black")
        for q in NEIGHBOURS[parse_point(p)]
        if pos.at(POINT_NAMES[q]) is None
    }
    assert free == {"g7"}
    assert pos.play("g4-g7").outcome.termination == Termination.BLOCKED  # type: ignore[union-attr]


# -- The pictures and demonstrations show what the texts say ------------------------------------


def test_lesson_29_s_pictures():
    figures = LESSONS[29].figures
    assert figures["start"].start() == Position.start()
    assert figures["names"].highlight == ("a1", "d6", "g7")
    assert len(LINES) == 16 and len(POINT_NAMES) == 24
    names = {line_name(i) for i in range(len(LINES))}
    assert set(figures["lines"].lines) <= names
    assert "d3-d4-d5" not in names and "c4-d4-e4" not in names
    near = figures["neighbours"]
    pos = near.start()
    assert pos.stones("white") == ("d2",) and pos.stones("black") == ()
    assert set(near.highlight) == {POINT_NAMES[q] for q in NEIGHBOURS[parse_point("d2")]}
    assert [POINT_NAMES[q] for q in NEIGHBOURS[parse_point("a1")]] == ["a4", "d1"]
    trace = figures["place"].start().trace("d6")
    assert _kinds(trace) == ["place"] and trace.after.in_hand("white") == 8


def test_lesson_29_s_demonstration_places_all_eighteen_stones_and_no_mill_is_made():
    """Whenever a player has two stones on a line with its third point empty, the other puts
    a stone there at once: no mill; after the last turn both hands are empty and both players
    move on to sliding."""
    demo = LESSONS[29].demos[0]
    pos = demo.start()
    assert len(demo.turns) == 18
    traces, blocks = [], 0
    for turn in demo.turns:
        assert mill_threat(pos) is None  # the side to move can close no mill
        threat = mill_threat(_waiting(pos))  # what the other side waits for
        if threat is not None:
            assert turn == threat[0].split("-")[-1], (turn, threat)  # its target
            blocks += 1
        trace = pos.trace(turn)
        assert not trace.mills
        traces.append(trace)
        pos = trace.after
    assert blocks >= 5
    assert pos.in_hand("white") == pos.in_hand("black") == 0
    phases = [(e.colour, e.phase.value) for tr in traces for e in tr.events if e.phase]
    assert phases == [("white", "moving"), ("black", "moving")]
    assert traces[-1].events[-1].kind == EventKind.PHASE


def test_lesson_30_s_pictures():
    figures = LESSONS[30].figures
    mill = figures["mill"].start().trace(figures["mill"].turn)
    assert mill.mills == ("a7-d7-g7",) and mill.removed == "b6"
    assert EventKind.PROTECTED.value not in _kinds(mill)
    protected = figures["protected"].start()
    trace = protected.trace(figures["protected"].turn)
    assert trace.mills == ("a1-d1-g1",) and trace.removed == "f4"
    assert _kind_points(trace, EventKind.PROTECTED) == ["c3", "d3", "e3"]
    assert sorted(m for m in protected.legal_moves if m.startswith("g1x")) == ["g1xb6", "g1xf4"]
    every = figures["all_in_mills"].start()
    assert every.mills("black") == ("a1-a4-a7",) and len(every.stones("black")) == 3
    trace = every.trace(figures["all_in_mills"].turn)
    assert EventKind.ALL_IN_MILLS.value in _kinds(trace) and trace.removed == "a4"
    assert trace.mills == ("b2-d2-f2",)
    trace = figures["two_mills"].start().trace(figures["two_mills"].turn)
    assert trace.mills == ("a7-d7-g7", "g1-g4-g7") and trace.removed == "c5"
    assert _kinds(trace).count("remove") == 1


def test_lesson_30_s_demonstration():
    demo = LESSONS[30].demos[0]
    pos = demo.start()
    assert pos.to_move == "black"
    white = _waiting(pos)
    assert sorted({m.split("x")[0] for m in white.legal_moves if "x" in m}) == ["a7", "d5"]
    assert mill_threat(pos) == ("f2", "b2-d2-f2")
    first = pos.trace(demo.turns[0])
    assert first.mills == ("b2-d2-f2",) and first.removed == "a1"
    second = first.after.trace(demo.turns[1])
    assert second.mills == ("d5-d6-d7",) and second.removed == "c5"
    assert _kind_points(second, EventKind.PROTECTED) == ["b2", "d2", "f2"]


def test_lesson_31_s_pictures():
    figures = LESSONS[31].figures
    slide = figures["slide"]
    pos = slide.start()
    assert pos.in_hand("white") == pos.in_hand("black") == 0
    assert [m for m in pos.legal_moves if m.startswith("a4-")] == ["a4-b4"]
    assert pos.at("a1") == pos.at("a7") == "black"
    assert _kinds(pos.trace(slide.turn)) == ["slide"]
    fly = figures["fly"]
    pos = fly.start()
    assert pos.phase("white") == Phase.FLYING and pos.stones("white") == ("a7", "d7", "f4")
    empty = [p for p in POINT_NAMES if pos.at(p) is None]
    assert fly.highlight == tuple(empty) and len(empty) == 24 - 3 - 6
    # every empty point is a target of every White stone
    targets = {m.split("x")[0] for m in pos.legal_moves}
    assert targets == {f"{o}-{e}" for o in pos.stones("white") for e in empty}
    trace = pos.trace(fly.turn)
    assert _kinds(trace)[0] == "fly" and trace.mills == ("a7-d7-g7",) and trace.removed == "b4"
    two = figures["two_stones"]
    pos = two.start()
    assert len(pos.stones("black")) == 3
    trace = pos.trace(two.turn)
    assert trace.mills == ("a1-d1-g1",) and trace.removed == "c4"
    assert trace.after.outcome.termination == Termination.FEWER_THAN_THREE  # type: ignore[union-attr]
    assert trace.after.winner == "white" and _kinds(trace)[-1] == "game_over"
    blocked = figures["blocked"]
    pos = blocked.start()
    assert len(pos.stones("black")) == 4 and pos.phase("black") == Phase.MOVING
    trace = pos.trace(blocked.turn)
    assert trace.after.outcome.termination == Termination.BLOCKED  # type: ignore[union-attr]
    assert trace.after.winner == "white" and _kinds(trace) == ["slide", "game_over"]


def test_lesson_31_s_demonstrations():
    slides, reopen = LESSONS[31].demos
    # The first goes on from where lesson 29's demonstration ends, by sliding alone.
    pos = Position.start()
    for turn in LESSONS[29].demos[0].turns:
        pos = pos.play(turn)
    assert slides.start() == pos
    for turn in slides.turns:
        trace = pos.trace(turn)
        origin, target = turn.split("-")
        assert _kinds(trace) == ["slide"] and parse_point(target) in NEIGHBOURS[parse_point(origin)]
        pos = trace.after
    # The second: White opens a1-d1-g1, no Black stone can get into g1, White closes it again.
    pos = reopen.start()
    assert pos.mills("white") == ("a1-d1-g1",)
    opened = pos.play(reopen.turns[0])
    assert opened.mills("white") == () and opened.at("g1") is None
    assert not [m for m in opened.legal_moves if m.split("x")[0].endswith("-g1")]
    assert mill_threat(_waiting(opened.play(reopen.turns[1]))) == ("c4-b4", "b2-b4-b6")
    closed = opened.play(reopen.turns[1]).trace(reopen.turns[2])
    assert closed.mills == ("a1-d1-g1",) and closed.removed == "c4"


def test_the_win_goal_names_every_way_a_turn_can_fall_short():
    win = Win()
    # Taking the third stone wins by count.
    two = LESSONS[31].figures["two_stones"]
    verdict = win.judge([two.start().trace(two.turn)])
    assert verdict.status == SOLVED
    assert verdict.said.text("en") == "Right: Black has only two stones left, so you win."
    assert verdict.said.text("tr") == "Doğru: Siyah iki taşla kaldı; sen kazandın."
    # While placing, the opponent can still place.
    verdict = win.judge([Position.start().trace("d6")])
    assert verdict.status == WRONG
    assert verdict.said.text("en") == (
        "Black can still place a stone, for example on a1: the game goes on."
    )
    # A turn that ends the game in a draw (the 50th quiet turn) is no win.
    pos = Position.from_text("BBW/1W1/BWW/WWBBBW/WB1/1B1/1WB w 0 0 49")
    verdict = win.judge([pos.trace("b4-b2")])
    assert verdict.status == WRONG and verdict.said.text("en").endswith("This task wants a win.")


# -- The widgets, driven from Python ------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_task_judges_clicks_explains_wrong_ones_and_starts_over(lang):
    lesson = Lesson(30, lang)
    task = lesson.task(2)
    task.click("b2")  # Black's stone: occupied
    assert task.board.message_key == "dokuz_tas.error.occupied" and task.status == "open"
    task.click("d4")  # no such point
    assert task.board.message_key == "dokuz_tas.error.unknown_point"
    task.click("a7")  # a mill: the board waits for the stone to take
    assert task.board.mode == "remove" and task.status == "open"
    assert task.board.takeable == ["c5", "f4"] and task.board.protected == ["b2", "d2", "f2"]
    task.click("f2")  # protected: refused with the reason
    assert task.board.message_key == "dokuz_tas.error.remove_protected"
    assert task.board.message == t(
        "dokuz_tas.error.remove_protected", lang, point="f2", line="b2-d2-f2"
    )
    task.click("c5")  # a stone that does not stop Black
    assert task.status == "wrong" and task.decided and task.board.locked
    assert task.feedback == task.state.feedback(lang)
    assert "mangala-wrong" in task.output.value and "f2-f4-f6" in task.output.value
    assert task.board.caption == task.state.happened(lang)
    task.click("f4")  # decided: locked
    done = t("ui.task_done", lang, button=t("ui.try_again", lang))
    assert task.board.message == done and task.board.game.turns == ("a7xc5",)
    task.board.undo()  # taking the deciding turn back starts the task over
    assert task.status == "open" and not task.board.locked and task.output.value == ""
    for point in ("a7", "f4"):
        task.click(point)
    assert task.status == "solved" and "mangala-solved" in task.output.value
    task.show_hint()
    assert task.feedback == lesson.text("task2", "hint")
    task.reset()
    assert task.board.position == task.state.start and task.board.game.turns == ()
    assert task.board.controls == ["undo", "speed"]


def test_a_solved_task_is_recorded_in_the_learner_s_progress(tmp_path):
    from mangala_edu.progress import ProgressStore
    from mangala_edu.progress.lessons import stop_tracking, track_lessons

    store = ProgressStore(tmp_path)
    track_lessons("Deniz", store)
    try:
        task = Lesson(29, "tr").task(1)
        task.click("f6")
        task.reset()
        task.click("b4")
    finally:
        stop_tracking()
    assert sorted(store.load("Deniz").lessons) == ["lesson29.task1"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_demonstration_plays_one_turn_at_a_time(lang):
    lesson = Lesson(29, lang)
    demo = lesson.demo()
    turns = LESSONS[29].demos[0].turns
    assert demo.board.locked and demo.board.controls == ["speed"]
    assert demo.previous_button.disabled and not demo.next_button.disabled
    demo.board.click("a1")  # the board takes no clicks
    assert demo.board.game.turns == () and demo.board.message == t(
        "dokuz_tas.lesson.demo_board", lang
    )
    demo.next()
    demo.next()
    assert demo.board.game.turns == turns[:2]
    assert demo.board.caption == " ".join(
        m.text(lang) for m in Position.start().play(turns[0]).trace(turns[1]).captions
    )
    assert t("dokuz_tas.demo.counter", lang, played=2, total=18) in demo.counter.value
    demo.previous()
    assert demo.board.game.turns == turns[:1]
    demo.play_all()
    assert demo.board.game.turns == turns and demo.next_button.disabled
    last = list(demo.board.game.traces())[-1]
    assert demo.board.caption == " ".join(m.text(lang) for m in last.captions)
    demo.reset()
    assert demo.board.game.turns == () and demo.board.locked and demo.again.disabled


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pictures_show_their_turn_and_say_what_happened(lang):
    lesson = Lesson(30, lang)
    picture = lesson.diagram("protected")
    page = picture._repr_html_()
    assert page.count('<img src="data:image/svg+xml;base64,') == 2
    said = " ".join(m.text(lang) for m in picture.trace.captions)
    assert said.replace("'", "&#x27;") in page
    assert repr(picture) == "Diagram('1W1/B1W/3/1W2B1/BBB/3/WW1 w 4 4 0', turn='g1xf4')"
    import base64

    after = base64.b64decode(re.findall(r"base64,([^\"]+)", page)[1]).decode()
    assert after.count('class="dt-mill"') == 1 and after.count('class="dt-taken"') == 1
    lines = Lesson(29, lang).diagram("lines")._repr_html_()
    svg = base64.b64decode(re.search(r"base64,([^\"]+)", lines)[1]).decode()  # type: ignore[index]
    assert svg.count('class="dt-mill"') == 4


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_quiz_answer_explains_itself(lang):
    for number, spec in LESSONS.items():
        quiz = Lesson(number, lang).quiz()
        for k, question in enumerate(spec.quiz):
            said = quiz.answer(k, question.correct)
            assert said.startswith(t("ui.right", lang)), said
            wrong = (question.correct + 1) % question.options
            assert not quiz.answer(k, wrong).startswith(t("ui.right", lang))
        assert t("ui.score", lang, right=0, total=len(spec.quiz)) in quiz.score.value


# -- The notebooks -----------------------------------------------------------------------------


def _notebook(number: int, lang: str) -> Path:
    return NOTEBOOKS / lang / f"{LESSONS[number].names[lang]}.ipynb"


@pytest.mark.parametrize("number", sorted(LESSONS))
def test_the_notebooks_are_built_from_their_source_with_one_call_a_cell(number):
    source = NOTEBOOKS / "src" / f"{number:02d}.md"
    text = source.read_text("utf-8")
    assert build.notebook_names(number) == LESSONS[number].names
    cells = build.parse(text)
    codes = {}
    for lang in LANGUAGES:
        stored = nbformat.read(_notebook(number, lang), as_version=4)
        fresh = build.notebook(cells, lang)
        assert [(c.cell_type, c.source) for c in stored.cells] == [
            (c.cell_type, c.source) for c in fresh.cells
        ], f"run python notebooks/build.py --execute {number}"
        codes[lang] = [c.source for c in stored.cells if c.cell_type == "code"]
        for code in codes[lang][1:]:
            assert code.count("\n") == 0 and code.startswith("lesson."), code
    assert codes["tr"] == codes["en"]
    calls = " ".join(codes["tr"])
    spec = LESSONS[number]
    assert all(f"lesson.task({k})" in calls for k in range(1, len(spec.tasks) + 1))
    assert "lesson.demo()" in calls and "lesson.quiz()" in calls
    assert all(f"lesson.demo({k})" in calls for k in range(2, len(spec.demos) + 1))
    assert all(f'lesson.diagram("{name}")' in calls for name in spec.figures)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_teacher_guide_gives_every_answer(lang):
    guide = (ROOT / "docs" / "teacher-guide.md").read_text("utf-8")
    half = guide.split("\n## English\n")[LANGUAGES.index(lang)]
    quiz_word = {"tr": "sınav", "en": "quiz"}[lang]
    for number, spec in LESSONS.items():
        for k, task in enumerate(spec.tasks, start=1):
            row = re.search(rf"^\| {number} · {k} \| ([^|]+)\|$", half, re.MULTILINE)
            assert row, f"no answer for lesson {number}, task {k} ({lang})"
            steps = {a.split("x")[0].split("-")[-1] for a in task.answers}
            origins = {a.split("-")[0] for a in task.answers if "-" in a}
            taken = {a.split("x")[1] for a in task.answers if "x" in a}
            named = set(re.findall(r"\*\*([a-g][1-7])\*\*", row.group(1)))
            # The point to play (and the stone to move, or the stone to take, when only one
            # will do).
            expected = steps | (origins if len(origins) == 1 else set())
            assert named == expected | (taken if len(taken) == 1 else set()), row.group(0)
        row = re.search(rf"^\| {number} · {quiz_word} \| ([^|]+)\|$", half, re.MULTILINE)
        assert row, f"no quiz answers for lesson {number} ({lang})"
        letters = re.findall(r"(\d)([a-d])\b", row.group(1))
        assert letters == [(str(q), "abcd"[s.correct]) for q, s in enumerate(spec.quiz, 1)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_task_that_ends_the_game_points_to_try_again_not_to_a_missing_new_game(lang):
    task = Lesson(31, lang).task(3)
    for point in ("g4", "g7"):  # the move that blocks every Black stone
        task.click(point)
    assert task.status == "solved" and task.board.game.outcome is not None
    done = t("ui.task_done", lang, button=t("ui.try_again", lang))
    assert task.board.hint == done  # the board has no "New game" button to press
    assert t("dokuz_tas.hint.over", lang) != done
