"""The command line of the puzzles: ``mangala-edu puzzles list|show|stats|mine|verify`` and
``mangala-edu worksheet`` (registered by :mod:`mangala_edu.cli`).

Bad input is one line naming what is wrong and what is allowed, exit status 2, nothing
written: a :class:`~.model.PuzzleError` for a question about puzzles (an unknown theme, band or
id, more puzzles than there are, a damaged puzzle file), a
:class:`~mangala_edu.cli_errors.CommandError` for an argument (a worksheet that is not a PDF).
``verify`` exits with status 1 when a puzzle does not hold.

``puzzles ratings FOLDER [FOLDER ...] [-o FILE] [--rules dokuz-tas] [--json]`` pools the
attempts saved in class folders of progress files into one rating a puzzle
(:mod:`.pooled`); a damaged progress file is named and nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from ..cli_errors import CommandError, os_reason
from ..i18n import Message, format_count, t
from .collection import Collection, check_band, check_theme, read_puzzles, shipped_path
from .model import Puzzle, PuzzleError
from .rating import BAND_NAMES, BANDS
from .themes import THEME_KEYS_TR, THEMES, fold_name, theme_name

#: Seconds between two progress lines of a long worksheet.
PROGRESS_EVERY = 2.0

__all__ = ["COMMANDS", "add_commands"]


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Add ``puzzles`` and ``worksheet`` to the command line's subcommands."""
    puzzles = sub.add_parser("puzzles", help="list, show, mine and verify puzzles")
    psub = puzzles.add_subparsers(dest="puzzles_command", required=True, metavar="ACTION")

    def filters(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--theme",
            help=f"one of: {', '.join(THEMES)}; or in Turkish: {', '.join(THEME_KEYS_TR.values())}"
            " (with or without Turkish letters: bos_kuyu)",
        )
        p.add_argument("--band", help="kolay/easy, orta/medium, zor/hard, usta/expert")
        p.add_argument(
            "--moves", type=int, metavar="N", help="learner's moves in the line (4: four or more)"
        )
        p.add_argument(
            "--phase", help="opening, middlegame, endgame (açılış, oyun_ortası, oyun_sonu)"
        )

    def source(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--file",
            metavar="FILE.jsonl",
            help="a collection file (default: the one shipped with the package)",
        )

    listing = psub.add_parser("list", help="one line a puzzle (filters, --json)")
    filters(listing)
    source(listing)
    listing.add_argument("--limit", type=int, metavar="N", help="at most N puzzles")
    listing.add_argument("--json", action="store_true", help="one JSON object a line")

    show = psub.add_parser("show", help="a puzzle: the board, the question, the solution")
    show.add_argument("id")
    source(show)
    show.add_argument("--json", action="store_true", help="the puzzle's line as JSON")

    stats = psub.add_parser("stats", help="how many puzzles by theme, band, moves, phase")
    source(stats)
    stats.add_argument("--json", action="store_true")

    mine = psub.add_parser("mine", help="mine proven puzzles from games between levels")
    mine.add_argument(
        "--games",
        type=int,
        required=True,
        metavar="N",
        help="games to play (seeds SEED .. SEED+N-1); games already mined into "
        "the file are skipped, so the same command resumes",
    )
    mine.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    mine.add_argument("--min-stones", type=int, default=0, metavar="N")
    mine.add_argument(
        "--max-stones",
        type=int,
        default=24,
        metavar="N",
        help="only positions with at most N stones on the board (default 24)",
    )
    mine.add_argument(
        "--node-limit",
        type=int,
        default=2_000_000,
        metavar="N",
        help="drop a candidate when one solver call needs more than N positions "
        "(default 2000000, about 20 s of the pure-Python solver; 0: no "
        "limit). Each candidate starts with an empty solver table, so a "
        "seed always gives the same file",
    )
    mine.add_argument(
        "--time-scale",
        type=float,
        default=0.3,
        metavar="F",
        help="the players' budgets while the games are played (default 0.3)",
    )
    mine.add_argument(
        "--every-position",
        action="store_true",
        help="every position of a game is a candidate, not only the one after the weaker "
        "side's mistake (many more puzzles a game)",
    )
    mine.add_argument(
        "--jobs", type=int, metavar="N", help="processes (default: every core; 1: this process)"
    )
    mine.add_argument(
        "--scheduler", metavar="ADDRESS", help="run the games on this Dask cluster instead"
    )
    mine.add_argument(
        "-o",
        "--output",
        metavar="FILE.jsonl",
        help="the collection to extend (default: the shipped one)",
    )
    mine.add_argument("--json", action="store_true", help="the statistics as JSON")

    curate = psub.add_parser(
        "curate",
        help="apply the curation rules (puzzles/data/README.md) to a collection file, in place",
    )
    source(curate)
    curate.add_argument("--json", action="store_true", help="the counts as JSON")
    curate.add_argument(
        "--remeasure",
        action="store_true",
        help="measure every kept puzzle again with today's levels and seeds (its first rating)",
    )
    curate.add_argument(
        "--jobs", type=int, metavar="N", help="processes (default: every core; 1: this process)"
    )

    verify = psub.add_parser("verify", help="re-prove every puzzle of a file with the solver")
    source(verify)
    verify.add_argument(
        "--jobs", type=int, metavar="N", help="processes (default: every core; 1: this process)"
    )
    verify.add_argument("--scheduler", metavar="ADDRESS", help="on this Dask cluster")
    verify.add_argument(
        "--sample", type=int, metavar="N", help="only N puzzles chosen at random (--seed)"
    )
    verify.add_argument("--seed", type=int, default=0)
    verify.add_argument("--json", action="store_true", help="one JSON object a puzzle")

    ratings = psub.add_parser(
        "ratings",
        help="pool the attempts saved in class folders of progress files into one rating a "
        "puzzle (Glicko-2, as lichess); see mangala_edu.puzzles.pooled",
    )
    ratings.add_argument("folders", nargs="+", metavar="FOLDER", help="a folder of progress files")
    ratings.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="where to write the ratings: a file ending .pooled.json, or a folder (default: "
        "beside the progress files of the one FOLDER)",
    )
    ratings.add_argument(
        "--rules",
        default=None,
        help="the game: dokuz-tas for Dokuz Taş's puzzles (default: Mangala's)",
    )
    source(ratings)
    ratings.add_argument("--json", action="store_true", help="the ratings as JSON")

    sheet = sub.add_parser("worksheet", help="an A4 PDF of puzzles with an answer key")
    filters(sheet)
    source(sheet)
    sheet.add_argument(
        "--count", type=int, default=6, metavar="N", help="how many puzzles (default 6)"
    )
    sheet.add_argument("--seed", type=int, default=0, help="which puzzles (default 0)")
    sheet.add_argument("-o", "--output", required=True, metavar="FILE.pdf")


