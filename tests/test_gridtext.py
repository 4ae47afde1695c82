"""The terminal's text of the shapes on a square grid (pymaze.gridtext): read back by the rules its
docstring states (walls, posts, frame letters, rails, stairs, marks), each picture gives exactly the
maze's graph (networkx, by the cells' positions), its S and G and the route; and the CLI prints it."""

import re
from collections import defaultdict

import pytest

import pymaze
from pymaze.cli import main
from pymaze.gridtext import SHAPES, grid_text
from pymaze.masks import Mask

networkx = pytest.importorskip("networkx")


def read(text, w, h, depth=1):
    """The text read back: ``(edges, marks, stairs)`` by positions (x, y, z); every edge as a
    frozenset of two positions."""
    lines = text.split("\n")
    if depth > 1 or lines[0].startswith("level "):
        assert [int(n) for n in re.findall(r"level (\d+)", lines[0])] == list(range(1, depth + 1))
        lines = lines[1:]
    grid = lines[:2 * h + 1]
    assert len(grid) == 2 * h + 1 and lines[2 * h + 1].startswith("key: ")
    edges, marks, stairs, letters = set(), {}, {}, defaultdict(list)
    for z in range(depth):
        x0 = z * (4 * w + 4)

        def at(row, col):
            line = grid[row]
            return line[x0 + col] if x0 + col < len(line) else " "

        def seg(row, x):
            return "".join(at(row, 4 * x + k) for k in (1, 2, 3))

        for y in range(h):
            row = 2 * y + 1
            for x in range(w):
                c = seg(row, x)
                if c != "###":
                    assert c[0] == " " and c[1] in " SGX." and c[2] in " ^v+", c
                    marks[x, y, z] = c[1]
                    stairs[x, y, z] = c[2]
                if 0 < x and at(row, 4 * x) == " " and (x - 1, y, z) in marks and (x, y, z) in marks:
                    edges.add(frozenset({(x - 1, y, z), (x, y, z)}))
                if at(row, 4 * x) == "║" and at(row, 4 * x + 4) == "║":    # a bridge: the tunnel under it
                    edges.add(frozenset({(x - 1, y, z), (x + 1, y, z)}))
            for side, col in (("left", 0), ("right", 4 * w)):
                if at(row, col) not in "|":
                    letters["row", at(row, col)].append((side, y, z))
        for y in range(h + 1):
            row = 2 * y
            for x in range(w + 1):
                post = at(row, 4 * x)
                if post == "\\":
                    edges.add(frozenset({(x - 1, y - 1, z), (x, y, z)}))
                elif post == "/":
                    edges.add(frozenset({(x, y - 1, z), (x - 1, y, z)}))
                else:
                    assert post == "o", post
                if x == w:
                    continue
                s = seg(row, x)
                if y in (0, h):
                    if s != "---":
                        assert s[0] == s[2] == " " and s[1].isalpha(), s
                        letters["column", s[1]].append(("top" if y == 0 else "bottom", x, z))
                elif s == "   " and (x, y - 1, z) in marks and (x, y, z) in marks:
                    edges.add(frozenset({(x, y - 1, z), (x, y, z)}))
                elif s == "═══" and (x, y - 1, z) in marks and seg(row + 2, x) == "═══":
                    edges.add(frozenset({(x, y - 1, z), (x, y + 1, z)}))
    for (kind, letter), ends in letters.items():
        assert len(ends) == 2, f"letter {letter} marks {ends}"
        (s1, a, z), (s2, b, _) = sorted(ends)
        if kind == "row":
            assert (s1, s2) == ("left", "right")
            edges.add(frozenset({(0, a, z), (w - 1, b, z)}))
        else:
            assert (s1, s2) == ("bottom", "top") and a == b
            edges.add(frozenset({(a, 0, z), (a, h - 1, z)}))
    for (x, y, z), s in stairs.items():
        if s in "v+":
            assert stairs[x, y, z + 1] in "^+"
            edges.add(frozenset({(x, y, z), (x, y, z + 1)}))
    assert sum(s in "^+" for s in stairs.values()) == sum(s in "v+" for s in stairs.values())
    return edges, marks


def graph(maze):
    """The maze's open passages from networkx, by the cells' positions."""
    def pos(p):
        xy = maze.node_xy(p)
        return xy if len(xy) == 3 else (*xy, 0)
    G = maze.to_networkx()
    return {frozenset({pos(a), pos(b)}) for a, b in G.edges}, pos


CASES = [(shape, gen, w, h, seed) for shape in SHAPES for gen, w, h, seed in
         (("dig", 3, 3, 1), ("kruskal", 7, 5, 2), ("wilson", 6, 4, 3), ("dig", 9, 6, 4))]


