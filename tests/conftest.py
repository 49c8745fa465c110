"""Shared helpers for the tests."""

from __future__ import annotations

import pytest

from mangala_edu import Position, Rules


def pos(text: str, rules: Rules | None = None) -> Position:
    """A position from its text notation."""
    return Position.from_text(text, rules)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        help="also run the tests marked slow (minutes: they re-prove data files)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` are skipped unless ``--run-slow`` is given."""
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


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
