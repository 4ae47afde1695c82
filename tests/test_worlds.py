"""Mazes that wrap around (cylinder, torus, Möbius strip) against references built here: a uniform
generator's trees on a small torus against Kirchhoff's counts, the estimates against networkx's
distances on the open lattice, the SVG's walls at both edges of a seam and its route never drawn
across the maze, the command line's shapes and refusals.

(The lattices themselves, spanning trees of every generator, solvers' shortest routes, replay and
JSON are checked for every shape in tests/test_geometry.py, against the lattices tests/reference.py
builds from each shape's rule in words.)"""

import math
import re
from fractions import Fraction
from itertools import combinations

import networkx as nx
import pytest

import pymaze
from pymaze import svg
from pymaze.graph import heuristic, turning
from pymaze.maze import Maze
from reference import chi_square_limit, forest, lattice, spanning_tree_count

WORLDS = ["cylinder", "torus", "moebius"]


def trees_with(G, keep, drop):
    """Spanning trees of G holding every edge of ``keep`` and none of ``drop``: contract, delete, count."""
    find = forest(G, keep)
    if find is None:
        return 0
    gone = {frozenset(e) for e in keep} | {frozenset(e) for e in drop}
    nodes = sorted({find(v) for v in G})
    return spanning_tree_count(nodes, [(find(a), find(b)) for a, b in G.edges if frozenset((a, b)) not in gone])


@pytest.mark.parametrize("shape, w, h", [("cylinder", 4, 3), ("torus", 3, 3), ("moebius", 4, 3)])
def test_the_lattice_is_the_shape_in_words(shape, w, h):
    blank = Maze.shaped(shape, w, h, "closed")
    mine = nx.relabel_nodes(pymaze.lattice(shape, w, h), {p: blank.node_xy(p) for p in range(w * h)})
    ref = lattice(shape, w, h)
    assert {frozenset(e) for e in mine.edges} == {frozenset(e) for e in ref.edges}
    assert nx.is_isomorphic(mine, ref) and mine.number_of_edges() == ref.number_of_edges()
    if shape != "moebius":  # the rule in words is networkx's periodic grid too
        grid = nx.grid_2d_graph(w, h, periodic=(True, shape == "torus"))
        assert {frozenset(e) for e in grid.edges} == {frozenset(e) for e in ref.edges}


@pytest.mark.parametrize("slug", ["wilson", "aldous"])
def test_uniform_generators_on_a_small_torus_follow_the_matrix_tree_counts(slug):
    """A 3x3 torus has 11,664 spanning trees, too many to see each; so the trees are grouped by which
    of the first cell's four passages they open (15 groups), each group's share counted by Kirchhoff
    on the torus with those passages contracted and the others deleted, and the draws tested against
    those shares (chi-square, a limit a fair sampler passes at about 0.999)."""
    w = h = 3
    G = pymaze.lattice("torus", w, h)
    total = spanning_tree_count(sorted(G), list(G.edges))
    # the torus's Laplacian eigenvalues are 4 - 2cos(2 pi j / w) - 2cos(2 pi k / h): their product over
    # (j, k) != (0, 0), over w * h, is the count too
    product_ = math.prod(4 - 2 * math.cos(2 * math.pi * j / w) - 2 * math.cos(2 * math.pi * k / h)
                         for j in range(w) for k in range(h) if j or k)
    assert total == round(product_ / (w * h)) == 11664
    at0 = sorted(G.edges(0))
    groups = [frozenset(s) for k in range(1, 5) for s in combinations(at0, k)]
    expected_share = {g: Fraction(trees_with(G, sorted(g), [e for e in at0 if e not in g]), total) for g in groups}
    assert sum(expected_share.values()) == 1
    samples = 3000
    seen = dict.fromkeys(groups, 0)
    for seed in range(samples):
        T = pymaze.generate(slug, w, h, seed=seed, shape="torus").to_networkx()
        assert nx.is_tree(T) and T.number_of_nodes() == w * h
        seen[frozenset(e for e in at0 if T.has_edge(*e))] += 1
    chi2 = sum((seen[g] - samples * p) ** 2 / (samples * p) for g, p in expected_share.items())
    df = len(groups) - 1
    assert chi2 < chi_square_limit(df), (chi2, chi_square_limit(df), seen)


