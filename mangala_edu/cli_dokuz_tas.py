"""The command line for Dokuz Taş: ``mangala-edu replay|show|best|solve|analyse --rules
dokuz-tas``.

:mod:`mangala_edu.cli` sends a command here when ``--rules`` names a game of the registry
that is not sown (:attr:`mangala_edu.games.GameInfo.sowing`: Dokuz Taş), with its rules
(:class:`~mangala_edu.dokuz_tas.rules.DokuzTasRules`: ``--no-flying`` turns flying off); its
endgame tables are built and checked by ``mangala-edu tables`` (:mod:`mangala_edu.cli_solver`).
Positions are written in Dokuz Taş's text notation (:mod:`mangala_edu.dokuz_tas.notation`,
``start`` for the start), turns as RULINGS writes them (``d6``, ``a1-a4``, ``d6xd7``,
``a1-a4xg7``). Bad input exits with status 2 and the engine's own message in the command's
language (an illegal turn, a malformed position or record); a search out of its time exits
with status 3, as for Mangala.

A position is printed as a board of text, ``O`` for White's stones and ``X`` for Black's:

>>> from mangala_edu.dokuz_tas import Position
>>> print(board_text(Position.start().play("d6").play("g1"), "en"))
7  .-----------.-----------.
   |           |           |
6  |   .-------O-------.   |
   |   |       |       |   |
5  |   |   .---.---.   |   |
   |   |   |       |   |   |
4  .---.---.       .---.---.
   |   |   |       |   |   |
3  |   |   .---.---.   |   |
   |   |       |       |   |
2  |   .-------.-------.   |
   |           |           |
1  .-----------.-----------X
   a   b   c   d   e   f   g
>> White (O) <<  In hand: 8 · On the board: 1
   Black (X)     In hand: 8 · On the board: 1
White to move (placing)

A value the search found is said from the side to move's point of view: a proven win or loss
with its distance (unless the endgame tables gave it: their distance is to the next stone
taken, not to the end), a proven draw, or an estimate in stones:

>>> from mangala_edu.dokuz_tas.search import MoveValue
>>> value_said(MoveValue(997.0, True), "white").text("en")
'White wins in 3 turns'
>>> value_said(MoveValue(-1.5, False), "black").text("tr")
'Siyah yaklaşık 1,5 taş geride'
>>> value_said(MoveValue(995.0, True), "black", tables=True).text("tr")
'Siyah kazanır, oyun sonu tablolarına göre'
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from .cli_errors import CommandError, OutOfBudget, os_reason
from .i18n import Message, t

if TYPE_CHECKING:
    from .dokuz_tas import Colour, Game, Position
    from .dokuz_tas.rules import DokuzTasRules
    from .dokuz_tas.search import MoveValue, Probe

__all__ = [
    "SYMBOLS",
    "Watch",
    "analyse",
    "best",
    "board_text",
    "reads_as_record",
    "replay",
    "show",
    "solve",
    "value_said",
]

SYMBOLS = {"white": "O", "black": "X"}
"""The letters of the stones on the board of text (plain ASCII: every terminal shows them)."""
FIGURE_TYPES = (".png", ".svg", ".pdf")

VERDICT_NAMES = {
    "best": "analysis.verdict.best",
    "good": "analysis.verdict.good",
    "inaccuracy": "analysis.verdict.inaccuracy",
    "mistake": "analysis.verdict.mistake",
    "blunder": "analysis.verdict.blunder",
}
"""The verdicts of a reviewed turn, named as Mangala's analysis names them."""
VERDICT_COSTS = (("good", 0.5), ("inaccuracy", 1.0), ("mistake", 2.0), ("blunder", float("inf")))
"""The verdict of a turn below the best by its cost in stones (as the search sees them),
when no proven result is lost: below half a stone ``good``... A stone is a ninth of a
player's army, so the steps are smaller than Mangala's."""


# -- The board of text ------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _frame() -> tuple[str, ...]:
    """The empty board's rows: points ``.``, lines ``-`` and ``|``, ranks and files."""
    from .dokuz_tas.board import COORDINATES, LINES

    rows = [[" "] * 28 for _ in range(14)]

    def at(point: int) -> tuple[int, int]:
        file, rank = COORDINATES[point]
        return 2 * (6 - rank), 3 + 4 * file

    for line in LINES:
        ends = sorted(at(p) for p in line)
        (r0, c0), (r1, c1) = ends[0], ends[-1]
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                rows[r][c] = "-" if r0 == r1 else "|"
    for point in range(len(COORDINATES)):
        r, c = at(point)
        rows[r][c] = "."
    for rank in range(7):
        rows[2 * rank][0] = str(7 - rank)
    rows[13][3:] = "   ".join("abcdefg")
    return tuple("".join(row).rstrip() for row in rows)


