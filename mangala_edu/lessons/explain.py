"""Explain a move in words, in the learner's language, from its trace alone.

>>> from mangala_edu import Position
>>> print(explain(Position.start().trace(4), "en"))
South sowed pit 4 (4 stones). The last stone fell into South's own store: South plays again.
>>> print(explain(Position.start().trace(4), "tr"))
Güney 4. kuyuyu ekti (4 taş). Son taş Güney'in kendi hazinesine düştü: Güney bir daha oynar.
"""

from __future__ import annotations

from ..engine import SIDE_NAMES, EventKind, MoveTrace, other
from ..engine.geometry import SIDE_GENITIVES
from ..i18n import t

#: The sentence for each rule that can fire at the last stone.
_OUTCOME_TEXTS: dict[EventKind, str] = {
    EventKind.EXTRA_TURN: "explain.extra_turn",
    EventKind.EVEN_CAPTURE: "explain.even_capture",
    EventKind.ODD: "explain.odd",
    EventKind.EMPTY_CAPTURE: "explain.empty_capture",
    EventKind.EMPTY_OPPOSITE_EMPTY: "explain.empty_opposite_empty",
    EventKind.NOTHING: "explain.nothing",
}


def outcome_text(trace: MoveTrace, lang: str | None = None) -> str:
    """One sentence: where the last stone fell and which rule fired."""
    mover = trace.player
    opponent = other(mover)
    event = trace.outcome_event
    outcome = event.kind
    words: dict[str, object] = {
        "mover": SIDE_NAMES[mover], "mover_gen": SIDE_GENITIVES[mover],
        "other": SIDE_NAMES[opponent], "other_gen": SIDE_GENITIVES[opponent],
        "count": event.count,
    }
    key = _OUTCOME_TEXTS[outcome]
    if outcome != EventKind.EXTRA_TURN and event.place is not None:
        words["pit"] = trace.before.rules.geometry.place(event.place).number
    if outcome == EventKind.EMPTY_CAPTURE:
        words["taken"] = event.count - 1
    if outcome == EventKind.EXTRA_TURN and trace.after.is_over:
        key = "explain.extra_turn_over"  # into the store, but the set ended: no more turns
    if outcome == EventKind.NOTHING and event.place is not None:
        own = trace.before.rules.geometry.side_of(event.place) == mover
        if own and event.count % 2 == 0 and trace.before.rules.even_capture:
            key = "explain.nothing_even"  # even, but in the mover's own pit: no capture
    return t(key, lang, **words)


def end_text(trace: MoveTrace, lang: str | None = None) -> str | None:
    """What the end of the set did, if this move ended it."""
    result = trace.after.result
    if result is None:
        return None
    score = {"south": result.south, "north": result.north}
    sweep = trace.sweep
    if sweep is None:
        text = t("explain.end_empty", lang)
    elif sweep.side is None:
        text = t("explain.end_own_side", lang, count=sweep.count)
    else:
        text = t("explain.end_sweep", lang, taker=SIDE_NAMES[sweep.side],
                 taker_gen=SIDE_GENITIVES[sweep.side], count=sweep.count)
    if result.winner == "draw":
        verdict = t("result.drawn", lang, **score)
    else:
        verdict = t("result.winner", lang, side=SIDE_NAMES[result.winner], **score)
    return f"{text} {verdict}."


def explain(trace: MoveTrace, lang: str | None = None) -> str:
    """The move, the rule that fired at its last stone, and the end of the set if it came."""
    lifted = trace.events[0].count
    parts = [t("explain.move", lang, side=SIDE_NAMES[trace.player], pit=trace.pit,
               count=lifted), outcome_text(trace, lang)]
    end = end_text(trace, lang)
    if end:
        parts.append(end)
    return " ".join(parts)

