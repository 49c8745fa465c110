"""The engine: rules, positions, traced moves, notation, game records and matches.

Pure Python with no dependencies, and nothing imported from the display or widget layers, so
that it can run anywhere Python runs.
"""

from .errors import IllegalMoveError, MangalaError, PositionError
from .game import Game, RecordError
from .match import Match, MatchError
from .notation import format_position, parse_position
from .position import Position, Result
from .rules import NORTH, SIDES, SOUTH, Rules, RulesError
from .trace import Event, MoveTrace

__all__ = [
    "NORTH", "SIDES", "SOUTH", "Event", "Game", "IllegalMoveError", "MangalaError", "Match",
    "MatchError", "MoveTrace", "Position", "PositionError", "RecordError", "Result", "Rules",
    "RulesError", "format_position", "parse_position",
]
