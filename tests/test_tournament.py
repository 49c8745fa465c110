"""The class tournament: round robin and Swiss pairings, results files, standings, the CLI."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mangala_edu.cli import main
from mangala_edu.i18n import LANGUAGES
from mangala_edu.tournament import (
    MatchResult,
    Tournament,
    TournamentError,
    parse_players,
    parse_results,
    round_robin,
    swiss_round,
)

NAMES = [f"P{k:02d}" for k in range(40)]


def _check_round(pairs, players):
    """Everyone plays exactly once in the round (or has the bye); at most one bye."""
    seated = [name for pair in pairs for name in pair if name is not None]
    assert sorted(seated) == sorted(players)
    byes = [a for a, b in pairs if b is None]
    assert len(byes) == len(players) % 2


# --------------------------------------------------------------------------- round robin


@given(st.integers(min_value=2, max_value=24))
def test_round_robin_every_pair_plays_exactly_once(n):
    players = NAMES[:n]
    rounds = round_robin(players)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    games = [frozenset(p) for r in rounds for p in r if p[1] is not None]
    assert len(games) == len(set(games)), "a pair plays twice"
    assert set(games) == {frozenset(p) for p in itertools.combinations(players, 2)}
    for r in rounds:
        _check_round(r, players)


@given(st.integers(min_value=1, max_value=12).map(lambda k: 2 * k + 1))
def test_round_robin_with_an_odd_number_gives_everyone_one_bye(n):
    byes = [a for r in round_robin(NAMES[:n]) for a, b in r if b is None]
    assert sorted(byes) == sorted(NAMES[:n])


def test_round_robin_follows_berger_s_table_for_six():
    assert [[f"{a}-{b}" for a, b in r] for r in round_robin(list("123456"))] == [
        ["1-6", "2-5", "3-4"],
        ["6-4", "5-3", "1-2"],
        ["2-6", "3-1", "4-5"],
        ["6-5", "1-4", "2-3"],
        ["3-6", "4-2", "5-1"],
    ]


# --------------------------------------------------------------------------- Swiss


def _random_result(rng: random.Random, sets: int = 5) -> tuple[float, float]:
    x = rng.randrange(0, 2 * sets + 1) / 2
    return x, sets - x


def _play_swiss(n: int, rounds: int, seed: int) -> Tournament:
    """A Swiss tournament of ``n`` players played ``rounds`` rounds with random results."""
    rng = random.Random(seed)
    players = NAMES[:n]
    results: list[MatchResult] = []
    for number in range(1, rounds + 1):
        pairs = Tournament(players, "swiss", results).pairing(number)
        for a, b in pairs:
            if b is not None:
                results.append(MatchResult(number, a, b, _random_result(rng)))
    return Tournament(players, "swiss", results)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=16), st.data())
def test_swiss_rounds_never_repeat_a_match_and_seat_everyone(n, data):
    rounds = data.draw(st.integers(min_value=1, max_value=max(1, n // 2)))
    seed = data.draw(st.integers(min_value=0, max_value=10_000))
    tournament = _play_swiss(n, rounds, seed)
    seen: set[frozenset[str]] = set()
    byes: list[str] = []
    for number in range(1, rounds + 1):
        pairs = tournament.pairing(number)
        _check_round(pairs, NAMES[:n])
        for a, b in pairs:
            if b is None:
                byes.append(a)
            else:
                assert frozenset((a, b)) not in seen, f"{a} and {b} meet twice"
                seen.add(frozenset((a, b)))
    assert len(byes) == len(set(byes)), "a player had the bye twice"


def test_swiss_first_round_pairs_the_top_half_with_the_bottom_half():
    assert swiss_round(list("ABCDEF"), {}, set(), set()) == [("A", "D"), ("B", "E"), ("C", "F")]


def test_swiss_bye_goes_to_the_lowest_player_without_one():
    points = {"A": 2, "B": 1, "C": 1, "D": 0, "E": 0}
    pairs = swiss_round(list("ABCDE"), points, set(), had_bye=set())
    assert pairs[-1] == ("E", None)
    pairs = swiss_round(list("ABCDE"), points, set(), had_bye={"E"})
    assert pairs[-1] == ("D", None)


def test_swiss_pairs_within_score_groups_first():
    points = {"A": 1, "B": 0, "C": 1, "D": 0}
    pairs = swiss_round(list("ABCD"), points, {frozenset("AB"), frozenset("CD")}, set())
    assert pairs == [("A", "C"), ("B", "D")]


def test_swiss_says_when_no_pairing_is_left():
    met = {frozenset(p) for p in itertools.combinations("ABCD", 2)}
    assert swiss_round(list("ABCD"), {}, met, set()) is None


# --------------------------------------------------------------------------- standings

PLAYERS = ["Ayşe", "Can", "Elif", "Mert"]


def test_standings_points_and_sonneborn_berger():
    text = (
        "1. tur\nAyşe - Mert 3-2 130-110\nCan - Elif 2,5-2,5\n"
        "2. tur\nMert - Elif 1-4\nAyşe - Can 2-3\n"
        "3. tur\nCan - Mert 5-0\nElif - Ayşe 2½-2½ 120-120\n"
    )
    t = Tournament(PLAYERS, "round-robin", parse_results(text, PLAYERS))
    rows = {r.name: r for r in t.standings()}
    assert rows["Can"].points == 2.5 and rows["Can"].place == 1
    # Elif: drew Can (2.5) and Ayşe (1.5), beat Mert (0): SB 1.25 + 0.75 + 0 = 2.0
    assert rows["Elif"].points == 2.0 and rows["Elif"].tiebreak == 2.0
    assert rows["Ayşe"].points == 1.5 and rows["Ayşe"].stone_difference == 20
    assert rows["Mert"].points == 0.0 and rows["Mert"].place == 4
    assert t.next_round() is None


def test_level_players_share_the_place():
    results = parse_results("round 1\nAyşe - Mert 3-2\nCan - Elif 3-2\n", PLAYERS)
    places = [(r.place, r.name) for r in Tournament(PLAYERS, "round-robin", results).standings()]
    assert places == [(1, "Ayşe"), (1, "Can"), (3, "Elif"), (3, "Mert")]


def test_buchholz_in_a_swiss():
    results = parse_results("round 1\nAyşe - Elif 3-2\nCan - Mert 4-1\n", PLAYERS)
    t = Tournament(PLAYERS, "swiss", results)
    assert t.pairing(1) == [("Ayşe", "Elif"), ("Can", "Mert")]
    assert t.pairing(2) == [("Ayşe", "Can"), ("Elif", "Mert")]
    results += parse_results("round 2\nAyşe - Can 2,5-2,5\nElif - Mert 5-0\n", PLAYERS)
    rows = {r.name: r for r in Tournament(PLAYERS, "swiss", results).standings()}
    # Buchholz: the points of all opponents (Ayşe met Elif 1 and Can 1.5)
    assert rows["Ayşe"].tiebreak == 2.5
    assert rows["Can"].tiebreak == 1.5 + 0.0


def test_a_bye_is_one_point():
    players = ["Ayşe", "Can", "Elif"]
    results = parse_results("1. tur\nCan - Elif 3-2\n", players)
    rows = {r.name: r for r in Tournament(players, "round-robin", results).standings()}
    assert rows["Ayşe"].points == 1.0 and rows["Ayşe"].byes == 1 and rows["Ayşe"].played == 0


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Ayşe\nCan\nayşe\n", "tournament.error.duplicate_player"),
        ("Ayşe\nBay\n", "tournament.error.reserved_name"),
        ("Ayşe\n# Can\n", "tournament.error.too_few_players"),
    ],
)
def test_bad_players_files(text, key):
    with pytest.raises(TournamentError) as caught:
        parse_players(text)
    assert caught.value.key == key


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("1. tur\nAyşe - Cem 3-2\n", "tournament.error.unknown_player"),
        ("1. tur\nAyşe Can 3-2\n", "tournament.error.malformed"),
        ("1. tur\nAyşe - Can 3\n", "tournament.error.malformed"),
        ("Ayşe - Can 3-2\n", "tournament.error.no_round"),
        ("1. tur\nAyşe - Can 3-1\n", "tournament.error.bad_score"),
        ("1. tur\nAyşe - Can 3,3-1,7\n", "tournament.error.bad_score"),
        ("1. tur\nAyşe - Can 3-2 100-100\n", "tournament.error.bad_stones"),
        ("1. tur\nAyşe - Ayşe 3-2\n", "tournament.error.self_match"),
        ("1. tur\nAyşe - Can 3-2\nAyşe - Elif 3-2\n", "tournament.error.twice_in_round"),
    ],
)
def test_bad_results_lines_name_their_line(text, key):
    with pytest.raises(TournamentError) as caught:
        parse_results(text, PLAYERS, source="sonuc.txt")
    assert caught.value.key == key
    for lang in LANGUAGES:
        message = caught.value.message(lang)
        assert message and "{" not in message
    if key != "tournament.error.no_round":
        assert caught.value.params["line"] == text.count("\n")


def test_a_result_for_a_pair_not_paired_is_refused():
    results = parse_results("1. tur\nAyşe - Can 3-2\n", PLAYERS, source="sonuc.txt")
    with pytest.raises(TournamentError) as caught:
        Tournament(PLAYERS, "round-robin", results, source="sonuc.txt")
    assert caught.value.key == "tournament.error.not_paired"
    assert "Ayşe – Mert" in caught.value.message("tr")


def test_a_round_before_the_last_must_be_complete():
    text = "1. tur\nAyşe - Mert 3-2\n2. tur\nMert - Elif 3-2\n"
    with pytest.raises(TournamentError) as caught:
        Tournament(PLAYERS, "round-robin", parse_results(text, PLAYERS))
    assert caught.value.key == "tournament.error.round_incomplete"
    assert "Can – Elif" in caught.value.message("en")


def test_a_swiss_round_waits_for_the_results_of_the_one_before():
    results = parse_results("round 1\nAyşe - Elif 3-2\n", PLAYERS)
    with pytest.raises(TournamentError) as caught:
        Tournament(PLAYERS, "swiss", results).pairing(2)
    assert caught.value.key == "tournament.error.round_incomplete"


# --------------------------------------------------------------------------- command line


@pytest.fixture
def files(tmp_path):
    players = tmp_path / "sinif.txt"
    players.write_text("# 6-A\nAyşe\nCan\nElif\nMert\nZeynep\n", encoding="utf-8")
    results = tmp_path / "sonuc.txt"
    results.write_text("1. tur\nCan - Zeynep 3-2 130-110\nElif - Mert 2,5-2,5\n", "utf-8")
    return players, results


def test_cli_pairs_the_next_round(files, capsys):
    players, results = files
    assert main(["tournament", "pair", "--players", str(players), "--results", str(results)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "2. tur"
    assert "Bay: Mert" in out


def test_cli_standings_in_english(files, capsys, tmp_path):
    players, results = files
    sheet = tmp_path / "standings.pdf"
    argv = ["--lang", "en", "tournament", "standings", "--players", str(players)]
    assert main([*argv, "--results", str(results), "--out", str(sheet)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].split()[:3] == ["1.", "Can", "1"]
    assert "Sonneborn-Berger" in out
    assert sheet.read_bytes()[:5] == b"%PDF-"


def test_cli_reads_a_windows_turkish_file(tmp_path, capsys):
    players = tmp_path / "sinif.txt"
    players.write_bytes("Ayşe\r\nÇağrı\r\nİpek\r\n".encode("cp1254"))
    assert main(["tournament", "pair", "--players", str(players)]) == 0
    assert "Çağrı" in capsys.readouterr().out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cli_errors_are_one_line_in_the_language(files, capsys, lang):
    players, results = files
    results.write_text("1. tur\nCan - Zeyno 3-2\n", encoding="utf-8")
    argv = ["--lang", lang, "tournament", "standings"]
    assert main([*argv, "--players", str(players), "--results", str(results)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Zeyno" in err
    assert ("satır" in err) == (lang == "tr")


def test_cli_missing_file(tmp_path, capsys):
    assert main(["tournament", "pair", "--players", str(tmp_path / "yok.txt")]) == 2
    assert "yok.txt diye bir dosya yok" in capsys.readouterr().err


def test_a_match_not_played_is_a_forfeit():
    text = "1. tur\nAyşe - Mert +-\nCan - Elif --\n"
    results = parse_results(text, PLAYERS)
    assert [r.forfeit for r in results] == ["+-", "--"]
    rows = {r.name: r for r in Tournament(PLAYERS, "round-robin", results).standings()}
    assert (rows["Ayşe"].points, rows["Mert"].points) == (1.0, 0.0)
    assert (rows["Can"].points, rows["Elif"].points) == (0.0, 0.0)
    assert rows["Ayşe"].set_points == 0.0
    with pytest.raises(TournamentError) as caught:
        parse_results("1. tur\nAyşe - Mert ++\n", PLAYERS)
    assert caught.value.key == "tournament.error.malformed"
