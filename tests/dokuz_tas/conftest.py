"""Fixtures of the Dokuz Taş tests: a user cache with the 3-3 endgame table built in it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mangala_edu.dokuz_tas import tables as T


@pytest.fixture(scope="session")
def cache_3_3(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder (``MANGALA_EDU_CACHE``) whose ``tables`` hold the 3-3 table (built
    once: a few seconds with numba, half a minute in pure Python)."""
    folder = tmp_path_factory.mktemp("dt-cache-3-3")
    T.build([(3, 3)], folder)
    return folder


@pytest.fixture
def with_tables(monkeypatch: pytest.MonkeyPatch, cache_3_3: Path) -> Iterator[Path]:
    """The user cache is :func:`cache_3_3` for one test (the tables the process loaded are
    forgotten before and after, so no other test sees them)."""
    monkeypatch.setenv("MANGALA_EDU_CACHE", str(cache_3_3))
    T.forget()
    yield cache_3_3
    T.forget()


@pytest.fixture
def without_tables(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """An empty user cache for one test."""
    monkeypatch.setenv("MANGALA_EDU_CACHE", str(tmp_path))
    T.forget()
    yield tmp_path
    T.forget()
