"""Work on many positions at once: over this machine's cores, or over a Dask cluster.

:func:`map_work` is the one helper: it applies a function to many items and yields the results
in the items' order, as they come in. Where the work runs:

* ``jobs=1``: here, in this process (no pool; the simplest to debug);
* ``jobs=N`` (default: every core): N worker processes on this machine;
* ``scheduler="tcp://HOST:8786"``: the workers of a running Dask cluster
  (``pip install "mangala_edu[dask]"`` brings ``distributed``; start one with
  ``dask scheduler`` and ``dask worker tcp://HOST:8786`` on each machine, every one with
  mangala_edu installed).

The function and the items must be picklable (a function defined at module level, items of
plain data: position texts, dicts, paths). ``progress(done, total)`` is called in this process
as results arrive. The puzzle miner, the analysis of a file of games and the benchmarks use it;
other work can too:

>>> from mangala_edu.search.parallel import map_work, solve_texts
>>> list(map_work(abs, [-3, 1, -2], jobs=1))
[3, 1, 2]
>>> solve_texts(["0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"], jobs=1)
[{'position': '0,0,0,0,2,1,20/1,0,0,0,0,1,23 S', 'value': -2, 'best_moves': [6]}]

For the search of *one* position over every core see
:meth:`.compiled.CompiledSolver.parallel_values` (threads sharing one transposition table).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from .errors import SearchError

__all__ = ["ParallelError", "default_jobs", "map_work", "solve_one", "solve_texts"]

T = TypeVar("T")
R = TypeVar("R")


class ParallelError(SearchError, RuntimeError):
    """Work that cannot be spread as asked (a Dask cluster without Dask installed); a
    ``RuntimeError`` as it always was."""


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover (not Linux)
        return os.cpu_count() or 1


def map_work(
    fn: Callable[[T], R],
    items: Iterable[T],
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[R]:
    """Yield ``fn(item)`` for every item, in order, computed here (``jobs=1``), in ``jobs``
    local processes (default: every core), or on the Dask cluster at ``scheduler``.

    An exception raised by ``fn`` is raised again here, for the first item that failed.
    """
    work = list(items)
    total = len(work)
    if progress is not None:
        progress(0, total)
    if scheduler:
        yield from _dask(fn, work, scheduler, progress)
        return
    jobs = jobs or default_jobs()
    if jobs <= 1 or total <= 1:
        for done, item in enumerate(work, start=1):
            result = fn(item)
            if progress is not None:
                progress(done, total)
            yield result
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # "spawn": a fresh interpreter per worker, safe beside threads (numba's, the timer's).
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(jobs, total), mp_context=context) as pool:
        futures = [pool.submit(fn, item) for item in work]
        yield from _in_order(futures, total, progress)


def _in_order(
    futures: list[Any], total: int, progress: Callable[[int, int], None] | None
) -> Iterator[Any]:
    from concurrent.futures import as_completed

    finished: set[int] = set()
    index = {id(f): i for i, f in enumerate(futures)}
    nxt = 0
    for done, f in enumerate(as_completed(futures), start=1):
        finished.add(index[id(f)])
        if progress is not None:
            progress(done, total)
        while nxt in finished:
            yield futures[nxt].result()
            nxt += 1


def _dask(
    fn: Callable[[T], R], work: list[T], scheduler: str, progress: Callable[[int, int], None] | None
) -> Iterator[R]:
    try:
        from distributed import Client
    except ImportError as exc:  # pragma: no cover - extra not installed
        raise ParallelError("parallel.no_dask", command="pip install 'mangala_edu[dask]'") from exc
    client = Client(scheduler, set_as_default=False)
    try:
        futures = client.map(fn, work, pure=False)
        for done, f in enumerate(futures, start=1):  # every item runs at once; in order
            result = f.result()
            if progress is not None:
                progress(done, len(work))
            yield result
    finally:
        client.close()


def solve_one(item: str | tuple[str, str]) -> dict[str, object]:
    """Solve one position given as text (or ``(text, rules name)``): a worker function for
    :func:`map_work`. Returns ``{"position", "value", "best_moves"}``."""
    from ..engine.position import Position
    from ..engine.rules import Rules
    from .solver import solve

    text, rules = (item, "official") if isinstance(item, str) else item
    pos = Position.from_text(text, Rules.from_name(rules))
    sol = solve(pos)
    return {"position": text, "value": sol.value, "best_moves": list(sol.best_moves)}


def solve_texts(
    texts: Iterable[str | tuple[str, str]],
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, object]]:
    """Solve many positions (texts, or ``(text, rules name)`` pairs) with :func:`map_work`."""
    return list(map_work(solve_one, texts, jobs=jobs, scheduler=scheduler, progress=progress))
