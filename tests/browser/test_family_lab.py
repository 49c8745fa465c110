"""The family's games in a real JupyterLab and Chromium: each is played by clicks against the
computer, the board shows the engine's position after every answer, and a Toguz Korgool tuzdik
is marked on its pit with its owner.

Screenshots of every game's board at 1366x768 and 1920x1080 go to tests/browser/screenshots/
(not kept in git): look at them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mangala_edu import Position, Rules
from mangala_edu.i18n import t
from mangala_edu.widgets.play import PlayBoard

from .conftest import SCREENSHOTS

pytestmark = pytest.mark.browser

GAMES = ["toguz-korgool", "mangala-ii", "mangala-iv", "kalah"]
#: South's pit 9 makes North's pit 2 hold 3: South's tuzdik.
TUZDIK = "0,0,0,0,0,0,0,0,3,10/1,2,0,0,0,0,0,0,0,0 S"
#: A position with a tuzdik already (an x in North's row is South's tuzdik).
#: South's pit 9 then sows its last stone into that tuzdik: it goes to South's store.
HAS_TUZDIK = "2,0,5,0,0,0,0,0,3,40/3,x,4,0,0,0,0,0,1,20 S"


def write_notebook(path: Path, *cells: str) -> Path:
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"c{k}",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for k, source in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def expect_board(widget, position: Position) -> None:
    from playwright.sync_api import expect

    expect(widget.locator(".mangala-board .mg-count")).to_have_text(
        [str(c) for c in position.board], timeout=60_000
    )


def shoot(page, widget, name: str) -> None:
    """The board at a laptop's and a projector's size; it never overflows the page."""
    SCREENSHOTS.mkdir(exist_ok=True)
    for width, height in ((1366, 768), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(400)
        board = widget.locator(".mangala-board")
        board.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / f"family_{name}_{width}.png"))
        box = board.locator(".mg-stage").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


@pytest.mark.parametrize("game", GAMES)
def test_each_game_played_by_clicks_against_the_computer(run_notebook, tmp_path, game):
    from playwright.sync_api import expect

    settings = f"level='kolay', rules={game!r}, human='south', first='south', seed=2, lang='en'"
    notebook = write_notebook(
        tmp_path / f"{game}.ipynb",
        "from mangala_edu.widgets.play import PlayBoard",
        f"play = PlayBoard({settings}, speed=12)\nplay",
    )
    lab = run_notebook(notebook, viewport=(1366, 768))
    page = lab.page
    assert lab.error_outputs() == []
    twin = PlayBoard(
        level="kolay", rules=game, human="south", first="south", seed=2, lang="en", speed=0
    )
    widget = page.locator(".mangala-play")
    expect(widget).to_have_count(1, timeout=30_000)
    expect_board(widget, twin.position)
    board = widget.locator(".mangala-board")
    rules = Rules.from_name(game)
    if not rules.stores_on_path:
        # The captured stones lie in dishes beside the names: pictures, not buttons.
        expect(board.locator(".mg-dish[role=img]")).to_have_count(2)
        assert board.locator("button.mg-store").count() == 0
        label = board.locator(".mg-dish.mg-south").get_attribute("aria-label")
        assert label == "South's captured stones: 0"
    else:
        expect(board.locator("button.mg-store")).to_have_count(2)
    expect(board.locator("button.mg-pit")).to_have_count(2 * rules.pits)
    first_label = board.locator('.mg-hit[data-label="S1"]').get_attribute("aria-label")
    assert first_label == f"South pit 1, {rules.stones} stones"
    title = widget.locator("h3")
    if game == "mangala-iv":
        expect(title).to_contain_text("Mangala IV")
        expect(widget.locator(".mangala-play-info")).to_contain_text("No choice in this game")
    for move in range(3):
        if twin.position.is_over:
            break
        moves = twin.position.legal_moves
        if game == "mangala-iv" and move == 1:
            # The forced move by its button (the pupil watches).
            widget.get_by_role("button", name=t("play.forced_button", "en")).click()
            twin.forced_move()
        else:
            pit = moves[-1]
            board.locator(f'.mg-hit[data-label="S{pit}"]').click()
            twin.human_move(pit)
        expect_board(widget, twin.position)
        expect(widget.locator(".mg-busy")).to_have_count(0, timeout=60_000)
    expect(widget.locator(".mangala-play-info")).to_contain_text(twin.info_text, timeout=20_000)
    # A click on the other side's pit is explained and changes nothing.
    board.locator('.mg-hit[data-label="N1"]').click()
    expect(board.locator(".mg-message.mg-error")).to_contain_text("North")
    expect_board(widget, twin.position)
    shoot(page, widget, game)
    assert lab.errors() == []


def test_the_tuzdik_is_marked_with_its_owner(run_notebook, tmp_path):
    from playwright.sync_api import expect

    notebook = write_notebook(
        tmp_path / "tuzdik.ipynb",
        "from mangala_edu import Position, Rules\nfrom mangala_edu.widgets import Board",
        f"Board(Position.from_text({TUZDIK!r}, Rules.toguz_korgool()), lang='en', speed=12)",
        f"Board(Position.from_text({HAS_TUZDIK!r}, Rules.toguz_korgool()), lang='tr')",
    )
    lab = run_notebook(notebook, viewport=(1366, 768))
    page = lab.page
    boards = page.locator(".mangala-board")
    expect(boards).to_have_count(2, timeout=30_000)
    made, ready = boards.nth(0), boards.nth(1)
    # A board that starts with a tuzdik shows it at once, with its owner, in Turkish.
    mark = ready.locator(".mg-tuzdik")
    expect(mark).to_have_count(1)
    assert mark.get_attribute("data-owner") == "south"
    expect(mark).to_contain_text("tuzdik")
    expect(mark).to_contain_text("Güney")
    label = ready.locator('.mg-hit[data-label="N2"]').get_attribute("aria-label")
    assert label is not None and "Güney'in tuzdik kuyusu" in label
    # Made by a move played with the keyboard (key 9): the mark comes with the capture.
    expect(made.locator(".mg-tuzdik")).to_have_count(0)
    made.focus()
    page.keyboard.press("9")
    expect(made.locator(".mg-caption")).to_contain_text("tuzdik", timeout=30_000)
    expect(made.locator('.mg-tuzdik[data-owner="south"]')).to_have_count(1)
    expect(made).not_to_have_class(re.compile(r"\bmg-busy\b"), timeout=30_000)
    after = Position.from_text(TUZDIK, Rules.toguz_korgool()).play(9)
    expect(made.locator(".mg-count")).to_have_text([str(c) for c in after.board])
    expect(made.locator('.mg-tuzdik[data-owner="south"]')).to_have_count(1)
    label = made.locator('.mg-hit[data-label="N2"]').get_attribute("aria-label")
    assert label is not None and "South's tuzdik" in label
    # The tuzdik is never played from: North's click on it is explained.
    made.locator('.mg-hit[data-label="N2"]').click()
    expect(made.locator(".mg-message.mg-error")).to_contain_text("tuzdik")
    # A stone sown into a tuzdik goes to its owner's store (here the last one).
    ready.scroll_into_view_if_needed()
    ready.locator('.mg-hit[data-label="S9"]').click()
    expect(ready.locator(".mg-caption")).to_have_text(
        "Son taş Güney'in tuzdik kuyusuna düştü: başka bir şey olmaz", timeout=30_000
    )
    sown = Position.from_text(HAS_TUZDIK, Rules.toguz_korgool()).play(9)
    expect(ready.locator(".mg-count")).to_have_text([str(c) for c in sown.board])
    expect(ready.locator(".mg-tuzdik")).to_have_count(1)
    SCREENSHOTS.mkdir(exist_ok=True)
    made.scroll_into_view_if_needed()
    made.screenshot(path=str(SCREENSHOTS / "family_tuzdik_made.png"))
    ready.scroll_into_view_if_needed()
    ready.screenshot(path=str(SCREENSHOTS / "family_tuzdik_start.png"))
    assert lab.errors() == []


#: South's pit 6: North's pit 1 becomes 2 and is taken; North's row is empty: North passes.
PASS = "1,0,0,0,0,1,34/1,0,0,0,0,0,35 S"


def test_relay_chain_capture_and_pass_step_by_step(run_notebook, tmp_path):
    """Mangala IV's first move relays four times and ends in a chain capture; a Mangala II
    move ends with a pass: every step has its caption, the lifted pit and the captured pits
    are ringed, the hand says how many stones it holds."""
    from playwright.sync_api import expect

    from mangala_edu.display.captions import trace_captions

    notebook = write_notebook(
        tmp_path / "events.ipynb",
        "from mangala_edu import Position, Rules\nfrom mangala_edu.widgets import Board",
        "Board(rules=Rules.mangala_iv(), lang='en', step_mode=True)",
        f"Board(Position.from_text({PASS!r}, Rules.mangala_ii()), lang='en', step_mode=True)",
    )
    lab = run_notebook(notebook, viewport=(1366, 768))
    page = lab.page
    boards = page.locator(".mangala-board")
    expect(boards).to_have_count(2, timeout=30_000)
    relay = boards.nth(0)
    trace = Position.start(Rules.mangala_iv()).trace(1)
    captions = trace_captions(trace, "en")
    relay.locator('.mg-hit[data-label="S1"]').click()
    caption = relay.locator(".mg-caption")
    expect(caption).to_have_text(captions[0])
    SCREENSHOTS.mkdir(exist_ok=True)
    for i in range(1, len(captions)):
        relay.locator(".mg-next").click()
        expect(caption).to_have_text(captions[i])
        kind = trace.events[i].kind
        if kind == "relay" and i < 10:
            # The relay lifts the pit: ringed, and the hand holds its stones.
            expect(relay.locator(".mg-hand")).to_contain_text(str(trace.events[i].count))
            expect(relay.locator(".mg-highlights .mg-ring")).to_have_count(1)
            relay.scroll_into_view_if_needed()
            relay.screenshot(path=str(SCREENSHOTS / "family_relay_step.png"))
    assert trace.events[-1].kind == "chain_capture"
    taken = {m[0] for m in trace.events[-1].moved}
    expect(relay.locator(".mg-highlights .mg-ring")).to_have_count(len(taken))
    relay.screenshot(path=str(SCREENSHOTS / "family_chain_capture_step.png"))
    relay.locator(".mg-end").click()
    expect(relay.locator(".mg-count")).to_have_text([str(c) for c in trace.after.board])
    # The pass: its caption comes last, and South is to move again.
    passing = boards.nth(1)
    trace = Position.from_text(PASS, Rules.mangala_ii()).trace(6)
    captions = trace_captions(trace, "en")
    passing.scroll_into_view_if_needed()
    passing.locator('.mg-hit[data-label="S6"]').click()
    for _ in range(1, len(captions)):
        passing.locator(".mg-next").click()
    expect(passing.locator(".mg-caption")).to_have_text(
        "North has no stones: North passes and South plays again"
    )
    passing.screenshot(path=str(SCREENSHOTS / "family_pass_step.png"))
    passing.locator(".mg-end").click()
    expect(passing.locator(".mg-player-south.mg-active")).to_have_count(1)
    expect(passing.locator(".mg-count")).to_have_text([str(c) for c in trace.after.board])
    assert lab.errors() == []


@pytest.mark.parametrize(
    ("number", "lang"), [(23, "en"), (24, "tr"), (25, "tr")], ids=lambda v: str(v)
)
def test_a_family_lesson_runs_in_lab_with_its_boards(run_notebook, number, lang):
    """The lessons of the family (their notebooks as stored) draw their boards with the
    dishes of captured stones, and their closing match plays by a click."""
    from playwright.sync_api import expect

    from mangala_edu.lessons.content import LESSONS

    path = Path(__file__).parents[2] / "notebooks" / lang / f"{LESSONS[number].names[lang]}.ipynb"
    lab = run_notebook(path, viewport=(1366, 768))
    page = lab.page
    assert lab.error_outputs() == []
    boards = page.locator(".mangala-board")
    expect(boards.first).to_be_visible(timeout=30_000)
    expect(boards.first.locator(".mg-dish[role=img]")).to_have_count(2)
    play = page.locator(".mangala-play")
    expect(play).to_have_count(1, timeout=30_000)
    board = play.locator(".mangala-board")
    board.scroll_into_view_if_needed()
    counts = board.locator(".mg-count")
    before = counts.all_text_contents()
    legal = board.locator("button.mg-hit.mg-legal").first
    expect(legal).to_be_visible(timeout=30_000)
    legal.click()
    expect(counts).not_to_have_text(before, timeout=30_000)
    expect(board).not_to_have_class(re.compile(r"\bmg-busy\b"), timeout=60_000)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"family_lesson{number}_{lang}.png"))
    assert lab.errors() == []
