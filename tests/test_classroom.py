"""The class server's own parts, without a hub: user names, passwords and hashes, the roster
file, the commands' messages, the authenticator's check and the login cards."""

from __future__ import annotations

import json
import random
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

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
    # Letters that are no hex digits, so the password cannot turn up in the hash by chance.
    first, second = hash_password("parola"), hash_password("parola")
    assert first != second  # a new salt each time
    assert "parola" not in first and first.startswith("scrypt$")
    assert check_password("parola", first) and check_password("parola", second)
    assert not check_password("parolu", first)
    assert not check_password("parola", "nonsense")
    assert not check_password("parola", "md5$x$y$z$a$b")


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
    # Nothing is culled in a lesson: a kernel with its tab open stays however idle; a server
    # is stopped only after longer than a double lesson, far above its activity reports (300 s).
    assert "--MappingKernelManager.cull_connected=False" in c.Spawner.args
    # Lesson 1 opens, unless the teacher starts the hub with a lesson of the day.
    assert c.Spawner.default_url == "/lab/tree/01_tahta.ipynb"
    today = Config()
    configure(today, folder, Settings(folder, port=8100, ip="127.0.0.1", lesson=9))
    assert today.Spawner.default_url == "/lab/tree/09_oyna.ipynb"
    # The pupils' servers start one step behind the hub (tests/hub checks a kernel's niceness).
    assert c.Spawner.cmd == [sys.executable, "-m", "mangala_edu.classroom.server"]
    # Their kernels start through the class's own kernel spec, first on JUPYTER_PATH.
    spec = Path(env["JUPYTER_PATH"]) / "kernels" / "python3" / "kernel.json"
    assert json.loads(spec.read_text())["argv"][:3] == [
        sys.executable,
        "-m",
        "mangala_edu.classroom.kernel",
    ]
    assert Path(env["JUPYTER_PATH"]).is_relative_to(folder / "hub")
    (culler,) = [s for s in c.JupyterHub.services if s["name"] == "idle-culler"]
    (timeout,) = [a for a in culler["command"] if a.startswith("--timeout=")]
    assert int(timeout.split("=")[1]) >= 90 * 60


def test_start_refuses_a_lesson_there_is_not_and_starts_nothing(
    tmp_path: Path, capsys, classes: Path
):
    Roster.create("7A", ["Ayşe"], classes / "7A")
    for wrong in ("99", "20"):  # no such lesson; the teachers' own notebook
        assert cli.main(["start", "7A", "--lesson", wrong]) == 2
        err = capsys.readouterr().err
        assert f"Ders {wrong} yok." in err and f"There is no lesson {wrong}." in err
        assert ", 9, " in err and ", 20," not in err
    assert not (classes / "7A" / "hub" / "hub.log").exists()  # no hub was started
    assert cli.main(["start", "7A", "--lesson", "nine"]) == 2
    assert "invalid int value" in capsys.readouterr().err


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


# -- A pupil who came late: classroom.sh add ---------------------------------------------------


def _make_class(tmp_path: Path, names: str = "Ayşe Yılmaz\nÇağrı Öz\n") -> Path:
    path = tmp_path / "names.txt"
    path.write_text(names, "utf-8")
    assert cli.main(["new", "7A", str(path), "--address", "http://10.0.0.5:8000/"]) == 0
    return path


def _card_password(card: Path, user: str) -> str:
    page = card.read_text("utf-8")
    start = page.index(f">{user}<")
    return page[start:].split('class="v">')[1].split("<")[0]


