"""Glicko-2 against the worked example of Glickman's paper, and the puzzles' first ratings."""

from __future__ import annotations

import math

import pytest

from mangala_edu.puzzles.rating import (
    BANDS,
    LEARNER_START,
    Rating,
    attempt,
    band_key,
    band_of,
    difficulty_rating,
    glicko2,
)


def test_glickmans_worked_example():
    """ "Example of the Glicko-2 system" (Glickman, 2013): 1500/200/0.06 against 1400/30 (won),
    1550/100 (lost), 1700/300 (lost) gives 1464.06, 151.52, 0.05999."""
    r = glicko2(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)],
    )
    assert r.rating == pytest.approx(1464.06, abs=0.02)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.volatility == pytest.approx(0.05999, abs=1e-5)


def test_no_game_only_widens_the_deviation():
    r = glicko2(Rating(1500, 200, 0.06), [])
    assert r.rating == 1500 and r.rd == pytest.approx(math.hypot(200, 0.06 * 173.7178))


def test_an_attempt_moves_both_ratings_the_right_way():
    me, puzzle = Rating(1200, 350), Rating(1600, 250)
    won_me, won_p = attempt(me, puzzle, True)
    lost_me, lost_p = attempt(me, puzzle, False)
    assert won_me.rating > me.rating > lost_me.rating
    assert won_p.rating < puzzle.rating < lost_p.rating
    assert won_me.rating - me.rating > me.rating - lost_me.rating  # beating a harder puzzle
    assert won_me.rd < me.rd
    assert LEARNER_START.rating == 1200


def test_bands_cover_the_scale_and_take_both_languages():
    assert [band_of(r) for r in (600, 1249, 1250, 1549, 1550, 1849, 1850, 2400)] == [
        "kolay",
        "kolay",
        "orta",
        "orta",
        "zor",
        "zor",
        "usta",
        "usta",
    ]
    assert band_key("Medium") == "orta" and band_key("usta") == "usta"
    with pytest.raises(KeyError):
        band_key("super")
    assert list(BANDS) == ["kolay", "orta", "zor", "usta"]


def test_difficulty_grows_with_what_makes_a_puzzle_hard():
    base = difficulty_rating([], 0, 1, 12)
    assert difficulty_rating(["kolay"], 0, 1, 12) > base
    assert difficulty_rating(["kolay", "orta", "zor"], 0, 1, 12) > difficulty_rating(
        ["kolay", "orta"], 0, 1, 12
    )
    assert difficulty_rating([], 3, 1, 12) > base
    assert difficulty_rating([], 0, 4, 12) > base
    assert difficulty_rating([], 0, 1, 30) > base
    assert 600 <= difficulty_rating(["kolay", "orta", "zor"], 9, 9, 48) <= 2400


def test_a_new_pupils_first_miss_costs_a_modest_amount():
    """One miss at the first puzzle cost 170 points (Glicko-2's newcomer deviation of 350):
    now at most 50 at a puzzle of the pupil's own rating and 80 at an easy one 300 below, also
    for a progress file saved with the old deviation; wins still count as much as misses."""
    from mangala_edu.puzzles.rating import LEARNER_MAX_RD

    for start in (LEARNER_START, Rating(1200, 350, 0.06)):
        same = attempt(start, Rating(1200, 250), False)[0]
        easy = attempt(start, Rating(900, 250), False)[0]
        won = attempt(start, Rating(1200, 250), True)[0]
        assert 0 < 1200 - same.rating <= 50
        assert 0 < 1200 - easy.rating <= 80
        assert won.rating - 1200 == pytest.approx(1200 - same.rating)
        assert same.rd <= LEARNER_MAX_RD
    # A strong pupil still climbs: twelve clean solves at puzzles 100 above lift 1200 past 1600.
    r = LEARNER_START
    for _ in range(12):
        r = attempt(r, Rating(r.rating + 100, 250), True)[0]
    assert r.rating > 1600
