"""Ratings: Glicko-2 for learners and puzzles, a puzzle's first rating, and the four bands.

Every attempt is a game between a learner and a puzzle, as on lichess: the learner wins when
they solve it at the first try with no hint, the puzzle wins otherwise; both ratings change
(:func:`attempt`). :func:`glicko2` is Mark Glickman's algorithm ("Example of the Glicko-2
system", 2013), checked against the worked example of that paper: a player rated 1500 (RD 200,
volatility 0.06) who beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300):

>>> r = glicko2(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0),
...                                      (Rating(1700, 300), 0)])
>>> round(r.rating, 2), round(r.rd, 2), round(r.volatility, 6)
(1464.05, 151.52, 0.059996)

(The paper, rounding its intermediate values, prints 1464.06, 151.52 and 0.05999.)

A new learner starts at :data:`LEARNER_START`. A puzzle's first rating comes from measured
difficulty (:func:`difficulty_rating`). The bands split the scale for filters and worksheets:

>>> [band_of(r) for r in (900, 1300, 1600, 2000)]
['kolay', 'orta', 'zor', 'usta']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ..i18n import Message
from .model import PuzzleError

TAU = 0.5
"""The system constant (how fast volatility may change)."""
SCALE = 173.7178
"""Glicko-2's scale factor between the Glicko scale and its own."""

BANDS: dict[str, tuple[int, int]] = {
    "kolay": (0, 1250),
    "orta": (1250, 1550),
    "zor": (1550, 1850),
    "usta": (1850, 10_000),
}
"""Each band's ratings: from (included) and to (excluded)."""

BAND_NAMES: dict[str, Message] = {
    "kolay": Message("puzzle.band.kolay"),
    "orta": Message("puzzle.band.orta"),
    "zor": Message("puzzle.band.zor"),
    "usta": Message("puzzle.band.usta"),
}
"""Each band's name for a learner."""

_BAND_ALIASES = {"easy": "kolay", "medium": "orta", "hard": "zor", "expert": "usta"}


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating``, deviation ``rd``, ``volatility``."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    def to_list(self) -> list[float]:
        return [round(self.rating, 2), round(self.rd, 2), round(self.volatility, 6)]

    @classmethod
    def from_list(cls, values: Sequence[float]) -> Rating:
        return cls(float(values[0]), float(values[1]), float(values[2]))


LEARNER_MAX_RD = 150.0
"""The largest deviation a learner's rating has in an attempt (a cap, as a provisional K
factor caps Elo's first games). Glicko-2's usual 350 for a newcomer let one miss at the first
puzzle cost 170 points (312 at a puzzle 300 below): more than half a band for a slip with a
board the pupil has just met. With 150, a new pupil's first miss costs 46 points at a puzzle
of their own rating and 75 at one 300 below (a quarter of a band), and twelve clean solves in
a row at puzzles 100 above still lift a pupil from 1200 to about 1670, so a strong pupil
reaches their level in one lesson."""

LEARNER_START = Rating(1200.0, LEARNER_MAX_RD, 0.06)
"""A new learner's rating: the border of the kolay and orta bands, as uncertain as a learner's
rating may be (:data:`LEARNER_MAX_RD`)."""

PUZZLE_RD = 250
"""The deviation of a new puzzle's rating (a measured estimate, not yet played)."""


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def glicko2(player: Rating, games: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's new rating after one rating period of ``games`` (opponent, score)."""
    mu = (player.rating - 1500) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    games = list(games)
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(350.0, phi_star * SCALE), sigma)
    v_inv = 0.0
    delta_sum = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - 1500) / SCALE
        g = _g(opponent.rd / SCALE)
        e = 1 / (1 + math.exp(-g * (mu - mu_j)))
        v_inv += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    v = 1 / v_inv
    delta = v * delta_sum
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > 1e-6:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    sigma_new = math.exp(big_a / 2)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(1500 + SCALE * mu_new, phi_new * SCALE, sigma_new)


def attempt(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both new ratings after one attempt (``solved``: at the first try, with no hint). The
    learner's deviation is capped at :data:`LEARNER_MAX_RD` (a file saved with Glicko-2's 350
    counts as 150), so a new pupil's first miss costs a modest amount:

    >>> me, p = attempt(Rating(1200, 350), Rating(1400, 250), True)
    >>> round(me.rating) > 1200 > 1000, round(p.rating) < 1400
    (True, True)
    >>> round(attempt(LEARNER_START, Rating(1200, 250), False)[0].rating)
    1154
    """
    learner = replace(learner, rd=min(learner.rd, LEARNER_MAX_RD))
    score = 1.0 if solved else 0.0
    return (glicko2(learner, [(puzzle, score)]), glicko2(puzzle, [(learner, 1.0 - score)]))


def band_of(rating: float) -> str:
    """The band of a rating (see :data:`BANDS`)."""
    return next(name for name, (low, high) in BANDS.items() if low <= rating < high)


class BandError(PuzzleError, KeyError):
    """A band that does not exist (a ``KeyError`` too, as a lookup in :data:`BANDS`)."""


def band_key(name: str) -> str:
    """A band by its Turkish or English name; raises :class:`BandError` for anything else.

    >>> band_key("Medium"), band_key("usta")
    ('orta', 'usta')
    >>> band_key("super")
    Traceback (most recent call last):
    ...
    mangala_edu.puzzles.rating.BandError: ... / Unknown band 'super': choose one of kolay, ...
    """
    key = name.strip().lower()
    key = _BAND_ALIASES.get(key, key)
    if key not in BANDS:
        raise BandError("puzzle.error.unknown_band", value=name, allowed=", ".join(BANDS))
    return key


#: What each level that misses a move of the line adds to a puzzle's rating.
FAIL_WEIGHTS = {"kolay": 250, "orta": 300, "zor": 350, "usta": 400}


def difficulty_rating(fails: Iterable[str], tempting: int, learner_moves: int, stones: int) -> int:
    """A puzzle's first rating from measured difficulty: the computer levels that miss a move
    of its line (:data:`FAIL_WEIGHTS`), how many tempting wrong first moves it has (a capture
    or an extra turn that is wrong: 40 each), how many moves the learner must find (60 each
    after the first) and how many stones are on the board (8 each above 12); between 600 and
    2400.

    >>> difficulty_rating([], 0, 1, 12), difficulty_rating(["kolay", "orta"], 2, 3, 20)
    (900, 1714)
    """
    value = (
        900
        + sum(FAIL_WEIGHTS.get(level, 0) for level in fails)
        + 40 * tempting
        + 60 * (learner_moves - 1)
        + 8 * max(0, stones - 12)
    )
    return max(600, min(2400, value))
