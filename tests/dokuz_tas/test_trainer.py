"""The Dokuz Taş puzzle trainer, worksheets and class view, driven from Python as a learner and
a teacher would: right and wrong turns (checked with the engine, not with the trainer's own
tables), several accepted removals, hints in steps, the solution, Glicko-2 ratings both ways,
attempts saved under the learner's name and read back, the filters, bad input, the widget by
clicks, the worksheet's pages and key, the CLI, and the class view."""

from __future__ import annotations

import itertools
import re

import pytest

from mangala_edu.cli import main
from mangala_edu.dokuz_tas import Position
from mangala_edu.dokuz_tas.errors import IllegalTurnError
from mangala_edu.dokuz_tas.puzzles.trainer import (
    DokuzTasCollection,
    DokuzTasRun,
    DokuzTasSession,
)
from mangala_edu.dokuz_tas.puzzles.widget import DokuzTasPuzzleTrainer
from mangala_edu.engine.errors import MangalaError
from mangala_edu.progress import ProgressStore
from mangala_edu.progress.panel import MyProgressPanel
from mangala_edu.progress.views import ClassView, MyProgress
from mangala_edu.puzzles.trainer import TrainerSession

COLLECTION = DokuzTasCollection.shipped()
BANDS = {"kolay": (0, 1250), "orta": (1250, 1550), "zor": (1550, 1850), "usta": (1850, 9999)}


def _wins_at_once(position: Position) -> set[str]:
    """The turns after which the side to move has won (by the engine alone)."""
    mover = position.to_move
    return {t for t in position.legal_moves if position.play(t).winner == mover}


def _win_in_one_with_choices():
    for p in COLLECTION:
        if p.goal == "win_in_n" and p.moves == 1 and len(_wins_at_once(p.start)) >= 2:
            return p
    raise AssertionError("no win in one with several winning removals")


def _two_movers():
    found = [p for p in COLLECTION if p.moves == 2]
    assert found
    return found[0]


def _losing_first_turn(p):
    """A first turn that the engine shows is not a win at once and that the puzzle's data
    call a loss with a reply."""
    for turn in sorted(p.start.legal_moves):
        if p.values.get(turn) == "loss" and turn in p.refutations:
            return turn
    raise AssertionError("no losing first turn")


def _clock():
    ticks = itertools.count(0, 5)
    return lambda: float(next(ticks))


def _trainer(puzzle, store, lang="en", name="Ayşe"):
    rest = [p for p in COLLECTION if p.id != puzzle.id][:4]
    return DokuzTasPuzzleTrainer(
        name,
        mode="list",
        lang=lang,
        speed=0,
        store=store,
        collection=DokuzTasCollection([puzzle, *rest]),
        clock=_clock(),
        now=lambda: "2026-01-01",
    )


# -- The logic ------------------------------------------------------------------------------


def test_every_winning_removal_solves_a_win_in_one():
    p = _win_in_one_with_choices()
    winning = _wins_at_once(p.start)
    assert winning == set(p.accepted[0])  # the data agree with the engine
    for turn in sorted(winning):
        run = DokuzTasRun(p)
        reply = run.move(turn)
        assert reply.right and reply.solved and run.clean
        assert reply.traces[-1].after.winner == p.learner
    for turn in sorted(set(p.start.legal_moves) - winning)[:5]:
        run = DokuzTasRun(p)
        assert not run.move(turn).right
        assert run.position == p.start and not run.finished and run.wrong == 1


def test_a_wrong_turn_is_answered_by_the_opponent_and_changes_nothing():
    p = _two_movers()
    wrong = _losing_first_turn(p)
    run = DokuzTasRun(p)
    reply = run.move(wrong)
    assert not reply.right and reply.result == "loss"
    assert [t.turn for t in reply.traces] == [wrong, p.refutations[wrong]]
    # The answer is the opponent's turn from the position after the wrong one.
    after = p.start.play(wrong)
    assert after.to_move != p.learner and p.refutations[wrong] in after.legal_moves
    assert reply.traces[1].before == after
    assert p.refutations[wrong] in reply.said.text("en")
    assert reply.said.text("tr").startswith("Bu değil")
    assert run.position == p.start and run.index == 0 and run.wrong == 1


