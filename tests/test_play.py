"""The play widget (a match against the computer or a classmate), its hints and reviews, the
search tree picture, and notebooks 09 and 10 (same code in both languages, built from source)."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import nbformat
import pytest

from mangala_edu import Game, IllegalMoveError, Position
from mangala_edu.display.review import mistake_svg
from mangala_edu.display.tree import levels_table, search_tree
from mangala_edu.engine.match import MatchError
from mangala_edu.i18n import LANGUAGES, catalogue
from mangala_edu.search import Player
from mangala_edu.search.analysis import analyse_game
from mangala_edu.search.hints import hint_for
from mangala_edu.widgets.play import PlayBoard

ROOT = Path(__file__).parents[1]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))

import build  # noqa: E402

ENDGAME = "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"


def test_the_computer_answers_at_once_with_extra_turns():
    play = PlayBoard(level="kolay", sets=1, human="south", first="south", seed=1, lang="en")
    play.human_move(1)
    game = play.match.game
    assert game.moves[0] == 1 and len(game.moves) >= 2
    assert play.position.to_move == "south"  # back to the human, however many moves
    assert all(p.to_move == "north" for p in game.positions[1:-1])
    assert play.board.position == game.position == play.match.position
    assert "The computer played" in play.info_text


def test_the_computer_may_start_and_is_reproducible():
    a = PlayBoard(level="orta", human="south", first="computer", seed=5, lang="tr")
    b = PlayBoard(level="orta", human="south", first="computer", seed=5, lang="tr")
    assert a.match.game.moves and a.match.game.moves == b.match.game.moves
    assert a.position.to_move == "south"
    assert re.search(r"Bilgisayarın hamlesi: \d\. kuyu", a.info_text)


def test_clicks_on_the_board_drive_the_match_and_refusals_explain():
    play = PlayBoard(level="kolay", human="north", first="north", seed=2, lang="en")
    play.board.click("south", 3)  # not the human's pit: explained, no move
    assert "North" in play.board.message and not play.match.game.moves
    play.board.click("north", 4)
    assert play.match.game.moves[0] == 4 and play.position.to_move == "north"
    with pytest.raises(IllegalMoveError):
        play.human_move(9)


def test_a_whole_match_with_reviews_and_next_set():
    play = PlayBoard(
        level="kolay", sets=3, human="south", first="south", seed=3, lang="en", analysis_time=0.05
    )
    with pytest.raises(MatchError):
        play.next_set()  # the set is not over
    play.autoplay(Player("kolay", seed=4))
    assert play.match.game.position.is_over and len(play.reviews) == 1
    assert play.next_button.layout.display == "" and play.hint_button.disabled
    review = play.reviews[0]
    assert len(review.moves) == len(play.match.game.moves)
    mistakes = play.biggest_mistakes(review)
    assert mistakes, "the easy stand-in is expected to make mistakes against the computer"
    assert len(mistakes) <= 3 and all(m.player == "south" for m in mistakes)
    assert [m.cost for m in mistakes] == sorted((m.cost for m in mistakes), reverse=True)
    assert bytes(play.chart.value).startswith(b"\x89PNG")
    html = play.mistakes_box.value
    assert html.count("data:image/svg+xml") == len(mistakes) and "No big mistake" not in html
    assert not re.search(r"\d[.,]\d+ stones", html)  # whole stones only
    assert "at most 0.05 seconds" in play.review_title.value
    assert play.next_set() == "north"  # the starter alternates
    assert play.set_number == 2 and play.chart.layout.display == "none"
    assert play.match.game.moves  # the computer started set 2
    rows = play.table_rows()
    assert rows[0] == ["", "Set 1", "Set 2", "Set 3", "Points"]
    assert rows[1][1:4] == ["You", "Computer", "You"]
    assert rows[2][2] == "…" and re.fullmatch(r"(0|0\.5|1) \(\d+\)", rows[2][1])


def test_a_finished_set_says_how_to_go_on_under_the_board():
    """Under a finished set the board no longer says "To play, click ..." but that the set is
    over and which button starts the next one (the match: a new one) (issue 22)."""
    play = PlayBoard(
        level="kolay", sets=3, human="south", first="south", seed=3, lang="en", analysis_time=0.05
    )
    assert play.board.texts["widget.hint"].startswith("To play, click")
    play.autoplay(Player("kolay", seed=4))
    assert play.board.texts["widget.hint"] == (
        "This set is over: press “Next set” for the next one."
    )
    play.next_set()
    assert play.board.texts["widget.hint"].startswith("To play, click")
    while not play.match.is_over:
        play.autoplay(Player("kolay", seed=5))
        if not play.match.is_over:
            play.next_set()
    assert play.board.texts["widget.hint"] == (
        "The match is over: press “New match” for a new match."
    )
    play.board.lang = "tr"
    assert play.board.texts["widget.hint"].startswith("Maç bitti:")


def test_a_classmate_match_has_no_computer():
    play = PlayBoard(level=None, sets=5, first="south", lang="tr")
    assert repr(play).startswith("PlayBoard(level='classmate', sets=5")
    play.human_move(1)
    assert play.position.to_move == "north" and play.match.game.moves == (1,)
    play.human_move(1)
    assert play.match.game.moves == (1, 1)
    assert "Sıra Güney oyuncusunda" in play.info_text
    assert play.table_rows()[2][0] == "Güney"


def test_the_lot_is_drawn_with_the_seed():
    sides = {PlayBoard(level=None, seed=s, lang="en").match.first for s in range(8)}
    assert sides == {"south", "north"}
    assert "won the draw" in PlayBoard(level=None, seed=1, lang="en").info_text


def test_hint_rings_the_best_pit_and_says_why():
    hint = hint_for(Position.from_text(ENDGAME), seed=1)
    assert hint.pit == 6 and hint.exact and hint.value == -2
    text = hint.text("en")
    assert "falls into your store" in text and "lose by 2 stones" in text
    play = PlayBoard(level="usta", human="south", first="south", seed=1, lang="tr")
    play.board.reset(Position.from_text(ENDGAME))
    assert play.hint().pit == 6 and play.board.highlight == [5]
    assert "İpucu: 6. kuyu" in play.hint_box.value
    play.human_move(6)
    assert play.board.highlight == [] and play.hint_box.value == ""


def test_settings_row_starts_a_new_match():
    play = PlayBoard(level="kolay", seed=1, lang="en", first="south")
    play.level_choice.value = "zor"
    play.side_choice.value = "north"
    play.first_choice.value = "north"
    play.sets_choice.value = 5
    play.new_button.click()
    assert (play.level, play.human, play.match.sets, play.match.first) == (
        "zor",
        "north",
        5,
        "north",
    )
    assert play.match.game.moves == ()  # the human (North) starts


def test_still_picture_and_repr_are_stable():
    a = PlayBoard(level="kolay", seed=1, lang="en", first="south")
    b = PlayBoard(level="kolay", seed=1, lang="en", first="south")
    assert a._still_html() == b._still_html()
    assert "0x" not in repr(a) and "data:image/svg+xml" in a._still_html()


def test_reviews_with_a_seed_are_reproducible():
    game = Game(start=Position.from_text("1,2,0,3,1,0,18/0,1,2,0,1,3,16 S"))
    while not game.position.is_over:
        game.push(game.position.legal_moves[-1])
    one = analyse_game(game, time_per_move=0.05, reproducible=True)
    two = analyse_game(game, time_per_move=0.05, reproducible=True)
    assert one.advantage() == two.advantage()


def test_mistake_boards_mark_the_played_and_the_better_pit():
    svg = mistake_svg(Position.start(first="north"), 2, 5, "tr")
    assert svg.count('stroke="#c62828"') == 1 and svg.count('stroke="#2e7d32"') == 1


@pytest.mark.parametrize("size", [300, 360, 720])
@pytest.mark.parametrize(
    "text", ["3,12,1,0,7,5,0/2,5,0,11,1,1,0 S", "3,12,1,0,7,5,0/2,5,0,11,1,1,0 N"]
)
def test_mistake_rings_never_hide_a_number(size, text):
    """The rings go under the stone counts and pit numbers (they used to be drawn last)."""
    svg = mistake_svg(Position.from_text(text), 2, 6, "en", size=size)
    root = ET.fromstring(svg)
    elements = list(root.iter())
    ns = "{http://www.w3.org/2000/svg}"
    rings = [
        k
        for k, e in enumerate(elements)
        if e.tag == f"{ns}ellipse" and e.get("stroke") in ("#c62828", "#2e7d32")
    ]
    numbers = [
        k
        for k, e in enumerate(elements)
        if e.tag == f"{ns}text" and (e.get("class") == "mg-count" or e.get("font-size") == "22")
    ]
    assert len(rings) == 2 and len(numbers) == 14 + 12
    assert max(rings) < min(numbers)
    assert root.get("width") == str(size)


def test_search_tree_follows_minimax():
    tree = search_tree(Position.from_text("0,0,1,3,1,0,21/1,0,1,0,0,0,20 S"), depth=3)
    root = tree.root
    assert root.value == max(c.value for c in root.children) == 4
    for node in root.walk():
        if node.children and node.position.to_move == "north":
            assert node.value == min(c.value for c in node.children)
    assert tree.best_line[0] == ("south", 3)
    assert tree.svg("en") == tree.svg("en") and "S3" in tree.svg("en")
    assert "G3" in tree.svg("tr")
    with pytest.raises(ValueError):
        search_tree(Position.start(), depth=3)


def test_levels_table_in_both_languages():
    assert levels_table("tr").rows()[1][0] == "kolay"
    assert levels_table("en").rows()[4][0] == "expert"


def test_play_texts_exist_in_both_languages():
    tr, en = catalogue("tr"), catalogue("en")
    keys = [k for k in tr if k.startswith(("play.", "tree.", "cli."))]
    assert len(keys) > 60 and all(k in en for k in keys)


# -- Notebooks 09 and 10 --------------------------------------------------------------------------


@pytest.mark.parametrize("number", [9, 10])
def test_both_languages_have_the_same_code_cells(number):
    names = build.notebook_names(number)
    code = [
        [
            c.source
            for c in nbformat.read(NOTEBOOKS / lang / f"{names[lang]}.ipynb", as_version=4).cells
            if c.cell_type == "code"
        ]
        for lang in LANGUAGES
    ]
    assert code[0] == code[1] and code[0]


@pytest.mark.parametrize("number", [9, 10])
def test_notebooks_are_built_from_their_source(number):
    text = (NOTEBOOKS / "src" / f"{number:02d}.md").read_text("utf-8")
    cells = build.parse(text)
    names = build.source_names(text)
    assert names == build.notebook_names(number)
    for lang in LANGUAGES:
        stored = nbformat.read(NOTEBOOKS / lang / f"{names[lang]}.ipynb", as_version=4)
        fresh = build.notebook(cells, lang)
        assert [(c.cell_type, c.source) for c in stored.cells] == [
            (c.cell_type, c.source) for c in fresh.cells
        ], (
            f"{lang} notebook {number} is out of date: run python notebooks/build.py "
            f"--execute {number}"
        )


def test_the_names_line_is_checked():
    assert build.source_names("<!-- names tr=a en=b -->\n") == {"tr": "a", "en": "b"}
    assert build.source_names("<!-- markdown -->\n") is None
    with pytest.raises(build.SourceError):
        build.source_names("<!-- names tr=a -->\n")


def test_a_local_variant_says_its_rule_under_the_title():
    """Lesson 21 has two boards, one a local rule each: each says which (issue 22); official
    Mangala says nothing more, and another game is named in the title."""
    from mangala_edu.widgets.play import PlayBoard

    own = PlayBoard(level="orta", rules="own-side", first="south", seed=1, lang="tr")
    back = PlayBoard(level="orta", rules="no-return", first="south", seed=1, lang="en")
    official = PlayBoard(level="orta", first="south", seed=1, lang="tr")
    assert "kendi tarafındaki taşları alır" in own.title.value
    assert "first stone" in back.title.value and "mangala-rules-note" in back.title.value
    assert "mangala-rules-note" not in official.title.value
