"""The still picture: every point named, the stones and the hands drawn, the texts under the
board, and the print version."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from mangala_edu.dokuz_tas import POINT_NAMES, Game, IllegalTurnError, Position
from mangala_edu.dokuz_tas.picture import (
    board_layout,
    board_svg,
    counts_lines,
    picture_figure,
    save_picture,
    widget_frame,
)
from mangala_edu.i18n import t

from .helpers import random_game

SVG = "{http://www.w3.org/2000/svg}"
MILL_GAME = ("d6", "b4", "d7", "b6", "d5xb4")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts_of(root: ET.Element) -> list[str]:
    return ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]


def stones_of(root: ET.Element) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {"white": set(), "black": set()}
    for node in root.iter(f"{SVG}g"):
        if node.get("class") == "dt-stone":
            found[node.get("data-colour")].add(node.get("data-point"))
    return found


def test_every_point_is_drawn_and_named_along_the_edges():
    root = parse(board_svg(Position.start(), lang="en"))
    points = [
        c.get("data-point") for c in root.iter(f"{SVG}circle") if c.get("class") == "dt-point"
    ]
    assert sorted(points) == sorted(POINT_NAMES)
    labels = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "dt-labels")
    names = ["".join(node.itertext()) for node in labels.iter(f"{SVG}text")]
    for letter in "abcdefg":
        assert names.count(letter) == 2, letter  # above and below the board
    for rank in "1234567":
        assert names.count(rank) == 2, rank  # left and right
    # Each point's name can be read off its file's and its rank's label.
    lay = board_layout()
    xs = {n: float(node.get("x")) for node in labels.iter(f"{SVG}text") for n in [node.text]}
    ys = {n: float(node.get("y")) for node in labels.iter(f"{SVG}text") for n in [node.text]}
    for point in lay["points"]:
        file, rank = point["name"]
        assert xs[file] == point["x"] and ys[rank] == point["y"], point
    bare = parse(board_svg(Position.start(), labels=False))
    assert not [g for g in bare.iter(f"{SVG}g") if g.get("class") == "dt-labels"]


@pytest.mark.parametrize("seed", range(6))
def test_the_stones_and_the_hands_are_the_position_s(seed):
    game = random_game(seed, plies=seed * 7)
    pos = game.position
    root = parse(board_svg(pos, lang="tr"))
    assert stones_of(root) == {c: set(pos.stones(c)) for c in ("white", "black")}
    for colour in ("white", "black"):
        panel = next(
            g for g in root.iter(f"{SVG}g") if f"dt-panel-{colour}" in (g.get("class") or "")
        )
        in_hand = [g for g in panel.iter(f"{SVG}g") if g.get("class") == "dt-hand-stone"]
        assert len(in_hand) == pos.in_hand(colour)
        words = ["".join(n.itertext()) for n in panel.iter(f"{SVG}text")]
        assert t("dokuz_tas.board.in_hand", "tr", count=pos.in_hand(colour)) in words
        assert t("dokuz_tas.board.on_board", "tr", count=pos.on_board(colour)) in words
        active = "dt-active" in panel.get("class")
        assert active == (pos.to_move == colour and not pos.is_over)


def test_whose_turn_it_is_and_the_ending_are_said_under_the_board():
    game = Game(turns=MILL_GAME)
    words = texts_of(parse(board_svg(game.position, lang="tr")))
    assert "Sıra Siyah oyuncusunda (yerleştirme)" in words
    over = Position.from_text("WW1/3/3/6/3/3/BBB w 0 0 0")
    words = texts_of(parse(board_svg(over, lang="en")))
    assert "The game is over. White has fewer than three stones left: Black wins." in words
    assert "▶ White ◀" not in words and "▶ Black ◀" not in words


def test_the_quiet_turns_show_in_the_moving_phase_and_warn_from_40():
    placing = Game(turns=MILL_GAME).position
    assert counts_lines(placing, "en") == []
    assert not [
        n for n in parse(board_svg(placing)).iter(f"{SVG}text") if n.get("class") == "dt-counts"
    ]
    moving = Position.from_text("W2/1B1/WBW/BW1BB1/3/1W1/B1W b 0 0 12")
    line = next(
        n
        for n in parse(board_svg(moving, lang="en")).iter(f"{SVG}text")
        if n.get("class") == "dt-counts"
    )
    assert (
        line.text == "12 turns without a removal (a draw at 50)."
        and line.get("font-weight") is None
    )
    late = Position.from_text("W2/1B1/WBW/BW1BB1/3/1W1/B1W b 0 0 41")
    root = parse(board_svg(late, lang="tr", occurrences=2))
    lines = [n for n in root.iter(f"{SVG}text") if n.get("class") == "dt-counts"]
    assert [n.text for n in lines] == [
        "Taş alınmadan 41 hamle oynandı (50'de berabere).",
        "Bu konum 2. kez oluştu (3. kezde berabere).",
    ]
    assert all(n.get("font-weight") == "bold" for n in lines)


def test_highlights_ring_points_and_refuse_unknown_ones():
    root = parse(board_svg(Position.start(), highlight=["d6", "a1", 23]))
    assert len([g for g in root.iter(f"{SVG}g") if g.get("class") == "dt-ring"]) == 3
    with pytest.raises(IllegalTurnError):
        board_svg(Position.start(), highlight=["d4"])


def test_a_position_shows_itself_as_the_picture_and_the_picture_is_steady():
    pos = Game(turns=MILL_GAME).position
    assert pos._repr_svg_() == board_svg(pos)
    assert board_svg(pos, lang="en") == board_svg(pos, lang="en")
    assert board_svg(pos, lang="en") != board_svg(pos, lang="tr")
    frame = parse(widget_frame("en"))
    assert frame.get("viewBox") == f"0 0 {board_layout()['width']} {board_layout()['height']}"


@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_the_print_version_is_saved_the_same_every_time(tmp_path, suffix):
    pos = Game(turns=MILL_GAME).position
    first = save_picture(pos, tmp_path / f"a.{suffix}", lang="en", highlight=["d5"])
    second = save_picture(pos, tmp_path / f"b.{suffix}", lang="en", highlight=["d5"])
    assert first.read_bytes() == second.read_bytes() and first.stat().st_size > 1000


def test_the_print_version_draws_every_stone():
    from matplotlib.patches import Circle

    pos = Game(turns=MILL_GAME).position
    fig = picture_figure(pos, lang="en")
    stones = [
        p
        for p in fig.axes[0].patches
        if isinstance(p, Circle) and p.get_radius() == board_layout()["stone_r"]
    ]
    assert len(stones) == pos.on_board("white") + pos.on_board("black")
