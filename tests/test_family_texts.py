"""The family lessons' words (21–26), read with an editor's eye: each game in its own terms
(Toguz Korgool's stores are kazans, the storeless games have none), the row is a side
("taraf", never "sıra", which is the turn), the spellings the project chose, and no statement
without a source or a measurement behind it."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from mangala_edu import Position, Rules
from mangala_edu.display.captions import outcome_caption, trace_captions
from mangala_edu.display.svg import status_text
from mangala_edu.engine.game import Game
from mangala_edu.i18n import LANGUAGES, catalogue
from mangala_edu.lessons.explain import explain

ROOT = Path(__file__).parents[1]
SOURCES = {n: ROOT / "notebooks" / "src" / f"{n}.md" for n in range(21, 27)}
I18N = ROOT / "mangala_edu" / "i18n"
CATALOGUES = [f"lesson{n}" for n in range(21, 26)] + ["family_play", "games"]


def _markdown(number: int, lang: str) -> str:
    """The markdown text of one language of a lesson source (code cells left out)."""
    text = SOURCES[number].read_text("utf-8")
    out, keep, in_code = [], False, False
    for line in text.splitlines():
        if line.startswith("<!-- "):
            in_code = line.startswith("<!-- code")
            keep = line.strip() == f"<!-- {lang} -->"
            continue
        if keep and not in_code:
            out.append(line)
    return "\n".join(out)


def _flat(number: int, lang: str) -> str:
    """:func:`_markdown` on one line (a phrase may be wrapped anywhere)."""
    return " ".join(_markdown(number, lang).split())


def _catalogue_texts(lang: str) -> dict[str, str]:
    """Every text of the family's own catalogues (plural forms joined)."""
    import json

    found: dict[str, str] = {}
    for name in CATALOGUES:
        data = json.loads((I18N / lang / f"{name}.json").read_text("utf-8"))
        for key, value in data.items():
            found[key] = " ".join(value.values()) if isinstance(value, dict) else value
    return found


def _texts(lang: str) -> list[tuple[str, str]]:
    """(where, text) for every lesson text and catalogue text of the family in ``lang``."""
    found = [(f"{n}.md", _markdown(n, lang)) for n in SOURCES]
    found += list(_catalogue_texts(lang).items())
    return found


# -- The spellings and words the project chose ---------------------------------------------

