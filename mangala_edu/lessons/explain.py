"""Explain a move in words, in the learner's language, from its trace alone.

>>> from mangala_edu import Position
>>> print(explain(Position.start().trace(4), "en"))
South sowed pit 4 (4 stones). The last stone fell into South's own store: South plays again.
>>> print(explain(Position.start().trace(4), "tr"))
Güney 4. kuyuyu ekti (4 taş). Son taş Güney'in kendi hazinesine düştü: Güney bir daha oynar.

The family's games are explained with their own rules (relays, chain captures, the tuzdik,
passes and their endings):

>>> from mangala_edu import Rules
>>> pos = Position.from_text("0,0,0,0,0,0,0,0,3,10/1,2,0,0,0,0,0,0,0,0 S",
...                          Rules.toguz_korgool())
>>> print(explain(pos.trace(9), "en"))
South sowed pit 9 (3 stones). The last stone fell into North's pit 2 and made it exactly 3:
that pit is now South's tuzdik. South takes those 3 stones, and from now on every stone that
falls into it goes to South's store.
>>> print(explain(Position.start(Rules.mangala_iv()).trace(1), "tr"))
Güney 1. kuyuyu ekti (7 taş). Ekim 4 kez aktarıldı: son taşın 3, 5 ya da daha çok taşa
çıkardığı kuyu her seferinde alınıp ekildi. Son taş Güney'in 2. kuyusuna düştü ve sayıyı 2
yaptı: Güney bu kuyuyu ve ondan hemen önce gelen, yine 2 ya da 4 taşlı kuyuları, her birini
karşısındaki kuyuyla birlikte alır; 2 kuyudan toplam 12 taş.
"""

from __future__ import annotations

from ..engine import SIDE_NAMES, EventKind, MoveTrace, other
from ..engine.geometry import SIDE_GENITIVES, Side
from ..i18n import Message, t

#: The sentence for each rule that can fire at the last stone.
_OUTCOME_TEXTS: dict[EventKind, str] = {
    EventKind.EXTRA_TURN: "explain.extra_turn",
    EventKind.EVEN_CAPTURE: "explain.even_capture",
    EventKind.ODD: "explain.odd",
    EventKind.EMPTY_CAPTURE: "explain.empty_capture",
    EventKind.EMPTY_OPPOSITE_EMPTY: "explain.empty_opposite_empty",
    EventKind.NOTHING: "explain.nothing",
    EventKind.TUZDIK: "explain.tuzdik",
    EventKind.LAST_IN_TUZDIK: "explain.last_in_tuzdik",
    EventKind.CHAIN_CAPTURE: "explain.chain_capture",
    EventKind.NO_CAPTURE: "explain.no_capture",
    EventKind.RELAY_LOOP: "explain.relay_loop",
}

#: Why a Toguz Korgool pit made exactly 3 did not become a tuzdik.
_NO_TUZDIK_TEXTS = {"has_one": "explain.no_tuzdik_has_one",
                    "last_pit": "explain.no_tuzdik_last_pit",
                    "same_number": "explain.no_tuzdik_same_number"}


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
        if trace.before.rules.family:
            key = "explain.nothing_own"   # Toguz Korgool: nothing happens in one's own row
        elif own and event.count % 2 == 0 and trace.before.rules.even_capture:
            key = "explain.nothing_even"  # even, but in the mover's own pit: no capture
    if trace.before.rules.family:
        key = _family_words(trace, words, key)
    return t(key, lang, **words)


def _family_words(trace: MoveTrace, words: dict[str, object], key: str) -> str:
    """Add the words the family's outcomes need to ``words``; return the key to use."""
    event = trace.outcome_event
    rules = trace.before.rules
    if event.place is not None and rules.geometry.owner[event.place] is not None:
        owner: Side = rules.geometry.side_of(event.place)
        words["owner_gen"] = SIDE_GENITIVES[owner]
    if event.kind == EventKind.LAST_IN_TUZDIK and event.side is not None:
        words["owner_gen"] = SIDE_GENITIVES[event.side]
    if event.kind in (EventKind.CHAIN_CAPTURE, EventKind.NO_CAPTURE):
        counts = [str(c) for c in rules.capture_counts]
        words["counts"] = counts[0] if len(counts) == 1 else Message(
            "explain.counts_or", first=", ".join(counts[:-1]), last=counts[-1])
    if event.kind == EventKind.CHAIN_CAPTURE:
        words["pits"] = len(event.moved)
        words["made"] = next((c for p, _, c in event.moved if p == event.place), event.count)
        if len(event.moved) <= 1:
            return "explain.capture_one"
        if rules.capture_opposite:
            return "explain.chain_capture_opposite"
    if event.kind == EventKind.NO_CAPTURE and event.count == 1:
        return "explain.no_capture_empty"
    if event.kind == EventKind.ODD and event.count == rules.tuzdik and rules.tuzdik:
        reason = _no_tuzdik_reason(trace)
        if reason is not None:
            return _NO_TUZDIK_TEXTS[reason]
    return key


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
    score = {"south": result.south, "north": result.north}
    sweep = trace.sweep
    kinds = {e.kind: e for e in trace.events}
    if EventKind.WIN_THRESHOLD in kinds:
        event = kinds[EventKind.WIN_THRESHOLD]
        assert event.side is not None
        text = t("explain.end_threshold", lang, side=SIDE_NAMES[event.side],
                 side_gen=SIDE_GENITIVES[event.side], count=event.count,
                 threshold=trace.before.rules.win_threshold)
    elif EventKind.NO_MOVE in kinds:
        event = kinds[EventKind.NO_MOVE]
        assert event.side is not None
        text = t("explain.end_no_move", lang, side=SIDE_NAMES[event.side],
                 count=sweep.count if sweep else 0)
    elif EventKind.REPETITION in kinds:
        text = t("explain.end_repetition", lang, count=kinds[EventKind.REPETITION].count,
                 stones=sweep.count if sweep else 0)
    elif EventKind.RELAY_LOOP in kinds:
        text = t("explain.end_relay_loop", lang, count=sweep.count if sweep else 0)
    elif trace.before.rules.passes:
        text = t("explain.end_board_empty", lang)
    elif sweep is None:
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
               count=lifted)]
    steps = steps_text(trace, lang)
    if steps:
        parts.append(steps)
    parts.append(outcome_text(trace, lang))
    passed = pass_text(trace, lang)
    if passed:
        parts.append(passed)
    end = end_text(trace, lang)
    if end:
        parts.append(end)
    return " ".join(parts)

