"""Build the lessons as a static web site (JupyterLite) that needs no network but its own
server: ``python lite/build.py [--out build/lite]`` (run by ``bash scripts/lite.sh build``).

What goes into the site, and where it comes from:

- JupyterLab's interface and the Pyodide kernel: the Python packages ``jupyterlite-core`` and
  ``jupyterlite-pyodide-kernel`` (the ``lite`` extra), with the widget front ends
  (``jupyterlab_widgets``, ``anywidget``) of the environment that builds.
- Pyodide's core (the WebAssembly interpreter and Python's standard library): the npm package
  ``pyodide`` (``npm pack``), in the version the kernel is made for. It holds no packages.
- Every Python package the kernel and the lessons import, as pure-Python wheels from PyPI
  (``pip download``), in the versions of the building environment (so that the Python side of
  the widgets matches their front ends), and mangala_edu's own wheel. They are listed in
  Pyodide's lock file (its entries rewritten to name these wheels and their sha256, and every
  entry the site does not carry taken out) and loaded when the kernel starts.
- The lessons, Turkish and English, with their stored outputs (a lesson opened before its
  kernel is ready already shows its text and drawings), and a start page. The site's file
  list gives them the time of the checkout's last commit (:func:`lessons_time`), so that two
  builds of one commit are the same.

Nothing of numpy, matplotlib or numba: no wheel of theirs runs in the browser without
Pyodide's CDN, and mangala_edu runs without them (pure-Python search; charts drawn as SVG).
Downloads are kept in ``--cache`` (``build/lite-cache``): a second build needs no network.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import email.parser
import functools
import hashlib
import html
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import urllib.parse
import zipfile
from dataclasses import dataclass
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent

PYODIDE_VERSION = "314.0.6"
"""Pyodide's version: the one jupyterlite-pyodide-kernel is made for (checked at build)."""

ROOTS = ("mangala_edu", "micropip", "comm", "jedi", "ipython", "ipywidgets", "anywidget")
"""What the site's kernel needs: the kernel's own start (micropip, comm, jedi, ipython; the
kernel's ipykernel stand-in comes with it) and the lessons (ipywidgets, anywidget, the package)."""

PRELOAD = ("comm", "jedi", "ipython", "ipywidgets", "anywidget", "mangala_edu")
"""Loaded when the kernel starts, before the first cell (so the lessons run unchanged)."""

LEFT_OUT = {
    "jupyterlab": "the site is the interface",
    "voila": "the site is the pupil view",
    "matplotlib": "no browser wheel without Pyodide's CDN; charts are drawn as SVG",
    "widgetsnbextension": "front end only (the site carries the widget front ends)",
    "jupyterlab-widgets": "front end only (the site carries the widget front ends)",
    "pexpect": "no terminals in a browser",
}
"""Requirements the site leaves out on purpose, and why."""

FRONT_ENDS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
)
"""The JupyterLab extensions the site carries (from the building environment): the kernel and
the widgets' front ends. No others (Voilà's preview, the classic Notebook's switcher)."""

LEFT_OUT_LESSONS = {
    "20": "the teachers' notebook: PDF worksheets need matplotlib, and the class view reads a "
    "class folder, which a browser does not have",
}
"""Notebooks the site leaves out (by number), and why: the start page says where they are."""

BROWSER = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "platform_release": "",
    "platform_version": "",
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "implementation_name": "cpython",
    "implementation_version": "3.14.2",
    "platform_python_implementation": "CPython",
    "extra": "",
}
"""The environment markers of Pyodide's Python, to read the wheels' requirements with."""


class BuildError(Exception):
    """The site cannot be built as asked (the message says why and what to do)."""


