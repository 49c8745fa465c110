"""Settings for every test run: the unit tests (tests/), the doctests of the package, the
notebooks with nbval and the browser tests (the tests' own helpers are in tests/conftest.py).
Endgame tables and learners' progress go to new temporary folders, never to the user's own;
subprocesses, notebook kernels and the JupyterLab of the browser tests inherit them."""

import importlib.util
import os
import tempfile

import pytest

# The compiled kernel's module imports numba: without the [fast] extra it is not collected
# (everything else runs in pure Python).
collect_ignore = [] if importlib.util.find_spec("numba") else ["mangala_edu/search/_nb.py"]

os.environ["MANGALA_EDU_PROGRESS"] = tempfile.mkdtemp(prefix="mangala-progress-")


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
