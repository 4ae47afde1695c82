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
from itertools import combinations, product

import networkx as nx
import pytest

import pymaze
from pymaze import svg, worlds
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
    assert_route_steps_within_a_cell(text, u)


def test_seam_colours_of_rows_up_to_twenty_apart_differ():
    """The seam arrows of a tall cylinder: any two rows up to twenty apart have colours that differ by
    at least 60 in red, green and blue together (hues alone come round again every eight rows or so)."""
    rgb = [tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in map(svg.seam_hue, range(60))]
    near = min(sum(abs(a - b) for a, b in zip(rgb[i], rgb[j])) for i in range(60) for j in range(i + 1, min(60, i + 21)))
    assert near >= 60, near


def assert_route_steps_within_a_cell(text, u):
    """No step of the SVG's route line is longer than one cell (``u`` px): none crosses the drawing."""
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


# --- levels: w x h x depth cells, stairs between the same (x, y) of neighbouring levels ----------------

GENERATORS, SOLVERS = pymaze.registry.generators(), pymaze.registry.solvers()


def by_xyz(maze, G):
    return nx.relabel_nodes(G, {p: maze.node_xy(p) for p in G})


@pytest.mark.parametrize("w, h, d", [(3, 2, 2), (4, 3, 3), (1, 1, 4), (2, 5, 1)])
def test_levels_lattice_is_the_three_dimensional_grid(w, h, d):
    blank = Maze.shaped("levels", w, h, "closed", depth=d)
    mine = by_xyz(blank, pymaze.lattice("levels", w, h, depth=d))
    ref = nx.grid_graph(dim=[d, h, w])  # networkx names a node (x, y, z), x along the last dimension given
    assert set(mine.nodes) == set(ref.nodes) == set(product(range(w), range(h), range(d)))
    assert {frozenset(e) for e in mine.edges} == {frozenset(e) for e in ref.edges}
    assert nx.is_isomorphic(mine, ref)
    stairs = [(a, b) for a, b in mine.edges if a[2] != b[2]]
    assert len(stairs) == w * h * (d - 1) and all(a[:2] == b[:2] and abs(a[2] - b[2]) == 1 for a, b in stairs)
    s, g = blank.node_xy(blank.start), blank.node_xy(blank.goal)
    assert s == (0, 0, 0) and g == (w - 1, h - 1, d - 1), "S top left of the top level, G the far corner below"


@pytest.mark.parametrize("depth, error", [(0, "from 1 to 2000"), (2.5, "whole number"), ("3", "whole number"),
                                          (True, "whole number"), (2001, "from 1 to 2000")])
def test_a_bad_depth_is_refused_clearly(depth, error):
    with pytest.raises(pymaze.ParameterError, match=error):
        pymaze.generate("dig", 4, 3, shape="levels", depth=depth)
    with pytest.raises(pymaze.ParameterError, match="hex maze has none"):
        pymaze.generate("dig", 4, 3, shape="hex", depth=2)
    with pytest.raises(pymaze.SizeError, match="2000x1000x3 would have 6,000,000 cells; at most 4,000,000"):
        pymaze.lattice("levels", 2000, 1000, depth=3)


LEVEL_CASES = [(slug, size, seed) for slug, a in GENERATORS.items() if "levels" in a.shapes and a.perfect is not False
               for size in [(4, 3, 3), (2, 2, 5), (5, 1, 2)] for seed in (1, 2, 3)]


@pytest.mark.parametrize("slug, size, seed", LEVEL_CASES)
def test_every_generator_on_levels_makes_a_spanning_tree(slug, size, seed):
    w, h, d = size
    maze = pymaze.generate(slug, w, h, seed=seed, shape="levels", depth=d)
    T, L = maze.to_networkx(), pymaze.lattice("levels", w, h, depth=d)
    assert nx.is_tree(T) and set(T.nodes) == set(L.nodes) and all(L.has_edge(a, b) for a, b in T.edges)


