"""The compiled kernel (numba) against the pure-Python solver, under every rules preset: the
same values, the same sets of best moves, the same values of every move, with and without
endgame tables; the budget contract; and the package without numba."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
import textwrap

import pytest

from mangala_edu import Position, Rules
from mangala_edu.search import Player, solve, value_of_moves
from mangala_edu.search.budget import BudgetExceeded
from mangala_edu.search.errors import SearchError
from mangala_edu.search.solver import Solver

from .test_solver import IDS, PRESETS, random_position

if os.environ.get("CI") and os.environ.get("MANGALA_EDU_ENGINE") != "pure":
    import numba  # noqa: F401  (CI installs the [fast] extra: a missing kernel is a failure)
else:
    pytest.importorskip("numba")

from mangala_edu.search import compiled, tables
from mangala_edu.search.compiled import CompiledSolver

pytestmark = pytest.mark.skipif(not compiled.available(), reason="compiled kernel turned off")

ALL_PRESETS = [*PRESETS, Rules(name="mini", pits=3, stones=2), Rules.kalah(5, 3)]
ALL_IDS = [*IDS, "mini", "kalah(5,3)"]


def most_stones(rules: Rules) -> int:
    return 14 if rules.pits >= 5 else 18


@pytest.mark.parametrize("rules", ALL_PRESETS, ids=ALL_IDS)
def test_same_values_and_best_moves_as_pure_python(rules: Rules) -> None:
    rng = random.Random(f"compiled {rules.name}")
    pure, fast = Solver(rules), CompiledSolver(rules, tables=False, tt_bits=16)
    for _ in range(40):
        pos = random_position(rules, rng, rng.randint(2, most_stones(rules)))
        want, got = pure.solve(pos), fast.solve(pos)
        assert (got.value, got.best_moves) == (want.value, want.best_moves), pos
        assert fast.value_of_moves(pos) == pure.value_of_moves(pos), pos


def test_move_facts_and_play_agree_with_sowing() -> None:
    """The search orders moves on facts worked out without sowing, and sows only the children
    it searches: both must give exactly what sowing gives, under every combination of rules."""
    import itertools

    import numpy as np

    from mangala_edu.search import _nb

    rng = random.Random(2)
    checked = 0
    for m in (1, 2, 3, 6):
        p = 2 * m
        sown, played = np.zeros(p, dtype=np.int64), np.zeros(p, dtype=np.int64)
        for back, even, empty, sweep in itertools.product((0, 1), repeat=4):
            for _ in range(400):
                top = rng.choice([3, 5, 10, 30, 60])
                s = np.array(
                    [rng.randint(0, top) if rng.random() < 0.7 else 0 for _ in range(p)],
                    dtype=np.int64,
                )
                own, opp = int(s[:m].sum()), int(s[m:].sum())
                if not own or not opp:
                    continue
                for i in range(m):
                    if not s[i]:
                        continue
                    want = _nb.sow(s, i, sown, m, back, even, empty, sweep)
                    got = _nb.facts(s, i, own, opp, m, back, even, empty, sweep)
                    assert tuple(got) == tuple(want), (m, back, even, empty, sweep, s, i)
                    if want[1] != _nb.OVER:
                        _nb.play(s, i, played, m, back, got[1], got[2])
                        assert (played == sown).all(), (m, back, even, empty, sweep, s, i)
                    checked += 1
    assert checked > 10_000


def test_transposition_keys_are_distinct() -> None:
    """Packed keys (few stones) and ranked keys (many) never coincide."""
    import numpy as np

    from mangala_edu.search import _nb

    binom = _nb.binomials(compiled.capacity(6) + 14, 13)
    rng = random.Random(3)
    seen: dict[int, tuple[int, ...]] = {}
    for _ in range(20_000):
        n = rng.choice([1, 2, 5, 20, 40, 50, 51, 60, 90])
        state = [0] * 12
        for _ in range(n):
            state[rng.randrange(12)] += 1
        key = int(_nb.ttkey(np.array(state, dtype=np.int64), 12, n, binom))
        assert key > 0
        assert seen.setdefault(key, tuple(state)) == tuple(state)


def test_a_tiny_transposition_table_changes_nothing() -> None:
    """Collisions and replacements in a 4-bucket table: still the same answers."""
    rules = Rules.official()
    rng = random.Random(5)
    pure, fast = Solver(rules), CompiledSolver(rules, tables=False, tt_bits=2)
    for _ in range(15):
        pos = random_position(rules, rng, rng.randint(8, 14))
        assert fast.value_of_moves(pos) == pure.value_of_moves(pos), pos


def test_a_growing_transposition_table_changes_nothing(monkeypatch) -> None:
    """The table starts small and grows in place as the search goes on: same answers."""
    monkeypatch.setattr(compiled, "START_TT_BITS", 3)
    rules = Rules.official()
    rng = random.Random(6)
    pure, fast = Solver(rules), CompiledSolver(rules, tables=False, tt_bits=12)
    sizes = {fast._tt_bits}
    for _ in range(12):
        pos = random_position(rules, rng, rng.randint(10, 16))
        assert fast.value_of_moves(pos) == pure.value_of_moves(pos), pos
        got, want = fast.solve(pos), pure.solve(pos)
        assert (got.value, got.best_moves) == (want.value, want.best_moves), pos
        sizes.add(fast._tt_bits)
    assert min(sizes) == 3 and max(sizes) == 12


def test_the_table_grows_within_one_long_probe(monkeypatch) -> None:
    """One zero-window probe of many positions does not run in the small starting table: the
    probe stops, the table grows, the probe runs again, as often as needed (between two
    probes only, it could grow one step a probe), and the answer is the same."""
    import numpy as np

    monkeypatch.setattr(compiled, "START_TT_BITS", 3)
    rules = Rules.official()
    rng = random.Random(16)
    pure = Solver(rules)
    steps = []
    for _ in range(3):
        fast = CompiledSolver(rules, tables=False, tt_bits=12)
        pos = random_position(rules, rng, 20)
        state, _base = fast._state(pos)
        want = pure.gain(state)
        for beta in (want, want + 2):
            before = fast._tt_bits
            v = fast._probe(state, beta - 1, beta, np.zeros(1, dtype=np.int64), None)
            assert (v >= beta) == (want >= beta), (pos, beta)
            steps.append((fast._tt_bits - before) // 3)
    assert max(steps) >= 2, steps


ISSUE_21 = "1,2,6,1,3,3,15/1,1,1,2,1,2,9 S"
"""A fresh process named every move best here (pit 3 is worth 8, the others 10): the best
moves' probes stopped for the transposition table to grow, and ran again with a pit's flag
(``out[2]``) taken for the position's value."""


