"""Game analysis: every move of a game against the best move, mistakes and why.

For each move, the value of every legal move is found: exactly with the solver when it can be
done within the budget, otherwise with the expert's depth-limited search. A move's *cost* is the
best move's value minus the played move's value (in stones, from the mover's side). Each move
gets a verdict and short notes for the learner, as catalogue keys with parameters (the texts are
in ``mangala_edu/i18n``), so that a widget can show them in either language.

>>> from mangala_edu import Game, Position
>>> start = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
>>> review = analyse_game(Game(start=start, moves=[5]))
>>> move = review.moves[0]
>>> move.pit, move.best_moves, move.cost, move.exact, move.verdict
(5, (6,), 6.0, True, 'mistake')
>>> print(move.text("en"))
Mistake: costs 6 stones. Pit 6 would have ended in your store: an extra turn.
After this move the opponent can capture 2 stones at once.
>>> print(move.text("tr"))
Hata: 6 taş kaybettirdi. 6. kuyu son taşı hazinene düşürürdü: bir hamle daha oynardın.
Bu hamleden sonra rakip hemen 2 taş avlayabilir.
>>> review.advantage()                     # South's advantage before the move and after it
[-2.0, -8.0]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.game import Game
from ..engine.geometry import SOUTH, Side
from ..engine.position import Position
from ..engine.rules import Rules
from ..i18n import Message, t
from .backends import NODES_PER_SECOND, SearchBackend, backend_for

VERDICTS = (
    ("best", 0.5),
    ("good", 1.5),
    ("inaccuracy", 3.5),
    ("mistake", 6.5),
    ("blunder", float("inf")),
)
"""Verdicts by cost: below 0.5 stones ``best``, below 1.5 ``good``, below 3.5
``inaccuracy``, below 6.5 ``mistake``, else ``blunder``."""

VERDICT_NAMES = {
    "best": "analysis.verdict.best",
    "good": "analysis.verdict.good",
    "inaccuracy": "analysis.verdict.inaccuracy",
    "mistake": "analysis.verdict.mistake",
    "blunder": "analysis.verdict.blunder",
}
"""The catalogue key of each verdict's name."""


def verdict_for(cost: float) -> str:
    """The verdict for a move that costs ``cost`` stones.

    >>> [verdict_for(c) for c in (0, 1, 2, 5, 12)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    return next(name for name, limit in VERDICTS if cost < limit)


@dataclass(frozen=True)
class MoveReview:
    """One move of a game, judged.

    Attributes:
        ply: the move's number in the game (1 for the first move).
        player: ``"south"`` or ``"north"``.
        pit: the pit played.
        values: every legal move's value: the final store difference from the mover's side
            that the analysis expects after it (exact or estimated).
        best_moves: the moves with the best value.
        cost: best value minus the played move's value (0 for a best move).
        exact: True when the values are exact (solver), False when estimated (search).
        verdict: ``best``, ``good``, ``inaccuracy``, ``mistake`` or ``blunder``.
        notes: explanations for the learner.
    """

    ply: int
    player: Side
    pit: int
    values: dict[int, float]
    best_moves: tuple[int, ...]
    cost: float
    exact: bool
    verdict: str
    notes: tuple[Message, ...] = ()

    @property
    def best_value(self) -> float:
        return max(self.values.values())

    @property
    def played_value(self) -> float:
        return self.values[self.pit]

    @property
    def is_mistake(self) -> bool:
        """True for an inaccuracy, a mistake or a blunder (a cost of 1.5 stones or more)."""
        return self.verdict in ("inaccuracy", "mistake", "blunder")

    def south_value(self, after: bool = True) -> float:
        """The value from South's side after the move (``after``) or before it (best play)."""
        v = self.played_value if after else self.best_value
        return v if self.player == SOUTH else -v

    def text(self, lang: str | None = None) -> str:
        """The verdict, the cost and the notes as one sentence block in ``lang``. Stones are
        whole: an estimated cost is rounded and said to be about that many."""
        head = t(VERDICT_NAMES[self.verdict], lang)
        if self.cost >= 0.5:
            key = "analysis.cost" if self.exact else "analysis.cost_estimated"
            head = t(key, lang, verdict=head, count=whole_stones(self.cost))
        else:
            head += "."
        return " ".join([head, *(n.text(lang) for n in self.notes)])

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "ply": self.ply,
            "player": self.player,
            "pit": self.pit,
            "values": {str(k): v for k, v in self.values.items()},
            "best_moves": list(self.best_moves),
            "cost": self.cost,
            "exact": self.exact,
            "verdict": self.verdict,
            "notes": [n.to_dict() for n in self.notes],
        }


