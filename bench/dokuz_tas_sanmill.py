"""Benchmark the Dokuz Taş levels against Sanmill, the strongest open Nine Men's Morris engine.

Run: ``python bench/dokuz_tas_sanmill.py --sanmill PATH [--levels kolay,usta]
[--skills 1,8,16,30@1] [--games N] [--seed S] [--scale X] [--clock] [--move-time SEC]
[--max-turns T] [--records DIR]``.

**What you must provide**: ``--sanmill``, the path of a Sanmill console engine (the ``sanmill``
program of calcitem/Sanmill's C++ engine, ``src/``), built by yourself. The figures in
``bench/RESULTS.md`` were measured with one built from release v7.4.2, commit
``2db38bde3a3ea03e2669ea31bcba438b2f51decf`` (the last release whose engine is the C++ one;
later commits replace it with a Rust port). This bench never builds or downloads it.

**Protocol.** Sanmill speaks a UCI-like protocol: ``uci``/``uciok``, ``setoption name N value
V``, ``isready``/``readyok``, ``position startpos moves ...``, ``go``, and answers with a line
holding ``bestmove M``. Its points have the same names as ours (a1..g7, the usual Mühle
notation), so only the removal differs: Sanmill writes a removal as a move of its own, ``xd7``,
made by the same side after the move that closed the mill. So our ``d6xd7`` is Sanmill's
``d6`` ``xd7`` and our ``a1-a4xg7`` is ``a1-a4`` ``xg7`` (:func:`to_sanmill`,
:func:`from_sanmill`). When Sanmill's move closes a mill, it is asked once more for its
removal, and the two make one turn.

**Referee.** Our :class:`~mangala_edu.dokuz_tas.Game` decides what is legal and how a game
ends (RULINGS: threefold repetition, 50 quiet turns, blocked or fewer than three stones
lose). A turn of Sanmill's that our rules reject, a ``bestmove draw`` (Sanmill claiming a draw
our rules do not see), no answer within ``--answer-timeout`` seconds or a crash end the game
as an *error*: it is listed and counted apart, never as a win, draw or loss. Except one: no
answer in time in a position that the endgame tables built in the user cache hold (``mangala-edu
tables build --rules dokuz-tas``; Sanmill at a high skill can think for many minutes when a side
may fly) is adjudicated by the tables: the result of perfect play from there, which our expert
(reading the same tables) would keep; counted as that win, draw or loss, and shown apart. A
game not over after ``--max-turns`` turns is adjudicated a draw (counted as a draw, and shown
apart).

**Sanmill's settings.** Its rules are set to ours (the Nine Men's Morris defaults, and
``NMoveRule``/``EndgameNMoveRule`` 50 for our 50-quiet-turn draw); ``DeveloperMode`` off, as
in Sanmill's app, so that ``SkillLevel`` is its search depth (capped in the placing phase by
its "human experience" table); ``MoveTime`` 0 (default here) searches to that depth without a
clock, so its strength does not depend on the machine's load; the perfect database is off
(it needs files the bench does not have); ``Shuffling`` on (its default) varies its choice
among equal moves, from a clock seed: Sanmill's side is not reproducible game for game.
A skill written ``SKILL@SECONDS`` (``30@1``: Sanmill's app default of 1 s a move at its
highest skill) gets that ``MoveTime``: iterative deepening stopped by the clock, which does
depend on the load. ``--option NAME=VALUE`` sends any other setting.

**Games.** For each pair of our level and Sanmill's skill, ``--games`` games (an even number
is best): games 2k and 2k+1 start from the same seeded opening of ``--random-turns`` random
turns (default 2), our level White in the first, Black in the second. Our players are
seeded and count their budget in positions searched (the level's seconds x
``NODES_PER_SECOND``, times ``--scale``; usta's last three placements three times that), as
in ``bench/dokuz_tas_levels.py``; so a seeded expert does not read the endgame tables. With
``--clock`` they are unseeded and search by the clock instead (the level's seconds, times
``--scale``), as a pupil meets them: with the compiled search where numba is installed
(``MANGALA_EDU_ENGINE=pure`` for pure Python), and an expert reads the endgame tables when
they are built; their turns then depend on the machine and its load. The
table gives, for our level: wins, draws (of them adjudicated at the turn cap), losses, how many
of these were adjudicated by the tables, errors, the score
(wins + half the draws, over the games without error) and the mean seconds a turn of each
side on this machine (Sanmill's includes its removal, and the protocol's round trip).
``--records DIR`` keeps each game's record (JSON).

Measured (``bench/RESULTS.md``, "Dokuz Taş against Sanmill"): ``nice python
bench/dokuz_tas_sanmill.py --sanmill /path/to/sanmill --levels usta --skills 1,4,8,12,16,30@1
--games 10``, and ``--levels kolay,orta,zor --skills 1,4,8,16``, on 2 shared cores; with
zor's and usta's weights of 2026-12-04 ("The room to slide"): ``--levels usta,zor --skills 8
--games 10``, ``--levels usta --skills 12,16 --games 10``, ``--levels usta --skills 12,8
--games 10 --seed 3024``, ``--levels usta --skills 16 --games 10 --seed 3024``, ``--levels
usta --skills 12 --games 10 --seed 4024`` and ``--levels usta,kolay --skills 4 --games 10``;
with the compiled search and ``DEEP_WEIGHTS`` ("Slides to be"): ``--levels usta --skills
8,12,16 --games 10 --clock`` and ``--levels usta --skills 16 --games 10 --seed 3024 --clock``;
with the compiled search reading the tables and a slide worth 0.2 while moving ("Slides while
moving"): ``--levels usta --skills 16 --games 10 --seed 4024 --clock`` (and ``--seed 5024``),
``--levels usta --skills 12 --games 10 --clock``; with Sanmill's timeouts in the tables'
positions adjudicated by them ("Skill 16, with no game lost to Sanmill's clock"): ``--levels
usta --skills 16 --games 10 --clock --seed 6024`` (and ``7024``, ``8024``; ``--games 6`` with
``9024``, ``10024``).
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mangala_edu.dokuz_tas import Game, tables
from mangala_edu.dokuz_tas.board import parse_point, point_name
from mangala_edu.dokuz_tas.search import LEVELS, Player, history_of

RULE_OPTIONS: dict[str, str] = {
    "PiecesCount": "9",
    "flyPieceCount": "3",
    "PiecesAtLeastCount": "3",
    "HasDiagonalLines": "false",
    "MillFormationActionInPlacingPhase": "0",  # remove an opponent's stone from the board
    "MayMoveInPlacingPhase": "false",
    "IsDefenderMoveFirst": "false",
    "MayRemoveMultiple": "false",  # two mills at once remove one stone
    "MayRemoveFromMillsAlways": "false",  # stones in mills protected unless all are
    "RestrictRepeatedMillsFormation": "false",
    "OneTimeUseMill": "false",
    "CustodianCaptureEnabled": "false",
    "InterventionCaptureEnabled": "false",
    "LeapCaptureEnabled": "false",
    "BoardFullAction": "0",  # cannot happen with 9 stones each on 24 points
    "StopPlacingWhenTwoEmptySquares": "false",
    "StalemateAction": "0",  # the player who cannot move loses
    "MayFly": "true",
    "NMoveRule": "50",  # 50 sliding/flying turns without a removal draw
    "EndgameNMoveRule": "50",  # no shorter rule for the endgame
    "ThreefoldRepetitionRule": "true",
}
"""Sanmill's rule options, set to ours (RULINGS, "Dokuz Taş / Mühle")."""

