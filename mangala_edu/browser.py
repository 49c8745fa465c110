"""The lessons in a web browser (the JupyterLite site, Python in WebAssembly): what is kept.

In the site, Python's files live in the browser's memory and are gone when the page is
reloaded. The learner's progress (puzzle ratings, tasks solved) is therefore kept in a folder
the browser stores in its IndexedDB (Emscripten's IDBFS): :func:`kept_folder` mounts it and
reads it back the first time it is asked for (waiting for it, so that a lesson reads what was
saved), and :func:`save` writes it out after every change. This works wherever the site is
served from, a plain ``http://`` school server included, and needs no service worker.

The lesson's language comes from the folder the kernel works in (``tr/`` or ``en/``, see
:func:`mangala_edu.i18n.language_from_folder`). The site's kernel works in the notebook's
folder of its drive (``/drive/en``) only where JupyterLite can reach its files from Python: a
secure context (``https://``, ``http://127.0.0.1``). On a school's plain ``http://`` server it
cannot (no service worker there), and the kernel would start in ``/home/pyodide`` and speak
Turkish in an English lesson; the site's page extension (``lite/pupil``) therefore calls
:func:`work_in` with the notebook's folder when the kernel starts.

Outside a browser none of this applies: :data:`IN_BROWSER` is false, and :func:`save` and
:func:`work_in` do nothing.

>>> IN_BROWSER
False
>>> save()  # nothing to do outside a browser
>>> work_in("en")  # nor here
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

IN_BROWSER = sys.platform == "emscripten"
"""True when Python runs in a web browser (Pyodide)."""

DRIVE = "/drive"
"""Where JupyterLite mounts the site's files for Python (when it can)."""

KEPT = "/home/pyodide/mangala_edu"
"""The folder kept in the browser's IndexedDB."""

_mounted: list[str] = []


def _fs() -> Any:
    import pyodide_js  # type: ignore[import-not-found]

    return pyodide_js.FS


def _sync(populate: bool) -> Any:
    """A JavaScript promise: the kept folder read back from IndexedDB (``populate``) or
    written out to it."""
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    fs = _fs()

    def start(resolve: Any, reject: Any) -> None:
        fs.syncfs(populate, create_once_callable(lambda err: reject(err) if err else resolve(0)))

    return js.Promise.new(start)


def kept_folder() -> Path:
    """The folder kept in the browser (mounted and read back the first time)."""
    if not _mounted:
        fs = _fs()
        fs.mkdirTree(KEPT)
        fs.mount(fs.filesystems.IDBFS, {}, KEPT)
        _mounted.append(KEPT)
        _wait(_sync(True))
    return Path(KEPT)


def save() -> None:
    """Write the kept folder out to the browser's storage (nothing outside a browser)."""
    if IN_BROWSER and _mounted:
        _wait(_sync(False))


def _wait(promise: Any) -> None:
    """Wait for ``promise`` where the browser allows it (WebAssembly stack switching), else
    let it finish in the background (it does within milliseconds)."""
    from pyodide.ffi import can_run_sync, run_sync

    if can_run_sync():
        run_sync(promise)


def work_in(folder: str) -> None:
    """Work in the notebook's ``folder`` of the drive (e.g. ``"en"``), made if JupyterLite
    could not mount the drive (a plain ``http://`` site): the lesson then takes its language
    from it. Nothing when the kernel already works in the drive, or outside a browser."""
    if not IN_BROWSER or os.getcwd().startswith(DRIVE):
        return
    path = Path(DRIVE, *Path(folder.strip("/")).parts)
    path.mkdir(parents=True, exist_ok=True)
    os.chdir(path)
