"""The code is ruff clean and type checks (settings in pyproject.toml), and the engine stays
pure Python."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def test_the_code_is_formatted_by_ruff():
    """One formatter for all the code (settings in pyproject.toml, ``[tool.ruff.format]``)."""
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (it is in the test extras)")
    proc = subprocess.run(
        [ruff, "format", "--check", "."], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_is_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (it is in the test extras)")
    proc = subprocess.run(
        [ruff, "check", "--output-format", "concise", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_package_type_checks():
    """mypy, with the settings of pyproject.toml (``[tool.mypy]``), finds no error."""
    mypy = shutil.which("mypy") or str(Path(sys.executable).with_name("mypy"))
    if not Path(mypy).exists():
        pytest.skip("mypy is not installed (it is in the test extras)")
    proc = subprocess.run(
        [mypy, "--no-error-summary"], cwd=ROOT, capture_output=True, text=True, check=False
    )
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
                    assert node.level == 1 or node.module == "i18n", (path, node.module)
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed_top, f"{path.name} imports {name}"
