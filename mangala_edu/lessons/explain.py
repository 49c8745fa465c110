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

from ..display.captions import place_name
from ..engine import MoveTrace
from ..i18n import t

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


def side_name(side: str, lang: str | None = None) -> str:
    """``Güney`` / ``South``."""
    return t(f"side.{side}", lang)


def _pit_of(trace: MoveTrace, place: int) -> tuple[str, int]:
    """(owner side, pit number) of a board index that is a pit."""
    m = trace.before.rules.pits
    return ("south", place + 1) if place < m else ("north", place - m)


def outcome_text(trace: MoveTrace, lang: str | None = None, lesson: int | None = None) -> str:
    """One sentence: where the last stone fell and which rule fired (in a ``lesson`` before
    the one that teaches that rule: only where it fell)."""
    mover = trace.player
    other = "north" if mover == "south" else "south"
    outcome = refined_outcome(trace)
    if lesson is not None and TAUGHT_IN.get(outcome, 0) > lesson:
        return t("explain.landed", lang,
                 place=place_name(trace.last_place, trace.before.rules, lang, "dat"))
    event = next(e for e in trace.events if e.kind == trace.outcome)
    words: dict[str, object] = {
        "mover": side_name(mover, lang), "mover_gen": t(f"side.{mover}.gen", lang),
        "other": side_name(other, lang), "other_gen": t(f"side.{other}.gen", lang),
        "count": event.count,
    }
    if trace.outcome != "extra_turn":
        words["pit"] = _pit_of(trace, event.place)[1]  # type: ignore[arg-type]
    if outcome == "empty_capture":
        words["taken"] = event.count - 1
    return t(f"explain.{outcome}", lang, **words)


def refined_outcome(trace: MoveTrace) -> str:
    """The outcome :func:`outcome_text` explains: ``trace.outcome``, or ``extra_turn_over``
    (the set ended) or ``nothing_even`` (an even number in the mover's own pit)."""
    outcome = trace.outcome
    if outcome == "extra_turn" and trace.after.is_over:
        return "extra_turn_over"
    if outcome == "nothing":
        event = next(e for e in trace.events if e.kind == outcome)
        mover = 0 if trace.player == "south" else 1
        rules = trace.before.rules
        if (event.place is not None and rules.geometry.owner[event.place] == mover
                and event.count % 2 == 0 and rules.even_capture):
            return "nothing_even"
    return outcome


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
        won, lost = sorted(score.values(), reverse=True)
        verdict = t("result.winner", lang, side=side_name(result.winner, lang), won=won,
                    lost=lost)
    return f"{text} {verdict}."


def explain(trace: MoveTrace, lang: str | None = None, lesson: int | None = None) -> str:
    """The move, the rule that fired at its last stone, and the end of the set if it came;
    in ``lesson``, only the rules taught so far (see :data:`TAUGHT_IN`)."""
    lifted = trace.events[0].count
    parts = [t("explain.move", lang, side=side_name(trace.player, lang), pit=trace.pit,
               count=lifted), outcome_text(trace, lang, lesson)]
    end = end_text(trace, lang)
    if end:
        parts.append(end)
    return " ".join(parts)
