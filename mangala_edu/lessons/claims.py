"""Facts a lesson states, as data: each one is checked by a test, with the exact solver or the
engine, under the rules the lesson uses.

A strategy lesson says things like "pit 3 wins 4 stones more than pit 5", "pit 2 is the only
move that does not lose" or "pit 6 reaches the store exactly". Each such sentence takes its
numbers from a claim in the lesson's spec, through a placeholder: ``{chain.length}`` in a
catalogue text, ``{{chain.length}}`` in a notebook source (``notebooks/build.py`` fills it in).
A claim cannot be quoted without existing, and ``tests/test_claims.py`` proves every claim of
every lesson, so a text cannot state a number that was not checked.

Two kinds of claims:

- **solver claims** (:class:`MoveValues`, :class:`Heuristic`): the exact value of every move,
  from :func:`~mangala_edu.search.value_of_moves` (the final store difference, from the mover's
  side, when both sides play perfectly to the end of the set);
- **engine claims** (:class:`Sowing`, :class:`Chain`, :class:`Threat`): what a move does, from
  the engine's trace.

>>> claim = MoveValues("endgame", "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S", {5: -8, 6: -2})
>>> claim.problems()
[]
>>> facts = claim.facts()
>>> facts.best, facts.value, facts.d6_5, facts.mine, facts.theirs
(6, -2, 6, 23, 25)
>>> claim.fill("Pit {endgame.best} loses by {endgame.margin}.", "en")
'Pit 6 loses by 2.'
>>> MoveValues("wrong", "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S", {5: -8, 6: 0}).problems()
['wrong: the solver says {5: -8, 6: -2}, the claim {5: -8, 6: 0}']
>>> facts.only_safe
Traceback (most recent call last):
...
mangala_edu.lessons.claims.ClaimError: ... / Claim endgame: no move has a value >= 0 (only_safe)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import KW_ONLY, dataclass, field

from ..engine import EventKind, MangalaError, Position, Rules, other
from ..i18n import fill
from .goals import most_captured


class ClaimError(MangalaError):
    """A claim that does not hold, or a text that asks a claim for a number it does not have:
    the claim's name and what is wrong (for the lesson's author, in English).

    >>> ClaimError("endgame", "pit 7 is not a legal move here").message("en")
    'Claim endgame: pit 7 is not a legal move here'
    """

    def __init__(self, claim: str, detail: str) -> None:
        self.claim = claim
        self.detail = detail
        super().__init__("claim.error", claim=claim, detail=detail)


class Facts:
    """The numbers a claim lets a text use, by name (``{claim.name}`` in a template).

    Fixed names come from a dict; others (``v3``, ``d4_1``...) are worked out on demand by the
    claim's ``derive`` function. A name the claim cannot give raises :class:`ClaimError`, so
    that a text never shows a number no claim backs.
    """

    def __init__(
        self,
        claim: str,
        values: Mapping[str, int],
        derive: Callable[[str], int | None] | None = None,
    ) -> None:
        self._claim = claim
        self._values = dict(values)
        self._derive = derive

    def __getattr__(self, name: str) -> int:
        if name.startswith("_"):
            raise AttributeError(name)
        if name in self._values:
            return self._values[name]
        value = self._derive(name) if self._derive else None
        if value is None:
            raise ClaimError(self._claim, f"no fact named {name!r}")
        return value

    def __repr__(self) -> str:
        return f"Facts({self._claim!r}, {self._values!r})"


@dataclass(frozen=True)
class Claim:
    """Base class: a named fact about ``position`` (its text, under ``rules``)."""

    name: str
    position: str
    _: KW_ONLY
    rules: str = "official"

    #: True when checking the claim needs the exact solver (a slow test for big positions).
    solver: bool = field(default=False, init=False, repr=False)

    def start(self) -> Position:
        rules = Rules.from_name(self.rules)
        if self.position == "start":
            return Position.start(rules)
        return Position.from_text(self.position, rules)

    def problems(self) -> list[str]:
        """What is wrong with the claim ([] when it holds)."""
        raise NotImplementedError

    def facts(self) -> Facts:
        """The numbers texts may quote from this claim."""
        raise NotImplementedError

    def fill(self, template: str, lang: str | None = None) -> str:
        """``template`` with this claim's facts filled in (for doctests and checks)."""
        return fill(template, lang, **{self.name: self.facts()})


def score(position: Position, value: int) -> tuple[int, int]:
    """The final stores (mover's, opponent's) that a value means in ``position``: the stones
    of the whole position split so that their difference is ``value``.

    >>> score(Position.start(), 4)
    (26, 22)
    """
    total = sum(position.board)
    return (total + value) // 2, (total - value) // 2


