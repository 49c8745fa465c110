"""The pupil view: one lesson as an app in Voilà, one section at a time, with no code.

``python -m mangala_edu.pupil 3 tr`` (or ``bash scripts/pupil.sh 3 tr``), run in the project's
folder, serves ``notebooks/tr/03_*.ipynb`` with Voilà and the template ``mangala`` (in
``mangala_edu/share/voila/templates/``): the code cells are hidden, the page is centred and
sized for a projector, and the lesson is shown one section (a heading and what follows it) at
a time, with **Back** and **Next** buttons. A pupil sees text, pictures and live boards only;
reloading the page starts the lesson over. The notebook is never saved; only a pupil's progress
is, under the name they type (lesson 19's puzzles, and its "my progress" section, which has a
name box of its own: :class:`~mangala_edu.progress.panel.MyProgressPanel`).

>>> notebook_path(3, "en", ROOT / "notebooks").name
'03_single_stone.ipynb'
>>> command = voila_command(Path("03_tek_tas.ipynb"), port=8870, open_browser=False)
>>> command[1:4], "--template=mangala" in command, "--port=8870" in command
(['-m', 'voila', '03_tek_tas.ipynb'], True, True)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from .engine.errors import MangalaError
from .i18n import LANGUAGES

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TEMPLATES = HERE / "share"
"""A Jupyter data folder holding the Voilà template ``mangala`` (put on ``JUPYTER_PATH``)."""


def notebook_path(number: int, lang: str = "tr", folder: Path | None = None) -> Path:
    """The notebook of lesson ``number`` in ``lang`` under ``folder`` (default: the
    ``notebooks`` folder of the working directory, else of the project)."""
    if lang not in LANGUAGES:
        raise MangalaError("language.unknown", value=lang, allowed=", ".join(LANGUAGES))
    if folder is None:
        here = Path.cwd() / "notebooks"
        folder = here if here.is_dir() else ROOT / "notebooks"
    found = sorted((folder / lang).glob(f"{number:02d}_*.ipynb"))
    if not found:
        have = sorted(p.name[:2] for p in (folder / lang).glob("[0-9][0-9]_*.ipynb"))
        raise FileNotFoundError(
            f"no lesson {number} in {folder / lang} (there are: {', '.join(have) or 'none'})"
        )
    return found[0]


def voila_command(
    notebook: Path, *, port: int | None = None, open_browser: bool = True
) -> list[str]:
    """The command that serves ``notebook`` (a file name in the working directory) as the
    pupil view."""
    command = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        "--template=mangala",
        "--theme=light",
        "--Voila.ip=127.0.0.1",
        # Notebook 7, when installed beside Voilà, brings a JupyterLab extension that
        # Voilà cannot load (an error in the browser's console); an app needs none.
        "--VoilaConfiguration.extension_denylist=@jupyter-notebook/lab-extension",
    ]
    if port is not None:
        command.append(f"--port={port}")
    if not open_browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--ServerApp.allow_root=True")
    return command


def environment() -> dict[str, str]:
    """The environment Voilà needs to find the template ``mangala``."""
    paths = [str(TEMPLATES), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    return {**os.environ, "JUPYTER_PATH": os.pathsep.join(paths)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m mangala_edu.pupil",
        description="Open one lesson as an app for pupils (Voilà): one section at a time, no code.",
    )
    parser.add_argument("lesson", type=int, help="the lesson's number, e.g. 3")
    parser.add_argument("lang", nargs="?", default="tr", choices=LANGUAGES)
    parser.add_argument("--port", type=int, default=None, help="default: 8866")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument(
        "--notebooks",
        type=Path,
        default=None,
        help="the folder holding tr/ and en/ (default: ./notebooks)",
    )
    args = parser.parse_args(argv)
    try:
        path = notebook_path(args.lesson, args.lang, args.notebooks)
    except (FileNotFoundError, ValueError) as error:
        parser.error(str(error))
    print(
        f"\n==> {path.parent.name}/{path.name}: öğrenci görünümü / the pupil view.\n"
        "    Tarayıcı açılmazsa aşağıda yazan http://127.0.0.1:... adresini açın; kapatmak "
        "için Ctrl+C.\n    If no browser opens, open the http://127.0.0.1:... address "
        "printed below; Ctrl+C stops it.\n",
        flush=True,
    )
    command = voila_command(Path(path.name), port=args.port, open_browser=not args.no_browser)
    if os.name == "posix":  # Voilà takes this process's place: a signal stops it
        os.chdir(path.parent)
        os.execve(command[0], command, environment())
    try:
        return subprocess.call(command, cwd=path.parent, env=environment())
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
