"""A class and its accounts: pupils' names, their short user names, passwords and hashes.

A class lives in one folder (:func:`class_folder`): ``~/mangala-sinif/<class>`` unless the
environment variable ``MANGALA_CLASSROOM_DIR`` names another parent folder. Its roster is
``class.json`` there (permissions 0600), which holds the pupils' names, user names and only
the **hashes** of their passwords (:func:`hash_password`: ``hashlib.scrypt`` with a random salt
per account); a password is shown once, on the login card made with it.

User names are the pupil's first name folded to ASCII (ş→s, ğ→g, ı→i, İ→i, ö→o, ü→u, ç→c);
first names that several pupils share are numbered in the order of the list:

>>> user_names(["Ayşe Yılmaz", "Çağrı Öz", "Ayşe Kaya", "İlkay Işık", "Zoë"])
['ayse1', 'cagri', 'ayse2', 'ilkay', 'zoe']

Passwords are short and readable: three syllables and two digits, with no letters or digits
that look alike (no l, 1, i, o, 0):

>>> import random
>>> make_password(random.Random(1))
'gudefe-99'
>>> stored = hash_password("gudefe-99")
>>> check_password("gudefe-99", stored), check_password("gudefe-98", stored)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import unicodedata
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..cli_errors import CommandError
from ..i18n import LANGUAGES, t
from .cards import puzzle_names

__all__ = [
    "ROOT_ENV",
    "ClassroomError",
    "Roster",
    "User",
    "check_password",
    "class_folder",
    "classroom_root",
    "hash_password",
    "make_password",
    "read_names",
    "user_names",
]

ROOT_ENV = "MANGALA_CLASSROOM_DIR"
"""The environment variable naming the folder that holds the classes' folders."""
FORMAT = "mangala_edu.classroom"
VERSION = 1
ROSTER_FILE = "class.json"
TEACHER = "ogretmen"
"""The teacher's user name unless another is chosen."""
MAX_PUPILS = 60
NAME_LENGTH = 60
CONSONANTS = "bcdfghjkmnprstvyz"
"""No l (it looks like 1 and I); no q, w, x (not Turkish letters)."""
VOWELS = "aeu"
"""No i (l, 1) and no o (0); ı, ö, ü are not on every keyboard."""
DIGITS = "23456789"
# scrypt's cost: about 16 MB and 50 ms a check on a small machine, so 30 logins at once cost a
# second or two of one core; the cost is stored with each hash, so it can grow later.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
_FOLD = str.maketrans("şŞğĞıİöÖüÜçÇâÂîÎûÛ", "ssggiioouuccaaiiuu")
_CLASS_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$")
_USER = re.compile(r"^[a-z][a-z0-9]{0,19}$")


class ClassroomError(CommandError):
    """Bad input or a class that cannot be used: one message in Turkish and English
    (``str(error)``), exit status 2."""


def fold(text: str) -> str:
    """``text`` in lower-case ASCII letters and digits only: Turkish letters folded, other
    accents dropped, anything else removed.

    >>> fold("Şükrü-Çağ"), fold("İREM"), fold("Işıl"), fold("José")
    ('sukrucag', 'irem', 'isil', 'jose')
    """
    text = text.translate(_FOLD)
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text.lower() if c.isascii() and c.isalnum())


def check_pupil_name(name: str) -> str:
    """The name as it is kept (spaces trimmed and single), or :class:`ClassroomError`."""
    name = " ".join(name.split())
    if not name:
        raise ClassroomError("classroom.error.empty_name")
    if len(name) > NAME_LENGTH or any(unicodedata.category(c).startswith("C") for c in name):
        raise ClassroomError("classroom.error.bad_name", name=name[:NAME_LENGTH], limit=NAME_LENGTH)
    return name


def user_names(names: Iterable[str], taken: Iterable[str] = ()) -> list[str]:
    """A user name for each name, in order: the folded first name, numbered (from 1) where
    several pupils share it or it is ``taken`` already; ``ogrenci1``… for a name that has no
    Latin letters.

    >>> user_names(["Ali", "Ali Can", "Ali"], taken=["ali1"])
    ['ali2', 'ali3', 'ali4']
    >>> user_names(["محمد"])
    ['ogrenci1']
    """
    names = list(names)
    taken_set = set(taken)
    bases = []
    for name in names:
        first = fold(name.split()[0]) if name.split() else ""
        if not first or not first[0].isalpha():
            first = "ogrenci" + fold(first)
        bases.append(first[:16])
    counts: dict[str, int] = {}
    for base in bases:
        counts[base] = counts.get(base, 0) + 1
    result: list[str] = []
    used = set(taken_set)
    next_number: dict[str, int] = {}
    for base in bases:
        if counts[base] == 1 and base not in used and not base.startswith("ogrenci"):
            used.add(base)
            result.append(base)
            continue
        k = next_number.get(base, 1)
        while f"{base}{k}" in used:
            k += 1
        next_number[base] = k + 1
        used.add(f"{base}{k}")
        result.append(f"{base}{k}")
    return result


