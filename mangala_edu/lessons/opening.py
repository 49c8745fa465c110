"""What the package's own solver has proven about the first moves: the data of lesson 18.

The values are read from ``mangala_edu/lessons/data/opening.json``, made by this module's
command (it takes a while: it runs the exact solver on every first move)::

    python -m mangala_edu.lessons.opening [--seconds 120] [--only start|small]
    python -m mangala_edu.lessons.opening --engine compiled --seconds 3600   # kernel + table

For each position (``start``: the 48-stone start of the set; ``small``: the same rules with 2
stones in each pit) and each first move, the file holds the value of the move (the final store
difference from the first player's side, both sides playing perfectly) or, when the solver ran
out of time first, the bounds it had proven, with the search's positions and seconds. The
lesson shows the file as a table with sentences (:class:`OpeningTable`); a test checks that the
stored lesson shows what the file says, and a slow test (``pytest -m slow``) proves the file
again. A faster solver only needs to run the command again (and ``python notebooks/build.py
--execute 18``) to make the lesson say more.

>>> data = load()
>>> sorted(data)
['small', 'start']
>>> small = data["small"]
>>> small.position, all(m.exact for m in small.moves.values())
('2,2,2,2,2,2,0/2,2,2,2,2,2,0 S', True)
>>> small.best_moves == tuple(sorted(p for p, m in small.moves.items()
...                                  if m.lower == max(n.lower for n in small.moves.values())))
True
"""

from __future__ import annotations

import argparse
import datetime
import html
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import SIDE_NAMES, Position, Rules, other
from ..i18n import t
from ..search import BudgetExceeded, Solver
from .claims import MoveValues, score

DATA = Path(__file__).resolve().parent / "data" / "opening.json"
"""The file of proven first-move values that lesson 18 shows."""

POSITIONS = {"start": "4,4,4,4,4,4,0/4,4,4,4,4,4,0 S", "small": "2,2,2,2,2,2,0/2,2,2,2,2,2,0 S"}
"""The positions whose first moves the file covers."""

COMMAND = "python -m mangala_edu.lessons.opening"


@dataclass(frozen=True)
class MoveResult:
    """One first move: its value lies between ``lower`` and ``upper`` (equal: proven exactly),
    from the first player's side, found in ``nodes`` positions and ``seconds``."""

    pit: int
    lower: int
    upper: int
    nodes: int
    seconds: float

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    def to_dict(self) -> dict[str, object]:
        return {
            "lower": self.lower,
            "upper": self.upper,
            "exact": self.exact,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 1),
        }


@dataclass(frozen=True)
class OpeningPosition:
    """The first moves of one position, as proven."""

    name: str
    position: str
    rules: str
    moves: dict[int, MoveResult]
    budget: float | None
    """Seconds the solver was given for each move (``None``: no limit)."""

    def start(self) -> Position:
        return Position.from_text(self.position, Rules.from_name(self.rules))

    @property
    def complete(self) -> bool:
        """True when every first move's value is proven exactly."""
        return all(m.exact for m in self.moves.values())

    @property
    def best_moves(self) -> tuple[int, ...]:
        """The moves proven best (only when :attr:`complete`; else ``()``)."""
        if not self.complete:
            return ()
        top = max(m.lower for m in self.moves.values())
        return tuple(sorted(p for p, m in self.moves.items() if m.lower == top))

    def to_dict(self) -> dict[str, object]:
        return {
            "position": self.position,
            "rules": self.rules,
            "seconds_per_move": self.budget,
            "moves": {str(p): m.to_dict() for p, m in sorted(self.moves.items())},
        }


def load(path: Path = DATA) -> dict[str, OpeningPosition]:
    """The proven first moves of each position in the file."""
    data = json.loads(path.read_text("utf-8"))
    found = {}
    for name, entry in data["positions"].items():
        moves = {
            int(p): MoveResult(int(p), m["lower"], m["upper"], m["nodes"], m["seconds"])
            for p, m in entry["moves"].items()
        }
        found[name] = OpeningPosition(
            name, entry["position"], entry["rules"], moves, entry["seconds_per_move"]
        )
    return found


def prove_move(
    position: Position, pit: int, seconds: float | None, solver: Solver | None = None
) -> MoveResult:
    """The value of playing ``pit`` first (from the first player's side), or its bounds when
    the solver runs out of ``seconds``."""
    began = time.perf_counter()
    trace = position.trace(pit)
    after = trace.after
    if after.is_over:
        result = after.result
        assert result is not None
        value = result.margin(position.mover)
        return MoveResult(pit, value, value, 0, 0.0)
    same = after.to_move == position.to_move
    solver = solver or Solver(position.rules, max_entries=8_000_000)
    try:
        solution = solver.solve(after, time_limit=seconds)
        lower = upper = solution.value if same else -solution.value
        nodes = solution.nodes
    except BudgetExceeded as exc:
        side = after.mover
        base = after.store(side) - after.store(other(side))
        lo = base - after.stones_on_board if exc.lower is None else exc.lower
        hi = base + after.stones_on_board if exc.upper is None else exc.upper
        lower, upper = (lo, hi) if same else (-hi, -lo)
        nodes = exc.nodes
    return MoveResult(pit, lower, upper, nodes, time.perf_counter() - began)


