"""Errors that explain themselves in every language of the package.

Each error carries a :class:`~mangala_edu.i18n.Message` (a catalogue key and its values), so
that a widget can show it in the learner's language; ``str(error)`` gives Turkish, then
English.

>>> err = MangalaError("error.empty_pit", pit=2)
>>> err.message("en")
'Pit 2 is empty: there is nothing to sow.'
>>> str(err)
'2. kuyu boş: ekilecek taş yok. / Pit 2 is empty: there is nothing to sow.'
>>> err.said
Message('error.empty_pit', pit=2)
"""

from __future__ import annotations

from ..i18n import LANGUAGES, Message


class MangalaError(ValueError):
    """Base class: a ``ValueError`` whose message exists in Turkish and English.

    A parameter may be a :class:`~mangala_edu.i18n.Message` (a side's name, say) or another
    :class:`MangalaError` (the reason of a wrapped error); both are shown in the same language.
    """

    said: Message
    """What the error says, in no language yet."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.said = Message(
            key, **{k: (v.said if isinstance(v, MangalaError) else v) for k, v in params.items()}
        )
        super().__init__(" / ".join(self.message(lang) for lang in LANGUAGES))

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


class IllegalMoveError(MangalaError):
    """A move that cannot be played here; the position it was tried on is unchanged."""


class PositionError(MangalaError):
    """A board or a position text that is not a valid position."""
