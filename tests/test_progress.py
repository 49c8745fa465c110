"""Progress files: never lost. A process killed in the middle of a write loses nothing
already saved; two writers at once lose no attempt; a damaged file is reported, kept aside
as a backup and never overwritten; a newer file is left alone."""

from __future__ import annotations

import ast
import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mangala_edu.progress import ENV, ProgressError, ProgressStore, progress_dir
from mangala_edu.progress.views import ClassView, MyProgress

WRITER = textwrap.dedent("""
    import os
    import sys
    from mangala_edu.progress import ProgressStore
    store = ProgressStore(sys.argv[1])
    name, tag, count = sys.argv[2], sys.argv[3], int(sys.argv[4])
    # pause_in = "fsync" or "replace": attempt number pause_at stops in the middle of its write
    # (the temporary file written, not yet flushed to disk, or not yet renamed), with the lock
    # held, says "paused" and waits there (until killed, or its stdin closes).
    pause_in, pause_at = sys.argv[5], int(sys.argv[6])
    k = 0

    def pausing(real):
        def call(*args):
            if k == pause_at:
                print("paused", flush=True)
                sys.stdin.read()
            return real(*args)
        return call

    if pause_in:
        setattr(os, pause_in, pausing(getattr(os, pause_in)))
    for k in range(count):
        store.add_attempt(name, {"puzzle": f"{tag}-{k}", "themes": ["defence"],
                                 "solved": True, "clean": k % 2 == 0,
                                 "pad": "x" * 20000})
        if k == 0:
            print("started", flush=True)
""")


def _writer(folder, name, tag, count, pause_in="", pause_at=-1):
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(folder), name, tag, str(count), pause_in, str(pause_at)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def test_the_folder_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV, str(tmp_path / "class-5A"))
    assert progress_dir() == tmp_path / "class-5A"
    assert ProgressStore().folder == tmp_path / "class-5A"
    monkeypatch.delenv(ENV)
    assert progress_dir().name == "progress" and "mangala_edu" in str(progress_dir())


def test_two_writers_at_once_lose_no_attempt(tmp_path):
    a = _writer(tmp_path, "Ayşe", "a", 40)
    b = _writer(tmp_path, "Ayşe", "b", 40)
    assert a.wait(120) == 0 and b.wait(120) == 0
    attempts = ProgressStore(tmp_path).load("Ayşe").attempts
    assert sorted(x["puzzle"] for x in attempts) == sorted(
        [f"a-{k}" for k in range(40)] + [f"b-{k}" for k in range(40)]
    )
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind


def test_a_process_killed_while_writing_loses_nothing_saved(tmp_path):
    """The writer is killed in the middle of its third attempt's write, at a point it stops at
    itself (no timing): the attempts saved before it are all there, the file is whole."""
    store = ProgressStore(tmp_path)
    saved: list[str] = []
    for pause_in in ("fsync", "replace"):
        writer = _writer(tmp_path, "Can", pause_in, 5, pause_in, 2)
        assert writer.stdout.readline().strip() == "started"
        said = writer.stdout.readline().strip()
        assert said == "paused", f"the writer never reached os.{pause_in}"
        saved += [f"{pause_in}-0", f"{pause_in}-1"]
        # Read as any reader would while the writer holds the lock: the whole old file.
        on_disk = json.loads(store.path("Can").read_text(encoding="utf-8"))["attempts"]
        assert [a["puzzle"] for a in on_disk] == saved
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait(30)
        writer.stdin.close()
        writer.stdout.close()
        progress = store.load("Can")  # whole JSON, not a damaged file; the lock is free
        assert [a["puzzle"] for a in progress.attempts] == saved
    assert not list(tmp_path.glob("*.damaged-*"))
    store.add_attempt("Can", {"puzzle": "after"})  # the lock of the dead writer is free
    assert store.load("Can").attempts[-1]["puzzle"] == "after"


def test_a_damaged_file_is_reported_kept_aside_and_never_overwritten(tmp_path):
    store = ProgressStore(tmp_path)
    store.add_attempt("Efe", {"puzzle": "m1"})
    path = store.path("Efe")
    path.write_text('{"format": "mangala_edu.progress", "attempts": [', encoding="utf-8")
    damaged = path.read_bytes()
    with pytest.raises(ProgressError) as caught:
        store.load("Efe")
    message = caught.value.message("en")
    assert "Efe.json is damaged" in message and "Efe.damaged-1.json" in message
    assert (tmp_path / "Efe.damaged-1.json").read_bytes() == damaged
    assert "bozuk" in caught.value.message("tr")
    store.add_attempt("Efe", {"puzzle": "m2"})  # a new file; the backup stays
    assert [a["puzzle"] for a in store.load("Efe").attempts] == ["m2"]
    path.write_text("[1, 2, 3]", encoding="utf-8")  # not a progress record: a 2nd backup
    with pytest.raises(ProgressError):
        store.load("Efe")
    assert (tmp_path / "Efe.damaged-1.json").read_bytes() == damaged
    assert (tmp_path / "Efe.damaged-2.json").read_text() == "[1, 2, 3]"


def test_a_file_from_a_newer_version_is_left_untouched(tmp_path):
    store = ProgressStore(tmp_path)
    path = store.path("Ada")
    text = json.dumps({"format": "mangala_edu.progress", "version": 99, "name": "Ada"})
    path.write_text(text, encoding="utf-8")
    for action in (lambda: store.load("Ada"), lambda: store.add_attempt("Ada", {"x": 1})):
        with pytest.raises(ProgressError, match="newer"):
            action()
    assert path.read_text(encoding="utf-8") == text
    assert not list(tmp_path.glob("*.damaged-*"))


