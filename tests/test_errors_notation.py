"""Illegal moves and malformed positions: a clear message in both languages, nothing changed."""

from __future__ import annotations

import importlib
import pickle
import pkgutil
import re
from pathlib import Path

import pytest

from mangala_edu import Game, IllegalMoveError, MangalaError, Position, PositionError, Rules
from mangala_edu.engine.errors import NoSuchPly, NothingToUndo
from mangala_edu.i18n import Message

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
    ("typed", "side"),
    [
        ("G", "south"),
        ("K", "north"),
        ("g", "south"),
        ("k", "north"),
        ("s", "south"),
        ("n", "north"),
    ],
)
def test_the_turkish_side_letters_are_read(typed, side):
    """A Turkish teacher types G (Güney) or K (Kuzey), as the format hint writes the rows
    (issue 22): read as South and North; the position is written with S/N all the same, and
    that text is read back to the same position."""
    text = f"3,0,1,0,2,1,20/1,2,0,2,0,1,15 {typed}"
    position = Position.from_text(text)
    assert position.to_move == side
    written = position.to_text()
    assert written == f"3,0,1,0,2,1,20/1,2,0,2,0,1,15 {'S' if side == 'south' else 'N'}"
    assert Position.from_text(written) == position


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
            "The side to move is 'W': write S (South), N (North) or - (set over); the "
            "Turkish G (Güney, South) and K (Kuzey, North) are read too.",
            "Sıradaki taraf 'W': G ya da S (Güney), K ya da N (Kuzey) ya da - (set bitti) yazın.",
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


# -- Every error is a MangalaError ----------------------------------------------------------------

PACKAGE = Path(__file__).parents[1] / "mangala_edu"
BARE = re.compile(
    r"raise (ValueError|TypeError|KeyError|RuntimeError|IndexError|AssertionError|Exception)\b"
)


def _every_error_class() -> list[type[MangalaError]]:
    """Every subclass of MangalaError the package defines (its modules imported first; the
    compiled kernel's module is left out: it compiles on import)."""
    import mangala_edu

    for info in pkgutil.walk_packages(mangala_edu.__path__, "mangala_edu."):
        if info.name.rsplit(".", 1)[-1] not in ("_nb", "__main__"):
            importlib.import_module(info.name)
    found: list[type[MangalaError]] = []
    todo = [MangalaError]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("mangala_edu.") and cls not in found:
            found.append(cls)
        todo.extend(cls.__subclasses__())
    return sorted(found, key=lambda c: f"{c.__module__}.{c.__qualname__}")


def _one(cls: type[MangalaError]) -> MangalaError:
    """An instance of ``cls``, with values of every kind a message holds (a number, a text, a
    nested message, a wrapped error)."""
    from mangala_edu.cli_errors import CommandError
    from mangala_edu.lessons.claims import ClaimError
    from mangala_edu.search.budget import BudgetExceeded

    if issubclass(cls, BudgetExceeded):
        err = cls(4096, 0.5, -4, 12)
        err.values, err.bounds = {1: 3}, {2: (-4, 12)}
        return err
    if issubclass(cls, ClaimError):
        return cls("endgame", "pit 7 is not a legal move here")
    if issubclass(cls, NothingToUndo):
        return cls()
    if issubclass(cls, NoSuchPly):
        return cls(0)
    if issubclass(cls, CommandError):
        return cls("cli.ply_error", Message("cli.set_over"), ply=3, reason=_refused_error())
    assert cls.__init__ is MangalaError.__init__, f"{cls.__qualname__}: add it to _one"
    return cls("error.not_your_pit", owner=Message("side.north"), mover=Message("side.south"))


def _refused_error() -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        Position.start().play("N3")
    return info.value


def test_no_bare_builtin_errors_are_raised():
    """Only the catalogue's check of its own files may raise a plain ValueError."""
    found = [
        f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for n, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if BARE.search(line)
    ]
    allowed = [f for f in found if f.startswith("i18n/__init__.py")]
    assert len(allowed) == 2 and found == allowed, found


def test_every_error_class_is_a_mangala_error_with_a_key_in_both_languages():
    classes = _every_error_class()
    assert len(classes) >= 20, classes
    for cls in classes:
        err = _one(cls)
        for lang in ("tr", "en"):
            assert err.message(lang).strip(), (cls, lang)
        assert str(err) == " / ".join(err.message(lang) for lang in ("tr", "en"))


@pytest.mark.parametrize("cls", _every_error_class(), ids=lambda c: c.__qualname__)
def test_an_error_pickles_whole(cls):
    err = _one(cls)
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is cls
    assert back.said == err.said and back.key == err.key
    assert str(back) == str(err) and back.args == err.args
    assert vars(back) == vars(err)
    assert back.message("en") == err.message("en")


def test_errors_that_were_builtin_ones_still_are():
    """Callers that caught ``KeyError``, ``IndexError`` or ``RuntimeError`` still catch them,
    and a ``KeyError`` is shown without quotes."""
    from mangala_edu.puzzles import Collection, PuzzleNotFound
    from mangala_edu.puzzles.rating import band_key
    from mangala_edu.search.budget import Budget, BudgetExceeded

    with pytest.raises(KeyError) as missing:
        Collection.shipped().get("nope")
    assert isinstance(missing.value, PuzzleNotFound)
    assert str(missing.value).endswith(
        "There is no puzzle 'nope': `mangala-edu puzzles list` shows the puzzles' ids."
    )
    with pytest.raises(KeyError):
        band_key("super")
    with pytest.raises(IndexError) as undo:
        Game().pop()
    assert isinstance(undo.value, NothingToUndo) and undo.value.key == "error.nothing_to_undo"
    budget = Budget(node_limit=1)
    with pytest.raises(RuntimeError) as over:
        budget.charge(2)
    assert isinstance(over.value, BudgetExceeded) and isinstance(over.value, MangalaError)
    with pytest.raises(MangalaError, match="time limit cannot be negative"):
        Budget(time_limit=-1)


def test_geometry_refuses_with_a_message_in_both_languages():
    geometry = Rules.official().geometry
    with pytest.raises(PositionError) as info:
        geometry.index("south", 7)
    assert info.value.key == "position.no_pit"
    assert (
        info.value.message("tr")
        == "7. kuyu yok: kuyular 1'den 6'ya kadar numaralanır, 0 hazinedir."
    )
    with pytest.raises(PositionError) as info:
        geometry.store("east")  # type: ignore[arg-type]
    assert info.value.key == "position.bad_side"


def _raise_a_budget_error(n: int) -> int:
    from mangala_edu.search.budget import BudgetExceeded

    if n == 2:
        err = BudgetExceeded(n, 0.25).bounded(-2, 6)
        err.values = {4: 1}
        raise err
    return n


def test_an_error_comes_back_whole_from_a_worker_process():
    from mangala_edu.search.budget import BudgetExceeded
    from mangala_edu.search.parallel import map_work

    with pytest.raises(BudgetExceeded) as info:
        list(map_work(_raise_a_budget_error, [1, 2], jobs=2))
    err = info.value
    assert err.key == "search.budget.proven_between" and (err.lower, err.upper) == (-2, 6)
    assert err.values == {4: 1} and err.nodes == 2
    assert err.message("en").endswith("value proven between -2 and +6")
