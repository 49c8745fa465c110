"""Build the lesson notebooks from their bilingual sources.

Each lesson has one source, ``notebooks/src/NN.md``: markdown cells written in both languages
and code cells shared by both. This script writes ``notebooks/tr/<name>.ipynb`` and
``notebooks/en/<name>.ipynb`` (names from the lesson's spec, or from the source's first
line ``<!-- names tr=09_oyna en=09_play -->`` for a notebook that is not a lesson) with the
same code cells and, with ``--execute``, runs them in their folder and stores the outputs
(no widget state).

Source format::

    <!-- markdown -->
    <!-- tr -->
    Türkçe metin
    <!-- en -->
    English text
    <!-- code -->
    lesson.task(1)

A markdown text may quote a proven fact of the lesson: ``{{claim.field}}`` (or
``{{claim.field:dat}}`` for a Turkish case suffix) is filled in from the lesson spec's claims
(see ``mangala_edu/lessons/claims.py``), so that every number a strategy lesson states is one the
tests prove.

Usage: ``python notebooks/build.py [--execute] [NN ...]`` (default: every lesson).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
SOURCES = HERE / "src"
LANGS = ("tr", "en")
_MARK = re.compile(r"^<!-- (markdown|code|tr|en)( nbval-ignore-output)? -->\s*$")
_NAMES = re.compile(r"^<!-- names((?: +[a-z]+=[A-Za-z0-9_]+)+) *-->\s*$")
_FACT = re.compile(r"\{\{([A-Za-z_][A-Za-z0-9_]*\.[A-Za-z0-9_]+(?::[a-z]+)?)\}\}")


class SourceError(ValueError):
    """A lesson source that does not follow the format."""


class Code(str):
    """A code cell's source; ``tags`` go into the cell's metadata (``<!-- code
    nbval-ignore-output -->``: a cell whose output names this computer's folders)."""

    tags: tuple[str, ...] = ()


def source_names(text: str, name: str = "source") -> dict[str, str] | None:
    """The notebook names a source gives in its first line, or None (a lesson's spec names
    it): ``<!-- names tr=09_oyna en=09_play -->`` -> ``{"tr": "09_oyna", "en": "09_play"}``."""
    first = text.split("\n", 1)[0]
    match = _NAMES.match(first)
    if not match:
        return None
    names = dict(part.split("=") for part in match.group(1).split())
    if set(names) != set(LANGS):
        raise SourceError(f"{name}:1: the names line needs exactly {' and '.join(LANGS)}")
    return {lang: names[lang] for lang in LANGS}


def parse(text: str, name: str = "source") -> list[tuple[str, dict[str, str] | str]]:
    """The cells of a source: ``("code", source)`` or ``("markdown", {lang: text})``."""
    if source_names(text, name) is not None:
        text = "\n" + text.split("\n", 1)[1]   # keep the line numbers of messages
    cells: list[tuple[str, dict[str, str] | str]] = []
    kind: str | None = None
    lang: str | None = None
    lines: list[str] = []
    tags: tuple[str, ...] = ()

    def flush() -> None:
        body = "\n".join(lines).strip("\n")
        if kind == "code":
            if not body:
                raise SourceError(f"{name}: an empty code cell")
            code = Code(body)
            code.tags = tags
            cells.append(("code", code))
        elif kind == "markdown" and lang is not None:
            cell = cells[-1][1]
            assert isinstance(cell, dict)
            cell[lang] = body
        lines.clear()

    for number, line in enumerate(text.splitlines(), start=1):
        mark = _MARK.match(line)
        if not mark:
            if kind is None and line.strip():
                raise SourceError(f"{name}:{number}: text before the first cell marker")
            if kind == "markdown" and lang is None and line.strip():
                raise SourceError(f"{name}:{number}: markdown text before <!-- tr --> or "
                                  "<!-- en -->")
            lines.append(line)
            continue
        flush()
        word = mark.group(1)
        tags = (mark.group(2).strip(),) if mark.group(2) else ()
        if word in LANGS:
            if kind != "markdown":
                raise SourceError(f"{name}:{number}: <!-- {word} --> outside a markdown cell")
            lang = word
        else:
            kind, lang = word, None
            if kind == "markdown":
                cells.append(("markdown", {}))
    flush()
    for index, (kind, body) in enumerate(cells, start=1):
        if kind == "markdown" and set(body) != set(LANGS):  # type: ignore[arg-type]
            raise SourceError(f"{name}: markdown cell {index} needs both tr and en")
    return cells


def pupil_words(lang: str) -> dict[str, str]:
    """The words of the pupil view's buttons (``mangala_edu/pupil.py``), stored in each
    notebook's metadata (``mangala.pupil``) for the Voilà template to read."""
    sys.path.insert(0, str(HERE.parent))
    from mangala_edu.i18n import t

    return {"back": t("pupil.back", lang), "next": t("pupil.next", lang),
            "step": t("pupil.step", lang), "nav": t("pupil.nav", lang)}


def fill_facts(text: str, lang: str, facts: Mapping[str, object] | None) -> str:
    """``text`` with every ``{{claim.field}}`` filled in from ``facts`` (claim name -> its
    facts); a placeholder without facts to fill it is an error."""
    if not _FACT.search(text):
        return text
    if facts is None:
        raise SourceError("a placeholder {{...}} in a notebook that has no lesson claims")
    sys.path.insert(0, str(HERE.parent))
    from mangala_edu.i18n import fill

    # Only the placeholders are filled: the rest of the text may hold braces of its own.
    return _FACT.sub(lambda m: fill("{" + m.group(1) + "}", lang, **facts), text)


def lesson_facts(number: int) -> Mapping[str, object] | None:
    """The facts lesson ``number``'s texts may quote (``None`` for a notebook that is not a
    lesson)."""
    sys.path.insert(0, str(HERE.parent))
    from mangala_edu.lessons.content import LESSONS

    return LESSONS[number].facts() if number in LESSONS else None


def notebook(cells: list[tuple[str, dict[str, str] | str]], lang: str,
             facts: Mapping[str, object] | None = None) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
        "mangala": {"lang": lang, "pupil": pupil_words(lang)},
    }
    for kind, body in cells:
        if kind == "code":
            nb.cells.append(nbformat.v4.new_code_cell(body))  # type: ignore[arg-type]
            if getattr(body, "tags", ()):
                nb.cells[-1].metadata["tags"] = list(body.tags)  # type: ignore[union-attr]
        else:
            text = fill_facts(body[lang], lang, facts)  # type: ignore[index]
            nb.cells.append(nbformat.v4.new_markdown_cell(text))
    for index, cell in enumerate(nb.cells):
        cell.id = f"{lang}-{index:02d}"  # stable ids: no noise in diffs
    return nb