PLAY_OPTIONS: dict[str, str] = {
    "Threads": "1",
    "DeveloperMode": "false",
    "UsePerfectDatabase": "false",
    "AiIsLazy": "false",
    "Algorithm": "2",  # MTD(f), its default
    "DrawOnHumanExperience": "true",
    "ConsiderMobility": "true",
    "FocusOnBlockingPaths": "true",
    "TrapAwareness": "false",
}
"""Sanmill's settings of play as in its app (skill, move time and shuffling are set apart)."""

_BESTMOVE = re.compile(r"(?:^|\s)bestmove\s+(\S+)")


class SanmillError(Exception):
    """Sanmill did not answer as the protocol says (no answer, crash, unreadable move)."""


class SanmillTimeout(SanmillError):
    """Sanmill gave no answer within the time allowed."""


# -- Notation -----------------------------------------------------------------------------------


def _point(name: str, text: str) -> str:
    try:
        return point_name(parse_point(name))
    except Exception as exc:
        raise ValueError(f"{text!r}: {name!r} is not a point") from exc


def to_sanmill(turn: str) -> list[str]:
    """Our turn as Sanmill's moves: the removal is a move of its own.

    >>> to_sanmill("d6"), to_sanmill("a1-a4xg7")
    (['d6'], ['a1-a4', 'xg7'])
    """
    text = turn.strip().lower()
    move, _, removal = text.partition("x")
    points = [_point(p, turn) for p in move.split("-")]
    if len(points) > 2 or (removal and "x" in removal):
        raise ValueError(f"{turn!r} is not a turn")
    moves = ["-".join(points)]
    if removal:
        moves.append("x" + _point(removal, turn))
    return moves


