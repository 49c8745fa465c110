"""Mining Dokuz Taş puzzles from the endgame tables, reproducibly.

The tables (:mod:`..tables`) know every position of the moving phase of their classes. For
each class asked for (``3-3``, ``4-3`` with ``3-4``, ``4-4``, ``5-3`` with ``3-5``: the
learner's stones first), the miner draws positions at random (a seeded generator per class:
the stones on random points, a random colour to move, no stones in hand, no quiet turns) and
reads every legal move's result from the tables. A position becomes a puzzle when its
answer is unique:

``save_draw``
    nothing wins, and exactly one move does not lose;
``win_in_n``
    exactly one move wins at all, it wins in ``N`` of the learner's moves (``N`` at most
    ``max_moves``, found by an exact mate search that reads the tables to cut lines that
    cannot be fast enough: their distance to the next removal is a lower bound of the
    distance to the end), and along the line every later learner's move is the only fastest
    win against the opponent's longest defence (the first such reply in the order of the
    turns' texts);
``only_move``
    exactly one move wins, but the win is farther than ``max_moves`` (or has more than one
    fastest way later): the learner finds the one move that keeps the win.

Every puzzle has at least :data:`MIN_LEGAL` legal moves, and no two puzzles are the same
position up to the board's 16 symmetries and the colours (the tables' own index, with the
stone counts, is the key); a position inside an earlier win's line is not taken again. Each
class takes up to ``per_kind`` puzzles of each kind (win in 1, 2, ... ``max_moves``, only
move, save the draw) and stops after ``max_samples`` draws. The same seed and settings give
the same file.

>>> from mangala_edu.dokuz_tas.puzzles.mine import kinds_for
>>> kinds_for(3)
('win_in_1', 'win_in_2', 'win_in_3', 'only_move', 'save_draw')
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ...search.parallel import map_work
from .. import tables as T
from ..notation import QUIET_LIMIT
from ..position import Position
from .levels import measured
from .model import DokuzTasPuzzleError, Puzzle, puzzle_id
from .rating import SLOW_LOSS, puzzle_rating
from .themes import hint, tag_themes, title

MIN_LEGAL = 3
"""The fewest legal moves a puzzle's start may have."""
MAX_MOVES = 3
"""The longest win (learner's moves) the miner looks for by default."""
PER_KIND = 20
"""Puzzles of each kind a class takes by default."""
MAX_SAMPLES = 100_000
"""Positions a class draws at most."""
DEFAULT_CLASSES = ("3-3", "4-3", "3-4", "4-4", "5-3", "3-5")
"""The classes mined by default (their tables: ``mangala-edu tables build --rules dokuz-tas
3-3 4-3 4-4 5-3``, about a minute with numba)."""

Value = tuple[str, int]
"""A result and its distance in plies: ``("win", 3)``, ``("draw", 0)``, ``("loss", 2)``."""

_FLIP = {"win": "loss", "loss": "win", "draw": "draw"}


def kinds_for(max_moves: int) -> tuple[str, ...]:
    """The kinds a class collects, in order."""
    return (*(f"win_in_{n}" for n in range(1, max_moves + 1)), "only_move", "save_draw")


def kind_of(puzzle: Puzzle) -> str:
    """A puzzle's kind (``win_in_2``, ``only_move``, ``save_draw``)."""
    return f"win_in_{puzzle.moves}" if puzzle.goal == "win_in_n" else puzzle.goal


def _sides(pos: Position) -> tuple[int, int]:
    w, b = pos.bitboards
    return (w, b) if pos.to_move == "white" else (b, w)


def canonical_key(pos: Position) -> tuple[int, int, int]:
    """The same for two positions that differ by a symmetry of the board or by the colours:
    the stones of the side to move and of the other, and the tables' index."""
    own, opp = _sides(pos)
    return own.bit_count(), opp.bit_count(), T.index_of(own, opp)


