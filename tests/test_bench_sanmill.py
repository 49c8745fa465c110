"""The Sanmill bench (``bench/dokuz_tas_sanmill.py``) without Sanmill: its notation, its error
for a missing engine, and its game loop against tiny fake engines speaking the protocol."""

from __future__ import annotations

import random
import stat
import sys
from pathlib import Path

import pytest

from mangala_edu.dokuz_tas import Game

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import dokuz_tas_sanmill as bench  # noqa: E402


def test_notation_examples() -> None:
    assert bench.to_sanmill("d6") == ["d6"]
    assert bench.to_sanmill("a1-a4") == ["a1-a4"]
    assert bench.to_sanmill("d6xd7") == ["d6", "xd7"]
    assert bench.to_sanmill("A1-a4xG7 ") == ["a1-a4", "xg7"]
    assert bench.from_sanmill(["d6"]) == "d6"
    assert bench.from_sanmill(["a1-a4", "xg7"]) == "a1-a4xg7"
    assert bench.sanmill_moves(["d6", "b4", "d5xb4"]) == ["d6", "b4", "d5", "xb4"]


@pytest.mark.parametrize(
    "moves", [["xd7"], ["d6", "d7"], ["d6", "xd7", "xa1"], ["h8"], ["a1-a4-a7"], []]
)
def test_from_sanmill_rejects(moves: list[str]) -> None:
    with pytest.raises(ValueError):
        bench.from_sanmill(moves)


@pytest.mark.parametrize("turn", ["h9", "d6xd7xa1", "a1-a4-a7", "d4"])
def test_to_sanmill_rejects(turn: str) -> None:
    with pytest.raises(ValueError):
        bench.to_sanmill(turn)


def test_notation_round_trip_over_random_games() -> None:
    rng = random.Random(7)
    seen_removal = seen_slide = False
    for _ in range(5):
        game = Game()
        while not game.is_over and len(game.turns) < 120:
            for turn in game.legal_moves:
                assert bench.from_sanmill(bench.to_sanmill(turn)) == turn
            turn = rng.choice(game.legal_moves)
            seen_removal |= "x" in turn
            seen_slide |= "-" in turn
            game.push(turn)
    assert seen_removal and seen_slide


def test_parse_skills() -> None:
    assert bench.parse_skills("1, 8,30@1") == [(1, None), (8, None), (30, 1)]
    for bad in ("", "31", "x", "8@61", "8@x"):
        with pytest.raises(ValueError):
            bench.parse_skills(bad)


def test_missing_engine_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as info:
        bench.main(["--sanmill", str(tmp_path / "no-sanmill"), "--games", "1"])
    assert "no such file" in str(info.value)
    assert "never builds or downloads" in str(info.value)
    plain = tmp_path / "plain"
    plain.write_text("")
    with pytest.raises(SystemExit) as info:
        bench.check_engine(str(plain))
    assert "not executable" in str(info.value)


FAKE = """#!{python}
# A fake engine speaking Sanmill's protocol: the first legal turn of our rules, its removal
# as a move of its own ("xd7"), as Sanmill does. MODE: good, illegal, draw or crash.
import sys
sys.path.insert(0, {root!r})
from mangala_edu.dokuz_tas import Game

MODE = {mode!r}
moves = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name Fake", flush=True)
        print("uciok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "position":
        moves = words[3:] if len(words) > 2 and words[2] == "moves" else []
    elif words[0] == "go":
        if MODE == "crash":
            sys.exit(3)
        if MODE == "silent":
            continue
        if MODE == "draw":
            print("info score 0 bestmove draw", flush=True)
            continue
        turns = []
        for m in moves:
            if m.startswith("x"):
                turns[-1] += m
            else:
                turns.append(m)
        pending = None
        game = Game()
        for t in turns:
            if t in game.legal_moves:
                game.push(t)
            else:
                pending = t
        legal = game.legal_moves
        if pending is not None:
            answer = "x" + [t for t in legal if t.startswith(pending + "x")][0].split("x")[1]
        elif MODE == "illegal":
            answer = "h9"
        else:
            # prefer a turn with a removal, to try the two-step answer
            turn = ([t for t in legal if "x" in t] or list(legal))[0]
            answer = turn.split("x")[0]
        print("Algorithm bestMove = " + answer, flush=True)
        print("info score 0 bestmove " + answer, flush=True)
    elif words[0] == "quit":
        break
"""