@dataclass
class Wheel:
    """One wheel the site carries."""

    name: str  # canonical
    version: str
    path: Path

    def metadata(self) -> email.message.Message:
        with zipfile.ZipFile(self.path) as z:
            meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
            return email.parser.Parser().parsestr(z.read(meta).decode())

    def requirements(self) -> list[Requirement]:
        """The requirements that apply in the browser (no extras)."""
        found = []
        for line in self.metadata().get_all("Requires-Dist") or []:
            req = Requirement(line)
            if req.marker is None or Marker(str(req.marker)).evaluate(BROWSER):
                found.append(req)
        return found

    def imports(self) -> list[str]:
        """The top-level modules the wheel installs."""
        names = set()
        with zipfile.ZipFile(self.path) as z:
            for n in z.namelist():
                top = n.split("/")[0]
                if top.endswith((".dist-info", ".data")):
                    continue
                names.add(top[:-3] if top.endswith(".py") else top)
        return sorted(n for n in names if n.isidentifier())

    @functools.cached_property
    def sha256(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()

    def served(self) -> str:
        """Where the site serves the wheel, below Pyodide's folder: in a folder named by its
        content, so that a browser never takes an older build of the same version from its
        cache (its hash would not be the lock file's)."""
        return f"{self.sha256[:12]}/{self.path.name}"


def run(command: list[str], quiet: bool = False, **kwargs: object) -> None:
    """Run ``command``; ``quiet``: show its output only if it fails (JupyterLite's build
    lists every file it copies)."""
    print("   $", " ".join(command[:6]), "...", flush=True)
    if not quiet:
        subprocess.run(command, check=True, **kwargs)  # type: ignore[call-overload]
        return
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    if done.returncode:
        print(done.stdout[-6000:], done.stderr[-6000:], file=sys.stderr)
        raise BuildError(f"{command[2:5]} failed (exit {done.returncode}): see above")


def check_kernel_version() -> None:
    """The Pyodide version the installed kernel was made for must be ours."""
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as wanted
    except ImportError as exc:
        raise BuildError(
            "jupyterlite-pyodide-kernel is not installed: pip install -e '.[lite]'"
        ) from exc
    if wanted != PYODIDE_VERSION:
        raise BuildError(
            f"jupyterlite-pyodide-kernel wants Pyodide {wanted}, lite/build.py has "
            f"{PYODIDE_VERSION}: make them agree (pyproject.toml's lite extra)"
        )


def pyodide_core(cache: Path) -> Path:
    """Pyodide's core from the npm package (fetched once into ``cache``)."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if (folder / "pyodide.asm.wasm").exists():
        return folder
    cache.mkdir(parents=True, exist_ok=True)
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tgz.exists():
        if not shutil.which("npm"):
            raise BuildError("npm is needed once, to fetch Pyodide's core (Node.js's npm)")
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], cwd=cache)
    unpacked = cache / "unpacked"
    shutil.rmtree(unpacked, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        tar.extractall(unpacked, filter="data")
    shutil.rmtree(folder, ignore_errors=True)
    (unpacked / "package").rename(folder)
    shutil.rmtree(unpacked)
    return folder


def own_wheel(work: Path, when: datetime.datetime | None = None) -> Wheel:
    """mangala_edu's wheel, built from this checkout; its files dated ``when`` (the time of
    :func:`lessons_time`), so that two builds of one commit make the same wheel (and the site
    serves it from the same folder: the browsers' caches stay good)."""
    out = work / "own"
    shutil.rmtree(out, ignore_errors=True)
    epoch = str(int((when or lessons_time()).timestamp()))
    run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(ROOT)],
        env={**os.environ, "SOURCE_DATE_EPOCH": epoch},
    )
    path = next(out.glob("mangala_edu-*.whl"))
    return Wheel("mangala-edu", path.name.split("-")[1], path)


def pick_version(name: str, req: Requirement, lock: dict) -> str:
    """The building environment's version of ``name`` if it fits, else Pyodide's."""
    candidates = []
    with contextlib.suppress(importlib.metadata.PackageNotFoundError):
        candidates.append(importlib.metadata.version(name))
    if name in lock["packages"]:
        candidates.append(lock["packages"][name]["version"])
    for version in candidates:
        if req.specifier.contains(Version(version), prereleases=True):
            return version
    raise BuildError(f"no version of {name} fits {req} (tried {candidates}): install one")


