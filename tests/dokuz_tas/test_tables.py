"""The Dokuz Taş endgame tables (:mod:`mangala_edu.dokuz_tas.tables`) against independent
checks: the engine's own move generator (the retrograde invariants, position by position),
the search's exact solver, the board's symmetries, and the two builds against each other.

The tables are built once into a temporary cache: 3-3 (and 4-3 with 3-4 when numba is
installed: seconds) with the compiled build when there is one, else in pure Python.
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest

from mangala_edu.dokuz_tas import Position
from mangala_edu.dokuz_tas import tables as T
from mangala_edu.dokuz_tas.board import points_of
from mangala_edu.dokuz_tas.search import Probe, Search

NUMBA = T.numba_available()


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("dt-cache")
    T.build([(4, 3)] if NUMBA else [(3, 3)], folder)
    return folder


@pytest.fixture(scope="module")
def tables(cache: Path) -> T.Tables:
    return T.Tables(cache)


def _position(mover: int, opp: int, quiet: int = 0, flying: bool = True) -> Position:
    return Position(
        white=points_of(mover),
        black=points_of(opp),
        to_move="white",
        in_hand=(0, 0),
        quiet=quiet,
        flying=flying,
    )


def _sample(cls: T.Class, count: int, seed: int) -> list[tuple[int, int]]:
    """Random positions of a class (uniform over the board, not over the slots)."""
    rng = random.Random(seed)
    out: list[tuple[int, int]] = []
    while len(out) < count:
        pts = rng.sample(range(24), cls[0] + cls[1])
        out.append((sum(1 << p for p in pts[: cls[0]]), sum(1 << p for p in pts[cls[0] :])))
    return out


def _value(tables: T.Tables, pos: Position) -> tuple[str, int]:
    found = tables.lookup(pos)
    assert found is not None, pos
    return found


def _child_value(tables: T.Tables, child: Position) -> tuple[str, int] | str:
    """A child's value for its side to move: ``"lost"`` when it has fewer than three stones
    (the game is over), else the table's ``(result, d)`` read as the 50-turn rule reads it
    right after a removal (``d`` more than 50: a draw)."""
    t = child._turn
    if child._stones[t].bit_count() < 3:
        return "lost"
    return _value(tables, child)


def _check_invariants(tables: T.Tables, mover: int, opp: int) -> None:
    """The retrograde invariants of one position, with the engine's own moves."""
    pos = _position(mover, opp)
    result, d = _value(tables, pos)
    quiet_vals: list[tuple[str, int]] = []  # children after a quiet turn
    removal_vals: list[tuple[str, int] | str] = []  # children after a removal
    for o, t, r in pos._raw_moves():
        child = pos._after(o, t, r)
        if r >= 0:
            removal_vals.append(_child_value(tables, child))
        else:
            quiet_vals.append(_value(tables, child))
    best_win: list[int] = []  # distances of the mover's winning turns
    opp_wins: list[int | None] = []  # per turn: plies if the opponent then wins, else None
    for res, dd in quiet_vals:
        if res == "loss":
            best_win.append(dd + 1)
        opp_wins.append(dd + 1 if res == "win" else None)
    for v in removal_vals:
        if isinstance(v, str):
            best_win.append(1)
            opp_wins.append(None)
            continue
        assert isinstance(v, tuple)
        res, dd = v
        if res == "loss" and dd <= 50:
            best_win.append(1)
        opp_wins.append(1 if res == "win" and dd <= 50 else None)
    if result == "win":
        assert best_win and min(best_win) == d, (pos, d, best_win)
    elif result == "loss":
        assert not best_win, pos
        assert all(w is not None for w in opp_wins), pos
        assert max((w for w in opp_wins if w is not None), default=0) == d, (pos, d)
    else:
        assert not best_win, pos
        assert any(w is None for w in opp_wins), pos


