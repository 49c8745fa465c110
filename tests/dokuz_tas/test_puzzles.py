"""The Dokuz Taş puzzles (:mod:`mangala_edu.dokuz_tas.puzzles`): every curation rule of
``data/README.md`` checked on the whole shipped file, the file re-proven by the independent
verifier (the tables read entry by entry and the exact search, not the miner's code), a
corrupted puzzle caught, three puzzles checked by hand, the miner's determinism, and the
command line.

The endgame tables are built into a temporary cache (``MANGALA_EDU_CACHE``): with numba every
class of the file (about a minute), without it only 3-3 (pure Python, half a minute), and the
checks that need a table skip the puzzles of the other classes.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest

from mangala_edu.cli import main
from mangala_edu.dokuz_tas import SYMMETRIES, Position
from mangala_edu.dokuz_tas import tables as T
from mangala_edu.dokuz_tas.board import points_of
from mangala_edu.dokuz_tas.puzzles import DokuzTasPuzzleError, Puzzle, read_puzzles, shipped_path
from mangala_edu.dokuz_tas.puzzles.levels import SEEDS, level_misses
from mangala_edu.dokuz_tas.puzzles.mine import MineSettings, mine, step_of
from mangala_edu.dokuz_tas.puzzles.model import FIELDS, GOALS, puzzle_id
from mangala_edu.dokuz_tas.puzzles.rating import puzzle_rating
from mangala_edu.dokuz_tas.puzzles.themes import THEMES
from mangala_edu.dokuz_tas.puzzles.verify import check_puzzle, verify_puzzle

PUZZLES = read_puzzles()
BY_ID = {p.id: p for p in PUZZLES}
NUMBA = T.numba_available()
CLASSES = sorted({p.cls for p in PUZZLES})
SAMPLE_SEED = 20261203
SAMPLE_SIZE = 12


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder holding the tables of every class of the file (only 3-3 without
    numba)."""
    folder = tmp_path_factory.mktemp("dt-puzzle-cache")
    wanted = [T.parse_class(c) for c in CLASSES] if NUMBA else [(3, 3)]
    T.build(wanted, folder)
    return folder


@pytest.fixture
def user_cache(monkeypatch: pytest.MonkeyPatch, cache: Path) -> Iterator[Path]:
    """The user cache is :func:`cache` for one test (for the command line)."""
    monkeypatch.setenv("MANGALA_EDU_CACHE", str(cache))
    T.forget()
    yield cache
    T.forget()


def provable(cache: Path) -> list[Puzzle]:
    """The puzzles whose tables the cache holds."""
    return [p for p in PUZZLES if T.table_path(T.parse_class(p.cls), True, cache).exists()]


def canonical(pos: Position) -> tuple[int, int]:
    """The smallest image of (side to move's stones, other stones) under the 16 symmetries:
    the same for positions equal up to a symmetry and the colours (written here again, not
    the tables' index)."""
    w, b = pos.bitboards
    own, opp = (w, b) if pos.to_move == "white" else (b, w)

    def image(mask: int, perm: tuple[int, ...]) -> int:
        return sum(1 << perm[p] for p in points_of(mask))

    return min((image(own, perm), image(opp, perm)) for perm in SYMMETRIES)


# -- Curation rules, on the whole file ------------------------------------------------------------


def test_the_file_has_a_few_hundred_puzzles_of_every_kind_in_the_documented_format():
    lines = shipped_path().read_text("utf-8").splitlines()
    assert len(lines) == len(PUZZLES) >= 200
    for line in lines:
        assert list(json.loads(line)) == list(FIELDS)
    kinds = Counter(p.goal for p in PUZZLES)
    assert set(kinds) == set(GOALS) and min(kinds.values()) >= 20, kinds
    wins = Counter(p.moves for p in PUZZLES if p.goal == "win_in_n")
    assert {1, 2} <= set(wins), wins  # no win in 3 with a unique first move: data/README.md
    assert len(CLASSES) >= 3, CLASSES


def test_ids_are_the_positions_own_and_unique():
    assert len(BY_ID) == len(PUZZLES)
    for p in PUZZLES:
        assert p.id == puzzle_id(p.start)


def test_no_two_puzzles_are_the_same_up_to_the_symmetries_and_the_colours():
    keys = Counter(canonical(p.start) for p in PUZZLES)
    assert keys.most_common(1)[0][1] == 1
    assert {p.learner for p in PUZZLES} == {"white", "black"}


def test_every_start_is_a_moving_phase_position_with_at_least_three_moves():
    for p in PUZZLES:
        start = p.start
        assert start.outcome is None and start.quiet == 0, p.id
        assert start.in_hand("white") == start.in_hand("black") == 0, p.id
        other = "black" if p.learner == "white" else "white"
        assert p.cls == f"{start.on_board(p.learner)}-{start.on_board(other)}"
        assert len({step_of(t) for t in start.legal_moves}) >= 3, p.id
        assert set(p.values) == set(start.legal_moves), p.id


