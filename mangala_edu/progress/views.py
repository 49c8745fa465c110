"""What progress looks like: a learner's "my progress" and a teacher's class view.

:class:`MyProgress` shows one learner: their rating over time (a matplotlib chart), success by
theme, and the weakest theme to practise next. :class:`ClassView` reads a folder of pupils'
progress files and shows a table per pupil and per theme, a chart of each, and writes the
tables as CSV. Both display themselves in a notebook (HTML with the charts as PNG images) and
their numbers are plain Python for tests.

>>> import tempfile
>>> from mangala_edu.progress import ProgressStore
>>> store = ProgressStore(tempfile.mkdtemp())
>>> _ = store.add_attempt("Can", {"puzzle": "m1", "themes": ["defence"], "solved": True,
...                               "clean": True, "rating_after": 1290.0})
>>> _ = store.add_attempt("Can", {"puzzle": "m2", "themes": ["defence", "sacrifice"],
...                               "solved": False, "clean": False, "rating_after": 1210.0})
>>> me = MyProgress(store.load("Can"), lang="en")
>>> me.by_theme()["defence"], me.weakest_theme()
((2, 1), 'defence')
>>> ClassView(store.folder, lang="en").pupil_rows()[1]
['Can', '2', '1', '50 %', '1200', 'Defence', '0']

Each game's puzzles are rated apart (:mod:`mangala_edu.progress_store`): the Mangala tables
and charts count the Mangala attempts; a pupil's Dokuz Taş attempts and rating have tables of
their own under them, shown once someone has tried a Dokuz Taş puzzle (:data:`GAME_NAMES`).

>>> _ = store.add_attempt("Can", {"puzzle": "d1", "themes": ["mill"], "solved": True,
...     "clean": True, "game": "dokuz_tas"}, [1290.0, 140.0, 0.06], game="dokuz_tas")
>>> view = ClassView(store.folder, lang="en")
>>> view.pupil_rows()[1][:2], view.pupil_rows("dokuz_tas")[1]
(['Can', '2'], ['Can', '1', '1', '100 %', '1290', 'Running mill'])

A file the teacher's account may not read is listed apart from a damaged one
(:attr:`ClassView.no_access`, :attr:`ClassView.damaged`), and :meth:`ClassView.delete` deletes a
pupil's files (KVKK). The tables are written where the teacher expects them: by default into
:func:`~mangala_edu.progress_store.output_dir` (``Belgeler/mangala_edu``), never beside the
notebook; for Excel in Turkish the CSV is separated by ``;`` (by ``,`` in English).
"""

from __future__ import annotations

import base64
import csv
import html
import io
import re
from pathlib import Path

from ..display.svg_chart import Panel, SvgChart, matplotlib_missing
from ..i18n import Message, language_from_folder, number, t
from ..progress_store import DOKUZ_TAS, MANGALA, Progress, ProgressStore, output_dir, shown_path
from ..puzzles.modes import rating_history
from ..puzzles.themes import THEMES, theme_about, theme_name

GAME_NAMES = {MANGALA: Message("puzzle.ui.title"), DOKUZ_TAS: Message("dokuz_tas.trainer.title")}
"""Each game's puzzles, as a heading names them: "Mangala puzzles", "Dokuz Taş puzzles"."""


def _themes(game: str) -> dict[str, object]:
    """The theme keys of ``game``'s puzzles, in their order."""
    if game == DOKUZ_TAS:
        from ..dokuz_tas.puzzles.themes import THEMES as DOKUZ_TAS_THEMES

        return dict(DOKUZ_TAS_THEMES)
    return dict(THEMES)


def game_theme_name(theme: str, game: str = MANGALA) -> Message:
    """The name of ``game``'s theme ``theme``."""
    if game == DOKUZ_TAS:
        from ..dokuz_tas.puzzles.themes import theme_name as dokuz_tas_theme_name

        return dokuz_tas_theme_name(theme)
    return theme_name(theme)


def game_theme_about(theme: str, game: str = MANGALA) -> Message:
    """The one-line description of ``game``'s theme ``theme``."""
    if game == DOKUZ_TAS:
        from ..dokuz_tas.puzzles.themes import theme_about as dokuz_tas_theme_about

        return dokuz_tas_theme_about(theme)
    return theme_about(theme)


