"""Settings for every test run: the unit tests (tests/), the doctests of the package, the
notebooks with nbval and the browser tests (the tests' own helpers are in tests/conftest.py).
Endgame tables and learners' progress go to new temporary folders, never to the user's own;
subprocesses, notebook kernels and the JupyterLab of the browser tests inherit them.

``bash scripts/test.sh`` runs the tests on every core with pytest-xdist (``--dist
loadscope``: a module, a notebook or a class goes to one worker as a whole). Each worker is a
process of its own, with its own temporary folders (made below, once per process), its own
JupyterLab and browser, and free ports of its own. The scheduler below hands out the longest
modules first, so that the workers finish together."""

from __future__ import annotations

import importlib.util
import os
import tempfile
from typing import Any

import pytest

# The compiled kernel's module imports numba: without the [fast] extra it is not collected
# (everything else runs in pure Python).
collect_ignore = [] if importlib.util.find_spec("numba") else ["mangala_edu/search/_nb.py"]
# The class server's authenticator subclasses JupyterHub's (the [classroom] extra).
if not importlib.util.find_spec("jupyterhub"):
    collect_ignore.append("mangala_edu/classroom/auth.py")

os.environ["MANGALA_EDU_PROGRESS"] = tempfile.mkdtemp(prefix="mangala-progress-")
# What the teachers' notebook writes (worksheets, class tables): not the user's documents.
os.environ["MANGALA_EDU_OUTPUT"] = tempfile.mkdtemp(prefix="mangala-output-")


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


# -- Sharing the work between pytest-xdist's workers ----------------------------------------

#: Seconds the longest tests take, as ``pytest --durations=0`` measured them (setup, call and
#: teardown; a CI run on 2 cores, 2 workers). A key is a test (every case of a parametrized
#: test, when its parameters are left out), or a file: all its items not listed on their own
#: together (a notebook's cells, say), shared among them. Any other test is reckoned at
#: ``SECONDS_UNLISTED``. The numbers
#: order the work between the workers (a wrong one costs time, never a result), and a test of
#: ``LONG`` seconds or more is marked ``long``: ``pytest -m "not long"`` is the quick check.
SECONDS_A_TEST: dict[str, float] = {
    # Over LONG seconds: marked long.
    "tests/browser/test_family_lab.py::test_a_family_lesson_runs_in_lab_with_its_boards[24-tr]": 60,
    "tests/test_scripts.py::test_lessons_script_starts_jupyterlab_as_a_normal_user": 45,
    "tests/browser/test_play_lab.py::test_play_notebook_against_the_computer": 35,
    "tests/test_bench_and_peer.py::test_build_probe_benchmark_builds_side_by_side": 31,
    "tests/test_worksheet_and_cli.py::"
    "test_running_lesson_20_writes_into_the_output_folder_not_the_notebooks": 25,
    "tests/browser/test_strategy_lab.py::"
    "test_strategy_lesson_runs_and_its_first_task_is_solved_by_clicks[lesson12]": 27,
    "tests/browser/test_family_lab.py::"
    "test_each_game_played_by_clicks_against_the_computer[mangala-iv]": 22,
    "tests/test_style.py::test_the_package_type_checks": 21,  # each of the two
    # The first builds the endgame tables of every class of the Dokuz Taş puzzles (numba).
    "tests/dokuz_tas/test_puzzles.py::test_a_sample_is_re_proven_by_the_independent_verifier": 41,
    "tests/dokuz_tas/test_puzzles.py::test_the_whole_file_is_re_proven": 23,
    # Under LONG seconds.
    "tests/browser/test_board_lab.py": 32,
    "tests/browser/test_family_lab.py::test_a_family_lesson_runs_in_lab_with_its_boards": 13,
    "tests/browser/test_family_lab.py::test_each_game_played_by_clicks_against_the_computer": 15,
    "tests/browser/test_family_lab.py": 14,
    "tests/browser/test_first_hour_lab.py": 47,
    "tests/browser/test_lessons_lab.py::test_a_lesson_in_voila": 17,
    "tests/browser/test_lessons_lab.py::test_a_decided_task_locks_its_board_until_try_again": 12,
    "tests/browser/test_lessons_lab.py": 60,
    "tests/browser/test_notebook7.py": 14,
    "tests/browser/test_puzzles_lab.py": 22,
    "tests/browser/test_strategy_lab.py": 59,
    "tests/dokuz_tas/test_puzzles.py": 9,
    "tests/test_bench_and_peer.py": 14,
    "tests/test_cli_search.py": 26,
    "tests/test_compiled.py": 35,  # often the first to compile the kernel (cache=True)
    "tests/test_family_random_games.py::test_ten_thousand_random_games_end_with_a_result": 8,
    "tests/test_family_widgets.py": 30,
    "tests/test_scripts.py": 17,
    "tests/test_solver.py": 17,
    "tests/test_tables.py": 20,
    "notebooks/tr/26_aileyi_karsilastirmak.ipynb": 16,
    "notebooks/en/26_comparing_the_family.ipynb": 14,
}