def board_text(
    position: Position,
    lang: str | None = None,
    *,
    occurrences: int = 1,
    outcome: Any = None,
) -> str:
    """The board as fixed-width text (plain ASCII apart from the words): the points, each
    player's stones in hand and on the board (the mover marked ``>> <<``), whose turn it is or
    how the game ended (``outcome``: a game's own ending, a third repetition), and the quiet
    turns and repetitions when they matter (``occurrences``: how often the position stood)."""
    from .dokuz_tas import COLOURS
    from .dokuz_tas.board import COORDINATES
    from .dokuz_tas.picture import counts_lines, status_text
    from .dokuz_tas.trace import colour_name

    rows = [list(row.ljust(28)) for row in _frame()]
    white, black = position.bitboards
    for point, (file, rank) in enumerate(COORDINATES):
        bit = 1 << point
        if (white | black) & bit:
            rows[2 * (6 - rank)][3 + 4 * file] = SYMBOLS["white" if white & bit else "black"]
    lines = ["".join(row).rstrip() for row in rows]
    ended = outcome or position.outcome
    names = {c: f"{colour_name(c).text(lang)} ({SYMBOLS[c]})" for c in COLOURS}
    width = max(len(n) for n in names.values()) + 6
    for colour in COLOURS:
        name = names[colour]
        label = f">> {name} <<" if ended is None and position.to_move == colour else f"   {name}"
        counts = " · ".join(
            (
                t("dokuz_tas.board.in_hand", lang, count=position.in_hand(colour)),
                t("dokuz_tas.board.on_board", lang, count=position.on_board(colour)),
            )
        )
        lines.append(f"{label:<{width}}  {counts}")
    lines.append(status_text(position, lang, outcome))
    if ended is None or ended.winner is None:
        lines.extend(counts_lines(position, lang, occurrences))
    return "\n".join(lines)


# -- Values in words --------------------------------------------------------------------------


def value_said(value: MoveValue, colour: Colour, *, tables: bool = False) -> Message:
    """A turn's value (:class:`~mangala_edu.dokuz_tas.search.MoveValue`, from ``colour``'s
    side) in words: a proven win or loss in so many turns (both players' turns counted; with
    ``tables`` the endgame tables gave it, and their distance is to the next stone taken, so
    none is said), a proven draw, or the estimate in stones."""
    from .dokuz_tas.trace import colour_name

    who = colour_name(colour)
    result = value.result
    if result == "win":
        if tables:
            return Message("cli.dokuz_tas.value.win_tables", colour=who)
        return Message("cli.dokuz_tas.value.win", colour=who, count=value.plies)
    if result == "loss":
        if tables:
            return Message("cli.dokuz_tas.value.loss_tables", colour=who)
        return Message("cli.dokuz_tas.value.loss", colour=who, count=value.plies)
    if result == "draw":
        return Message("cli.outcome_game.draw")
    stones = round(value.value, 1)
    if stones > 0:
        return Message("cli.dokuz_tas.value.ahead", colour=who, count=stones)
    if stones < 0:
        return Message("cli.dokuz_tas.value.behind", colour=who, count=-stones)
    return Message("cli.dokuz_tas.value.even")


class Watch:
    """An endgame tables' probe that remembers whether it gave a win or a loss outside the
    3-3 class: its distance is then to the next stone taken, not to the end of the game, and
    the values the search found are said without it (:func:`value_said`'s ``tables``)."""

    def __init__(self, probe: Probe) -> None:
        self.probe = probe
        self.far = False

    def __call__(self, position: Position) -> int | None:
        found = self.probe(position)
        if found and not position.on_board("white") == position.on_board("black") == 3:
            self.far = True
        return found


def _watch(flying: bool) -> Watch | None:
    """The user cache's endgame tables, watched, when they are built (else ``None``)."""
    from .dokuz_tas.search import endgame_probe

    probe = endgame_probe(flying)
    return None if probe is None else Watch(probe)


# -- Commands -----------------------------------------------------------------------------------


def _position(text: str, rules: DokuzTasRules) -> Position:
    """The position argument (``start``: the start), which must have a turn to play."""
    from .dokuz_tas import IllegalTurnError

    pos = rules.start() if text.strip().lower() == "start" else rules.position(text)
    outcome = pos.outcome
    if outcome is not None:
        raise IllegalTurnError("dokuz_tas.error.over", why=outcome.said)
    return pos


