"""The command line: ``mangala-edu replay``, ``show``, ``best``, ``solve``, ``analyse``,
``tables`` (endgame tables: :mod:`mangala_edu.cli_solver`); ``puzzles`` and ``worksheet``
(:mod:`mangala_edu.puzzles.commands`); ``tournament`` and ``print`` (a class tournament and
printables: :mod:`mangala_edu.tournament`, :mod:`mangala_edu.printables`).

Bad input (an illegal pit, a malformed position, a move after the end, a wrong argument) exits
with status 2 and one clear line on standard error; moves played before it are still printed.
A search that runs out of its budget (``solve --time-limit``) says so on standard error, with
the bounds of the value it had proven by then when they say more than the stones on the board,
and exits with status 3 (printing nothing on standard output, even with ``--json``); the errors
are those of :mod:`mangala_edu.cli_errors`. Messages are in Turkish unless ``--lang en`` (before
or after the command's name, as in ``mangala-edu worksheet ... --lang en``) or
``MANGALA_EDU_LANG=en`` is given.

Every game of the registry (:data:`mangala_edu.games.GAMES`) is played with ``--rules``:
``official`` (default), ``no-return``, ``own-side``, ``kalah`` or ``kalah(M,N)`` (or
``--pits``/``--stones``), ``mangala-ii``, ``mangala-iv`` (with ``--deal SEED`` for a random deal
of its 98 stones) and ``toguz-korgool``, or an alias of one. In the family's games
a replayed position that repeats an earlier one ends the game, as in a game record.

``--rules dokuz-tas`` (or ``mühle``, ``nine-mens-morris``...; ``--no-flying`` turns flying off)
plays Dokuz Taş, a game that is not sown (:attr:`mangala_edu.games.GameInfo.sowing`): its
commands are in :mod:`mangala_edu.cli_dokuz_tas`. ``replay`` takes its turns (``d6 f4
a4-a1xg7``), ``show``/``best``/``solve`` its positions in its text notation
(``3/3/3/6/3/3/3 w 9 9 0``, or ``start``), ``analyse`` its game records (JSON, or a list of
turns, with ``--rules dokuz-tas``), and ``tables build --rules dokuz-tas [CLASS ...]`` its
endgame tables; ``--pits``, ``--stones``, ``--deal``, ``--first`` and ``--jobs`` are refused
for it with a clear message. ``puzzles list|show|stats|mine|verify --rules dokuz-tas`` works
on its puzzles (:mod:`mangala_edu.dokuz_tas.puzzles.commands`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

from .cli_errors import CommandError, OutOfBudget, exit_status, os_reason
from .engine import (
    SIDE_NAMES,
    SIDES,
    SOUTH,
    Game,
    IllegalMoveError,
    MangalaError,
    Position,
    Rules,
    other,
)
from .engine.rules import RulesError
from .games import GAME, GAMES, SET, find_game, rules_of, unit_of
from .i18n import LANGUAGES, Message, t

if TYPE_CHECKING:
    from .dokuz_tas.rules import DokuzTasRules
    from .search import BudgetExceeded
    from .search.analysis import MoveReview


class GameNames(tuple[str, ...]):
    """The names ``--rules`` takes, read from the registry (:data:`mangala_edu.games.GAMES`):
    shown as the games' keys, and holding every alias and sized name (``kalah(7,4)``) too.

    >>> names = GameNames(g.key for g in GAMES)
    >>> "Toguz Korgool" in names, "kalah(7,4)" in names, "chess" in names
    (True, True, False)
    """

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        try:
            game = find_game(name)
        except RulesError:
            return False
        return tuple.__contains__(self, game.key)


RULE_NAMES = GameNames(g.key for g in GAMES)
TABLE_RULE_NAMES = GameNames(g.key for g in GAMES if g.search.tables)
"""Endgame tables exist for the games whose registry entry says so (stores on the path)."""
#: What a solve says, by what the game's registry entry says is played: a set or a game.
_PROVEN_BOUNDS = {SET: "cli.proven_bounds", GAME: "cli.proven_bounds_game"}
FIGURE_TYPES = (".png", ".svg", ".pdf")
DEFAULT_TIME_LIMIT = 30.0
"""Seconds ``mangala-edu solve`` searches before it gives up (exit status 3)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mangala-edu",
        description="Mangala (official Turkish rules) and its family (Kalah, Toguz Korgool, "
        "Mangala II, Mangala IV), and Dokuz Taş (Nine Men's Morris): replay moves, show "
        "positions, ask the computer for a move, solve endgames, review games.",
    )
    env_lang = os.environ.get("MANGALA_EDU_LANG")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=env_lang if env_lang in LANGUAGES else "tr",
        help="language of boards and messages (default: tr, or $MANGALA_EDU_LANG)",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def rules_options(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--rules",
            choices=RULE_NAMES,
            default="official",
            help="rules preset (default: official)",
        )
        p.add_argument("--pits", type=int, help="pits a side, with --rules kalah (default 6)")
        p.add_argument("--stones", type=int, help="stones a pit, with --rules kalah (default 4)")
        p.add_argument(
            "--deal",
            type=int,
            metavar="SEED",
            help="with --rules mangala-iv: deal the 98 stones at random (this seed)",
        )
        p.add_argument(
            "--no-flying",
            action="store_true",
            help="with --rules dokuz-tas: three stones do not fly (flying is on by default)",
        )

    replay = sub.add_parser("replay", help="play pits in order and print each position")
    rules_options(replay)
    replay.add_argument(
        "--first",
        choices=SIDES,
        default=None,
        help="who moves first from the start position (default: south)",
    )
    replay.add_argument(
        "--from",
        dest="start",
        metavar="POSITION",
        help="start from this position, e.g. '4,4,4,4,4,4,0/4,4,4,4,4,4,0 S' "
        "(Dokuz Taş: '3/3/3/6/3/3/3 w 9 9 0')",
    )
    replay.add_argument("--json", action="store_true", help="one JSON object per move")
    replay.add_argument(
        "moves",
        nargs="*",
        metavar="PIT",
        help="pit numbers 1..6 from the mover's own left (Dokuz Taş: turns such as d6, "
        "a1-a4, d6xd7, a1-a4xg7)",
    )

    show = sub.add_parser("show", help="print or draw a position")
    rules_options(show)
    show.add_argument("position", metavar="POSITION")
    show.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="draw to FILE.png, FILE.svg or FILE.pdf instead of printing",
    )

    best = sub.add_parser("best", help="the move a computer player of a level would choose")
    rules_options(best)
    best.add_argument("position", metavar="POSITION")
    best.add_argument(
        "--level", default="orta", help="kolay/easy, orta/medium (default), zor/hard, usta/expert"
    )
    best.add_argument(
        "--seed", type=int, help="reproducible choice (the budget is then counted in positions)"
    )
    best.add_argument(
        "--json", action="store_true", help='print {"pit", "level", "values"} as JSON'
    )

    solve = sub.add_parser("solve", help="the exact value of a position under perfect play")
    rules_options(solve)
    solve.add_argument(
        "position", metavar="POSITION", help="a position, or 'start' for the start position"
    )
    solve.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="S",
        help=f"give up after S seconds, exit status 3 (default: "
        f"{DEFAULT_TIME_LIMIT:g}; none for 'start' and --all-moves, "
        f"which report progress and can be stopped with Ctrl-C)",
    )
    solve.add_argument(
        "--all-moves", action="store_true", help="the exact value of every legal move"
    )
    solve.add_argument(
        "--jobs", type=int, metavar="N", help="threads for --all-moves (default: every core)"
    )
    solve.add_argument(
        "--json",
        action="store_true",
        help='print {"value", "best_moves", "nodes", "seconds"} as JSON '
        '(with --all-moves also "values")',
    )

    analyse = sub.add_parser(
        "analyse", aliases=["analyze"], help="judge every move of game records (JSON)"
    )
    analyse.add_argument("records", nargs="+", metavar="RECORD.json")
    analyse.add_argument(
        "--rules",
        choices=RULE_NAMES,
        default=None,
        help="the game of the records (default: each record says; with dokuz-tas a record "
        "may also be a list of turns)",
    )
    analyse.add_argument(
        "--time-per-move",
        type=float,
        default=1.0,
        metavar="S",
        help="seconds for each move at most (default: 1)",
    )
    analyse.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="records analysed at once, one process each (default: 1)",
    )
    analyse.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="analyse the records on a Dask cluster, e.g. tcp://host:8786",
    )
    analyse.add_argument("--json", action="store_true", help="one JSON object per move")

    from .cli_solver import add_table_parser

    add_table_parser(sub, TABLE_RULE_NAMES)

    from .puzzles.commands import add_commands

    add_commands(sub)
    from .dokuz_tas.puzzles.commands import add_rules_option

    add_rules_option(sub, RULE_NAMES)  # puzzles ... --rules dokuz-tas
    from .tournament import add_commands as add_class_commands

    add_class_commands(sub)  # tournament, print
    _lang_after_the_command(parser)
    return parser