@pytest.mark.parametrize("shape, gen, w, h, seed", CASES)
def test_the_text_reads_back_as_the_maze(shape, gen, w, h, seed):
    depth = 3 if shape == "levels" else None
    maze = pymaze.generate(gen, w, h, seed=seed, shape=shape, depth=depth,
                           **({"loops": 0.3} if gen == "dig" and seed == 4 else {}))
    route = pymaze.solve(maze, "bfs").squares
    text = grid_text(maze, route)
    edges, marks = read(text, w, h, depth or 1)
    want, pos = graph(maze)
    assert edges == want
    assert marks[pos(maze.start)] == "S" and marks[pos(maze.goal)] == "G"
    assert {p for p, m in marks.items() if m == "."} == {pos(p) for p in route} - {pos(maze.start), pos(maze.goal)}


def test_weave_bridges_and_zeta_corners_are_drawn():
    """The cases above hold tunnels and diagonals (so their reading is tested), and the key names them."""
    tunnels = 0
    for seed in range(1, 5):
        maze = pymaze.generate("kruskal", 7, 5, seed=seed, shape="weave")
        lat = maze.lattice
        tunnels += sum(lat.middle[k] >= 0 and not maze.wall[lat.n + k] for k in range(lat.m))
    assert tunnels > 0
    text = grid_text(pymaze.generate("kruskal", 7, 5, seed=2, shape="weave"))
    assert ("║" in text or "═══" in text) and "a bridge" in text
    text = grid_text(pymaze.generate("dig", 7, 5, seed=2, shape="zeta"))
    assert re.search(r"[\\/]", text.split("key:")[0]) and "across that corner" in text


def test_a_masked_maze_leaves_its_switched_off_cells_out():
    rows = [[1] * 8, [1, 1, 0, 0, 1, 1, 1, 1], [1] * 8, [1] * 8, [1] * 8]
    maze = pymaze.generate("dig", 8, 5, seed=1, shape="cylinder", mask=Mask(rows))
    text = grid_text(maze)
    edges, marks = read(text, 8, 5)
    assert edges == graph(maze)[0]
    assert set(marks) == {(x, y, 0) for y in range(5) for x in range(8) if rows[y][x]}
    assert "### no cell" in text


def test_play_shows_one_level_and_the_player():
    maze = pymaze.generate("dig", 4, 3, seed=5, shape="levels", depth=3)
    text = grid_text(maze, player=maze.start, levels=[0])
    assert "level 1" in text and "level 2" not in text and text.count("X") == 1 and "S" not in text.split("key")[0]


def test_the_cli_prints_the_picture_and_refuses_text_it_cannot_write(capsys):
    assert main(["solve", "bfs", "--generate", "dig", "--geometry", "torus", "--size", "6x4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    maze = pymaze.generate("dig", 6, 4, seed=2, shape="torus")
    sol = pymaze.solve(maze, "bfs")
    assert out == grid_text(maze, sol.squares) + f"found route: {sol.moves} moves, {sol.visited} visited\n"
    assert main(["generate", "dig", "--geometry", "weave", "--size", "5x4", "--format", "thin", "--posts", "+"]) == 0
    assert capsys.readouterr().out == grid_text(pymaze.generate("dig", 5, 4, shape="weave"), posts="+")
    for args, said in ((["solve", "bfs", "--generate", "dig", "--geometry", "cylinder", "--format", "block"],
                        "block text holds square mazes; a cylinder maze is written as json, svg or png "
                        "(or drawn as text to read: thin)"),
                       (["generate", "dig", "--geometry", "hex", "--format", "thin"],
                        "thin text holds square mazes; a hex maze is written as json, svg or png\n"),
                       (["solve", "wave", "--generate", "dig", "--geometry", "zeta", "--numbers"],
                        "--numbers prints the grid of a square maze's numbers")):
        assert main(args) == 2
        assert f"pymaze: error: {said}" in capsys.readouterr().err
    assert main(["generate", "dig", "--geometry", "moebius", "--size", "5x4"]) == 0   # the default stays a file
    assert pymaze.formats.parse_json(capsys.readouterr().out).shape == "moebius"


def test_play_draws_the_cylinder_with_the_player(tmp_path, capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("right\nq\n"))
    assert main(["play", "--generate", "dig", "--geometry", "cylinder", "--size", "6x4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    maze = pymaze.generate("dig", 6, 4, seed=1, shape="cylinder")
    assert grid_text(maze, player=maze.start) in out
    assert out.startswith("cylinder maze, cell (0, 0)")


def test_the_pages_export_writes_the_same_text_and_refuses_the_same(tmp_path):
    from pymaze.errors import GeometryError
    from pymaze.web import Session
    s = Session()
    s.generate("dig", 6, 4, 2, "torus")
    maze = pymaze.generate("dig", 6, 4, seed=2, shape="torus")
    assert s.export_text("thin") == grid_text(maze)
    assert pymaze.formats.parse_json(s.export_text("json")).wall == maze.wall
    with pytest.raises(GeometryError, match="box text holds square mazes; a torus maze is written as json"):
        s.export_text("box")
