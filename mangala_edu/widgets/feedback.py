"""What every interactive piece shows alike: feedback boxes and a still picture for pages that
cannot run widgets."""

from __future__ import annotations

import html

import ipywidgets as w


def feedback_box(kind: str, text: str) -> str:
    icon = {"solved": "✔", "wrong": "✘", "go_on": "➜", "info": "ℹ"}.get(kind, "")
    return (f'<div class="mangala-feedback mangala-{kind}" role="status" aria-live="polite">'
            f"<b>{icon}</b> {html.escape(text)}</div>")


FEEDBACK_STYLE = w.HTML("""<style>
.mangala-prompt {font-size: 1.15em; line-height: 1.5; margin: 0.4em 0;}
.mangala-feedback {font-size: 1.1em; line-height: 1.5; padding: 0.5em 0.8em;
  border-radius: 8px; border-left: 6px solid; margin: 0.3em 0;}
.mangala-solved {background: #e8f5e9; border-color: #2e7d32; color: #1b4d1f;}
.mangala-wrong {background: #fdecea; border-color: #c62828; color: #6d1b1b;}
.mangala-go_on, .mangala-info {background: #fff8e1; border-color: #b26a00; color: #4d3400;}
.mangala-rules-note {display: inline-block; font-weight: bold; color: #5d3a00;
  background: #fbe9c6; border: 2px dashed #b26a00; border-radius: 6px; padding: 0.2em 0.6em;}
</style>""")


class StillPicture:
    """For pages that cannot run widgets (a notebook viewed on a website, a printout): the
    widget's output also carries a still HTML picture of it."""

    def _still_html(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: object) -> object:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        still = {"text/html": self._still_html()}
        if isinstance(bundle, tuple) and bundle and isinstance(bundle[0], dict):
            return ({**bundle[0], **still}, *bundle[1:])
        if isinstance(bundle, dict):
            return {**bundle, **still}
        return bundle
