"""A learner's saved progress (puzzle attempts, ratings, lesson tasks) and the class view.

:mod:`.store` keeps one JSON file per learner, written atomically under a lock;
:mod:`.views` shows a learner's progress and a whole class folder.
"""

from .lessons import stop_tracking, track_lessons
from .store import ENV, Progress, ProgressError, ProgressStore, progress_dir

__all__ = [
    "ENV",
    "Progress",
    "ProgressError",
    "ProgressStore",
    "progress_dir",
    "stop_tracking",
    "track_lessons",
]
