"""The mancala family compared by measurement (notebook 26): the same questions answered for
each game by letting seeded computer players play it.

* How long does a game last? (moves: every pit played counts one; a pass is part of a move)
* How often does the player who moves first win, when both players play alike?
* How many stones does a capture take?
* Does the first player's edge change from random to greedy players, by more than chance
  alone could move it? (:func:`first_player_change`: the notebook's sentence about it is made
  from the measurement it shows, so that it cannot say what the numbers do not)

The players are reproducible: :class:`RandomPlayer` plays a random legal move, the greedy
player takes the move that captures the most stones at once (ties drawn at random); both are
seeded, so a measurement with the same seed gives the same numbers on every computer. Mangala
IV gives the mover no choice: with 7 stones in every pit each game would be the same, so its
games start from a new random deal each (seeded as well).

>>> m = measure("kalah", games=4, seed=1)
>>> m.games, len(m.records), m.first_wins + m.second_wins + m.draws
(4, 4, 4)
>>> measure("kalah", games=4, seed=1) == m
True
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import NORTH, SOUTH, EventKind, MangalaError, Position, Rules
from ..engine.game import Game
from ..games import GAMES as REGISTRY
from ..games import find_game
from ..i18n import t
from ..search.arena import computer_turns

if TYPE_CHECKING:
    from ..display.svg_chart import SvgChart

GAMES: tuple[str, ...] = tuple(g.key for g in REGISTRY if g.sowing and g.variant_of is None)
"""The games compared: every sowing game of the registry but the local rules, in the order of
the lessons (official Mangala first). Dokuz Taş is not of the family (no pits, no sowing):
its measures (stones sown, captures, stores) would mean nothing."""

PLAYERS: tuple[str, ...] = ("random", "greedy")


def game_name(name: str, lang: str | None = None) -> str:
    """A game's name for a learner (``Mangala (resmî)``, ``Kalah``...).

    >>> game_name("toguz-korgool", "en")
    'Toguz Korgool'
    """
    return t(find_game(name).name_key, lang)


def rules_for(name: str, seed: int) -> Rules:
    """The rules of one measured game: the preset, or for a dealt game (Mangala IV) a random
    deal of its stones (``seed``), since the mover has no choice to make."""
    game = find_game(name)
    if game.dealt:
        return game.sowing_rules(random_deal=True, seed=seed)
    return game.sowing_rules()


class GreedyPlayer:
    """Plays the move that captures the most stones at once; ties are drawn at random.

    >>> GreedyPlayer(seed=1).choose(Position.from_text("1,4,6,2,3,4,4/3,2,5,4,1,6,3 S"))
    3
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position, history: Sequence[Position] = ()) -> int:
        moves = position.legal_moves
        taken = [position.trace(pit).captured for pit in moves]
        best = max(taken)
        return self.rng.choice([pit for pit, n in zip(moves, taken, strict=True) if n == best])