_PER_PIT = re.compile(r"(v|m|cost|mine|theirs)([1-9])")
_DIFF = re.compile(r"d([1-9])_([1-9])")


@dataclass(frozen=True)
class MoveValues(Claim):
    """The exact value of every legal move in ``position`` (see the module's docstring).

    Facts: ``best`` (the one best pit; an error when several are best), ``value`` (the best
    value), ``margin`` (its size), ``mine``/``theirs`` (the final stores it means),
    ``only_win`` / ``only_safe`` (the one pit that wins / does not lose), ``wins`` (how many
    moves win), and per pit *k*: ``vk`` (its value), ``mk`` (the size of it), ``costk`` (best
    value minus its value), ``minek``/``theirsk`` (final stores); ``da_b``: pit *a*'s value minus
    pit *b*'s.
    """

    values: Mapping[int, int]
    solver: bool = field(default=True, init=False, repr=False)

    def problems(self) -> list[str]:
        from ..search import value_of_moves

        position = self.start()
        claimed = dict(sorted(self.values.items()))
        if sorted(claimed) != list(position.legal_moves):
            return [
                f"{self.name}: the legal moves are {list(position.legal_moves)}, the "
                f"claim lists {sorted(claimed)}"
            ]
        proven = dict(sorted(value_of_moves(position).items()))
        if proven != claimed:
            return [f"{self.name}: the solver says {proven}, the claim {claimed}"]
        return []

    @property
    def best_value(self) -> int:
        return max(self.values.values())

    @property
    def best_moves(self) -> tuple[int, ...]:
        return tuple(sorted(p for p, v in self.values.items() if v == self.best_value))

    def _one(self, pits: Iterable[int], what: str) -> int:
        found = sorted(pits)
        if len(found) != 1:
            raise ClaimError(self.name, f"{what} is {found}, not one pit")
        return found[0]

    def facts(self) -> Facts:
        position = self.start()
        values = self.values
        best = self.best_value

        def only(predicate: Callable[[int], bool], what: str, name: str) -> int:
            pits = [p for p, v in values.items() if predicate(v)]
            if not pits:
                raise ClaimError(self.name, f"no move has a value {what} ({name})")
            return self._one(pits, f"the moves with a value {what}")

        def derive(name: str) -> int | None:
            if name == "best":
                return self._one(self.best_moves, "the best move")
            if name == "only_win":
                return only(lambda v: v > 0, "> 0", name)
            if name == "only_safe":
                return only(lambda v: v >= 0, ">= 0", name)
            per_pit = _PER_PIT.fullmatch(name)
            if per_pit:
                kind, pit = per_pit.group(1), int(per_pit.group(2))
                if pit not in values:
                    raise ClaimError(self.name, f"pit {pit} is not a legal move here")
                v = values[pit]
                return {
                    "v": v,
                    "m": abs(v),
                    "cost": best - v,
                    "mine": score(position, v)[0],
                    "theirs": score(position, v)[1],
                }[kind]
            diff = _DIFF.fullmatch(name)
            if diff:
                a, b = int(diff.group(1)), int(diff.group(2))
                if a not in values or b not in values:
                    raise ClaimError(self.name, f"{name} names a move that is not legal")
                return values[a] - values[b]
            return None

        mine, theirs = score(position, best)
        return Facts(
            self.name,
            {
                "value": best,
                "margin": abs(best),
                "mine": mine,
                "theirs": theirs,
                "wins": sum(v > 0 for v in values.values()),
            },
            derive,
        )


