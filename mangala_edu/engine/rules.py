"""The rules of a game of the Mangala family, as data.

A :class:`Rules` value says everything the engine needs: the size of the board and which rules
apply. The presets are the official Turkish (TZV) rules and the variants named in the project's
RULINGS; the engine has no other branches.

>>> Rules.official()
Rules.official()
>>> Rules.kalah(pits=4, stones=3).name
'kalah(4,3)'
>>> Rules.from_name("no-return") == Rules.no_return()
True
>>> Rules.official().total_stones
48
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import MangalaError
from .geometry import Geometry

END_SWEEP = "sweep"
"""The player whose own side is empty takes every stone left on the other side (official)."""
END_OWN_SIDE = "own_side"
"""Each player puts the stones left on their own side into their own store (local variant)."""


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
        end_rule: :data:`END_SWEEP` (official) or :data:`END_OWN_SIDE`.
    """

    name: str = "official"
    pits: int = 6
    stones: int = 4
    first_stone_back: bool = True
    even_capture: bool = True
    empty_capture: bool = True
    end_rule: str = END_SWEEP
    geometry: Geometry = field(init=False, repr=False, compare=False, hash=False)
    plans: tuple[tuple, tuple] = field(init=False, repr=False, compare=False, hash=False)
    """For each side, what a move needs at hand: (next place table, own store, owner of each
    place, first stone back, even capture, empty capture)."""

    def __post_init__(self) -> None:
        if self.pits < 1 or self.stones < 1:
            raise RulesError("rules.bad_size", pits=self.pits, stones=self.stones)
        if self.end_rule not in (END_SWEEP, END_OWN_SIDE):
            raise RulesError("rules.unknown", value=self.end_rule)
        g = Geometry.build(self.pits)
        object.__setattr__(self, "geometry", g)
        object.__setattr__(self, "plans", tuple(
            (g.next_place[side], g.stores[side], g.owner, self.first_stone_back,
             self.even_capture, self.empty_capture) for side in (0, 1)))

    def __repr__(self) -> str:
        preset = _PRESET_CALLS.get(self.name)
        if preset is not None and _preset(self.name) == self:
            return f"Rules.{preset}"
        if self.name.startswith("kalah(") and _preset(self.name) == self:
            return f"Rules.kalah(pits={self.pits}, stones={self.stones})"
        fields = ", ".join(
            f"{k}={getattr(self, k)!r}"
            for k in ("name", "pits", "stones", "first_stone_back", "even_capture",
                      "empty_capture", "end_rule")
        )
        return f"Rules({fields})"

    @property
    def total_stones(self) -> int:
        """Stones in the whole game: 48 in Mangala."""
        return 2 * self.pits * self.stones

    def start_board(self) -> tuple[int, ...]:
        """The board at the start of a set: ``stones`` in every pit, stores empty.

        >>> Rules.kalah(3, 2).start_board()
        (2, 2, 2, 0, 2, 2, 2, 0)
        """
        m, n = self.pits, self.stones
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
            name=f"kalah({pits},{stones})", pits=pits, stones=stones, first_stone_back=False,
            even_capture=False, end_rule=END_OWN_SIDE,
        )

    @classmethod
    def from_name(cls, name: str) -> Rules:
        """A preset by name: ``official``, ``no-return``, ``own-side``, ``kalah`` or
        ``kalah(M,N)``; raises :class:`RulesError` for any other name.

        >>> Rules.from_name("kalah(3,3)").pits
        3
        """
        rules = _preset(name)
        if rules is None:
            raise RulesError("rules.unknown", value=name)
        return rules

    def to_json(self) -> str | dict[str, object]:
        """The preset's name, or a dict of every field for rules that are no preset."""
        if _preset(self.name) == self:
            return self.name
        return {k: getattr(self, k) for k in ("name", "pits", "stones", "first_stone_back",
                                              "even_capture", "empty_capture", "end_rule")}

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Inverse of :meth:`to_json`."""
        if isinstance(data, str):
            return cls.from_name(data)
        if isinstance(data, dict):
            try:
                return cls(**data)
            except TypeError as exc:
                raise RulesError("rules.unknown", value=data) from exc
        raise RulesError("rules.unknown", value=data)


_PRESET_CALLS = {"official": "official()", "no-return": "no_return()", "own-side": "own_side()"}
_KALAH = re.compile(r"kalah(?:\((\d+),(\d+)\))?")


def _preset(name: str) -> Rules | None:
    name = name.strip().lower().replace("_", "-").replace(" ", "")
    if name == "official":
        return Rules.official()
    if name == "no-return":
        return Rules.no_return()
    if name == "own-side":
        return Rules.own_side()
    match = _KALAH.fullmatch(name)
    if match:
        pits, stones = match.groups()
        return Rules.kalah(int(pits or 6), int(stones or 4))
    return None
