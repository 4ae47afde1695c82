"""Every shape (square, hex, triangle, polar, masked or not) against networkx and an independent lattice.

The scenario tables are read from the registry: each generator runs on the
shapes it declares, each solver on every shape it declares, and the checks
are properties (a spanning tree of the lattice, a shortest route, a replay
that rebuilds the state), never transcripts.
"""

import math
import random
from itertools import combinations

import networkx as nx
import pytest

import pymaze
from pymaze import events, formats, masks, registry
from pymaze.errors import GeometryError, ParameterError, PymazeError, SizeError
from pymaze.graph import GRAPH_SHAPES, SHAPES, links
from pymaze.maze import Maze
from pymaze.run import Run
from reference import chi_square_limit, spanning_tree_count
from reference import lattice as reference_lattice

GENERATORS = registry.generators()
SOLVERS = registry.solvers()
SIZES = {"square": [(6, 5), (1, 7)], "hex": [(9, 7), (1, 4), (5, 1)], "triangle": [(8, 5), (3, 1)],
         "polar": [(6, 5), (3, 1)], "cylinder": [(6, 5), (3, 1)], "torus": [(6, 5), (3, 3)],
         "moebius": [(6, 5), (3, 2)], "upsilon": [(6, 5), (1, 4), (5, 1)],
         "levels": [(6, 5), (1, 4)], "weave": [(6, 5), (1, 4), (5, 3)],
         "zeta": [(6, 5), (1, 4), (5, 2)]}  # one level here; several in tests/test_worlds.py
# Open-room generators (perfect=False: random obstacles, caves, dungeons) promise no spanning tree and are
# checked by tests of their own.
CASES = [(shape, slug, size, seed) for shape in SHAPES for slug, a in GENERATORS.items()
         if shape in a.shapes and a.perfect is not False
         for size in SIZES[shape] for seed in (1, 2, 3)]


def by_position(maze, G):
    return nx.relabel_nodes(G, {p: maze.node_xy(p) for p in G})


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("w, h", [(9, 7), (4, 3), (3, 1), (1, 1)])
def test_lattice_matches_the_shapes_own_rule(shape, w, h):
    if shape == "polar" and w < 3:
        return
    if shape in ("cylinder", "torus", "moebius") and min(w, h if shape == "torus" else w) < 3:
        with pytest.raises(SizeError, match="at least 3"):
            Maze.shaped(shape, w, h)
        return
    blank = Maze.shaped(shape, w, h, "closed")
    mine = by_position(blank, pymaze.lattice(shape, w, h))
    ref = reference_lattice(shape, w, h)
    assert set(mine.nodes) == set(ref.nodes)
    assert {frozenset(e) for e in mine.edges} == {frozenset(e) for e in ref.edges}


def test_hex_9x7_has_63_cells_and_158_passages():
    lat = Maze.shaped("hex", 9, 7).lattice
    G = reference_lattice("hex", 9, 7)
    assert (lat.n, lat.m) == (G.number_of_nodes(), G.number_of_edges()) == (63, 158)


# --- generators: spanning trees of the lattice ----------------------------------------------------

@pytest.mark.parametrize("shape, slug, size, seed", CASES)
def test_perfect_generators_make_a_spanning_tree_of_the_lattice(shape, slug, size, seed):
    algo = GENERATORS[slug]
    w, h = size
    if min(w, h) < algo.min_size:
        return
    maze = pymaze.generate(slug, w, h, seed=seed, shape=shape)
    lattice = pymaze.lattice(shape, w, h)
    G = maze.to_networkx()
    assert set(G.nodes) == set(lattice.nodes), "every cell is open"
    assert all(lattice.has_edge(a, b) for a, b in G.edges), "every passage is a candidate passage"
    if algo.perfect:
        assert nx.is_tree(G)
    assert nx.is_connected(G)


OPTION_CASES = [(shape, slug, {p.name: choice}) for slug, a in GENERATORS.items() for p in a.params
                if p.type == "choice" for choice in p.choices for shape in a.shapes if shape != "square"]