def _collection(args: argparse.Namespace) -> Collection:
    return Collection.load(getattr(args, "file", None))


def _select(args: argparse.Namespace) -> dict[str, object]:
    return {
        "theme": check_theme(args.theme),
        "band": check_band(args.band),
        "moves": args.moves,
        "phase": phase_key(args.phase),
    }


_PHASE_NAMES = {
    "opening": "opening",
    "middlegame": "middlegame",
    "endgame": "endgame",
    "acilis": "opening",
    "oyun_ortasi": "middlegame",
    "orta_oyun": "middlegame",
    "oyun_sonu": "endgame",
}


def phase_key(name: str | None) -> str | None:
    """A phase by its English or Turkish name (with or without Turkish letters); an unknown
    name is left for :meth:`Collection.select` to refuse.

    >>> phase_key("Oyun sonu"), phase_key("açılış"), phase_key("middlegame")
    ('endgame', 'opening', 'middlegame')
    """
    if name is None:
        return None
    return _PHASE_NAMES.get(fold_name(name), name)


def _line(p: Puzzle, lang: str) -> str:
    themes = ", ".join(theme_name(k).text(lang) for k in p.themes if k in THEMES)
    return (
        f"{p.id}  {BAND_NAMES[p.band].text(lang):7} {p.rating:5}  "
        f"{t('cli.puzzles.moves', lang, count=p.learner_moves):12} "
        f"{t('cli.puzzles.stones', lang, count=p.stones):10} {themes}"
    )