class RandomPlayer:
    """Plays a random legal move."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position, history: Sequence[Position] = ()) -> int:
        return self.rng.choice(position.legal_moves)


def _player(kind: str, seed: int) -> GreedyPlayer | RandomPlayer:
    if kind == "greedy":
        return GreedyPlayer(seed)
    if kind == "random":
        return RandomPlayer(seed)
    raise MangalaError("compare.unknown_player", value=kind, allowed=", ".join(PLAYERS))


@dataclass(frozen=True)
class GameRecord:
    """One measured game: its length in moves, the winner (``first``, ``second`` or
    ``draw``; South always moves first), the final stores, the stones each capture took, the
    stones on the board at the end, the stones the game was played with, and whether it was
    stopped on a repeated position (or a relay that would never end) rather than by its own
    ending."""

    moves: int
    winner: str
    south: int
    north: int
    captures: tuple[int, ...]
    left_on_board: int
    stones: int
    repeated: bool = False


#: The endings that stop a game which could go on for ever (this package's rule for the
#: storeless games, lessons 23 and 24).
_REPEATS = frozenset({EventKind.REPETITION, EventKind.RELAY_LOOP})


def play_one(name: str, player: str = "random", seed: int = 0) -> GameRecord:
    """Play one game of ``name`` between two ``player``\\ s, both seeded from ``seed``."""
    rules = rules_for(name, seed)
    game = Game(rules)
    south, north = _player(player, 2 * seed + 1), _player(player, 2 * seed + 2)
    captures: list[int] = []
    repeated = False
    for move in computer_turns(game, {SOUTH: south, NORTH: north}):
        taken = move.played.captured
        if taken:
            captures.append(taken)
        repeated = any(e.kind in _REPEATS for e in move.played.events)
    end = game.position
    result = end.result
    assert result is not None
    winner = {SOUTH: "first", NORTH: "second", "draw": "draw"}[result.winner]
    pits = sum(end.board) - end.store(SOUTH) - end.store(NORTH)
    return GameRecord(
        len(game.moves),
        winner,
        result.south,
        result.north,
        tuple(captures),
        pits,
        rules.total_stones,
        repeated,
    )


@dataclass(frozen=True)
class Measurement:
    """Many games of one game between equal players, and the answers to the questions."""

    name: str
    player: str
    seed: int
    records: tuple[GameRecord, ...]

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def first_wins(self) -> int:
        return sum(r.winner == "first" for r in self.records)

    @property
    def second_wins(self) -> int:
        return sum(r.winner == "second" for r in self.records)

    @property
    def draws(self) -> int:
        return sum(r.winner == "draw" for r in self.records)

    @property
    def first_share(self) -> float:
        """The first player's points per 100 games (a draw is half a point)."""
        return 100.0 * (self.first_wins + 0.5 * self.draws) / self.games

    @property
    def lengths(self) -> list[int]:
        return [r.moves for r in self.records]

    @property
    def mean_moves(self) -> float:
        return statistics.fmean(self.lengths)

    @property
    def median_moves(self) -> float:
        return float(statistics.median(self.lengths))

    @property
    def capture_sizes(self) -> list[int]:
        return [c for r in self.records for c in r.captures]

    @property
    def median_capture(self) -> float:
        sizes = self.capture_sizes
        return float(statistics.median(sizes)) if sizes else 0.0

    @property
    def mean_capture(self) -> float:
        sizes = self.capture_sizes
        return statistics.fmean(sizes) if sizes else 0.0

    @property
    def captures_per_game(self) -> float:
        return len(self.capture_sizes) / self.games

    @property
    def repetitions(self) -> int:
        """The games stopped on a repeated position (or a never-ending relay)."""
        return sum(r.repeated for r in self.records)


def measure(name: str, games: int = 60, player: str = "random", seed: int = 0) -> Measurement:
    """``games`` games of ``name`` between two ``player``\\ s (``random`` or ``greedy``);
    game ``k`` is seeded from ``seed`` and ``k``, so the whole measurement is repeatable."""
    if name not in GAMES:
        raise MangalaError("compare.unknown_game", value=name, allowed=", ".join(GAMES))
    records = tuple(play_one(name, player, seed * 100_003 + k) for k in range(games))
    return Measurement(name, player, seed, records)


def compare(
    games: int = 60, player: str = "random", seed: int = 0, names: Sequence[str] = GAMES
) -> dict[str, Measurement]:
    """:func:`measure` for every game of ``names``, with the same settings."""
    return {name: measure(name, games, player, seed) for name in names}


def summary(results: dict[str, Measurement], lang: str | None = None) -> Table:
    """The answers as a table (one row a game; the last column: the games stopped on a
    repeated position, the storeless games' ending of lessons 23 and 24)."""
    rows = []
    for name, m in results.items():
        rows.append(
            (
                game_name(name, lang),
                m.games,
                m.median_moves,
                m.first_share,
                m.draws,
                m.median_capture,
                m.captures_per_game,
                m.repetitions,
            )
        )
    return Table(rows, lang)


def chance_gap(games_before: int, games_after: int) -> float:
    """How far apart chance alone can put the first player's points (per 100 games) in two
    measurements of ``games_before`` and ``games_after`` games: two standard errors of the
    difference for an even game (a draw, half a point, only narrows it), so a bigger change is
    one that chance rarely makes.

    >>> round(chance_gap(400, 400), 2), round(chance_gap(100, 100), 2)
    (7.07, 14.14)
    """
    return 100.0 * math.sqrt(1 / games_before + 1 / games_after)


