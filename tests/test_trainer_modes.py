"""The puzzle trainer's modes, driven from Python as a pupil would: a streak that rises in
rating and stops at the first miss, a timed run on an injected clock, the review queue of
missed puzzles (Leitner intervals, due order, kept in the progress file and read back by a
fresh session), the rating history from the saved attempts, old progress files, and every
new text in both languages."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from mangala_edu.i18n import LANGUAGES, catalogue, t
from mangala_edu.progress import ProgressStore
from mangala_edu.progress.views import MyProgress
from mangala_edu.progress_store import ProgressError
from mangala_edu.puzzles import Collection, PuzzleError
from mangala_edu.puzzles.modes import (
    INTERVALS,
    MISS_SECONDS,
    STREAK_STEP,
    TIMED_SECONDS,
    after_attempt,
    rating_history,
)
from mangala_edu.puzzles.rating import Rating
from mangala_edu.puzzles.trainer import MODES, TrainerSession
from mangala_edu.puzzles.widget import PuzzleTrainer

COLLECTION = Collection.shipped()
DAY = date(2026, 12, 4)


class Clock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Calendar:
    """The session's ``now``: a day the test moves by hand."""

    def __init__(self, day: date = DAY) -> None:
        self.day = day

    def __call__(self) -> str:
        return f"{self.day.isoformat()}T10:00:00+00:00"


def solve(run) -> None:
    """Play the line's learner's moves (the replies follow by themselves)."""
    while not run.finished:
        run.move(run.expected)


def wrong_pit(run) -> int:
    return next(p for p in run.position.legal_moves if p != run.expected)


def session(store=None, learner="Ayşe", mode="rated", **kw) -> TrainerSession:
    return TrainerSession(
        COLLECTION,
        learner if store else None,
        store,
        mode=mode,
        now=kw.pop("now", Calendar()),
        **kw,
    )


# -- Streak ----------------------------------------------------------------------------------


def test_a_streak_rises_in_rating_and_stops_at_the_first_miss(tmp_path):
    store = ProgressStore(tmp_path)
    s = session(store, mode="streak")
    ratings, ids = [], set()
    for k in range(6):
        run = s.next_puzzle()
        ratings.append(s.puzzle_rating(run.puzzle).rating)
        ids.add(run.puzzle.id)
        solve(run)
        outcome = s.finish(run)
        assert outcome.rated and outcome.change > 0
        assert s.streak.count == k + 1 and not s.streak.over
    assert ratings == sorted(ratings) and ratings[-1] > ratings[0]
    assert ratings[0] == min(p.rating for p in COLLECTION)
    assert abs(ratings[-1] - (ratings[0] + 5 * STREAK_STEP)) <= STREAK_STEP
    assert len(ids) == 6  # none twice
    # The first miss ends it: counted as a miss (rated), the best kept.
    run = s.next_puzzle()
    run.move(wrong_pit(run))
    outcome = s.missed(run)
    assert run.finished and not run.solved and outcome.change < 0
    assert s.streak.over and s.streak.count == 6 and s.bests["streak"] == 6
    # The next puzzle starts a new streak, from the easiest again (one not met yet).
    run = s.next_puzzle()
    assert s.streak.count == 0 and not s.streak.over
    assert s.puzzle_rating(run.puzzle).rating == ratings[0] and run.puzzle.id not in ids
    # The best streak is in the file: a fresh session reads it.
    assert store.load("Ayşe").bests_of()["streak"] == 6
    assert session(store, mode="streak").bests == {"streak": 6}


def test_a_streak_never_goes_down_even_when_an_easier_puzzle_is_nearer():
    four = COLLECTION.puzzles[:4]
    s = TrainerSession(Collection(four), mode="streak", now=Calendar())
    ratings = (900, 990, 1100, 1300)
    s.puzzle_ratings = {p.id: Rating(r, 100) for p, r in zip(four, ratings, strict=True)}
    run = s.next_puzzle()
    assert s.puzzle_rating(run.puzzle).rating == 900  # the easiest first
    # Two solved, the last rated 1050: the target is 1000, and 990 is nearer, but easier.
    s.streak.count, s.streak.floor = 2, 1050.0
    run = s.next_puzzle()
    assert s.puzzle_rating(run.puzzle).rating == 1100
    assert s.puzzle_rating(s.next_puzzle().puzzle).rating == 1300
    s.next_puzzle()  # the one left, although easier
    with pytest.raises(PuzzleError) as error:  # all four met: said, and how to go on
        s.next_puzzle()
    assert "Uygula" in error.value.said.text("tr")


