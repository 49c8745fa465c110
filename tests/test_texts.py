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
# A bullet (or a quote) whose text starts with a number and a full stop: the number begins a
# list inside the item ("- 6. kuyu" renders as a nested list that starts at 6).
_NESTED = re.compile(r"^ *(?:[-*+]|>)(?: +(?:[-*+]|>))* +\d{1,9}[.)](?=\s|$)")


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
    >>> accidental_lists("Bilgiler:\\n\\n- 6. kuyundaki tek taş\\n- 6\\\\. kuyu\\n> 3. kuyu")
    ['- 6. kuyundaki tek taş', '> 3. kuyu']
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
        if _NESTED.match(line):
            found.append(line)
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
        "numbered list (after a bullet: a list inside the item): write it as 6\\. (or rewrap "
        "the line)"
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
    with no doubled full stop, no placeholder left unfilled and no count of 0 ("0 taş aldı")."""
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
                    if not task.decided:  # a first miss: the second guess decides
                        said.append(task.state.retry_feedback(lang))
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
        # "Bu hamle 0 taş aldı": a count of nothing is said in words ("hiç taş almadı").
        assert not re.search(r"(?<![\d.,–-])0 (?:taş|kuyu|stones?\b|of your)", text), text


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


# -- Words the lessons agreed on ---------------------------------------------------------------

BANNED: dict[str, dict[str, str]] = {
    "tr": {
        r"\b[Rr]esmi\b": "resmî (with a circumflex)",
        r"(?<![Hh]iç)(?<!başka )\b[Bb]ir şey (?:alınmaz|alınmadı|olmaz|olmadı|kazandırmaz)": (
            "hiçbir şey alınmaz"
        ),
        r"\b(?:[Aa]lt|[Üü]st|[Aa]lttaki|[Üü]stteki) sıra": "alt/üst taraf (sıra is the turn)",
        r"\b[Ss]ıranın (?:sol|sağ) uc": "tarafın ucu (sıra is the turn)",
        r"\b(?:rakibin|kendi|onun|senin) sırasında\w*": "tarafında (sıra is the turn)",
        r"[Ff]edakârlık": "feda",
        r"ipuçsuz": "ipucusuz",
        r"rakibin,? \S+ kuyusundan başlayarak": "rakibin N. kuyusunu oynayarak",
        r"\b0 taş (?:aldı|alır|alırsın)": "hiç taş almadı",
        r"\*\*[A-ZÇĞİÖŞÜ][^*\n]*?\*\*[a-zçğıöşü]": "**Düğme**'ye: an apostrophe after a name",
        r"[Bb]oş kuyu(?:yla|dan|nun)? (?:av[ıi]\w*|avla\w*)": "avlama is the even capture only",
        r"\bboş\b(?:[^.;:]|(?<=\d)\.){0,40}\bavla(?:r|rsın|yabilir|dı)\b": "avlama is the even capture only",
    },
    "en": {
        r"\b(?:won|winner of) the lot\b": "won the draw",
        r"[Cc]ounter-?clockwise": "anticlockwise (British, like defence)",
        r"\blearned\b": "learnt (British)",
        r"\b(?:North|South)\b(?:(?!\b(?:sides|each|both|players?|you|opponent)\b)[^.;:!?·]){0,60}"
        r"\b(?:their|theirs|themselves)\b": "its (North and South are sides)",
    },
}


def banned_words(text: str, lang: str) -> list[str]:
    """Words and phrases of ``text`` that the lessons agreed not to use, each with what to say
    instead: "avlama" is only the even capture (the empty pit's capture is "boş kuyu kuralıyla
    almak"), "sıra" is the turn (a row is a "taraf"), "resmî" has its circumflex, English is
    British ("anticlockwise", "learnt"), one wins the draw, not the lot, and North and South are
    sides: "its" pits, not "their".

    >>> banned_words("Resmi kurala göre bir şey alınmaz; başka bir şey olmaz.", "tr")
    ['Resmi → resmî (with a circumflex)', 'bir şey alınmaz → hiçbir şey alınmaz']
    >>> banned_words("Hiçbir şey alınmaz, resmî kural, resmini gör.", "tr")
    []
    >>> banned_words("kendi kuyunu çift yapmak bir şey\\n  kazandırmaz", "tr")
    ['bir şey kazandırmaz → hiçbir şey alınmaz']
    >>> banned_words("Güney (alt sıra) boş 2. kuyusuyla 6 taşı avlar. Boş kuyu avı", "tr")
    ... # doctest: +NORMALIZE_WHITESPACE
    ['alt sıra → alt/üst taraf (sıra is the turn)',
     'Boş kuyu avı → avlama is the even capture only',
     'boş 2. kuyusuyla 6 taşı avlar → avlama is the even capture only']
    >>> banned_words("**Sonraki bulmaca**ya geç, **Uygula**'ya bas, **pratik kural**dır.", "tr")
    ["**Sonraki bulmaca**y → **Düğme**'ye: an apostrophe after a name"]
    >>> banned_words("South won the lot. Sow counter-clockwise, as you learned.", "en")
    ... # doctest: +NORMALIZE_WHITESPACE
    ['won the lot → won the draw', 'counter-clockwise → anticlockwise (British, like defence)',
     'learned → learnt (British)']
    >>> banned_words("North counts from their own left; both sides play their best.", "en")
    ['North counts from their → its (North and South are sides)']
    """
    text = re.sub(r"\s+", " ", text)  # a phrase may be broken over two lines
    return [
        f"{match.group(0)} → {instead}"
        for pattern, instead in BANNED[lang].items()
        for match in re.finditer(pattern, text)
    ]


def _texts_in(lang: str) -> list[tuple[str, str]]:
    texts = []
    for key, value in catalogue(lang).items():
        for form in value.values() if isinstance(value, dict) else [value]:
            texts.append((f"{lang} catalogue {key}", form))
    for path in SOURCES:
        for index, (kind, body) in enumerate(build.parse(path.read_text("utf-8"), path.name)):
            if kind == "markdown":
                texts.append((f"{path.name} cell {index} ({lang})", body[lang]))  # type: ignore[index]
    halves = (ROOT / "docs" / "teacher-guide.md").read_text("utf-8").split("\n## English\n")
    texts.append((f"teacher guide ({lang})", halves[LANGUAGES.index(lang)]))
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_uses_a_word_the_lessons_agreed_against(lang):
    found = [
        f"{where}: {word}" for where, text in _texts_in(lang) for word in banned_words(text, lang)
    ]
    assert found == [], "\n".join(found)


def test_the_empty_pit_capture_is_never_called_avlama_in_a_lesson_task():
    """A task whose every solution is a capture by the empty pit says "boş kuyu kuralıyla
    almak", not "avlamak": "avlama" is the even capture only (lesson 6's first task said
    "taşlarını avla")."""
    from mangala_edu.lessons import Lesson
    from mangala_edu.lessons.content import LESSONS

    for number in sorted(LESSONS):
        spec = LESSONS[number]
        lesson = Lesson(number, "tr")
        for k, task in enumerate(spec.tasks, start=1):
            goal = getattr(task, "goal", None)
            if goal is None:
                continue
            start = task.start()
            solutions = goal.solutions(start)
            if solutions and all(
                start.trace(pit).outcome.value == "empty_capture" for pit in solutions
            ):
                prompt = lesson.text(f"task{k}", "prompt")
                assert not re.search(r"\bavla", prompt), (number, k, prompt)


def test_lesson_10_counts_the_stones_of_its_own_board():
    """Lesson 10 says how many stones are left on the board it shows (in pits, stores not
    counted): the number is the board's, in both languages."""
    from mangala_edu import Position

    text = (ROOT / "notebooks" / "src" / "10.md").read_text("utf-8")
    board = re.search(r'position = Position\.from_text\("([^"]+)"\)', text)
    assert board
    on_board = Position.from_text(board[1]).stones_on_board
    said = re.findall(r"(?:Tahtada yalnızca|Only) (\d+) (?:taş kaldı|stones are left)", text)
    assert len(said) == 2 and {int(n) for n in said} == {on_board}, (said, on_board)
