"""The match view (lesson 8): lots, sets, points and the "Next set" button, driven from Python
as clicks would drive it."""

from __future__ import annotations

import re

import pytest

from mangala_edu.engine import SIDES, Position
from mangala_edu.engine.match import MatchError
from mangala_edu.lessons.match_view import MatchBoard

# A whole set from the start that ends 24-24 (found by random play; the same pits work
# whoever starts, the two sides being mirror images).
DRAW = (1, 2, 6, 6, 5, 3, 5, 2, 6, 5, 3, 4, 1, 6, 2, 6)


def shown(widget) -> bool:
    return widget.layout.display != "none"


def finish_set(match: MatchBoard, north_last: bool = False) -> None:
    """Play the current set to its end: the mover's first legal pit (the starter then wins
    47-1); with ``north_last`` North plays its last legal pit (North starting, South wins)."""
    while not match.board.position.is_over:
        pos = match.board.position
        last = north_last and pos.to_move == "north"
        match.play(pos.legal_moves[-1 if last else 0])


def play_draw(match: MatchBoard) -> None:
    for pit in DRAW:
        match.play(pit)
    assert match.board.position.result.winner == "draw"


def test_before_the_lot_only_the_lot_button_shows():
    match = MatchBoard(sets=5, lang="tr")
    assert repr(match) == (
        "MatchBoard(sets=5, set=1, first=None, points={'south': 0.0, 'north': 0.0}, lang='tr')"
    )
    assert shown(match.lots_button) and not shown(match.board) and not shown(match.next_button)
    assert "Kura çek" in match.info_text
    with pytest.raises(MatchError, match="Önce kura çekin"):
        match.play(1)
    with pytest.raises(MatchError, match="Önce kura çekin"):
        match.next_set()
    assert match.table_rows()[1] == ["Başlayan", "", "", "", "", "", ""]


def test_the_lot_is_random_but_repeatable_with_a_seed():
    drawn = {MatchBoard(lang="en", seed=seed).draw_lots() for seed in range(20)}
    assert drawn == set(SIDES)
    assert MatchBoard(lang="en", seed=3).draw_lots() == MatchBoard(lang="en", seed=3).draw_lots()


def test_the_lot_button_starts_the_match_once():
    match = MatchBoard(sets=3, lang="en", seed=7)
    match.lots_button.click()
    first = match.match.first
    assert match.board.position == Position.start(first=first)
    assert shown(match.board) and not shown(match.lots_button) and not shown(match.next_button)
    assert match.info_text.startswith(f"{first.capitalize()} won the draw!")
    with pytest.raises(MatchError, match="already been drawn"):
        match.draw_lots()
    other = "north" if first == "south" else "south"
    assert match.table_rows()[1][1:4] == [s.capitalize() for s in (first, other, first)]


def test_a_finished_set_scores_and_the_next_set_starts_with_the_other_player():
    match = MatchBoard(sets=3, lang="en", first="north")
    assert match.info_text == "North won the draw! Set 1 of 3 · North starts."
    match.play(match.board.position.legal_moves[0])
    assert match.info_text == "Set 1 of 3 · North starts."  # the lot was read
    with pytest.raises(MatchError, match="not over yet"):
        match.next_set()
    finish_set(match)
    result = match.board.position.result
    winner = result.winner
    assert shown(match.next_button)
    assert f"Set 1 is over. {winner.capitalize()} wins" in match.info_text
    assert "South starts the next set" in match.info_text
    rows = match.table_rows()
    points = {"South": rows[2], "North": rows[3]}
    assert points[winner.capitalize()][1] == "1" and points[winner.capitalize()][-1] == "1"
    match.next_button.click()
    assert match.set_number == 2 and not shown(match.next_button)
    assert match.board.position == Position.start(first="south")
    assert match.info_text == "Set 2 of 3 · South starts."
    assert match.table_rows()[2][2] == "…"


def test_undo_after_the_end_hides_the_next_set_button_again():
    match = MatchBoard(sets=1, lang="tr", first="south")
    finish_set(match)
    assert shown(match.next_button) is False  # one set: the match is over, no next set
    match = MatchBoard(sets=3, lang="tr", first="south")
    finish_set(match)
    assert shown(match.next_button)
    assert match.board.undo()
    assert not shown(match.next_button) and not match.board.position.is_over
    assert match.points == {"south": 0.0, "north": 0.0}


def test_a_drawn_set_is_half_a_point_in_each_language():
    for lang, half in (("tr", "0,5"), ("en", "0.5")):
        match = MatchBoard(sets=3, lang=lang, first="south")
        play_draw(match)
        rows = match.table_rows()
        assert rows[2][1] == rows[3][1] == half and rows[2][-1] == rows[3][-1] == half
        assert match.points == {"south": 0.5, "north": 0.5}


def test_every_set_is_played_even_once_the_match_is_decided():
    # South wins sets 1, 2, 3 and 5; set 4 is the scripted draw.
    match = MatchBoard(sets=5, lang="en", first="south")
    decided = []
    for number in range(1, 6):
        assert match.set_number == number
        assert match.board.position.to_move == ("south" if number % 2 else "north")
        if number == 4:
            play_draw(match)
        else:
            finish_set(match, north_last=True)
        decided.append("every set is played" in match.info_text)
        if number < 5:
            assert shown(match.next_button)
            match.next_set()
    # 3-0 with two sets left and 3.5-0.5 with one left are decided; 2-0 with three is not.
    assert decided == [False, False, True, True, False]
    assert match.match.is_over and not shown(match.next_button)
    assert match.points == {"south": 4.5, "north": 0.5}
    assert match.info_text == (
        "The match is over and South has won it! Points: South 4.5 – North 0.5."
    )
    assert match.table_rows()[2:] == [
        ["South", "1", "1", "1", "0.5", "1", "4.5"],
        ["North", "0", "0", "0", "0.5", "0", "0.5"],
    ]
    with pytest.raises(MatchError, match="all 5 sets"):
        match.next_set()


def test_a_drawn_match():
    match = MatchBoard(sets=1, lang="tr", first="north")
    play_draw(match)
    assert match.info_text == "Maç berabere bitti! Puan: Güney 0,5 – Kuzey 0,5."


def test_a_refused_button_explains_instead_of_raising():
    match = MatchBoard(sets=3, lang="tr", first="south")
    match.next_button.click()  # hidden, but a click must never raise
    assert "henüz bitmedi" in match.info_text
    match.play(1)
    assert "henüz bitmedi" not in match.info_text


def test_players_names_are_shown_and_the_still_picture_has_board_and_table():
    match = MatchBoard(sets=3, lang="tr", first="north", players=("Ayşe", "Can"))
    assert match.info_text.startswith("Kurayı Can (Kuzey) kazandı!")
    rows = match.table_rows()
    assert rows[0] == ["", "1. set", "2. set", "3. set", "Puan"]
    assert rows[1] == ["Başlayan", "Can", "Ayşe", "Can", ""]
    assert rows[2][0] == "Ayşe (Güney)" and rows[3][0] == "Can (Kuzey)"
    still = match._still_html()
    assert "data:image/svg+xml" in still and "mangala-score-table" in still
    assert "Ayşe (Güney)" in still
    assert not re.search(r"at 0x[0-9a-f]+", repr(match))


def test_bad_set_counts_are_refused():
    with pytest.raises(MatchError, match="1, 3 ya da 5"):
        MatchBoard(sets=4, lang="tr")
