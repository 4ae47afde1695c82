"""SVG export: parsed as XML, its wall segments equal the maze's walls, its route the BFS route, and
the library, the CLI and (in test_page_export) the page write the same bytes."""

import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import networkx as nx
import pytest

import pymaze
from pymaze import masks, svg
from pymaze.graph import passages
from pymaze.run import Run
from pymaze.solution import Solution

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
ELEMENTS = {"svg", "title", "rect", "path", "g", "circle", "text"}  # all SVG 1.1 elements


def parse(text):
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == NS + "svg" and root.get("version") == "1.1"
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    for el in root.iter():
        assert el.tag.startswith(NS) and el.tag[len(NS):] in ELEMENTS, el.tag
    return root


def paths(root, cls):
    return [el for el in root.iter(NS + "path") if el.get("class") == cls]


def subpaths(d):
    """``M x y L x y x y ...`` subpaths as lists of points."""
    out = []
    for part in re.findall(r"M[^M]*", d):
        nums = [float(v) for v in re.findall(r"-?[0-9.]+", part)]
        out.append(list(zip(nums[0::2], nums[1::2])))
    return out


def unmerged(root):
    """The wall segments of the walls path: each two consecutive points of a subpath."""
    (walls,) = paths(root, "walls")
    return [(a, b) for line in subpaths(walls.get("d")) for a, b in zip(line, line[1:])]


def same_segments(got, want, tol=0.02):
    """Equal as multisets of undirected segments, endpoints within ``tol`` px."""
    assert len(got) == len(want)
    norm = lambda s: tuple(sorted(s, key=lambda p: (round(p[0], 1), round(p[1], 1))))
    buckets = {}
    for i, s in enumerate(map(norm, want)):
        buckets.setdefault((round(s[0][0]), round(s[0][1])), []).append((i, s))
    used = set()
    for s in map(norm, got):
        x, y = round(s[0][0]), round(s[0][1])
        hit = next((i for dx in (-1, 0, 1) for dy in (-1, 0, 1) for i, w in buckets.get((x + dx, y + dy), [])
                    if i not in used and all(abs(a - b) < tol for p, q in zip(s, w) for a, b in zip(p, q))), None)
        assert hit is not None, s
        used.add(hit)


def px(scene_unit, x, y, x0=0.0, y0=0.0):
    return svg.MARGIN + scene_unit * (x - x0), svg.MARGIN + scene_unit * (y - y0)


def thin_walls(maze):
    """Every wall square between two cells (or on the frame) as a segment, read from the block grid."""
    u, w, out = svg.UNITS["thin"], maze.width, []
    for y in range(maze.height):
        for x in range(w):
            if (x + y) % 2 and maze.wall[y * w + x]:
                if y % 2 == 0:   # between two rows: horizontal
                    out.append((px(u, (x - 1) / 2, y / 2), px(u, (x + 1) / 2, y / 2)))
                else:
                    out.append((px(u, x / 2, (y - 1) / 2), px(u, x / 2, (y + 1) / 2)))
    return out


def polygon_walls(maze, unit):
    """From the cells' polygons alone: a side no other cell shares (the border), and a side two cells
    share whose passage is closed."""
    d = maze.drawing()
    x0, y0 = d["bounds"][:2]
    key = lambda p: (round(p[0] * 1000), round(p[1] * 1000))
    sides, owner = {}, {}
    pts, starts = d["polygons"], d["starts"]
    for k, cell in enumerate(d["cells"]):
        corners = [(pts[2 * i], pts[2 * i + 1]) for i in range(starts[k], starts[k + 1])]
        for a, b in zip(corners, corners[1:] + corners[:1]):
            s = frozenset((key(a), key(b)))
            sides.setdefault(s, (a, b))
            owner.setdefault(s, []).append(cell)
    closed = {frozenset((a, b)) for v, a, b in zip(*passages(maze)) if maze.wall[v]}
    out = []
    for s, (a, b) in sides.items():
        cells = owner[s]
        if len(cells) == 1 or frozenset(cells) in closed:
            out.append((px(unit, *a, x0, y0), px(unit, *b, x0, y0)))
    return out


