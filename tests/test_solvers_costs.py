"""The classic solvers against the independent references: costs, lengths, valid routes, caps, edge cases."""

import heapq
import random

import pytest

import pymaze
from pymaze import Run
from pymaze.events import MARK, M_CURRENT, M_FILLED, M_FRONTIER, M_FRONTIER2, M_VISITED, M_VISITED2, OP_MASK, unpack
from pymaze.registry import solvers
from pymaze.solution import Solution
from pymaze.solvers.dijkstra import random_weights

from reference import graph, node_of, shortest_moves, valid_route

CLASSIC = ("dijkstra", "greedy", "bibfs", "tremaux", "culdesac", "random-mouse")


def block(text):
    """A block maze from rows of '#' (wall), '.' (floor), 'S' (start) and 'G' (a goal)."""
    rows = [r.strip() for r in text.strip().splitlines()]
    w, h = len(rows[0]), len(rows)
    flat = "".join(rows)
    assert len(flat) == w * h
    return pymaze.Maze(w, h, bytes(c == "#" for c in flat), start=flat.index("S"),
                       goals=[i for i, c in enumerate(flat) if c == "G"], geometry="block")


HAND = {
    "corridor-border": """
        S.#.....
        #...##.#
        ..#.#...
        .##...#G
    """,
    "open-room": """
        ......G
        .......
        ...#...
        S......
        .......
    """,
    "loops-two-goals": """
        S....#...
        .##.##.#.
        ...#...#G
        .#...#...
        G..#.#.##
    """,
    "noose": """
        S......####
        ######.#..#
        #......#..#
        #.####....#
        #....######
        ####......G
    """,
}
UNREACHABLE = """
    S..#...
    .#.#.#.
    ...#..G
"""


def mazes(n=6, w=9, h=7):
    """Perfect and looped mazes in both geometries, plus the hand-made block mazes."""
    out = []
    for seed in range(n):
        for loops in (0.0, 0.3):
            m = pymaze.generate("dig", w, h, seed=seed, loops=loops)
            out += [m, m.as_block()]
    return out + [block(t) for t in HAND.values()]


def reference_cost(maze):
    """Least total weight entered from S to any goal: heapq over the reference graph, weights by coordinates."""
    adj = graph(maze)
    W = maze.width

    def weight(node):
        x, y = node
        square = (2 * y + 1) * W + 2 * x + 1 if maze.geometry == "thin" else y * W + x
        return maze.weight[square] if maze.weight is not None else 1

    s = node_of(maze, maze.start)
    goals = {node_of(maze, g) for g in maze.goals}
    best, heap = {s: 0}, [(0, s)]
    while heap:
        c, u = heapq.heappop(heap)
        if c > best[u]:
            continue
        if u in goals:
            return c
        for v in adj[u]:
            if c + weight(v) < best.get(v, float("inf")):
                best[v] = c + weight(v)
                heapq.heappush(heap, (best[v], v))
    return None


def cost_note(sol):
    """The cost notes of a solve, in units (the note holds thousandths)."""
    return [v / 1000 for name, v, _ in sol.notes if name == "cost"]


def test_dijkstra_cost_equals_an_independent_dijkstra_on_random_weights():
    for i, maze in enumerate(mazes(n=8, w=10, h=8)):
        random_weights(maze, random.Random(i))
        assert all(1 <= x <= 9 for x in maze.weight)
        sol = pymaze.solve(maze, "dijkstra", seed=0)
        assert sol.found and valid_route(maze, sol.path)
        expected = reference_cost(maze)
        assert cost_note(sol) == [expected]
        entered = sum(maze.weight[p] for p in sol.squares[1:])
        assert entered == expected
        uniform = pymaze.solve(maze, "dijkstra", weights="uniform")
        assert uniform.moves == shortest_moves(maze) == cost_note(uniform)[0]


def test_dijkstra_numbers_show_the_settled_cost_along_the_route():
    maze = block(HAND["open-room"])
    random_weights(maze, random.Random(3))
    run = Run.solve("dijkstra", maze, seed=0)
    sol = Solution.from_events(maze, run.events())
    assert sol.found and len(sol.squares) > 5
    spent = 0
    for i, p in enumerate(sol.squares):
        spent += maze.weight[p] if i else 0
        assert run.maze.num[p] == spent + 1  # the num layer holds the settled cost + 1
    assert cost_note(sol) == [spent] == [reference_cost(maze)]
    # Without weights every move costs one, so the cost is the move count.
    plain = block(HAND["open-room"])
    sol = pymaze.solve(plain, "dijkstra")
    assert cost_note(sol) == [sol.moves] == [shortest_moves(plain)]


