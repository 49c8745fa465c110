"""How the computer judges a Dokuz Taş position it cannot see to the end.

The search (:mod:`.search`) calls :func:`evaluate` at its horizon. The value is a whole
number in *hundredths of a stone* (:data:`STONE` = 100), from the side to move's point of
view: positive is good for the player whose turn it is. Each term is the mover's count
minus the opponent's, times its weight (:class:`Weights`):

``material``
    stones on the board plus stones in hand: the stones a player has not lost. Three
    stones fewer than the opponent is about the end of the game.
``mills``
    mills closed on the board: their stones cannot be taken (unless all are in mills).
``threats``
    empty points where a player could close a mill with their next turn: a placement in
    the placing phase, a slide from a neighbouring stone in the moving phase, any stone of
    the three when flying. A *threat* of the mover is nearly a stone won (it is their turn);
    one of the opponent is worth less when the mover can block it (a stone in hand, a stone
    next to the point, or flying), and as much as the mover's when it cannot be blocked or
    when there are two of them (*çift üçlü*, a double threat: one block cannot stop both).
    In the moving phase this is the *open mill*: a mill opened that can be closed again.
``double``
    a bonus for two threats or more (for the mover too: one is blocked, the other stays).
``pairs``
    two stones on a line whose third point is empty, when no stone can close it next turn
    (a threat for later), mostly in the placing phase.
``mobility``
    slides a player has (in the moving phase; while placing, empty points next to its
    stones, which become slides later; a flying player's mobility is not counted: it can go
    anywhere).
``blocked``
    stones with no empty point next to them (moving phase): they cannot move. A player in
    the moving phase with no slide at all loses when it is their turn; the opponent not to
    move being blocked is worth ``stuck``.

The *late placing* terms (all 0 in :data:`DEFAULT_WEIGHTS`; :data:`EXPERT_WEIGHTS`, the
weights of zor and usta, and :data:`DEEP_WEIGHTS`, theirs when they search deep, set them): a
game is mostly lost by placing into a position the opponent can shut once the stones must
slide (``bench/RESULTS.md``, "Dokuz Taş against Sanmill"). A player with ``late`` stones in
hand or fewer is *placing late*; for it the slides-to-be count ``mobility_late`` each instead
of ``mobility_placing``, and its stones with no empty point next to them ``blocked_late`` each.

``roomy``
    each empty point next to a player's stones, its *room* (placing late and moving): the
    points it can slide to, counted once however many of its stones touch them.
``cramped``
    a player whose room is no larger than the stones the opponent still has to place (each
    can fill a point of it), or, moving, a room of one point or none: a blockade is near.

Wins and losses are not decided here: the search sees them (fewer than three stones, no
legal turn) and scores them far beyond any evaluation.

>>> from mangala_edu.dokuz_tas import Position
>>> evaluate_position(Position.start())
0
>>> pos = Position.from_text("WW1/3/3/6/3/3/BB1 w 7 7 0")   # both threaten; White moves
>>> evaluate_position(pos) > 0
True
>>> evaluate_position(Position.from_text("WW1/3/3/6/3/3/BB1 b 7 7 0")) > 0  # Black moves
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .board import ALL_POINTS, LINE_MASKS, LINES, NEIGHBOUR_MASKS, POINTS
from .position import Position

__all__ = [
    "DEEP_WEIGHTS",
    "DEFAULT_WEIGHTS",
    "EXPERT_WEIGHTS",
    "STONE",
    "Weights",
    "closable",
    "evaluate",
    "evaluate_position",
]

STONE = 100
"""Evaluation values are in 1/STONE stones."""


@dataclass(frozen=True)
class Weights:
    """The weights of the evaluation's terms, in hundredths of a stone (see the module)."""

    material: int = STONE
    mills: int = 10
    threat_mover: int = 60
    threat_blockable: int = 15
    threat_unblockable: int = 55
    double: int = 25
    pairs_placing: int = 12
    pairs_moving: int = 4
    mobility_placing: int = 1
    mobility_moving: int = 4
    blocked: int = 6
    stuck: int = 40
    late: int = 0
    mobility_late: int = 0
    blocked_late: int = 0
    roomy: int = 0
    cramped: int = 0


DEFAULT_WEIGHTS = Weights()
"""The weights of kolay and orta, and of a :class:`~.search.Search` by default."""

EXPERT_WEIGHTS = Weights(
    mobility_moving=12, late=9, mobility_late=12, blocked_late=12, roomy=6, cramped=50
)
"""The weights of zor and usta: slides count three times as much as in the defaults, and the
late placing terms hold for the whole placing phase (``late`` = 9). Chosen by games against
Sanmill (``bench/RESULTS.md``, "The room to slide")."""

DEEP_WEIGHTS = replace(EXPERT_WEIGHTS, mobility_late=40, blocked_late=30, mobility_moving=20)
"""The weights of zor and usta when they search deep (a million positions or more a turn:
with the compiled search of the ``fast`` extra): while placing, a slide to be counts 0.4 of a
stone and a stone with no empty point next to it costs 0.3, so a mill closed where its stones
will be shut in is not worth its stone; while moving, a slide counts 0.2 of a stone (as in
Sanmill's evaluation). A deep search sees such a placing through to the blockade and plays it
well; a shallow one (pure Python's budgets) did not do better with them than with
:data:`EXPERT_WEIGHTS` (``bench/RESULTS.md``, "Slides to be" and "Slides while moving")."""

