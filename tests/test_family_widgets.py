"""The family's games on the board widgets, from Python: every game plays against every level
and between classmates, a wrong click is explained and changes nothing, the board's synced state
carries 9 pits, the dishes of captured stones and the tuzdiks, and official Mangala's is as
before."""

from __future__ import annotations

import pytest

from mangala_edu import Game, Position, Rules
from mangala_edu.display.layout import board_layout
from mangala_edu.display.svg import board_svg, widget_frame
from mangala_edu.engine import IllegalMoveError
from mangala_edu.i18n import t
from mangala_edu.widgets import Board
from mangala_edu.widgets.play import REVIEW_BUDGET, PlayBoard, game_name

GAMES = ["toguz-korgool", "mangala-ii", "mangala-iv", "kalah", "kalah(7,4)"]
LEVELS = ["kolay", "orta", "zor", "usta"]
TUZDIK = "0,0,0,0,0,0,0,0,3,10/1,2,0,0,0,0,0,0,0,0 S"  # South's pit 9 makes a tuzdik of N2


def play_board(game: str, level: str | None = "kolay", **kw: object) -> PlayBoard:
    settings: dict[str, object] = {
        "human": "south",
        "first": "south",
        "seed": 4,
        "lang": "en",
        "speed": 0,
        "analysis_time": 0.02,
    }
    settings.update(kw)
    return PlayBoard(level=level, rules=game, **settings)  # type: ignore[arg-type]


# -- Against every level --------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", GAMES)
def test_each_game_against_each_level(game, level):
    play = play_board(game, level)
    rules = Rules.from_name(game)
    assert play.rules == rules and play.board.rules == rules
    moves = 2 if level in ("kolay", "orta") else 1
    for _ in range(moves):
        if play.position.is_over:
            break
        before = len(play.match.game.moves)
        play.human_move(play.position.legal_moves[-1])
        game_moves = play.match.game.moves
        assert len(game_moves) > before + 1 or play.position.is_over  # the computer answered
        assert play.position == play.match.game.position == play.board.position
        assert play.position.to_move in ("south", None)
        assert play.board.board == list(play.position.board)
    assert "The computer played" in play.info_text
    name = game_name(rules)
    assert name is not None and name.text("en") in play.title.value


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_click_is_explained_and_changes_nothing(game):
    play = play_board(game)
    board = play.board
    start = play.position
    assert board.click("north", 1) is None  # the other side's pit
    assert "North's" in board.message and play.position == start
    assert board.click("south", 0) is None  # a store, or a dish beside the board
    assert board.message and play.position == start
    assert board.click("south", start.rules.pits + 1) is None  # no such pit
    assert board.message and play.position == start
    if start.rules.forced_leftmost:
        assert board.click("south", 3) is None
        assert board.message == t("error.not_leftmost", "en", first=1, pit=3)
        assert play.position == start
    assert len(play.match.game.moves) == 0


def test_a_tuzdik_is_never_played_from():
    board = Board(Position.from_text(TUZDIK, Rules.toguz_korgool()), lang="en", speed=0)
    board.click("south", 9)
    assert board.position.tuzdiks == (11, None)
    before = board.position
    assert board.click("north", 2) is None
    assert board.message == "Pit 2 is South's tuzdik: a tuzdik is never played from."
    assert board.position == before


@pytest.mark.parametrize("game", GAMES)
def test_classmates_play_each_game(game):
    play = play_board(game, None)
    assert play.computer_side is None and play.player is None
    for _ in range(6):
        pos = play.position
        if pos.is_over:
            break
        side = pos.to_move
        assert play.is_human(side)
        pit = pos.legal_moves[0]
        trace = play.board.click(side, pit)
        assert trace is not None and trace.player == side
    assert len(play.match.game.moves) >= 1
    assert "The computer" not in play.info_text


# -- Mangala IV: no choice ------------------------------------------------------------------


def test_mangala_iv_says_there_is_no_choice_and_plays_the_forced_move():
    play = play_board("mangala-iv")
    assert play.forced_button.layout.display == "" and not play.forced_button.disabled
    pit = play.position.legal_moves[0]
    assert "No choice in this game: South must play pit 1" in play.info_text
    hint = play.hint()
    assert hint.pit == pit and "no choice" in hint.text("en")
    trace = play.forced_move()
    assert trace.pit == pit and trace.player == "south"
    assert play.position.to_move in ("south", None)
    play.forced_button.click()  # the button does the same
    assert len(play.match.game.moves) >= 4