def _lang_after_the_command(parser: argparse.ArgumentParser) -> None:
    """Let every command (and every action of one) take ``--lang`` after its name too, as in
    ``mangala-edu worksheet ... --lang en``; given there, it wins over one before the name."""
    seen: set[int] = set()
    todo = [parser]
    while todo:
        for action in todo.pop()._actions:
            if not isinstance(action, argparse._SubParsersAction):
                continue
            for command in action.choices.values():
                if id(command) in seen:  # an alias (analyze) shares its command's parser
                    continue
                seen.add(id(command))
                command.add_argument(
                    "--lang",
                    choices=LANGUAGES,
                    default=argparse.SUPPRESS,
                    help="language of boards and messages (also before the command)",
                )
                todo.append(command)


def _not_sown(args: argparse.Namespace) -> DokuzTasRules | None:
    """The rules of ``--rules`` when it names a game that is not sown (Dokuz Taş, whose
    commands are :mod:`mangala_edu.cli_dokuz_tas`), with ``--no-flying``, after refusing the
    sowing games' options (``--pits``, ``--stones``, ``--deal``); ``None`` for a sowing game."""
    game = find_game(args.rules)
    if game.sowing:
        return None
    if args.pits is not None or args.stones is not None:
        sized = ", ".join(g.key for g in GAMES if g.sized)
        raise CommandError("cli.size_only", rules=args.rules, games=sized)
    if args.deal is not None:
        dealt = ", ".join(g.key for g in GAMES if g.dealt)
        raise CommandError("cli.deal_only", rules=args.rules, games=dealt)
    from .dokuz_tas.rules import DokuzTasRules

    rules = game.rules(flying=not args.no_flying)
    assert isinstance(rules, DokuzTasRules), rules
    return rules