def _not_here(option: str, args: argparse.Namespace) -> CommandError:
    return CommandError("cli.dokuz_tas.no_option", option=option, rules=args.rules)


def replay(args: argparse.Namespace, rules: DokuzTasRules, out: TextIO, lang: str) -> None:
    """``replay --rules dokuz-tas [--from POSITION] TURN...``: every position, or one JSON
    object a turn; an illegal turn stops it (status 2) after the turns before it."""
    from .dokuz_tas import Game, IllegalTurnError
    from .dokuz_tas.trace import colour_name

    if args.first is not None:
        raise _not_here("--first", args)
    start = rules.start() if args.start is None else rules.position(args.start)
    game = Game(start)
    if not args.json:
        print(board_text(start, lang, outcome=game.outcome), file=out)
    for ply, turn in enumerate(args.moves, start=1):
        try:
            trace = game.push(turn)  # with the draw of a third repetition
        except IllegalTurnError as exc:
            raise CommandError("cli.ply_error", ply=ply, reason=exc) from exc
        after = trace.after
        outcome = game.outcome
        if args.json:
            line = {
                "ply": ply,
                "player": trace.colour,
                "turn": trace.turn,
                "position": after.to_text(),
                "to_move": None if outcome is not None else after.to_move,
                "events": [e.kind.value for e in trace.events],
                "result": None if outcome is None else outcome.to_dict(),
            }
            print(json.dumps(line), file=out)
        else:
            head = f"{t('cli.ply', lang, ply=ply)}: {colour_name(trace.colour).text(lang)}"
            print(f"\n{head} {trace.turn}", file=out)
            for said in trace.captions:
                print(f"  {said.text(lang)}", file=out)
            print(
                board_text(after, lang, occurrences=game.occurrences(), outcome=outcome),
                file=out,
            )
        out.flush()


def show(args: argparse.Namespace, rules: DokuzTasRules, out: TextIO, lang: str) -> None:
    """``show --rules dokuz-tas POSITION [-o FILE]``: the board as text, or drawn by its
    picture module (PNG, SVG or PDF)."""
    text = args.position
    pos = rules.start() if text.strip().lower() == "start" else rules.position(text)
    if args.output is None:
        print(board_text(pos, lang), file=out)
        return
    if os.path.splitext(args.output)[1].lower() not in FIGURE_TYPES:
        raise CommandError("cli.bad_output", file=args.output)
    from .dokuz_tas.picture import save_picture

    try:
        save_picture(pos, args.output, lang=lang)
    except OSError as exc:
        raise CommandError(
            "cli.cannot_write", file=args.output, reason=os_reason(exc, args.output)
        ) from exc


def best(args: argparse.Namespace, rules: DokuzTasRules, out: TextIO, lang: str) -> None:
    """``best --rules dokuz-tas POSITION [--level L] [--seed N]``: the turn of a level (an
    unseeded expert reads the endgame tables when they are built)."""
    from .dokuz_tas.search import Player
    from .dokuz_tas.trace import colour_name

    watch = _watch(rules.flying) if args.seed is None else None
    player = Player(args.level, seed=args.seed, tables=watch)  # an unknown level: status 2
    pos = _position(args.position, rules)
    turn = player.choose(pos)
    values = player.last.values if player.last is not None else {}
    mover = pos.to_move
    if args.json:
        line = {
            "turn": turn,
            "level": player.level.key,
            "values": {k: v.value for k, v in sorted(values.items())},
            "proven": sorted(k for k, v in values.items() if v.exact),
        }
        print(json.dumps(line), file=out)
    elif turn not in values:  # the only turn: nothing was searched
        print(t("cli.dokuz_tas.best_only", lang, colour=colour_name(mover), turn=turn), file=out)
    else:
        said = value_said(values[turn], mover, tables=watch is not None and watch.far)
        print(
            t(
                "cli.dokuz_tas.best",
                lang,
                level=player.level.name(lang),
                colour=colour_name(mover),
                turn=turn,
                value=said,
            ),
            file=out,
        )


def _outcome(result: str, plies: int, colour: Colour, far: bool) -> Message:
    """A proven result in words, from ``colour``'s side."""
    from .dokuz_tas.search import WIN, MoveValue

    value = 0.0 if result == "draw" else float(WIN - plies) * (1 if result == "win" else -1)
    return value_said(MoveValue(value, True), colour, tables=far)