def test_the_forced_move_button_only_for_mangala_iv():
    play = play_board("mangala-ii")
    assert play.forced_button.layout.display == "none"
    with pytest.raises(IllegalMoveError):
        play.forced_move()
    play.forced_button.click()  # refused, and said, not raised
    assert play.info_text.startswith(t("play.error.choose", "en"))
    official = PlayBoard(level="kolay", seed=1, lang="en", first="south", speed=0)
    assert official.forced_button.layout.display == "none"
    assert "game:" not in official.title.value  # official Mangala's title as before


# -- Passes, reviews ------------------------------------------------------------------------


def test_passes_are_said_in_the_line_above_the_board():
    play = play_board("mangala-ii", seed=2)
    notes = []
    while not play.position.is_over:
        play.human_move(play.position.legal_moves[0])
        notes.append(play.info_text)
    assert any(t("play.computer_passed", "en") in n for n in notes)
    assert any("each time your row was empty, so you passed" in n for n in notes)
    # The board's caption said the pass, too.
    passes = [e for m in play.match.game.traces() for e in m.events if e.kind == "pass"]
    assert passes


def test_a_long_game_gets_a_shorter_review_and_says_so():
    play = play_board("toguz-korgool", analysis_time=0.5, seed=1)
    play.autoplay(lambda pos: pos.legal_moves[-1])
    review = play.reviews[-1]
    moves = len(review.moves)
    assert moves * 0.5 > REVIEW_BUDGET
    head = play.review_title.value
    assert f"This set was long ({moves} moves)" in head
    assert "captured stones" in head  # the family's note, not Mangala's stores


def test_mangala_iv_review_has_no_mistakes_to_find():
    play = play_board("mangala-iv")
    play.autoplay(lambda pos: pos.legal_moves[0])
    assert t("play.review.forced", "en") in play.mistakes_box.value


@pytest.mark.parametrize("game", ["toguz-korgool", "mangala-ii", "kalah"])
def test_hints_work_in_each_game(game):
    play = play_board(game)
    hint = play.hint()
    assert hint.pit in play.position.legal_moves
    assert play.board.highlight == [play.position.place("south", hint.pit)]
    assert hint.text("en").startswith(f"Hint: pit {hint.pit}.")


# -- The board's synced state ---------------------------------------------------------------


def test_nine_pits_and_tuzdiks_in_the_synced_state():
    board = Board(Position.from_text(TUZDIK, Rules.toguz_korgool()), lang="en", speed=0)
    sent: list[dict] = []
    board.send = sent.append  # type: ignore[method-assign]
    assert len(board.board) == 20 and board.geometry["pits"] == 9
    assert board.geometry["beside"] is True
    assert [p["label"] for p in board.geometry["places"]][:10] == [
        "S1",
        "S2",
        "S3",
        "S4",
        "S5",
        "S6",
        "S7",
        "S8",
        "S9",
        "Sstore",
    ]
    assert board.texts["widget.hint"].endswith("1–9.")
    assert board.tuzdiks == []
    board.click("south", 9)
    assert board.tuzdiks == [[11, "south"]]
    assert sent[-1]["type"] == "play" and sent[-1]["tuzdiks"] == []  # before the move
    assert sent[-1]["trace"]["events"][-1]["kind"] == "tuzdik"
    assert "tuzdik" in board.kinds["tuzdiks"] and "relay" in board.kinds["lifts"]
    assert "pass" in board.kinds["notices"] and "tuzdik_drop" in board.kinds["to_owner"]
    assert board.texts["board.tuzdik_label"] == t("board.tuzdik_label", "en")
    board.undo()
    assert board.tuzdiks == []


def test_the_editor_keeps_the_tuzdiks():
    board = Board(Position.from_text(TUZDIK, Rules.toguz_korgool()).play(9), lang="en")
    board.add_stone("N1")
    position = board.apply_edit()
    assert position.tuzdiks == (11, None) and board.tuzdiks == [[11, "south"]]


