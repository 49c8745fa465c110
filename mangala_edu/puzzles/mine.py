"""Mining puzzles from games between the computer levels, reproducibly.

As lichess mines its puzzles from blunders, each game here is played between a weaker and a
stronger level (seeded players, so a game seed always gives the same game); right after a move
of the weaker side that the exact solver shows to lose at least :data:`MISTAKE` stones, the
position is a candidate: the stronger side to move, with a proven line (:mod:`.prove`) whose
first move is the only best one. Each candidate is then measured (which levels miss a move of
the line, how many tempting wrong moves it has), rated (:mod:`.rating`), themed
(:mod:`.themes`), and kept unless it is trivial: the answer is the biggest capture on the board,
the line is one move long and the easy level finds it; of those only one in
:data:`KEEP_TRIVIAL` is kept (chosen by the puzzle's id), for beginners.

:func:`mine` runs games over every core (:func:`~mangala_edu.search.parallel.map_work`, a Dask
cluster with ``scheduler``), appends new puzzles to a collection file in game order (skipping
ids already there) and records every finished game in a ``FILE.mined`` file beside it, so that
running the same command again resumes where it stopped and a larger ``games`` extends it.
The same seed and settings give the same file, on one core or many.

>>> settings = MineSettings(max_stones=10, node_limit=200_000, time_scale=0.05)
>>> found = mine_game(GameTask(3, settings))
>>> found.key, all(p.stones <= 10 for p in found.puzzles)
('3 kolay-orta ≤10 200000n 0.05x', True)
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import NORTH, SIDES, SOUTH, Position, other
from ..search.analysis import max_capture
from ..search.arena import play_set, random_opening
from ..search.backends import backend_for
from ..search.budget import BudgetExceeded
from ..search.parallel import map_work
from ..search.players import Player
from ..search.solver import solve
from .model import Puzzle, phase_of, puzzle_id
from .prove import build_line
from .rating import PUZZLE_RD, difficulty_rating
from .themes import tag_themes

PAIRINGS = (("kolay", "orta"), ("kolay", "zor"), ("orta", "zor"))
"""Who plays whom: (weaker, stronger); game ``seed`` uses pairing ``seed % 3``."""

MEASURED_LEVELS = ("kolay", "orta", "zor")
"""The levels that try every puzzle to measure its difficulty."""

MISTAKE = 2
"""The least cost (stones, exactly) of the weaker side's move before a candidate."""

KEEP_TRIVIAL = 4
"""One trivial puzzle in this many is kept (for beginners)."""


@dataclass(frozen=True)
class MineSettings:
    """What a mining run looks for (part of every game's key, so runs with other settings do
    not skip each other's games)."""

    min_stones: int = 0
    max_stones: int = 24
    node_limit: int | None = 2_000_000
    """Each solver call's budget (positions, about 20 s of the pure-Python solver); a candidate
    beyond it is dropped (and counted). Each candidate starts with an empty solver table, so
    whether it fits does not depend on what the process solved before: the same seed gives the
    same file on any core. ``None``: no budget (every candidate is solved to the end, however
    long that takes; the table is then kept from one candidate to the next)."""
    time_scale: float = 0.3
    """Multiplies the players' budgets while the game is played."""

    def tag(self) -> str:
        low = f"{self.min_stones}-" if self.min_stones else "≤"
        budget = f" {self.node_limit}n" if self.node_limit else ""
        return f"{low}{self.max_stones}{budget} {self.time_scale:g}x"


@dataclass(frozen=True)
class GameTask:
    """One game to mine: its seed and the settings."""

    seed: int
    settings: MineSettings


@dataclass
class GameResult:
    """The puzzles one game gave, with what it cost."""

    key: str
    puzzles: list[Puzzle] = field(default_factory=list)
    candidates: int = 0
    dropped_budget: int = 0
    dropped_trivial: int = 0
    seconds: float = 0.0
    """Processor time the game took (in the process that mined it)."""


def game_key(seed: int, settings: MineSettings) -> str:
    weak, strong = PAIRINGS[seed % len(PAIRINGS)]
    return f"{seed} {weak}-{strong} {settings.tag()}"