class Oracle:
    """The tables read for the miner: each position's value, each move's, and the mate
    search (memoised; one oracle serves one mining run)."""

    def __init__(self, tables: T.Tables) -> None:
        self.tables = tables
        self._wins: dict[tuple[tuple[int, int, int], int], bool] = {}

    def value(self, pos: Position) -> Value:
        """The value of ``pos`` for its side to move (a game already over: distance 0)."""
        if pos._lost_by_count() is not None:  # fewer than three stones: over
            return ("loss", 0)
        found = self.tables.lookup(pos)  # a blocked side to move: a loss in 0
        if found is None:
            over = pos.outcome
            if over is not None:
                return ("draw", 0) if over.winner is None else ("loss", 0)
            own, opp = _sides(pos)
            cls = f"{own.bit_count()}-{opp.bit_count()}"
            raise DokuzTasPuzzleError(
                "dokuz_tas.puzzle.error.no_table",
                classes=cls,
                command=f"mangala-edu tables build --rules dokuz-tas {cls}",
            )
        result, d = found
        if result != "draw" and pos.quiet + d > QUIET_LIMIT:
            return ("draw", 0)
        return (result, d)

    def after(self, child: Position) -> Value:
        """The value of the move that led to ``child``, for the side that played it."""
        result, d = self.value(child)
        return (_FLIP[result], d + 1)

    # The mate search -----------------------------------------------------------------------
    def wins_within(self, pos: Position, n: int) -> bool:
        """Whether the side to move can force the end of the game, won, within ``n`` of its
        own moves (``2n - 1`` plies)."""
        key = (canonical_key(pos), n)
        known = self._wins.get(key)
        if known is not None:
            return known
        d = self.tables(pos)
        found = (
            d is not None
            and 0 < d <= 2 * n - 1  # the distance to the next removal is a lower bound
            and any(self.holds(child, n) for child in pos._raw_children())
        )
        self._wins[key] = found
        return found

    def holds(self, child: Position, n: int) -> bool:
        """Whether the move that led to ``child`` wins within ``n`` of its player's moves."""
        over = child.outcome
        if over is not None:
            return over.winner is not None and over.winner != child.to_move
        if n == 1:
            return False
        d = self.tables(child)
        if d is None or not -(2 * n - 2) <= d < 0:
            return False
        for grandchild in child._raw_children():
            if grandchild.outcome is not None:  # the learner blocked or down to two
                return False
            if not self.wins_within(grandchild, n - 1):
                return False
        return True

    def mate_distance(self, pos: Position, most: int) -> int | None:
        """The fewest moves in which the side to move wins (at most ``most``), or ``None``."""
        return next((n for n in range(1, most + 1) if self.wins_within(pos, n)), None)

    def win_line(self, start: Position, n: int) -> tuple[list[str], list[list[str]]] | None:
        """The line of a win in ``n`` and, for each learner's move of it, every fastest move
        (they all move the same stone to the same point; the line plays the first); ``None``
        when a learner's move of it is not the only fastest win (see the module)."""
        line: list[str] = []
        accepted: list[list[str]] = []
        pos, k = start, n
        while True:
            fastest = [(t, c) for t, c in pos.children() if self.holds(c, k)]
            if len({step_of(t) for t, _ in fastest}) != 1:
                return None
            turn, child = fastest[0]
            line.append(turn)
            accepted.append([t for t, _ in fastest])
            if child.outcome is not None:
                return line, accepted
            longest: tuple[int, str, Position] | None = None
            for reply, grandchild in child.children():
                d = self.mate_distance(grandchild, k - 1)
                assert d is not None, (child, reply)
                if longest is None or d > longest[0]:
                    longest = (d, reply, grandchild)
            assert longest is not None
            k, reply, pos = longest
            line.append(reply)

    def best_reply(self, child: Position) -> str:
        """The opponent's best reply in ``child`` by the tables: the fastest win, else a draw,
        else the slowest loss (the first in the order of the turns' texts)."""

        def rank(value: Value) -> tuple[int, int]:
            result, d = value
            return {"win": (2, -d), "draw": (1, 0), "loss": (0, d)}[result]

        best: tuple[tuple[int, int], str] | None = None
        for reply, grandchild in child.children():
            r = rank(self.after(grandchild))
            if best is None or r > best[0]:
                best = (r, reply)
        assert best is not None
        return best[1]


@dataclass(frozen=True)
class MineSettings:
    """What a mining run looks for."""

    classes: tuple[str, ...] = DEFAULT_CLASSES
    seed: int = 0
    per_kind: int = PER_KIND
    max_moves: int = MAX_MOVES
    max_samples: int = MAX_SAMPLES
    flying: bool = True


@dataclass
class ClassReport:
    """What one class gave."""

    cls: str
    samples: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0


@dataclass
class MineReport:
    """What a mining run did."""

    puzzles: int = 0
    samples: int = 0
    seconds: float = 0.0
    level_seconds: float = 0.0
    """Of ``seconds``, those the computer's levels took to play the puzzles."""
    classes: list[ClassReport] = field(default_factory=list)


