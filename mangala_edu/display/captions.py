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
"""

from __future__ import annotations

from collections.abc import Collection

from ..engine import Event, MoveTrace, Rules
from ..i18n import get_language, t
from .svg import status_text


def place_name(index: int, rules: Rules, lang: str | None = None, case: str = "") -> str:
    """A board index in words: ``"Kuzey 3. kuyu"``, ``"South's store"``; with
    ``case="dat"``, as the place something falls into: ``"Kuzey'in 3. kuyusuna"``.

    >>> place_name(9, Rules.official(), "tr"), place_name(6, Rules.official(), "en")
    ('Kuzey 3. kuyu', "South's store")
    >>> place_name(9, Rules.official(), "tr", "dat"), place_name(13, Rules.official(), "tr", "dat")
    ("Kuzey'in 3. kuyusuna", "Kuzey'in hazinesine")
    """
    g = rules.geometry
    suffix = f".{case}" if case else ""
    if index in g.stores:
        side = "south" if index == g.stores[0] else "north"
        return t(f"place.store{suffix}", lang, side=t(f"side.{side}", lang),
                 side_gen=t(f"side.{side}.gen", lang))
    owner = g.owner[index]
    side = "south" if owner == 0 else "north"
    pit = index + 1 if owner == 0 else index - rules.pits
    return t(f"place.pit{suffix}", lang, side=t(f"side.{side}", lang),
             side_gen=t(f"side.{side}.gen", lang), pit=pit)


def event_caption(event: Event, trace: MoveTrace, lang: str | None = None,
                  plain: Collection[str] = ()) -> str:
    """The caption of one event of ``trace``; an outcome in ``plain`` (one whose rule a lesson
    has not taught yet, such as ``"odd"``) only says that nothing happened.

    >>> from mangala_edu import Position
    >>> trace = Position.start().trace(5)
    >>> event_caption(trace.events[-1], trace, "tr"), event_caption(trace.events[-1], trace,
    ...                                                             "tr", plain={"odd"})
    ('Tek sayı (5): bir şey alınmaz', 'Bir şey olmadı: sıra rakibe geçer')
    """
    lang = lang or get_language()
    kind = event.kind
    if kind in plain:
        return t("event.nothing", lang)
    rules = trace.before.rules
    if kind == "lift":
        return t("event.lift", lang, pit=trace.pit, count=event.count)
    if kind == "return":
        return t("event.return", lang, pit=trace.pit)
    if kind == "drop":
        place = place_name(event.place, rules, lang)  # type: ignore[arg-type]
        if event.count == 0:
            return t("event.drop_last", lang, place=place)
        return t("event.drop", lang, place=place, count=event.count)
    if kind == "skip":
        return t("event.skip", lang)
    if kind == "sweep":
        if event.side is None:
            return t("event.own_side", lang)
        return t("event.sweep", lang, side=t(f"side.{event.side}", lang), count=event.count)
    if kind == "set_over":
        return status_text(trace.after, lang)
    if kind in ("extra_turn", "empty_opposite_empty", "nothing"):
        return t(f"event.{kind}", lang)
    return t(f"event.{kind}", lang, count=event.count)   # even_capture, odd, empty_capture


def trace_captions(trace: MoveTrace, lang: str | None = None,
                   plain: Collection[str] = ()) -> list[str]:
    """One caption for each event of ``trace``, in order (``plain``: see
    :func:`event_caption`)."""
    return [event_caption(e, trace, lang, plain) for e in trace.events]


def outcome_caption(trace: MoveTrace, lang: str | None = None,
                    plain: Collection[str] = ()) -> str:
    """What the last stone did (and, when the set ended, the sweep and the result)."""
    parts = [event_caption(e, trace, lang, plain) for e in trace.events
             if e.kind in ("extra_turn", "even_capture", "odd", "empty_capture",
                           "empty_opposite_empty", "nothing", "sweep", "set_over")]
    if trace.after.is_over and parts and parts[0] == t("event.extra_turn", lang):
        parts = parts[1:]     # no "play again" once the set is over
    return " · ".join(parts)
