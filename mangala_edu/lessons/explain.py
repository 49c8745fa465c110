"""Explain a move in words, in the learner's language, from its trace alone.

>>> from mangala_edu import Position
>>> print(explain(Position.start().trace(4), "en"))
South sowed pit 4 (4 stones). The last stone fell into South's own store: South plays again.
>>> print(explain(Position.start().trace(4), "tr"))
Güney 4. kuyuyu ekti (4 taş). Son taş Güney'in kendi hazinesine düştü: Güney bir daha oynar.

A lesson explains only the rules it has taught: before lesson 5 (the even capture) a last
stone in the opponent's pit is just a place, not an odd or even number.

>>> print(explain(Position.start().trace(5), "tr"))
Güney 5. kuyuyu ekti (4 taş). Son taş Kuzey'in 1. kuyusuna düştü ve sayıyı 5 yaptı; bu bir tek
sayı: hiçbir şey alınmaz.
>>> print(explain(Position.start().trace(5), "tr", lesson=1))
Güney 5. kuyuyu ekti (4 taş). Son taş Kuzey'in 1. kuyusuna düştü.

The family's games are explained with their own rules (relays, chain captures, the tuzdik,
passes and their endings):

>>> from mangala_edu import Rules
>>> pos = Position.from_text("0,0,0,0,0,0,0,0,3,10/1,2,0,0,0,0,0,0,0,0 S",
...                          Rules.toguz_korgool())
>>> print(explain(pos.trace(9), "en"))
South sowed pit 9 (3 stones). The last stone fell into North's pit 2 and made it exactly 3:
that pit is now South's tuzdik. South takes those 3 stones, and from now on every stone that
falls into it goes to South's kazan.
>>> print(explain(Position.start(Rules.mangala_iv()).trace(1), "tr"))
Güney 1. kuyuyu ekti (7 taş). Ekim 4 kez aktarıldı: son taşın 3, 5 ya da daha çok taşa
çıkardığı kuyu her seferinde alınıp ekildi. Son taş Güney'in 2. kuyusuna düştü ve sayıyı 2
yaptı: Güney bu kuyuyu karşısındaki kuyuyla birlikte alır, toplam 12 taş.
"""

from __future__ import annotations

from ..display.captions import place_message
from ..engine import SIDE_NAMES, EventKind, MoveTrace, other
from ..engine.geometry import SIDE_GENITIVES, Side
from ..i18n import Message, t

#: The sentence for each outcome :func:`refined_outcome` tells apart.
_OUTCOME_TEXTS: dict[str, str] = {
    "extra_turn": "explain.extra_turn",
    "extra_turn_over": "explain.extra_turn_over",
    "even_capture": "explain.even_capture",
    "odd": "explain.odd",
    "empty_capture": "explain.empty_capture",
    "empty_opposite_empty": "explain.empty_opposite_empty",
    "nothing": "explain.nothing",
    "nothing_even": "explain.nothing_even",
    # The family's games (Toguz Korgool, Mangala II, Mangala IV):
    "nothing_own": "explain.nothing_own",
    "tuzdik": "explain.tuzdik",
    "no_tuzdik_has_one": "explain.no_tuzdik_has_one",
    "no_tuzdik_last_pit": "explain.no_tuzdik_last_pit",
    "no_tuzdik_same_number": "explain.no_tuzdik_same_number",
    "last_in_tuzdik": "explain.last_in_tuzdik",
    "capture_one": "explain.capture_one",
    "capture_one_opposite": "explain.capture_one_opposite",
    "chain_capture": "explain.chain_capture",
    "chain_capture_opposite": "explain.chain_capture_opposite",
    "no_capture": "explain.no_capture",
    "no_capture_empty": "explain.no_capture_empty",
    "relay_loop": "explain.relay_loop",
    # Rules without the even capture (Kalah): a last stone in the opponent's pit takes nothing.
    "opponent_pit": "explain.opponent_pit",
}

#: Why a Toguz Korgool pit made exactly 3 did not become a tuzdik.
_NO_TUZDIK = {
    "has_one": "no_tuzdik_has_one",
    "last_pit": "no_tuzdik_last_pit",
    "same_number": "no_tuzdik_same_number",
}

#: The lesson that teaches the rule behind each outcome of a last stone ("nothing" speaks of
#: a pit that was not empty, which is the empty-pit rule's lesson; "nothing_even", an even
#: number in one's own pit, is the even capture's).
TAUGHT_IN = {
    "extra_turn": 4,
    "extra_turn_over": 4,
    "even_capture": 5,
    "odd": 5,
    "nothing_even": 5,
    "empty_capture": 6,
    "empty_opposite_empty": 6,
    "nothing": 6,
}


