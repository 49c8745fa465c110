"""The command line: ``mangala-edu replay``, ``mangala-edu show``.

Bad input (an illegal pit, a malformed position, a move after the end, a wrong argument) exits
with status 2 and one clear line on standard error; moves played before it are still printed.
Messages are in Turkish unless ``--lang en`` (or ``MANGALA_EDU_LANG=en``) is given.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from .engine import IllegalMoveError, MangalaError, Position, Rules
from .i18n import LANGUAGES, t

RULE_NAMES = ("official", "no-return", "own-side", "kalah")
FIGURE_TYPES = (".png", ".svg", ".pdf")


class CommandError(Exception):
    """A fault in the command's input: reported as one line, exit status 2."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mangala-edu",
        description="Mangala (official Turkish rules): replay moves, show positions.",
    )
    env_lang = os.environ.get("MANGALA_EDU_LANG")
    parser.add_argument("--lang", choices=LANGUAGES,
                        default=env_lang if env_lang in LANGUAGES else "tr",
                        help="language of boards and messages (default: tr, or $MANGALA_EDU_LANG)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def rules_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--rules", choices=RULE_NAMES, default="official",
                       help="rules preset (default: official)")
        p.add_argument("--pits", type=int, help="pits a side, with --rules kalah (default 6)")
        p.add_argument("--stones", type=int,
                       help="stones a pit, with --rules kalah (default 4)")

    replay = sub.add_parser("replay", help="play pits in order and print each position")
    rules_options(replay)
    replay.add_argument("--first", choices=("south", "north"), default="south",
                        help="who moves first from the start position (default: south)")
    replay.add_argument("--from", dest="start", metavar="POSITION",
                        help="start from this position, e.g. '4,4,4,4,4,4,0/4,4,4,4,4,4,0 S'")
    replay.add_argument("--json", action="store_true", help="one JSON object per move")
    replay.add_argument("moves", nargs="*", metavar="PIT",
                        help="pit numbers 1..6 from the mover's own left")

    show = sub.add_parser("show", help="print or draw a position")
    rules_options(show)
    show.add_argument("position", metavar="POSITION")
    show.add_argument("-o", "--output", metavar="FILE",
                      help="draw to FILE.png, FILE.svg or FILE.pdf instead of printing")
    return parser


def _rules(args: argparse.Namespace) -> Rules:
    if args.rules != "kalah":
        if args.pits is not None or args.stones is not None:
            raise CommandError("--pits and --stones go with --rules kalah")
        return Rules.from_name(args.rules)
    return Rules.kalah(6 if args.pits is None else args.pits,
                       4 if args.stones is None else args.stones)


def _replay(args: argparse.Namespace, out, lang: str) -> None:  # type: ignore[no-untyped-def]
    from .display.text import board_text

    rules = _rules(args)
    if args.start is not None:
        pos = Position.from_text(args.start, rules)
    else:
        pos = Position.start(rules, args.first)
    if not args.json:
        print(board_text(pos, lang), file=out)
    for ply, word in enumerate(args.moves, start=1):
        try:
            pit: int | str = int(word)
        except ValueError:
            pit = word
        try:
            trace = pos.trace(pit)
        except IllegalMoveError as exc:
            raise CommandError(f"{t('cli.ply', lang, ply=ply)}: {exc.message(lang)}") from exc
        pos = trace.after
        if args.json:
            result = pos.result
            print(json.dumps({
                "ply": ply, "player": trace.player, "pit": trace.pit, "board": list(pos.board),
                "to_move": pos.to_move, "events": trace.tags,
                "result": None if result is None else result.to_dict(),
            }), file=out)
        else:
            print(f"\n{t('cli.ply', lang, ply=ply)}: {t('side.' + trace.player, lang)} "
                  f"{trace.pit}", file=out)
            print(board_text(pos, lang), file=out)
        out.flush()


def _show(args: argparse.Namespace, out, lang: str) -> None:  # type: ignore[no-untyped-def]
    pos = Position.from_text(args.position, _rules(args))
    if args.output is None:
        from .display.text import board_text

        print(board_text(pos, lang), file=out)
        return
    suffix = os.path.splitext(args.output)[1].lower()
    if suffix not in FIGURE_TYPES:
        raise CommandError(t("cli.bad_output", lang, file=args.output))
    from .display.figure import save_board

    try:
        save_board(pos, args.output, lang=lang)
    except OSError as exc:
        raise CommandError(t("cli.cannot_write", lang, file=args.output,
                             reason=exc.strerror or exc)) from exc


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 for bad input)."""
    args = _parser().parse_args(argv)
    lang = args.lang
    try:
        if args.command == "replay":
            _replay(args, sys.stdout, lang)
        else:
            _show(args, sys.stdout, lang)
    except CommandError as exc:
        print(f"mangala-edu: {exc}", file=sys.stderr)
        return 2
    except MangalaError as exc:
        print(f"mangala-edu: {exc.message(lang)}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
