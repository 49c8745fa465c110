"""Printables: every page is A4, keeps its text on the page, says the rules right, and the
command line writes PDF and PNG files with one clear line for a bad file name."""

from __future__ import annotations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

from mangala_edu.cli import main
from mangala_edu.i18n import LANGUAGES
from mangala_edu.printables import (
    A4,
    PrintError,
    blank_boards,
    match_sheets,
    pairing_sheet,
    rule_card,
    save_pages,
    set_sheet,
    standings_sheet,
)
from mangala_edu.tournament import Tournament, parse_results

PLAYERS = ["Ayşe", "Can", "Elif", "Mert", "Zeynep"]


def _pages(lang):
    results = parse_results("1. tur\nCan - Zeynep 3-2\nElif - Mert 2,5-2,5\n", PLAYERS)
    tournament = Tournament(PLAYERS, "round-robin", results)
    return {
        "rules": [rule_card(lang=lang)],
        "board": blank_boards(lang=lang),
        "set-sheet": [set_sheet(lang=lang)],
        "match-sheet": [match_sheets(lang=lang)],
        "pairing": [pairing_sheet(tournament, 2, lang=lang)],
        "standings": [standings_sheet(tournament, lang=lang)],
    }


def _renderer(fig):
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    return canvas.get_renderer()


def _texts(fig):
    return [a for a in fig.findobj(Text) if a.get_text().strip() and a.get_visible()]


@pytest.fixture(scope="module", params=LANGUAGES)
def pages(request):
    return request.param, _pages(request.param)


def test_every_page_is_a4_and_keeps_its_text_on_the_page(pages):
    lang, made = pages
    for kind, figures in made.items():
        for fig in figures:
            assert tuple(fig.get_size_inches()) == pytest.approx(A4)
            renderer = _renderer(fig)
            page = fig.bbox
            for text in _texts(fig):
                box = text.get_window_extent(renderer)
                inside = (
                    box.x0 >= page.x0 - 1
                    and box.x1 <= page.x1 + 1
                    and box.y0 >= page.y0 - 1
                    and box.y1 <= page.y1 + 1
                )
                assert inside, (lang, kind, text.get_text())


def test_text_does_not_overlap_the_footer(pages):
    lang, made = pages
    for kind, figures in made.items():
        for fig in figures:
            renderer = _renderer(fig)
            texts = _texts(fig)
            footer = next(t for t in texts if "mangala-edu print" in t.get_text())
            below = footer.get_window_extent(renderer)
            for text in texts:
                if text is footer:
                    continue
                box = text.get_window_extent(renderer)
                assert box.y0 > below.y1, (lang, kind, text.get_text())


@pytest.mark.parametrize(
    ("lang", "needed"),
    [
        ("tr", ["25 ya da daha çok", "24–24", "İlk taşı aldığın kuyuya geri", "çift sayı"]),
        ("en", ["25 stones or more", "24–24", "first stone back", "even (2, 4, 6"]),
    ],
)
def test_the_rule_card_states_the_official_rules(lang, needed):
    words = " ".join(t.get_text() for t in _texts(rule_card(lang=lang)))
    words = " ".join(words.split())
    for phrase in needed:
        assert phrase in words, phrase


def test_the_match_sheet_has_five_sets_and_alternating_starters():
    texts = [t.get_text() for t in _texts(match_sheets(sets=5, lang="en"))]
    assert texts.count("5") == 2  # set 5 on both halves of the page
    starters = [t for t in texts if t in ("A", "B")]
    assert starters == ["A", "B", "A", "B", "A"] * 2


def test_pdf_is_the_same_bytes_every_time(tmp_path):
    first = save_pages([set_sheet()], tmp_path / "a.pdf")[0].read_bytes()
    second = save_pages([set_sheet()], tmp_path / "b.pdf")[0].read_bytes()
    assert first[:5] == b"%PDF-" and first == second


def test_png_pages_are_numbered(tmp_path):
    written = save_pages(blank_boards(pages=2), tmp_path / "tahta.png")
    assert [p.name for p in written] == ["tahta-1.png", "tahta-2.png"]
    assert written[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    header = written[0].read_bytes()[16:24]
    size = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")
    assert size == (1240, 1753)  # A4 at 150 dpi


def test_bad_file_names_say_why(tmp_path):
    with pytest.raises(PrintError) as caught:
        save_pages([set_sheet()], tmp_path / "kural.docx")
    assert caught.value.key == "print.error.bad_type"
    with pytest.raises(PrintError) as caught:
        save_pages([set_sheet()], tmp_path / "yok" / "kural.pdf")
    assert caught.value.key == "print.error.no_folder"
    with pytest.raises(PrintError):
        blank_boards(pages=0)


@pytest.mark.parametrize("kind", ["rules", "board", "set-sheet", "match-sheet"])
def test_cli_prints_each_kind(tmp_path, capsys, kind):
    out = tmp_path / f"{kind}.pdf"
    assert main(["print", kind, "--out", str(out), "--lang", "en"]) == 0
    assert out.read_bytes()[:5] == b"%PDF-"
    assert capsys.readouterr().out.strip() == f"Written: {out}"


def test_cli_prints_a_pairing_sheet(tmp_path, capsys):
    players = tmp_path / "sinif.txt"
    players.write_text("\n".join(PLAYERS), encoding="utf-8")
    out = tmp_path / "tur.png"
    assert main(["print", "tournament", "--players", str(players), "--out", str(out)]) == 0
    assert out.exists()
    assert "Yazıldı" in capsys.readouterr().out


def test_cli_bad_output_is_one_line(tmp_path, capsys):
    assert main(["print", "rules", "--out", str(tmp_path / "yok" / "k.pdf")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "klasörü yok" in err
