"""Search budgets: a time limit and/or a node limit, checked cheaply during a search.

>>> budget = Budget(node_limit=10)
>>> budget.charge(5)
>>> budget.charge(6)
Traceback (most recent call last):
...
mangala_edu.search.budget.BudgetExceeded: ... / Search budget exceeded after 11 nodes ...
>>> Budget().unlimited
True
"""

from __future__ import annotations

import time

from .errors import SearchError


class BudgetExceeded(SearchError, RuntimeError):
    """A search ran out of its time or node budget before it could finish (a
    :class:`~.errors.SearchError`, and a ``RuntimeError`` as it always was).

    ``nodes`` and ``seconds`` say how much was spent. ``lower`` and ``upper`` are what the
    search had proven about the value it was looking for before it stopped (for the solver: the
    final store difference from the mover's side), or ``None`` when it proved nothing of the kind.
    A bound may be the trivial one (every stone on the board) but it is always true. A search of
    every move that stops early also says which moves it had solved (``values``, by pit) and the
    bounds it had proven on the others (``bounds``, by pit).

    >>> exc = BudgetExceeded(4096, 0.5)
    >>> exc.lower is None and exc.upper is None, exc.key
    (True, 'search.budget.exceeded')
    >>> exc.bounded(-4, 12).message("en")
    'Search budget exceeded after 4096 nodes and 0.5 s; value proven between -4 and +12'
    >>> print(BudgetExceeded(10, 0.0, lower=3, upper=3))
    10 düğüm ve 0 saniye sonra arama bütçesi tükendi; değerin +3 olduğu kanıtlandı / Search
    budget exceeded after 10 nodes and 0 s; value proven to be +3
    """

    values: dict[int, int]
    """The moves solved before the search stopped: pit -> exact value."""
    bounds: dict[int, tuple[int, int]]
    """The bounds proven on the moves not yet solved: pit -> (lower, upper)."""

    def __init__(
        self, nodes: int, seconds: float, lower: int | None = None, upper: int | None = None
    ) -> None:
        self.nodes = nodes
        self.seconds = seconds
        self.values = {}
        self.bounds = {}
        self.bounded(lower, upper)

    def bounded(self, lower: int | None, upper: int | None) -> BudgetExceeded:
        """Record the proven bounds ``lower`` and ``upper``; returns the exception itself."""
        self.lower = lower
        self.upper = upper
        spent: dict[str, object] = {"nodes": self.nodes, "seconds": round(self.seconds, 2)}
        if lower is not None and lower == upper:
            key, spent["value"] = "search.budget.proven_value", signed(lower)
        elif lower is not None and upper is not None:
            key, spent["lower"], spent["upper"] = (
                "search.budget.proven_between",
                signed(lower),
                signed(upper),
            )
        elif lower is not None:
            key, spent["lower"] = "search.budget.proven_at_least", signed(lower)
        elif upper is not None:
            key, spent["upper"] = "search.budget.proven_at_most", signed(upper)
        else:
            key = "search.budget.exceeded"
        SearchError.__init__(self, key, **spent)
        return self


def signed(value: int) -> str:
    """A store difference with its sign: ``+2``, ``0``, ``-4``.

    >>> signed(2), signed(0), signed(-4)
    ('+2', '0', '-4')
    """
    return f"{value:+d}" if value else "0"


class Budget:
    """How much a search may spend: ``time_limit`` in seconds and/or ``node_limit`` nodes.

    Searches count their nodes and call :meth:`charge` every few thousand nodes, so a time limit
    is kept to within a few milliseconds.
    """

    __slots__ = ("deadline", "node_limit", "nodes", "started", "time_limit")

    def __init__(self, time_limit: float | None = None, node_limit: int | None = None) -> None:
        if time_limit is not None and time_limit < 0:
            raise SearchError("search.budget.negative_time", value=time_limit)
        if node_limit is not None and node_limit < 0:
            raise SearchError("search.budget.negative_nodes", value=node_limit)
        self.time_limit = time_limit
        self.node_limit = node_limit
        self.started = time.perf_counter()
        self.deadline = None if time_limit is None else self.started + time_limit
        self.nodes = 0

    @property
    def unlimited(self) -> bool:
        """True when neither a time nor a node limit is set."""
        return self.deadline is None and self.node_limit is None

    @property
    def seconds(self) -> float:
        """Seconds since the budget was made."""
        return time.perf_counter() - self.started

    def remaining(self) -> float | None:
        """Seconds left, or ``None`` with no time limit."""
        if self.deadline is None:
            return None
        return self.deadline - time.perf_counter()

    def cancel(self) -> None:
        """Make the search stop at its next check, as if its time had run out (another thread
        may call this)."""
        self.deadline = 0.0

    def charge(self, nodes: int) -> None:
        """Count ``nodes`` more nodes; raise :class:`BudgetExceeded` when over budget."""
        self.nodes += nodes
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise BudgetExceeded(self.nodes, self.seconds)
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise BudgetExceeded(self.nodes, self.seconds)