def test_add_puts_a_latecomer_on_the_roster_with_a_card(tmp_path: Path, capsys, classes: Path):
    _make_class(tmp_path)
    folder = classes / "7A"
    before = Roster.load(folder).learners()
    capsys.readouterr()
    # The name's words need no quotes; the first name is folded and numbered as in `new`.
    assert cli.main(["add", "7A", "Ayşe", "Kaya"]) == 0
    out = capsys.readouterr().out
    roster = Roster.load(folder)
    assert [u.user for u in roster.pupils] == ["ayse", "cagri", "ayse1"]
    assert roster.find("ayse1").name == "Ayşe Kaya" and not roster.find("ayse1").teacher
    card = folder / "cards" / "ayse1.html"
    page = card.read_text("utf-8")
    assert page.count('class="card"') == 1 and "Ayşe Kaya" in page and "Ayşe K." in page
    assert "http://10.0.0.5:8000/" in page
    password = _card_password(card, "ayse1")
    assert roster.check("ayse1", password) and password not in out
    assert (folder / "cards" / "ayse1.pdf").read_bytes().startswith(b"%PDF")
    assert stat.S_IMODE(card.stat().st_mode) == 0o600
    assert "ayse1" in out and str(card) in out and " / Added to the class 7A" in out
    # The others keep their puzzle names (and so their progress files); the newcomer's differs.
    learners = roster.learners()
    assert {u: learners[u] for u in before} == before and learners["ayse1"] == "Ayşe K."
    assert cli.main(["add", "7A", "Şükrü Çelik"]) == 0
    assert Roster.load(folder).find("sukru").puzzle == "Şükrü"
    assert cli.main(["add", "7A", "Ayşe Kara"]) == 0  # "Ayşe K." is taken: a number
    assert Roster.load(folder).learners()["ayse2"] == "Ayşe K. 2"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["add", "7A"], "arguments are required: pupil"),
        (["add", "7A", "  "], "A pupil's name is empty"),
        (["add", "7A", "Ali\x07"], "cannot be a pupil's name"),
        (["add", "7A", "ayşe  yılmaz"], "is in the class 7A already: user name ayse"),
        (["add", "9Z", "Zeynep"], "There is no class in this folder"),
        (["add", "7 A", "Zeynep"], "Sınıf adı “7 A” olamaz"),
    ],
)
def test_add_refuses_bad_input_and_changes_nothing(argv, said, tmp_path, capsys, classes):
    _make_class(tmp_path)
    folder = classes / "7A"
    roster_file = (folder / "class.json").read_bytes()
    cards = sorted(p.name for p in (folder / "cards").iterdir())
    capsys.readouterr()
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and " / " in err
    assert (folder / "class.json").read_bytes() == roster_file
    assert sorted(p.name for p in (folder / "cards").iterdir()) == cards


def test_add_refuses_a_pupil_over_the_limit(tmp_path: Path, capsys, classes: Path):
    _make_class(tmp_path, "\n".join(f"Pupil {k}" for k in range(60)))
    before = (classes / "7A" / "class.json").read_bytes()
    assert cli.main(["add", "7A", "Zeynep"]) == 2
    assert "at most 60 pupils" in capsys.readouterr().err
    assert (classes / "7A" / "class.json").read_bytes() == before


def test_the_admin_page_adds_nobody_who_is_not_on_the_roster(tmp_path: Path):
    pytest.importorskip("jupyterhub")
    from mangala_edu.classroom.auth import ClassAuthenticator

    folder = tmp_path / "7A"
    Roster.create("7A", ["Ayşe"], folder)
    auth = ClassAuthenticator(class_folder=str(folder))
    auth.add_user(SimpleNamespace(name="ayse"))  # a pupil of the roster: fine
    with pytest.raises(ClassroomError, match=r"classroom\.sh add 7A") as refused:
        auth.add_user(SimpleNamespace(name="zeynep"))
    assert "sınıf listesinde yok" in str(refused.value)
    assert not auth.check_allowed("zeynep")
    # Added with the command while the hub runs: allowed at once, no restart.
    user, password = Roster.load(folder).add("Zeynep Kaya")
    assert auth.check_allowed("zeynep") and user.user == "zeynep"
    auth.add_user(SimpleNamespace(name="zeynep"))
    assert run_apart(auth.authenticate(None, {"username": "zeynep", "password": password}))


# -- The hub's own pages in the class's language -----------------------------------------------


