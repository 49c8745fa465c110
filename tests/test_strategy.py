"""The strategy lessons' machinery: "find the best move" verdicts, threats, the puzzle seam,
the closing game against the computer, value tables, and the opening data of lesson 18."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from mangala_edu import Position
from mangala_edu.lessons import Lesson
from mangala_edu.lessons.best_move import BestMove, Threatens
from mangala_edu.lessons.challenge import Challenge
from mangala_edu.lessons.claims import score
from mangala_edu.lessons.content import LESSONS
from mangala_edu.lessons.goals import SOLVED, WRONG
from mangala_edu.lessons.opening import (
    DATA,
    POSITIONS,
    OpeningTable,
    load,
    prove,
    prove_compiled,
    prove_move,
)
from mangala_edu.lessons.puzzles import (
    DEFAULT_SOURCE,
    INLINE,
    THEMES,
    CollectionPuzzles,
    InlinePuzzles,
    Puzzle,
    PuzzleTask,
    puzzle_source,
    puzzle_values,
    use_source,
)
from mangala_edu.lessons.spec import TaskSpec
from mangala_edu.search import value_of_moves

ROOT = Path(__file__).parents[1]

# -- BestMove -----------------------------------------------------------------------------------

# Pit 5 (3 stones) and pit 6 (2 stones) both reach the store; only pit 6 first wins.
CHAIN = "1,1,0,1,3,2,13/1,2,2,0,1,0,21 S"
CHAIN_VALUES = {1: -2, 2: -2, 4: 0, 5: -2, 6: 2}


def test_best_move_values_are_the_solver_s():
    assert value_of_moves(Position.from_text(CHAIN)) == CHAIN_VALUES


@pytest.mark.parametrize(
    ("lang", "solved", "wrong"),
    [
        (
            "en",
            "Well done: that is the best move! With best play on both sides you win the set 25–23.",
            "Not the best move: pit 6 was better, by 4 stones. Pit 6 ends in your store: you move "
            "again. After your move your opponent can capture 2 stones at once, by playing their "
            "pit 3.",
        ),
        (
            "tr",
            "Aferin, en iyi hamle bu! İki taraf da en iyi oynarsa seti 25–23 kazanırsın.",
            "En iyi hamle bu değil: 6. kuyu 4 taş daha iyiydi. 6. kuyunun son taşı hazinene düşer: "
            "bir hamle daha oynarsın. Senin hamlenden sonra rakibin 3. kuyusunu oynayarak hemen 2 "
            "taş alabilir.",
        ),
    ],
)
def test_a_best_move_verdict_says_what_the_better_move_does_and_what_this_one_allows(
    lang, solved, wrong
):
    position = Position.from_text(CHAIN)
    goal = BestMove(CHAIN_VALUES)
    right = goal.judge([position.trace(6)])
    assert right.status == SOLVED and right.said.text(lang) == solved
    bad = goal.judge([position.trace(2)])
    assert bad.status == WRONG and bad.said.text(lang) == wrong
    assert goal.solutions(position) == [6]


def test_a_not_best_move_that_only_loses_later_says_so():
    position = Position.from_text(CHAIN)
    said = BestMove(CHAIN_VALUES).judge([position.trace(1)]).said
    assert said.params["allowed"].key == "goal.bestmove.allowed.later"
    assert said.text("en").endswith("your move gives you only 23–25.")


def test_a_task_with_best_move_answers_at_once_and_explains():
    task = Lesson(12, "en").task(3)
    assert isinstance(task.state.goal, BestMove)
    assert task.play(5) == "wrong"
    assert task.feedback.startswith("Not the best move: pit 6 was better")
    task.reset()
    assert task.play(6) == "solved"


def test_threatens_counts_the_threats_a_move_leaves():
    position = Position.from_text("1,3,2,6,3,3,9/4,0,1,1,5,0,10 S")
    goal = Threatens(2)
    assert goal.solutions(position) == [4]
    verdict = goal.judge([position.trace(1)])
    assert verdict.status == WRONG and "the task wants 2" in verdict.said.text("en")


# -- Puzzles ------------------------------------------------------------------------------------


def test_inline_puzzles_are_proven_and_themed():
    for puzzle in INLINE.puzzles:
        start = puzzle.start()
        assert set(puzzle.themes) <= set(THEMES)
        assert puzzle.values is not None
        assert value_of_moves(start) == dict(puzzle.values), puzzle.id
        best = max(puzzle.values.values())
        assert puzzle.values[puzzle.solution[0]] == best, puzzle.id
        position = start  # the solution line is legal, the mover's turn
        for pit in puzzle.solution[:-1]:
            trace = position.trace(pit)
            assert trace.extra_turn, puzzle.id
            position = trace.after
        assert puzzle.solution[-1] in position.legal_moves


def test_every_theme_a_lesson_asks_for_has_a_puzzle():
    for spec in LESSONS.values():
        for task in spec.tasks:
            if isinstance(task, PuzzleTask):
                assert task.puzzle().start() == task.start()


class FakeCollection:
    """What the puzzle collection must offer the lessons: get(id) and with_theme(theme)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def get(self, puzzle_id: str) -> Puzzle:
        self.asked.append(puzzle_id)
        return Puzzle(puzzle_id, "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S", (6, 5), ("extra_turn_chain",))

    def with_theme(self, theme: str) -> list[Puzzle]:
        self.asked.append(theme)
        return [self.get(f"{theme}-1"), self.get(f"{theme}-2")]


