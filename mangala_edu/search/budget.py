"""Search budgets: a time limit and/or a node limit, checked cheaply during a search.

>>> budget = Budget(node_limit=10)
>>> budget.charge(5)
>>> budget.charge(6)
Traceback (most recent call last):
...
mangala_edu.search.budget.BudgetExceeded: search budget exceeded after 11 nodes ...
>>> Budget().unlimited
True
"""

from __future__ import annotations

import time


class BudgetExceeded(RuntimeError):
    """A search ran out of its time or node budget before it could finish.

    ``nodes`` and ``seconds`` say how much was spent. ``lower`` and ``upper`` are what the
    search had proven about the value it was looking for before it stopped (for the solver: the
    final store difference from the mover's side), or ``None`` when it proved nothing of the kind.
    A bound may be the trivial one (every stone on the board) but it is always true.

    >>> exc = BudgetExceeded(4096, 0.5)
    >>> exc.lower is None and exc.upper is None
    True
    >>> str(exc.bounded(-4, 12))
    'search budget exceeded after 4096 nodes and 0.50 s; value proven between -4 and +12'
    >>> str(BudgetExceeded(10, 0.0, lower=3, upper=3))
    'search budget exceeded after 10 nodes and 0.00 s; value proven to be +3'
    """

    def __init__(
        self, nodes: int, seconds: float, lower: int | None = None, upper: int | None = None
    ) -> None:
        self.nodes = nodes
        self.seconds = seconds
        self.lower = lower
        self.upper = upper
        super().__init__(nodes, seconds, lower, upper)

    def bounded(self, lower: int | None, upper: int | None) -> BudgetExceeded:
        """Record the proven bounds ``lower`` and ``upper``; returns the exception itself."""
        self.lower = lower
        self.upper = upper
        return self

    def __str__(self) -> str:
        text = f"search budget exceeded after {self.nodes} nodes and {self.seconds:.2f} s"
        lower, upper = self.lower, self.upper
        if lower is not None and lower == upper:
            return f"{text}; value proven to be {signed(lower)}"
        if lower is not None and upper is not None:
            return f"{text}; value proven between {signed(lower)} and {signed(upper)}"
        if lower is not None:
            return f"{text}; value proven to be at least {signed(lower)}"
        if upper is not None:
            return f"{text}; value proven to be at most {signed(upper)}"
        return text


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
            raise ValueError("time_limit must not be negative")
        if node_limit is not None and node_limit < 0:
            raise ValueError("node_limit must not be negative")
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
