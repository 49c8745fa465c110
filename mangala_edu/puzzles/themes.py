"""Puzzle themes: what a puzzle is about, tagged automatically from its line's move traces.

Each theme has a name and a one-line description in both languages (catalogue keys in
:data:`THEMES`). :func:`tag_themes` reads a line (the start position and the moves) and the
solver's facts already in the puzzle (the values of the first step), never a guess:

==============================  ===================================================================
``even_capture``                a learner's move makes an opponent's pit even and takes it
``empty_capture``               a learner's last stone falls into an empty pit of theirs with
                                stones opposite
``extra_turn``                  a learner's last stone falls into their store and they move
                                again, but never twice in a row (one extra turn at a time)
``extra_turn_chain``            two extra turns in a row or more: the learner moves three times
                                or more in one turn, and the order matters
``capture_after_extra_turn``    a capture by the move right after an extra turn
``defence``                     the opponent threatens a capture; the learner's whole turn takes
                                nothing itself but leaves the opponent a smaller one
``sacrifice``                   after the first exchange the learner has lost stones, and by
                                the end of the line they have won more than they gave
``end_of_set``                  the set ends within the line (the sweep goes to the player
                                whose side is empty)
``long_sowing``                 a learner's move sows :data:`LONG_SOWING` (8) stones or more:
                                count them
``quiet_move``                  the first move captures nothing, moves again not, and ends
                                nothing: a waiting move
``only_move``                   the only move that wins, or the only one that does not lose,
                                the set
==============================  ===================================================================

A learner's *turn* is a move and the extra turns it earns, to the move that hands over (or ends
the set); the lines of the collection end with a whole turn (:mod:`.curate`). ``extra_turn`` and
``extra_turn_chain`` never go together: a puzzle with a chain is a chain puzzle.

>>> from mangala_edu import Position
>>> tag_themes(Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"), ["S6", "S5"], {5: -8, 6: -2})
('empty_capture', 'extra_turn', 'capture_after_extra_turn')
>>> tag_themes(Position.from_text("1,2,0,0,3,1,18/1,1,1,0,0,2,18 S"), ["S6", "S5", "S6", "S1"],
...            {1: 0, 2: 2, 5: 4, 6: 4})[:1]
('extra_turn_chain',)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import EventKind, MoveTrace, Position, Side, other
from ..i18n import Message, get_language, t
from ..search.analysis import max_capture
from .model import PuzzleError

THEMES: dict[str, tuple[str, str]] = {
    "even_capture": ("puzzle.theme.even_capture", "puzzle.theme.even_capture.about"),
    "empty_capture": ("puzzle.theme.empty_capture", "puzzle.theme.empty_capture.about"),
    "extra_turn": ("puzzle.theme.extra_turn", "puzzle.theme.extra_turn.about"),
    "extra_turn_chain": ("puzzle.theme.extra_turn_chain", "puzzle.theme.extra_turn_chain.about"),
    "capture_after_extra_turn": (
        "puzzle.theme.capture_after_extra_turn",
        "puzzle.theme.capture_after_extra_turn.about",
    ),
    "defence": ("puzzle.theme.defence", "puzzle.theme.defence.about"),
    "sacrifice": ("puzzle.theme.sacrifice", "puzzle.theme.sacrifice.about"),
    "end_of_set": ("puzzle.theme.end_of_set", "puzzle.theme.end_of_set.about"),
    "long_sowing": ("puzzle.theme.long_sowing", "puzzle.theme.long_sowing.about"),
    "quiet_move": ("puzzle.theme.quiet_move", "puzzle.theme.quiet_move.about"),
    "only_move": ("puzzle.theme.only_move", "puzzle.theme.only_move.about"),
}
"""Each theme's catalogue keys: (name, one-line description)."""