@pytest.mark.parametrize("shape, slug, options", OPTION_CASES)
def test_every_choice_of_every_generator_makes_a_spanning_tree_on_other_shapes(shape, slug, options):
    mask = masks.preset("ring", 9, 8, islands="join")
    for seed, m in ((1, None), (2, mask)):
        maze = pymaze.generate(slug, 9, 8, seed=seed, shape=shape, mask=m, **options)
        G = maze.to_networkx()
        assert G.number_of_nodes() == maze.lattice.n and nx.is_tree(G)


@pytest.mark.parametrize("slug", [s for s, a in GENERATORS.items() if set(SHAPES[:4]) <= set(a.shapes) and a.perfect])
def test_every_perfect_generator_spans_the_cells_a_mask_leaves_on_a_square_maze(slug):
    mask = masks.preset("ring", 9, 8, islands="join")
    for seed in (1, 2):
        maze = pymaze.generate(slug, 9, 8, seed=seed, mask=mask)
        G = maze.to_networkx()
        assert set(G.nodes) == set(pymaze.lattice("square", 9, 8, mask=mask).nodes) and nx.is_tree(G)


@pytest.mark.parametrize("shape", SHAPES)
def test_loops_add_passages_beyond_a_tree(shape):
    maze = pymaze.generate("dig", 10, 8, seed=4, shape=shape, loops=0.3)
    G = maze.to_networkx()
    assert nx.is_connected(G) and G.number_of_edges() > G.number_of_nodes() - 1
    assert pymaze.metrics(maze)["perfect"] is False


@pytest.mark.parametrize("slug", [s for s, a in GENERATORS.items() if not set(SHAPES[:4]) <= set(a.shapes)])
@pytest.mark.parametrize("shape", GRAPH_SHAPES)
def test_grid_only_generators_refuse_other_shapes_and_masks(slug, shape):
    takes = GENERATORS[slug].shapes
    assert "square" in takes
    if shape in takes:
        return
    with pytest.raises(GeometryError, match=f"{slug} makes {' and '.join(takes)} mazes, not {shape} ones"):
        pymaze.generate(slug, 6, 6, geometry=shape)
    with pytest.raises(GeometryError, match="takes no mask"):
        pymaze.generate(slug, 6, 6, mask=masks.preset("circle", 6, 6))


def test_the_catalogue_says_which_shapes_each_algorithm_takes():
    cat = pymaze.catalogue()
    shapes = {a["slug"]: a["shapes"] for a in cat["generators"] + cat["solvers"]}
    for slug in ("dig", "prim", "wilson", "aldous", "hunt", "growing", "kruskal"):  # (kruskal: weave's crossings first)
        assert shapes[slug] == list(SHAPES)
    assert "zeta" not in shapes["origin"] and "weave" not in shapes["origin"]
    for slug in ("binary", "eller", "division", "stick", "extend", "mouse"):
        assert shapes[slug] == ["square"]
    assert shapes["sidewinder"] == ["square", "polar"]


def test_dig_bias_is_refused_off_the_square():
    with pytest.raises(GeometryError, match="bias"):
        pymaze.generate("dig", 5, 5, shape="hex", bias=0.5)


# --- uniform spanning trees: matrix-tree count and chi-square ---------------------------------------

@pytest.mark.parametrize("slug", [s for s, a in GENERATORS.items() if a.uniform])
@pytest.mark.parametrize("shape, w, h", [("hex", 3, 2), ("polar", 4, 1), ("triangle", 4, 2), ("cylinder", 3, 2),
                                         ("moebius", 3, 2)])
def test_uniform_generators_draw_every_spanning_tree_equally_often(slug, shape, w, h):
    lattice = pymaze.lattice(shape, w, h)
    trees = spanning_tree_count(list(lattice), lattice.edges)
    n = lattice.number_of_nodes()
    assert trees == sum(nx.is_tree(nx.Graph(edges)) and len({v for e in edges for v in e}) == n
                        for edges in combinations(lattice.edges, n - 1)), "the matrix-tree count, by brute force"
    samples = 40 * trees
    seen = {}
    for seed in range(samples):
        maze = pymaze.generate(slug, w, h, seed=seed, shape=shape)
        key = bytes(maze.wall)
        seen[key] = seen.get(key, 0) + 1
    assert len(seen) == trees, "every spanning tree turns up"
    expected = samples / trees
    chi2 = sum((k - expected) ** 2 / expected for k in seen.values())
    assert chi2 < chi_square_limit(trees - 1)


