"""The board: points, lines, neighbours and symmetries, checked against the naive rule book's
lines (typed separately from the picture) and against the geometry of the squares."""

from __future__ import annotations

import ast
import sys
from itertools import combinations
from pathlib import Path

import pytest

from mangala_edu.dokuz_tas.board import (
    COORDINATES,
    LINES,
    NEIGHBOURS,
    POINT_NAMES,
    SYMMETRIES,
    line_name,
    parse_point,
    point_name,
)
from mangala_edu.dokuz_tas.errors import IllegalTurnError

from . import naive

ROOT = Path(__file__).parents[2]


def test_the_points_and_lines_are_those_of_the_picture():
    assert len(POINT_NAMES) == 24 and sorted(POINT_NAMES) == naive.POINTS
    ours = {frozenset(point_name(p) for p in line) for line in LINES}
    assert ours == {frozenset(line) for line in naive.LINES}
    assert len(ours) == 16
    assert all(sum(p in line for line in LINES) == 2 for p in range(24))


def test_neighbours_are_next_along_a_line_and_nothing_else():
    for p, ns in enumerate(NEIGHBOURS):
        assert {point_name(q) for q in ns} == naive.NEXT_TO[point_name(p)]
        for q in ns:
            assert p in NEIGHBOURS[q]
    assert sum(len(ns) for ns in NEIGHBOURS) == 2 * 32  # 32 segments on the board


def test_names_and_numbers_are_one_vocabulary():
    for p, name in enumerate(POINT_NAMES):
        assert parse_point(name) == p and point_name(p) == name
        assert parse_point(name.upper()) == p
    assert line_name(0) == "a7-d7-g7"


@pytest.mark.parametrize("bad", ["d4", "h1", "a0", "a8", "", "a", 3, None])
def test_an_unknown_point_is_refused_in_both_languages(bad):
    with pytest.raises(IllegalTurnError) as info:
        parse_point(bad)  # type: ignore[arg-type]
    assert info.value.key == "dokuz_tas.error.unknown_point"
    assert info.value.message("tr") != info.value.message("en")


def test_the_coordinates_lie_on_three_squares():
    for (x, y), name in zip(COORDINATES, POINT_NAMES, strict=True):
        ring = max(abs(x - 3), abs(y - 3))
        assert ring in (1, 2, 3), name
        assert (x - 3) % ring == 0 and (y - 3) % ring == 0


def _edges(perm: tuple[int, ...]) -> set[frozenset[int]]:
    return {frozenset((perm[p], perm[q])) for p, ns in enumerate(NEIGHBOURS) for q in ns}


def test_the_sixteen_symmetries_keep_lines_and_neighbours():
    lines = {frozenset(line) for line in LINES}
    identity = tuple(range(24))
    assert SYMMETRIES[0] == identity
    assert len(set(SYMMETRIES)) == 16
    for perm in SYMMETRIES:
        assert sorted(perm) == list(range(24))
        assert {frozenset(perm[p] for p in line) for line in lines} == lines
        assert _edges(perm) == _edges(identity)
    # a group: closed under composition
    group = set(SYMMETRIES)
    for a, b in combinations(SYMMETRIES, 2):
        assert tuple(a[b[p]] for p in range(24)) in group


#: The board's pictures and widgets: they draw the engine's positions (matplotlib, anywidget;
#: ``play``: the game against the computer, on the live board), and the engine reaches them
#: only from inside a method (``Position._repr_svg_``).
DISPLAY_MODULES = ("picture", "widget", "play")
SEARCH_MODULES = ("search", "evaluate", "tables", "_tables_kernel", "compiled", "_search_kernel")
"""The folder's modules built on its engine: the engine never imports them (its pictures
only lazily, inside a function, for Jupyter's display)."""
OPTIONAL = ("numpy", "numba")
"""The ``fast`` extra: the search may import it inside a function (where it is there), its
compiled kernel (:data:`KERNELS`, imported only then) at the top."""
KERNELS = ("_tables_kernel", "_search_kernel")
PACKAGE_BASE = {
    "engine": ("i18n", "engine", "engine.errors"),
    "search": (
        "i18n",
        "engine",
        "engine.errors",
        "search.budget",
        "search.errors",
        "search.tables",
        None,
    ),
}
"""What each layer may import from the rest of the package (``from ..x``)."""


def test_the_engine_imports_only_the_standard_library_and_the_package_s_base():
    """Like Mangala's engine: no display, widget or search, nothing outside the standard
    library; inside the package only its texts (i18n) and the base of its errors. Its
    pictures (:data:`DISPLAY_MODULES`) are imported only lazily, inside a function. The search
    (:data:`SEARCH_MODULES`) builds on the engine and Mangala's search budget, and on no
    display."""
    for path in (ROOT / "mangala_edu" / "dokuz_tas").glob("*.py"):
        if path.stem in DISPLAY_MODULES:
            continue
        layer = "search" if path.stem in SEARCH_MODULES else "engine"
        tree = ast.parse(path.read_text("utf-8"))
        lazy = {
            id(node)
            for func in ast.walk(tree)
            if isinstance(func, ast.FunctionDef)
            for node in ast.walk(func)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module in DISPLAY_MODULES:
                    assert id(node) in lazy, (path, node.module)
                elif layer == "engine":
                    assert node.module not in SEARCH_MODULES, (path, node.module)
            if isinstance(node, ast.ImportFrom) and node.level:
                if node.level == 2:
                    assert node.module in PACKAGE_BASE[layer], (path, node.module)
                continue
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                optional = layer == "search" and (path.stem in KERNELS or id(node) in lazy)
                assert top in sys.stdlib_module_names or (optional and top in OPTIONAL), (
                    path,
                    name,
                )