def test_every_answer_is_unique():
    """One stone's move keeps the result: the only winning one (``win_in_n``,
    ``only_move``), or, nothing winning, the only one that does not lose (``save_draw``)."""
    for p in PUZZLES:
        keep = "draw" if p.goal == "save_draw" else "win"
        assert p.result == keep
        keepers = [t for t, r in p.values.items() if r == keep]
        assert {step_of(t) for t in keepers} == {step_of(p.answer)}, p.id
        if keep == "draw":
            assert "win" not in p.values.values(), p.id
        assert p.answer == p.accepted[0][0] and set(p.accepted[0]) <= set(keepers)
        assert set(p.refutations) == set(p.values) - set(p.accepted[0])


def test_every_line_is_legal_and_a_win_in_n_ends_the_game_with_its_last_move():
    for p in PUZZLES:
        positions = p.positions()  # raises for an illegal turn
        if p.goal != "win_in_n":
            assert p.line == (p.answer,) and p.moves == 1
            continue
        assert len(p.line) == 2 * p.moves - 1 == p.distance, p.id
        assert len(p.accepted) == p.moves
        for before, after in pairwise(positions[:-1]):
            assert after.outcome is None, p.id  # nothing ends before the last move
            assert before.to_move != after.to_move
        assert positions[-1].outcome.winner == p.learner, p.id
        for k, accepted in enumerate(p.accepted):
            assert len({step_of(t) for t in accepted}) == 1 and p.line[2 * k] == accepted[0]


def test_themes_ratings_titles_and_hints_follow_the_documented_rules():
    for p in PUZZLES:
        assert p.themes and set(p.themes) <= set(THEMES), p.id
        assert list(p.themes) == [t for t in THEMES if t in p.themes]
        assert ("save_draw" in p.themes) == (p.goal == "save_draw")
        assert ("only_move" in p.themes) == (p.goal == "only_move")
        assert ("mill" in p.themes) == ("x" in p.answer)
        legal = len({step_of(t) for t in p.values})
        rating = puzzle_rating(
            p.goal,
            moves=p.moves,
            distance=p.distance,
            legal=legal,
            almost=p.almost,
            quiet="quiet_move" in p.themes,
            misses=p.misses,
        )
        assert p.rating == rating and 600 <= p.rating <= 2400
        assert set(p.misses) == set(SEEDS), p.id
        colour = {"white": ("Beyaz", "White"), "black": ("Siyah", "Black")}[p.learner]
        assert p.title["tr"].startswith(colour[0]) and p.title["en"].startswith(colour[1])
        assert p.hint["tr"] and p.hint["en"] and p.hint["tr"] != p.hint["en"]
    bands = Counter(p.band for p in PUZZLES)
    assert len(bands) >= 3, bands


def test_the_levels_misses_are_measured_again_the_same_and_miss_more_at_lower_levels():
    """A sample of the puzzles played again by every level's seeds (in this process, from
    scratch) gives the misses the file keeps; over the whole file, each level misses no more
    often than the level below it."""
    sample = [p for p in PUZZLES if p.misses["usta"]][:2] + [
        p for p in PUZZLES if not any(p.misses.values())
    ][:2]
    sample += [p for p in PUZZLES if p.goal == "win_in_n" and p.moves == 2][:1]
    assert len(sample) == 5
    for p in sample:
        assert level_misses(p) == p.misses, p.id
    share = {
        level: sum(p.misses[level] for p in PUZZLES) / (len(SEEDS[level]) * len(PUZZLES))
        for level in SEEDS
    }
    assert share["kolay"] >= share["orta"] >= share["zor"] >= share["usta"] * 0.9, share
    assert share["kolay"] > share["usta"], share


# -- Re-proving -----------------------------------------------------------------------------------


def test_a_sample_is_re_proven_by_the_independent_verifier(cache):
    pool = provable(cache)
    sample = random.Random(SAMPLE_SEED).sample(pool, min(SAMPLE_SIZE, len(pool)))
    for p in sample:
        assert verify_puzzle(p, cache)[1] is None, p.id


def test_the_whole_file_is_re_proven(cache):
    """Every puzzle whose table the cache holds (all of them with numba)."""
    pool = provable(cache)
    if NUMBA:
        assert len(pool) == len(PUZZLES)
    failed = [(p.id, said.text("en")) for p in pool if (said := verify_puzzle(p, cache)[1])]
    assert failed == []


def _first(goal: str, moves: int = 1, cls: str = "3-3") -> Puzzle:
    return next(p for p in PUZZLES if p.goal == goal and p.moves == moves and p.cls == cls)


