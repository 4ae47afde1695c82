"""Other tools' formats: mazelib's own mazes and text, PathFinding.js's own test scenarios, box-drawing text,
detection and the CLI's --from and --format."""

import json
import random
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

import pymaze
from pymaze import boxtext, interop
from pymaze import formats as F
from pymaze.errors import GeometryError, MazeFormatError
from reference import floor_graph, shortest_moves

ROOT = Path(__file__).resolve().parent.parent
mazelib = pytest.importorskip("mazelib")
from mazelib.generate.AldousBroder import AldousBroder  # noqa: E402
from mazelib.generate.BacktrackingGenerator import BacktrackingGenerator  # noqa: E402
from mazelib.generate.BinaryTree import BinaryTree  # noqa: E402
from mazelib.generate.Division import Division  # noqa: E402
from mazelib.generate.Ellers import Ellers  # noqa: E402
from mazelib.generate.GrowingTree import GrowingTree  # noqa: E402
from mazelib.generate.HuntAndKill import HuntAndKill  # noqa: E402
from mazelib.generate.Kruskal import Kruskal  # noqa: E402
from mazelib.generate.Prims import Prims  # noqa: E402
from mazelib.generate.Sidewinder import Sidewinder  # noqa: E402
from mazelib.generate.Wilsons import Wilsons  # noqa: E402
from mazelib.solve.ShortestPath import ShortestPath  # noqa: E402
from mazelib.solve.Tremaux import Tremaux  # noqa: E402

GENERATORS = [AldousBroder, BacktrackingGenerator, BinaryTree, Division, Ellers, GrowingTree, HuntAndKill,
              Kruskal, Prims, Sidewinder, Wilsons]


def mazelib_maze(gen, seed, outer=True):
    m = mazelib.Maze(seed)
    m.generator = gen(6 + seed % 3, 9 - seed % 4)
    m.generate()
    m.generate_entrances(outer, outer)
    m.solver = ShortestPath()
    m.solve()
    return m


def nx_moves(maze):
    """Shortest S-G moves on the floor squares, by networkx."""
    adj = floor_graph(maze)
    g = nx.Graph((a, b) for a, nbs in adj.items() for b in nbs)
    g.add_nodes_from(adj)
    return nx.shortest_path_length(g, maze.xy(maze.start), maze.xy(maze.goal))


@pytest.mark.parametrize("gen", GENERATORS, ids=lambda g: g.__name__)
@pytest.mark.parametrize("seed", range(3))
def test_mazelib_text_imports_solves_and_round_trips(gen, seed):
    m = mazelib_maze(gen, seed)
    plain, solved = m.tostring(True), m.tostring(True, True)
    maze = F.parse(plain)
    assert F.parse(solved) == maze  # its '+' solution reads as floor
    assert (maze.width, maze.height, maze.geometry) == (m.grid.shape[1], m.grid.shape[0], "block")
    assert maze.xy(maze.start) == m.start[::-1] and maze.xy(maze.goal) == m.end[::-1]
    sol = pymaze.solve(maze, "bfs")
    assert sol.found and sol.moves == nx_moves(maze) == shortest_moves(maze)
    assert m.solutions, "mazelib's ShortestPath found no route"
    if True:  # mazelib's route holds the squares between its entrances
        assert sol.moves == len(m.solutions[0]) + 1
        assert interop.to_mazelib_text(maze, sol.squares) == solved + "\n"
    assert interop.to_mazelib_text(maze) == plain + "\n"
    assert F.parse(interop.to_mazelib_text(maze)) == maze
    # mazelib's grid, both ways (numpy)
    grid, start, end = interop.to_mazelib(maze)
    assert (grid == (m.grid != 0)).sum() == grid.size - 2  # its entrances are wall in its grid, floor in ours
    assert (start, end) == (tuple(m.start), tuple(m.end))
    assert interop.from_mazelib(m) == maze
    assert interop.from_mazelib(m.grid, m.start, m.end) == maze


@pytest.mark.parametrize("seed", range(3))
def test_mazelib_text_without_entrances_and_with_inner_ones(seed):
    m = mazelib_maze(Prims, seed, outer=False)
    maze = F.parse(m.tostring(True))
    assert maze.xy(maze.start) == m.start[::-1] and maze.xy(maze.goal) == m.end[::-1]
    bare = F.parse(m.tostring())  # no S, no E: the first and the last floor square
    assert bytes(bare.wall) == bytes(maze.wall)
    assert bare.start == bytes(bare.wall).index(0) and bare.goal == bytes(bare.wall).rindex(0)
    assert pymaze.solve(maze, "bfs").moves == nx_moves(maze)


