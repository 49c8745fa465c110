"""Words for what happens in a move: one caption per trace event, from the catalogues.

The interactive board shows these while it animates a move; they are plain text, so a terminal
can print them too.

>>> from mangala_edu import Position
>>> trace = Position.from_text("0,0,0,0,0,3,0/4,4,4,4,4,5,0 S").trace(6)
>>> for line in trace_captions(trace, "en"):
...     print(line)
3 stones lifted from pit 6
First stone back into pit 6
South's store: one stone dropped, 1 left in hand
North pit 1: the last stone is dropped
Odd number (5): nothing is captured
>>> outcome_caption(Position.start().trace(4), "tr")
'Son taş kendi hazinende: bir daha oyna!'

The family's events have captions too (a relay, a chain capture, a tuzdik, a pass, the
endings):

>>> from mangala_edu import Rules
>>> pos = Position.from_text("0,0,0,0,0,0,0,0,3,10/1,2,0,0,0,0,0,0,0,0 S",
...                          Rules.toguz_korgool())
>>> trace_captions(pos.trace(9), "en")[-1]
"Tuzdik! North pit 2 is now South's tuzdik: its 3 stones are captured"
>>> pos = Position.from_text("0,0,0,0,0,1,30/1,0,0,0,0,0,40 S", Rules.mangala_ii())
>>> for part in outcome_caption(pos.trace(6), "tr").split(" · "):
...     print(part)
Yakalama: Kuzey 1. kuyu, 2 taş: hepsi alındı
Tahtada taş kalmadı: oyun bitti
Kuzey kazandı: 40–32
"""

from __future__ import annotations

from collections.abc import Collection

from ..engine import SIDE_NAMES, Event, EventKind, MoveTrace, Rules, other
from ..engine.geometry import SIDE_GENITIVES
from ..engine.trace import ENDINGS, OUTCOMES
from ..i18n import Message, get_language, t
from .svg import status_text

#: How a place is named: as itself, or (``"dat"``) as where something falls ("into ...").
_PLACE_KEYS = {"": ("place.pit", "place.store"), "dat": ("place.pit.dat", "place.store.dat")}


def place_message(index: int, rules: Rules, case: str = "") -> Message:
    """A board index in words, in no language yet (see :func:`place_name`)."""
    side, number = rules.geometry.place(index)
    pit_key, store_key = _PLACE_KEYS[case]
    if number == 0:
        return Message(store_key, side=SIDE_NAMES[side], side_gen=SIDE_GENITIVES[side])
    return Message(pit_key, side=SIDE_NAMES[side], side_gen=SIDE_GENITIVES[side], pit=number)


def place_name(index: int, rules: Rules, lang: str | None = None, case: str = "") -> str:
    """A board index in words: ``"Kuzey 3. kuyu"``, ``"South's store"``; with
    ``case="dat"``, as the place something falls into: ``"Kuzey'in 3. kuyusuna"``.

    >>> place_name(9, Rules.official(), "tr"), place_name(6, Rules.official(), "en")
    ('Kuzey 3. kuyu', "South's store")
    >>> place_name(9, Rules.official(), "tr", "dat"), place_name(13, Rules.official(), "tr", "dat")
    ("Kuzey'in 3. kuyusuna", "Kuzey'in hazinesine")
    """
    return place_message(index, rules, case).text(lang)


#: The caption of each kind of event that needs at most the event's count.
_CAPTIONS: dict[EventKind, str] = {
    EventKind.SKIP: "event.skip",
    EventKind.EXTRA_TURN: "event.extra_turn",
    EventKind.EVEN_CAPTURE: "event.even_capture",
    EventKind.ODD: "event.odd",
    EventKind.EMPTY_CAPTURE: "event.empty_capture",
    EventKind.EMPTY_OPPOSITE_EMPTY: "event.empty_opposite_empty",
    EventKind.NOTHING: "event.nothing",
    EventKind.NO_CAPTURE: "event.no_capture",
    EventKind.RELAY_LOOP: "event.relay_loop",
    EventKind.REPETITION: "event.repetition",
}

#: The kinds :func:`outcome_caption` tells: the rule at the last stone (a pass too) and the
#: end of the set or game.
_OUTCOME_CAPTIONS = OUTCOMES | {EventKind.PASS} | ENDINGS