def test_the_streak_in_the_widget_ends_at_the_first_wrong_move_with_no_hint(tmp_path):
    trainer = PuzzleTrainer(
        "Ayşe", mode="streak", lang="tr", speed=0, store=ProgressStore(tmp_path), now=Calendar()
    )
    assert "Seri: 0" in trainer.mode_text and "ilk hatada seri biter" in trainer.mode_text
    trainer.hint()
    assert trainer.hint_text.endswith(t("modes.no_hints", "tr")) and trainer.run.hints == 0
    first = trainer.run
    while not first.finished:
        trainer.click(first.expected)
    assert "Seri: 1!" in trainer.feedback_text and "Seri: 1 · En iyi serin: 1" in trainer.mode_text
    trainer.next_button.click()
    run = trainer.run
    assert run is not first
    trainer.click(wrong_pit(run))
    assert run.finished and trainer.session.streak.over
    assert "Seri bitti: 1 bulmaca çözdün. En iyi serin: 1." in trainer.feedback_text
    assert "Kaçırdıklarım" in trainer.feedback_text  # it went into the review queue
    assert trainer.board.locked
    trainer.again_button.click()  # never raises: says the puzzle is over
    assert "bitti" in trainer.feedback_text
    trainer.next_button.click()
    assert "Seri: 0 · En iyi serin: 1" in trainer.mode_text


# -- Timed run -------------------------------------------------------------------------------


def test_a_timed_run_counts_until_the_time_is_over_and_rates_nothing(tmp_path):
    store = ProgressStore(tmp_path)
    clock = Clock()
    s = session(store, mode="timed", clock=clock)
    before = s.rating
    run = s.next_puzzle()
    assert s.timed.left() == TIMED_SECONDS
    clock.now = 20.0
    solve(run)
    outcome = s.finish(run)
    assert not outcome.rated and outcome.after == before
    assert "does not change" in outcome.said().text("en")
    run = s.next_puzzle()
    clock.now = 30.0
    run.move(wrong_pit(run))
    s.missed(run)
    assert (s.timed.solved, s.timed.missed) == (1, 1)
    assert s.timed.left() == TIMED_SECONDS - 30.0 - MISS_SECONDS
    run = s.next_puzzle()
    solve(run)
    clock.now = TIMED_SECONDS - MISS_SECONDS - 0.1  # just in time
    s.finish(run)
    assert (s.timed.solved, s.timed.missed) == (2, 1) and not s.time_up()
    run = s.next_puzzle()
    solve(run)
    clock.now = TIMED_SECONDS - MISS_SECONDS  # too late: not counted
    assert s.time_up()
    s.finish(run)
    assert s.timed.ended and (s.timed.solved, s.timed.missed) == (2, 1)
    assert s.bests["timed"] == 2 and s.rating == before
    saved = store.load("Ayşe")
    assert saved.bests_of()["timed"] == 2
    assert [a["mode"] for a in saved.attempts] == ["timed"] * 4
    assert all(a["rated"] is False for a in saved.attempts)
    assert saved.rating == [1200.0, 350.0, 0.06]  # unchanged
    assert store.puzzle_ratings() == {}
    # After the end, the next puzzle starts a new run.
    s.next_puzzle()
    assert not s.timed.ended and s.timed.solved == 0


def test_the_timed_run_in_the_widget_shows_the_clock_and_the_result(tmp_path):
    clock = Clock()
    trainer = PuzzleTrainer(
        None, mode="timed", lang="en", speed=0, store=ProgressStore(tmp_path), clock=clock
    )
    assert 'data-left="180"' in trainer.mode_line.value
    assert "Time left:" in trainer.mode_text and "Solved: 0 · Missed: 0" in trainer.mode_text
    run = trainer.run
    trainer.click(wrong_pit(run))
    assert run.finished and "10 seconds gone" in trainer.feedback_text
    assert 'data-left="170"' in trainer.mode_line.value
    trainer.next_button.click()
    clock.now = 200.0
    trainer.click(trainer.run.expected)  # after the time: not counted, the result shown
    assert not trainer.run.finished
    assert trainer.feedback_text.startswith("ℹ Time is up! You solved 0 and missed 1.")
    assert trainer.board.locked and trainer.session.timed.ended
    assert "Time left" not in trainer.mode_text
    trainer.next_button.click()  # a new run
    assert trainer.session.timed.solved == 0 and not trainer.session.timed.ended
    assert 'data-left="180"' in trainer.mode_line.value
    # The time over while the last move was answered: not counted, the result said.
    run = trainer.run
    original = run.move

    def late_move(pit):
        if run.step == run.puzzle.learner_moves - 1:  # the last move: the time runs out
            clock.now = 400.0
        return original(pit)

    run.move = late_move
    while not run.finished:
        trainer.click(run.expected)
    assert trainer.session.timed.ended and trainer.session.timed.solved == 0
    assert "Time is up! You solved 0 and missed 0." in trainer.feedback_text


