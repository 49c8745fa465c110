"""The puzzle trainer driven from Python as a learner would: a right move and the opponent's
reply, a wrong move with its refutation and cost, three hints, the solution, the rating change,
and the attempt written to the learner's progress file."""

from __future__ import annotations

import itertools

import pytest

from mangala_edu.progress import ProgressStore
from mangala_edu.puzzles import Collection, PuzzleError
from mangala_edu.puzzles.trainer import PuzzleRun, TrainerSession
from mangala_edu.puzzles.widget import PuzzleTrainer

COLLECTION = Collection.shipped()


def _puzzle(moves: int, with_reply: bool = True):
    """A puzzle with ``moves`` learner's moves whose first wrong move has a refutation."""
    for p in COLLECTION:
        step = p.steps[0]
        wrong = [m for m in step.values if m != step.best and step.refutations.get(m)]
        if (
            p.learner_moves == moves
            and (wrong or not with_reply)
            and (moves == 1 or not p.is_learner_move(p.line[1]))
        ):
            return p
    raise AssertionError("no such puzzle in the collection")


def _clock():
    ticks = itertools.count(0, 7)
    return lambda: float(next(ticks))


def _trainer(puzzle, store, lang="en"):
    collection = Collection([puzzle, *[p for p in COLLECTION if p.id != puzzle.id][:5]])
    return PuzzleTrainer(
        "Ayşe",
        mode="list",
        lang=lang,
        speed=0,
        store=store,
        collection=collection,
        clock=_clock(),
        now=lambda: "2026-01-01",
    )


def _wrong(puzzle):
    step = puzzle.steps[0]
    return next(m for m in sorted(step.values) if m != step.best and step.refutations.get(m))


def test_a_wrong_move_shows_the_refutation_and_its_cost_then_a_retry(tmp_path):
    p = _puzzle(2)
    trainer = _trainer(p, ProgressStore(tmp_path))
    wrong = _wrong(p)
    reply = trainer.click(wrong)
    step = p.steps[0]
    assert reply is not None and not reply.right
    assert reply.cost == step.values[step.best] - step.values[wrong] >= p.margin
    # The wrong move and the refutation were played on the board, move by move.
    assert [t.pit for t in reply.traces][1:] == [int(n[1:]) for n in step.refutations[wrong]]
    assert trainer.board.game.moves == tuple(t.pit for t in reply.traces)
    assert f"costs {reply.cost} stones" in trainer.feedback_text
    assert trainer.board.locked
    assert trainer.click(step.best) is None  # locked: the board says why, no error
    assert "Try again" in trainer.board.message
    trainer.try_again()
    assert trainer.board.position == p.start and not trainer.board.locked


def test_right_moves_bring_the_reply_and_solve_it_with_the_rating_saved(tmp_path):
    p = _puzzle(2)
    store = ProgressStore(tmp_path)
    trainer = _trainer(p, store)
    first = trainer.click(p.line[0])
    assert first.right and not first.solved
    assert "Your opponent answered" in trainer.feedback_text
    assert trainer.board.position == trainer.run.position  # the reply is on the board
    for name in p.line[1:]:
        if p.is_learner_move(name):
            last = trainer.click(name)
    assert last.solved and trainer.run.clean
    outcome = trainer.outcome
    assert outcome.after.rating > outcome.before.rating
    assert "Solved" in trainer.feedback_text and "Your rating: 1200 →" in trainer.feedback_text
    saved = store.load("Ayşe")
    assert saved.attempts == [
        {
            "puzzle": p.id,
            "themes": list(p.themes),
            "band": p.band,
            "solved": True,
            "clean": True,
            "hints": 0,
            "wrong": 0,
            "seconds": trainer.run.seconds,
            "rating_before": 1200.0,
            "rating_after": round(outcome.after.rating, 1),
            "at": "2026-01-01",
        }
    ]
    assert saved.rating[0] == pytest.approx(outcome.after.rating, abs=0.01)
    assert p.id in store.puzzle_ratings()
    assert store.puzzle_ratings()[p.id][0] < p.rating  # the puzzle lost
    assert trainer.board.locked
    assert trainer.click(1) is None and "Next puzzle" in trainer.board.message


