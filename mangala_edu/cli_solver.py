"""The command line's solver commands: ``mangala-edu tables …`` and ``solve start``.

``mangala-edu tables build [--rules R] [--pits M] [--stones K] [--jobs N] [--yes]`` builds the
endgame table of a rules preset (see :mod:`mangala_edu.search.tables`): it first says how big
the table will be and about how long it will take, asks before it starts (unless ``--yes``, or
when no one is at the keyboard), shows a progress bar, and writes the file only once complete.
``tables info`` lists the tables in the cache folder; ``tables verify`` checks every one
(checksum, rules, size, and a sample of entries against the pure-Python solver).

``mangala-edu tables build --rules dokuz-tas [CLASS ...] [--no-flying]`` builds Dokuz Taş's
tables instead (:func:`mangala_edu.dokuz_tas.tables.build`: by class, the stones of the side to
move and of the other side, default ``3-3 4-3 4-4``, each with the smaller classes it needs);
``info`` and ``verify`` list and check them too (the checksum, and a sample of positions whose
values are worked out again from their children's).

``mangala-edu solve start [--all-moves] [--jobs N]`` solves the start position with the
compiled kernel and the table (if built), reporting progress on standard error every few
seconds; stopped early (Ctrl-C or ``--time-limit``), it says what was proven by then.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from typing import Any, TextIO

from .cli_errors import CommandError, OutOfBudget
from .engine import SIDE_NAMES, SOUTH, Position, Rules, other
from .games import GAME, GAMES, SET, find_game, rules_of, unit_of
from .i18n import Message, format_count, t

PROGRESS_EVERY = 10.0
"""Seconds between two progress lines of ``solve``."""


def add_table_parser(sub: Any, rule_names: tuple[str, ...]) -> None:
    """Add ``tables build|info|verify`` to the CLI's subcommands."""
    tables = sub.add_parser("tables", help="build, list and check endgame tables")
    tsub = tables.add_subparsers(dest="action", required=True, metavar="ACTION")

    def where(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--folder",
            metavar="DIR",
            help="table folder (default: $MANGALA_EDU_CACHE/tables or the user cache folder)",
        )

    build = tsub.add_parser("build", help="build the endgame table of a rules preset")
    build.add_argument(
        "--rules", choices=rule_names, default="official", help="rules preset (default: official)"
    )
    build.add_argument(
        "classes",
        nargs="*",
        metavar="CLASS",
        help="with --rules dokuz-tas: the classes to build, e.g. 3-3 4-3 (default: 3-3 4-3 4-4)",
    )
    build.add_argument(
        "--no-flying",
        action="store_true",
        help="with --rules dokuz-tas: the tables of the game without flying",
    )
    build.add_argument("--pits", type=int, help="pits a side, with --rules kalah (default 6)")
    build.add_argument(
        "--stones",
        type=int,
        metavar="K",
        help="most stones on the board (default: see tables info)",
    )
    build.add_argument("--jobs", type=int, metavar="N", help="threads (default: every core)")
    build.add_argument("--yes", "-y", action="store_true", help="start without asking")
    where(build)
    info = tsub.add_parser("info", help="list the endgame tables and where they are")
    info.add_argument("--json", action="store_true", help="one JSON object per table")
    where(info)
    verify = tsub.add_parser("verify", help="check every endgame table (checksum, sample)")
    where(verify)


