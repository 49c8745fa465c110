"""mangala_edu: learn Turkish Mangala in Jupyter.

The engine (``mangala_edu.engine``) knows the rules; the display layer draws positions; the
widgets and lessons are built on both. The names most people need are here:

>>> from mangala_edu import Position, Rules
>>> pos = Position.start(Rules.official())
>>> pos.play(4).to_move          # the last stone fell into South's store: South again
'south'
"""

from .engine import (
    NORTH,
    OUTCOMES,
    SIDE_NAMES,
    SIDES,
    SOUTH,
    Event,
    EventKind,
    Game,
    Geometry,
    IllegalMoveError,
    MangalaError,
    Match,
    MatchError,
    MoveTrace,
    Place,
    Position,
    PositionError,
    RecordError,
    Result,
    Rules,
    RulesError,
    Side,
    format_position,
    other,
    parse_position,
)
from .i18n import Message, get_language, set_language

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
    "Message",
    "MoveTrace",
    "Place",
    "Position",
    "PositionError",
    "RecordError",
    "Result",
    "Rules",
    "RulesError",
    "Side",
    "format_position",
    "get_language",
    "other",
    "parse_position",
    "set_language",
]
__version__ = "0.1.0"