def test_three_hints_then_the_pit_is_ringed(tmp_path):
    p = _puzzle(1)
    trainer = _trainer(p, ProgressStore(tmp_path), lang="tr")
    said = [trainer.hint().text("tr") for _ in range(4)]
    assert said[0].startswith("İpucu 1/3 · Konu:")
    assert said[1].startswith("İpucu 2/3 · ")
    pit = trainer.run.expected
    assert said[2] == f"İpucu 3/3 · {pit}. kuyuyu oyna (tahtada halkayla gösterildi)."
    assert said[3].startswith("Başka ipucu yok")
    assert trainer.board.highlight == [p.start.place(p.learner, pit)]
    trainer.click(pit)
    assert trainer.run.solved and not trainer.run.clean  # hints: not a clean solve
    assert trainer.outcome.after.rating < 1200


def test_the_solution_plays_the_line_and_counts_as_not_solved(tmp_path):
    p = _puzzle(3, with_reply=False)
    store = ProgressStore(tmp_path)
    trainer = _trainer(p, store)
    traces = trainer.show_solution()
    assert [t.pit for t in traces] == [int(n[1:]) for n in p.line]
    assert trainer.board.position == p.positions()[-1]
    assert trainer.feedback_text.startswith("ℹ The solution: ")
    assert store.load("Ayşe").attempts[0]["solved"] is False
    with pytest.raises(PuzzleError):
        trainer.run.hint()
    trainer._safe(trainer.hint)  # a button never raises
    assert "This puzzle is over" in trainer.feedback_text
    nxt = trainer.next_puzzle()
    assert nxt.puzzle.id != p.id and trainer.board.position == nxt.puzzle.start


def test_filters_modes_and_a_theme_in_a_row():
    theme = COLLECTION.theme_counts().most_common(1)[0][0]
    session = TrainerSession(COLLECTION, mode="theme", theme=theme)
    seen = []
    for _ in range(3):
        run = session.next_puzzle()
        assert theme in run.puzzle.themes
        run.solution()
        session.finish(run)
        seen.append(run.puzzle.rating)
    rated = TrainerSession(COLLECTION, mode="rated", seed=4)
    picks = [rated.next_puzzle().puzzle for _ in range(5)]
    assert all(abs(p.rating - 1200) <= 400 for p in picks)
    with pytest.raises(PuzzleError, match="Unknown theme"):
        TrainerSession(COLLECTION, theme="flying")
    with pytest.raises(PuzzleError, match="Unknown mode"):
        TrainerSession(COLLECTION, mode="random")
    trainer = PuzzleTrainer(mode="list", lang="en", speed=0)
    assert trainer.set_filters(moves=4) >= 1 and trainer.run.puzzle.learner_moves >= 4
    trainer.band_choice.value = "usta"
    trainer.moves_choice.value = 1
    trainer.apply_button.click()
    assert trainer.run.puzzle.band == "usta" and trainer.run.puzzle.learner_moves == 1


def test_a_click_never_raises_and_explains(tmp_path):
    p = _puzzle(1)
    trainer = _trainer(p, ProgressStore(tmp_path), lang="tr")
    empty = next((m for m in range(1, 7) if m not in p.start.legal_moves), None)
    if empty is not None:
        assert trainer.click(empty) is None
        assert "boş" in trainer.board.message
    opponent = "N1" if p.learner == "south" else "S1"
    assert trainer.click(opponent) is None and trainer.board.message
    assert trainer.click("Z9") is None and "Z9" in trainer.feedback_text


def test_a_damaged_progress_file_is_said_and_the_trainer_goes_on(tmp_path):
    store = ProgressStore(tmp_path)
    store.path("Ayşe").write_text("not json", encoding="utf-8")
    trainer = _trainer(_puzzle(1), store)
    assert "damaged" in trainer.feedback_text and "Ayşe.damaged-1.json" in trainer.feedback_text
    trainer.click(trainer.run.expected)
    assert store.load("Ayşe").attempts  # a new file


def test_a_run_on_its_own():
    p = _puzzle(1)
    run = PuzzleRun(p)
    assert run.prompt().text("tr").startswith("Sıra ")
    with pytest.raises(PuzzleError):
        TrainerSession(COLLECTION).finish(run)  # not finished yet


