"""Re-proving a Dokuz Taş puzzle, independently of the miner.

The miner (:mod:`.mine`) reads the tables through its own oracle and finds wins with its own
mate search. Here nothing of it is used: the tables are read entry by entry
(:meth:`~..tables.Tables.lookup`, with the 50-turn rule applied here), and a win in ``N`` is
proven by the package's exact alpha-beta search (:meth:`~..search.Search.solve`, without the
tables), which knows nothing of the miner. For every puzzle:

- the start is a position of the moving phase with no quiet turns, of the stored class, with
  at least three legal moves, and the id is its own;
- every legal first move's result (win, draw or loss for the learner) is the tables' result,
  and the answer is the only move that wins (``win_in_n``, ``only_move``) or, nothing
  winning, the only one that does not lose (``save_draw``);
- each stored refutation is a best reply by the tables;
- ``win_in_n``: at each learner's move of the line the exact search finds a win in exactly
  the moves left and that move as the only fastest one; at each opponent's move, a loss as
  slow as possible with that reply among the slowest; the last move wins the game;
- the distance, and the fields that follow from the facts (almost-good moves, rating,
  themes, title, hint), are what they should be.

:func:`verify_puzzle` returns ``(id, problem, seconds)``: ``problem`` is ``None`` when the
puzzle holds, else a :class:`~mangala_edu.i18n.Message` saying what does not.
"""

from __future__ import annotations

import time
from pathlib import Path

from ...engine.errors import MangalaError
from ...i18n import Message
from ...search.budget import BudgetExceeded
from .. import tables as T
from ..board import Colour
from ..notation import QUIET_LIMIT
from ..position import Position
from ..search import Search
from .levels import SEEDS
from .model import ProofError, Puzzle, puzzle_id
from .rating import SLOW_LOSS, puzzle_rating
from .themes import hint, tag_themes, title

NODE_LIMIT = 3_000_000
"""The exact search's budget for one position of a line (positions searched)."""

_TABLES: dict[str, T.Tables] = {}


def tables_of(cache: str | Path | None) -> T.Tables:
    """The tables of a cache folder (``None``: the user cache), loaded once a process."""
    key = str(T.table_path((3, 3), True, cache).parent)  # the folder, $MANGALA_EDU_CACHE's
    if key not in _TABLES:
        _TABLES[key] = T.Tables(cache)
    return _TABLES[key]


def side_result(tables: T.Tables, pos: Position) -> tuple[str, int]:
    """The result of ``pos`` for its side to move and its distance (plies to the next removal
    or the end), read from the tables entry by entry."""
    over = pos.outcome
    if over is not None:
        if over.winner is None:
            return ("draw", 0)
        return ("win" if over.winner == pos.to_move else "loss", 0)
    found = tables.lookup(pos)
    if found is None:
        w, b = pos.bitboards
        cls = f"{pos.on_board(pos.to_move)}-{(w | b).bit_count() - pos.on_board(pos.to_move)}"
        raise ProofError(
            "dokuz_tas.puzzle.error.no_table",
            classes=cls,
            command=f"mangala-edu tables build --rules dokuz-tas {cls}",
        )
    result, d = found
    if result != "draw" and pos.quiet + d > QUIET_LIMIT:
        return ("draw", 0)
    return (result, d)


def move_result(tables: T.Tables, pos: Position, turn: str) -> tuple[str, int]:
    """The result of ``turn`` for the side that plays it, and plies to the next removal."""
    result, d = side_result(tables, pos.play(turn))
    return ({"win": "loss", "loss": "win", "draw": "draw"}[result], d + 1)


def _rank(value: tuple[str, int]) -> tuple[int, int]:
    result, d = value
    return {"win": (2, -d), "draw": (1, 0), "loss": (0, d)}[result]


def check_puzzle(puzzle: Puzzle, tables: T.Tables, node_limit: int = NODE_LIMIT) -> None:
    """Raise :class:`~.model.ProofError` naming the first thing that does not hold."""
    start = puzzle.start
    learner = start.to_move
    if puzzle.id != puzzle_id(start):
        raise ProofError("dokuz_tas.puzzle.proof.id", expected=puzzle_id(start))
    if start.in_hand("white") or start.in_hand("black") or start.quiet or start.outcome:
        raise ProofError("dokuz_tas.puzzle.proof.start")
    other: Colour = "black" if learner == "white" else "white"
    cls = f"{start.on_board(learner)}-{start.on_board(other)}"
    if cls != puzzle.cls:
        raise ProofError("dokuz_tas.puzzle.proof.class", found=cls, stored=puzzle.cls)
    legal = start.legal_moves
    steps = {_step(turn) for turn in legal}
    if len(steps) < 3:
        raise ProofError("dokuz_tas.puzzle.proof.legal", count=len(steps))
    values = {turn: move_result(tables, start, turn) for turn in legal}
    found = {turn: r for turn, (r, _) in values.items()}
    if found != puzzle.values:
        raise ProofError(
            "dokuz_tas.puzzle.proof.values", found=_said(found), stored=_said(puzzle.values)
        )
    wins = [t for t, r in found.items() if r == "win"]
    draws = [t for t, r in found.items() if r == "draw"]
    keeps = wins if puzzle.goal != "save_draw" else ([] if wins else draws)
    first = list(puzzle.accepted[0])
    if puzzle.goal == "win_in_n":  # the fastest wins: the exact search checks them below
        keeps = keeps if set(first) <= set(keeps) else []
    else:
        keeps = keeps if first == keeps else []
    if (
        not keeps
        or {_step(turn) for turn in keeps} != {_step(puzzle.answer)}
        or puzzle.answer != first[0]
        or puzzle.result != ("draw" if puzzle.goal == "save_draw" else "win")
    ):
        raise ProofError(
            "dokuz_tas.puzzle.proof.answer", answer=puzzle.answer, result=puzzle.result
        )
    if set(puzzle.refutations) != set(legal) - set(first):
        raise ProofError("dokuz_tas.puzzle.proof.record", field="refutations")
    for move, reply in puzzle.refutations.items():
        child = start.play(move)
        replies = {r: move_result(tables, child, r) for r in child.legal_moves}
        best = max(_rank(v) for v in replies.values())
        if reply not in replies or _rank(replies[reply]) != best:
            tops = ", ".join(r for r, v in replies.items() if _rank(v) == best)
            raise ProofError("dokuz_tas.puzzle.proof.refutation", move=move, reply=reply, best=tops)
    if puzzle.goal == "win_in_n":
        distance = 2 * puzzle.moves - 1
        _check_win(puzzle, node_limit)
        almost = len({_step(t) for t in draws})
    elif puzzle.goal == "only_move":
        distance = side_result(tables, start)[1]
        almost = len({_step(t) for t in draws})
        if puzzle.line != (puzzle.answer,) or puzzle.moves != 1:
            raise ProofError("dokuz_tas.puzzle.proof.record", field="line")
    else:
        losses = [d for r, d in values.values() if r == "loss"]
        distance = max(losses)
        almost = len({_step(t) for t, (r, d) in values.items() if r == "loss" and d >= SLOW_LOSS})
        if puzzle.line != (puzzle.answer,) or puzzle.moves != 1:
            raise ProofError("dokuz_tas.puzzle.proof.record", field="line")
    if distance != puzzle.distance:
        raise ProofError("dokuz_tas.puzzle.proof.distance", found=distance, stored=puzzle.distance)
    _check_record(puzzle, start, len(steps), almost)


