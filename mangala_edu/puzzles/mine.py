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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..engine import NORTH, SIDES, SOUTH, Position, other
from ..search.analysis import max_capture
from ..search.arena import play_set, random_opening
from ..search.backends import backend_for
from ..search.budget import BudgetExceeded
from ..search.parallel import map_work
from ..search.players import Player
from ..search.solver import solve
from .curate import Curated, cut_to_whole_turns, problems
from .model import Puzzle, phase_of, puzzle_id
from .prove import build_line
from .rating import PUZZLE_RD, difficulty_rating
from .themes import tag_themes

PAIRINGS = (("kolay", "orta"), ("kolay", "zor"), ("orta", "zor"))
"""Who plays whom: (weaker, stronger); game ``seed`` uses pairing ``seed % 3``."""

MEASURED_LEVELS = ("kolay", "orta", "zor", "usta")
"""The levels that try every puzzle to measure its difficulty."""

MEASURE_SEEDS = 3
"""Seeded players of each level that try a puzzle: a level misses it when most of them do,
so that one seed's luck (kolay's random mistakes, a choice among equal moves) cannot move a
puzzle to another band."""

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
    every_position: bool = False
    """Every position of the game is a candidate (either side to move), not only the one
    after a mistake of the weaker side: a quick exact look at its moves
    (:func:`worth_a_line`) keeps those the curation rules could allow, before the line is
    built. Many more puzzles a game, each as proven."""

    def tag(self) -> str:
        low = f"{self.min_stones}-" if self.min_stones else "≤"
        budget = f" {self.node_limit}n" if self.node_limit else ""
        every = " every" if self.every_position else ""
        return f"{low}{self.max_stones}{budget} {self.time_scale:g}x{every}"


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
    dropped_curation: int = 0
    """Puzzles that break a curation rule for one puzzle (:func:`.curate.problems`)."""
    seconds: float = 0.0
    """Processor time the game took (in the process that mined it)."""


def game_key(seed: int, settings: MineSettings) -> str:
    weak, strong = PAIRINGS[seed % len(PAIRINGS)]
    return f"{seed} {weak}-{strong} {settings.tag()}"


def misses(puzzle_start: Position, line: Sequence[str], level: str, seed: int) -> bool:
    """Whether the player of ``level`` seeded ``seed`` misses a learner's move of ``line``."""
    learner = puzzle_start.mover
    player = Player(level, seed=seed)
    pos = puzzle_start
    for name in line:
        pit = pos.pit_number(name)
        if pos.to_move == learner and player.choose(pos) != pit:
            return True
        pos = pos.play(pit)
    return False


def measure(
    puzzle_start: Position,
    line: Sequence[str],
    seed: int,
    levels: Sequence[str] = MEASURED_LEVELS,
    seeds: int = MEASURE_SEEDS,
) -> tuple[str, ...]:
    """The levels that miss a learner's move of ``line``: those whose seeded players (seeds
    ``seed`` to ``seed + seeds - 1``) miss one in most of the tries."""
    failed = []
    for level in levels:
        missed = found = 0
        for k in range(seeds):  # until most of the tries agree
            if misses(puzzle_start, line, level, seed + k):
                missed += 1
            else:
                found += 1
            if 2 * missed > seeds or 2 * found >= seeds:
                break
        if 2 * missed > seeds:
            failed.append(level)
    return tuple(failed)


def goal_of(value: int, values: dict[int, int], gain: int) -> str:
    """What a puzzle asks (see :mod:`.model`), from the start's ``value``, the first step's
    ``values`` and the line's ``gain``.

    >>> goal_of(2, {1: 2, 3: 0}, 1), goal_of(0, {1: 0, 3: -2}, 0), goal_of(6, {1: 6, 3: 2}, 3)
    ('win_set', 'not_lose', 'gain')
    """
    best = max(values, key=lambda p: values[p])
    others = [v for p, v in values.items() if p != best]
    if value > 0 >= max(others):
        return "win_set"
    if value >= 0 > max(others):
        return "not_lose"
    return "gain" if gain >= 2 else "best"


def line_gain(start: Position, line: Sequence[str]) -> int:
    """The learner's store minus the opponent's at the end of ``line``, minus the same at the
    start."""
    learner = start.mover
    rival = other(learner)
    end = start
    for name in line:
        end = end.play(name)
    return (end.store(learner) - end.store(rival)) - (start.store(learner) - start.store(rival))


