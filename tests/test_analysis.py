"""Game analysis: values against the solver, verdicts, explanations in both languages, chart."""

from __future__ import annotations

import json

import pytest

from mangala_edu import Game, Position, Rules
from mangala_edu.i18n import t
from mangala_edu.search import Player, analyse_game
from mangala_edu.search.analysis import VERDICT_NAMES, VERDICTS, Analyst, explain, verdict_for
from mangala_edu.search.arena import play_set
from mangala_edu.search.solver import Solver

ENDGAME = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")


def small_game(seed: int = 1, rules: Rules | None = None) -> Game:
    start = Position.from_text("2,0,1,0,3,1,18/1,2,0,2,0,1,17 N", rules)
    return play_set(Player("kolay", seed=seed), Player("kolay", seed=seed + 1), start)


def test_values_are_exact_in_the_endgame() -> None:
    game = small_game()
    review = analyse_game(game, time_per_move=5)
    solver = Solver(game.rules)
    assert len(review.moves) == len(game.moves)
    for move, pos in zip(review.moves, game.positions, strict=False):
        assert move.exact
        exact = solver.value_of_moves(pos)
        assert move.values == {p: float(v) for p, v in exact.items()}
        assert move.cost == max(exact.values()) - exact[move.pit]
        assert move.verdict == verdict_for(move.cost)
        assert (move.verdict == "best") == (move.cost == 0)
        assert set(move.best_moves) == {p for p, v in exact.items() if v == max(exact.values())}


def test_advantage_ends_with_the_result() -> None:
    game = small_game(seed=4)
    review = analyse_game(game)
    curve = review.advantage()
    assert len(curve) == len(game.moves) + 1
    result = game.position.result
    assert curve[-1] == result.south - result.north
    # With exact values, South's advantage only changes when someone errs.
    best = [
        (b, a)
        for b, a, move in zip(curve[:-1], curve[1:], review.moves, strict=True)
        if move.verdict == "best"
    ]
    assert best, "the sample game is expected to have best moves"
    assert all(b == a for b, a in best)
    assert all(m.exact for m in review.moves), "every value of this small game is exact"


def test_a_mistake_is_explained() -> None:
    review = analyse_game(Game(start=ENDGAME, moves=[5]))
    move = review.moves[0]
    assert (move.verdict, move.cost, move.best_moves) == ("mistake", 6.0, (6,))
    assert [n.key for n in move.notes] == ["analysis.better_extra_turn", "analysis.allowed_capture"]
    assert review.mistakes() == [move] and review.mistakes("north") == []
    for lang in ("tr", "en"):
        text = move.text(lang)
        assert "{" not in text and "6" in text
    assert analyse_game(Game(start=ENDGAME, moves=[6])).moves[0].notes == ()


def test_capture_and_long_term_notes() -> None:
    pos = Position.from_text("0,0,3,0,0,1,18/2,1,1,0,3,1,18 S")
    best = Solver(pos.rules).solve(pos).best_moves
    for pit in pos.legal_moves:
        if pit in best:
            continue
        notes = explain(pos, pit, best)
        assert notes
        for note in notes:
            for lang in ("tr", "en"):
                assert note.text(lang)


def test_every_verdict_has_a_name_in_both_languages() -> None:
    assert set(VERDICT_NAMES) == {name for name, _ in VERDICTS}
    for key in VERDICT_NAMES.values():
        assert t(key, "tr") and t(key, "en") and t(key, "tr") != t(key, "en")


def test_estimated_values_in_the_opening() -> None:
    game = Game(moves=[3, 6])
    review = analyse_game(game, time_per_move=0.2, exact_stones=10)
    assert [m.exact for m in review.moves] == [False, False]
    assert all(
        set(m.values) == set(p.legal_moves)
        for m, p in zip(review.moves, game.positions, strict=False)
    )
    json.dumps(review.to_dict())


@pytest.mark.parametrize("rules", [Rules.kalah(4, 2), Rules.own_side()], ids=str)
def test_other_rules(rules: Rules) -> None:
    start = (
        Position.start(rules)
        if rules.pits == 4
        else Position.from_text("2,0,1,0,3,1,18/1,2,0,2,0,1,17 N", rules)
    )
    game = play_set(Player("orta", seed=3), Player("kolay", seed=4), start)
    review = Analyst(time_per_move=2).review(game.positions[0], game.moves[0])
    assert review.pit == game.moves[0] and review.exact


def test_chart() -> None:
    from mangala_edu.display.analysis_chart import advantage_chart

    review = analyse_game(small_game(seed=2))
    fig_tr = advantage_chart(review, lang="tr")
    assert fig_tr.axes[0].get_xlabel() == "Hamle"
    fig_en = advantage_chart(review, lang="en")
    assert fig_en.axes[0].get_title() == "Advantage over the game"
    marked = sum(
        len(c.get_offsets())
        for c in fig_en.axes[0].collections
        if hasattr(c, "get_offsets")
        and c.get_label() != "_nolegend_"
        and type(c).__name__ == "PathCollection"
    )
    assert marked == len(review.mistakes())