def test_names_become_safe_file_names_and_an_empty_name_is_refused(tmp_path):
    store = ProgressStore(tmp_path)
    assert store.path("../../etc/x").parent == tmp_path
    assert store.path("Şule İnce").name == "Şule_İnce.json"
    with pytest.raises(ProgressError, match="Write a name"):
        store.path("   ")


def test_my_progress_and_the_class_view(tmp_path):
    store = ProgressStore(tmp_path)
    for k, (theme, clean) in enumerate(
        [("defence", True), ("defence", False), ("sacrifice", False), ("sacrifice", False)]
    ):
        store.add_attempt(
            "Zeynep",
            {
                "puzzle": f"m{k}",
                "themes": [theme],
                "solved": clean,
                "clean": clean,
                "rating_before": 1200.0,
                "rating_after": 1200.0 + (50 if clean else -40) * (k + 1),
            },
            [1250.0, 300.0, 0.06],
        )
    store.add_attempt("Ali", {"puzzle": "m9", "themes": ["defence"], "clean": True, "solved": True})
    store.task_done("Ali", "lesson05.task1", "2026-01-01T00:00:00+00:00")
    (tmp_path / "Broken.json").write_text("{", encoding="utf-8")
    me = MyProgress(store.load("Zeynep"), lang="tr")
    assert me.by_theme() == {"defence": (2, 1), "sacrifice": (2, 0)}
    assert me.weakest_theme() == "sacrifice"
    assert len(me.ratings()) == 5
    page = me._repr_html_()
    assert "Zeynep: ilerlemem" in page and "Fedakârlık" in page and "data:image/png" in page
    view = ClassView(tmp_path, lang="tr")
    rows = view.pupil_rows()
    assert [r[0] for r in rows[1:]] == ["Ali", "Zeynep"]
    assert rows[2][1:5] == ["4", "1", "%25", "1250"] and rows[1][-1] == "1"
    assert view.unreadable == ["Broken.json"]
    assert (tmp_path / "Broken.json").read_text() == "{"  # only reported
    csv_path = view.to_csv(tmp_path / "sinif.csv")
    text = csv_path.read_text(encoding="utf-8-sig")
    assert text.splitlines()[0].startswith("Öğrenci,Deneme") and "Savunma" in text
    assert "Broken.json" in view._repr_html_()


def test_a_solved_lesson_task_is_recorded_for_the_tracked_learner(tmp_path):
    from mangala_edu.lessons import Lesson
    from mangala_edu.lessons.content import LESSONS
    from mangala_edu.progress import stop_tracking, track_lessons

    store = ProgressStore(tmp_path)
    spec = LESSONS[1].tasks[0]
    right = spec.goal.solutions(spec.start())[0]
    wrong = next(p for p in spec.start().legal_moves if p != right)
    track_lessons("Ece", store)
    try:
        task = Lesson(1, "en").task(1)
        task.play(wrong)
        assert store.load("Ece").lessons == {}
        task.reset()
        task.play(right)
        assert list(store.load("Ece").lessons) == [task.name] == ["lesson01.task1"]
    finally:
        stop_tracking()
    task.reset()
    task.play(right)
    assert len(store.load("Ece").lessons) == 1


# -- The packages' imports ----------------------------------------------------------------------

PACKAGE = Path(__file__).parents[1] / "mangala_edu"


def _imported_packages(package: str) -> set[str]:
    """The top-level parts of mangala_edu (``puzzles``, ``progress_store``...) that the modules
    of ``package`` import, anywhere in their code (lazy imports inside functions too)."""
    found: set[str] = set()
    for path in (PACKAGE / package).rglob("*.py"):
        here = path.relative_to(PACKAGE.parent).with_suffix("").parts  # mangala_edu, puzzles, x
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[: len(here) - node.level]
                    names = [".".join((*base, node.module or ""))]
                    names += [f"{names[0]}.{a.name}" for a in node.names if not node.module]
                else:
                    names = [node.module or ""]
            for name in names:
                parts = name.strip(".").split(".")
                if parts[0] == "mangala_edu" and len(parts) > 1 and parts[1] != package:
                    found.add(parts[1])
    return found


def test_puzzles_and_progress_do_not_import_each_other_both_ways():
    """The progress views read the puzzles (themes, the trainer); the puzzles write to the
    shared store (mangala_edu.progress_store), never to the progress package."""
    puzzles, progress = _imported_packages("puzzles"), _imported_packages("progress")
    assert "progress_store" in puzzles and "progress_store" in progress
    assert "puzzles" in progress
    assert "progress" not in puzzles, "mangala_edu.puzzles imports mangala_edu.progress"


def test_why_a_file_is_not_a_progress_file_is_said_in_each_language(tmp_path):
    store = ProgressStore(tmp_path)
    store.path("Efe").write_text("[1, 2, 3]", encoding="utf-8")
    with pytest.raises(ProgressError) as caught:
        store.load("Efe")
    assert "(bir mangala_edu ilerleme dosyası değil)" in caught.value.message("tr")
    assert "(not a mangala_edu progress file)" in caught.value.message("en")
    (tmp_path / "puzzle-ratings.json").write_text('{"format": "x"}', encoding="utf-8")
    with pytest.raises(ProgressError) as caught:
        store.puzzle_ratings()
    assert "(bir bulmaca puanları dosyası değil)" in caught.value.message("tr")