def tables_command(args: argparse.Namespace, out: TextIO, lang: str) -> int:
    """``mangala-edu tables …``; returns the exit status."""
    from .search import tables

    folder = args.folder
    if args.action == "info":
        return _tables_info(folder, out, lang, args.json)
    if args.action == "verify":
        return _tables_verify(folder, out, lang)
    # build
    game = find_game(args.rules)
    if not game.sowing:
        return _dokuz_tas_build(args, out, lang)
    if args.classes or args.no_flying:
        unsown = ", ".join(g.key for g in GAMES if not g.sowing and g.search.tables)
        given = " ".join(args.classes) or "--no-flying"
        raise CommandError(
            "cli.dokuz_tas.classes_only", value=given, rules=args.rules, games=unsown
        )
    from .search.compiled import available, supports

    if game.sized:  # a table holds every start of a size: its stones a pit do not matter
        pits = rules_of(args.rules).pits if args.pits is None else args.pits
        rules = game.sowing_rules(pits=pits, stones=1)
    else:
        if args.pits is not None:
            sized = ", ".join(g.key for g in GAMES if g.sized and g.search.tables)
            raise CommandError("tables.pits_only", games=sized)
        rules = game.sowing_rules()
    if not available():
        raise CommandError("tables.no_kernel")
    if not supports(rules):
        raise CommandError("tables.unsupported", rules=rules.name)
    stones = tables.DEFAULT_STONES if args.stones is None else args.stones
    if not 1 <= stones <= tables.MAX_BUILD_STONES:
        raise CommandError("tables.bad_stones", value=stones, most=tables.MAX_BUILD_STONES)
    if args.jobs is not None and args.jobs < 1:
        raise CommandError("cli.bad_jobs", value=args.jobs)
    where = tables.cache_dir() if folder is None else folder
    est = tables.estimate(rules, stones, args.jobs, tables.reusable(rules, stones, where))
    print(
        t(
            "tables.estimate",
            lang,
            rules=tables.table_rules_name(rules),
            pits=rules.pits,
            stones=stones,
            entries=_count(est.entries, lang),
            megabytes=_megabytes(est.bytes, lang),
            jobs=est.jobs,
            minutes=_minutes(est.seconds, lang),
            folder=where,
        ),
        file=out,
    )
    out.flush()
    if not args.yes and sys.stdin is not None and sys.stdin.isatty():
        answer = input(t("tables.confirm", lang)).strip().lower()
        if answer not in ("e", "evet", "y", "yes"):
            print(t("tables.cancelled", lang), file=out)
            return 1
    bar = ProgressBar(sys.stderr, lang=lang)
    started = time.perf_counter()
    try:
        path = tables.build(rules, stones, folder=folder, jobs=args.jobs, progress=bar.update)
    except KeyboardInterrupt:
        bar.close()
        print(t("tables.interrupted", lang), file=sys.stderr)
        return 130
    bar.close()
    seconds = time.perf_counter() - started
    print(
        t(
            "tables.built",
            lang,
            file=str(path),
            entries=_count(est.entries, lang),
            seconds=_decimal(seconds, lang),
        ),
        file=out,
    )
    return 0


def _tables_info(folder: str | None, out: TextIO, lang: str, as_json: bool) -> int:
    from .dokuz_tas import tables as dokuz_tas
    from .search import tables

    where = tables.cache_dir() if folder is None else folder
    paths = tables.find_tables(where)
    others = dokuz_tas.find_tables(where)
    if not as_json:
        print(t("tables.folder", lang, folder=where), file=out)
    if not paths and not others and not as_json:
        print(t("tables.none", lang, command=tables.build_command(Rules.official())), file=out)
    for path in paths:
        info = tables.describe(path)
        if as_json:
            print(json.dumps(info, ensure_ascii=False), file=out)
        elif info["ok"]:
            print(
                t(
                    "tables.info_line",
                    lang,
                    file=path.name,
                    rules=info["rules"],
                    pits=info["pits"],
                    stones=info["stones"],
                    entries=_count(int(info["entries"] or 0), lang),
                    megabytes=_megabytes(int(info["bytes"]), lang),
                ),
                file=out,
            )
        else:
            print(info["error"], file=out)
    for path in others:
        info = dokuz_tas.describe(path)
        if as_json:
            print(json.dumps(info, ensure_ascii=False), file=out)
        elif info["ok"]:
            print(
                t(
                    "cli.dokuz_tas.tables_info_line",
                    lang,
                    file=path.name,
                    cls=info["class"],
                    flying=_flying(bool(info["flying"])),
                    entries=_count(int(info["entries"]), lang),
                    megabytes=_megabytes(int(info["bytes"]), lang),
                ),
                file=out,
            )
        else:
            print(info["error"], file=out)
    if not as_json:
        print(t("tables.default_stones", lang, stones=tables.DEFAULT_STONES), file=out)
        print(
            t(
                "cli.dokuz_tas.tables_default",
                lang,
                classes=" ".join(dokuz_tas.DEFAULT_CLASSES),
                command="mangala-edu tables build --rules dokuz-tas",
            ),
            file=out,
        )
    return 0