# For each line: its mask, and for each pair of its points (as a bitboard) the third point's
# bit. A side's stones on a line that are a key of the dict are "two in a row".
_LINE_PAIRS: tuple[tuple[int, dict[int, int]], ...] = tuple(
    (
        mask,
        {
            (1 << a) | (1 << b): 1 << c
            for a, b, c in (
                (line[0], line[1], line[2]),
                (line[0], line[2], line[1]),
                (line[1], line[2], line[0]),
            )
        },
    )
    for mask, line in zip(LINE_MASKS, LINES, strict=True)
)
_NEIGHBOURS_OF_BIT: dict[int, int] = {1 << p: NEIGHBOUR_MASKS[p] for p in POINTS}


def closable(own: int, opp: int, in_hand: int, flying: bool) -> tuple[int, int]:
    """The empty points where ``own`` could close a mill with its next turn, and the
    empty thirds of its other two-in-a-rows (both as bitboards). ``in_hand``: the stones it
    has still to place; ``flying``: it has three stones, none in hand, and may fly.

    >>> from mangala_edu.dokuz_tas.board import mask_of, points_of, point_name
    >>> threats, later = closable(mask_of(["a1", "d1", "a4", "d7"]), 0, 0, False)
    >>> [point_name(p) for p in points_of(threats)], [point_name(p) for p in points_of(later)]
    (['a7'], ['g1'])
    >>> closable(mask_of(["a1", "d1", "a4"]), 0, 0, False)[0]   # nothing next to a7 or g1
    0
    """
    threats = 0
    later = 0
    for mask, pairs in _LINE_PAIRS:
        third = pairs.get(own & mask)
        if third is None or opp & third:
            continue
        if in_hand or (flying and own & ~mask) or _NEIGHBOURS_OF_BIT[third] & own & ~mask:
            threats |= third
        else:
            later |= third
    return threats, later & ~threats


def _mobility(own: int, empty: int) -> tuple[int, int, int]:
    """The slides of ``own``'s stones into ``empty``, the stones that have none, and the
    room: how many points of ``empty`` are next to a stone of ``own``."""
    slides = 0
    blocked = 0
    room = 0
    m = own
    while m:
        low = m & -m
        m ^= low
        near = _NEIGHBOURS_OF_BIT[low] & empty
        n = near.bit_count()
        slides += n
        blocked += not n
        room |= near
    return slides, blocked, room.bit_count()


def _space(slides: int, blocked: int, room: int, hand: int, opp_hand: int, w: Weights) -> int:
    """The mobility terms of one player that is not flying (see the module)."""
    if not hand:
        score = w.mobility_moving * slides - w.blocked * blocked + w.roomy * room
        return score - w.cramped if room <= 1 else score
    if hand > w.late:
        return w.mobility_placing * slides
    score = w.mobility_late * slides - w.blocked_late * blocked + w.roomy * room
    return score - w.cramped if room <= opp_hand else score


def evaluate(
    own: int,
    opp: int,
    own_hand: int,
    opp_hand: int,
    flying: bool = True,
    weights: Weights = DEFAULT_WEIGHTS,
) -> int:
    """The value (in 1/:data:`STONE` stones) of a position for the side to move, whose
    stones are ``own`` (a bitboard) and ``own_hand`` in hand; ``flying``: the flying rule.

    >>> evaluate(0, 0, 9, 9)
    0
    >>> evaluate(0b111, 0, 6, 9) > evaluate(0, 0b111, 9, 6)
    True
    """
    w = weights
    own_n = own.bit_count()
    opp_n = opp.bit_count()
    score = w.material * (own_n + own_hand - opp_n - opp_hand)
    own_fly = flying and not own_hand and own_n == 3
    opp_fly = flying and not opp_hand and opp_n == 3

    mills = 0
    for mask in LINE_MASKS:
        if own & mask == mask:
            mills += 1
        elif opp & mask == mask:
            mills -= 1
    score += w.mills * mills

    mine, my_later = closable(own, opp, own_hand, own_fly)
    theirs, their_later = closable(opp, own, opp_hand, opp_fly)
    if mine:
        score += w.threat_mover
        if mine & (mine - 1):
            score += w.double
    if theirs:
        if theirs & (theirs - 1):
            score -= w.threat_unblockable + w.double
        elif own_hand or own_fly or _NEIGHBOURS_OF_BIT[theirs] & own:
            score -= w.threat_blockable
        else:
            score -= w.threat_unblockable
    score += (w.pairs_placing if own_hand else w.pairs_moving) * my_later.bit_count()
    score -= (w.pairs_placing if opp_hand else w.pairs_moving) * their_later.bit_count()

    empty = ALL_POINTS & ~(own | opp)
    if not own_fly:
        slides, blocked, room = _mobility(own, empty)
        score += _space(slides, blocked, room, own_hand, opp_hand, w)
    if not opp_fly:
        slides, blocked, room = _mobility(opp, empty)
        score -= _space(slides, blocked, room, opp_hand, own_hand, w)
        if not opp_hand and not slides:
            score += w.stuck
    return score


def evaluate_position(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> int:
    """:func:`evaluate` of a :class:`~.position.Position` (for tests and explanations)."""
    t = position._turn
    stones, hands = position._stones, position._hands
    return evaluate(stones[t], stones[1 - t], hands[t], hands[1 - t], position._flying, weights)
