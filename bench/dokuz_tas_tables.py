"""Benchmark the Dokuz Taş endgame tables: build time, size and results per class.

Run: ``python bench/dokuz_tas_tables.py --cache DIR [CLASS ...] [--no-flying]
[--engine auto|numba|python] [--python-max N]``.

Builds the classes named (default ``3-3 4-3 4-4``; each with its mirror and every smaller
class it needs) into ``DIR/tables`` (``--cache`` is required, so that large tables never go
where they were not meant to: use a temporary folder), rebuilding them even when there. For
each class it prints one line: positions before and after symmetry, wins, draws and losses
(up to symmetry, for the side to move), the longest win and loss (plies to the removal or
the end), wins that need more than 50 plies (draws by the 50-turn rule), the build seconds
of the class with its mirror (the numba time includes compiling on a first run: run twice),
and the file's bytes. With ``--python-max N`` the classes of at most ``N`` entries are
also built in pure Python, timed, and compared byte for byte with the compiled build.

Example: ``nice -n 19 python bench/dokuz_tas_tables.py --cache /tmp/dt-cache 3-3 4-3 4-4
--python-max 300000``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from mangala_edu.dokuz_tas import tables as T


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("classes", nargs="*", default=["3-3", "4-3", "4-4"])
    parser.add_argument("--cache", required=True, help="cache folder (tables go to DIR/tables)")
    parser.add_argument("--no-flying", action="store_true")
    parser.add_argument("--engine", choices=("auto", "numba", "python"), default="auto")
    parser.add_argument("--python-max", type=int, default=0, metavar="N")
    args = parser.parse_args(argv)
    if args.python_max < 0:
        parser.error("--python-max must be 0 or more")
    try:
        classes = [T.parse_class(c) for c in args.classes]
    except T.TableError as exc:
        parser.error(str(exc))
    cache = Path(args.cache)
    flying = not args.no_flying
    rows: list[T.Figures] = []
    start = time.perf_counter()
    T.build(classes, cache, flying=flying, engine=args.engine, force=True, progress=rows.append)
    total = time.perf_counter() - start
    print(
        f"| class | flying | positions | up to symmetry | wins | draws | losses | longest win "
        f"| longest loss | wins > 50 | build s ({rows[0].engine if rows else '-'}) | python s "
        f"| file bytes |"
    )
    print("|" + "---|" * 13)
    for f in rows:
        py = "-"
        if 0 < T.class_size(f.cls) <= args.python_max and f.cls[0] >= f.cls[1]:
            t0 = time.perf_counter()
            subs: dict[T.Class, bytes] = {}

            def look(c: T.Class, subs: dict[T.Class, bytes] = subs) -> T.Lookup:
                data = subs.setdefault(c, T.load(T.table_path(c, flying, cache)).data)
                return lambda mover, opp: data[T.index_of(mover, opp)]

            pure = T.build_python(f.cls, flying, look)
            py = f"{time.perf_counter() - t0:.1f}"
            for c, data in pure.items():
                if bytes(data) != T.load(T.table_path(c, flying, cache)).data:
                    print(f"MISMATCH: pure Python and {f.engine} differ on {c}", file=sys.stderr)
                    return 1
            py += " (same)"
        print(
            f"| {T.class_name(f.cls)} | {'on' if f.flying else 'off'} | {f.positions:,} "
            f"| {f.canonical:,} | {f.wins:,} | {f.draws:,} | {f.losses:,} | {f.longest_win} "
            f"| {f.longest_loss} | {f.wins_over_50:,} | {f.seconds:.1f} | {py} | {f.bytes:,} |"
        )
    print(f"\ntotal {total:.1f} s; files in {cache / 'tables'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
