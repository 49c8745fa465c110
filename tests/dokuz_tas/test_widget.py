"""The live board's Python side: clicks become turn strings, wrong clicks are explained and
change nothing, and a whole game is played by clicks (the browser test plays one in Lab)."""

from __future__ import annotations

import random

import pytest

from mangala_edu.dokuz_tas import Game, Position
from mangala_edu.dokuz_tas.errors import PositionError
from mangala_edu.dokuz_tas.notation import parse_turn
from mangala_edu.dokuz_tas.picture import board_string
from mangala_edu.dokuz_tas.widget import DokuzTasBoard
from mangala_edu.i18n import Message, t


class Recorder(DokuzTasBoard):
    """A board that keeps the messages it sends to the JavaScript."""

    def __init__(self, *args, **kwargs):
        self.sent: list[dict] = []
        super().__init__(*args, **kwargs)

    def send(self, content, buffers=None):
        self.sent.append(content)


def clicks_of(turn: str) -> list[str]:
    """The clicks that play ``turn``: the origin, the target, the stone taken."""
    origin, target, removal = (p for p in parse_turn(turn))
    from mangala_edu.dokuz_tas.board import point_name

    return [point_name(p) for p in (origin, target, removal) if p is not None]


def state(board: DokuzTasBoard) -> tuple:
    return (board.game.turns, board.board, board.mode, board.pending, board.selected,
            tuple(board.targets), tuple(board.takeable))  # fmt: skip


# A position in the moving phase: White slides, Black has three stones and flies.
MOVING = Position(
    white=["a7", "d7", "a1", "d1", "g4", "b4"],
    black=["b2", "d2", "f2", "c5"],
    to_move="white",
    in_hand=(1, 0),
)


def test_placing_is_one_click_and_a_mill_waits_for_the_stone_to_take():
    board = Recorder(lang="en")
    assert board.mode == "place" and len(board.targets) == 24
    for point in ("d6", "b4", "d7", "b6"):
        assert board.click(point) is not None
    assert board.game.turns == ("d6", "b4", "d7", "b6")
    assert board.click("d5") is None  # closes d5-d6-d7: the removal comes next
    assert board.game.turns == ("d6", "b4", "d7", "b6") and board.pending == "d5x"
    assert board.mode == "remove" and board.takeable == ["b4", "b6"] and board.protected == []
    assert board.mills == [["d5", "d6", "d7"]]
    assert board.board[13] == "W" and board.board[12] == "W"  # the stone stands on d5 already
    assert board.panels["white"]["hand"] == 6  # ... out of White's hand
    assert (
        board.caption
        == "White places a stone on d5 (6 left in hand). White closes the mill d5-d6-d7."
    )
    half = board.sent[-1]
    assert half["half"] and [e["kind"] for e in half["trace"]["events"]] == ["place", "mill"]
    trace = board.click("b6")
    assert trace.turn == "d5xb6" and board.game.turns[-1] == "d5xb6"
    full = board.sent[-1]
    assert full["skip"] == 2 and full["trace"]["events"][2]["kind"] == "remove"
    assert board.caption == " ".join(e.said.text("en") for e in trace.events)
    assert board.board == board_string(board.position)


def test_moving_is_a_stone_then_its_target_and_a_half_turn_can_be_let_go():
    board = Recorder(MOVING, lang="tr")
    board.click("g7")  # a7-d7-g7: White takes c5, the one stone of Black's not in a mill
    assert board.takeable == ["c5"] and board.protected == ["b2", "d2", "f2"]
    assert "(b2, d2, f2)" in board.hint
    board.click("c5")
    assert board.game.turns == ("g7xc5",) and board.to_move == "black"
    # Black has three stones: flying; every empty point is a target.
    assert board.mode == "pick" and sorted(board.movable) == ["b2", "d2", "f2"]
    board.click("d2")
    assert board.mode == "target" and board.selected == "d2"
    assert len(board.targets) == 24 - 10
    board.click("d2")  # the stone again: let go
    assert board.mode == "pick" and board.selected == ""
    board.click("b2")
    board.click("f2")  # another own stone: chosen instead
    assert board.selected == "f2"
    board._on_msg(board, {"type": "cancel"}, [])  # Escape
    assert board.selected == "" and board.game.turns == ("g7xc5",)
    board.click("d2")
    assert board.click("e5").turn == "d2-e5"  # a flight
    # White slides: g4 may go to f4 or g1; g1 closes a1-d1-g1.
    board.click("g4")
    assert board.targets == ["f4", "g1"]
    board.click("g1")
    assert board.mode == "remove" and board.pending == "g4-g1x"
    board.click("g1")  # the stone just moved, again: the step is taken back
    assert board.mode == "target" or board.mode == "pick"
    assert board.game.turns == ("g7xc5", "d2-e5") and board.board[21] == "."
    for point in ("g4", "g1", "b2"):
        board.click(point)
    assert board.game.turns[-1] == "g4-g1xb2"
    assert board.mode == "over" and board.game.outcome.winner == "white"
    assert board.status.startswith("Oyun bitti.") and "Beyaz kazandı" in board.status


