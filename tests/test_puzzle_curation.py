"""The curation rules of the puzzle collection (``mangala_edu.puzzles.curate``) and the themes'
definitions: a hand-checked sample of tags, each rule shown to catch what it is for, each rule
checked on the whole shipped collection, the miner keeping only what the rules allow, and the
``puzzles curate`` command.

The rules are shown at work on ``tests/data/puzzles_before_curation.jsonl``: 52 puzzles of the
collection as it was before the rules (proven, tagged with today's themes), among them puzzles
that break each rule."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest

from mangala_edu import Position
from mangala_edu.puzzles import Collection, PuzzleError
from mangala_edu.puzzles.collection import read_puzzles
from mangala_edu.puzzles.curate import (
    GREEDY_SHARE,
    MIN_MARGIN,
    MIN_MOVES,
    PINNED,
    RULES,
    changes_result,
    curate,
    ends_inside_chain,
    is_greedy,
    play_key,
    problems,
    whole_turns,
)
from mangala_edu.puzzles.mine import GameTask, MineSettings, mine_game
from mangala_edu.puzzles.model import puzzle_id
from mangala_edu.puzzles.prove import check_puzzle_line
from mangala_edu.puzzles.themes import LONG_SOWING, tag_themes

PUZZLES = Collection.shipped().puzzles
BEFORE = Path(__file__).parent / "data" / "puzzles_before_curation.jsonl"
SAMPLE = Collection.load(BEFORE).puzzles
BY_ID = {p.id: p for p in SAMPLE}

# Checked by hand on the board (South moves; pits counted from South's left):
HAND_CHECKED = {
    # Pit 2 (6 stones: 2, 3, 4, 5, 6, store) earns one extra turn, and the line stops there.
    # North threatened 11 (South's pit 3) before and 12 after: no defence (the old tagger
    # compared South's own best capture after the extra turn, 2, with the threat).
    "mc3c1221": ("extra_turn",),
    # Pit 6 (2 stones) earns an extra turn; North's threat is 2 before and after: no defence.
    # The only move that wins the set (+2; the next best draws).
    "m6ea8559": ("extra_turn", "only_move"),
    # Pit 6 (2 stones), pit 6 again (1 stone): two extra turns in a row, a chain; then pit 1's
    # single stone drops into the empty pit 2 and takes North's 5 (and North's side is empty:
    # the set ends).
    "m1ecbeed": ("empty_capture", "extra_turn_chain", "capture_after_extra_turn", "end_of_set"),
    # North threatens 5; pit 3 (4 stones) takes nothing and leaves North less: a quiet defence.
    "m21be4a0": ("defence", "quiet_move"),
    # Pit 3's 8 stones (a long sowing: 8 or more) end in North's pit 3 and make it even; the
    # only move that wins the set.
    "mcaeb9ec": ("even_capture", "long_sowing", "only_move"),
}


@pytest.mark.parametrize("pid", sorted(HAND_CHECKED))
def test_a_hand_checked_sample_is_tagged_as_a_person_reads_it(pid):
    p = BY_ID[pid]
    assert tag_themes(p.start, p.line, p.steps[0].values) == HAND_CHECKED[pid] == p.themes


def test_extra_turn_and_chain_never_go_together_and_a_chain_is_two_in_a_row():
    assert LONG_SOWING == 8
    for p in PUZZLES:
        assert not {"extra_turn", "extra_turn_chain"} <= set(p.themes), p.id
        traces = []
        pos = p.start
        for name in p.line:
            traces.append(pos.trace(name))
            pos = traces[-1].after
        mine = [tr.player == p.learner and tr.extra_turn for tr in traces]
        in_a_row = any(a and b for a, b in pairwise(mine))
        assert ("extra_turn_chain" in p.themes) == in_a_row, p.id
        assert ("extra_turn" in p.themes) == (any(mine) and not in_a_row), p.id


# -- Each rule catches what it is for ---------------------------------------------------------


def test_a_puzzle_with_two_moves_or_little_to_choose_or_a_broken_turn_is_refused():
    good = BY_ID["mcaeb9ec"]
    assert problems(good) == ()
    two = next(p for p in SAMPLE if len(p.start.legal_moves) < MIN_MOVES)
    assert "few_moves" in problems(two)
    close = next(
        p
        for p in SAMPLE
        if not changes_result(p) and p.margin < MIN_MARGIN and len(p.start.legal_moves) >= 3
    )
    assert "little_to_choose" in problems(close)
    # A result that changes is enough, however small the margin: a draw saved by 2.
    saved = next(p for p in SAMPLE if changes_result(p) and p.margin < MIN_MARGIN)
    assert "little_to_choose" not in problems(saved)
    chain = BY_ID["m6ea8559"]  # the line stops after pit 6's extra turn
    assert ends_inside_chain(chain) and "inside_chain" in problems(chain)


def test_a_line_is_cut_back_to_its_last_whole_turn_and_still_proven():
    longer = [
        p for p in SAMPLE if ends_inside_chain(p) and whole_turns(p) is not None and p.stones <= 16
    ]
    assert longer
    for p in longer[:5]:
        cut = whole_turns(p)
        assert cut is not None and len(cut.line) < len(p.line)
        assert cut.line == p.line[: len(cut.line)] and not ends_inside_chain(cut)
        check_puzzle_line(cut.start, cut.line, cut.steps, value=cut.value)
    assert whole_turns(BY_ID["m6ea8559"]) is None  # not even the first turn is whole


def _mirror(text: str, stores: tuple[int, int]) -> str:
    """The same position seen from the other side (the rows and the mover swapped), with
    other stores."""
    rows, mover = text.split()
    south, north = (row.split(",") for row in rows.split("/"))
    flipped = {"S": "N", "N": "S"}[mover]
    top = ",".join([*north[:6], str(stores[0])])
    bottom = ",".join([*south[:6], str(stores[1])])
    return f"{top}/{bottom} {flipped}"


def _twin(p, stores=(10, 25)):
    """``p`` seen from North, with other stores."""
    text = _mirror(p.position, stores)
    line = tuple(("N" if name[0] == "S" else "S") + name[1:] for name in p.line)
    return replace(p, id=puzzle_id(Position.from_text(text)), position=text, line=line)


def test_a_mirror_with_other_stores_is_the_same_puzzle_and_the_earlier_one_stays():
    pinned = BY_ID["m21be4a0"]
    twin = _twin(pinned)
    assert play_key(twin.start) == play_key(pinned.start) and twin.learner != pinned.learner
    assert problems(twin) == () and not is_greedy(twin)
    result = curate([twin, pinned])
    assert [q.id for q in result.kept] == [pinned.id]  # a lesson's puzzle wins
    other = next(p for p in SAMPLE if p.id not in PINNED and not problems(p) and not is_greedy(p))
    result = curate([_twin(other), other])
    assert [q.id for q in result.kept] == [_twin(other).id]  # else the earlier one
    assert result.dropped["same_puzzle"] == [other.id]


def _inner(host):
    """The puzzle that starts at ``host``'s second learner's step."""
    k = next(
        i
        for i, name in enumerate(host.line)
        if i and host.is_learner_move(name) and not host.is_learner_move(host.line[i - 1])
    )
    start = host.positions()[k]
    return replace(
        host,
        id=puzzle_id(start),
        position=start.to_text(),
        line=host.line[k:],
        steps=host.steps[1:],
    )


def test_a_puzzle_that_starts_inside_another_s_line_is_left_out():
    host, inner = next(
        (p, _inner(p))
        for p in SAMPLE
        if p.learner_moves >= 2
        and not problems(p)
        and not is_greedy(p)
        and p.id not in PINNED
        and not problems(_inner(p))
        and not is_greedy(_inner(p))
    )
    result = curate([inner, host])
    assert [q.id for q in result.kept] == [host.id]
    assert result.dropped["inside_line"] == [inner.id]


# -- The rules on a whole collection ----------------------------------------------------------


def meets_every_rule(puzzles) -> None:
    """Each rule, checked on ``puzzles`` directly (not through :func:`curate`)."""
    for p in puzzles:
        assert len(p.start.legal_moves) >= MIN_MOVES, p.id  # few_moves
        assert changes_result(p) or p.margin >= MIN_MARGIN, p.id  # little_to_choose
        assert not ends_inside_chain(p), p.id  # inside_chain
    keys = [play_key(p.start) for p in puzzles]
    assert len(set(keys)) == len(keys)  # same_puzzle
    starts = set(keys)
    for p in puzzles:  # inside_line
        inside = {play_key(pos) for pos in p.positions()[1:] if not pos.is_over}
        assert not inside & (starts - {play_key(p.start)}), p.id
    bands = Counter(p.band for p in puzzles)
    greedy = Counter(p.band for p in puzzles if is_greedy(p))
    for band, n in bands.items():  # greedy_share
        assert greedy[band] <= GREEDY_SHARE[band] * n + 1e-9, (band, greedy[band], n)


def test_the_shipped_collection_meets_every_rule():
    meets_every_rule(PUZZLES)
    assert {p.id for p in PUZZLES} >= PINNED  # the lessons' puzzles are there
    again = curate(PUZZLES)
    assert [p.id for p in again.kept] == [p.id for p in PUZZLES] and not again.shortened


def test_curating_keeps_what_meets_every_rule_and_each_rule_leaves_something_out():
    """On the collection as it was before the rules: each rule does work (a rule that never
    fires would pass the test above without checking anything), what is kept meets them all,
    in the file's order (the ids that survive stay)."""
    curated = curate(SAMPLE)
    counts = curated.counts()
    assert set(counts) == set(RULES)
    assert all(counts[rule] > 0 for rule in RULES), counts
    assert sum(counts.values()) + len(curated.kept) == len(SAMPLE)
    meets_every_rule(curated.kept)
    assert {p.id for p in curated.kept} >= PINNED & set(BY_ID)
    order = [p.id for p in SAMPLE]
    positions = [order.index(p.id) for p in curated.kept]
    assert positions == sorted(positions)