def solve(args: argparse.Namespace, rules: DokuzTasRules, out: TextIO, lang: str) -> None:
    """``solve --rules dokuz-tas POSITION|start [--all-moves] [--time-limit S]``: the proven
    result (win, draw or loss, and in how many turns) and every best turn, with the endgame
    tables when they are built; beyond the time limit, status 3."""
    from .cli_solver import searched
    from .dokuz_tas.search import Search
    from .dokuz_tas.trace import colour_name
    from .search.budget import BudgetExceeded

    if args.jobs is not None:
        raise _not_here("--jobs", args)
    pos = _position(args.position, rules)
    watch = _watch(rules.flying)
    started = time.perf_counter()
    mover = pos.to_move
    values: dict[str, tuple[str, int]] = {}
    nodes = 0
    try:
        if args.all_moves:
            flip = {"win": "loss", "loss": "win", "draw": "draw"}
            for turn, child in pos.children():
                left = started + args.time_limit - time.perf_counter()
                if left <= 0:
                    raise BudgetExceeded(0, args.time_limit)
                found = Search(probe=watch).solve(child, history=(pos,), time_limit=left)
                nodes += found.nodes
                plies = 0 if found.result == "draw" else found.plies + 1
                values[turn] = (flip[found.result], plies)
        else:
            sol = Search(probe=watch).solve(pos, time_limit=args.time_limit)
            nodes = sol.nodes
            values = {turn: (sol.result, sol.plies) for turn in sol.best_moves}
    except BudgetExceeded as exc:
        far = watch is not None and watch.far
        solved = (
            [Message("solve.moves_so_far", values=_values_text(values, mover, far, lang))]
            if args.all_moves and values
            else []
        )
        raise OutOfBudget(
            "cli.out_of_budget",
            *solved,
            seconds=args.time_limit,
            searched=searched(nodes + exc.nodes),
        ) from exc
    far = watch is not None and watch.far
    rank = {"win": 2, "draw": 1, "loss": 0}

    def key(turn: str) -> tuple[int, int]:
        result, plies = values[turn]
        return rank[result], -plies if result == "win" else plies

    top = max(key(turn) for turn in values)
    best_moves = [turn for turn in values if key(turn) == top]
    result, plies = values[best_moves[0]]
    seconds = time.perf_counter() - started
    if args.json:
        line: dict[str, object] = {
            "result": result,
            "plies": None if far or result == "draw" else plies,
            "best_moves": best_moves,
            "nodes": nodes,
            "seconds": round(seconds, 3),
        }
        if args.all_moves:
            line["values"] = {
                k: {"result": r, "plies": None if far or r == "draw" else p}
                for k, (r, p) in values.items()
            }
        print(json.dumps(line), file=out)
        return
    if args.all_moves:
        each = _values_text(values, mover, far, lang)
        print(t("cli.dokuz_tas.all_moves", lang, colour=colour_name(mover), values=each), file=out)
    said = _outcome(result, plies, mover, far)
    print(
        t("cli.solved", lang, outcome=said, moves=", ".join(best_moves), searched=searched(nodes)),
        file=out,
    )


def _values_text(values: dict[str, tuple[str, int]], mover: Colour, far: bool, lang: str) -> str:
    """Each turn's proven result, ``d6: White wins in 3 turns; ...``."""
    return "; ".join(
        f"{turn}: {_outcome(r, p, mover, far).text(lang)}" for turn, (r, p) in values.items()
    )


# -- analyse ------------------------------------------------------------------------------------


def reads_as_record(path: str) -> bool:
    """Whether the file at ``path`` is a Dokuz Taş game record (its ``format``) or a JSON
    list of turns; any other file is left to Mangala's records."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    from .dokuz_tas.notation import FORMAT

    return isinstance(data, list) or (isinstance(data, dict) and data.get("format") == FORMAT)


def read_game(path: str, rules: DokuzTasRules) -> Game:
    """A game from a record: Dokuz Taş's JSON record (:mod:`mangala_edu.dokuz_tas.notation`),
    a JSON list of turns, or the turns as text (separated by spaces or lines); raises the
    engine's :class:`~mangala_edu.dokuz_tas.errors.RecordError` naming the first fault."""
    from .dokuz_tas import Game

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = (
            os_reason(exc, path, reading=True)
            if isinstance(exc, OSError)
            else Message("oserror.other", reason=str(exc))
        )
        raise CommandError("cli.cannot_read", file=path, reason=reason) from exc
    try:
        data: object = json.loads(text)
    except ValueError:
        data = text.split()
    if isinstance(data, list):
        data = {"turns": data, "flying": rules.flying}
    return Game.from_dict(data)


