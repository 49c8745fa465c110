"""The interactive board without a browser: clicks, refusals, undo/redo, "show me", the editor.

Messages from the JavaScript are simulated by calling the widget's message handler with the
same JSON the JavaScript sends; messages to the JavaScript are caught by replacing ``send``.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import traitlets

from mangala_edu import IllegalMoveError, Position, PositionError, Rules
from mangala_edu.display import board_layout, board_svg, stone_spots
from mangala_edu.display.captions import trace_captions
from mangala_edu.i18n import Message, t
from mangala_edu.widgets import Board

from .conftest import pos


@pytest.fixture
def sent(monkeypatch):
    """Every message a board sends to the JavaScript, in order."""
    messages: list[dict] = []
    monkeypatch.setattr(
        Board,
        "send",
        lambda self, content, buffers=None: messages.append(json.loads(json.dumps(content))),
    )
    return messages


def js(board: Board, **content) -> None:
    """Deliver a message as the JavaScript would."""
    board._on_msg(board, content, [])


def state(board: Board) -> tuple:
    return (board.position, board.game.moves, list(board.board), board.to_move)


# -- Playing --------------------------------------------------------------------------------


def test_a_legal_click_plays_the_engines_move(sent):
    board = Board()
    trace = board.click("south", 3)
    expected = Position.start().play(3)
    assert trace is not None and trace.after == expected
    assert board.position == expected and board.game.moves == (3,)
    assert board.board == list(expected.board) and board.to_move == "north"
    assert board.legal == list(expected.legal_moves)
    assert board.message == "" and board.caption == t("event.nothing", "tr")
    assert board.status == "Sıra Kuzey oyuncusunda"
    assert sent == [
        {"type": "play", "trace": trace.to_dict(), "captions": trace_captions(trace, "tr")}
    ]


def test_a_click_from_javascript_plays(sent):
    board = Board()
    js(board, type="click", side="south", pit=4, busy=False, remove=False)
    assert board.position == Position.start().play(4)
    assert board.to_move == "south"  # extra turn
    assert sent[0]["type"] == "play" and sent[0]["trace"]["outcome"] == "extra_turn"


def test_play_from_python_raises_and_changes_nothing(sent):
    board = Board()
    board.play(1)
    before = state(board)
    with pytest.raises(IllegalMoveError) as info:
        board.play(7)
    assert info.value.key == "error.out_of_range"
    with pytest.raises(IllegalMoveError):
        board.play("S2")  # North is to move
    assert state(board) == before and len(sent) == 1


WRONG_CLICKS = {
    # name: (position text, click, expected key, params by language)
    "empty pit": (
        "4,0,4,4,4,4,0/4,4,4,4,4,4,0 S",
        ("south", 2),
        "error.empty_pit",
        lambda lang: {"pit": 2},
    ),
    "opponent's pit": (
        "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S",
        ("north", 1),
        "error.not_your_pit",
        lambda lang: {"owner": t("side.north", lang), "mover": t("side.south", lang)},
    ),
    "a store": (
        "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S",
        ("south", 0),
        "error.store_click",
        lambda lang: {},
    ),
    "after the end": (
        "0,0,0,0,0,0,30/0,0,0,0,0,0,18 -",
        ("south", 1),
        "error.over",
        lambda lang: {},
    ),
}


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("kind", sorted(WRONG_CLICKS))
def test_wrong_clicks_are_explained_and_change_nothing(sent, lang, kind):
    text, (side, pit), key, params = WRONG_CLICKS[kind]
    board = Board(pos(text), lang=lang)
    before = state(board)
    assert board.click(side, pit) is None
    assert board.message == t(key, lang, **params(lang))
    assert board.message_kind == "error"
    assert state(board) == before and sent == []


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_click_while_animating_is_refused(sent, lang):
    board = Board(lang=lang)
    js(board, type="click", side="south", pit=3, busy=True, remove=False)
    assert board.message == t("error.busy", lang)
    assert board.position == Position.start() and sent == []


def test_the_message_follows_the_language_and_clears_after_a_move(sent):
    board = Board()
    board.click("north", 1)
    assert board.message.startswith("Bu kuyu Kuzey oyuncusunun")
    board.lang = "en"
    assert board.message == (
        "That pit is North's: South is to move and plays from their own pits only."
    )
    assert board.texts["side.south"] == "South" and board.status == "South to move"
    assert "South" in board.frame and "Güney" not in board.frame
    board.click("south", 1)
    assert board.message == "" and board.message_kind == ""


def test_language_must_be_known():
    with pytest.raises(traitlets.TraitError):
        Board(lang="de")
    with pytest.raises(traitlets.TraitError):
        Board(speed=-1)


# -- Undo, redo, show -----------------------------------------------------------------------


def test_undo_redo(sent):
    board = Board()
    assert not board.can_undo and not board.can_redo
    board.play(3)
    board.play(2)
    after_two = board.position
    assert board.undo() is True
    assert board.position == Position.start().play(3) and board.game.moves == (3,)
    assert board.can_undo and board.can_redo
    assert sent[-1] == {"type": "reset"}
    js(board, type="undo")
    assert board.position == Position.start() and not board.can_undo
    assert board.undo() is False and board.message == t("error.nothing_to_undo", "tr")
    assert board.redo() is True and board.position == Position.start().play(3)
    assert sent[-1]["type"] == "play"  # a redo is animated
    js(board, type="redo")
    assert board.position == after_two and not board.can_redo
    assert board.redo() is False and board.message == t("error.nothing_to_redo", "tr")


def test_a_new_move_forgets_the_redo_list():
    board = Board()
    board.play(3)
    board.undo()
    board.play(1)
    assert not board.can_redo and board.redo() is False
    assert board.game.moves == (1,)


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_locked_board_refuses_moves_explains_and_changes_nothing(sent, lang):
    board = Board(lang=lang)
    board.play(3)
    board.undo()  # something to redo
    sent.clear()
    board.lock(Message("ui.task_done", button=Message("ui.try_again")))
    words = t("ui.task_done", lang, button=t("ui.try_again", lang))
    assert board.locked and board.legal == [] and board.lock_text == words
    before = state(board)
    assert board.click("south", 4) is None
    assert board.message == words and board.message_kind == "error"
    js(board, type="click", side="south", pit=1, busy=False, remove=False)
    assert board.redo() is False and board.message == words
    for action in (lambda: board.play(4), lambda: board.show([4])):
        with pytest.raises(IllegalMoveError) as info:
            action()
        assert info.value.message(lang) == words
    assert state(board) == before and sent == []
    other = "en" if lang == "tr" else "tr"
    board.lang = other  # the refusal follows the language
    assert board.message == t("ui.task_done", other, button=t("ui.try_again", other))
    assert board.lock_text == board.message
    board.unlock()
    assert not board.locked and board.message == "" and board.legal == [1, 2, 3, 4, 5, 6]
    assert board.lock_text == ""
    assert board.click("south", 4) is not None


def test_undo_on_a_locked_board_is_allowed_and_reported():
    board = Board()
    undone: list[Position] = []
    board.on_undo(lambda: undone.append(board.position))
    board.play(3)
    board.lock(Message("ui.task_done", button=Message("ui.try_again")))
    assert board.undo() is True and undone == [Position.start()]
    assert board.locked  # the owner decides what comes next
    js(board, type="undo")  # nothing to take back: no call
    assert undone == [Position.start()] and board.locked


def test_show_plays_a_list_with_one_animation_each(sent):
    board = Board()
    traces = board.show([3, 2, 6])
    expected = Position.start().play(3).play(2).play(6)
    assert board.position == expected and board.game.moves == (3, 2, 6)
    assert [m["type"] for m in sent] == ["play"] * 3
    assert [m["trace"]["pit"] for m in sent] == [3, 2, 6]
    assert [tr.pit for tr in traces] == [3, 2, 6]


def test_show_checks_every_move_first(sent):
    board = Board()
    with pytest.raises(IllegalMoveError) as info:
        board.show([3, 2, 9])
    assert info.value.key == "record.illegal" and info.value.params["ply"] == 3
    assert "There is no pit 9" in info.value.message("en")
    assert board.position == Position.start() and sent == []


def test_step_controls_send_messages(sent):
    board = Board(step_mode=True)
    board.next_step()
    board.previous_step()
    board.finish_animation()
    assert sent == [
        {"type": "step", "delta": 1},
        {"type": "step", "delta": -1},
        {"type": "step", "delta": "end"},
    ]


# -- Callbacks ------------------------------------------------------------------------------


def test_on_move_callbacks():
    board = Board()
    seen = []
    board.on_move(seen.append)
    board.click("south", 3)
    board.play(2)
    board.show([1])
    board.click("south", 3)  # refused: no call
    board.undo()
    board.redo()
    assert [(tr.player, tr.pit) for tr in seen] == [
        ("south", 3),
        ("north", 2),
        ("south", 1),
        ("south", 1),
    ]
    board.on_move(seen.append, remove=True)
    board.undo()
    board.redo()
    assert len(seen) == 4


# -- The editor -----------------------------------------------------------------------------


def test_editor_builds_a_position_through_the_engine(sent):
    board = Board(controls=("undo", "edit"))
    board.play(3)
    board.edit()
    assert board.editing and not board.can_undo
    board.set_stones("S1", 0)
    board.add_stone("Nstore", 2)  # North's store
    board.add_stone(0)
    board.remove_stone("S2")
    board.set_to_move("south")
    assert board.board[:2] == [1, 3] and board.board[13] == 2
    assert board.position == Position.start().play(3)  # the draft is not the position yet
    made = board.apply_edit()
    expected = Position((1, 3, 1, 5, 5, 5, 0, 4, 4, 4, 4, 4, 4, 2), "south")
    assert made == expected and board.position == expected and board.game.moves == ()
    assert not board.editing and board.message == t("widget.edited", "tr")
    assert board.message_kind == "info"
    assert board.click("south", 1) is not None


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_editor_errors_are_explained(lang):
    board = Board(lang=lang)
    for pit in range(1, 7):
        board.set_stones(f"N{pit}", 0)
    board.set_to_move("north")
    with pytest.raises(PositionError) as info:
        board.apply_edit()
    assert info.value.key == "position.empty_side_to_move"
    assert board.editing  # still open, nothing lost
    # The same through the JavaScript: explained in a message.
    js(board, type="edit", action="apply")
    assert board.message == info.value.message(lang)
    js(board, type="click", side="north", pit=3, remove=True, busy=False)
    side = t("side.north", lang)
    assert board.message == t("error.edit_empty_pit", lang, side=side, pit=3)
    js(board, type="click", side="south", pit=0, remove=True, busy=False)
    assert board.message == t("error.edit_empty_store", lang, side=t("side.south", lang))
    with pytest.raises(PositionError):
        board.set_stones("S9", 1)
    with pytest.raises(PositionError):
        board.set_stones("S1", -1)
    assert board.position == Position.start()


def test_editor_from_javascript_and_cancel(sent):
    board = Board(controls=("edit",))
    js(board, type="edit", action="start")
    assert board.editing
    js(board, type="click", side="south", pit=1, remove=False, busy=False)
    js(board, type="click", side="north", pit=0, remove=False, busy=False)
    assert board.board[0] == 5 and board.board[13] == 1
    js(board, type="edit", action="to_move", side=None)
    assert board.to_move is None
    js(board, type="edit", action="apply")  # stones left but "set over"
    assert board.message == t("position.over_with_stones", "tr") and board.editing
    js(board, type="edit", action="to_move", side="north")
    assert board.to_move == "north"
    with pytest.raises(IllegalMoveError):
        board.play(1)  # no moves while editing
    assert board.undo() is False and board.message == t("error.editing", "tr")
    js(board, type="edit", action="cancel")
    assert not board.editing and board.position == Position.start()
    assert board.board == list(Position.start().board) and board.to_move == "south"


# -- Other rules, reset, display ------------------------------------------------------------


def test_kalah_board():
    board = Board(rules=Rules.kalah(4, 3), lang="en")
    assert len(board.board) == 10 and board.geometry["pits"] == 4
    assert board.texts["widget.hint"].endswith("1–4.")
    board.click("south", 2)
    assert board.position == Position.start(Rules.kalah(4, 3)).play(2)


def test_reset_and_game_setter(sent):
    board = Board()
    board.show([3, 2])
    board.reset(first="north")
    assert board.position == Position.start(first="north") and board.game.moves == ()
    board.position = pos("4,0,4,4,4,4,0/4,4,4,4,4,4,0 S")
    assert board.board[1] == 0 and board.status == "Sıra Güney oyuncusunda"
    board.reset(rules=Rules.kalah(3, 3))
    assert len(board.board) == 8 and len(board.geometry["places"]) == 8
    assert sent[-1] == {"type": "reset"}


def test_repr_and_still_picture():
    board = Board(pos("4,0,4,4,4,4,0/4,4,4,4,4,4,0 S"), lang="en", highlight=["S1"])
    assert repr(board) == ("Board(Position.from_text('4,0,4,4,4,4,0/4,4,4,4,4,4,0 S'), lang='en')")
    assert board.highlight == [0]
    data = board._repr_mimebundle_()[0]
    assert data["text/plain"] == repr(board)
    # The still picture for a page where the widget cannot run (an untrusted notebook shows
    # no SVG, but an <img> of it): the board as it is, and how to start it.
    still = data["text/html"]
    assert "image/svg+xml" not in data and "<svg" not in still
    picture = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', still)
    assert picture and base64.b64decode(picture.group(1)).decode() == board_svg(
        board.position, lang="en", highlight=[0], size=1100
    )
    assert "Run ▸ Run All Cells" in still and 'alt="Mangala board: South to move"' in still
    assert "application/vnd.jupyter.widget-view+json" in data


def test_aria_templates_are_sent():
    board = Board(lang="en")
    label = board.texts["board.pit_label"]["other"].format(side="South", pit=3, count=4)
    assert label == "South pit 3, 4 stones"
    assert (
        board.texts["board.pit_label"]["one"].format(side="South", pit=3) == "South pit 3, 1 stone"
    )
    assert (
        Board().texts["board.pit_label"]["other"].format(side="Güney", pit=3, count=4)
        == "Güney 3. kuyu, 4 taş"
    )


def test_the_javascript_files_ship_with_the_package():
    here = Path(__import__("mangala_edu.widgets.board", fromlist=["x"]).__file__).parent
    source = (here / "board.js").read_text(encoding="utf-8")
    assert "export default" in source and "http" not in source.replace(
        "http://www.w3.org/2000/svg", ""
    )  # no CDN, no network
    assert (here / "board.css").exists()


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_javascript_places_stones_like_python(tmp_path):
    """board.js's stoneSpots and layout.stone_spots agree (the widget looks like the SVG)."""
    lay = board_layout(Rules.official())
    here = Path(__import__("mangala_edu.widgets.board", fromlist=["x"]).__file__).parent
    script = tmp_path / "spots.mjs"
    script.write_text(
        f"import {{ stoneSpots }} from {json.dumps((here / 'board.js').as_uri())};\n"
        f"const lay = {json.dumps(lay)};\n"
        "const out = [];\n"
        "for (const place of lay.places) for (const n of [1, 4, 13, 48, 90])\n"
        "  out.push(stoneSpots(place, n, lay).map(s => [s[0], s[1], s[2], s[3]]));\n"
        "console.log(JSON.stringify(out));\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        ["node", str(script)], capture_output=True, text=True, timeout=60, check=True
    )
    got = json.loads(result.stdout)
    want = [stone_spots(place, n) for place in lay["places"] for n in (1, 4, 13, 48, 90)]
    assert len(got) == len(want)
    for js_spots, py_spots in zip(got, want, strict=True):
        assert len(js_spots) == len(py_spots)
        for (x, y, r, c), (px, py, pr, pc) in zip(js_spots, py_spots, strict=True):
            assert abs(x - px) <= 0.06 and abs(y - py) <= 0.06 and abs(r - pr) <= 0.006
            assert c == pc


def test_the_javascript_gets_the_event_kinds_from_python():
    """The kinds of move events are the engine's enumeration, sent to the browser; the
    JavaScript keeps no copy of the list of outcomes."""
    from mangala_edu.engine.trace import OUTCOMES

    board = Board()
    assert set(board.kinds["outcomes"]) == {k.value for k in OUTCOMES}
    assert "set_over" in board.kinds["endings"] and "drop" in board.kinds["steps"]
    here = Path(__import__("mangala_edu.widgets.board", fromlist=["x"]).__file__).parent
    source = (here / "board.js").read_text(encoding="utf-8")
    assert not [k.value for k in OUTCOMES if f'"{k.value}"' in source]
