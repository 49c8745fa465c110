"""Hints: the expert's move for a position, and why, as messages in no language yet.

>>> import textwrap
>>> from mangala_edu import Position
>>> hint = hint_for(Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"), seed=1)
>>> hint
Hint(pit=6, exact=True)
>>> print(textwrap.fill(hint.text("tr"), 90))
İpucu: 6. kuyu. Son taş hazinene düşer ve bir hamle daha oynarsın. Oyun setinin sonuna
kadar hesaplandı: iki taraf da en iyi oynarsa bu seti 2 taş farkla kaybedersin; bu, en az
kayıp.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import IllegalMoveError, Position
from ..games import GAME, SET, unit_of
from ..i18n import Message
from .analysis import threat_after
from .players import LEVELS, Player

HINT_SECONDS = 1.0
"""About how long a hint searches (the expert's search, scaled down from its 3 s)."""


@dataclass(frozen=True)
class Hint:
    """The expert's advice for one position.

    Attributes:
        pit: the pit to play (1..6 from the mover's own left).
        best_moves: every pit the search found equally good.
        exact: True when the solver saw every line to the end of the set.
        value: the final store difference (mover's side) the search expects.
        said: the advice and why, as messages.
    """

    pit: int
    best_moves: tuple[int, ...]
    exact: bool
    value: float
    said: tuple[Message, ...]

    def text(self, lang: str | None = None) -> str:
        """The advice and why, in ``lang``."""
        return " ".join(m.text(lang) for m in self.said)

    def __repr__(self) -> str:
        return f"Hint(pit={self.pit}, exact={self.exact})"


def hint_reason(
    position: Position, pit: int, *, exact: bool = False, value: float = 0.0
) -> tuple[Message, ...]:
    """Why ``pit`` is a good move in ``position``: one or two messages.

    >>> import textwrap
    >>> pos = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
    >>> said = hint_reason(pos, 6, exact=True, value=-2)
    >>> print(textwrap.fill(" ".join(m.text("en") for m in said), 90))
    Hint: pit 6. The last stone falls into your store and you move again. Worked out to the
    end of the set: with the best play on both sides you lose by 2 stones, the smallest loss
    possible.
    """
    trace = position.trace(pit)
    if trace.extra_turn:
        said = [Message("play.hint.extra_turn", pit=pit)]
    elif trace.captured:
        said = [Message("play.hint.capture", pit=pit, stones=trace.captured)]
    else:
        mine = threat_after(position, pit)
        others = max(
            (threat_after(position, p) for p in position.legal_moves if p != pit), default=0
        )
        if others > mine:
            said = [Message("play.hint.safe", pit=pit, stones=others)]
        else:
            said = [Message("play.hint.long_term", pit=pit)]
    if exact:
        stones = round(abs(value))
        keys = _EXACT[unit_of(position.rules)]
        said.append(Message(keys[(value > 0) - (value < 0)], stones=stones))
    return tuple(said)


#: What a solved hint says, by what is played (the registry's unit: a set of Mangala, a game of
#: Toguz Korgool or the storeless games) and by the sign of the value.
_EXACT = {
    SET: {1: "play.hint.exact_win", -1: "play.hint.exact_loss", 0: "play.hint.exact_draw"},
    GAME: {
        1: "play.hint.exact_win_game",
        -1: "play.hint.exact_loss_game",
        0: "play.hint.exact_draw_game",
    },
}


def hint_player(seed: int | None = None, seconds: float = HINT_SECONDS) -> Player:
    """The player hints come from: the expert (*usta*), searching about ``seconds`` (with a
    ``seed``: a fixed number of positions instead, reproducibly)."""
    return Player("usta", seed=seed, time_scale=seconds / LEVELS["usta"].time_limit)


def hint_for(
    position: Position,
    *,
    seed: int | None = None,
    seconds: float = HINT_SECONDS,
    player: Player | None = None,
    history: Sequence[Position] = (),
) -> Hint:
    """The expert's move in ``position`` with the reason (see :func:`hint_player`);
    ``history`` is the game's earlier positions (the family's games end on a repetition).
    In Mangala IV the move is forced (the leftmost occupied pit), and the hint says so.

    >>> from mangala_edu import Rules
    >>> print(hint_for(Position.start(Rules.mangala_iv()), seed=1).text("en"))
    Hint: pit 1. In this game there is no choice: you always play your leftmost pit that holds
    stones.
    """
    if position.is_over:
        raise IllegalMoveError("play.error.set_over")
    if position.rules.forced_leftmost:
        pit = position.legal_moves[0]
        return Hint(pit, (pit,), False, 0.0, (Message("play.hint.forced", pit=pit),))
    if player is None:
        player = hint_player(seed, seconds)
    pit = player.choose(position, history)
    choice = player.last
    exact = bool(choice and choice.exact)
    values = choice.values if choice and choice.values else {pit: 0.0}
    value = values.get(pit, 0.0)
    best = tuple(sorted(p for p, v in values.items() if v == value)) or (pit,)
    return Hint(pit, best, exact, value, hint_reason(position, pit, exact=exact, value=value))
