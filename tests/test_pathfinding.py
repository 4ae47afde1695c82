"""Open-grid finders (diagonal rules, octile costs) against networkx on the 8-connected graph
whose edges obey the corner rule (read from the wall bytes alone)."""

import json
import math
import random
from pathlib import Path

import networkx as nx
import pytest

import pymaze
from pymaze import Run
from pymaze.events import MARK, M_JUMP, M_SCANNED, NOTE, N_BOUND, N_COST, OP_MASK, unpack
from pymaze.registry import solvers
from pymaze.solution import Solution

from reference import replayed

RULES = ("never", "no-corners", "one-blocked", "always")
GRID_FINDERS = [s for s, a in solvers().items() if any(p.name == "diagonal" and p.choices == RULES for p in a.params)]
OPTIMAL = [s for s in GRID_FINDERS if solvers()[s].optimal]
FEWEST_STEPS = ["bfs", "bibfs"]          # optimal in moves: a diagonal step counts one move
LEAST_COST = [s for s in OPTIMAL if s not in FEWEST_STEPS]  # optimal in octile cost
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


def grid_graph(maze, rule):
    """The open squares as a networkx graph: an edge for every step ``rule`` allows, weighted 1 or sqrt 2."""
    w, h, g = maze.width, maze.height, bytes(maze.wall)
    G = nx.Graph()
    G.add_nodes_from((x, y) for y in range(h) for x in range(w) if not g[y * w + x])
    for a in list(G.nodes):
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                b = (a[0] + dx, a[1] + dy)
                if (dx or dy) and step_ok(g, w, h, a, b, rule):
                    G.add_edge(a, b, weight=math.sqrt(2) if dx and dy else 1)
    return G