# --- solvers: shortest routes, termination, replay --------------------------------------------------

def mazes(shape):
    """A perfect and a looped maze of ``shape``, one masked."""
    mask = masks.preset("circle", 12, 10, islands="join")
    return [pymaze.generate("wilson", 9, 7, seed=5, shape=shape),
            pymaze.generate("dig", 12, 10, seed=6, shape=shape, loops=0.25, mask=mask)]


SOLVE_CASES = [(shape, slug) for shape in SHAPES for slug, a in SOLVERS.items() if shape in a.shapes]


@pytest.mark.parametrize("shape, slug", SOLVE_CASES)
def test_every_solver_finds_a_route_and_the_optimal_ones_a_shortest(shape, slug):
    for maze in mazes(shape):
        if maze.lattice is None and maze.geometry not in SOLVERS[slug].geometries:
            maze = maze.as_block()  # open-grid finders walk squares
        G = maze.to_networkx()
        shortest = nx.shortest_path_length(G, maze.start, maze.goal)
        sol = pymaze.solve(maze, slug, seed=2)
        if sol.status == "trapped in a loop":
            assert SOLVERS[slug].optimal is not True and not pymaze.metrics(maze)["perfect"]
            continue
        assert sol.found, sol.status
        route = sol.squares
        if SOLVERS[slug].slug != "farthest":
            assert route[0] == maze.start and route[-1] == maze.goal
        if SOLVERS[slug].anyangle:  # corners joined by segments in sight (tests/test_anyangle.py checks them)
            assert sol.cost <= shortest + 1e-9
            continue
        assert all(G.has_edge(a, b) for a, b in zip(route, route[1:])), "the route walks open passages"
        if SOLVERS[slug].optimal:
            assert sol.moves == shortest


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("hand", ["right", "left"])
def test_wall_followers_finish_on_every_shape(shape, hand):
    for seed in range(6):
        maze = pymaze.generate("dig", 8, 6, seed=seed, shape=shape, loops=0.2 * (seed % 2))
        sol = pymaze.solve(maze, "wall", hand=hand)
        assert sol.status in ("found", "trapped in a loop")
        if seed % 2 == 0:
            assert sol.found, "a perfect maze is a tree: the wall follower tours it to the goal"


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("family, slug", [("generator", "wilson"), ("generator", "kruskal"),
                                          ("solver", "astar"), ("solver", "wave"), ("solver", "culdesac")])
def test_replay_and_step_back_rebuild_the_states(shape, family, slug):
    if family == "generator" and shape not in GENERATORS[slug].shapes:
        with pytest.raises(GeometryError, match=f"not {shape} ones"):
            Run.generate(slug, 7, 6, seed=9, shape=shape)
        return
    if family == "generator":
        run = Run.generate(slug, 7, 6, seed=9, shape=shape, mask=masks.preset("ring", 7, 6, islands="join"))
    else:
        run = Run.solve(slug, mazes(shape)[1], seed=3)
    stream = run.events()
    final = run.maze
    replayed = events.apply(run.initial.copy(), stream, check=True)
    assert replayed == final
    assert events.apply(replayed, stream, backwards=True, check=True) == run.initial


@pytest.mark.parametrize("shape", SHAPES)
def test_the_same_seed_gives_the_same_stream(shape):
    a = Run.generate("prim", 8, 6, seed=12, shape=shape).events()
    b = Run.generate("prim", 8, 6, seed=12, shape=shape).events()
    c = Run.generate("prim", 8, 6, seed=13, shape=shape).events()
    assert a == b and a != c