@pytest.mark.parametrize("goal", ["win_in_n", "only_move", "save_draw"])
def test_a_wrong_answer_is_caught(cache, goal):
    p = _first(goal, 2 if goal == "win_in_n" else 1)
    wrong = next(t for t in p.values if step_of(t) != step_of(p.answer))
    line = (wrong, *p.line[1:])
    bad = replace(p, answer=wrong, line=line, accepted=((wrong,), *p.accepted[1:]))
    problem = verify_puzzle(bad, cache)[1]
    assert problem is not None and "only move" in problem.text("en"), problem


def test_other_corruptions_are_caught(cache):
    p = _first("win_in_n", 2)
    values = dict(p.values)
    loser = next(t for t, r in values.items() if r == "loss")
    values[loser] = "draw"
    other = next(t for t in p.positions()[2].legal_moves if t not in p.accepted[1])
    cases = {
        "values": replace(p, values=values),
        "distance": replace(p, distance=p.distance + 2),
        "the exact search": replace(p, line=(*p.line[:2], other)),
        "rating": replace(p, rating=p.rating + 1),
        "id": replace(p, id="d0000000"),
    }
    for what, bad in cases.items():
        problem = verify_puzzle(bad, cache)[1]
        assert problem is not None, what


# -- Three puzzles checked by hand ----------------------------------------------------------------


def test_hand_checked_a_mill_that_wins_at_once():
    """d989e708 (4-3, win in 1). Black: a7 d7 b4 g4; White: d5 d3 f4 (three: White flies).

    Black has a7 and d7 on the top row; g7 is empty and only g4 can slide there (d7 is part
    of the row itself). g4-g7 closes a7-d7-g7, and whichever of White's three stones it takes
    (none stands in a mill, so each may be taken) leaves White with two: Black wins. No other
    Black move closes a mill, and after any other one White flies a stone to g7: no win.
    """
    p = BY_ID["d989e708"]
    assert (p.goal, p.moves, p.cls, p.learner) == ("win_in_n", 1, "4-3", "black")
    start = p.start
    assert set(start.stones("black")) == {"a7", "d7", "b4", "g4"}
    assert set(start.stones("white")) == {"d5", "d3", "f4"}
    mills = [t for t in start.legal_moves if "x" in t]
    assert mills == ["g4-g7xd3", "g4-g7xd5", "g4-g7xf4"] == list(p.accepted[0])
    assert all(start.play(t).outcome.winner == "black" for t in mills)
    assert {t for t, r in p.values.items() if r == "win"} == set(mills)
    assert "mill" in p.themes and "against_flying" in p.themes


def test_hand_checked_a_blockade_in_two():
    """dddfa878 (4-4, win in 2). White: f6 d5 c4 d2; Black: e5 e4 e3 d3 (sliding).

    Black's stones can move only two ways: e4-f4 (e4's other neighbours e5 and e3 are
    Black's) and d3-c3 (d3's others: e3 Black's, d2 White's); e5 (d5, e4) and e3 (e4, d3)
    are stuck. White's f6 is the only stone next to f4: f6-f4 shuts the first way. Black
    must play d3-c3 (which threatens c3-d3-e3), and d2-d3 fills d3: now c3 (c4, d3), e3,
    e4 (f4 is White's) and e5 are all stuck, Black cannot move and loses. Any other first
    move lets e4-f4 out: no win.
    """
    p = BY_ID["dddfa878"]
    assert (p.goal, p.moves, p.cls, p.learner) == ("win_in_n", 2, "4-4", "white")
    start = p.start
    assert set(start.stones("white")) == {"f6", "d5", "c4", "d2"}
    assert set(start.stones("black")) == {"e5", "e4", "e3", "d3"}
    assert p.line == ("f6-f4", "d3-c3", "d2-d3")
    black_moves = Position.from_text(start.to_text().replace(" w ", " b ")).legal_moves
    assert black_moves == ("d3-c3", "e4-f4")
    after = start.play("f6-f4")
    assert after.legal_moves == ("d3-c3",)
    end = after.play("d3-c3").play("d2-d3")
    assert end.legal_moves == () and end.outcome.winner == "white"
    assert str(end.outcome.termination) == "blocked" and "blockade" in p.themes
    assert [t for t, r in p.values.items() if r == "win"] == ["f6-f4"]


