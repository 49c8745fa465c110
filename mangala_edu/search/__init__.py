"""Search: the exact solver, the computer players and game analysis (pure Python).

>>> from mangala_edu import Position
>>> from mangala_edu.search import Player, solve
>>> pos = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
>>> solve(pos).best_moves
(6,)
>>> Player("usta", seed=1).choose(pos)
6

The same players, hints, analysis and :func:`solve` serve every game, through its search
backend (:mod:`.backends`):

>>> from mangala_edu import Rules
>>> toguz = Position.from_text("0,0,0,0,0,0,0,0,2,80/1,0,0,0,0,0,0,0,0,79 S",
...                            Rules.toguz_korgool())
>>> solve(toguz).value                       # N1 made 2: 82 in South's store
3

Modules: :mod:`.kernel` (fast moves on plain tuples), :mod:`.budget`, :mod:`.driver` (the one
MTD(f) and the one iterative deepening), :mod:`.solver`, :mod:`.evaluate`, :mod:`.lookahead`
(iterative deepening), :mod:`.offpath` (the games whose stores lie off the path: Toguz Korgool,
Mangala II and IV), :mod:`.compiled` (the kernel in machine code, optional), :mod:`.backends`
(one interface over them), :mod:`.players`, :mod:`.arena` (players against each other),
:mod:`.analysis`, :mod:`.hints`.
"""

from .analysis import Analyst, GameReview, MoveReview, analyse_game
from .arena import play_series, play_set
from .backends import ClassicBackend, CompiledBackend, OffPathBackend, SearchBackend, backend_for
from .budget import Budget, BudgetExceeded
from .lookahead import Lookahead, LookaheadResult
from .offpath import OffPathLookahead, OffPathSolver
from .players import LEVELS, Level, Player, RandomPlayer, get_level, make_player
from .solver import Solution, Solver, solve, value_of_moves

__all__ = [
    "LEVELS",
    "Analyst",
    "Budget",
    "BudgetExceeded",
    "ClassicBackend",
    "CompiledBackend",
    "GameReview",
    "Level",
    "Lookahead",
    "LookaheadResult",
    "MoveReview",
    "OffPathBackend",
    "OffPathLookahead",
    "OffPathSolver",
    "Player",
    "RandomPlayer",
    "SearchBackend",
    "Solution",
    "Solver",
    "analyse_game",
    "backend_for",
    "get_level",
    "make_player",
    "play_series",
    "play_set",
    "solve",
    "value_of_moves",
]
