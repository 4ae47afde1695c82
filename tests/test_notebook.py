"""Rich display in Jupyter: Maze, Solution and Run draw themselves as SVG (``_repr_svg_``), one wall
segment per closed passage and per border side, read back from the SVG and checked against the
maze's own layers; the route is a shortest one; a Run shows the maze at its current event."""

import networkx as nx
import pytest

import pymaze
from pymaze.graph import passages
from pymaze.run import Run
from pymaze.solution import Solution
from test_svg import centres, nearest, parse, paths, polygon_walls, same_segments, subpaths, unmerged

MAZES = {
    "square": lambda: pymaze.generate("dig", 9, 6, seed=3),
    "hex": lambda: pymaze.generate("kruskal", 7, 5, seed=3, shape="hex"),
    "triangle": lambda: pymaze.generate("dig", 9, 6, seed=3, shape="triangle"),
    "polar": lambda: pymaze.generate("dig", 6, 5, seed=3, shape="polar"),
    "loops": lambda: pymaze.generate("dig", 8, 8, seed=2, loops=0.3),
}


def border_sides(maze):
    """Polygon sides that belong to one cell only."""
    d = maze.drawing()
    key = lambda p: (round(p[0] * 1000), round(p[1] * 1000))
    count = {}
    pts, starts = d["polygons"], d["starts"]
    for k in range(len(d["cells"])):
        corners = [key((pts[2 * i], pts[2 * i + 1])) for i in range(starts[k], starts[k + 1])]
        for a, b in zip(corners, corners[1:] + corners[:1]):
            s = frozenset((a, b))
            count[s] = count.get(s, 0) + 1
    return sum(1 for c in count.values() if c == 1)


@pytest.mark.parametrize("name", MAZES)
def test_a_maze_shows_one_wall_segment_per_closed_passage(name):
    maze = MAZES[name]()
    root = parse(maze._repr_svg_())
    got = unmerged(root)
    closed = sum(1 for v, a, b in zip(*passages(maze)) if maze.wall[v])
    assert 0 < closed < len(passages(maze)[0])
    assert len(got) == closed + border_sides(maze)
    from pymaze import svg
    same_segments(got, polygon_walls(maze, svg.Scene(maze).unit))
    assert not paths(root, "route")


def solved(name):
    """A maze of MAZES and A*'s solution drawn."""
    maze = MAZES[name]()
    return maze, pymaze.solve(maze, "astar")._repr_svg_()


def waved(geometry):
    """A maze and a wave run drawn at its end."""
    maze = pymaze.generate("dig", 9, 6, seed=5, geometry=geometry)
    run = Run.solve("wave", maze)
    run.events()
    return maze, run._repr_svg_()


PICTURES = {**{f"solution {name}": (solved, name) for name in ("square", "hex", "loops")},
            **{f"wave run {geometry}": (waved, geometry) for geometry in ("thin", "block")}}


@pytest.mark.parametrize("picture", PICTURES)
def test_the_route_drawn_is_a_shortest_one(picture):
    make, arg = PICTURES[picture]
    maze, svg = make(arg)
    (route,) = paths(parse(svg), "route")
    (points,) = subpaths(route.get("d"))
    nodes = nearest(points, centres(maze))
    G = maze.to_networkx()
    assert nodes[0] == maze.start and nodes[-1] == maze.goal
    assert len(nodes) - 1 == nx.shortest_path_length(G, maze.start, maze.goal)
    assert all(G.has_edge(a, b) for a, b in zip(nodes, nodes[1:]))


@pytest.mark.parametrize("name", ["square", "hex", "loops"])
def test_a_solution_shows_its_maze(name):
    maze, svg = solved(name)
    same_segments(unmerged(parse(svg)), unmerged(parse(maze._repr_svg_())))
    by_hand = Solution(found=False, status="no route", squares=[], path=[], moves=0, visited=0)
    assert by_hand._repr_svg_() is None and "maze" not in repr(pymaze.solve(maze, "astar"))


def test_a_run_shows_its_maze_at_its_current_event():
    run = Run.generate("kruskal", 8, 6, seed=4, shape="hex")
    start = unmerged(parse(run._repr_svg_()))
    assert len(start) == len(passages(run.maze)[0]) + border_sides(run.maze)  # every passage closed yet
    run.next_batch(20)
    middle = unmerged(parse(run._repr_svg_()))
    closed = sum(1 for v, a, b in zip(*passages(run.maze)) if run.maze.wall[v])
    assert len(middle) == closed + border_sides(run.maze) < len(start)
    run.events()
    final = pymaze.generate("kruskal", 8, 6, seed=4, shape="hex")
    same_segments(unmerged(parse(run._repr_svg_())), unmerged(parse(final._repr_svg_())))


@pytest.mark.parametrize("geometry", ["thin", "block"])
def test_a_finished_wave_shows_its_numbers(geometry):
    maze, svg = waved(geometry)
    NS = "{http://www.w3.org/2000/svg}"
    numbers = [g for g in parse(svg).iter(NS + "g") if g.get("class") == "numbers"]
    route = nx.shortest_path_length(maze.to_networkx(), maze.start, maze.goal) + 1
    assert len(numbers) == 1 and len(list(numbers[0].iter(NS + "text"))) > route
