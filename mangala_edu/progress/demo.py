"""A demonstration class: pupils (played by the computer levels) who did some puzzles.

For the teachers' notebook and the tests: :func:`make_demo_class` fills a folder with the
progress files of a few pupils, each played by a computer level through the real trainer
(:class:`~mangala_edu.puzzles.trainer.TrainerSession`): a pupil moves as their level
would, tries again after a wrong move, asks for the solution after two wrong moves. The same
seed gives the same files (fixed clock and dates).

>>> import tempfile
>>> from mangala_edu.progress import ProgressStore
>>> folder = make_demo_class(tempfile.mkdtemp(), pupils={"Ayşe": "orta"}, attempts=2)
>>> [(p.name, len(p.attempts)) for p in ProgressStore(folder).learners()]
[('Ayşe', 2)]
"""

from __future__ import annotations

from pathlib import Path

from ..progress_store import ProgressStore
from ..puzzles.collection import Collection
from ..puzzles.trainer import PuzzleRun, TrainerSession
from ..search.arena import computer_turns
from ..search.players import Player

DEMO_PUPILS = {"Ayşe": "orta", "Can": "kolay", "Deniz": "zor", "Elif": "kolay", "Mert": "orta"}
"""The demonstration class: each pupil's name and the level that plays for them."""


class _Clock:
    """A clock that moves 23 seconds at every reading (reproducible attempt times)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 23.0
        return self.now


def make_demo_class(
    folder: str | Path,
    *,
    pupils: dict[str, str] | None = None,
    attempts: int = 8,
    seed: int = 1,
    collection: Collection | None = None,
) -> Path:
    """Write the progress files of a demonstration class into ``folder``; returns it."""
    folder = Path(folder)
    store = ProgressStore(folder)
    collection = collection or Collection.shipped()
    for k, (name, level) in enumerate((pupils or DEMO_PUPILS).items()):
        session = TrainerSession(
            collection,
            name,
            store,
            seed=seed + k,
            clock=_Clock(),
            now=lambda: "2026-03-02T10:00:00+03:00",
        )
        player = Player(level, seed=seed + k, time_scale=0.3)
        for _ in range(attempts):
            run = session.next_puzzle()
            _attempt(run, player)
            session.finish(run)
    return folder


def _attempt(run: PuzzleRun, player: Player) -> None:
    """A pupil's attempt at a puzzle: their level chooses the moves; after a second wrong
    move they ask for the solution."""
    turns = computer_turns(
        run, {run.puzzle.learner: player}, play=run.move, done=lambda: run.finished
    )
    for move in turns:
        if not move.played.right and run.wrong >= 2:
            run.solution()