def test_pymaze_mazes_go_to_mazelib_and_back():
    for slug in ("dig", "kruskal", "division"):
        maze = pymaze.generate(slug, 7, 5, seed=3).as_block()
        text = interop.to_mazelib_text(maze, pymaze.solve(maze, "bfs").squares)
        assert F.parse(text) == maze
        grid, start, end = interop.to_mazelib(maze)
        m = mazelib.Maze()
        m.grid, m.start, m.end = grid, start, end
        m.solver = Tremaux()  # its ShortestPath finds nothing from entrances inside the maze
        m.solve()
        assert len(m.solutions[0]) + 1 == pymaze.solve(maze, "bfs").moves
        assert F.parse(m.tostring(True)) == maze


def scenarios():
    return json.loads((ROOT / "tests" / "data" / "pathfinding_scenarios.json").read_text())


@pytest.mark.parametrize("i", range(4))
def test_pathfinding_js_scenarios_import_with_the_lengths_it_expects(i):
    scen = scenarios()[i]
    ends = {"start": (scen["startX"], scen["startY"]), "end": (scen["endX"], scen["endY"])}
    for maze in (F.parse(json.dumps(scen["matrix"]), "matrix", **ends),
                 F.parse(json.dumps({k: scen[k] for k in ("matrix", "startX", "startY", "endX", "endY")}))):
        assert maze.geometry == "block" and maze.xy(maze.start) == ends["start"]
        for solver in ("bfs", "astar", "dijkstra", "bibfs"):
            sol = pymaze.solve(maze, solver)
            assert len(sol.path) == scen["expectedLength"] == nx_moves(maze) + 1
        again = F.parse(interop.to_matrix(maze))
        assert again == maze
        assert json.loads(interop.to_matrix(maze, bare=True)) == scen["matrix"]


def test_matrix_errors_are_clear():
    with pytest.raises(MazeFormatError, match="blocked"):
        F.parse("[[0, 1], [0, 0]]", "matrix", start=(1, 0))
    with pytest.raises(MazeFormatError, match="row 1"):
        F.parse("[[0, 1], [0]]")
    with pytest.raises(MazeFormatError, match="expected 0"):
        F.parse("[[0, 2]]")
    with pytest.raises(MazeFormatError, match="inside the 2x1 grid"):
        F.parse("[[0, 0]]", "matrix", end=(5, 0))
    with pytest.raises(MazeFormatError, match="only the matrix format"):
        F.parse("S G", start=(0, 0))
    assert F.parse("[[0, 1, 0], [0, 0, 0]]").xy(F.parse("[[0, 1, 0], [0, 0, 0]]").goal) == (2, 1)


CASES = [(slug, w, h, seed) for slug in ("dig", "kruskal", "division", "eller")
         for w, h, seed in ((1, 1, 0), (2, 5, 1), (7, 3, 2), (12, 9, 3))]


@pytest.mark.parametrize("slug,w,h,seed", CASES)
def test_box_text_round_trips_with_and_without_the_route(slug, w, h, seed):
    maze = pymaze.generate(slug, w, h, seed=seed)
    sol = pymaze.solve(maze, "bfs")
    for k in (1, 2, 3, 5):
        for route in (None, sol.squares):
            text = boxtext.to_box_text(maze, route, cell_width=k)
            assert set(text) <= set(boxtext.JUNCTIONS + "─│SG\n" + boxtext.ROUTE)
            if maze.start not in maze.goals or k > 1:
                assert F.parse(text) == maze.copy(layers=False)
                assert F.parse(text, "box") == maze.copy(layers=False)
    marked = boxtext.to_box_text(maze, sol.squares)
    assert marked.count(boxtext.ROUTE) == max(0, 2 * sol.moves - 1)  # cells and openings, not S and G


