"""Open-grid finders (diagonal rules, octile costs) against an independent Dijkstra written here."""

import heapq
import math
import random

import pytest

import pymaze
from pymaze import Run, apply
from pymaze.events import MARK, M_JUMP, M_SCANNED, NOTE, N_BOUND, N_COST, OP_MASK, unpack
from pymaze.registry import solvers
from pymaze.solution import Solution

RULES = ("never", "no-corners", "one-blocked", "always")
GRID_FINDERS = [s for s, a in solvers().items() if any(p.name == "diagonal" and p.choices == RULES for p in a.params)]
OPTIMAL = [s for s in GRID_FINDERS if solvers()[s].optimal]
ADMISSIBLE = {"never": "manhattan", "no-corners": "octile", "one-blocked": "octile", "always": "octile"}


def step_ok(g, w, h, a, b, rule):
    """Whether one step from square (x, y) ``a`` to ``b`` is allowed, read from the wall bytes alone."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    if max(abs(dx), abs(dy)) != 1 or not (0 <= bx < w and 0 <= by < h) or g[by * w + bx]:
        return False
    if dx == 0 or dy == 0:
        return True
    side = [not g[ay * w + bx], not g[by * w + ax]]
    return {"never": False, "no-corners": all(side), "one-blocked": any(side), "always": True}[rule]


def dijkstra(maze, rule):
    """Least octile cost from S to any goal, or None (heapq over (x, y) squares)."""
    w, h, g = maze.width, maze.height, bytes(maze.wall)
    s = (maze.start % w, maze.start // w)
    goals = {(q % w, q // w) for q in maze.goals}
    dist, heap = {s: 0.0}, [(0.0, s)]
    while heap:
        d, a = heapq.heappop(heap)
        if d > dist[a]:
            continue
        if a in goals:
            return d
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                b = (a[0] + dx, a[1] + dy)
                if (dx or dy) and step_ok(g, w, h, a, b, rule):
                    nd = d + (math.sqrt(2) if dx and dy else 1)
                    if nd < dist.get(b, math.inf):
                        dist[b] = nd
                        heapq.heappush(heap, (nd, b))
    return None


def open_grid(seed, w=None, h=None, density=None):
    rng = random.Random(seed)
    w, h = w or rng.randint(2, 16), h or rng.randint(2, 12)
    density = rng.choice((0.0, 0.1, 0.25, 0.4)) if density is None else density
    wall = bytes(rng.random() < density for _ in range(w * h))
    free = [p for p in range(w * h) if not wall[p]] or [0]
    wall = bytearray(wall)
    s, t = rng.choice(free), rng.choice(free)
    wall[s] = wall[t] = 0
    return pymaze.Maze(w, h, wall, start=s, goals=[t])


def run(maze, slug, **opts):
    r = Run.solve(slug, maze, seed=1, **opts)
    events = r.events()
    state = r.initial.copy()
    apply(state, events, check=True)
    assert state == r.maze
    return Solution.from_events(r.initial, events), events


def route_cost(maze, sol, rule):
    w = maze.width
    pts = [(p % w, p // w) for p in sol.squares]
    assert pts[0] == (maze.start % w, maze.start // w) and sol.squares[-1] in maze.goals
    for a, b in zip(pts, pts[1:]):
        assert step_ok(bytes(maze.wall), w, maze.height, a, b, rule), (a, b)
    return sum(math.sqrt(2) if a[0] != b[0] and a[1] != b[1] else 1 for a, b in zip(pts, pts[1:]))


def test_the_finders_with_a_diagonal_option():
    assert {"idastar", "jps", "biastar", "bidijkstra", "bibest", "swarm", "convswarm", "biswarm"} <= set(GRID_FINDERS)
    assert set(OPTIMAL) == {"idastar", "jps", "biastar", "bidijkstra"}


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("slug", OPTIMAL)
def test_optimal_finders_equal_an_independent_dijkstra(slug, rule):
    opts = {"diagonal": rule}
    if any(p.name == "heuristic" for p in solvers()[slug].params):
        opts["heuristic"] = ADMISSIBLE[rule]
    for seed in range(60):
        maze = open_grid(seed)
        ref = dijkstra(maze, rule)
        sol, events = run(maze, slug, **opts)
        assert sol.found == (ref is not None), (seed, sol.status)
        if ref is not None:
            assert math.isclose(route_cost(maze, sol, rule), ref), (seed, slug, rule)
            costs = [v for code, v, _ in [(e[2], e[3], e[1]) for e in unpack(events) if e[0] & OP_MASK == NOTE]
                     if code == N_COST]
            assert costs == ([] if rule == "never" else [round(1000 * ref)])  # thousandths


@pytest.mark.parametrize("heuristic", ["euclidean", "chebyshev", "zero"])
@pytest.mark.parametrize("slug", ["idastar", "jps", "biastar"])
def test_other_admissible_estimates_stay_optimal(slug, heuristic):
    for seed in range(20):
        maze = open_grid(100 + seed)
        sol, _ = run(maze, slug, diagonal="always", heuristic=heuristic)
        ref = dijkstra(maze, "always")
        assert sol.found == (ref is not None)
        if ref is not None:
            assert math.isclose(route_cost(maze, sol, "always"), ref)


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("slug", sorted(set(GRID_FINDERS) - set(OPTIMAL)))
def test_the_other_finders_give_valid_routes_and_honest_verdicts(slug, rule):
    for seed in range(40):
        maze = open_grid(200 + seed)
        ref = dijkstra(maze, rule)
        sol, _ = run(maze, slug, diagonal=rule)
        assert sol.found == (ref is not None), (seed, sol.status)
        if ref is not None:
            assert route_cost(maze, sol, rule) >= ref - 1e-9


# PathFinding.js's scenario table (test/PathTestScenarios.js): matrix[y][x], 1 = wall, four-connected;
# the expected length counts the squares of the route, both ends included.
PF_SCENARIOS = [
    ((0, 0), (1, 1), ["00", "10"], 3),
    ((1, 1), (4, 4), ["00000", "10110", "10100", "01000", "10110", "00100"], 9),
    ((0, 3), (3, 3), ["00000", "00110", "00100", "00100", "10110", "00000"], 10),
    ((4, 4), (19, 19), ["0" * 20] * 20, 31),
]


@pytest.mark.parametrize("slug", OPTIMAL + ["astar", "bfs", "bibfs", "dijkstra"])
@pytest.mark.parametrize("case", PF_SCENARIOS, ids=lambda c: f"{c[0]}-{c[1]}")
def test_pathfinding_js_scenarios(slug, case):
    (sx, sy), (gx, gy), rows, expected = case
    w = len(rows[0])
    maze = pymaze.Maze(w, len(rows), bytes(int(c) for row in rows for c in row),
                       start=sy * w + sx, goals=[gy * w + gx])
    sol = pymaze.solve(maze, slug)
    assert sol.found and len(sol.squares) == expected


def test_idastar_notes_a_rising_bound_per_iteration():
    rows = ["000010000", "000010000", "000010000", "000010000", "000000000"]
    maze = pymaze.Maze(9, 5, bytes(int(c) for row in rows for c in row), start=0, goals=[8])
    _, events = run(maze, "idastar", diagonal="no-corners", heuristic="octile")
    bounds = [e[3] for e in unpack(events) if e[0] & OP_MASK == NOTE and e[2] == N_BOUND]
    assert len(bounds) >= 2 and bounds == sorted(set(bounds))
    assert bounds[0] == 800 and bounds[-1] == round(100 * dijkstra(maze, "no-corners"))


def test_jps_marks_jump_points_and_scanned_squares_and_queues_less_than_astar():
    maze = open_grid(3, 40, 30, 0.05)
    maze.start, maze.goals = 0, [len(maze.wall) - 1]
    maze.wall[0] = maze.wall[-1] = 0
    for rule in RULES:
        _, events = run(maze, "jps", diagonal=rule, heuristic=ADMISSIBLE[rule])
        marks = [e[3] for e in unpack(events) if e[0] & OP_MASK == MARK]
        assert M_JUMP in marks and M_SCANNED in marks
        jps = pymaze.solve(maze, "jps", diagonal=rule, heuristic=ADMISSIBLE[rule]).visited
        astar = pymaze.solve(maze, "biastar", diagonal=rule, heuristic=ADMISSIBLE[rule]).visited
        assert jps < astar


def test_diagonals_on_a_thin_maze_are_refused():
    maze = pymaze.generate("dig", 5, 5, seed=1)
    with pytest.raises(pymaze.ParameterError, match="block"):
        pymaze.solve(maze, "biastar", diagonal="always")
    assert pymaze.solve(maze, "biastar").found