@dataclass(frozen=True)
class GameReview:
    """A whole game, judged move by move."""

    game: Game
    moves: tuple[MoveReview, ...]

    def advantage(self) -> list[float]:
        """South's advantage (expected final store difference) before the first move and after
        each move: the curve of :func:`mangala_edu.display.analysis_chart.advantage_chart`."""
        if not self.moves:
            return []
        return [self.moves[0].south_value(after=False)] + [m.south_value() for m in self.moves]

    def mistakes(self, player: Side | None = None) -> list[MoveReview]:
        """The moves judged an inaccuracy or worse (of one player, if given)."""
        return [m for m in self.moves if m.is_mistake and player in (None, m.player)]

    def to_dict(self) -> dict[str, object]:
        return {
            "game": self.game.to_dict(),
            "moves": [m.to_dict() for m in self.moves],
            "advantage": self.advantage(),
        }


class Analyst:
    """Judges positions and moves; keeps its solver and search tables between calls.

    Args:
        time_per_move: seconds for the values of one position (solver first, then search).
        exact_stones: the solver is tried when at most this many stones are on the board.
        fast_exact_stones: the same with the compiled kernel (:mod:`.compiled`) and an
            endgame table of at least ``FAST_TABLE_STONES`` stones (see :mod:`.players`).
        reproducible: count the budget in positions searched instead of seconds
            (:data:`~.players.NODES_PER_SECOND` a second), so that the same game always gets
            the same review on any machine (with the pure-Python search, which counts
            positions the same way everywhere).
    """

    def __init__(
        self,
        time_per_move: float = 1.0,
        exact_stones: int = 24,
        fast_exact_stones: int = 36,
        *,
        reproducible: bool = False,
    ) -> None:
        self.time_per_move = time_per_move
        self.solver_stones = exact_stones
        self.fast_solver_stones = fast_exact_stones
        self.node_limit = max(1, int(time_per_move * NODES_PER_SECOND)) if reproducible else None
        self._backends: dict[Rules, SearchBackend] = {}

    @property
    def _time_limit(self) -> float | None:
        """The time budget of one position (none when it is counted in positions)."""
        return None if self.node_limit is not None else self.time_per_move

    def backend(self, rules: Rules) -> SearchBackend:
        """The search of ``rules`` (reproducible: pure Python and this analyst's own solver;
        otherwise the process's shared solver, compiled when the kernel is installed)."""
        backend = self._backends.get(rules)
        if backend is None:
            reproducible = self.node_limit is not None
            backend = backend_for(rules, "pure" if reproducible else None, shared=not reproducible)
            self._backends[rules] = backend
        return backend

    def exact_stones(self, rules: Rules) -> int:
        """The most stones on the board with which the values are solved exactly (if the
        solver finishes within the time per move): at most :attr:`solver_stones`, or
        :attr:`fast_solver_stones` with the compiled kernel and an endgame table, or the reach
        the registry gives the game's exact solver (``SearchInfo.exact_stones``)."""
        return self.backend(rules).exact_stones(self.solver_stones, self.fast_solver_stones)

    def values(
        self, position: Position, history: Sequence[Position] = ()
    ) -> tuple[dict[int, float], bool]:
        """Every legal move's value (final store difference from the mover's side) and whether
        the values are exact. ``history`` is the game's earlier positions (in the games that
        end on a repetition a repeated position ends the game; the others ignore it)."""
        rules = position.rules
        return self.backend(rules).move_values(
            position,
            history=history,
            exact_stones=self.exact_stones(rules),
            time_limit=self._time_limit,
            node_limit=self.node_limit,
        )

    def review(
        self, position: Position, pit: int, ply: int = 1, history: Sequence[Position] = ()
    ) -> MoveReview:
        """Judge the move ``pit`` in ``position`` (``history``: the game's earlier
        positions)."""
        pit = position.pit_number(pit)
        values, exact = self.values(position, history)
        best = max(values.values())
        best_moves = tuple(sorted(p for p, v in values.items() if v == best))
        cost = max(0.0, best - values[pit])
        verdict = verdict_for(cost)
        notes = explain(position, pit, best_moves) if verdict != "best" else ()
        return MoveReview(
            ply, position.to_move or SOUTH, pit, values, best_moves, cost, exact, verdict, notes
        )


