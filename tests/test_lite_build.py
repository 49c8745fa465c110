"""The web site's build (lite/build.py), the parts that need no network: which requirements
apply in the browser, Pyodide's lock file rewritten for the wheels the site carries, and the
start page. (tests/browser/test_lite_site.py builds the whole site and runs it.)"""

from __future__ import annotations

import datetime
import hashlib
import json
import subprocess
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from lite import build

ROOT = Path(__file__).parents[1]


def make_wheel(folder: Path, name: str, version: str, requires: list[str]) -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    meta = "\n".join(
        ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
        + [f"Requires-Dist: {r}" for r in requires]
    )
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{name}/__init__.py", "")
        z.writestr(f"{name}-{version}.dist-info/METADATA", meta + "\n")
    return path


def test_only_the_requirements_that_apply_in_a_browser(tmp_path):
    path = make_wheel(
        tmp_path,
        "demo",
        "1.0",
        [
            "traitlets>=5",
            'pexpect>4.3; sys_platform != "win32" and sys_platform != "emscripten"',
            'pytest; extra == "test"',
            'colorama; sys_platform == "win32"',
            'exceptiongroup; python_version < "3.11"',
        ],
    )
    wheel = build.Wheel("demo", "1.0", path)
    assert [r.name for r in wheel.requirements()] == ["traitlets"]
    assert wheel.imports() == ["demo"]


def test_the_lock_names_just_the_wheels_carried_with_their_hashes(tmp_path):
    core = tmp_path / "core"
    core.mkdir()
    (core / "pyodide-lock.json").write_text(
        json.dumps(
            {
                "info": {"python": "3.14.2"},
                "packages": {
                    "numpy": {"name": "numpy", "file_name": "numpy-2-cp314.whl"},
                    "demo": {"name": "demo", "sha256": "old", "file_name": "demo-0.9.whl"},
                },
            }
        )
    )
    wheels = {
        "demo": build.Wheel("demo", "1.0", make_wheel(tmp_path, "demo", "1.0", ["dep", "gone"])),
        "dep": build.Wheel("dep", "2.0", make_wheel(tmp_path, "dep", "2.0", [])),
    }
    build.write_lock(core, wheels, tmp_path)
    lock = json.loads((tmp_path / "pyodide-lock.json").read_text())
    assert lock["info"] == {"python": "3.14.2"}
    assert set(lock["packages"]) == {"demo", "dep"}
    demo = lock["packages"]["demo"]
    digest = hashlib.sha256(wheels["demo"].path.read_bytes()).hexdigest()
    assert demo["sha256"] == digest
    # In a folder named by the content: a new build of the same version gets a new address.
    assert demo["file_name"] == f"{digest[:12]}/demo-1.0-py3-none-any.whl"
    assert demo["depends"] == ["dep"]  # "gone" is not carried: not a dependency to load
    assert demo["imports"] == ["demo"]


def test_every_dependency_of_the_package_is_carried_or_left_out_on_purpose():
    """A dependency added to pyproject.toml must be thought about for the browser: carried
    (a pure-Python wheel the build takes) or left out with a reason in LEFT_OUT."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {canonicalize_name(Requirement(r).name) for r in project["dependencies"]}
    carried = {"ipywidgets", "anywidget", "platformdirs", "filelock"}
    assert names - carried == set(build.LEFT_OUT) & names
    assert carried <= names
    assert all(build.LEFT_OUT.values())


def test_the_start_page_links_every_lesson_in_both_languages(tmp_path):
    for lang, title in (("tr", "Tahta"), ("en", "The board")):
        folder = tmp_path / lang
        folder.mkdir()
        cell = {"cell_type": "markdown", "source": [f"# {title}\n", "text"], "metadata": {}}
        (folder / "01_x.ipynb").write_text(json.dumps({"cells": [cell]}))
    page = build.start_page(tmp_path)
    pupil = '<a class="pupil" href="notebooks/index.html?path={}/01_x.ipynb&amp;pupil=1">'
    code = '<a class="code" href="lab/index.html?path={}/01_x.ipynb">{}</a>'
    assert pupil.format("tr") + "<b>01</b> Tahta</a>" + code.format("tr", "kodlu") in page
    assert pupil.format("en") + "<b>01</b> The board</a>" + code.format("en", "with code") in page
    assert 'id="jupyter-config-data"' in page  # the pages below read it
    assert "config-utils" not in page  # which would send the pupil on to JupyterLab


def test_the_site_wants_the_pyodide_of_its_kernel():
    """The Pyodide the build fetches is the one the installed kernel extension is made for
    (in the site's own environment, .venv-lite)."""
    python = ROOT / ".venv-lite" / "bin" / "python"
    if not python.exists():
        pytest.skip("no .venv-lite: bash scripts/lite.sh env")
    subprocess.run(
        [str(python), "-c", "from lite.build import check_kernel_version as c; c()"],
        cwd=ROOT,
        check=True,
    )


def test_the_file_list_dates_the_lessons_by_the_last_commit(tmp_path):
    """The site's file list gives every lesson and folder the time of the checkout's last
    commit, not the checkout's file times ("4 hours ago") nor the build's moment (the
    copies' inode change time): two builds of one commit are the same."""
    when = build.lessons_time()
    committed = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", "--format=%cI"], capture_output=True, text=True
    ).stdout.strip()
    if committed:
        assert when == datetime.datetime.fromisoformat(committed)
    api = tmp_path / "api" / "contents"
    (api / "tr").mkdir(parents=True)
    entry = {"name": "01_x.ipynb", "created": "2031-01-01T10:00:00.5Z", "size": 3}
    as_built = {
        "created": "2031-01-01T10:00:00.1Z",
        "last_modified": "2030-05-05T08:00:00.2Z",
        "content": [{**entry, "last_modified": "2030-05-05T08:00:00.3Z"}],
    }
    (api / "tr" / "all.json").write_text(json.dumps(as_built))
    (api / "all.json").write_text(json.dumps({**as_built, "content": []}))
    moment = datetime.datetime(
        2026, 3, 1, 12, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=3))
    )
    build.stamp_file_list(api, moment)
    listing = json.loads((api / "tr" / "all.json").read_text())
    lesson = listing["content"][0]
    assert listing["created"] == listing["last_modified"] == "2026-03-01T09:30:00Z"
    assert lesson["created"] == lesson["last_modified"] == "2026-03-01T09:30:00Z"
    assert lesson["size"] == 3 and lesson["name"] == "01_x.ipynb"
    first = (api / "tr" / "all.json").read_bytes()
    build.stamp_file_list(api, moment)
    assert (api / "tr" / "all.json").read_bytes() == first
    assert json.loads((api / "all.json").read_text())["created"] == "2026-03-01T09:30:00Z"


def test_the_staged_lessons_carry_the_commit_time(tmp_path):
    """The lessons JupyterLite is given are dated at the commit's time (it reads their
    modification times), not at the checkout's."""
    core = tmp_path / "core"
    core.mkdir()
    (core / "pyodide-lock.json").write_text(json.dumps({"info": {}, "packages": {}}))
    moment = datetime.datetime(2026, 3, 1, 9, 30, tzinfo=datetime.UTC)
    build.stage(tmp_path / "src", core, {}, moment)
    lessons = list((tmp_path / "src" / "files").rglob("*.ipynb"))
    assert len(lessons) == 2 * 34  # 35 notebooks a language, less the teachers' (20)
    assert {p.stat().st_mtime for p in lessons} == {moment.timestamp()}