THEME_KEYS_TR: dict[str, str] = {
    "even_capture": "çift_sayı",
    "empty_capture": "boş_kuyu",
    "extra_turn": "ekstra_tur",
    "extra_turn_chain": "tur_zinciri",
    "capture_after_extra_turn": "turdan_sonra_av",
    "defence": "savunma",
    "sacrifice": "feda",
    "end_of_set": "set_sonu",
    "long_sowing": "uzun_ekiş",
    "quiet_move": "sessiz_hamle",
    "only_move": "tek_hamle",
}
"""Each theme's short Turkish key, for the command line (typed with or without Turkish
letters)."""

LONG_SOWING = 8
"""Stones a sowing must lift to count as long (``long_sowing``)."""

_FOLD = str.maketrans("çğıöşüâîûİI", "cgiosuaiuii")


def fold_name(name: str) -> str:
    """A theme name as typed, folded: lower case, no Turkish letters, ``_`` between words."""
    text = name.strip().replace("İ", "i").replace("I", "ı").lower().translate(_FOLD)
    return "_".join(text.replace("-", " ").replace("_", " ").split())


#: Names the themes had in earlier versions (a teacher's notes may still use them).
_OLD_NAMES = {
    "bos_kuyu_avi": "empty_capture",
    "fedakarlik": "sacrifice",
    "ekstra_tur_zinciri": "extra_turn_chain",
}


def _aliases() -> dict[str, str]:
    out: dict[str, str] = dict(_OLD_NAMES)
    for key, (name, _) in THEMES.items():
        for alias in (key, THEME_KEYS_TR[key], Message(name).text("tr"), Message(name).text("en")):
            out.setdefault(fold_name(alias), key)
    return out


def theme_key(name: str) -> str:
    """The theme ``name`` means: its key, its Turkish key (with or without Turkish letters) or
    its name in either language, in any case; :class:`~.model.PuzzleError` for anything else.

    >>> theme_key("bos_kuyu"), theme_key("Boş kuyu"), theme_key("Empty-pit capture")
    ('empty_capture', 'empty_capture', 'empty_capture')
    >>> theme_key("ÇİFT_SAYI"), theme_key("defence"), theme_key("Uzun ekiş")
    ('even_capture', 'defence', 'long_sowing')
    >>> theme_key("flying")
    Traceback (most recent call last):
    ...
    mangala_edu.puzzles.model.PuzzleError: Bilinmeyen konu 'flying': ... / Unknown theme ...
    """
    key = _aliases().get(fold_name(name))
    if key is None:
        raise PuzzleError("puzzle.error.unknown_theme", value=name, allowed=ThemeKeys())
    return key


def theme_cli_key(theme: str, lang: str | None = None) -> str:
    """The key a user types for ``theme`` in ``lang``: the Turkish key in Turkish.

    >>> theme_cli_key("empty_capture", "tr"), theme_cli_key("empty_capture", "en")
    ('boş_kuyu', 'empty_capture')
    """
    return THEME_KEYS_TR[theme] if (lang or get_language()) == "tr" else theme


class ThemeKeys(Message):
    """The keys a user may type for the themes, in the user's language (the catalogue holds
    the separator).

    >>> ThemeKeys().text("en").split(", ")[:2], ThemeKeys().text("tr").split(", ")[:2]
    (['even_capture', 'empty_capture'], ['çift_sayı', 'boş_kuyu'])
    """

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("puzzle.theme_keys")

    def text(self, lang: str | None = None) -> str:
        return t(self.key, lang).join(theme_cli_key(k, lang) for k in THEMES)

    def __repr__(self) -> str:
        return "ThemeKeys()"


def theme_name(theme: str) -> Message:
    """The name of ``theme`` (a :class:`~mangala_edu.i18n.Message`)."""
    return Message(THEMES[theme][0])


def theme_about(theme: str) -> Message:
    """The one-line description of ``theme``."""
    return Message(THEMES[theme][1])


