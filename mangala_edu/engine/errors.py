"""Errors that explain themselves in every language of the package.

Each error carries a catalogue key and its values, so that a widget can show it in the
learner's language; ``str(error)`` gives Turkish, then English.

>>> err = MangalaError("error.empty_pit", pit=2)
>>> err.message("en")
'Pit 2 is empty: there is nothing to sow.'
>>> str(err)
'2. kuyu boş: ekilecek taş yok. / Pit 2 is empty: there is nothing to sow.'
"""

from __future__ import annotations

from ..i18n import LANGUAGES, t


class MangalaError(ValueError):
    """Base class: a ``ValueError`` whose message exists in Turkish and English."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(" / ".join(self.message(lang) for lang in LANGUAGES))

    def message(self, lang: str | None = None) -> str:
        """The message in one language (default: the current language)."""
        params = {k: (v.message(lang) if isinstance(v, MangalaError) else v)
                  for k, v in self.params.items()}
        params = {k: (t(v.key, lang) if isinstance(v, Term) else v) for k, v in params.items()}
        return t(self.key, lang, **params)


class Term:
    """A word that is itself translated when a message is shown (e.g. a side's name)."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key

    def __repr__(self) -> str:
        return f"Term({self.key!r})"


class IllegalMoveError(MangalaError):
    """A move that cannot be played here; the position it was tried on is unchanged."""


class PositionError(MangalaError):
    """A board or a position text that is not a valid position."""