def untaught(lesson: int | None) -> frozenset[str]:
    """The outcomes that happen quietly on a board (nothing is taken) but whose rule ``lesson``
    has not taught yet: a board in that lesson does not name them.

    >>> sorted(untaught(1)), sorted(untaught(5)), sorted(untaught(None))
    (['empty_opposite_empty', 'odd'], ['empty_opposite_empty'], [])
    """
    if lesson is None:
        return frozenset()
    return frozenset(k for k in ("odd", "empty_opposite_empty") if TAUGHT_IN[k] > lesson)


def outcome_text(trace: MoveTrace, lang: str | None = None, lesson: int | None = None) -> str:
    """One sentence: where the last stone fell and which rule fired (in a ``lesson`` before
    the one that teaches that rule: only where it fell)."""
    mover = trace.player
    opponent = other(mover)
    outcome = refined_outcome(trace)
    rules = trace.before.rules
    if lesson is not None and TAUGHT_IN.get(outcome, 0) > lesson:
        return t("explain.landed", lang, place=place_message(trace.last_place, rules, "dat"))
    event = trace.outcome_event
    words: dict[str, object] = {
        "mover": SIDE_NAMES[mover],
        "mover_gen": SIDE_GENITIVES[mover],
        "other": SIDE_NAMES[opponent],
        "other_gen": SIDE_GENITIVES[opponent],
        "count": event.count,
    }
    if event.kind != EventKind.EXTRA_TURN and event.place is not None:
        words["pit"] = rules.geometry.place(event.place).number
    if event.kind == EventKind.EMPTY_CAPTURE:
        words["taken"] = event.count - 1
    if not rules.stores_on_path:
        _family_words(trace, words)
    return t(_OUTCOME_TEXTS[outcome], lang, **words)


def refined_outcome(trace: MoveTrace) -> str:
    """The outcome :func:`outcome_text` explains: ``trace.outcome``, or ``extra_turn_over``
    (the set ended) or ``nothing_even`` (an even number in the mover's own pit)."""
    event = trace.outcome_event
    if not trace.before.rules.stores_on_path:
        return _family_outcome(trace)
    if event.kind == EventKind.EXTRA_TURN and trace.after.is_over:
        return "extra_turn_over"
    rules = trace.before.rules
    if (
        not rules.even_capture
        and event.kind in (EventKind.ODD, EventKind.NOTHING)
        and event.place is not None
        and rules.geometry.side_of(event.place) != trace.player
    ):
        return "opponent_pit"
    if (
        event.kind == EventKind.NOTHING
        and event.place is not None
        and rules.geometry.side_of(event.place) == trace.player
        and event.count % 2 == 0
        and rules.even_capture
    ):
        return "nothing_even"
    return event.kind.value


def _family_outcome(trace: MoveTrace) -> str:
    """:func:`refined_outcome` in the family's games: a capture of one pit or of a run (with
    the pits opposite), a last stone in an empty pit, a pit made 3 that could not become a
    tuzdik (and why), a last stone in one's own row."""
    event = trace.outcome_event
    rules = trace.before.rules
    kind = event.kind
    if kind == EventKind.NOTHING:
        return "nothing_own"
    if kind == EventKind.CHAIN_CAPTURE:
        if not rules.capture_opposite:
            return "capture_one" if len(event.moved) <= 1 else "chain_capture"
        # With the pits opposite, one pit taken moves two places.
        return "capture_one_opposite" if len(event.moved) <= 2 else "chain_capture_opposite"
    if kind == EventKind.NO_CAPTURE and event.count == 1:
        return "no_capture_empty"
    if kind == EventKind.ODD and rules.tuzdik and event.count == rules.tuzdik:
        reason = _no_tuzdik_reason(trace)
        if reason is not None:
            return _NO_TUZDIK[reason]
    return kind.value


def _family_words(trace: MoveTrace, words: dict[str, object]) -> None:
    """Add the words the family's outcomes need to ``words``."""
    event = trace.outcome_event
    rules = trace.before.rules
    if event.place is not None and rules.geometry.owner[event.place] is not None:
        owner: Side = rules.geometry.side_of(event.place)
        words["owner_gen"] = SIDE_GENITIVES[owner]
    if event.kind == EventKind.LAST_IN_TUZDIK and event.side is not None:
        words["owner_gen"] = SIDE_GENITIVES[event.side]
    if event.kind in (EventKind.CHAIN_CAPTURE, EventKind.NO_CAPTURE):
        counts = [str(c) for c in rules.capture_counts]
        words["counts"] = (
            counts[0]
            if len(counts) == 1
            else Message("explain.counts_or", first=", ".join(counts[:-1]), last=counts[-1])
        )
    if event.kind == EventKind.CHAIN_CAPTURE:
        words["pits"] = len(event.moved)
        words["made"] = next((c for p, _, c in event.moved if p == event.place), event.count)


