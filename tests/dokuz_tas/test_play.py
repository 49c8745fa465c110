"""A whole game of Dokuz Taş against the computer or a classmate (:mod:`.dokuz_tas.play`):
the computer answers on the board, its level is the one chosen, a seeded game is the same
every time, a game plays to its end and says why it ended, hints, undo, refusals, and the look
back over the game. The browser test (tests/browser/test_dokuz_tas_play.py) clicks it in Lab."""

from __future__ import annotations

import random

import pytest

from mangala_edu.dokuz_tas import Position
from mangala_edu.dokuz_tas.errors import IllegalTurnError
from mangala_edu.dokuz_tas.lessons.lesson import Lesson
from mangala_edu.dokuz_tas.play import CLASSMATE, DokuzTasPlay, explain
from mangala_edu.dokuz_tas.search import LEVELS
from mangala_edu.i18n import t


def first_legal(play: DokuzTasPlay) -> str:
    """A fixed choice for the pupil: the first legal turn in the order of their texts."""
    return sorted(play.position.legal_moves)[0]


def random_game(play: DokuzTasPlay, seed: int, cap: int = 1000) -> int:
    """Play random legal turns for the people until the game is over (at most ``cap``)."""
    rng = random.Random(seed)
    played = 0
    while not play.is_over and played < cap:
        play.human_turn(rng.choice(sorted(play.position.legal_moves)))
        played += 1
    return played


# -- The computer answers -------------------------------------------------------------------------


def test_the_computer_answers_on_the_board_at_once():
    play = DokuzTasPlay("kolay", "white", seed=1, lang="en")
    assert play.game.turns == () and play.board.mode == "place"
    play.human_turn("d6")
    turns = play.game.turns
    assert len(turns) == 2 and turns[0] == "d6"
    assert turns[1] in Position.start().play("d6").legal_moves
    assert play.position.to_move == "white" and play.board.mode == "place"
    assert play.info_text.startswith(f"The computer played {turns[1]}. Your turn (White, turn 3)")


def test_the_computer_starts_when_it_has_white():
    play = DokuzTasPlay("orta", "black", seed=2, lang="tr")
    assert len(play.game.turns) == 1 and play.position.to_move == "black"
    assert play.board.human == ("black",)
    said = t("dokuz_tas.play.computer_played", "tr", turn=play.game.turns[0])
    assert play.info_text.startswith(said + " Sıra sende (Siyah, 2. hamle)")
    empty = first_legal(play)
    trace = play.click(empty)  # a click places Black's stone; White answers at once
    assert trace is not None and trace.colour == "black"
    assert len(play.game.turns) == 3 and play.game.turns[1] == empty
    assert play.position.to_move == "black" and play.board.mode == "place"


def test_the_chosen_level_plays():
    play = DokuzTasPlay("kolay", "white", seed=3, lang="en")
    play.human_turn("d6")
    assert play.player is not None and play.player.level.key == "kolay"
    easy = play.player.last
    assert easy is not None and easy.depth <= LEVELS["kolay"].max_depth
    assert easy.nodes <= LEVELS["kolay"].node_limit * 2  # counted, not timed: seeded
    play.new_game("zor", "white")
    assert play.level_choice.value == "zor" and "zor" not in play.info_text  # English names
    assert play.title.value == "<h3>Dokuz Taş against the computer · level: hard</h3>"
    play.human_turn("d6")
    hard = play.player.last
    assert play.player.level.key == "zor" and hard is not None
    assert hard.depth > LEVELS["kolay"].max_depth and hard.nodes > LEVELS["kolay"].node_limit
    play.new_game(CLASSMATE)
    assert play.player is None and play.board.human == ("white", "black")
    play.human_turn("d6")
    assert play.game.turns == ("d6",) and play.position.to_move == "black"


def test_the_settings_row_starts_the_game_it_shows():
    play = DokuzTasPlay("kolay", "white", seed=4, lang="en")
    play.level_choice.value = "orta"
    play.colour_choice.value = "black"
    play.new_button.click()
    assert (play.level, play.colour, len(play.game.turns)) == ("orta", "black", 1)
    assert play.board.human == ("black",)


def test_a_seeded_game_is_the_same_every_time():
    def game(seed: int) -> tuple[tuple[str, ...], list[str]]:
        play = DokuzTasPlay("orta", "black", seed=seed, lang="en")
        hints = []
        for _ in range(6):
            hints.append(play.hint().turn)
            play.human_turn(first_legal(play))
        return play.game.turns, hints

    first = game(11)
    assert first == game(11)
    assert len(first[0]) == 13


