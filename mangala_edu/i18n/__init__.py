"""Texts in every language the package speaks: one JSON catalogue per language, same keys.

Turkish comes first: it is the default language. Texts are stored exactly as shown and are
never case-converted (``"i".upper()`` is not Turkish ``"İ"``).

>>> t("side.south", "tr"), t("side.south", "en")
('Güney', 'South')
>>> t("error.empty_pit", "en", pit=3)
'Pit 3 is empty: there is nothing to sow.'
>>> sorted(LANGUAGES)
['en', 'tr']
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from pathlib import Path

LANGUAGES = ("tr", "en")
_language = "tr"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The whole catalogue of one language, as a dict of key -> text template.

    It is ``{lang}.json`` (the package's words) together with every file in the folder
    ``{lang}/`` (one a lesson); a key may stand in only one of them.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    root = resources.files(__package__)
    merged: dict[str, str] = json.loads(root.joinpath(f"{lang}.json").read_text("utf-8"))
    folder = root.joinpath(lang)
    if folder.is_dir():
        for part in sorted(folder.iterdir(), key=lambda f: f.name):
            if not part.name.endswith(".json"):
                continue
            for key, value in json.loads(part.read_text("utf-8")).items():
                if key in merged:
                    raise ValueError(f"{lang}/{part.name}: key {key!r} is defined twice")
                merged[key] = value
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
    """The text for ``key`` in ``lang`` (default: the current language), filled with ``params``."""
    template = catalogue(lang or _language)[key]
    return template.format(**params) if params else template


def placeholders(template: str) -> set[str]:
    """The names a template expects, e.g. ``{"pit"}`` for ``"Pit {pit} is empty"``."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