def best_of(values: dict[int, int]) -> tuple[int, tuple[int, ...]]:
    """The best value and every move that has it."""
    best = max(values.values())
    return best, tuple(p for p, v in sorted(values.items()) if v == best)


@pytest.fixture
def growing_tables(monkeypatch):
    """Transposition tables that start with 4 buckets and grow after very few positions; the
    times the best moves' probes stopped for the table to grow are counted in ``stops[0]``."""
    monkeypatch.setattr(compiled, "START_TT_BITS", 2)
    monkeypatch.setattr(compiled, "GROW_AFTER", 1)
    nb = compiled._nb()
    best_moves = nb.best_moves
    stops = [0]

    def counted(*args):
        status = best_moves(*args)
        stops[0] += status == nb.GROW
        return status

    monkeypatch.setattr(nb, "best_moves", counted)
    return stops


def test_the_best_moves_when_the_table_grows_within_their_probes(growing_tables) -> None:
    """A fresh solver's table grows during the best moves' probes (as in a fresh process on
    a large position): the probes run again with the same value, and the best moves are
    those of the pure solver. (They ran again with a pit's flag for the value and named
    losing moves best, or none.)"""
    rules = Rules.official()
    rng = random.Random(21)
    pure = Solver(rules)
    for _ in range(10):
        pos = random_position(rules, rng, rng.randint(16, 20))
        want = pure.solve(pos)
        fast = CompiledSolver(rules, tables=False, tt_bits=20)
        state, base = fast.kernel.from_position(pos)
        fast._start(None, None)
        gain = want.value - base
        moves = fast._root_values(state, gain, only_best=True)
        assert tuple(c.pit for c, v in moves if v == gain) == want.best_moves, pos
    assert growing_tables[0] >= 10  # the probes did stop for the table to grow


def test_best_moves_of_fresh_solvers_while_the_table_grows(growing_tables) -> None:
    """Each position solved by a fresh solver whose table grows on the way: its best moves
    are the moves of the best value (from its values of moves and the pure solver's)."""
    rules = Rules.official()
    rng = random.Random(22)
    pure = Solver(rules)
    for _ in range(6):
        pos = random_position(rules, rng, rng.randint(16, 18))
        solution = pure.solve(pos)
        want = (solution.value, solution.best_moves)
        sol = CompiledSolver(rules, tables=False, tt_bits=20).solve(pos)
        assert (sol.value, sol.best_moves) == want, pos
        values = CompiledSolver(rules, tables=False, tt_bits=20).value_of_moves(pos)
        assert best_of(values) == want, pos