SECONDS_UNLISTED = 0.3
LONG = 20.0

#: Modules whose tests may go to different workers one by one (they share no costly
#: module-scoped fixture: the JupyterLab and the browser are per worker anyway).
ONE_BY_ONE = (
    "tests/browser/test_board_lab.py",
    "tests/browser/test_family_lab.py",
    "tests/browser/test_lessons_lab.py",
    "tests/browser/test_strategy_lab.py",
)


def _test_seconds(nodeid: str) -> float | None:
    """The measured seconds of one test, or None."""
    found = SECONDS_A_TEST.get(nodeid)
    return SECONDS_A_TEST.get(nodeid.split("[", 1)[0]) if found is None else found


def _seconds(nodeids: list[str], items_in: dict[str, int]) -> float:
    """The reckoned seconds of these tests (``items_in``: how many items of each file share
    its seconds)."""
    total = 0.0
    for nodeid in nodeids:
        module = nodeid.split("::", 1)[0]
        test = _test_seconds(nodeid)
        if test is not None:
            total += test
        elif module in SECONDS_A_TEST:
            total += SECONDS_A_TEST[module] / items_in.get(module, 1)
        else:
            total += SECONDS_UNLISTED
    return total


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests measured at ``LONG`` seconds or more are marked ``long``."""
    for item in items:
        if (_test_seconds(item.nodeid) or 0) >= LONG:
            item.add_marker(pytest.mark.long)


def _longest_first_scheduler(config: pytest.Config, log: Any) -> Any:
    from xdist.scheduler import LoadScopeScheduling

    class LongestFirst(LoadScopeScheduling):
        """``--dist loadscope`` that hands out the longest pending scope first (by
        ``SECONDS_A_TEST``), and splits the modules of ``ONE_BY_ONE`` into single tests."""

        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return nodeid if module in ONE_BY_ONE else super()._split_scope(nodeid)

        def schedule(self) -> None:
            if self.collection is None and self.collection_is_completed:
                self.items_in: dict[str, int] = {}
                for nodeid in next(iter(self.registered_collections.values())):
                    module = nodeid.split("::", 1)[0]
                    if _test_seconds(nodeid) is None:  # shares its file's seconds
                        self.items_in[module] = self.items_in.get(module, 0) + 1
            super().schedule()

        def _assign_work_unit(self, node: Any) -> None:
            longest = max(
                self.workqueue, key=lambda s: _seconds(list(self.workqueue[s]), self.items_in)
            )
            self.workqueue.move_to_end(longest, last=False)
            super()._assign_work_unit(node)

        def _reschedule(self, node: Any) -> None:
            # A worker is given more only when it is down to its last test (the parent
            # class gives it more with two left): the longest scope goes to whichever
            # worker is free first.
            busy = self._pending_of(self.assigned_work.get(node, {})) > 1
            if node.shutting_down or not self.workqueue or not busy:
                super()._reschedule(node)

    return LongestFirst(config, log)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``--dist loadscope``: the longest modules first (pytest-xdist's hook; it is in
    the test extras)."""
    if config.getoption("dist") != "loadscope":
        return None
    return _longest_first_scheduler(config, log)