@dataclass(frozen=True)
class Sowing(Claim):
    """Playing ``pit`` puts its last stone in ``lands`` (a place name: ``"Sstore"``, ``"N3"``),
    fires ``outcome`` (an :class:`~mangala_edu.EventKind` name, if given) and captures
    ``captured`` stones.

    Facts: ``pit``, ``stones`` (how many it lifts), ``total`` (pit + stones, the counting
    rule's sum), ``captured``, ``lands`` (the pit number it lands in; 0 for a store),
    ``holds`` (the stones in that place after the move), ``left`` (the stones left in the pit
    played: 0 for a single stone, which leaves its pit empty), ``given`` (the stones it drops
    into the opponent's pits).

    >>> Sowing("four", "start", 4, "Sstore", "extra_turn").problems()
    []
    >>> Sowing("four", "start", 4, "N1").problems()
    ['four: pit 4 lands in Sstore, not N1']
    """

    pit: int
    lands: str
    outcome: str | None = None
    captured: int = 0

    def problems(self) -> list[str]:
        position = self.start()
        if self.pit not in position.legal_moves:
            return [f"{self.name}: pit {self.pit} cannot be played here"]
        trace = position.trace(self.pit)
        g = position.rules.geometry
        found = []
        if g.name(trace.last_place) != self.lands:
            found.append(
                f"{self.name}: pit {self.pit} lands in {g.name(trace.last_place)}, not {self.lands}"
            )
        if self.outcome is not None and trace.outcome != EventKind(self.outcome):
            found.append(
                f"{self.name}: pit {self.pit} fires {trace.outcome.value}, not {self.outcome}"
            )
        if trace.captured != self.captured:
            found.append(
                f"{self.name}: pit {self.pit} captures {trace.captured}, not {self.captured}"
            )
        return found

    def facts(self) -> Facts:
        position = self.start()
        g = position.rules.geometry
        lands = g.place(g.parse_place(self.lands)).number
        stones = position.pits(position.mover)[self.pit - 1]
        trace = position.trace(self.pit)
        holds = trace.after.board[g.parse_place(self.lands)]
        left = trace.after.board[position.place(position.mover, self.pit)]
        theirs = set(g.pit_indices(other(position.mover)))
        given = sum(1 for e in trace.events if e.kind == EventKind.DROP and e.place in theirs)
        return Facts(
            self.name,
            {
                "pit": self.pit,
                "stones": stones,
                "total": self.pit + stones,
                "captured": self.captured,
                "lands": lands,
                "holds": holds,
                "left": left,
                "given": given,
            },
        )


def chains(position: Position) -> list[tuple[int, ...]]:
    """Every longest sequence of moves that each end in the mover's store (extra turns), from
    ``position``; ``[()]`` when no move does.

    >>> chains(Position.from_text("1,2,0,0,3,1,18/1,1,1,0,0,2,18 S"))
    [(5, 6, 6), (6, 5, 6)]
    """
    best: list[tuple[int, ...]] = [()]
    if position.is_over:
        return best
    for pit in position.legal_moves:
        trace = position.trace(pit)
        if not trace.extra_turn:
            continue
        for rest in chains(trace.after):
            line = (pit, *rest)
            if len(line) > len(best[0]):
                best = [line]
            elif len(line) == len(best[0]):
                best.append(line)
    return best


@dataclass(frozen=True)
class Chain(Claim):
    """The moves ``moves``, played in order, each end in the mover's store (an extra turn), and
    no chain of extra turns from ``position`` is longer (with ``longest``) .

    Facts: ``length``, and ``p1``, ``p2``... the pits in order.

    >>> Chain("order", "1,2,0,0,3,1,18/1,1,1,0,0,2,18 S", (6, 5, 6)).problems()
    []
    >>> Chain("order", "1,2,0,0,3,1,18/1,1,1,0,0,2,18 S", (5, 6)).problems()
    ['order: a chain of 3 extra turns exists: (5, 6, 6)']
    """

    moves: tuple[int, ...]
    longest: bool = True

    def problems(self) -> list[str]:
        position = self.start()
        for k, pit in enumerate(self.moves, start=1):
            if pit not in position.legal_moves:
                return [f"{self.name}: move {k} (pit {pit}) cannot be played"]
            trace = position.trace(pit)
            if not trace.extra_turn:
                return [f"{self.name}: move {k} (pit {pit}) gives no extra turn"]
            position = trace.after
        if self.longest:
            found = chains(self.start())
            if len(found[0]) > len(self.moves):
                return [f"{self.name}: a chain of {len(found[0])} extra turns exists: {found[0]}"]
        return []

    def facts(self) -> Facts:
        values = {"length": len(self.moves)}
        values.update({f"p{k}": pit for k, pit in enumerate(self.moves, start=1)})
        return Facts(self.name, values)


