"""The first hour in class, in a real browser (issue 8): a lesson opened before it is run shows
its boards as pictures; a prediction's question and answers share a small screen; the numbers
are big on a projector; the pupil view shows one part at a time, centred. (Lesson 9 showing no
hint before anyone asks is checked in test_play_lab.py, a verdict waiting for the stones in
test_lessons_lab.py: they run those notebooks anyway.)

Screenshots go to tests/browser/screenshots/ (not kept in git).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mangala_edu.i18n import t

from .conftest import SCREENSHOTS, _free_port, wait_for_pupil_view
from .test_lessons_lab import LESSON_PATHS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parents[2]
#: A 1366x768 laptop screen leaves about 650 pixels of height to the page, under the browser's
#: own bars.
LAPTOP = (1366, 650)
PLAY = ROOT / "notebooks" / "tr" / "09_oyna.ipynb"


def stored_pictures(path: Path) -> int:
    """How many board pictures (<img> of an SVG) the notebook's stored outputs hold."""
    nb = json.loads(path.read_text("utf-8"))
    return sum(
        "".join(out.get("data", {}).get("text/html", "")).count('src="data:image/svg+xml;base64,')
        for cell in nb["cells"]
        for out in cell.get("outputs", [])
    )


@pytest.mark.parametrize("path", [LESSON_PATHS[0], PLAY], ids=lambda p: p.stem)
def test_a_lesson_not_run_yet_shows_its_boards_as_pictures(run_notebook, path):
    """Opened as a teacher first opens it (not trusted, not run): every stored board is drawn
    as a picture, none falls back to text, and each live widget says how to start it."""
    from playwright.sync_api import expect

    lab = run_notebook(path, viewport=(1366, 768), run=False)
    page = lab.page
    pictures = page.locator('.jp-OutputArea-output img[src^="data:image/svg+xml"]')
    expected = stored_pictures(path)
    assert expected >= 3
    expect(pictures).to_have_count(expected, timeout=30_000)
    shown = page.evaluate("""() => [...document.querySelectorAll(
        '.jp-OutputArea-output img[src^="data:image/svg+xml"]')].filter(
        img => img.complete && img.naturalWidth > 0).length""")
    assert shown == expected  # drawn, not a broken image
    texts = page.locator('.jp-OutputArea-output[data-mime-type="text/plain"]').all_text_contents()
    jumbled = [
        x
        for x in texts
        if "Mangala" in x
        or x.startswith(
            ("Board(", "Task(", "Demo(", "Quiz(", "Prediction(", "PlayBoard(", "Diagram(")
        )
    ]
    assert jumbled == []
    lang = path.parent.name
    notice = t("still.run", lang)[:40]
    expect(page.get_by_text(notice).first).to_be_visible()
    page.get_by_text(notice).first.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"untrusted_{path.stem}.png"))
    assert lab.errors() == []


def test_a_prediction_fits_a_small_screen_and_rings_where_the_stone_landed(run_notebook):
    """Lesson 2, task 1 on a 1366x768 screen: the question and every answer are on screen
    together; a first wrong guess only says "count again"; after a second one the board rings
    the place where the last stone landed, and the board and the verdict fit one screen."""
    from playwright.sync_api import expect

    lab = run_notebook(LESSON_PATHS[1], viewport=LAPTOP)
    page = lab.page
    task = page.locator(".mangala-task").first
    expect(task.locator(".mangala-board")).to_be_visible(timeout=30_000)
    prompt = task.locator(".mangala-prompt")
    answers = task.locator(".mangala-answers button")
    expect(answers).to_have_count(13)
    prompt.scroll_into_view_if_needed()
    page.evaluate("(el) => el.scrollIntoView({block: 'start'})", prompt.element_handle())
    top = prompt.bounding_box()
    last = answers.last.bounding_box()
    assert top and last and top["y"] >= 0 and last["y"] + last["height"] <= LAPTOP[1], (top, last)
    page.screenshot(path=str(SCREENSHOTS / "prediction_question_and_answers.png"))
    answers.nth(3).click()  # South's pit 4: wrong
    task.get_by_role("button", name=t("ui.check", "tr")).click()
    # A first miss: "count again", the move not played, nothing ringed yet.
    expect(task.locator(".mangala-feedback.mangala-wrong")).to_contain_text(
        "Orada değil", timeout=20_000
    )
    board = task.locator(".mangala-board")
    expect(board.locator('.mg-hit.mg-marked[data-label="N2"]')).to_have_count(0)
    answers.nth(3).click()  # wrong again: now the move is played
    task.get_by_role("button", name=t("ui.check", "tr")).click()
    expect(task.locator(".mangala-feedback.mangala-wrong")).to_contain_text(
        "Yanlış tahmin", timeout=20_000
    )
    expect(board.locator('.mg-hit.mg-marked[data-label="N2"]')).to_have_count(1)
    expect(board.locator(".mg-ring")).to_have_count(1)
    stage, feedback = (
        board.locator(".mg-stage").bounding_box(),
        task.locator(".mangala-feedback").bounding_box(),
    )
    assert stage and feedback
    assert feedback["y"] + feedback["height"] - stage["y"] <= LAPTOP[1]  # board and verdict
    board.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "prediction_landed.png"))
    assert lab.errors() == []


