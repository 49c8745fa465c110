"""The static pictures of a board: SVG, text, matplotlib figures and files, captions."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from mangala_edu import Position, Rules
from mangala_edu.display import (
    PALETTE,
    DisplayError,
    board_figure,
    board_layout,
    board_svg,
    board_text,
    save_board,
    stone_spots,
)
from mangala_edu.display.captions import outcome_caption, place_name, trace_captions
from mangala_edu.display.layout import MAX_DRAWN
from mangala_edu.display.svg import PIT_NUMBER_SIZE, Ring, widget_frame
from mangala_edu.i18n import set_language, t

from .conftest import pos

SVG = "{http://www.w3.org/2000/svg}"
MIXED = "1,0,12,20,4,4,5/4,3,2,0,1,7,3 S"  # every pit different enough to spot mix-ups


def svg_counts(svg: str) -> list[int]:
    root = ET.fromstring(svg)
    return [int(e.text) for e in root.iter(f"{SVG}text") if e.get("class") == "mg-count"]


# -- SVG ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S",
        MIXED,
        "0,0,0,0,0,0,30/0,0,0,0,0,0,18 -",
        "0,0,0,0,0,130,30/0,0,0,0,0,1,18 N",
    ],
)
def test_svg_is_xml_with_every_count_in_board_order(text):
    position = pos(text)
    svg = board_svg(position)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert svg_counts(svg) == list(position.board)


@pytest.mark.parametrize("rules", [Rules.kalah(3, 3), Rules.kalah(4, 5), Rules.kalah(8, 2)])
def test_svg_any_number_of_pits(rules):
    position = Position.start(rules)
    svg = board_svg(position, highlight=[0, rules.pits])
    assert svg_counts(svg) == list(position.board)


def test_svg_is_deterministic_and_highlight_changes_it():
    position = pos(MIXED)
    plain = board_svg(position)
    assert plain == board_svg(pos(MIXED))
    ringed = board_svg(position, highlight=[9])
    assert ringed != plain
    assert ringed == board_svg(position, highlight=(9,))
    assert "stroke-dasharray" in ringed and "stroke-dasharray" not in plain
    assert ringed.count("stroke-dasharray") == 1
    assert board_svg(position, highlight=[9, 2]).count("stroke-dasharray") == 2


def test_svg_bad_highlight():
    with pytest.raises(ValueError, match=r"from 0 to 13"):
        board_svg(Position.start(), highlight=[14])
    with pytest.raises(ValueError, match=r"from 0 to 13"):
        board_svg(Position.start(), rings=[Ring(14, "#2e7d32")])


def numbers_after_rings(svg: str) -> tuple[list[int], list[int]]:
    """Where, in painting order, the rings (ellipses without fill) and the numbers (stone
    counts and pit numbers) of a board picture are."""
    elements = list(ET.fromstring(svg).iter())
    rings = [
        k for k, e in enumerate(elements) if e.tag == f"{SVG}ellipse" and e.get("fill") == "none"
    ]
    numbers = [
        k
        for k, e in enumerate(elements)
        if e.tag == f"{SVG}text"
        and (e.get("class") == "mg-count" or e.get("font-size") == str(PIT_NUMBER_SIZE))
    ]
    return rings, numbers


@pytest.mark.parametrize("rules", [Rules.official(), Rules.kalah(3, 3), Rules.kalah(8, 2)])
@pytest.mark.parametrize("size", [300, 360, 720, 1600])
def test_rings_and_highlights_lie_under_every_number(rules, size):
    position = Position.start(rules)
    m = rules.pits
    svg = board_svg(
        position,
        size=size,
        highlight=[0, m + 1],
        rings=[Ring(1, "#c62828", dashed=True), Ring(m + 2, "#2e7d32")],
    )
    rings, numbers = numbers_after_rings(svg)
    assert len(rings) == 2 * 4 and len(numbers) == len(position.board) + 2 * m
    assert max(rings) < min(numbers)  # every count and pit number is drawn on top
    assert svg.count('stroke="#c62828"') == svg.count('stroke="#2e7d32"') == 1
    plain = board_svg(position, size=size)
    assert plain != board_svg(position, size=size, rings=[Ring(1, "#000000")])


def test_the_widget_draws_highlights_focus_and_hand_under_the_pit_numbers():
    frame = widget_frame(Rules.official(), "en")
    elements = list(ET.fromstring(frame).iter())
    under = [
        k
        for k, e in enumerate(elements)
        if e.get("class") in ("mg-highlights", "mg-marks", "mg-focus", "mg-stones")
    ]
    numbers = [
        k
        for k, e in enumerate(elements)
        if e.tag == f"{SVG}text" and e.get("font-size") == str(PIT_NUMBER_SIZE)
    ]
    assert len(under) == 4 and len(numbers) == 12 and max(under) < min(numbers)


def test_pit_numbers_are_big_and_white_on_a_dark_tag():
    root = ET.fromstring(board_svg(Position.start(), lang="en"))
    tags = [g for g in root.iter(f"{SVG}g") if g.get("class") == "mg-pit-number"]
    assert len(tags) == 12
    for tag in tags:
        rect, text = tag.find(f"{SVG}rect"), tag.find(f"{SVG}text")
        assert text.get("fill") == "#ffffff" and int(text.get("font-size")) >= 20
        assert rect.get("fill") == PALETTE["ink"]


def test_svg_languages_and_turn():
    position = Position.start(first="north")
    tr = board_svg(position, lang="tr")
    en = board_svg(position, lang="en")
    assert "Güney" in tr and "Kuzey" in tr and "Sıra Kuzey oyuncusunda" in tr
    assert "South" in en and "North to move" in en and "Güney" not in en
    assert "▶ Kuzey ◀" in tr and "▶ Güney ◀" not in tr
    set_language("en")
    assert board_svg(position) == en


def test_svg_size_sets_pixels_not_picture():
    small = ET.fromstring(board_svg(Position.start(), size=400))
    big = ET.fromstring(board_svg(Position.start(), size=1600))
    assert small.get("viewBox") == big.get("viewBox")
    assert (small.get("width"), big.get("width")) == ("400", "1600")


def test_svg_result_line():
    svg = board_svg(pos("0,0,0,0,0,0,24/0,0,0,0,0,0,24 -"), lang="en")
    assert "Draw 24–24" in svg and "▶" not in svg


def test_a_position_draws_itself_in_jupyter():
    position = pos(MIXED)
    assert position._repr_svg_() == board_svg(position)


# -- Layout ---------------------------------------------------------------------------------


@pytest.mark.parametrize("m", [1, 3, 6, 9])
def test_layout_geometry_like_a_real_board(m):
    rules = Rules.kalah(m, 2)
    places = board_layout(rules)["places"]
    g = rules.geometry
    south_store, north_store = places[g.stores[0]], places[g.stores[1]]
    south = [places[i] for i in g.pit_ranges[0]]
    north = [places[i] for i in g.pit_ranges[1]]
    assert [p["cx"] for p in south] == sorted(p["cx"] for p in south)  # S1..Sm left->right
    assert [p["cx"] for p in north] == sorted((p["cx"] for p in north), reverse=True)  # N1 right
    assert all(s["cy"] > n["cy"] for s in south for n in north)  # South below
    assert south_store["cx"] > max(p["cx"] for p in south)  # South's store right
    assert north_store["cx"] < min(p["cx"] for p in north)  # North's store left
    for i in range(1, m + 1):  # S_i faces N_(m+1-i)
        assert south[i - 1]["cx"] == north[m - i]["cx"]
        assert g.opposite[south[i - 1]["index"]] == north[m - i]["index"]


@pytest.mark.parametrize("count", [0, 1, 4, 9, 15, 30, 48, 100])
def test_stones_inside_their_place_and_stable(count):
    lay = board_layout(Rules.official())
    for place in (lay["places"][2], lay["places"][6]):
        spots = stone_spots(place, count)
        assert len(spots) == min(count, MAX_DRAWN)
        assert spots == stone_spots(place, count)
        for x, y, r, _ in spots:
            dx = (x - place["cx"]) / (place["rx"] - r / 2)
            dy = (y - place["cy"]) / (place["ry"] - r / 2)
            assert math.hypot(dx, dy) <= 1.0
    # Up to the capacity, adding a stone leaves the others where they were.
    pit = lay["places"][0]
    assert stone_spots(pit, 5)[:4] == stone_spots(pit, 4)


# -- Text -----------------------------------------------------------------------------------


def test_text_board_rows_and_stores():
    text = board_text(pos(MIXED), lang="en")
    lines = text.splitlines()

    def numbers(line: str) -> list[int]:
        for mark in "()[]":
            line = line.replace(mark, " ")
        return [int(x) for x in line.split()]

    assert lines[0].strip() == "North"
    assert numbers(lines[1]) == [6, 5, 4, 3, 2, 1]
    assert numbers(lines[2]) == [7, 1, 0, 2, 3, 4]  # N6..N1
    assert numbers(lines[3]) == [3, 5]  # North's store left, South's right
    assert lines[3].startswith("[ 3]") and lines[3].endswith("[ 5]")
    assert numbers(lines[4]) == [1, 0, 12, 20, 4, 4]  # S1..S6
    assert numbers(lines[5]) == [1, 2, 3, 4, 5, 6]
    assert lines[6].strip() == ">> South <<"
    assert lines[7] == "South to move"


def test_text_board_columns_line_up():
    lines = board_text(pos("1,0,12,20,4,4,5/4,3,2,0,1,117,3 N"), lang="tr").splitlines()
    assert lines[0].strip() == ">> Kuzey <<"
    north, south = lines[2], lines[4]
    assert [i for i, c in enumerate(north) if c == ")"] == [
        i for i, c in enumerate(south) if c == ")"
    ]
    assert "(117)" in north
    assert lines[-1] == "Sıra Kuzey oyuncusunda"


def test_text_board_result():
    text = board_text(pos("0,0,0,0,0,0,30/0,0,0,0,0,0,18 -"), lang="tr")
    assert text.splitlines()[-1] == "Güney kazandı: 30–18"
    assert ">>" not in text


# -- Figures and files ----------------------------------------------------------------------

MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "svg": b"<?xml", "pdf": b"%PDF-"}


@pytest.mark.parametrize("fmt", sorted(MAGIC))
def test_save_board_writes_each_format(tmp_path, fmt):
    path = save_board(
        pos(MIXED), tmp_path / f"board.{fmt.upper()}", highlight=[3], title="Bir konum"
    )
    data = path.read_bytes()
    assert data.startswith(MAGIC[fmt])
    assert len(data) > 2000
    if fmt == "svg":
        ET.fromstring(data)


def test_saved_svg_and_pdf_are_byte_identical(tmp_path):
    for fmt in ("svg", "pdf"):
        one = save_board(pos(MIXED), tmp_path / f"one.{fmt}", lang="en").read_bytes()
        two = save_board(pos(MIXED), tmp_path / f"two.{fmt}", lang="en").read_bytes()
        assert one == two
    three = save_board(pos(MIXED), tmp_path / "three.svg", lang="tr").read_bytes()
    assert three != (tmp_path / "one.svg").read_bytes()


def test_save_board_refuses_other_formats(tmp_path):
    with pytest.raises(DisplayError) as info:
        save_board(Position.start(), tmp_path / "board.jpg")
    assert info.value.message("tr") == t("display.bad_format", "tr", file="board.jpg")
    assert not (tmp_path / "board.jpg").exists()


def test_board_figure_texts_and_no_pyplot():
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    fig = board_figure(pos(MIXED), lang="en", title="Puzzle 1", highlight=[0])
    texts = [x.get_text() for x in fig.axes[0].texts]
    assert "Puzzle 1" in texts and "South to move" in texts and "▶ South ◀" in texts
    for count in (12, 20, 7):
        assert str(count) in texts
    assert plt.get_fignums() == before
    assert fig._repr_png_().startswith(MAGIC["png"])  # shows itself in a notebook
    assert "0x" not in repr(fig)


# -- Captions -------------------------------------------------------------------------------


def test_captions_for_an_even_capture():
    trace = pos("4,4,4,4,4,3,0/5,4,4,4,4,4,0 S").trace(6)
    assert trace.outcome == "even_capture"
    captions = trace_captions(trace, "tr")
    assert len(captions) == len(trace.events)
    assert captions[0] == "6. kuyudan 3 taş alındı"
    assert captions[-1] == "Çift sayı: 6 taş avlandı"
    assert outcome_caption(trace, "en") == "Even number: 6 stones captured"


def test_captions_for_the_end_of_a_set():
    # South's last stone goes into South's store: South's side is empty, the set ends and
    # South (whose side is empty) takes the stone left on North's side.
    trace = pos("0,0,0,0,0,1,20/1,0,0,0,0,0,26 S").trace(6)
    captions = trace_captions(trace, "en")
    assert [e.kind for e in trace.events][-2:] == ["sweep", "set_over"]
    assert captions[-2] == "South's pits are empty: South takes the last stone left on the board"
    assert captions[-1] == "North wins 26–22"  # the winner's score first
    assert outcome_caption(trace, "en") == " · ".join(captions[-2:])  # no "play again"


def test_place_names():
    rules = Rules.official()
    assert place_name(0, rules, "en") == "South pit 1"
    assert place_name(13, rules, "tr") == "Kuzey hazinesi"
    assert place_name(12, rules, "tr") == "Kuzey 6. kuyu"


def test_a_sweep_of_one_stone_is_said_in_the_singular():
    from mangala_edu.display.captions import trace_captions

    trace = Position.from_text("0,0,0,0,0,1,22/1,0,0,0,0,0,24 S").trace(6)
    captions = trace_captions(trace, "en")
    assert "South takes the last stone left on the board" in " ".join(captions)
    assert "1 stones" not in " ".join(captions)