def _pages(folder: Path) -> Callable[..., str]:
    """Render the hub's pages for the class in ``folder`` the way the hub does: its template
    loader (our folder first, JupyterHub's own as ``templates/...``) and the variables that
    :func:`configure` gives it."""
    pytest.importorskip("jupyterhub")
    from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader
    from traitlets.config import Config

    c = Config()
    configure(c, folder, Settings(folder, port=8100, ip="127.0.0.1"))
    assert c.JupyterHub.tornado_settings["slow_spawn_timeout"] == 0
    original = str(Path(sys.prefix) / "share" / "jupyterhub" / "templates")
    loader = ChoiceLoader(
        [
            PrefixLoader({"templates": FileSystemLoader([original])}, "/"),
            FileSystemLoader([*c.JupyterHub.template_paths, original]),
        ]
    )
    env = Environment(loader=loader, autoescape=True)

    def render(name: str, **ns: object) -> str:
        context = {
            "static_url": lambda path, **kw: "/hub/static/" + path,
            "base_url": "/hub/",
            "login_url": "/hub/login",
            "logout_url": "/hub/logout",
            "parsed_scopes": set(),
            **c.JupyterHub.template_vars,
            **ns,
        }
        return env.get_template(name).render(**context)

    return render


PUPIL = SimpleNamespace(
    name="ayse", json_escaped_name="ayse", spawner=SimpleNamespace(options_form=None)
)


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_the_hubs_pages_speak_the_class_language_first(lang: str, tmp_path: Path):
    folder = tmp_path / "7A"
    Roster.create("7A", ["Ayşe"], folder, lang=lang)
    render = _pages(folder)

    def both(tr: str, en: str) -> str:
        return f"{tr} / {en}" if lang == "tr" else f"{en} / {tr}"

    login = render("login.html", login_error="Invalid username or password")
    assert f"<h1>{both('Giriş', 'Sign in')}</h1>" in login and 'id="login_submit"' in login
    assert both("Kullanıcı adı", "User name") + ":" in login and "Username:" not in login
    assert both("Kullanıcı adı ya da şifre yanlış.", "Invalid username or password.") in login
    assert "Warning: JupyterHub" not in login  # (plain HTTP on the school's network)
    pending = render("spawn_pending.html", user=PUPIL, progress_url="/p")
    tr, en = pending.index("Sunucun başlıyor."), pending.index("Your server is starting up.")
    assert (tr < en) == (lang == "tr") and "<p>Your server is starting up.</p>" not in pending
    assert 'id="progress-bar"' in pending and 'id="stop-server-btn"' in pending
    assert both("Sunucumu durdur", "Stop My Server") in pending
    assert '"Spawning server...": "' in pending  # JupyterHub's progress message, replaced
    home = render("home.html", user=PUPIL, default_server=SimpleNamespace(active=False), url="/")
    assert both("Sunucumu başlat", "Start My Server") in home and 'id="start"' in home
    assert both("Ana sayfa", "Home") in home and both("Çıkış", "Logout") in home
    assert "/hub/token" not in home and "/hub/admin" not in home  # the teacher's only
    assert f'document.documentElement.lang = "{lang}"' in home
    running = render("home.html", user=PUPIL, default_server=SimpleNamespace(active=True), url="/")
    assert both("Sunucumu durdur", "Stop My Server") in running
    pages = {
        "not_running.html": ({"spawn_url": "/s"}, both("Sunucun çalışmıyor", "Server not running")),
        "error.html": (
            {"status_code": 503},
            both("Sunucun kapalı görünüyor", "Service Unavailable"),
        ),
        "404.html": ({"status_code": 404}, both("Bu sayfa yok", "Not Found")),
        "logout.html": ({}, both("Giriş", "Sign in")),
        "stop_pending.html": ({}, both("Sunucun duruyor.", "Your server is stopping.")),
        "admin.html": ({"user": PUPIL}, "bash scripts/classroom.sh add 7A"),
    }
    for name, (ns, said) in pages.items():
        page = render(name, **ns)
        assert said in page and "<title>Mangala · 7A</title>" in page, name
    assert "moons" not in render("404.html", status_code=404)


def test_the_hubs_pages_are_in_the_wheel():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    from mangala_edu.classroom.hub import TEMPLATES

    config = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text("utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["mangala_edu"]
    pages = sorted(TEMPLATES.glob("*.html"))
    assert {"login.html", "spawn_pending.html", "home.html", "page.html"} <= {p.name for p in pages}
    package = TEMPLATES.parents[2]
    for page in pages:
        assert any(page.relative_to(package).match(p) for p in patterns), page
