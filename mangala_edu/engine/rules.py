"""The rules of a game of the Mangala family, as data.

A :class:`Rules` value says everything the engine needs: the size of the board and which rules
apply. The presets are the official Turkish (TZV) rules, the variants named in the project's
RULINGS, and the games of the family (Toguz Korgool, Mangala II, Mangala IV); the engine has no
other branches.

>>> Rules.official()
Rules.official()
>>> Rules.kalah(pits=4, stones=3).name
'kalah(4,3)'
>>> Rules.from_name("no-return") == Rules.no_return()
True
>>> Rules.official().total_stones, Rules.toguz_korgool().total_stones
(48, 162)
>>> Rules.from_name("mangala-iv")
Rules.mangala_iv()

The family's games keep their stores (Toguz Korgool's kazans, the captured stones of the
storeless Ottoman games) beside the board, off the sowing path; their rules are played by
:mod:`.offpath` (the official rules keep their own fast sowing). Each field below is one rule;
``docs/family-rules.md`` says where each choice comes from.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..games import game_of, rules_of
from .errors import MangalaError
from .geometry import Geometry

END_SWEEP = "sweep"
"""The player whose own side is empty takes every stone left on the other side (official)."""
END_OWN_SIDE = "own_side"
"""Each player puts the stones left on their own side into their own store (local variant)."""
END_NO_MOVE = "no_move"
"""Toguz Korgool: the game ends when the player to move has no stone to play; each side's stones
go to the player on whose side they lie."""
END_EMPTY_BOARD = "empty_board"
"""The storeless games (Mangala II, IV): a player whose row is empty passes; the game ends when
the board is empty."""
END_RULES = (END_SWEEP, END_OWN_SIDE, END_NO_MOVE, END_EMPTY_BOARD)

ANY_ROW = "any"
"""Count captures (:attr:`Rules.capture_counts`) happen in either row (Mangala II, IV)."""
OPPONENT_ROW = "opponent"
"""Count captures happen only in the opponent's row."""

_FAMILY_FIELDS = (
    "stores_on_path",
    "capture_counts",
    "capture_rows",
    "capture_run",
    "capture_opposite",
    "relay",
    "forced_leftmost",
    "tuzdik",
    "win_threshold",
    "repetition_end",
    "deal",
)
_CLASSIC_FIELDS = (
    "name",
    "pits",
    "stones",
    "first_stone_back",
    "even_capture",
    "empty_capture",
    "end_rule",
)


class RulesError(MangalaError):
    """Rules that do not exist or cannot be built."""


