"""Terrain costs on every shape: every cost-aware optimal solver's cost equals networkx's Dijkstra
on the weighted graph (a move costs the terrain of the node it enters), random terrains."""

import random
from array import array

import networkx as nx
import pytest

import pymaze
from pymaze.graph import SHAPES

COST_AWARE = ("dijkstra", "astar", "biastar", "bidijkstra", "idastar", "dstarlite")


def terrain(maze, seed):
    rng = random.Random(seed)
    maze.weight = array("i", (rng.choice((1, 2, 3, 5, 9)) for _ in range(len(maze.wall))))
    return maze


def reference(maze):
    """The least cost from S to G on the directed graph whose arcs cost the node they enter."""
    G = maze.to_networkx().to_directed()
    for a, b in G.edges:
        G.edges[a, b]["cost"] = maze.weight[b]
    return nx.dijkstra_path_length(G, maze.start, maze.goal, weight="cost")


def paid(maze, route):
    return sum(maze.weight[b] for b in route[1:])


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("slug", COST_AWARE)
def test_cost_aware_solvers_equal_networkx_weighted_dijkstra(shape, slug):
    for seed in range(4):
        maze = terrain(pymaze.generate("dig", 7, 6, seed=seed, shape=shape, braid=0.6), seed)
        opts = {"limit": 10**6} if slug == "idastar" else {}
        sol = pymaze.solve(maze, slug, **opts)
        G = maze.to_networkx()
        assert all(G.has_edge(a, b) for a, b in zip(sol.squares, sol.squares[1:]))
        ref = reference(maze)
        assert abs(sol.cost - ref) < 1e-3 and abs(paid(maze, sol.squares) - ref) < 1e-9, (seed, sol.cost, ref)


@pytest.mark.parametrize("shape", ["square", "hex", "polar"])
@pytest.mark.parametrize("slug", ["bfs", "greedy", "swarm", "biswarm"])
def test_the_others_report_the_cost_they_paid(shape, slug):
    maze = terrain(pymaze.generate("dig", 7, 6, seed=3, shape=shape, braid=0.6), 3)
    if shape not in pymaze.registry.get("solver", slug).shapes:
        return
    sol = pymaze.solve(maze, slug)
    assert abs(sol.cost - paid(maze, sol.squares)) < 1e-3 and sol.cost >= reference(maze) - 1e-9


@pytest.mark.parametrize("shape", SHAPES)
def test_random_terrain_is_smooth_costly_ground_that_leaves_the_walls_alone(shape):
    slug = "kruskal" if shape in pymaze.registry.generators()["kruskal"].shapes else "wilson"
    plain = pymaze.generate(slug, 12, 9, seed=5, shape=shape)
    laid = pymaze.generate(slug, 12, 9, seed=5, shape=shape, terrain=0.5)
    assert bytes(laid.wall) == bytes(plain.wall) and plain.weight is None
    cells = list(pymaze.graph.cells(laid))
    costs = [laid.weight[p] for p in cells]
    assert set(costs) <= {1, 2, 3, 5, 9} and 0.15 < sum(c > 1 for c in costs) / len(costs) < 0.85
    assert pymaze.generate(slug, 12, 9, seed=5, shape=shape, terrain=0.5).weight == laid.weight
    # Smooth: neighbouring cells differ by at most one step of the scale far more often than not.
    scale = [1, 2, 3, 5, 9]
    G = laid.to_networkx(candidates=True)
    near = [abs(scale.index(laid.weight[a]) - scale.index(laid.weight[b])) <= 1 for a, b in G.edges]
    assert sum(near) / len(near) > 0.9
    for slug in COST_AWARE[:2]:
        assert abs(pymaze.solve(laid, slug).cost - reference(laid)) < 1e-3


def test_which_solvers_read_costs():
    said = {s for s, a in pymaze.registry.solvers().items() if a.costs}
    assert said == {*COST_AWARE, "swarm", "convswarm", "biswarm"}
    assert pymaze.registry.catalogue()["solvers"][0]["costs"] in (True, False)


@pytest.mark.parametrize("slug", ["swarm", "biswarm"])
def test_the_swarms_go_round_a_dear_patch_on_open_ground(slug):
    """On an open grid whose straight way S to G crosses water (9), a swarm that reads terrain
    goes round it, paying less than the straight way's cost.  (The convergent swarm reads it
    too, but its distance to the seventh power dwarfs a terrain cost but next to the goal.)"""
    w, h = 15, 7
    weight = array("i", [1] * (w * h))
    for y in range(0, 6):
        for x in range(5, 10):
            weight[y * w + x] = 9
    maze = pymaze.Maze(w, h, bytes(w * h), start=3 * w, goals=[3 * w + w - 1], weight=weight)
    sol = pymaze.solve(maze, slug)
    straight = sum(weight[3 * w + x] for x in range(1, w))
    assert sol.found and sol.cost < straight and any(p // w == 6 for p in sol.squares)