def test_the_puzzle_seam_takes_another_source():
    fake = FakeCollection()
    use_source(fake)
    try:
        assert puzzle_source() is fake
        task = PuzzleTask(theme="extra_turn_chain", index=1)
        assert task.puzzle().id == "extra_turn_chain-2"
        # A record without values: the solver works them out once.
        assert task.goal.values == {5: -8, 6: -2} and task.goal.solutions(task.start()) == [6]
        lesson_task = Lesson(12, "en").task(4)  # the lesson's puzzle task, from the fake
        assert lesson_task.state.start == Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
        assert lesson_task.play(6) == "solved"
    finally:
        use_source(DEFAULT_SOURCE)
    assert puzzle_source() is DEFAULT_SOURCE


# The theme each lesson's puzzle task is about (lesson vocabulary), and whether it comes from
# the shipped collection (True) or from the inline list (False).
LESSON_PUZZLES = {
    11: ("counting", True),
    12: ("extra_turn_chain", True),
    13: ("even_capture", False),
    14: ("defence", True),
    15: ("empty_capture", True),
    16: ("waiting_move", True),
    17: ("end_of_set", False),
}


@pytest.mark.parametrize("number", sorted(LESSON_PUZZLES))
def test_a_lesson_s_puzzle_task_is_a_proven_puzzle_of_its_theme(number):
    from mangala_edu.puzzles import Collection

    theme, shipped = LESSON_PUZZLES[number]
    [task] = [t for t in LESSONS[number].tasks if isinstance(t, PuzzleTask)]
    puzzle = task.puzzle()
    assert theme in puzzle.themes, (number, puzzle.themes)
    assert (puzzle.id in {p.id for p in Collection.shipped()}) == shipped
    start = puzzle.start()
    assert start.mover == "south" and len(start.legal_moves) >= 2
    # The record's values are the solver's, and one move is the best.
    assert value_of_moves(start) == dict(puzzle.values or {})
    assert task.goal.solutions(start) == [puzzle.solution[0]]


def test_the_collection_as_a_source_translates_themes_and_lines():
    source = CollectionPuzzles()
    for theme in THEMES:
        for puzzle in source.with_theme(theme)[:3]:
            assert theme in puzzle.themes and set(puzzle.themes) <= set(THEMES)
            assert puzzle.solution[0] == max(puzzle.values, key=puzzle.values.__getitem__)
    with pytest.raises(KeyError):
        source.get("inline-chain-1")
    assert DEFAULT_SOURCE.get("inline-chain-1") == INLINE.get("inline-chain-1")


def test_a_puzzle_task_names_an_id_or_a_theme():
    with pytest.raises(ValueError):
        PuzzleTask()
    with pytest.raises(ValueError):
        PuzzleTask(id="x", theme="defence")
    with pytest.raises(ValueError):
        PuzzleTask(theme="no-such-theme")
    with pytest.raises(KeyError):
        PuzzleTask(theme="sacrifice", index=5).puzzle()
    with pytest.raises(ValueError):
        InlinePuzzles([INLINE.puzzles[0], INLINE.puzzles[0]])
    assert puzzle_values(INLINE.puzzles[0]) == dict(INLINE.puzzles[0].values or {})


# -- The closing game ---------------------------------------------------------------------------


@pytest.mark.parametrize("number", sorted(n for n in LESSONS if 11 <= n <= 18 or n >= 27))
def test_every_strategy_lesson_ends_with_a_game_its_idea_decides(number):
    spec = LESSONS[number]
    assert spec.game is not None
    values = spec.game.values
    best = max(values.values())
    assert best > 0, "the learner can win with best play"
    if spec.game.level == "usta":
        # The lesson's idea decides the game: one first move wins, every other does not.
        assert sum(v > 0 for v in values.values()) == 1
        assert all(v <= 0 for v in values.values() if v != best)


