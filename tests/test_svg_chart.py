"""The charts as SVG, for where matplotlib cannot be imported (the lessons in a browser)."""

from __future__ import annotations

import importlib.abc
import itertools
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mangala_edu.display import svg_chart
from mangala_edu.display.svg_chart import BoxStats, Panel, SvgChart, nice_ticks
from mangala_edu.i18n import t
from mangala_edu.progress import ProgressStore
from mangala_edu.progress.views import ClassView, MyProgress

SVG = "{http://www.w3.org/2000/svg}"


def _texts(svg: str) -> list[str]:
    """Every text of the picture (the SVG parses as XML)."""
    root = ET.fromstring(svg)
    return [el.text or "" for el in root.iter() if el.tag in (f"{SVG}text", f"{SVG}title")]


class _NoMatplotlib(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):  # type: ignore[no-untyped-def]
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


@pytest.fixture
def no_matplotlib(monkeypatch):
    """matplotlib cannot be imported during the test (as in a browser); restored after."""
    saved = {
        k: v for k, v in sys.modules.items() if k == "matplotlib" or k.startswith("matplotlib.")
    }
    for name in saved:
        del sys.modules[name]
    blocker = _NoMatplotlib()
    sys.meta_path.insert(0, blocker)
    svg_chart.matplotlib_missing.cache_clear()
    try:
        yield
        assert not [k for k in sys.modules if k.split(".")[0] == "matplotlib"]
    finally:
        sys.meta_path.remove(blocker)
        for name in [k for k in sys.modules if k.split(".")[0] == "matplotlib"]:
            del sys.modules[name]
        sys.modules.update(saved)
        svg_chart.matplotlib_missing.cache_clear()


def test_the_blocker_blocks(no_matplotlib):
    assert svg_chart.matplotlib_missing()
    with pytest.raises(ModuleNotFoundError):
        import matplotlib  # noqa: F401


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-50, 200) | st.floats(-1e3, 1e3), min_size=1, max_size=40))
def test_box_plots_are_matplotlib_s(values):
    from matplotlib.cbook import boxplot_stats

    want = boxplot_stats(values)[0]
    got = BoxStats.of(values)
    for key in ("q1", "med", "q3", "whislo", "whishi"):
        assert getattr(got, key) == pytest.approx(float(want[key]), rel=1e-9, abs=1e-9), key


