"""Shared helpers for the tests."""

from __future__ import annotations

import os

import pytest

from mangala_edu import Position, Rules


def pos(text: str, rules: Rules | None = None) -> Position:
    """A position from its text notation."""
    return Position.from_text(text, rules)


@pytest.fixture(autouse=True, scope="session")
def _private_table_cache(tmp_path_factory):
    """Tests never see (or build into) the user's own endgame tables: the cache folder is a
    fresh temporary one (subprocesses inherit it)."""
    old = os.environ.get("MANGALA_EDU_CACHE")
    os.environ["MANGALA_EDU_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if old is None:
        os.environ.pop("MANGALA_EDU_CACHE", None)
    else:
        os.environ["MANGALA_EDU_CACHE"] = old


@pytest.fixture(autouse=True)
def _turkish_default():
    """Every test starts with the package's default language."""
    from mangala_edu import i18n

    i18n.set_language("tr")
    yield
    i18n.set_language("tr")


# The browser tests' own small notebooks are opened in JupyterLab by those tests; they are
# not lessons and are not checked with nbval.
collect_ignore_glob = ["browser/notebooks/*"]
