"""Benchmark the exact solver: time and nodes/s on fixed positions, and Kalah start positions.

Run: ``python bench/solver.py [--cap SECONDS] [--kalah-cap SECONDS] [--kalah-max M]
[--kalah-table ENTRIES]``. Every search has a time cap (60 s for the official positions, ten
minutes for each Kalah(m,4) start position, m = 3..6); a search that hits it is reported as
"beyond budget" with the nodes it had searched and the bounds of the value it had proven by then
(``≥ +2, ≤ +48``: the first player's final store difference under perfect play is at least +2 and
at most +48; ``= +2``: the value was proven but not every best move). Kalah(6,4) is shown beside
the published result (first player wins by 8, Rawlings).
"""

from __future__ import annotations

import argparse
import sys
import time

from mangala_edu import Position, Rules
from mangala_edu.search.budget import BudgetExceeded, signed
from mangala_edu.search.solver import Solver

sys.setrecursionlimit(10_000)

# Official positions (South to move), the given number of stones in the pits.
POSITIONS = {
    12: ["1,0,2,0,3,0,18/0,2,1,1,2,0,18 S", "2,1,0,1,1,0,18/0,1,3,0,2,1,18 S"],
    16: ["1,3,1,1,1,0,16/3,4,0,1,1,0,16 S", "1,2,1,0,2,1,16/1,1,1,0,2,4,16 S"],
    20: ["2,3,1,1,1,0,14/3,5,0,2,1,1,14 S", "1,0,0,2,2,1,14/2,2,3,2,1,4,14 S"],
    24: ["1,1,1,3,1,1,12/1,4,4,4,2,1,12 S", "2,2,1,3,2,2,12/2,2,2,2,2,2,12 S"],
}

# First player's result under perfect play, where a published figure is known to us.
PUBLISHED = {6: ("+8", "Rawlings 2015 (standard rule: no capture when the opposite pit is empty)")}

KALAH_TABLE = 20_000_000
"""Transposition-table entries for the Kalah rows (a few hundred bytes each: some GB at most);
the solver clears its table when it holds more."""


def interval(lower: int | None, upper: int | None) -> str:
    """The proven bounds of a value, as the bench prints them.

    >>> interval(2, 48), interval(-4, -4), interval(None, None)
    ('≥ +2, ≤ +48', '= -4', '?')
    """
    if lower is not None and lower == upper:
        return f"= {signed(lower)}"
    parts = []
    if lower is not None:
        parts.append(f"≥ {signed(lower)}")
    if upper is not None:
        parts.append(f"≤ {signed(upper)}")
    return ", ".join(parts) or "?"


def run(pos: Position, cap: float, max_entries: int | None = None
        ) -> tuple[str, str, int, float, str]:
    """Solve ``pos`` with a fresh solver within ``cap`` seconds: the value (or the proven
    bounds), the best moves, nodes, seconds and whether it was solved."""
    solver = Solver(pos.rules) if max_entries is None else Solver(pos.rules, max_entries)
    t0 = time.perf_counter()
    try:
        sol = solver.solve(pos, time_limit=cap)
    except BudgetExceeded as exc:
        return (interval(exc.lower, exc.upper), "-", exc.nodes, time.perf_counter() - t0,
                "beyond budget")
    return (f"{sol.value:+d}", ",".join(map(str, sol.best_moves)), sol.nodes, sol.seconds,
            "solved")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cap", type=float, default=60.0,
                        help="seconds per official position (default: 60)")
    parser.add_argument("--kalah-cap", type=float, default=600.0,
                        help="seconds per Kalah start position (default: 600, ten minutes)")
    parser.add_argument("--kalah-max", type=int, default=6,
                        help="largest m for Kalah(m,4), from 3 (default: 6)")
    parser.add_argument("--kalah-table", type=int, default=KALAH_TABLE,
                        help=f"table entries for the Kalah rows (default: {KALAH_TABLE:,})")
    args = parser.parse_args()

    print(f"Official positions (time cap {args.cap:g} s each, "
          f"table up to {Solver(Rules.official()).max_entries:,} entries)")
    print(f"{'stones':>6}  {'position':<34} {'value':>13} {'best':>7} {'nodes':>10} "
          f"{'seconds':>8} {'nodes/s':>8}  status")
    for stones, texts in POSITIONS.items():
        for text in texts:
            pos = Position.from_text(text)
            assert pos.stones_on_board == stones, text
            value, best, nodes, secs, status = run(pos, args.cap)
            print(f"{stones:>6}  {text:<34} {value:>13} {best:>7} {nodes:>10} {secs:>8.2f} "
                  f"{nodes / max(secs, 1e-9):>8.0f}  {status}", flush=True)

    print()
    print(f"Kalah(m,4) start positions, first player to move (time cap {args.kalah_cap:g} s "
          f"each, table up to {args.kalah_table:,} entries)")
    print(f"{'game':<11} {'stones':>6} {'value':>13} {'best':>7} {'nodes':>10} {'seconds':>8} "
          f"{'status':<13}  published")
    for m in range(3, args.kalah_max + 1):
        pos = Position.start(Rules.kalah(m, 4))
        value, best, nodes, secs, status = run(pos, args.kalah_cap, args.kalah_table)
        pub, source = PUBLISHED.get(m, ("-", "not checked here"))
        print(f"{f'Kalah({m},4)':<11} {pos.stones_on_board:>6} {value:>13} {best:>7} {nodes:>10} "
              f"{secs:>8.2f} {status:<13}  {pub} ({source})", flush=True)


if __name__ == "__main__":
    main()