def _no_tuzdik_reason(trace: MoveTrace) -> str | None:
    """Why the pit the last stone made exactly 3 did not become the mover's tuzdik."""
    place = trace.outcome_event.place
    before = trace.before
    if place is None:
        return None
    if before.tuzdik(trace.player) is not None:
        return "has_one"
    number = before.rules.geometry.place(place).number
    if number == before.rules.pits:
        return "last_pit"
    if before.tuzdik(other(trace.player)) == number:
        return "same_number"
    return None


def steps_text(trace: MoveTrace, lang: str | None = None) -> str | None:
    """What happened between the lift and the last stone in the family's games: relays and
    stones falling into a tuzdik (``None`` when nothing of the kind happened)."""
    parts = []
    relays = sum(1 for e in trace.events if e.kind == EventKind.RELAY)
    if relays:
        parts.append(t("explain.relays", lang, count=relays))
    # (the last stone, when it falls into a tuzdik, is told by the outcome)
    into = sum(1 for e in trace.events if e.kind == EventKind.TUZDIK_DROP and e.count)
    if into:
        parts.append(t("explain.tuzdik_drops", lang, count=into))
    return " ".join(parts) or None


def pass_text(trace: MoveTrace, lang: str | None = None) -> str | None:
    """The pass in this move, if the opponent had no stone left in their row."""
    if not trace.passes:
        return None
    opponent = other(trace.player)
    return t("explain.pass", lang, mover=SIDE_NAMES[trace.player], other=SIDE_NAMES[opponent])


def end_text(trace: MoveTrace, lang: str | None = None) -> str | None:
    """What the end of the set did, if this move ended it."""
    result = trace.after.result
    if result is None:
        return None
    sweep = trace.sweep
    kinds = {e.kind: e for e in trace.events}
    if EventKind.WIN_THRESHOLD in kinds:
        event = kinds[EventKind.WIN_THRESHOLD]
        assert event.side is not None
        text = t(
            "explain.end_threshold",
            lang,
            side=SIDE_NAMES[event.side],
            side_gen=SIDE_GENITIVES[event.side],
            count=event.count,
            threshold=trace.before.rules.win_threshold,
        )
    elif EventKind.NO_MOVE in kinds:
        event = kinds[EventKind.NO_MOVE]
        assert event.side is not None
        text = t(
            "explain.end_no_move",
            lang,
            side=SIDE_NAMES[event.side],
            count=sweep.count if sweep else 0,
        )
    elif EventKind.REPETITION in kinds:
        text = t(
            "explain.end_repetition",
            lang,
            count=kinds[EventKind.REPETITION].count,
            stones=sweep.count if sweep else 0,
        )
    elif EventKind.RELAY_LOOP in kinds:
        text = t("explain.end_relay_loop", lang, count=sweep.count if sweep else 0)
    elif trace.before.rules.passes:
        text = t("explain.end_board_empty", lang)
    elif sweep is None:
        text = t("explain.end_empty", lang)
    elif sweep.side is None:
        text = t("explain.end_own_side", lang, count=sweep.count)
    else:
        text = t(
            "explain.end_sweep",
            lang,
            taker=SIDE_NAMES[sweep.side],
            taker_gen=SIDE_GENITIVES[sweep.side],
            count=sweep.count,
        )
    if result.winner == "draw":
        verdict = t("result.drawn", lang, south=result.south, north=result.north)
    else:
        won, lost = sorted((result.south, result.north), reverse=True)
        verdict = t("result.winner", lang, side=SIDE_NAMES[result.winner], won=won, lost=lost)
    return f"{text} {verdict}."


def explain(trace: MoveTrace, lang: str | None = None, lesson: int | None = None) -> str:
    """The move, the rule that fired at its last stone, and the end of the set if it came;
    in ``lesson``, only the rules taught so far (see :data:`TAUGHT_IN`)."""
    lifted = trace.events[0].count
    parts = [t("explain.move", lang, side=SIDE_NAMES[trace.player], pit=trace.pit, count=lifted)]
    steps = steps_text(trace, lang)
    if steps:
        parts.append(steps)
    parts.append(outcome_text(trace, lang, lesson))
    passed = pass_text(trace, lang)
    if passed:
        parts.append(passed)
    end = end_text(trace, lang)
    if end:
        parts.append(end)
    return " ".join(parts)
