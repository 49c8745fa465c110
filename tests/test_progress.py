"""Progress files: never lost. A process killed in the middle of a write loses nothing
already saved; two writers at once lose no attempt; a damaged file is reported, kept aside
as a backup and never overwritten; a newer file is left alone."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from mangala_edu.progress import ENV, ProgressError, ProgressStore, progress_dir
from mangala_edu.progress.views import ClassView, MyProgress

WRITER = textwrap.dedent("""
    import sys
    from mangala_edu.progress import ProgressStore
    store = ProgressStore(sys.argv[1])
    name, tag, count = sys.argv[2], sys.argv[3], int(sys.argv[4])
    for k in range(count):
        store.add_attempt(name, {"puzzle": f"{tag}-{k}", "themes": ["defence"],
                                 "solved": True, "clean": k % 2 == 0,
                                 "pad": "x" * 20000})
        if k == 0:
            print("started", flush=True)
""")


def _writer(folder, name, tag, count):
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(folder), name, tag, str(count)],
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
    store = ProgressStore(tmp_path)
    for kill_after in (0.05, 0.2, 0.45):
        writer = _writer(tmp_path, "Can", f"k{kill_after}", 100000)
        assert writer.stdout.readline().strip() == "started"
        time.sleep(kill_after)
        before = len(store.load("Can").attempts)  # what is saved while it writes on
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait(30)
        progress = store.load("Can")  # whole JSON, not a damaged file
        assert len(progress.attempts) >= before >= 1
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