# -- The pupil view (Voilà), at projector and laptop sizes ---------------------------------


@pytest.fixture(scope="module")
def pupil_view(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Lesson 1 in Turkish as the pupil view (python -m mangala_edu.pupil), its address."""
    from .conftest import jupyter_tool

    jupyter_tool("voila", "voila")
    base = tmp_path_factory.mktemp("pupil")
    port = _free_port()
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(base / "runtime"),
        "JUPYTER_CONFIG_DIR": str(base / "config"),
    }
    log = (base / "voila.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mangala_edu.pupil",
            "1",
            "tr",
            "--port",
            str(port),
            "--no-browser",
            "--notebooks",
            str(ROOT / "notebooks"),
        ],
        cwd=base,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}/"
    if not wait_for_pupil_view(url, process):
        process.kill()
        pytest.fail((base / "voila.log").read_text()[-3000:])
    try:
        yield url
    finally:
        process.terminate()
        process.wait(timeout=15)


@pytest.mark.parametrize("size", [(1920, 1080), LAPTOP], ids=["projector", "laptop"])
def test_the_pupil_view_shows_one_part_at_a_time_centred_and_readable(browser, pupil_view, size):
    from playwright.sync_api import expect

    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(pupil_view, timeout=120_000)
    nav = page.locator(".mangala-pupil-nav")
    expect(nav).to_be_visible(timeout=120_000)
    step = nav.locator(".mangala-pupil-step")
    expect(step).to_have_text("Bölüm 1 / 6")
    assert page.locator(".mangala-pupil-hidden").count() > 0  # the other parts wait
    expect(page.get_by_role("heading", name="Ders 1 · Mangala tahtası")).to_be_visible()
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0  # no code
    column = page.locator("#rendered_cells > div").bounding_box()
    assert column and abs(column["x"] + column["width"] / 2 - width / 2) < 20  # centred
    page.screenshot(path=str(SCREENSHOTS / f"pupil_{width}_part1.png"))
    # Next, to the part with the first task: one part at a time.
    for _ in range(4):
        nav.get_by_role("button", name=t("pupil.next", "tr")).click()
    expect(step).to_have_text("Bölüm 5 / 6")
    expect(page.get_by_role("heading", name="Ders 1 · Mangala tahtası")).to_be_hidden()
    task = page.locator(".mangala-task").first
    expect(task.locator(".mangala-board .mg-count").first).to_be_visible(timeout=60_000)
    sizes = page.evaluate("""() => {
        const box = (el) => el.getBoundingClientRect();
        const task = document.querySelector('.mangala-task');
        const number = task.querySelector('.mg-pit-number text');
        const count = task.querySelector('.mg-count');
        const prompt = task.querySelector('.mangala-prompt');
        return {number: box(number).height, count: box(count).height,
                prompt: parseFloat(getComputedStyle(prompt).fontSize),
                stage: box(task.querySelector('.mg-stage')).width};
    }""")
    # Each board paints with its own gradients (ids shared with a board in a hidden part
    # would leave it grey).
    foreign = page.evaluate("""() => [...document.querySelectorAll('.mangala-board svg')]
        .flatMap(svg => [...svg.querySelectorAll('[fill^="url(#"]')].map(el => {
            const id = el.getAttribute('fill').slice(5, -1);
            return document.getElementById(id)?.closest('svg') === svg ? null : id;
        })).filter(Boolean)""")
    assert foreign == []
    big = width >= 1900
    assert sizes["number"] >= (20 if big else 14), sizes  # pit numbers: readable at the back
    assert sizes["count"] >= (18 if big else 12), sizes
    assert sizes["prompt"] >= (22 if big else 16), sizes
    board = task.locator(".mangala-board")
    board.scroll_into_view_if_needed()
    board.locator('.mg-hit[data-label="S3"]').click()
    feedback = task.locator(".mangala-feedback")
    expect(feedback).to_be_visible(timeout=20_000)
    font = float(feedback.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)"))
    assert font >= (22 if big else 16), font  # feedback in proportion to the board
    stage = task.locator(".mg-stage").bounding_box()
    box = feedback.bounding_box()
    assert stage and box and box["y"] + box["height"] - stage["y"] <= height  # one screen
    page.screenshot(path=str(SCREENSHOTS / f"pupil_{width}_task.png"))
    offline = ("Failed to load resource", "fonts.googleapis", "net::ERR_")
    assert [e for e in errors if not any(o in e for o in offline)] == []
    context.close()
