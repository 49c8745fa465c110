"""How the computer thinks: a small search tree, drawn as SVG, and the levels side by side.

:func:`search_tree` looks a few moves ahead from a position (every legal move, then every
answer, and so on) and gives every node its exact value from the solver: the final difference
between the stores, **seen from South** (positive: South ends ahead; negative: North does),
when both sides play perfectly from there. South picks the move with the largest value, North
the one with the smallest (minimax); the line both sides would play, the *best line*, is drawn
thick. The picture is deterministic (no dates, no randomness), so notebooks can compare it.

>>> from mangala_edu import Position
>>> tree = search_tree(Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"), depth=2)
>>> tree  # doctest: +NORMALIZE_WHITESPACE
SearchTree('0,0,0,0,2,1,20/1,0,0,0,0,1,23 S', depth=2, nodes=6, value=-2,
           best_line=[('south', 6), ('south', 5)])
>>> [(c.pit, c.value) for c in tree.root.children]
[(5, -8), (6, -2)]
>>> tree.svg("en").startswith("<svg")
True
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from ..engine import MangalaError, Position
from ..engine.geometry import NORTH, SIDE_INITIALS, SIDE_NAMES, SOUTH, Side
from ..i18n import get_language, t
from .layout import PALETTE
from .svg import FONT

__all__ = ["LevelsTable", "SearchTree", "TreeNode", "levels_table", "search_tree"]

SOUTH_COLOUR = "#b5651d"
NORTH_COLOUR = "#2b5d8a"
BEST_COLOUR = "#e8590c"

NODE_W, NODE_H = 150, 64  # a node's mini board
GAP_X, GAP_Y = 18, 70  # between neighbouring leaves, and between the levels' boxes
TOP = 96  # room for the title and the legend


@dataclass
class TreeNode:
    """One position in the tree.

    Attributes:
        position: the position.
        pit: the move that led here (``None`` at the root), played by ``player``.
        player: who played ``pit``.
        value: the exact final store difference from South's side under perfect play.
        children: the positions after each legal move (empty at a leaf).
        best: True when the node lies on the best line.
    """

    position: Position
    pit: int | None = None
    player: Side | None = None
    value: int = 0
    children: list[TreeNode] = field(default_factory=list)
    best: bool = False
    x: float = 0.0
    y: float = 0.0

    def __repr__(self) -> str:
        return f"TreeNode({self.position.to_text()!r}, pit={self.pit}, value={self.value})"

    def walk(self) -> Iterator[TreeNode]:
        yield self
        for child in self.children:
            yield from child.walk()


def _south_value(position: Position, time_limit: float | None = None) -> int:
    """The exact final store difference from South's side."""
    from ..search.solver import solve

    result = position.result
    if result is not None:
        return result.margin(SOUTH)
    value = solve(position, time_limit=time_limit).value  # from the mover's side
    return value if position.to_move == SOUTH else -value


def search_tree(
    position: Position,
    depth: int = 2,
    max_nodes: int = 40,
    lang: str | None = None,
    time_limit: float = 10.0,
) -> SearchTree:
    """The tree of every line ``depth`` moves deep (an extra turn counts as a move), with the
    solver's value at every node. Raises :class:`~mangala_edu.engine.MangalaError` beyond
    ``max_nodes`` nodes (too wide
    to draw: take a position with fewer stones or a smaller depth); the solver raises
    :class:`~mangala_edu.search.BudgetExceeded` for a node it cannot solve within
    ``time_limit`` seconds (take an endgame)."""
    count = 0

    def grow(node: TreeNode, left: int) -> None:
        nonlocal count
        count += 1
        if count > max_nodes:
            raise MangalaError("tree.too_big", most=max_nodes)
        if left == 0 or node.position.is_over:
            return
        mover = node.position.to_move
        for pit in node.position.legal_moves:
            child = TreeNode(node.position.play(pit), pit, mover)
            node.children.append(child)
            grow(child, left - 1)

    root = TreeNode(position)
    grow(root, depth)  # the shape first: a tree too wide is refused at once
    for node in root.walk():
        node.value = _south_value(node.position, time_limit)
    node = root
    node.best = True
    while node.children:
        node = next(c for c in node.children if c.value == node.value)
        node.best = True
    return SearchTree(root, depth, count, lang)


def _sign(value: int) -> str:
    return f"+{value}" if value > 0 else "0" if value == 0 else f"−{-value}"


