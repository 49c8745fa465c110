"""Printable login cards: a card per pupil (class, name, user name, password, the address to
open and the name to type in the puzzles), as one HTML page to print from the browser and as an
A4 PDF (ten cards a page, to cut out).

The cards are the only place a password is ever written: they are made once, when the class is
made or a password reset, and kept in the class folder's ``cards/`` (readable by the teacher's
account only) until the teacher deletes them.

>>> card = Card("7A", "Ayşe Yılmaz", "ayse", "zuhepe-65", "http://10.0.0.5:8000/", "Ayşe")
>>> page = cards_html([card], "tr")
>>> "ayse" in page and "zuhepe-65" in page and "Ayşe Yılmaz" in page
True
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..i18n import t

__all__ = ["Card", "cards_html", "cards_pdf", "puzzle_names", "write_cards"]

PER_PAGE = 10
"""Cards on an A4 page of the PDF (two columns of five)."""


@dataclass(frozen=True)
class Card:
    """What one card says."""

    school_class: str
    name: str
    user: str
    password: str
    address: str
    puzzle_name: str
    teacher: bool = False


def puzzle_names(names: Sequence[str]) -> list[str]:
    """The name each pupil types in the puzzles (lesson 19), which names their progress file:
    the first name, with the surname's initial where first names are shared (at most 30
    characters, as progress files allow).

    >>> puzzle_names(["Ayşe Yılmaz", "Can", "Ayşe Kaya", "Ayşe"])
    ['Ayşe Y.', 'Can', 'Ayşe K.', 'Ayşe']
    """
    firsts = [n.split()[0] for n in names]
    result = []
    for name, first in zip(names, firsts, strict=True):
        words = name.split()
        if firsts.count(first) > 1 and len(words) > 1:
            first = f"{first} {words[-1][0]}."
        result.append("".join(c for c in first if c.isalnum() or c in " .'-_")[:30] or "-")
    return result


_CSS = """
@page { size: A4; margin: 10mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 0; }
h1 { font-size: 14pt; margin: 0 0 4mm 0; }
.cards { display: grid; grid-template-columns: 1fr 1fr; gap: 0; }
.card { border: 1px dashed #555; padding: 4mm 5mm; height: 50mm; box-sizing: border-box;
        break-inside: avoid; page-break-inside: avoid; }
.card .cls { font-size: 9pt; color: #333; }
.card .who { font-size: 13pt; font-weight: bold; margin: 1mm 0 2mm 0; }
.card table { border-collapse: collapse; font-size: 11pt; }
.card td { padding: 0.6mm 2mm 0.6mm 0; vertical-align: top; }
.card .v { font-family: "DejaVu Sans Mono", "Courier New", monospace; font-size: 14pt;
           font-weight: bold; letter-spacing: 0.5px; }
.card .note { font-size: 8pt; color: #333; margin-top: 1.5mm; }
@media print { h1 .hint { display: none; } }
"""


def _card_html(card: Card, lang: str) -> str:
    e = html.escape
    role = t("classroom.card.teacher" if card.teacher else "classroom.card.pupil", lang)
    rows = [
        (t("classroom.card.address", lang), card.address, "v"),
        (t("classroom.card.user", lang), card.user, "v"),
        (t("classroom.card.password", lang), card.password, "v"),
    ]
    if not card.teacher:
        rows.append((t("classroom.card.puzzle_name", lang), card.puzzle_name, ""))
    cells = "".join(
        f'<tr><td>{e(label)}</td><td class="{cls}">{e(value)}</td></tr>'
        for label, value, cls in rows
    )
    note = t("classroom.card.note_teacher" if card.teacher else "classroom.card.note", lang)
    return (
        f'<div class="card"><div class="cls">Mangala · {e(card.school_class)} · {e(role)}</div>'
        f'<div class="who">{e(card.name)}</div><table>{cells}</table>'
        f'<div class="note">{e(note)}</div></div>'
    )


def cards_html(cards: Sequence[Card], lang: str) -> str:
    """One HTML page holding every card (print it from the browser: **File ▸ Print**)."""
    title = t("classroom.card.title", lang, name=cards[0].school_class if cards else "")
    body = "".join(_card_html(c, lang) for c in cards)
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head>"
        f'<body><h1>{html.escape(title)} <span class="hint">'
        f"({html.escape(t('classroom.card.print_hint', lang))})</span></h1>"
        f'<div class="cards">{body}</div></body></html>\n'
    )


def cards_pdf(cards: Sequence[Card], path: Path, lang: str) -> Path:
    """The cards as an A4 PDF, :data:`PER_PAGE` a page with cutting lines."""
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    from ..printables import A4, save_pages

    pages = []
    width, height = A4[0] - 1.0, (A4[1] - 1.2) / 5
    for start in range(0, max(len(cards), 1), PER_PAGE):
        fig = Figure(figsize=A4)
        fig.set_facecolor("white")
        for k, card in enumerate(cards[start : start + PER_PAGE]):
            col, row = k % 2, k // 2
            x0, y0 = 0.5 + col * width / 2, 0.6 + row * height

            def text(
                dx: float,
                dy: float,
                s: str,
                size: float = 10,
                fig: Figure = fig,
                x0: float = x0,
                y0: float = y0,
                **kw: object,
            ) -> None:
                fig.text(
                    (x0 + dx) / A4[0],
                    1 - (y0 + dy) / A4[1],
                    s,
                    fontsize=size,
                    va="top",
                    **kw,  # type: ignore[arg-type]
                )

            fig.add_artist(
                Rectangle(
                    (x0 / A4[0], 1 - (y0 + height) / A4[1]),
                    width / 2 / A4[0],
                    height / A4[1],
                    fill=False,
                    linestyle=(0, (4, 3)),
                    linewidth=0.6,
                    edgecolor="#555555",
                )
            )
            role = t("classroom.card.teacher" if card.teacher else "classroom.card.pupil", lang)
            text(0.15, 0.15, f"Mangala · {card.school_class} · {role}", 8, color="#333333")
            text(0.15, 0.35, card.name, 12, weight="bold")
            lines = [
                (t("classroom.card.address", lang), card.address),
                (t("classroom.card.user", lang), card.user),
                (t("classroom.card.password", lang), card.password),
            ]
            if not card.teacher:
                lines.append((t("classroom.card.puzzle_name", lang), card.puzzle_name))
            for j, (label, value) in enumerate(lines):
                text(0.15, 0.72 + j * 0.27, label, 8)
                text(1.35, 0.70 + j * 0.27, value, 11, family="DejaVu Sans Mono", weight="bold")
        pages.append(fig)
    save_pages(pages, path, lang=lang)
    return path


def write_cards(cards: Sequence[Card], folder: Path, stem: str, lang: str) -> list[Path]:
    """Write ``stem.html`` and ``stem.pdf`` into ``folder`` (made 0700; the files 0600, as they
    hold passwords); returns their paths."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(folder, 0o700)
    page = folder / f"{stem}.html"
    fd = os.open(page, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(cards_html(cards, lang))
    pdf = folder / f"{stem}.pdf"
    old = os.umask(0o077)
    try:
        cards_pdf(cards, pdf, lang)
    finally:
        os.umask(old)
    return [page, pdf]