def test_best_moves_of_the_issue_21_position_in_a_fresh_solver() -> None:
    pos = Position.from_text(ISSUE_21)
    values = CompiledSolver(pos.rules, tables=False).value_of_moves(pos)
    assert values == {1: 10, 2: 10, 3: 8, 4: 10, 5: 10, 6: 10}
    sol = CompiledSolver(pos.rules, tables=False).solve(pos)
    assert (sol.value, sol.best_moves) == best_of(values) == (10, (1, 2, 4, 5, 6))


def test_the_workers_output_holds_what_the_kernel_writes() -> None:
    """MTD(f) writes its bounds and its guess (three numbers), the best moves a flag a pit:
    on a board of one or two pits the output must still hold three."""
    for pits in (1, 2, 3, 6):
        assert len(compiled._Worker(pits).out) == max(3, pits)
    for rules in (Rules(name="one", pits=1, stones=3), Rules(name="two", pits=2, stones=3)):
        rng = random.Random(rules.name)
        pure, fast = Solver(rules), CompiledSolver(rules, tables=False, tt_bits=8)
        for _ in range(20):
            pos = random_position(rules, rng, rng.randint(2, 14))
            want = pure.solve(pos)
            got = fast.solve(pos)
            assert (got.value, got.best_moves) == (want.value, want.best_moves), pos


@pytest.fixture(scope="module")
def small_tables(tmp_path_factory):
    """A table for every preset: 8 stones on 6-pit boards, more on small ones."""
    folder = tmp_path_factory.mktemp("tables")
    out = {}
    for rules in ALL_PRESETS:
        k = 8 if rules.pits >= 5 else 12
        path = tables.build(rules, k, folder=folder, jobs=2)
        out[rules] = tables.load(path, rules)
    return out


@pytest.mark.parametrize("rules", ALL_PRESETS, ids=ALL_IDS)
def test_table_entries_are_the_pure_solvers_values(rules: Rules, small_tables) -> None:
    table = small_tables[rules]
    assert tables.sample_check(table, count=120, seed=3) == 0


def test_every_entry_of_a_small_table() -> None:
    rules = Rules.kalah(2, 3)
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        table = tables.load(tables.build(rules, 10, folder=folder), rules)
    solver = Solver(rules)
    n = 0
    for a in range(11):
        for b in range(11 - a):
            for c in range(11 - a - b):
                for d in range(11 - a - b - c):
                    state = (a, b, c, d)
                    if (a or b) and (c or d):
                        assert table.value(state) == solver.gain(state), state
                        n += 1
    assert n > 500


@pytest.mark.parametrize("rules", ALL_PRESETS, ids=ALL_IDS)
def test_with_tables_same_answers_as_pure_python(rules: Rules, small_tables) -> None:
    table = small_tables[rules]
    rng = random.Random(f"tables {rules.name}")
    pure, fast = Solver(rules), CompiledSolver(rules, tables=table, tt_bits=16)
    assert fast.table_stones == table.stones
    for _ in range(25):
        stones = rng.randint(2, table.stones + 6)
        pos = random_position(rules, rng, stones)
        want, got = pure.solve(pos), fast.solve(pos)
        assert (got.value, got.best_moves) == (want.value, want.best_moves), pos
        assert fast.value_of_moves(pos) == pure.value_of_moves(pos), pos


def test_enhanced_transposition_cutoffs_change_nothing(monkeypatch, small_tables) -> None:
    """Near the table's stones too (where they are normally off), the cutoffs from the
    children's stored bounds give the pure solver's answers."""
    monkeypatch.setattr(compiled, "ETC_ABOVE", 0)
    rules = Rules.official()
    table = small_tables[rules]
    rng = random.Random(17)
    pure, fast = Solver(rules), CompiledSolver(rules, tables=table, tt_bits=14)
    assert fast._prm[9] == table.stones
    for _ in range(20):
        pos = random_position(rules, rng, rng.randint(table.stones + 2, table.stones + 6))
        want, got = pure.solve(pos), fast.solve(pos)
        assert (got.value, got.best_moves) == (want.value, want.best_moves), pos
        assert fast.value_of_moves(pos) == pure.value_of_moves(pos), pos


