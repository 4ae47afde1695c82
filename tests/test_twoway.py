"""The two-sided searches hand out the events of their plain forms: the best-first ones' flat,
packed search (``_twoway.whole_way``) makes the events of the step-by-step one over ``moves`` and a
key callback (``_twoway.two_way``), and bidirectional BFS the events of a one-event-at-a-time
reference written from its docstring; on square (both views), hex, triangle and polar mazes, with
loops, several goals, a goal walled in, and S on a goal."""

from itertools import chain

import pytest

import pymaze
from pymaze import Run
from pymaze.events import (MARK, MILESTONE, M_FRONTIER, M_FRONTIER2, M_ROUTE, M_VISITED, M_VISITED2, N_FOUND,
                           N_HEURISTIC, N_NO_ROUTE, N_TURNS, NOTE, unpack)
from pymaze.graph import links, path_to, turning
from pymaze.solvers import biastar, bibest, bidijkstra, biswarm

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


@pytest.mark.parametrize("slug,options", [
    ("bidijkstra", {}), ("bibest", {}), ("bibest", {"heuristic": "chebyshev"}), ("biswarm", {}), ("biastar", {}),
    ("biastar", {"heuristic": "zero"}), ("biastar", {"weight": 3.0})], ids=str)
def test_flat_best_first_searches_make_the_events_of_the_step_by_step_search(slug, options):
    module = {"bidijkstra": bidijkstra, "bibest": bibest, "biswarm": biswarm, "biastar": biastar}[slug]
    shapes = pymaze.registry.solvers()[slug].shapes
    for maze in _mazes([s for s in SIZE if s in shapes]):
        steps = module._search(maze.copy(layers=False), True, flat=False, **options)
        want = list(chain.from_iterable(steps))
        if options.get("weight", 1) > 1:
            want = [NOTE, -1, N_HEURISTIC, 1] + want
        assert list(Run.solve(slug, maze, seed=1, **options).events(batch=97)) == want


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
