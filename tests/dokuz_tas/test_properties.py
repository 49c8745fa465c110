"""Properties of the engine on many positions: arbitrary ones (built point by point) and
reachable ones (random games), checked with hypothesis and against the naive rule book."""

from __future__ import annotations

import pickle
import random
from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mangala_edu.dokuz_tas import (
    POINT_NAMES,
    SYMMETRIES,
    EventKind,
    Game,
    IllegalTurnError,
    Position,
    PositionError,
    parse_turn,
)

from . import naive
from .helpers import random_game, to_naive

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any valid position: each point empty, white or black; hands, side, quiet turns and
    the flying switch drawn too."""
    cells = draw(st.lists(st.sampled_from("..WB"), min_size=24, max_size=24))
    white = [n for n, c in zip(POINT_NAMES, cells, strict=True) if c == "W"]
    black = [n for n, c in zip(POINT_NAMES, cells, strict=True) if c == "B"]
    assume(len(white) <= 9 and len(black) <= 9)
    hands = (
        draw(st.integers(0, 9 - len(white))) if draw(st.booleans()) else 0,
        draw(st.integers(0, 9 - len(black))) if draw(st.booleans()) else 0,
    )
    try:
        return Position(
            white,
            black,
            draw(st.sampled_from(["white", "black"])),
            hands,
            draw(st.sampled_from([0, 0, 1, 30, 49, 50])),
            draw(st.booleans()),
        )
    except PositionError:
        assume(False)
        raise


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A game of random turns from the start, of random length."""
    return random_game(draw(st.integers(0, 2**32)), draw(st.integers(0, 120)), draw(st.booleans()))


ANY_POSITION = st.one_of(positions(), games().map(lambda g: g.position))

ALL_TURNS = sorted(
    {f"{a}{x}" for a in POINT_NAMES for x in ["", *(f"x{r}" for r in POINT_NAMES)]}
    | {f"{a}-{b}{x}" for a in POINT_NAMES for b in POINT_NAMES for x in ["", "xa1", "xd6"]}
)


@SETTINGS
@given(ANY_POSITION)
def test_the_legal_turns_are_the_naive_rule_book_s(pos):
    assert list(pos.legal_moves) == naive.legal_turns(to_naive(pos))
    ending = naive.ending(to_naive(pos))
    outcome = pos.outcome
    assert (ending is None) == (outcome is None)
    if outcome is not None and ending is not None:
        assert (outcome.termination.value, outcome.winner) == (
            ending[0],
            {"W": "white", "B": "black", None: None}[ending[1]],
        )


@SETTINGS
@given(ANY_POSITION)
def test_the_legal_turns_are_sorted_and_each_plays(pos):
    moves = pos.legal_moves
    assert list(moves) == sorted(set(moves))
    for turn in moves:
        trace = pos.trace(turn)
        after = pos.play(turn)
        assert trace.after == after and trace.turn == turn
        assert parse_turn(turn).text == turn
        for colour in ("white", "black"):
            assert after.on_board(colour) + after.in_hand(colour) + after.removed(colour) == 9
        taken = sum(e.kind == EventKind.REMOVE for e in trace.events)
        assert taken == ("x" in turn) and after.removed(pos.to_move) == pos.removed(pos.to_move)


@SETTINGS
@given(ANY_POSITION, st.lists(st.sampled_from(ALL_TURNS), min_size=5, max_size=5))
def test_every_other_turn_is_refused_and_changes_nothing(pos, tries):
    text, moves = pos.to_text(), pos.legal_moves
    for turn in tries:
        if turn in moves:
            continue
        try:
            pos.play(turn)
        except IllegalTurnError as err:
            assert err.message("tr") and err.message("en")
        else:
            raise AssertionError(f"{turn} was played in {text}")
        assert pos.to_text() == text and pos.legal_moves == moves


@SETTINGS
@given(ANY_POSITION)
def test_the_position_text_reads_back(pos):
    assert Position.from_text(pos.to_text(), pos.flying) == pos
    assert eval(repr(pos), {"Position": Position}) == pos
    assert pickle.loads(pickle.dumps(pos)) == pos


@SETTINGS
@given(ANY_POSITION, st.integers(0, 15))
def test_the_turns_of_a_turned_or_mirrored_position_are_the_turned_turns(pos, symmetry):
    turned = pos.transform(symmetry)
    expected = sorted(parse_turn(m).transform(symmetry).text for m in pos.legal_moves)
    assert list(turned.legal_moves) == expected
    assert (turned.outcome is None) == (pos.outcome is None)
    inverse = SYMMETRIES.index(tuple(SYMMETRIES[symmetry].index(p) for p in range(24)))
    assert turned.transform(inverse) == pos


@settings(max_examples=40, deadline=None)
@given(games())
def test_a_game_record_reads_back(game):
    again = Game.from_json(game.to_json())
    assert again.turns == game.turns and again.positions == game.positions
    assert again.outcome == game.outcome and again.to_dict() == game.to_dict()


@settings(max_examples=40, deadline=None)
@given(games())
def test_stones_are_conserved_along_a_game(game):
    removed: Counter[str] = Counter()
    for trace in game.traces():
        for event in trace.events:
            if event.kind == EventKind.REMOVE and event.colour is not None:
                removed[event.colour] += 1
        pos = trace.after
        for colour in ("white", "black"):
            assert pos.on_board(colour) + pos.in_hand(colour) + removed[colour] == 9
        assert trace.events[-1].board.count("W") == pos.on_board("white")


def test_random_games_agree_with_the_naive_rule_book_turn_by_turn():
    """Whole games, repetitions and all: the naive book keeps its own history."""
    endings: Counter[str] = Counter()
    for seed in range(60):
        rng = random.Random(seed)
        game = Game(flying=seed % 4 != 3)
        state = naive.start(game.flying)
        while True:
            assert list(game.legal_moves) == naive.legal_turns(state), (seed, game.turns)
            if game.is_over:
                break
            turn = rng.choice(game.legal_moves)
            game.push(turn)
            state = naive.play(state, turn)
        ending = naive.ending(state)
        assert ending is not None and game.outcome is not None
        assert ending[0] == game.outcome.termination.value
        endings[ending[0]] += 1
    assert {"fewer_than_three", "quiet_turns"} <= set(endings)
