"""The teacher guide (docs/teacher-guide.md) keeps up with the notebooks, in both halves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "teacher-guide.md"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[a-z][a-z]/*.ipynb"))


def halves() -> dict[str, str]:
    """The Turkish and the English half of the guide."""
    text = GUIDE.read_text(encoding="utf-8")
    tr_start, en_start = text.find("\n## Türkçe\n"), text.find("\n## English\n")
    assert 0 <= tr_start < en_start, "the guide has a Turkish half, then an English half"
    return {"tr": text[tr_start:en_start], "en": text[en_start:]}


def test_there_are_notebooks_in_both_languages():
    folders = {path.parent.name for path in NOTEBOOKS}
    assert {"tr", "en"} <= folders


@pytest.mark.parametrize("half", ["tr", "en"])
def test_every_notebook_is_named_in_each_half(half):
    text = halves()[half]
    missing = [
        f"{path.parent.name}/{path.stem}" for path in NOTEBOOKS if f"`{path.stem}`" not in text
    ]
    assert not missing, f"the {half} half of the teacher guide does not name {missing}"


def _lesson_rows(text: str) -> list[str]:
    """The rows of the lessons-at-a-glance table: their notebook cells."""
    return re.findall(r"^\| *\d+ · [^|]+\| *(`[^`]+` / `[^`]+`) *\|", text, re.MULTILINE)


def test_both_halves_list_the_same_lessons_in_the_same_order():
    rows = {half: _lesson_rows(text) for half, text in halves().items()}
    assert rows["tr"] == rows["en"]
    assert len(rows["tr"]) == len({path.stem for path in NOTEBOOKS if path.parent.name == "tr"})


def test_both_halves_have_the_same_shape():
    """Same number of sections, tables rows and code blocks in each half."""
    shape = {}
    for half, text in halves().items():
        shape[half] = (
            len(re.findall(r"^### ", text, re.MULTILINE)),
            len(re.findall(r"^\|", text, re.MULTILINE)),
            text.count("```"),
            text.count("<!--"),
        )
    assert shape["tr"] == shape["en"]
