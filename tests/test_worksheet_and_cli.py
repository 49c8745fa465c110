"""Worksheets read back from the PDF, and the puzzle commands: list, show, stats, verify,
mine (resumable, the same file for a seed on one core or two, on a local Dask cluster), and
bad input with exit status 2 and nothing lost. Lesson 20 (the teachers' notebook) run as a
teacher runs it: its files go to the output folder, never the notebooks' folder."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from mangala_edu.cli import main
from mangala_edu.puzzles import Collection, read_puzzles
from mangala_edu.puzzles.mine import MineSettings, mine
from mangala_edu.puzzles.trainer import MoveList, explanation
from mangala_edu.puzzles.worksheet import make_worksheet

COLLECTION = Collection.shipped()


def _text(path) -> list[str]:
    return [page.extract_text() for page in PdfReader(str(path)).pages]


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_worksheet_has_questions_turkish_letters_and_a_matching_key(tmp_path, lang):
    path = tmp_path / f"sheet-{lang}.pdf"
    assert main(["--lang", lang, "worksheet", "--count", "5", "--seed", "2", "-o", str(path)]) == 0
    pages = _text(path)
    chosen = COLLECTION.pick(5, seed=2)
    boards = "\n".join(pages[:-1])
    key = pages[-1]
    title = {"tr": "Mangala bulmacaları", "en": "Mangala puzzles"}[lang]
    assert title in pages[0]
    for label in {"tr": ("Ad Soyad:", "Sınıf:", "Tarih:"), "en": ("Name:", "Class:", "Date:")}[
        lang
    ]:
        assert label in pages[0]
    for number in range(1, 6):
        word = {"tr": "Bulmaca", "en": "Puzzle"}[lang]
        assert f"{word} {number}" in boards
    asks = {"tr": "Sıra ", "en": " to move"}[lang]
    assert boards.count(asks) >= 5  # a question under each board
    assert boards.count({"tr": "Cevap:", "en": "Answer:"}[lang]) == 5
    assert {"tr": "Cevap anahtarı", "en": "Answer key"}[lang] in key
    flat = re.sub(r"\s+", " ", key)
    for number, puzzle in enumerate(chosen, start=1):
        assert f"{number}. ({puzzle.id}) {MoveList(puzzle.line).text(lang)}" in flat
        assert re.sub(r"\s+", " ", explanation(puzzle).text(lang))[:30] in flat
    if lang == "tr":
        letters = pages[0]  # the first page's own words, whatever puzzles
        for letter in "çğıİöşü":
            assert letter in letters, letter
    assert (
        path.read_bytes() == make_worksheet(chosen, tmp_path / "again.pdf", lang=lang).read_bytes()
    )


def test_the_pdf_embeds_truetype_fonts(tmp_path):
    path = make_worksheet(COLLECTION.pick(1, seed=1), tmp_path / "one.pdf", lang="tr")
    kinds = set()
    for page in PdfReader(str(path)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            if font["/Subtype"] == "/Type0":  # TrueType glyphs beyond Latin-1 (ş ğ ı →)
                font = font["/DescendantFonts"][0].get_object()
            kinds.add(str(font["/Subtype"]))
            assert "/FontFile2" in font["/FontDescriptor"].get_object()  # embedded TrueType
    assert kinds <= {"/TrueType", "/CIDFontType2"} and kinds
    assert b"CreationDate" not in path.read_bytes()


def test_list_show_stats_and_json(capsys):
    assert main(["--lang", "en", "puzzles", "list", "--moves", "4", "--limit", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 4 and out[-1] == "3 puzzles."
    first = COLLECTION.select(moves=4)[0]
    assert out[0].startswith(first.id)
    assert main(["puzzles", "list", "--json", "--theme", "defence", "--limit", "2"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all("defence" in r["themes"] for r in rows) and len(rows) == 2
    assert main(["--lang", "en", "puzzles", "show", first.id]) == 0
    shown = capsys.readouterr().out
    assert f"Solution: {MoveList(first.line).text('en')}." in shown
    assert main(["puzzles", "show", first.id, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == first.id
    assert main(["puzzles", "stats", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["total"]["puzzles"] == len(COLLECTION)


@pytest.mark.parametrize(
    "argv, words",
    [
        (["puzzles", "list", "--theme", "flying"], "Unknown theme 'flying': choose one of even"),
        (["puzzles", "list", "--band", "super"], "Unknown band 'super'"),
        (["puzzles", "show", "m0000000"], "There is no puzzle 'm0000000'"),
        (["worksheet", "--count", "100000", "-o", "x.pdf"], "100000 puzzles were asked for"),
        (["worksheet", "--count", "2", "-o", "x.png"], "must end in .pdf"),
        (["puzzles", "verify", "--sample", "0"], "0 puzzles were asked for"),
        (["puzzles", "mine", "--games", "0"], "at least 1 game"),
    ],
)
def test_bad_input_says_what_is_wrong_and_exits_2(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    assert main(["--lang", "en", *argv]) == 2
    assert words in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing written


def test_a_damaged_puzzle_file_is_named_and_left_alone(capsys, tmp_path):
    path = tmp_path / "mine.jsonl"
    path.write_text(COLLECTION.puzzles[0].to_json() + "\n{oops\n", encoding="utf-8")
    before = path.read_bytes()
    for argv in (
        ["puzzles", "list", "--file", str(path)],
        ["puzzles", "mine", "--games", "1", "-o", str(path)],
        ["worksheet", "--file", str(path), "-o", str(tmp_path / "w.pdf")],
    ):
        assert main(["--lang", "en", *argv]) == 2
        assert "line 2 is not a puzzle" in capsys.readouterr().err
    assert path.read_bytes() == before
    assert not (tmp_path / "w.pdf").exists()


def test_verify_a_sample_and_fail_on_a_tampered_puzzle(capsys, tmp_path):
    assert (
        main(["--lang", "en", "puzzles", "verify", "--sample", "3", "--seed", "1", "--jobs", "1"])
        == 0
    )
    assert "3 puzzles re-proven, 0 did not hold" in capsys.readouterr().out
    puzzle = min(COLLECTION, key=lambda p: p.stones).to_dict()
    puzzle["value"] += 2
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(puzzle) + "\n", encoding="utf-8")
    assert main(["--lang", "en", "puzzles", "verify", "--file", str(path), "--jobs", "1"]) == 1
    assert "does not hold" in capsys.readouterr().out


SMALL = MineSettings(max_stones=12, time_scale=0.05)


def test_mining_is_resumable_and_the_same_on_one_core_or_two(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    first = mine(one, games=2, seed=5, settings=SMALL, jobs=1)
    assert first.games == 2 and first.skipped_games == 0
    more = mine(one, games=4, seed=5, settings=SMALL, jobs=1)
    assert more.games == 2 and more.skipped_games == 2  # resumed, not redone
    again = mine(one, games=4, seed=5, settings=SMALL, jobs=1)
    assert again.games == 0 and again.new == 0
    mine(two, games=4, seed=5, settings=SMALL, jobs=2)
    assert one.read_text() == two.read_text()
    assert (
        one.with_name("one.jsonl.mined").read_text().splitlines()
        == two.with_name("two.jsonl.mined").read_text().splitlines()
    )
    puzzles = read_puzzles(one)
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert all(p.stones <= 12 for p in puzzles)


def test_mining_on_a_local_dask_cluster(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        report = mine(
            tmp_path / "dask.jsonl",
            games=2,
            seed=5,
            settings=SMALL,
            scheduler=cluster.scheduler_address,
        )
    assert report.games == 2
    local = tmp_path / "local.jsonl"
    mine(local, games=2, seed=5, settings=SMALL, jobs=1)
    assert (tmp_path / "dask.jsonl").read_text() == local.read_text()


def test_the_mine_command_prints_statistics(capsys, tmp_path):
    out = tmp_path / "cmd.jsonl"
    assert (
        main(
            [
                "--lang",
                "en",
                "puzzles",
                "mine",
                "--games",
                "1",
                "--seed",
                "5",
                "--max-stones",
                "12",
                "--time-scale",
                "0.05",
                "--jobs",
                "1",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "Games played: 1 " in text and "proven puzzles per hour per core" in text
    assert "Themes:" in text and "Bands:" in text


# -- Lesson 20: the teachers' notebook ----------------------------------------------------------

NOTEBOOKS = Path(__file__).parents[1] / "notebooks"


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_the_worksheet_is_headed_with_the_theme_and_band_asked(tmp_path, lang):
    """Theme and band given as the keys ``pick`` takes name the choice on the first page (the
    notebook's sheet said "konu: hepsi · düzey: hepsi")."""
    from mangala_edu.puzzles.rating import BAND_NAMES
    from mangala_edu.puzzles.themes import theme_name

    puzzles = COLLECTION.pick(2, theme="empty_capture", band="kolay", seed=1)
    path = make_worksheet(
        puzzles, tmp_path / "sheet.pdf", lang=lang, theme="empty_capture", band="kolay"
    )
    first = re.sub(r"\s+", " ", _text(path)[0])
    theme, band = theme_name("empty_capture").text(lang), BAND_NAMES["kolay"].text(lang)
    words = {"tr": f"konu: {theme} · düzey: {band}", "en": f"theme: {theme} · band: {band}"}
    assert words[lang] in first
    assert {"tr": "hepsi", "en": "any"}[lang] not in first


def test_running_lesson_20_writes_into_the_output_folder_not_the_notebooks(tmp_path, monkeypatch):
    """The teachers' notebook, run as a teacher runs it (in its folder): the worksheet and the
    class table go to the output folder (``MANGALA_EDU_OUTPUT``, else Documents/mangala_edu),
    nothing new appears in the notebooks' folder; paths are printed plainly; the sheet names
    the theme and band asked; the CSV is for Excel in Turkish (``;``)."""
    import nbformat
    from nbclient import NotebookClient

    from mangala_edu.puzzles.themes import theme_name

    out = tmp_path / "out"
    monkeypatch.setenv("MANGALA_EDU_OUTPUT", str(out))
    monkeypatch.setenv("MANGALA_EDU_PROGRESS", str(tmp_path / "progress"))
    path = NOTEBOOKS / "tr" / "20_ogretmenler_icin.ipynb"

    def files() -> set[Path]:
        return {p for p in NOTEBOOKS.rglob("*") if "__pycache__" not in p.parts}

    before, stored = files(), path.read_bytes()
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    assert files() == before and path.read_bytes() == stored
    printed = "\n".join(
        str(o.get("text", "")) + str(o.get("data", {}).get("text/plain", ""))
        for cell in nb.cells
        for o in cell.get("outputs", [])
    )
    assert "PosixPath" not in printed and "WindowsPath" not in printed
    assert f"Kaydedildi: {out / 'mangala_bulmacalar.pdf'}" in printed
    assert f"Kaydedildi: {out / 'sinif.csv'}" in printed
    assert sorted(p.name for p in out.iterdir()) == ["mangala_bulmacalar.pdf", "sinif.csv"]
    first = re.sub(r"\s+", " ", _text(out / "mangala_bulmacalar.pdf")[0])
    theme = theme_name("empty_capture").text("tr")
    assert f"6 bulmaca · konu: {theme} · düzey: kolay" in first
    assert (out / "sinif.csv").read_text("utf-8-sig").startswith("Öğrenci;Deneme;")
    assert "Mert: 1 dosya silindi." in printed