# -- Puzzles I missed: the review queue ------------------------------------------------------


def test_the_leitner_intervals_and_leaving_the_queue():
    entry = after_attempt(None, False, DAY)
    days = []
    today = DAY
    while entry is not None:
        due = date.fromisoformat(entry["due"])
        days.append((due - today).days)
        assert after_attempt(entry, True, due - timedelta(days=1)) == entry  # too early
        today = due
        entry = after_attempt(entry, True, today)
    assert days == list(INTERVALS)
    assert after_attempt(None, True, DAY) is None  # solved cleanly: never queued
    assert after_attempt({"box": 2, "due": "2026-01-01"}, False, DAY) == {
        "box": 0,
        "due": "2026-12-05",
    }


def test_missed_puzzles_come_back_in_due_order_from_the_file(tmp_path):
    store = ProgressStore(tmp_path)
    calendar = Calendar()
    s = session(store, now=calendar, mode="list")
    missed = []
    for kind in ("hint", "wrong", "clean", "solution"):
        run = s.next_puzzle()
        if kind == "hint":
            run.hint()
            solve(run)
        elif kind == "wrong":
            run.move(wrong_pit(run))
            solve(run)
        elif kind == "clean":
            solve(run)
        else:
            run.solution()
        s.finish(run)
        if kind != "clean":
            missed.append(run.puzzle.id)
    assert sorted(s.review) == sorted(missed)
    # Nothing is due today: the review says when the next one is.
    with pytest.raises(PuzzleError) as error:
        s.set_filters(mode="review")
    assert error.value.said.text("en") == (
        "Nothing to review today; the next puzzle is due tomorrow (2026-12-05)."
    )
    assert s.mode == "list"  # nothing changed
    # Tomorrow, in a fresh session (a new lesson), read from the file.
    calendar.day = DAY + timedelta(days=1)
    fresh = session(store, now=calendar, mode="review")
    assert sorted(fresh.review) == sorted(missed)
    assert [p.id for p in fresh.due_puzzles()] == sorted(missed)  # same day and box: by id
    served = []
    for _ in missed:
        run = fresh.next_puzzle()
        served.append(run.puzzle.id)
        solve(run)
        outcome = fresh.finish(run)
        assert not outcome.rated and outcome.review_after["box"] == 1
    assert served == sorted(missed)
    with pytest.raises(PuzzleError) as error:
        fresh.next_puzzle()
    assert "in 3 days" in error.value.said.text("en")
    assert store.load("Ayşe").review_of()[missed[0]] == {"box": 1, "due": "2026-12-08"}
    # A miss in review puts it back in box 0; the one waiting longest comes first.
    calendar.day = DAY + timedelta(days=4)
    later = session(store, now=calendar, mode="review")
    run = later.next_puzzle()
    run.solution()
    later.finish(run)
    assert later.review[run.puzzle.id] == {"box": 0, "due": "2026-12-09"}
    calendar.day = DAY + timedelta(days=30)
    last = session(store, now=calendar, mode="review")
    assert last.due_puzzles()[0].id != run.puzzle.id  # due on the 8th, before the 9th


def test_the_review_mode_with_an_empty_queue_says_so_and_the_widget_falls_back(tmp_path):
    s = session(ProgressStore(tmp_path))
    with pytest.raises(PuzzleError) as error:
        s.set_filters(mode="review")
    assert "“Kaçırdıklarım” listen boş" in error.value.said.text("tr")
    trainer = PuzzleTrainer("Can", mode="review", lang="tr", speed=0, store=ProgressStore(tmp_path))
    assert trainer.session.mode == "rated" and "listen boş" in trainer.feedback_text
    trainer.mode_choice.value = "review"
    assert "Başlatmak için “Uygula” düğmesine bas." in trainer.mode_text
    trainer.apply_button.click()  # never raises
    assert "listen boş" in trainer.feedback_text and trainer.mode_choice.value == "rated"


# -- Rating history --------------------------------------------------------------------------


