"""The pupil view (Voilà, ``python -m mangala_edu.pupil``) on a 1920x1080 screen: a verdict
shows without scrolling, above the Back / Next bar; no button's words are cut; the controls
are in proportion to the board.

Screenshots go to tests/browser/screenshots/ (not kept in git).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, suppress

import pytest

from .conftest import SCREENSHOTS, jupyter_tool
from .shoot import pupil_server

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1920, 1080
OFFLINE = ("Failed to load resource", "fonts.googleapis", "net::ERR_")
#: The smallest font of a control on a 1920 screen, and of a check box's or radio's box.
CONTROL_PX = 18
BOX_PX = 16

#: Where a box is and whether the bar covers it: its rectangle, the bar's top, and whether
#: the element at its centre is inside it (nothing lies over it).
GEOMETRY = """(box) => {
    const r = box.getBoundingClientRect();
    const bar = document.querySelector('.mangala-pupil-nav').getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, bar: bar.top,
            width: innerWidth, height: innerHeight, hit: !!hit && box.contains(hit),
            hitName: hit ? hit.className.toString() : null,
            visibility: getComputedStyle(box).visibility};
}"""

IN_VIEW = f"""(box) => {{
    const g = ({GEOMETRY})(box);
    return g.visibility === 'visible' && g.top >= 0 && g.left >= 0 && g.right <= g.width
        && g.bottom <= g.bar && g.bar <= g.height && g.hit;
}}"""

#: The visible controls' font sizes, the sizes of check boxes and radios, and the buttons
#: whose words do not fit.
CONTROLS = """() => {
    const shown = (el) => el.offsetParent !== null;
    const words = ['select', 'input[type=text]', 'button.jupyter-button',
                   '.widget-toggle-button', '.widget-label', '.widget-radio-box label',
                   '.mangala-board .mg-toolbar label', '.mangala-board .mg-btn'];
    const fonts = [];
    for (const selector of words)
        for (const el of document.querySelectorAll(selector))
            if (shown(el)) fonts.push([selector, (el.textContent || el.value || '').trim(),
                                       parseFloat(getComputedStyle(el).fontSize)]);
    const boxes = [...document.querySelectorAll('input[type=checkbox], input[type=radio]')]
        .filter(shown).map((el) => [el.type, el.getBoundingClientRect().width]);
    const cut = [...document.querySelectorAll('button, .jupyter-button')].filter(shown)
        .filter((b) => b.scrollWidth > b.clientWidth)
        .map((b) => [b.textContent.trim(), b.scrollWidth, b.clientWidth]);
    return {fonts, boxes, cut};
}"""


@pytest.fixture(scope="module")
def pupil_view() -> Iterator[Callable[..., str]]:
    """``pupil_view(3)``: the address of lesson 3's pupil view (``pupil_view(3, "en")``: in
    English), started once."""
    jupyter_tool("voila", "voila")
    servers: dict[tuple[int, str], str] = {}
    with ExitStack() as stack:

        def open_lesson(number: int, lang: str = "tr") -> str:
            if (number, lang) not in servers:
                servers[number, lang] = stack.enter_context(pupil_server(number, lang))
            return servers[number, lang]

        yield open_lesson


def open_page(browser, url: str):
    """A 1920x1080 page on ``url`` with its Back / Next bar shown; its errors are collected
    in ``page.errors``."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    page = context.new_page()
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url, timeout=120_000)
    page.locator(".mangala-pupil-nav").wait_for(timeout=120_000)
    return page


def go_to(page, selector: str, text: str = "") -> None:
    """Press Next until the section shown holds ``selector`` (with ``text`` in it, if given);
    wait for its boards. Voilà streams a lesson's outputs in as its cells run, so the element
    is waited for first: a section passed before its output came would not be seen again."""
    page.locator(selector, has_text=text or None).first.wait_for(state="attached", timeout=120_000)
    for _ in range(30):
        if page.evaluate(
            """([s, text]) => [...document.querySelectorAll(s)].some(
                el => el.offsetParent !== null && el.textContent.includes(text))""",
            [selector, text],
        ):
            break
        page.locator(".mangala-pupil-next").click()
    else:
        pytest.fail(f"no section shows {selector}")
    page.wait_for_function(
        """() => [...document.querySelectorAll('.mangala-board')]
            .filter(b => b.offsetParent !== null).every(b => b.querySelector('.mg-count'))""",
        timeout=60_000,
    )


