"""Game analysis: every move of a game against the best move, mistakes and why.

For each move, the value of every legal move is found from the best source that knows it (the
move's :attr:`MoveReview.source`):

- ``opening``: the first moves that lesson 18's file proves
  (``mangala_edu/lessons/data/opening.json``, see :mod:`mangala_edu.lessons.opening`);
- ``table``: an endgame table in the user's cache (``mangala-edu tables build``) that covers
  every move's next position (not in a ``reproducible`` review, which must be the same on every
  machine);
- ``solver``: the exact solver, when it finishes within the budget;
- ``estimate``: otherwise the expert's depth-limited search, the only values said to be
  "about" so many stones.

A move's *cost* is the
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
Mistake: costs 6 stones (proven). Pit 6 would have ended in your store: an extra turn.
After this move the opponent can capture 2 stones at once.
>>> print(move.text("tr"))
Hata: 6 taş kaybettirdi (kanıtlandı). 6. kuyu son taşı hazinene düşürürdü: bir hamle daha
oynardın. Bu hamleden sonra rakip hemen 2 taş alabilir.
>>> review.advantage()                     # South's advantage before the move and after it
[-2.0, -8.0]

The start of a set is too big for the solver within a review's budget, but lesson 18 proved
its first moves: pit 5 keeps the draw, pits 4 and 6 both lose 2 stones.

>>> first = analyse_game(Game(start=Position.start(), moves=[4])).moves[0]
>>> first.source, first.best_moves, first.values[4] == first.values[6], first.verdict
('opening', (5,), True, 'inaccuracy')
>>> print(first.text("en"))
Inaccuracy: costs 2 stones (proven). Pit 5 was better in the long run.
Lesson 18 proves the values of the first moves: pit 5 is the best.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..engine.game import Game
from ..engine.geometry import SOUTH, Side
from ..engine.position import Position
from ..engine.rules import Rules
from ..i18n import Message, t
from .backends import NODES_PER_SECOND, SearchBackend, backend_for

OPENING_DATA = Path(__file__).resolve().parent.parent / "lessons" / "data" / "opening.json"
"""Lesson 18's file of proven first moves (:data:`mangala_edu.lessons.opening.DATA`), read
here without importing the lessons (which load the widgets)."""

SOURCES = ("opening", "table", "solver", "estimate")
"""Where a review's values come from, surest first; all but ``estimate`` are proven."""

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
        exact: True when the values are proven (the opening file, an endgame table or the
            solver), False when estimated (search).
        verdict: ``best``, ``good``, ``inaccuracy``, ``mistake`` or ``blunder``.
        notes: explanations for the learner.
        source: where the values come from (one of :data:`SOURCES`).
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
    source: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.source:
            object.__setattr__(self, "source", "solver" if self.exact else "estimate")

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
        whole: a proven cost is said to be proven; an estimated one is rounded and said to be
        about that many."""
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
            "source": self.source,
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
        values, source = self.sourced_values(position, history)
        return values, source != "estimate"

    def sourced_values(
        self, position: Position, history: Sequence[Position] = ()
    ) -> tuple[dict[int, float], str]:
        """:meth:`values` with where they come from (one of :data:`SOURCES`): the proven
        opening, an endgame table (not when reproducible), the solver, else the estimate."""
        proven = opening_values(position)
        if proven is not None:
            return proven, "opening"
        if self.node_limit is None:
            from_table = table_values(position)
            if from_table is not None:
                return from_table, "table"
        rules = position.rules
        values, exact = self.backend(rules).move_values(
            position,
            history=history,
            exact_stones=self.exact_stones(rules),
            time_limit=self._time_limit,
            node_limit=self.node_limit,
        )
        return values, "solver" if exact else "estimate"

    def review(
        self, position: Position, pit: int, ply: int = 1, history: Sequence[Position] = ()
    ) -> MoveReview:
        """Judge the move ``pit`` in ``position`` (``history``: the game's earlier
        positions)."""
        pit = position.pit_number(pit)
        values, source = self.sourced_values(position, history)
        best = max(values.values())
        best_moves = tuple(sorted(p for p, v in values.items() if v == best))
        cost = max(0.0, best - values[pit])
        verdict = verdict_for(cost)
        notes = explain(position, pit, best_moves) if verdict != "best" else ()
        if notes and source == "opening":
            pits = ", ".join(map(str, best_moves))
            notes += (Message("analysis.proven_opening", pits=pits, count=len(best_moves)),)
        exact = source != "estimate"
        return MoveReview(
            ply,
            position.to_move or SOUTH,
            pit,
            values,
            best_moves,
            cost,
            exact,
            verdict,
            notes,
            source,
        )


@cache
def proven_openings(path: Path = OPENING_DATA) -> dict[Position, dict[int, float]]:
    """The positions whose every move lesson 18's file proves exactly, with the moves' values
    (final store difference from the mover's side); a position with only bounds is left out.

    >>> values = proven_openings()[Position.start()]
    >>> values
    {1: -8.0, 2: -8.0, 3: -8.0, 4: -2.0, 5: 0.0, 6: -2.0}
    """
    if not path.exists():
        return {}
    data = json.loads(path.read_text("utf-8"))
    found: dict[Position, dict[int, float]] = {}
    for entry in data["positions"].values():
        moves = entry["moves"]
        if not all(m["lower"] == m["upper"] for m in moves.values()):
            continue
        position = Position.from_text(entry["position"], Rules.from_name(entry["rules"]))
        found[position] = {int(p): float(m["lower"]) for p, m in sorted(moves.items())}
    return found


def opening_values(position: Position) -> dict[int, float] | None:
    """Every move's proven value in ``position`` if lesson 18's file holds it, else ``None``."""
    values = proven_openings().get(position)
    return dict(values) if values is not None else None


def table_values(position: Position, table: object | None = None) -> dict[int, float] | None:
    """Every move's exact value read from an endgame table (``table``, default: the largest
    in the user's cache for the rules) when each move's next position is in it, else
    ``None`` (no table, too many stones, a game whose stores are not on the sowing path).

    >>> table_values(Position.start()) is None
    True
    """
    rules = position.rules
    if not rules.stores_on_path or position.is_over:
        return None
    if table is None:
        from .tables import table_for

        table = table_for(rules)
        if table is None:
            return None
    from .kernel import Kernel
    from .tables import EndgameTable

    assert isinstance(table, EndgameTable)
    if not table.covers(rules) or position.stones_on_board > table.stones:
        return None
    kernel = Kernel(rules)
    state, base = kernel.from_position(position)
    values: dict[int, float] = {}
    for child in kernel.children(state):
        value = base + child.gain
        if child.state is not None:
            future = table.value(child.state)
            value += future if child.extra else -future
        values[child.pit] = float(value)
    return values


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
