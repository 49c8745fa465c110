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

    ``nodes`` and ``seconds`` say how much was spent.
    """

    def __init__(self, nodes: int, seconds: float) -> None:
        self.nodes = nodes
        self.seconds = seconds
        super().__init__(f"search budget exceeded after {nodes} nodes and {seconds:.2f} s")


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

    def charge(self, nodes: int) -> None:
        """Count ``nodes`` more nodes; raise :class:`BudgetExceeded` when over budget."""
        self.nodes += nodes
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise BudgetExceeded(self.nodes, self.seconds)
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise BudgetExceeded(self.nodes, self.seconds)
