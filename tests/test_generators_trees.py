"""Generators from mazelib, Jamis Buck, Pullen and the pathfinding visualizers: spanning trees, shapes, uniformity."""

import random

import networkx as nx
import pytest

import pymaze
from pymaze import Run, apply
from pymaze.events import MILESTONE
from pymaze.maze import Maze
from pymaze.registry import generators

from reference import cell_graph, components, graph, is_spanning_tree
from test_generators_texture import chi_square_critical, spanning_trees, tree_of

NEW = ["houston", "origin", "unicursal", "trivial", "skewed", "fill", "blobby", "perturb", "cellular", "dungeon"]
PERFECT = [s for s in NEW if generators()[s].perfect]
SIZES = [(1, 1), (1, 6), (6, 1), (2, 2), (3, 3), (7, 4), (8, 5), (15, 11)]


def nx_tree(maze):
    g = nx.Graph()
    for a, nb in cell_graph(maze).items():
        g.add_node(a)
        g.add_edges_from((a, b) for b in nb)
    return nx.is_tree(g)


@pytest.mark.parametrize("slug", PERFECT)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_perfect_new_generator_gives_a_spanning_tree(slug, size):
    opts = [{}] + ([{"pattern": "spiral"}] if slug == "trivial" else []) + \
        ([{"skew": "vertical"}] if slug == "skewed" else []) + \
        ([{"switch": 0.0}, {"switch": 1.0}] if slug == "houston" else []) + \
        ([{"base": "wilson", "repeat": 20, "new_walls": 5}] if slug == "perturb" else [])
    for o in opts:
        for seed in range(4):
            maze = pymaze.generate(slug, *size, seed=seed, **o)
            assert nx_tree(maze) and is_spanning_tree(maze), (slug, o, seed)


def after_each_milestone(run):
    """The maze the events of ``run`` build, after each milestone in turn (replayed and checked)."""
    maze, events, start = run.initial.copy(), run.events(), 0
    for j in range(0, len(events), 4):
        if events[j] & MILESTONE:
            maze = apply(maze, events[start:j + 4], check=True)
            start = j + 4
            yield maze


def test_origin_shift_is_a_spanning_tree_after_every_step():
    for seed in range(6):
        steps = 0
        for maze in after_each_milestone(Run.generate("origin", 6, 5, seed=seed, steps=300)):
            assert is_spanning_tree(maze) and maze.mark.count(1) == 1     # one origin shown
            steps += 1
        assert steps == 301


@pytest.mark.parametrize("shape", ["hex", "triangle", "polar"])
def test_origin_shift_and_houston_stay_spanning_trees_on_other_shapes(shape):
    lattice = pymaze.lattice(shape, 6, 5)
    steps = 0
    for maze in after_each_milestone(Run.generate("origin", 6, 5, seed=3, shape=shape, steps=200)):
        G = maze.to_networkx()     # after every step: a spanning tree
        assert len(G) == len(lattice) and nx.is_tree(G) and all(lattice.has_edge(a, b) for a, b in G.edges)
        assert maze.mark.count(1) == 1
        steps += 1
    assert steps == 201
    for switch in (0.0, 0.5, 1.0):
        G = pymaze.generate("houston", 6, 5, seed=4, shape=shape, switch=switch).to_networkx()
        assert len(G) == len(lattice) and nx.is_tree(G)


DRAWS = 10_000


def test_origin_shift_trees_are_uniform_on_the_3x3_grid():
    trees = spanning_trees()
    counts = dict.fromkeys(trees, 0)
    algo = generators()["origin"]
    for seed in range(DRAWS):
        maze = Maze.blank(3, 3, algo.initial)
        for _ in algo.func(maze, random.Random(seed), steps=200 + seed % 2):   # mixed: 40 steps still rejects
            pass
        counts[tree_of(maze)] += 1
    expected = DRAWS / len(trees)
    stat = sum((c - expected) ** 2 / expected for c in counts.values())
    crit, _ = chi_square_critical(191, 0.001)
    assert stat < crit, f"chi-square {stat:.1f} rejects uniformity (critical {crit:.1f})"


def test_origin_shift_with_no_steps_is_the_rows_tree_and_rejects_bad_steps():
    maze = pymaze.generate("origin", 4, 3, steps=0)
    adj = cell_graph(maze)
    assert all((x + 1, y) in adj[(x, y)] for y in range(3) for x in range(3))
    with pytest.raises(pymaze.ParameterError):
        pymaze.generate("origin", 4, 3, steps=-5)