@given(st.floats(-1e5, 1e5), st.floats(0, 1e5), st.booleans())
def test_nice_ticks_cover_the_data(low, span, integer):
    high = low + span
    ticks = nice_ticks(low, high, integer=integer)
    assert ticks[0] <= low + 1e-9 and ticks[-1] >= high - 1e-9
    assert 2 <= len(ticks) <= 12
    steps = {round(b - a, 6) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1
    if integer:
        assert all(v == int(v) for v in ticks)


def test_every_word_is_escaped_and_kept():
    panel = Panel('Ç ğ ı İ ö ş ü <&> "x"', xlabel="Şans & şeytan", ylabel="İyi", rotate=25)
    panel.categories = ["Güneş", "Ayşe <b>"]
    panel.boxes([[1, 2, 3], [4, 5, 9]])
    texts = _texts(SvgChart([panel], 500, 300).svg)
    for word in ('Ç ğ ı İ ö ş ü <&> "x"', "Şans & şeytan", "İyi", "Güneş", "Ayşe <b>"):
        assert word in texts


def test_panels_side_by_side_and_every_mark():
    a = Panel("A", integer_x=True)
    a.area([0, 1, 2, 3], [2, -1, -3, 1], "#b5651d", "#2b5d8a")
    a.line([0, 1, 2, 3], [2, -1, -3, 1], "#333", dashed=True, dots=True)
    a.markers([1, 2], [-1, -3], "#b5651d", "X", 14)
    a.hline(0)
    b = Panel("B", categories=["x", "y"], ylim=(0, 100))
    b.bars([40, 60.5], "#c8822c", labels=["40,0", "60,5"])
    svg = SvgChart([a, b], 900, 300).svg
    root = ET.fromstring(svg)
    assert root.get("width") == "900"
    assert {"A", "B", "40,0", "60,5", "x", "y"} <= set(_texts(svg))
    assert len(root.findall(f"{SVG}polygon")) == 2 + 2  # the two areas and two crosses


# -- The four charts of the lessons, without matplotlib ------------------------------------


def _store(tmp_path):
    store = ProgressStore(tmp_path)
    for name, deltas in (("Zeynep", [50, -40, 30]), ("Çağrı", [20]), ("İlkin Şahin", [-30, 10])):
        rating = 1200.0
        for k, delta in enumerate(deltas):
            store.add_attempt(
                name,
                {
                    "puzzle": f"m{k}",
                    "themes": ["defence" if k % 2 else "sacrifice"],
                    "solved": delta > 0,
                    "clean": delta > 0,
                    "rating_before": rating,
                    "rating_after": rating + delta,
                },
                [rating + delta, 300.0, 0.06],
            )
            rating += delta
    return store


def _img_svg(page: str) -> str:
    import base64

    src = page.split('src="data:image/svg+xml;base64,', 1)[1].split('"', 1)[0]
    return base64.b64decode(src).decode()


def test_my_progress_without_matplotlib(tmp_path, no_matplotlib):
    me = MyProgress(_store(tmp_path).load("Zeynep"), lang="tr")
    page = me._repr_html_()
    assert "data:image/png" not in page
    texts = _texts(_img_svg(page))
    assert t("progress.view.chart_title", "tr") in texts and "Puan" in texts
    assert len(ET.fromstring(_img_svg(page)).findall(f"{SVG}circle")) == len(me.ratings())


def test_the_class_view_without_matplotlib(tmp_path, no_matplotlib):
    view = ClassView(_store(tmp_path).folder, lang="tr")
    page = view._repr_html_()
    texts = _texts(_img_svg(page))
    for pupil in view.pupils:
        assert pupil.name in texts and f"{pupil.rating[0]:.0f}" in texts
    assert "Savunma" in texts and "Feda" in texts
    assert t("classview.chart.themes", "tr") in texts


def test_the_advantage_chart_without_matplotlib(no_matplotlib):
    from mangala_edu import Game, Position
    from mangala_edu.display.review import advantage_image
    from mangala_edu.search.analysis import analyse_game

    review = analyse_game(
        Game(start=Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S"), moves=[5])
    )
    picture, kind = advantage_image(review, "tr")
    assert kind == "svg+xml"
    texts = _texts(picture.decode())
    for key in ("analysis.chart.title", "analysis.chart.xlabel", "analysis.chart.ylabel"):
        assert t(key, "tr") in texts
    assert t("analysis.chart.exact_line", "tr") in texts


def test_the_play_board_shows_the_svg_chart_without_matplotlib(no_matplotlib):
    from mangala_edu.search import Player
    from mangala_edu.widgets.play import PlayBoard

    play = PlayBoard(
        level="kolay", sets=1, human="south", first="south", seed=3, lang="en", analysis_time=0.05
    )
    play.autoplay(Player("kolay", seed=4))
    assert play.reviews and play.chart.format == "svg+xml"
    assert t("analysis.chart.title", "en") in _texts(bytes(play.chart.value).decode())


def test_the_family_comparison_without_matplotlib(no_matplotlib):
    from mangala_edu.lessons import family_compare as fc

    results = fc.compare(games=6, player="greedy", seed=5)
    figure = fc.chart(results, "tr")
    assert isinstance(figure, SvgChart) and figure._repr_svg_() == figure.svg
    texts = _texts(figure.svg)
    for name in results:
        assert fc.game_name(name, "tr") in texts
        assert fc._num(results[name].first_share, "tr") in texts
    for key in ("compare.chart.moves", "compare.chart.first", "compare.chart.capture"):
        assert t(key, "tr") in texts