# --- metrics ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("shape", SHAPES)
def test_metrics_agree_with_networkx(shape):
    small = pymaze.generate("dig", 5, 4, seed=2, shape=shape, loops=0.2)
    for maze in mazes(shape) + [small]:
        G = maze.to_networkx()
        figures = pymaze.metrics(maze)
        degrees = [d for _, d in G.degree]
        assert figures["cells"] == G.number_of_nodes()
        assert figures["dead_ends"] == degrees.count(1)
        assert figures["junctions"] == sum(d >= 3 for d in degrees)
        assert figures["perfect"] == nx.is_tree(G)
        assert figures["solution_length"] == nx.shortest_path_length(G, maze.start, maze.goal)
        if figures["perfect"]:
            assert figures["routes"] == 1
        elif maze is small:
            simple = sum(1 for _ in nx.all_simple_paths(G, maze.start, maze.goal))
            assert figures["routes"] == min(simple, 100) and figures["routes_capped"] == (simple >= 100)


# --- start and goal, masks, drawing ---------------------------------------------------------------

@pytest.mark.parametrize("shape", GRAPH_SHAPES)
def test_start_and_goal_are_far_apart_on_the_boundary(shape):
    maze = Maze.shaped(shape, 10, 8, "closed")
    lattice = pymaze.lattice(shape, 10, 8)
    full = max(d for _, d in lattice.degree)
    for p in (maze.start, maze.goal):
        assert lattice.degree(p) < full or shape == "polar" and maze.node_xy(p)[1] == 8 or shape == "torus"
    far = nx.shortest_path_length(lattice, maze.start)
    assert far[maze.goal] >= 0.75 * max(far.values())


def test_text_masks_switch_cells_off_and_islands_are_an_error_or_joined():
    mask = masks.parse("XXX..\nXX...\n..XXX\n")
    with pytest.raises(ParameterError, match="2 islands"):
        pymaze.generate("dig", 5, 3, mask=mask)
    for shape in SHAPES:
        joined = masks.parse("XXX..\nXX...\n..XXX\n", islands="join")
        maze = pymaze.generate("dig", 5, 3, shape=shape, mask=joined)
        assert nx.is_tree(maze.to_networkx())
    square = pymaze.generate("kruskal", 5, 3, mask=masks.parse("XXXXX\nXX.XX\nXXXXX"))
    assert square.wall[square.cell(2, 1)] == 1 and nx.is_tree(square.to_networkx())
    assert square.to_networkx().number_of_nodes() == 14
    with pytest.raises(ParameterError, match="line 2, column 3"):
        masks.parse("XXX\nXX?\n")


@pytest.mark.parametrize("name", masks.PRESETS)
def test_preset_masks_are_one_piece(name):
    mask = masks.preset(name, 30, 24)
    on = sum(map(sum, mask.rows))
    assert 0.3 * 30 * 24 < on < 30 * 24
    maze = pymaze.generate("wilson", 30, 24, seed=1, shape="hex", mask=mask)
    assert maze.lattice.n == on and nx.is_tree(maze.to_networkx())


