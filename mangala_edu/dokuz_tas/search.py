"""The computer's Dokuz Taş: a search, four playing levels and an exact solver near the end.

========  ========  ====================================================================
Turkish   English   how it plays
========  ========  ====================================================================
kolay     easy      looks 2 turns ahead (its own and the reply); now and then (3 turns in
                    10) plays a worse turn that costs it at most 1.5 stones as it sees
                    them: it misses a mill or a block (never one that loses at once), so a
                    child who has just learnt the rules can beat it
orta      medium    looks up to 3 turns ahead (about 0.25 s a turn)
zor       hard      deeper and deeper for about 1 second, up to 8 turns ahead; it
                    weighs the room its stones have, and will have, to slide
                    (:data:`~.evaluate.EXPERT_WEIGHTS`)
usta      expert    as deep as it can in about 2.5 seconds (three times that for its last
                    three placements), weighing the room as zor does; a forced win or loss
                    it finds is played out exactly (the quickest win, the slowest loss); with the
                    endgame tables built (``mangala-edu tables build --rules dokuz-tas``)
                    it reads them and plays the endgames they hold perfectly
                    (zor and usta with the compiled search of the ``fast`` extra: 3 to 6
                    turns deeper, and then slides count more, to be while placing and
                    while moving, :data:`~.evaluate.DEEP_WEIGHTS`)
========  ========  ====================================================================

The search (:class:`Search`) is iterative-deepening alpha-beta in negamax form with a
transposition table keyed by the position up to the board's 16 symmetries, move ordering
(the table's move, then turns that close a mill, then turns onto a point where the opponent
would close one, then two killer turns of the same depth and the history heuristic), and the
rules' draws inside it: a position standing for the third time in the game's ``history``
(the positions before this one) plus the line searched is a draw, and so is the 50th quiet
turn (counted from the position). Wins come before draws, as in the rules. At its horizon it
evaluates the position (:mod:`.evaluate`).

Where numba is installed (the ``fast`` extra) the positions below the root are searched by a
compiled copy of this search (:mod:`.compiled`): the same values and turns for the same
positions searched, 8 to 15 times sooner (``bench/dokuz_tas_search.py``). An unseeded level
(searching by the clock) then looks deeper in its seconds; a seeded one (counting positions)
plays the same turns with or without it.

Values are in stones from the side to move's point of view (floats): a win in ``n`` plies
(turns, both players counted) is ``1000 - n``, a loss in ``n`` plies ``-(1000 - n)``, a draw
``0``, anything else an estimate. A value the search proved (a win or loss it saw to the end,
or a draw with every line to its end) is *exact* (:class:`MoveValue`).

Every level picks at random among equally good turns, so games vary. With a ``seed`` a player
is reproducible: it then counts its budget in positions searched, not in seconds
(:data:`NODES_PER_SECOND` for each second of the level), and starts each turn with an empty
table, so the same seed gives the same turns on any machine. For the same reason a seeded
player never reads the endgame tables (a machine has them or not); an unseeded expert reads
them whenever they are in the user cache (:func:`endgame_probe`), as Mangala's expert reads
Mangala's.

>>> from mangala_edu.dokuz_tas import Position
>>> choose(Position.start(), "orta", seed=1) in Position.start().legal_moves
True
>>> pos = Position.from_text("WW1/3/3/B5/3/3/BB1 w 1 0 0")    # Black has three stones
>>> best = analyse(pos, max_depth=2)
>>> best.best_moves, best.values["g7xa4"]
(('g7xa1', 'g7xa4', 'g7xd1'), MoveValue(value=999.0, exact=True))
>>> best.values["g7xa4"].result, best.values["g7xa4"].plies
('win', 1)
>>> sorted(LEVELS), get_level("expert").key
(['kolay', 'orta', 'usta', 'zor'], 'usta')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal, NamedTuple

from ..engine.errors import MangalaError
from ..search.budget import Budget, BudgetExceeded
from ..search.errors import SearchError
from . import compiled
from .board import SYMMETRIES
from .errors import IllegalTurnError
from .evaluate import (
    DEEP_WEIGHTS,
    DEFAULT_WEIGHTS,
    EXPERT_WEIGHTS,
    STONE,
    Weights,
    closable,
    evaluate,
)
from .game import REPETITIONS, Game
from .notation import QUIET_LIMIT, write_turn
from .position import Position, RawTurn

__all__ = [
    "DEEP_NODES",
    "LATE_PLACEMENTS",
    "LEVELS",
    "NODES_PER_SECOND",
    "WIN",
    "Analysis",
    "Choice",
    "DokuzTasBackend",
    "Level",
    "MoveValue",
    "Player",
    "RandomPlayer",
    "Search",
    "Solution",
    "analyse",
    "choose",
    "endgame_probe",
    "get_level",
    "history_of",
    "move_values",
    "solve",
]

WIN = 1000
"""The value (in stones) of winning now; a win in ``n`` plies is worth ``WIN - n``."""
NODES_PER_SECOND = 30_000
"""Positions a second assumed when a reproducible (seeded) player turns its time budget into
a node budget: about what the pure-Python search does on one core of a laptop."""
MAX_DEPTH = 64
"""The deepest iteration."""

_WIN = WIN * STONE  # inside the search: hundredths of a stone
_PLY = STONE  # a ply of distance to the end costs one stone of a won value
_MAX_PLY = 400
_MATE = _WIN - _MAX_PLY * _PLY  # values at or beyond this are wins or losses
_INF = 10**7
_EXACT = 1 << 20  # the depth stored for a value that saw every line to its end
_CHECK_EVERY = 256

Probe = Callable[[Position], "int | None"]
"""An endgame table's probe: a position's value from the side to move, in plies to the end
(``n > 0``: a win in ``n`` plies, ``n < 0``: a loss in ``-n``, ``0``: a draw), or ``None``
when the table does not hold it."""


# -- Results ------------------------------------------------------------------------------------


class MoveValue(NamedTuple):
    """A turn's value in stones from the mover's side (see the module), and whether it is
    proven.

    >>> MoveValue(997.0, True).result, MoveValue(997.0, True).plies
    ('win', 3)
    >>> MoveValue(0.0, True).result, MoveValue(0.4, False).result
    ('draw', None)
    """

    value: float
    exact: bool

    @property
    def result(self) -> Literal["win", "draw", "loss"] | None:
        """The proven result (``None``: only an estimate)."""
        if abs(self.value) >= _MATE / STONE:
            return "win" if self.value > 0 else "loss"
        if self.exact:
            return "draw"
        return None

    @property
    def plies(self) -> int | None:
        """Plies to the end of a won or lost game (``None`` otherwise)."""
        if abs(self.value) >= _MATE / STONE:
            return round(WIN - abs(self.value))
        return None


@dataclass
class Analysis:
    """What :meth:`Search.analyse` found.

    Attributes:
        values: each legal turn's value (see :class:`MoveValue`). Without ``all_values``
            the turns not tied for best have an upper bound below the best (not exact).
        depth: the deepest iteration finished (plies).
        nodes: positions searched.
        seconds: time spent.
        order: the turns, best first.
    """

    values: dict[str, MoveValue]
    depth: int
    nodes: int
    seconds: float
    order: list[str] = field(default_factory=list)

    @property
    def best_value(self) -> float:
        return max(v.value for v in self.values.values())

    @property
    def best_moves(self) -> tuple[str, ...]:
        """Every turn with the best value, in the order of their texts."""
        best = self.best_value
        return tuple(sorted(t for t, v in self.values.items() if v.value == best))

    @property
    def exact(self) -> bool:
        """True when every value is proven."""
        return all(v.exact for v in self.values.values())


@dataclass(frozen=True)
class Solution:
    """The proven value of a position (:meth:`Search.solve`).

    Attributes:
        result: ``"win"``, ``"draw"`` or ``"loss"`` for the side to move.
        plies: plies to the end with best play (the winner hurries, the loser delays; for a
            draw, 0).
        best_moves: every turn that achieves it, in the order of their texts.
        nodes: positions searched.
        seconds: time taken.
    """

    result: Literal["win", "draw", "loss"]
    plies: int
    best_moves: tuple[str, ...]
    nodes: int
    seconds: float

    @property
    def value(self) -> float:
        """The value in stones (see the module)."""
        if self.result == "draw":
            return 0.0
        return float(WIN - self.plies) * (1 if self.result == "win" else -1)


@dataclass
class Choice:
    """Why a player chose its turn (for display and for tests)."""

    turn: str
    values: dict[str, MoveValue] = field(default_factory=dict)
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    mistake: bool = False


# -- Levels -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Level:
    """One playing level (see the module's table).

    Attributes:
        key: the Turkish name, the key of :data:`LEVELS`.
        english: the English name.
        time_limit: seconds of search a turn.
        max_depth: the deepest iteration (plies).
        mistake_rate: the chance of playing a worse turn on purpose.
        mistake_cost: the most (in stones, as the level sees it) such a turn may cost.
        tables: the level reads the endgame tables when they are built in the user cache
            (:func:`endgame_probe`); unseeded players only.
        weights: the evaluation's weights (:mod:`.evaluate`); ``None``: those of the
            backend's search (:data:`~.evaluate.DEFAULT_WEIGHTS` unless it was given others).
        deep_weights: the weights instead when the level searches deep: a budget of
            :data:`DEEP_NODES` positions or more, or a budget in seconds with the compiled
            search (see :meth:`weights_for`).
        late_scale: the budget of a turn (seconds or positions) is this many times the
            level's for the player's last :data:`LATE_PLACEMENTS` placements, where most
            games are won or lost (see :meth:`budget_scale`).
    """

    key: str
    english: str
    time_limit: float
    max_depth: int
    mistake_rate: float = 0.0
    mistake_cost: float = 1.5
    tables: bool = False
    weights: Weights | None = None
    late_scale: float = 1.0
    deep_weights: Weights | None = None

    def budget_scale(self, position: Position) -> float:
        """How many times its budget the level takes for a turn in ``position``.

        >>> usta = get_level("usta")
        >>> usta.budget_scale(Position.start())
        1.0
        >>> usta.budget_scale(Position.from_text("WW1/3/3/6/3/3/BB1 w 3 3 0"))
        3.0
        """
        hand = position._hands[position._turn]
        return self.late_scale if 0 < hand <= LATE_PLACEMENTS else 1.0

    def weights_for(self, node_limit: int | None, compiled_search: bool) -> Weights | None:
        """The weights of a turn searched within ``node_limit`` positions (``None``: by the
        clock, with the compiled search or not): :attr:`deep_weights` for a deep search,
        else :attr:`weights`.

        >>> usta = get_level("usta")
        >>> usta.weights_for(75_000, True) == usta.weights                    # seeded
        True
        >>> usta.weights_for(None, True) == usta.weights_for(DEEP_NODES, False) == DEEP_WEIGHTS
        True
        >>> usta.weights_for(None, False) == usta.weights                     # pure Python
        True
        """
        if self.deep_weights is None:
            return self.weights
        deep = compiled_search if node_limit is None else node_limit >= DEEP_NODES
        return self.deep_weights if deep else self.weights

    def name(self, lang: str = "tr") -> str:
        """The level's name in ``lang`` (``"tr"`` or ``"en"``)."""
        return self.key if lang == "tr" else self.english

    @property
    def node_limit(self) -> int:
        """The node budget of a reproducible (seeded) player of this level."""
        return max(1, int(self.time_limit * NODES_PER_SECOND))


LATE_PLACEMENTS = 3
"""A player's last placements, for which :attr:`Level.late_scale` counts."""
DEEP_NODES = 1_000_000
"""A search of this many positions a turn or more is deep (:meth:`Level.weights_for`)."""

LEVELS: dict[str, Level] = {
    "kolay": Level("kolay", "easy", 0.05, 2, mistake_rate=0.3),
    "orta": Level("orta", "medium", 0.25, 3),
    "zor": Level("zor", "hard", 1.0, 8, weights=EXPERT_WEIGHTS, deep_weights=DEEP_WEIGHTS),
    "usta": Level(
        "usta",
        "expert",
        2.5,
        MAX_DEPTH,
        tables=True,
        weights=EXPERT_WEIGHTS,
        late_scale=3.0,
        deep_weights=DEEP_WEIGHTS,
    ),
}
"""The levels by Turkish name, weakest first."""

_ALIASES = {lv.english: key for key, lv in LEVELS.items()}


def get_level(name: str | Level) -> Level:
    """A level by its Turkish or English name (any case).

    >>> get_level("Hard").key
    'zor'
    >>> get_level("super")
    Traceback (most recent call last):
    ...
    mangala_edu.engine.errors.MangalaError: ... / Unknown level 'super': write kolay, orta, ...
    """
    if isinstance(name, Level):
        return name
    key = name.strip().lower() if isinstance(name, str) else name
    key = _ALIASES.get(key, key)
    if key not in LEVELS:
        raise MangalaError("level.unknown", value=name)
    return LEVELS[key]


# -- Symmetric keys -----------------------------------------------------------------------------


def _byte_tables(perm: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each of the three bytes of a bitboard, the image of its 256 values under
    ``perm``."""
    out = []
    for shift in (0, 8, 16):
        table = []
        for byte in range(256):
            mask = 0
            for bit in range(8):
                if byte >> bit & 1:
                    mask |= 1 << perm[shift + bit]
            table.append(mask)
        out.append(tuple(table))
    return tuple(out)


_SYM_TABLES = tuple(_byte_tables(perm) for perm in SYMMETRIES)
_INVERSE = tuple(tuple(perm.index(p) for p in range(len(perm))) for perm in SYMMETRIES)


def canonical(white: int, black: int) -> tuple[int, int]:
    """The smallest image of the board (``white``, ``black`` bitboards) under the 16
    symmetries, as one number ``white << 24 | black``, and the symmetry that gives it.

    >>> from mangala_edu.dokuz_tas.board import mask_of
    >>> canonical(mask_of(["a1"]), 0)[0] == canonical(mask_of(["g7"]), 0)[0]
    True
    """
    best = -1
    which = 0
    for k, (w0, w1, w2) in enumerate(_SYM_TABLES):
        v = (w0[white & 255] | w1[white >> 8 & 255] | w2[white >> 16]) << 24 | (
            w0[black & 255] | w1[black >> 8 & 255] | w2[black >> 16]
        )
        if best < 0 or v < best:
            best = v
            which = k
    return best, which


def _map(move: RawTurn, perm: tuple[int, ...]) -> RawTurn:
    o, t, r = move
    return (perm[o] if o >= 0 else -1, perm[t], perm[r] if r >= 0 else -1)


# -- The search ---------------------------------------------------------------------------------


def _to_tt(v: int, ply: int) -> int:
    """A value as stored in the table: a win or loss counted from the position, not the root."""
    if _MATE <= v < _INF:
        return v + ply * _PLY
    if -_INF < v <= -_MATE:
        return v - ply * _PLY
    return v


def _from_tt(v: int, ply: int) -> int:
    if _MATE <= v < _INF:
        return v - ply * _PLY
    if -_INF < v <= -_MATE:
        return v + ply * _PLY
    return v


def history_of(game: Game) -> tuple[Position, ...]:
    """The positions of ``game`` before its current one: what the searches take as
    ``history``.

    >>> game = Game(turns=["d6", "d2"])
    >>> len(history_of(game)), history_of(game)[0] == Position.start()
    (2, True)
    """
    return game.positions[:-1]


class Search:
    """Iterative-deepening alpha-beta for Dokuz Taş (keeps its table between calls; call
    :meth:`forget` to empty it).

    Args:
        weights: the evaluation's weights (:mod:`.evaluate`).
        symmetric: key the table by the position up to the board's 16 symmetries.
        probe: an endgame table (see :data:`Probe`), asked at every position with no stones
            in hand; ``None``: none.
        max_entries: the table is emptied when it grows beyond this.
        engine: ``"auto"`` (the compiled search of :mod:`.compiled` when numba is installed,
            pure Python otherwise), ``"numba"`` or ``"python"``: the same values and turns
            either way, the compiled ones sooner.

    >>> search = Search()
    >>> pos = Position.from_text("WW1/3/3/6/3/3/BB1 b 7 7 0")    # Black closes a1-d1-g1
    >>> search.analyse(pos, max_depth=2).best_moves
    ('g1xd7',)
    """

    def __init__(
        self,
        weights: Weights = DEFAULT_WEIGHTS,
        *,
        symmetric: bool = True,
        probe: Probe | None = None,
        max_entries: int = 500_000,
        engine: str = "auto",
    ) -> None:
        if engine not in ("auto", "numba", "python"):
            raise SearchError("search.unknown_engine", value=engine, allowed="auto, numba, python")
        if engine == "numba" and not compiled.available():
            raise SearchError("search.no_kernel", reason="numba is not installed")
        self.weights = weights
        self.symmetric = symmetric
        self.probe = probe
        self.max_entries = max_entries
        # key -> (depth, lower bound, upper bound, best turn in the key's frame)
        self.table: dict[object, tuple[int, int, int, RawTurn | None]] = {}
        self._history: dict[RawTurn, int] = {}
        self._killers: list[list[RawTurn | None]] = [[None, None] for _ in range(_MAX_PLY + 1)]
        self._seen: dict[tuple[int, ...], int] = {}
        self._budget = Budget()
        self._nodes = 0
        self._horizon = 0
        self._reps = 0
        self._exact_keys = False
        self.engine = engine
        self._kernel: compiled.Kernel | None = None
        self._compiled: compiled.Kernel | None = None  # the kernel of the search under way

    def forget(self) -> None:
        """Empty the table and the move-ordering memory (a search counted in positions then
        gives the same answer whatever was searched before)."""
        if self._kernel is not None:
            self._kernel.forget()
        self.table.clear()
        self._history.clear()
        for k in self._killers:
            k[0] = k[1] = None

    # Public -----------------------------------------------------------------------------------
    def analyse(
        self,
        position: Position,
        *,
        history: Iterable[Position] = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
        max_depth: int = MAX_DEPTH,
        min_depth: int = 1,
        all_values: bool = False,
    ) -> Analysis:
        """Search ``position`` deeper and deeper within the budget; the values of its legal
        turns from the last depth finished.

        ``history``: the positions of the game before ``position`` (for the repetition
        draw). ``min_depth`` iterations are always finished, whatever the budget. With
        ``all_values`` every turn gets its own value; otherwise only the turns tied for best
        do (faster). The search stops early once the values are all proven, or a win is.
        """
        moves = self._start(position, history)
        budget = Budget(time_limit, node_limit)
        self._budget = budget
        self._nodes = 0
        values: dict[RawTurn, tuple[int, bool]] = {}
        order: list[RawTurn] = []
        done = 0
        last_nodes = 0
        for depth in range(1, max(1, max_depth) + 1):
            forced = depth <= min_depth
            self._budget = Budget() if forced else budget
            before = budget.nodes + self._nodes
            try:
                values, order = self._iterate(position, moves, depth, order, all_values)
            except BudgetExceeded:
                self._nodes = 0
                break
            finally:
                if forced:
                    budget.nodes += self._budget.nodes
                    self._budget = budget
            done = depth
            best = max(v for v, _ in values.values())
            if all(e for _, e in values.values()) or (best >= _MATE and values[order[0]][1]):
                break  # nothing deeper to learn: every value proven, or a win found
            spent = budget.nodes + self._nodes - before
            total = budget.nodes + self._nodes
            if not forced and self._next_too_costly(budget, total, spent, last_nodes):
                break
            last_nodes = spent
        budget.nodes += self._nodes
        self._nodes = 0
        texts = {m: _text(m) for m in moves}
        result = {texts[m]: MoveValue(v / STONE, e) for m, (v, e) in values.items()}
        return Analysis(result, done, budget.nodes, budget.seconds, [texts[m] for m in order])

    def solve(
        self,
        position: Position,
        *,
        history: Iterable[Position] = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> Solution:
        """The proven result of ``position`` with best play (win, draw or loss for the side
        to move, plies to the end) and every turn that achieves it: the search deepened
        until its value is proven. Raises :class:`~mangala_edu.search.budget.BudgetExceeded`
        when the budget runs out first (practical with few stones, or a win or loss in a few
        plies; a draw is proven only when every line reaches the end: a repetition, the
        50-quiet-turn rule or a win).

        >>> pos = Position.from_text("WW1/3/3/B5/3/3/BB1 w 1 0 0")
        >>> Search().solve(pos).result, Search().solve(pos).plies
        ('win', 1)
        """
        over = position.outcome
        if over is not None:
            result: Literal["win", "draw", "loss"] = (
                "draw"
                if over.winner is None
                else "win"
                if over.winner == position.to_move
                else "loss"
            )
            return Solution(result, 0, (), 0, 0.0)
        moves = self._start(position, history)
        budget = Budget(time_limit, node_limit)
        self._budget = budget
        self._nodes = 0
        self._exact_keys = True
        order: list[RawTurn] = []
        try:
            for depth in range(1, _MAX_PLY):
                values, order = self._iterate(position, moves, depth, order, True)
                best, exact = values[order[0]]
                if (exact and best >= _MATE) or all(e for _, e in values.values()):
                    break
            else:  # pragma: no cover - a game cannot last that long without a draw
                raise BudgetExceeded(budget.nodes + self._nodes, budget.seconds)
        except BudgetExceeded as exc:
            exc.nodes = budget.nodes + self._nodes
            exc.seconds = budget.seconds
            self._nodes = 0
            exc.bounded(None, None)
            raise
        finally:
            self._exact_keys = False
        budget.nodes += self._nodes
        self._nodes = 0
        best_moves = tuple(sorted(_text(m) for m, (v, _) in values.items() if v == best))
        if best >= _MATE:
            return Solution("win", (_WIN - best) // _PLY, best_moves, budget.nodes, budget.seconds)
        if best <= -_MATE:
            return Solution("loss", (_WIN + best) // _PLY, best_moves, budget.nodes, budget.seconds)
        return Solution("draw", 0, best_moves, budget.nodes, budget.seconds)

    # Internals --------------------------------------------------------------------------------
    def _start(self, position: Position, history: Iterable[Position]) -> tuple[RawTurn, ...]:
        """Ready the search of ``position``: its legal turns; the repetition counts of the
        game so far."""
        over = position.outcome
        if over is not None:
            raise IllegalTurnError("dokuz_tas.error.over", why=over.said)
        if len(self.table) > self.max_entries:
            self.table.clear()
        self._compiled = self._kernel_for(position)
        if self._compiled is not None:
            self._compiled.start(position, history, compiled.tables_of(self.probe))
        seen: dict[tuple[int, ...], int] = {}
        for p in history:
            seen[p.key] = seen.get(p.key, 0) + 1
        seen[position.key] = seen.get(position.key, 0) + 1
        self._seen = seen
        self._horizon = 0
        self._reps = 0
        return position._raw_moves()

    @property
    def runs_compiled(self) -> bool:
        """Whether this search runs compiled (below the root)."""
        return self.engine == "numba" or (self.engine == "auto" and compiled.available())

    def _kernel_for(self, position: Position) -> compiled.Kernel | None:
        """The compiled search's kernel for a search of ``position``, or ``None`` for pure
        Python (see :mod:`.compiled`)."""
        if not self.runs_compiled:
            return None
        if (
            self.probe is not None
            and compiled.tables_of(self.probe) is None
            and not any(position._hands)
            and sum(s.bit_count() for s in position._stones) <= compiled.TABLE_REACH
        ):
            return None
        if self._kernel is None:
            self._kernel = compiled.Kernel(self.weights, self.symmetric, self.max_entries)
        return self._kernel

    def _child(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        """:meth:`_search` of a position below the root, compiled when the search is."""
        if self._compiled is None:
            return self._search(pos, depth, alpha, beta, ply)
        return self._compiled.search(pos, depth, alpha, beta, ply, self, self._budget)

    @staticmethod
    def _next_too_costly(budget: Budget, total: int, spent: int, last: int) -> bool:
        """Whether the next iteration would most likely not finish: it costs about as many
        times the last one as the last one cost the one before (at least 3 times); ``total``
        nodes were searched so far, ``spent`` by the last iteration, ``last`` by the one
        before."""
        growth = max(3.0, spent / last) if last else 4.0
        if budget.node_limit is not None and total + growth * spent > budget.node_limit:
            return True
        left = budget.remaining()
        if left is None or total < 1000:
            return False
        return growth * spent * budget.seconds / total > left

    def _iterate(
        self,
        position: Position,
        moves: tuple[RawTurn, ...],
        depth: int,
        order: list[RawTurn],
        all_values: bool,
    ) -> tuple[dict[RawTurn, tuple[int, bool]], list[RawTurn]]:
        """One iteration at the root: each turn's value and whether it is proven; the turns
        best first. Without ``all_values`` a turn below the best gets an upper bound."""
        if order:
            rank = {m: i for i, m in enumerate(order)}
            todo = sorted(moves, key=lambda m: rank.get(m, len(rank)))
        else:
            todo = self._ordered(position, moves, None, 0)
        values: dict[RawTurn, tuple[int, bool]] = {}
        best = -_INF
        after = position._after
        for m in todo:
            alpha = best - 1 if best > -_INF and not all_values else -_INF
            horizon = self._horizon
            v = -self._child(after(*m), depth - 1, -_INF, -alpha, 1)
            proven = v > alpha and (self._horizon == horizon or abs(v) >= _MATE)
            values[m] = (v, proven)
            if v > best:
                best = v
        ranked = sorted(todo, key=lambda m: values[m][0], reverse=True)  # stable: ties keep order
        return values, ranked

    def _ordered(
        self, pos: Position, moves: tuple[RawTurn, ...], hint: RawTurn | None, ply: int
    ) -> list[RawTurn]:
        """The turns of ``pos`` in the order to search them."""
        t = pos._turn
        own, opp = pos._stones[t], pos._stones[1 - t]
        opp_hand = pos._hands[1 - t]
        opp_fly = pos._flying and not opp_hand and opp.bit_count() == 3
        block = closable(opp, own, opp_hand, opp_fly)[0]
        killers = self._killers[ply]
        k0, k1 = killers[0], killers[1]
        hist = self._history
        kernel = self._compiled

        def score(m: RawTurn) -> int:
            if m == hint:
                return 1 << 40
            s = hist.get(m, 0) if kernel is None else kernel.history_value(m)
            if m[2] >= 0:
                s += 1 << 36
            if block >> m[1] & 1:
                s += 1 << 34
            if m in (k0, k1):
                s += 1 << 32
            return s

        return sorted(moves, key=score, reverse=True)

    def _search(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Fail-soft negamax alpha-beta: the value of ``pos`` for its side to move,
        ``depth`` plies deep, ``ply`` plies from the root."""
        self._nodes += 1
        if self._nodes >= _CHECK_EVERY:
            self._budget.charge(self._nodes)
            self._nodes = 0
        t = pos._turn
        hands = pos._hands
        own = pos._stones[t]
        if own.bit_count() + hands[t] < 3:
            return ply * _PLY - _WIN
        moves = pos._raw_moves()
        if not moves:
            return ply * _PLY - _WIN
        quiet = pos._quiet
        if quiet >= QUIET_LIMIT:
            return 0
        key = pos.key
        seen = self._seen
        count = seen.get(key, 0) + 1
        if count >= REPETITIONS:
            self._reps += 1
            return 0
        probe = self.probe
        if probe is not None and not hands[0] and not hands[1]:
            found = probe(pos)
            if found is not None:
                if found > 0:
                    return _WIN - (ply + found) * _PLY
                if found < 0:
                    return (ply - found) * _PLY - _WIN
                return 0
        # The table: keyed up to symmetry; the quiet count is part of the key only when the
        # 50-turn rule could be reached within the depth searched (always when solving).
        stones = pos._stones
        q = quiet if self._exact_keys or quiet + depth >= QUIET_LIMIT else -1
        if self.symmetric:
            board, sym = canonical(stones[0], stones[1])
            tkey: object = (board, hands, t, q)
        else:
            sym = 0
            tkey = (stones, hands, t, q)
        table = self.table
        entry = table.get(tkey)
        hint: RawTurn | None = None
        if entry is not None:
            d, lo, hi, stored = entry
            if stored is not None:
                hint = _map(stored, _INVERSE[sym]) if sym else stored
            if d >= depth:
                lo = _from_tt(lo, ply)
                hi = _from_tt(hi, ply)
                if lo >= beta or hi <= alpha or lo == hi:
                    self._horizon += d != _EXACT
                    return lo if lo >= beta else hi
        if depth <= 0:
            self._horizon += 1
            return evaluate(own, stones[1 - t], hands[t], hands[1 - t], pos._flying, self.weights)
        if len(moves) > 1:
            moves = tuple(self._ordered(pos, moves, hint, ply))
        horizon = self._horizon
        reps = self._reps
        seen[key] = count
        best = -_INF
        best_move = moves[0]
        a = alpha
        after = pos._after
        d1 = depth - 1
        p1 = ply + 1
        search = self._search
        try:
            for m in moves:
                v = -search(after(*m), d1, -beta, -a, p1)
                if v > best:
                    best = v
                    best_move = m
                    if v > a:
                        a = v
                        if v >= beta:
                            if m[2] < 0:
                                killers = self._killers[ply]
                                if killers[0] != m:
                                    killers[1] = killers[0]
                                    killers[0] = m
                                self._history[m] = self._history.get(m, 0) + depth * depth
                            break
        finally:
            if count > 1:
                seen[key] = count - 1
            else:
                del seen[key]
        stored_move = _map(best_move, SYMMETRIES[sym]) if sym else best_move
        if self._reps != reps:  # a repetition below: the value belongs to this line only
            if entry is None:
                table[tkey] = (-1, -_INF, _INF, stored_move)
            return best
        if self._horizon == horizon:
            depth = _EXACT
        lo, hi = -_INF, _INF
        if entry is not None and entry[0] == depth:
            lo, hi = entry[1], entry[2]
        s = _to_tt(best, ply)
        if best <= alpha:
            hi = min(hi, s)
            if entry is not None and entry[3] is not None:
                stored_move = entry[3]  # a fail-low tells no best turn: keep the old one
        elif best >= beta:
            lo = max(lo, s)
        else:
            lo = hi = s
        table[tkey] = (depth, lo, hi, stored_move)
        return best


def _text(move: RawTurn) -> str:
    o, t, r = move
    return write_turn(None if o < 0 else o, t, None if r < 0 else r)


# -- The backend and the players ------------------------------------------------------------------


def endgame_probe(flying: bool = True) -> Probe | None:
    """The probe of the endgame tables in the user cache (:func:`.tables.probe`) when a table
    of this flying switch is built there; ``None`` when none is (the search then plays as it
    does without tables).
    """
    from . import tables

    return tables.probe if tables.built(flying) else None


class DokuzTasBackend:
    """Dokuz Taş's search behind the same calls as Mangala's backends
    (:class:`~mangala_edu.search.backends.SearchBackend`): :meth:`solve`, :meth:`analyse`,
    :meth:`move_values`, :meth:`choose`, :meth:`forget`; ``history`` is always the game's
    positions before this one, budgets are seconds (``time_limit``) or positions searched
    (``node_limit``, the same on every machine).

    ``tables``: the endgame tables' probe that a level reading them (:attr:`Level.tables`)
    plays with, unseeded (default: :func:`endgame_probe`, those of the user cache when they
    are built).

    >>> backend = DokuzTasBackend()
    >>> pos = Position.from_text("WW1/3/3/B5/3/3/BB1 w 1 0 0")
    >>> backend.solve(pos).best_moves
    ('g7xa1', 'g7xa4', 'g7xd1')
    """

    name: ClassVar[str] = "dokuz-tas"

    def __init__(self, search: Search | None = None, *, tables: Probe | None = None) -> None:
        self.search = search if search is not None else Search()
        self.tables = tables
        self._searches: dict[tuple[Weights, int], Search] = {}

    def solve(
        self,
        position: Position,
        *,
        history: Iterable[Position] = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> Solution:
        """See :meth:`Search.solve`."""
        return self.search.solve(
            position, history=history, time_limit=time_limit, node_limit=node_limit
        )

    def analyse(
        self,
        position: Position,
        *,
        history: Iterable[Position] = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
        max_depth: int = MAX_DEPTH,
        min_depth: int = 1,
        all_values: bool = False,
    ) -> Analysis:
        """See :meth:`Search.analyse`."""
        return self.search.analyse(
            position,
            history=history,
            time_limit=time_limit,
            node_limit=node_limit,
            max_depth=max_depth,
            min_depth=min_depth,
            all_values=all_values,
        )

    def move_values(
        self,
        position: Position,
        *,
        history: Iterable[Position] = (),
        time_limit: float | None = None,
        node_limit: int | None = None,
        max_depth: int = MAX_DEPTH,
    ) -> dict[str, MoveValue]:
        """Every legal turn's own value (in the order of their texts) and whether it is
        proven: for reviews and hints.

        >>> pos = Position.from_text("WW1/3/3/6/3/3/BB1 w 7 7 0")
        >>> values = DokuzTasBackend().move_values(pos, max_depth=1)
        >>> values["g7xa1"].value > values["g1"].value > values["b6"].value
        True
        """
        result = self.analyse(
            position,
            history=history,
            time_limit=time_limit,
            node_limit=node_limit,
            max_depth=max_depth,
            all_values=True,
        )
        return dict(sorted(result.values.items()))

    def choose(
        self,
        position: Position,
        level: str | Level,
        *,
        history: Sequence[Position] = (),
        seed: int | None = None,
        rng: random.Random | None = None,
        time_limit: float | None = None,
        node_limit: int | None = None,
    ) -> str:
        """The turn ``level`` plays in ``position`` (see :func:`choose`)."""
        return self.decide(
            position,
            get_level(level),
            history=history,
            rng=rng or random.Random(seed),
            time_limit=time_limit,
            node_limit=node_limit,
            reproducible=seed is not None,
        ).turn

    def decide(
        self,
        position: Position,
        level: Level,
        *,
        history: Sequence[Position] = (),
        rng: random.Random,
        time_limit: float | None = None,
        node_limit: int | None = None,
        reproducible: bool = False,
        scale: float = 1.0,
    ) -> Choice:
        """:meth:`choose` with the reasons (the values seen, the depth, the nodes).
        ``scale`` multiplies the level's own budget (not a ``time_limit`` or ``node_limit``
        given)."""
        moves = position.legal_moves
        if not moves:
            raise IllegalTurnError("dokuz_tas.error.over", why=position.outcome.said)  # type: ignore[union-attr]
        if len(moves) == 1:
            return Choice(moves[0])
        if time_limit is None and node_limit is None:
            scale *= level.budget_scale(position)
            if reproducible:
                node_limit = int(level.node_limit * scale)
            else:
                time_limit = level.time_limit * scale
        weights = level.weights_for(node_limit, self.search.runs_compiled)
        search = self._search_for(position, level, reproducible, weights)
        if reproducible or node_limit is not None:
            search.forget()
        result = search.analyse(
            position,
            history=history,
            time_limit=time_limit,
            node_limit=node_limit,
            max_depth=level.max_depth,
            all_values=level.mistake_rate > 0,
        )
        values = result.values
        best = result.best_value
        pool = [t for t in moves if values[t].value == best]
        mistake = False
        if level.mistake_rate and best < _MATE / STONE and rng.random() < level.mistake_rate:
            worse = [t for t in moves if best - level.mistake_cost <= values[t].value < best]
            if worse:
                pool = worse
                mistake = True
        return Choice(rng.choice(pool), values, result.depth, result.nodes, result.seconds, mistake)

    def _search_for(
        self, position: Position, level: Level, reproducible: bool, weights: Weights | None
    ) -> Search:
        """The search ``level`` plays with: :attr:`search`, or one like it with ``weights``
        (``None``: the level's own, :attr:`Level.weights`) and, for a level that reads the
        endgame tables (an unseeded player, and a search given no probe of its own), their
        probe when they are built. Each is kept for the next turns."""
        base = self.search
        if weights is None:
            weights = level.weights if level.weights is not None else base.weights
        probe = base.probe
        if level.tables and not reproducible and probe is None:
            probe = self.tables if self.tables is not None else endgame_probe(position.flying)
        if weights == base.weights and probe is base.probe:
            return base
        key = (weights, id(probe))
        search = self._searches.get(key)
        if search is None or search.probe is not probe:
            search = Search(
                weights,
                symmetric=base.symmetric,
                probe=probe,
                max_entries=base.max_entries,
                engine=base.engine,
            )
            self._searches[key] = search
        return search

    def forget(self) -> None:
        """Empty the searches' tables."""
        self.search.forget()
        for search in self._searches.values():
            search.forget()

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def choose(
    position: Position,
    level: str | Level = "orta",
    *,
    history: Sequence[Position] = (),
    seed: int | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
) -> str:
    """The turn the computer of ``level`` plays in ``position`` (``history``: the game's
    positions before it, for the repetition draw).

    The budget is the level's unless ``time_limit`` (seconds) or ``node_limit`` (positions)
    is given; with a ``seed`` and no ``time_limit`` it is counted in positions (the level's
    seconds times :data:`NODES_PER_SECOND`), so the same seed gives the same turn on every
    machine.

    >>> pos = Position.from_text("WW1/3/3/B5/3/3/BB1 w 1 0 0")    # Black has three stones
    >>> choose(pos, "usta", seed=3, node_limit=2000) in ("g7xa1", "g7xa4", "g7xd1")   # it wins
    True
    """
    return DokuzTasBackend().choose(
        position, level, history=history, seed=seed, time_limit=time_limit, node_limit=node_limit
    )


def analyse(
    position: Position,
    *,
    history: Iterable[Position] = (),
    time_limit: float | None = None,
    node_limit: int | None = None,
    max_depth: int = MAX_DEPTH,
    all_values: bool = False,
) -> Analysis:
    """:meth:`Search.analyse` with a fresh search (without a budget, give ``max_depth``)."""
    return Search().analyse(
        position,
        history=history,
        time_limit=time_limit,
        node_limit=node_limit,
        max_depth=max_depth,
        all_values=all_values,
    )


def move_values(
    position: Position,
    *,
    history: Iterable[Position] = (),
    time_limit: float | None = None,
    node_limit: int | None = None,
    max_depth: int = MAX_DEPTH,
) -> dict[str, MoveValue]:
    """:meth:`DokuzTasBackend.move_values` with a fresh search."""
    return DokuzTasBackend().move_values(
        position,
        history=history,
        time_limit=time_limit,
        node_limit=node_limit,
        max_depth=max_depth,
    )


def solve(
    position: Position,
    history: Iterable[Position] = (),
    node_limit: int | None = None,
    *,
    time_limit: float | None = None,
) -> Solution:
    """:meth:`Search.solve` with a fresh search.

    >>> pos = Position.from_text("WW1/3/3/6/3/3/BB1 w 7 7 0")
    >>> solve(pos, node_limit=500)
    Traceback (most recent call last):
    ...
    mangala_edu.search.budget.BudgetExceeded: ... / Search budget exceeded after ... nodes ...
    """
    return Search().solve(position, history=history, time_limit=time_limit, node_limit=node_limit)


class Player:
    """A computer player of one level, for whole games (keeps its table between turns unless
    seeded: a seeded player is reproducible, see the module). ``scale`` multiplies the level's
    budget (for benchmarks). ``tables``: the endgame tables'
    probe of an unseeded expert (default: the user cache's when built, see
    :class:`DokuzTasBackend`).

    >>> player = Player("kolay", seed=1)
    >>> player.choose(Position.start()) in Position.start().legal_moves
    True
    """

    def __init__(
        self,
        level: str | Level = "orta",
        seed: int | None = None,
        *,
        node_limit: int | None = None,
        time_limit: float | None = None,
        tables: Probe | None = None,
        scale: float = 1.0,
    ) -> None:
        self.level = get_level(level)
        self.seed = seed
        self.node_limit = node_limit
        self.time_limit = time_limit
        self.scale = scale
        self.rng = random.Random(seed)
        self.backend = DokuzTasBackend(tables=tables)
        self.last: Choice | None = None

    @property
    def name(self) -> str:
        return self.level.key

    def choose(self, position: Position, history: Sequence[Position] = ()) -> str:
        """The turn this player plays in ``position`` (``history``: the positions before)."""
        choice = self.backend.decide(
            position,
            self.level,
            history=history,
            rng=self.rng,
            time_limit=self.time_limit,
            node_limit=self.node_limit,
            reproducible=self.seed is not None,
            scale=self.scale,
        )
        self.last = choice
        return choice.turn

    def __repr__(self) -> str:
        return f"Player({self.level.key!r}, seed={self.seed!r})"


class RandomPlayer:
    """The baseline: any legal turn at random.

    >>> RandomPlayer(seed=3).choose(Position.start()) in Position.start().legal_moves
    True
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, position: Position, history: Sequence[Position] = ()) -> str:
        moves = position.legal_moves
        if not moves:
            raise IllegalTurnError("dokuz_tas.error.over", why=position.outcome.said)  # type: ignore[union-attr]
        return self.rng.choice(moves)

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"
