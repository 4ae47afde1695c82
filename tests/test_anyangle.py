"""Theta* and Lazy Theta* against independent references: line of sight by an exact
segment-against-square test (whole numbers, no walk), A*'s octile cost, and the true shortest
route between square centres through the visibility graph (networkx)."""

import json
import math
import random

import networkx as nx
import pytest

import pymaze
from pymaze import Run
from pymaze.events import N_WAYPOINT, NOTE, OP_MASK, unpack
from pymaze.solution import Solution

from reference import replayed

FINDERS = ("thetastar", "lazytheta")
# An 8-neighbour grid route is at most this much longer than the straight segment it follows
# (octile over euclidean at 22.5 degrees); Theta*'s routes are measured against it.
OCTILE_BOUND = math.sqrt(4 - 2 * math.sqrt(2))


def touches(a, b, square):
    """Whether the closed segment between the centres of squares ``a`` and ``b`` ((x, y) each)
    meets the closed unit square ``square``: coordinates doubled, so every number is whole."""
    (ax, ay), (bx, by) = [(2 * x + 1, 2 * y + 1) for x, y in (a, b)]
    x0, y0 = 2 * square[0], 2 * square[1]
    if max(ax, bx) < x0 or min(ax, bx) > x0 + 2 or max(ay, by) < y0 or min(ay, by) > y0 + 2:
        return False
    sides = {(bx - ax) * (cy - ay) - (by - ay) * (cx - ax) > 0 for cx in (x0, x0 + 2) for cy in (y0, y0 + 2)
             if (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) != 0}
    corners_on_line = any((bx - ax) * (cy - ay) == (by - ay) * (cx - ax) for cx in (x0, x0 + 2) for cy in (y0, y0 + 2))
    return corners_on_line or len(sides) == 2


def in_sight(maze, a, b):
    w, wall = maze.width, maze.wall
    (ax, ay), (bx, by) = a, b
    return not any(wall[y * w + x] and touches(a, b, (x, y))
                   for x in range(min(ax, bx), max(ax, bx) + 1) for y in range(min(ay, by), max(ay, by) + 1))


def obstacles(seed, w=None, h=None):
    rng = random.Random(seed)
    w, h = w or rng.randint(3, 12), h or rng.randint(3, 10)
    density = rng.choice((0.0, 0.1, 0.2, 0.3))
    wall = bytearray(rng.random() < density for _ in range(w * h))
    free = [p for p in range(w * h) if not wall[p]] or [0]
    s, t = rng.choice(free), rng.choice(free)
    wall[s] = wall[t] = 0
    return pymaze.Maze(w, h, wall, start=s, goals=[t])


def visibility_optimum(maze):
    """The shortest route from S to G between square centres with every segment in sight, or None."""
    w = maze.width
    free = [(p % w, p // w) for p in range(len(maze.wall)) if not maze.wall[p]]
    G = nx.Graph()
    G.add_nodes_from(free)
    for i, a in enumerate(free):
        for b in free[i + 1:]:
            if in_sight(maze, a, b):
                G.add_edge(a, b, weight=math.dist(a, b))
    s, t = (maze.start % w, maze.start // w), (maze.goal % w, maze.goal // w)
    try:
        return nx.dijkstra_path_length(G, s, t)
    except nx.NetworkXNoPath:
        return None


def solved(maze, slug, **opts):
    run = Run.solve(slug, maze, seed=0, **opts)
    events = replayed(run)
    return Solution.from_events(run.initial, events), events


@pytest.mark.parametrize("slug", FINDERS)
def test_routes_are_in_sight_no_longer_than_astar_and_near_the_optimum(slug):
    for seed in range(40):
        maze = obstacles(seed)
        w = maze.width
        sol, events = solved(maze, slug)
        ref = visibility_optimum(maze)
        astar = pymaze.solve(maze, "astar", diagonal="no-corners", heuristic="octile")
        assert sol.found == (ref is not None) == astar.found, seed
        if ref is None:
            continue
        corners = [(p % w, p // w) for p in sol.squares]
        assert sol.squares[0] == maze.start and sol.squares[-1] == maze.goal
        for a, b in zip(corners, corners[1:]):
            assert in_sight(maze, a, b), (seed, a, b)
        length = sum(math.dist(a, b) for a, b in zip(corners, corners[1:]))
        assert math.isclose(sol.cost, length, abs_tol=1e-3), seed
        assert sol.cost <= astar.cost + 1e-3, (seed, sol.cost, astar.cost)
        assert ref - 1e-9 <= length <= ref * OCTILE_BOUND + 1e-9, (seed, length, ref)
        assert length >= math.dist(corners[0], corners[-1]) - 1e-9
        # The page draws the route through the corners the waypoint notes name, in order.
        notes = [(e[1], e[3]) for e in unpack(events) if e[0] & OP_MASK == NOTE and e[2] == N_WAYPOINT]
        assert notes == [(p, i) for i, p in enumerate(sol.squares)]


@pytest.mark.parametrize("slug", FINDERS)
def test_open_ground_is_one_straight_segment(slug):
    maze = pymaze.Maze(9, 5, bytes(45), start=0, goals=[44])
    sol = pymaze.solve(maze, slug)
    assert sol.squares == [0, 44] and math.isclose(sol.cost, math.hypot(8, 4), abs_tol=1e-3)
    astar = pymaze.solve(maze, "astar", diagonal="no-corners", heuristic="octile")
    assert astar.cost > sol.cost + 0.5


@pytest.mark.parametrize("slug", FINDERS)
def test_watched_and_unwatched_agree_and_other_views_are_refused(slug):
    maze = pymaze.generate("cellular", 20, 14, seed=5, geometry="block")
    events = Run.solve(slug, maze).events()
    assert Solution.from_events(maze, events).squares == pymaze.solve(maze, slug).squares
    with pytest.raises(pymaze.errors.GeometryError):
        pymaze.solve(pymaze.generate("dig", 5, 5), slug)


def test_the_sight_walk_agrees_with_the_exact_test():
    from pymaze.sight import sight
    for seed in range(60):
        maze = obstacles(1000 + seed, 7, 6)
        w = maze.width
        free = [p for p in range(len(maze.wall)) if not maze.wall[p]]
        for a in free:
            for b in free:
                assert sight(maze.wall, w, a, b) == in_sight(maze, (a % w, a // w), (b % w, b // w)), (seed, a, b)


@pytest.mark.parametrize("slug", FINDERS)
def test_the_cli_result_line_counts_straight_segments_and_gives_the_length(tmp_path, slug):
    """The line says what an any-angle route is: its segments (not moves), and its length, measured
    here along the corners the CLI's JSON gives."""
    import subprocess
    import sys
    from pymaze import formats
    maze = pymaze.generate("cellular", 20, 14, seed=5, geometry="block")
    path = tmp_path / "maze.txt"
    path.write_text(formats.to_block_text(maze))
    said = subprocess.run([sys.executable, "-m", "pymaze", "solve", slug, path], capture_output=True, text=True,
                          timeout=60).stdout.splitlines()[-1]
    corners = json.loads(subprocess.run([sys.executable, "-m", "pymaze", "solve", slug, path, "--json"],
                                        capture_output=True, text=True, timeout=60).stdout)["path"]
    length = sum(math.dist(a, b) for a, b in zip(corners, corners[1:]))
    assert len(corners) > 2 and said.startswith(f"found route: {len(corners) - 1} straight segments, length ")
    assert math.isclose(float(said.split("length ")[1].split(",")[0]), length, abs_tol=1e-3), (said, length)
    assert "moves" not in said
