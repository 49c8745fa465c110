"""The search's errors: a search asked to play rules it cannot play says so, in both languages.

The classic searches (:class:`~.solver.Solver`, :class:`~.lookahead.Lookahead`,
:class:`~.kernel.Kernel`, the compiled kernel) play the games whose stores lie on the sowing
path (Mangala and its variants, Kalah); the off-path searches of :mod:`.offpath` play the games
whose stores lie beside the board (Toguz Korgool, Mangala II, Mangala IV). Each refuses the
other's rules instead of giving a wrong answer.

>>> from mangala_edu import Rules
>>> err = SearchError.classic_only(Rules.mangala_ii(), "Solver")
>>> err.key
'search.classic_only'
>>> print(err.message("en"))
Solver plays only the games whose stores are on the sowing path (Mangala, Kalah), not mangala-ii.
"""

from __future__ import annotations

from ..engine.errors import MangalaError
from ..engine.rules import Rules

__all__ = ["SearchError", "require_classic", "require_off_path"]


class SearchError(MangalaError):
    """A search cannot do what it was asked: rules it cannot play, an engine that cannot run
    here, or (:class:`~.budget.BudgetExceeded`) a budget that ran out first."""

    @classmethod
    def classic_only(cls, rules: Rules, search: str) -> SearchError:
        """``search`` plays only the games with stores on the path; ``rules`` are not one."""
        return cls("search.classic_only", search=search, game=rules.name)

    @classmethod
    def off_path_only(cls, rules: Rules, search: str) -> SearchError:
        """``search`` plays only the games with stores beside the board."""
        return cls("search.off_path_only", search=search, game=rules.name)


def require_classic(rules: Rules, search: str) -> None:
    """Raise :class:`SearchError` unless ``rules`` keep the stores on the sowing path.

    >>> require_classic(Rules.official(), "Solver")
    >>> require_classic(Rules.toguz_korgool(), "Solver")
    Traceback (most recent call last):
    ...
    mangala_edu.search.errors.SearchError: ...toguz-korgool...
    """
    if not rules.stores_on_path:
        raise SearchError.classic_only(rules, search)


def require_off_path(rules: Rules, search: str) -> None:
    """Raise :class:`SearchError` unless ``rules`` keep the stores beside the board.

    >>> require_off_path(Rules.mangala_iv(), "OffPathSolver")
    >>> require_off_path(Rules.official(), "OffPathSolver")
    Traceback (most recent call last):
    ...
    mangala_edu.search.errors.SearchError: ...official...
    """
    if rules.stores_on_path:
        raise SearchError.off_path_only(rules, search)