def test_parallel_values_are_the_values_of_moves() -> None:
    rules = Rules.official()
    rng = random.Random(11)
    fast = CompiledSolver(rules, tables=False, tt_bits=16)
    for _ in range(5):
        pos = random_position(rules, rng, rng.randint(10, 16))
        assert fast.parallel_values(pos, jobs=2) == value_of_moves(pos, node_limit=10**9)


def test_parallel_values_after_a_short_scouting_pass(monkeypatch) -> None:
    """Scouting every move within a few thousand positions first (most stop half-way, with
    bounds) changes none of the values."""
    monkeypatch.setattr(compiled, "SCOUT_NODES", 3000)
    rules = Rules.official()
    rng = random.Random(12)
    for _ in range(5):
        fast = CompiledSolver(rules, tables=False, tt_bits=16)
        pos = random_position(rules, rng, rng.randint(14, 18))
        want = value_of_moves(pos, node_limit=10**9)
        assert fast.parallel_values(pos, jobs=2) == want
        assert fast.move_bounds == {p: (v, v) for p, v in want.items()}


def test_kalah_6_3_is_solved_within_a_small_node_budget() -> None:
    """Moves that put stones into the store are searched before quiet ones. Ranked by captures
    only, the kernel's first zero-window probe on Kalah(6,3) (36 stones, no endgame table) had
    not finished after 815 million positions; with the ranking, the whole solve takes about 10
    million. +2 is the value an independent C solver of the same design finds."""
    rules = Rules.kalah(6, 3)
    solver = CompiledSolver(rules, tables=False)
    solution = solver.solve(Position.start(rules), node_limit=40_000_000)
    assert solution.value == 2


def test_the_budget_contract_holds() -> None:
    pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")
    value = Solver(pos.rules).solve(pos).value
    fast = CompiledSolver(pos.rules, tables=False, tt_bits=14)
    with pytest.raises(BudgetExceeded) as info:
        fast.solve(pos, node_limit=5000)
    exc = info.value
    assert exc.nodes > 5000 and exc.lower is not None and exc.upper is not None
    assert exc.lower <= value <= exc.upper
    with pytest.raises(BudgetExceeded):
        fast.solve(Position.start(), time_limit=0.05)
    with pytest.raises(BudgetExceeded):
        fast.value_of_moves(Position.start(), node_limit=100)
    # What the aborted searches left in the table is still sound.
    assert fast.solve(pos).value == value


def test_the_public_functions_use_the_kernel_without_a_node_budget() -> None:
    rules = Rules.official()
    from mangala_edu.search.solver import fastest_solver

    assert isinstance(fastest_solver(rules), CompiledSolver)
    assert type(fastest_solver(rules, node_limit=1000)) is Solver
    assert type(fastest_solver(Rules.kalah(9, 2))) is Solver  # not supported: pure
    assert not compiled.supports(Rules.kalah(9, 2))
    pos = Position.from_text("0,0,0,0,2,1,20/1,0,0,0,0,1,23 S")
    assert solve(pos).best_moves == (6,)


def test_seeded_players_search_in_pure_python() -> None:
    """Seeded players count nodes: their moves must not depend on whether numba is there."""
    pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")
    seeded = Player("usta", seed=4)
    seeded.choose(pos)
    assert type(seeded.backend(pos.rules).solver) is Solver
    unseeded = Player("usta", time_scale=0.2)
    assert unseeded.choose(pos) in pos.legal_moves
    assert isinstance(unseeded.backend(pos.rules).solver, CompiledSolver)


def test_engine_choice() -> None:
    assert compiled.engine_name(Rules.official(), "pure") == "pure"
    assert compiled.engine_name(Rules.official(), "compiled") == "compiled"
    with pytest.raises(SearchError) as info:
        compiled.engine_name(Rules.kalah(9, 9), "compiled")
    assert info.value.key == "search.no_kernel" and "kalah(9,9)" in info.value.message("en")
    with pytest.raises(ValueError):
        compiled.engine_name(Rules.official(), "turbo")


@pytest.mark.parametrize(
    "rules", [Rules.toguz_korgool(), Rules.mangala_ii(), Rules.mangala_iv()], ids=lambda r: r.name
)
def test_the_kernel_refuses_the_games_with_stores_off_the_path(rules: Rules) -> None:
    """The kernel sows Mangala's way: with Mangala II's rules it reported -1 as exact where the
    value is 3. It supports none of these games, and a compiled solver cannot be made for
    them; no engine choice gives one."""
    assert not compiled.supports(rules)
    assert compiled.engine_name(rules) == "pure"
    with pytest.raises(SearchError) as info:
        CompiledSolver(rules)
    assert info.value.key == "search.classic_only"
    for lang in ("tr", "en"):
        assert rules.name in info.value.message(lang)
    with pytest.raises(SearchError):
        compiled.make_solver(rules, "compiled")
    with pytest.raises(SearchError):  # the classic pure solver refuses them too
        compiled.make_solver(rules)


