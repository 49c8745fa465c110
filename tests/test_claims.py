"""Every fact a lesson states is proven: the claims of every lesson (their own, the values of
their "find the best move" tasks and of their closing games) are checked with the exact solver
or the engine, under the rules each one names; every number the texts quote comes from a
claim; a rule of thumb is called one, and shown to hold somewhere."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from mangala_edu.engine import MangalaError
from mangala_edu.i18n import LANGUAGES, catalogue
from mangala_edu.lessons import Lesson
from mangala_edu.lessons.best_move import BestMove
from mangala_edu.lessons.claims import (
    HEURISTICS,
    ClaimError,
    Heuristic,
    MoveValues,
    Sowing,
    Threat,
)
from mangala_edu.lessons.content import LESSONS

ROOT = Path(__file__).parents[1]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(NOTEBOOKS))

import build  # noqa: E402

STRATEGY = sorted(n for n in LESSONS if 11 <= n <= 18 or n >= 27)
"""The strategy lessons (11-18, and 27 on: combinations, sacrifices): every number their texts
state must come from a claim."""

CLAIMS = [(number, claim) for number in sorted(LESSONS) for claim in LESSONS[number].all_claims()]


def test_the_strategy_lessons_exist():
    assert [*range(11, 19), 27, 28] == STRATEGY


@pytest.mark.parametrize(("number", "claim"), CLAIMS, ids=[f"{n}-{c.name}" for n, c in CLAIMS])
def test_every_claim_is_proven(number, claim):
    start = claim.start()
    assert not start.is_over and start.rules.name == claim.rules
    assert claim.problems() == []


def test_claims_count():
    """The strategy lessons make many claims, of every kind, and solver claims among them."""
    claims = [c for n, c in CLAIMS if n in STRATEGY]
    assert len(claims) >= 8 * 4
    assert sum(c.solver for c in claims) >= 8 * 2
    assert {type(c).__name__ for c in claims} >= {
        "MoveValues",
        "Sowing",
        "Threat",
        "Chain",
        "Heuristic",
    }


def test_a_claim_that_does_not_hold_is_caught():
    """The checks can fail: a wrong value, a wrong landing place, a wrong threat."""
    claim = next(c for _, c in CLAIMS if isinstance(c, MoveValues) and c.solver)
    wrong = dict(claim.values)
    pit = next(iter(wrong))
    wrong[pit] += 2
    assert MoveValues(claim.name, claim.position, wrong, rules=claim.rules).problems()
    assert Sowing("x", "start", 4, "N1").problems()
    assert Threat("x", "start", 5).problems()


def test_best_move_tasks_state_every_move_s_value():
    for spec in LESSONS.values():
        for task in spec.tasks:
            goal = getattr(task, "goal", None)
            if isinstance(goal, BestMove):
                assert sorted(goal.values) == list(task.start().legal_moves)
                assert len(set(goal.values.values())) > 1, "every move is as good"


@pytest.mark.parametrize("number", sorted(LESSONS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_fact_a_text_quotes_exists(number, lang):
    """Every catalogue text of a lesson fills in, and so does every notebook text
    (a placeholder naming a claim or a fact that does not exist raises)."""
    lesson = Lesson(number, lang)
    for key in LESSONS[number].text_keys():
        lesson.text(*key.split(".")[1:])
    source = (NOTEBOOKS / "src" / f"{number:02d}.md").read_text("utf-8")
    build.notebook(build.parse(source), lang, build.lesson_facts(number))


def test_a_text_asking_for_a_missing_fact_fails():
    facts = LESSONS[STRATEGY[0]].facts()
    with pytest.raises(KeyError):
        build.fill_facts("{{no_such_claim.best}}", "en", facts)
    some = next(iter(facts))
    with pytest.raises(ClaimError) as info:
        build.fill_facts(f"{{{{{some}.no_such_fact}}}}", "en", facts)
    assert isinstance(info.value, MangalaError) and info.value.key == "claim.error"
    assert (info.value.claim, info.value.detail) == (some, "no fact named 'no_such_fact'")
    assert info.value.message("tr") == f"{some} iddiası: no fact named 'no_such_fact'"


# Numbers that state a result: a count of stones, a score, a margin. In a strategy lesson they
# must come from a placeholder ({claim.fact} in the catalogue, {{claim.fact}} in a notebook).
_STATED = [
    re.compile(r"\d+\s*(taş|stone)", re.IGNORECASE),
    re.compile(r"\d+\s*[–-]\s*\d+\s*(kazan|kaybed|berabere|win|lose|draw)", re.IGNORECASE),
    re.compile(r"\d+\s*(fark|more\b|ahead)", re.IGNORECASE),
    re.compile(r"\bby \d+", re.IGNORECASE),
]
_SCORE = re.compile(r"\b(\d+)\s*[–-]\s*(\d+)\b")
"""Two numbers that make a whole game's stones (48, or 24 in the small game) are a score."""