def test_index_is_a_bijection_on_orbits() -> None:
    slots = list(T._orbit_slots((3, 3)))
    assert len({i for i, _, _ in slots}) == len(slots)
    for idx, own, opp in slots[:: max(1, len(slots) // 3000)]:
        assert T.index_of(own, opp) == idx
        for s in range(16):
            assert T.index_of(T._image(s, own), T._image(s, opp)) == idx


def test_invariants_3_3(tables: T.Tables) -> None:
    for mover, opp in _sample((3, 3), 1500, seed=1):
        _check_invariants(tables, mover, opp)


@pytest.mark.skipif(not NUMBA, reason="4-3 is built with numba")
def test_invariants_4_3(tables: T.Tables) -> None:
    for mover, opp in _sample((4, 3), 600, seed=2) + _sample((3, 4), 600, seed=3):
        _check_invariants(tables, mover, opp)
    # where the rules' details matter: the side with three can close a mill and the side
    # with four has one (protected stones), so a removal leads into 3-3 by a chosen stone
    done = 0
    for mover, opp in _sample((3, 4), 60_000, seed=14):
        if not any(opp & m == m for m in T.LINE_MASKS):
            continue
        pos = _position(mover, opp)
        if any(r >= 0 for _, _, r in pos._raw_moves()):
            _check_invariants(tables, mover, opp)
            done += 1
    assert done > 300


def test_symmetric_positions_have_equal_values(tables: T.Tables) -> None:
    classes = [(3, 3), (4, 3), (3, 4)] if NUMBA else [(3, 3)]
    for cls in classes:
        for mover, opp in _sample(cls, 100, seed=4):
            pos = _position(mover, opp)
            want = tables.lookup(pos)
            for s in range(16):
                assert tables.lookup(pos.transform(s)) == want


def _solved(pos: Position) -> tuple[str, int]:
    s = Search().solve(pos, node_limit=400_000)
    return s.result, s.plies


def test_agrees_with_the_exact_search_3_3(tables: T.Tables) -> None:
    """In 3-3 every removal ends the game, so the distance is the search's plies to the
    end. (Flying makes the search slow beyond 2 plies: the invariants check the rest.)"""
    rng = random.Random(5)
    picked: dict[tuple[str, int], int] = {}
    for mover, opp in _sample((3, 3), 4000, seed=6):
        pos = _position(mover, opp)
        value = _value(tables, pos)
        if value[0] == "draw" or value[1] > 2 or picked.get(value, 0) >= 4 or rng.random() < 0.5:
            continue
        picked[value] = picked.get(value, 0) + 1
        assert _solved(pos) == value, pos
    assert set(picked) == {("win", 1), ("loss", 2)}


def _only_3_3(tables: T.Tables) -> Probe:
    """A probe that knows the 3-3 table only (checked on its own above)."""

    def probe(pos: Position) -> int | None:
        t = pos._turn
        if pos._stones[t].bit_count() == pos._stones[1 - t].bit_count() == 3:
            return tables(pos)
        return None

    return probe


@pytest.mark.skipif(not NUMBA, reason="4-3 is built with numba")
def test_agrees_with_the_exact_search_4_3(tables: T.Tables) -> None:
    """The result of small 4-3 and 3-4 positions, solved by the search; a removal in 3-4
    leads into 3-3, which the search reads from the 3-3 table (the distance in plies is to
    the next removal, which may not end the game: only the result is compared). A win of
    the side with four by a removal ends the game: the plain search proves it alone."""
    for cls, seed in (((4, 3), 7), ((3, 4), 8)):
        picked: dict[tuple[str, int], int] = {}
        for mover, opp in _sample(cls, 20_000, seed=seed):
            pos = _position(mover, opp)
            value = _value(tables, pos)
            if value[0] == "draw" or value[1] > 4 or picked.get(value, 0) >= 3:
                continue
            picked[value] = picked.get(value, 0) + 1
            found = Search(probe=_only_3_3(tables)).solve(pos, node_limit=200_000)
            assert found.result == value[0], pos
            if cls == (4, 3) and value == ("win", 1):
                assert _solved(pos) == value
        assert len(picked) >= 2 and sum(picked.values()) >= 5, picked


def test_the_50_turn_rule(tables: T.Tables) -> None:
    """A win in d at quiet count q is a win when q + d <= 50 and a draw after: the probe
    says so, and so does the search, which counts the quiet turns itself."""
    for mover, opp in _sample((3, 3), 3000, seed=9):
        pos = _position(mover, opp)
        result, d = _value(tables, pos)
        if result == "win" and d == 3:
            break
    else:  # pragma: no cover
        pytest.fail("no win in 3")
    assert tables(_position(mover, opp, quiet=47)) == 3
    assert tables(_position(mover, opp, quiet=48)) == 0
    assert _solved(_position(mover, opp, quiet=47)) == ("win", 3)
    assert _solved(_position(mover, opp, quiet=48))[0] == "draw"


def test_probe_in_the_search(tables: T.Tables) -> None:
    """The search with the probe: the table's result, and in 3-3 its distance."""
    classes = [(3, 3), (4, 3), (3, 4)] if NUMBA else [(3, 3)]
    for cls in classes:
        checked = 0
        for mover, opp in _sample(cls, 20_000, seed=10):
            pos = _position(mover, opp)
            result, d = _value(tables, pos)
            if result == "draw" or d < 2 or checked >= 3:
                continue
            with_probe = Search(probe=tables).solve(pos, node_limit=20_000)
            assert with_probe.result == result
            if cls == (3, 3):
                assert with_probe.plies == d
            checked += 1
        assert checked == 3
    assert tables(Position.start()) is None


def test_damaged_file_is_refused(cache: Path, tmp_path: Path) -> None:
    good = T.table_path((3, 3), True, cache)
    other = tmp_path / "tables"
    other.mkdir()
    bad = other / good.name
    data = bytearray(good.read_bytes())
    data[T.HEADER_BYTES + 1234] ^= 1  # one bit of one entry
    bad.write_bytes(bytes(data))
    with pytest.raises(T.TableError) as err:
        T.load(bad)
    text = str(err.value)
    assert "bozuk" in text and "damaged" in text and good.name in text
    bad.write_bytes(good.read_bytes()[:-1])  # cut short
    with pytest.raises(T.TableError, match="damaged"):
        T.load(bad)
    bad.write_bytes(b"XANGALA" + good.read_bytes()[7:])  # not a header
    with pytest.raises(T.TableError, match="damaged"):
        T.load(bad)
    assert T.load(good).cls == (3, 3)
    probe = T.Tables(tmp_path)
    bad.write_bytes(bytes(data))
    mover, opp = _sample((3, 3), 1, seed=11)[0]
    with pytest.warns(UserWarning, match="damaged"):
        assert probe(_position(mover, opp)) is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert probe(_position(mover, opp)) is None  # warned once, then missing


def test_build_keeps_sound_tables_and_cli(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = T.table_path((3, 3), True, cache)
    before = path.stat().st_mtime_ns
    assert T.build_command(["3-3", "--cache", str(cache)]) == 0
    assert path.stat().st_mtime_ns == before
    assert str(path) in capsys.readouterr().out
    with pytest.raises(SystemExit):
        T.build_command(["2-3"])


@pytest.mark.long
@pytest.mark.skipif(not NUMBA, reason="numba is not installed")
def test_pure_python_equals_numba_3_3(cache: Path) -> None:
    numba = bytes(T.build_numba((3, 3))[(3, 3)])
    pure = bytes(T.build_python((3, 3))[(3, 3)])
    assert pure == numba == T.load(T.table_path((3, 3), True, cache)).data
    f = T.figures((3, 3), pure)
    assert f.positions == 2_691_920 and f.canonical + f.wins * 0 == 169_626


def test_flying_off_3_3(tmp_path: Path) -> None:
    """Without flying, three stones slide: the table is another one, and it still keeps the
    invariants (checked on a sample)."""
    if not NUMBA:
        pytest.skip("built with numba")
    T.build([(3, 3)], tmp_path, flying=False)
    tables = T.Tables(tmp_path)
    assert tables.table((3, 3), flying=True) is None
    rng = random.Random(12)
    for mover, opp in _sample((3, 3), 300, seed=13):
        pos = _position(mover, opp, flying=False)
        result, d = _value(tables, pos)
        moves = pos._raw_moves()
        if not moves:
            assert (result, d) == ("loss", 0)
        elif rng.random() < 0.5:
            best = []
            for o, t, r in moves:
                child = pos._after(o, t, r)
                if r >= 0:
                    best.append(1)
                else:
                    res, dd = _value(tables, child)
                    if res == "loss":
                        best.append(dd + 1)
            if result == "win":
                assert min(best) == d
            else:
                assert not best
