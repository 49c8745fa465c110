"""The sowing of the games whose stores lie off the path (beside the board): Toguz Korgool,
Mangala II and IV.

The official rules keep their own fast sowing (:func:`~.position._sow`); a
:class:`~.position.Position` under rules without :attr:`~.rules.Rules.stores_on_path` is played
by :func:`sow` here instead. Both are driven by the same :class:`~.rules.Rules` data and write the
same :class:`~.trace.Event` vocabulary, so the board, the captions and the lessons serve every
game.

What this module plays, rule by rule (``docs/family-rules.md`` gives the sources and every
choice made where the project's RULINGS leave a point open):

* **Sowing** goes round the pits only (the stores lie beside the board). With
  :attr:`~.rules.Rules.first_stone_back` (Toguz Korgool) the first of two or more stones goes
  back into its pit; otherwise (Mangala II, IV) every stone goes on from the next pit. A sowing
  that comes round passes its origin pit and drops a stone in it (it is not skipped).
* **Toguz Korgool**: a last stone making an opponent's pit even takes it; making it exactly 3
  makes it the mover's *tuzdik* (once a game, never the opponent's 9th pit, never the pit with
  the number of the opponent's tuzdik), whose 3 stones are taken; every stone sown into a
  tuzdik goes to its owner's store (whoever sows it), and a tuzdik always holds 0. The game
  ends as soon as a store holds 82 (the stones left in the pits stay there: they no longer
  matter), or when the player to move has no stone to play: then each side's stones go to
  the player on whose side they lie.
* **Mangala II / IV**: a last stone making a pit (either row) hold a capturing count (2, 4, 6;
  Mangala IV 2, 4) takes it, then the pit before it on the path if it holds such a count, and
  so on backwards without a gap (Mangala IV: each pit with the pit opposite it); the run is
  read on the board as the sowing left it. Mangala IV relays: a last stone making an occupied
  pit 3, 5 or more lifts that pit and sows on. A player whose row is empty passes (the trace
  says so with a ``pass`` event, and the mover moves again); the game ends when the board is
  empty.
* **A relay that never ends** (Mangala IV: the relay comes back to a board and a pit it has
  already lifted from within the same turn, so it would go round for ever) stops the game
  with the ending RULINGS give a game that can no longer end: each player takes the stones on
  their own side (``relay_loop``). A position repeated *between* turns is seen by
  :class:`~.game.Game`, which keeps the history, and ends the game the same way
  (``repetition``).

>>> from mangala_edu import Position, Rules
>>> pos = Position.start(Rules.mangala_ii())
>>> trace = pos.trace(1)                       # 6 stones from S1: S2..S6 and N1
>>> trace.after.to_text(), trace.outcome.value
('0,7,7,7,7,7,0/7,6,6,6,6,6,0 N', 'no_capture')
>>> toguz = Position.from_text("0,0,0,0,0,0,0,0,3,70/2,1,1,1,1,1,1,1,1,70 S",
...                            Rules.toguz_korgool())
>>> toguz.play(9).to_text()                    # 3 stones: S9 (back), N1, N2 -> N2 made 2
'0,0,0,0,0,0,0,0,1,72/3,0,1,1,1,1,1,1,1,70 N'
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import SIDES, Side
from .rules import ANY_ROW, END_EMPTY_BOARD, Rules
from .trace import Event, EventKind

NO_TUZDIK: tuple[int, int] = (-1, -1)
"""The tuzdiks of a position without any: ``(South's, North's)`` board index, ``-1`` for none."""


@dataclass(frozen=True)
class Plan:
    """What the family's sowing needs at hand for one set of rules (built once per rules)."""

    pits: int
    stores: tuple[int, int]
    next_pit: tuple[int, ...]
    """Where a stone goes after each board index (the stores are never on the path)."""
    prev_pit: tuple[int, ...]
    """The pit before each pit on the path (for the backward capture run)."""
    owner: tuple[int | None, ...]
    opposite: tuple[int | None, ...]
    numbers: tuple[int, ...]
    """Each index's pit number from its owner's left (0 for the stores)."""
    rows: tuple[range, range]
    first_back: bool
    even: bool
    tuzdik: int
    threshold: int
    counts: frozenset[int]
    any_row: bool
    run: bool
    with_opposite: bool
    relay: bool
    passes: bool


