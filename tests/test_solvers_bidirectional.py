"""The two-sided searches and the swarms: their routes against networkx (shortest where the search
is exact), the swarms' routes against the plain twins of bench/, their events whatever the chunk,
and bidirectional BFS's events against a one-event-at-a-time reference written from its docstring;
on square (both views), hex, triangle and polar mazes, with loops, several goals, a goal walled in,
and S on a goal."""

import sys
from pathlib import Path

import networkx as nx
import pytest

import pymaze
from pymaze import Run
from pymaze.events import (MARK, MILESTONE, M_FRONTIER, M_FRONTIER2, M_ROUTE, M_VISITED, M_VISITED2, N_FOUND,
                           N_NO_ROUTE, N_TURNS, NOTE, unpack)
from pymaze.graph import links, path_to, to_networkx, turning

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench import twins_more  # noqa: E402

SIZE = {"square": (12, 9), "hex": (8, 7), "triangle": (9, 7), "polar": (6, 4)}


def _mazes(shapes=SIZE):
    for shape in shapes:
        for seed in range(2):
            maze = pymaze.generate("dig", *SIZE[shape], seed=seed, shape=shape, loops=0.3 if seed else 0.0)
            views = [maze, maze.as_block()] if shape == "square" else [maze]
            for m in views:
                yield m
                nodes = m.nodes()
                several = m.copy()
                several.goals = [nodes[len(nodes) // 2], nodes[-1], nodes[len(nodes) // 3]]
                yield several
    maze = pymaze.generate("dig", 9, 7, seed=0, loops=0.3).as_block()
    walled = maze.copy()
    for q in (maze.goal - 1, maze.goal + 1, maze.goal - maze.width, maze.goal + maze.width):
        walled.wall[q] = 1
    yield walled
    on_goal = maze.copy()
    on_goal.goals = [maze.start]
    yield on_goal


CASES = [("bidijkstra", {}), ("bibest", {}), ("bibest", {"heuristic": "chebyshev"}), ("biswarm", {}), ("biastar", {}),
         ("biastar", {"heuristic": "zero"}), ("biastar", {"weight": 3.0}), ("bibfs", {}), ("swarm", {}),
         ("convswarm", {}), ("swarm", {"diagonal": "always"}), ("bidijkstra", {"diagonal": "no-corners"})]
EXACT = {"bidijkstra", "biastar", "bibfs"}  # shortest in moves (without diagonal steps, weight 1)


@pytest.mark.parametrize("slug,options", CASES, ids=str)
def test_routes_walk_open_moves_to_a_goal_and_the_exact_searches_are_shortest(slug, options):
    """Against networkx: the route steps between neighbours joined by an open passage from S to
    a goal, and where the search is exact it is as short as the shortest; no route only when
    networkx finds none."""
    shapes = pymaze.registry.solvers()[slug].shapes
    diagonal = options.get("diagonal", "never") != "never"
    for maze in _mazes([s for s in SIZE if s in shapes]):
        if diagonal and maze.geometry != "block":
            continue
        graph = to_networkx(maze)
        if diagonal:
            graph = nx.Graph((p, q) for p in maze.nodes() for q in _block_moves(maze, options["diagonal"], p))
        graph.add_edges_from(("sink", t) for t in maze.goals)
        solution = pymaze.solve(maze, slug, seed=1, **options)
        route = solution.squares
        if not nx.has_path(graph, maze.start, "sink"):
            assert solution.status != "found" and not route
            continue
        assert route[0] == maze.start and route[-1] in maze.goals
        assert all(graph.has_edge(a, b) for a, b in zip(route, route[1:]))
        if slug in EXACT and options.get("weight", 1) == 1 and not diagonal:
            assert len(route) == nx.shortest_path_length(graph, maze.start, "sink")


@pytest.mark.parametrize("slug,options", CASES, ids=str)
def test_the_events_do_not_depend_on_how_often_they_are_handed_out(slug, options, monkeypatch):
    maze = next(m for m in _mazes() if m.geometry == "block" and len(m.goals) > 1)
    want = Run.solve(slug, maze, seed=1, **options).events()
    monkeypatch.setattr(pymaze.events, "CHUNK", 7)
    assert Run.solve(slug, maze, seed=1, **options).events(batch=97) == want


@pytest.mark.parametrize("slug", ["swarm", "convswarm", "biswarm"])
def test_the_swarms_route_is_the_plain_twins(slug):
    """bench/twins_more.py's swarms are written apart, over dicts: the same route on mazes with one goal."""
    for seed in range(4):
        maze = pymaze.generate("dig", 15, 11, seed=seed, loops=0.3 * (seed % 2))
        for m in (maze, maze.as_block()):
            assert pymaze.solve(m, slug, seed=1).squares == getattr(twins_more, slug)(m)


def _bibfs_reference(maze):
    """Bidirectional BFS's events from its docstring, one event at a time."""
    nbrs, mark, start, goals = links(maze), maze.mark, maze.start, list(dict.fromkeys(maze.goals))
    events = []

    def put(op, p, new):
        events.append((op, p, mark[p], new))
        mark[p] = new
    put(MARK, start, M_FRONTIER)
    route = [start] if start in goals else None
    if route is None:
        for s in goals:
            put(MARK, s, M_FRONTIER2)
        parents, layers = [{start: start}, {s: s for s in goals}], [[start], goals]
        colours, turn = [(M_FRONTIER, M_VISITED), (M_FRONTIER2, M_VISITED2)], 0
        while layers[0] and layers[1] and route is None:
            mine, other, (frontier, visited) = parents[turn], parents[1 - turn], colours[turn]
            nxt = []
            for p in layers[turn]:
                put(MARK | MILESTONE, p, visited)
                for q in nbrs(p):
                    if q in other:
                        a, b = (p, q) if turn == 0 else (q, p)
                        route = path_to(parents[0], a) + path_to(parents[1], b)[::-1]
                        break
                    if q not in mine:
                        mine[q] = p
                        put(MARK, q, frontier)
                        nxt.append(q)
                if route:
                    break
            layers[turn], turn = nxt, 1 - turn
    if route is None:
        return events + [(NOTE | MILESTONE, maze.goal, N_NO_ROUTE, 0)]
    for p in route:
        put(MARK | MILESTONE, p, M_ROUTE)
    return events + [(NOTE | MILESTONE, route[-1], N_FOUND, len(route) - 1),
                     (NOTE, route[-1], N_TURNS, turning(maze, route))]


def test_bibfs_makes_the_events_of_a_one_event_at_a_time_reference():
    for maze in _mazes():
        want = _bibfs_reference(maze.copy(layers=False))
        assert unpack(Run.solve("bibfs", maze, seed=1).events(batch=97)) == want


def _block_moves(maze, rule, p):
    """The squares one step from floor square ``p`` of a block maze under the diagonal ``rule``,
    worked out from coordinates (an independent reading of the rules PathFinding.js names)."""
    w, h, g = maze.width, maze.height, maze.wall
    y, x = divmod(p, w)

    def free(dx, dy):
        return 0 <= x + dx < w and 0 <= y + dy < h and not g[(y + dy) * w + x + dx]
    out = [(y + dy) * w + x + dx for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)) if free(dx, dy)]
    for dx, dy in ((1, -1), (1, 1), (-1, 1), (-1, -1)):
        a, b = free(dx, 0), free(0, dy)
        ok = {"no-corners": a and b, "one-blocked": a or b, "always": True}[rule]
        if free(dx, dy) and ok:
            out.append((y + dy) * w + x + dx)
    return out