def test_the_closing_game_plays_to_the_end_and_starts_over():
    game = Lesson(11, "en").game()
    assert isinstance(game, Challenge) and game.outcome == "playing"
    assert game.info_text.startswith("Your turn")
    start = game.position
    game.play(1)  # a losing first move
    while not game.position.is_over:
        game.play(game.position.legal_moves[0])
    assert game.outcome == "lost" and game.board.locked
    assert "With perfect play you could have reached 28–20" in game.info_text
    assert game.biggest_mistakes() and "Your biggest mistakes" in game.mistakes.value
    assert game.again.button_style == "primary"
    game.again.click()
    assert game.position == start and not game.board.locked and game.outcome == "playing"


def test_the_closing_game_is_won_with_the_lesson_s_idea():
    game = Lesson(11, "tr").game()
    best = LESSONS[11].game
    assert best is not None
    key = max(best.values, key=lambda p: best.values[p])
    game.play(key)
    while not game.position.is_over:
        values = value_of_moves(game.position)
        game.play(max(values, key=lambda p: values[p]))
    assert game.outcome == "won"
    assert game.info_text.endswith("kusursuz oynadın.")


# -- Value tables and diagrams of claims ----------------------------------------------------------


def test_a_value_table_marks_the_best_moves_and_shows_stones_from_the_claim():
    table = Lesson(12, "en").values("order_values")
    rows = table.rows()
    assert [r[3] for r in rows] == [False, False, False, True]
    assert rows[-1][2] == "South wins 25–23"
    html = table._repr_html_()
    assert "mangala-values-best" in html and "data:image/svg+xml" in html and "★" in html


def test_claims_show_as_diagrams():
    lesson = Lesson(14, "en")
    for name in ("threat", "count", "attacker", "away"):
        assert "data:image/svg+xml" in lesson.show(name)._repr_html_()
    with pytest.raises(ValueError, match="no proven fact named nothing"):
        lesson.show("nothing")


# -- The opening ----------------------------------------------------------------------------------


def test_the_opening_file_holds_every_first_move_with_how_it_was_found():
    data = json.loads(DATA.read_text("utf-8"))
    assert data["made_by"].startswith("python -m mangala_edu.lessons.opening")
    found = load()
    assert set(found) == set(POSITIONS)
    for name, entry in found.items():
        assert entry.position == POSITIONS[name]
        assert sorted(entry.moves) == list(entry.start().legal_moves)
        for result in entry.moves.values():
            assert -48 <= result.lower <= result.upper <= 48
            assert result.exact == (result.lower == result.upper)
    assert found["small"].complete and found["small"].budget is None


def test_the_teacher_guide_gives_the_opening_as_the_file_proves_it():
    """The guide quotes the start's value, its best first move and pit 4's result in both
    languages: they must be the file's."""
    entry = load()["start"]
    assert entry.complete
    position = entry.start()
    (best,) = entry.best_moves
    draw = "–".join(map(str, score(position, entry.moves[best].lower)))
    mine4, theirs4 = score(position, entry.moves[4].lower)
    text = (ROOT / "docs" / "teacher-guide.md").read_text("utf-8")
    turkish, english = text.split("\n## English\n")
    assert f"set {draw} berabere" in turkish and f"yalnızca {best}. kuyu" in turkish
    assert f"4. kuyudan sonra Kuzey {theirs4}–{mine4} kazanır" in turkish
    assert f"a {draw} draw" in english and f"only pit {best} makes sure" in english
    assert f"North wins {theirs4}–{mine4} after pit 4" in english