def from_sanmill(moves: Sequence[str]) -> str:
    """Sanmill's move, and its removal if any, as one turn of ours.

    >>> from_sanmill(["d6", "xd7"]), from_sanmill(["a1-a4"])
    ('d6xd7', 'a1-a4')
    """
    if not 1 <= len(moves) <= 2:
        raise ValueError(f"{list(moves)!r}: a turn is a move and at most one removal")
    first = moves[0].strip().lower()
    if first.startswith("x") or first.count("-") > 1:
        raise ValueError(f"{first!r} is not a placement or a move")
    text = "-".join(_point(p, first) for p in first.split("-"))
    if len(moves) == 2:
        second = moves[1].strip().lower()
        if not second.startswith("x"):
            raise ValueError(f"{second!r} is not a removal")
        text += "x" + _point(second[1:], second)
    return text


def sanmill_moves(turns: Sequence[str]) -> list[str]:
    """A game's turns as Sanmill's list of moves."""
    return [m for t in turns for m in to_sanmill(t)]


# -- The engine ---------------------------------------------------------------------------------


def check_engine(path: str) -> Path:
    """The engine's path; :class:`SystemExit` with a clear message when it is not there."""
    p = Path(path).expanduser()
    if not p.is_file():
        raise SystemExit(
            f"--sanmill {path}: no such file. Give the path of a Sanmill console engine you "
            "built from calcitem/Sanmill (this bench never builds or downloads it)."
        )
    if not os.access(p, os.X_OK):
        raise SystemExit(f"--sanmill {path}: the file is not executable.")
    return p


