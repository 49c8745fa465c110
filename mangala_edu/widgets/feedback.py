"""What every interactive piece shows alike: feedback boxes and a still picture for pages that
cannot run widgets."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from ..engine import MangalaError
from ..i18n import t


def score_table_html(rows: list[list[str]], now: int, caption: str) -> str:
    """A table of sets and points: ``rows[0]`` is the header, each further row a player's
    name, their points set by set, and their total; column ``now`` (from 1; 0 for none) is the
    set being played.

    >>> "mangala-now" in score_table_html([["", "1", "Σ"], ["A", "1", "1"]], 1, "sets")
    True
    """
    head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
    body = []
    for row in rows[1:]:
        cells = [f"<th>{html.escape(row[0])}</th>"]
        for k, cell in enumerate(row[1:], start=1):
            cls = "mangala-total" if k == len(row) - 1 else "mangala-now" if k == now else ""
            attr = f' class="{cls}"' if cls else ""
            cells.append(f"<td{attr}>{html.escape(cell)}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return (
        f'<table class="mangala-score-table"><caption>{html.escape(caption)}</caption>'
        f"<tr>{head}</tr>{''.join(body)}</table>"
    )


def feedback_box(kind: str, text: str) -> str:
    icon = {"solved": "✔", "wrong": "✘", "go_on": "➜", "info": "ℹ"}.get(kind, "")
    return (
        f'<div class="mangala-feedback mangala-{kind}" role="status" aria-live="polite">'
        f"<b>{icon}</b> {html.escape(text)}</div>"
    )


FEEDBACK_STYLE = w.HTML("""<style>
.mangala-task, .mangala-quiz {container-type: inline-size;}
.mangala-quiz .widget-radio-box label {font-size: clamp(15px, 1.5cqw, 24px); line-height: 1.5;
  height: auto; min-height: 1.6em; padding: 0.15em 0; align-items: center;}
.mangala-quiz .widget-radio-box input {width: 1em; height: 1em; margin: 0 0.5em 0 0;}
.mangala-quiz .widget-radio-box {height: auto;}
.mangala-task .mangala-board {--mg-board-vh: 46vh;}
.mangala-prompt {font-size: clamp(16px, 1.8cqw, 28px); line-height: 1.45; margin: 0.3em 0;}
.mangala-feedback {font-size: clamp(16px, 1.8cqw, 28px); line-height: 1.45;
  padding: 0.4em 0.8em; border-radius: 8px; border-left: 6px solid; margin: 0.3em 0;}
.mangala-sowing .mangala-after-sowing {visibility: hidden;}
.mangala-guess-label {font-size: clamp(15px, 1.5cqw, 24px); font-weight: bold;
  margin-right: 0.5em; line-height: 2;}
.mangala-answers {flex-wrap: wrap; gap: 4px;}
.mangala-waits .jupyter-button.widget-button, .mangala-quiz .jupyter-button.widget-button,
.mangala-challenge .jupyter-button.widget-button {width: auto; text-overflow: clip;
  min-width: var(--jp-widgets-inline-width-short); flex-shrink: 0;}
.mangala-quiz > .jupyter-button.widget-button {align-self: flex-start;}
.mangala-answers .widget-toggle-button {font-size: clamp(13px, 1.3cqw, 20px);
  height: auto; min-height: 2em; padding: 0.2em 0.7em;}
.mangala-solved {background: #e8f5e9; border-color: #2e7d32; color: #1b4d1f;}
.mangala-wrong {background: #fdecea; border-color: #c62828; color: #6d1b1b;}
.mangala-go_on, .mangala-info {background: #fff8e1; border-color: #b26a00; color: #4d3400;}
.mangala-rules-note {display: inline-block; font-weight: bold; color: #5d3a00;
  background: #fbe9c6; border: 2px dashed #b26a00; border-radius: 6px; padding: 0.2em 0.6em;}
.mangala-score-table {border-collapse: collapse; font-size: 1.15em; margin: 0.4em 0;}
.mangala-score-table th, .mangala-score-table td {border: 1px solid #b08d57;
  padding: 0.3em 0.8em; text-align: center;}
.mangala-score-table th {background: #f3e6cf;}
.mangala-score-table td.mangala-now {background: #fff8e1; font-weight: bold;}
.mangala-score-table td.mangala-total {font-weight: bold;}
.mangala-score-table caption {caption-side: bottom; text-align: left; font-size: 0.9em;
  padding-top: 0.3em; white-space: nowrap;}
</style>""")
"""The styles of prompts, feedback boxes, rule notes and score tables (sets and points)."""


class RefusalsShown:
    """For a widget with a ``_note`` line and a ``_refresh()``: a button's action that is
    refused (a :class:`~mangala_edu.MangalaError`) is shown to the learner, never raised."""

    lang: str
    _note: str

    def _refresh(self) -> None:
        raise NotImplementedError

    def _safely(self, action: Callable[[], object]) -> None:
        try:
            action()
        except MangalaError as error:
            self._note = error.message(self.lang)
            self._refresh()


def run_notice(lang: str | None = None, key: str = "still.run") -> str:
    """What a live widget's stored picture says on top: run the notebook to use it (shown
    where the widget cannot run: a notebook opened before it was run, a web page). Styled
    inline, as an untrusted notebook drops style sheets.

    >>> "Run All Cells" in run_notice("en")
    True
    """
    return (
        '<div class="mangala-run-notice" role="note" style="font-size:1.1em;'
        "line-height:1.5;padding:0.4em 0.8em;margin:0.3em 0;border-radius:8px;"
        'border-left:6px solid #b26a00;background:#fff8e1;color:#4d3400">'
        f"{html.escape(t(key, lang))}</div>"
    )


class StillPicture:
    """For pages that cannot run widgets (a notebook opened before it is run, a notebook viewed
    on a website, a printout): the widget's output also carries a still HTML picture of it,
    under a line that says to run the notebook (:func:`run_notice`, key ``_still_notice``).
    Its boards are ``<img>`` pictures, which show even in a notebook that is not trusted."""

    _still_notice = "still.run"

    def _still_html(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: object) -> object:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        notice = run_notice(getattr(self, "lang", None), self._still_notice)
        still = {"text/html": notice + self._still_html()}
        if isinstance(bundle, tuple) and bundle and isinstance(bundle[0], dict):
            return ({**bundle[0], **still}, *bundle[1:])
        if isinstance(bundle, dict):
            return {**bundle, **still}
        return bundle