MIN_ATTEMPTS = 2
"""Attempts a theme needs before its success rate counts for the weakest theme."""
CSV_DELIMITER = {"tr": ";", "en": ","}
"""The CSV separator each language's spreadsheet programs expect: Excel set to Turkish reads
``;`` (the comma is the decimal mark there), in English ``,``."""
CSV_NAME = {"tr": "sinif.csv", "en": "class.csv"}


def saved(path: str | Path, lang: str | None = None) -> str:
    """What a teacher reads after a file is written: ``Kaydedildi: ~/Documents/...`` (a
    plain path, see :func:`~mangala_edu.progress_store.shown_path`).

    >>> saved(Path("/tmp/sinif.csv"), "en")
    'Saved: /tmp/sinif.csv'
    """
    return t("teacher.saved", lang, file=shown_path(path))


def theme_stats(attempts: list[dict], game: str = MANGALA) -> dict[str, tuple[int, int]]:
    """For each theme of ``game`` tried: (attempts, solved at the first try with no hint)."""
    out: dict[str, tuple[int, int]] = {}
    for a in attempts:
        for theme in a.get("themes", []):
            tried, clean = out.get(theme, (0, 0))
            out[theme] = (tried + 1, clean + bool(a.get("clean")))
    return {k: out[k] for k in _themes(game) if k in out}


def weakest(stats: dict[str, tuple[int, int]], game: str = MANGALA) -> str | None:
    """The theme to practise next: the lowest success rate among themes tried at least
    :data:`MIN_ATTEMPTS` times (fewest attempts first on a tie), else a theme not tried yet."""
    themes = list(_themes(game))
    tried = [
        (clean / n, n, themes.index(k), k) for k, (n, clean) in stats.items() if n >= MIN_ATTEMPTS
    ]
    if tried:
        return min(tried)[3]
    untried = [k for k in themes if k not in stats]
    return untried[0] if untried else None


def _image_src(chart: object) -> str:
    """An ``<img>``'s ``src`` for a chart: PNG for a matplotlib figure, SVG for an
    :class:`~mangala_edu.display.svg_chart.SvgChart` (where matplotlib is missing)."""
    if isinstance(chart, SvgChart):
        return chart.data_uri()
    return f"data:image/png;base64,{_png(chart)}"


def _png(fig: object) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})  # type: ignore[attr-defined]
    return base64.b64encode(buffer.getvalue()).decode()


_NUMBER = re.compile(r"^[%\d\s.,+\-–]*%?$")


def _table(rows: list[list[str]], caption: str) -> str:
    """An HTML table: columns of words (names, themes) to the left, columns of numbers to
    the right (JupyterLab sets every cell to the right).

    >>> print(_table([["Ad", "Puan"], ["Ayşe", "1424"]], "x"))  # doctest: +ELLIPSIS
    <table ...><th style="text-align: left">Ad</th><th>Puan</th>...<td style="text-align: left">Ayşe</td><td>1424</td>...
    """
    width = len(rows[0])
    words = [
        any(not _NUMBER.match(row[k]) for row in rows[1:] if k < len(row)) for k in range(width)
    ]
    left = ' style="text-align: left"'

    def cells(row: list[str], tag: str) -> str:
        return "".join(
            f"<{tag}{left if k < width and words[k] else ''}>{html.escape(c)}</{tag}>"
            for k, c in enumerate(row)
        )

    body = "".join(f"<tr>{cells(row, 'td')}</tr>" for row in rows[1:])
    return (
        f'<table class="mangala-score-table"><caption>{html.escape(caption)}</caption>'
        f"<tr>{cells(rows[0], 'th')}</tr>{body}</table>"
    )


def _percent(part: int, whole: int, lang: str) -> str:
    """A share as each language writes it: ``%67`` in Turkish, ``67 %`` in English."""
    if not whole:
        return "–"
    value = number(100 * part / whole, lang, digits=0)
    return f"%{value}" if lang == "tr" else f"{value} %"