@dataclass(frozen=True)
class Threat(Claim):
    """The most the opponent of the side to move can capture in their next turn (extra turns
    chained): after the mover plays ``pit`` (which must pass the turn), or, without ``pit``,
    in the position as it is if it were the opponent's move. ``by`` is the first pit of an
    attack that takes that many (0 for no threat).

    Facts: ``captured``, ``by``, ``pit``.

    >>> Threat("danger", "5,2,0,1,7,1,8/2,0,2,6,5,0,9 S", 8, by=1).problems()
    []
    >>> Threat("safe", "5,2,0,1,7,1,8/2,0,2,6,5,0,9 S", 0, pit=5).problems()
    []
    """

    captured: int
    _: KW_ONLY
    pit: int | None = None
    by: int = 0

    def _after(self) -> Position:
        position = self.start()
        if self.pit is None:
            mover = position.mover
            return Position(position.board, other(mover), position.rules)
        trace = position.trace(self.pit)
        if trace.extra_turn:
            raise ClaimError(self.name, f"pit {self.pit} gives an extra turn")
        return trace.after

    def problems(self) -> list[str]:
        after = self._after()
        taken, pit = most_captured(after)
        pit = pit or 0
        if (taken, pit) != (self.captured, self.by):
            return [
                f"{self.name}: the opponent can capture {taken} (first pit {pit}), "
                f"not {self.captured} (first pit {self.by})"
            ]
        return []

    def facts(self) -> Facts:
        return Facts(self.name, {"captured": self.captured, "by": self.by, "pit": self.pit or 0})


@dataclass(frozen=True)
class Outcomes(Claim):
    """What every legal move does at its last stone: ``kinds`` maps each pit to an
    :class:`~mangala_edu.EventKind` name (``extra_turn``, ``even_capture``, ``odd``,
    ``empty_capture``, ``nothing``...), ``captured`` each capturing pit to its stones.

    Facts: ``only_extra_turn`` / ``only_capture`` (the one pit that does it), ``extra_turns``
    and ``captures`` (how many moves do), and ``capk`` (stones pit *k* captures).

    >>> Outcomes("first", "start", {1: "nothing", 2: "nothing", 3: "nothing",
    ...                              4: "extra_turn", 5: "odd", 6: "odd"}).facts().only_extra_turn
    4
    """

    kinds: Mapping[int, str]
    captured: Mapping[int, int] = field(default_factory=dict)

    def problems(self) -> list[str]:
        position = self.start()
        if sorted(self.kinds) != list(position.legal_moves):
            return [f"{self.name}: the legal moves are {list(position.legal_moves)}"]
        found = []
        for pit in position.legal_moves:
            trace = position.trace(pit)
            if trace.outcome != EventKind(self.kinds[pit]):
                found.append(
                    f"{self.name}: pit {pit} fires {trace.outcome.value}, not {self.kinds[pit]}"
                )
            if trace.captured != self.captured.get(pit, 0):
                found.append(
                    f"{self.name}: pit {pit} captures {trace.captured}, not "
                    f"{self.captured.get(pit, 0)}"
                )
        return found

    def facts(self) -> Facts:
        extra = [p for p, k in self.kinds.items() if k == EventKind.EXTRA_TURN.value]
        taking = [p for p, c in self.captured.items() if c]

        def derive(name: str) -> int | None:
            if name == "only_extra_turn":
                return self._one(extra, "the moves ending in the store")
            if name == "only_capture":
                return self._one(taking, "the capturing moves")
            if name.startswith("cap") and name[3:].isdigit():
                return self.captured.get(int(name[3:]), 0)
            return None

        return Facts(self.name, {"extra_turns": len(extra), "captures": len(taking)}, derive)

    def _one(self, pits: list[int], what: str) -> int:
        if len(pits) != 1:
            raise ClaimError(self.name, f"{what} are {sorted(pits)}, not one pit")
        return pits[0]


@dataclass(frozen=True)
class Attacks(Claim):
    """After the mover plays ``pit`` (which passes the turn), the captures the mover would
    have if it were their move again: ``captures`` maps each capturing pit to its stones (the
    threats the opponent must answer).

    Facts: ``count`` (how many pits capture), ``total``, ``most``, and ``ak`` (stones pit *k*
    would capture).

    >>> Attacks("two", "0,0,0,0,2,1,20/1,0,0,0,0,1,23 S", 5, {}).problems()
    []
    """

    pit: int
    captures: Mapping[int, int]

    def _found(self) -> dict[int, int]:
        position = self.start()
        trace = position.trace(self.pit)
        if trace.extra_turn or trace.after.is_over:
            raise ClaimError(self.name, f"pit {self.pit} does not pass the turn")
        again = Position(trace.after.board, position.mover, position.rules)
        return {p: again.trace(p).captured for p in again.legal_moves if again.trace(p).captured}

    def problems(self) -> list[str]:
        found = self._found()
        if found != dict(self.captures):
            return [
                f"{self.name}: after pit {self.pit} the captures would be {found}, not "
                f"{dict(self.captures)}"
            ]
        return []

    def facts(self) -> Facts:
        caps = dict(self.captures)

        def derive(name: str) -> int | None:
            if name.startswith("a") and name[1:].isdigit():
                return caps.get(int(name[1:]), 0)
            return None

        return Facts(
            self.name,
            {
                "count": len(caps),
                "total": sum(caps.values()),
                "most": max(caps.values(), default=0),
                "pit": self.pit,
            },
            derive,
        )


