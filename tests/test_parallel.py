"""Many positions at once: map_work here, over local processes, and over a local Dask cluster;
``mangala-edu analyse`` over several records with ``--jobs`` and ``--scheduler``."""

from __future__ import annotations

import json

import pytest

from mangala_edu import Game, Position
from mangala_edu.cli import main
from mangala_edu.search import solve
from mangala_edu.search.parallel import map_work, solve_one, solve_texts

TEXTS = [
    "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S",
    "1,0,2,0,1,0,20/1,0,2,0,0,0,21 N",
    "1,0,2,0,3,0,18/0,2,1,1,2,0,18 S",
    "2,1,0,1,1,0,18/0,1,3,0,2,1,18 S",
]


def expected(text: str) -> dict[str, object]:
    sol = solve(Position.from_text(text))
    return {"position": text, "value": sol.value, "best_moves": list(sol.best_moves)}


def fails_on_three(x: int) -> int:
    if x == 3:
        raise ValueError("three")
    return x * 10


def test_map_work_here_and_in_processes_keeps_the_order() -> None:
    seen: list[tuple[int, int]] = []
    assert list(map_work(abs, [-3, 1, -2], jobs=1, progress=lambda d, t: seen.append((d, t)))) == [
        3,
        1,
        2,
    ]
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert solve_texts(TEXTS, jobs=2) == [expected(t) for t in TEXTS]
    with pytest.raises(ValueError, match="three"):
        list(map_work(fails_on_three, [1, 2, 3, 4], jobs=2))


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
    ) as local:
        assert local.scheduler_address.startswith("tcp://127.0.0.1:")
        yield local.scheduler_address


def test_map_work_over_a_dask_cluster(cluster: str) -> None:
    done: list[int] = []
    out = solve_texts(TEXTS, scheduler=cluster, progress=lambda d, t: done.append(d))
    assert out == [expected(t) for t in TEXTS]
    assert done[-1] == len(TEXTS)
    assert solve_one((TEXTS[0], "official")) == expected(TEXTS[0])


def records(tmp_path) -> list[str]:
    paths = []
    for i, (text, moves) in enumerate(
        [("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S", [5]), ("1,0,2,0,3,0,18/0,2,1,1,2,0,18 S", [1, 2])]
    ):
        path = tmp_path / f"game{i}.json"
        Game(start=Position.from_text(text), moves=moves).save(path)
        paths.append(str(path))
    return paths


def test_analyse_many_records_locally_and_on_dask(tmp_path, capsys, cluster: str) -> None:
    paths = records(tmp_path)
    assert main(["analyse", "--json", "--time-per-move", "0.5", *paths]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["record"] for line in lines] == [paths[0], paths[1], paths[1]]
    assert lines[0]["best_moves"] == [6] and lines[0]["verdict"] == "mistake"
    assert (
        main(["analyse", "--json", "--time-per-move", "0.5", "--scheduler", cluster, *paths]) == 0
    )
    again = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert again == lines
    assert main(["--lang", "en", "analyse", "--jobs", "0", *paths]) == 2
    assert "at least 1" in capsys.readouterr().err