class MyProgress:
    """One learner's progress (see the module's docstring; ``lang`` as for
    :class:`ClassView`)."""

    def __init__(self, progress: Progress, lang: str | None = None) -> None:
        self.progress = progress
        self.lang = lang or language_from_folder()

    @classmethod
    def of(
        cls, name: str, store: ProgressStore | None = None, lang: str | None = None
    ) -> MyProgress:
        """The progress of ``name`` in ``store`` (default: the user's progress folder)."""
        return cls((store or ProgressStore()).load(name), lang)

    def by_theme(self, game: str = MANGALA) -> dict[str, tuple[int, int]]:
        return theme_stats(self.progress.attempts_of(game), game)

    def weakest_theme(self, game: str = MANGALA) -> str | None:
        return weakest(self.by_theme(game), game)

    def ratings(self, game: str = MANGALA) -> list[float]:
        """The rating after each rated attempt at ``game``'s puzzles (the start rating
        first; :func:`~mangala_edu.puzzles.modes.rating_history`: a timed run's attempts
        rate nothing and are left out)."""
        history = rating_history(self.progress.attempts_of(game))
        return history or [self.progress.rating_of(game)[0]]

    def chart(self) -> object:
        """The rating over time (a matplotlib figure; an
        :class:`~mangala_edu.display.svg_chart.SvgChart` where matplotlib is missing)."""
        if matplotlib_missing():
            return self._svg_chart()
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator

        from ..display.analysis_chart import screen_finish, screen_fonts

        with screen_fonts():  # words that read on a 1920 screen and on a projector
            fig = Figure(figsize=(8.0, 3.2), dpi=100)
            FigureCanvasAgg(fig)
            ax = fig.add_subplot()
            values = self.ratings()
            ax.plot(range(len(values)), values, marker="o", color="#2f5d50")
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # attempts are whole numbers
            ax.set_xlabel(t("progress.view.attempt", self.lang))
            ax.set_ylabel(t("progress.view.rating", self.lang))
            ax.set_title(t("progress.view.chart_title", self.lang))
            ax.grid(alpha=0.3)
        screen_finish(fig)
        fig.tight_layout()
        return fig

    def _svg_chart(self) -> SvgChart:
        values = self.ratings()
        panel = Panel(
            t("progress.view.chart_title", self.lang),
            xlabel=t("progress.view.attempt", self.lang),
            ylabel=t("progress.view.rating", self.lang),
            integer_x=True,
        )
        panel.line(range(len(values)), values, "#2f5d50", dots=True)
        return SvgChart([panel], 800, 320, alt=panel.title)

    def theme_rows(self, game: str = MANGALA) -> list[list[str]]:
        lang = self.lang
        rows = [
            [
                t("progress.view.theme", lang),
                t("progress.view.attempts", lang),
                t("progress.view.success", lang),
            ]
        ]
        for theme, (n, clean) in self.by_theme(game).items():
            rows.append([game_theme_name(theme, game).text(lang), str(n), _percent(clean, n, lang)])
        return rows

    def game_summary(self, game: str) -> Message:
        """Another game's puzzles in one line: attempts, solved, clean, rating."""
        attempts = self.progress.attempts_of(game)
        return Message(
            "dokuz_tas.trainer.progress.summary",
            attempts=len(attempts),
            solved=sum(bool(a.get("solved")) for a in attempts),
            clean=sum(bool(a.get("clean")) for a in attempts),
            rating=round(self.progress.rating_of(game)[0]),
        )

    def summary(self) -> Message:
        attempts = self.progress.attempts_of(MANGALA)
        return Message(
            "progress.view.summary",
            attempts=len(attempts),
            solved=sum(bool(a.get("solved")) for a in attempts),
            clean=sum(bool(a.get("clean")) for a in attempts),
            rating=round(self.progress.rating[0]),
            tasks=len(self.progress.lessons),
        )

    def _repr_html_(self) -> str:
        lang = self.lang
        parts = [
            f"<h3>{html.escape(t('progress.view.title', lang, name=self.progress.name))}"
            f"</h3><p>{html.escape(self.summary().text(lang))}</p>"
        ]
        if not self.progress.attempts_of(MANGALA):
            parts.append(f"<p>{html.escape(t('progress.view.none', lang))}</p>")
        else:
            parts.append(
                f'<img alt="{html.escape(t("progress.view.chart_title", lang))}" '
                f'src="{_image_src(self.chart())}"/>'
            )
            parts.append(_table(self.theme_rows(), t("progress.view.by_theme", lang)))
        theme = self.weakest_theme()
        if theme is not None:
            parts.append(
                "<p><b>"
                + html.escape(
                    t(
                        "progress.view.weakest",
                        lang,
                        theme=theme_name(theme),
                        about=theme_about(theme),
                    )
                )
                + "</b></p>"
            )
        if self.progress.attempts_of(DOKUZ_TAS):
            parts.append(self._game_html(DOKUZ_TAS))
        return "".join(parts)

    def _game_html(self, game: str) -> str:
        """Another game's puzzles: a heading, one line, the table by theme, what to practise."""
        lang = self.lang
        parts = [
            f"<h4>{html.escape(GAME_NAMES[game].text(lang))}</h4>"
            f"<p>{html.escape(self.game_summary(game).text(lang))}</p>",
            _table(self.theme_rows(game), t("progress.view.by_theme", lang)),
        ]
        theme = self.weakest_theme(game)
        if theme is not None:
            said = t(
                "progress.view.weakest",
                lang,
                theme=game_theme_name(theme, game),
                about=game_theme_about(theme, game),
            )
            parts.append(f"<p><b>{html.escape(said)}</b></p>")
        return "".join(parts)

    def __repr__(self) -> str:
        return f"MyProgress({self.progress.name!r}, attempts={len(self.progress.attempts)})"


