"""A class tournament: pairings (round robin or Swiss), results and standings with tie-breaks.

Two plain text files, written by the teacher in any editor:

- the **players file**: one name a line (first names or nicknames are enough), in the order of
  seeding (the class list will do); blank lines and lines starting with ``#`` are skipped;
- the **results file**: a line ``1. tur`` (or ``round 1``) starts a round; under it one line a
  match, ``Ayşe - Can 3,5-1,5``: the two names as in the pairing, then the set points of each
  (a set won 1, drawn ½, lost 0; every set of the match is played, so they add up to the number
  of sets, 5 by default), and, if you like, the stones each had in the store over all sets
  (``Ayşe - Can 3-2 131-109``: they add up to 48 a set). A match not played is written
  ``Ayşe - Can +-`` (Ayşe wins by forfeit: Can did not come), ``-+`` or ``--`` (neither came).
  The bye is not written.

Systems:

- **round robin** (everyone meets everyone once): Berger's tables (the circle method, the
  last player fixed); with an odd number of players one sits out (the bye) in every round;
- **Swiss** (a few rounds for a large class): players are sorted by points, then by their place
  in the players file; in each score group the top half meets the bottom half (1–3 and 2–4 in
  a group of four), a player left over meets one of the group below, and no two players meet
  twice; with an odd number the bye
  goes to the lowest-placed player who has not had one. A pairing always exists while the
  rounds are fewer than the players (it is searched for with backtracking).

A match won gives 1 point, a drawn match ½, a lost one 0; the bye gives 1 point (and no set
points). Standings are ordered by points, then by the tie-break of the system
(**Sonneborn-Berger** in a round robin: the points of the players one beat, plus half those of
the players one drew; **Buchholz** in a Swiss: the points of all one's opponents), then by set
points, then by the stone difference (when the results give stones). Players still level
share the place.

>>> players = ["Ayşe", "Can", "Elif", "Mert"]
>>> [[f"{a}-{b}" for a, b in r] for r in round_robin(players)]
[['Ayşe-Mert', 'Can-Elif'], ['Mert-Elif', 'Ayşe-Can'], ['Can-Mert', 'Elif-Ayşe']]
>>> results = parse_results("1. tur\\nAyşe - Mert 3-2\\nCan - Elif 2,5-2,5\\n", players)
>>> t = Tournament(players, "round-robin", results)
>>> [(s.place, s.name, s.points) for s in t.standings()]
[(1, 'Ayşe', 1.0), (2, 'Can', 0.5), (2, 'Elif', 0.5), (4, 'Mert', 0.0)]
>>> t.next_round()
2
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from .engine.errors import MangalaError
from .i18n import t

__all__ = [
    "SYSTEMS",
    "MatchResult",
    "Standing",
    "Tournament",
    "TournamentError",
    "add_commands",
    "parse_players",
    "parse_results",
    "round_robin",
    "swiss_round",
]

SYSTEMS = ("round-robin", "swiss")
"""The pairing systems: everyone meets everyone (round robin), or Swiss rounds."""
TOURNAMENT_SYSTEM = {"round-robin": "tournament.round_robin", "swiss": "tournament.swiss"}
"""The catalogue key of each system's name."""
BYE_WORDS = ("bay", "bye")
"""Words a name may not be: they stand for the bye on a pairing sheet."""
STONES_A_SET = 48
SET_COUNTS = (1, 3, 5)

Pair = tuple[str, str | None]
"""Two players of one round; ``(name, None)`` is the bye."""


class TournamentError(MangalaError):
    """A players or results file the tournament cannot use (the message names the line)."""


# --------------------------------------------------------------------------- pairing


