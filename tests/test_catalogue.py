"""The catalogues: the same keys and placeholders in every language, and every key findable.

Every text a learner sees is a catalogue key written out in the source (or made by a lesson's
spec, which lists them all), never pieced together at run time, so that this file can check
that each key exists in both languages and that no key is left unused.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from mangala_edu.i18n import LANGUAGES, catalogue, forms, placeholders
from mangala_edu.lessons.content import LESSONS

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "mangala_edu"
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_-]+)+")


def _sources() -> list[Path]:
    """The package's Python (but the catalogue module) and the notebook builder."""
    return [
        *sorted(p for p in PACKAGE.rglob("*.py") if "i18n" not in p.parts),
        ROOT / "notebooks" / "build.py",
    ]


def _literals() -> set[str]:
    """Every string constant in the package's Python and JavaScript that looks like a key."""
    found: set[str] = set()
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and KEY.fullmatch(node.value)
            ):
                found.add(node.value)
    for path in PACKAGE.rglob("*.js"):
        found.update(
            m.group(1)
            for m in re.finditer(r'"([a-z][a-z0-9_]*(?:\.[a-z0-9_-]+)+)"', path.read_text("utf-8"))
        )
    return found


def _lesson_keys() -> set[str]:
    from mangala_edu.dokuz_tas.lessons import LESSONS as DOKUZ_TAS_LESSONS

    specs = [*LESSONS.values(), *DOKUZ_TAS_LESSONS.values()]
    return {key for spec in specs for key in spec.text_keys()}


def test_catalogues_have_the_same_keys_and_placeholders():
    tr, en = catalogue("tr"), catalogue("en")
    assert set(tr) == set(en), sorted(set(tr) ^ set(en))
    for key in tr:
        assert placeholders(tr[key]) == placeholders(en[key]), key
        for lang in LANGUAGES:
            assert all(text.strip() for text in forms(key, lang).values()), (lang, key)


def test_plural_forms_are_chosen_by_a_count():
    for lang in LANGUAGES:
        for key, template in catalogue(lang).items():
            if isinstance(template, dict):
                assert "count" in placeholders(template) or "{count" not in str(template), key


def test_every_key_the_code_names_exists():
    keys = set(catalogue("tr"))
    namespaces = {key.split(".")[0] for key in keys}
    missing = sorted(
        k
        for k in _literals()
        if k.split(".")[0] in namespaces
        and k not in keys
        and not k.endswith((".py", ".js", ".json", ".css", ".md", ".sh"))
    )
    assert not missing, missing


def test_every_key_is_used():
    """A key no code names and no lesson spec lists is dead text (or a key made at run time,
    which this check could not follow)."""
    unused = sorted(set(catalogue("tr")) - _literals() - _lesson_keys())
    assert not unused, unused


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_key_is_pieced_together_at_run_time(path):
    """An f-string or a ``+`` that starts with a catalogue namespace and a dot (``f"side.{x}"``,
    ``"rules.note." + name``) makes a key that no tool can find: name each key in full."""
    namespaces = {key.split(".")[0] for key in catalogue("tr")}
    bad = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        first: ast.expr | None = None
        if isinstance(node, ast.JoinedStr) and node.values:
            first = node.values[0]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            first = node.left
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            head = first.value.split(".")[0]
            if "." in first.value and head in namespaces and KEY.match(first.value + "x"):
                bad.append((node.lineno, first.value))
    assert not bad, bad


def test_lesson_catalogues_hold_only_their_lesson_s_keys():
    for lang in LANGUAGES:
        for part in sorted((PACKAGE / "i18n" / lang).glob("lesson*.json")):
            keys = set(json.loads(part.read_text("utf-8")))
            prefix = part.stem
            own = {k for k in keys if k.startswith(prefix + ".")}
            number = int(prefix.removeprefix("lesson"))
            from mangala_edu.dokuz_tas.lessons import LESSONS as DOKUZ_TAS_LESSONS

            spec = LESSONS.get(number) or DOKUZ_TAS_LESSONS.get(number)
            if spec is not None:
                assert own == set(spec.text_keys()), (lang, part.name)
