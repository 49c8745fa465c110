"""The rule lessons' tasks a learner solved, saved in their progress file.

A lesson notebook says who is learning (``track_lessons("Ayşe")``); from then on every task
or prediction solved in that notebook is recorded (``"lesson05.task1"`` with the time). A
lesson never fails because of this: a progress file that cannot be written is skipped here
(and reported when the learner opens their puzzles or progress).

>>> import tempfile
>>> from mangala_edu.progress import ProgressStore
>>> store = ProgressStore(tempfile.mkdtemp())
>>> track_lessons("Deniz", store)
>>> task_solved("lesson05.task1")
>>> sorted(store.load("Deniz").lessons)
['lesson05.task1']
>>> stop_tracking(); task_solved("lesson05.task2")
>>> sorted(store.load("Deniz").lessons)
['lesson05.task1']
"""

from __future__ import annotations

import contextlib
from datetime import datetime, timezone

from ..progress_store import ProgressError, ProgressStore

_tracked: tuple[str, ProgressStore] | None = None


def track_lessons(name: str, store: ProgressStore | None = None) -> None:
    """Record the tasks solved from now on under ``name`` (in ``store``, default: the user's
    progress folder or ``$MANGALA_EDU_PROGRESS``)."""
    global _tracked
    store = store or ProgressStore()
    store.path(name)  # a name that makes no file name is refused at once
    _tracked = (name, store)


def stop_tracking() -> None:
    """Record nothing more."""
    global _tracked
    _tracked = None


def task_solved(task: str) -> None:
    """A lesson's task was solved (called by the lessons' tasks)."""
    if _tracked is None:
        return
    name, store = _tracked
    with contextlib.suppress(ProgressError, OSError):
        store.task_done(name, task, datetime.now(timezone.utc).isoformat(timespec="seconds"))
