"""Benchmark the exact solver: time and nodes/s on fixed positions, and Kalah start positions.

Run: ``python bench/solver.py [--cap SECONDS] [--kalah-cap SECONDS]``. Every search has a time
cap; a search that hits it is reported as "beyond budget" with the nodes it had searched.
"""

from __future__ import annotations

import argparse
import sys
import time

from mangala_edu import Position, Rules
from mangala_edu.search.budget import BudgetExceeded
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


def run(pos: Position, cap: float) -> tuple[str, str, int, float]:
    solver = Solver(pos.rules)
    t0 = time.perf_counter()
    try:
        sol = solver.solve(pos, time_limit=cap)
    except BudgetExceeded as exc:
        return "beyond budget", "-", exc.nodes, time.perf_counter() - t0
    return f"{sol.value:+d}", ",".join(map(str, sol.best_moves)), sol.nodes, sol.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per position")
    parser.add_argument("--kalah-cap", type=float, default=120.0,
                        help="seconds per Kalah start position")
    parser.add_argument("--kalah-max", type=int, default=6, help="largest m for Kalah(m,4)")
    args = parser.parse_args()

    print(f"Official positions (time cap {args.cap:g} s each)")
    print(f"{'stones':>6}  {'position':<34} {'value':>13} {'best':>7} {'nodes':>10} "
          f"{'seconds':>8} {'nodes/s':>8}")
    for stones, texts in POSITIONS.items():
        for text in texts:
            pos = Position.from_text(text)
            assert pos.stones_on_board == stones, text
            value, best, nodes, secs = run(pos, args.cap)
            print(f"{stones:>6}  {text:<34} {value:>13} {best:>7} {nodes:>10} {secs:>8.2f} "
                  f"{nodes / max(secs, 1e-9):>8.0f}", flush=True)

    print()
    print(f"Kalah(m,4) start positions, first player to move (time cap {args.kalah_cap:g} s each)")
    print(f"{'game':<11} {'stones':>6} {'value':>13} {'best':>7} {'nodes':>10} {'seconds':>8}  "
          "published")
    for m in range(3, args.kalah_max + 1):
        pos = Position.start(Rules.kalah(m, 4))
        value, best, nodes, secs = run(pos, args.kalah_cap)
        pub, source = PUBLISHED.get(m, ("-", "not checked here"))
        print(f"{f'Kalah({m},4)':<11} {pos.stones_on_board:>6} {value:>13} {best:>7} {nodes:>10} "
              f"{secs:>8.2f}  {pub} ({source})", flush=True)


if __name__ == "__main__":
    main()
