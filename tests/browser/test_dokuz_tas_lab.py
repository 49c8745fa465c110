"""The live Dokuz Taş board in a real JupyterLab and Chromium: clicks (and keys) play a short
game to its end, with a placement that closes a mill, a removal (a protected stone refused),
a flight, a slide that closes a mill and the win; after every turn the board's drawing is
checked against the engine.

Screenshots go to tests/browser/screenshots/ (not kept in git): look at them.
"""

from __future__ import annotations

import pytest

from mangala_edu.dokuz_tas import Game, Position
from mangala_edu.i18n import t

from .conftest import SCREENSHOTS, click_when_still

pytestmark = pytest.mark.browser

START = Position(
    white=["a7", "d7", "a1", "d1", "g4", "b4"],
    black=["b2", "d2", "f2", "c5"],
    to_move="white",
    in_hand=(1, 0),
)
SETUP = (
    "from mangala_edu.dokuz_tas import Position\n"
    "from mangala_edu.dokuz_tas.widget import DokuzTasBoard\n"
    "start = Position(white=['a7', 'd7', 'a1', 'd1', 'g4', 'b4'],\n"
    "                 black=['b2', 'd2', 'f2', 'c5'], to_move='white', in_hand=(1, 0))"
)


def write_notebook(path, *sources: str):
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in sources]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, path)
    return path


def drawn(board) -> dict[str, list[str]]:
    """The stones the board's SVG shows, by colour."""
    return board.evaluate("""(root) => {
        const out = {white: [], black: []};
        for (const g of root.querySelectorAll('.dt-stones .dt-stone')) {
            out[g.classList.contains('dt-white') ? 'white' : 'black'].push(g.dataset.point);
        }
        out.white.sort(); out.black.sort();
        return out;
    }""")


def expect_position(page, board, position: Position) -> None:
    """Wait until the board is still and draws ``position``'s stones and hands."""
    from playwright.sync_api import expect

    want = {c: sorted(position.stones(c)) for c in ("white", "black")}
    page.wait_for_function(
        """([root, want]) => {
            if (root.classList.contains('dt-busy')) return false;
            const out = {white: [], black: []};
            for (const g of root.querySelectorAll('.dt-stones .dt-stone')) {
                out[g.classList.contains('dt-white') ? 'white' : 'black'].push(g.dataset.point);
            }
            out.white.sort(); out.black.sort();
            return JSON.stringify(out) === JSON.stringify(want);
        }""",
        arg=[board.element_handle(), want],
        timeout=20_000,
    )
    assert drawn(board) == want
    for colour in ("white", "black"):
        hand = board.locator(f".dt-panel-{colour} .dt-hand-count")
        expect(hand).to_have_text(
            t("dokuz_tas.board.in_hand", "tr", count=position.in_hand(colour))
        )
    mover = "white" if position.to_move == "white" else "black"
    active = board.locator(".dt-panel.dt-active")
    if position.is_over:
        expect(active).to_have_count(0)
    else:
        expect(active).to_have_count(1)
        expect(board.locator(f".dt-panel-{mover}.dt-active")).to_have_count(1)


@pytest.mark.parametrize("viewport", [(1366, 768), (1920, 1080)], ids=["laptop", "projector"])
def test_a_short_game_is_played_by_clicks_in_lab(run_notebook, tmp_path, viewport):
    from playwright.sync_api import expect

    w, h = viewport
    notebook = write_notebook(
        tmp_path / "dokuz_tas.ipynb", SETUP, "board = DokuzTasBoard(start, speed=4)\nboard"
    )
    lab = run_notebook(notebook, viewport=viewport)
    page = lab.page
    board = page.locator(".dokuz-tas-board")
    expect(board).to_have_count(1, timeout=30_000)
    assert lab.error_outputs() == []
    game = Game(START)
    SCREENSHOTS.mkdir(exist_ok=True)

    def point(name: str):
        return board.locator(f'.dt-hit[data-point="{name}"]')

    def shot(name: str) -> None:
        board.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / f"dokuz_tas_{name}_{w}.png"))

    expect_position(page, board, game.position)
    box = board.locator(".dt-stage").bounding_box()
    assert box is not None and box["width"] > 600 and box["y"] + box["height"] <= h, box
    expect(point("g7")).to_have_attribute("aria-label", "g7: boş nokta. Buraya oynanabilir.")
    expect(board.locator(".dt-under .dt-target")).to_have_count(24 - 10)
    shot("placing")

    # 1. White places on g7: the mill a7-d7-g7; c5 may be taken, b2-d2-f2 may not.
    click_when_still(point("g7"))
    expect(board.locator(".dt-over .dt-takeable")).to_have_count(1)
    expect(board.locator('.dt-over .dt-takeable[data-point="c5"]')).to_have_count(1)
    expect(board.locator(".dt-over .dt-protected")).to_have_count(3)
    expect(board.locator(".dt-under .dt-mill")).to_have_count(1)
    expect(board.locator(".dt-hint")).to_contain_text("(b2, d2, f2)")
    assert game.position.stones("white") == START.stones("white")  # not played yet
    shot("mill")
    point("d2").click()  # a protected stone: refused, explained, nothing changes
    expect(board.locator(".dt-message")).to_have_text(
        t("dokuz_tas.error.remove_protected", "tr", point="d2", line="b2-d2-f2")
    )
    expect(board.locator(".dt-over .dt-takeable")).to_have_count(1)
    point("c5").click()
    game.push("g7xc5")
    expect_position(page, board, game.position)
    expect(board.locator(".dt-message")).to_have_text("")
    expect(board.locator(".dt-caption")).to_contain_text("c5 noktasındaki Siyah taş alındı.")

    # 2. Black (three stones) flies d2 -> e5, chosen with the keyboard: point names, Enter.
    board.locator(".dt-stage").click(position={"x": 5, "y": 5})  # focus the board
    cells = page.evaluate("window.jupyterapp.shell.currentWidget.content.widgets.length")
    page.keyboard.type("d2")
    expect(point("d2")).to_be_focused()
    expect(board.locator(".dt-focus .dt-focus-ring")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(board.locator('.dt-over .dt-selected[data-point="d2"]')).to_have_count(1)
    expect(board.locator(".dt-under .dt-target")).to_have_count(24 - 10)  # every empty point
    shot("flying")
    page.keyboard.type("e5")
    page.keyboard.press("Enter")
    game.push("d2-e5")
    expect_position(page, board, game.position)
    # Lab's own shortcuts ("d d" deletes a cell) never saw the keys.
    assert page.evaluate("window.jupyterapp.shell.currentWidget.content.widgets.length") == cells

    # 3. White slides g4 -> g1: the mill a1-d1-g1, then takes b2; Black is left with two.
    point("g4").click()
    expect(board.locator(".dt-under .dt-target")).to_have_count(2)  # f4 and g1
    shot("moving")
    point("a4").click()  # not a neighbour of g4: explained, nothing changes
    expect(board.locator(".dt-message")).to_contain_text("g4 ile a4 komşu değil")
    expect(board.locator('.dt-over .dt-selected[data-point="g4"]')).to_have_count(1)
    point("g1").click()
    expect(board.locator(".dt-over .dt-takeable")).to_have_count(3)
    point("b2").click()
    game.push("g4-g1xb2")
    expect_position(page, board, game.position)
    assert game.outcome is not None and game.outcome.winner == "white"
    expect(board.locator(".dt-status")).to_have_text(
        t("dokuz_tas.board.over", "tr", why=game.outcome.said)
    )
    expect(board.locator(".dt-caption")).to_contain_text("Beyaz kazandı")
    shot("end")

    assert lab.errors() == []