def round_robin(players: Sequence[str]) -> list[list[Pair]]:
    """Every round of a round robin (Berger's tables): each pair plays once;
    with an odd number of players each round has one bye ``(name, None)``, last.

    >>> round_robin(["A", "B", "C"])
    [[('B', 'C'), ('A', None)], [('A', 'B'), ('C', None)], [('C', 'A'), ('B', None)]]
    """
    ring: list[str | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    if n < 2:
        return []
    fixed, others = ring[-1], ring[:-1]
    rounds: list[list[Pair]] = []
    for r in range(n - 1):
        shift = r * (n // 2) % (n - 1)
        turn = others[shift:] + others[:shift]
        # Berger: the fixed player alternates sides; the others pair from the outside in.
        first = (turn[0], fixed) if r % 2 == 0 else (fixed, turn[0])
        pairs = [first] + [(turn[i], turn[n - 1 - i]) for i in range(1, n // 2)]
        rounds.append(_with_bye_last(pairs))
    return rounds


def _with_bye_last(pairs: Iterable[tuple[str | None, str | None]]) -> list[Pair]:
    games: list[Pair] = []
    byes: list[Pair] = []
    for a, b in pairs:
        if a is None:
            a, b = b, None
        if a is None:  # pragma: no cover - two empty seats never meet
            continue
        (byes if b is None else games).append((a, b))
    return games + byes


def swiss_round(
    players: Sequence[str],
    points: dict[str, float],
    met: set[frozenset[str]],
    had_bye: set[str],
) -> list[Pair] | None:
    """The pairs of the next Swiss round, or None when every pairing would repeat a match.

    ``players`` in seeding order; ``points`` so far; ``met``: the pairs that have played;
    ``had_bye``: who has had the bye.

    >>> swiss_round(["A", "B", "C", "D"], {"A": 1, "B": 0, "C": 1, "D": 0},
    ...             {frozenset("AB"), frozenset("CD")}, set())
    [('A', 'C'), ('B', 'D')]
    """
    seed = {name: k for k, name in enumerate(players)}
    order = sorted(players, key=lambda p: (-points.get(p, 0.0), seed[p]))
    if len(order) % 2 == 0:
        return _pair_all(order, met, points)
    for bye in reversed(order):  # the lowest-placed player without a bye yet
        if bye in had_bye:
            continue
        rest = _pair_all([p for p in order if p != bye], met, points)
        if rest is not None:
            return [*rest, (bye, None)]
    return None


def _pair_all(
    order: list[str], met: set[frozenset[str]], points: dict[str, float]
) -> list[Pair] | None:
    """Pair ``order`` (sorted by points, then seed) from the top: the top player of a score
    group meets the player half a group below (the top half against the bottom half, as in the
    Dutch system), then the others of the group, then the groups below; never a player met
    before (backtracking when the rest cannot be paired)."""
    if not order:
        return []
    top, rest = order[0], order[1:]
    group = [p for p in rest if points.get(p, 0.0) == points.get(top, 0.0)]
    half = (len(group) + 1) // 2 - 1 if group else 0
    below = [p for p in rest if p not in group]
    for other in [*group[half:], *reversed(group[:half]), *below]:
        if frozenset((top, other)) in met:
            continue
        k = rest.index(other)
        tail = _pair_all(rest[:k] + rest[k + 1 :], met, points)
        if tail is not None:
            return [(top, other), *tail]
    return None


# --------------------------------------------------------------------------- files

_ROUND = re.compile(r"^(?:(\d+)\s*\.?\s*(?:tur|round)|(?:tur|round)\s*(\d+))\s*:?$", re.I)
_NUMBER = r"\d+(?:[.,]\d+|½)?|½"
_RESULT = re.compile(
    rf"^(?P<a>.+?)\s+[-–—]\s+(?P<b>.+?)\s+(?P<x>{_NUMBER})\s*[-–—:]\s*(?P<y>{_NUMBER})"
    r"(?:\s+(?P<sx>\d+)\s*[-–—:]\s*(?P<sy>\d+))?$"
)
_FORFEIT = re.compile(r"^(?P<a>.+?)\s+[-–—]\s+(?P<b>.+?)\s+(?P<f>[+][-–]|[-–][+]|[-–][-–])$")
"""A match not played: ``+-`` (the first wins, the second did not come), ``-+``, ``--``."""


def _lines(text: str) -> Iterable[tuple[int, str]]:
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if line and not line.startswith("#"):
            yield number, line


def parse_players(text: str, source: str = "players") -> list[str]:
    """The names of a players file (see the module's docstring).

    >>> parse_players("# 6-A\\nAyşe\\n\\nCan\\n")
    ['Ayşe', 'Can']
    >>> parse_players("Ayşe\\nayşe\\n")
    Traceback (most recent call last):
    ...
    mangala_edu.tournament.TournamentError: ... / players, line 2: 'ayşe' is in the list twice ...
    """
    names: list[str] = []
    seen: dict[str, int] = {}
    for number, line in _lines(text):
        name = " ".join(line.split())
        if name.casefold() in BYE_WORDS:
            raise TournamentError(
                "tournament.error.reserved_name", file=source, line=number, name=name
            )
        if name.casefold() in seen:
            raise TournamentError(
                "tournament.error.duplicate_player",
                file=source,
                line=number,
                name=name,
                first=seen[name.casefold()],
            )
        seen[name.casefold()] = number
        names.append(name)
    if len(names) < 2:
        raise TournamentError("tournament.error.too_few_players", file=source, count=len(names))
    return names


def _score(text: str) -> float:
    """``3``, ``2,5``, ``2.5``, ``2½`` or ``½`` as a number."""
    return 0.5 if text == "½" else float(text.replace("½", ".5").replace(",", "."))


@dataclass(frozen=True)
class MatchResult:
    """One match of a round as the results file gives it."""

    round: int
    first: str
    second: str
    sets: tuple[float, float]
    """Set points of ``first`` and ``second`` (they add up to the number of sets)."""
    stones: tuple[int, int] | None = None
    """Stones each had in the store over all sets, when given."""
    line: int = 0
    forfeit: str | None = None
    """A match not played: ``"+-"`` (the first wins by forfeit), ``"-+"`` or ``"--"`` (both
    lose); its set points are 0–0."""

    def points(self) -> tuple[float, float]:
        """Tournament points: a match won 1, drawn ½, lost 0; a forfeit won 1, lost 0."""
        if self.forfeit:
            return (float(self.forfeit[0] == "+"), float(self.forfeit[1] == "+"))
        x, y = self.sets
        return (1.0, 0.0) if x > y else (0.0, 1.0) if y > x else (0.5, 0.5)


def parse_results(
    text: str, players: Sequence[str], *, sets: int = 5, source: str = "results"
) -> list[MatchResult]:
    """The matches of a results file, checked line by line: each name must be a player (case
    and extra spaces do not matter), the set points must add up to ``sets``, the stones to 48 a
    set, and a player plays once a round.

    >>> parse_results("round 1\\nAyşe - Can 4-1 140-100\\n", ["Ayşe", "Can"])[0].stones
    (140, 100)
    >>> parse_results("1. tur\\nAyşe - Cem 3-2\\n", ["Ayşe", "Can"])
    Traceback (most recent call last):
    ...
    mangala_edu.tournament.TournamentError: ... / results, line 2: 'Cem' is not in the players file (players: Ayşe, Can).
    """
    if sets not in SET_COUNTS:
        raise TournamentError("tournament.error.bad_sets", value=sets)
    known = {name.casefold(): name for name in players}
    out: list[MatchResult] = []
    current: int | None = None
    seen_in_round: dict[str, int] = {}
    for number, line in _lines(text):
        heading = _ROUND.match(line)
        if heading:
            current = int(heading.group(1) or heading.group(2))
            if current < 1:
                raise TournamentError(
                    "tournament.error.malformed", file=source, line=number, text=line
                )
            seen_in_round = {}
            continue
        m = _RESULT.match(line) or _FORFEIT.match(line)
        if not m:
            raise TournamentError("tournament.error.malformed", file=source, line=number, text=line)
        if current is None:
            raise TournamentError("tournament.error.no_round", file=source, line=number)
        names = []
        for raw in (m["a"], m["b"]):
            name = known.get(" ".join(raw.split()).casefold())
            if name is None:
                raise TournamentError(
                    "tournament.error.unknown_player",
                    file=source,
                    line=number,
                    name=raw.strip(),
                    players=", ".join(players),
                )
            names.append(name)
        a, b = names
        if a == b:
            raise TournamentError("tournament.error.self_match", file=source, line=number, name=a)
        forfeit = m.groupdict().get("f")
        if forfeit:
            forfeit = forfeit.replace("–", "-")
        x, y = (0.0, 0.0) if forfeit else (_score(m["x"]), _score(m["y"]))
        if not forfeit and (x * 2 != int(x * 2) or y * 2 != int(y * 2) or x + y != sets):
            raise TournamentError(
                "tournament.error.bad_score",
                file=source,
                line=number,
                score=f"{m['x']}-{m['y']}",
                sets=sets,
            )
        stones: tuple[int, int] | None = None
        if not forfeit and m["sx"] is not None:
            stones = (int(m["sx"]), int(m["sy"]))
            if sum(stones) != STONES_A_SET * sets:
                raise TournamentError(
                    "tournament.error.bad_stones",
                    file=source,
                    line=number,
                    stones=f"{m['sx']}-{m['sy']}",
                    total=STONES_A_SET * sets,
                    sets=sets,
                )
        for name in (a, b):
            if name in seen_in_round:
                raise TournamentError(
                    "tournament.error.twice_in_round",
                    file=source,
                    line=number,
                    name=name,
                    round=current,
                    first=seen_in_round[name],
                )
            seen_in_round[name] = number
        out.append(MatchResult(current, a, b, (x, y), stones, number, forfeit))
    return out


# --------------------------------------------------------------------------- the tournament


@dataclass
class Standing:
    """One row of the standings."""

    place: int
    name: str
    points: float
    tiebreak: float
    """Sonneborn-Berger (round robin) or Buchholz (Swiss)."""
    set_points: float
    stone_difference: int
    played: int
    byes: int


@dataclass
class Tournament:
    """A tournament of ``players`` (seeding order) under ``system`` with the ``results`` so far.

    The results are checked against the pairings: a match between players who were not paired
    in that round is an error, as is a round played before the one before it is complete.
    """

    players: list[str]
    system: str = "round-robin"
    results: list[MatchResult] = field(default_factory=list)
    sets: int = 5
    source: str = "results"

    def __post_init__(self) -> None:
        if self.system not in SYSTEMS:
            raise TournamentError(
                "tournament.error.bad_system", value=self.system, allowed=", ".join(SYSTEMS)
            )
        self._rounds: list[list[Pair]] = []
        by_round: dict[int, list[MatchResult]] = {}
        for result in self.results:
            by_round.setdefault(result.round, []).append(result)
        last = max(by_round, default=0)
        for number in range(1, last + 1):
            pairs = self.pairing(number)
            played = by_round.get(number, [])
            wanted = {frozenset(p) for p in pairs if p[1] is not None}
            for result in played:
                if frozenset((result.first, result.second)) not in wanted:
                    raise TournamentError(
                        "tournament.error.not_paired",
                        file=self.source,
                        line=result.line,
                        first=result.first,
                        second=result.second,
                        round=number,
                        pairs=_pairs_text(pairs),
                    )
            if number < last and len(played) < len(wanted):
                raise TournamentError(
                    "tournament.error.round_incomplete",
                    round=number,
                    missing=_pairs_text(_missing(pairs, played)),
                )

    @property
    def rounds(self) -> int:
        """How many rounds a round robin has (a Swiss has as many as the teacher plays, at
        most one fewer than the players)."""
        return len(self.players) - 1 + len(self.players) % 2

    def pairing(self, number: int) -> list[Pair]:
        """The pairs of round ``number`` (1, 2, …); a Swiss round needs every earlier round's
        results."""
        if number < 1 or number > self.rounds:
            raise TournamentError(
                "tournament.error.no_such_round", round=number, rounds=self.rounds
            )
        if self.system == "round-robin":
            return round_robin(self.players)[number - 1]
        while len(self._rounds) < number:
            done = len(self._rounds)
            before = [r for r in self.results if r.round <= done]
            if done and not self._round_complete(done, before, self._rounds[-1]):
                raise TournamentError(
                    "tournament.error.round_incomplete",
                    round=done,
                    missing=_pairs_text(
                        _missing(self._rounds[-1], [r for r in before if r.round == done])
                    ),
                )
            points = self._points(before, self._rounds)
            met = {frozenset((a, b)) for r in self._rounds for a, b in r if b is not None}
            had_bye = {p[0] for r in self._rounds for p in r if p[1] is None}
            pairs = swiss_round(self.players, points, met, had_bye)
            if pairs is None:
                raise TournamentError("tournament.error.no_pairing", round=done + 1)
            self._rounds.append(pairs)
        return self._rounds[number - 1]

    def next_round(self) -> int | None:
        """The first round not complete (None when all rounds of a round robin are played)."""
        for number in range(1, self.rounds + 1):
            pairs = self.pairing(number)
            played = [r for r in self.results if r.round == number]
            if len(played) < sum(p[1] is not None for p in pairs):
                return number
        return None

    def _points(
        self, results: Sequence[MatchResult], rounds: Sequence[Sequence[Pair]]
    ) -> dict[str, float]:
        points = {name: 0.0 for name in self.players}
        for r in results:
            x, y = r.points()
            points[r.first] += x
            points[r.second] += y
        for pairs in rounds:
            for a, b in pairs:
                if b is None:
                    points[a] += 1.0
        return points

    @staticmethod
    def _round_complete(number: int, results: Sequence[MatchResult], pairs: Sequence[Pair]) -> bool:
        games = sum(p[1] is not None for p in pairs)
        return games == 0 or sum(r.round == number for r in results) == games

    def standings(self) -> list[Standing]:
        """The standings after the results so far (see the module's docstring for the order)."""
        played_rounds = sorted({r.round for r in self.results})
        rounds = [self.pairing(n) for n in played_rounds]
        points = {name: 0.0 for name in self.players}
        set_points = {name: 0.0 for name in self.players}
        stones = {name: 0 for name in self.players}
        played = {name: 0 for name in self.players}
        byes = {name: 0 for name in self.players}
        scored: list[tuple[str, str, float]] = []  # (player, opponent, match points)
        for r in self.results:
            x, y = r.points()
            for me, other, mine, sets in (
                (r.first, r.second, x, r.sets[0]),
                (r.second, r.first, y, r.sets[1]),
            ):
                points[me] += mine
                set_points[me] += sets
                played[me] += 1
                scored.append((me, other, mine))
            if r.stones:
                stones[r.first] += r.stones[0] - r.stones[1]
                stones[r.second] += r.stones[1] - r.stones[0]
        for pairs in rounds:
            for a, b in pairs:
                if b is None:
                    points[a] += 1.0
                    byes[a] += 1
        tiebreak = {name: 0.0 for name in self.players}
        for me, other, mine in scored:
            if self.system == "round-robin":
                tiebreak[me] += mine * points[other]
            else:
                tiebreak[me] += points[other]
        seed = {name: k for k, name in enumerate(self.players)}

        def key(name: str) -> tuple[float, float, float, int]:
            return (-points[name], -tiebreak[name], -set_points[name], -stones[name])

        order = sorted(self.players, key=lambda n: (key(n), seed[n]))
        rows: list[Standing] = []
        for k, name in enumerate(order):
            place = rows[-1].place if rows and key(rows[-1].name) == key(name) else k + 1
            rows.append(
                Standing(
                    place,
                    name,
                    points[name],
                    tiebreak[name],
                    set_points[name],
                    stones[name],
                    played[name],
                    byes[name],
                )
            )
        return rows


def _missing(pairs: Sequence[Pair], played: Sequence[MatchResult]) -> list[Pair]:
    done = {frozenset((r.first, r.second)) for r in played}
    return [p for p in pairs if p[1] is not None and frozenset(p) not in done]


def _pairs_text(pairs: Sequence[Pair]) -> str:
    return ", ".join(f"{a} – {b}" for a, b in pairs if b is not None)


def _num(value: float, lang: str) -> str:
    """½-points as a class writes them: ``3,5`` in Turkish, ``3.5`` in English."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang == "tr" else text


def pairing_lines(tournament: Tournament, number: int, lang: str) -> list[str]:
    """The pairs of round ``number`` as lines of text (the bye last)."""
    lines = [t("tournament.round_title", lang, round=number)]
    for board, (a, b) in enumerate(tournament.pairing(number), start=1):
        if b is None:
            lines.append(t("tournament.bye_line", lang, name=a))
        else:
            lines.append(t("tournament.pair_line", lang, board=board, first=a, second=b))
    return lines


def standings_table(tournament: Tournament, lang: str) -> list[list[str]]:
    """The standings as rows of text, headings first."""
    tiebreak = "tournament.sb" if tournament.system == "round-robin" else "tournament.buchholz"
    rows = [
        [
            t("tournament.place", lang),
            t("tournament.name", lang),
            t("tournament.points", lang),
            t(tiebreak, lang),
            t("tournament.set_points", lang),
            t("tournament.stones", lang),
            t("tournament.played", lang),
        ]
    ]
    for r in tournament.standings():
        played = str(r.played) + (f" + {t('tournament.bye', lang)}" if r.byes else "")
        rows.append(
            [
                f"{r.place}.",
                r.name,
                _num(r.points, lang),
                _num(r.tiebreak, lang),
                _num(r.set_points, lang),
                f"{r.stone_difference:+d}" if r.stone_difference else "0",
                played,
            ]
        )
    return rows


def standings_lines(tournament: Tournament, lang: str) -> list[str]:
    """The standings as lines of a text table."""
    table = standings_table(tournament, lang)
    widths = [max(len(row[c]) for row in table) for c in range(len(table[0]))]
    return [
        "  ".join(
            cell.ljust(w) if c in (1, 6) else cell.rjust(w)
            for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in table
    ]


# --------------------------------------------------------------------------- command line


def _read(path: str) -> str:
    """A text file as a teacher saves it: UTF-8 (with or without a BOM), else Windows'
    Turkish code page (an old Notepad's "ANSI")."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError as exc:
        raise TournamentError("tournament.error.no_file", file=path) from exc
    except OSError as exc:
        raise TournamentError(
            "tournament.error.cannot_read", file=path, reason=exc.strerror or str(exc)
        ) from exc
    if b"\0" in data:
        raise TournamentError("tournament.error.not_text", file=path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            return data.decode("cp1254")
        except UnicodeDecodeError as exc:
            raise TournamentError("tournament.error.not_text", file=path) from exc


def load(args: argparse.Namespace, lang: str) -> Tournament:
    """The tournament of the command line's ``--players``, ``--results``, ``--system`` and
    ``--sets``."""
    players = parse_players(_read(args.players), source=args.players)
    results: list[MatchResult] = []
    if args.results:
        results = parse_results(_read(args.results), players, sets=args.sets, source=args.results)
    return Tournament(players, args.system, results, sets=args.sets, source=args.results or "")


def add_options(p: argparse.ArgumentParser, *, results_required: bool = False) -> None:
    """The options every tournament command takes."""
    p.add_argument("--players", required=True, metavar="FILE", help="one name a line")
    p.add_argument(
        "--results",
        required=results_required,
        metavar="FILE",
        help="'1. tur' / 'round 1', then lines 'Ayşe - Can 3-2' (set points)",
    )
    p.add_argument("--system", choices=SYSTEMS, default="round-robin")
    p.add_argument("--sets", type=int, choices=SET_COUNTS, default=5, help="sets a match")


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Add ``tournament pair|standings`` and ``print WHAT`` to the command line."""
    _add_tournament(sub)
    printing = sub.add_parser(
        "print", help="printables: rule card, blank boards, score sheets, pairings (A4)"
    )
    psub = printing.add_subparsers(dest="print_kind", required=True, metavar="WHAT")
    made = {
        "rules": psub.add_parser("rules", help="the rules on one page"),
        "board": psub.add_parser("board", help="blank boards to write positions in"),
        "set-sheet": psub.add_parser("set-sheet", help="the score sheet of one set"),
        "match-sheet": psub.add_parser("match-sheet", help="two match score sheets a page"),
        "tournament": psub.add_parser("tournament", help="a round's pairing sheet"),
    }
    for p in made.values():
        p.add_argument("--out", required=True, metavar="FILE.pdf|FILE.png")
    made["board"].add_argument("--pages", type=int, default=1, help="pages of 3 boards")
    made["match-sheet"].add_argument("--sets", type=int, choices=SET_COUNTS, default=5)
    add_options(made["tournament"])
    made["tournament"].add_argument("--round", type=int, metavar="N", help="default: the next")


def _add_tournament(sub: argparse._SubParsersAction) -> None:
    tour = sub.add_parser("tournament", help="a class tournament: pairings and standings")
    tsub = tour.add_subparsers(dest="tournament_command", required=True, metavar="ACTION")
    pair = tsub.add_parser("pair", help="the pairs of a round (default: the next one)")
    add_options(pair)
    pair.add_argument("--round", type=int, metavar="N", help="this round (default: the next)")
    pair.add_argument("--all", action="store_true", help="every round (round robin)")
    pair.add_argument("--out", metavar="FILE.pdf", help="also a pairing sheet to print")
    standings = tsub.add_parser("standings", help="the standings with tie-breaks")
    add_options(standings, results_required=True)
    standings.add_argument("--out", metavar="FILE.pdf", help="also the standings to print")


def _pair_command(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    tournament = load(args, lang)
    if args.all:
        if tournament.system != "round-robin":
            raise TournamentError("tournament.error.all_swiss")
        numbers = list(range(1, tournament.rounds + 1))
    elif args.round is not None:
        numbers = [args.round]
    else:
        following = tournament.next_round()
        if following is None:
            print(t("tournament.all_played", lang), file=out)
            return
        numbers = [following]
    for k, number in enumerate(numbers):
        if k:
            print(file=out)
        print("\n".join(pairing_lines(tournament, number, lang)), file=out)
    if args.out:
        from .printables import pairing_sheet, save_pages

        save_pages([pairing_sheet(tournament, n, lang=lang) for n in numbers], args.out, lang=lang)
        print(t("print.written", lang, file=args.out), file=out)


def _standings_command(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    tournament = load(args, lang)
    print("\n".join(standings_lines(tournament, lang)), file=out)
    print(file=out)
    key = "tournament.order_rr" if tournament.system == "round-robin" else "tournament.order_swiss"
    print(t(key, lang), file=out)
    if args.out:
        from .printables import save_pages, standings_sheet

        save_pages([standings_sheet(tournament, lang=lang)], args.out, lang=lang)
        print(t("print.written", lang, file=args.out), file=out)


def tournament_command(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    """``mangala-edu tournament pair|standings``."""
    if args.tournament_command == "pair":
        _pair_command(args, out, lang)
    else:
        _standings_command(args, out, lang)


def _print(args: argparse.Namespace, out: TextIO, lang: str) -> None:
    from .printables import print_command

    print_command(args, out, lang)


COMMANDS = {"tournament": tournament_command, "print": _print}
"""The commands :func:`add_commands` adds, by name."""
