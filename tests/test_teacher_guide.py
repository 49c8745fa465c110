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


# --------------------------------------------------------------------------- checked against the package


def _commands(text: str) -> list[str]:
    """Every ``mangala-edu ...`` command of the guide: lines of code blocks (indented ones too)
    and inline code."""
    found = []
    inside = False
    for line in text.splitlines():
        if line.strip().startswith("```"):
            inside = not inside
            continue
        if inside and line.strip().startswith("mangala-edu "):
            found.append(line.strip())
    found += re.findall(r"`(mangala-edu [^`]+)`", text)
    return found


@pytest.mark.parametrize("half", ["tr", "en"])
def test_every_command_line_of_the_guide_is_one_the_cli_takes(half):
    import shlex

    from mangala_edu.cli import _parser

    commands = _commands(halves()[half])
    assert any(" tournament " in c for c in commands) and any(" print " in c for c in commands)
    parser = _parser()
    for command in commands:
        try:
            parser.parse_args(shlex.split(command)[1:])
        except SystemExit:  # argparse refused it
            pytest.fail(f"the {half} half shows a command the CLI refuses: {command}")


def test_every_environment_variable_named_is_read_somewhere():
    names = set(re.findall(r"\bMANGALA_[A-Z_]+\b", GUIDE.read_text(encoding="utf-8")))
    assert {"MANGALA_PORT", "MANGALA_NO_BROWSER", "MANGALA_EDU_PROGRESS"} <= names
    sources = "".join(
        p.read_text(encoding="utf-8")
        for p in [*(ROOT / "scripts").glob("*.sh"), *(ROOT / "mangala_edu").rglob("*.py")]
    )
    assert not [n for n in names if n not in sources]


def test_troubleshooting_matches_the_scripts():
    """A JupyterLab given MANGALA_PORT tries no other port (the guide says it stops); the
    pupil view takes --port and --no-browser (the guide gives them for Windows)."""
    from mangala_edu.pupil import voila_command

    setup = (ROOT / "scripts" / "setup.sh").read_text(encoding="utf-8")
    assert "--ServerApp.port_retries=0" in setup and "MANGALA_NO_BROWSER" in setup
    command = voila_command(Path("x.ipynb"), port=8870, open_browser=False)
    assert "--port=8870" in command and "--no-browser" in command
    for half, text in halves().items():
        assert "mangala_edu.pupil 3" in text and "--port 8870" in text, half
        assert "jupyter labextension list" in text and "anywidget" in text, half


def _year_plan(text: str) -> list[tuple[str, list[int]]]:
    """The rows of the year plan: the week and the lesson numbers each names."""
    heading = "\n### Yıllık plan" if "\n### Yıllık plan" in text else "\n### A year plan"
    start = text.index("| 1 | 1 · ", text.index(heading))
    rows = []
    for line in text[start:].splitlines():
        if not line.startswith("|"):
            break
        week, what = line.split("|")[1:3]
        rows.append((week.strip(), [int(n) for n in re.findall(r"\b(\d+) · ", what)]))
    return rows


def test_the_year_plan_covers_the_school_year_and_every_lesson():
    plans = {half: _year_plan(text) for half, text in halves().items()}
    assert plans["tr"] == plans["en"]
    weeks: list[int] = []
    for week, _ in plans["tr"]:
        first, _, last = week.partition("–")
        weeks += range(int(first), int(last or first) + 1)
    assert weeks == list(range(1, 35)), "34 weeks, each once, in order"
    named = [n for _, lessons in plans["tr"] for n in lessons]
    lessons = {int(p.name[:2]) for p in NOTEBOOKS if p.parent.name == "tr"}
    assert not lessons - {20} - set(named), "every lesson (20 is the teacher's notebook)"
    assert set(named) <= lessons | {27, 28}
    order = [n for n in named if n in (9, 10, 11, 18)]
    assert order.index(18) < order.index(10) < order.index(11), "lesson 18 right after 9"


@pytest.mark.parametrize("half", ["tr", "en"])
def test_the_year_plan_uses_the_meb_levels_and_says_the_mapping_is_ours(half):
    text = halves()[half]
    start = text.index("\n### Yıllık plan" if half == "tr" else "\n### A year plan")
    section = text[start : text.index("\n### ", start + 1)]
    levels = {line.split("|")[3].strip() for line in section.splitlines() if line[:3] == "| 1"}
    assert levels <= {"başlangıç", "orta", "ileri", "başlangıç → orta", "—"}
    assert {"başlangıç", "orta", "ileri"} <= {
        line.split("|")[3].strip() for line in section.splitlines() if line.startswith("| ")
    }
    said = " ".join(section.split())
    assert ("bizim eşleştirmemizdir" if half == "tr" else "mapped by us") in said
    assert "Öğretim Programı" in said and "2013" in said


def test_the_kvkk_section_matches_the_progress_store(monkeypatch):
    import sys

    from mangala_edu.progress.views import ClassView
    from mangala_edu.progress_store import ENV, NAME_LENGTH, progress_dir

    assert callable(ClassView.delete)
    for text in halves().values():
        assert f"{NAME_LENGTH}" in text and 'ClassView("' in text and '.delete("Ayşe")' in text
    if sys.platform.startswith("linux"):
        monkeypatch.delenv(ENV, raising=False)
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        monkeypatch.setenv("HOME", "/home/ogretmen")
        assert str(progress_dir()) == "/home/ogretmen/.local/share/mangala_edu/progress"
        for text in halves().values():
            assert "`~/.local/share/mangala_edu/progress`" in text


def test_the_match_sheet_and_the_guide_state_lesson_8_s_match_rule():
    """All sets are played; set points 1, ½, 0 (lesson 8 and RULINGS)."""
    tr, en = halves()["tr"], halves()["en"]
    assert "5 setin hepsi oynanır" in tr and "All 5 sets are" in en
