"""deadend, farthest, routes, mouse and wall against independent references built in this file."""

import heapq
import math
import random
from pathlib import Path

import pytest

import pymaze
from pymaze import Run
from pymaze.events import M_FILLED, NOTE, N_WAYPOINT, unpack
from pymaze.formats import parse_thin

from reference import distances, graph, is_spanning_tree, node_of, shortest_moves, valid_route

DATA = Path(__file__).parent / "data" / "micromouse"


def block(text):
    """A block maze from '#'-wall text with S and G."""
    rows = text.strip("\n").split("\n")
    w, h = max(map(len, rows)), len(rows)
    rows = [r.ljust(w, "#") for r in rows]
    m = pymaze.Maze(w, h, bytes(int(c == "#") for r in rows for c in r))
    flat = "".join(rows)
    m.start = flat.index("S")
    m.goals = [i for i, c in enumerate(flat) if c == "G"]
    return m


def micromouse(path):
    """A micromouse file ('o' posts, '---' and '|' walls, S and G in cells) read by the formats module."""
    return parse_thin(path.read_text())


def simple_path_union(maze):
    """Every node on some simple S-G path, by enumerating the paths (iterative DFS)."""
    adj = graph(maze)
    s = node_of(maze, maze.start)
    goals = {node_of(maze, g) for g in maze.goals}
    union = set()
    path, on, stack = [s], {s}, [iter(adj[s])]
    if s in goals:
        union.add(s)
    while stack:
        q = next(stack[-1], None)
        if q is None:
            stack.pop()
            on.discard(path.pop())
            continue
        if q in on:
            continue
        path.append(q)
        on.add(q)
        stack.append(iter(adj[q]))
        if q in goals:
            union.update(path)
    return union


def final(slug, maze, **opts):
    """The whole event stream of a solve and the maze it leaves."""
    run = Run.solve(slug, maze, seed=0, **opts)
    events = run.events()
    return events, run.maze


def waypoints(events):
    """The N_WAYPOINT polylines of a stream, as lists of squares (ordinal 0 starts a new one)."""
    lines = []
    for op, p, code, value in unpack(events):
        if op & 0xFF == NOTE and code == N_WAYPOINT:
            if value == 0:
                lines.append([])
            lines[-1].append(p)
    return lines


def loopy_small(i):
    rng = random.Random(i)
    if i % 4 == 3:  # random block rooms
        w, h = rng.randint(3, 5), rng.randint(3, 5)
        bits = [int(rng.random() < 0.3) for _ in range(w * h)]
        bits[0] = bits[-1] = 0
        return pymaze.Maze(w, h, bytes(bits), start=0, goals=[w * h - 1])
    m = pymaze.generate("dig", rng.randint(4, 5), rng.randint(4, 5), seed=i, loops=rng.uniform(0.3, 0.6))
    return m.as_block() if i % 4 == 2 else m


HAND_MADE = [
    # a dead loop hanging off the corridor, and a live loop
    """
#########
S   #   #
### # # #
#   #   #
# ##### #
#       G
# ### ###
# # #   #
# ###   #
#########""",
    # two-wide corridors, a room, an unreachable pocket
    """
##########
#S    #  #
#  ## ## #
#  ##    #
#      # #
###### #G#
#  #     #
##########""",
]


@pytest.mark.parametrize("case", range(220))
def test_deadend_leaves_exactly_the_union_of_simple_routes(case):
    maze = loopy_small(case)
    _, end = final("deadend", maze)
    left = {node_of(maze, p) for p in maze.nodes() if end.mark[p] != M_FILLED}
    union = simple_path_union(maze)
    sol = pymaze.solve(maze, "deadend")
    if union:
        assert left == union
        assert sol.found and valid_route(maze, sol.path) and sol.moves == shortest_moves(maze)
    else:
        assert not sol.found and sol.status == "no route"


@pytest.mark.parametrize("text", HAND_MADE)
def test_deadend_on_hand_made_blocks(text):
    maze = block(text)
    _, end = final("deadend", maze)
    left = {node_of(maze, p) for p in maze.nodes() if end.mark[p] != M_FILLED}
    assert left == simple_path_union(maze)
    assert len(left) < len(maze.nodes())