def test_every_graph_generator_takes_levels_and_the_others_refuse_it():
    takers = {s for s, a in GENERATORS.items() if "levels" in a.shapes}
    assert {"dig", "kruskal", "prim", "wilson", "aldous", "hunt", "growing", "houston", "origin"} <= takers
    for slug in set(GENERATORS) - takers:
        with pytest.raises(pymaze.GeometryError, match="not levels ones"):
            pymaze.generate(slug, 4, 3, shape="levels", depth=2)


@pytest.mark.parametrize("slug", ["wilson", "aldous"])
def test_uniform_generators_on_small_levels_follow_the_matrix_tree_counts(slug):
    """2 x 2 x 2 levels are a cube: 384 spanning trees (Kirchhoff; the cube's Laplacian eigenvalues 2, 2,
    2, 4, 4, 4, 6 give 2^3 4^3 6 / 8 too); the draws are grouped by which of the first cell's three
    passages (east, south, down) they open, against each group's share, by chi-square."""
    G = pymaze.lattice("levels", 2, 2, depth=2)
    total = spanning_tree_count(sorted(G), list(G.edges))
    assert total == 2 ** 3 * 4 ** 3 * 6 // 8 == 384
    at0 = sorted(G.edges(0))
    groups = [frozenset(s) for k in range(1, 4) for s in combinations(at0, k)]
    expected_share = {g: Fraction(trees_with(G, sorted(g), [e for e in at0 if e not in g]), total) for g in groups}
    assert sum(expected_share.values()) == 1
    samples = 3000
    seen = dict.fromkeys(groups, 0)
    for seed in range(samples):
        T = pymaze.generate(slug, 2, 2, seed=seed, shape="levels", depth=2).to_networkx()
        assert nx.is_tree(T) and T.number_of_nodes() == 8
        seen[frozenset(e for e in at0 if T.has_edge(*e))] += 1
    chi2 = sum((seen[g] - samples * p) ** 2 / (samples * p) for g, p in expected_share.items())
    df = len(groups) - 1
    limit = df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3  # Wilson-Hilferty, p ~ 0.001
    assert chi2 < limit, (chi2, limit, seen)


@pytest.mark.parametrize("slug", [s for s, a in SOLVERS.items() if "levels" in a.shapes])
def test_every_solver_on_levels_walks_open_passages_and_the_optimal_ones_as_short_as_networkx(slug):
    for seed, loops in ((1, 0.0), (2, 0.3), (3, 0.6)):
        maze = pymaze.generate("dig", 5, 4, seed=seed, shape="levels", depth=3, loops=loops)
        G = maze.to_networkx()
        shortest = nx.shortest_path_length(G, maze.start, maze.goal)
        sol = pymaze.solve(maze, slug, seed=2)
        if sol.status == "trapped in a loop":
            assert SOLVERS[slug].optimal is not True and loops
            continue
        assert sol.found, sol.status
        route = sol.squares
        assert all(G.has_edge(a, b) for a, b in zip(route, route[1:])), "the route walks open passages"
        if slug != "farthest":
            assert route[0] == maze.start and route[-1] == maze.goal
        if SOLVERS[slug].optimal:
            assert sol.moves == shortest


@pytest.mark.parametrize("name", ["manhattan", "euclidean", "octile"])
def test_levels_estimates_never_exceed_the_moves_and_manhattan_is_exact_on_the_open_lattice(name):
    w, h, d = 5, 4, 3
    maze = Maze.shaped("levels", w, h, "closed", depth=d)
    for p in range(maze.lattice.n):
        for dv, _ in maze.lattice.tables[p]:
            maze.wall[p + dv] = 0
    ref = nx.grid_graph(dim=[d, h, w])
    for goal in range(0, w * h * d, 7):
        far = nx.single_source_shortest_path_length(ref, maze.node_xy(goal))
        est = heuristic(maze, name, [goal])
        for p in range(w * h * d):
            dist = far[maze.node_xy(p)]
            assert est(p) <= dist + 1e-9, (p, goal, est(p), dist)
            if name == "manhattan":
                assert est(p) == dist