def make_password(rng: Any = None) -> str:
    """A new password: three syllables, a dash, two digits (about 23 bits of chance; enough on a
    class's own network, where the hub is the only way in). ``rng`` is for tests: a
    :class:`random.Random`; by default the operating system's secure source."""
    choice = rng.choice if rng is not None else secrets.choice
    word = "".join(choice(CONSONANTS) + choice(VOWELS) for _ in range(3))
    return f"{word}-{choice(DIGITS)}{choice(DIGITS)}"


def hash_password(password: str, salt: bytes | None = None) -> str:
    """``scrypt$N$r$p$salt$hash`` (hex) of ``password`` with a new random salt."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32
    )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches ``stored`` (:func:`hash_password`), compared in constant
    time; a malformed ``stored`` never matches."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        got = hashlib.scrypt(
            password.encode("utf-8"),
            salt=bytes.fromhex(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(digest) // 2,
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got.hex(), digest)


def classroom_root() -> Path:
    """The folder that holds the classes: ``$MANGALA_CLASSROOM_DIR``, else ``~/mangala-sinif``."""
    env = os.environ.get(ROOT_ENV)
    return Path(env).expanduser() if env else Path.home() / "mangala-sinif"


def check_class_name(name: str) -> str:
    """A class name as a folder name: letters, digits, ``-`` and ``_`` (``7A``, ``5-B``).

    >>> check_class_name("7A")
    '7A'
    >>> check_class_name("7 A")
    Traceback (most recent call last):
    ...
    mangala_edu.classroom.roster.ClassroomError: Sınıf adı ... / The class name ...
    """
    if not _CLASS_NAME.match(name):
        raise ClassroomError("classroom.error.bad_class", name=name)
    return name


def class_folder(name: str, root: Path | None = None) -> Path:
    """The folder of the class ``name`` (made by ``new``)."""
    return (root or classroom_root()) / check_class_name(name)


def read_names(path: Path) -> list[str]:
    """The pupils' names in a text file: one a line (UTF-8); blank lines and lines starting
    with ``#`` are left out."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ClassroomError(
            "classroom.error.names_file", file=str(path), reason=exc.strerror or str(exc)
        ) from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ClassroomError("classroom.error.names_encoding", file=str(path)) from None
    names = [check_pupil_name(line) for line in text.splitlines() if line.strip()]
    names = [n for n in names if not n.startswith("#")]
    if not names:
        raise ClassroomError("classroom.error.no_names", file=str(path))
    if len(names) > MAX_PUPILS:
        raise ClassroomError("classroom.error.too_many", count=len(names), limit=MAX_PUPILS)
    return names


@dataclass
class User:
    """One account: ``user`` (the login name), the person's ``name``, ``hash`` of the password,
    whether it is the class's teacher (an admin of the hub) and, for a pupil, ``puzzle``: the
    name their puzzles are saved under (empty in rosters made before it was kept: then
    :meth:`Roster.learners` works it out from the names)."""

    user: str
    name: str
    hash: str
    teacher: bool = False
    puzzle: str = ""