def measure(
    puzzle_start: Position, line: Sequence[str], seed: int, levels: Sequence[str] = MEASURED_LEVELS
) -> tuple[str, ...]:
    """The levels that miss at least one learner's move of ``line`` (seeded players)."""
    learner = puzzle_start.mover
    fails = []
    for level in levels:
        player = Player(level, seed=seed)
        pos = puzzle_start
        for name in line:
            pit = pos.pit_number(name)
            if pos.to_move == learner and player.choose(pos) != pit:
                fails.append(level)
                break
            pos = pos.play(pit)
    return tuple(fails)


def make_puzzle(start: Position, source: str, settings: MineSettings) -> Puzzle | None:
    """The puzzle starting at ``start`` (proven, measured, rated, themed), or ``None``.

    Raises :class:`~mangala_edu.search.BudgetExceeded` when a solver call runs out."""
    found = build_line(start, node_limit=settings.node_limit)
    if found is None:
        return None
    pid = puzzle_id(start)
    seed = int(pid[1:], 16)
    first = found.steps[0]
    best = first.best
    tempting = 0
    for pit in first.values:
        if pit != best:
            trace = start.trace(pit)
            tempting += bool(trace.captured or trace.extra_turn)
    fails = measure(start, found.line, seed)
    stones = start.stones_on_board
    learner = start.mover
    end = start
    for name in found.line:
        end = end.play(name)
    other = SIDES[1] if learner == SIDES[0] else SIDES[0]
    gain = (end.store(learner) - end.store(other)) - (start.store(learner) - start.store(other))
    values = first.values
    others = [v for p, v in values.items() if p != best]
    if found.value > 0 >= max(others):
        goal = "win_set"
    elif found.value >= 0 > max(others):
        goal = "not_lose"
    elif gain >= 2:
        goal = "gain"
    else:
        goal = "best"
    return Puzzle(
        id=pid,
        position=start.to_text(),
        line=found.line,
        value=found.value,
        margin=found.margin,
        goal=goal,
        gain=gain,
        themes=tag_themes(start, found.line, values),
        phase=phase_of(stones),
        stones=stones,
        rating=difficulty_rating(fails, tempting, len(found.steps), stones),
        rd=PUZZLE_RD,
        fails=fails,
        tempting=tempting,
        steps=found.steps,
        source=source,
    )


def is_trivial(puzzle: Puzzle) -> bool:
    """The answer is the biggest capture on the board, the line is one move long and the easy
    level finds it."""
    start = puzzle.start
    first = start.trace(puzzle.line[0])
    return (
        puzzle.learner_moves == 1
        and "kolay" not in puzzle.fails
        and first.captured > 0
        and first.captured == max_capture(start)
    )


def mine_game(task: GameTask) -> GameResult:
    """Play one game and take its puzzles (a top-level function: it runs in other processes)."""
    t0 = time.process_time()
    settings = task.settings
    seed = task.seed
    weak, strong = PAIRINGS[seed % len(PAIRINGS)]
    rng = random.Random(seed)
    weak_side = rng.choice(SIDES)
    opening = random_opening(Position.start().rules, rng.choice(SIDES), 2, rng)
    players = {
        weak_side: Player(weak, seed=seed, time_scale=settings.time_scale),
        other(weak_side): Player(strong, seed=seed + 1, time_scale=settings.time_scale),
    }
    game = play_set(players[SOUTH], players[NORTH], opening)
    result = GameResult(game_key(seed, settings))
    covered: set[Position] = set()
    for ply, (pos, pit) in enumerate(zip(game.positions, game.moves, strict=False), start=1):
        if pos.to_move != weak_side:
            continue
        after = pos.play(pit)
        if (
            after.is_over
            or after.to_move == weak_side
            or after in covered
            or not settings.min_stones <= after.stones_on_board <= settings.max_stones
        ):
            continue
        if settings.node_limit is not None:  # the same answer whatever was solved before
            backend_for(pos.rules, shared=True).forget()
        try:
            before = solve(pos, node_limit=settings.node_limit)
            if pit in before.best_moves:
                continue
            # The weaker side's move loses at least MISTAKE stones against its best move.
            after_value = solve(after, node_limit=settings.node_limit).value
            if before.value + after_value < MISTAKE:
                continue
            result.candidates += 1
            puzzle = make_puzzle(after, f"{weak}-{strong} #{seed} ply {ply}", settings)
        except BudgetExceeded:
            result.dropped_budget += 1
            continue
        if puzzle is None:
            continue
        covered.update(puzzle.positions())
        if is_trivial(puzzle) and int(puzzle.id[1:], 16) % KEEP_TRIVIAL:
            result.dropped_trivial += 1
            continue
        result.puzzles.append(puzzle)
    result.seconds = time.process_time() - t0
    return result


