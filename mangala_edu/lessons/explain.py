"""Explain a move in words, in the learner's language, from its trace alone.

>>> from mangala_edu import Position
>>> print(explain(Position.start().trace(4), "en"))
South sowed pit 4 (4 stones). The last stone fell into South's own store: South plays again.
>>> print(explain(Position.start().trace(4), "tr"))
Güney 4. kuyuyu ekti (4 taş). Son taş Güney'in kendi hazinesine düştü: Güney bir daha oynar.
"""

from __future__ import annotations

from ..engine import MoveTrace
from ..i18n import t


def side_name(side: str, lang: str | None = None) -> str:
    """``Güney`` / ``South``."""
    return t(f"side.{side}", lang)


def _pit_of(trace: MoveTrace, place: int) -> tuple[str, int]:
    """(owner side, pit number) of a board index that is a pit."""
    m = trace.before.rules.pits
    return ("south", place + 1) if place < m else ("north", place - m)


def outcome_text(trace: MoveTrace, lang: str | None = None) -> str:
    """One sentence: where the last stone fell and which rule fired."""
    mover = trace.player
    other = "north" if mover == "south" else "south"
    outcome = trace.outcome
    event = next(e for e in trace.events if e.kind == outcome)
    words: dict[str, object] = {
        "mover": side_name(mover, lang), "mover_gen": t(f"side.{mover}.gen", lang),
        "other": side_name(other, lang), "other_gen": t(f"side.{other}.gen", lang),
        "count": event.count,
    }
    if outcome != "extra_turn":
        words["pit"] = _pit_of(trace, event.place)[1]  # type: ignore[arg-type]
    if outcome == "empty_capture":
        words["taken"] = event.count - 1
    if outcome == "extra_turn" and trace.after.is_over:
        outcome = "extra_turn_over"  # into the store, but the set ended: no more turns
    if outcome == "nothing" and event.place is not None:
        owner = trace.before.rules.geometry.owner[event.place]
        own = owner == (0 if mover == "south" else 1)
        if own and event.count % 2 == 0 and trace.before.rules.even_capture:
            outcome = "nothing_even"  # even, but in the mover's own pit: no capture
    return t(f"explain.{outcome}", lang, **words)


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
        text = t("explain.end_sweep", lang, taker=side_name(sweep.side, lang),
                 taker_gen=t(f"side.{sweep.side}.gen", lang), count=sweep.count)
    if result.winner == "draw":
        verdict = t("result.drawn", lang, **score)
    else:
        verdict = t("result.winner", lang, side=side_name(result.winner, lang), **score)
    return f"{text} {verdict}."


def explain(trace: MoveTrace, lang: str | None = None) -> str:
    """The move, the rule that fired at its last stone, and the end of the set if it came."""
    lifted = trace.events[0].count
    parts = [t("explain.move", lang, side=side_name(trace.player, lang), pit=trace.pit,
               count=lifted), outcome_text(trace, lang)]
    end = end_text(trace, lang)
    if end:
        parts.append(end)
    return " ".join(parts)