MAZES = {
    "square": lambda: pymaze.generate("dig", 9, 6, seed=3),
    "hex": lambda: pymaze.generate("dig", 7, 5, seed=3, shape="hex"),
    "triangle": lambda: pymaze.generate("dig", 9, 6, seed=3, shape="triangle"),
    "polar": lambda: pymaze.generate("dig", 6, 5, seed=3, shape="polar"),
    "square-masked": lambda: pymaze.generate("dig", 12, 12, seed=3, mask=masks.preset("ring", 12, 12)),
    "hex-masked": lambda: pymaze.generate("dig", 12, 10, seed=3, shape="hex", mask=masks.preset("heart", 12, 10)),
    "square-loops": lambda: pymaze.generate("dig", 8, 8, seed=2, loops=0.3),
}


@pytest.mark.parametrize("name", MAZES)
def test_wall_segments_are_the_mazes_walls(name):
    maze = MAZES[name]()
    root = parse(svg.to_svg(maze))
    got = unmerged(root)
    want = thin_walls(maze) if name == "square" else polygon_walls(maze, svg.Scene(maze).unit)
    same_segments(got, want)
    lines = subpaths(paths(root, "walls")[0].get("d"))
    assert len(lines) * 3 < len(got)  # merged into long paths, not one element or subpath per wall
    assert len(list(root.iter(NS + "path"))) <= 3


def test_thin_wall_segments_match_the_polygon_reading_too():
    maze = MAZES["square"]()
    same_segments(thin_walls(maze), polygon_walls(maze, svg.UNITS["thin"]))