# -- A whole game, its end and its reason -----------------------------------------------------


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_classmate_game_plays_to_its_end_and_says_why(lang):
    play = DokuzTasPlay(None, lang=lang)
    played = random_game(play, seed=5)
    outcome = play.game.outcome
    assert outcome is not None and played == len(play.game.turns)
    why = outcome.said.text(lang)
    assert play.info_text == t("dokuz_tas.play.over.side", lang, why=why) or (
        outcome.winner is None and play.info_text == t("dokuz_tas.play.over.draw", lang, why=why)
    )
    assert ("Oyun bitti" if lang == "tr" else "The game is over") in play.info_text
    assert play.hint_button.disabled and play.review_box.layout.display == ""
    with pytest.raises(IllegalTurnError):
        play.human_turn(first_legal(play) if play.position.legal_moves else "d6")


@pytest.mark.parametrize(("lang", "colour"), [("en", "white"), ("tr", "black")])
def test_a_game_against_the_computer_ends_with_the_result_and_its_reason(lang, colour):
    play = DokuzTasPlay("kolay", colour, seed=6, lang=lang)
    random_game(play, seed=7, cap=300)
    outcome = play.game.outcome
    assert outcome is not None
    why = outcome.said.text(lang)
    if outcome.winner is None:
        key = "dokuz_tas.play.over.draw"
    elif outcome.winner == colour:
        key = "dokuz_tas.play.over.human"
    else:
        key = "dokuz_tas.play.over.computer"
    assert play.info_text.endswith(t(key, lang, why=why))
    assert why in play.info_text and play.board.mode == "over"


ENDINGS = {
    # White takes Black down to two stones.
    "fewer_than_three": (Position.from_text("WW1/3/3/B5/3/3/BB1 w 1 0 0"), ["g7xa4"]),
    # White's slide leaves Black (no flying) without a move.
    "blocked": (
        Position.from_text("BWB/3/3/W4W/3/1W1/B2 w 0 0 0", flying=False),
        ["d2-d1"],
    ),
    # The 50th turn in a row without a removal.
    "quiet_turns": (Position.from_text("WW1/3/3/1W4/3/2B/BB1 w 0 0 49"), ["b4-c4"]),
    # Back and forth until the position stands for the third time.
    "repetition": (
        Position.from_text("WW1/3/3/1W4/3/2B/BB1 w 0 0 0"),
        ["b4-c4", "f2-f4", "c4-b4", "f4-f2"] * 2,
    ),
}


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("ending", sorted(ENDINGS))
def test_each_ending_is_said_with_its_reason(ending, lang):
    start, turns = ENDINGS[ending]
    play = DokuzTasPlay(None, lang=lang, start=start)
    for turn in turns:
        play.human_turn(turn)
    outcome = play.game.outcome
    assert outcome is not None and outcome.termination.value == ending
    key = "dokuz_tas.play.over.draw" if outcome.winner is None else "dokuz_tas.play.over.side"
    assert play.info_text == t(key, lang, why=outcome.said)
    reason = {
        ("tr", "blocked"): "Siyah hamle yapamıyor: Beyaz kazandı.",
        ("en", "blocked"): "Black cannot move: White wins.",
        ("tr", "repetition"): "Aynı konum üçüncü kez oluştu: oyun berabere.",
        ("en", "repetition"): "The same position stands for the third time: the game is drawn.",
    }.get((lang, ending))
    if reason is not None:
        assert play.info_text.endswith(reason)


# -- Hints ------------------------------------------------------------------------------------


def test_a_hint_is_a_legal_turn_with_a_sentence_and_a_picture():
    play = DokuzTasPlay(None, lang="en", seed=8)
    for turn in ("d6", "b4", "d7", "b6"):
        play.human_turn(turn)
    hint = play.hint()
    assert hint.turn in ("d5xb4", "d5xb6")
    assert hint.text("en") == (
        f"Hint: {hint.turn}. It closes the mill d5-d6-d7 and takes the stone on {hint.turn[-2:]}."
    )
    assert hint.text("tr").startswith(f"İpucu: {hint.turn}. d5-d6-d7 üçlüsünü kurar")
    assert "data:image/svg+xml;base64," in play.hint_box.value
    assert "It closes the mill" in play.hint_box.value and play.hints_used == 1
    play.human_turn(hint.turn)  # a turn played: the hint goes
    assert play.hint_box.value == "" and play.last_hint is None