def test_right_turns_bring_the_line_s_reply_then_solve_it():
    p = _two_movers()
    run = DokuzTasRun(p)
    first = run.move(p.line[0])
    assert first.right and not first.solved
    assert [t.turn for t in first.traces] == list(p.line[:2])
    assert run.position == p.start.play(p.line[0]).play(p.line[1])
    assert p.line[1] in first.said.text("en")
    # A later wrong turn says so without a reply, and the position stays.
    before = run.position
    later_wrong = next(
        t
        for t in sorted(before.legal_moves)
        if t not in p.accepted[1] and before.play(t).winner != p.learner
    )
    assert not run.move(later_wrong).right and run.position == before
    last = run.move(p.line[2])
    assert last.solved and run.solved and not run.clean  # one wrong turn
    assert last.traces[-1].after.is_over


def test_an_illegal_turn_raises_in_both_languages_and_changes_nothing():
    p = _two_movers()
    run = DokuzTasRun(p)
    empty = next(
        q for q in ("a1", "a4", "a7", "d1", "d7", "g1", "g4", "g7") if p.start.at(q) is None
    )
    with pytest.raises(IllegalTurnError) as caught:
        run.move(f"{empty}-d2")
    assert caught.value.message("tr") != caught.value.message("en")
    assert run.position == p.start and run.wrong == 0 and run.index == 0
    run.solution()
    with pytest.raises(MangalaError):
        run.move(p.line[0])


def test_hints_come_in_three_steps_theme_stone_turn():
    p = _two_movers()
    run = DokuzTasRun(p)
    from mangala_edu.dokuz_tas.puzzles.themes import theme_name

    first, turn = run.hint()
    assert turn is None and first.text("en").startswith("Hint 1/3")
    assert any(theme_name(k).text("en") in first.text("en") for k in p.themes)
    second, turn = run.hint()
    origin = p.line[0].split("-")[0]
    assert turn is None and second.text("en").startswith("Hint 2/3") and origin in second.text("en")
    assert p.line[0] not in second.text("en")
    third, turn = run.hint()
    assert (
        turn == p.line[0]
        and p.line[0] in third.text("en")
        and third.text("tr").startswith("İpucu 3/3")
    )
    again, turn = run.hint()
    assert turn == p.line[0] and run.hints == 3 and "no other hint" in again.text("en")
    run.move(p.line[0])
    _, turn = run.hint()  # the hints of the next step are for its turn
    assert turn == p.line[2] and run.hints == 3  # no more hints: the count stays


def test_the_solution_plays_the_line_and_counts_as_not_solved(tmp_path):
    p = _two_movers()
    store = ProgressStore(tmp_path)
    session = DokuzTasSession(DokuzTasCollection([p]), "Can", store, mode="list")
    run = session.next_puzzle()
    traces = run.solution()
    assert [t.turn for t in traces] == list(p.line)
    assert run.position == p.positions()[-1] and not run.solved
    outcome = session.finish(run)
    assert not outcome.clean and outcome.after.rating < outcome.before.rating
    saved = store.load("Can").attempts_of("dokuz_tas")
    assert saved[0]["solved"] is False and saved[0]["puzzle"] == p.id