def _check_win(puzzle: Puzzle, node_limit: int) -> None:
    """The line of a win in ``N``, move by move, with the exact search (no tables)."""
    n = puzzle.moves
    if len(puzzle.line) != 2 * n - 1:
        raise ProofError(
            "dokuz_tas.puzzle.proof.line", found=len(puzzle.line), moves=n, needed=2 * n - 1
        )
    learner = puzzle.learner
    pos = puzzle.start
    history: list[Position] = []
    for ply, turn in enumerate(puzzle.line, start=1):
        if turn not in pos.legal_moves:
            raise ProofError("dokuz_tas.puzzle.proof.illegal", ply=ply, turn=turn)
        try:
            sol = Search().solve(pos, history=history, node_limit=node_limit)
        except BudgetExceeded as exc:
            raise ProofError("dokuz_tas.puzzle.proof.budget", ply=ply) from exc
        said = f"{sol.result} {sol.plies} ({', '.join(sol.best_moves)})"
        if ply % 2 == 1:  # the learner: a win in exactly the moves left, by this stone's move
            left = n - ply // 2
            accepted = puzzle.accepted[ply // 2]
            if (
                sol.result != "win"
                or sol.plies != 2 * left - 1
                or sol.best_moves != tuple(sorted(accepted))
                or turn != accepted[0]
                or len({_step(t) for t in accepted}) != 1
            ):
                raise ProofError("dokuz_tas.puzzle.proof.search", ply=ply, turn=turn, found=said)
        else:  # the opponent: the slowest loss
            left = n - ply // 2
            if sol.result != "loss" or sol.plies != 2 * left or turn not in sol.best_moves:
                raise ProofError("dokuz_tas.puzzle.proof.search", ply=ply, turn=turn, found=said)
        history.append(pos)
        pos = pos.play(turn)
    over = pos.outcome
    if over is None or over.winner != learner:
        raise ProofError("dokuz_tas.puzzle.proof.end")


def _check_record(puzzle: Puzzle, start: Position, legal: int, almost: int) -> None:
    """The fields that follow from the proven facts."""
    themes = tag_themes(start, puzzle.line, puzzle.goal)
    rating = puzzle_rating(
        puzzle.goal,
        moves=puzzle.moves,
        distance=puzzle.distance,
        legal=legal,
        almost=almost,
        quiet="quiet_move" in themes,
        misses=puzzle.misses,
    )
    expected = {
        "almost": (almost, puzzle.almost),
        "themes": (themes, puzzle.themes),
        "rating": (rating, puzzle.rating),
        "title": (title(start, puzzle.goal, puzzle.moves), puzzle.title),
        "hint": (hint(themes), puzzle.hint),
        "flying": (start.flying, puzzle.flying),
    }
    for name, (should, stored) in expected.items():
        if should != stored:
            raise ProofError("dokuz_tas.puzzle.proof.record", field=name)
    if set(puzzle.misses) != set(SEEDS) or any(
        not 0 <= n <= len(SEEDS[level]) for level, n in puzzle.misses.items()
    ):
        raise ProofError("dokuz_tas.puzzle.proof.record", field="misses")


def _step(turn: str) -> str:
    """The stone's move of a turn, without its removal (``a1-a4xg7`` -> ``a1-a4``)."""
    return turn.partition("x")[0]


def _said(values: dict[str, str]) -> str:
    return ", ".join(f"{t}: {r}" for t, r in sorted(values.items()))


def verify_puzzle(
    puzzle: Puzzle, cache: str | Path | None = None
) -> tuple[str, Message | None, float]:
    """Re-prove one puzzle: ``(id, None, seconds)`` when it holds, else ``(id, problem,
    seconds)``. A top-level function, for :func:`~mangala_edu.search.parallel.map_work`."""
    t0 = time.perf_counter()
    try:
        check_puzzle(puzzle, tables_of(cache))
    except MangalaError as exc:
        return puzzle.id, exc.said, time.perf_counter() - t0
    return puzzle.id, None, time.perf_counter() - t0