def _tables_verify(folder: str | None, out: TextIO, lang: str) -> int:
    from .dokuz_tas import tables as dokuz_tas
    from .search import tables

    where = tables.cache_dir() if folder is None else folder
    paths = tables.find_tables(where)
    others = dokuz_tas.find_tables(where)
    if not paths and not others:
        print(t("tables.none", lang, command=tables.build_command(Rules.official())), file=out)
        return 0
    status = 0
    for path in paths:
        try:
            table = tables.load(path)
        except tables.TableError as exc:
            status = 1
            print(exc.message(lang), file=out)
            continue
        bad = tables.sample_check(table, count=100)
        if bad:
            status = 1
            print(t("tables.wrong_entries", lang, file=path.name, bad=bad, checked=100), file=out)
        else:
            print(
                t(
                    "tables.ok",
                    lang,
                    file=path.name,
                    entries=_count(len(table.data), lang),
                    checked=100,
                ),
                file=out,
            )
    for path in others:
        try:
            loaded = dokuz_tas.load(path)
        except dokuz_tas.TableError as exc:
            status = 1
            print(exc.message(lang), file=out)
            continue
        bad, checked = dokuz_tas.check_sample(loaded, count=100)
        if bad:
            status = 1
            print(
                t("tables.wrong_entries", lang, file=path.name, bad=bad, checked=checked), file=out
            )
        else:
            print(
                t(
                    "tables.ok",
                    lang,
                    file=path.name,
                    entries=_count(len(loaded.data), lang),
                    checked=checked,
                ),
                file=out,
            )
    return status


def _flying(on: bool) -> Message:
    return Message("cli.dokuz_tas.flying_on" if on else "cli.dokuz_tas.flying_off")


def _dokuz_tas_build(args: argparse.Namespace, out: TextIO, lang: str) -> int:
    """``mangala-edu tables build --rules dokuz-tas [CLASS ...] [--no-flying]``: Dokuz Taş's
    tables (:func:`mangala_edu.dokuz_tas.tables.build`, as its ``build_command`` builds
    them), each class with the smaller ones it needs; says their size first, asks (unless
    ``--yes``, or no one is at the keyboard), then one line a class as it is built."""
    from .dokuz_tas import tables as dokuz_tas
    from .search.tables import cache_dir

    if args.pits is not None:
        sized = ", ".join(g.key for g in GAMES if g.sized and g.search.tables)
        raise CommandError("tables.pits_only", games=sized)
    if args.stones is not None:
        raise CommandError("cli.dokuz_tas.tables_stones", rules=args.rules)
    if args.jobs is not None:
        raise CommandError("cli.dokuz_tas.no_option", option="--jobs", rules=args.rules)
    classes = []
    for text in args.classes or dokuz_tas.DEFAULT_CLASSES:
        try:
            classes.append(dokuz_tas.parse_class(text))
        except dokuz_tas.TableError as exc:
            raise CommandError("cli.dokuz_tas.bad_class", value=text) from exc
    flying = not args.no_flying
    needed = dokuz_tas.needed(classes)
    entries = sum(dokuz_tas.class_size(c) for c in needed)
    where = cache_dir() if args.folder is None else args.folder
    print(
        t(
            "cli.dokuz_tas.tables_estimate",
            lang,
            flying=_flying(flying),
            classes=", ".join(dokuz_tas.class_name(c) for c in needed),
            entries=_count(entries, lang),
            megabytes=_megabytes(entries + dokuz_tas.HEADER_BYTES * len(needed), lang),
            folder=where,
        ),
        file=out,
    )
    out.flush()
    if not args.yes and sys.stdin is not None and sys.stdin.isatty():
        answer = input(t("tables.confirm", lang)).strip().lower()
        if answer not in ("e", "evet", "y", "yes"):
            print(t("tables.cancelled", lang), file=out)
            return 1

    def built(f: Any) -> None:
        print(
            t(
                "cli.dokuz_tas.tables_class",
                lang,
                cls=dokuz_tas.class_name(f.cls),
                canonical=_count(f.canonical, lang),
                wins=_count(f.wins, lang),
                draws=_count(f.draws, lang),
                losses=_count(f.losses, lang),
                longest=f.longest_win,
                seconds=_decimal(f.seconds, lang),
            ),
            file=out,
            flush=True,
        )

    started = time.perf_counter()
    try:
        paths = dokuz_tas.build(classes, flying=flying, folder=args.folder, progress=built)
    except KeyboardInterrupt:
        print(t("tables.interrupted", lang), file=sys.stderr)
        return 130
    seconds = time.perf_counter() - started
    print(
        t(
            "cli.dokuz_tas.tables_built",
            lang,
            folder=where,
            count=len(paths),
            seconds=_decimal(seconds, lang),
        ),
        file=out,
    )
    return 0