def test_ratings_move_both_ways_and_are_apart_from_mangala(tmp_path):
    from mangala_edu.puzzles.rating import PUZZLE_RD, Rating, attempt

    store = ProgressStore(tmp_path)
    p = _win_in_one_with_choices()
    session = DokuzTasSession(DokuzTasCollection([p, _two_movers()]), "Ece", store, mode="list")
    start = session.rating
    run = session.next_puzzle()
    assert run.puzzle.id == p.id
    run.move(p.line[0])
    up = session.finish(run)
    assert up.clean and up.after.rating > start.rating and up.puzzle_after.rating < p.rating
    expected = attempt(start, Rating(p.rating, PUZZLE_RD), True)
    assert round(up.after.rating, 1) == round(expected[0].rating, 1)
    run = session.next_puzzle()
    run.move(_losing_first_turn(run.puzzle))
    run.move(run.puzzle.line[0])
    run.move(run.puzzle.line[2])
    down = session.finish(run)
    assert run.solved and not down.clean and down.after.rating < down.before.rating
    # Saved, and read back by a fresh session; the Mangala rating is untouched.
    again = DokuzTasSession(DokuzTasCollection([p, _two_movers()]), "Ece", store)
    assert round(again.rating.rating, 1) == round(down.after.rating, 1)
    assert again.seen == {p.id, run.puzzle.id} and again.done == {p.id, run.puzzle.id}
    assert again.puzzle_rating(p).rating == pytest.approx(up.puzzle_after.rating, abs=0.01)
    progress = store.load("Ece")
    assert progress.rating[0] == 1200.0 and progress.attempts_of() == []
    assert [a["game"] for a in progress.attempts] == ["dokuz_tas", "dokuz_tas"]
    assert TrainerSession(learner="Ece", store=store).rating.rating == 1200.0


def test_a_rated_session_picks_near_the_learner_s_rating():
    from mangala_edu.puzzles.rating import Rating

    for target in (900.0, 1500.0, 1800.0):
        session = DokuzTasSession(seed=3)
        session.rating = Rating(target, 100.0)
        # A new learner plays White first (the side the lessons teach).
        ratings = sorted(abs(p.rating - target) for p in COLLECTION if p.learner == "white")
        for _ in range(5):
            run = session.next_puzzle()
            assert abs(run.puzzle.rating - target) <= ratings[7]


def test_filters_by_band_theme_in_either_language_and_moves():
    session = DokuzTasSession(mode="theme", seed=1)
    for band, (low, high) in BANDS.items():
        chosen = [p for p in COLLECTION if low <= p.rating < high]
        if not chosen:
            with pytest.raises(MangalaError):
                session.set_filters(band=band)
            continue
        assert session.set_filters(band=band) == len(chosen)
        assert low <= session.next_puzzle().puzzle.rating < high
    count = session.set_filters(theme="Çifte tehdit", band="medium")
    assert count == sum("double_threat" in p.themes and 1250 <= p.rating < 1550 for p in COLLECTION)
    assert session.theme == "double_threat" and session.band == "orta"
    session.set_filters(moves=2)
    assert session.next_puzzle().puzzle.moves == 2


def test_bad_filters_are_said_in_the_learner_s_language_and_change_nothing():
    session = DokuzTasSession(mode="list")
    session.set_filters(band="kolay")
    for bad in ({"band": "super"}, {"theme": "fork"}, {"mode": "fast"}):
        with pytest.raises(MangalaError) as caught:
            session.set_filters(**bad)
        assert caught.value.message("tr") != caught.value.message("en")
        assert session.band == "kolay" and session.theme is None and session.mode == "list"


# -- The widget -----------------------------------------------------------------------------


