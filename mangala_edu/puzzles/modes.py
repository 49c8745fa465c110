"""The puzzle trainer's modes beyond "near my rating": a streak, a timed run, the puzzles the
learner missed (a Leitner review queue), and the learner's rating history.

The session (:class:`~.trainer.TrainerSession`, shared by both games) uses these pieces; they
hold no widget and read the time only through the clock they are given, so that tests never
wait.

**Streak** (:class:`Streak`): puzzles one after another, each at least as hard as the one
before (the first near the easiest of the filters' puzzles, then :data:`STREAK_STEP` points
higher for every puzzle solved), until the first miss: a wrong move or the solution asked
for. There are no hints in a streak. The count is the number of puzzles solved; the best
streak is kept in the progress file.

**Timed run** (:class:`TimedRun`): as many puzzles as possible in :data:`TIMED_SECONDS`
(three minutes, as lichess's Puzzle Storm: long enough for ten or so Mangala puzzles for a
pupil, short enough for a round at the end of a lesson); a miss (a wrong move, or the
solution) ends that puzzle and costs :data:`MISS_SECONDS` seconds; no hints. The run ends when
the time is over; its score is the number solved (the best is kept).

>>> ticks = iter([0.0, 30.0, 30.0, 200.0])
>>> run = TimedRun(lambda: next(ticks))
>>> run.left(), run.over()
(150.0, False)
>>> run.over()
True

**Puzzles I missed** (:func:`after_attempt`): every attempt that is not clean (a wrong move, a
hint or the solution) puts the puzzle in box 0 of the learner's review queue, due the next
day. Solved cleanly on or after its day, it moves up a box and waits that box's interval
(:data:`INTERVALS`: 1, 3, 7 and 14 days, a simple Leitner scheme); solved cleanly in the last
box, it leaves the queue; missed again, it goes back to box 0. A clean solve before its day
changes nothing (the answer may still be remembered).

>>> from datetime import date
>>> day = date(2026, 12, 4)
>>> entry = after_attempt(None, False, day)
>>> entry
{'box': 0, 'due': '2026-12-05'}
>>> after_attempt(entry, True, day) == entry  # not due yet
True
>>> entry = after_attempt(entry, True, date(2026, 12, 5))
>>> entry
{'box': 1, 'due': '2026-12-08'}
>>> after_attempt({"box": 3, "due": "2026-12-04"}, True, day) is None  # learnt
True

**Rating history** (:func:`rating_history`): the learner's puzzle rating after each rated
attempt, read from the saved attempts (the timed run's and the review's attempts change no
rating and are left out), drawn by :func:`history_chart`.

>>> rating_history([{"rating_before": 1200, "rating_after": 1250},
...                 {"rating_before": 1250, "rating_after": 1250, "rated": False},
...                 {"rating_before": 1250, "rating_after": 1230}])
[1200.0, 1250.0, 1230.0]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from ..display.svg_chart import Panel, SvgChart
from ..i18n import t
from ..progress_store import START_RATING

STREAK_STEP = 50
"""How many rating points each streak puzzle aims above the one before (a band is 300)."""
TIMED_SECONDS = 180.0
"""The length of a timed run: three minutes (lichess's Puzzle Storm)."""
MISS_SECONDS = 10.0
"""What a miss costs in a timed run (lichess's Puzzle Storm: 10 seconds)."""
INTERVALS = (1, 3, 7, 14)
"""The review queue's boxes: days until a missed puzzle is due again, box by box."""
RATED_MODES = ("rated", "streak", "theme", "list")
"""The modes whose attempts change the learner's and the puzzle's ratings: the timed run
does not (a hurried miss says little about the learner, as lichess's storm), nor does the
review of missed puzzles (the learner has seen them, and may remember the answer)."""
ONE_TRY_MODES = ("streak", "timed")
"""The modes where a miss ends the puzzle at once and there are no hints."""


def today_of(now: str) -> date:
    """The day of a time stamp such as the session's ``now()`` gives (ISO 8601; a date alone
    will do).

    >>> today_of("2026-12-04T23:10:00+00:00"), today_of("2026-01-01")
    (datetime.date(2026, 12, 4), datetime.date(2026, 1, 1))
    """
    return datetime.fromisoformat(now).date()


def after_attempt(entry: dict[str, Any] | None, clean: bool, today: date) -> dict[str, Any] | None:
    """A puzzle's review entry after an attempt on ``today`` (``None`` before: not in the
    queue; ``None`` after: not, or no longer, in it); see the module's docstring."""
    if not clean:
        return {"box": 0, "due": (today + timedelta(days=INTERVALS[0])).isoformat()}
    if entry is None or entry["due"] > today.isoformat():
        return entry
    box = entry["box"] + 1
    if box >= len(INTERVALS):
        return None
    return {"box": box, "due": (today + timedelta(days=INTERVALS[box])).isoformat()}


def due(queue: dict[str, dict[str, Any]], today: date) -> list[str]:
    """The puzzles of the queue due on ``today``: the longest waiting first, then the lower
    box, then by id.

    >>> due({"b": {"box": 1, "due": "2026-12-01"}, "a": {"box": 0, "due": "2026-12-03"},
    ...      "c": {"box": 0, "due": "2026-12-01"}, "d": {"box": 0, "due": "2026-12-09"}},
    ...     date(2026, 12, 4))
    ['c', 'b', 'a']
    """
    ready = [(e["due"], e["box"], k) for k, e in queue.items() if e["due"] <= today.isoformat()]
    return [k for _, _, k in sorted(ready)]


def next_due(queue: dict[str, dict[str, Any]]) -> date | None:
    """The first day a puzzle of the queue is due (``None``: the queue is empty)."""
    days = [e["due"] for e in queue.values()]
    return date.fromisoformat(min(days)) if days else None


def rating_history(attempts: Iterable[dict[str, Any]]) -> list[float]:
    """The rating before the first rated attempt, then after each (see the module's
    docstring); empty while there is none."""
    rated = [a for a in attempts if a.get("rated", True) and "rating_after" in a]
    if not rated:
        return []
    first = float(rated[0].get("rating_before", START_RATING[0]))
    return [first] + [float(a["rating_after"]) for a in rated]


def history_chart(values: list[float], lang: str | None = None) -> SvgChart:
    """The rating history as a small chart (SVG: it shows in a widget and where matplotlib
    is missing alike).

    >>> chart = history_chart([1200.0, 1250.0, 1230.0], "en")
    >>> "My puzzle rating" in chart.svg and chart.svg.count("<circle") == 3
    True
    """
    panel = Panel(
        t("modes.history.title", lang),
        xlabel=t("modes.history.attempt", lang),
        ylabel=t("modes.history.rating", lang),
        integer_x=True,
    )
    panel.line(range(len(values)), values, "#2f5d50", dots=len(values) <= 60)
    return SvgChart([panel], 640, 260, alt=panel.title)


@dataclass
class Streak:
    """A streak under way: how many solved, the rating the next puzzle must reach, the
    puzzles already met (none comes twice), and whether a miss ended it."""

    low: float
    count: int = 0
    floor: float = 0.0
    used: set[str] = field(default_factory=set)
    over: bool = False

    @property
    def target(self) -> float:
        """The rating the next puzzle aims at.

        >>> s = Streak(900.0)
        >>> s.target, Streak(900.0, count=4).target
        (900.0, 1100.0)
        """
        return self.low + STREAK_STEP * self.count


class TimedRun:
    """A timed run under way, read with ``clock`` (seconds, as :func:`time.monotonic`): the
    puzzles solved and missed, the time left (see the module's docstring)."""

    def __init__(self, clock: Callable[[], float], seconds: float = TIMED_SECONDS) -> None:
        self.clock = clock
        self.seconds = seconds
        self.started = clock()
        self.solved = 0
        self.missed = 0
        self.used: set[str] = set()
        self.ended = False

    def left(self) -> float:
        """Seconds left (a miss took :data:`MISS_SECONDS`), never below 0."""
        spent = self.clock() - self.started + MISS_SECONDS * self.missed
        return max(0.0, round(self.seconds - spent, 1))

    def over(self) -> bool:
        """Whether the time is over (or the run was ended)."""
        return self.ended or self.left() <= 0

    def __repr__(self) -> str:
        return f"TimedRun(solved={self.solved}, missed={self.missed}, ended={self.ended})"
