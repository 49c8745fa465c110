"""The PyPI package ``mangala`` (1.0.0, module ``mangala_kutuphanesi``), silenced.

It prints on every move; its module-level ``print`` is replaced by a no-op so that only its
engine is timed. Its end-of-set rule is the local variant where each player keeps their own
side (our ``Rules.own_side()``).
"""

from __future__ import annotations

from typing import Any


def peer_game_class() -> Any:
    """The peer's game class with printing switched off, or ``None`` if it is not installed."""
    try:
        from mangala_kutuphanesi import oyun
    except ImportError:
        return None
    oyun.print = lambda *args, **kwargs: None  # type: ignore[attr-defined]
    return oyun.MangalaTurkOyunu


def peer_legal_moves(game: Any) -> list[int]:
    """Pits 1..6 of the player to move that hold stones (the peer has no such method)."""
    row = game.tahta[0:6] if game.mevcut_oyuncu == 1 else game.tahta[7:13]
    return [i for i, stones in enumerate(row, start=1) if stones]
