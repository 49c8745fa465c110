"""The puzzle trainer's logic: one attempt at a puzzle, and a session of attempts.

:class:`PuzzleRun` is one attempt: the learner's moves are checked against the proven line; a
right move brings the opponent's reply (a :class:`Reply` with every trace to animate); a wrong
one brings the opponent's refutation and what it cost, then the position is as before for
another try; hints come in three steps (the theme, the rule or the pit to look at, the move);
the solution plays the rest of the line. :class:`TrainerSession` chooses puzzles (filters, a
rated mode near the learner's rating, a theme's puzzles in a row; puzzles the learner never
tried come first, and a new learner's first puzzle is played as South, the side the lessons
teach; a streak, a timed run and the missed puzzles to review, :mod:`.modes`), keeps the
ratings (Glicko-2, the learner's and the puzzle's) and saves every attempt in the learner's
progress file, with the review queue and the best streak and timed run. The widget (:mod:`.widget`) only shows this and forwards
clicks.

>>> from mangala_edu.puzzles.model import Puzzle
>>> p = Puzzle.from_json('{"id": "m0000001", "position": "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S", '
...     '"line": ["S6"], "value": -2, "margin": 6, "goal": "best", "gain": 1, '
...     '"themes": ["quiet_move"], "phase": "endgame", "stones": 5, "rating": 900, "rd": 250, '
...     '"fails": [], "tempting": 0, "steps": [{"values": {"5": -8, "6": -2}, '
...     '"refutations": {"5": ["N1"]}}], "source": "example"}')
>>> run = PuzzleRun(p)
>>> print(run.prompt().text("en"))
South to move: find the best move (every other move loses at least 6 stones).
>>> reply = run.move(5)
>>> reply.right, reply.cost, [t.pit for t in reply.traces]
(False, 6, [5, 1])
>>> print(reply.said.text("en"))
Not this one: it costs 6 stones by the end of the set; your opponent answers with N1.
>>> run.position == p.start
True
>>> run.move(6).right, run.solved, run.clean
(True, True, False)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ..engine import SIDE_NAMES, SOUTH, EventKind, MoveTrace, Position
from ..engine.geometry import SIDE_INITIALS
from ..i18n import Message, t
from ..progress_store import MANGALA, Progress, ProgressError, ProgressStore
from .collection import Collection, check_band, check_theme
from .model import Puzzle, PuzzleError
from .modes import (
    ONE_TRY_MODES,
    RATED_MODES,
    STREAK_STEP,
    Streak,
    TimedRun,
    after_attempt,
    due,
    next_due,
    rating_history,
    today_of,
)
from .pooled import load as load_pooled
from .pooled import surer
from .rating import LEARNER_START, PUZZLE_RD, Rating, attempt, band_of
from .themes import LONG_SOWING, THEMES, theme_about, theme_name, threat

#: The prompt of each goal.
_PROMPTS = {
    "win_set": "puzzle.prompt.win_set",
    "not_lose": "puzzle.prompt.not_lose",
    "gain": "puzzle.prompt.gain",
    "best": "puzzle.prompt.best",
}


class MoveList(Message):
    """Moves as the learner reads them: ``G4 → K2`` in Turkish, ``S4 → N2`` in English (place
    names with each side's initial in the learner's language).

    >>> MoveList(["S4", "N2"]).text("tr"), MoveList(["S4", "N2"]).text("en")
    ('G4 → K2', 'S4 → N2')
    """

    __slots__ = ("names",)

    def __init__(self, names: list[str] | tuple[str, ...]) -> None:
        super().__init__("puzzle.moves")
        self.names = tuple(names)

    def text(self, lang: str | None = None) -> str:
        initials = {"S": SIDE_INITIALS["south"].text(lang), "N": SIDE_INITIALS["north"].text(lang)}
        return t("puzzle.moves", lang).join(initials[n[0]] + n[1:] for n in self.names)

    def __repr__(self) -> str:
        return f"MoveList({list(self.names)!r})"


@dataclass(frozen=True)
class Reply:
    """What a move did: ``right`` or not, every trace to animate (the move, then the
    opponent's reply or refutation), what a wrong move cost, and what to say."""

    right: bool
    traces: tuple[MoveTrace, ...]
    said: Message
    cost: int = 0
    solved: bool = False


def rule_hint(position: Position, pit: int) -> Message:
    """The second hint: the rule or the pit to look at, from what the right move does."""
    trace = position.trace(pit)
    g = position.rules.geometry
    outcome = trace.outcome
    if trace.after.is_over:
        return Message("puzzle.hint.rule.end_of_set")
    if outcome == EventKind.EXTRA_TURN:
        return Message("puzzle.hint.rule.extra_turn")
    if outcome == EventKind.EVEN_CAPTURE:
        return Message("puzzle.hint.rule.even_capture", pit=g.place(trace.last_place).number)
    if outcome == EventKind.EMPTY_CAPTURE:
        return Message("puzzle.hint.rule.empty_capture", pit=g.place(trace.last_place).number)
    if trace.events[0].count >= LONG_SOWING:
        return Message("puzzle.hint.rule.long_sowing", pit=pit, count=trace.events[0].count)
    danger = threat(position)
    if danger >= 2:
        return Message("puzzle.hint.rule.defence", count=danger)
    return Message("puzzle.hint.rule.quiet")


def explanation(puzzle: Puzzle) -> Message:
    """One sentence on why the first move is right (the answer key of a worksheet)."""
    start = puzzle.start
    trace = start.trace(puzzle.line[0])
    g = start.rules.geometry
    pit = trace.pit
    if trace.after.is_over:
        return Message("puzzle.explain.end_of_set", pit=pit, value=puzzle.value)
    if trace.extra_turn:
        return Message("puzzle.explain.extra_turn", pit=pit)
    if trace.outcome == EventKind.EVEN_CAPTURE:
        return Message(
            "puzzle.explain.even_capture",
            pit=pit,
            target=g.place(trace.last_place).number,
            count=trace.captured,
        )
    if trace.outcome == EventKind.EMPTY_CAPTURE:
        return Message(
            "puzzle.explain.empty_capture",
            pit=pit,
            target=g.place(trace.last_place).number,
            count=trace.captured,
        )
    if "defence" in puzzle.themes:
        return Message("puzzle.explain.defence", pit=pit, count=threat(start))
    if "sacrifice" in puzzle.themes:
        return Message("puzzle.explain.sacrifice", pit=pit, count=puzzle.margin)
    return Message("puzzle.explain.quiet", pit=pit, count=puzzle.margin)


class _Played(Protocol):
    @property
    def after(self) -> Any: ...


TraceT = TypeVar("TraceT", bound=_Played)
"""What a move of the game does (Mangala's :class:`~mangala_edu.engine.MoveTrace`, Dokuz
Taş's turn trace)."""


class LineRun(Generic[TraceT]):
    """What an attempt at a puzzle of either game shares: the place in the puzzle's line (the
    next move, the next learner's step), the wrong moves and hints counted, solved or clean,
    the solution and the time taken. A game's run names who played a trace (:meth:`_mover`)
    and checks the learner's moves, gives hints and says the prompt."""

    puzzle: Any
    position: Any

    def __init__(self, puzzle: Any, clock: Callable[[], float] = time.monotonic) -> None:
        self.puzzle = puzzle
        self.position = puzzle.start
        self.index = 0  # the next move of the line
        self.step = 0  # the next learner's step
        self.wrong = 0
        self.hints = 0
        self.solution_shown = False
        self.finished = False
        self._clock = clock
        self.started = clock()
        self.seconds = 0.0

    @property
    def learner(self) -> str:
        return self.puzzle.learner

    @property
    def solved(self) -> bool:
        """True once the learner played the whole line (without asking for the solution)."""
        return self.finished and not self.solution_shown

    @property
    def clean(self) -> bool:
        """Solved at the first try with no hint: a win for the learner's rating."""
        return self.solved and self.wrong == 0 and self.hints == 0

    def solution(self) -> list[TraceT]:
        """Give up: the rest of the line, move by move (the attempt counts as not solved)."""
        if self.finished:
            raise PuzzleError("puzzle.error.finished")
        traces: list[TraceT] = []
        while self.index < len(self.puzzle.line):
            traces.append(self.position.trace(self.puzzle.line[self.index]))
            self._advance(traces[-1])
        self.solution_shown = True
        self._finish()
        return traces

    def give_up(self) -> None:
        """End the attempt as missed, without playing the rest of the line (a streak's or a
        timed run's miss)."""
        if self.finished:
            raise PuzzleError("puzzle.error.finished")
        self.solution_shown = True
        self._finish()

    def _mover(self, trace: TraceT) -> str:
        """The side (or colour) that played ``trace``."""
        raise NotImplementedError

    def _advance(self, trace: TraceT) -> None:
        if self._mover(trace) == self.learner:
            self.step += 1
        self.index += 1
        self.position = trace.after

    def _finish(self) -> None:
        self.finished = True
        self.seconds = round(self._clock() - self.started, 1)


class PuzzleRun(LineRun[MoveTrace]):
    """One attempt at one puzzle (see the module's docstring)."""

    puzzle: Puzzle
    position: Position

    # Reading ---------------------------------------------------------------------------------
    @property
    def history(self) -> tuple[Position, ...]:
        """The earlier positions a player must know here (see
        :attr:`~mangala_edu.engine.game.Game.history`): none, a puzzle's rules do not end a
        game on a repeated position."""
        return ()

    @property
    def expected(self) -> int:
        """The pit number the learner must play now."""
        return self.position.pit_number(self.puzzle.line[self.index])

    def prompt(self) -> Message:
        """What to find: who moves and the goal."""
        p = self.puzzle
        side = SIDE_NAMES[p.learner]
        return Message(_PROMPTS[p.goal], side=side, count=p.gain, margin=p.margin)

    def moves_note(self) -> Message:
        """How many moves the learner must find."""
        return Message("puzzle.prompt.moves", count=self.puzzle.learner_moves)

    # Acting ----------------------------------------------------------------------------------
    def move(self, pit: int | str) -> Reply:
        """The learner plays ``pit`` (a pit number or a place name). Raises
        :class:`~mangala_edu.IllegalMoveError` for a move that cannot be played and
        :class:`~.model.PuzzleError` once the puzzle is over; changes nothing then."""
        if self.finished:
            raise PuzzleError("puzzle.error.finished")
        number = self.position.pit_number(pit)
        if self.position.to_move != self.learner:
            raise PuzzleError("puzzle.error.not_your_turn")
        step = self.puzzle.steps[self.step]
        if number != self.expected:
            self.wrong += 1
            trace = self.position.trace(number)
            traces = [trace]
            pos = trace.after
            refutation = step.refutations.get(number, ())
            for name in refutation:
                traces.append(pos.trace(name))
                pos = traces[-1].after
            cost = step.cost(number)
            if refutation:
                said = Message("puzzle.wrong", count=cost, moves=MoveList(refutation))
            else:
                said = Message("puzzle.wrong.no_reply", count=cost)
            return Reply(False, tuple(traces), said, cost)
        traces = [self.position.trace(number)]
        self._advance(traces[0])
        replies = []
        while self.index < len(self.puzzle.line) and not self.puzzle.is_learner_move(
            self.puzzle.line[self.index]
        ):
            name = self.puzzle.line[self.index]
            traces.append(self.position.trace(name))
            replies.append(name)
            self._advance(traces[-1])
        if self.index >= len(self.puzzle.line):
            self._finish()
            return Reply(True, tuple(traces), Message("puzzle.solved"), solved=True)
        if replies:
            said = Message("puzzle.right.reply", moves=MoveList(replies))
        else:
            said = Message("puzzle.right.again")
        return Reply(True, tuple(traces), said)

    def hint(self) -> tuple[Message, int | None]:
        """The next hint (at most three: the theme, the rule or pit to look at, the move) and
        the pit to ring on the board (only with the third)."""
        if self.finished:
            raise PuzzleError("puzzle.error.finished")
        if self.hints >= 3:
            return Message("puzzle.hint.no_more"), self.expected
        self.hints += 1
        if self.hints == 1:
            theme = next((t for t in self.puzzle.themes if t in THEMES), "quiet_move")
            return Message(
                "puzzle.hint.theme", theme=theme_name(theme), about=theme_about(theme)
            ), None
        if self.hints == 2:
            return Message("puzzle.hint.rule", rule=rule_hint(self.position, self.expected)), None
        return Message("puzzle.hint.move", pit=self.expected), self.expected

    def _mover(self, trace: MoveTrace) -> str:
        return trace.player


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class Outcome:
    """The end of an attempt: was it clean, and both ratings before and after."""

    puzzle: Any  # a Mangala puzzle, or another game's (Dokuz Taş's)
    clean: bool
    before: Rating
    after: Rating
    puzzle_before: Rating
    puzzle_after: Rating
    saved: bool = False
    problem: Message | None = None
    rated: bool = True
    review_before: dict[str, Any] | None = None
    """The puzzle's place in the review queue before the attempt (``None``: not in it)."""
    review_after: dict[str, Any] | None = None
    """... and after it."""

    @property
    def change(self) -> float:
        return self.after.rating - self.before.rating

    def said(self) -> Message:
        """The rating change, as the learner reads it (a mode that rates nothing says so)."""
        if not self.rated:
            return Message("modes.unrated", rating=round(self.before.rating))
        delta = round(self.change)
        return Message(
            "puzzle.rating_change",
            before=round(self.before.rating),
            after=round(self.after.rating),
            delta=f"+{delta}" if delta > 0 else f"{delta}" if delta else "±0",
        )


MODES = ("rated", "streak", "timed", "theme", "review", "list")
"""How the session picks the next puzzle: near the learner's rating, a streak (harder and
harder, until the first miss), a timed run, a theme's puzzles in a row (easiest first), the
missed puzzles due for review, or the filtered list in order (see :mod:`.modes`)."""


@dataclass
class TrainerSession:
    """A learner's puzzle session: choosing puzzles, ratings, saving attempts.

    ``learner`` is the learner's name (``None``: nothing is saved, ratings live only in this
    session); ``store`` a :class:`~mangala_edu.progress.ProgressStore` (default: the user's
    progress folder, or ``$MANGALA_EDU_PROGRESS``).

    Another game's puzzles use the same session through a subclass (Dokuz Taş's:
    :class:`mangala_edu.dokuz_tas.puzzles.trainer.DokuzTasSession`): it names its
    :attr:`game` (the learner's rating and attempts at that game are apart from the others'),
    the side a new learner plays first, and overrides :meth:`_theme_key` and
    :meth:`_new_run`; its collection has ``select(theme=, band=, moves=)`` as
    :class:`~.collection.Collection` has.

    The modes (:data:`MODES`, :mod:`.modes`): a streak goes on while the learner solves
    cleanly (:attr:`streak`), a timed run counts what is solved in its time (:attr:`timed`,
    read with :attr:`clock`), the review serves the missed puzzles due today
    (:attr:`review`, days from :attr:`now`); :attr:`bests` and :attr:`history` are the
    learner's best scores and rating history. Only :data:`~.modes.RATED_MODES` change
    ratings. The review mode leaves the theme, band and length filters aside.
    """

    game: ClassVar[str] = MANGALA
    """The game of the puzzles: the learner's rating and attempts are this game's."""
    first_side: ClassVar[str] = SOUTH
    """The side a new learner's first puzzle is played as (the side the lessons teach)."""

    collection: Collection = field(default_factory=Collection.shipped)
    learner: str | None = None
    store: ProgressStore | None = None
    seed: int = 0
    mode: str = "rated"
    theme: str | None = None
    band: str | None = None
    moves: int | None = None
    clock: Callable[[], float] = time.monotonic
    now: Callable[[], str] = _now

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise PuzzleError(
                "puzzle.error.unknown_mode", value=self.mode, allowed=", ".join(MODES)
            )
        self.rng = random.Random(self.seed)
        self.rating = LEARNER_START
        self.puzzle_ratings: dict[str, Rating] = {}
        self.done: set[str] = set()
        self.seen: set[str] = set()
        self.problem: Message | None = None
        self.review: dict[str, dict[str, Any]] = {}
        self.bests: dict[str, int] = {}
        self.history: list[float] = []
        self.streak: Streak | None = None
        self.timed: TimedRun | None = None
        if self.learner is not None and self.store is None:
            self.store = ProgressStore()
        self._load()
        self.set_filters(theme=self.theme, band=self.band, moves=self.moves, mode=self.mode)

    def _load(self) -> None:
        if self.learner is None or self.store is None:
            return
        try:
            progress = self.store.load(self.learner)
            self.rating = Rating.from_list(progress.rating_of(self.game))
            attempts = progress.attempts_of(self.game)
            self.done = {a.get("puzzle", "") for a in attempts if a.get("solved")}
            self.seen = {a.get("puzzle", "") for a in attempts}
            self.review = dict(progress.review_of(self.game))
            self.bests = dict(progress.bests_of(self.game))
            self.history = rating_history(attempts)
            live = {k: Rating.from_list(v) for k, v in self.store.puzzle_ratings().items()}
            self.puzzle_ratings = surer(live, load_pooled(self.store.folder, self.game))
        except ProgressError as error:
            self.problem = error.said

    def set_filters(
        self,
        *,
        theme: str | None = None,
        band: str | None = None,
        moves: int | None = None,
        mode: str | None = None,
    ) -> int:
        """Choose the filters (and the mode); returns how many puzzles pass them. An unknown
        theme or band raises :class:`PuzzleError`; so does a choice no puzzle passes."""
        theme = self._theme_key(theme)
        band = check_band(band)  # kept as its key ("medium" is "orta")
        pool = self.collection.select(theme=theme, band=band, moves=moves)
        if not pool:
            raise PuzzleError("puzzle.error.none_left")
        if mode is not None and mode not in MODES:
            raise PuzzleError("puzzle.error.unknown_mode", value=mode, allowed=", ".join(MODES))
        if mode == "review" and self.mode != "review" and not self.due_puzzles():
            raise self.nothing_due()
        self.theme, self.band, self.moves = theme, band, moves
        self.mode = mode or self.mode
        self._pool: list[Any] = list(pool)
        self._cursor = 0
        self.streak = self.timed = None  # a new streak, a new timed run
        return len(pool)

    def _theme_key(self, theme: str | None) -> str | None:
        """The theme's key (an unknown theme raises an error that names the ones there are)."""
        return check_theme(theme)

    def _new_run(self, puzzle: Any) -> Any:
        """A new attempt at ``puzzle``."""
        return PuzzleRun(puzzle, self.clock)

    def puzzle_rating(self, puzzle: Any) -> Rating:
        """The puzzle's rating now (changed by the attempts saved in this folder)."""
        first = Rating(puzzle.rating, getattr(puzzle, "rd", PUZZLE_RD))  # another game's: no rd
        return self.puzzle_ratings.get(puzzle.id, first)

    @property
    def new_learner(self) -> bool:
        """True while the learner has finished no puzzle (saved or in this session)."""
        return not self.seen

    # The modes -------------------------------------------------------------------------------
    @property
    def rated(self) -> bool:
        """Whether this mode's attempts change ratings (:data:`~.modes.RATED_MODES`)."""
        return self.mode in RATED_MODES

    @property
    def one_try(self) -> bool:
        """Whether a miss ends the puzzle at once and hints are refused (a streak, a timed
        run)."""
        return self.mode in ONE_TRY_MODES

    def today(self) -> date:
        """Today's date, from :attr:`now`."""
        return today_of(self.now())

    def due_puzzles(self) -> list[Any]:
        """The missed puzzles due today, in the order the review serves them (see
        :func:`~.modes.due`); puzzles no longer in the collection are left out."""
        by_id = {p.id: p for p in self.collection.puzzles}
        return [by_id[k] for k in due(self.review, self.today()) if k in by_id]

    def nothing_due(self) -> PuzzleError:
        """The error that says no missed puzzle is due today, and when the next one is."""
        coming = next_due(self.review)
        if coming is None:
            return PuzzleError("modes.review.empty")
        days = max(1, (coming - self.today()).days)
        return PuzzleError("modes.review.none_due", count=days, date=coming.isoformat())

    def time_up(self) -> bool:
        """Whether a timed run is under way and its time is over (not yet ended)."""
        return (
            self.mode == "timed"
            and self.timed is not None
            and not self.timed.ended
            and (self.timed.over())
        )

    def end_timed(self) -> TimedRun | None:
        """End the timed run (once its time is over): its score is saved as the best if it
        is one; returns the run (``None``: there is none)."""
        run = self.timed
        if run is None:
            return None
        if not run.ended:
            run.ended = True
            self._save_bests({"timed": run.solved})
        return run

    def _rising(self, used: set[str], target: float, floor: float) -> Any:
        """A puzzle of the filters not in ``used``, rated at least ``floor``, near
        ``target``: one of the nearest few (at most half a step further than the nearest),
        one never tried first."""
        left = [p for p in self._pool if p.id not in used]
        if not left:
            raise PuzzleError("modes.all_done", button=Message("puzzle.ui.apply"))

        def distance(p: Any) -> float:
            return abs(self.puzzle_rating(p).rating - target)

        harder = [p for p in left if self.puzzle_rating(p).rating >= floor] or left
        fresh = [p for p in harder if p.id not in self.seen] or harder
        near = sorted(fresh, key=lambda p: (distance(p), p.id))[:6]
        return self.rng.choice(
            [p for p in near if distance(p) <= distance(near[0]) + STREAK_STEP / 2]
        )

    def _lowest(self) -> float:
        return min(self.puzzle_rating(p).rating for p in self._pool)

    def next_puzzle(self) -> Any:
        """A new attempt at the next puzzle of the mode. The rated and theme modes choose
        among the puzzles the learner never tried (then those not solved, then all); a new
        learner's first puzzle is played as South, the side the lessons teach (when the
        filters leave one; :attr:`first_side`). A streak and a timed run go up in rating
        from the easiest (a new one starts once the last is over); the review serves the
        puzzles due (none due raises :class:`PuzzleError` saying when the next one is)."""
        if self.mode == "streak":
            if self.streak is None or self.streak.over:
                self.streak = Streak(self._lowest())
            streak = self.streak
            puzzle = self._rising(streak.used, streak.target, streak.floor)
            streak.used.add(puzzle.id)
            streak.floor = self.puzzle_rating(puzzle).rating
            return self._new_run(puzzle)
        if self.mode == "timed":
            if self.timed is None or self.timed.ended:
                self.timed = TimedRun(self.clock)
            timed = self.timed
            puzzle = self._rising(timed.used, self._lowest() + STREAK_STEP * timed.solved, 0.0)
            timed.used.add(puzzle.id)
            return self._new_run(puzzle)
        if self.mode == "review":
            waiting = self.due_puzzles()
            if not waiting:
                raise self.nothing_due()
            return self._new_run(waiting[0])
        pool = self._pool
        fresh = (
            [p for p in pool if p.id not in self.seen]
            or [p for p in pool if p.id not in self.done]
            or pool
        )
        if self.new_learner:
            fresh = [p for p in fresh if p.learner == self.first_side] or fresh
        if self.mode == "rated":
            near = sorted(
                fresh, key=lambda p: (abs(self.puzzle_rating(p).rating - self.rating.rating), p.id)
            )
            puzzle = self.rng.choice(near[:8])
        elif self.mode == "theme":
            ordered = sorted(fresh, key=lambda p: (p.rating, p.id))
            puzzle = ordered[0]
        else:  # the list in order, past the puzzles this learner solved
            order = [pool[(self._cursor + k) % len(pool)] for k in range(len(pool))]
            skip = next((k for k, p in enumerate(order) if p.id not in self.done), 0)
            puzzle = order[skip]
            self._cursor += skip + 1
        return self._new_run(puzzle)

    def finish(self, run: Any) -> Outcome:
        """Rate a finished attempt and save it (if there is a learner)."""
        if not run.finished:
            raise PuzzleError("puzzle.error.not_finished")
        puzzle = run.puzzle
        rated = self.rated
        before, p_before = self.rating, self.puzzle_rating(puzzle)
        after, p_after = attempt(before, p_before, run.clean) if rated else (before, p_before)
        outcome = Outcome(puzzle, run.clean, before, after, p_before, p_after, rated=rated)
        if run.solved:
            self.done.add(puzzle.id)
        self.seen.add(puzzle.id)
        today = self.today()
        outcome.review_before = self.review.get(puzzle.id)
        entry = after_attempt(outcome.review_before, run.clean, today)
        if entry is None:
            self.review.pop(puzzle.id, None)
        else:
            self.review[puzzle.id] = entry
        outcome.review_after = entry
        bests = self._count(run)
        if self.learner is not None and self.store is not None:
            record = {
                "puzzle": puzzle.id,
                "themes": list(puzzle.themes),
                "band": band_of(p_before.rating),
                "solved": run.solved,
                "clean": run.clean,
                "hints": run.hints,
                "wrong": run.wrong,
                "seconds": run.seconds,
                "rating_before": round(before.rating, 1),
                "rating_after": round(after.rating, 1),
                "at": self.now(),
            }
            if self.mode in ("streak", "timed", "review"):  # the modes' own attempts say so
                record["mode"] = self.mode
            if not rated:
                record["rated"] = False
            if self.game != MANGALA:
                record["game"] = self.game

            def change(progress: Progress) -> None:
                progress.attempts.append(record)
                if rated and self.game == MANGALA:
                    progress.rating = after.to_list()
                elif rated:
                    progress.ratings[self.game] = after.to_list()
                queue = progress.review_of(self.game)
                kept = after_attempt(queue.get(puzzle.id), run.clean, today)
                if kept is None:
                    queue.pop(puzzle.id, None)
                else:
                    queue[puzzle.id] = kept
                best = progress.bests_of(self.game)
                for kind, value in bests.items():
                    best[kind] = max(best.get(kind, 0), value)

            try:
                saved = self.store.update(self.learner, change)
                if rated:
                    self.store.update_puzzle_rating(
                        puzzle.id,
                        lambda old: attempt(
                            before, Rating.from_list(old) if old else p_before, run.clean
                        )[1].to_list(),
                    )
                outcome.saved = True
                after = Rating.from_list(saved.rating_of(self.game))
                self.review = dict(saved.review_of(self.game))
                self.bests = dict(saved.bests_of(self.game))
            except ProgressError as error:
                outcome.problem = error.said
        self.rating = after
        if rated:
            self.puzzle_ratings[puzzle.id] = p_after
            self.history = (self.history or [before.rating]) + [after.rating]
        return outcome

    def _count(self, run: Any) -> dict[str, int]:
        """Count a finished attempt in the streak or timed run under way; returns the best
        scores it may have beaten (kept in :attr:`bests`)."""
        beaten: dict[str, int] = {}
        if self.mode == "streak" and self.streak is not None and not self.streak.over:
            if run.clean:
                self.streak.count += 1
                beaten["streak"] = self.streak.count
            else:
                self.streak.over = True
        elif self.mode == "timed" and self.timed is not None and not self.timed.ended:
            if self.timed.over():  # finished after the time: not counted
                self.end_timed()
            elif run.solved:
                self.timed.solved += 1
                beaten["timed"] = self.timed.solved
            else:
                self.timed.missed += 1
        for kind, value in beaten.items():
            self.bests[kind] = max(self.bests.get(kind, 0), value)
        return beaten

    def _save_bests(self, scores: dict[str, int]) -> None:
        """Keep ``scores`` as the learner's bests where they are higher (in the file too)."""
        for kind, value in scores.items():
            self.bests[kind] = max(self.bests.get(kind, 0), value)
        if self.learner is None or self.store is None:
            return

        def change(progress: Progress) -> None:
            best = progress.bests_of(self.game)
            for kind, value in scores.items():
                best[kind] = max(best.get(kind, 0), value)

        try:
            self.store.update(self.learner, change)
        except ProgressError as error:
            self.problem = error.said

    def missed(self, run: Any) -> Outcome:
        """A miss in a streak or a timed run: the attempt ends as not solved and is
        rated and saved (:meth:`finish`)."""
        run.give_up()
        return self.finish(run)
