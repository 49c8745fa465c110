"""Map work over the local cores or a Dask cluster, results in input order.

:func:`map_work` is the one way the package spreads long jobs (mining puzzles, re-proving a
collection) over processes: ``func`` must be a top-level function (picklable) and each item
picklable too.

- ``jobs=1``: in this process, one item after another (no pickling, easiest to debug);
- ``jobs=None`` or ``jobs > 1``: local processes (:class:`concurrent.futures.ProcessPoolExecutor`,
  every core when ``jobs`` is ``None``);
- ``scheduler="ADDRESS"``: a Dask cluster (``dask.distributed.Client(ADDRESS).map``; the
  optional ``dask[distributed]`` package), so the work can grow past one machine.

Results come back in the order of ``items`` whatever finishes first, so a caller that writes
them as they come writes the same file on one core or on many.

>>> list(map_work(abs, [-3, 1, -2], jobs=1))
[3, 1, 2]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

__all__ = ["default_jobs", "map_work"]


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover (not Linux)
        return os.cpu_count() or 1


def map_work(func: Callable[[T], R], items: Iterable[T], *, jobs: int | None = None,
             scheduler: str | None = None) -> Iterator[R]:
    """``func(item)`` for every item, in input order (see the module's docstring).

    Results are yielded as soon as they and every result before them are ready.
    """
    if scheduler is not None:
        yield from _dask(func, items, scheduler)
        return
    if jobs is None:
        jobs = default_jobs()
    if jobs == 1:
        for item in items:
            yield func(item)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        # Bounded look-ahead: submit a few items per worker, yield in order as they finish.
        window = 2 * max(1, jobs)
        pending: list[Any] = []
        for item in items:
            pending.append(pool.submit(func, item))
            if len(pending) >= window:
                yield pending.pop(0).result()
        for future in pending:
            yield future.result()


def _dask(func: Callable[[T], R], items: Iterable[T], scheduler: str) -> Iterator[R]:
    from dask.distributed import Client

    with Client(scheduler) as client:
        futures = client.map(func, list(items), pure=False)
        for future in futures:
            yield future.result()