def prove(name: str, seconds: float | None, log: bool = False) -> OpeningPosition:
    """Prove every first move of the position ``name`` (see :data:`POSITIONS`)."""
    position = Position.from_text(POSITIONS[name])
    solver = Solver(position.rules, max_entries=8_000_000)
    moves = {}
    for pit in position.legal_moves:
        if seconds is not None:  # each move starts from an empty table: comparable
            solver = Solver(position.rules, max_entries=8_000_000)
        moves[pit] = prove_move(position, pit, seconds, solver)
        if log:
            m = moves[pit]
            print(
                f"{name} pit {pit}: {m.lower}..{m.upper} ({m.nodes} nodes, {m.seconds:.1f} s)",
                flush=True,
            )
    return OpeningPosition(name, POSITIONS[name], "official", moves, seconds)


def prove_compiled(
    name: str, seconds: float | None, log: bool = False, tt_bits: int | None = None
) -> OpeningPosition | None:
    """Prove every first move of the position ``name`` as ``mangala-edu solve start
    --all-moves`` does: the compiled kernel with the endgame table, every core on one shared
    transposition table, ``seconds`` for all the moves together (``None``: no limit). A move
    not finished by then keeps the bounds proven for it. Each move's ``seconds`` is when it was
    solved; its ``nodes`` are the positions searched by then, by every thread (the moves share
    one search). ``None`` when the kernel is not installed."""
    from ..search.compiled import LONG_SEARCH_TT_BITS, CompiledSolver, make_solver

    position = Position.from_text(POSITIONS[name])
    solver = make_solver(position.rules, "auto", tt_bits=tt_bits or LONG_SEARCH_TT_BITS)
    if not isinstance(solver, CompiledSolver):
        return None
    solver.grow_table()
    began = time.perf_counter()
    solved: dict[int, MoveResult] = {}

    def progress(pit: int, value: int, done: int) -> None:
        solved[pit] = MoveResult(pit, value, value, solver.nodes_total, time.perf_counter() - began)
        if log:
            print(
                f"{name} pit {pit}: {value} ({solved[pit].nodes} nodes, "
                f"{solved[pit].seconds:.1f} s)",
                flush=True,
            )

    bounds: dict[int, tuple[int, int]] = {}
    try:
        solver.parallel_values(position, time_limit=seconds, progress=progress)
    except BudgetExceeded as exc:
        bounds = dict(getattr(exc, "bounds", {}))
    stones = position.stones_on_board
    moves = {}
    for pit in position.legal_moves:
        if pit in solved:
            moves[pit] = solved[pit]
        else:
            lo, hi = bounds.get(pit, (-stones, stones))
            moves[pit] = MoveResult(pit, lo, hi, solver.nodes_total, time.perf_counter() - began)
    return OpeningPosition(name, POSITIONS[name], "official", moves, seconds)


def compiled_description(table_stones: int | None) -> str:
    """How :func:`prove_compiled` searches, naming the endgame table it used.

    >>> print(compiled_description(26))
    mangala_edu.search.compiled.CompiledSolver (numba kernel, zero-window probes from the outside in, endgame table of up to 26 stones, every core on one 2 GB transposition table)
    """
    from ..search.compiled import LONG_SEARCH_TT_BITS

    table = f"endgame table of up to {table_stones} stones" if table_stones else "no endgame table"
    size = (4 << LONG_SEARCH_TT_BITS) * 8 >> 30  # four 8-byte words an entry
    return (
        "mangala_edu.search.compiled.CompiledSolver (numba kernel, zero-window probes from "
        f"the outside in, {table}, every core on one {size} GB transposition table)"
    )