class Sanmill:
    """A Sanmill process spoken to over its UCI-like protocol."""

    def __init__(self, path: Path | str, options: dict[str, str], timeout: float = 120.0):
        self.path = str(path)
        self.options = dict(options)
        self.timeout = timeout
        self.proc: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.name = ""
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
            cwd=str(Path(self.path).parent),
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.lines), daemon=True).start()
        self.send("uci")
        for line in self._until(lambda s: s.strip() == "uciok"):
            if line.startswith("id name "):
                self.name = line[8:].strip()
        for name, value in self.options.items():
            self.send(f"setoption name {name} value {value}")
        self.ready()

    @staticmethod
    def _read(proc: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    def send(self, command: str) -> None:
        if self.proc is None or self.proc.stdin is None or self.proc.poll() is not None:
            raise SanmillError("the engine is not running")
        try:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        except OSError as exc:
            raise SanmillError(f"the engine does not read its input: {exc}") from exc

    def _until(self, done: object) -> list[str]:
        """The lines read up to and with the first for which ``done(line)`` holds."""
        deadline = time.monotonic() + self.timeout
        seen: list[str] = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SanmillTimeout(f"no answer within {self.timeout:.0f} s")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise SanmillError("the engine ended (crashed or quit)")
            seen.append(line)
            if done(line):  # type: ignore[operator]
                return seen

    def ready(self) -> None:
        self.send("isready")
        self._until(lambda s: s.strip() == "readyok")

    def new_game(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        self.send("ucinewgame")
        self.ready()

    def bestmove(self, moves: Sequence[str]) -> str:
        """Sanmill's answer in the position after ``moves`` (its own notation)."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go")
        lines = self._until(lambda s: _BESTMOVE.search(s) is not None)
        match = _BESTMOVE.search(lines[-1])
        assert match is not None
        return match.group(1)

    def choose(self, game: Game) -> str:
        """Sanmill's turn in ``game``'s position, as our turn; its removal is asked for
        when its move closes a mill. Raises :class:`SanmillError` for an answer our rules
        cannot read (the caller checks legality)."""
        moves = sanmill_moves(game.turns)
        first = self.bestmove(moves)
        if first in ("draw", "none", "error!", "0000"):
            raise SanmillError(f"Sanmill answered {first!r}")
        try:
            turn = from_sanmill([first])
        except ValueError as exc:
            raise SanmillError(f"unreadable move {first!r}: {exc}") from exc
        legal = game.legal_moves
        if turn in legal or not any(t.startswith(turn + "x") for t in legal):
            return turn  # a whole turn (or an illegal one: the referee says so)
        second = self.bestmove([*moves, first])
        try:
            return from_sanmill([first, second])
        except ValueError as exc:
            raise SanmillError(f"after {first!r}, unreadable removal {second!r}: {exc}") from exc

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=5)
            except (SanmillError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        self.proc = None


# -- Games --------------------------------------------------------------------------------------


@dataclass
class Clock:
    turns: int = 0
    seconds: float = 0.0

    def add(self, seconds: float) -> None:
        self.turns += 1
        self.seconds += seconds

    def per_turn(self) -> str:
        return f"{self.seconds / self.turns:.4f}" if self.turns else "-"


@dataclass
class Result:
    wins: int = 0
    draws: int = 0
    capped: int = 0
    losses: int = 0
    tabled: int = 0
    errors: list[str] = field(default_factory=list)
    ours: Clock = field(default_factory=Clock)
    theirs: Clock = field(default_factory=Clock)
    turns: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, winner: str, ours: str) -> str:
        """Counts a game that ``winner`` (``"white"``, ``"black"`` or ``"draw"``) won, ``ours``
        being our level's colour; says so."""
        if winner == "draw":
            self.draws += 1
            return "draw"
        if winner == ours:
            self.wins += 1
        else:
            self.losses += 1
        return f"{winner} wins"

    def score(self) -> str:
        if not self.games:
            return "-"
        return f"{100 * (self.wins + self.draws / 2) / self.games:.0f} %"


def opening(seed: int, turns: int) -> list[str]:
    """``turns`` random turns from the start, seeded."""
    rng = random.Random(seed)
    game = Game()
    for _ in range(turns):
        if game.is_over:
            break
        game.push(rng.choice(game.legal_moves))
    return list(game.turns)


def play_game(
    level: str,
    engine: Sanmill,
    ours_white: bool,
    start: Sequence[str],
    seed: int,
    scale: float,
    max_turns: int,
    result: Result,
    game: Game | None = None,
    clock: bool = False,
) -> str:
    """One game (played on ``game``, a new game of ``start`` by default); adds it to
    ``result`` and returns a line about it."""
    if game is None:
        game = Game()
    for turn in start:
        game.push(turn)
    player = Player(level, seed=None if clock else seed, scale=scale)
    engine.new_game()
    ours = "white" if ours_white else "black"
    while not game.is_over and len(game.turns) < max_turns:
        if game.position.to_move == ours:
            began = time.perf_counter()
            turn = player.choose(game.position, history_of(game))
            result.ours.add(time.perf_counter() - began)
            game.push(turn)
            continue
        began = time.perf_counter()
        try:
            turn = engine.choose(game)
        except SanmillError as exc:
            engine.close()
            winner = by_the_tables(game) if isinstance(exc, SanmillTimeout) else None
            if winner is not None:
                result.tabled += 1
                result.turns += len(game.turns)
                return result.add(winner, ours) + (
                    f" at turn {len(game.turns) + 1}, by the endgame tables (Sanmill: {exc})"
                )
            result.errors.append(f"turn {len(game.turns) + 1}: {exc}")
            return f"error at turn {len(game.turns) + 1}: {exc}"
        result.theirs.add(time.perf_counter() - began)
        if turn not in game.legal_moves:
            message = f"turn {len(game.turns) + 1}: Sanmill played {turn!r}, illegal here"
            result.errors.append(message)
            return "error: " + message
        game.push(turn)
    result.turns += len(game.turns)
    outcome = game.outcome
    if outcome is None:
        result.draws += 1
        result.capped += 1
        return f"{len(game.turns)} turns, adjudicated draw (turn cap)"
    said = result.add(outcome.winner or "draw", ours)
    return f"{len(game.turns)} turns, {said} ({outcome.termination})"


def by_the_tables(game: Game) -> str | None:
    """The result of ``game`` with perfect play from its position, when the endgame tables
    built in the user cache hold it (``"white"``, ``"black"`` or ``"draw"``), else ``None``.
    Such a game is not lost: with best play on both sides it ends so, and our expert, who
    reads the same tables, plays its side of it perfectly."""
    pos = game.position
    found = tables.probe(pos)
    if found is None:
        return None
    if found == 0:
        return "draw"
    mover = pos.to_move
    return mover if found > 0 else ("black" if mover == "white" else "white")


def play_pairing(
    level: str,
    skill: int,
    move_time: int,
    engine_path: Path,
    args: argparse.Namespace,
    extra: dict[str, str],
) -> Result:
    options = {
        **RULE_OPTIONS,
        **PLAY_OPTIONS,
        "SkillLevel": str(skill),
        "MoveTime": str(move_time),
        "Shuffling": "true" if args.shuffling == "on" else "false",
        **extra,
    }
    result = Result()
    engine = Sanmill(engine_path, options, timeout=args.answer_timeout)
    try:
        for g in range(args.games):
            start = opening(args.seed + g // 2, args.random_turns)
            ours_white = g % 2 == 0
            game = Game()
            line = play_game(
                level,
                engine,
                ours_white,
                start,
                args.seed + 1000 * skill + g,
                args.scale,
                args.max_turns,
                result,
                game,
                clock=args.clock,
            )
            if args.records:
                folder = Path(args.records)
                folder.mkdir(parents=True, exist_ok=True)
                side = "white" if ours_white else "black"
                game.save(folder / f"{level}-{skill}-{move_time}s-{g + 1:02d}-{side}.json")
            print(
                f"  {level} vs Sanmill {setting_name(skill, move_time)}, game {g + 1} ({level} "
                f"{'White' if ours_white else 'Black'}, opening {' '.join(start)}): {line}",
                file=sys.stderr,
                flush=True,
            )
    finally:
        engine.close()
    return result


def parse_skills(text: str) -> list[tuple[int, int | None]]:
    """``1,8,30@1`` as Sanmill settings: a skill level (0..30), and after ``@`` its MoveTime
    in seconds (0..60) when it is not ``--move-time``; raises :class:`ValueError`.

    >>> parse_skills("1, 8,30@1")
    [(1, None), (8, None), (30, 1)]
    """
    out: list[tuple[int, int | None]] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        skill, sep, seconds = item.partition("@")
        try:
            level, move_time = int(skill), int(seconds) if sep else None
        except ValueError:
            raise ValueError(f"{item!r} is not SKILL or SKILL@SECONDS (e.g. 8 or 30@1)") from None
        if not 0 <= level <= 30 or (move_time is not None and not 0 <= move_time <= 60):
            raise ValueError(f"{item!r}: skill levels are 0..30, move times 0..60 s")
        out.append((level, move_time))
    if not out:
        raise ValueError(f"{text!r} names no skill level")
    return out


def setting_name(skill: int, move_time: int) -> str:
    """How the table names a Sanmill setting."""
    return f"skill {skill}" + (f", {move_time} s" if move_time else "")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--sanmill", required=True, help="path of your own Sanmill console engine (required)"
    )
    parser.add_argument("--levels", default="kolay,usta", help="our levels (default kolay,usta)")
    parser.add_argument(
        "--skills",
        default="1,8,16",
        help="Sanmill's SkillLevel values, 0..30, each with @SECONDS for its own MoveTime "
        "(default 1,8,16; e.g. 1,8,16,30@1)",
    )
    parser.add_argument("--games", type=int, default=4, help="games a pairing (default 4)")
    parser.add_argument("--seed", type=int, default=2024, help="the first seed (default 2024)")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="multiplies our node budgets (default 1)"
    )
    parser.add_argument(
        "--clock",
        action="store_true",
        help="our players unseeded, searching by the clock (the compiled search where numba "
        "is installed)",
    )
    parser.add_argument(
        "--move-time",
        type=int,
        default=0,
        help="Sanmill's MoveTime in seconds, 0..60; 0: its depth alone (default 0)",
    )
    parser.add_argument(
        "--shuffling", choices=["on", "off"], default="on", help="Sanmill's Shuffling (on)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="another Sanmill setting (may be repeated)",
    )
    parser.add_argument(
        "--random-turns", type=int, default=2, help="random opening turns (default 2)"
    )
    parser.add_argument(
        "--max-turns", type=int, default=200, help="a longer game is a draw (default 200)"
    )
    parser.add_argument(
        "--answer-timeout",
        type=float,
        default=300.0,
        help="seconds to wait for Sanmill's answer (default 300)",
    )
    parser.add_argument(
        "--records", default="", metavar="DIR", help="save each game's record (JSON) in DIR"
    )
    args = parser.parse_args(argv)
    engine_path = check_engine(args.sanmill)
    levels = [v.strip() for v in args.levels.split(",") if v.strip()]
    for level in levels:
        if level not in LEVELS:
            parser.error(f"--levels: {level!r} is not one of {', '.join(LEVELS)}")
    try:
        skills = parse_skills(args.skills)
    except ValueError as exc:
        parser.error(f"--skills: {exc}")
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    if not args.scale > 0:
        parser.error(f"--scale must be above 0, not {args.scale}")
    if not 0 <= args.move_time <= 60:
        parser.error(f"--move-time must be 0..60, not {args.move_time}")
    if args.max_turns < 1 or args.random_turns < 0:
        parser.error("--max-turns must be at least 1 and --random-turns at least 0")
    extra = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            parser.error(f"--option: {item!r} is not NAME=VALUE")
        extra[name.strip()] = value.strip()

    rows = []
    for level in levels:
        for skill, seconds in skills:
            move_time = args.move_time if seconds is None else seconds
            result = play_pairing(level, skill, move_time, engine_path, args, extra)
            rows.append((level, setting_name(skill, move_time), result))

    by_clock = ", by the clock" if args.clock else ""
    print(
        f"Dokuz Taş against Sanmill ({engine_path}): {args.games} games a pairing, seed "
        f"{args.seed}, scale {args.scale}{by_clock}, Sanmill MoveTime {args.move_time}, Shuffling "
        f"{args.shuffling}, cap {args.max_turns} turns"
    )
    print()
    print(
        "| ours vs Sanmill | W | D (capped) | L | of them by the tables | errors | score | "
        "s/turn ours | s/turn Sanmill | turns/game |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for level, setting, r in rows:
        per_game = f"{r.turns / r.games:.0f}" if r.games else "-"
        print(
            f"| {level} vs {setting} | {r.wins} | {r.draws} ({r.capped}) | {r.losses} | "
            f"{r.tabled} | {len(r.errors)} | {r.score()} | {r.ours.per_turn()} | "
            f"{r.theirs.per_turn()} | "
            f"{per_game} |"
        )
    for level, setting, r in rows:
        for e in r.errors:
            print(f"error, {level} vs {setting}: {e}")


if __name__ == "__main__":
    main()
