"""``mangala-edu puzzles list|show|stats|mine|verify --rules dokuz-tas``: Dokuz Taş's puzzles
on the command line of the Mangala puzzles (:mod:`mangala_edu.puzzles.commands`).

:func:`add_rules_option` gives those actions a ``--rules`` option (default: Mangala) and
``mine`` the options of the tables' miner; :func:`with_rules` sends a command whose
``--rules`` names Dokuz Taş here and every other one on to Mangala's handler, unchanged.
Options of one game given with the other are refused with one line saying so (exit status
2), as the other ``--rules dokuz-tas`` commands do; ``verify`` exits with status 1 when a
puzzle does not hold.

``puzzles mine --rules dokuz-tas [--classes 3-3 4-3 ...] [--seed N] [--per-kind N]
[--max-moves N] [--max-samples N] [-o FILE]`` writes the collection again from the endgame
tables (the user cache's; the command that builds them is named when one is missing).

``puzzles worksheet [--rules dokuz-tas] [--theme T] [--band B] [--moves N] [--count N]
[--seed N] -o FILE.pdf|FILE.png`` writes an A4 worksheet with an answer key (Mangala's
without ``--rules``, as ``mangala-edu worksheet`` does); for Dokuz Taş a ``.png`` name
writes one picture a page (``FILE-1.png``, ``FILE-2.png``...).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from ...cli_errors import CommandError
from ...i18n import format_count, t
from .model import DokuzTasPuzzleError, Puzzle

Handler = Callable[[argparse.Namespace, TextIO, str], "int | None"]

#: The options of Mangala's ``puzzles mine`` and their defaults: any other value with
#: ``--rules dokuz-tas`` is refused.
MANGALA_MINE = {
    "games": None,
    "min_stones": 0,
    "max_stones": 24,
    "node_limit": 2_000_000,
    "time_scale": 0.3,
    "scheduler": None,
}
#: The options ``mine`` has for Dokuz Taş only (``None`` when not given).
DOKUZ_TAS_MINE = ("classes", "per_kind", "max_moves", "max_samples")

_PARSERS: dict[str, argparse.ArgumentParser] = {}


def _option(dest: str) -> str:
    return "--" + dest.replace("_", "-")


def add_rules_option(sub: argparse._SubParsersAction, rule_names: Sequence[str]) -> None:
    """Give ``puzzles list|show|stats|mine|verify`` the option ``--rules`` (the registry's
    names) and ``mine`` the Dokuz Taş miner's options; ``--games`` is then checked by
    :func:`with_rules` (required for Mangala only)."""
    puzzles = sub.choices["puzzles"]
    actions = next(a for a in puzzles._actions if isinstance(a, argparse._SubParsersAction))
    for name in ("list", "show", "stats", "mine", "verify"):
        parser = actions.choices[name]
        parser.add_argument(
            "--rules",
            choices=rule_names,
            default=None,
            help="the game: dokuz-tas for Dokuz Taş's puzzles (default: Mangala's)",
        )
        _PARSERS[name] = parser
    sheet = actions.add_parser(
        "worksheet", help="an A4 worksheet of puzzles with an answer key (PDF, or PNG pages)"
    )
    sheet.add_argument(
        "--rules",
        choices=rule_names,
        default=None,
        help="the game: dokuz-tas for Dokuz Taş's puzzles (default: Mangala's)",
    )
    sheet.add_argument("--theme", help="a theme: its key or its name in either language")
    sheet.add_argument("--band", help="kolay/easy, orta/medium, zor/hard, usta/expert")
    sheet.add_argument("--moves", type=int, metavar="N", help="learner's moves in the line")
    sheet.add_argument("--phase", help="Mangala only: opening, middlegame, endgame")
    sheet.add_argument(
        "--file", metavar="FILE.jsonl", help="a collection file (default: the shipped one)"
    )
    sheet.add_argument(
        "--count", type=int, default=6, metavar="N", help="how many puzzles (default 6)"
    )
    sheet.add_argument("--seed", type=int, default=0, help="which puzzles (default 0)")
    sheet.add_argument("-o", "--output", required=True, metavar="FILE.pdf")
    _PARSERS["worksheet"] = sheet
    mine = actions.choices["mine"]
    for action in mine._actions:
        if action.dest == "games":
            action.required = False
    mine.add_argument(
        "--classes",
        nargs="+",
        metavar="CLASS",
        help="with --rules dokuz-tas: the tables' classes to mine, the learner's stones "
        "first (default: 3-3 4-3 3-4 4-4 5-3 3-5)",
    )
    mine.add_argument(
        "--per-kind",
        type=int,
        metavar="N",
        help="with --rules dokuz-tas: puzzles of each kind a class takes (default 20)",
    )
    mine.add_argument(
        "--max-moves",
        type=int,
        metavar="N",
        help="with --rules dokuz-tas: the longest win in N looked for (default 3)",
    )
    mine.add_argument(
        "--max-samples",
        type=int,
        metavar="N",
        help="with --rules dokuz-tas: positions a class draws at most (default 100000)",
    )


def _is_dokuz_tas(args: argparse.Namespace) -> bool:
    rules = getattr(args, "rules", None)
    if rules is None:
        return False
    from ...games import find_game

    return not find_game(rules).sowing


def with_rules(handler: Handler) -> Handler:
    """``handler`` (Mangala's ``puzzles``), with Dokuz Taş's puzzles when ``--rules`` names
    Dokuz Taş."""

    def run(args: argparse.Namespace, out: TextIO, lang: str) -> int | None:
        action = args.puzzles_command
        if _is_dokuz_tas(args):
            return _ACTIONS[action](args, out, lang)
        if action == "worksheet":  # Mangala's, as `mangala-edu worksheet` makes it
            from ...puzzles.commands import COMMANDS as MANGALA

            return MANGALA["worksheet"](args, out, lang)
        if action == "mine":
            for dest in DOKUZ_TAS_MINE:
                if getattr(args, dest, None) is not None:
                    raise DokuzTasPuzzleError("dokuz_tas.puzzle.error.option", option=_option(dest))
            if args.games is None:
                _PARSERS["mine"].error("the following arguments are required: --games")
        return handler(args, out, lang)

    return run


# -- The actions --------------------------------------------------------------------------------


def _puzzles(args: argparse.Namespace) -> list[Puzzle]:
    from .collection import read_puzzles

    return read_puzzles(getattr(args, "file", None))


def _not_here(option: str, args: argparse.Namespace) -> CommandError:
    return CommandError("cli.dokuz_tas.no_option", option=option, rules=args.rules)


def _select(args: argparse.Namespace, puzzles: list[Puzzle]) -> list[Puzzle]:
    """The filters ``--theme`` (a key or a name in either language), ``--band``,
    ``--moves``; ``--phase`` is refused (every puzzle is an endgame)."""
    if getattr(args, "phase", None) is not None:
        raise _not_here("--phase", args)
    chosen = puzzles
    if args.theme is not None:
        key = theme_key(args.theme)
        chosen = [p for p in chosen if key in p.themes]
    if args.band is not None:
        from ...puzzles.rating import band_key

        band = band_key(args.band)
        chosen = [p for p in chosen if p.band == band]
    if args.moves is not None:
        chosen = [p for p in chosen if p.moves == args.moves]
    return chosen


def theme_key(name: str) -> str:
    """The theme ``name`` means: its key or its name in Turkish or English, in any case.

    >>> theme_key("Running mill"), theme_key("koşan üçlü"), theme_key("save_draw")
    ('running_mill', 'running_mill', 'save_draw')
    """
    from .themes import THEMES, theme_name

    def fold(text: str) -> str:
        return "_".join(text.replace("İ", "i").lower().replace("-", " ").replace("_", " ").split())

    for key in THEMES:
        if fold(name) in {
            fold(key),
            fold(theme_name(key).text("tr")),
            fold(theme_name(key).text("en")),
        }:
            return key
    raise DokuzTasPuzzleError(
        "dokuz_tas.puzzle.error.unknown_theme", value=name, allowed=", ".join(THEMES)
    )


def _line(p: Puzzle, lang: str) -> str:
    from ...puzzles.rating import BAND_NAMES
    from .themes import theme_name

    themes = ", ".join(theme_name(k).text(lang) for k in p.themes)
    return f"{p.id}  {BAND_NAMES[p.band].text(lang):7} {p.rating:5}  {p.cls}  {p.title[lang]} · {themes}"


def _list(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    chosen = _select(args, _puzzles(args))
    if args.limit is not None:
        chosen = chosen[: max(0, args.limit)]
    for p in chosen:
        print(p.to_json() if args.json else _line(p, lang), file=out)
    if not args.json:
        print(t("cli.puzzles.count", lang, count=len(chosen)), file=out)


def _show(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    from ...cli_dokuz_tas import board_text

    found = [p for p in _puzzles(args) if p.id == args.id]
    if not found:
        raise DokuzTasPuzzleError("dokuz_tas.puzzle.error.unknown_id", value=args.id)
    p = found[0]
    if args.json:
        print(p.to_json(), file=out)
        return
    print(_line(p, lang), file=out)
    print(board_text(p.start, lang), file=out)
    print(p.hint[lang], file=out)
    print(" ".join(p.line), file=out)


def stats(puzzles: list[Puzzle]) -> dict[str, dict[str, int]]:
    """How many puzzles by goal and moves, class, theme and band."""
    from ...puzzles.rating import BANDS
    from .mine import iter_kinds

    return {
        "kinds": dict(iter_kinds(puzzles)),
        "classes": dict(Counter(p.cls for p in puzzles)),
        "themes": dict(Counter(x for p in puzzles for x in p.themes).most_common()),
        "bands": {b: sum(p.band == b for p in puzzles) for b in BANDS},
        "total": {"puzzles": len(puzzles)},
    }


KINDS = {
    "only_move": "cli.dokuz_tas.puzzles.kind.only_move",
    "save_draw": "cli.dokuz_tas.puzzles.kind.save_draw",
}
"""The catalogue keys of the kinds named by one word (a win in N has its count)."""


def _kind_name(kind: str, lang: str) -> str:
    if kind.startswith("win_in_"):
        return t("cli.dokuz_tas.puzzles.kind.win_in_n", lang, count=int(kind[7:]))
    return t(KINDS[kind], lang)


def _stats(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    table = stats(_puzzles(args))
    if args.json:
        print(json.dumps(table, ensure_ascii=False), file=out)
        return
    from ...puzzles.rating import BAND_NAMES
    from .themes import theme_name

    names: dict[str, Callable[[str], str]] = {
        "kinds": lambda k: _kind_name(k, lang),
        "classes": lambda k: k,
        "themes": lambda k: theme_name(k).text(lang),
        "bands": lambda k: BAND_NAMES[k].text(lang),
    }
    heads = {
        "kinds": t("cli.dokuz_tas.puzzles.stats.kinds", lang),
        "classes": t("cli.dokuz_tas.puzzles.stats.classes", lang),
        "themes": t("cli.puzzles.stats.themes", lang),
        "bands": t("cli.puzzles.stats.bands", lang),
    }
    for group, name in names.items():
        row = ", ".join(f"{name(k)} ({format_count(n, lang)})" for k, n in table[group].items())
        print(f"{heads[group]}: {row or '—'}", file=out)
    total = t("cli.puzzles.count", lang, count=table["total"]["puzzles"])
    print(f"{t('cli.puzzles.stats.total', lang)}: {total}", file=out)


def _mine(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    from .collection import shipped_path
    from .mine import DEFAULT_CLASSES, MAX_MOVES, MAX_SAMPLES, PER_KIND, MineSettings, mine

    for dest, default in MANGALA_MINE.items():
        if getattr(args, dest) != default:
            raise _not_here(_option(dest), args)
    from .. import tables as T

    classes = tuple(args.classes or DEFAULT_CLASSES)
    for text in classes:
        try:
            T.parse_class(text)
        except T.TableError as exc:
            raise DokuzTasPuzzleError("dokuz_tas.puzzle.error.bad_class", value=text) from exc
    numbers = {
        "per_kind": (PER_KIND, 1),
        "max_moves": (MAX_MOVES, 1),
        "max_samples": (MAX_SAMPLES, 1),
    }
    chosen: dict[str, int] = {}
    for dest, (default, least) in numbers.items():
        value = getattr(args, dest)
        if value is not None and value < least:
            raise DokuzTasPuzzleError(
                "dokuz_tas.puzzle.error.bad_number", option=_option(dest), value=value, least=least
            )
        chosen[dest] = default if value is None else value
    settings = MineSettings(
        classes=classes,
        seed=args.seed,
        per_kind=chosen["per_kind"],
        max_moves=chosen["max_moves"],
        max_samples=chosen["max_samples"],
    )
    path = Path(args.output) if args.output else shipped_path()

    def progress(part: Any) -> None:
        if args.json:
            return
        kinds = ", ".join(f"{_kind_name(k, lang)} {n}" for k, n in part.kinds.items())
        print(
            t(
                "cli.dokuz_tas.puzzles.class",
                lang,
                cls=part.cls,
                samples=part.samples,
                found=sum(part.kinds.values()),
                kinds=kinds,
                seconds=round(part.seconds),
            ),
            file=sys.stderr,
        )

    puzzles, report = mine(path, settings, on_class=progress, jobs=args.jobs)
    if args.json:
        line = {
            "puzzles": report.puzzles,
            "samples": report.samples,
            "seconds": round(report.seconds, 1),
            "classes": {c.cls: {**c.kinds, "samples": c.samples} for c in report.classes},
        }
        print(json.dumps(line), file=out)
        return
    print(
        t(
            "cli.dokuz_tas.puzzles.mined",
            lang,
            file=str(path),
            count=len(puzzles),
            seconds=round(report.seconds),
        ),
        file=out,
    )


def _verify(args: argparse.Namespace, out: TextIO, lang: str) -> int:
    from ...puzzles.commands import verify_each
    from .verify import verify_puzzle

    return verify_each(_puzzles(args), verify_puzzle, args, out, lang)


def _worksheet(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    """A Dokuz Taş worksheet: a PDF, or one PNG picture a page."""
    from ...puzzles.rating import BAND_NAMES
    from .themes import theme_name
    from .trainer import DokuzTasCollection, check_theme
    from .worksheet import make_worksheet, worksheet_pages

    output = Path(args.output)
    suffix = output.suffix.lower()
    if suffix not in (".pdf", ".png"):
        raise CommandError("dokuz_tas.trainer.cli.not_pdf_png", file=args.output)
    if getattr(args, "phase", None) is not None:
        raise _not_here("--phase", args)
    from ...puzzles.collection import check_band

    theme = check_theme(args.theme)
    band = check_band(args.band)
    collection = DokuzTasCollection.load(getattr(args, "file", None))
    puzzles = collection.pick(args.count, seed=args.seed, theme=theme, band=band, moves=args.moves)
    named_theme = theme_name(theme) if theme else None
    named_band = BAND_NAMES[band] if band else None
    if suffix == ".pdf":
        path = make_worksheet(puzzles, output, lang=lang, theme=named_theme, band=named_band)
        print(
            t("cli.puzzles.worksheet_written", lang, file=str(path), count=len(puzzles)), file=out
        )
        return
    pages = worksheet_pages(puzzles, lang=lang, theme=named_theme, band=named_band)
    written = []
    for number, page in enumerate(pages, start=1):
        path = output.with_name(f"{output.stem}-{number}.png")
        try:
            page.savefig(path, dpi=150, metadata={"Software": None})
        except OSError as exc:
            from ...cli_errors import os_reason

            raise CommandError(
                "puzzle.error.cannot_write", file=str(path), reason=os_reason(exc, path)
            ) from exc
        written.append(path.name)
    print(
        t(
            "dokuz_tas.trainer.cli.pages_written",
            lang,
            files=", ".join(written),
            count=len(puzzles),
        ),
        file=out,
    )


_ACTIONS: dict[str, Handler] = {
    "list": _list,
    "show": _show,
    "stats": _stats,
    "mine": _mine,
    "verify": _verify,
    "worksheet": _worksheet,
    "ratings": lambda args, out, lang: _pooled(args, out, lang),
}


def _pooled(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    """``puzzles ratings --rules dokuz-tas``: Mangala's command, which reads the game from
    ``--rules`` (:func:`mangala_edu.puzzles.commands.ratings_command`)."""
    from ...puzzles.commands import ratings_command

    ratings_command(args, out, lang)
