"""Illegal moves and malformed positions: a clear message in both languages, nothing changed."""

from __future__ import annotations

import pytest

from mangala_edu import IllegalMoveError, Position, PositionError, Rules

from .conftest import pos


def _refused(position: Position, pit) -> IllegalMoveError:
    before = position.board, position.to_move
    with pytest.raises(IllegalMoveError) as info:
        position.play(pit)
    with pytest.raises(IllegalMoveError):
        position.trace(pit)
    assert (position.board, position.to_move) == before
    return info.value


def test_empty_pit():
    err = _refused(pos("0,4,4,4,4,4,0/4,4,4,4,4,4,4 S"), 1)
    assert err.message("en") == "Pit 1 is empty: there is nothing to sow."
    assert err.message("tr") == "1. kuyu boş: ekilecek taş yok."
    assert str(err) == "1. kuyu boş: ekilecek taş yok. / Pit 1 is empty: there is nothing to sow."


@pytest.mark.parametrize("pit", [0, 7, -1])
def test_out_of_range(pit):
    err = _refused(Position.start(), pit)
    assert err.message("en") == (
        f"There is no pit {pit}: pits are numbered 1 to 6 from the mover's own left."
    )
    assert err.message("tr").startswith(f"{pit}. kuyu yok")


def test_not_a_pit_of_the_mover():
    err = _refused(Position.start(), "N3")
    assert err.message("en") == (
        "That pit is North's: South is to move and plays from their own pits only."
    )
    assert err.message("tr") == (
        "Bu kuyu Kuzey oyuncusunun: sıra Güney oyuncusunda ve yalnızca kendi kuyularından oynar."
    )
    assert Position.start().play("S4") == Position.start().play(4)


@pytest.mark.parametrize("pit", ["x", 2.5, None, True, "S"])
def test_not_a_pit(pit):
    err = _refused(Position.start(), pit)
    assert err.key == "error.not_a_pit"
    assert "give a pit number from 1 to 6" in err.message("en")


def test_set_already_over():
    over = pos("0,0,0,0,0,1,22/1,0,0,0,0,0,24 S").play(6)
    err = _refused(over, 1)
    assert err.message("en") == "The set is already over: no more moves can be played."
    assert err.message("tr") == "Oyun seti bitti: artık hamle yapılamaz."


def test_position_cannot_be_changed():
    start = Position.start()
    with pytest.raises(AttributeError):
        start.board = (0,) * 14  # type: ignore[misc]


# -- Notation ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S",
        "0,0,0,0,0,0,30/0,0,0,0,0,0,18 -",
        "1,0,12,0,3,0,10/4,0,0,7,0,1,10 N",
    ],
)
def test_round_trip(text):
    assert pos(text).to_text() == text
    assert Position.from_text(repr(pos(text)).split("'")[1]) == pos(text)


def test_kalah_notation_has_m_pits_a_side():
    rules = Rules.kalah(3, 3)
    assert pos("3,3,3,0/3,3,3,0 N", rules).to_move == "north"
    with pytest.raises(PositionError, match="South has 7 numbers; expected 4"):
        pos("4,4,4,4,4,4,0/4,4,4,4,4,4,0 S", rules)


@pytest.mark.parametrize(
    ("text", "english", "turkish"),
    [
        (
            "4,4,4,4,4,0/4,4,4,4,4,4,0 S",
            "South has 6 numbers; expected 7 (6 pits and a store).",
            "Güney tarafında 6 sayı var; 7 olmalı (6 kuyu ve bir hazine).",
        ),
        (
            "4,4,4,4,4,4,0/4,4,4,4,4,4,4,0 S",
            "North has 8 numbers; expected 7 (6 pits and a store).",
            "Kuzey tarafında 8 sayı var; 7 olmalı (6 kuyu ve bir hazine).",
        ),
        (
            "4,4,-1,4,4,4,0/4,4,4,4,4,4,0 S",
            "South value 3 is -1: a count cannot be negative.",
            "Güney tarafının 3. değeri -1: taş sayısı eksi olamaz.",
        ),
        (
            "4,4,4,4,4,4,0/4,x,4,4,4,4,0 S",
            "North value 2 is 'x', which is not a whole number.",
            "Kuzey tarafının 2. değeri 'x'; bu bir tam sayı değil.",
        ),
        (
            "4,4,4,4,4,4,0/4,4,4,4,4,4,0 W",
            "The side to move is 'W': write S (South), N (North) or - (set over).",
            "Sıradaki taraf 'W': S (Güney), N (Kuzey) ya da - (set bitti) yazın.",
        ),
        (
            "4,4,4,4,4,4,0/4,4,4,4,4,4,0 -",
            "The side to move is '-' (set over), but stones are still in the pits: after the end of a "
            "set every pit is empty.",
            "Sıra '-' (set bitti) yazılmış ama kuyularda hâlâ taş var: set bittiğinde bütün kuyular "
            "boştur.",
        ),
        (
            "4,4,4,4,4,4,0/0,0,0,0,0,0,24 S",
            "North's pits are all empty, so the set is already over: write - as the side to move and "
            "put the stones in the stores.",
            "Kuzey tarafının bütün kuyuları boş, yani oyun seti zaten bitmiş: sıra yerine - yazın ve "
            "taşları hazinelere koyun.",
        ),
    ],
)
def test_each_fault_has_its_exact_message(text, english, turkish):
    with pytest.raises(PositionError) as info:
        pos(text)
    assert info.value.message("en") == english
    assert info.value.message("tr") == turkish


@pytest.mark.parametrize(
    "text",
    [
        "",
        "4,4,4,4,4,4,0 S",
        "4,4,4,4,4,4,0/4,4,4,4,4,4,0",
        "a/b/c S",
        "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S extra",
    ],
)
def test_shape_errors_show_an_example(text):
    with pytest.raises(PositionError) as info:
        pos(text)
    assert info.value.key == "position.shape"
    assert "'4,4,4,4,4,4,0/4,4,4,4,4,4,0 S'" in info.value.message("en")


def test_constructor_validates_too():
    with pytest.raises(PositionError, match=r"South value 1 is 1\.5"):
        Position((1.5,) + (4,) * 13, "south")
    with pytest.raises(PositionError, match="got 3"):
        Position((4, 4, 4), "south")
    with pytest.raises(PositionError, match="'east' is not a side"):
        Position(Position.start().board, "east")