def random_position(rng: random.Random, cls: tuple[int, int], flying: bool) -> Position:
    """A position of class ``cls`` (the side to move's stones first): random points, a random
    colour to move, no stones in hand, no quiet turns."""
    m, o = cls
    points = rng.sample(range(24), m + o)
    own = sum(1 << p for p in points[:m])
    opp = sum(1 << p for p in points[m:])
    turn = rng.randrange(2)
    stones = (own, opp) if turn == 0 else (opp, own)
    return Position._make(stones, (0, 0), turn, 0, flying)


def step_of(turn: str) -> str:
    """The stone's move of a turn, without the stone it takes: ``a1-a4xg7`` -> ``a1-a4``.

    >>> step_of("a1-a4xg7"), step_of("a1-a4")
    ('a1-a4', 'a1-a4')
    """
    return turn.split("x")[0]


def _unique_keeper(oracle: Oracle, start: Position) -> bool:
    """Quickly: whether exactly one stone's move keeps the start's result (a win, or a draw
    when nothing wins): the tables' value of the start first, then the moves one by one,
    stopping at the second one that keeps it."""
    result, _ = oracle.value(start)
    if result == "loss":
        return False
    keep = "win" if result == "win" else "draw"
    found: set[str] = set()
    for o, t, r in start._raw_moves():
        if oracle.after(start._after(o, t, r))[0] == keep:
            found.add(f"{o} {t}")
            if len(found) > 1:
                return False
    return len(found) == 1


def make_puzzle(
    oracle: Oracle,
    start: Position,
    source: str,
    max_moves: int,
    wanted: Callable[[str], bool] | None = None,
) -> Puzzle | None:
    """The puzzle starting at ``start``, or ``None`` when it has no unique answer (one
    stone's move: when it closes a mill, every removal that keeps the result is accepted)
    or its kind (``win_in_2``, ``only_move``...) is not ``wanted``."""
    if start._lost_by_count() is not None or start.quiet:
        return None
    raw = start._raw_moves()
    if len({(o, t) for o, t, _ in raw}) < MIN_LEGAL or not _unique_keeper(oracle, start):
        return None
    winning = oracle.value(start)[0] == "win"
    found = None
    n = None
    if winning:
        n = oracle.mate_distance(start, max_moves)
        found = oracle.win_line(start, n) if n is not None else None
        kind = f"win_in_{n}" if found is not None else "only_move"
    else:
        kind = "save_draw"
    if wanted is not None and not wanted(kind):
        return None
    children = list(start.children())
    values = {turn: oracle.after(child) for turn, child in children}
    wins = [t for t, (r, _) in values.items() if r == "win"]
    draws = [t for t, (r, _) in values.items() if r == "draw"]
    accepted: list[list[str]]
    if winning:
        if found is not None and n is not None:
            line, accepted = found
            goal, moves, distance = "win_in_n", n, 2 * n - 1
        else:
            goal, moves, distance = "only_move", 1, oracle.value(start)[1]
            line, accepted = [wins[0]], [wins]
        result = "win"
        almost = len({step_of(t) for t in draws})
    else:
        goal, moves, result = "save_draw", 1, "draw"
        line, accepted = [draws[0]], [draws]
        losses = [d for r, d in values.values() if r == "loss"]
        distance = max(losses)
        almost = len({step_of(t) for t, (r, d) in values.items() if r == "loss" and d >= SLOW_LOSS})
    answer = line[0]
    child_of = dict(children)
    refutations = {t: oracle.best_reply(child_of[t]) for t in values if t not in accepted[0]}
    themes = tag_themes(start, line, goal)
    own, opp = _sides(start)
    return Puzzle(
        id=puzzle_id(start),
        position=start.to_text(),
        flying=start.flying,
        goal=goal,
        moves=moves,
        answer=answer,
        accepted=tuple(tuple(a) for a in accepted),
        line=tuple(line),
        result=result,
        distance=distance,
        cls=f"{own.bit_count()}-{opp.bit_count()}",
        values={t: r for t, (r, _) in values.items()},
        refutations=refutations,
        themes=themes,
        almost=almost,
        misses={},
        rating=puzzle_rating(
            goal,
            moves=moves,
            distance=distance,
            legal=len({step_of(t) for t in values}),
            almost=almost,
            quiet="quiet_move" in themes,
        ),
        title=title(start, goal, moves),
        hint=hint(themes),
        source=source,
    )


def with_levels(puzzle: Puzzle, misses: dict[str, int]) -> Puzzle:
    """``puzzle`` with the computer levels' ``misses`` (:mod:`.levels`) and the rating they
    give it."""
    rating = puzzle_rating(
        puzzle.goal,
        moves=puzzle.moves,
        distance=puzzle.distance,
        legal=len({step_of(t) for t in puzzle.values}),
        almost=puzzle.almost,
        quiet="quiet_move" in puzzle.themes,
        misses=misses,
    )
    return replace(puzzle, misses=dict(misses), rating=rating)