@dataclass
class SearchTree:
    """A search tree (from :func:`search_tree`); shows itself as a picture."""

    root: TreeNode
    depth: int
    nodes: int
    lang: str | None = None

    @property
    def best_line(self) -> list[tuple[Side, int]]:
        """The moves both sides would play, as (player, pit)."""
        line: list[tuple[Side, int]] = []
        node = self.root
        while node.children:
            node = next(c for c in node.children if c.best)
            line.append((node.player or SOUTH, node.pit or 0))
        return line

    def __repr__(self) -> str:
        return (
            f"SearchTree({self.root.position.to_text()!r}, depth={self.depth}, "
            f"nodes={self.nodes}, value={self.root.value}, best_line={self.best_line!r})"
        )

    def _repr_html_(self) -> str:
        """The picture as an ``<img>`` of :meth:`svg`: shown even in a notebook that is not
        trusted yet (JupyterLab hides the SVG of such a notebook)."""
        from .picture import svg_img

        width, height = self._place()
        return svg_img(
            self.svg(self.lang),
            t("tree.title", self.lang or get_language()),
            aspect=width / height,
            max_width=max(1100, round(width)),
            max_height_vh=200,
        )

    # Drawing ----------------------------------------------------------------------------------
    def _place(self) -> tuple[float, float]:
        """Give every node its x, y (leaves side by side, parents over their children)."""
        next_x = [0.0]

        def place(node: TreeNode, level: int) -> None:
            node.y = TOP + level * (NODE_H + GAP_Y)
            if not node.children:
                node.x = next_x[0]
                next_x[0] += NODE_W + GAP_X
                return
            for child in node.children:
                place(child, level + 1)
            node.x = (node.children[0].x + node.children[-1].x) / 2

        place(self.root, 0)
        levels = max(n.y for n in self.root.walk())
        width = max(next_x[0] - GAP_X, 820)
        shift = (width - (next_x[0] - GAP_X)) / 2
        for node in self.root.walk():
            node.x += shift + 20
        return width + 40, levels + NODE_H + 46

    def svg(self, lang: str | None = None) -> str:
        """The tree as an SVG string."""
        lang = lang or self.lang or get_language()
        width, height = self._place()
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" style="max-width:100%;height:auto" '
            f'font-family="{FONT}" role="img" aria-label="{escape(t("tree.title", lang))}">',
            f'<rect width="{width:.0f}" height="{height:.0f}" fill="{PALETTE["background"]}" '
            f'rx="12"/>',
            f'<text x="20" y="28" font-size="18" font-weight="bold" '
            f'fill="{PALETTE["ink"]}">{escape(t("tree.title", lang))}</text>',
            f'<text x="20" y="52" font-size="13" fill="{PALETTE["muted"]}">'
            f"{escape(t('tree.legend', lang))}</text>",
            f'<text x="20" y="70" font-size="13" fill="{PALETTE["muted"]}">'
            f"{escape(t('tree.legend2', lang))}</text>",
        ]
        for node in self.root.walk():
            for child in node.children:
                out.append(self._edge(node, child, lang))
        for node in self.root.walk():
            out.append(self._node(node, lang))
        out.append("</svg>")
        return "".join(out)

    def _edge(self, parent: TreeNode, child: TreeNode, lang: str) -> str:
        x1, y1 = parent.x + NODE_W / 2, parent.y + NODE_H + 24
        x2, y2 = child.x + NODE_W / 2, child.y
        best = parent.best and child.best
        colour = BEST_COLOUR if best else "#9c8a76"
        width = 5 if best else 1.6
        mover = SOUTH_COLOUR if child.player == SOUTH else NORTH_COLOUR
        label = escape(
            t("tree.move", lang, side=SIDE_INITIALS[child.player or SOUTH], pit=child.pit)
        )
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        return (
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{colour}" stroke-width="{width}" stroke-linecap="round"/>'
            f'<rect x="{mx - 22:.1f}" y="{my - 10:.1f}" width="44" height="20" rx="10" '
            f'fill="#ffffff" stroke="{mover}" stroke-width="1.5"/>'
            f'<text x="{mx:.1f}" y="{my:.1f}" dy="0.35em" text-anchor="middle" '
            f'font-size="12" font-weight="bold" fill="{mover}">{label}</text>'
        )

    def _node(self, node: TreeNode, lang: str) -> str:
        pos = node.position
        x, y = node.x, node.y
        m = pos.rules.pits
        south, north = pos.pits(SOUTH), pos.pits(NORTH)
        border = BEST_COLOUR if node.best else PALETTE["wood_edge"]
        dash = "" if node.children or pos.is_over else ' stroke-dasharray="6 4"'
        out = [
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{NODE_W}" height="{NODE_H}" rx="8" '
            f'fill="{PALETTE["wood_light"]}" stroke="{border}" '
            f'stroke-width="{3.5 if node.best else 1.5}"{dash}/>'
        ]
        cell = (NODE_W - 44) / m

        def num(cx: float, cy: float, value: int, bold: bool = False) -> str:
            weight = ' font-weight="bold"' if bold else ""
            return (
                f'<text x="{cx:.1f}" y="{cy:.1f}" dy="0.35em" text-anchor="middle" '
                f'font-size="13"{weight} fill="{PALETTE["ink"]}">{value}</text>'
            )

        out.append(num(x + 11, y + NODE_H / 2, pos.store(NORTH), True))
        out.append(num(x + NODE_W - 11, y + NODE_H / 2, pos.store(SOUTH), True))
        for i in range(m):
            cx = x + 22 + cell * (i + 0.5)
            out.append(num(cx, y + 19, north[m - 1 - i]))  # N6 .. N1
            out.append(num(cx, y + NODE_H - 19, south[i]))  # S1 .. S6
        out.append(
            f'<line x1="{x + 22:.1f}" y1="{y + NODE_H / 2:.1f}" '
            f'x2="{x + NODE_W - 22:.1f}" y2="{y + NODE_H / 2:.1f}" stroke="#8a5229" '
            f'stroke-width="0.8" opacity="0.6"/>'
        )
        # Who moves next (or the end), and the value, under the box.
        if pos.to_move is None:
            who = t("tree.over", lang)
        else:
            who = t("tree.to_move", lang, side=SIDE_NAMES[pos.to_move])
        colour = SOUTH_COLOUR if node.value > 0 else NORTH_COLOUR if node.value < 0 else "#555"
        out.append(
            f'<text x="{x + NODE_W / 2:.1f}" y="{y + NODE_H + 16:.1f}" '
            f'text-anchor="middle" font-size="12" fill="{PALETTE["muted"]}">'
            f'{escape(who)} · <tspan font-weight="bold" font-size="14" '
            f'fill="{colour}">{_sign(node.value)}</tspan></text>'
        )
        return "".join(out)