@dataclass(frozen=True)
class Rules:
    """Board size and rules of one game of the family.

    Attributes:
        name: the preset's name, used in game records and on the command line.
        pits: pits on each side (6 in Mangala).
        stones: stones in each pit at the start (4 in Mangala).
        first_stone_back: official rule; the first of two or more lifted stones goes back into
            the pit it was lifted from.
        even_capture: a last stone that makes an opponent's pit even captures that pit.
        empty_capture: a last stone in an own pit that was empty captures the opposite pit
            (with that stone), unless the opposite pit is empty.
        end_rule: :data:`END_SWEEP` (official), :data:`END_OWN_SIDE`, :data:`END_NO_MOVE`
            (Toguz Korgool) or :data:`END_EMPTY_BOARD` (Mangala II, IV: a player with an empty
            row passes).
        stores_on_path: the mover's store is on the sowing path (Mangala, Kalah); otherwise
            the stores lie beside the board and sowing goes round the pits only (the family).
        capture_counts: a last stone that makes a pit hold one of these counts captures it
            (Mangala II: 2, 4, 6; Mangala IV: 2, 4), in the rows :attr:`capture_rows` says.
        capture_rows: :data:`ANY_ROW` or :data:`OPPONENT_ROW`.
        capture_run: with a count capture, the pit before it on the path is captured too if
            it holds a capturing count, and so on backwards without a gap (read on the board as
            the sowing left it).
        capture_opposite: every pit taken by a count capture is taken with the pit opposite it
            (Mangala IV).
        relay: a last stone that makes an occupied pit hold a count that does not capture
            (3, 5 or more) lifts that pit and sows on (Mangala IV).
        forced_leftmost: the mover must play their leftmost pit holding stones (Mangala IV).
        tuzdik: a last stone that makes an opponent's pit exactly this count makes it the
            mover's tuzdik (Toguz Korgool: 3; 0: no tuzdik).
        win_threshold: the game ends as soon as a store holds this many (Toguz Korgool: 82;
            0: never).
        repetition_end: a game that repeats a position ends there, each side's stones going
            to the player on whose side they lie (kept by :class:`~.game.Game`).
        deal: the pits' counts at the start, ``S1..Sm, N1..Nm`` (Mangala IV's random deal);
            ``None``: ``stones`` in every pit.
    """

    name: str = "official"
    pits: int = 6
    stones: int = 4
    first_stone_back: bool = True
    even_capture: bool = True
    empty_capture: bool = True
    end_rule: str = END_SWEEP
    stores_on_path: bool = True
    capture_counts: tuple[int, ...] = ()
    capture_rows: str = ANY_ROW
    capture_run: bool = False
    capture_opposite: bool = False
    relay: bool = False
    forced_leftmost: bool = False
    tuzdik: int = 0
    win_threshold: int = 0
    repetition_end: bool = False
    deal: tuple[int, ...] | None = None
    geometry: Geometry = field(init=False, repr=False, compare=False, hash=False)
    plans: tuple[tuple, tuple] = field(init=False, repr=False, compare=False, hash=False)
    """For each side, what a move needs at hand: (next place table, own store, owner of each
    place, first stone back, even capture, empty capture)."""

    def __post_init__(self) -> None:
        if self.pits < 1 or self.stones < 1:
            raise RulesError("rules.bad_size", pits=self.pits, stones=self.stones)
        if self.end_rule not in END_RULES:
            raise RulesError(
                "rules.bad_value",
                field="end_rule",
                value=self.end_rule,
                allowed=", ".join(END_RULES),
            )
        # Records store tuples as JSON lists: take them back as tuples (rules are hashable).
        object.__setattr__(self, "capture_counts", tuple(self.capture_counts))
        if self.deal is not None:
            object.__setattr__(self, "deal", tuple(self.deal))
        self._check_family()
        g = Geometry.build(self.pits, stores_on_path=self.stores_on_path)
        object.__setattr__(self, "geometry", g)
        object.__setattr__(
            self,
            "plans",
            tuple(
                (
                    g.next_place[side],
                    g.stores[side],
                    g.owner,
                    self.first_stone_back,
                    self.even_capture,
                    self.empty_capture,
                )
                for side in (0, 1)
            ),
        )

    def _check_family(self) -> None:
        """Raise :class:`RulesError` for a combination of rules the engine cannot play."""
        deal = self.deal
        if deal is not None and (
            len(deal) != 2 * self.pits
            or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in deal)
            or not sum(deal)
        ):
            raise RulesError("rules.bad_deal", pits=2 * self.pits, value=deal)
        if self.capture_rows not in (ANY_ROW, OPPONENT_ROW):
            raise RulesError(
                "rules.bad_value",
                field="capture_rows",
                value=self.capture_rows,
                allowed=f"{ANY_ROW}, {OPPONENT_ROW}",
            )
        if self.stores_on_path:
            family = [k for k in _FAMILY_FIELDS[1:] if getattr(self, k) != _DEFAULTS[k]]
            if family or self.end_rule not in (END_SWEEP, END_OWN_SIDE):
                raise RulesError("rules.inconsistent", value=self.name)
        elif self.end_rule not in (END_NO_MOVE, END_EMPTY_BOARD) or self.empty_capture:
            raise RulesError("rules.inconsistent", value=self.name)
        self._check_combination()

    def _check_combination(self) -> None:
        """Raise :class:`RulesError` for rules the off-path sowing would not play as written:
        a count capture decides the last stone alone (an even capture or a tuzdik beside it
        would never fire), and the run, the opposite pit, the relay and the row of a capture
        are parts of a count capture (without one they would do nothing).

        >>> Rules(name="x", pits=6, stones=6, first_stone_back=False, empty_capture=False,
        ...       end_rule=END_EMPTY_BOARD, stores_on_path=False, capture_counts=(2, 4))
        Traceback (most recent call last):
        ...
        mangala_edu.engine.rules.RulesError: ...even_capture...
        """
        if self.capture_counts:
            clash = [k for k in ("even_capture", "tuzdik") if getattr(self, k)]
            if clash:
                raise RulesError("rules.counts_exclude", value=self.name, rules=", ".join(clash))
        else:
            needs = [
                k
                for k in ("capture_run", "capture_opposite", "relay", "capture_rows")
                if getattr(self, k) != _DEFAULTS[k]
            ]
            if needs:
                raise RulesError("rules.needs_counts", value=self.name, rules=", ".join(needs))

    @property
    def passes(self) -> bool:
        """True when a player whose row is empty passes (the storeless games)."""
        return self.end_rule == END_EMPTY_BOARD

    def __repr__(self) -> str:
        game = game_of(self)
        if game is not None:
            call = game.preset.rpartition(".")[2]
            if game.sized:
                return f"Rules.{call}(pits={self.pits}, stones={self.stones})"
            if game.dealt and self.deal is not None:
                return f"Rules.{call}(deal={self.deal!r})"
            return f"Rules.{call}()"
        names = list(_CLASSIC_FIELDS) + [
            k for k in _FAMILY_FIELDS if getattr(self, k) != _DEFAULTS[k]
        ]
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in names)
        return f"Rules({fields})"

    @property
    def total_stones(self) -> int:
        """Stones in the whole game: 48 in Mangala, 162 in Toguz Korgool."""
        if self.deal is not None:
            return sum(self.deal)
        return 2 * self.pits * self.stones

    def start_board(self) -> tuple[int, ...]:
        """The board at the start of a set: ``stones`` in every pit (or the :attr:`deal`),
        stores empty.

        >>> Rules.kalah(3, 2).start_board()
        (2, 2, 2, 0, 2, 2, 2, 0)
        >>> Rules.mangala_iv(random_deal=True, seed=4).start_board()[:8]
        (6, 7, 6, 9, 16, 4, 6, 0)
        """
        m, n = self.pits, self.stones
        if self.deal is not None:
            return (*self.deal[:m], 0, *self.deal[m:], 0)
        return (n,) * m + (0,) + (n,) * m + (0,)

    # Presets -------------------------------------------------------------------------------
    @classmethod
    def official(cls) -> Rules:
        """Official Turkish Mangala (Türkiye Zekâ Vakfı): first stone back, the sweep."""
        return cls()

    @classmethod
    def no_return(cls) -> Rules:
        """Local variant: all lifted stones are sown from the next place on."""
        return cls(name="no-return", first_stone_back=False)

    @classmethod
    def own_side(cls) -> Rules:
        """Local variant: at the end each player keeps the stones on their own side."""
        return cls(name="own-side", end_rule=END_OWN_SIDE)

    @classmethod
    def kalah(cls, pits: int = 6, stones: int = 4) -> Rules:
        """Kalah(m, n): no first stone back, no even capture, own side at the end."""
        return cls(
            name=f"kalah({pits},{stones})",
            pits=pits,
            stones=stones,
            first_stone_back=False,
            even_capture=False,
            end_rule=END_OWN_SIDE,
        )

    @classmethod
    def toguz_korgool(cls) -> Rules:
        """Toguz Korgool (Kyrgyz; Kazakh Togyz Kumalak): 9 pits a side, 9 stones a pit, the
        kazans off the path; first stone back, even capture in the opponent's row, the tuzdik
        (an opponent pit made exactly 3), 82 of 162 wins; a player who cannot move ends the
        game (each side's stones to the player on whose side they lie).

        >>> r = Rules.toguz_korgool()
        >>> r.pits, r.total_stones, r.tuzdik, r.win_threshold, r.stores_on_path
        (9, 162, 3, 82, False)
        """
        return cls(
            name="toguz-korgool",
            pits=9,
            stones=9,
            first_stone_back=True,
            even_capture=True,
            empty_capture=False,
            end_rule=END_NO_MOVE,
            stores_on_path=False,
            tuzdik=3,
            win_threshold=82,
            repetition_end=True,
        )

    @classmethod
    def mangala_ii(cls) -> Rules:
        """Mangala II (the Ottoman storeless game): 6 pits a side, 6 stones a pit; the whole
        pit is sown from the next pit on; a last stone making any pit 2, 4 or 6 captures it
        and the unbroken run of such pits before it; a player with an empty row passes; the
        game ends when the board is empty (37 of 72 wins).

        >>> r = Rules.mangala_ii()
        >>> r.capture_counts, r.capture_rows, r.capture_run, r.passes
        ((2, 4, 6), 'any', True, True)
        """
        return cls(
            name="mangala-ii",
            pits=6,
            stones=6,
            first_stone_back=False,
            even_capture=False,
            empty_capture=False,
            end_rule=END_EMPTY_BOARD,
            stores_on_path=False,
            capture_counts=(2, 4, 6),
            capture_run=True,
            repetition_end=True,
        )

    @classmethod
    def mangala_iv(
        cls,
        random_deal: bool = False,
        seed: int | None = None,
        deal: tuple[int, ...] | list[int] | None = None,
    ) -> Rules:
        """Mangala IV (Gaziantep): 7 pits a side, 7 stones a pit (or 98 dealt at random, or
        the ``deal`` given: ``S1..S7, N1..N7``); the mover lifts their leftmost occupied pit;
        relay sowing (a last stone making an occupied pit 3, 5 or more lifts it and sows on);
        a last stone making a pit 2 or 4 captures it with the pit opposite, and the unbroken
        run of such pits before it, each with its opposite; a player with an empty row passes;
        the game ends when the board is empty.

        With ``random_deal`` each of the 98 stones falls into one of the 14 pits at random
        (``seed`` makes the deal repeatable); the deal is part of the rules, so a game record
        keeps it.

        >>> Rules.mangala_iv().start_board()
        (7, 7, 7, 7, 7, 7, 7, 0, 7, 7, 7, 7, 7, 7, 7, 0)
        >>> Rules.mangala_iv(random_deal=True, seed=1) == Rules.mangala_iv(random_deal=True, seed=1)
        True
        >>> sum(Rules.mangala_iv(random_deal=True).start_board())
        98
        """
        if random_deal:
            if deal is not None:
                raise RulesError("rules.bad_deal", pits=14, value=deal)
            rng = random.Random(seed)
            counts = [0] * 14
            for _ in range(98):
                counts[rng.randrange(14)] += 1
            deal = counts
        return cls(
            name="mangala-iv",
            pits=7,
            stones=7,
            first_stone_back=False,
            even_capture=False,
            empty_capture=False,
            end_rule=END_EMPTY_BOARD,
            stores_on_path=False,
            capture_counts=(2, 4),
            capture_run=True,
            capture_opposite=True,
            relay=True,
            forced_leftmost=True,
            repetition_end=True,
            deal=None if deal is None else tuple(deal),
        )

    @classmethod
    def from_name(cls, name: str) -> Rules:
        """A preset by the name of its game in :data:`mangala_edu.games.GAMES` (or an alias,
        or a sized name such as ``kalah(M,N)``); raises :class:`RulesError` for any other
        name.

        >>> Rules.from_name("kalah(3,3)").pits
        3
        >>> Rules.from_name("Toguz Korgool") == Rules.toguz_korgool()
        True
        """
        return rules_of(name)

    def to_json(self) -> str | dict[str, object]:
        """The preset's name, or a dict of every field for rules that are no preset."""
        if game_of(self) is not None and rules_of(self.name) == self:
            return self.name
        data: dict[str, object] = {k: getattr(self, k) for k in _CLASSIC_FIELDS}
        for k in _FAMILY_FIELDS:
            value = getattr(self, k)
            if value != _DEFAULTS[k]:
                data[k] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Inverse of :meth:`to_json`."""
        if isinstance(data, str):
            return cls.from_name(data)
        if isinstance(data, dict):
            try:
                return cls(**data)
            except TypeError as exc:
                raise RulesError("rules.bad_record", value=data) from exc
        raise RulesError("rules.bad_record", value=data)


_DEFAULTS: dict[str, object] = {
    "stores_on_path": True,
    "capture_counts": (),
    "capture_rows": ANY_ROW,
    "capture_run": False,
    "capture_opposite": False,
    "relay": False,
    "forced_leftmost": False,
    "tuzdik": 0,
    "win_threshold": 0,
    "repetition_end": False,
    "deal": None,
}