_OUTCOMES = {
    (SET, "win"): "cli.outcome.win",
    (SET, "loss"): "cli.outcome.loss",
    (SET, "draw"): "cli.outcome.draw",
    (GAME, "win"): "cli.outcome_game.win",
    (GAME, "loss"): "cli.outcome_game.loss",
    (GAME, "draw"): "cli.outcome_game.draw",
}


def outcome(rules: Rules, value: int, side: Message) -> Message:
    """How the set (or the game) ends for ``side`` with perfect play, when ``value`` is the
    final store difference from its side: it wins or loses by so many stones, or draws.

    >>> from mangala_edu.engine import SIDE_NAMES
    >>> said = outcome(Rules.official(), -8, SIDE_NAMES["south"])
    >>> said.text("tr"), said.text("en")
    ('Güney seti 8 taş farkla kaybeder', 'South loses the set by 8 stones')
    >>> outcome(Rules.toguz_korgool(), 0, SIDE_NAMES["north"]).text("en")
    'the game is a draw'
    """
    kind = "win" if value > 0 else "loss" if value < 0 else "draw"
    return Message(_OUTCOMES[unit_of(rules), kind], side=side, count=abs(value))


def searched(nodes: int) -> Message:
    """How many positions a search looked at ("1 position searched", "3,160,064 positions
    searched", "3.160.064 konuma bakıldı").

    >>> searched(3160064).text("tr"), searched(1).text("en")
    ('3.160.064 konuma bakıldı', '1 position searched')
    """
    return Message("cli.searched", count=nodes)