@dataclass(frozen=True)
class Change:
    """How one game's first-player points moved from one measurement to another: ``verdict``
    is ``same`` (the same games were played), ``grew`` or ``shrank`` (by more than
    :func:`chance_gap`) or ``chance`` (a change chance alone could make)."""

    name: str
    before: float
    after: float
    verdict: str

    @property
    def difference(self) -> float:
        return self.after - self.before


def first_player_change(
    before: dict[str, Measurement], after: dict[str, Measurement], lang: str | None = None
) -> Changes:
    """The first player's points in two measurements side by side (random players, then
    greedy ones, in notebook 26), game by game, and whether each change is bigger than chance
    alone could make: the notebook's statement about the first player's edge, made from the
    numbers it shows.

    >>> random_ = compare(games=40, player="random", seed=1, names=("official", "mangala-iv"))
    >>> greedy = compare(games=40, player="greedy", seed=1, names=("official", "mangala-iv"))
    >>> [c.verdict for c in first_player_change(random_, greedy).changes]
    ['chance', 'same']
    """
    changes = []
    for name, first in before.items():
        second = after[name]
        diff = second.first_share - first.first_share
        gap = chance_gap(first.games, second.games)
        if first.records == second.records:
            verdict = "same"
        elif abs(diff) > gap:
            verdict = "grew" if diff > 0 else "shrank"
        else:
            verdict = "chance"
        changes.append(Change(name, first.first_share, second.first_share, verdict))
    games = [(m.games, after[n].games) for n, m in before.items()]
    players = [(m.player, after[n].player) for n, m in before.items()]
    return Changes(
        tuple(changes),
        games[0] if games else (0, 0),
        lang,
        players[0] if players else ("random", "greedy"),
    )


#: The sentence of each verdict of :func:`first_player_change`, and the players' names.
_VERDICT_KEYS = {
    "grew": "compare.change.grew",
    "shrank": "compare.change.shrank",
    "chance": "compare.change.chance",
    "same": "compare.change.same",
}
_PLAYER_KEYS = {"random": "compare.player.random", "greedy": "compare.player.greedy"}


class Changes:
    """:func:`first_player_change`'s answer, shown as a short list in a notebook."""

    def __init__(
        self,
        changes: tuple[Change, ...],
        games: tuple[int, int],
        lang: str | None = None,
        players: tuple[str, str] = ("random", "greedy"),
    ) -> None:
        self.changes = changes
        self.games = games
        self.lang = lang
        self.players = players

    def title(self) -> str:
        before, after = (t(_PLAYER_KEYS[p], self.lang) for p in self.players)
        return t("compare.change.title", self.lang, before=before, after=after)

    def lines(self) -> list[str]:
        """One sentence a game, in the language of the table."""
        lang = self.lang
        out = []
        for c in self.changes:
            diff = c.difference
            sign = "+" if diff > 0 else "\u2212" if diff < 0 else ""
            out.append(
                t(
                    _VERDICT_KEYS[c.verdict],
                    lang,
                    game=game_name(c.name, lang),
                    before=_num(c.before, lang),
                    after=_num(c.after, lang),
                    diff=sign + _num(abs(diff), lang),
                )
            )
        return out

    def footer(self) -> str:
        n1, n2 = self.games
        gap = _num(chance_gap(n1, n2), self.lang, 0) if n1 and n2 else "?"
        return t("compare.change.gap", self.lang, before=n1, after=n2, gap=gap)

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{line}</li>" for line in self.lines())
        title = self.title()
        return (
            f'<div class="mangala-compare-change"><p><b>{title}</b></p><ul>{items}</ul>'
            f"<p>{self.footer()}</p></div>"
        )

    def __repr__(self) -> str:
        return "\n".join([self.title(), *self.lines(), self.footer()])


def _num(value: float, lang: str | None, digits: int = 1) -> str:
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if (lang or "tr") == "tr" else text


