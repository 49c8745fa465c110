"""Dokuz Taş (Mühle, Nine Men's Morris): its own engine beside Mangala's.

Points and lines instead of pits and stores: :mod:`.board` names the 24 points, their lines
and the board's symmetries; :mod:`.position` holds a position, its legal turns and playing
them; :mod:`.game` a whole game (undo, the repetition draw, JSON records); :mod:`.notation`
the texts of turns, positions and records; :mod:`.trace` what happened in a turn, for a board
to animate and captions to explain; :mod:`.errors` the errors, in Turkish and English.
Pure Python, standard library only.

>>> from mangala_edu.dokuz_tas import Game
>>> game = Game()
>>> trace = game.push("d6")
>>> trace.events[0].said.text("tr")
'Beyaz d6 noktasına bir taş koydu (elinde 8 taş kaldı).'
"""

from .board import BLACK, COLOURS, LINES, POINT_NAMES, SYMMETRIES, WHITE, Colour, Point
from .errors import IllegalTurnError, PositionError, RecordError
from .game import Game
from .notation import START_TEXT, Turn, parse_turn
from .position import Position, format_position, parse_position
from .trace import Event, EventKind, Outcome, Phase, Termination, TurnTrace

__all__ = [
    "BLACK",
    "COLOURS",
    "LINES",
    "POINT_NAMES",
    "START_TEXT",
    "SYMMETRIES",
    "WHITE",
    "Colour",
    "Event",
    "EventKind",
    "Game",
    "IllegalTurnError",
    "Outcome",
    "Phase",
    "Point",
    "Position",
    "PositionError",
    "RecordError",
    "Termination",
    "Turn",
    "TurnTrace",
    "format_position",
    "parse_position",
    "parse_turn",
]