def refusals():
    """(a name, the board's set-up clicks, the wrong click, the message key)."""
    return [
        ("occupied", None, ["d6"], "d6", "dokuz_tas.error.occupied"),
        ("unknown point", None, [], "d4", "dokuz_tas.error.unknown_point"),
        ("opponent's stone", MOVING, ["g7", "c5"], "a7", "dokuz_tas.error.origin_other"),
        ("empty origin", MOVING, ["g7", "c5"], "a4", "dokuz_tas.error.origin_empty"),
        ("stuck stone", Position(white=["a1", "a4", "a7", "d7", "f2"], black=["d1", "b4", "d6", "g7"],
                                 in_hand=(0, 0)), [], "a4", "dokuz_tas.widget.stuck"),
        ("not a neighbour", MOVING, ["g7", "c5", "d2", "e5", "b4"], "g1",
         "dokuz_tas.error.not_neighbour"),
        ("occupied target", MOVING, ["g7", "c5", "d2", "e5", "b4"], "b2",
         "dokuz_tas.error.occupied"),
        ("protected stone", MOVING, ["g7"], "d2", "dokuz_tas.error.remove_protected"),
        ("own stone to take", MOVING, ["g7"], "a7", "dokuz_tas.error.remove_own"),
        ("nothing to take", MOVING, ["g7"], "e4", "dokuz_tas.error.remove_empty"),
        ("game over", MOVING, ["g7", "c5", "d2", "e5", "g4", "g1", "b2"], "c5",
         "dokuz_tas.error.over"),
    ]  # fmt: skip


@pytest.mark.parametrize(("name", "start", "before", "wrong", "key"), refusals(),
                         ids=[r[0] for r in refusals()])  # fmt: skip
@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_wrong_click_says_why_and_changes_nothing(name, start, before, wrong, key, lang):
    board = Recorder(start, lang=lang)
    for point in before:
        board.click(point)
    assert board.message == "", (name, board.message)
    was, sent = state(board), len(board.sent)
    assert board.click(wrong) is None
    assert board.message_key == key and board.message_kind == "error"
    assert board.message and board.message in {board.message}  # in the board's language
    assert state(board) == was and len(board.sent) == sent
    # The next good click clears the message.
    if board.mode == "place":
        board.click(board.targets[0])
        assert board.message == ""


def test_clicks_on_a_side_played_from_python_are_refused():
    board = Recorder(lang="en", human="white")
    board.click("a1")
    assert board.mode == "wait"
    board.click("a4")
    assert board.message_key == "dokuz_tas.widget.not_human"
    assert (
        board.message
        == "It is Black's turn, and Black's stones are not yours to move on this board."
    )
    board.play("a4")
    assert board.mode == "place" and board.game.turns == ("a1", "a4")


def test_its_owner_changes_the_sides_says_why_it_waits_and_refuses_an_undo():
    """What a game against the computer sets on its board: the pupil's side, the line under
    the board while the computer thinks, and why an undo is refused."""
    board = Recorder(lang="en", human="white")
    board.click("d6")
    assert board.mode == "wait" and board.hint == t("dokuz_tas.hint.wait", "en", colour="Black")
    board.waiting = Message("play.thinking")
    board.human = "white"  # the same sides: the board draws itself again
    assert board.hint == t("play.thinking", "en")
    board.human = ("white", "black")
    assert board.human == ("white", "black") and board.mode == "place"
    board.click("d2")
    board.undo_refused = Message("error.nothing_to_undo")
    assert board.undo() is False and board.game.turns == ("d6", "d2")
    assert board.message == t("error.nothing_to_undo", "en")
    board.click("d7")
    board.click("b2")
    board.click("d5")  # a mill: the half turn waiting for its removal can still be let go
    assert board.pending == "d5x" and board.undo() and board.pending == ""
    board.undo_refused = None
    assert board.undo() and board.game.turns == ("d6", "d2", "d7")
    with pytest.raises(PositionError):
        board.human = "red"


