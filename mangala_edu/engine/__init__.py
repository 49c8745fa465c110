"""The engine: rules, positions, traced moves, notation, game records and matches.

Pure Python with no dependencies, and nothing imported from the display or widget layers (but
for a position's picture in Jupyter, imported when it is asked for), so that it can run
anywhere Python runs. The board's vocabulary (sides, places and their names) is in
:mod:`.geometry`; the kinds of move events in :mod:`.trace`.
"""

from .errors import IllegalMoveError, MangalaError, NothingToUndo, PositionError
from .game import Game, RecordError
from .geometry import NORTH, SIDE_NAMES, SIDES, SOUTH, Geometry, Place, Side, other
from .match import Match, MatchError
from .position import MoveTrace, Position, Result, format_position, parse_position
from .rules import Rules, RulesError
from .trace import OUTCOMES, Event, EventKind

__all__ = [
    "NORTH",
    "OUTCOMES",
    "SIDES",
    "SIDE_NAMES",
    "SOUTH",
    "Event",
    "EventKind",
    "Game",
    "Geometry",
    "IllegalMoveError",
    "MangalaError",
    "Match",
    "MatchError",
    "MoveTrace",
    "NothingToUndo",
    "Place",
    "Position",
    "PositionError",
    "RecordError",
    "Result",
    "Rules",
    "RulesError",
    "Side",
    "format_position",
    "other",
    "parse_position",
]