def _list(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    chosen = _collection(args).select(**_select(args))  # type: ignore[arg-type]
    if args.limit is not None:
        chosen = chosen[: max(0, args.limit)]
    for p in chosen:
        print(p.to_json() if args.json else _line(p, lang), file=out)
    if not args.json:
        print(t("cli.puzzles.count", lang, count=len(chosen)), file=out)


def _show(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    from ..display.text import board_text
    from .trainer import MoveList, PuzzleRun, explanation

    p = _collection(args).get(args.id)
    if args.json:
        print(p.to_json(), file=out)
        return
    run = PuzzleRun(p)
    print(_line(p, lang), file=out)
    print(board_text(p.start, lang), file=out)
    print(f"{run.prompt().text(lang)} {run.moves_note().text(lang)}", file=out)
    print(t("cli.puzzles.solution", lang, moves=MoveList(p.line), why=explanation(p)), file=out)


def stats(puzzles: list[Puzzle]) -> dict[str, dict[str, int]]:
    """How many puzzles by theme, band, learner's moves, phase and stones (24 or more)."""
    return {
        "themes": {k: n for k, n in Counter(x for p in puzzles for x in p.themes).most_common()},
        "bands": {b: sum(p.band == b for p in puzzles) for b in BANDS},
        "moves": {
            str(k): n for k, n in sorted(Counter(min(p.learner_moves, 4) for p in puzzles).items())
        },
        "phases": dict(Counter(p.phase for p in puzzles)),
        "stones": {
            "24+": sum(p.stones >= 24 for p in puzzles),
            "under 24": sum(p.stones < 24 for p in puzzles),
        },
        "total": {"puzzles": len(puzzles)},
    }


_PHASES = {
    "opening": "cli.puzzles.phase.opening",
    "middlegame": "cli.puzzles.phase.middlegame",
    "endgame": "cli.puzzles.phase.endgame",
}
_GROUPS = {
    "themes": "cli.puzzles.stats.themes",
    "bands": "cli.puzzles.stats.bands",
    "moves": "cli.puzzles.stats.moves",
    "phases": "cli.puzzles.stats.phases",
    "stones": "cli.puzzles.stats.stones",
}


def _stat_name(group: str, key: str, lang: str) -> str:
    """How a row of :func:`stats` is named for the user."""
    if group == "themes":
        return theme_name(key).text(lang) if key in THEMES else key
    if group == "bands":
        return BAND_NAMES[key].text(lang)
    if group == "moves":
        if key == "4":
            return t("cli.puzzles.stats.moves_more", lang)
        return t("cli.puzzles.moves", lang, count=int(key))
    if group == "phases":
        return t(_PHASES[key], lang) if key in _PHASES else key
    return t(
        "cli.puzzles.stats.stones_many" if key == "24+" else "cli.puzzles.stats.stones_few", lang
    )


def stats_lines(puzzles: list[Puzzle], lang: str) -> list[str]:
    """:func:`stats` as the user reads it, in their language, counts written one way.

    >>> from mangala_edu.puzzles.collection import Collection
    >>> lines = stats_lines(Collection.shipped().puzzles, "tr")
    >>> lines[0].startswith("Konular: "), lines[-1].startswith("Toplam: ")
    (True, True)
    """
    table = stats(puzzles)
    lines = [
        f"{t(key, lang)}: "
        + (
            ", ".join(
                f"{_stat_name(group, k, lang)} ({format_count(n, lang)})"
                for k, n in table[group].items()
            )
            or "—"
        )
        for group, key in _GROUPS.items()
    ]
    total = t("cli.puzzles.count", lang, count=len(puzzles))
    lines.append(f"{t('cli.puzzles.stats.total', lang)}: {total}")
    return lines


def _print_stats(puzzles: list[Puzzle], out: TextIO, as_json: bool, lang: str) -> None:
    if as_json:
        print(json.dumps(stats(puzzles), ensure_ascii=False), file=out)
        return
    for line in stats_lines(puzzles, lang):
        print(line, file=out)


def _stats(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    _print_stats(_collection(args).puzzles, out, args.json, lang)


def _mine(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    from .mine import MineSettings, mine, report_json

    if args.games < 1:
        raise CommandError("cli.puzzles.bad_games", value=args.games)
    path = Path(args.output) if args.output else shipped_path()
    if path.exists():
        read_puzzles(path)  # a damaged file is reported before anything is added to it
    settings = MineSettings(
        args.min_stones,
        args.max_stones,
        args.node_limit or None,
        args.time_scale,
        args.every_position,
    )

    def progress(r: Any, rep: Any) -> None:
        print(
            t(
                "cli.puzzles.mined_game",
                lang,
                key=r.key,
                count=len(r.puzzles),
                total=rep.new,
            ),
            file=sys.stderr,
        )

    report = mine(
        path,
        games=args.games,
        seed=args.seed,
        settings=settings,
        jobs=args.jobs,
        scheduler=args.scheduler,
        on_game=None if args.json else progress,
    )
    if args.json:
        print(report_json(report), file=out)
        return
    print(
        t(
            "cli.puzzles.mine_report",
            lang,
            games=report.games,
            skipped=report.skipped_games,
            new=report.new,
            duplicates=report.duplicates,
            candidates=report.candidates,
            trivial=report.dropped_trivial,
            curation=report.dropped_curation,
            budget=report.dropped_budget,
            rate=round(report.per_hour_per_core()),
        ),
        file=out,
    )
    _print_stats(read_puzzles(path), out, False, lang)


_RULE_NAMES = {
    "few_moves": "cli.puzzles.rule.few_moves",
    "little_to_choose": "cli.puzzles.rule.little_to_choose",
    "inside_chain": "cli.puzzles.rule.inside_chain",
    "same_puzzle": "cli.puzzles.rule.same_puzzle",
    "inside_line": "cli.puzzles.rule.inside_line",
    "greedy_share": "cli.puzzles.rule.greedy_share",
}


def _curate(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    from .curate import RULES
    from .mine import curate_file

    path = Path(args.file) if args.file else shipped_path()
    before, result = curate_file(path, measure_again=args.remeasure, jobs=args.jobs)
    counts = result.counts()
    if args.json:
        summary = {"before": before, "kept": len(result.kept), "shortened": len(result.shortened)}
        print(json.dumps({**summary, "dropped": counts}), file=out)
        return
    reasons = ", ".join(
        f"{t(_RULE_NAMES[rule], lang)} ({format_count(counts[rule], lang)})"
        for rule in RULES
        if counts[rule]
    )
    print(
        t(
            "cli.puzzles.curated",
            lang,
            file=str(path),
            before=before,
            kept=len(result.kept),
            shortened=len(result.shortened),
            reasons=reasons or "—",
        ),
        file=out,
    )
    _print_stats(result.kept, out, False, lang)


def _verify(args: argparse.Namespace, out: TextIO, lang: str) -> int:
    from .prove import verify_puzzle

    return verify_each(_collection(args).puzzles, verify_puzzle, args, out, lang)


def verify_each(
    puzzles: Sequence[Any],
    verify: Callable[[Any], tuple[str, Message | None, float]],
    args: argparse.Namespace,
    out: TextIO,
    lang: str,
) -> int:
    """``puzzles verify`` for any game's puzzles: re-prove each of ``puzzles`` (or a seeded
    ``--sample``) with ``verify`` (``puzzle -> (id, problem or None, seconds)``) across
    ``--jobs``; a line for each one not proven (or a JSON line for each, ``--json``), then the
    count. Exit status 1 when one failed."""
    import random

    from ..search.parallel import map_work

    if args.sample is not None:
        if not 1 <= args.sample <= len(puzzles):
            raise CommandError("puzzle.error.too_many", count=args.sample, found=len(puzzles))
        puzzles = random.Random(args.seed).sample(list(puzzles), args.sample)
    failed = 0
    seconds = 0.0
    for pid, problem, spent in map_work(verify, puzzles, jobs=args.jobs, scheduler=args.scheduler):
        seconds += spent
        failed += problem is not None
        if args.json:
            print(
                json.dumps(
                    {
                        "id": pid,
                        "proven": problem is None,
                        "problem": None if problem is None else problem.text(lang),
                        "seconds": round(spent, 3),
                    },
                    ensure_ascii=False,
                ),
                file=out,
            )
        elif problem is not None:
            print(t("cli.puzzles.not_proven", lang, id=pid, problem=problem), file=out)
    if not args.json:
        print(
            t(
                "cli.puzzles.verified",
                lang,
                count=len(puzzles),
                failed=failed,
                seconds=round(seconds),
            ),
            file=out,
        )
    return 1 if failed else 0


def _worksheet(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    from .worksheet import make_worksheet

    if Path(args.output).suffix.lower() != ".pdf":
        raise CommandError("cli.puzzles.not_pdf", file=args.output)
    chosen = _select(args)
    puzzles = _collection(args).pick(args.count, seed=args.seed, **chosen)
    band, theme = chosen["band"], chosen["theme"]
    try:
        path = make_worksheet(
            puzzles,
            args.output,
            lang=lang,
            theme=theme_name(theme) if isinstance(theme, str) else None,
            band=BAND_NAMES[band] if isinstance(band, str) else None,
            progress=_progress_printer(lang),
        )
    except PuzzleError as error:
        cause = error.__cause__
        if not isinstance(cause, OSError):
            raise
        # Why, in the user's language ("no such folder"), not the system's English.
        raise CommandError(
            "cli.cannot_write", file=args.output, reason=os_reason(cause, args.output)
        ) from cause
    print(t("cli.puzzles.worksheet_written", lang, file=str(path), count=len(puzzles)), file=out)


def _progress_printer(
    lang: str, every: float | None = None, clock: Callable[[], float] = time.monotonic
) -> Callable[[str, int, int], None]:
    """A progress callback for a long worksheet: a line on stderr at most every ``every``
    seconds (default :data:`PROGRESS_EVERY`; "Drawing the boards: 120/500"), and the last of
    each stage.

    >>> import io, contextlib
    >>> ticks = iter(range(100))
    >>> say = _progress_printer("tr", every=2, clock=lambda: next(ticks))
    >>> err = io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     for k in range(1, 6):
    ...         say("boards", k, 5)
    >>> print(err.getvalue(), end="")
    Tahtalar çiziliyor: 2/5
    Tahtalar çiziliyor: 4/5
    Tahtalar çiziliyor: 5/5
    """
    keys = {"boards": "cli.puzzles.worksheet_boards", "pages": "cli.puzzles.worksheet_pages"}
    interval = PROGRESS_EVERY if every is None else every
    start = clock()
    last = [start]

    def say(stage: str, done: int, total: int) -> None:
        now = clock()
        if now - last[0] >= interval or (done == total and now - start >= interval):
            last[0] = now
            print(t(keys[stage], lang, done=done, total=total), file=sys.stderr, flush=True)

    return say


def ratings_command(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    """``puzzles ratings FOLDER [FOLDER ...] [-o FILE] [--rules dokuz-tas] [--json]``: pool
    the attempts saved in the folders (:mod:`.pooled`), write the ratings, say what was done
    (the unknown puzzles and the repeated attempts left out on standard error)."""
    from ..games import find_game
    from ..progress_store import DOKUZ_TAS, MANGALA
    from . import pooled as P

    game = DOKUZ_TAS if args.rules and not find_game(args.rules).sowing else MANGALA
    output = P.output_path(args.output or P.default_output(args.folders, game), game)
    result = P.pool_folders(args.folders, game, collection=args.file)
    path = P.write(result, output)
    first = P.first_ratings(game, args.file) if not args.json else {}
    notes = []
    if result.unknown:
        ids = ", ".join(result.unknown)
        notes.append(Message("pooled.unknown", count=len(result.unknown), ids=ids))
    if result.repeats:
        notes.append(Message("pooled.repeats", count=result.repeats))
    for note in notes:
        print(note.text(lang), file=sys.stderr)
    if args.json:
        extra = {"file": str(path), "unknown": result.unknown, "repeats": result.repeats}
        print(json.dumps({**result.to_dict(), **extra}, ensure_ascii=False), file=out)
        return
    for pid, r in sorted(result.ratings.items()):
        line = Message(
            "pooled.line",
            id=pid,
            first=round(first[pid].rating),
            rating=round(r.rating.rating),
            rd=round(r.rating.rd),
            attempts=r.attempts,
            learners=r.learners,
        )
        print(line.text(lang), file=out)
    written = Message(
        "pooled.written",
        file=str(path),
        count=len(result.ratings),
        attempts=result.attempts,
        learners=result.learners,
    )
    print(written.text(lang), file=out)


_ACTIONS: dict[str, Callable[[argparse.Namespace, TextIO, str], int | None]] = {
    "list": _list,
    "show": _show,
    "stats": _stats,
    "mine": _mine,
    "curate": _curate,
    "verify": _verify,
    "ratings": ratings_command,
}


def _puzzles(args: argparse.Namespace, out: TextIO, lang: str) -> int | None:
    return _ACTIONS[args.puzzles_command](args, out, lang)


COMMANDS = {"puzzles": _puzzles, "worksheet": _worksheet}
"""The handlers, by subcommand (each may return an exit status)."""