def test_hint_sentences_say_what_the_turn_does():
    pos = Position.from_text("WW1/3/3/6/3/3/3 b 7 9 0")  # White threatens g7
    assert explain(pos, "g7").text("tr") == (
        "Beyaz oyuncusunun g7 noktasında üçlü kurmasını engeller."
    )
    pos = Position.from_text("W2/3/3/6/3/3/B2 w 8 8 0")
    assert explain(pos, "d7").text("en") == (
        "It prepares a mill: with your next turn you can close one on g7."
    )
    pos = Position(
        white=["d6", "b2", "f2", "g1"], black=["a7", "a1", "c3", "e3"], to_move="white",
        in_hand=(0, 0),
    )  # fmt: skip
    assert explain(pos, "d6-d7").text("en") == (
        "It hems in Black's stones: they then have only 7 moves."
    )
    assert explain(pos, "f2-f4").text("tr") == (
        "Taşlarına daha çok hareket alanı açar: sonra 12 hamle yapabilirler."
    )
    assert explain(pos, "d6-f6", depth=4).text("en") == (
        "The computer looked 4 turns ahead: this is the best turn it found."
    )


#: Three stones against three, White to move: a win in 19 plies, too deep for a hint's search.
DEEP_WIN = "3/3/2W/1BW3/1BB/2W/3 w 0 0 0"


def test_a_hint_gives_the_tables_exact_verdict(with_tables):
    play = DokuzTasPlay(None, lang="en", start=Position.from_text(DEEP_WIN))  # unseeded
    hint = play.hint()
    assert hint.value is not None and hint.value.exact and hint.value.result == "win"
    assert hint.text("en").endswith(
        "Worked out to the end: with the best play on both sides you win."
    )
    assert "Sonuna kadar hesaplandı" in hint.text("tr")


def test_without_the_tables_a_hint_says_no_verdict_it_has_not_worked_out(without_tables):
    hint = DokuzTasPlay(None, lang="en", start=Position.from_text(DEEP_WIN), seed=1).hint()
    assert hint.verdict is None and "Worked out" not in hint.text("en")


def test_the_only_turn_is_said_to_be_the_only_one():
    # White (no flying) can only slide e5-e4: every other stone is shut in.
    pos = Position.from_text("3/3/1BW/B4B/3/BBB/WWW w 0 0 6", flying=False)
    assert pos.legal_moves == ("e5-e4",)
    hint = DokuzTasPlay(None, lang="en", start=pos, seed=1).hint()
    assert hint.text("en") == "Hint: e5-e4. It is the only turn you can play."


# -- Undo -------------------------------------------------------------------------------------


def test_undo_takes_back_the_pupils_turn_and_the_computers_answer():
    play = DokuzTasPlay("kolay", "white", seed=9, lang="en")
    play.human_turn("d6")
    play.human_turn(first_legal(play))
    assert len(play.game.turns) == 4
    answer = play.game.turns[-1]
    mine = play.game.turns[-2]
    assert play.undo() is True
    assert len(play.game.turns) == 2 and play.position.to_move == "white"
    assert play.info_text.startswith(
        f"Your turn {mine} and the computer's answer {answer} were taken back. Your turn (White, turn 3)"
    )
    play.board._on_msg(play.board, {"type": "undo"}, [])  # the board's own undo button
    assert play.game.turns == ()
    assert play.undo() is False and play.board.message_key == "error.nothing_to_undo"


def test_undo_never_takes_back_the_computers_first_turn():
    play = DokuzTasPlay("kolay", "black", seed=10, lang="en")
    first = play.game.turns
    assert len(first) == 1
    assert play.undo() is False
    assert play.game.turns == first and play.board.message_key == "dokuz_tas.play.nothing_to_undo"
    play.human_turn(first_legal(play))
    assert len(play.game.turns) == 3
    assert play.undo() is True and play.game.turns == first


def test_undo_after_the_end_goes_back_into_the_game():
    play = DokuzTasPlay(None, lang="en", start=Position.from_text("WW1/3/3/B5/3/3/BB1 w 1 0 0"))
    play.human_turn("g7xa4")
    assert play.is_over and play.review_box.layout.display == ""
    assert play.undo() is True
    assert not play.is_over and play.review_box.layout.display == "none"
    assert not play.hint_button.disabled


# -- Refusals ---------------------------------------------------------------------------------


