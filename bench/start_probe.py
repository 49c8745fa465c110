"""Benchmark the compiled kernel where the start's proof spends its time: the 47-stone child of
one first move of the official start, searched with the endgame table and a transposition table
grown to full size first (as ``mangala-edu solve start`` does).

Run: ``python bench/start_probe.py [--move 2] [--tt-bits 25] [--probes 7,-5,5,-3] [--runs 3]
[--against CHECKOUT]``.

Without ``--probes`` the child's exact value is found by MTD(f) from the usual guess; with it,
the zero-window probes given (each "is the child worth at least BETA?", the child's mover's
view) run one after the other, as the outside-in probing of ``--all-moves`` does.

``--against CHECKOUT`` measures another copy of the package (a ``git worktree`` of an older
commit, say) side by side with this one: each run starts both in their own process at the same
time, one core each, so that the machine's speed and load are the same for both. The search is
single-threaded and deterministic: both must search the same number of positions unless the
change alters the search itself. Times are CPU seconds of each process.

Needs numba (``pip install -e ".[fast]"``) and the official table (``mangala-edu tables
build``, the largest in the cache folder is used). Memory: the transposition table (32 bytes
times ``2 ** --tt-bits``: 1 GB at the default) for each process, and the endgame table, which
the processes share (mapped from its file).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _side

ROOT = Path(__file__).resolve().parent.parent
"""The checkout this script belongs to."""


def measure(move: int, tt_bits: int, probes: list[int] | None) -> dict[str, object]:
    """Search the child of first ``move`` in this process; the figures as a dict."""
    import numpy as np

    from mangala_edu import Position
    from mangala_edu.search.compiled import CompiledSolver

    position = Position.start()
    solver = CompiledSolver(position.rules, tt_bits=tt_bits)
    if solver.endgame is None:
        raise SystemExit("no endgame table: run  mangala-edu tables build")
    solver.grow_table()
    state, _base = solver._state(position)
    child = next(k for k in solver.kernel.children(state) if k.pit == move)
    flags = np.zeros(2, dtype=np.int64)
    cpu, nodes = time.process_time(), solver.nodes_total
    results = []
    if probes:
        for beta in probes:
            v = solver._probe(child.state, beta - 1, beta, flags, None, 1)
            results.append(f"{'≥' if v >= beta else '<'} {beta}")
    else:
        results.append(f"= {solver._mtdf(child.state, solver._guess(child.state))}")
    seconds = time.process_time() - cpu
    nodes = solver.nodes_total - nodes
    return {
        "source": str(Path(sys.modules["mangala_edu"].__file__ or "").parent.parent),
        "results": results,
        "nodes": nodes,
        "seconds": round(seconds, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--move", type=int, default=2, choices=range(1, 7), metavar="1..6")
    parser.add_argument("--tt-bits", type=int, default=25, choices=range(18, 31), metavar="18..30")
    parser.add_argument("--probes", help="zero-window probes, as BETA,BETA,... (default: MTD(f))")
    parser.add_argument("--runs", type=int, default=1, choices=range(1, 21), metavar="1..20")
    parser.add_argument("--against", type=Path, help="another checkout, measured side by side")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        probes = [int(b) for b in args.probes.split(",")] if args.probes else None
    except ValueError:
        parser.error(f"--probes: whole numbers separated by commas, not {args.probes!r}")
    if args.worker:
        print(json.dumps(measure(args.move, args.tt_bits, probes)))
        return 0
    folders = _side.checkouts(parser, ROOT, args.against)
    print(f"load {os.getloadavg()[0]:.1f}; first move {args.move}; 2**{args.tt_bits} buckets")

    def command(_folder: Path) -> list[str]:
        cmd = [sys.executable, __file__, "--worker", "--move", str(args.move)]
        cmd += ["--tt-bits", str(args.tt_bits)]
        return cmd + (["--probes", args.probes] if args.probes else [])

    def describe(row: dict[str, Any]) -> str:
        rate = row["nodes"] / max(row["seconds"], 1e-9) / 1e6
        return (
            f"{', '.join(row['results'])}  {row['nodes']:,} positions  "
            f"{row['seconds']} CPU s  {rate:.2f} M/s"
        )

    return _side.run(folders, command, args.runs, describe)


if __name__ == "__main__":
    sys.exit(main())