def write(
    found: dict[str, OpeningPosition],
    command: str,
    path: Path = DATA,
    solver: str = "mangala_edu.search.Solver (pure Python, MTD(f), no endgame tables)",
    table_stones: int | None = None,
) -> None:
    """Write the file: ``found``'s positions, the ``command`` and ``solver`` that made them and
    the endgame table's stones (``table_stones``; ``None``: no table)."""
    data: dict[str, object] = {
        "about": "Values of the first moves: the final store difference from the first "
        "player's side with perfect play, or the bounds the solver proved before its "
        "time ran out (lower == upper: proven exactly).",
        "made_by": command,
        "made_on": datetime.date.today().isoformat(),
        "solver": solver,
        **({"table_stones": table_stones} if table_stones else {}),
        "positions": {name: found[name].to_dict() for name in sorted(found)},
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


@dataclass(frozen=True)
class OpeningValues(MoveValues):
    """A :class:`~.claims.MoveValues` claim about a position of the opening file, checked
    against the file (which the slow test proves with the solver) instead of solved again."""

    solver: bool = field(default=False, init=False, repr=False)

    def problems(self) -> list[str]:
        for entry in load().values():
            if entry.position == self.position:
                if not entry.complete:
                    return [f"{self.name}: the file has only bounds for {self.position}"]
                found = {p: m.lower for p, m in entry.moves.items()}
                if found != dict(self.values):
                    return [f"{self.name}: the file says {found}, the claim {dict(self.values)}"]
                return []
        return [f"{self.name}: {self.position} is not in {DATA.name}"]


# -- In the lesson -------------------------------------------------------------------------------


def move_sentence(entry: OpeningPosition, result: MoveResult, lang: str | None = None) -> str:
    """What is proven about one first move, as a sentence."""
    position = entry.start()
    mover = position.mover
    if result.exact:
        mine, theirs = score(position, result.lower)
        if result.lower == 0:
            return t("opening.move.draw", lang, mine=mine, theirs=theirs)
        key = "opening.move.win" if result.lower > 0 else "opening.move.loss"
        winner = mover if result.lower > 0 else other(mover)
        return t(key, lang, side=SIDE_NAMES[winner], mine=mine, theirs=theirs)
    low, high = score(position, result.lower)[0], score(position, result.upper)[0]
    return t(
        "opening.move.bounds",
        lang,
        side=SIDE_NAMES[mover],
        low=low,
        high=high,
        seconds=round(result.seconds),
    )


def proven_so_far(entry: OpeningPosition, lang: str | None = None) -> list[str]:
    """What the bounds of an unfinished position already prove: the most the first player can
    make sure of, and which first moves cannot be the best (their upper bound lies below
    another move's lower bound).

    >>> moves = {1: MoveResult(1, -8, -8, 0, 0.0), 2: MoveResult(2, -4, 2, 0, 0.0),
    ...          3: MoveResult(3, 0, 4, 0, 0.0)}
    >>> entry = OpeningPosition("start", POSITIONS["start"], "official", moves, 60.0)
    >>> for sentence in proven_so_far(entry, "en"):
    ...     print(sentence)
    Already proven: starting with pit 3, South ends the set with at least 24 of the 48 stones in the store, whatever North does: South does not lose.
    Pit 1 cannot be the best first move.
    """
    position = entry.start()
    floor = max(m.lower for m in entry.moves.values())
    pit = min(p for p, m in entry.moves.items() if m.lower == floor)
    mine, theirs = score(position, floor)
    key = "opening.summary.floor_safe" if floor >= 0 else "opening.summary.floor"
    side, rival = SIDE_NAMES[position.mover], SIDE_NAMES[other(position.mover)]
    out = [t(key, lang, pit=pit, side=side, other=rival, mine=mine, stones=mine + theirs)]
    worse = [p for p, m in sorted(entry.moves.items()) if m.upper < floor]
    if worse:
        out.append(
            t(
                "opening.summary.not_best",
                lang,
                count=len(worse),
                pits=", ".join(map(str, worse)),
            )
        )
    return out


def summary_sentence(entry: OpeningPosition, lang: str | None = None) -> str:
    """One sentence about the whole position: its best first moves, or that the solver has not
    finished."""
    position = entry.start()
    if not entry.complete:
        missing = sum(not m.exact for m in entry.moves.values())
        if missing == len(entry.moves):
            return t("opening.summary.none", lang)
        text = t("opening.summary.open", lang, count=missing, total=len(entry.moves))
        return " ".join([text, *proven_so_far(entry, lang)])
    best = entry.best_moves
    value = entry.moves[best[0]].lower
    mine, theirs = score(position, value)
    pits = ", ".join(str(p) for p in best)
    key = (
        "opening.summary.win"
        if value > 0
        else "opening.summary.draw"
        if value == 0
        else "opening.summary.loss"
    )
    return t(
        key,
        lang,
        pits=pits,
        count=len(best),
        side=SIDE_NAMES[position.mover],
        mine=mine,
        theirs=theirs,
    )


_STYLE = """<style>
.mangala-diagram table.mangala-opening {border-collapse: collapse;
  font-size: 1.1em; margin: 0.4em 0;}
.mangala-diagram table.mangala-opening th,
.mangala-diagram table.mangala-opening td {border: 1px solid #b08d57; padding: 0.3em 0.7em;
  text-align: left; vertical-align: top;}
.mangala-diagram table.mangala-opening th {background: #f3e6cf;}
.mangala-diagram table.mangala-opening tr.mangala-values-best td {background: #e8f5e9;
  font-weight: bold;}
.mangala-diagram table.mangala-opening caption {caption-side: bottom; text-align: left;
  font-size: 0.9em; padding-top: 0.3em;}
</style>"""


class OpeningTable:
    """The proven first moves of one position of the file, as a table with sentences."""

    def __init__(self, name: str, lang: str | None = None, path: Path = DATA) -> None:
        self.entry = load(path)[name]
        self.lang = lang
        self.path = path

    def rows(self) -> list[tuple[int, str, str, bool]]:
        """(pit, what the move does at once, what is proven, best?) for each first move."""
        from ..display.captions import outcome_caption

        position = self.entry.start()
        best = self.entry.best_moves
        return [
            (
                pit,
                outcome_caption(position.trace(pit), self.lang),
                move_sentence(self.entry, result, self.lang),
                pit in best,
            )
            for pit, result in sorted(self.entry.moves.items())
        ]

    def sentences(self) -> list[str]:
        """The summary and how this position's values were found, for the pupil: what the
        solver did on this board. The file's name and the command that made it are for the
        teacher (the teacher guide, "Açılış verisini yenilemek"), not shown here.

        >>> for sentence in OpeningTable("small", "en").sentences():
        ...     print(sentence)
        The best first moves are pits 3, 6: with best play on both sides South wins the set 13–11.
        With only 24 stones on the board the solver worked every first move out to the end of the set, with no time limit, in less than a second.
        """
        data = json.loads(self.path.read_text("utf-8"))
        entry = self.entry
        budget = entry.budget
        took = max(m.seconds for m in entry.moves.values())
        compiled = "Compiled" in data["solver"]
        stones = entry.start().stones_on_board
        if budget is None and entry.complete:
            key = "opening.how.quick" if took < 1 else "opening.how.full"
            how = t(key, self.lang, stones=stones, seconds=round(took))
        elif compiled and entry.complete and data.get("table_stones"):
            how = t(
                "opening.how.done_all",
                self.lang,
                seconds=round(took),
                stones=data["table_stones"],
            )
        elif budget:
            limit = "opening.how.limit_all" if compiled else "opening.how.limit"
            how = t(limit, self.lang, seconds=round(budget))
        else:
            how = t("opening.how.full", self.lang, stones=stones, seconds=round(took))
        return [summary_sentence(entry, self.lang), how]

    def _repr_html_(self) -> str:
        from ..display.picture import board_img
        from .values_view import board_beside_table

        lang = self.lang
        rows = self.rows()
        summary, how = self.sentences()
        return board_beside_table(
            board_img(self.entry.start(), lang=lang, max_width=520),
            "mangala-opening",
            ("values.head.move", "values.head.now", "opening.head.proven"),
            [(t("values.pit", lang, pit=pit), now, proven) for pit, now, proven, _ in rows],
            [best for *_, best in rows],
            html.escape(how),
            lang,
            above=f'<p style="font-size:1.15em"><b>{html.escape(summary)}</b></p>',
            basis=360,
            widest=520,
            style=_STYLE,
        )

    def __repr__(self) -> str:
        return f"OpeningTable({self.entry.name!r})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Prove the first moves for lesson 18 and "
        "write mangala_edu/lessons/data/opening.json."
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=120.0,
        help="time limit for each first move of the 48-stone start (pure "
        "Python), or for all of them together (--engine compiled)",
    )
    parser.add_argument(
        "--engine",
        choices=("pure", "compiled"),
        default="pure",
        help="compiled: the kernel with the endgame table (pip install "
        ".[fast]; mangala-edu tables build), every first move at once",
    )
    parser.add_argument(
        "--only",
        choices=sorted(POSITIONS),
        help="prove one position only (the other is kept from the file)",
    )
    parser.add_argument("--output", type=Path, default=DATA)
    args = parser.parse_args(argv)
    found = load(args.output) if args.only and args.output.exists() else {}
    solver = "mangala_edu.search.Solver (pure Python, MTD(f), no endgame tables)"
    table_stones = None
    for name in [args.only] if args.only else sorted(POSITIONS):
        seconds = args.seconds if name == "start" else None
        if args.engine == "compiled":
            entry = prove_compiled(name, seconds, log=True)
            if entry is None:
                parser.error("the compiled kernel is not installed (pip install .[fast])")
            found[name] = entry
            from ..search.tables import table_for

            table = table_for(entry.start().rules)
            table_stones = table.stones if table else None
            solver = compiled_description(table_stones)
        else:
            found[name] = prove(name, seconds, log=True)
    command = COMMAND + (f" --seconds {args.seconds:g}" if args.seconds != 120 else "")
    if args.engine != "pure":
        command += f" --engine {args.engine}"
    if args.only:
        command += f" --only {args.only}"
    write(found, command, args.output, solver, table_stones)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