def plan(rules: Rules) -> Plan:
    """The :class:`Plan` of ``rules`` (cached on the rules object)."""
    cached = rules.__dict__.get("_family_plan")
    if cached is not None:
        return cached
    g = rules.geometry
    nxt = g.next_place[0]
    prev = [0] * g.size
    for i in range(g.size):
        if g.owner[i] is not None:
            prev[nxt[i]] = i
    made = Plan(
        g.pits,
        g.stores,
        nxt,
        tuple(prev),
        g.owner,
        g.opposite,
        tuple(p.number for p in g.places),
        g.pit_ranges,
        rules.first_stone_back,
        rules.even_capture,
        rules.tuzdik,
        rules.win_threshold,
        frozenset(rules.capture_counts),
        rules.capture_rows == ANY_ROW,
        rules.capture_run,
        rules.capture_opposite,
        rules.relay,
        rules.end_rule == END_EMPTY_BOARD,
    )
    object.__setattr__(rules, "_family_plan", made)
    return made


def may_make_tuzdik(p: Plan, place: int, side: int, tuz: list[int] | tuple[int, int]) -> bool:
    """True when the mover ``side`` may make the opponent's pit ``place`` their tuzdik: they
    have none yet, it is not the opponent's last (9th) pit, and it does not have the number of
    the opponent's tuzdik."""
    if tuz[side] >= 0 or p.numbers[place] == p.pits:
        return False
    theirs = tuz[1 - side]
    return theirs < 0 or p.numbers[theirs] != p.numbers[place]


def sow(
    b: list[int], side: int, origin: int, rules: Rules, tuz: list[int], events: list[Event] | None
) -> int | None:
    """Play the move lifting from ``origin`` on the board list ``b`` (and the tuzdik list
    ``tuz``: South's and North's tuzdik as board indices, ``-1`` for none) in place.

    Returns the side to move next (``None`` when the game is over). When ``events`` is a list,
    every step is appended to it as an :class:`~.trace.Event`.
    """
    p = plan(rules)
    nxt = p.next_pit
    stores = p.stores
    own_store = stores[side]
    name = SIDES[side] if events is not None else None
    n = b[origin]
    b[origin] = 0
    if events is not None:
        events.append(Event(EventKind.LIFT, origin, n, tuple(b), name))
    if n > 1 and p.first_back:
        b[origin] = 1
        n -= 1
        if events is not None:
            events.append(Event(EventKind.RETURN, origin, n, tuple(b), name))
    place = origin
    t0, t1 = tuz
    pair = (t0, t1)
    seen: set[tuple[tuple[int, ...], int]] | None = None
    while True:
        if t0 < 0 and t1 < 0 and events is None:
            while n:
                place = nxt[place]
                b[place] += 1
                n -= 1
        else:
            while n:
                place = nxt[place]
                n -= 1
                if place in pair:
                    owner = 0 if place == t0 else 1
                    b[stores[owner]] += 1
                    if events is not None:
                        events.append(
                            Event(
                                EventKind.TUZDIK_DROP,
                                place,
                                n,
                                tuple(b),
                                SIDES[owner],
                                ((place, stores[owner], 1),),
                            )
                        )
                else:
                    b[place] += 1
                    if events is not None:
                        events.append(Event(EventKind.DROP, place, n, tuple(b), name))
        # The last stone fell at ``place``: which rule fires?
        if place in pair:
            if events is not None:
                events.append(
                    Event(
                        EventKind.LAST_IN_TUZDIK, place, 1, tuple(b), SIDES[0 if place == t0 else 1]
                    )
                )
            break
        count = b[place]
        if p.counts:  # Mangala II, IV
            if count in p.counts and (p.any_row or p.owner[place] != side):
                _chain_capture(b, p, place, own_store, events, name)
                break
            if p.relay and count > 1:
                key = (tuple(b), place)
                if seen is None:
                    seen = set()
                elif key in seen:  # the relay would go round for ever
                    if events is not None:
                        events.append(Event(EventKind.RELAY_LOOP, place, count, tuple(b), name))
                    _share_out(b, p, events)
                    if events is not None:
                        events.append(Event(EventKind.SET_OVER, None, 0, tuple(b), None))
                    return None
                seen.add(key)
                n = count
                b[place] = 0
                if events is not None:
                    events.append(Event(EventKind.RELAY, place, n, tuple(b), name))
                continue
            if events is not None:
                events.append(Event(EventKind.NO_CAPTURE, place, count, tuple(b), name))
            break
        if p.owner[place] != side:  # Toguz Korgool: the opponent's row
            if p.even and not count & 1:
                b[own_store] += count
                b[place] = 0
                if events is not None:
                    events.append(
                        Event(
                            EventKind.EVEN_CAPTURE,
                            place,
                            count,
                            tuple(b),
                            name,
                            ((place, own_store, count),),
                        )
                    )
            elif count == p.tuzdik and may_make_tuzdik(p, place, side, tuz):
                tuz[side] = place
                b[own_store] += count
                b[place] = 0
                if events is not None:
                    events.append(
                        Event(
                            EventKind.TUZDIK,
                            place,
                            count,
                            tuple(b),
                            name,
                            ((place, own_store, count),),
                        )
                    )
            elif events is not None:
                kind = EventKind.ODD if count & 1 else EventKind.NOTHING
                events.append(Event(kind, place, count, tuple(b), name))
        elif events is not None:
            events.append(Event(EventKind.NOTHING, place, count, tuple(b), name))
        break
    return _next_side(b, side, p, events)


