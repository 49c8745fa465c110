"""Every lesson the web site carries runs as it would in the browser's Python: without
matplotlib, numpy and numba (no wheels of theirs in the site) and without threads (a browser
page is one thread). Each notebook runs in a fresh process through IPython, so that what a
cell shows is drawn too (charts included), with those imports made impossible.

The browser test (tests/browser/test_lite_site.py) runs one lesson in the real site; this one
runs all of them (the Turkish ones), quickly, on this machine.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lite.build import LEFT_OUT_LESSONS

ROOT = Path(__file__).parents[1]
# The Turkish lessons: the English ones run the same code (both are built from
# notebooks/src), and the language is checked in the browser test.
LESSONS = sorted(
    p for p in (ROOT / "notebooks" / "tr").glob("*.ipynb") if p.name[:2] not in LEFT_OUT_LESSONS
)

RUNNER = r"""
import importlib.abc, sys, threading

class NotInTheBrowser(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {"matplotlib", "numpy", "numba", "PIL"}:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, NotInTheBrowser())

def no_threads(self, *args, **kwargs):
    raise RuntimeError("can't start new thread")

threading.Thread.start = no_threads

import nbformat
from IPython.core.interactiveshell import InteractiveShell

shell = InteractiveShell.instance()
notebook = nbformat.read(sys.argv[1], as_version=4)
for number, cell in enumerate(notebook.cells):
    if cell.cell_type != "code":
        continue
    result = shell.run_cell(cell.source)
    if not result.success:
        print(f"cell {number} failed", file=sys.stderr)
        sys.exit(1)
"""


@pytest.mark.long
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_lesson_runs_as_in_the_browser(path: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, str(path)],
        cwd=path.parent,
        capture_output=True,
        text=True,
        timeout=600,
        env={
            **__import__("os").environ,
            "MANGALA_EDU_ENGINE": "pure",
            "MANGALA_EDU_PROGRESS": str(tmp_path / "progress"),
            "MANGALA_EDU_OUTPUT": str(tmp_path / "out"),
            "MANGALA_EDU_CACHE": str(tmp_path / "cache"),
        },
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert "Traceback" not in done.stdout, done.stdout[-4000:]