def _rules(args: argparse.Namespace) -> Rules:
    """The rules of ``--rules`` with ``--pits``/``--stones`` (a sized game) or ``--deal`` (a
    dealt game), as the registry says each game takes them."""
    game = find_game(args.rules)
    if args.no_flying:
        unsown = ", ".join(g.key for g in GAMES if not g.sowing)
        raise CommandError("cli.dokuz_tas.flying_only", rules=args.rules, games=unsown)
    if args.deal is not None and not game.dealt:
        dealt = ", ".join(g.key for g in GAMES if g.dealt)
        raise CommandError("cli.deal_only", rules=args.rules, games=dealt)
    if not game.sized:
        if args.pits is not None or args.stones is not None:
            sized = ", ".join(g.key for g in GAMES if g.sized)
            raise CommandError("cli.size_only", rules=args.rules, games=sized)
        if args.deal is not None:
            return game.sowing_rules(random_deal=True, seed=args.deal)
        return rules_of(args.rules)
    named = rules_of(args.rules)
    return game.sowing_rules(
        pits=named.pits if args.pits is None else args.pits,
        stones=named.stones if args.stones is None else args.stones,
    )


def _replay(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    unsown = _not_sown(args)
    if unsown is not None:
        from .cli_dokuz_tas import replay

        replay(args, unsown, out, lang)
        return
    from .display.text import board_text

    rules = _rules(args)
    if args.start is not None:
        pos = Position.from_text(args.start, rules)
    else:
        pos = Position.start(rules, args.first or SOUTH)
    game = Game(start=pos)  # a repeated position ends a game of the family
    if not args.json:
        print(board_text(pos, lang), file=out)
    for ply, word in enumerate(args.moves, start=1):
        try:
            pit: int | str = int(word)
        except ValueError:
            pit = word
        try:
            trace = game.push(pit)  # with the ending of a repeated position
        except IllegalMoveError as exc:
            raise CommandError("cli.ply_error", ply=ply, reason=exc) from exc
        pos = trace.after
        if args.json:
            result = pos.result
            print(
                json.dumps(
                    {
                        "ply": ply,
                        "player": trace.player,
                        "pit": trace.pit,
                        "board": list(pos.board),
                        "to_move": pos.to_move,
                        "events": trace.tags,
                        "result": None if result is None else result.to_dict(),
                    }
                ),
                file=out,
            )
        else:
            print(
                f"\n{t('cli.ply', lang, ply=ply)}: {SIDE_NAMES[trace.player].text(lang)} "
                f"{trace.pit}",
                file=out,
            )
            print(board_text(pos, lang), file=out)
        out.flush()


def _show(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    unsown = _not_sown(args)
    if unsown is not None:
        from .cli_dokuz_tas import show

        show(args, unsown, out, lang)
        return
    pos = Position.from_text(args.position, _rules(args))
    if args.output is None:
        from .display.text import board_text

        print(board_text(pos, lang), file=out)
        return
    suffix = os.path.splitext(args.output)[1].lower()
    if suffix not in FIGURE_TYPES:
        raise CommandError("cli.bad_output", file=args.output)
    from .display.figure import save_board

    try:
        save_board(pos, args.output, lang=lang)
    except OSError as exc:
        raise CommandError(
            "cli.cannot_write", file=args.output, reason=os_reason(exc, args.output)
        ) from exc


def _position(args: argparse.Namespace, lang: str) -> Position:
    """The position argument, which must have a move to play (``start``: the start)."""
    if args.position.strip().lower() == "start":
        return Position.start(_rules(args))
    pos = Position.from_text(args.position, _rules(args))
    if pos.is_over:
        raise CommandError("cli.set_over")
    return pos


def _best(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    unsown = _not_sown(args)
    if unsown is not None:
        from .cli_dokuz_tas import best

        best(args, unsown, out, lang)
        return
    from .search import Player

    player = Player(args.level, seed=args.seed)  # an unknown level: a MangalaError, status 2
    pos = _position(args, lang)
    pit = player.choose(pos)
    choice = player.last
    values = {str(p): v for p, v in sorted((choice.values if choice else {}).items())}
    level = player.level.name(lang)
    if args.json:
        print(json.dumps({"pit": pit, "level": player.level.key, "values": values}), file=out)
    elif pos.rules.forced_leftmost:
        print(t("cli.best_forced", lang, pit=pit, side=SIDE_NAMES[pos.mover]), file=out)
    else:
        print(t("cli.best", lang, level=level, pit=pit, side=SIDE_NAMES[pos.mover]), file=out)


def _solve(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    from .search import BudgetExceeded, solve

    unsown = _not_sown(args)
    long_search = args.all_moves or args.position.strip().lower() == "start"
    if args.time_limit is None and (unsown is not None or not long_search):
        args.time_limit = DEFAULT_TIME_LIMIT  # no long search in a game that is not sown
    if args.time_limit is not None and not args.time_limit > 0:
        raise CommandError("cli.bad_time", value=args.time_limit)
    if unsown is not None:
        from .cli_dokuz_tas import solve as solve_unsown

        solve_unsown(args, unsown, out, lang)
        return
    pos = _position(args, lang)
    if long_search:
        from .cli_solver import solve_command

        solve_command(args, pos, out, lang)
        return
    from .cli_solver import outcome, searched

    try:
        sol = solve(pos, time_limit=args.time_limit)
    except BudgetExceeded as exc:
        proven = _proven(pos, exc)
        raise OutOfBudget(
            "cli.out_of_budget",
            *([proven] if proven else []),
            seconds=args.time_limit,
            searched=searched(exc.nodes),
        ) from exc
    if args.json:
        print(json.dumps(sol.to_dict()), file=out)
    else:
        moves = ", ".join(str(p) for p in sol.best_moves)
        said = outcome(pos.rules, sol.value, SIDE_NAMES[pos.mover])
        print(
            t("cli.solved", lang, outcome=said, moves=moves, searched=searched(sol.nodes)), file=out
        )


def _proven(pos: Position, exc: BudgetExceeded) -> Message | None:
    """What a solve that ran out of budget had proven about the value of ``pos`` (final store
    difference from the mover's side), or ``None`` when its bounds are the trivial ones (every
    stone on the board won or lost).

    >>> from mangala_edu.search import BudgetExceeded
    >>> pos = Position.from_text("1,5,3,1,1,4,24/1,3,2,2,0,1,0 S")
    >>> print(_proven(pos, BudgetExceeded(4096, 0.1, 26, 48)).text("en"))
    Proven so far: with perfect play on both sides South ends the set with a store difference
    of at least +26 and at most +48.
    >>> _proven(pos, BudgetExceeded(4096, 0.1, 0, 48)) is None
    True
    >>> _proven(pos, BudgetExceeded(4096, 0.1, 30, 30)).text("tr")[:60]
    'Şimdiye kadar kanıtlanan: iki taraf da en iyi oynarsa Güney '
    """
    from .search.budget import signed

    lower, upper = exc.lower, exc.upper
    mover = pos.to_move
    if lower is None or upper is None or mover is None:
        return None
    base = pos.store(mover) - pos.store(other(mover))
    stones = pos.stones_on_board
    side = SIDE_NAMES[mover]
    if lower == upper:
        from .cli_solver import outcome

        return Message("cli.proven_value", outcome=outcome(pos.rules, lower, side))
    if lower <= base - stones and upper >= base + stones:
        return None
    key = _PROVEN_BOUNDS[unit_of(pos.rules)]
    return Message(key, side=side, lower=signed(lower), upper=signed(upper))


def _analyse(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    from .search import analyse_game

    if not args.time_per_move > 0:
        raise CommandError("cli.bad_time", value=args.time_per_move)
    if args.jobs is not None and args.jobs < 1:
        raise CommandError("cli.bad_jobs", value=args.jobs)
    from .cli_dokuz_tas import reads_as_record

    if args.rules is not None:
        named = find_game(args.rules)
    elif all(reads_as_record(record) for record in args.records):
        named = next(g for g in GAMES if not g.sowing)  # Dokuz Taş's records or turns
    else:
        named = GAMES[0]  # Mangala's records: each says its rules
    if not named.sowing:
        from .cli_dokuz_tas import analyse

        rules = named.rules()
        assert not isinstance(rules, Rules), rules
        analyse(args, rules, args.records, out, lang)
        return
    games = []
    for record in args.records:
        try:
            games.append(Game.load(record))
        except OSError as exc:
            raise CommandError(
                "cli.cannot_read", file=record, reason=os_reason(exc, record, reading=True)
            ) from exc
    many = len(games) > 1
    if many or args.scheduler:
        from functools import partial

        from .search.parallel import map_work

        work = partial(_review_record, time_per_move=args.time_per_move)
        reviews = map_work(
            work, [g.to_dict() for g in games], jobs=args.jobs or 1, scheduler=args.scheduler
        )
    else:
        reviews = iter([analyse_game(games[0], time_per_move=args.time_per_move).moves])
    for record, moves in zip(args.records, reviews, strict=True):
        if many and not args.json:
            print(f"== {record}", file=out)
        for move in moves:
            if args.json:
                line = {
                    "ply": move.ply,
                    "player": move.player,
                    "pit": move.pit,
                    "verdict": move.verdict,
                    "cost": move.cost,
                    "best_moves": list(move.best_moves),
                    "exact": move.exact,
                    "source": move.source,
                    "text": move.text(lang),
                }
                if many:
                    line = {"record": record, **line}
                print(json.dumps(line, ensure_ascii=False), file=out)
            else:
                print(
                    f"{t('cli.ply', lang, ply=move.ply)}: {SIDE_NAMES[move.player].text(lang)} "
                    f"{move.pit} · {move.text(lang)}",
                    file=out,
                )
            out.flush()


def _review_record(record: dict[str, object], time_per_move: float) -> tuple[MoveReview, ...]:
    """Analyse one game record (a worker function for :func:`.search.parallel.map_work`)."""
    from .engine import Game
    from .search import analyse_game

    return analyse_game(Game.from_dict(record), time_per_move=time_per_move).moves


def _tables(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    from .cli_solver import tables_command

    status = tables_command(args, out, lang)
    if status:
        raise _Exit(status)


class _Exit(Exception):
    """Leave with this exit status (the command has said why)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


COMMANDS = {
    "replay": _replay,
    "show": _show,
    "best": _best,
    "solve": _solve,
    "analyse": _analyse,
    "analyze": _analyse,
    "tables": _tables,
}


def _command(name: str) -> Callable[[argparse.Namespace, TextIO, str], int | None]:
    if name in COMMANDS:
        return COMMANDS[name]
    from .tournament import COMMANDS as CLASS_COMMANDS

    if name in CLASS_COMMANDS:
        return CLASS_COMMANDS[name]
    from .puzzles.commands import COMMANDS as PUZZLE_COMMANDS

    if name == "puzzles":
        from .dokuz_tas.puzzles.commands import with_rules

        return with_rules(PUZZLE_COMMANDS[name])  # Dokuz Taş's puzzles with --rules
    return PUZZLE_COMMANDS[name]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0; 2 for bad input; 3 when a search
    runs out of its budget; 1 when ``puzzles verify`` finds a puzzle that does not hold)."""
    args = _parser().parse_args(argv)
    lang = args.lang
    try:
        status = _command(args.command)(args, sys.stdout, lang)
    except MangalaError as exc:  # bad input (2), a search out of its budget (3)
        print(f"mangala-edu: {exc.message(lang)}", file=sys.stderr)
        return exit_status(exc)
    except _Exit as exc:
        return exc.status
    except KeyboardInterrupt:
        print("mangala-edu: ^C", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped early (`mangala-edu puzzles list | head`)
        _quiet_stdout()
        return 141  # as a shell reports a command ended by SIGPIPE
    return status or 0


def _quiet_stdout() -> None:
    """Point stdout at the null device, so that Python's flush at exit does not raise again
    (the recipe of the ``signal`` module's documentation, "Note on SIGPIPE")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (a test's StringIO)
        pass
    finally:
        os.close(devnull)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