def test_a_turn_that_cannot_be_played_is_refused_and_changes_nothing():
    play = DokuzTasPlay("kolay", "white", seed=12, lang="en")
    play.human_turn("d6")
    before = (play.game.turns, play.info_text, play.board.board)
    for bad, said in [
        ("z9", "There is no point z9 on the board"),
        ("d6", "d6 is not empty"),
        ("a1-a4", "stones move only once all are placed"),
        ("nonsense", "'nonsense' is not a turn"),
    ]:
        with pytest.raises(IllegalTurnError) as error:
            play.human_turn(bad)
        assert said in error.value.message("en")
        assert (play.game.turns, play.info_text, play.board.board) == before


def test_clicks_never_raise_and_are_explained():
    play = DokuzTasPlay(None, lang="en")
    for turn in ("d6", "b4", "d7", "b6"):
        play.human_turn(turn)
    assert play.click("d5") is None  # a mill: now the stone to take
    assert play.board.mode == "remove"
    assert "you closed a mill: click the opponent's stone to take." in play.info_text
    assert play.click("d6") is None and play.board.message_key == "dokuz_tas.error.remove_own"
    assert play.click("x1") is None and play.board.message_key == "dokuz_tas.error.unknown_point"
    trace = play.click("b4")
    assert trace is not None and trace.turn == "d5xb4" and play.game.turns[-1] == "d5xb4"
    assert play.info_text.startswith("Black to move (turn 6): place a stone")


def test_buttons_show_refusals_and_never_raise():
    play = DokuzTasPlay(None, lang="en", start=Position.from_text("WW1/3/3/B5/3/3/BB1 w 1 0 0"))
    play.human_turn("g7xa4")
    play.hint_button.disabled = False  # a click that slipped through: explained, not raised
    play.hint_button.click()
    assert play.info_text.startswith("The game is over:")
    play.previous_button.click()
    play.next_button.click()
    play.next_button.click()  # past the end: stays at the end
    assert play.step.value == 1
    play.new_button.click()
    assert play.game.turns == () and not play.is_over


def test_a_hint_is_refused_while_the_game_is_over():
    play = DokuzTasPlay(None, lang="tr", start=Position.from_text("WW1/3/3/B5/3/3/BB1 w 1 0 0"))
    play.human_turn("g7xa4")
    with pytest.raises(IllegalTurnError) as error:
        play.hint()
    assert error.value.message("tr").startswith("Oyun bitti")


# -- Looking back -----------------------------------------------------------------------------


def test_the_look_back_lists_every_turn_and_shows_each_position():
    play = DokuzTasPlay(None, lang="en")
    random_game(play, seed=13)
    turns = play.game.turns
    rows = play.turn_rows()
    assert [turn for _, white, black in rows for turn in (white, black) if turn] == list(turns)
    assert [n for n, _, _ in rows] == list(range(1, len(rows) + 1))
    assert play.review_text().startswith(f"1. {turns[0]} {turns[1]} 2. {turns[2]}")
    html = play.turn_list.value
    assert all(f"<td>{turn}</td>" in html or turn in html for turn in turns)
    assert play.step.max == len(turns) and play.step.value == len(turns)  # at the end
    assert play.next_button.disabled and not play.previous_button.disabled
    assert play.game.outcome.said.text("en") in play.step_text.value
    play.show_turn(0)
    assert "The start: an empty board" in play.step_text.value and play.previous_button.disabled
    play.next_button.click()
    assert play.step.value == 1
    assert f"Turn 1 of {len(turns)}: White played {turns[0]}." in play.step_text.value
    assert "data:image/svg+xml;base64," in play.step_picture.value
    assert 'class="dt-play-now"><b>1.</b> ' + turns[0] in play.turn_list.value


def test_the_look_back_numbers_a_game_that_black_starts():
    play = DokuzTasPlay(None, lang="en", start=Position.from_text("WWW/B2/3/6/3/3/3 b 6 8 0"))
    first = first_legal(play)
    play.human_turn(first)
    second = first_legal(play)
    play.human_turn(second)
    assert play.turn_rows() == [(1, "…", first), (2, second, "")]
    assert play.review_text() == f"1. … {first} 2. {second}"


# -- The lesson's call and the still picture ------------------------------------------------


def test_a_lesson_plays_in_its_language():
    play = Lesson(29, lang="en").play(level="kolay", colour="black", seed=1)
    assert isinstance(play, DokuzTasPlay) and play.lang == "en" and play.level == "kolay"
    assert len(play.game.turns) == 1


def test_the_still_picture_says_the_game():
    play = DokuzTasPlay("kolay", "white", seed=1, lang="en")
    bundle = play._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "Dokuz Taş against the computer · level: easy" in data["text/html"]
    assert repr(play) == "DokuzTasPlay(level='kolay', colour='white', turns=0, lang='en')"