def event_caption(
    event: Event, trace: MoveTrace, lang: str | None = None, plain: Collection[str] = ()
) -> str:
    """The caption of one event of ``trace``; an outcome in ``plain`` (one whose rule a lesson
    has not taught yet, such as ``"odd"``) only says that nothing happened.

    >>> from mangala_edu import Position
    >>> trace = Position.start().trace(5)
    >>> event_caption(trace.events[-1], trace, "tr"), event_caption(trace.events[-1], trace,
    ...                                                             "tr", plain={"odd"})
    ('Tek sayı (5): hiçbir şey alınmaz', 'Hiçbir şey olmadı: sıra rakibe geçer')
    """
    lang = lang or get_language()
    kind = event.kind
    if kind in plain:
        return t("event.nothing", lang)
    if kind == EventKind.LIFT:
        return t("event.lift", lang, pit=trace.pit, count=event.count)
    if kind == EventKind.RETURN:
        return t("event.return", lang, pit=trace.pit)
    if kind == EventKind.DROP and event.place is not None:
        place = place_message(event.place, trace.before.rules)
        if event.count == 0:
            return t("event.drop_last", lang, place=place)
        return t("event.drop", lang, place=place, count=event.count)
    if kind == EventKind.SWEEP:
        if event.side is None:
            return t(_own_side_key(trace.before.rules), lang)
        return t("event.sweep", lang, side=SIDE_NAMES[event.side], count=event.count)
    if kind == EventKind.SET_OVER:
        if (
            trace.before.rules.passes
            and not trace.after.stones_on_board
            and not any(e.kind == EventKind.SWEEP for e in trace.events)
        ):
            return f"{t('event.board_empty', lang)} · {status_text(trace.after, lang)}"
        return status_text(trace.after, lang)
    family = _family_caption(event, trace, lang)
    if family is not None:
        return family
    return t(_CAPTIONS[kind], lang, count=event.count)


def _own_side_key(rules: Rules) -> str:
    """The caption of "each keeps their own side" in the game's own words: into the store
    (Mangala, Kalah), into the kazan (Toguz Korgool), or just taken (the storeless games)."""
    if rules.stores_on_path:
        return "event.own_side"
    return "event.own_side.kazan" if rules.win_threshold else "event.own_side.storeless"


def _family_caption(event: Event, trace: MoveTrace, lang: str) -> str | None:
    """The caption of an event of the family's games that needs more than its count (a place,
    a side), or ``None``."""
    kind = event.kind
    rules = trace.before.rules
    side = event.side
    if kind == EventKind.TUZDIK_DROP and event.place is not None and side is not None:
        key = "event.tuzdik_drop_last" if event.count == 0 else "event.tuzdik_drop"
        return t(
            key,
            lang,
            place=place_message(event.place, rules),
            owner=SIDE_GENITIVES[side],
            count=event.count,
        )
    if kind == EventKind.LAST_IN_TUZDIK and side is not None:
        return t("event.last_in_tuzdik", lang, owner=SIDE_GENITIVES[side])
    if kind == EventKind.TUZDIK and event.place is not None:
        return t(
            "event.tuzdik",
            lang,
            place=place_message(event.place, rules),
            mover=SIDE_GENITIVES[trace.player],
            count=event.count,
        )
    if kind == EventKind.RELAY and event.place is not None:
        return t("event.relay", lang, place=place_message(event.place, rules), count=event.count)
    if kind == EventKind.CHAIN_CAPTURE and event.place is not None:
        pits = len(event.moved)
        if pits <= 1:
            return t(
                "event.capture_one",
                lang,
                place=place_message(event.place, rules),
                count=event.count,
            )
        return t("event.chain_capture", lang, pits=pits, count=event.count)
    if kind == EventKind.PASS and side is not None:
        return t("event.pass", lang, side=SIDE_NAMES[side], other=SIDE_NAMES[other(side)])
    if kind == EventKind.WIN_THRESHOLD and side is not None:
        return t(
            "event.win_threshold",
            lang,
            side=SIDE_GENITIVES[side],
            count=event.count,
            threshold=rules.win_threshold,
        )
    if kind == EventKind.NO_MOVE and side is not None:
        return t("event.no_move", lang, side=SIDE_NAMES[side])
    return None


def trace_captions(
    trace: MoveTrace, lang: str | None = None, plain: Collection[str] = ()
) -> list[str]:
    """One caption for each event of ``trace``, in order (``plain``: see
    :func:`event_caption`)."""
    return [event_caption(e, trace, lang, plain) for e in trace.events]


def outcome_caption(trace: MoveTrace, lang: str | None = None, plain: Collection[str] = ()) -> str:
    """What the last stone did (and, when the set ended, the sweep and the result)."""
    events = [e for e in trace.events if e.kind in _OUTCOME_CAPTIONS]
    if trace.after.is_over and events and events[0].kind == EventKind.EXTRA_TURN:
        events = events[1:]  # no "play again" once the set is over
    return " · ".join(event_caption(e, trace, lang, plain) for e in events)