def fake_engine(tmp_path: Path, mode: str) -> Path:
    path = tmp_path / f"fake-{mode}"
    root = str(Path(__file__).resolve().parent.parent)
    path.write_text(FAKE.format(python=sys.executable, root=root, mode=mode))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_game_loop_against_a_fake_engine(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    engine = fake_engine(tmp_path, "good")
    args = ["--sanmill", str(engine), "--levels", "kolay", "--skills", "3", "--games", "2"]
    records = tmp_path / "records"
    bench.main([*args, "--max-turns", "40", "--scale", "0.2", "--records", str(records)])
    out = capsys.readouterr()
    assert "| kolay vs skill 3 |" in out.out
    row = next(line for line in out.out.splitlines() if line.startswith("| kolay vs"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    wins, draws, losses, errors = int(cells[1]), int(cells[2].split()[0]), int(cells[3]), cells[5]
    assert wins + draws + losses == 2 and errors == "0" and cells[4] == "0"
    assert "error" not in out.err
    saved = sorted(records.glob("*.json"))
    assert [p.name for p in saved] == ["kolay-3-0s-01-white.json", "kolay-3-0s-02-black.json"]
    assert all(Game.load(p).is_over or len(Game.load(p).turns) == 40 for p in saved)


def test_sanmill_removal_is_asked_for(tmp_path: Path) -> None:
    engine = bench.Sanmill(fake_engine(tmp_path, "good"), {"SkillLevel": "1"}, timeout=30)
    try:
        game = Game(turns=["d6", "a1", "d7", "a4"])
        turn = engine.choose(game)
        assert turn.startswith("d5x") and turn in game.legal_moves
    finally:
        engine.close()


@pytest.mark.parametrize("mode", ["illegal", "draw", "crash"])
def test_engine_faults_are_errors_not_crashes(
    tmp_path: Path, capsys: pytest.CaptureFixture, mode: str
) -> None:
    engine = fake_engine(tmp_path, mode)
    bench.main(["--sanmill", str(engine), "--levels", "kolay", "--skills", "1", "--games", "1"])
    out = capsys.readouterr().out
    assert "| kolay vs skill 1 | 0 | 0 (0) | 0 | 0 | 1 | - |" in out
    assert "error, kolay vs skill 1:" in out


def test_no_answer_in_a_position_of_the_tables_is_adjudicated_by_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mangala_edu.dokuz_tas import Position
    from mangala_edu.dokuz_tas import tables as T

    # Three stones a side, White (the silent engine) to move flies b2-g7, closes a7-d7-g7 and
    # takes a stone: Black is left with two. The bench asks the tables, and nothing else.
    start = Position.from_text("WW1/3/3/B5/3/W2/BB1 w 0 0 0")
    engine = bench.Sanmill(fake_engine(tmp_path, "silent"), {"SkillLevel": "1"}, timeout=1)
    monkeypatch.setenv("MANGALA_EDU_CACHE", str(tmp_path / "no-tables"))
    T.forget()
    try:
        result = bench.Result()
        said = bench.play_game("kolay", engine, False, [], 1, 1.0, 40, result, Game(start))
        assert result.errors and result.tabled == 0 and result.games == 0, said  # no tables
        T.build([(3, 3)], tmp_path / "cache")
        monkeypatch.setenv("MANGALA_EDU_CACHE", str(tmp_path / "cache"))
        T.forget()
        result = bench.Result()
        said = bench.play_game("kolay", engine, False, [], 1, 1.0, 40, result, Game(start))
        assert (result.losses, result.tabled, result.errors) == (1, 1, []), said
        assert "white wins at turn 1, by the endgame tables" in said
    finally:
        engine.close()
        T.forget()
