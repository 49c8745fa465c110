"""The games the package plays: one registry, one entry a game.

Like python-chess's ``VARIANTS`` and ``find_variant``: every part of the package that lists,
names, plays or searches a game reads its :class:`GameInfo` here (the command line's
``--rules``, the titles and notes, the lessons comparing the family, the search backends and
their reach, the endgame tables). A new game adds one entry and its own folder.

>>> find_game("Toguz Korgool").key
'toguz-korgool'
>>> find_game("kalah(7,4)").rules(pits=7, stones=4)
Rules.kalah(pits=7, stones=4)
>>> [g.key for g in GAMES]    # doctest: +NORMALIZE_WHITESPACE
['official', 'no-return', 'own-side', 'kalah', 'mangala-ii', 'mangala-iv', 'toguz-korgool',
 'dokuz-tas']
>>> from mangala_edu.engine.rules import Rules
>>> game_of(Rules.mangala_ii()).unit, game_of(Rules.official()).unit
('game', 'set')
>>> unit_of(Rules.kalah(3, 3))
'set'

The entries name their code by import path (``"module:attribute"``), loaded on first use, so
that reading the registry imports no engine, search or widget: a game whose board is points
and lines (Dokuz Taş) names its own engine, board, picture and notation, and nothing of
Mangala's is loaded for it.

**Games that are not sown.** The games of the Mangala family (:attr:`GameInfo.sowing`) are
played with a Mangala :class:`~mangala_edu.engine.rules.Rules`: :meth:`GameInfo.rules` makes
one, and every part built on sowing (its engine, searches, endgame tables, lessons, the
family's comparison) takes only these games. Dokuz Taş has its own rules object instead, a
frozen :class:`~mangala_edu.dokuz_tas.rules.DokuzTasRules` with its one switch (``flying``),
whose :attr:`~GameInfo.geometry` is its board of points and lines.
:meth:`GameInfo.sowing_rules` (and :func:`rules_of`, ``Rules.from_name``) are for the sowing
games only, and refuse the others by name:

>>> dokuz = find_game("Dokuz Taş")
>>> dokuz.key, dokuz.sowing, dokuz.unit, find_game("Mühle") is dokuz
('dokuz-tas', False, 'game', True)
>>> dokuz.rules(flying=False)
DokuzTasRules(flying=False)
>>> game_of(dokuz.rules()) is dokuz, len(dokuz.geometry.points)
(True, 24)
>>> [g.key for g in GAMES if g.sowing and g.variant_of is None]    # the family compared
['official', 'kalah', 'mangala-ii', 'mangala-iv', 'toguz-korgool']
>>> rules_of("morris")
Traceback (most recent call last):
...
mangala_edu.engine.rules.RulesError: ... / Dokuz Taş (Nine Men's Morris) is not a game of sown stones: ...
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
    from typing import TypeAlias

    from .dokuz_tas.rules import DokuzTasRules
    from .engine.rules import Rules

    GameRules: TypeAlias = "Rules | DokuzTasRules"
    """The rules of any registered game: Mangala's for a sowing game, a game's own else."""

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
DOKUZ_TAS_SEARCH = ("mangala_edu.dokuz_tas.search:DokuzTasBackend",)
"""Dokuz Taş's own search (alpha-beta over points and lines, its endgame tables)."""


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
        tables: endgame tables can be built for the game (``mangala-edu tables``; a sowing
            game's by :mod:`mangala_edu.search.tables`, Dokuz Taş's by
            :mod:`mangala_edu.dokuz_tas.tables`).
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
        preset: import path of the function making its rules (``Rules.official`` ...; for a
            game that is not sown, its own rules class).
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
        sowing: a game of the Mangala family, played by sowing stones from pits: its preset
            makes a Mangala :class:`~mangala_edu.engine.rules.Rules`, and the parts built on
            sowing (its engine and searches, endgame tables, lessons, the family's
            comparison) play it. ``False`` for a game with its own rules object, engine and
            search (Dokuz Taş).
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
    sowing: bool = True
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

    def rules(self, **options: Any) -> GameRules:
        """The game's rules: for a sowing game a Mangala
        :class:`~mangala_edu.engine.rules.Rules` (``pits``/``stones`` for a sized game,
        ``deal``/``random_deal``/``seed`` for a dealt one), for another game its own rules
        object (Dokuz Taş: a :class:`~mangala_edu.dokuz_tas.rules.DokuzTasRules`,
        ``flying``).

        >>> find_game("mangala-ii").rules().stones
        6
        >>> find_game("dokuz-tas").rules()
        DokuzTasRules()
        """
        rules: GameRules = self.load("preset")(**options)
        return rules

    def sowing_rules(self, **options: Any) -> Rules:
        """:meth:`rules` for the parts of the package built on sowing: the Mangala rules of a
        sowing game; raises :class:`~mangala_edu.engine.rules.RulesError` for a game that is
        not sown (it has no pits to sow).

        >>> find_game("kalah").sowing_rules(pits=4, stones=3).pits
        4
        """
        if not self.sowing:
            from .engine.rules import RulesError
            from .i18n import Message

            raise RulesError(
                "rules.not_sowing",
                game=Message(self.name_key),
                games=", ".join(g.key for g in GAMES if g.sowing),
            )
        rules: Rules = self.load("preset")(**options)
        return rules

    @property
    def geometry(self) -> Any:
        """The board of the game's rules as its engine describes it (for the sowing games a
        :class:`~mangala_edu.engine.geometry.Geometry`: pits, stores and the sowing path; for
        Dokuz Taş a :class:`~mangala_edu.dokuz_tas.rules.Geometry`: points and lines).

        >>> find_game("toguz-korgool").geometry.pits
        9
        >>> len(find_game("dokuz-tas").geometry.lines)
        16
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
    GameInfo(
        key="dokuz-tas",
        preset="mangala_edu.dokuz_tas.rules:DokuzTasRules",
        name_key="game.dokuz-tas.name",
        note_key="game.dokuz-tas.note",
        unit=GAME,
        search=SearchInfo(DOKUZ_TAS_SEARCH, tables=True),
        aliases=(
            "dokuz-taş",
            "muhle",
            "mühle",
            "muehle",
            "nine-mens-morris",
            "nine-men's-morris",
            "morris",
        ),
        engine="mangala_edu.dokuz_tas.position:Position",
        board="mangala_edu.dokuz_tas.widget:DokuzTasBoard",
        picture="mangala_edu.dokuz_tas.picture:board_svg",
        notation="mangala_edu.dokuz_tas.position:format_position",
        sowing=False,
        lesson=29,
    ),
)
"""Every game, official Mangala first, then its local rules and the family in the order of
the lessons, then the games that are not sown (Dokuz Taş)."""

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
    """The Mangala rules a name gives: a sowing game's preset, with the size of a sized name;
    raises :class:`~.engine.rules.RulesError` for a game that is not sown (see
    :meth:`GameInfo.sowing_rules`).

    >>> rules_of("kalah(4,3)").pits, rules_of("Mangala IV").pits
    (4, 7)
    """
    found = _parse(name)
    if found is None:  # the games whose rules these can be: the sowing games
        from .engine.rules import RulesError

        raise RulesError("rules.unknown", value=name, games=", ".join(game_names(sowing=True)))
    game, size = found
    return game.sowing_rules(**size)


def game_names(*, sized: bool = True, sowing: bool = False) -> tuple[str, ...]:
    """Every game's key as the command line accepts it (``kalah(M,N)`` for a sized game
    when ``sized``); only the sowing games' with ``sowing``.

    >>> game_names(sized=False)    # doctest: +NORMALIZE_WHITESPACE
    ('official', 'no-return', 'own-side', 'kalah', 'mangala-ii', 'mangala-iv', 'toguz-korgool',
     'dokuz-tas')
    >>> game_names(sowing=True)[-1]
    'toguz-korgool'
    """
    return tuple(
        f"{g.key}(M,N)" if sized and g.sized else g.key for g in GAMES if g.sowing or not sowing
    )


@lru_cache(maxsize=256)
def _registered(rules: GameRules) -> GameInfo | None:
    for game in GAMES:
        if rules.name.split("(")[0] not in game._names:
            continue
        if not game.sowing:  # its own rules class: any rules of that class are its rules
            return game if isinstance(rules, type(game.rules())) else None
        from .engine.rules import Rules

        if not isinstance(rules, Rules):
            return None
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


def game_of(rules: GameRules, *, nearest: bool = False) -> GameInfo | None:
    """The registered game whose rules ``rules`` are (any size of a sized game, any deal of a
    dealt one, either flying switch of Dokuz Taş); ``None`` for other rules, or with
    ``nearest`` the registered sowing game whose kind they share (stores on the path or beside
    the board, a count capture, a tuzdik).

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
    from .engine.rules import Rules

    assert isinstance(rules, Rules), rules  # the rules of a game that is not sown are its own
    if rules.stores_on_path:
        return GAMES[0]
    if rules.tuzdik:
        return find_game("toguz-korgool")
    return find_game("mangala-iv" if rules.relay else "mangala-ii")


def unit_of(rules: GameRules) -> str:
    """What a learner plays under ``rules``: :data:`SET` (Mangala, its local rules, Kalah) or
    :data:`GAME` (Mangala II and IV, Toguz Korgool, Dokuz Taş); other rules as the game they
    are nearest.
    """
    game = game_of(rules, nearest=True)
    assert game is not None
    return game.unit