def test_levels_json_carries_the_depth():
    from pymaze import formats
    maze = pymaze.generate("kruskal", 4, 3, seed=2, shape="levels", depth=3)
    text = formats.to_json(maze)
    assert '"depth": 3' in text
    back = formats.parse_json(text)
    assert back == maze and back.lattice.depth == 3 and nx.is_tree(back.to_networkx())
    with pytest.raises(pymaze.MazeFormatError, match="'depth' must be a whole number of levels"):
        formats.parse_json(text.replace('"shape": "levels"', '"shape": "hex"'))


def test_levels_are_drawn_side_by_side_with_the_stairs_marked_and_never_walls():
    w, h, d = 4, 3, 3
    maze = pymaze.generate("wilson", w, h, seed=4, shape="levels", depth=d)
    dr, lat = maze.drawing(), maze.lattice
    assert dr["bounds"] == (0.0, 0.0, d * w + (d - 1) * 1.0, float(h))
    stairs = set(dr["stairs"])
    assert stairs == {lat.n + k for k in range(lat.m) if lat.crosses(lat.ends[2 * k], lat.ends[2 * k + 1])}
    assert len(stairs) == w * h * (d - 1)
    # each level's squares sit in their own box, a gap between boxes
    P, S = dr["polygons"], dr["starts"]
    for p in range(lat.n):
        x, y, z = lat.position(p)
        xs = [P[2 * i] for i in range(S[p], S[p + 1])]
        assert min(xs) == x + z * (w + 1) and max(xs) == min(xs) + 1
    # the SVG: no wall where a stair is; one ▲ and one ▼ per open stair, on its two cells
    text = svg.to_svg(maze)
    up, down = text.count('class="stair-up"'), text.count('class="stair-down"')
    open_stairs = [v for v in stairs if not maze.wall[v]]
    assert up == down == len(open_stairs) > 0
    segs = svg.Scene(maze).segments()
    assert all(a != b for a, b in segs), "a closed stair is no wall segment"


def test_stair_marks_are_big_inside_their_cell_and_apart():
    """A cell with both stairs open shows ▲ and ▼ side by side: each at least 0.4 of the cell wide and
    tall, both inside the cell clear of its walls (0.45 from its centre), and never overlapping."""
    maze = pymaze.generate("dig", 4, 3, seed=1, shape="levels", depth=3)
    dr, S = maze.drawing(), maze.drawing()["starts"]
    for p in range(maze.lattice.n):
        corners = [(dr["polygons"][2 * i], dr["polygons"][2 * i + 1]) for i in range(S[p], S[p + 1])]
        cx, cy = (sum(c[k] for c in corners) / len(corners) for k in (0, 1))
        marks = {kind: worlds.stair_mark(dr, p, kind) for kind in ("up", "down")}
        for pts in marks.values():
            xs, ys = [x - cx for x, _ in pts], [y - cy for _, y in pts]
            assert max(xs) - min(xs) >= 0.4 - 1e-9 and max(ys) - min(ys) >= 0.4 - 1e-9
            assert max(map(abs, xs + ys)) <= 0.45
        assert max(x for x, _ in marks["up"]) < min(x for x, _ in marks["down"])


def test_levels_route_is_never_drawn_across_the_gap():
    maze = pymaze.generate("dig", 5, 4, seed=1, shape="levels", depth=3)
    route = pymaze.solve(maze, "bfs").squares
    assert any(maze.lattice.crosses(a, b) for a, b in zip(route, route[1:]))
    text = svg.to_svg(maze, route=route)
    u = svg.Scene(maze).unit
    assert_route_steps_within_a_cell(text, u)


