"""Board pictures as HTML ``<img>`` elements, for outputs that must show everywhere.

JupyterLab does not draw the SVG (inline or ``image/svg+xml``) of a notebook it does not trust,
and every notebook opened for the first time is untrusted: a board stored that way shows as a
jumble of its text. An ``<img>`` whose source is the SVG itself (a ``data:`` URI) is safe, so
JupyterLab, Notebook 7, Voilà and exported HTML pages all show it, trusted or not. It stays
sharp at any size and is as deterministic as the SVG it carries.

>>> from mangala_edu import Position
>>> img = board_img(Position.start(), lang="en")
>>> img.startswith('<img src="data:image/svg+xml;base64,') and 'alt="Mangala board: South' in img
True
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable

from ..engine import Position
from ..i18n import t
from .layout import board_layout
from .svg import Ring, board_svg, status_text

#: The widest a single board picture grows (CSS pixels), and the share of the window's height
#: it may take: big on a projector, never taller than the screen.
MAX_WIDTH = 1100
MAX_HEIGHT_VH = 62


def svg_img(
    svg: str,
    alt: str,
    *,
    aspect: float,
    max_width: int = MAX_WIDTH,
    max_height_vh: int = MAX_HEIGHT_VH,
) -> str:
    """``svg`` as an ``<img>`` as wide as its container allows, up to ``max_width`` pixels
    and ``max_height_vh`` % of the window's height (``aspect`` is width / height).

    >>> svg_img("<svg/>", "a & b", aspect=2.0)  # doctest: +ELLIPSIS
    '<img src="data:image/svg+xml;base64,PHN2Zy8+" alt="a &amp; b" ...calc(62vh*2)...>'
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    width = f"min(100%,{max_width}px,calc({max_height_vh}vh*{aspect:.4g}))"
    return (
        f'<img src="data:image/svg+xml;base64,{data}" alt="{html.escape(alt)}" '
        f'style="width:{width};height:auto;display:block;margin:0 auto">'
    )


def board_img(
    position: Position,
    *,
    highlight: Iterable[int] = (),
    rings: Iterable[Ring] = (),
    lang: str | None = None,
    max_width: int = MAX_WIDTH,
    max_height_vh: int = MAX_HEIGHT_VH,
) -> str:
    """The picture of :func:`~mangala_edu.display.board_svg` as an ``<img>`` (see the module),
    with the board's state in words as its text alternative."""
    lay = board_layout(position.rules)
    aspect = float(lay["width"]) / float(lay["height"])
    alt = f"{t('widget.board_label', lang)}: {status_text(position, lang)}"
    svg = board_svg(position, highlight=highlight, rings=rings, lang=lang, size=max_width)
    return svg_img(svg, alt, aspect=aspect, max_width=max_width, max_height_vh=max_height_vh)