def test_block_view_walls_are_the_wall_squares():
    maze = pymaze.generate("dig", 9, 6, seed=4, geometry="block")
    root = parse(svg.to_svg(maze))
    (walls,) = paths(root, "walls")
    u, squares = svg.UNITS["block"], set()
    for m in re.finditer(r"M(-?[0-9.]+) (-?[0-9.]+)h(-?[0-9.]+)v(-?[0-9.]+)h(-?[0-9.]+)z", walls.get("d")):
        x, y, run, height, back = map(float, m.groups())
        assert math.isclose(height, u) and math.isclose(back, -run)
        x0, y0, n = round((x - svg.MARGIN) / u), round((y - svg.MARGIN) / u), round(run / u)
        assert n >= 1 and not squares & {(x0 + k, y0) for k in range(n)}
        squares |= {(x0 + k, y0) for k in range(n)}
    assert len(re.findall("M", walls.get("d"))) < sum(maze.wall) / 2  # runs, not squares
    assert squares == {(p % maze.width, p // maze.width) for p in range(len(maze.wall)) if maze.wall[p]}


def centres(maze):
    scene = svg.Scene(maze)
    return {p: scene.centre(p) for p in scene.nodes() if maze.is_node(p)}


def nearest(points, where):
    return [min(where, key=lambda p: (where[p][0] - x) ** 2 + (where[p][1] - y) ** 2) for x, y in points]


@pytest.mark.parametrize("name", ["square", "hex", "triangle", "polar", "square-masked", "block"])
def test_the_route_is_the_bfs_route(name):
    maze = pymaze.generate("dig", 9, 6, seed=5, geometry="block") if name == "block" else MAZES[name]()
    sol = pymaze.solve(maze, "bfs")
    root = parse(svg.to_svg(maze, route=sol.squares))
    (route,) = paths(root, "route")
    (points,) = subpaths(route.get("d"))
    nodes = nearest(points, centres(maze))
    G = maze.to_networkx()
    assert nodes[0] == maze.start and nodes[-1] in maze.goals
    assert len(nodes) - 1 == nx.shortest_path_length(G, maze.start, maze.goal)
    assert all(G.has_edge(a, b) for a, b in zip(nodes, nodes[1:]))
    assert not paths(parse(svg.to_svg(maze)), "route")


def test_start_and_every_goal_are_marked():
    maze = MAZES["hex"]()
    others = [p for p in range(maze.lattice.n) if p not in (maze.start, maze.goal)]
    maze.goals = [maze.goal, others[3]]
    root = parse(svg.to_svg(maze))
    where = centres(maze)
    marks = {g.get("class"): [] for g in root.iter(NS + "g")}
    for g in root.iter(NS + "g"):
        if g.get("class") in ("start", "goal"):
            c = g.find(NS + "circle")
            marks[g.get("class")].append((nearest([(float(c.get("cx")), float(c.get("cy")))], where)[0],
                                          g.find(NS + "text").text))
    assert marks["start"] == [(maze.start, "S")]
    assert sorted(marks["goal"]) == sorted((p, "G") for p in maze.goals)


@pytest.mark.parametrize("shape", ["square", "polar"])
def test_numbers_are_distances_and_heat_follows_the_ramp(shape):
    maze = MAZES[shape]()
    run = Run.solve("wave", maze)
    sol = Solution.from_events(run.initial, run.events())
    root = parse(svg.to_svg(run.maze, route=sol.squares, numbers=True))
    dist = nx.single_source_shortest_path_length(maze.to_networkx(), maze.start)
    texts = [t for g in root.iter(NS + "g") if g.get("class") == "numbers" for t in g.iter(NS + "text")]
    where = centres(maze)
    seen = {}
    for t in texts:
        (p,) = nearest([(float(t.get("x")), float(t.get("y")) - 0.35 * float(
            next(g for g in root.iter(NS + "g") if g.get("class") == "numbers").get("font-size")))], where)
        seen[p] = int(t.text)
    reached = {p: d for p, d in dist.items() if run.maze.num[p] > 0}
    assert seen == reached and reached[maze.goal] == sol.moves
    fills = {el.get("fill") for el in paths(root, "heat")}
    assert svg.RAMP[0] in fills and svg.RAMP[-1] in fills
    assert not paths(parse(svg.to_svg(run.maze)), "heat")


def test_colours_are_the_pages():
    js = (ROOT / "web" / "board" / "palette.js").read_text()
    ramp = re.search(r"const RAMP = \[([^\]]*)\]", js).group(1)
    assert tuple(re.findall(r'"(#[0-9a-f]{6})"', ramp)) == svg.RAMP
    from pymaze.events import MARK_NAMES
    for value, name in MARK_NAMES.items():
        assert re.search(rf'\b{name}: \["(#[0-9a-f]{{6}})"', js).group(1) == svg.MARKS[value], name
    for part, colour in (("wall", svg.WALL), ("start", svg.START), ("goal", svg.GOAL), ("route", svg.ROUTE)):
        assert f'{part}: ["{colour}"' in js


def cli(*args):
    proc = subprocess.run([sys.executable, "-m", "pymaze", *map(str, args)], cwd=ROOT, capture_output=True,
                          timeout=120)
    return proc.returncode, proc.stdout, proc.stderr.decode()


@pytest.mark.parametrize("shape", ["square", "hex", "polar"])
def test_cli_writes_the_librarys_bytes(shape):
    code, out, err = cli("generate", "dig", "--size", "7x5", "--seed", "9", "--geometry", shape, "--format", "svg")
    assert code == 0 and not err
    assert out.decode() == svg.to_svg(pymaze.generate("dig", 7, 5, seed=9, shape=shape))
    code, out, err = cli("solve", "wave", "--generate", "dig", "--size", "7x5", "--seed", "9", "--geometry", shape,
                         "--format", "svg", "--numbers")
    assert code == 0 and not err
    run = Run.solve("wave", pymaze.generate("dig", 7, 5, seed=9, shape=shape))
    sol = Solution.from_events(run.initial, run.events())
    assert out.decode() == svg.to_svg(run.maze, route=sol.squares, numbers=True)
    parse(out.decode())


def test_bad_requests():
    maze = MAZES["square"]()
    with pytest.raises(pymaze.ParameterError, match="route"):
        svg.to_svg(maze, route=[0])
    with pytest.raises(pymaze.ParameterError, match="route"):
        svg.to_svg(maze, route="abc")
    for bad in ({"title": 5}, {"unit": 0}, {"unit": "big"}, {"unit": True}):
        with pytest.raises(pymaze.ParameterError, match=next(iter(bad))):
            svg.to_svg(maze, **bad)
    with pytest.raises(pymaze.ParameterError, match="maze"):
        svg.to_svg("not a maze")
    code, out, err = cli("generate", "dig", "--format", "svg", "--width", "100")
    assert code == 2 and err.startswith("pymaze: error: ") and "png" in err