# solve start / --all-moves -----------------------------------------------------------------------
def solve_command(
    args: argparse.Namespace,
    pos: Position,
    out: TextIO,
    lang: str,
) -> None:
    """``mangala-edu solve`` with ``start`` or ``--all-moves``: the search runs in a worker
    thread while this one reports progress and waits for Ctrl-C."""
    from .search.backends import backend_for
    from .search.budget import BudgetExceeded, signed
    from .search.compiled import (
        DEFAULT_TT_BITS,
        LONG_SEARCH_STONES,
        LONG_SEARCH_TT_BITS,
        CompiledSolver,
    )

    jobs = args.jobs
    if jobs is not None and jobs < 1:
        raise CommandError("cli.bad_jobs", value=jobs)
    long_search = pos.stones_on_board > LONG_SEARCH_STONES
    bits = LONG_SEARCH_TT_BITS if long_search else DEFAULT_TT_BITS
    solver = backend_for(pos.rules, tt_bits=bits).solver  # the game's search, its own table
    fast = solver if isinstance(solver, CompiledSolver) else None
    side = SIDE_NAMES[pos.mover].text(lang)
    if fast is not None and fast.endgame is None and pos.stones_on_board > 24:
        from .search import tables

        print(t("solve.no_table", lang, command=tables.build_command(pos.rules)), file=sys.stderr)
    result: dict[str, Any] = {}
    progress_lines: list[str] = []
    started = time.perf_counter()

    def moved(pit: int, value: int, done: int) -> None:
        line = t(
            "solve.move_done",
            lang,
            pit=pit,
            value=signed(value),
            seconds=_decimal(time.perf_counter() - started, lang),
        )
        progress_lines.append(line)
        print(line, file=sys.stderr, flush=True)

    finished = threading.Event()

    def work() -> None:
        try:
            if fast is not None and long_search:
                fast.grow_table()  # 2 GB: a few seconds, here where Ctrl-C cannot break it
            if args.all_moves and fast is not None:
                result["values"] = fast.parallel_values(
                    pos, jobs=jobs, time_limit=args.time_limit, progress=moved
                )
            elif args.all_moves:
                result["values"] = solver.value_of_moves(pos, time_limit=args.time_limit)
            else:
                result["solution"] = solver.solve(pos, time_limit=args.time_limit)
        except BudgetExceeded as exc:
            result["stopped"] = exc
        except BaseException as exc:  # shown by the main thread
            result["error"] = exc
        finally:
            finished.set()

    # Thread.join interrupted by Ctrl-C may return early ever after (CPython): wait on an Event.
    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    last = time.perf_counter()
    try:
        while not finished.wait(0.2):
            now = time.perf_counter()
            if now - last >= PROGRESS_EVERY:
                last = now
                nodes = fast.nodes_total if fast is not None else solver._budget.nodes
                lo, hi = getattr(solver, "bounds", (None, None))
                bounds = ""
                if args.all_moves and fast is not None:
                    open_moves = {p: b for p, b in dict(fast.move_bounds).items() if b[0] < b[1]}
                    if open_moves:
                        bounds = " " + t(
                            "solve.moves_bounds_now", lang, bounds=_bounds_text(open_moves)
                        )
                elif lo is not None and hi is not None:
                    base = _base(pos)
                    bounds = " " + t(
                        "solve.bounds_now", lang, lower=signed(base + lo), upper=signed(base + hi)
                    )
                print(
                    t(
                        "solve.progress",
                        lang,
                        seconds=_decimal(now - started, lang),
                        nodes=_count(nodes, lang),
                        rate=_count(round(nodes / max(now - started, 1e-9)), lang),
                    )
                    + bounds,
                    file=sys.stderr,
                    flush=True,
                )
    except KeyboardInterrupt:
        solver.cancel()
        while not finished.wait(0.2):
            pass
    if "error" in result:
        raise result["error"]
    seconds = time.perf_counter() - started
    if "stopped" in result:
        exc: BudgetExceeded = result["stopped"]
        proven: list[Message] = []
        if exc.values:
            proven.append(Message("solve.moves_so_far", values=_values_text(exc.values)))
        open_moves = {p: b for p, b in exc.bounds.items() if b[0] < b[1]}
        if open_moves:
            proven.append(Message("solve.moves_bounds_now", bounds=_bounds_text(open_moves)))
        if exc.lower is not None and exc.upper is not None:
            if exc.lower == exc.upper:
                said = outcome(pos.rules, exc.lower, SIDE_NAMES[pos.mover])
                proven.append(Message("cli.proven_value", outcome=said))
            else:
                proven.append(
                    Message(
                        "cli.proven_bounds",
                        side=SIDE_NAMES[pos.mover],
                        lower=signed(exc.lower),
                        upper=signed(exc.upper),
                    )
                )
        raise OutOfBudget(
            "solve.stopped",
            *proven,
            seconds=_decimal(seconds, lang),
            count=fast.nodes_total if fast is not None else exc.nodes,
        )
    total: int | None = fast.nodes_total if fast is not None else None
    if "values" in result:
        values: dict[int, int] = result["values"]
        best = max(values.values())
        best_moves = [p for p, v in values.items() if v == best]
        if args.json:
            print(
                json.dumps(
                    {
                        "value": best,
                        "best_moves": best_moves,
                        "values": {str(p): v for p, v in values.items()},
                        "nodes": total,
                        "seconds": round(seconds, 3),
                    }
                ),
                file=out,
            )
        else:
            print(
                t(
                    "solve.all_moves",
                    lang,
                    side=side,
                    values=_values_text(values),
                    outcome=outcome(pos.rules, best, SIDE_NAMES[pos.mover]),
                    moves=", ".join(map(str, best_moves)),
                    seconds=_decimal(seconds, lang),
                ),
                file=out,
            )
        return
    sol = result["solution"]
    if args.json:
        print(json.dumps(sol.to_dict()), file=out)
    else:
        print(
            t(
                "cli.solved",
                lang,
                outcome=outcome(pos.rules, sol.value, SIDE_NAMES[pos.mover]),
                moves=", ".join(map(str, sol.best_moves)),
                searched=searched(sol.nodes),
            ),
            file=out,
        )