def _stored_outputs(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    return [
        out.get("data", {}).get("text/html", "")
        for cell in nb.cells
        if cell.cell_type == "code" and "lesson.opening(" in cell.source
        for out in cell.outputs
    ]


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_the_opening_lesson_says_what_the_file_says(lang):
    """The stored lesson 18 shows the file's values: after the file changes, the lesson must be
    built again (python notebooks/build.py --execute 18)."""
    path = ROOT / "notebooks" / lang / f"{LESSONS[18].names[lang]}.ipynb"
    stored = _stored_outputs(path)
    fresh = [OpeningTable(name, lang)._repr_html_() for name in ("start", "small")]
    assert len(stored) == 2
    assert [re.sub(r"\s+", " ", s) for s in stored] == [re.sub(r"\s+", " ", f) for f in fresh]
    for name in ("start", "small"):
        table = OpeningTable(name, lang)
        for _pit, _now, proven, _best in table.rows():
            assert proven  # a sentence for every first move
        assert table.sentences()[0]


_SCORE = re.compile(r"(\d+)–(\d+)")

# Texts that name a winner or a loser and its score, with the value (mover's side) they get.
_SCORED_KEYS = [
    ("goal.bestmove.result.win", 4),
    ("goal.bestmove.result.loss", -8),
    ("goal.bestmove.result.loss_least", -2),
    ("opening.move.win", 4),
    ("opening.move.loss", -8),
    ("opening.summary.win", 4),
    ("opening.summary.loss", -8),
]


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_score_is_written_winner_first(lang):
    """The winner's score first: "Kuzey seti 28–20 kazanır", never 20–28, as lesson 9 writes
    "Kuzey kazandı: 28–20" (issue 22): in every text that names a winner or a loser, and in
    lesson 18's table."""
    from mangala_edu.engine import SIDE_NAMES
    from mangala_edu.i18n import t
    from mangala_edu.lessons.opening import move_sentence

    for key, value in _SCORED_KEYS:
        mine, theirs = score(Position.start(), value)
        side = SIDE_NAMES["north"]
        text = t(key, lang, mine=mine, theirs=theirs, side=side, pits="5", count=1)
        ((first, second),) = _SCORE.findall(text)
        assert int(first) > int(second), (key, text)
    sentences = [
        move_sentence(entry, result, lang)
        for entry in load().values()
        for result in entry.moves.values()
    ] + [OpeningTable(name, lang).sentences()[0] for name in ("start", "small")]
    scores = [tuple(map(int, pair)) for text in sentences for pair in _SCORE.findall(text)]
    assert len(scores) == len(sentences)
    assert all(first >= second for first, second in scores), sentences


def test_the_small_boards_caption_is_its_own():
    """Each opening table's caption says how its own values were found (the small game's is
    not the start's), and no caption shows the pupil a file or a command (issue 22)."""
    for lang in ("tr", "en"):
        start, small = (OpeningTable(name, lang) for name in ("start", "small"))
        assert start.sentences()[1] != small.sentences()[1]
        assert "24" in small.sentences()[1] and "26" not in small.sentences()[1]
        for table in (start, small):
            html = table._repr_html_()
            assert "opening.json" not in html and "python -m" not in html


def test_an_opening_move_reports_bounds_when_the_budget_runs_out():
    position = Position.start()
    result = prove_move(position, 1, 0.2)
    assert not result.exact and result.lower < result.upper
    endgame = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
    assert [prove_move(endgame, pit, None).lower for pit in (5, 6)] == [-8, -2]


@pytest.mark.slow
def test_the_opening_file_is_proven_again():
    """Re-proves lessons/data/opening.json with the engine that made it (as long as its time
    budget: 30 minutes with the kernel): the small game's values exactly; for the start, the
    bounds found again with the same budget must overlap the file's (both are proven, so the
    true value lies in both)."""
    found = load()
    small = prove("small", None)
    assert {p: (m.lower, m.upper) for p, m in small.moves.items()} == {
        p: (m.lower, m.upper) for p, m in found["small"].moves.items()
    }
    if "--engine compiled" in json.loads(DATA.read_text("utf-8"))["made_by"]:
        again = prove_compiled("start", found["start"].budget)
        if again is None:
            pytest.skip("the file was made by the compiled kernel, which is not installed")
        start = again
    else:
        start = prove("start", found["start"].budget)
    for pit, result in start.moves.items():
        old = found["start"].moves[pit]
        assert max(result.lower, old.lower) <= min(result.upper, old.upper), pit


def test_a_task_spec_and_a_puzzle_task_read_alike():
    puzzle = PuzzleTask(id="inline-defence-1")
    spec = TaskSpec(puzzle.position, puzzle.goal)
    assert spec.start() == puzzle.start()
    assert spec.goal.solutions(spec.start()) == puzzle.goal.solutions(puzzle.start())


def test_the_teacher_guide_answer_key_names_right_moves():
    """The first pit each answer of lessons 11-18 names (English half) solves the task."""
    from mangala_edu.lessons.spec import PredictSpec

    text = (ROOT / "docs" / "teacher-guide.md").read_text("utf-8")
    english = text[text.index("\n## English\n") :]
    rows = re.findall(r"^\| (1[1-8]) · (\d+|game)[^|]*\| ([^|]+)\|", english, re.MULTILINE)
    assert len(rows) == sum(len(LESSONS[n].tasks) + 1 for n in range(11, 19))
    for number, which, answer in rows:
        spec = LESSONS[int(number)]
        task = spec.game if which == "game" else spec.tasks[int(which) - 1]
        named = int(re.search(r"\d", answer).group(0))
        if isinstance(task, PredictSpec):
            assert task.start().trace(task.pit).last_place % 7 == named - 1, (number, which)
        elif which == "game":
            assert task.values[named] == max(task.values.values()), (number, which)
        else:
            assert named in task.goal.solutions(task.start()), (number, which, answer)