def explain(position: Position, pit: int, best_moves: tuple[int, ...]) -> tuple[Message, ...]:
    """Why a better move was better: notes about the best move and what the played move
    allowed.

    >>> pos = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
    >>> [n.key for n in explain(pos, 5, (6,))]
    ['analysis.better_extra_turn', 'analysis.allowed_capture']
    """
    notes: list[Message] = []
    best = min(best_moves, key=lambda p: (-position.trace(p).captured, p))
    trace = position.trace(best)
    if trace.extra_turn:
        notes.append(Message("analysis.better_extra_turn", pit=best))
    elif trace.captured:
        notes.append(Message("analysis.better_capture", pit=best, stones=trace.captured))
    after = position.play(pit)
    if not after.is_over and after.to_move != position.to_move:
        threat = max_capture(after)
        if threat > threat_after(position, best):
            notes.append(Message("analysis.allowed_capture", stones=threat))
    if not notes:
        notes.append(Message("analysis.better_long_term", pit=best))
    return tuple(notes)


def max_capture(position: Position) -> int:
    """The most stones the mover can capture with one move here (0 once the set is over)."""
    return max((position.trace(p).captured for p in position.legal_moves), default=0)


def threat_after(position: Position, pit: int) -> int:
    """What the opponent can capture at once after ``pit`` (0 after an extra turn)."""
    after = position.play(pit)
    if after.is_over or after.to_move == position.to_move:
        return 0
    return max_capture(after)


def analyse_game(
    game: Game,
    *,
    time_per_move: float = 1.0,
    exact_stones: int = 24,
    reproducible: bool = False,
    analyst: Analyst | None = None,
) -> GameReview:
    """Judge every move of ``game`` (see :class:`MoveReview`).

    ``time_per_move`` bounds the time spent on each position; with at most ``exact_stones``
    stones on the board the values are exact when the solver finishes in time. With
    ``reproducible`` the budget is counted in positions (see :class:`Analyst`).
    """
    analyst = analyst or Analyst(time_per_move, exact_stones, reproducible=reproducible)
    reviews = []
    for ply, (pos, pit) in enumerate(zip(game.positions, game.moves, strict=False), start=1):
        reviews.append(analyst.review(pos, pit, ply, game.history_at(ply)))
    return GameReview(game, tuple(reviews))


def whole_stones(stones: float) -> int:
    """A number of stones (an estimate may have decimals) as whole stones, halves rounded up,
    and at least 1 for a cost that is said at all (0.5 stones or more).

    >>> [whole_stones(c) for c in (4.0, 4.49, 4.5, 5.9, 0.5, 2.5)]
    [4, 4, 5, 6, 1, 3]
    """
    return max(1, math.floor(stones + 0.5)) if stones >= 0.5 else math.floor(stones + 0.5)