def lesson_names(number: int) -> dict[str, str]:
    sys.path.insert(0, str(HERE.parent))
    from mangala_edu.lessons.content import LESSONS

    return LESSONS[number].names


def notebook_names(number: int) -> dict[str, str]:
    """The names of notebook ``number``: from its source's first line, else its lesson spec."""
    source = SOURCES / f"{number:02d}.md"
    return source_names(source.read_text(encoding="utf-8"), source.name) or lesson_names(number)


def build(number: int, execute: bool = False) -> list[Path]:
    source = SOURCES / f"{number:02d}.md"
    text = source.read_text(encoding="utf-8")
    cells = parse(text, source.name)
    facts = lesson_facts(number)
    written = []
    for lang, name in (source_names(text, source.name) or lesson_names(number)).items():
        nb = notebook(cells, lang, facts)
        path = HERE / lang / f"{name}.ipynb"
        path.parent.mkdir(exist_ok=True)
        if execute:
            from nbclient import NotebookClient

            NotebookClient(nb, timeout=300, kernel_name="python3",
                           resources={"metadata": {"path": str(path.parent)}},
                           store_widget_state=False).execute()
            for cell in nb.cells:
                cell.metadata.pop("execution", None)
            nb.metadata.pop("widgets", None)
        nbformat.write(nb, path)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the lesson notebooks.")
    parser.add_argument("--execute", action="store_true", help="run them and store outputs")
    parser.add_argument("lessons", nargs="*", type=int, metavar="NN")
    args = parser.parse_args(argv)
    numbers = args.lessons or sorted(int(p.stem) for p in SOURCES.glob("[0-9][0-9].md"))
    for number in numbers:
        if not (SOURCES / f"{number:02d}.md").exists():
            parser.error(f"no source notebooks/src/{number:02d}.md")
        for path in build(number, args.execute):
            print(path.relative_to(HERE))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