def test_image_masks_read_dark_or_opaque_pixels(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    img = Image.new("RGB", (20, 10), "white")
    for x in range(4, 16):
        for y in range(2, 8):
            img.putpixel((x, y), (0, 0, 0))
    img.save(tmp_path / "dark.png")
    mask = masks.read(tmp_path / "dark.png")
    assert (mask.width, mask.height) == (20, 10) and sum(map(sum, mask.rows)) == 12 * 6
    clear = Image.new("RGBA", (8, 8), (0, 0, 0, 0))
    clear.putpixel((3, 3), (255, 255, 255, 255))
    clear.save(tmp_path / "alpha.png")
    assert sum(map(sum, masks.read(tmp_path / "alpha.png").rows)) == 1


@pytest.mark.parametrize("shape", SHAPES)
def test_the_drawing_has_a_polygon_per_cell_and_a_wall_per_passage_on_both_cells(shape):
    maze = Maze.shaped(shape, 5, 4, "closed", masks.preset("circle", 5, 4))
    d = maze.drawing()
    G = maze.to_networkx(candidates=True)
    assert sorted(d["cells"]) == sorted(G.nodes) and len(d["starts"]) == len(d["cells"]) + 1
    corners = {p: {(round(d["polygons"][2 * i], 6), round(d["polygons"][2 * i + 1], 6))
                   for i in range(d["starts"][k], d["starts"][k + 1])} for k, p in enumerate(d["cells"])}
    ends = {via: (a, b) for a, b, via in G.edges(data="via")}
    assert sorted(d["passages"]) == sorted(ends) and len(d["walls"]) == 4 * len(ends)
    # A maze that wraps around draws a passage across a seam twice: a side of each cell, at both edges.
    wraps = {via: j for j, via in enumerate(d.get("wraps", ()))}
    assert len(d.get("wrap_walls", ())) == 4 * len(wraps)
    assert bool(wraps) == (shape in ("cylinder", "torus", "moebius"))
    # A weave maze's tunnel is no side of a polygon: its segment runs from one end's centre to the other's.
    tunnels = set(d.get("tunnels", ()))
    assert bool(tunnels) == (shape == "weave")
    # A zeta maze's diagonal passage is no side either: its segment is the one corner its cells share.
    diagonals = set(d.get("diagonals", ()))
    assert bool(diagonals) == (shape == "zeta")
    for k, via in enumerate(d["passages"]):
        a, b = sorted(ends[via])
        x0, y0, x1, y1 = (round(v, 6) for v in d["walls"][4 * k:4 * k + 4])
        if via in tunnels:
            assert [x0, y0, x1, y1] == [round(v, 6) for v in maze.lattice.centre(a) + maze.lattice.centre(b)]
        elif via in diagonals:
            assert (x0, y0) == (x1, y1) and corners[a] & corners[b] == {(x0, y0)}
        elif via in wraps:
            j = 4 * wraps[via]
            u0, v0, u1, v1 = (round(v, 6) for v in d["wrap_walls"][j:j + 4])
            assert {(x0, y0), (x1, y1)} <= corners[a] and not {(x0, y0), (x1, y1)} <= corners[b]
            assert {(u0, v0), (u1, v1)} <= corners[b] and not {(u0, v0), (u1, v1)} <= corners[a]
        else:
            assert {(x0, y0), (x1, y1)} <= corners[a] & corners[b], "a wall is an edge both cells share"
    # Every side of every polygon is a wall or a border segment, once.
    tunnels |= diagonals  # (neither is drawn as a side)
    sides = {}
    for p, pts in ((p, d["polygons"][2 * d["starts"][k]:2 * d["starts"][k + 1]]) for k, p in enumerate(d["cells"])):
        xy = [(round(pts[i], 6), round(pts[i + 1], 6)) for i in range(0, len(pts), 2)]
        for a, b in zip(xy, xy[1:] + xy[:1]):
            key = frozenset((a, b))
            sides[key] = sides.get(key, 0) + 1
    segs = [frozenset(((round(s[i], 6), round(s[i + 1], 6)), (round(s[i + 2], 6), round(s[i + 3], 6))))
            for s in (d["walls"], d["border"], d.get("wrap_walls", ())) for i in range(0, len(s), 4)
            if s is not d["walls"] or d["passages"][i // 4] not in tunnels]
    assert sorted(segs, key=sorted) == sorted(sides, key=sorted)
    once = {k for k, via in enumerate(v for v in d["passages"] if v not in tunnels) if via in wraps}
    assert all(sides[s] == (1 if k in once else 2) for k, s in enumerate(segs[:len(d["passages"]) - len(tunnels)]))
    assert all(sides[s] == 1 for s in segs[len(d["passages"]):])


# --- formats, library, CLI ----------------------------------------------------------------------

@pytest.mark.parametrize("shape", SHAPES)
def test_json_round_trips_every_shape_with_its_mask(shape):
    for maze in mazes(shape):
        back = formats.parse(formats.to_json(maze))
        assert back == maze and back.mask == maze.mask and back.shape == shape


@pytest.mark.parametrize("text", ['"cells": "#"', '"start": 9999', '"shape": "cube"', '"passages": "x"'])
def test_bad_graph_json_says_what_is_wrong(text):
    good = formats.to_json(pymaze.generate("dig", 3, 2, shape="hex"))
    key = text.split(":")[0]
    start = good.index(key)
    end = good.index(", ", start) if good.find(", ", start) > 0 else good.index("}", start)
    with pytest.raises(PymazeError, match=key.strip('"')):
        formats.parse(good[:start] + text + good[end:])


def test_library_names_shape_and_view_both_ways():
    a = pymaze.generate("wilson", 12, 12, geometry="hex", seed=1)
    b = pymaze.generate("wilson", 12, 12, shape="hex", seed=1)
    assert a == b and a.shape == "hex" and a.geometry == "graph"
    assert pymaze.generate("dig", 4, 4, geometry="block").geometry == "block"
    with pytest.raises(GeometryError, match="no block view"):
        pymaze.generate("dig", 4, 4, shape="hex", geometry="block")
    with pytest.raises(GeometryError, match="disagree"):
        pymaze.generate("dig", 4, 4, shape="hex", geometry="polar")
    with pytest.raises(GeometryError, match="unknown"):
        pymaze.generate("dig", 4, 4, geometry="cube")


@pytest.mark.parametrize("shape", SHAPES)
def test_links_follow_the_maze_graph(shape):
    maze = mazes(shape)[1]
    G = maze.to_networkx()
    nbrs = links(maze)
    for p in G:
        assert sorted(nbrs(p)) == sorted(G[p])


def test_cli_generates_solves_and_plays_other_shapes(tmp_path, capsys):
    from pymaze.cli import main
    (tmp_path / "m.txt").write_text("XXXX\nXXXX\n.XX.\n")
    assert main(["generate", "wilson", "--geometry", "hex", "--size", "8x6", "--mask", str(tmp_path / "m.txt")]) == 0
    maze = formats.parse(capsys.readouterr().out)
    assert maze.shape == "hex" and maze.lattice.n < 48 and nx.is_tree(maze.to_networkx())
    (tmp_path / "hex.json").write_text(formats.to_json(maze))
    assert main(["solve", "astar", str(tmp_path / "hex.json")]) == 0
    assert '"found": true' in capsys.readouterr().out
    assert main(["stats", "--generate", "prim", "--geometry", "polar", "--size", "6x4", "--json"]) == 0
    assert '"perfect": true' in capsys.readouterr().out
    assert main(["generate", "binary", "--geometry", "triangle"]) == 2
    assert "binary makes square mazes" in capsys.readouterr().err


def test_play_moves_on_hex_with_qweasd(monkeypatch, capsys):
    import io
    from pymaze.cli import HEX_KEYS, Game
    maze = pymaze.generate("dig", 6, 5, seed=3, shape="hex")
    route = pymaze.solve(maze, "bfs").squares
    names = {}
    for key, name in HEX_KEYS.items():
        names[name] = key
    lat = maze.lattice
    keys = []
    for a, b in zip(route, route[1:]):
        (ax, ay), (bx, by) = lat.centre(a), lat.centre(b)
        heading = round(math.degrees(math.atan2(by - ay, bx - ax))) % 360
        keys.append(names[{270: "north", 330: "north-east", 30: "south-east", 90: "south", 150: "south-west",
                           210: "north-west"}[heading]])
    from pymaze.cli import play_loop
    out = io.StringIO()
    play_loop(Game(maze), io.StringIO("\n".join(keys) + "\n"), out)
    assert f"goal reached in {len(route) - 1} moves" in out.getvalue()


# --- docs -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("algo", list(GENERATORS.values()) + list(SOLVERS.values()), ids=lambda a: a.slug)
def test_every_algorithm_docstring_lists_its_steps(algo):
    lines = [line.strip() for line in algo.doc.splitlines()]
    numbered = [int(line.split(".")[0]) for line in lines if line[:1].isdigit() and ". " in line[:4]]
    assert numbered[:2] == [1, 2] and numbered == list(range(1, len(numbered) + 1)), algo.slug


def test_seeds_are_reproducible_with_masks():
    rng = random.Random(4)
    for shape in SHAPES:
        mask = masks.preset(rng.choice(masks.PRESETS), 9, 9, islands="join")
        a = pymaze.generate("growing", 9, 9, seed=7, shape=shape, mask=mask)
        b = pymaze.generate("growing", 9, 9, seed=7, shape=shape, mask=mask)
        assert a == b


def test_a_lattice_too_big_is_refused_before_it_is_built():
    with pytest.raises(pymaze.SizeError, match="11,958,001 cells; at most 4,000,000"):
        pymaze.generate("dig", 2000, 2000, shape="polar")
    with pytest.raises(pymaze.SizeError, match="at least 3 cells in its first ring"):
        pymaze.generate("dig", 2, 5, shape="polar")
    with pytest.raises(ParameterError, match="leaves no cell"):
        pymaze.generate("dig", 3, 1, shape="polar", mask=masks.parse("X....\n.....\n.....\n.....\n....X"))


@pytest.mark.parametrize("shape", ["hex", "triangle", "polar"])
def test_every_small_lattice_is_connected_or_refused(shape):
    """A lattice that falls apart would leave a random walk (Wilson, Aldous-Broder, Houston) walking
    for ever: every small size either gives one connected lattice (networkx) or a SizeError, and the
    random-walk generators end on every size that is given."""
    import networkx as nx
    for w in range(1, 5):
        for h in range(1, 5):
            try:
                graph = pymaze.lattice(shape, w, h)
            except pymaze.SizeError:
                continue
            assert nx.is_connected(graph), (shape, w, h)
            for slug in ("wilson", "aldous", "houston", "origin"):
                maze = pymaze.generate(slug, w, h, shape=shape, seed=1)
                assert nx.is_tree(maze.to_networkx()), (slug, shape, w, h)


def _turning_reference(points):
    """Total turning along points (x, y), in degrees, from the angles between successive moves."""
    total = 0.0
    for (ax, ay), (bx, by), (cx, cy) in zip(points, points[1:], points[2:]):
        a, b = math.atan2(by - ay, bx - ax), math.atan2(cy - by, cx - bx)
        total += abs((b - a + math.pi) % (2 * math.pi) - math.pi)
    return math.degrees(total)


@pytest.mark.parametrize("shape", ["square", "hex", "triangle", "polar"])
def test_a_routes_turning_is_reported_in_whole_degrees(shape):
    from pymaze.graph import turning
    maze = pymaze.generate("dig", 8, 6, seed=4, shape=None if shape == "square" else shape)
    sol = pymaze.solve(maze, "bfs")
    if shape == "square":
        points = sol.path  # cells: right angles only
    else:
        points = [maze.lattice.centre(p) for p in sol.squares]
    want = _turning_reference(points)
    assert turning(maze, sol.squares) == round(want)
    assert ("turns", round(want), sol.squares[-1]) in sol.notes
    # diagonal moves on an open block grid turn by 45 degrees
    grid = Maze(5, 5, bytes(25), 0, [4], "block")
    route = [0, 6, 12, 8, 4]  # (0,0) (1,1) (2,2) (3,1) (4,0): one right-angle turn between diagonals
    assert turning(grid, route) == 90
    assert turning(grid, [0, 6, 7, 8, 4]) == 90  # SE, E (45), E, NE (45)
    assert turning(grid, [0, 6, 7]) == 45


@pytest.mark.parametrize("shape", ["cylinder", "torus", "moebius", "upsilon", "levels", "weave", "zeta"])
def test_turning_on_the_unit_grids_counts_headings_as_the_angles_between_moves_say(shape):
    """These shapes count headings in eighths of a turn from grid positions; the reference measures
    the angle between successive moves' vectors (a seam crossed heads out of its edge, a stair is
    no move), on random walks that cross seams, tunnels, diagonals and stairs."""
    from pymaze.graph import turning
    rng = random.Random(shape)
    for w, h in ((3, 3), (5, 4), (9, 7)):
        maze = Maze.shaped(shape, w, h, depth=3 if shape == "levels" else None)
        lat = maze.lattice
        for _ in range(40):
            path = [rng.randrange(lat.n)]
            for _ in range(rng.randrange(1, 50)):
                path.append(path[-1] + rng.choice(lat.tables[path[-1]])[1])
            moves = [v for v in map(lat.vector, path, path[1:]) if v != (0.0, 0.0)]
            points = [(0.0, 0.0)]
            for dx, dy in moves:
                points.append((points[-1][0] + dx, points[-1][1] + dy))
            assert turning(maze, path) == round(_turning_reference(points)), (w, h, path)
