"""The class server's own parts, without a hub: user names, passwords and hashes, the roster
file, the commands' messages, the authenticator's check and the login cards."""

from __future__ import annotations

import json
import random
import stat
from pathlib import Path

import pytest

from mangala_edu.classroom import cli
from mangala_edu.classroom.cards import Card, cards_html, puzzle_names
from mangala_edu.classroom.hub import Settings, configure, copy_lessons, lessons_root
from mangala_edu.classroom.roster import (
    CONSONANTS,
    DIGITS,
    VOWELS,
    ClassroomError,
    Roster,
    check_password,
    fold,
    hash_password,
    make_password,
    read_names,
    user_names,
)

from ._async import run_apart


@pytest.fixture(autouse=True)
def classes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "classes"
    monkeypatch.setenv("MANGALA_CLASSROOM_DIR", str(root))
    return root


def test_turkish_letters_fold_to_ascii_user_names():
    assert fold("ŞĞIİÖÜÇ şğıiöüç") == "sgiioucsgiiouc"
    names = ["Şule Ak", "Ğ", "Ümit", "Irmak", "İpek", "Öykü", "Çınar", "Ayşe", "Ayşe B.", "ali"]
    assert user_names(names) == [
        "sule", "g", "umit", "irmak", "ipek", "oyku", "cinar", "ayse1", "ayse2", "ali",
    ]  # fmt: skip
    users = user_names(["Ali"] * 12, taken=["ogretmen"])
    assert users == [f"ali{k}" for k in range(1, 13)] and len(set(users)) == 12
    assert user_names(["Öğretmen Yılmaz"], taken=["ogretmen"]) == ["ogretmen1"]
    assert all(u.isascii() and u.isalnum() and u[0].isalpha() for u in user_names(["9 Eylül"]))


def test_passwords_are_short_readable_and_hashed_with_salt():
    rng = random.Random(5)
    passwords = {make_password(rng) for _ in range(200)}
    assert len(passwords) == 200
    allowed = set(CONSONANTS + VOWELS + DIGITS + "-")
    for word in passwords:
        assert len(word) == 9 and set(word) <= allowed and word[6] == "-"
        assert not set(word) & set("l1Ii0oO")
    first, second = hash_password("abc"), hash_password("abc")
    assert first != second  # a new salt each time
    assert "abc" not in first and first.startswith("scrypt$")
    assert check_password("abc", first) and check_password("abc", second)
    assert not check_password("abd", first)
    assert not check_password("abc", "nonsense") and not check_password("abc", "md5$x$y$z$a$b")


def test_the_roster_file_round_trips_and_keeps_no_password(tmp_path: Path):
    folder = tmp_path / "7A"
    roster, passwords = Roster.create(
        "7A", ["Ayşe Yılmaz", "Can"], folder, lang="en", address="http://h:8000/"
    )
    path = folder / "class.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    text = path.read_text("utf-8")
    assert all(p not in text for p in passwords.values())
    again = Roster.load(folder)
    assert again == roster
    assert [u.user for u in again.pupils] == ["ayse", "can"] and again.lang == "en"
    assert [u.user for u in again.teachers] == ["ogretmen"]
    assert again.check("ayse", passwords["ayse"]) and not again.check("ayse", passwords["can"])
    assert not again.check("nobody", passwords["can"])
    new = again.reset("can")
    assert Roster.load(folder).check("can", new) and not Roster.load(folder).check(
        "can", passwords["can"]
    )
    with pytest.raises(ClassroomError, match="exists already"):
        Roster.create("7A", ["X"], folder)
    with pytest.raises(ClassroomError, match="no account “zed”"):
        again.reset("zed")
    path.write_text(json.dumps({"format": "other"}))
    with pytest.raises(ClassroomError, match="damaged"):
        Roster.load(folder)


