"""Dokuz Taş puzzle themes, tagged from a puzzle's line (the moves alone, never a guess), and
the titles and hints in both languages.

==================  ========================================================================
``mill``            the answer closes a mill and takes a stone
``running_mill``    a learner's move of the line opens one of their mills and closes another
                    with the same stone (a running mill, "koşan değirmen")
``double_threat``   after a learner's quiet move of the line they threaten mills on two
                    points: the opponent can block only one
``open_mill``       the answer moves a stone out of the learner's own closed mill, to close it
                    again later
``blockade``        the game ends in the line with the opponent unable to move
``block``           the answer goes to the point where the opponent would close a mill
``flying``          the learner has three stones and flies
``against_flying``  the opponent has three stones and flies
``quiet_move``      the answer takes nothing and ends nothing
``only_move``       the goal ``only_move``: the only move that wins
``save_draw``       the goal ``save_draw``: the only move that does not lose
==================  ========================================================================

>>> from mangala_edu.dokuz_tas import Position
>>> pos = Position.from_text("3/2W/1WB/2WB2/1BB/1W1/3 w 0 0 0")   # Black is shut in
>>> tag_themes(pos, ["f6-f4", "d3-c3", "d2-d3"], "win_in_n")
('blockade', 'quiet_move')
>>> tag_themes(Position.from_text("WW1/3/3/B4W/3/3/BB1 w 0 0 0"), ["g4-g1"], "save_draw")
('block', 'flying', 'against_flying', 'quiet_move', 'save_draw')
>>> title(pos, "win_in_n", 2)["en"], hint(("mill",))["tr"][:22]
('White to play and win in 2 moves', 'Bir üçlü kurabilir mis')
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import Message
from ..board import LINE_MASKS, Colour
from ..position import Position
from ..trace import Termination, colour_name

THEMES: dict[str, tuple[str, str]] = {
    "mill": ("dokuz_tas.puzzle.theme.mill", "dokuz_tas.puzzle.theme.mill.about"),
    "running_mill": (
        "dokuz_tas.puzzle.theme.running_mill",
        "dokuz_tas.puzzle.theme.running_mill.about",
    ),
    "double_threat": (
        "dokuz_tas.puzzle.theme.double_threat",
        "dokuz_tas.puzzle.theme.double_threat.about",
    ),
    "open_mill": ("dokuz_tas.puzzle.theme.open_mill", "dokuz_tas.puzzle.theme.open_mill.about"),
    "blockade": ("dokuz_tas.puzzle.theme.blockade", "dokuz_tas.puzzle.theme.blockade.about"),
    "block": ("dokuz_tas.puzzle.theme.block", "dokuz_tas.puzzle.theme.block.about"),
    "flying": ("dokuz_tas.puzzle.theme.flying", "dokuz_tas.puzzle.theme.flying.about"),
    "against_flying": (
        "dokuz_tas.puzzle.theme.against_flying",
        "dokuz_tas.puzzle.theme.against_flying.about",
    ),
    "quiet_move": ("dokuz_tas.puzzle.theme.quiet_move", "dokuz_tas.puzzle.theme.quiet_move.about"),
    "only_move": ("dokuz_tas.puzzle.theme.only_move", "dokuz_tas.puzzle.theme.only_move.about"),
    "save_draw": ("dokuz_tas.puzzle.theme.save_draw", "dokuz_tas.puzzle.theme.save_draw.about"),
}
"""Each theme's catalogue keys: (name, one-line description)."""

TITLES: dict[str, str] = {
    "win_in_n": "dokuz_tas.puzzle.title.win_in_n",
    "only_move": "dokuz_tas.puzzle.title.only_move",
    "save_draw": "dokuz_tas.puzzle.title.save_draw",
}
"""Each goal's title (what the puzzle asks)."""