@pytest.mark.parametrize("size", [(w, h) for w in range(1, 9) for h in range(1, 8)])
def test_unicursal_is_one_path_through_every_cell_from_s_to_g(size):
    maze = pymaze.generate("unicursal", *size, seed=sum(size))
    adj = cell_graph(maze)
    assert is_spanning_tree(maze) and max(len(v) for v in adj.values()) <= 2
    s, g = maze.node_xy(maze.start), maze.node_xy(maze.goal)
    g_len = nx.shortest_path_length(nx.Graph([(a, b) for a, nb in adj.items() for b in nb]), s, g) \
        if len(adj) > 1 else 0
    assert g_len == len(adj) - 1          # the route S to G walks every cell


def test_fill_density_and_open_start_and_goal():
    for geometry in ("block", "thin"):
        for density in (0.0, 0.3, 0.6):
            maze = pymaze.generate("fill", 30, 20, seed=1, geometry=geometry, density=density)
            w, h = maze.width, maze.height
            inner = [y * w + x for y in range(1, h - 1) for x in range(1, w - 1)]
            if geometry == "thin":
                inner = [p for p in inner if (p % w + p // w) % 2]      # the passages
                assert maze.is_aligned()
            share = sum(maze.wall[p] for p in inner) / len(inner)
            assert abs(share - density) < 0.05
            assert not maze.wall[maze.start] and not maze.wall[maze.goal]


def test_skewed_division_runs_mostly_in_its_direction():
    for skew, along in (("horizontal", "east"), ("vertical", "south")):
        maze = pymaze.generate("skewed", 30, 30, seed=2, skew=skew)
        adj = cell_graph(maze)
        east = sum((x + 1, y) in nb for (x, y), nb in adj.items())
        south = sum((x, y + 1) in nb for (x, y), nb in adj.items())
        assert (east > 2 * south) if along == "east" else (south > 2 * east)
        assert components(adj) == 1


def test_the_new_generators_are_registered_with_their_flags():
    assert set(PERFECT) == {"houston", "origin", "unicursal", "trivial", "skewed", "blobby", "perturb"}
    for slug in NEW:
        doc = generators()[slug].doc
        assert "1." in doc and "Property" in doc and "Source" in doc


@pytest.mark.parametrize("slug, opts", [("cellular", {}), ("cellular", {"rule": "B678/S345678", "density": 0.55}),
                                        ("cellular", {"rule": "B3/S12345"}), ("dungeon", {}),
                                        ("dungeon", {"rooms": 20, "size": 6})])
def test_caves_and_dungeons_are_connected_when_asked(slug, opts):
    split = 0
    for seed in range(8):
        for geometry in ("thin", "block"):
            maze = pymaze.generate(slug, 14, 9, seed=seed, geometry=geometry, **opts)
            adj = graph(maze)
            assert components(adj) == 1, (seed, geometry)
            assert maze.node_xy(maze.goal) in adj and maze.node_xy(maze.start) in adj
            loose = pymaze.generate(slug, 14, 9, seed=seed, geometry=geometry, connected=False, **opts)
            split += components(graph(loose)) > 1
    assert split > 0          # the option matters


def test_blobby_rooms_leave_open_regions_and_perturb_fades_the_binary_bias():
    maze = pymaze.generate("blobby", 20, 20, seed=1, rooms=8)
    adj = cell_graph(maze)
    assert components(adj) == 1 and sum(map(len, adj.values())) // 2 > len(adj) - 1
    def top_row(m):             # the binary tree (north/east) always opens the whole top row
        adj = cell_graph(m)
        return sum((x + 1, 0) in adj[(x, 0)] for x in range(19))
    plain = pymaze.generate("perturb", 20, 20, seed=1, repeat=0)
    mixed = pymaze.generate("perturb", 20, 20, seed=1, repeat=200)
    assert is_spanning_tree(plain) and is_spanning_tree(mixed)
    assert top_row(plain) == 19 and top_row(mixed) < 19


@pytest.mark.parametrize("switch, uniform", [(0.0, True), (1.0, True), (0.33, False)])
def test_houston_phases_are_uniform_alone_but_not_mixed(switch, uniform):
    trees = spanning_trees()
    counts = dict.fromkeys(trees, 0)
    algo = generators()["houston"]
    assert algo.uniform is False
    draws = 8000
    for seed in range(draws):
        maze = Maze.blank(3, 3, algo.initial)
        for _ in algo.func(maze, random.Random(seed), switch=switch):
            pass
        counts[tree_of(maze)] += 1
    expected = draws / len(trees)
    stat = sum((c - expected) ** 2 / expected for c in counts.values())
    crit, _ = chi_square_critical(191, 0.001)
    assert (stat < crit) == uniform, stat
