"""Texts as a Turkish or English reader meets them: Markdown that renders as written, Turkish
suffixes that follow the number they are attached to, no doubled full stops.

What is scanned: the notebook sources (``notebooks/src/*.md``, both languages), the built
notebooks, the catalogues (``mangala_edu/i18n``), the teacher guide and the README.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

from mangala_edu.i18n import CASES, LANGUAGES, catalogue, turkish_suffix
from mangala_edu.i18n import _last_word as last_word

ROOT = Path(__file__).parents[1]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))

import build  # noqa: E402

SOURCES = sorted((NOTEBOOKS / "src").glob("*.md"))
BUILT = sorted(NOTEBOOKS.glob("[a-z][a-z]/*.ipynb"))
DOCS = [ROOT / "docs" / "teacher-guide.md", ROOT / "README.md"]


# -- Markdown: a number and a full stop at the start of a line begin a list ------------------

_ITEM = re.compile(r"^( {0,3})(\d{1,9})[.)](?=\s|$)")


def accidental_lists(text: str) -> list[str]:
    """Lines of Markdown ``text`` that a renderer turns into a numbered list although they are
    prose, such as a Turkish ordinal at the start of a line ("6. kuyunun sağında ..."). A real
    list starts with ``1.`` after a blank line and has a ``2.`` (and so on) after it.

    >>> accidental_lists("Metin\\n6. kuyunun sağında")
    ['6. kuyunun sağında']
    >>> accidental_lists("1. dersi hatırla: her kuyunun\\nkarşısında bir kuyu var.")
    ['1. dersi hatırla: her kuyunun']
    >>> accidental_lists("Adımlar:\\n\\n1. Kura çek.\\n2. Oyna.\\n   devamı\\n3. Say.")
    []
    >>> accidental_lists("6\\\\. kuyunun sağında")
    []
    """
    found = []
    last: int | None = None  # the number of the last item of the list we are in
    first = ""  # that list's first line
    blank = True  # the previous line was blank (or there was none)
    fenced = False

    def close() -> None:
        if last == 1:  # a "list" of one item: prose that begins with "1."
            found.append(first)

    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if fenced or not line.strip():
            blank = blank or not line.strip()
            continue
        item = _ITEM.match(line)
        if item:
            number = int(item.group(2))
            if last is not None and number == last + 1:
                last = number
            elif number == 1 and blank:
                close()
                last, first = 1, line
            else:
                found.append(line)
        elif not line.startswith((" ", "\t")):
            close()
            last = None  # prose at the margin ends a list
        blank = False
    close()
    return found


def _markdown_texts() -> list[tuple[str, str]]:
    texts = []
    for path in SOURCES:
        for index, (kind, body) in enumerate(build.parse(path.read_text("utf-8"), path.name)):
            if kind == "markdown":
                texts += [
                    (f"{path.name} cell {index} ({lang})", body[lang])  # type: ignore[index]
                    for lang in LANGUAGES
                ]
    for path in BUILT:
        nb = nbformat.read(path, as_version=4)
        texts += [
            (f"{path.parent.name}/{path.name} cell {k}", cell.source)
            for k, cell in enumerate(nb.cells)
            if cell.cell_type == "markdown"
        ]
    texts += [(path.name, path.read_text("utf-8")) for path in DOCS]
    return texts


@pytest.mark.parametrize(("where", "text"), _markdown_texts(), ids=lambda x: str(x)[:40])
def test_no_line_of_prose_turns_into_a_numbered_list(where, text):
    assert accidental_lists(text) == [], (
        f"{where}: a line starts with a number and a full stop, so Markdown makes it a "
        "numbered list: write it as 6\\. (or rewrap the line)"
    )


# -- Turkish suffixes after numbers --------------------------------------------------------

_LETTERS = "a-zçğıöşü"
_BACK = set("aıou")
_VOWELS = set("aeıioöuü")


def suffix_starts(n: int) -> set[str]:
    """Every suffix Turkish attaches to the number ``n`` after an apostrophe, as far as this
    package writes them: the five cases, plural, distributive (``24'er``), possessive
    (``3'ü``, ``7'si``), ``-lik``, ``-le`` (with) and ``-dir`` (``24'tür``).

    >>> sorted(suffix_starts(6))
    ['da', 'dan', 'dır', 'lar', 'lık', 'nın', 'sı', 'ya', 'yla', 'yı', 'şar']
    """
    word = last_word(n)
    vowel = next(ch for ch in reversed(word) if ch in _VOWELS)
    two = "a" if vowel in _BACK else "e"
    four = {"a": "ı", "ı": "ı", "o": "u", "u": "u", "e": "i", "i": "i", "ö": "ü", "ü": "ü"}[vowel]
    after_vowel = word[-1] in _VOWELS
    found = {turkish_suffix(n, case).split("'", 1)[1] for case in CASES}
    found |= {
        "l" + two + "r",
        ("ş" if after_vowel else "") + two + "r",
        ("s" if after_vowel else "") + four,
        "l" + four + "k",
        ("y" if after_vowel else "") + "l" + two,
        ("t" if word[-1] in "çfhkpsşt" else "d") + four + "r",
    }  # 24'tür
    return found


def suffix_errors(text: str) -> list[str]:
    """Hand-written Turkish suffixes in ``text`` that do not follow their number, and suffixes
    written by hand after a ``{placeholder}`` (use ``{n:dat}`` and its kin instead).

    >>> suffix_errors("1'den 6'e kadar"), suffix_errors("1'den 6'ya, 24'er taş, 3'ü")
    (["6'e"], [])
    >>> suffix_errors("{pits}'e kadar"), suffix_errors("{pits:dat} kadar")
    (["{pits}'e"], [])
    """
    errors = [m.group(0) for m in re.finditer(rf"\{{[^}}:]*\}}'[{_LETTERS}]+", text)]
    for match in re.finditer(rf"(?<![\d.,{{}}])(\d+)'([{_LETTERS}]+)", text):
        number, suffix = int(match.group(1)), match.group(2)
        if not any(suffix.startswith(start) for start in suffix_starts(number)):
            errors.append(match.group(0))
    return errors


def _turkish_texts() -> list[tuple[str, str]]:
    texts = []
    for key, value in catalogue("tr").items():
        for form in value.values() if isinstance(value, dict) else [value]:
            texts.append((f"tr catalogue {key}", form))
    for path in SOURCES:
        for index, (kind, body) in enumerate(build.parse(path.read_text("utf-8"), path.name)):
            if kind == "markdown":
                texts.append((f"{path.name} cell {index}", body["tr"]))  # type: ignore[index]
    guide = (ROOT / "docs" / "teacher-guide.md").read_text("utf-8")
    texts.append(("teacher guide (Turkish half)", guide.split("\n## English\n")[0]))
    readme = (ROOT / "README.md").read_text("utf-8")
    texts.append(("README", readme))
    return texts


def test_every_turkish_suffix_after_a_number_is_right():
    errors = [
        f"{where}: {wrong}" for where, text in _turkish_texts() for wrong in suffix_errors(text)
    ]
    assert errors == [], "\n".join(errors)


_DOUBLED = re.compile(r"\.\s*\)?\s*\.")


def doubled_stops(text: str) -> bool:
    """True when ``text`` has two full stops in a row, such as ``(3 turdan 1.).``.

    >>> doubled_stops("(3 turdan 1.)."), doubled_stops("Bir daha..."), doubled_stops("1. kuyu.")
    (True, False, False)
    """
    return bool(_DOUBLED.search(text.replace("...", "…")))


def test_no_doubled_full_stops_in_the_catalogues():
    for lang in LANGUAGES:
        for key, value in catalogue(lang).items():
            for form in value.values() if isinstance(value, dict) else [value]:
                assert not doubled_stops(form), f"{lang} {key}: {form}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_feedback_a_task_can_give_reads_well(lang):
    """Every first move of every task, and every guess of every prediction, gives feedback
    with no doubled full stop and no placeholder left unfilled."""
    from mangala_edu.lessons import Lesson
    from mangala_edu.lessons.content import LESSONS
    from mangala_edu.lessons.tasks import Prediction

    said = []
    for number in sorted(LESSONS):
        lesson = Lesson(number, lang)
        for k in range(1, len(LESSONS[number].tasks) + 1):
            task = lesson.task(k)
            if isinstance(task, Prediction):
                for _, place in task.choice.options:
                    task.reset()
                    task.check(place)
                    said.append(task.feedback)
                continue
            for pit in task.state.start.legal_moves:
                task.reset()
                task.play(pit)
                said.append(task.feedback)
    assert said
    for text in said:
        assert not doubled_stops(text) and "{" not in text, text


def test_the_catalogue_files_keep_one_layout():
    """Catalogues are edited in place (two-space indent, keys in their order), so that merges
    stay easy: each file is exactly what json.dumps writes."""
    for path in sorted((ROOT / "mangala_edu" / "i18n").rglob("*.json")):
        text = path.read_text("utf-8")
        assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=2) + "\n", path


# -- The pupil view shows one section at a time: "above" must be in the same section ---------

_ABOVE = re.compile(
    r"\byukarıdaki\b|\byukarıda\b|\babove(?=\s*[.,:;!?)]|\s*$)", re.IGNORECASE | re.MULTILINE
)


def pointers_out_of_section(cells: list[tuple[str, str]]) -> list[str]:
    """Sentences of markdown cells (``(kind, source)`` pairs in notebook order) that point
    "above" (yukarıdaki, "the tasks above") where their section (a heading and what follows
    it: one page of the pupil view) has nothing above to point at: no code cell yet.

    >>> pointers_out_of_section([("markdown", "## A\\nSee the board above.")])
    ['See the board above.']
    >>> pointers_out_of_section([("markdown", "## A"), ("code", "x"),
    ...                          ("markdown", "Yukarıdaki tahtaya bak.")])
    []
    >>> pointers_out_of_section([("markdown", "## A\\nAbove zero South is ahead.")])
    []
    """
    found = []
    code_before = False
    for kind, source in cells:
        if kind != "markdown":
            code_before = True
            continue
        if re.search(r"^#{1,3} ", source, re.MULTILINE):
            code_before = False
        if not code_before:
            found += [
                m.group(0).strip()
                for m in re.finditer(
                    r"[^.\n]*(?:" + _ABOVE.pattern + r")[^.\n]*\.?", source, re.IGNORECASE
                )
            ]
    return found


@pytest.mark.parametrize("path", BUILT, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_text_points_above_into_another_section(path):
    nb = nbformat.read(path, as_version=4)
    assert pointers_out_of_section([(c.cell_type, c.source) for c in nb.cells]) == []