def test_cli_makes_and_refuses_levels(tmp_path, capsys):
    from pymaze.cli import main
    assert main(["generate", "wilson", "--geometry", "levels", "--depth", "3", "--size", "4x3", "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert '"depth": 3' in out
    (tmp_path / "l.json").write_text(out)
    assert main(["solve", "astar", str(tmp_path / "l.json"), "--json"]) == 0
    assert '"found": true' in capsys.readouterr().out
    assert main(["solve", "bfs", "--generate", "dig", "--geometry", "levels", "--depth", "2", "--size", "4x3",
                 "--format", "svg"]) == 0
    assert 'class="stair-' in capsys.readouterr().out
    for bad, said in (("0", "from 1 to 2000"), ("x", "whole number")):
        assert main(["generate", "dig", "--geometry", "levels", "--depth", bad, "--size", "4x3"]) == 2
        assert f"pymaze: error:" in (err := capsys.readouterr().err) and said in err
    assert main(["generate", "dig", "--geometry", "hex", "--depth", "2", "--size", "4x3"]) == 2
    assert "pymaze: error: depth is the number of levels of a levels maze" in capsys.readouterr().err


def test_a_stair_is_no_turn():
    maze = Maze.shaped("levels", 4, 3, "closed", depth=2)
    at = maze.lattice.cell_at
    straight = [at(0, 1, 0), at(1, 1, 0), at(1, 1, 1), at(2, 1, 1), at(3, 1, 1)]
    assert turning(maze, straight) == 0
    assert turning(maze, straight + [at(3, 2, 1)]) == 90


def test_png_and_gif_mark_the_open_stairs():
    Image = pytest.importorskip("PIL.Image")
    import io
    from pymaze.animate import TABLE, Timeline, _index, to_gif, to_png
    from pymaze.svg import STAIR

    def purple(img, colour=STAIR):
        rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        return sum(1 for px in img.convert("RGB").get_flattened_data() if sum(abs(a - b) for a, b in zip(px, rgb)) < 24)
    flat = pymaze.generate("wilson", 5, 4, seed=1, shape="levels", depth=1)
    deep = pymaze.generate("wilson", 5, 4, seed=1, shape="levels", depth=3)
    assert purple(Image.open(io.BytesIO(to_png(flat)))) == 0 < purple(Image.open(io.BytesIO(to_png(deep))))
    gif = Image.open(io.BytesIO(to_gif(Timeline(pymaze.Run.generate("wilson", 5, 4, seed=1, shape="levels", depth=3)))))
    gif.seek(0)
    first = purple(gif, TABLE[_index(STAIR)])  # (a GIF's table has the stairs' colour's nearest)
    gif.seek(gif.n_frames - 1)
    assert first == 0 < purple(gif, TABLE[_index(STAIR)]), "no stair is open before the run, some are after it"


def test_the_page_bridge_takes_a_depth_for_generate_and_race_and_refuses_a_bad_one():
    import json
    from pymaze.web import Session
    s = Session()
    header = json.loads(s.generate("dig", 5, 4, 1, "levels", "{}", "", "3")[0])
    assert header["cells"] == 60
    meta = json.loads(s.drawing()[0])
    assert meta["levels"] == [5, 4, 3] and len(meta["stairs"]) == 5 * 4 * 2
    racers = s.race("solve", json.dumps(["bfs", "astar"]), "dig", 5, 4, 1, "levels", "{}", "", "[]", 3)
    assert [json.loads(r[0])["cells"] for r in racers] == [60, 60]
    with pytest.raises(pymaze.ParameterError, match="levels must be a whole number from 1 to 2000"):
        s.generate("dig", 5, 4, 1, "levels", "{}", "", "x")
    with pytest.raises(pymaze.SizeError, match="200x200x3 has 120,000 cells; the page draws at most"):
        s.generate("dig", 200, 200, 1, "levels", "{}", "", "3")