def test_box_text_junctions_match_the_walls():
    maze = pymaze.generate("dig", 6, 4, seed=1)
    lines = boxtext.to_box_text(maze, cell_width=3).splitlines()
    W = maze.width
    for y in range(0, maze.height, 2):
        for x in range(0, W, 2):
            c = lines[y][x // 2 * 4]
            arms = boxtext.JUNCTIONS.index(c)
            g = maze.wall
            want = ((y > 0 and g[(y - 1) * W + x]) | (x < W - 1 and g[y * W + x + 1]) << 1
                    | (y < maze.height - 1 and g[(y + 1) * W + x]) << 2 | (x > 0 and g[y * W + x - 1]) << 3)
            assert arms == want


def test_box_text_refuses_block_mazes_and_reports_bad_text():
    block = pymaze.generate("dig", 4, 4, seed=1, geometry="block")
    block.wall[block.width + 1] = 1
    block.start = block.width + 2
    with pytest.raises(GeometryError):
        boxtext.to_box_text(block)
    text = boxtext.to_box_text(pymaze.generate("dig", 4, 3, seed=1))
    bad = text.replace("   │", " x │", 1)
    with pytest.raises(MazeFormatError) as err:
        F.parse(bad)
    assert err.value.line is not None and "'x'" in str(err.value)
    with pytest.raises(MazeFormatError, match="frame is open"):
        F.parse(text.replace("└───", "└   ", 1))


def test_detection_and_the_ambiguity_error():
    thin = pymaze.generate("dig", 5, 4, seed=2)
    block = thin.as_block()
    texts = {"block": F.to_block_text(block), "thin": F.to_thin_text(thin), "json": F.to_json(thin),
             "mazelib": interop.to_mazelib_text(block), "matrix": interop.to_matrix(block),
             "box": boxtext.to_box_text(thin)}
    for fmt, text in texts.items():
        assert interop.detect(text) == fmt
        assert F.parse(text, fmt) == F.parse(text)
    assert interop.detect(interop.to_matrix(block, bare=True)) == "matrix"
    with pytest.raises(MazeFormatError) as err:
        F.parse("#####\n#S.E#\n#####")
    for name in F.FORMATS:
        assert name in str(err.value)
    assert "--from" in str(err.value) and "fmt=" in str(err.value)
    with pytest.raises(MazeFormatError, match="--from"):
        F.parse("#####\n#S  #\n#####")  # a start, but no G (block) and no E (mazelib)
    with pytest.raises(MazeFormatError, match="must be one of auto, block"):
        F.parse("S G", "yaml")


def run(*args, stdin=""):
    proc = subprocess.run([sys.executable, "-m", "pymaze", *map(str, args)], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)
    return proc.returncode, proc.stdout, proc.stderr


def test_cli_from_and_format():
    code, text, _ = run("generate", "kruskal", "--size", "6x4", "--seed", "3", "--format", "box")
    assert code == 0 and F.parse(text) == pymaze.generate("kruskal", 6, 4, seed=3).copy(layers=False)
    for fmt in ("mazelib", "matrix", "box"):
        code, text, _ = run("generate", "dig", "--size", "5x5", "--format", fmt)
        assert code == 0
        code, out, err = run("solve", "bfs", "-", "--from", fmt, "--format", "box", stdin=text)
        maze = F.parse(text, fmt)
        assert code == 0, err
        moves = pymaze.solve(maze, "bfs").moves
        assert f"found route: {moves} moves" in out
        if maze.geometry == "thin":
            assert out.count(boxtext.ROUTE) == 2 * moves - 1
        code, out, _ = run("stats", "-", "--from", fmt, "--json", stdin=text)
        assert code == 0 and json.loads(out) == pymaze.metrics(maze)
    code, _, err = run("solve", "bfs", "-", "--from", "thin", stdin=interop.to_matrix(pymaze.generate("dig", 3, 3)))
    assert code == 2 and err.startswith("pymaze: error: ") and "\n" == err[-1] and err.count("\n") == 1
    code, _, err = run("solve", "bfs", "-", stdin="#####\n#S.E#\n#####")
    assert code == 2 and "--from FORMAT" in err
    code, _, err = run("solve", "bfs", "-", "--from", "yaml")
    assert code == 2 and "invalid choice" in err


def test_fuzzed_texts_of_the_new_formats_raise_only_format_errors():
    rng = random.Random(5)
    thin = pymaze.generate("dig", 4, 3, seed=1)
    texts = [boxtext.to_box_text(thin), interop.to_mazelib_text(thin.as_block()), interop.to_matrix(thin)]
    alphabet = "─│┼├┤┬┴┌┐└┘╵╶╷╴ #SEG+01,[]{}\n·x"
    for _ in range(3000):
        text = list(rng.choice(texts))
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(text))
            op = rng.random()
            if op < 0.4:
                text[i] = rng.choice(alphabet)
            elif op < 0.7:
                del text[i]
            else:
                text.insert(i, rng.choice(alphabet))
        text = "".join(text)
        try:
            maze = F.parse(text)
        except MazeFormatError:
            continue
        assert maze.is_node(maze.start) and maze.goals and all(maze.is_node(g) for g in maze.goals)
        if maze.geometry == "thin":
            assert maze.is_aligned()