def test_storeless_boards_have_dishes_beside_the_names():
    for rules in (Rules.mangala_ii(), Rules.mangala_iv(), Rules.toguz_korgool()):
        lay = board_layout(rules)
        wood = lay["wood"]
        g = rules.geometry
        for side in ("south", "north"):
            dish = lay["places"][g.store(side)]
            assert dish["kind"] == "store"
            below = dish["cy"] - dish["ry"] >= wood["y"] + wood["h"]
            above = dish["cy"] + dish["ry"] <= wood["y"]
            assert below if side == "south" else above  # off the wooden board
            name = lay["players"][side]
            assert abs(dish["cy"] - name["y"]) < 1  # beside its owner's name
            assert (dish["cx"] > name["x"]) == (side == "south")  # on the owner's right
            assert dish["cx"] - dish["rx"] >= 0 and dish["bx"] + 20 <= lay["width"]
        board = Board(rules=rules, lang="en")
        assert board.geometry["beside"] is True
        assert board.texts["board.captured_label"]["other"] == "{side_gen} captured stones: {count}"
    official = board_layout(Rules.official())
    assert official["beside"] is False and official["width"] == 888.0
    assert board_layout(Rules.kalah(7, 4))["beside"] is False


def test_a_nine_pit_board_is_narrower_without_stores_at_its_ends():
    wide = board_layout(Rules.kalah(9, 9))
    toguz = board_layout(Rules.toguz_korgool())
    assert toguz["width"] < wide["width"]
    assert toguz["width"] / toguz["height"] < 2.2  # fits a 1366x768 screen with room


def test_the_still_picture_marks_the_tuzdik_and_its_owner():
    after = Position.from_text(TUZDIK, Rules.toguz_korgool()).play(9)
    svg = board_svg(after, lang="tr")
    assert svg.count('class="mg-tuzdik"') == 1 and 'data-owner="south"' in svg
    assert ">tuzdik</text>" in svg and ">Güney</text>" in svg
    assert "mg-tuzdik" not in board_svg(Position.start(Rules.toguz_korgool()))
    assert "mg-tuzdik" not in board_svg(Position.start())
    frame = widget_frame(Rules.toguz_korgool(), "en")
    assert 'class="mg-marks"' in frame


def test_a_game_of_the_family_loaded_into_a_board():
    game = Game(Rules.mangala_ii())
    for _ in range(3):
        game.push(game.position.legal_moves[0])
    board = Board(lang="en")
    board.game = game
    assert board.geometry["beside"] is True and len(board.board) == 14
    assert board.position == game.position


def test_a_repeated_position_ends_the_game_on_the_board_and_says_so():
    board = Board(
        Position.from_text("1,0,0,0,0,0,35/0,0,0,0,0,0,36 S", Rules.mangala_ii()),
        lang="en",
        speed=0,
    )
    sent: list[dict] = []
    board.send = sent.append  # type: ignore[method-assign]
    for pit in [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5]:
        board.play(pit)
    trace = board.play(6)
    assert trace.after == board.position and board.position.is_over
    kinds = [e["kind"] for e in sent[-1]["trace"]["events"]]
    assert kinds[-3:] == ["repetition", "sweep", "set_over"]
    assert "This position was on the board 12 moves ago: the game stops" in board.caption
    assert board.status == "Draw 36–36"


def test_a_mangala_iv_board_says_the_mover_has_no_choice():
    board = Board(rules=Rules.mangala_iv(), lang="en")
    assert board.texts["widget.hint"].startswith("No choice in this game")
    assert board.legal == [1]
    assert Board(rules=Rules.mangala_ii(), lang="en").texts["widget.hint"].endswith("1–6.")


def test_the_score_table_and_next_set_speak_of_captured_stones():
    play = play_board("toguz-korgool", sets=3)
    assert "stones captured by the end of the set" in play.table.value
    play.next_button.click()  # refused and said: the set goes on
    assert play.info_text.startswith(t("play.error.game_not_over", "en"))
    official = PlayBoard(level="kolay", seed=1, lang="en", first="south", speed=0)
    assert "stones in the store" in official.table.value


def test_show_me_stops_at_a_repeated_position():
    start = Position.from_text("1,0,0,0,0,0,35/0,0,0,0,0,0,36 S", Rules.mangala_ii())
    board = Board(start, lang="en", speed=0)
    with pytest.raises(IllegalMoveError) as refused:
        board.show([1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1])
    assert refused.value.message("en").startswith("Move 13")
    assert board.position == start  # nothing was played
    traces = board.show([1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6])
    assert traces[-1].after == board.position and board.position.is_over