def test_hand_checked_the_only_block_saves_the_draw():
    """d8f9b260 (4-3, save the draw). Black: a4 b4 f4 g4 (sliding); White: e5 e3 g1 (flying).

    White threatens to fly g1 to e4 and close e3-e4-e5; it is White's only threat (g1
    shares no line with e5 or e3). e4's neighbours are e5 and e3 (White's) and f4: only
    f4-e4 blocks it. After any other Black move White closes the mill and takes a stone;
    the tables say Black then loses (the refutations are those mills), while after f4-e4
    nothing wins for either side. Black has no mill of its own to close (a4-b4 needs c4,
    reachable only by b4 itself; f4-g4 needs e4, reachable only by f4 itself).
    """
    p = BY_ID["d8f9b260"]
    assert (p.goal, p.cls, p.learner, p.answer) == ("save_draw", "4-3", "black", "f4-e4")
    start = p.start
    assert set(start.stones("black")) == {"a4", "b4", "f4", "g4"}
    assert set(start.stones("white")) == {"e5", "e3", "g1"}
    assert not any("x" in t for t in start.legal_moves)  # Black closes no mill
    white = Position.from_text(start.to_text().replace(" b ", " w "))
    assert {t.split("x")[0] for t in white.legal_moves if "x" in t} == {"g1-e4"}
    assert [t for t in start.legal_moves if t.endswith("-e4")] == ["f4-e4"]
    assert [t for t, r in p.values.items() if r != "loss"] == ["f4-e4"]
    for wrong, reply in p.refutations.items():
        assert reply.startswith("g1-e4x") or wrong == "b4-c4", (wrong, reply)
    assert "block" in p.themes and "save_draw" in p.themes


# -- The miner ------------------------------------------------------------------------------------


def test_the_miner_is_deterministic_and_its_puzzles_hold(cache, tmp_path):
    settings = MineSettings(classes=("3-3",), seed=7, per_kind=1, max_moves=2, max_samples=3000)
    first, report = mine(tmp_path / "a.jsonl", settings, cache=cache)
    again, _ = mine(tmp_path / "b.jsonl", settings, cache=cache)
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert first == again and report.puzzles == len(first) >= 3
    for p in first:
        check_puzzle(p, T.Tables(cache))


def test_the_miner_names_the_command_for_a_missing_table(tmp_path):
    with pytest.raises(DokuzTasPuzzleError) as caught:
        mine(None, MineSettings(classes=("3-3",)), cache=tmp_path)
    assert "mangala-edu tables build --rules dokuz-tas 3-3" in caught.value.message("en")


# -- The command line -----------------------------------------------------------------------------


def test_verify_on_the_command_line(user_cache, capsys):
    pool = provable(user_cache)
    path = user_cache / "some.jsonl"
    path.write_text("".join(p.to_json() + "\n" for p in pool[:4]), "utf-8")
    args = ["puzzles", "verify", "--rules", "dokuz-tas", "--file", str(path), "--jobs", "1"]
    assert main(["--lang", "en", *args]) == 0
    assert "4 puzzles re-proven, 0 did not hold" in capsys.readouterr().out
    bad = replace(pool[0], distance=pool[0].distance + 1)
    path.write_text(bad.to_json() + "\n", "utf-8")
    assert main(["--lang", "en", *args, "--json"]) == 1
    line = json.loads(capsys.readouterr().out)
    assert line["id"] == bad.id and not line["proven"] and "distance" in line["problem"]


def test_mine_and_stats_on_the_command_line(user_cache, tmp_path, capsys):
    out = tmp_path / "mined.jsonl"
    args = ["puzzles", "mine", "--rules", "dokuz-tas", "--classes", "3-3", "--per-kind", "1"]
    assert main([*args, "--max-samples", "2000", "-o", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["puzzles"] == len(read_puzzles(out)) >= 1
    assert main(["--lang", "en", "puzzles", "stats", "--rules", "dokuz-tas"]) == 0
    assert f"Total: {len(PUZZLES)} puzzles" in capsys.readouterr().out
    assert main(["puzzles", "list", "--rules", "dokuz-tas", "--theme", "Koşan üçlü"]) == 0


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["puzzles", "mine", "--rules", "dokuz-tas", "--games", "3"], "--games does not go"),
        (["puzzles", "mine", "--rules", "dokuz-tas", "--classes", "2-9"], "not a class"),
        (["puzzles", "mine", "--rules", "dokuz-tas", "--per-kind", "0"], "at least 1"),
        (["puzzles", "mine", "--classes", "3-3", "--games", "1"], "only with --rules dokuz-tas"),
        (["puzzles", "show", "nope", "--rules", "dokuz-tas"], "no Dokuz Taş puzzle 'nope'"),
        (["puzzles", "list", "--rules", "dokuz-tas", "--theme", "x"], "Unknown theme 'x'"),
        (["puzzles", "list", "--rules", "dokuz-tas", "--phase", "endgame"], "--phase does not"),
    ],
)
def test_wrong_arguments_give_one_clear_line(capsys, argv, said):
    assert main(["--lang", "en", *argv]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1, err


def test_mangala_mine_still_needs_games(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["puzzles", "mine"])
    assert caught.value.code == 2
    assert "--games" in capsys.readouterr().err