# -- Heuristics ----------------------------------------------------------------------------------


def _closest_extra_turn(position: Position) -> int | None:
    """Of the moves that end in the store, the one closest to the store."""
    found = [p for p in position.legal_moves if position.trace(p).extra_turn]
    return max(found) if found else None


def _biggest_capture(position: Position) -> int | None:
    """The move that captures the most at once (the lowest pit among equals)."""
    taken = {p: position.trace(p).captured for p in position.legal_moves}
    most = max(taken.values())
    return min(p for p, v in taken.items() if v == most) if most else None


def _safest(position: Position) -> int | None:
    """The move after which the opponent can capture the least in their next turn (the
    lowest pit among equals; moves that give an extra turn are left out)."""
    threats = {}
    for pit in position.legal_moves:
        trace = position.trace(pit)
        if not trace.extra_turn and not trace.after.is_over:
            threats[pit] = most_captured(trace.after)[0]
    if not threats:
        return None
    least = min(threats.values())
    return min(p for p, v in threats.items() if v == least)


def _empty_first(position: Position) -> int | None:
    """The move that leaves the mover's side with the fewest stones (racing to empty it)."""
    mover = position.mover
    left = {p: sum(position.trace(p).after.pits(mover)) for p in position.legal_moves}
    least = min(left.values())
    return min(p for p, v in left.items() if v == least)


def _single_stone(position: Position) -> int | None:
    """A waiting move: a pit with one stone whose move captures nothing and passes the turn
    (the one nearest the mover's left)."""
    mover = position.mover
    for pit in position.legal_moves:
        trace = position.trace(pit)
        if position.pits(mover)[pit - 1] == 1 and not trace.captured and not trace.extra_turn:
            return pit
    return None


HEURISTICS: dict[str, Callable[[Position], int | None]] = {
    "closest_extra_turn": _closest_extra_turn,
    "biggest_capture": _biggest_capture,
    "safest": _safest,
    "empty_first": _empty_first,
    "single_stone": _single_stone,
}
"""Rules of thumb a lesson may teach, each as a function from a position to the pit it
suggests (``None`` when it suggests nothing). Lessons call them rules of thumb (*pratik
kural*): good advice that can be wrong, which :class:`Heuristic` claims show."""


@dataclass(frozen=True)
class Heuristic(Claim):
    """The rule of thumb ``rule`` (a key of :data:`HEURISTICS`) suggests ``pit`` here, and the
    exact solver finds that ``pit`` is one of the best moves (``holds``) or that it is not
    (``holds=False``: an example where the rule of thumb fails).

    Facts: ``pit``.

    >>> Heuristic("near", "1,2,0,0,3,1,18/1,1,1,0,0,2,18 S", "closest_extra_turn", 6).problems()
    []
    >>> Heuristic("near", "1,2,0,0,3,1,18/1,1,1,0,0,2,18 S", "closest_extra_turn", 5).problems()
    ['near: the rule closest_extra_turn suggests 6, not 5']
    """

    rule: str
    pit: int
    holds: bool = True
    solver: bool = field(default=True, init=False, repr=False)

    def problems(self) -> list[str]:
        from ..search import solve

        position = self.start()
        suggested = HEURISTICS[self.rule](position)
        if suggested != self.pit:
            return [f"{self.name}: the rule {self.rule} suggests {suggested}, not {self.pit}"]
        best = solve(position).best_moves
        if (self.pit in best) != self.holds:
            verb = "is not" if self.holds else "is"
            return [f"{self.name}: pit {self.pit} {verb} a best move (best: {best})"]
        return []

    def facts(self) -> Facts:
        return Facts(self.name, {"pit": self.pit})


def facts_of(claims: Iterable[Claim]) -> dict[str, Facts]:
    """The facts of several claims, by claim name (the values a lesson's texts are filled
    with). Two claims with one name are an error."""
    found: dict[str, Facts] = {}
    for claim in claims:
        if claim.name in found:
            raise ClaimError(claim.name, "two claims have this name")
        found[claim.name] = claim.facts()
    return found


__all__ = [
    "HEURISTICS",
    "Attacks",
    "Chain",
    "Claim",
    "ClaimError",
    "Facts",
    "Heuristic",
    "MoveValues",
    "Outcomes",
    "Sowing",
    "Threat",
    "chains",
    "facts_of",
    "score",
]