def test_names_files_and_bad_input_say_what_is_wrong(tmp_path: Path):
    names = tmp_path / "names.txt"
    names.write_text("\ufeffAyşe\n\n# a comment\n  Can   Öz \n", "utf-8")
    assert read_names(names) == ["Ayşe", "Can Öz"]
    names.write_bytes("Ay\xfee\n".encode("latin-1"))
    with pytest.raises(ClassroomError, match="not UTF-8"):
        read_names(names)
    names.write_text("# nobody\n")
    with pytest.raises(ClassroomError, match="holds no names"):
        read_names(names)
    names.write_text("\n".join(f"P{k}" for k in range(61)))
    with pytest.raises(ClassroomError, match="at most 60 pupils"):
        read_names(names)
    with pytest.raises(ClassroomError, match="could not be read"):
        read_names(tmp_path / "missing.txt")
    with pytest.raises(ClassroomError, match="cannot be “de”"):
        Roster.create("7A", ["Ali"], tmp_path / "x", lang="de")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["new", "7 A", "names.txt"], "Sınıf adı “7 A” olamaz"),
        (["new", "7A", "missing.txt"], "list of names could not be read"),
        (["bogus"], "Komut anlaşılmadı"),
        ([], "The command was not understood"),
        (["list", "9Z"], "There is no class in this folder"),
        (["start-all"], "Which class?"),
        (["reset", "7A"], "Usage: classroom.sh"),
    ],
)
def test_bad_arguments_exit_2_with_a_message_in_both_languages(argv, said, capsys, tmp_path):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and " / " in err


def test_new_makes_the_class_and_cards_with_every_pupil(tmp_path: Path, capsys, classes: Path):
    names = tmp_path / "names.txt"
    names.write_text("Ayşe Yılmaz\nÇağrı Öz\nAyşe Kaya\n", "utf-8")
    assert cli.main(["new", "7A", str(names), "--address", "http://10.0.0.5:8000/"]) == 0
    out = capsys.readouterr().out
    folder = classes / "7A"
    roster = Roster.load(folder)
    assert [u.user for u in roster.pupils] == ["ayse1", "cagri", "ayse2"]
    page = (folder / "cards" / "pupils.html").read_text("utf-8")
    for u in roster.pupils:
        assert u.user in page and u.name in page
    assert page.count('class="card"') == 3 and "http://10.0.0.5:8000/" in page
    assert "ogretmen" not in page  # the teacher's card is a page of its own
    assert (folder / "cards" / "pupils.pdf").read_bytes().startswith(b"%PDF")
    assert stat.S_IMODE((folder / "cards").stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / "cards" / "pupils.pdf").stat().st_mode) == 0o600
    # The passwords of the cards are the ones the hashes check, and only the cards hold them.
    for u in roster.pupils:
        start = page.index(f">{u.user}<")
        password = page[start:].split('class="v">')[1].split("<")[0]
        assert roster.check(u.user, password) and password not in out
    assert cli.main(["reset", "7A", "cagri"]) == 0
    card = (folder / "cards" / "cagri.html").read_text("utf-8")
    assert card.count('class="card"') == 1 and "Çağrı Öz" in card
    assert cli.main(["list"]) == 0 and "ayse2" in capsys.readouterr().out


def test_puzzle_names_and_cards_in_english():
    assert puzzle_names(["Ayşe Yılmaz", "Ayşe Kaya", "Can"]) == ["Ayşe Y.", "Ayşe K.", "Can"]
    page = cards_html([Card("7A", "Can", "can", "bebebe-22", "http://x/", "Can")], "en")
    assert "Password" in page and "User name" in page and "bebebe-22" in page