def download(wanted: dict[str, str], cache: Path) -> dict[str, Path]:
    """Pure-Python wheels of ``wanted`` (name -> version), from ``cache`` or PyPI."""
    cache.mkdir(parents=True, exist_ok=True)

    def find(name: str, version: str) -> Path | None:
        for path in cache.glob("*.whl"):
            parts = path.name.split("-")
            if canonicalize_name(parts[0]) == name and parts[1] == version:
                return path
        return None

    missing = [f"{n}=={v}" for n, v in wanted.items() if find(n, v) is None]
    if missing:
        run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--platform", "any", "--python-version", "3.14",
             "--implementation", "py", "--abi", "none", "-d", str(cache), *missing],
        )  # fmt: skip
    found = {}
    for name, version in wanted.items():
        path = find(name, version)
        if path is None:
            raise BuildError(f"no pure-Python wheel of {name} {version} on PyPI")
        found[name] = path
    return found


def gather(own: Wheel, lock: dict, cache: Path) -> dict[str, Wheel]:
    """Every wheel the site needs: ROOTS and what they require in the browser."""
    wheels: dict[str, Wheel] = {own.name: own}
    todo = [Requirement(r) for r in ROOTS if canonicalize_name(r) != own.name]
    todo += own.requirements()
    while todo:
        wanted: dict[str, str] = {}
        for req in todo:
            name = canonicalize_name(req.name)
            if name in wheels or name in LEFT_OUT or name in wanted:
                continue
            wanted[name] = pick_version(name, req, lock)
        paths = download(wanted, cache)
        todo = []
        for name, path in paths.items():
            wheels[name] = Wheel(name, wanted[name], path)
            todo += wheels[name].requirements()
    return wheels


def write_lock(core: Path, wheels: dict[str, Wheel], into: Path) -> None:
    """Pyodide's lock file naming just the wheels the site carries."""
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = {}
    for name, wheel in sorted(wheels.items()):
        depends = sorted(
            canonicalize_name(r.name)
            for r in wheel.requirements()
            if canonicalize_name(r.name) in wheels
        )
        packages[name] = {
            "name": wheel.metadata()["Name"],
            "version": wheel.version,
            "file_name": wheel.served(),
            "install_dir": "site",
            "sha256": wheel.sha256,
            "package_type": "package",
            "imports": wheel.imports(),
            "depends": depends,
            "unvendored_tests": False,
        }
    lock["packages"] = packages
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))


def lessons_time() -> datetime.datetime:
    """The lessons' time in the site's file list: the checkout's last commit's (the same in
    every build of a commit), or the build's time outside git."""
    with contextlib.suppress(OSError, subprocess.CalledProcessError, ValueError):
        done = subprocess.run(
            ["git", "-C", str(ROOT), "log", "-1", "--format=%cI"],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        return datetime.datetime.fromisoformat(done.stdout.strip()).astimezone(
            datetime.timezone.utc
        )
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)


def stamp_file_list(api: Path, when: datetime.datetime) -> None:
    """Every entry of the site's file list (JupyterLite's ``api/contents/**/all.json``) made
    and changed at ``when``. JupyterLite takes these times from the files it was given: the
    modification time of the checkout's copy ("4 hours ago"), and the copy's inode change
    time (the build's moment, which no program can set)."""
    stamp = when.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    for path in sorted(api.rglob("all.json")):
        listing = json.loads(path.read_text())
        for entry in [listing, *(listing.get("content") or [])]:
            for key in ("created", "last_modified"):
                if key in entry:
                    entry[key] = stamp
        path.write_text(json.dumps(listing, indent=2, sort_keys=True) + "\n")