@pytest.mark.parametrize("shape", WORLDS)
@pytest.mark.parametrize("name", ["manhattan", "euclidean", "octile"])
def test_estimates_never_exceed_the_moves_and_manhattan_is_exact_on_the_open_lattice(shape, name):
    w, h = 6, 5
    maze = Maze.shaped(shape, w, h, "closed")
    for p in range(w * h):  # every candidate passage open
        for dv, _ in maze.lattice.tables[p]:
            maze.wall[p + dv] = 0
    ref = lattice(shape, w, h)
    for goal in range(0, w * h, 7):
        far = nx.single_source_shortest_path_length(ref, maze.node_xy(goal))
        est = heuristic(maze, name, [goal])
        for p in range(w * h):
            d = far[maze.node_xy(p)]
            assert est(p) <= d + 1e-9, (p, goal, est(p), d)
            if name == "manhattan":
                assert est(p) == d, (p, goal, est(p), d)


def test_a_straight_corridor_through_a_seam_does_not_turn():
    maze = Maze.shaped("moebius", 5, 4, "closed")
    row = [maze.lattice.cell_at(x, 1) for x in (2, 3, 4)] + [maze.lattice.cell_at(x, 2) for x in (0, 1)]
    assert turning(maze, row) == 0
    down = row + [maze.lattice.cell_at(1, 3)]   # then south, as the drawing shows it: one right angle
    assert turning(maze, down) == 90


@pytest.mark.parametrize("shape", WORLDS)
def test_svg_draws_a_closed_seam_passage_at_both_edges_and_the_route_never_across_the_maze(shape):
    w, h = 7, 5
    maze = pymaze.generate("wilson", w, h, seed=3, shape=shape)
    route = pymaze.solve(maze, "bfs").squares
    text = svg.to_svg(maze, route=route)
    scene = svg.Scene(maze)
    u = scene.unit
    # the seam arrows: one path (one colour) per passage across a seam, two arrows in it
    seams = re.search(r'<g class="seams">(.*?)</g>', text, re.S).group(1)
    fills = re.findall(r'<path fill="(#[0-9a-f]{6})" d="([^"]*)"/>', seams)
    wraps = h + (w if shape == "torus" else 0)
    assert len(fills) == wraps and all(d.count("M") == 2 for _, d in fills)
    assert len({f for f, _ in fills}) >= wraps // 2
    # each closed passage across a seam is a wall at both edges: x = 0 and x = w (units)
    walls = re.search(r'class="walls"[^>]*d="([^"]*)"', text).group(1)
    nums = [float(v) for v in re.findall(r"-?[0-9.]+", walls)]
    xs = {round((x - svg.MARGIN) / u + scene.x0, 3) for x in nums[0::2]}
    closed = sum(maze.wall[v] for v in maze.drawing()["wraps"])
    assert closed and {0.0, float(w)} <= xs
    # the route: no step longer than one cell
    d = re.search(r'class="route"[^>]*d="([^"]*)"', text).group(1)
    for part in re.findall(r"M[^M]*", d):
        pts = [float(v) for v in re.findall(r"-?[0-9.]+", part)]
        for (x0, y0), (x1, y1) in zip(zip(pts[0::2], pts[1::2]), zip(pts[2::2], pts[3::2])):
            assert math.hypot(x1 - x0, y1 - y0) <= 1.01 * u


def test_cli_makes_and_refuses_the_wrapping_shapes(tmp_path, capsys):
    from pymaze.cli import main
    assert main(["generate", "wilson", "--geometry", "torus", "--size", "6x5", "--format", "json"]) == 0
    (tmp_path / "t.json").write_text(capsys.readouterr().out)
    assert main(["solve", "astar", str(tmp_path / "t.json"), "--json"]) == 0
    assert '"found": true' in capsys.readouterr().out
    assert main(["solve", "bfs", "--generate", "dig", "--geometry", "moebius", "--size", "5x4", "--format", "svg"]) == 0
    assert '<g class="seams">' in capsys.readouterr().out
    assert main(["generate", "dig", "--geometry", "cylinder", "--size", "2x5"]) == 2
    assert "pymaze: error: a cylinder maze wraps around its width, so it needs a width of at least 3" in capsys.readouterr().err


def test_upsilon_cells_are_regular_octagons_and_squares_with_one_side_length():
    maze = Maze.shaped("upsilon", 5, 4, "closed")
    d, lat = maze.drawing(), maze.lattice
    P, S = d["polygons"], d["starts"]
    lengths = set()
    for p in range(lat.n):
        x, y = lat.position(p)
        pts = [(P[2 * i], P[2 * i + 1]) for i in range(S[p], S[p + 1])]
        assert len(pts) == (8 if (x + y) % 2 == 0 else 4)
        assert len(lat.tables[p]) == sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                         if (dx or dy) and (not (dx and dy) or (x + y) % 2 == 0)
                                         and 0 <= x + dx < 5 and 0 <= y + dy < 4)
        lengths.update(round(math.dist(a, b), 9) for a, b in zip(pts, pts[1:] + pts[:1]))
    assert lengths == {round(2 - 2 ** 0.5, 9)}