def test_the_authenticator_checks_the_roster(tmp_path: Path):
    pytest.importorskip("jupyterhub")
    from mangala_edu.classroom.auth import ClassAuthenticator

    folder = tmp_path / "7A"
    _, passwords = Roster.create("7A", ["Ayşe", "Can"], folder)
    auth = ClassAuthenticator(class_folder=str(folder))

    def login(user: str, password: str) -> str | None:
        return run_apart(auth.authenticate(None, {"username": user, "password": password}))

    assert login("ayse", passwords["ayse"]) == "ayse"
    assert login(" AYSE ", passwords["ayse"]) == "ayse"
    assert login("ayse", passwords["can"]) is None
    assert login("nobody", passwords["can"]) is None
    assert auth.check_allowed("can") and not auth.check_allowed("nobody")
    # A reset on disk is seen without restarting the hub.
    roster = Roster.load(folder)
    new = roster.reset("can")
    assert login("can", new) == "can" and login("can", passwords["can"]) is None


def test_the_hub_configuration_keeps_everything_in_the_class_folder(tmp_path: Path):
    pytest.importorskip("jupyterhub")
    from traitlets.config import Config

    folder = tmp_path / "7A"
    Roster.create("7A", ["Ayşe"], folder)
    c = Config()
    configure(c, folder, Settings(folder, port=8100, ip="127.0.0.1"))
    assert c.JupyterHub.bind_url == "http://127.0.0.1:8100/"
    assert (c.JupyterHub.hub_port, c.ConfigurableHTTPProxy.api_url) == (
        8102,
        "http://127.0.0.1:8101",
    )
    for path in (c.JupyterHub.cookie_secret_file, c.ConfigurableHTTPProxy.pid_file):
        assert Path(path).is_relative_to(folder / "hub")
    assert c.JupyterHub.db_url == f"sqlite:///{folder / 'hub' / 'jupyterhub.sqlite'}"
    env = c.Spawner.environment
    assert env["MANGALA_EDU_PROGRESS"] == str(folder / "progress")
    assert env["MANGALA_EDU_LANG"] == "tr"
    assert c.Authenticator.admin_users == {"ogretmen"}
    assert c.Authenticator.allowed_users == {"ayse", "ogretmen"}
    token = folder / "hub" / "service-token"
    assert stat.S_IMODE(token.stat().st_mode) == 0o600
    assert {"name": "mangala-classroom", "api_token": token.read_text().strip()} in (
        c.JupyterHub.services
    )
    assert "admin:servers" in c.JupyterHub.load_roles[0]["scopes"]
    assert c.Spawner.start_timeout >= 120 and c.JupyterHub.concurrent_spawn_limit >= 30


def test_a_pupils_copy_of_the_lessons_is_never_overwritten(tmp_path: Path):
    home = tmp_path / "ayse"
    copied = copy_lessons(lessons_root() / "tr", home)
    assert "01_tahta.ipynb" in copied and "20_ogretmenler_icin.ipynb" not in copied
    (home / "01_tahta.ipynb").write_text("my work")
    assert copy_lessons(lessons_root() / "tr", home) == []
    assert (home / "01_tahta.ipynb").read_text() == "my work"
    assert "20_ogretmenler_icin.ipynb" in copy_lessons(lessons_root() / "tr", home, teacher=True)


def test_the_puzzles_save_under_the_name_the_class_server_gives(monkeypatch):
    from mangala_edu.progress_store import LEARNER_ENV
    from mangala_edu.puzzles.widget import PuzzleTrainer

    monkeypatch.setenv(LEARNER_ENV, "Ayşe K.")
    trainer = PuzzleTrainer(seed=1)
    assert trainer.session.learner == "Ayşe K." and trainer.name_box.value == "Ayşe K."
    assert PuzzleTrainer(learner=None, seed=1).session.learner is None  # a demo saves nothing
    assert PuzzleTrainer("Can", seed=1).session.learner == "Can"
    monkeypatch.setenv(LEARNER_ENV, "12345")  # not a name: the pupil types one
    assert PuzzleTrainer(seed=1).session.learner is None
    monkeypatch.delenv(LEARNER_ENV)
    assert PuzzleTrainer(seed=1).session.learner is None