PROGRAM = textwrap.dedent("""
    import sys

    class NoNumba:
        def find_spec(self, name, path=None, target=None):
            if name == "numba" or name.startswith("numba."):
                raise ImportError("numba is not installed (blocked by the test)")
            return None

    sys.meta_path.insert(0, NoNumba())
    from mangala_edu import Position
    from mangala_edu.search import Player, compiled, solve, value_of_moves
    from mangala_edu.search.solver import fastest_solver

    pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")
    assert not compiled.available()
    assert type(fastest_solver(pos.rules)).__name__ == "Solver"
    sol = solve(pos)
    print(sol.value, sol.best_moves, value_of_moves(pos), Player("usta").choose(pos))
    assert "numba" not in sys.modules
""")


def test_without_numba_everything_runs_in_pure_python() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, check=False, timeout=900
    )
    assert proc.returncode == 0, proc.stderr
    pos = Position.from_text("1,2,1,0,2,1,16/1,1,1,0,2,4,16 S")
    want = solve(pos)
    assert proc.stdout.startswith(f"{want.value} {want.best_moves} {value_of_moves(pos)}")


def test_the_environment_can_turn_the_kernel_off() -> None:
    code = (
        "from mangala_edu.search import compiled; from mangala_edu import Rules; "
        "print(compiled.available(), compiled.engine_name(Rules.official()))"
    )
    env = {**os.environ, "MANGALA_EDU_ENGINE": "pure"}
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        timeout=900,
    )
    assert proc.stdout.split() == ["False", "pure"]


PLAIN_PYTHON = textwrap.dedent("""
    import json, sys
    from numba import config
    from mangala_edu import Position, Rules
    from mangala_edu.search.compiled import CompiledSolver

    assert config.DISABLE_JIT
    out = []
    for name, text in json.loads(sys.argv[1]):
        pos = Position.from_text(text, Rules.from_name(name))
        solver = CompiledSolver(pos.rules, tables=False, tt_bits=10)
        sol = solver.solve(pos)
        out.append([sol.value, list(sol.best_moves), solver.value_of_moves(pos)])
    print(json.dumps(out))
""")


def test_the_kernel_runs_as_plain_python_with_the_same_answers() -> None:
    """With ``NUMBA_DISABLE_JIT=1`` the kernel's functions run as plain Python (coverage,
    debugging): the same values and best moves as the pure solver."""
    import json

    rng = random.Random(4)
    cases = []
    for rules in (Rules.official(), Rules.no_return(), Rules.kalah(4, 3)):
        for _ in range(3):
            cases.append((rules.name, str(random_position(rules, rng, rng.randint(6, 12)))))
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    env.pop("MANGALA_EDU_ENGINE", None)
    proc = subprocess.run(
        [sys.executable, "-c", PLAIN_PYTHON, json.dumps(cases)],
        capture_output=True,
        text=True,
        check=False,
        timeout=900,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    for (name, text), (value, best, values) in zip(cases, got, strict=True):
        pos = Position.from_text(text, Rules.from_name(name))
        pure = Solver(pos.rules)
        want = pure.solve(pos)
        assert (value, tuple(best)) == (want.value, want.best_moves), text
        assert {int(p): v for p, v in values.items()} == pure.value_of_moves(pos), text


def test_next_state_walks_a_layer_in_rank_order() -> None:
    """The table build steps from one state to the next instead of unranking each."""
    import numpy as np

    from mangala_edu.search import _nb

    binom = _nb.binomials(20, 13)
    for p, n in ((4, 5), (12, 3), (6, 7)):
        state = np.zeros(p, dtype=np.int64)
        _nb.unrank(0, n, p, binom, state)
        offset = binom[n - 1 + p, p]  # the states with fewer stones come first
        size = math.comb(n + p - 1, p - 1)
        seen = set()
        for r in range(size):
            if r:
                _nb.next_state(state, p)
            assert sum(state) == n and min(state) >= 0
            assert _nb.rank(state, p, binom) == (offset + r, n), (p, n, r, state)
            seen.add(tuple(state))
        assert len(seen) == size and tuple(state) == (n,) + (0,) * (p - 1)