def _chain_capture(
    b: list[int], p: Plan, place: int, own_store: int, events: list[Event] | None, name: Side | None
) -> None:
    """Take ``place`` (which holds a capturing count), the unbroken run of pits before it on
    the path holding such counts, and (Mangala IV) the pit opposite each; every count is read
    on the board as the sowing left it."""
    counts = p.counts
    run = [place]
    if p.run:
        q = p.prev_pit[place]
        while q != place and b[q] in counts:
            run.append(q)
            q = p.prev_pit[q]
    taken: list[int] = []
    for q in run:
        if q not in taken:
            taken.append(q)
        if p.with_opposite:
            o = p.opposite[q]
            assert o is not None
            if o not in taken:
                taken.append(o)
    moved = tuple((q, own_store, b[q]) for q in taken if b[q])
    total = 0
    for q, _, c in moved:
        total += c
        b[q] = 0
    b[own_store] += total
    if events is not None:
        events.append(Event(EventKind.CHAIN_CAPTURE, place, total, tuple(b), name, moved))


def _share_out(b: list[int], p: Plan, events: list[Event] | None) -> None:
    """Each side's stones go to the store of the player on whose side they lie."""
    moved = []
    for owner, r in enumerate(p.rows):
        store = p.stores[owner]
        for i in r:
            if b[i]:
                moved.append((i, store, b[i]))
                b[store] += b[i]
                b[i] = 0
    if events is not None and moved:
        events.append(
            Event(EventKind.SWEEP, None, sum(m[2] for m in moved), tuple(b), None, tuple(moved))
        )


def _next_side(b: list[int], side: int, p: Plan, events: list[Event] | None) -> int | None:
    """Who moves after ``side``'s move, or ``None`` when the game is over (with the events of
    the end)."""
    opp = 1 - side
    r = p.rows[opp]
    if p.passes:  # Mangala II, IV
        if any(b[r.start : r.stop]):
            return opp
        mine = p.rows[side]
        if any(b[mine.start : mine.stop]):
            if events is not None:
                events.append(Event(EventKind.PASS, None, 0, tuple(b), SIDES[opp]))
            return side
        if events is not None:
            events.append(Event(EventKind.SET_OVER, None, 0, tuple(b), None))
        return None
    threshold = p.threshold  # Toguz Korgool
    s0, s1 = p.stores
    if threshold and (b[s0] >= threshold or b[s1] >= threshold):
        if events is not None:
            winner = 0 if b[s0] >= threshold else 1
            store = p.stores[winner]
            events.append(Event(EventKind.WIN_THRESHOLD, store, b[store], tuple(b), SIDES[winner]))
            events.append(Event(EventKind.SET_OVER, None, 0, tuple(b), None))
        return None
    if any(b[r.start : r.stop]):
        return opp
    if events is not None:
        events.append(Event(EventKind.NO_MOVE, None, 0, tuple(b), SIDES[opp]))
    _share_out(b, p, events)
    if events is not None:
        events.append(Event(EventKind.SET_OVER, None, 0, tuple(b), None))
    return None


def repetition_end(
    board: tuple[int, ...], rules: Rules, cycle: int
) -> tuple[tuple[int, ...], list[Event]]:
    """The board after a game that repeated a position (``cycle`` moves after its first
    occurrence) stops: each side's stones to the player on whose side they lie; and the events
    that say so (``repetition``, the share-out, ``set_over``).

    >>> board, events = repetition_end((1, 0, 0, 0, 0, 0, 30, 0, 0, 0, 0, 0, 1, 40),
    ...                                Rules.mangala_ii(), 4)
    >>> board, [e.kind.value for e in events]
    ((0, 0, 0, 0, 0, 0, 31, 0, 0, 0, 0, 0, 0, 41), ['repetition', 'sweep', 'set_over'])
    """
    b = list(board)
    events = [Event(EventKind.REPETITION, None, cycle, tuple(b), None)]
    _share_out(b, plan(rules), events)
    events.append(Event(EventKind.SET_OVER, None, 0, tuple(b), None))
    return tuple(b), events


def leftmost(board: tuple[int, ...] | list[int], side: int, rules: Rules) -> int:
    """The pit number of ``side``'s leftmost pit holding stones (0 when the row is empty)."""
    r = rules.geometry.pit_ranges[side]
    for number, i in enumerate(r, start=1):
        if board[i]:
            return number
    return 0