def dijkstra(maze, rule, weight="weight"):
    """Least octile cost (or, with ``weight=None``, fewest steps) from S to any goal, or None."""
    w = maze.width
    G = grid_graph(maze, rule)
    s = (maze.start % w, maze.start // w)
    lengths = nx.single_source_dijkstra_path_length(G, s, weight=weight)
    reached = [lengths[(q % w, q // w)] for q in maze.goals if (q % w, q // w) in lengths]
    return min(reached) if reached else None


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
    events = replayed(r)
    return Solution.from_events(r.initial, events), events


def route_cost(maze, sol, rule):
    w = maze.width
    pts = [(p % w, p // w) for p in sol.squares]
    assert pts[0] == (maze.start % w, maze.start // w) and sol.squares[-1] in maze.goals
    for a, b in zip(pts, pts[1:]):
        assert step_ok(bytes(maze.wall), w, maze.height, a, b, rule), (a, b)
    return sum(math.sqrt(2) if a[0] != b[0] and a[1] != b[1] else 1 for a, b in zip(pts, pts[1:]))


def test_the_finders_with_a_diagonal_option():
    assert {"bfs", "astar", "dijkstra", "greedy", "bibfs", "idastar", "jps", "biastar", "bidijkstra", "bibest",
            "swarm", "convswarm", "biswarm"} <= set(GRID_FINDERS)
    assert set(LEAST_COST) == {"astar", "dijkstra", "idastar", "jps", "biastar", "bidijkstra"}
    heuristics = ("manhattan", "euclidean", "octile", "chebyshev", "zero")
    for slug in ("astar", "greedy", "idastar", "jps", "biastar", "bibest"):
        assert [p for p in solvers()[slug].params if p.name == "heuristic"][0].choices == heuristics
    for slug in ("astar", "idastar", "biastar"):
        assert any(p.name == "weight" for p in solvers()[slug].params)


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("slug", FEWEST_STEPS)
def test_breadth_first_finders_take_the_fewest_steps(slug, rule):
    for seed in range(60):
        maze = open_grid(seed)
        ref = dijkstra(maze, rule, weight=None)
        sol, _ = run(maze, slug, diagonal=rule)
        assert sol.found == (ref is not None), (seed, sol.status)
        if ref is not None:
            route_cost(maze, sol, rule)  # every step allowed by the rule
            assert sol.moves == ref, (seed, slug, rule)


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("slug", LEAST_COST)
def test_optimal_finders_equal_networkx_dijkstra(slug, rule):
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
            if slug == "dijkstra":  # notes its cost always
                assert costs == [round(1000 * ref)]
            else:
                assert costs == ([] if rule == "never" else [round(1000 * ref)])  # thousandths


@pytest.mark.parametrize("heuristic", ["euclidean", "chebyshev", "zero"])
@pytest.mark.parametrize("slug", ["astar", "idastar", "jps", "biastar"])
def test_other_admissible_estimates_stay_optimal(slug, heuristic):
    for seed in range(20):
        maze = open_grid(100 + seed)
        sol, _ = run(maze, slug, diagonal="always", heuristic=heuristic)
        ref = dijkstra(maze, "always")
        assert sol.found == (ref is not None)
        if ref is not None:
            assert math.isclose(route_cost(maze, sol, "always"), ref)


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("slug", sorted(set(GRID_FINDERS) - set(LEAST_COST)))
def test_the_other_finders_give_valid_routes_and_honest_verdicts(slug, rule):
    for seed in range(40):
        maze = open_grid(200 + seed)
        ref = dijkstra(maze, rule)
        sol, _ = run(maze, slug, diagonal=rule)
        assert sol.found == (ref is not None), (seed, sol.status)
        if ref is not None:
            assert route_cost(maze, sol, rule) >= ref - 1e-9


# PathFinding.js's scenario table (test/PathTestScenarios.js, kept in tests/data): matrix[y][x], 1 = wall,
# four-connected; the expected length counts the squares of the route, both ends included.
PF_SCENARIOS = json.loads((Path(__file__).parent / "data" / "pathfinding_scenarios.json").read_text())


@pytest.mark.parametrize("slug", OPTIMAL)
@pytest.mark.parametrize("case", PF_SCENARIOS, ids=lambda c: f"{c['startX']},{c['startY']}-{c['endX']},{c['endY']}")
def test_pathfinding_js_scenarios(slug, case):
    rows = case["matrix"]
    w = len(rows[0])
    maze = pymaze.Maze(w, len(rows), bytes(c for row in rows for c in row),
                       start=case["startY"] * w + case["startX"], goals=[case["endY"] * w + case["endX"]])
    sol = pymaze.solve(maze, slug)
    assert sol.found and len(sol.squares) == case["expectedLength"]


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


@pytest.mark.parametrize("slug", GRID_FINDERS)
def test_diagonals_on_a_thin_maze_or_another_shape_are_refused(slug):
    if "thin" in solvers()[slug].geometries:
        maze = pymaze.generate("dig", 5, 5, seed=1)
        with pytest.raises(pymaze.ParameterError, match="block view"):
            pymaze.solve(maze, slug, diagonal="always")
        assert pymaze.solve(maze, slug).found
    if "hex" in solvers()[slug].shapes:
        maze = pymaze.generate("dig", 5, 5, seed=1, shape="hex")
        with pytest.raises(pymaze.ParameterError, match="square maze; a hex maze"):
            pymaze.solve(maze, slug, diagonal="no-corners")
        assert pymaze.solve(maze, slug).found


@pytest.mark.parametrize("rule", RULES[1:])
def test_weighted_astar_with_diagonals_stays_within_its_weight(rule):
    for seed in range(30):
        maze = open_grid(400 + seed)
        ref = dijkstra(maze, rule)
        sol, _ = run(maze, "astar", diagonal=rule, heuristic="octile", weight=1.5)
        assert sol.found == (ref is not None)
        if ref is not None:
            assert ref - 1e-9 <= route_cost(maze, sol, rule) <= 1.5 * ref + 1e-9


def test_the_cli_and_the_page_read_a_thin_maze_as_blocks_for_diagonal_steps(capsys):
    from pymaze.cli import main
    from pymaze.web import Session
    web = Session()
    thin = pymaze.generate("fill", 12, 9, seed=3)
    assert thin.geometry == "thin"
    block = thin.as_block()
    ref = dijkstra(block, "always")
    assert ref is not None and ref != dijkstra(block, "never")   # a route, shorter with diagonals
    assert main(["solve", "astar", "--generate", "fill", "--size", "12x9", "--seed", "3",
                 "--set", "diagonal=always", "--set", "heuristic=octile"]) == 0
    out = capsys.readouterr().out
    assert f"cost {round(ref, 3):g}" in out
    web.generate("fill", 12, 9, 3, "thin", "{}")
    header = json.loads(web.solve("astar", 1, json.dumps({"diagonal": "always", "heuristic": "octile"}))[0])
    events = web.next_batch(100_000)
    sol = Solution.from_events(block, events)
    assert header["geometry"] == "block" and math.isclose(route_cost(block, sol, "always"), ref)


@pytest.mark.parametrize("diagonal", ["never", "always"])
def test_jps_on_a_grid_without_a_frame_reports_its_route_instant_and_in_the_cli(tmp_path, capsys, diagonal):
    """An open block grid whose border squares are floor (no outer frame): the instant run reports
    what the events say (it used to report nothing there, and ``pymaze solve jps FILE`` traced back)."""
    from pymaze.cli import main
    rows = [[" "] * 27 for _ in range(12)]
    rows[5][3:20] = "#" * 17
    rows[0][0], rows[11][26] = "S", "G"
    text = "\n".join("".join(r) for r in rows) + "\n"
    maze = pymaze.formats.parse(text)
    run = Run.solve("jps", maze, diagonal=diagonal)
    watched = Run.solve("jps", maze, diagonal=diagonal)
    events = watched.events()
    assert run.finish() == watched.maze and run.outcome is not None
    route, visited, notes = run.outcome
    assert route[0] == maze.start and route[-1] == maze.goal
    assert [n[1:] for n in notes if n[0] == 1] == [(len(route) - 1, maze.goal)]
    assert (NOTE | 0x100, maze.goal, 1, len(route) - 1) in list(unpack(events))
    path = tmp_path / "open.txt"
    path.write_text(text)
    assert main(["solve", "jps", str(path), "--set", f"diagonal={diagonal}"]) == 0
    assert "found route" in capsys.readouterr().out