def threat(position: Position) -> int:
    """The biggest capture the side *not* to move could make if it were its turn."""
    mover = position.to_move
    if mover is None:
        return 0
    board = position.board
    g = position.rules.geometry
    if not any(board[i] for i in g.pit_indices(other(mover))):
        return 0
    flipped = Position(board, other(mover), position.rules)
    return max_capture(flipped)


def opponent_threat(position: Position, learner: Side) -> int:
    """The biggest capture the learner's opponent has in ``position``: its best capture when it
    is to move, else (the learner still moving) the one it would have if it were its turn.

    South has just earned an extra turn and moves again; North threatens to take 12 stones
    (pit 3 of South's, 11 stones, made even), while South's own best capture is 2:

    >>> pos = Position.from_text("0,1,11,1,3,1,21/1,0,1,0,0,1,7 S")
    >>> opponent_threat(pos, "south"), max_capture(pos)
    (12, 2)
    """
    if position.is_over:
        return 0
    return threat(position) if position.to_move == learner else max_capture(position)


def line_traces(start: Position, line: Sequence[str]) -> list[MoveTrace]:
    """The trace of every move of ``line`` from ``start``."""
    traces = []
    pos = start
    for name in line:
        trace = pos.trace(name)
        traces.append(trace)
        pos = trace.after
    return traces


def store_difference(position: Position, side: Side) -> int:
    """``side``'s store minus the other side's store."""
    return position.store(side) - position.store(other(side))


def tag_themes(
    start: Position, line: Sequence[str], first_values: dict[int, int]
) -> tuple[str, ...]:
    """The themes of the line ``line`` from ``start`` (the learner moves first), in the order
    of :data:`THEMES`. ``first_values`` are the exact values of the first step's moves."""
    learner = start.mover
    traces = line_traces(start, line)
    mine = [k for k, tr in enumerate(traces) if tr.player == learner]
    found: set[str] = set()
    for k in mine:
        tr = traces[k]
        outcome = tr.outcome
        if outcome == EventKind.EVEN_CAPTURE:
            found.add("even_capture")
        elif outcome == EventKind.EMPTY_CAPTURE:
            found.add("empty_capture")
        if tr.extra_turn:
            chained = k + 1 < len(traces) and traces[k + 1].player == learner
            chained = chained and traces[k + 1].extra_turn
            found.add("extra_turn_chain" if chained else "extra_turn")
        if tr.captured and k > 0 and traces[k - 1].player == learner and traces[k - 1].extra_turn:
            found.add("capture_after_extra_turn")
        if tr.events[0].count >= LONG_SOWING:
            found.add("long_sowing")
    if any(tr.after.is_over for tr in traces):
        found.add("end_of_set")
    first = traces[0]
    # The learner's first turn: the first move and its extra-turn chain.
    turn_end = 0
    while turn_end + 1 < len(traces) and traces[turn_end + 1].player == learner:
        turn_end += 1
    after_turn = traces[turn_end].after
    captured_in_turn = sum(traces[k].captured for k in range(turn_end + 1))
    danger = threat(start)
    if (
        danger >= 2
        and not captured_in_turn
        and not after_turn.is_over
        and opponent_threat(after_turn, learner) < danger
    ):
        found.add("defence")
    # After the first exchange (the learner's turn and the opponent's answer).
    base = store_difference(start, learner)
    k = turn_end + 1
    while k < len(traces) and traces[k].player != learner:
        k += 1
    exchange_end = traces[k - 1].after
    end = traces[-1].after
    if (
        store_difference(exchange_end, learner) < base
        and k - 1 > turn_end
        and store_difference(end, learner) > base
    ):
        found.add("sacrifice")
    if not first.captured and not first.extra_turn and not first.after.is_over:
        found.add("quiet_move")
    best = max(first_values.values())
    others = [v for p, v in first_values.items() if v != best]
    if others and ((best > 0 >= max(others)) or (best == 0 > max(others))):
        found.add("only_move")
    if "extra_turn_chain" in found:
        found.discard("extra_turn")
    return tuple(t for t in THEMES if t in found)
