"""The command line's errors: one class for bad input, one for a search out of its budget.

Every command (:mod:`mangala_edu.cli`, :mod:`mangala_edu.cli_solver`,
:mod:`mangala_edu.puzzles.commands`) raises these; :func:`mangala_edu.cli.main` prints the
message in the command's language on one line of standard error and leaves with the error's
:attr:`~CommandError.status`: 2 for bad input, 3 for a search that ran out of its budget. Like
every error of the package they are :class:`~mangala_edu.engine.MangalaError`\\ s: a catalogue
key and its values, in no language until shown. Sentences that follow the first (what a
search had proven before it stopped, say) are further messages, shown after it.

>>> from mangala_edu.i18n import Message
>>> CommandError("cli.bad_jobs", value=0).message("en")
'The number of threads must be at least 1, not 0.'
>>> err = OutOfBudget("cli.set_over", Message("cli.bad_time", value=0))
>>> err.status, err.message("en")
(3, 'The set is over in this position: there is no move to play. The time must be greater than zero, not 0.')
"""

from __future__ import annotations

import errno
import os
import sys

from .engine.errors import MangalaError
from .i18n import Message

__all__ = ["CommandError", "OutOfBudget", "exit_status", "os_reason"]


class CommandError(MangalaError):
    """A fault in the command's input: one line on standard error, exit status 2.

    ``also`` are sentences said after the first (messages, or errors whose message is said).
    """

    status = 2
    """The command line's exit status for this error."""

    also: tuple[Message, ...]
    """The sentences that follow the first."""

    def __init__(self, key: str, /, *also: Message | MangalaError, **params: object) -> None:
        self.also = tuple(m.said if isinstance(m, MangalaError) else m for m in also)
        super().__init__(key, **params)

    def message(self, lang: str | None = None) -> str:
        """The message and the sentences that follow it, in one language."""
        return " ".join([self.said.text(lang), *(m.text(lang) for m in self.also)])


class OutOfBudget(CommandError):
    """A search that did not finish within its budget (``solve --time-limit``): one line
    saying what it had proven by then, exit status 3."""

    status = 3


def exit_status(error: MangalaError) -> int:
    """The exit status of the command line for an error no command caught: the status of a
    :class:`CommandError`, 3 for a search out of its budget
    (:class:`~mangala_edu.search.budget.BudgetExceeded`), 2 for any other (bad input).

    >>> exit_status(CommandError("cli.set_over")), exit_status(MangalaError("cli.set_over"))
    (2, 2)
    >>> from mangala_edu.search.budget import BudgetExceeded
    >>> exit_status(BudgetExceeded(10, 0.5))
    3
    """
    if isinstance(error, CommandError):
        return error.status
    budget = sys.modules.get("mangala_edu.search.budget")  # not loaded: no search ran
    if budget is not None and isinstance(error, budget.BudgetExceeded):
        return OutOfBudget.status
    return CommandError.status


_NO_ROOM = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}


def os_reason(error: OSError, path: str | os.PathLike[str], *, reading: bool = False) -> Message:
    """Why ``path`` could not be written (or read, with ``reading``), in words a teacher
    understands, naming the folder where it helps: a missing folder, no permission, a full or
    read-only disk... Other causes keep the system's own text. Every ``cannot_write`` and
    ``cannot_read`` message of the package takes it as its ``reason``.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> target = os.path.join(folder, "yok", "sheet.pdf")
    >>> try:
    ...     open(target, "w")
    ... except OSError as exc:
    ...     said = os_reason(exc, target)
    >>> said.key, said.text("en").startswith(f"the folder {os.path.join(folder, 'yok')} does not")
    ('oserror.no_folder', True)
    >>> os_reason(OSError(errno.ENOSPC, "No space left on device"), target).text("tr")[:20]
    'diskte yer kalmadı ('
    >>> os_reason(PermissionError(errno.EACCES, "Permission denied"), target, reading=True).key
    'oserror.no_read_permission'
    """
    where = os.path.abspath(os.fspath(path))
    folder = os.path.dirname(where) or where
    code = error.errno
    if isinstance(error, IsADirectoryError) or code == errno.EISDIR:
        return Message("oserror.is_folder", file=where)
    if isinstance(error, NotADirectoryError) or code == errno.ENOTDIR:
        return Message("oserror.not_folder", file=where)
    if isinstance(error, FileNotFoundError) or code == errno.ENOENT:
        if reading and os.path.isdir(folder):
            return Message("oserror.no_file", file=where)
        return Message("oserror.no_folder", folder=folder)
    if isinstance(error, PermissionError) or code in (errno.EACCES, errno.EPERM):
        if reading:
            return Message("oserror.no_read_permission", file=where)
        return Message("oserror.no_write_permission", folder=folder)
    if code == errno.EROFS:
        return Message("oserror.read_only", folder=folder)
    if code in _NO_ROOM:
        return Message("oserror.disk_full", folder=folder)
    if code == errno.ENAMETOOLONG:
        return Message("oserror.name_too_long")
    return Message("oserror.other", reason=error.strerror or str(error))
