"""A learner's saved progress (puzzle attempts, ratings, lesson tasks) and the class view.

:mod:`mangala_edu.progress_store` keeps one JSON file per learner, written atomically under a
lock (a module of its own, beside this package, so that the puzzle trainer writes to it without
importing this package: :mod:`mangala_edu.puzzles` never imports :mod:`mangala_edu.progress`);
:mod:`.views` shows a learner's progress and a whole class folder (and deletes a pupil's files);
:mod:`.panel` is "my progress" with a name box of its own, for the pupil view.
"""

from ..progress_store import ENV, Progress, ProgressError, ProgressStore, progress_dir
from .lessons import stop_tracking, track_lessons

__all__ = [
    "ENV",
    "Progress",
    "ProgressError",
    "ProgressStore",
    "progress_dir",
    "stop_tracking",
    "track_lessons",
]
