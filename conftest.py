"""Settings for every test: the unit tests (tests/), the doctests of the package and the
notebooks (the tests' own helpers are in tests/conftest.py)."""

import importlib.util
import os

import pytest

# The compiled kernel's module imports numba: without the [fast] extra it is not collected
# (everything else runs in pure Python).
collect_ignore = [] if importlib.util.find_spec("numba") else ["mangala_edu/search/_nb.py"]


@pytest.fixture(autouse=True, scope="session")
def _private_table_cache(tmp_path_factory):
    """Tests never see (or build into) the user's own endgame tables: the cache folder is a
    fresh temporary one (subprocesses and notebook kernels inherit it)."""
    old = os.environ.get("MANGALA_EDU_CACHE")
    os.environ["MANGALA_EDU_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if old is None:
        os.environ.pop("MANGALA_EDU_CACHE", None)
    else:
        os.environ["MANGALA_EDU_CACHE"] = old
