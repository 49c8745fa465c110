"""The puzzle trainer's modes with Dokuz Taş's puzzles (the shared session and widget): a
streak by clicks that ends at the first wrong turn, a timed run on an injected clock, and the
review queue and bests kept under the learner's Dokuz Taş name, apart from Mangala's."""

from __future__ import annotations

from datetime import date, timedelta

from mangala_edu.dokuz_tas.puzzles.trainer import DokuzTasSession
from mangala_edu.dokuz_tas.puzzles.widget import DokuzTasPuzzleTrainer
from mangala_edu.progress import ProgressStore
from mangala_edu.progress_store import DOKUZ_TAS
from mangala_edu.puzzles.modes import MISS_SECONDS, TIMED_SECONDS


def _wrong(run) -> str:
    """A legal turn the puzzle does not accept now."""
    accepted = {turn.split("x")[0] for turn in run.accepted}
    return next(t for t in sorted(run.position.legal_moves) if t.split("x")[0] not in accepted)


def _solve_by_clicks(trainer) -> None:
    run = trainer.run
    while not run.finished:
        reply = trainer.play(run.expected)
        assert reply is not None and reply.right


def test_a_dokuz_tas_streak_by_clicks_rises_then_ends_at_the_first_wrong_turn(tmp_path):
    store = ProgressStore(tmp_path)
    day = date(2026, 12, 4)
    trainer = DokuzTasPuzzleTrainer(
        "Ayşe", mode="streak", lang="en", speed=0, store=store, now=lambda: day.isoformat()
    )
    s = trainer.session
    ratings = []
    for k in range(3):
        ratings.append(s.puzzle_rating(trainer.run.puzzle).rating)
        _solve_by_clicks(trainer)
        assert f"Streak: {k + 1}!" in trainer.feedback_text
        trainer.next_puzzle()
    assert ratings == sorted(ratings)
    run = trainer.run
    trainer.play(_wrong(run))
    assert run.finished and not run.solved and s.streak.over
    assert "The streak is over: you solved 3 puzzles. Your best streak: 3." in (
        trainer.feedback_text
    )
    saved = store.load("Ayşe")
    assert saved.bests_of(DOKUZ_TAS) == {"streak": 3} and saved.bests_of() == {}
    assert list(saved.review_of(DOKUZ_TAS)) == [run.puzzle.id] and saved.review_of() == {}
    assert saved.attempts[-1]["game"] == DOKUZ_TAS and saved.attempts[-1]["mode"] == "streak"
    # The next day the missed puzzle is due in the review, in a fresh session.
    tomorrow = (day + timedelta(days=1)).isoformat()
    review = DokuzTasSession(learner="Ayşe", store=store, mode="review", now=lambda: tomorrow)
    assert review.next_puzzle().puzzle.id == run.puzzle.id
    assert review.bests == {"streak": 3}


def test_a_dokuz_tas_timed_run_on_an_injected_clock():
    now = [0.0]
    s = DokuzTasSession(mode="timed", clock=lambda: now[0])
    run = s.next_puzzle()
    run.move(_wrong(run))
    s.missed(run)
    assert s.timed.left() == TIMED_SECONDS - MISS_SECONDS
    run = s.next_puzzle()
    while not run.finished:
        run.move(run.expected)
    outcome = s.finish(run)
    assert not outcome.rated and s.rating.rating == 1200.0
    assert (s.timed.solved, s.timed.missed) == (1, 1)
    now[0] = TIMED_SECONDS
    assert s.time_up()
    assert s.end_timed().ended and s.bests == {"timed": 1}