def test_the_rating_history_comes_from_the_saved_rated_attempts(tmp_path):
    store = ProgressStore(tmp_path)
    calendar = Calendar()
    s = session(store, now=calendar, mode="list")
    for k in range(3):
        run = s.next_puzzle()
        if k == 1:
            run.solution()
        else:
            solve(run)
        s.finish(run)
    s.set_filters(mode="timed")
    run = s.next_puzzle()
    solve(run)
    s.finish(run)  # unrated: not in the history
    saved = store.load("Ayşe")
    history = rating_history(saved.attempts_of())
    assert len(history) == 4 and history[0] == 1200.0
    assert history[1] > history[0] and history[2] < history[1]  # solved, then missed
    assert history[-1] == pytest.approx(saved.rating[0], abs=0.1)
    assert session(store).history == history  # a fresh session reads it
    assert MyProgress(saved, lang="en").ratings() == history
    trainer = PuzzleTrainer("Ayşe", lang="en", speed=0, store=store, now=calendar)
    trainer.history_button.click()
    shown = trainer.history_box.value
    assert "<svg" in shown and "My puzzle rating" in shown and shown.count("<circle") == 4
    assert "Your best timed run: 1" in shown
    trainer.history_button.click()
    assert trainer.history_box.value == ""


def test_a_new_learner_has_no_history_yet():
    trainer = PuzzleTrainer(None, lang="tr", speed=0)
    assert "Henüz puanlı bir denemen yok" in trainer.show_history()


# -- Progress files --------------------------------------------------------------------------


def test_an_old_progress_file_loads_and_keeps_its_shape(tmp_path):
    old = {
        "format": "mangala_edu.progress",
        "version": 1,
        "name": "Ayşe",
        "rating": [1250.0, 200.0, 0.06],
        "attempts": [
            {"puzzle": "m1", "solved": False, "rating_before": 1300.0, "rating_after": 1250.0}
        ],
        "lessons": {},
    }
    (tmp_path / "Ayşe.json").write_text(json.dumps(old), "utf-8")
    store = ProgressStore(tmp_path)
    progress = store.load("Ayşe")
    assert progress.review == {} and progress.bests == {}
    assert progress.to_dict() == old  # nothing new written while empty
    s = session(store, mode="streak")
    assert s.review == {} and s.bests == {} and s.history == [1300.0, 1250.0]


@pytest.mark.parametrize(
    "field",
    [
        {"review": []},
        {"review": {"mangala": {"m1": {"box": "zero", "due": "2026-12-05"}}}},
        {"bests": {"mangala": {"streak": "many"}}},
    ],
)
def test_a_damaged_new_field_gives_the_clear_error(tmp_path, field):
    data = {
        "format": "mangala_edu.progress",
        "version": 1,
        "name": "Can",
        "rating": [1200.0, 350.0, 0.06],
        "attempts": [],
        "lessons": {},
        **field,
    }
    (tmp_path / "Can.json").write_text(json.dumps(data), "utf-8")
    with pytest.raises(ProgressError) as error:
        ProgressStore(tmp_path).load("Can")
    assert "Can.damaged-1.json" in error.value.said.text("en")
    s = session(ProgressStore(tmp_path), learner="Can")  # a session says it, never raises
    assert s.problem is None or "damaged" in s.problem.text("en")


# -- Texts -----------------------------------------------------------------------------------


def test_every_mode_text_is_in_both_languages():
    files = {
        lang: json.loads(
            (
                __import__("pathlib").Path(__file__).parents[1]
                / "mangala_edu"
                / "i18n"
                / lang
                / "trainer_modes.json"
            ).read_text("utf-8")
        )
        for lang in LANGUAGES
    }
    assert set(files["tr"]) == set(files["en"]) and files["tr"]
    for lang in LANGUAGES:
        assert set(files[lang]) <= set(catalogue(lang))
        for key, text in files[lang].items():
            assert text and (key.startswith("modes.")), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_mode_list_names_every_mode(lang):
    trainer = PuzzleTrainer(None, lang=lang, speed=0)
    labels = [label for label, _ in trainer.mode_choice.options]
    assert [v for _, v in trainer.mode_choice.options] == list(MODES)
    words = {
        "tr": ["seri", "süreli (3 dakika)", "kaçırdıklarım"],
        "en": ["streak", "timed", "missed"],
    }
    for word in words[lang]:
        assert any(word in label for label in labels), (word, labels)
    trainer.mode_choice.value = "theme"
    assert ("Konulu set" if lang == "tr" else "Theme set") in trainer.mode_text