def _base(pos: Position) -> int:
    mover = pos.to_move or SOUTH
    return pos.store(mover) - pos.store(other(mover))


def _values_text(values: dict[int, int]) -> str:
    from .search.budget import signed

    return ", ".join(f"{p}: {signed(v)}" for p, v in sorted(values.items()))


def _bounds_text(bounds: dict[int, tuple[int, int]]) -> str:
    """Each move's proven bounds, by pit.

    >>> _bounds_text({5: (-2, 6), 4: (-48, 48)})
    '4: -48…+48, 5: -2…+6'
    """
    from .search.budget import signed

    return ", ".join(f"{p}: {signed(lo)}…{signed(hi)}" for p, (lo, hi) in sorted(bounds.items()))


_count = format_count
"""A count with thousands separators (:func:`mangala_edu.i18n.format_count`, the one way
every count is written): ``1.251.677.700`` in Turkish, ``1,251,677,700`` in English."""


def _megabytes(n: int, lang: str) -> str:
    """Bytes in MB: one decimal below 10 MB, whole above.

    >>> _megabytes(5005 + 4096, "en"), _megabytes(1251681796, "tr")
    ('0.0', '1.252')
    """
    if n < 10_000_000:
        return _decimal(n / 1e6, lang)
    return _count(round(n / 1e6), lang)


def _decimal(x: float, lang: str) -> str:
    """Seconds with one decimal: ``12,5`` in Turkish, ``12.5`` in English."""
    text = f"{x:.1f}"
    return text.replace(".", ",") if lang == "tr" else text


def _minutes(seconds: float, lang: str) -> str:
    """A duration in whole minutes, at least 1.

    >>> _minutes(20, "en"), _minutes(330, "tr")
    ('1', '6')
    """
    return str(max(1, round(seconds / 60)))


class ProgressBar:
    """A one-line progress bar on a terminal (``\\r`` updates; plain lines elsewhere, at most
    one every few seconds).

    >>> import io
    >>> buf = io.StringIO()
    >>> bar = ProgressBar(buf, width=10)
    >>> bar.update(5, 10); bar.close()
    >>> "50%" in buf.getvalue()
    True
    """

    def __init__(self, stream: TextIO, width: int = 30, lang: str = "en") -> None:
        self.stream = stream
        self.width = width
        self.lang = lang
        self.started = time.perf_counter()
        self.last = 0.0
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.text = ""

    def update(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if self.tty and now - self.last < 0.2 and done < total:
            return
        if not self.tty and now - self.last < 5.0 and 0 < done < total:
            return
        self.last = now
        frac = done / total if total else 1.0
        filled = int(frac * self.width)
        spent = now - self.started
        left = spent / frac - spent if frac > 0.01 else None
        eta = f" ~{_clock(left)}" if left is not None and done < total else ""
        self.text = (
            f"[{'#' * filled}{'-' * (self.width - filled)}] {frac:4.0%} "
            f"{_millions(done, self.lang)}/{_millions(total, self.lang)} M  {_clock(spent)}{eta}"
        )
        if self.tty:
            self.stream.write("\r" + self.text)
        else:
            self.stream.write(self.text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.text:
            self.stream.write("\n")
            self.stream.flush()


def _millions(n: int, lang: str) -> str:
    """``n`` in millions with one decimal, as the language writes numbers.

    >>> _millions(1_251_677_700, "tr"), _millions(1_251_677_700, "en")
    ('1.251,7', '1,251.7')
    """
    text = f"{n / 1e6:,.1f}"
    return text.translate(str.maketrans(",.", ".,")) if lang == "tr" else text


def _clock(seconds: float) -> str:
    """``m:ss``.

    >>> _clock(83.2)
    '1:23'
    """
    s = int(seconds)
    return f"{s // 60}:{s % 60:02d}"