def stage(
    out_src: Path, core: Path, wheels: dict[str, Wheel], when: datetime.datetime | None = None
) -> None:
    """The lite folder the build reads: settings, Pyodide with the wheels, the lessons (made
    and changed at ``when``: the time of :func:`lessons_time`)."""
    when = when or lessons_time()
    shutil.rmtree(out_src, ignore_errors=True)
    pyodide = out_src / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for part in core.iterdir():
        if part.suffix in {".html", ".ts", ".map", ".md"} or part.name == "package.json":
            continue
        shutil.copy2(part, pyodide / part.name)
    for wheel in wheels.values():
        (pyodide / wheel.served()).parent.mkdir()
        shutil.copy2(wheel.path, pyodide / wheel.served())
    write_lock(core, wheels, pyodide)
    config = json.loads((HERE / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    settings["loadPyodideOptions"] = {"packages": list(PRELOAD)}
    (out_src / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    files = out_src / "files"
    for lang in ("tr", "en"):
        (files / lang).mkdir(parents=True)
        for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
            if path.name[:2] not in LEFT_OUT_LESSONS:
                shutil.copy2(path, files / lang / path.name)
    seconds = when.timestamp()
    for path in [*files.rglob("*"), files]:
        os.utime(path, (seconds, seconds))


def lesson_title(path: Path) -> str:
    """A lesson's title: its first heading."""
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return path.stem


CODE_LINK = {"tr": "kodlu", "en": "with code"}
"""The second link of a lesson on the start page: the lesson in JupyterLab, its code shown."""


def start_page(files: Path) -> str:
    """The site's first page: the lessons in both languages, each a link that opens it in
    the pupil view (no code, one part at a time, run by itself) and one that opens it in
    JupyterLab with its code.

    It keeps JupyterLite's configuration block (the pages below read it) but not its
    redirection to JupyterLab.
    """
    page = (HERE / "start.html").read_text()
    for lang in ("tr", "en"):
        items = []
        for path in sorted((files / lang).glob("*.ipynb")):
            number = path.name[:2]
            title = html.escape(lesson_title(path))
            where = f"index.html?path={lang}/{urllib.parse.quote(path.name)}"
            items.append(
                f'<li><a class="pupil" href="notebooks/{where}&amp;pupil=1"><b>{number}</b> '
                f'{title}</a><a class="code" href="lab/{where}">{CODE_LINK[lang]}</a></li>'
            )
        page = page.replace(f"<!-- lessons {lang} -->", "\n".join(items))
    return page


def build(out: Path, cache: Path) -> None:
    check_kernel_version()
    work = cache / "work"
    core = pyodide_core(cache)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    when = lessons_time()
    own = own_wheel(work, when)
    wheels = gather(own, lock, cache / "wheels")
    src = work / "lite"
    stage(src, core, wheels, when)
    shutil.rmtree(out, ignore_errors=True)
    extensions = []
    for name in FRONT_ENDS:
        folder = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / name
        if not (folder / "package.json").exists():
            raise BuildError(f"the front end {name} is not installed: pip install -e '.[lite]'")
        extensions.append(str(folder))
    extensions.append(str(HERE / "pupil"))  # the pupil view: lite/pupil/static/remoteEntry.js
    config = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": True,
            "no_sourcemaps": True,
            "federated_extensions": extensions,
        }
    }
    (src / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2))
    run(
        [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(src),
         "--contents", str(src / "files"), "--output-dir", str(out)],
        quiet=True,
        cwd=src,
    )  # fmt: skip
    stamp_file_list(out / "api" / "contents", when)
    (out / "index.html").write_text(start_page(src / "files"))
    print(
        f"==> {out} ({sum(p.stat().st_size for p in out.rglob('*') if p.is_file()) / 1e6:.1f} MB)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "lite-cache")
    args = parser.parse_args(argv)
    try:
        build(args.out.resolve(), args.cache.resolve())
    except BuildError as exc:
        print(f"lite/build.py: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