def verdict_in_view(page, task, name: str) -> None:
    """The verdict of ``task`` shows (after the stones are down) and is in view: inside the
    window, above the bar, nothing over it; without the pupil scrolling."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    box = task.locator(".mangala-feedback").first
    box.wait_for(state="attached", timeout=30_000)
    handle = box.element_handle()
    page.wait_for_function(
        "(box) => getComputedStyle(box).visibility === 'visible'", arg=handle, timeout=60_000
    )
    with suppress(PlaywrightTimeout):  # a smooth scroll may still be under way
        page.wait_for_function(IN_VIEW, arg=handle, timeout=5_000)
    page.screenshot(path=str(SCREENSHOTS / f"pupil_view_{name}.png"))
    where = page.evaluate(GEOMETRY, handle)
    assert where["visibility"] == "visible", where
    assert where["top"] >= 0 and where["bottom"] <= where["bar"] <= where["height"], where
    assert where["left"] >= 0 and where["right"] <= where["width"], where
    assert where["hit"], where  # not under the bar, nor under anything else


def test_the_verdict_shows_above_the_bar_without_scrolling(browser, pupil_view):
    """Lesson 3: a guess checked ("Kontrol et"), then a move on the next task's board: each
    verdict is on screen, above the Back / Next bar."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page = open_page(browser, pupil_view(3))
    go_to(page, ".mangala-task .mangala-answers")
    guess = page.locator(".mangala-task").filter(has=page.locator(".mangala-answers")).first
    guess.locator(".mangala-answers button").first.click()
    guess.locator("button.mod-primary").click()  # "Kontrol et"
    verdict_in_view(page, guess, "guess_checked")
    # The next task is played on its board: the pupil scrolls to the board and plays.
    task = page.locator(".mangala-task").filter(has_not=page.locator(".mangala-answers")).first
    stage = task.locator(".mg-stage")
    stage.evaluate("(el) => el.scrollIntoView({block: 'center'})")
    task.locator(".mg-hit.mg-legal").first.click()
    verdict_in_view(page, task, "task_moved")
    assert [e for e in page.errors if not any(o in e for o in OFFLINE)] == []
    page.context.close()


def test_the_puzzle_trainers_verdict_shows_above_the_bar(browser, pupil_view):
    """Lesson 19: a move on the trainer's board (the reply follows): the verdict is on
    screen, above the Back / Next bar."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page = open_page(browser, pupil_view(19))
    go_to(page, ".mangala-puzzles")
    trainer = page.locator(".mangala-puzzles").first
    trainer.locator(".mg-stage").evaluate("(el) => el.scrollIntoView({block: 'center'})")
    trainer.locator(".mg-hit.mg-legal").first.click()
    verdict_in_view(page, trainer, "trainer_moved")
    assert [e for e in page.errors if not any(o in e for o in OFFLINE)] == []
    page.context.close()


@pytest.mark.parametrize(
    ("lesson", "lang", "selector"),
    [
        (3, "tr", ".mangala-task .mangala-answers"),  # answers, "Kontrol et", "Adım adım", "Hız"
        (3, "tr", ".mangala-quiz"),  # radios and "Kontrol et"
        (19, "tr", ".mangala-puzzles"),  # the name field, lists, "Çözümü göster", …
        (19, "en", ".mangala-puzzles"),  # "Show the solution"
    ],
    ids=["lesson3-task", "lesson3-quiz", "lesson19-trainer", "lesson19-trainer-en"],
)
def test_no_cut_labels_and_controls_in_proportion(browser, pupil_view, lesson, lang, selector):
    SCREENSHOTS.mkdir(exist_ok=True)
    page = open_page(browser, pupil_view(lesson, lang))
    go_to(page, selector)
    page.locator(selector).first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"pupil_view_controls_{lesson}_{lang}.png"))
    seen = page.evaluate(CONTROLS)
    assert seen["fonts"], seen
    assert seen["cut"] == [], seen["cut"]  # e.g. "Çözümü g…"
    small = [f for f in seen["fonts"] if f[2] < CONTROL_PX]
    assert small == [], small
    tiny = [b for b in seen["boxes"] if b[1] < BOX_PX]
    assert tiny == [], tiny
    assert [e for e in page.errors if not any(o in e for o in OFFLINE)] == []
    page.context.close()


def test_printed_lines_read_like_the_lesson(browser, pupil_view):
    """What a lesson prints (lesson 9's hint) is in the lesson's text size on a 1920 screen,
    not the code font's 13 px, and wraps between words ("kayıp", never "kayı / p")."""
    page = open_page(browser, pupil_view(9))
    printed = ".jp-OutputArea-output pre"
    go_to(page, printed, "İpucu")
    style = page.evaluate(
        """(s) => {
            const pre = [...document.querySelectorAll(s)].find(
                el => el.offsetParent !== null && el.textContent.includes("İpucu"));
            const cs = getComputedStyle(pre);
            return {px: parseFloat(cs.fontSize), space: cs.whiteSpace, brk: cs.wordBreak};
        }""",
        printed,
    )
    assert style["px"] >= CONTROL_PX and style["space"] == "pre-wrap", style
    assert style["brk"] == "normal", style
    page.screenshot(path=str(SCREENSHOTS / "pupil_view_printed_9.png"))
    page.context.close()