@pytest.mark.parametrize("seed", range(20))
def test_deadend_on_perfect_mazes_leaves_the_route(seed):
    maze = pymaze.generate("dig", 9, 7, seed=seed)
    _, end = final("deadend", maze)
    left = [p for p in maze.nodes() if end.mark[p] != M_FILLED]
    assert len(left) == shortest_moves(maze) + 1


def diameter(maze):
    adj = graph(maze)
    best = 0
    for v in adj:
        d = distances(maze, v[1] * maze.width + v[0] if maze.geometry == "block"
                      else maze.cell(*v))
        best = max(best, max(d.values()))
    return best


@pytest.mark.parametrize("seed", range(110))
def test_farthest_finds_the_diameter_of_perfect_mazes(seed):
    rng = random.Random(seed)
    maze = pymaze.generate(("dig", "kruskal", "prim", "wilson")[seed % 4], rng.randint(3, 7), rng.randint(3, 6), seed=seed)
    if seed % 3 == 0:
        maze = maze.as_block()
    _, end = final("farthest", maze)
    sol = pymaze.solve(maze, "farthest")
    assert sol.found and not sol.heuristic
    assert sol.moves == diameter(maze)
    assert valid_route(end, sol.path)
    assert distances(end)[node_of(end, end.goal)] == sol.moves


@pytest.mark.parametrize("seed", range(10))
def test_farthest_on_loops_is_labelled_heuristic(seed):
    maze = pymaze.generate("dig", 7, 6, seed=seed, loops=0.4)
    _, end = final("farthest", maze)
    sol = pymaze.solve(maze, "farthest")
    assert sol.found and sol.heuristic and valid_route(end, sol.path)
    assert sol.moves == distances(end)[node_of(end, end.goal)] <= diameter(maze)


def turning_degrees(path):
    degrees = 0
    for a, b, c in zip(path, path[1:], path[2:]):
        u, v = (b[0] - a[0], b[1] - a[1]), (c[0] - b[0], c[1] - b[1])
        angle = abs(math.degrees(math.atan2(v[1], v[0]) - math.atan2(u[1], u[0]))) % 360
        degrees += round(min(angle, 360 - angle))
    return degrees


