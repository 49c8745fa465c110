"""Errors that explain themselves in every language of the package.

Each error carries a :class:`~mangala_edu.i18n.Message` (a catalogue key and its values), so
that a widget can show it in the learner's language; ``str(error)`` gives Turkish, then
English. Every error the package raises is a :class:`MangalaError`; where callers used to
catch a builtin class (``KeyError``, ``IndexError``, ``RuntimeError``), the subclass derives
from it too.

>>> err = MangalaError("error.empty_pit", pit=2)
>>> err.message("en")
'Pit 2 is empty: there is nothing to sow.'
>>> str(err)
'2. kuyu boş: ekilecek taş yok. / Pit 2 is empty: there is nothing to sow.'
>>> err.said
Message('error.empty_pit', pit=2)

An error crosses process boundaries whole (the parallel analysis sends them back from its
workers): it is pickled as its class, its key, its values and its own attributes.

>>> import pickle
>>> pickle.loads(pickle.dumps(err)).said == err.said
True
"""

from __future__ import annotations

from typing import Any

from ..i18n import LANGUAGES, Message


def _said(value: object) -> object:
    return value.said if isinstance(value, MangalaError) else value


class MangalaError(ValueError):
    """Base class: a ``ValueError`` whose message exists in Turkish and English.

    A parameter may be a :class:`~mangala_edu.i18n.Message` (a side's name, say) or another
    :class:`MangalaError` (the reason of a wrapped error); both are shown in the same language.
    """

    said: Message
    """What the error says, in no language yet."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.said = Message(key, **{k: _said(v) for k, v in params.items()})
        super().__init__(str(self))

    @property
    def key(self) -> str:
        """The catalogue key of the message."""
        return self.said.key

    @property
    def params(self) -> dict[str, object]:
        """The values of the message."""
        return self.said.params

    def message(self, lang: str | None = None) -> str:
        """The message in one language (default: the current language)."""
        return self.said.text(lang)

    def __str__(self) -> str:
        # Defined here so that a subclass that is also a ``KeyError`` does not quote it.
        return " / ".join(self.message(lang) for lang in LANGUAGES)

    def __reduce__(self) -> tuple[Any, ...]:
        state = {k: v for k, v in self.__dict__.items() if k != "said"}
        return (_rebuild, (type(self), self.said.key, self.said.params, state))


def _rebuild(
    cls: type[MangalaError], key: str, params: dict[str, object], state: dict[str, object]
) -> MangalaError:
    """An unpickled error: its class, message and attributes, without calling its
    ``__init__`` (whose arguments differ from class to class)."""
    err = cls.__new__(cls)
    err.__dict__.update(state)
    err.said = Message(key, **params)
    err.args = (str(err),)
    return err


class IllegalMoveError(MangalaError):
    """A move that cannot be played here; the position it was tried on is unchanged."""


class NothingToUndo(IllegalMoveError, IndexError):
    """A move taken back where no move was played (an ``IndexError`` too, as from an empty
    list).

    >>> NothingToUndo().message("en")
    'There is no move to undo.'
    """

    def __init__(self) -> None:
        super().__init__("error.nothing_to_undo")


class NoSuchPly(MangalaError, IndexError):
    """A move number (ply) before the first move of a game; an ``IndexError`` too.

    >>> NoSuchPly(0).message("en")
    'There is no move 0: moves are numbered from 1.'
    """

    def __init__(self, ply: int) -> None:
        self.ply = ply
        super().__init__("error.no_ply", ply=ply)


class PositionError(MangalaError):
    """A board or a position text that is not a valid position."""