def test_typing_a_name_loads_that_learner(tmp_path):
    store = ProgressStore(tmp_path)
    store.add_attempt("Deniz", {"puzzle": "m0"}, [1333.0, 200.0, 0.06])
    trainer = PuzzleTrainer(mode="list", lang="en", speed=0, store=store)
    assert "type your name" in trainer.rating_line.value
    trainer.name_box.value = "Deniz"
    assert trainer.session.learner == "Deniz" and round(trainer.session.rating.rating) == 1333
    assert "Deniz, your rating: 1333" in trainer.rating_line.value


def _solve(trainer):
    for name in trainer.run.puzzle.line:
        if trainer.run.puzzle.is_learner_move(name) and not trainer.run.finished:
            trainer.click(name)
    assert trainer.run.solved


def test_after_a_restart_the_name_brings_an_unsolved_puzzle_and_the_saved_ratings(tmp_path):
    """The notebook's trainer starts with no name: after a kernel restart it showed the
    puzzle the pupil had solved, with its first rating, and typing the name changed neither."""
    store = ProgressStore(tmp_path)
    first = PuzzleTrainer("Ayşe", seed=1, lang="en", speed=0, store=store)
    solved = first.run.puzzle
    _solve(first)
    shown = first.next_puzzle().puzzle
    first.show_solution()  # tried, not solved: its rating changed and was saved
    saved = store.puzzle_ratings()
    # The restart: the same cell, no name yet, so the same first puzzle; then the name.
    again = PuzzleTrainer(seed=1, lang="en", speed=0, store=store)
    assert again.run.puzzle.id == solved.id
    again.name_box.value = "Ayşe"
    assert again.run.puzzle.id not in {solved.id, shown.id}
    assert again.session.puzzle_rating(solved).rating == saved[solved.id][0]
    # The list in order skips the solved puzzle and shows the other with its saved rating.
    listed = Collection([solved, shown, *[p for p in COLLECTION if p.id not in saved][:3]])
    in_order = PuzzleTrainer(mode="list", lang="en", speed=0, store=store, collection=listed)
    in_order.name_box.value = "Ayşe"
    assert in_order.run.puzzle.id == shown.id
    assert f"puzzle rating: {round(saved[shown.id][0])}" in in_order.info.value
    assert round(saved[shown.id][0]) != shown.rating


def test_a_new_pupils_first_puzzle_is_played_as_south(tmp_path):
    """The lessons teach South's side, at the bottom of the board: the first trainer puzzle
    (seed 1, the notebook's) asked a new pupil to play North."""
    for seed in range(12):
        assert TrainerSession(COLLECTION, seed=seed).next_puzzle().puzzle.learner == "south"
    for theme in COLLECTION.theme_counts():
        session = TrainerSession(COLLECTION, mode="theme", theme=theme)
        south = any(p.learner == "south" for p in COLLECTION.select(theme=theme))
        assert session.next_puzzle().puzzle.learner == "south" or not south
    # Once a pupil has finished a puzzle, both sides come.
    store = ProgressStore(tmp_path)
    store.add_attempt("Can", {"puzzle": "m0", "solved": False}, [1200.0, 150.0, 0.06])
    sides = {
        TrainerSession(COLLECTION, "Can", store, seed=seed).next_puzzle().puzzle.learner
        for seed in range(12)
    }
    assert sides == {"south", "north"}


def test_a_wrong_try_says_what_went_wrong_but_never_the_right_move():
    """After a wrong move the learner reads the reply and what the move cost, never the move
    to play: "Try again" stays a real try (the move shows only with the third hint or the
    solution)."""
    checked = 0
    for p in COLLECTION.puzzles[:300]:
        step = p.steps[0]
        letter = p.line[0][0]
        for pit in step.values:
            if pit == step.best:
                continue
            run = PuzzleRun(p)
            reply = run.move(pit)
            for lang in ("tr", "en"):
                said = reply.said.text(lang)
                local = {"tr": {"S": "G", "N": "K"}, "en": {"S": "S", "N": "N"}}[lang][letter]
                assert f"{local}{step.best}" not in said, (p.id, said)
                assert f"{step.best}. kuyu" not in said and f"pit {step.best}" not in said
            assert run.position == p.start and not run.finished
            checked += 1
    assert checked > 300
