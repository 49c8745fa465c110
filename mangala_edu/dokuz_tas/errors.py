"""Errors of the Dokuz Taş engine, in Turkish and English.

They are the package's own :class:`~mangala_edu.engine.errors.MangalaError` classes (a
widget that shows a Mangala error shows these the same way): a turn that cannot be played is
an :class:`IllegalTurnError` (an :class:`~mangala_edu.engine.errors.IllegalMoveError`), a
position text that is not a position a :class:`PositionError`, a game record that cannot be
read or replayed a :class:`RecordError`. Nothing changes when one is raised.

>>> err = IllegalTurnError("dokuz_tas.error.occupied", point="d6")
>>> err.message("en")
'd6 is not empty: a stone can only go to an empty point.'
>>> str(err)
'd6 noktası boş değil: taş ancak boş bir noktaya konur ya da gider. / d6 is not empty: a stone can only go to an empty point.'
"""

from __future__ import annotations

from ..engine import errors as _engine


class IllegalTurnError(_engine.IllegalMoveError):
    """A turn that cannot be played in this position; the position is unchanged."""


class PositionError(_engine.PositionError):
    """A position (or its text) that is not a Dokuz Taş position."""


class RecordError(_engine.MangalaError):
    """A game record that cannot be read or replayed."""


NothingToUndo = _engine.NothingToUndo
"""Raised by :meth:`~mangala_edu.dokuz_tas.game.Game.pop` when no turn was played."""