class Table:
    """The comparison table, shown as HTML in a notebook."""

    def __init__(
        self,
        rows: list[tuple[str, int, float, float, int, float, float, int]],
        lang: str | None = None,
    ) -> None:
        self.rows = rows
        self.lang = lang

    def _repr_html_(self) -> str:
        lang = self.lang
        heads = [
            t(k, lang)
            for k in (
                "compare.col.game",
                "compare.col.games",
                "compare.col.moves",
                "compare.col.first",
                "compare.col.draws",
                "compare.col.capture",
                "compare.col.captures",
                "compare.col.repeated",
            )
        ]
        head = "".join(f"<th>{h}</th>" for h in heads)
        body = "".join(
            f"<tr><td>{g}</td><td>{n}</td><td>{_num(moves, lang)}</td>"
            f"<td>{_num(first, lang)}</td><td>{draws}</td><td>{_num(cap, lang)}</td>"
            f"<td>{_num(per, lang)}</td><td>{rep}</td></tr>"
            for g, n, moves, first, draws, cap, per, rep in self.rows
        )
        return (
            f'<table class="mangala-compare"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>"
        )

    def __repr__(self) -> str:
        return f"Table({len(self.rows)} games)"


def chart(results: dict[str, Measurement], lang: str | None = None):  # type: ignore[no-untyped-def]
    """Three charts side by side: the game lengths (box plot), the first player's points per
    100 games, and the sizes of the captures (box plot). Returns the matplotlib figure (where
    matplotlib is missing, an :class:`~mangala_edu.display.svg_chart.SvgChart` of the same)."""
    from ..display.svg_chart import matplotlib_missing

    if matplotlib_missing():
        return svg_chart(results, lang)
    import matplotlib.pyplot as plt

    from ..display.analysis_chart import screen_finish, screen_fonts

    names = list(results)
    labels = [game_name(n, lang) for n in names]
    with screen_fonts():  # words that read on a 1920 screen and on a projector
        fig, (ax1, ax2, ax3) = plt.subplots(1, 3, figsize=(15, 4.6))
        ax1.boxplot([results[n].lengths for n in names], showfliers=False)
        ax1.set_xticks(range(1, len(names) + 1), labels, rotation=25, ha="right")
        ax1.set_title(t("compare.chart.moves", lang))
        ax1.set_ylabel(t("compare.chart.moves_axis", lang))
        shares = [results[n].first_share for n in names]
        bars = ax2.bar(range(len(names)), shares, color="#c8822c")
        ax2.bar_label(bars, labels=[_num(s, lang) for s in shares], padding=2)
        ax2.axhline(50, color="#555", linestyle="--", linewidth=1)
        ax2.set_xticks(range(len(names)), labels, rotation=25, ha="right")
        ax2.set_ylim(0, 100)
        ax2.set_title(t("compare.chart.first", lang))
        ax2.set_ylabel(t("compare.chart.first_axis", lang))
        ax3.boxplot([results[n].capture_sizes or [0] for n in names], showfliers=False)
        ax3.set_xticks(range(1, len(names) + 1), labels, rotation=25, ha="right")
        ax3.set_title(t("compare.chart.capture", lang))
        ax3.set_ylabel(t("compare.chart.capture_axis", lang))
    screen_finish(fig)
    fig.tight_layout()
    plt.close(fig)
    return fig


def svg_chart(results: dict[str, Measurement], lang: str | None = None) -> SvgChart:
    """:func:`chart` as SVG, without matplotlib."""
    from ..display.svg_chart import Panel, SvgChart

    names = list(results)
    labels = [game_name(n, lang) for n in names]
    moves = Panel(
        t("compare.chart.moves", lang),
        ylabel=t("compare.chart.moves_axis", lang),
        categories=labels,
        rotate=25,
    )
    moves.boxes([results[n].lengths for n in names])
    first = Panel(
        t("compare.chart.first", lang),
        ylabel=t("compare.chart.first_axis", lang),
        categories=labels,
        rotate=25,
        ylim=(0, 100),
    )
    shares = [results[n].first_share for n in names]
    first.bars(shares, "#c8822c", labels=[_num(s, lang) for s in shares])
    first.hline(50, "#555555", dashed=True)
    capture = Panel(
        t("compare.chart.capture", lang),
        ylabel=t("compare.chart.capture_axis", lang),
        categories=labels,
        rotate=25,
    )
    capture.boxes([results[n].capture_sizes or [0] for n in names])
    return SvgChart([moves, first, capture], 1500, 460, alt=first.title)