BANNED = {
    "tr": [
        # "hiçbir şey alınmaz", not "bir şey alınmaz" (and so for every denial)
        (r"(?<![Hh]iç)(?<![Hh]içbir )\b[Bb]ir şey \w+(?:maz|mez|muyor|miyor)\b", "hiçbir şey"),
        (r"\bresmi\b", "resmî"),
        (r"Oxford'lu", "Oxfordlu"),
        (r"Tuzdiğin üç şartı", "Tuzdik kazanmanın üç şartı"),
        # "sıra" is the turn; the row of pits is a side ("taraf")
        (r"\b(?:iki|kendi|hangi) sıra(?:da|nda|sında|sından)\b", "taraf"),
        (r"\b[Ss]ıra(?:nda|sında)(?:ki)? (?:hiç )?taş", "taraf"),
        (r"\b(?:sırana|sırasına) dön", "taraf"),
        (r"\b[Ss]ırası boş", "taraf"),
    ],
    "en": [
        (r"\blearned\b", "learnt"),
        (r"counter-?clockwise", "anticlockwise"),
        (r"\bwon the lot\b", "won the draw"),
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_family_texts_use_the_chosen_words(lang):
    wrong = []
    for where, text in _texts(lang):
        for pattern, instead in BANNED[lang]:
            for match in re.finditer(pattern, text):
                wrong.append(f"{where}: {match.group(0)!r} (say {instead!r})")
    assert wrong == []


def test_the_banned_words_would_be_caught():
    """The patterns find what they are meant to (a test that can fail)."""
    caught = {
        "tr": [
            "ama bir şey alınmaz",
            "Bir şey olmaz: kendi kuyun",
            "Oxford'lu Thomas Hyde",
            "Tuzdiğin üç şartı vardır",
            "iki sırada da",
            "Sırası gelen oyuncunun sırasında hiç taş yoksa",
            "taşlar onun sırasına dönene kadar",
            "| Sırası boş olan |",
            "resmi kurallar",
        ],
        "en": ["You have learned", "sown counter-clockwise", "South won the lot"],
    }
    for lang, samples in caught.items():
        for sample in samples:
            assert any(re.search(p, sample) for p, _ in BANNED[lang]), sample
    # ... and leave alone what is right.
    for sample in ("hiçbir şey alınmaz", "Önce önemli bir şey: kaynağımız", "Sırası gelen"):
        assert not any(re.search(p, sample) for p, _ in BANNED["tr"]), sample


# -- Each game in its own terms ------------------------------------------------------------

#: Words for a store: Toguz Korgool's are kazans, the storeless games have none.
STORE = {"tr": r"hazine\w*", "en": r"\bstores?\b"}
KAZAN = {"tr": r"\bkazan(?:ı|ın|ına|ında|lar|ları|lardaki)?\b", "en": r"\bkazans?\b"}


def _game_texts(rules_of_game, games: int, lang: str) -> list[str]:
    """Every explanation, caption and status line of ``games`` seeded random games."""
    found = []
    for seed in range(games):
        rules = rules_of_game(seed)
        game = Game(rules)
        rng = random.Random(seed)
        while not game.position.is_over:
            trace = game.push(rng.choice(game.position.legal_moves))
            found.append(explain(trace, lang))
            found += trace_captions(trace, lang)
            found.append(outcome_caption(trace, lang))
            found.append(status_text(trace.after, lang))
    return found


GAMES = {
    "toguz-korgool": lambda seed: Rules.toguz_korgool(),
    "mangala-ii": lambda seed: Rules.mangala_ii(),
    "mangala-iv": lambda seed: Rules.mangala_iv(random_deal=True, seed=seed),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_family_s_games_are_explained_in_their_own_terms(name, lang):
    """Toguz Korgool's explanations say kazan (as lesson 25 teaches), never hazine or store;
    Mangala II and IV have no stores at all."""
    texts = _game_texts(GAMES[name], 25, lang)
    assert len(texts) > 500
    stores = sorted({x for x in texts if re.search(STORE[lang], x, re.IGNORECASE)})
    assert stores == [], stores[:3]
    if name != "toguz-korgool" and lang == "tr":  # "avlama" is the even capture only
        hunts = sorted({x for x in texts if re.search(r"\bav(?:la|lan)\w*", x, re.I)})
        assert hunts == [], hunts[:3]
    kazans = [x for x in texts if re.search(KAZAN[lang], x)]
    if name == "toguz-korgool":
        assert kazans  # a tuzdik, an 82 or the end of a game names the kazan
    else:
        assert kazans == [], kazans[:3]


def test_toguz_korgool_s_words_name_the_kazan():
    """Each text that only Toguz Korgool's rules give names the kazan, in both languages."""
    keys = [
        "explain.tuzdik",
        "explain.last_in_tuzdik",
        "explain.end_threshold",
        "event.tuzdik_drop",
        "event.tuzdik_drop_last",
        "event.win_threshold",
        "position.threshold_reached",
        "position.tuzdik_not_empty",
        "board.tuzdik_label",
        "event.own_side.kazan",
    ]
    for lang in LANGUAGES:
        texts = catalogue(lang)
        for key in keys:
            assert re.search(KAZAN[lang], texts[key]), (lang, key)
            assert not re.search(STORE[lang], texts[key], re.IGNORECASE), (lang, key)
        drops = texts["explain.tuzdik_drops"]
        assert all(re.search(KAZAN[lang], form) for form in drops.values()), lang


def test_mangala_keeps_its_hazine():
    trace = Position.start().trace(4)
    assert "hazine" in explain(trace, "tr") and "store" in explain(trace, "en")
    end = Position.from_text("0,0,1,1,0,3,22/0,1,0,0,0,0,20 S", Rules.own_side()).trace(4)
    assert "hazinesine" in " ".join(trace_captions(end, "tr"))


def test_lesson_25_glosses_hazine_where_it_teaches_kazan():
    """Lesson 25 may say "hazine"/"store" only where it teaches that the stores are kazans (or
    of Mangala, in the comparison table's Mangala column)."""
    for lang in LANGUAGES:
        lines = _markdown(25, lang).splitlines()
        lines += [v for k, v in _catalogue_texts(lang).items() if k.startswith("lesson25.")]
        for line in lines:
            if line.startswith("|"):  # a comparison table: only Toguz Korgool's column
                line = "|".join(line.split("|")[3:])
            if re.search(STORE[lang], line, re.IGNORECASE):
                assert re.search(KAZAN[lang], line, re.IGNORECASE), (lang, line)


# -- Statements with a source ----------------------------------------------------------------


def test_no_statement_without_a_source():
    """Kalah's name and "researchers call it Mangala II" had no source; the name Mangala II
    is the source's (Mancala World)."""
    assert "adı da hazineden" not in _flat(22, "tr")
    assert "named after the store" not in _flat(22, "en")
    assert "Araştırmacılar ona" not in _flat(23, "tr")
    assert "Researchers call it" not in _flat(23, "en")
    assert "Mancala World" in _flat(23, "tr") and "Mancala World" in _flat(23, "en")


def test_the_repetition_ending_is_not_called_rare():
    """It stops about half of the random Mangala II and IV games (tests/test_family_lessons.py
    measures it): the lessons say so, and not "sometimes"."""
    for number in (23, 24):
        tr, en = _flat(number, "tr"), _flat(number, "en")
        assert "yarısı" in tr and "half" in en, number
        assert not re.search(r"\bBazen\b[^.]*(?:sonsuza|tekrar)", tr), number
        assert not re.search(r"\b[Ss]ometimes\b[^.]*(?:for ever|repeat)", en), number


def test_lesson_24_says_what_its_source_says_and_what_the_package_reads():
    tr, en = _flat(24, "tr"), _flat(24, "en")
    # A wrong guess: the player who asked gives out the sides; who moves first is not said.
    assert "bilemezse tarafları soruyu soran oyuncu belirler" in tr
    assert "if not, the player who asked gives out the sides" in en
    assert "Kimin ilk oynayacağını kaynak söylemez" in tr
    assert "does not say who moves first" in en
    # The forced move is this package's reading of "the leftmost pit".
    assert "Bu paket bunu şöyle okur" in tr and "This package reads it" in en


def test_notebook_26_makes_its_first_player_statement_from_its_measurement():
    """The statement about the first player's edge is the output of the measurement shown
    (tests/test_family_lessons.py checks it), not a sentence written beforehand."""
    source = SOURCES[26].read_text("utf-8")
    assert "fc.first_player_change(random_games, greedy_games, lang)" in source
    for lang in LANGUAGES:
        text = _flat(26, lang)
        assert not re.search(r"fark büyürse|gap\s+grows", text), lang
        assert not re.search(r"\(avlama\)", text), lang  # a capture, not the even capture


def test_a_single_capture_with_the_pit_opposite_is_not_called_a_chain():
    """Mangala IV: a last stone that makes one pit 2 or 4 takes that pit and the one opposite
    (two places move); the explanation says so, not "the pits just before it … from 2 pits"
    (seen in lesson 24's screenshots)."""
    import random

    from mangala_edu import Position, Rules
    from mangala_edu.lessons.explain import explain, refined_outcome

    rules = Rules.from_name("mangala-iv")
    rng = random.Random(1)
    found: dict[str, str] = {}
    for _ in range(50):
        position = Position.start(rules)
        while not position.is_over and len(found) < 2:
            trace = position.trace(rng.choice(list(position.legal_moves)))
            outcome = refined_outcome(trace)
            if outcome in ("capture_one_opposite", "chain_capture_opposite"):
                found.setdefault(outcome, explain(trace, "en"))
            position = trace.after
    single = found["capture_one_opposite"]
    assert "together with the pit opposite" in single and "just before it" not in single
    assert "just before it" in found["chain_capture_opposite"]