# -- The levels ---------------------------------------------------------------------------------


@dataclass
class LevelsTable:
    """The computer's levels side by side (shows itself as an HTML table)."""

    lang: str

    def rows(self) -> list[list[str]]:
        from ..search.players import LEVELS

        lang = self.lang
        rows = [
            [
                t("tree.levels.level", lang),
                t("tree.levels.depth", lang),
                t("tree.levels.time", lang),
                t("tree.levels.mistakes", lang),
                t("tree.levels.solver", lang),
            ]
        ]
        for level in LEVELS.values():
            seconds = f"{level.time_limit:g}"
            rows.append(
                [
                    level.name(lang),
                    str(level.max_depth)
                    if level.max_depth < 64
                    else t("tree.levels.no_limit", lang),
                    seconds.replace(".", ",") if lang == "tr" else seconds,
                    (
                        t(
                            "tree.levels.mistake_rate",
                            lang,
                            n=round(1 / level.mistake_rate),
                            stones=f"{level.mistake_cost:g}",
                        )
                        if level.mistake_rate
                        else t("tree.levels.none", lang)
                    ),
                    (
                        t("tree.levels.solver_on", lang, stones=level.solver_stones)
                        if level.solver_stones
                        else t("tree.levels.none", lang)
                    ),
                ]
            )
        return rows

    def _repr_html_(self) -> str:
        rows = self.rows()
        head = "".join(
            f'<th style="padding:0.3em 0.7em;border:1px solid #b08d57;'
            f'background:#f3e6cf">{html.escape(c)}</th>'
            for c in rows[0]
        )
        body = "".join(
            "<tr>"
            + "".join(
                f'<td style="padding:0.3em 0.7em;border:1px solid #b08d57">{html.escape(c)}</td>'
                for c in row
            )
            + "</tr>"
            for row in rows[1:]
        )
        return (
            f'<table style="border-collapse:collapse;font-size:1.05em">'
            f"<tr>{head}</tr>{body}</table>"
        )

    def __repr__(self) -> str:
        return "\n".join(" | ".join(row) for row in self.rows())


def levels_table(lang: str | None = None) -> LevelsTable:
    """The levels (kolay, orta, zor, usta): how deep, how long, deliberate mistakes, the
    exact solver.

    >>> print(levels_table("en"))  # doctest: +NORMALIZE_WHITESPACE
    Level | Moves ahead (at most) | Seconds a move | Deliberate mistakes | Exact solver
    easy | 2 | 0.05 | 1 move in 5: the second-best, if it costs at most 4 stones | no
    medium | 5 | 0.25 | no | no
    hard | 10 | 1 | no | no
    expert | no limit | 3 | no | from 24 stones on the board
    """
    return LevelsTable(lang or get_language())
