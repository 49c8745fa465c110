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
    SIDES,
    SOUTH,
    Event,
    Game,
    IllegalMoveError,
    MangalaError,
    Match,
    MatchError,
    MoveTrace,
    Position,
    PositionError,
    RecordError,
    Result,
    Rules,
    RulesError,
    format_position,
    parse_position,
)
from .i18n import get_language, set_language

__all__ = [
    "NORTH", "SIDES", "SOUTH", "Event", "Game", "IllegalMoveError", "MangalaError", "Match",
    "MatchError", "MoveTrace", "Position", "PositionError", "RecordError", "Result", "Rules",
    "RulesError", "format_position", "get_language", "parse_position", "set_language",
]
__version__ = "0.1.0"

from .display import install as _install_display

_install_display()
