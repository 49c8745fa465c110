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
    # The first move's values are lesson 18's proof; the second position is nobody's.
    game = Game(moves=[3, 6])
    review = analyse_game(game, time_per_move=0.2, exact_stones=10)
    assert [m.exact for m in review.moves] == [True, False]
    assert [m.source for m in review.moves] == ["opening", "estimate"]
    second = review.moves[1]
    if second.cost >= 0.5:
        assert "yaklaşık" in second.text("tr") and "about" in second.text("en")
    assert "(proven)" not in second.text("en") and "kanıtlandı" not in second.text("tr")
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


def test_the_review_of_the_opening_uses_lesson_18s_proof() -> None:
    """Lesson 18 proves pits 4 and 6 equal (both lose 2 stones to pit 5's draw): the review
    says so, proven, and never that one of them was better than the other (issue 22)."""
    from mangala_edu.lessons.opening import load

    proven = {p: float(m.lower) for p, m in load()["start"].moves.items()}
    reviews = {
        pit: analyse_game(Game(moves=[pit]), time_per_move=0.2, reproducible=True).moves[0]
        for pit in (4, 5, 6)
    }
    for move in reviews.values():
        assert move.source == "opening" and move.exact
        assert move.values == proven
        assert move.best_moves == (5,)
    assert reviews[5].verdict == "best" and reviews[5].notes == ()
    four, six = reviews[4], reviews[6]
    assert four.values[4] == four.values[6]
    assert (four.cost, four.verdict) == (six.cost, six.verdict) == (2.0, "inaccuracy")
    for move, other in ((four, 6), (six, 4)):
        tr, en = move.text("tr"), move.text("en")
        assert "yaklaşık" not in tr and "about" not in en
        assert "kanıtlandı" in tr and "(proven)" in en and "18" in tr and "18" in en
        assert f"{other}. kuyu" not in tr and f"Pit {other}" not in en
        assert "5. kuyu" in tr and "Pit 5" in en
    # The drawing's "better" pit is a proven best move, not the other equal one.
    from mangala_edu.display.review import better_move

    review = analyse_game(Game(moves=[4]), time_per_move=0.2)
    assert better_move(review, review.moves[0]) == 5


def test_the_opening_review_in_a_fresh_process() -> None:
    """Nothing cached in this process makes the opening proven: a new interpreter says so."""
    import subprocess
    import sys

    code = (
        "from mangala_edu import Game\n"
        "from mangala_edu.search import analyse_game\n"
        "m = analyse_game(Game(moves=[4]), time_per_move=0.2).moves[0]\n"
        "print(m.source, m.best_moves, m.text('tr'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    assert out.startswith("opening (5,) Küçük hata: 2 taş kaybettirdi (kanıtlandı).")
    assert "yaklaşık" not in out and "6. kuyu" not in out


def test_values_from_an_endgame_table() -> None:
    """A table's values, read for each move, are the solver's; without a table, or with too
    many stones for it, there are none."""
    from itertools import product

    from mangala_edu.search.analysis import table_values
    from mangala_edu.search.tables import EndgameTable, state_rank, table_size

    rules = Rules.kalah(2, 1)
    stones = 6
    solver = Solver(rules)
    data = [0] * table_size(rules, stones)
    for state in product(range(stones + 1), repeat=4):
        if sum(state) <= stones and any(state[:2]):
            data[state_rank(state)] = solver.gain(state)
    table = EndgameTable(rules, stones, data)
    checked = 0
    for south in product(range(3), repeat=2):
        for north in product(range(3), repeat=2):
            if not any(south) or not any(north):
                continue
            text = f"{south[0]},{south[1]},3/{north[0]},{north[1]},1 S"
            pos = Position.from_text(text, rules)
            values = table_values(pos, table)
            if pos.stones_on_board > stones:
                assert values is None
                continue
            assert values == {p: float(v) for p, v in solver.value_of_moves(pos).items()}
            checked += 1
    assert checked > 50
    crowded = Position.from_text("4,3,0/1,1,0 S", rules)
    assert table_values(crowded, table) is None
    assert table_values(Position.start(), None) is None
