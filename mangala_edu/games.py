"""The games the package plays: one registry, one entry a game.

Like python-chess's ``VARIANTS`` and ``find_variant``: every part of the package that lists,
names, plays or searches a game reads its :class:`GameInfo` here (the command line's
``--rules``, the titles and notes, the lessons comparing the family, the search backends and
their reach, the endgame tables). A new game adds one entry and its own folder.

>>> find_game("Toguz Korgool").key
'toguz-korgool'
>>> find_game("kalah(7,4)").rules(pits=7, stones=4)
Rules.kalah(pits=7, stones=4)
>>> [g.key for g in GAMES]
['official', 'no-return', 'own-side', 'kalah', 'mangala-ii', 'mangala-iv', 'toguz-korgool']
>>> from mangala_edu.engine.rules import Rules
>>> game_of(Rules.mangala_ii()).unit, game_of(Rules.official()).unit
('game', 'set')
>>> unit_of(Rules.kalah(3, 3))
'set'

The entries name their code by import path (``"module:attribute"``), loaded on first use, so
that reading the registry imports no engine, search or widget: a game whose board is points
and lines (Dokuz Taş) names its own engine, board, picture and notation, and nothing of
Mangala's is loaded for it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import import_module
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine.rules import Rules

__all__ = [
    "GAMES",
    "GameInfo",
    "SearchInfo",
    "find_game",
    "game_names",
    "game_of",
    "unit_of",
]

SET = "set"
"""A game played as sets of a match (Mangala and its local rules, Kalah): "set" in the texts."""
GAME = "game"
"""A game played as one game (the storeless games, Toguz Korgool): "game" in the texts."""

_BACKENDS = "mangala_edu.search.backends:"
CLASSIC_SEARCH = (_BACKENDS + "CompiledBackend", _BACKENDS + "ClassicBackend")
"""The searches of the games whose stores are on the sowing path: the compiled kernel (when
numba is installed) and the pure-Python search, which give the same answers."""
OFF_PATH_SEARCH = (_BACKENDS + "OffPathBackend",)
"""The search of the games whose stores lie beside the board."""


def _norm(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


@dataclass(frozen=True)
class SearchInfo:
    """Which searches play a game, and how far.

    Attributes:
        backends: import paths of the :class:`~mangala_edu.search.backends.SearchBackend`
            classes that can play the game, the preferred first.
        exact_stones: stones on the board within which the strongest level solves exactly in
            about a second (``None``: each level says, as in Mangala).
        weights: the evaluator's weights of the off-path search, in 1/SCALE stones (``None``:
            the classic evaluator).
        tables: endgame tables can be built for the game (``mangala-edu tables``).
    """

    backends: tuple[str, ...]
    exact_stones: int | None = None
    weights: Mapping[str, int] | None = None
    tables: bool = False


@dataclass(frozen=True)
class GameInfo:
    """One game: its names, its rules, its texts, its searches and its code.

    Attributes:
        key: the game's name in game records and on the command line (``--rules``).
        preset: import path of the function making its rules (``Rules.official`` ...).
        name_key: catalogue key of its name for a learner.
        note_key: catalogue key of the line saying which rules are in play (``None``: the
            official rules, which need no note).
        unit: :data:`SET` or :data:`GAME`, what a learner plays (and the texts say).
        search: which searches play it.
        aliases: other names accepted for ``key`` (spelling variants of the same game).
        variant_of: the game whose local rules these are (``None``: a game of its own).
        sized: the board size is chosen (``kalah(M,N)``, ``--pits``/``--stones``).
        sized_name_key: catalogue key of the name with its size (for a sized game).
        dealt: the stones can be dealt at random (``--deal``).
        lesson: the number of the lesson that teaches it.
        engine: import path of its position class (the engine that plays it).
        board: import path of its interactive board (widget).
        picture: import path of the function drawing a position as a picture.
        notation: import path of the function writing a position as text.
    """

    key: str
    preset: str
    name_key: str
    note_key: str | None
    unit: str
    search: SearchInfo
    aliases: tuple[str, ...] = ()
    variant_of: str | None = None
    sized: bool = False
    sized_name_key: str | None = None
    dealt: bool = False
    lesson: int | None = None
    engine: str = "mangala_edu.engine.position:Position"
    board: str = "mangala_edu.widgets.board:Board"
    picture: str = "mangala_edu.display.svg:board_svg"
    notation: str = "mangala_edu.engine.notation:write_position"
    _names: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_names", tuple(_norm(n) for n in (self.key, *self.aliases)))

    def load(self, what: str) -> Any:
        """The code an entry names, imported now: ``"preset"``, ``"engine"``, ``"board"``,
        ``"picture"`` or ``"notation"``.

        >>> find_game("official").load("engine").__name__
        'Position'
        """
        if what not in ("preset", "engine", "board", "picture", "notation"):
            raise AttributeError(what)
        return _load(getattr(self, what))

    def rules(self, **options: Any) -> Rules:
        """The game's rules (``pits``/``stones`` for a sized game, ``deal``/``random_deal``/
        ``seed`` for a dealt one).

        >>> find_game("mangala-ii").rules().stones
        6
        """
        return self.load("preset")(**options)

    @property
    def geometry(self) -> Any:
        """The board of the game's rules as its engine describes it (for the sowing games a
        :class:`~mangala_edu.engine.geometry.Geometry`: pits, stores and the sowing path).

        >>> find_game("toguz-korgool").geometry.pits
        9
        """
        return self.rules().geometry

    def backends(self) -> tuple[type, ...]:
        """The search backend classes that can play the game, the preferred first."""
        return tuple(_load(path) for path in self.search.backends)


def _load(path: str) -> Any:
    module, _, name = path.partition(":")
    value: Any = import_module(module)
    for part in name.split("."):
        value = getattr(value, part)
    return value


_RULES = "mangala_edu.engine.rules:Rules."


def _sowing(key: str, preset: str, unit: str, search: SearchInfo, **more: Any) -> GameInfo:
    """An entry of a game of the Mangala family (the engine, board, picture and notation of
    the sowing games are the defaults)."""
    return GameInfo(key=key, preset=_RULES + preset, unit=unit, search=search, **more)


_CLASSIC = SearchInfo(CLASSIC_SEARCH, tables=True)
_STORELESS = SearchInfo(
    OFF_PATH_SEARCH, exact_stones=16, weights=MappingProxyType({"material": 4, "tuzdik": 0})
)

GAMES: tuple[GameInfo, ...] = (
    _sowing(
        "official",
        "official",
        SET,
        _CLASSIC,
        name_key="game.official.name",
        note_key=None,
        lesson=1,
    ),
    _sowing(
        "no-return",
        "no_return",
        SET,
        _CLASSIC,
        variant_of="official",
        lesson=21,
        name_key="game.no-return.name",
        note_key="game.no-return.note",
    ),
    _sowing(
        "own-side",
        "own_side",
        SET,
        _CLASSIC,
        variant_of="official",
        lesson=21,
        name_key="game.own-side.name",
        note_key="game.own-side.note",
    ),
    _sowing(
        "kalah",
        "kalah",
        SET,
        _CLASSIC,
        sized=True,
        lesson=22,
        name_key="game.kalah.name",
        note_key="game.kalah.note",
        sized_name_key="game.kalah.sized",
    ),
    _sowing(
        "mangala-ii",
        "mangala_ii",
        GAME,
        _STORELESS,
        lesson=23,
        name_key="game.mangala-ii.name",
        note_key="game.mangala-ii.note",
    ),
    _sowing(
        "mangala-iv",
        "mangala_iv",
        GAME,
        _STORELESS,
        dealt=True,
        lesson=24,
        name_key="game.mangala-iv.name",
        note_key="game.mangala-iv.note",
    ),
    GameInfo(
        key="toguz-korgool",
        preset=_RULES + "toguz_korgool",
        name_key="game.toguz-korgool.name",
        note_key="game.toguz-korgool.note",
        unit=GAME,
        search=SearchInfo(
            OFF_PATH_SEARCH,
            exact_stones=10,
            weights=MappingProxyType({"material": 1, "tuzdik": 64}),
        ),
        aliases=("togyz-kumalak", "toguz-kumalak"),
        lesson=25,
    ),
)
"""Every game, official Mangala first, then its local rules and the family in the order of
the lessons."""

_SIZED = re.compile(r"(?P<key>[a-z-]+?)-?\((?P<pits>\d+),(?P<stones>\d+)\)")


def _parse(name: str) -> tuple[GameInfo, dict[str, int]] | None:
    norm = _norm(name)
    for game in GAMES:
        if norm in game._names:
            return game, {}
    sized = _SIZED.fullmatch(norm.replace(" ", ""))
    if sized:
        for game in GAMES:
            if game.sized and sized["key"] in game._names:
                return game, {"pits": int(sized["pits"]), "stones": int(sized["stones"])}
    return None


def find_game(name: str) -> GameInfo:
    """The game of a name, one of its aliases, or a sized name (``kalah(7,4)``), in any case
    and with ``_`` or spaces for ``-``; raises :class:`~.engine.rules.RulesError` for any
    other name.

    >>> find_game("TOGYZ_KUMALAK").key, find_game("Kalah(4,3)").key
    ('toguz-korgool', 'kalah')
    """
    found = _parse(name)
    if found is None:
        from .engine.rules import RulesError

        raise RulesError("rules.unknown", value=name, games=", ".join(game_names()))
    return found[0]


def rules_of(name: str) -> Rules:
    """The rules a name gives: a game's preset, with the size of a sized name.

    >>> rules_of("kalah(4,3)").pits, rules_of("Mangala IV").pits
    (4, 7)
    """
    found = _parse(name)
    if found is None:
        find_game(name)  # raises the error naming the games
    assert found is not None
    game, size = found
    return game.rules(**size)


def game_names(*, sized: bool = True) -> tuple[str, ...]:
    """Every game's key as the command line accepts it (``kalah(M,N)`` for a sized game
    when ``sized``).

    >>> game_names(sized=False)
    ('official', 'no-return', 'own-side', 'kalah', 'mangala-ii', 'mangala-iv', 'toguz-korgool')
    """
    return tuple(f"{g.key}(M,N)" if sized and g.sized else g.key for g in GAMES)


@lru_cache(maxsize=256)
def _registered(rules: Rules) -> GameInfo | None:
    for game in GAMES:
        if rules.name.split("(")[0] not in game._names:
            continue
        options: dict[str, Any] = {}
        if game.sized:
            options.update(pits=rules.pits, stones=rules.stones)
        if game.dealt and rules.deal is not None:
            options.update(deal=rules.deal)
        try:
            same = game.rules(**options) == rules
        except ValueError:  # a size or deal its preset refuses
            same = False
        return game if same else None
    return None


def game_of(rules: Rules, *, nearest: bool = False) -> GameInfo | None:
    """The registered game whose rules ``rules`` are (any size of a sized game, any deal of a
    dealt one); ``None`` for other rules, or with ``nearest`` the registered game whose kind
    they share (stores on the path or beside the board, a count capture, a tuzdik).

    >>> from mangala_edu.engine.rules import Rules
    >>> game_of(Rules.kalah(4, 3)).key, game_of(Rules.mangala_iv(random_deal=True, seed=2)).key
    ('kalah', 'mangala-iv')
    >>> game_of(Rules(name="x", even_capture=False)) is None
    True
    >>> game_of(Rules(name="x", even_capture=False), nearest=True).key
    'official'
    """
    game = _registered(rules)
    if game is not None or not nearest:
        return game
    if rules.stores_on_path:
        return GAMES[0]
    if rules.tuzdik:
        return find_game("toguz-korgool")
    return find_game("mangala-iv" if rules.relay else "mangala-ii")


def unit_of(rules: Rules) -> str:
    """What a learner plays under ``rules``: :data:`SET` (Mangala, its local rules, Kalah) or
    :data:`GAME` (Mangala II and IV, Toguz Korgool); other rules as the game they are nearest.
    """
    game = game_of(rules, nearest=True)
    assert game is not None
    return game.unit