@dataclass
class Roster:
    """A class: its name, language, the address pupils open, and its accounts.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp()) / "7A"
    >>> roster, passwords = Roster.create("7A", ["Ayşe", "Can"], folder, address="http://x:8000/")
    >>> sorted(passwords)
    ['ayse', 'can', 'ogretmen']
    >>> Roster.load(folder).check("can", passwords["can"])
    True
    >>> [u.user for u in Roster.load(folder).pupils]
    ['ayse', 'can']
    """

    name: str
    folder: Path
    lang: str = "tr"
    address: str = ""
    users: list[User] = field(default_factory=list)

    @classmethod
    def create(
        cls,
        name: str,
        names: list[str],
        folder: Path,
        *,
        lang: str = "tr",
        teacher: str = TEACHER,
        address: str = "",
        rng: Any = None,
    ) -> tuple[Roster, dict[str, str]]:
        """Make the class folder and its roster; returns the roster and the new passwords by
        user name (to print on the cards, then forget). A class that exists is never
        overwritten."""
        check_class_name(name)
        if lang not in LANGUAGES:
            raise ClassroomError("classroom.error.bad_lang", value=lang)
        if not _USER.match(teacher):
            raise ClassroomError("classroom.error.bad_teacher", value=teacher)
        if (folder / ROSTER_FILE).exists():
            raise ClassroomError("classroom.error.exists", name=name, folder=str(folder))
        names = [check_pupil_name(n) for n in names]
        roster = cls(name=name, folder=folder, lang=lang, address=address)
        passwords = {}
        users = user_names(names, taken=[teacher])
        for user, person, puzzle in zip(users, names, puzzle_names(names), strict=True):
            passwords[user] = make_password(rng)
            roster.users.append(User(user, person, hash_password(passwords[user]), puzzle=puzzle))
        passwords[teacher] = make_password(rng)
        title = t("classroom.card.teacher", lang).capitalize()
        roster.users.append(User(teacher, title, hash_password(passwords[teacher]), True))
        roster.save()
        return roster, passwords

    @classmethod
    def load(cls, folder: Path) -> Roster:
        """The roster of the class in ``folder``, or :class:`ClassroomError` saying why not."""
        path = folder / ROSTER_FILE
        try:
            data = json.loads(path.read_text("utf-8"))
        except FileNotFoundError:
            raise ClassroomError("classroom.error.no_class", folder=str(folder)) from None
        except (OSError, ValueError) as exc:
            raise ClassroomError("classroom.error.bad_roster", file=str(path)) from exc
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ClassroomError("classroom.error.bad_roster", file=str(path))
        try:
            return cls(
                name=data["class"],
                folder=folder,
                lang=data["lang"],
                address=data.get("address", ""),
                users=[User(**u) for u in data["users"]],
            )
        except (KeyError, TypeError) as exc:
            raise ClassroomError("classroom.error.bad_roster", file=str(path)) from exc

    def save(self) -> Path:
        """Write ``class.json`` (0600) atomically; returns its path."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / ROSTER_FILE
        data = {
            "format": FORMAT,
            "version": VERSION,
            "class": self.name,
            "lang": self.lang,
            "address": self.address,
            "users": [asdict(u) for u in self.users],
        }
        temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False, indent=2)
            out.write("\n")
        os.replace(temp, path)
        return path

    @property
    def pupils(self) -> list[User]:
        """The pupils' accounts, in the order of the list."""
        return [u for u in self.users if not u.teacher]

    @property
    def teachers(self) -> list[User]:
        """The teacher's account (one, unless added by hand)."""
        return [u for u in self.users if u.teacher]

    def find(self, user: str) -> User:
        """The account ``user``, or :class:`ClassroomError` naming the class's accounts."""
        for u in self.users:
            if u.user == user:
                return u
        raise ClassroomError(
            "classroom.error.no_user",
            user=user,
            name=self.name,
            users=", ".join(u.user for u in self.users),
        )

    def check(self, user: str, password: str) -> bool:
        """Whether ``password`` is the password of ``user`` (False for an unknown user, after
        the same work as for a known one, so that the time does not tell which names exist)."""
        for u in self.users:
            if u.user == user:
                return check_password(password, u.hash)
        check_password(password, hash_password("-", salt=b"0" * 16))
        return False

    def learners(self) -> dict[str, str]:
        """Each pupil's user name -> the name their puzzles are saved under: the one kept in
        the roster, else :func:`~.cards.puzzle_names` of the class's names."""
        pupils = self.pupils
        worked_out = puzzle_names([u.name for u in pupils])
        return {u.user: u.puzzle or name for u, name in zip(pupils, worked_out, strict=True)}

    def add(self, name: str, rng: Any = None, save: bool = True) -> tuple[User, str]:
        """Add a pupil who came late (``classroom.sh add``): a user name folded and numbered as
        :meth:`create` makes them, a new password and a puzzle name no other pupil has. The
        others keep their user names and puzzle names (kept in the roster from now on, so that
        a shared first name does not rename anybody's progress file). Saves the roster unless
        ``save`` is false; returns the account and its password. Bad input changes nothing.

        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp()) / "7A"
        >>> roster, _ = Roster.create("7A", ["Ayşe Yılmaz", "Can"], folder)
        >>> user, password = roster.add("Ayşe Kaya")
        >>> user.user, user.name, user.puzzle, Roster.load(folder).check("ayse1", password)
        ('ayse1', 'Ayşe Kaya', 'Ayşe K.', True)
        >>> Roster.load(folder).learners()
        {'ayse': 'Ayşe', 'can': 'Can', 'ayse1': 'Ayşe K.'}
        """
        name = check_pupil_name(name)
        pupils = self.pupils
        for u in pupils:
            if u.name.casefold() == name.casefold():
                raise ClassroomError(
                    "classroom.error.already_in", name=name, school_class=self.name, user=u.user
                )
        if len(pupils) + 1 > MAX_PUPILS:
            raise ClassroomError(
                "classroom.error.too_many", count=len(pupils) + 1, limit=MAX_PUPILS
            )
        learners = self.learners()
        (user,) = user_names([name], taken=[u.user for u in self.users])
        puzzle = puzzle_names([*(u.name for u in pupils), name])[-1]
        used = {p.casefold() for p in learners.values()}
        base, k = puzzle[:27], 2
        while puzzle.casefold() in used:
            puzzle, k = f"{base} {k}", k + 1
        for u in pupils:
            u.puzzle = learners[u.user]
        password = make_password(rng)
        account = User(user, name, hash_password(password), puzzle=puzzle)
        self.users.append(account)
        if save:
            self.save()
        return account, password

    def reset(self, user: str, rng: Any = None) -> str:
        """A new password for ``user`` (saved as its hash); returns the password."""
        account = self.find(user)
        password = make_password(rng)
        account.hash = hash_password(password)
        self.save()
        return password