def test_the_miner_keeps_only_puzzles_the_rules_allow():
    settings = MineSettings(max_stones=12, node_limit=200_000, time_scale=0.05)
    found = [p for seed in range(8) for p in mine_game(GameTask(seed, settings)).puzzles]
    assert found
    for p in found:
        assert problems(p) == (), (p.id, problems(p))
        assert p.themes == tag_themes(p.start, p.line, p.steps[0].values)


# -- The command ------------------------------------------------------------------------------


def test_puzzles_curate_rewrites_a_file_and_says_what_it_left_out(capsys, tmp_path):
    from mangala_edu.cli import main

    path = tmp_path / "p.jsonl"
    path.write_text(BEFORE.read_text("utf-8"), "utf-8")
    given = len(SAMPLE)
    assert main(["--lang", "tr", "puzzles", "curate", "--file", str(path)]) in (0, None)
    out = capsys.readouterr().out
    kept = read_puzzles(path)
    assert out.startswith(f"{path}: {given} bulmaca, {len(kept)} tanesi kaldı")
    assert "Çıkarılanlar: üçten az hamle (" in out and "Toplam: " in out
    assert 0 < len(kept) < given
    meets_every_rule(kept)
    again = main(["puzzles", "curate", "--file", str(path), "--json"])
    assert again in (0, None)
    report = json.loads(capsys.readouterr().out)
    assert report["before"] == report["kept"] == len(kept)  # curating twice changes nothing


def test_puzzles_curate_on_a_missing_file_says_so_and_writes_nothing(capsys, tmp_path):
    from mangala_edu.cli import main

    path = tmp_path / "yok.jsonl"
    status = main(["--lang", "tr", "puzzles", "curate", "--file", str(path)])
    err = capsys.readouterr().err
    assert status not in (0, None) and "yok.jsonl" in err and not path.exists()


def test_a_damaged_file_is_not_curated(tmp_path):
    from mangala_edu.puzzles.mine import curate_file

    path = tmp_path / "p.jsonl"
    path.write_text(PUZZLES[0].to_json() + "\n{not json\n", "utf-8")
    before = path.read_text("utf-8")
    with pytest.raises(PuzzleError):
        curate_file(path)
    assert path.read_text("utf-8") == before