def missing_tables(
    classes: Sequence[str], flying: bool = True, cache: str | Path | None = None
) -> list[str]:
    """The classes (with the smaller ones they lead into) whose tables are not in the cache."""
    parsed = [T.parse_class(c) for c in classes]
    return [
        T.class_name(c) for c in T.needed(parsed) if not T.table_path(c, flying, cache).exists()
    ]


def mine_class(
    oracle: Oracle, cls: str, settings: MineSettings, taken: set[tuple[int, int, int]]
) -> tuple[list[Puzzle], ClassReport]:
    """The puzzles of one class (see the module); ``taken`` holds the keys of the positions
    already used (updated)."""
    t0 = time.perf_counter()
    pair = T.parse_class(cls)
    rng = random.Random(f"dokuz-tas puzzles {settings.seed} {cls}")
    kinds = kinds_for(settings.max_moves)
    counts = dict.fromkeys(kinds, 0)
    report = ClassReport(cls)
    found: list[Puzzle] = []
    for sample in range(settings.max_samples):
        if all(n >= settings.per_kind for n in counts.values()):
            break
        report.samples += 1
        start = random_position(rng, pair, settings.flying)
        key = canonical_key(start)
        if key in taken:
            continue
        puzzle = make_puzzle(
            oracle,
            start,
            f"tables {cls} seed {settings.seed} #{sample}",
            settings.max_moves,
            lambda kind: counts[kind] < settings.per_kind,
        )
        if puzzle is None:
            continue
        kind = kind_of(puzzle)
        if counts[kind] >= settings.per_kind:
            continue
        counts[kind] += 1
        found.append(puzzle)
        positions = puzzle.positions()
        taken.update(canonical_key(p) for p in positions[::2] if p.outcome is None)
    report.kinds = counts
    report.seconds = time.perf_counter() - t0
    return found, report


def mine(
    path: str | Path | None,
    settings: MineSettings | None = None,
    *,
    cache: str | Path | None = None,
    on_class: Callable[[ClassReport], object] | None = None,
    jobs: int | None = 1,
    levels: bool = True,
) -> tuple[list[Puzzle], MineReport]:
    """Mine every class of ``settings`` and write the collection to ``path`` (replaced
    atomically; ``None``: nothing written). The tables come from ``cache`` (default: the
    user cache); a class whose table is missing raises :class:`DokuzTasPuzzleError` naming
    the command that builds it. Then every puzzle is played by the computer's levels
    (:mod:`.levels`; ``jobs`` processes, ``None``: every core) for its rating; ``levels=False``
    leaves that out (ratings from the proven facts only, for quick tests)."""
    settings = settings or MineSettings()
    missing = missing_tables(settings.classes, settings.flying, cache)
    if missing:
        raise DokuzTasPuzzleError(
            "dokuz_tas.puzzle.error.no_table",
            classes=" ".join(missing),
            command="mangala-edu tables build --rules dokuz-tas " + " ".join(settings.classes),
        )
    t0 = time.perf_counter()
    oracle = Oracle(T.Tables(cache))
    taken: set[tuple[int, int, int]] = set()
    puzzles: list[Puzzle] = []
    report = MineReport()
    for cls in settings.classes:
        found, part = mine_class(oracle, cls, settings, taken)
        puzzles.extend(found)
        report.classes.append(part)
        report.samples += part.samples
        if on_class is not None:
            on_class(part)
    if levels:
        t1 = time.perf_counter()
        misses = dict(map_work(measured, puzzles, jobs=jobs))
        puzzles = [with_levels(p, misses[p.id]) for p in puzzles]
        report.level_seconds = time.perf_counter() - t1
    report.puzzles = len(puzzles)
    report.seconds = time.perf_counter() - t0
    if path is not None:
        write_puzzles(path, puzzles)
    return puzzles, report


def write_puzzles(path: str | Path, puzzles: Sequence[Puzzle]) -> None:
    """Write a collection file (replaced atomically)."""
    from ...progress_store import atomic_write

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, "".join(p.to_json() + "\n" for p in puzzles))


def iter_kinds(puzzles: Sequence[Puzzle]) -> Iterator[tuple[str, int]]:
    """How many puzzles of each kind, in the order of :func:`kinds_for`."""
    most = max((p.moves for p in puzzles if p.goal == "win_in_n"), default=1)
    for kind in kinds_for(most):
        yield kind, sum(kind_of(p) == kind for p in puzzles)