def test_the_widget_solves_by_clicks_after_a_wrong_try(tmp_path):
    p = _two_movers()
    store = ProgressStore(tmp_path)
    trainer = _trainer(p, store)
    assert trainer.run.puzzle.id == p.id and trainer.board.position == p.start
    wrong = _losing_first_turn(p)
    reply = trainer.play(wrong)
    assert reply is not None and not reply.right
    assert trainer.board.game.turns == (wrong, p.refutations[wrong])  # the answer, on the board
    assert trainer.board.locked and "Not this one" in trainer.feedback_text
    assert trainer.click("d1") is None and "Try again" in trainer.board.message  # no error
    trainer.try_again()
    assert trainer.board.position == p.start and not trainer.board.locked
    # The right turns, point by point (the removal is its own click).
    for point in re.findall(r"[a-g][1-7]", p.line[0]):
        reply = trainer.click(point)
    assert reply is not None and reply.right
    assert trainer.board.game.turns == p.line[:2] and "Right!" in trainer.feedback_text
    last = p.line[2]
    clicks = re.findall(r"[a-g][1-7]", last)
    for point in clicks[:-1]:
        assert trainer.click(point) is None
    assert trainer.board.mode == "remove"
    reply = trainer.click(clicks[-1])
    assert reply is not None and reply.solved
    assert "Solved" in trainer.feedback_text and trainer.board.locked
    saved = store.load("Ayşe")
    assert saved.attempts[0]["puzzle"] == p.id and saved.attempts[0]["wrong"] == 1
    assert str(round(saved.rating_of("dokuz_tas")[0])) in trainer.rating_line.value
    assert "Dokuz Taş" in trainer.rating_line.value
    trainer.next_button.click()
    assert trainer.run.puzzle.id != p.id and not trainer.board.locked


def test_the_widget_hints_show_the_stone_and_the_solution_plays_out(tmp_path):
    p = _two_movers()
    trainer = _trainer(p, ProgressStore(tmp_path), lang="tr")
    for _ in range(3):
        trainer.hint_button.click()
    origin = p.line[0].split("-")[0]
    assert trainer.board.selected == origin and p.line[0] in trainer.hint_text
    trainer.solution_button.click()
    assert trainer.board.game.turns == p.line and trainer.run.finished
    assert "Çözüm" in trainer.feedback_text or "çözüm" in trainer.feedback_text
    trainer.solution_button.click()  # over: said, never raised
    assert "bitti" in trainer.feedback_text


def test_the_widget_never_raises_on_bad_input(tmp_path):
    p = _two_movers()
    trainer = _trainer(p, ProgressStore(tmp_path))
    assert trainer.play("z9-a1") is None and trainer.run.wrong == 0
    assert trainer.play("a1-a2-a3") is None
    empty = next(
        q for q in ("a1", "a4", "a7", "d1", "d7", "g1", "g4", "g7") if p.start.at(q) is None
    )
    assert trainer.click(empty) is None and trainer.board.message
    assert trainer.run.wrong == 0 and trainer.board.position == p.start
    trainer.band_choice.value = "kolay"
    trainer.theme_choice.value = "blockade"
    trainer.moves_choice.value = 2
    before = trainer.run
    trainer.apply_button.click()  # no puzzle passes: said, nothing changes
    assert trainer.run is before and "No puzzle" in trainer.feedback_text
    trainer.name_box.value = "../x"
    assert "cannot be a name" in trainer.feedback_text and trainer.session.learner == "Ayşe"


def test_a_name_typed_loads_that_learner_s_dokuz_tas_rating(tmp_path):
    store = ProgressStore(tmp_path)
    store.add_attempt("Deniz", {"puzzle": "m1"}, [1400.0, 100.0, 0.06])  # Mangala
    store.add_attempt(
        "Deniz", {"puzzle": "dx", "game": "dokuz_tas"}, [1333.0, 100.0, 0.06], game="dokuz_tas"
    )
    trainer = DokuzTasPuzzleTrainer(None, lang="en", speed=0, store=store)
    assert "type your name" in trainer.rating_line.value
    trainer.name_box.value = "Deniz"
    assert trainer.session.learner == "Deniz" and round(trainer.session.rating.rating) == 1333
    panel = MyProgressPanel(trainer, lang="en")
    assert panel.name == "Deniz" and "Dokuz Taş puzzles" in panel.view.value


# -- Worksheets -----------------------------------------------------------------------------