def _verdict(best: MoveValue, played: MoveValue) -> str:
    """The verdict of a turn worth ``played`` where the best was worth ``best``."""
    if played.value >= best.value:
        return "best"
    if best.result == "win" and played.result != "win":
        return "blunder"  # a won game given away
    if best.result == "draw" and played.result == "loss":
        return "blunder"
    if best.result == played.result and best.result in ("win", "loss"):
        return "good"  # a slower win, a quicker loss
    cost = best.value - played.value
    return next(name for name, limit in VERDICT_COSTS if cost < limit)


def review_game(game: Game, time_per_move: float) -> list[dict[str, Any]]:
    """Every turn of ``game`` judged: the values of the legal turns (the search within
    ``time_per_move`` seconds, with the endgame tables when they are built), the best turns
    and the played turn's verdict; JSON-ready dicts (see :func:`review_text`)."""
    from .dokuz_tas.search import Search

    flying = game.flying
    watch = _watch(flying)
    search = Search(probe=watch)
    positions = game.positions
    reviews = []
    for ply, (before, turn) in enumerate(zip(positions, game.turns, strict=False), start=1):
        entry: dict[str, Any] = {
            "ply": ply,
            "player": before.to_move,
            "turn": turn,
            "verdict": "best",
            "cost": 0.0,
            "best_moves": [turn],
            "exact": True,
            "value": None,
            "best_value": None,
            "tables": False,
        }
        if len(before.legal_moves) > 1:
            if watch is not None:
                watch.far = False
            result = search.analyse(
                before, history=positions[: ply - 1], time_limit=time_per_move, all_values=True
            )
            values = result.values
            best = values[result.best_moves[0]]
            played = values[turn]
            entry.update(
                verdict=_verdict(best, played),
                cost=round(max(0.0, best.value - played.value), 2),
                best_moves=list(result.best_moves),
                exact=best.exact and played.exact,
                value=[played.value, played.exact],
                best_value=[best.value, best.exact],
                tables=watch is not None and watch.far,
            )
        reviews.append(entry)
    return reviews


def _review_record(record: dict[str, object], time_per_move: float) -> list[dict[str, Any]]:
    """Review one game record (a worker function for :func:`.search.parallel.map_work`)."""
    from .dokuz_tas import Game

    return review_game(Game.from_dict(record), time_per_move)


def review_text(entry: dict[str, Any], lang: str) -> str:
    """A reviewed turn in words: its verdict, and the best turns with their value when it
    was not one of them."""
    from .dokuz_tas.search import MoveValue

    verdict = Message(VERDICT_NAMES[entry["verdict"]])
    if entry["value"] is None:
        return t("cli.dokuz_tas.review_only", lang, verdict=verdict)
    mover, far = entry["player"], entry["tables"]
    value = value_said(MoveValue(*entry["value"]), mover, tables=far)
    if entry["turn"] in entry["best_moves"]:
        return t("cli.dokuz_tas.review_best", lang, verdict=verdict, value=value)
    return t(
        "cli.dokuz_tas.review",
        lang,
        verdict=verdict,
        best=", ".join(entry["best_moves"]),
        best_value=value_said(MoveValue(*entry["best_value"]), mover, tables=far),
        value=value,
    )


def analyse(
    args: argparse.Namespace, rules: DokuzTasRules, records: Sequence[str], out: TextIO, lang: str
) -> None:
    """``analyse RECORD...`` for Dokuz Taş's records: every turn's verdict, the best turns
    and their value (one JSON object a turn with ``--json``)."""
    from .dokuz_tas.trace import colour_name

    games = [read_game(record, rules) for record in records]
    many = len(games) > 1
    if many or args.scheduler:
        from functools import partial

        from .search.parallel import map_work

        work = partial(_review_record, time_per_move=args.time_per_move)
        reviews = map_work(
            work, [g.to_dict() for g in games], jobs=args.jobs or 1, scheduler=args.scheduler
        )
    else:
        reviews = iter([review_game(games[0], args.time_per_move)])
    for record, entries in zip(records, reviews, strict=True):
        if many and not args.json:
            print(f"== {record}", file=out)
        for entry in entries:
            text = review_text(entry, lang)
            if args.json:
                line = {**({"record": record} if many else {}), **entry, "text": text}
                print(json.dumps(line, ensure_ascii=False), file=out)
            else:
                print(
                    f"{t('cli.ply', lang, ply=entry['ply'])}: "
                    f"{colour_name(entry['player']).text(lang)} {entry['turn']} · {text}",
                    file=out,
                )
            out.flush()
