"""Progress files: never lost. A process killed in the middle of a write loses nothing
already saved; two writers at once lose no attempt; a damaged file is reported, kept aside
as a backup and never overwritten; a newer file is left alone. Files are written like normal
files (the umask decides), so that a teacher's account reads its pupils' files (tested with a
second account: a child process with uid 65534, when the tests run as root, as in CI); a file
that account may not read is reported as such, never as damaged. Reading writes nothing (no lock
file); names are checked; a pupil's files can be deleted (KVKK); "my progress" has its own name
box for the pupil view."""

from __future__ import annotations

import ast
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from mangala_edu.progress import ENV, ProgressError, ProgressStore, progress_dir
from mangala_edu.progress.panel import MyProgressPanel
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


def test_names_become_safe_file_names_and_a_name_that_cannot_be_one_is_refused(tmp_path):
    store = ProgressStore(tmp_path)
    assert store.path("Şule İnce").name == "Şule_İnce.json"
    assert store.path("  Ayşe   Nur ").name == "Ayşe_Nur.json"
    assert store.path("O'Neil-2 J.").name == "O_Neil-2_J_.json"
    with pytest.raises(ProgressError, match="Write a name"):
        store.path("   ")
    for name, words in (
        ("../../etc/x", ("cannot be a name", "bir ad olamaz")),
        ("12345", ("cannot be a name", "bir ad olamaz")),  # a number (a pupil's number) is no name
        ("Ayşe <b>", ("cannot be a name", "bir ad olamaz")),
        ("A" * 31, ("30 characters at most", "en çok 30 karakter")),
    ):
        with pytest.raises(ProgressError) as caught:
            store.path(name)
        assert words[0] in caught.value.message("en") and words[1] in caught.value.message("tr")
    assert list(tmp_path.iterdir()) == []


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
    assert "Zeynep: ilerlemem" in page and "Feda" in page and "data:image/png" in page
    view = ClassView(tmp_path, lang="tr")
    rows = view.pupil_rows()
    assert [r[0] for r in rows[1:]] == ["Ali", "Zeynep"]
    assert rows[2][1:5] == ["4", "1", "%25", "1250"] and rows[1][-1] == "1"
    assert view.damaged == ["Broken.json"] and view.no_access == []
    assert (tmp_path / "Broken.json").read_text() == "{"  # only reported
    assert "Bozuk dosyalar" in view._repr_html_() and "Broken.json" in view._repr_html_()


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


# -- Files shared by several accounts ---------------------------------------------------------


@pytest.fixture
def shared_folder():
    """A folder that another account can reach (under /tmp, not pytest's private tmp_path);
    removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="mangala-shared-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _as_another_account(action):
    """``action()`` run by a second account: a forked child that gives up root for uid and gid
    65534 ("nobody"); returns what it returned (through JSON). Everything it needs must be
    imported and loaded before (the child cannot read root's Python installation)."""
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip(
            "a second account is needed: run as root (as CI does) so that a child process can "
            "become uid 65534; as a normal user this cannot be tested here"
        )
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            try:
                result = {"ok": action()}
            except BaseException as exc:
                result = {"error": f"{type(exc).__name__}: {exc}"}
            with os.fdopen(write, "w", encoding="utf-8") as out:
                json.dump(result, out)
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, encoding="utf-8") as got:
        text = got.read()
    os.waitpid(pid, 0)
    result = json.loads(text)
    assert "error" not in result, result.get("error")
    return result["ok"]


def _with_umask(mask, action):
    old = os.umask(mask)
    try:
        return action()
    finally:
        os.umask(old)


def _class_seen(folder, lang):
    view = ClassView(folder, lang=lang)
    html = view._repr_html_() if not view.pupils else ""
    # (getattr: the same question put to the old class view, which knew no "no access")
    damaged, no_access = getattr(view, "damaged", None), getattr(view, "no_access", None)
    return [[p.name for p in view.pupils], damaged, no_access, html]