def test_a_computer_plays_through_on_turn():
    def reply(trace):
        if board.position.to_move == "black" and not board.game.is_over:
            board.play(board.game.legal_moves[0])

    board = Recorder(lang="tr", human="white", on_turn=reply)
    board.click("d6")
    assert board.game.turns == ("d6", "a1") and board.mode == "place"
    seen = []
    board.on_turn(seen.append)
    board.click("d7")
    assert [trace.turn for trace in seen] == ["d7", "a4"]


def test_undo_takes_back_a_half_turn_then_whole_turns():
    board = Recorder(lang="en")
    assert board.undo() is False and board.message_key == "error.nothing_to_undo"
    for point in ("d6", "b4", "d7", "b6", "d5"):
        board.click(point)
    assert board.pending == "d5x" and board.can_undo
    assert board.undo() and board.pending == "" and len(board.game.turns) == 4
    assert board.undo() and board.game.turns == ("d6", "b4", "d7")
    assert board.sent[-1] == {"type": "reset"}
    board._on_msg(board, {"type": "new_game"}, [])
    assert board.game.turns == () and board.position == Position.start()


def test_messages_from_the_javascript_never_raise():
    board = Recorder(lang="en")
    for content in ({"type": "click"}, {"type": "click", "point": 99}, {"type": "nope"}, "x",
                    {"type": "undo"}, {"type": "cancel"}):  # fmt: skip
        board._on_msg(board, content, [])
    assert board.game.turns == ()
    board._on_msg(board, {"type": "click", "point": "g7"}, [])
    assert board.game.turns == ("g7",)


def test_the_texts_follow_the_board_s_language():
    board = Recorder(lang="tr")
    assert board.status == "Sıra Beyaz oyuncusunda (yerleştirme)"
    assert board.labels["a1"] == "a1: boş nokta. Buraya oynanabilir."
    board.lang = "en"
    assert board.status == "White to move (placing)"
    assert board.texts["dokuz_tas.board.in_hand"] == "In hand: {count}"
    assert board.panels["white"]["hand_text"] == "In hand: 9"
    assert repr(board) == "DokuzTasBoard(Position.from_text('3/3/3/6/3/3/3 w 9 9 0'), lang='en')"
    bundle = board._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert '<img src="data:image/svg+xml;base64,' in data["text/html"]


def test_the_quiet_turns_and_a_repetition_are_shown():
    start = Position(white=["a1", "a4", "a7", "d7"], black=["g1", "g4", "g7", "d1"], in_hand=(0, 0))
    board = Recorder(start, lang="en")
    assert board.counts == "0 turns without a removal (a draw at 50)."
    for turn in ("d7-d6", "d1-d2", "d6-d7", "d2-d1"):
        for point in clicks_of(turn):
            board.click(point)
    assert board.game.occurrences() == 2
    assert "This position has stood 2 times" in board.counts and board.counts_warning
    for turn in ("d7-d6", "d1-d2", "d6-d7", "d2-d1"):
        for point in clicks_of(turn):
            board.click(point)
    assert board.mode == "over" and "third time" in board.status
    assert board.status == "The game is over. " + t("dokuz_tas.end.repetition", "en")


def greedy_game(seed: int = 0) -> Game:
    """A game that takes a stone whenever it can: it places, closes mills, slides, flies and
    ends (seed 0: White wins in 39 turns)."""
    rng = random.Random(seed)
    game = Game()
    while not game.is_over:
        moves = game.legal_moves
        takes = [m for m in moves if "x" in m]
        game.push(rng.choice(takes or moves))
    return game


def test_a_whole_game_is_played_by_clicks():
    expected = greedy_game()
    kinds = {e.kind.value for trace in expected.traces() for e in trace.events}
    assert {"place", "mill", "remove", "slide", "fly", "protected", "game_over"} <= kinds
    board = Recorder(lang="tr", speed=0)
    for ply, turn in enumerate(expected.turns):
        points = clicks_of(turn)
        for k, point in enumerate(points):
            # Before the last click, the turn is not played; each point is one Python listed.
            listed = board.targets + board.movable + board.takeable
            assert point in listed, (ply, turn, point, board.mode)
            result = board.click(point)
            assert board.message == "", (ply, turn, board.message)
            assert (result is not None) == (k == len(points) - 1), (ply, turn, k)
        assert board.game.turns == expected.turns[: ply + 1]
        assert board.position == expected.positions[ply + 1]
        assert board.board == board_string(board.position)
    assert board.mode == "over" and board.game.outcome == expected.outcome
    assert board.hint == t("dokuz_tas.hint.over", "tr")
