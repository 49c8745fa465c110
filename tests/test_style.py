"""The code is ruff clean and type checks (settings in pyproject.toml), and the engine stays
pure Python."""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def _tool(name: str) -> str:
    """The path of the command ``name`` (ruff, mypy): beside this Python or on the PATH.

    It is in the test extras: in CI (``CI`` set) a missing tool is a failure, elsewhere the
    test is skipped with the reason."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        message = f"{name} is not installed (it is in the test extras: pip install -e '.[test]')"
        if _in_ci():
            pytest.fail(message)
        pytest.skip(message)
    return found


def test_a_missing_tool_fails_in_ci_and_is_skipped_elsewhere(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="not installed"):
        _tool("mangala-no-such-tool")
    monkeypatch.setenv("CI", "")
    with pytest.raises(pytest.skip.Exception, match="not installed"):
        _tool("mangala-no-such-tool")
    assert Path(_tool("ruff")).name == "ruff"


def test_the_code_is_formatted_by_ruff():
    """One formatter for all the code (settings in pyproject.toml, ``[tool.ruff.format]``)."""
    ruff = _tool("ruff")
    proc = subprocess.run(
        [ruff, "format", "--check", "."], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_is_clean():
    ruff = _tool("ruff")
    proc = subprocess.run(
        [ruff, "check", "--output-format", "concise", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _python_without_numba(folder: Path) -> Path:
    """A Python (a venv in ``folder``) that sees every package of this one but numba and
    llvmlite, as an install without the ``fast`` extra does (numpy stays: matplotlib needs it)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    target = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    for source in {Path(p) for p in site.getsitepackages()}:
        for entry in source.iterdir() if source.is_dir() else []:
            skipped = entry.name.startswith(("numba", "llvmlite"))
            if not skipped and not (target / entry.name).exists():
                (target / entry.name).symlink_to(entry)
    return python


@pytest.mark.parametrize("fast", [True, False], ids=["with-numba", "without-numba"])
def test_the_package_type_checks(fast, tmp_path):
    """mypy, with the settings of pyproject.toml (``[tool.mypy]``), finds no error, with the
    ``fast`` extra (numba) installed and without it."""
    mypy = _tool("mypy")
    command = [mypy, "--no-error-summary"]
    if fast:
        if importlib.util.find_spec("numba") is None:
            message = "numba is not installed (the fast extra, in the test extras)"
            if _in_ci():
                pytest.fail(message)
            pytest.skip(message)
    else:
        python = _python_without_numba(tmp_path / "venv")
        no_numba = [str(python), "-c", "import numba"]
        assert subprocess.run(no_numba, capture_output=True, check=False).returncode != 0
        # A cache of its own: the two runs may go at once (pytest-xdist).
        cache = ROOT / ".mypy_cache" / "without-numba"
        command += ["--python-executable", str(python), "--cache-dir", str(cache)]
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_package_says_it_is_typed():
    assert (ROOT / "mangala_edu" / "py.typed").exists()


def _lazy_imports(tree: ast.AST) -> set[int]:
    """The ids of import nodes inside a ``_repr_*_`` method: a rich display for Jupyter,
    which may import the display layer when it is asked for (as python-chess does)."""
    return {
        id(node)
        for func in ast.walk(tree)
        if isinstance(func, ast.FunctionDef) and func.name.startswith("_repr_")
        for node in ast.walk(func)
        if isinstance(node, ast.ImportFrom)
    }


def test_the_engine_imports_only_the_standard_library_and_itself():
    allowed_top = set(sys.stdlib_module_names)
    for path in (ROOT / "mangala_edu" / "engine").glob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        lazy = _lazy_imports(tree)
        for node in ast.walk(tree):
            if id(node) in lazy:
                assert node.level == 2 and node.module == "display.svg", path  # type: ignore[attr-defined]
                continue
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: inside the package
                    assert not (node.module or "").startswith(
                        ("display", "widgets", "search", "lessons")
                    ), path
                    # i18n, and the registry of games (which imports nothing at load)
                    assert node.level == 1 or node.module in ("i18n", "games"), (
                        path,
                        node.module,
                    )
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed_top, f"{path.name} imports {name}"


def test_the_registry_of_games_imports_nothing_of_the_package_at_load():
    """The engine reads the registry (``Rules.from_name``): the registry names the engines,
    boards and searches of its games by import path and imports them only when asked, so
    reading it loads no search and no widget (and the engine stays below them)."""
    tree = ast.parse((ROOT / "mangala_edu" / "games.py").read_text("utf-8"))
    for node in tree.body:  # module level only: functions import lazily
        if isinstance(node, ast.If):  # `if TYPE_CHECKING:` imports for the type checker
            continue
        if isinstance(node, ast.ImportFrom):
            assert not node.level and (node.module or "").split(".")[0] in sys.stdlib_module_names
        elif isinstance(node, ast.Import):
            assert all(a.name.split(".")[0] in sys.stdlib_module_names for a in node.names)
    code = "import sys, mangala_edu.games as g; g.find_game('toguz-korgool'); print(sorted(m for m in sys.modules if m.startswith('mangala_edu.')))"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "search" not in out and "widgets" not in out, out


def test_the_measured_test_times_name_tests_that_exist():
    """Every entry of the table that orders the work between pytest-xdist's workers (and
    marks tests ``long``) names a file that exists and, for a test, a test in it: a test
    renamed or removed must leave the table too."""
    import conftest  # the root conftest.py (pytest puts its folder on sys.path)

    for key in [*conftest.SECONDS_A_TEST, *conftest.ONE_BY_ONE]:
        path, _, test = key.partition("::")
        assert (ROOT / path).is_file(), key
        if test:
            name = test.split("[", 1)[0].split("::")[-1]
            assert f"def {name}(" in (ROOT / path).read_text("utf-8"), key