@dataclass
class MineReport:
    """What a mining run did."""

    games: int = 0
    skipped_games: int = 0
    new: int = 0
    duplicates: int = 0
    candidates: int = 0
    dropped_budget: int = 0
    dropped_trivial: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    def per_hour_per_core(self) -> float:
        """New proven puzzles per hour of one core's work (processor time, so a busy machine
        does not change it)."""
        return 3600 * self.new / self.cpu_seconds if self.cpu_seconds else 0.0


def mined_keys(path: Path) -> set[str]:
    """The games already mined into the collection ``path`` (from ``path.mined``)."""
    done = path.with_name(path.name + ".mined")
    if not done.exists():
        return set()
    return {line.strip() for line in done.read_text("utf-8").splitlines() if line.strip()}


def mine(
    path: str | Path,
    *,
    games: int,
    seed: int = 0,
    settings: MineSettings | None = None,
    jobs: int | None = None,
    scheduler: str | None = None,
    on_game: Callable[[GameResult, MineReport], object] | None = None,
) -> MineReport:
    """Mine games ``seed .. seed + games - 1`` into the collection file ``path`` (created if
    missing), skipping games already mined and puzzles already there; see the module's
    docstring. ``on_game(result, report)`` is called after each game is written."""
    from .collection import read_puzzles

    path = Path(path)
    settings = settings or MineSettings()
    existing = {p.id for p in read_puzzles(path)} if path.exists() else set()
    done = mined_keys(path)
    todo = [
        GameTask(s, settings)
        for s in range(seed, seed + games)
        if game_key(s, settings) not in done
    ]
    report = MineReport(skipped_games=games - len(todo))
    t0 = time.perf_counter()
    log = path.with_name(path.name + ".mined")
    path.parent.mkdir(parents=True, exist_ok=True)
    for result in _results(todo, jobs, scheduler):
        fresh = [p for p in result.puzzles if p.id not in existing]
        report.duplicates += len(result.puzzles) - len(fresh)
        with path.open("a", encoding="utf-8") as out:
            for puzzle in fresh:
                out.write(puzzle.to_json() + "\n")
                existing.add(puzzle.id)
        with log.open("a", encoding="utf-8") as out:
            out.write(result.key + "\n")
        report.games += 1
        report.new += len(fresh)
        report.candidates += result.candidates
        report.dropped_budget += result.dropped_budget
        report.dropped_trivial += result.dropped_trivial
        report.cpu_seconds += result.seconds
        report.seconds = time.perf_counter() - t0
        if on_game is not None:
            on_game(result, report)
    report.seconds = time.perf_counter() - t0
    return report


def _results(
    tasks: list[GameTask], jobs: int | None, scheduler: str | None
) -> Iterator[GameResult]:
    yield from map_work(mine_game, tasks, jobs=jobs, scheduler=scheduler)


def retag(path: str | Path) -> int:
    """Tag every puzzle of a collection file again with :func:`~.themes.tag_themes` (after a
    change of the themes' definitions: the solver's facts stay as they are); the file is
    replaced atomically. Returns how many puzzles changed."""
    from dataclasses import replace

    from ..progress_store import atomic_write
    from .collection import read_puzzles

    path = Path(path)
    puzzles = read_puzzles(path)
    changed = 0
    lines = []
    for p in puzzles:
        themes = tag_themes(p.start, p.line, p.steps[0].values)
        changed += themes != p.themes
        lines.append(replace(p, themes=themes).to_json())
    atomic_write(path, "".join(line + "\n" for line in lines))
    return changed


def report_json(report: MineReport) -> str:
    """The report as one JSON line (for ``mangala-edu puzzles mine --json``)."""
    return json.dumps(
        {**report.__dict__, "per_hour_per_core": round(report.per_hour_per_core(), 1)}
    )