class ClassView:
    """A class folder of progress files: a table and a chart per pupil and per theme (in
    ``lang``; default: the notebook folder's language, ``tr`` or ``en``, else the current
    one)."""

    def __init__(self, folder: str | Path | None = None, lang: str | None = None) -> None:
        self.store = ProgressStore(folder)
        self.lang = lang or language_from_folder()
        self.read()

    def read(self) -> None:
        """Read the folder (again): :attr:`pupils`, :attr:`damaged` (files that are not
        progress files) and :attr:`no_access` (files this account may not read)."""
        found = self.store.scan()
        self.pupils = sorted(
            (p for p in found.values() if isinstance(p, Progress)), key=lambda p: p.name
        )
        self.damaged = [path.name for path, got in found.items() if got == "damaged"]
        self.no_access = [path.name for path, got in found.items() if got == "no_access"]

    def live(self) -> object:
        """The view as a widget with a **Yenile** / **Refresh** button that reads the folder
        again: on a class server the pupils' work shows while they work, without running the
        cell again (``ClassView().live()``)."""
        import ipywidgets as w

        from ..widgets.feedback import StillPicture

        view = self

        class LiveView(StillPicture, w.VBox):
            """Opened before it is run, the notebook shows the view as it was, and says to run
            it for the refresh button."""

            lang = view.lang

            def _still_html(self) -> str:
                return view._repr_html_()

        shown = w.HTML(self._repr_html_())
        button = w.Button(description=t("progress.panel.refresh", self.lang), icon="refresh")

        def refresh(_: object) -> None:
            self.read()
            shown.value = self._repr_html_()

        button.on_click(refresh)
        box = LiveView([button, shown])
        box.add_class("mangala-class-view")
        return box

    def delete(self, name: str) -> str:
        """Delete every file of the pupil ``name`` (progress, backups, lock; see
        :meth:`~mangala_edu.progress_store.ProgressStore.delete`) and read the folder again;
        returns what was done, in the view's language (``print(view.delete("Ayşe"))``)."""
        deleted = self.store.delete(name)
        self.read()
        if not deleted:
            return t("classview.delete_none", self.lang, name=name.strip())
        return t("classview.deleted", self.lang, name=name.strip(), count=len(deleted))

    def pool_ratings(self, game: str = MANGALA) -> str:
        """Rate the puzzles from every attempt saved in the folder (Glicko-2, as lichess:
        :mod:`mangala_edu.puzzles.pooled`) and write the ratings beside the progress files,
        where the pupils' trainers find them; returns what was done, in the view's language
        (``print(view.pool_ratings())``). A damaged file raises the error that names it, and
        nothing is written."""
        from ..puzzles import pooled

        folder = self.store.folder
        result = pooled.pool_folders([folder], game)
        path = pooled.write(result, pooled.default_output([folder], game))
        return t(
            "pooled.written",
            self.lang,
            file=shown_path(path),
            count=len(result.ratings),
            attempts=result.attempts,
            learners=result.learners,
        )

    def pupil_rows(self, game: str = MANGALA) -> list[list[str]]:
        """Name, attempts, solved, success (at the first try), rating, theme to practise,
        lesson tasks done (Mangala's table only); a header row first. The numbers are those
        of ``game``'s puzzles (Mangala's, or ``"dokuz_tas"``)."""
        lang = self.lang
        keys = [
            "classview.col.name",
            "classview.col.attempts",
            "classview.col.solved",
            "classview.col.success",
            "classview.col.rating",
            "classview.col.weakest",
        ]
        if game == MANGALA:
            keys.append("classview.col.tasks")
        rows = [[t(key, lang) for key in keys]]
        for p in self.pupils:
            attempts = p.attempts_of(game)
            clean = sum(bool(a.get("clean")) for a in attempts)
            theme = weakest(theme_stats(attempts, game), game) if attempts else None
            row = [
                p.name,
                str(len(attempts)),
                str(sum(bool(a.get("solved")) for a in attempts)),
                _percent(clean, len(attempts), lang),
                str(round(p.rating_of(game)[0])),
                game_theme_name(theme, game).text(lang) if theme else "–",
            ]
            if game == MANGALA:
                row.append(str(len(p.lessons)))
            rows.append(row)
        return rows

    def games(self) -> list[str]:
        """The games whose puzzles someone in the folder tried beside Mangala's (their tables
        are shown under Mangala's)."""
        return [g for g in (DOKUZ_TAS,) if any(p.attempts_of(g) for p in self.pupils)]

    def theme_rows(self, game: str = MANGALA) -> list[list[str]]:
        """Per theme: attempts by the class, success rate, pupils who tried it."""
        lang = self.lang
        rows = [
            [
                t("progress.view.theme", lang),
                t("progress.view.attempts", lang),
                t("progress.view.success", lang),
                t("classview.col.pupils", lang),
            ]
        ]
        for theme, n, clean, who in self.theme_totals(game):
            name = game_theme_name(theme, game).text(lang)
            rows.append([name, str(n), _percent(clean, n, lang), str(who)])
        return rows

    def theme_totals(self, game: str = MANGALA) -> list[tuple[str, int, int, int]]:
        """Per theme tried: (theme, attempts, solved at the first try, pupils who tried)."""
        per_pupil = [theme_stats(p.attempts_of(game), game) for p in self.pupils]
        out = []
        for theme in _themes(game):
            n = sum(s.get(theme, (0, 0))[0] for s in per_pupil)
            if n:
                out.append(
                    (
                        theme,
                        n,
                        sum(s.get(theme, (0, 0))[1] for s in per_pupil),
                        sum(theme in s for s in per_pupil),
                    )
                )
        return out

    def chart(self) -> object:
        """Two bar charts: each pupil's rating (the axis starts just below the lowest, so
        that differences show; each bar carries its number), and the class's success by
        theme, in words that read on a 1920 screen and on a projector (a matplotlib figure; an
        :class:`~mangala_edu.display.svg_chart.SvgChart` where matplotlib is missing)."""
        if matplotlib_missing():
            return self._svg_chart()
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        from ..display.analysis_chart import screen_finish, screen_fonts

        lang = self.lang
        names = [p.name for p in self.pupils]
        ratings = [p.rating[0] for p in self.pupils]
        totals = self.theme_totals()
        rows = max(len(names), len(totals))
        with screen_fonts():
            fig = Figure(figsize=(12.0, max(3.6, 1.2 + 0.4 * rows)), dpi=100)
            FigureCanvasAgg(fig)
            left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.3]})
            bars = left.barh(names, ratings, color="#2f5d50")
            if ratings:
                low = 100 * ((min(ratings) - 150) // 100)
                left.set_xlim(max(0, low), max(ratings) + 0.25 * (max(ratings) - low))
                left.bar_label(bars, labels=[f"{r:.0f}" for r in ratings], padding=4)
            left.invert_yaxis()
            left.set_title(t("classview.chart.pupils", lang))
            right.barh(
                [theme_name(k).text(lang) for k, *_ in totals],
                [100 * clean / n for _, n, clean, _ in totals],
                color="#b26a00",
            )
            right.invert_yaxis()
            right.set_xlim(0, 100)
            right.set_title(t("classview.chart.themes", lang))
        screen_finish(fig)
        fig.tight_layout()
        return fig

    def _svg_chart(self) -> SvgChart:
        lang = self.lang
        names = [p.name for p in self.pupils]
        ratings = [p.rating[0] for p in self.pupils]
        totals = self.theme_totals()
        rows = max(len(names), len(totals))
        left = Panel(t("classview.chart.pupils", lang), categories=names, horizontal=True)
        if ratings:
            low = 100 * ((min(ratings) - 150) // 100)
            left.xlim = (max(0, low), max(ratings) + 0.25 * (max(ratings) - low))
        left.bars(ratings, "#2f5d50", labels=[f"{r:.0f}" for r in ratings])
        right = Panel(
            t("classview.chart.themes", lang),
            categories=[theme_name(k).text(lang) for k, *_ in totals],
            horizontal=True,
            xlim=(0, 100),
            weight=1.3,
        )
        right.bars([100 * clean / n for _, n, clean, _ in totals], "#b26a00")
        return SvgChart([left, right], 1200, 100 * max(3.6, 1.2 + 0.4 * rows), alt=left.title)

    def to_csv(self, path: str | Path | None = None) -> Path:
        """Write the pupils' table, an empty line, then the themes' table, as CSV (UTF-8
        with a byte-order mark, so that spreadsheet programs read ç ğ ı İ ö ş ü right;
        separated by ``;`` in Turkish and ``,`` in English, see :data:`CSV_DELIMITER`) to
        ``path``: a file, or a folder to write ``sinif.csv`` / ``class.csv`` into (default:
        :func:`~mangala_edu.progress_store.output_dir`); returns the file's path."""
        path = output_dir() if path is None else Path(path)
        if path.is_dir():
            path = path / CSV_NAME.get(self.lang, "class.csv")
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8-sig", newline="") as out:
            writer = csv.writer(out, delimiter=CSV_DELIMITER.get(self.lang, ","))
            writer.writerows(self.pupil_rows())
            writer.writerow([])
            writer.writerows(self.theme_rows())
            for game in self.games():
                writer.writerow([])
                writer.writerow([GAME_NAMES[game].text(self.lang)])
                writer.writerows(self.pupil_rows(game))
                writer.writerow([])
                writer.writerows(self.theme_rows(game))
        return path

    def _repr_html_(self) -> str:
        lang = self.lang
        parts = [f"<h3>{html.escape(t('classview.title', lang, count=len(self.pupils)))}</h3>"]
        if not self.pupils:
            parts.append(f"<p>{html.escape(t('classview.empty', lang))}</p>")
        else:
            if self.games():  # two games' tables: say which is which
                parts.append(f"<h4>{html.escape(GAME_NAMES[MANGALA].text(lang))}</h4>")
            parts.append(_table(self.pupil_rows(), t("classview.by_pupil", lang)))
            parts.append(_table(self.theme_rows(), t("progress.view.by_theme", lang)))
            parts.append(
                f'<img alt="{html.escape(t("classview.chart.pupils", lang))}" '
                f'src="{_image_src(self.chart())}"/>'
            )
            for game in self.games():  # each game's puzzles apart: its own rating
                parts.append(f"<h4>{html.escape(GAME_NAMES[game].text(lang))}</h4>")
                parts.append(_table(self.pupil_rows(game), t("classview.by_pupil", lang)))
                parts.append(_table(self.theme_rows(game), t("progress.view.by_theme", lang)))
        for key, files in (
            ("classview.no_access", self.no_access),
            ("classview.damaged", self.damaged),
        ):
            if files:
                parts.append(f"<p>{html.escape(t(key, lang, files=', '.join(files)))}</p>")
        return "".join(parts)

    def __repr__(self) -> str:
        return f"ClassView({len(self.pupils)} pupils)"