def make_puzzle(start: Position, source: str, settings: MineSettings) -> Puzzle | None:
    """The puzzle starting at ``start`` (proven, measured, rated, themed), or ``None``.

    Raises :class:`~mangala_edu.search.BudgetExceeded` when a solver call runs out."""
    found = build_line(start, node_limit=settings.node_limit)
    if found is None:
        return None
    whole = cut_to_whole_turns(start, found.line, found.steps)
    if whole is None:
        return None
    found = replace(found, line=whole[0], steps=whole[1])
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
    gain = line_gain(start, found.line)
    values = first.values
    return Puzzle(
        id=pid,
        position=start.to_text(),
        line=found.line,
        value=found.value,
        margin=found.margin,
        goal=goal_of(found.value, values, gain),
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


def worth_a_line(position: Position, node_limit: int | None) -> bool:
    """Could a puzzle start at ``position`` and meet the curation rules for one puzzle? At
    least :data:`~.curate.MIN_MOVES` moves, one best by :data:`~.prove.FIRST_MARGIN` or more,
    and the result of the set changed or :data:`~.curate.MIN_MARGIN` won (the exact values of
    the moves; :class:`~mangala_edu.search.BudgetExceeded` passes through)."""
    from ..search.solver import value_of_moves
    from .curate import MIN_MARGIN, MIN_MOVES
    from .prove import FIRST_MARGIN

    if len(position.legal_moves) < MIN_MOVES:
        return False
    ranked = sorted(value_of_moves(position, node_limit=node_limit).values(), reverse=True)
    gap = ranked[0] - ranked[1]
    changes = (ranked[0] > 0) - (ranked[0] < 0) != (ranked[1] > 0) - (ranked[1] < 0)
    return gap >= FIRST_MARGIN and (changes or gap >= MIN_MARGIN)


def _take(puzzle: Puzzle | None, result: GameResult, covered: set[Position]) -> None:
    """Keep a candidate's ``puzzle`` in ``result`` unless it is too easy (one in
    :data:`KEEP_TRIVIAL` is kept) or breaks a curation rule for one puzzle; its positions
    are ``covered`` either way (no later candidate of the game starts inside its line)."""
    if puzzle is None:
        return
    covered.update(puzzle.positions())
    if is_trivial(puzzle) and int(puzzle.id[1:], 16) % KEEP_TRIVIAL:
        result.dropped_trivial += 1
    elif problems(puzzle):
        result.dropped_curation += 1
    else:
        result.puzzles.append(puzzle)


def _ready(pos: Position, covered: set[Position], settings: MineSettings) -> bool:
    """Whether a puzzle may start at ``pos`` (not over, not inside a puzzle already taken,
    within the stones mined); if so, with a node budget, the shared backend's table is
    emptied first (the same answer whatever was solved before)."""
    if (
        pos.is_over
        or pos in covered
        or not settings.min_stones <= pos.stones_on_board <= settings.max_stones
    ):
        return False
    if settings.node_limit is not None:
        backend_for(pos.rules, shared=True).forget()
    return True


def _every_position(game: Any, settings: MineSettings, result: GameResult, label: str) -> None:
    """The puzzles of every position of ``game`` (``settings.every_position``)."""
    covered: set[Position] = set()
    for ply, pos in enumerate(game.positions[:-1]):
        if not _ready(pos, covered, settings):
            continue
        try:
            if not worth_a_line(pos, settings.node_limit):
                continue
            result.candidates += 1
            puzzle = make_puzzle(pos, f"{label} ply {ply}", settings)
        except BudgetExceeded:
            result.dropped_budget += 1
            continue
        _take(puzzle, result, covered)


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
    if settings.every_position:
        _every_position(game, settings, result, f"{weak}-{strong} #{seed}")
        result.seconds = time.process_time() - t0
        return result
    covered: set[Position] = set()
    for ply, (pos, pit) in enumerate(zip(game.positions, game.moves, strict=False), start=1):
        if pos.to_move != weak_side:
            continue
        after = pos.play(pit)
        if after.to_move == weak_side or not _ready(after, covered, settings):
            continue
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
        _take(puzzle, result, covered)
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
    dropped_curation: int = 0
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
        report.dropped_curation += result.dropped_curation
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


def remeasure(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with the levels' misses and the first rating measured again on its line (as
    :func:`make_puzzle` measures them: after its line was cut, :func:`.curate.whole_turns`)."""
    from dataclasses import replace

    fails = measure(puzzle.start, puzzle.line, int(puzzle.id[1:], 16))
    rating = difficulty_rating(fails, puzzle.tempting, len(puzzle.steps), puzzle.stones)
    return replace(puzzle, fails=fails, rating=rating)


def curate_file(
    path: str | Path, *, measure_again: bool = False, jobs: int | None = None
) -> tuple[int, Curated]:
    """Apply the curation rules (:mod:`.curate`) to the collection file ``path``: lines cut
    back to whole turns (and measured again), every rule applied; the file is replaced
    atomically with the kept puzzles, in their order. Returns the count before and what
    :func:`.curate.curate` kept and dropped. Every puzzle is tagged again from its line.

    ``measure_again``: every puzzle that the rules leave in is measured again
    (:func:`remeasure`, on ``jobs`` processes) before the bands' greedy shares are counted:
    for a collection measured with other levels or seeds than today's."""
    from ..progress_store import atomic_write
    from .collection import read_puzzles
    from .curate import curate, whole_turns

    path = Path(path)
    puzzles = read_puzzles(path)
    ready = []
    for p in puzzles:
        whole = whole_turns(p)
        if whole is None:
            ready.append(p)
        elif whole is p:  # tagged again: the themes' definitions may have changed
            ready.append(replace(p, themes=tag_themes(p.start, p.line, p.steps[0].values)))
        else:
            ready.append(remeasure(whole))
    result = curate(ready)
    if measure_again:
        from ..search.parallel import map_work

        left_in = {p.id for p in result.kept} | set(result.dropped.get("greedy_share", []))
        chosen = [p for p in ready if p.id in left_in]
        measured = map_work(remeasure, chosen, jobs=jobs)
        again = dict(zip([p.id for p in chosen], measured, strict=True))
        ready = [again.get(p.id, p) for p in ready]
        result = curate(ready)
    result.shortened = [a.id for a, b in zip(puzzles, ready, strict=True) if a.line != b.line]
    atomic_write(path, "".join(p.to_json() + "\n" for p in result.kept))
    return len(puzzles), result


def report_json(report: MineReport) -> str:
    """The report as one JSON line (for ``mangala-edu puzzles mine --json``)."""
    return json.dumps(
        {**report.__dict__, "per_hour_per_core": round(report.per_hour_per_core(), 1)}
    )