def _stated(text: str) -> list[str]:
    found = [m.group(0) for pattern in _STATED for m in pattern.finditer(text)]
    found += [
        m.group(0) for m in _SCORE.finditer(text) if int(m.group(1)) + int(m.group(2)) in (24, 48)
    ]
    return found


_PLACEHOLDER = re.compile(r"\{\{?[^{}]+\}\}?")


def _texts(number: int) -> list[tuple[str, str]]:
    """Every text of a lesson as written (placeholders unfilled): (where, text)."""
    found = []
    source = (NOTEBOOKS / "src" / f"{number:02d}.md").read_text("utf-8")
    for kind, body in build.parse(source):
        if kind == "markdown":
            found += [(f"{number:02d}.md {lang}", text) for lang, text in body.items()]
    for lang in LANGUAGES:
        path = ROOT / "mangala_edu" / "i18n" / lang / f"lesson{number:02d}.json"
        for key, text in json.loads(path.read_text("utf-8")).items():
            forms = text.values() if isinstance(text, dict) else [text]
            found += [(f"{lang}:{key}", form) for form in forms]
    return found


@pytest.mark.parametrize("number", STRATEGY)
def test_numbers_in_strategy_texts_come_from_claims(number):
    bad = []
    for where, text in _texts(number):
        bad += [(where, found) for found in _stated(_PLACEHOLDER.sub("#", text))]
    assert not bad, f"numbers stated without a claim: {bad}"


@pytest.mark.parametrize("number", STRATEGY)
def test_no_line_of_a_lesson_text_reads_as_a_numbered_list(number):
    """A line that starts with "4. " (Turkish ordinals: "4. kuyu") starts a numbered list in
    markdown: the sentence falls apart on the page."""
    source = (NOTEBOOKS / "src" / f"{number:02d}.md").read_text("utf-8")
    for kind, body in build.parse(source):
        if kind != "markdown":
            continue
        for lang, text in body.items():
            filled = build.fill_facts(text, lang, LESSONS[number].facts())
            bad = re.findall(r"^\d+\.\s.*$", filled, re.MULTILINE)
            assert not bad, (lang, bad)


def test_the_number_check_can_fail():
    bare = _PLACEHOLDER.sub("#", "Pit 3 wins by 4, {{x.margin}} more: 26–22, 5 stones, 1–6")
    assert _stated(bare) == ["5 stone", "by 4", "26–22"]


@pytest.mark.parametrize("number", STRATEGY)
def test_rules_of_thumb_are_called_so_and_shown_to_hold(number):
    claims = [c for c in LESSONS[number].all_claims() if isinstance(c, Heuristic)]
    if not claims:
        pytest.skip("this lesson teaches no rule of thumb")
    assert all(c.rule in HEURISTICS for c in claims)
    assert any(c.holds for c in claims), "an example where the rule of thumb holds"
    texts = dict.fromkeys(LANGUAGES, "")
    for where, text in _texts(number):
        lang = "tr" if " tr" in where or where.startswith("tr:") else "en"
        texts[lang] += text
    assert "pratik kural" in texts["tr"].lower()
    assert "rule of thumb" in texts["en"].lower()


def test_catalogue_keys_of_claim_facts_are_the_same_in_both_languages():
    """A fact quoted in one language is quoted in the other (the catalogue test compares
    placeholders; here: the notebook sources)."""
    for number in STRATEGY:
        source = (NOTEBOOKS / "src" / f"{number:02d}.md").read_text("utf-8")
        for kind, body in build.parse(source):
            if kind == "markdown":
                tr, en = (
                    {f.split(":")[0] for f in build._FACT.findall(body[lang])} for lang in LANGUAGES
                )
                assert tr == en, body
    assert set(catalogue("tr")) == set(catalogue("en"))
