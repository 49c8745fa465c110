"""Static diagrams for the lessons: a position, or a move shown as before -> after with the
rule that fired. They are plain HTML with the boards as pictures (``<img>``), so they show
wherever the notebook is viewed (a website, a printout, a notebook not trusted yet), even where
widgets do not run. A board grows with the page, up to a size that suits a projector and never
taller than the window.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from ..display.picture import board_img
from ..engine import Position
from .explain import explain
from .tasks import rules_note


class Diagram:
    """A board picture; with ``move``, the position before and after it and the explanation."""

    def __init__(
        self,
        position: Position,
        move: int | None = None,
        highlight: Iterable[int] = (),
        lang: str | None = None,
        lesson: int | None = None,
    ) -> None:
        self.position = position
        self.lesson = lesson  # the explanation tells only the rules taught by this lesson
        self.move = move
        self.highlight = tuple(highlight)
        self.lang = lang
        self.trace = position.trace(move) if move is not None else None

    def _note(self) -> str:
        note = rules_note(self.position.rules, self.lang)
        return (
            # A line of its own above the boards (in the before/after row too).
            f'<p style="font-weight:bold;margin:0.2em 0;flex-basis:100%">⚑ {html.escape(note)}</p>'
            if note
            else ""
        )

    def _repr_html_(self) -> str:
        if self.trace is None:
            return (
                f'<div class="mangala-diagram">{self._note()}'
                f"{board_img(self.position, highlight=self.highlight, lang=self.lang)}"
                "</div>"
            )
        trace = self.trace
        origin = self.position.place(trace.player, trace.pit)
        before = board_img(
            self.position,
            highlight=(origin, *self.highlight),
            lang=self.lang,
            max_width=900,
            max_height_vh=50,
        )
        after = board_img(
            trace.after,
            highlight=(trace.last_place,),
            lang=self.lang,
            max_width=900,
            max_height_vh=50,
        )
        text = html.escape(explain(trace, self.lang, self.lesson))
        return (
            '<div class="mangala-diagram" style="display:flex;flex-wrap:wrap;gap:12px;'
            f'align-items:center;max-width:1900px">{self._note()}'
            f'<div style="flex:1 1 420px;min-width:300px">{before}</div>'
            '<div style="font-size:2em" aria-hidden="true">➜</div>'
            f'<div style="flex:1 1 420px;min-width:300px">{after}</div>'
            '<p style="flex-basis:100%;font-size:1.2em;line-height:1.5;margin:0">'
            f"{text}</p></div>"
        )

    def __repr__(self) -> str:
        move = "" if self.move is None else f", move={self.move}"
        return f"Diagram({self.position.to_text()!r}{move})"
