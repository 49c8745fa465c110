"""Time the searches side by side on fixed positions: the pure exact solver, the lookahead, the
off-path games' solver and lookahead, and the compiled kernel, in one run; with ``--against``,
the same probe in another checkout at the same time.

Run: ``python bench/search_probe.py [--runs 1] [--against CHECKOUT] [--no-kernel]``.

Every search is deterministic and single-threaded (the kernel without an endgame table, in a
table of fixed size), so two checkouts whose searches are the same must report the same
values and the same number of positions for each row; the CPU time of each row, and the ratio
of the two checkouts' times, say what a change cost or saved. ``--against CHECKOUT`` is another
copy of the package (made with ``git archive REV | tar -x -C DIR``, say); the probe runs in a
worker process per checkout (``PYTHONPATH`` pointing at it), both started at once, as
``start_probe.py`` does (see ``_side.py``). The kernel's start-up (loading or compiling its
machine code) is left out of its row.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _side

ROOT = Path(__file__).resolve().parent.parent
"""The checkout this script belongs to."""

CLASSIC = ("3,0,2,1,2,0,16/2,1,0,2,1,2,16 S", "2,1,2,1,3,0,14/2,1,0,2,1,2,17 S")
"""Official-rules endgames for the pure solver (about 0.1 and 0.5 CPU seconds)."""
KERNEL = ("1,2,6,1,3,3,15/1,1,1,2,1,2,9 S", "2,1,2,1,3,0,14/2,1,0,2,1,2,17 S")
"""Official-rules positions for the compiled kernel (the first is issue 21's)."""
MANGALA_II = "2,0,1,0,3,1,30/0,2,1,0,1,2,28 S"
"""A Mangala II endgame for the off-path solver."""


def _offpath() -> Any:
    """The off-path search module of the checkout on the path (``offpath``, once
    ``general``)."""
    try:
        return importlib.import_module("mangala_edu.search.offpath")
    except ImportError:
        return importlib.import_module("mangala_edu.search.general")


def _timed(name: str, run: Callable[[], tuple[object, int]]) -> dict[str, object]:
    cpu = time.process_time()
    value, nodes = run()
    return {
        "name": name,
        "value": value,
        "nodes": nodes,
        "seconds": round(time.process_time() - cpu, 3),
    }


def measure(kernel: bool) -> dict[str, object]:
    """Every row's search in this process; the figures as a dict."""
    from mangala_edu import Position, Rules
    from mangala_edu.search.lookahead import Lookahead
    from mangala_edu.search.solver import Solver

    offpath = _offpath()
    solver_cls = getattr(offpath, "OffPathSolver", None) or offpath.GeneralSolver
    look_cls = getattr(offpath, "OffPathLookahead", None) or offpath.GeneralLookahead
    rows = []
    for text in CLASSIC:
        pos = Position.from_text(text)

        def exact(pos: Position = pos) -> tuple[object, int]:
            sol = Solver(pos.rules).solve(pos)
            return [sol.value, list(sol.best_moves)], sol.nodes

        rows.append(_timed(f"pure solve {text}", exact))

        def every(pos: Position = pos) -> tuple[object, int]:  # the non-best moves' probes too
            solver = Solver(pos.rules)
            found = solver.value_of_moves(pos)
            return found, solver._budget.nodes

        rows.append(_timed(f"pure value_of_moves {text}", every))

    def look() -> tuple[object, int]:
        result = Lookahead(Rules.official()).analyse(Position.start(), max_depth=10)
        return [result.depth, result.best_moves], result.nodes

    rows.append(_timed("lookahead start depth 10", look))
    m2 = Position.from_text(MANGALA_II, Rules.mangala_ii())

    def offpath_exact() -> tuple[object, int]:
        sol = solver_cls(m2.rules).solve(m2)
        return [sol.value, list(sol.best_moves)], sol.nodes

    rows.append(_timed(f"off-path solve {MANGALA_II}", offpath_exact))
    toguz = Position.start(Rules.toguz_korgool())

    def offpath_look() -> tuple[object, int]:
        result = look_cls(toguz.rules).analyse(toguz, max_depth=5, all_values=True)
        return [result.depth, sorted(result.values.items())], result.nodes

    rows.append(_timed("off-path lookahead toguz-korgool start depth 5", offpath_look))
    if kernel:
        from mangala_edu.search import compiled

        if compiled.available():
            for text in KERNEL:
                pos = Position.from_text(text)
                fast = compiled.CompiledSolver(pos.rules, tt_bits=20, tables=False)

                def kernel_solve(pos: Position = pos, fast: Any = fast) -> tuple[object, int]:
                    before = fast.nodes_total
                    sol = fast.solve(pos)
                    return [sol.value, list(sol.best_moves)], fast.nodes_total - before

                rows.append(_timed(f"kernel solve {text}", kernel_solve))
    return {
        "source": str(Path(sys.modules["mangala_edu"].__file__ or "").parent.parent),
        "rows": rows,
        "seconds": round(sum(float(r["seconds"]) for r in rows), 3),  # type: ignore[arg-type]
    }


def describe(row: dict[str, Any]) -> str:
    """One checkout's rows, one a line."""
    lines = [f"{row['seconds']} CPU s in all"]
    for r in row["rows"]:
        lines.append(
            f"    {r['name']}: {json.dumps(r['value'])}  {r['nodes']:,} positions  {r['seconds']} s"
        )
    return "\n".join(lines)


def compare(this: dict[str, Any], other: dict[str, Any]) -> str:
    """Row by row: the same values and positions in both checkouts, and the time ratio."""
    theirs = {r["name"]: r for r in other["rows"]}
    lines = ["row by row (other / this):"]
    for r in this["rows"]:
        o = theirs.get(r["name"])
        if o is None:
            lines.append(f"    {r['name']}: not in the other checkout")
            continue
        same = "same values" if o["value"] == r["value"] else "OTHER VALUES"
        nodes = "same positions" if o["nodes"] == r["nodes"] else f"{o['nodes']:,} positions"
        ratio = o["seconds"] / r["seconds"] if r["seconds"] else float("nan")
        lines.append(f"    {r['name']}: {same}, {nodes}, time ratio {ratio:.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, choices=range(1, 21), metavar="1..20")
    parser.add_argument("--against", type=Path, help="another checkout, measured side by side")
    parser.add_argument("--no-kernel", action="store_true", help="leave the compiled kernel out")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(measure(not args.no_kernel)))
        return 0
    folders = _side.checkouts(parser, ROOT, args.against)
    print(f"load {os.getloadavg()[0]:.1f}")

    def command(_folder: Path) -> list[str]:
        return [sys.executable, __file__, "--worker"] + (["--no-kernel"] if args.no_kernel else [])

    return _side.run(folders, command, args.runs, describe, compare)


if __name__ == "__main__":
    sys.exit(main())
