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
sayı: bir şey alınmaz.
>>> print(explain(Position.start().trace(5), "tr", lesson=1))
Güney 5. kuyuyu ekti (4 taş). Son taş Kuzey'in 1. kuyusuna düştü.
"""

from __future__ import annotations

from ..display.captions import place_message
from ..engine import SIDE_NAMES, EventKind, MoveTrace, other
from ..engine.geometry import SIDE_GENITIVES
from ..i18n import t

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
}

#: The lesson that teaches the rule behind each outcome of a last stone ("nothing" speaks of
#: a pit that was not empty, which is the empty-pit rule's lesson; "nothing_even", an even
#: number in one's own pit, is the even capture's).
TAUGHT_IN = {"extra_turn": 4, "extra_turn_over": 4, "even_capture": 5, "odd": 5,
             "nothing_even": 5, "empty_capture": 6, "empty_opposite_empty": 6, "nothing": 6}


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
        "mover": SIDE_NAMES[mover], "mover_gen": SIDE_GENITIVES[mover],
        "other": SIDE_NAMES[opponent], "other_gen": SIDE_GENITIVES[opponent],
        "count": event.count,
    }
    if event.kind != EventKind.EXTRA_TURN and event.place is not None:
        words["pit"] = rules.geometry.place(event.place).number
    if event.kind == EventKind.EMPTY_CAPTURE:
        words["taken"] = event.count - 1
    return t(_OUTCOME_TEXTS[outcome], lang, **words)


def refined_outcome(trace: MoveTrace) -> str:
    """The outcome :func:`outcome_text` explains: ``trace.outcome``, or ``extra_turn_over``
    (the set ended) or ``nothing_even`` (an even number in the mover's own pit)."""
    event = trace.outcome_event
    if event.kind == EventKind.EXTRA_TURN and trace.after.is_over:
        return "extra_turn_over"
    if event.kind == EventKind.NOTHING:
        rules = trace.before.rules
        if (event.place is not None and rules.geometry.side_of(event.place) == trace.player
                and event.count % 2 == 0 and rules.even_capture):
            return "nothing_even"
    return event.kind.value


def end_text(trace: MoveTrace, lang: str | None = None) -> str | None:
    """What the end of the set did, if this move ended it."""
    result = trace.after.result
    if result is None:
        return None
    sweep = trace.sweep
    if sweep is None:
        text = t("explain.end_empty", lang)
    elif sweep.side is None:
        text = t("explain.end_own_side", lang, count=sweep.count)
    else:
        text = t("explain.end_sweep", lang, taker=SIDE_NAMES[sweep.side],
                 taker_gen=SIDE_GENITIVES[sweep.side], count=sweep.count)
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
    parts = [t("explain.move", lang, side=SIDE_NAMES[trace.player], pit=trace.pit,
               count=lifted), outcome_text(trace, lang, lesson)]
    end = end_text(trace, lang)
    if end:
        parts.append(end)
    return " ".join(parts)