HINTS: dict[str, str] = {
    "block": "dokuz_tas.puzzle.hint.block",
    "blockade": "dokuz_tas.puzzle.hint.blockade",
    "double_threat": "dokuz_tas.puzzle.hint.double_threat",
    "general": "dokuz_tas.puzzle.hint.general",
    "mill": "dokuz_tas.puzzle.hint.mill",
    "only_move": "dokuz_tas.puzzle.hint.only_move",
    "open_mill": "dokuz_tas.puzzle.hint.open_mill",
    "quiet_move": "dokuz_tas.puzzle.hint.quiet_move",
    "running_mill": "dokuz_tas.puzzle.hint.running_mill",
    "save_draw": "dokuz_tas.puzzle.hint.save_draw",
}
"""Each hint's catalogue key, by the theme it is for (``general``: any other)."""

HINT_ORDER = (
    "blockade",
    "running_mill",
    "double_threat",
    "open_mill",
    "block",
    "mill",
    "quiet_move",
    "save_draw",
    "only_move",
)
"""The theme a hint is about: the first of these the puzzle has (else the general hint)."""


def theme_name(theme: str) -> Message:
    """The name of ``theme`` (a :class:`~mangala_edu.i18n.Message`)."""
    return Message(THEMES[theme][0])


def theme_about(theme: str) -> Message:
    """The one-line description of ``theme``."""
    return Message(THEMES[theme][1])


def _stones(pos: Position) -> tuple[int, int]:
    """The side to move's stones and the other side's (bitboards)."""
    w, b = pos.bitboards
    return (w, b) if pos.to_move == "white" else (b, w)


def _mills(stones: int) -> set[int]:
    return {i for i, m in enumerate(LINE_MASKS) if stones & m == m}


def mill_targets(pos: Position, colour: Colour) -> set[int]:
    """The points where ``colour`` could close a mill if it were their turn in ``pos`` (a
    slide, or a flight with three stones)."""
    w, b = pos.bitboards
    turn = 0 if colour == "white" else 1
    mover = Position._make((w, b), (0, 0), turn, 0, pos.flying)
    return {t for _, t, r in mover._raw_moves() if r >= 0}


def _raw(pos: Position, turn: str) -> tuple[int, int, int]:
    return pos._check(turn)


def tag_themes(start: Position, line: Sequence[str], goal: str) -> tuple[str, ...]:
    """The themes of the line ``line`` from ``start`` (the learner moves first), in the order
    of :data:`THEMES`."""
    learner = start.to_move
    opponent: Colour = "black" if learner == "white" else "white"
    found: set[str] = set()
    pos = start
    for k, turn in enumerate(line):
        origin, target, removal = _raw(pos, turn)
        own, _ = _stones(pos)
        after = pos.play(turn)
        if k % 2 == 0:  # the learner's move
            before_mills = _mills(own)
            if removal >= 0 and origin >= 0:
                opened = {i for i in before_mills if LINE_MASKS[i] >> origin & 1}
                if opened:
                    found.add("running_mill")
            if removal < 0 and after.outcome is None and len(mill_targets(after, learner)) >= 2:
                found.add("double_threat")
            if k == 0:
                if removal >= 0:
                    found.add("mill")
                elif after.outcome is None:
                    found.add("quiet_move")
                    if origin >= 0 and any(LINE_MASKS[i] >> origin & 1 for i in before_mills):
                        found.add("open_mill")
                if target in mill_targets(pos, opponent):
                    found.add("block")
        outcome = after.outcome
        if outcome is not None and outcome.termination is Termination.BLOCKED:
            found.add("blockade")
        pos = after
    if start.on_board(learner) == 3 and start.flying:
        found.add("flying")
    if start.on_board(opponent) == 3 and start.flying:
        found.add("against_flying")
    if goal in ("only_move", "save_draw"):
        found.add(goal)
    return tuple(t for t in THEMES if t in found)


def _both(message: Message) -> dict[str, str]:
    return {"tr": message.text("tr"), "en": message.text("en")}


def title(start: Position, goal: str, moves: int) -> dict[str, str]:
    """What the puzzle asks, in both languages ("White to play and win in 2 moves")."""
    colour = colour_name(start.to_move)
    return _both(Message(TITLES[goal], colour=colour, count=moves))


def hint(themes: Sequence[str]) -> dict[str, str]:
    """A hint from the first theme of :data:`HINT_ORDER` the puzzle has, in both languages."""
    key = next((t for t in HINT_ORDER if t in themes), "general")
    return _both(Message(HINTS[key]))