def test_worksheet_pages_have_a_board_a_puzzle_and_a_key_with_the_answers():
    from mangala_edu.dokuz_tas.puzzles.worksheet import worksheet_pages

    puzzles = COLLECTION.pick(5, seed=4)
    pages = worksheet_pages(puzzles, lang="en")
    boards = [ax for page in pages for ax in page.axes if ax.images]
    assert len(boards) == 5
    key = [page for page in pages if any("Answer key" in t.get_text() for t in page.texts)]
    assert len(key) == 1
    text = " ".join(t.get_text() for t in key[0].texts)
    for number, p in enumerate(puzzles, start=1):
        assert f"{number}. ({p.id}) {p.line[0]}" in text
        for other in p.accepted[-1]:
            assert other in text
    questions = " ".join(t.get_text() for page in pages for t in page.texts)
    assert questions.count("Answer:") == 5 and "to play" in questions


def test_the_cli_writes_a_worksheet_pdf_and_png_pages(tmp_path, capsys):
    from pypdf import PdfReader

    path = tmp_path / "dt.pdf"
    args = ["puzzles", "worksheet", "--rules", "dokuz-tas", "--count", "3", "--band", "kolay"]
    assert main([*args, "--seed", "1", "-o", str(path), "--lang", "en"]) == 0
    assert path.read_bytes()[:5] == b"%PDF-"
    reader = PdfReader(str(path))
    key = reader.pages[-1].extract_text()
    chosen = COLLECTION.pick(3, seed=1, band="kolay")
    for p in chosen:
        assert p.id in key and p.line[0] in key
    assert "Dokuz Ta" in reader.pages[0].extract_text()
    assert main([*args, "-o", str(tmp_path / "dt.png")]) == 0
    assert sorted(f.name for f in tmp_path.glob("dt-*.png")) == ["dt-1.png", "dt-2.png", "dt-3.png"]


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--band", "super", "-o", "x.pdf"], "Unknown band 'super'"),
        (["--theme", "fork", "-o", "x.pdf"], "Unknown theme 'fork'"),
        (["--count", "9999", "-o", "x.pdf"], "9999 puzzles were asked for"),
        (["--phase", "opening", "-o", "x.pdf"], "--phase"),
        (["-o", "x.txt"], "must end in .pdf or .png"),
    ],
)
def test_bad_worksheet_arguments_say_why_and_write_nothing(
    tmp_path, capsys, monkeypatch, extra, said
):
    monkeypatch.chdir(tmp_path)
    status = main(["--lang", "en", "puzzles", "worksheet", "--rules", "dokuz-tas", *extra])
    assert status == 2 and said in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


# -- The class view -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "heading"), [("tr", "Dokuz Taş bulmacaları"), ("en", "Dokuz Taş puzzles")]
)
def test_the_class_view_shows_dokuz_tas_attempts_beside_mangala_ones(tmp_path, lang, heading):
    store = ProgressStore(tmp_path)
    store.add_attempt(
        "Mert",
        {"puzzle": "m1", "themes": ["defence"], "solved": True, "clean": True},
        [1290.0, 140.0, 0.06],
    )
    p = _win_in_one_with_choices()
    trainer = _trainer(p, store, lang=lang, name="Mert")
    trainer.play(p.line[0])
    saved = store.load("Mert")
    dt_rating = round(saved.rating_of("dokuz_tas")[0])
    assert dt_rating > 1200 and round(saved.rating[0]) == 1290
    view = ClassView(tmp_path, lang=lang)
    mangala = view.pupil_rows()
    dokuz = view.pupil_rows("dokuz_tas")
    assert mangala[1][:2] == ["Mert", "1"] and mangala[1][4] == "1290"
    assert dokuz[1][:3] == ["Mert", "1", "1"] and dokuz[1][4] == str(dt_rating)
    shown = view._repr_html_()
    assert heading in shown and str(dt_rating) in shown
    me = MyProgress(saved, lang)._repr_html_()
    assert heading in me and str(dt_rating) in me
    csv = view.to_csv(tmp_path / "out.csv").read_text("utf-8-sig")
    assert heading in csv and str(dt_rating) in csv
