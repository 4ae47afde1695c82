"""The plain twins of bench/ (the yardstick of bench/ratios.py) do the job they stand in for.

Generator twins: the frame and the posts stand, every cell is open, and the maze is a spanning
tree where the registry says the algorithm's mazes are perfect (else every cell joins S where the
algorithm connects it).  Solver twins: the route is a walk through open passages from S to G,
simple, and a shortest one (networkx) where the registry says the solver is optimal; on perfect
and loopy mazes.  Graphs are read straight from the wall bytes.
"""

import sys
from pathlib import Path

import networkx as nx
import pytest

import pymaze
from pymaze.registry import generators, solvers

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench import twins, twins_more  # noqa: E402

CONNECTED = {"cellular", "dungeon"}      # not perfect, but joined up by the algorithm
GIVE_UP = {"wall", "pledge", "chain"}     # may report no route on a maze with loops


def cell_graph(wall, w):
    """Cells and open passages of a thin-wall square maze, from the bytes alone."""
    graph, h = nx.Graph(), len(wall) // w
    for y in range(1, h, 2):
        for x in range(1, w, 2):
            p = y * w + x
            graph.add_node(p)
            if x + 2 < w and not wall[p + 1]:
                graph.add_edge(p, p + 2)
            if y + 2 < h and not wall[p + w]:
                graph.add_edge(p, p + 2 * w)
    return graph


def floor_graph(wall, w):
    """Floor squares and their four neighbours (block view)."""
    graph = nx.Graph()
    for p in range(len(wall)):
        if not wall[p]:
            graph.add_node(p)
            for q in (p + 1, p + w):
                if q < len(wall) and not wall[q] and (q == p + w or q % w):
                    graph.add_edge(p, q)
    return graph


@pytest.mark.parametrize("slug", sorted(twins_more.GENERATORS))
def test_generator_twin_builds_the_maze_the_algorithm_does(slug):
    algo = generators()[slug]
    assert slug not in twins.GENERATORS
    for n in (2, 5, 12):
        if slug == "unicursal" and n % 2:
            continue
        w = 2 * n + 1
        for seed in (0, 1):
            g = twins_more.GENERATORS[slug](n, seed)
            assert len(g) == w * w
            assert all(g[:w]) and all(g[-w:]) and all(g[::w]) and all(g[w - 1::w]), "frame"
            assert all(g[y * w + x] for y in range(0, w, 2) for x in range(0, w, 2)), "posts"
            assert not any(g[y * w + x] for y in range(1, w, 2) for x in range(1, w, 2)), "cells"
            graph = cell_graph(g, w)
            if algo.perfect:
                assert nx.is_tree(graph), (n, seed)
            elif slug in CONNECTED:
                assert nx.is_connected(graph), (n, seed)
            if slug in ("unicursal", "trivial"):
                assert max(d for _, d in graph.degree) <= 2, "one corridor"


@pytest.mark.parametrize("slug", sorted({**twins.WATCHED, **twins_more.WATCHED}))
def test_watched_yardstick_builds_a_spanning_tree(slug):
    """The plain walks the watched runs are measured against (bench/ratios.py) build perfect mazes."""
    walk = {**twins.WATCHED, **twins_more.WATCHED}[slug]
    for n in (2, 5, 12):
        for seed in (0, 1, 2):
            assert nx.is_tree(cell_graph(walk(n, seed), 2 * n + 1)), (slug, n, seed)


def mazes(view):
    yield pymaze.generate("dig", 9, 7, seed=3, geometry=view)
    yield pymaze.generate("dig", 12, 12, seed=4, geometry=view, loops=0.3)


@pytest.mark.parametrize("slug", sorted(twins_more.SOLVERS))
def test_solver_twin_finds_a_route_the_algorithm_would(slug):
    algo = solvers()[slug]
    view = twins_more.VIEWS.get(slug, "thin")
    for k, maze in enumerate(mazes(view)):
        w = maze.width
        graph = cell_graph(maze.wall, w) if view == "thin" else floor_graph(maze.wall, w)
        found = twins_more.SOLVERS[slug](maze)
        if slug in GIVE_UP and k and found is None:
            continue
        listed = found if slug in ("allshortest", "routes") else [found]
        assert listed and all(r is not None for r in listed), slug
        ends = (maze.start, maze.goal)
        if slug == "farthest":
            ends = (listed[0][0], listed[0][-1])
            if k == 0:      # a tree: the two ends are the diameter apart
                assert len(listed[0]) - 1 == nx.diameter(graph)
        shortest = nx.shortest_path_length(graph, *ends)
        for route in listed:
            assert (route[0], route[-1]) == ends
            assert len(set(route)) == len(route), "simple"
            assert all(graph.has_edge(a, b) for a, b in zip(route, route[1:])), "through open passages"
        if algo.optimal:
            assert len(listed[0]) - 1 == shortest
        if slug == "allshortest":
            assert len(listed) == min(50, len(list(nx.all_shortest_paths(graph, *ends))))
            assert len({tuple(r) for r in listed}) == len(listed)
        if slug == "routes":
            assert 1 <= len(listed) <= 3 and len(listed) == 1 if k == 0 else 1 <= len(listed) <= 3


@pytest.mark.parametrize("slug", ["wall", "pledge", "chain", "mouse"])
def test_deterministic_walker_twins_find_the_route_the_algorithm_finds(slug):
    """The twins of the walkers that draw nothing are written apart from the engine (cell
    coordinates and heading vectors, not its move tables): they end where it ends, on perfect and
    loopy mazes and in rooms (of "fill"), where some walks are trapped."""
    outcomes = set()
    for seed in range(12):
        if seed % 3 == 2:
            maze = pymaze.generate("fill", 8 + seed % 3, 6 + seed % 2, seed=seed)
        else:
            maze = pymaze.generate("dig", 9 + seed % 4, 7 + seed % 3, seed=seed, loops=0.4 if seed % 3 else 0.0)
        solution = pymaze.solve(maze, slug, seed=seed)
        found = twins_more.SOLVERS[slug](maze)
        assert found == (solution.squares if solution.status == "found" else None), (slug, seed)
        outcomes.add(found is None)
    assert slug == "mouse" or outcomes == {True, False}, "some walks are trapped and some not"