def test_bibfs_length_equals_bfs():
    for maze in mazes(n=10, w=11, h=8):
        sol = pymaze.solve(maze, "bibfs")
        assert sol.found and valid_route(maze, sol.path)
        assert sol.moves == shortest_moves(maze)


def test_bibfs_shows_both_frontiers():
    maze = pymaze.generate("dig", 12, 12, seed=2, loops=0.2)
    events = Run.solve("bibfs", maze).events()
    new_marks = {e[3] for e in unpack(events) if e[0] & OP_MASK == MARK}
    assert {M_FRONTIER, M_FRONTIER2, M_VISITED, M_VISITED2} <= new_marks


@pytest.mark.parametrize("slug", ["tremaux", "culdesac"])
def test_tremaux_and_culdesac_find_valid_routes(slug):
    for seed, maze in enumerate(mazes(n=10, w=10, h=9)):
        sol = pymaze.solve(maze, slug, seed=seed)
        assert sol.found and valid_route(maze, sol.path), (slug, seed)
        assert len(set(sol.squares)) == len(sol.squares)  # a simple path


def test_culdesac_route_is_shortest_and_fills_the_noose():
    for maze in mazes(n=6):
        assert pymaze.solve(maze, "culdesac").moves == shortest_moves(maze)
    maze = block(HAND["noose"])
    run = Run.solve("culdesac", maze)
    run.finish()
    loop = [1 * 11 + 8, 2 * 11 + 9, 3 * 11 + 7]  # squares of the loop hanging off the corridor
    assert all(run.maze.mark[p] == M_FILLED for p in loop)


def test_greedy_finds_valid_routes_but_not_always_shortest():
    longer = []
    for seed in range(40):
        maze = pymaze.generate("dig", 10, 10, seed=seed, loops=0.3)
        for m in (maze, maze.as_block()):
            sol = pymaze.solve(m, "greedy")
            assert sol.found and valid_route(m, sol.path)
            assert sol.moves >= shortest_moves(m)
            if sol.moves > shortest_moves(m):
                longer.append(seed)
    assert longer, "greedy best-first should lose to BFS somewhere on mazes with loops"
    assert solvers()["greedy"].optimal is False
    assert "not optimal" in solvers()["greedy"].summary


def mouse_moves(events):
    return sum(1 for op, _, _, new in unpack(events) if op & OP_MASK == MARK and new == M_CURRENT) - 1


def test_random_mouse_respects_its_cap():
    maze = pymaze.generate("dig", 15, 15, seed=1)
    assert shortest_moves(maze) > 50
    run = Run.solve("random-mouse", maze, seed=0, cap=50)
    events = run.events()
    sol = Solution.from_events(maze, events)
    assert sol.status == "gave up" and not sol.found
    assert mouse_moves(events) == 50
    assert sol.moves == 0


def test_random_mouse_finds_a_route_with_a_big_cap():
    for seed, maze in enumerate(mazes(n=4, w=5, h=4)):
        run = Run.solve("random-mouse", maze, seed=seed, cap=1_000_000)
        events = run.events()
        sol = Solution.from_events(maze, events)
        assert sol.found and valid_route(maze, sol.path)
        assert mouse_moves(events) >= sol.moves


def closed_off_thin(seed):
    maze = pymaze.generate("dig", 6, 5, seed=seed, loops=0.3)
    g, w = maze.goal, maze.width
    for d in (-w, 1, w, -1):
        maze.wall[g + d] = 1
    return maze


@pytest.mark.parametrize("slug", CLASSIC)
def test_unreachable_goal_several_goals_and_s_equals_g(slug):
    for maze in (block(UNREACHABLE), closed_off_thin(1), closed_off_thin(2)):
        sol = pymaze.solve(maze, slug, seed=1)
        assert not sol.found and sol.status == "no route", slug
    both = block(HAND["loops-two-goals"])
    sol = pymaze.solve(both, slug, seed=1, **({"cap": 100_000} if slug == "random-mouse" else {}))
    assert sol.found and valid_route(both, sol.path)
    if slug in ("dijkstra", "bibfs", "culdesac"):
        assert sol.moves == shortest_moves(both)
    for maze in (block(HAND["corridor-border"]), pymaze.generate("dig", 4, 4, seed=3)):
        maze.goals = [maze.start]
        sol = pymaze.solve(maze, slug, seed=1)
        assert sol.found and sol.moves == 0 and sol.path == [maze.node_xy(maze.start)]


@pytest.mark.parametrize("slug", CLASSIC)
def test_registered_with_docstring_and_both_geometries(slug):
    algo = solvers()[slug]
    assert set(algo.geometries) == {"block", "thin"}
    assert "1." in algo.doc and "Property" in algo.doc and "Source" in algo.doc
    assert 50 <= algo.order <= 110