def expand(maze, corners):
    """The node path along a polyline of node squares (straight 4-neighbour runs)."""
    pts = [node_of(maze, p) for p in corners]
    out = pts[:1]
    for (x, y), (x2, y2) in zip(pts, pts[1:]):
        assert x == x2 or y == y2
        n = abs(x2 - x) + abs(y2 - y)
        out += [(x + (x2 - x) * i // n, y + (y2 - y) * i // n) for i in range(1, n + 1)]
    return out


def check_routes(maze, k):
    events, end = final("routes", maze, k=k)
    paths = [expand(maze, line) for line in waypoints(events)]
    notes = [(code, value) for op, _, code, value in unpack(events) if op & 0xFF == NOTE and code in (6, 7)]
    assert 1 <= len(paths) <= k
    assert notes == [x for p in paths for x in ((6, len(p) - 1), (7, turning_degrees(p)))]
    for p in paths:
        assert valid_route(maze, p) and len(set(p)) == len(p)
    assert [len(p) for p in paths] == sorted(len(p) for p in paths)
    assert len(paths[0]) - 1 == shortest_moves(maze)
    assert pymaze.solve(maze, "routes", k=k).path == paths[0]
    for i, a in enumerate(paths):
        for b in paths[:i]:
            assert len(set(a) & set(b)) < 0.8 * min(len(a), len(b))
    return paths


@pytest.mark.parametrize("seed", range(10))
def test_routes_on_a_perfect_maze_is_one(seed):
    maze = pymaze.generate("dig", 8, 8, seed=seed)
    assert len(check_routes(maze, 5)) == 1
    assert len(check_routes(maze.as_block(), 3)) == 1


@pytest.mark.parametrize("seed", range(20))
def test_routes_on_loopy_mazes(seed):
    maze = pymaze.generate("dig", 10, 8, seed=seed, loops=0.5)
    check_routes(maze if seed % 2 else maze.as_block(), 1 + seed % 6)
    assert len(check_routes(maze, 4)) > 1


def test_routes_two_corridors():
    maze = block("""
#########
S       #
# ##### #
#     # G
### # # #
#   #   #
#########""")
    paths = check_routes(maze, 3)
    assert [len(p) - 1 for p in paths] == [10, 14]


TRAP = """
#####
#S..#
#.#.#
#...#
##.##
#.G.#
#####"""


def test_wall_follower_trapped_by_an_island():
    maze = block(TRAP)
    assert shortest_moves(maze) is not None
    sol = pymaze.solve(maze, "wall", hand="right")
    assert sol.status == "trapped in a loop" and not sol.found
    _, end = final("wall", maze, hand="right")
    assert end.mark[maze.goal] == 0
    sol = pymaze.solve(maze, "wall", hand="left")
    assert sol.found and valid_route(maze, sol.path)


@pytest.mark.parametrize("seed", range(30))
def test_wall_follower_solves_perfect_mazes(seed):
    maze = pymaze.generate(("dig", "kruskal", "prim")[seed % 3], 9, 7, seed=seed)
    assert is_spanning_tree(maze)
    for m in (maze, maze.as_block()):
        for hand in ("right", "left"):
            sol = pymaze.solve(m, "wall", hand=hand)
            assert sol.found and valid_route(m, sol.path) and len(set(sol.path)) == len(sol.path)


@pytest.mark.parametrize("seed", range(20))
def test_wall_follower_never_hangs_on_loops(seed):
    maze = pymaze.generate("dig", 9, 7, seed=seed, loops=0.4)
    for m in (maze, maze.as_block()):
        sol = pymaze.solve(m, "wall", hand=("right", "left")[seed % 2])
        assert sol.status in ("found", "trapped in a loop")
        if sol.found:
            assert valid_route(m, sol.path)


def mouse_reference(maze, straight=1.0, diagonal=0.7071, turn45=0.5):
    """Dijkstra over (cell-edge midpoint, heading) in half-cell coordinates; the least cost or None."""
    adj = graph(maze)
    start = node_of(maze, maze.start)
    goals = {node_of(maze, g) for g in maze.goals}
    if start in goals:
        return 0.0

    def turn(u, v):
        a = abs(math.atan2(v[1], v[0]) - math.atan2(u[1], u[0])) % (2 * math.pi)
        return turn45 * round(min(a, 2 * math.pi - a) / (math.pi / 4))

    def sign(v):
        return ((v[0] > 0) - (v[0] < 0), (v[1] > 0) - (v[1] < 0))

    def exits(c):  # edge midpoints of cell c (cell coordinates) that are open, in half-cell units
        return [(c[0] + n[0] + 1, c[1] + n[1] + 1) for n in adj[c]]

    heap, best, tick = [], {}, 0
    for e in exits(start):
        u = (e[0] - 2 * start[0] - 1, e[1] - 2 * start[1] - 1)
        heap.append((0.5 * straight + turn((0, -1), u), tick, e, u))
        tick += 1
    heapq.heapify(heap)
    done = set()
    while heap:
        cost, _, e, v = heapq.heappop(heap)
        if e == "end":
            return cost
        if (e, v) in done:
            continue
        done.add((e, v))
        if e[1] % 2 == 0:
            centre = (e[0], e[1] + (1 if v[1] > 0 else -1))
        else:
            centre = (e[0] + (1 if v[0] > 0 else -1), e[1])
        cell = ((centre[0] - 1) // 2, (centre[1] - 1) // 2)
        if cell in goals:
            tick += 1
            heapq.heappush(heap, (cost + 0.5 * straight + turn(v, (centre[0] - e[0], centre[1] - e[1])),
                                  tick, "end", None))
        for q in exits(cell):
            if q == e:
                continue
            u = (q[0] - e[0], q[1] - e[1])
            step = straight if 0 in u else diagonal
            tick += 1
            heapq.heappush(heap, (cost + step + turn(v, u), tick, q, sign(u)))
    return None


def polyline_cost(maze, line, straight=1.0, diagonal=0.7071, turn45=0.5):
    """The cost of driving a waypoint polyline: segments at multiples of 45 degrees, turns between them."""
    w = maze.width
    pts = [(p % w, p // w) for p in line]
    cost, heading = 0.0, (0, -1)
    for (x, y), (x2, y2) in zip(pts, pts[1:]):
        dx, dy = x2 - x, y2 - y
        assert dx == 0 or dy == 0 or abs(dx) == abs(dy)
        u = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        a = abs(math.degrees(math.atan2(u[1], u[0]) - math.atan2(heading[1], heading[0]))) % 360
        cost += turn45 * round(min(a, 360 - a) / 45)
        cost += straight * (abs(dx) + abs(dy)) / 2 if 0 in u else diagonal * abs(dx)
        heading = u
    return cost


MICROMOUSE = sorted(DATA.glob("*.txt"))


def mouse_check(maze, **opts):
    events, end = final("mouse", maze, **opts)
    sol = pymaze.solve(maze, "mouse", **opts)
    ref = mouse_reference(maze, **opts)
    if ref is None:
        assert not sol.found
        return sol
    cost = [v for name, v, _ in sol.notes if name == "cost"]
    assert sol.found and valid_route(maze, sol.path) and len(set(sol.path)) == len(sol.path)
    assert abs(cost[0] - ref * 1000) <= 1
    lines = waypoints(events)
    assert len(lines) == 1 and lines[0][0] == maze.start and lines[0][-1] == sol.squares[-1]
    assert abs(polyline_cost(maze, lines[0], **opts) - ref) < 1e-6
    return sol


def test_micromouse_files_parse_and_bfs_finds_the_shortest_route():
    assert len(MICROMOUSE) >= 3
    for path in MICROMOUSE:
        maze = micromouse(path)
        assert len(maze.goals) == 4 and maze.cells_w in (16, 32)
        assert node_of(maze, maze.start) == (0, maze.cells_h - 1)
        adj, centre = graph(maze), {node_of(maze, g) for g in maze.goals}
        assert sum(1 for c in centre for n in adj[c] if n not in centre) == 1  # walled centre, one entrance
        sol = pymaze.solve(maze, "bfs")
        assert sol.found and valid_route(maze, sol.path) and sol.moves == shortest_moves(maze)


@pytest.mark.parametrize("path", MICROMOUSE, ids=lambda p: p.stem)
def test_mouse_on_micromouse_mazes_matches_the_reference(path):
    maze = micromouse(path)
    sol = mouse_check(maze)
    assert sol.moves >= shortest_moves(maze)
    mouse_check(maze, straight=1.0, diagonal=2.0, turn45=0.0)
    mouse_check(maze, straight=2.0, diagonal=0.5, turn45=1.5)


@pytest.mark.parametrize("seed", range(40))
def test_mouse_on_random_mazes_matches_the_reference(seed):
    rng = random.Random(seed)
    maze = pymaze.generate("dig", rng.randint(2, 12), rng.randint(2, 12), seed=seed, loops=rng.choice((0, 0.2, 0.6)))
    mouse_check(maze, straight=rng.choice((1.0, 0.5)), diagonal=rng.choice((0.7071, 0.4, 1.2)),
                turn45=rng.choice((0.0, 0.5, 2.0)))


def test_mouse_minimises_cost_with_diagonal_runs_and_unreachable_is_a_note():
    maze = pymaze.Maze.blank(6, 6, "posts")
    maze.goals = [maze.cell(5, 5)]
    events, _ = final("mouse", maze)
    cost = [v for op, _, code, v in unpack(events) if op & 0xFF == NOTE and code == 8][0]
    no_diagonals = mouse_reference(maze, diagonal=100.0)
    assert cost < 1000 * no_diagonals
    w = maze.width
    line = waypoints(events)[0]
    assert any(a % w != b % w and a // w != b // w for a, b in zip(line, line[1:]))
    closed = pymaze.Maze.blank(3, 3, "closed")
    sol = pymaze.solve(closed, "mouse")
    assert sol.status == "no route" and not sol.found
