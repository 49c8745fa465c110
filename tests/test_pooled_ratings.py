"""Pooled puzzle ratings (:mod:`mangala_edu.puzzles.pooled`): the replay is Glicko-2 as the
trainer applies it, it does not depend on the order of files and folders, bad input is
reported and leaves nothing written, the command speaks Turkish, and a simulated class's
ratings find the puzzles' true difficulty."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from mangala_edu.progress.views import ClassView
from mangala_edu.progress_store import ProgressStore
from mangala_edu.puzzles import pooled
from mangala_edu.puzzles.collection import Collection
from mangala_edu.puzzles.rating import LEARNER_MAX_RD, LEARNER_START, Rating, glicko2

ROOT = Path(__file__).parents[1]
FIRST = {"p1": Rating(1300, 250), "p2": Rating(1500, 250), "p3": Rating(1700, 200)}
START = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)


def _save(folder: Path, plays: list[tuple[str, str, bool, int]]) -> None:
    """Save ``(learner, puzzle, clean, minute)`` attempts, minutes after :data:`START`."""
    store = ProgressStore(folder)
    for name, puzzle, clean, minute in plays:
        at = (START + timedelta(minutes=minute)).isoformat()
        store.add_attempt(name, {"puzzle": puzzle, "solved": clean, "clean": clean, "at": at})


def _by_hand(plays: list[tuple[str, str, bool, int]]) -> dict[str, Rating]:
    """Glicko-2 applied by hand: in time order, each attempt one rating period of one game
    for the learner (deviation capped) and one for the puzzle; a learner's later attempts at
    a puzzle are not rated."""
    learners: dict[str, Rating] = {}
    puzzles = dict(FIRST)
    rated = set()
    for name, puzzle, clean, _ in sorted(plays, key=lambda p: p[3]):
        if (name, puzzle) in rated:
            continue
        rated.add((name, puzzle))
        me = learners.get(name, LEARNER_START)
        me = replace(me, rd=min(me.rd, LEARNER_MAX_RD))
        score = 1.0 if clean else 0.0
        learners[name] = glicko2(me, [(puzzles[puzzle], score)])
        puzzles[puzzle] = glicko2(puzzles[puzzle], [(me, 1.0 - score)])
    return puzzles


def _random_plays(seed: int, n: int = 40) -> list[tuple[str, str, bool, int]]:
    rng = random.Random(seed)
    names = ["Ayşe", "Can", "Deniz", "Ece", "Emre"]
    minutes = rng.sample(range(1000), n)  # distinct times
    return [(rng.choice(names), rng.choice(sorted(FIRST)), rng.random() < 0.5, m) for m in minutes]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pooling_is_glicko2_applied_by_hand(tmp_path, seed):
    plays = _random_plays(seed)
    _save(tmp_path, plays)
    got = pooled.pool_folders([tmp_path], first=FIRST)
    want = _by_hand(plays)
    assert got.ratings, "some attempts count"
    for puzzle, r in got.ratings.items():
        assert r.rating == want[puzzle], puzzle
        assert r.attempts == len({(n, p) for n, p, _, _ in plays if p == puzzle})
        assert r.learners == len({n for n, p, _, _ in plays if p == puzzle})
    assert got.repeats == len(plays) - len({(n, p) for n, p, _, _ in plays})
    assert set(FIRST) - set(got.ratings) == {
        p for p in FIRST if all(q != p for _, q, _, _ in plays)
    }


def test_the_order_of_folders_and_files_does_not_matter(tmp_path):
    plays = _random_plays(7, 60)
    a, b, c = tmp_path / "5A", tmp_path / "5B", tmp_path / "5C"
    _save(a, [p for p in plays if p[0] in ("Ayşe", "Can")])
    _save(b, [p for p in plays if p[0] not in ("Ayşe", "Can")])
    _save(c, list(reversed(plays)))  # the same attempts, saved in the other order
    one = pooled.pool_folders([a, b], first=FIRST)
    other = pooled.pool_folders([b, a], first=FIRST)
    assert one.to_dict() == other.to_dict()
    assert one.to_dict()["ratings"] == pooled.pool_folders([c], first=FIRST).to_dict()["ratings"]
    both = pooled.pool_folders([a, c], first=FIRST)  # Ayşe in 5A and Ayşe in 5C: two learners
    assert both.learners == one.learners + 2


def test_pooling_one_class_gives_the_ratings_its_trainers_kept(tmp_path):
    """The trainer rates each attempt as it comes, in the folder's shared file; replaying the
    saved attempts gives the same ratings (to the saved files' rounding). (A session open
    for a whole lesson rates its learner against the puzzles' ratings it read when it
    started: then the learner's rating, and through it the puzzles', differ a little.)"""
    from mangala_edu.puzzles.trainer import TrainerSession

    collection = Collection(Collection.shipped().puzzles[:60])
    store = ProgressStore(tmp_path)
    ticks = iter(range(10_000))

    def now() -> str:
        return (START + timedelta(minutes=next(ticks))).isoformat(timespec="seconds")

    rng = random.Random(5)
    for k in range(12):  # each attempt in a session that reads the folder afresh
        name = rng.choice(["Ayşe", "Can", "Deniz"])
        session = TrainerSession(collection, name, store, seed=k, now=now)
        run = session.next_puzzle()
        if rng.random() < 0.5:
            while not run.finished:
                run.move(run.expected)
        else:
            run.solution()
        assert session.finish(run).saved
    kept = store.puzzle_ratings()
    got = pooled.pool_folders([tmp_path], first=pooled.first_ratings()).ratings
    assert set(got) == set(kept)
    for puzzle, r in got.items():
        assert abs(r.rating.rating - kept[puzzle][0]) < 0.5, puzzle
        assert abs(r.rating.rd - kept[puzzle][1]) < 0.5, puzzle


def test_attempts_at_unknown_puzzles_are_reported_and_left_out(tmp_path):
    plays = [("Ayşe", "p1", True, 1), ("Ayşe", "gone", False, 2), ("Can", "gone", True, 3)]
    _save(tmp_path, plays)
    got = pooled.pool_folders([tmp_path], first=FIRST)
    assert got.unknown == {"gone": 2}
    assert got.attempts == 1
    assert got.ratings["p1"].rating == _by_hand(plays[:1])["p1"]


def test_a_damaged_file_is_reported_and_nothing_is_written(tmp_path):
    _save(tmp_path, [("Ayşe", "p1", True, 1), ("Can", "p2", False, 2)])
    (tmp_path / "Deniz.json").write_text('{"format": "mangala_edu.progress", "na', "utf-8")
    bad = json.loads((tmp_path / "Can.json").read_text("utf-8"))
    del bad["attempts"][0]["clean"]
    (tmp_path / "Can.json").write_text(json.dumps(bad), "utf-8")
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(pooled.PooledRatingsError) as error:
        pooled.pool_folders([tmp_path], first=FIRST)
    said = error.value.message("en")
    assert "2 damaged progress files" in said and "Deniz.json" in said and "Can.json" in said
    assert "clean" in said and "Nothing was written" in said
    assert "Hiçbir şey yazılmadı" in error.value.message("tr")
    assert sorted(os.listdir(tmp_path)) == before


def test_a_missing_folder_or_an_empty_one_is_an_error(tmp_path):
    with pytest.raises(pooled.PooledRatingsError, match="There is no folder"):
        pooled.pool_folders([tmp_path / "yok"], first=FIRST)
    with pytest.raises(pooled.PooledRatingsError, match="holds no progress file"):
        pooled.pool_folders([tmp_path], first=FIRST)


def test_the_file_is_written_beside_the_progress_files_and_loads_back(tmp_path):
    _save(tmp_path, _random_plays(4))
    result = pooled.pool_folders([tmp_path], first=FIRST)
    path = pooled.write(result, pooled.default_output([tmp_path]))
    assert path.parent == tmp_path
    loaded = pooled.load(tmp_path)
    assert loaded == {k: Rating.from_list(r.rating.to_list()) for k, r in result.ratings.items()}
    assert pooled.load(tmp_path, "dokuz_tas") == {}  # none pooled for that game yet
    view = ClassView(tmp_path)
    assert view.damaged == [] and len(view.pupils) == len({p[0] for p in _random_plays(4)})
    path.write_text("{", "utf-8")
    with pytest.raises(pooled.PooledRatingsError, match="not a pooled puzzle ratings file"):
        pooled.load(tmp_path)
    with pytest.raises(pooled.PooledRatingsError, match="inside the package"):
        pooled.write(result, ROOT / "mangala_edu" / "x.pooled.json")
    with pytest.raises(pooled.PooledRatingsError, match="Several folders"):
        pooled.default_output([tmp_path, tmp_path / "other"])


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "MANGALA_EDU_LANG"}  # Turkish by default
    return subprocess.run(
        [sys.executable, "-m", "mangala_edu.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=ROOT,
    )


def test_the_command_pools_a_class_in_turkish(tmp_path):
    ids = sorted(pooled.first_ratings())[:3]
    plays = [(n, ids[k % 3], (k + len(n)) % 2 == 0, k) for k, n in enumerate(["Ayşe", "Can"] * 4)]
    plays.append(("Can", "yok-boyle-bir-bulmaca", True, 50))
    _save(tmp_path, plays)
    done = _cli("puzzles", "ratings", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "yazıldı: 3 bulmacanın puanı, 2 öğrencinin" in done.stdout
    assert "Koleksiyonda olmayan bir bulmacanın denemeleri sayılmadı: yok-boyle-bir-bulmaca" in (
        done.stderr
    )
    written = json.loads((tmp_path / "puzzle-ratings.pooled.json").read_text("utf-8"))
    assert sorted(written["ratings"]) == ids and written["learners"] == 2
    assert "Ayşe" not in json.dumps(written, ensure_ascii=False)  # no learner's name
    out = tmp_path / "out" / "5A.pooled.json"
    out.parent.mkdir()
    done = _cli("--lang", "en", "puzzles", "ratings", str(tmp_path), "-o", str(out), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["unknown"] == {"yok-boyle-bir-bulmaca": 1}
    assert json.loads(out.read_text("utf-8"))["ratings"] == written["ratings"]


def test_the_command_refuses_bad_input_in_one_line(tmp_path):
    missing = _cli("puzzles", "ratings", str(tmp_path / "yok"))
    assert missing.returncode == 2
    assert "klasörü yok" in missing.stderr and len(missing.stderr.splitlines()) == 1
    _save(tmp_path, [("Ayşe", "p1", True, 1)])
    (tmp_path / "Can.json").write_text("[]", "utf-8")
    damaged = _cli("puzzles", "ratings", str(tmp_path))
    assert damaged.returncode == 2 and "Bozuk ilerleme dosyası" in damaged.stderr
    assert not (tmp_path / "puzzle-ratings.pooled.json").exists()
    no_args = _cli("puzzles", "ratings")
    assert no_args.returncode == 2 and "FOLDER" in no_args.stderr
    wrong_name = _cli("puzzles", "ratings", str(tmp_path), "-o", str(tmp_path / "x.json"))
    assert wrong_name.returncode == 2 and ".pooled.json" in wrong_name.stderr


def test_rounds_fed_one_after_the_other_give_the_pooling_of_all(tmp_path):
    plays = _random_plays(9, 50)
    _save(tmp_path, plays)
    attempts = pooled.read_attempts([tmp_path])
    replay = pooled.Replay(FIRST)
    for k in range(0, len(attempts), 7):
        replay.feed(attempts[k : k + 7])
    assert replay.result() == pooled.pool(attempts, FIRST)


def _bench():
    spec = importlib.util.spec_from_file_location(
        "puzzle_ratings", ROOT / "bench" / "puzzle_ratings.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["puzzle_ratings"] = module
    spec.loader.exec_module(module)
    return module


def test_a_small_simulated_class_finds_the_true_difficulty():
    bench = _bench()
    rng = random.Random(11)
    first = {f"q{k:03d}": Rating(rng.uniform(900, 1900), 250) for k in range(60)}
    rows = bench.simulate(
        first, pupils=30, classes=2, per_round=10, error=300, checkpoints=(0, 40), seed=3
    )
    start, end = rows
    assert start.attempts == 0 and end.attempts >= 40
    assert end.mean < 0.6 * start.mean, (start, end)
    assert end.p90 < start.p90 and end.in_band > start.in_band
    assert end.pupils_live < 0.5 * start.pupils_live
    assert "| attempts a puzzle |" in bench.table(rows)


def test_the_class_view_pools_its_folder(tmp_path):
    plays = _random_plays(6)
    _save(tmp_path, plays)
    view = ClassView(tmp_path, lang="en")
    ids = sorted(pooled.first_ratings())[:1]
    ProgressStore(tmp_path).add_attempt(
        "Ayşe", {"puzzle": ids[0], "solved": True, "clean": True, "at": START.isoformat()}
    )
    said = view.pool_ratings()
    assert said.startswith("Wrote ") and "the rating of 1 puzzle" in said
    assert set(pooled.load(tmp_path)) == set(ids)  # p1..p3 are not in the collection
    view.read()
    assert view.damaged == []


def test_attempts_the_trainer_saved_unrated_are_left_out(tmp_path):
    plays = [("Ayşe", "p1", True, 1), ("Can", "p1", False, 2)]
    _save(tmp_path, plays)
    ProgressStore(tmp_path).add_attempt(
        "Can", {"puzzle": "p2", "clean": True, "rated": False, "at": START.isoformat()}
    )
    got = pooled.pool_folders([tmp_path], first=FIRST)
    assert sorted(got.ratings) == ["p1"] and got.attempts == 2
    assert got.ratings["p1"].rating == _by_hand(plays)["p1"]


def test_a_trainer_takes_the_pooled_rating_where_it_is_surer(tmp_path):
    """A class's trainers read the pooled file in their folder: a puzzle rated from many
    attempts (small deviation) takes the pooled rating; where the folder's own rating is
    surer, the trainer keeps its own."""
    from mangala_edu.puzzles.trainer import TrainerSession

    collection = Collection(Collection.shipped().puzzles[:20])
    a, b = collection.puzzles[:2]
    store = ProgressStore(tmp_path)
    store.update_puzzle_rating(b.id, lambda old: [1111.0, 40.0, 0.06])
    fresh = TrainerSession(collection, "Ayşe", store)
    assert fresh.puzzle_rating(a) == Rating(a.rating, a.rd)  # no pooled file: the first one
    assert fresh.puzzle_rating(b).rating == 1111.0
    result = pooled.Pooled()
    result.ratings[a.id] = pooled.PooledRating(Rating(1876.0, 60.0), 30, 12)
    result.ratings[b.id] = pooled.PooledRating(Rating(1500.0, 90.0), 10, 5)
    pooled.write(result, pooled.default_output([tmp_path]))
    session = TrainerSession(collection, "Ayşe", store)
    assert session.puzzle_rating(a).rating == 1876.0
    assert session.puzzle_rating(b).rating == 1111.0  # the folder's own is surer (40 < 90)