def test_a_pupils_file_is_read_by_the_teachers_account(shared_folder):
    """A pupil's account writes (umask 022, the usual); the teacher's account (another uid)
    sees the pupil in the class view and reads the shared puzzle ratings. (Before, files were
    written -rw------- and the teacher saw 0 pupils.)"""
    folder = shared_folder
    store = ProgressStore(folder)

    def pupil_works() -> None:
        store.add_attempt("Ayşe", {"puzzle": "m1", "themes": ["defence"], "solved": True})
        store.update_puzzle_rating("m1", lambda old: [1490.0, 300.0, 0.06])

    _with_umask(0o022, pupil_works)
    _class_seen(folder, "tr")  # everything the child needs, loaded here

    def teacher_reads():
        return _class_seen(folder, "tr")[:3], store.puzzle_ratings()

    seen, ratings = _as_another_account(teacher_reads)
    assert seen == [["Ayşe"], [], []]
    assert ratings == {"m1": [1490.0, 300.0, 0.06]}


def test_a_file_the_teacher_may_not_read_is_reported_as_such_and_left_alone(shared_folder):
    """A file kept to its account (as an older version wrote them) is "no permission", not
    "damaged": named apart in the class view, in both languages, and never moved aside."""
    folder = shared_folder
    store = ProgressStore(folder)
    store.add_attempt("Can", {"puzzle": "m1", "solved": True})
    store.path("Can").chmod(0o600)
    (folder / "Broken.json").write_text("{", encoding="utf-8")
    before = sorted(p.name for p in folder.iterdir())
    for lang in ("tr", "en"):
        _class_seen(folder, lang)
    ProgressError("progress.error.no_access", file="x").message("en")

    def teacher_reads():
        out = [_class_seen(folder, lang) for lang in ("tr", "en")]
        try:
            store.load("Can")
        except ProgressError as error:
            out.append([error.message("tr"), error.message("en")])
        return out

    tr, en, said = _as_another_account(teacher_reads)
    assert tr[:3] == [[], ["Broken.json"], ["Can.json"]]
    assert "İzin yok: bu hesap şu dosyaları okuyamıyor" in tr[3] and "Bozuk dosyalar" in tr[3]
    assert "No permission: this account cannot read these files" in en[3]
    assert "İzin yok" in said[0] and "bozuk değil" in said[0]
    assert "No permission" in said[1] and "not damaged" in said[1]
    assert sorted(p.name for p in folder.iterdir()) == before  # nothing moved aside


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
@pytest.mark.parametrize("mask, mode", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_progress_files_and_their_locks_are_created_as_the_umask_says(tmp_path, mask, mode):
    store = ProgressStore(tmp_path)

    def write() -> None:
        store.add_attempt("Ayşe", {"puzzle": "m1"})
        store.add_attempt("Ayşe", {"puzzle": "m2"})  # replaced: the new file's mode counts
        store.update_puzzle_rating("m1", lambda old: [1500.0, 350.0, 0.06])

    _with_umask(mask, write)
    for name in ("Ayşe.json", "Ayşe.json.lock", "puzzle-ratings.json", "puzzle-ratings.json.lock"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == mode, name
    assert not list(tmp_path.glob(".*.tmp"))


# -- Reading writes nothing; deleting a pupil ---------------------------------------------------


def test_opening_my_progress_leaves_no_file_behind(tmp_path):
    """Opening "my progress" (in the notebook or the pupil view) for a pupil with no file, or
    with one, writes nothing: no folder, no ``Ayşe.json.lock``."""
    store = ProgressStore(tmp_path / "class")
    MyProgress.of("Ayşe", store, lang="tr")
    MyProgressPanel(store=store, lang="tr", name="Ayşe")
    assert store.puzzle_ratings() == {}
    assert not (tmp_path / "class").exists()
    store.add_attempt("Can", {"puzzle": "m1", "solved": True})
    store.update_puzzle_rating("m1", lambda old: [1500.0, 350.0, 0.06])
    before = sorted(p.name for p in store.folder.iterdir())
    MyProgress.of("Ayşe", store, lang="tr")
    MyProgress.of("Can", store, lang="tr")
    panel = MyProgressPanel(store=store, lang="tr", name="")
    panel.show("Ayşe")
    panel.show("Can")
    store.puzzle_ratings()
    ClassView(store.folder)
    assert sorted(p.name for p in store.folder.iterdir()) == before
    assert "Ayşe.json.lock" not in before


def test_the_class_view_deletes_a_pupils_files(tmp_path):
    store = ProgressStore(tmp_path)
    for name in ("Ayşe", "Ayşe Nur", "Can"):
        store.add_attempt(name, {"puzzle": "m1", "solved": True})
    (tmp_path / "Ayşe.damaged-1.json").write_text("{", encoding="utf-8")
    view = ClassView(tmp_path, lang="tr")
    assert view.delete(" Ayşe ") == "Ayşe: 2 dosya silindi."  # the file and its backup
    assert [p.name for p in view.pupils] == ["Ayşe Nur", "Can"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "Ayşe_Nur.json",
        "Ayşe_Nur.json.lock",
        "Can.json",
        "Can.json.lock",
    ]
    assert ClassView(tmp_path, lang="en").delete("Ayşe") == (
        "There is no file of a pupil called “Ayşe”: nothing was deleted."
    )
    with pytest.raises(ProgressError, match="cannot be a name"):
        view.delete("*")


def test_a_progress_file_holds_the_name_and_the_work_only(tmp_path, monkeypatch):
    """KVKK: nothing about the pupil but the name typed (no account or computer name)."""
    import getpass
    import socket

    from mangala_edu.puzzles.trainer import TrainerSession

    store = ProgressStore(tmp_path)
    session = TrainerSession(learner="Ece", store=store, seed=1, now=lambda: "2026-03-02T10:00")
    run = session.next_puzzle()
    run.solution()
    session.finish(run)
    text = store.path("Ece").read_text("utf-8")
    data = json.loads(text)
    # The work: the attempts, and the missed puzzle in the review queue (puzzle ids, days).
    assert set(data) == {"format", "version", "name", "rating", "attempts", "lessons", "review"}
    assert data["name"] == "Ece" and len(data["attempts"]) == 1
    for private in {getpass.getuser(), socket.gethostname(), str(Path.home())} - {""}:
        assert private not in text


# -- The class view's table for Excel -----------------------------------------------------------


def test_the_class_table_is_a_csv_excel_opens_in_columns(tmp_path, monkeypatch):
    """Excel set to Turkish reads ``;`` (``,`` is its decimal mark), English Excel ``,``;
    UTF-8 with a byte-order mark either way. With no path, the file goes to the output folder
    (never the notebook's folder)."""
    monkeypatch.setenv("MANGALA_EDU_OUTPUT", str(tmp_path / "out"))
    store = ProgressStore(tmp_path / "class")
    store.add_attempt("Şule", {"puzzle": "m1", "themes": ["defence"], "clean": True})
    tr = ClassView(store.folder, lang="tr").to_csv()
    assert tr == tmp_path / "out" / "sinif.csv"
    raw = tr.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    lines = raw.decode("utf-8-sig").splitlines()
    assert lines[0] == "Öğrenci;Deneme;Çözülen;İlk denemede;Puan;Çalışılacak konu;Ders görevleri"
    assert lines[1].startswith("Şule;1;0;%100;") and "," not in lines[1]
    assert lines[3].startswith("Konu;Deneme;İlk denemede;Deneyen öğrenci")
    en = ClassView(store.folder, lang="en").to_csv(tmp_path / "out")
    assert en.name == "class.csv"
    assert en.read_text("utf-8-sig").splitlines()[0].startswith("Pupil,Attempts,Solved")


def test_the_output_folder_is_the_chosen_one_else_the_setting(tmp_path, monkeypatch):
    """``output_dir()`` follows ``MANGALA_EDU_OUTPUT``; a folder the teacher names wins and
    is made when missing; a folder that cannot be made is a clear error."""
    from mangala_edu.progress_store import ProgressError, output_dir

    monkeypatch.setenv("MANGALA_EDU_OUTPUT", str(tmp_path / "out"))
    assert output_dir() == tmp_path / "out" and (tmp_path / "out").is_dir()
    chosen = output_dir(str(tmp_path / "5A" / "sheets"))
    assert chosen == tmp_path / "5A" / "sheets" and chosen.is_dir()
    (tmp_path / "file").write_text("x")
    with pytest.raises(ProgressError):
        output_dir(tmp_path / "file" / "below")


# -- "My progress" in the pupil view --------------------------------------------------------------


def test_my_progress_has_its_own_name_box_shared_with_the_trainer(tmp_path, monkeypatch):
    from mangala_edu.progress import panel as panel_module
    from mangala_edu.puzzles.widget import PuzzleTrainer

    monkeypatch.setattr(panel_module, "session_name", None)  # a new session
    store = ProgressStore(tmp_path)
    store.add_attempt("Can", {"puzzle": "m1", "themes": ["defence"], "solved": True})
    trainer = PuzzleTrainer(seed=1, lang="en", store=store, speed=0)
    other = PuzzleTrainer(mode="theme", theme="defence", seed=1, lang="en", store=store, speed=0)
    panel = MyProgressPanel(trainer, other)
    assert panel.name is None and "Type your name" in panel.view.value
    assert panel.who.options == ("Can",)
    # The name typed in the trainer is used here...
    trainer.name_box.value = "Ece"
    assert panel.name == "Ece" and "Ece: my progress" in panel.view.value
    assert other.session.learner == "Ece"  # and in the notebook's other trainer
    # ...and the name given here is the trainers': one name for the session.
    panel.who.value = "Can"
    assert trainer.session.learner == other.session.learner == "Can"
    assert "Can: my progress" in panel.view.value
    other.name_box.value = "Deniz"
    assert panel.name == trainer.session.learner == "Deniz"
    panel.who.value = "Can"
    assert panel_module.session_name == "Can"
    assert MyProgressPanel(store=store, lang="en").name == "Can"  # remembered for the session
    # A name that cannot be one is said, in the pupil's language; nothing changes.
    panel.who.value = "../Can"
    assert "cannot be a name" in panel.said.value and panel.name == "Can"
    # A finished puzzle shows at once.
    trainer.show_solution()
    assert "Attempts: 2" in panel.view.value
    bundle = MyProgressPanel(store=store, lang="tr", name="")._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "Adını yaz" in bundle["text/html"]  # the still picture, where widgets cannot run


def test_the_class_chart_shows_the_differences_between_pupils(tmp_path):
    """Ratings near 1200-1430 drawn from 0 look alike: the axis starts just below the lowest,
    every bar carries its number, and the words are the lessons' screen size."""
    from mangala_edu.display.analysis_chart import SCREEN_FONTS
    from mangala_edu.progress.demo import make_demo_class

    view = ClassView(make_demo_class(tmp_path, attempts=6), lang="tr")
    fig = view.chart()
    left = fig.axes[0]
    ratings = [p.rating[0] for p in view.pupils]
    low, high = left.get_xlim()
    assert 0 < low < min(ratings) and high > max(ratings)
    labels = [text.get_text() for text in left.texts]
    assert labels == [f"{r:.0f}" for r in ratings]
    assert left.title.get_fontsize() == SCREEN_FONTS["axes.titlesize"]


def test_a_pupil_downloads_the_progress_file_the_class_view_reads(tmp_path):
    """In the lessons' web site the progress lives in the browser: "my progress" offers the
    file as a download, and the teacher's class view reads that file as it is."""
    import base64
    import re

    store = ProgressStore(tmp_path / "browser")
    store.add_attempt("Ayşe", {"puzzle": "m1", "themes": ["even_capture"], "solved": True})
    panel = MyProgressPanel(store=store, lang="tr", name="Ayşe")
    link = re.search(
        r'download="([^"]+)" href="data:application/json;base64,([^"]+)"', panel.view.value
    )
    assert link, panel.view.value
    assert "İlerleme dosyamı indir (Ayşe.json)" in panel.view.value
    assert base64.b64decode(link.group(2)) == store.path("Ayşe").read_bytes()
    teacher = tmp_path / "class"
    teacher.mkdir()
    (teacher / link.group(1)).write_bytes(base64.b64decode(link.group(2)))
    assert [p.name for p in ClassView(teacher).pupils] == ["Ayşe"]
    assert "download=" not in MyProgressPanel(store=store, lang="tr", name="Can").view.value


def test_the_live_class_view_shows_new_work_on_refresh(tmp_path):
    store = ProgressStore(tmp_path / "class")
    store.add_attempt("Ayşe", {"puzzle": "m1", "solved": True})
    panel = ClassView(store.folder, lang="tr").live()
    button, shown = panel.children
    assert button.description == "Yenile"
    assert "Ayşe" in shown.value and "Mehmet" not in shown.value
    store.add_attempt("Mehmet", {"puzzle": "m2", "solved": False})
    assert "Mehmet" not in shown.value  # nothing read until asked
    button.click()
    assert "Mehmet" in shown.value and "Sınıf görünümü: 2 öğrenci" in shown.value
