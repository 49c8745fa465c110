"""Texts in every language the package speaks: one JSON catalogue per language, same keys.

Turkish comes first: it is the default language. Texts are stored exactly as shown and are
never case-converted (``"i".upper()`` is not Turkish ``"İ"``).

>>> t("side.south", "tr"), t("side.south", "en")
('Güney', 'South')
>>> t("error.empty_pit", "en", pit=3)
'Pit 3 is empty: there is nothing to sow.'
>>> sorted(LANGUAGES)
['en', 'tr']

Everything the package says to a learner is a :class:`Message`: a catalogue key and its
values, shown in whichever language is asked for. A value may itself be a message (a side's
name, say), translated along with it:

>>> said = Message("error.not_your_pit", owner=Message("side.north"),
...                mover=Message("side.south"))
>>> said.text("en")
"That pit is North's: South is to move and plays from their own pits only."

Numbers are written the way each language writes them, in one place each:

- ``{n:num}`` in a template writes a number with the language's decimal mark (``5,9`` in
  Turkish, ``5.9`` in English; whole numbers without decimals); ``{n:dec}`` writes it with
  every digit it has (a time limit the user gave: ``0,25``), whole numbers without decimals;
- ``{n:count}`` writes a count with the language's thousands mark (``3.160.064`` in Turkish,
  ``3,160,064`` in English: :func:`format_count`, the one way counts are written);
- ``{n:dat}``, ``{n:abl}``, ``{n:loc}``, ``{n:acc}``, ``{n:gen}`` write a number with its Turkish
  case suffix, which follows the number as it is spoken (``6'ya``, ``1'den``, ``40'ta``);
  other languages write the bare number;
- a text that depends on a count is a ``{"one": ..., "other": ...}`` object in the catalogue,
  chosen by the ``count`` value (English says "1 stone", "2 stones"; Turkish needs one form).

>>> fill("{s:dec} s", "tr", s=0.25), fill("{s:dec} s", "en", s=30.0)
('0,25 s', '30 s')
>>> fill("{n:count} konum", "tr", n=780288), fill("{n:count} positions", "en", n=780288)
('780.288 konum', '780,288 positions')
>>> t("error.out_of_range", "tr", pit=7, pits=6)
"7. kuyu yok: kuyular oynayanın kendi solundan 1'den 6'ya kadar numaralanır."
>>> t("event.lift", "en", pit=2, count=1), t("event.lift", "en", pit=2, count=3)
('1 stone lifted from pit 2', '3 stones lifted from pit 2')
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Union

LANGUAGES = ("tr", "en")
_language = "tr"

Template = Union[str, dict[str, str]]  # noqa: UP007 (a runtime alias on Python 3.10)
"""A catalogue entry: a text, or one text per plural form (``one``, ``other``)."""

PLURAL_FORMS = ("one", "other")


@cache
def catalogue(lang: str) -> dict[str, Template]:
    """The whole catalogue of one language, as a dict of key -> text template.

    It is ``{lang}.json`` (the package's words) together with every file in the folder
    ``{lang}/`` (one a lesson); a key may stand in only one of them.
    """
    if lang not in LANGUAGES:
        from ..engine.errors import MangalaError  # here: the engine's errors import this module

        raise MangalaError("language.unknown", value=lang, allowed=", ".join(LANGUAGES))
    root = resources.files(__package__)
    merged: dict[str, Template] = json.loads(root.joinpath(f"{lang}.json").read_text("utf-8"))
    folder = root.joinpath(lang)
    if folder.is_dir():
        for part in sorted(folder.iterdir(), key=lambda f: f.name):
            if not part.name.endswith(".json"):
                continue
            for key, value in json.loads(part.read_text("utf-8")).items():
                if key in merged:
                    raise ValueError(f"{lang}/{part.name}: key {key!r} is defined twice")
                merged[key] = value
    for key, value in merged.items():
        if isinstance(value, dict) and set(value) != set(PLURAL_FORMS):
            raise ValueError(f"{lang}: {key!r} must have the forms {PLURAL_FORMS}")
    return merged


def get_language() -> str:
    """The language used when none is named (``"tr"`` unless changed)."""
    return _language


def set_language(lang: str) -> None:
    """Choose the language used when none is named: ``"tr"`` or ``"en"``."""
    global _language
    catalogue(lang)  # validates
    _language = lang


def language_from_folder(folder: Path | None = None) -> str:
    """``tr`` or ``en`` when a notebook lies in a folder of that name (the kernel's working
    directory), else the current language. This keeps the code cells of the Turkish and
    English notebooks identical."""
    name = (folder or Path.cwd()).name
    return name if name in LANGUAGES else _language


def t(key: str, lang: str | None = None, /, **params: object) -> str:
    """The text for ``key`` in ``lang`` (default: the current language), filled with ``params``.

    A value that is a :class:`Message` is shown in the same language.
    """
    lang = lang or _language
    template = catalogue(lang)[key]
    if isinstance(template, dict):
        template = template["one" if params.get("count") == 1 else "other"]
    if not params:
        return template
    values = {k: (v.text(lang) if isinstance(v, Message) else v) for k, v in params.items()}
    return _Formatter(lang).format(template, **values)


def fill(template: str, lang: str | None = None, /, **params: object) -> str:
    """A template that is not in a catalogue (a notebook's text, say) filled the way
    :func:`t` fills catalogue texts: messages in ``lang``, the number specs of the module.

    >>> fill("{n:dat} kadar", "tr", n=6), fill("up to {n:dat}", "en", n=6)
    ("6'ya kadar", 'up to 6')
    """
    lang = lang or _language
    values = {k: (v.text(lang) if isinstance(v, Message) else v) for k, v in params.items()}
    return _Formatter(lang).format(template, **values)


def forms(key: str, lang: str | None = None) -> dict[str, str]:
    """Every plural form of ``key`` (a text without plural forms gives the same text twice):
    for a display that chooses the form itself, such as the board's JavaScript.

    >>> forms("board.pit_label", "en")["one"]
    '{side} pit {pit}, 1 stone'
    """
    template = catalogue(lang or _language)[key]
    if isinstance(template, dict):
        return dict(template)
    return {form: template for form in PLURAL_FORMS}


def placeholders(template: Template) -> set[str]:
    """The names a template expects, e.g. ``{"pit"}`` for ``"Pit {pit} is empty"`` (for
    plural forms: the names any form expects)."""
    if isinstance(template, dict):
        return set().union(*(placeholders(text) for text in template.values()))
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


class Message:
    """Something to say to a learner: a catalogue key and its values, in no language yet.

    Errors (:class:`~mangala_edu.engine.errors.MangalaError`), a task's verdict, the notes of
    a game review and a board's refusals all carry one. Values may be messages themselves.

    >>> Message("event.lift", pit=2, count=4).text("tr")
    '2. kuyudan 4 taş alındı'
    >>> Message("side.north")
    Message('side.north')
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params: dict[str, object] = params

    def text(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        return t(self.key, lang, **self.params)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: ``{"key": ..., "params": {...}}`` (nested messages as dicts)."""
        return {
            "key": self.key,
            "params": {
                k: (v.to_dict() if isinstance(v, Message) else v) for k, v in self.params.items()
            },
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self.key == other.key and self.params == other.params

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Message({self.key!r}{args})"


# -- Numbers ------------------------------------------------------------------------------------


def number(value: float, lang: str | None = None, digits: int = 1) -> str:
    """``value`` as the language writes it: whole numbers bare, others rounded to ``digits``
    decimals with the language's decimal mark.

    >>> number(5.94, "tr"), number(5.94, "en"), number(0.5, "tr"), number(3.0, "tr")
    ('5,9', '5.9', '0,5', '3')
    >>> number(-2, "en"), number(-0.04, "en")
    ('-2', '0')
    """
    lang = lang or _language
    rounded = round(float(value), digits)
    if rounded == int(rounded):
        return str(int(rounded))
    text = f"{rounded:.{digits}f}".rstrip("0")
    return text.replace(".", ",") if lang == "tr" else text


def format_count(value: int, lang: str | None = None) -> str:
    """A whole number (a count) with the language's thousands mark: the one way every count
    is written (``3.160.064`` in Turkish, ``3,160,064`` in English).

    >>> format_count(3160064, "tr"), format_count(3160064, "en"), format_count(216, "tr")
    ('3.160.064', '3,160,064', '216')
    """
    text = f"{int(value):,}"
    return text.replace(",", ".") if (lang or _language) == "tr" else text


# The last word of a number as it is spoken in Turkish decides its suffixes.
_ONES = ("", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz")
_TENS = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan")
_POWERS = ((100, "yüz"), (1000, "bin"), (10**6, "milyon"))
_BACK = set("aıou")
_VOWELS = set("aeıioöuü")
_VOICELESS = set("çfhkpsşt")

CASES = ("dat", "abl", "loc", "acc", "gen")
"""Turkish case suffixes a number can take in a template: ``{n:dat}`` -> ``6'ya`` (to),
``abl`` -> ``6'dan`` (from), ``loc`` -> ``6'da`` (at), ``acc`` -> ``6'yı``, ``gen`` ->
``6'nın``."""


def _last_word(n: int) -> str:
    n = abs(n)
    if n == 0:
        return "sıfır"
    if n % 10:
        return _ONES[n % 10]
    if n % 100:
        return _TENS[(n % 100) // 10]
    for power, word in _POWERS:  # 100 -> yüz, 3000 -> bin, 2·10^6 -> milyon
        if n % (power * 1000 if power > 100 else 1000):
            return word
    return "milyar"


def turkish_suffix(n: int, case: str) -> str:
    """``n`` with the Turkish suffix of ``case`` (one of :data:`CASES`), after an apostrophe.

    >>> [turkish_suffix(n, "dat") for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 40, 48, 100)]
    ... # doctest: +NORMALIZE_WHITESPACE
    ["1'e", "2'ye", "3'e", "4'e", "5'e", "6'ya", "7'ye", "8'e", "9'a", "10'a", "40'a",
     "48'e", "100'e"]
    >>> [turkish_suffix(n, "abl") for n in (1, 3, 6, 40, 60, 1000)]
    ["1'den", "3'ten", "6'dan", "40'tan", "60'tan", "1000'den"]
    >>> turkish_suffix(4, "loc"), turkish_suffix(6, "acc"), turkish_suffix(30, "gen")
    ("4'te", "6'yı", "30'un")
    """
    word = _last_word(n)
    vowel = next(ch for ch in reversed(word) if ch in _VOWELS)
    back = vowel in _BACK
    two = "a" if back else "e"
    four = {"a": "ı", "ı": "ı", "o": "u", "u": "u", "e": "i", "i": "i", "ö": "ü", "ü": "ü"}[vowel]
    ends_vowel = word[-1] in _VOWELS
    hard = word[-1] in _VOICELESS
    d = "t" if hard else "d"
    suffix = {
        "dat": ("y" if ends_vowel else "") + two,
        "abl": d + two + "n",
        "loc": d + two,
        "acc": ("y" if ends_vowel else "") + four,
        "gen": ("n" if ends_vowel else "") + four + "n",
    }[case]
    return f"{n}'{suffix}"


class _Formatter(string.Formatter):
    """``str.format`` with the package's number specs (see the module's docstring)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "num":
            return number(value, self.lang)
        if format_spec == "count":
            return format_count(value, self.lang)
        if format_spec == "dec":
            text = f"{value:g}"
            return text.replace(".", ",") if self.lang == "tr" else text
        if format_spec in CASES:
            if self.lang == "tr" and isinstance(value, int):
                return turkish_suffix(value, format_spec)
            return str(value)
        return super().format_field(value, format_spec)

    def check_unused_args(self, used_args: Any, args: Any, kwargs: Mapping[str, Any]) -> None:
        return None
