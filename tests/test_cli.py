"""python -m pymaze end to end: every subcommand, its output checked against the independent references."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import pymaze
import pymaze.registry
from pymaze import formats as F
from reference import graph, node_of, shortest_moves, valid_route

ROOT = Path(__file__).resolve().parent.parent
ROOMS = "/work/shared/examples/block-rooms.txt"


def run(*args, stdin=""):
    proc = subprocess.run([sys.executable, "-m", "pymaze", *map(str, args)], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)
    return proc.returncode, proc.stdout, proc.stderr


def fails(*args, words="", stdin=""):
    code, out, err = run(*args, stdin=stdin)
    assert code == 2, (code, out, err)
    assert err.startswith("pymaze: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and words in err, err
    return err


def test_list_names_every_registered_algorithm():
    code, out, err = run("list", "--json")
    assert code == 0 and not err
    cat = json.loads(out)
    assert [a["slug"] for a in cat["generators"]] == list(pymaze.registry.generators())
    assert [a["slug"] for a in cat["solvers"]] == list(pymaze.registry.solvers())
    code, text, _ = run("list")
    assert code == 0
    for a in cat["generators"] + cat["solvers"]:
        assert f"  {a['slug']} " in text and a["summary"] in text
        for p in a["params"]:
            assert f"--set {p['name']}=<{p['type']}>" in text


@pytest.mark.parametrize("fmt,reader", [("block", F.parse_block), ("thin", F.parse_thin), ("json", F.parse_json)])
def test_generate_prints_the_generated_maze(fmt, reader):
    code, out, err = run("generate", "dig", "--size", "7x4", "--seed", "5", "--set", "bias=0.5", "--format", fmt)
    assert code == 0 and not err
    expected = pymaze.generate("dig", 7, 4, seed=5, bias=0.5)
    got = reader(out)
    assert bytes(got.wall) == bytes(expected.wall) and got.start == expected.start and got.goals == expected.goals
    if fmt == "block":
        code, default, _ = run("generate", "dig", "--size", "7x4", "--seed", "5", "--set", "bias=0.5")
        assert default == out


def test_generate_block_view_as_json():
    code, out, _ = run("generate", "kruskal", "--size", "3x3", "--view", "block", "--format", "json")
    assert code == 0 and F.parse_json(out) == pymaze.generate("kruskal", 3, 3, geometry="block")


def test_solve_a_file_and_stdin():
    maze = F.parse(Path(ROOMS).read_text())
    best = shortest_moves(maze)
    code, out, err = run("solve", "bfs", ROOMS)
    assert code == 0 and not err
    assert out.splitlines()[-1].startswith(f"found route: {best} moves, ")
    drawn = F.parse_block("\n".join(out.splitlines()[:-1]))
    assert bytes(drawn.wall) == bytes(maze.wall) and "".join(out.splitlines()[:-1]).count(".") == best - 1
    code, out, _ = run("solve", "bfs", "--json", stdin=F.to_json(maze))
    result = json.loads(out)
    assert code == 0 and set(result) == {"found", "status", "path", "moves", "visited", "heuristic"}
    assert result["found"] and result["moves"] == best and valid_route(maze, result["path"])


@pytest.mark.parametrize("solver", ["bfs", "dijkstra", "bibfs"])
def test_solve_json_of_a_generated_maze(solver):
    code, out, _ = run("solve", solver, "--generate", "dig", "--size", "9x6", "--seed", "3", "--json")
    maze = pymaze.generate("dig", 9, 6, seed=3)
    result = json.loads(out)
    assert code == 0 and result["moves"] == shortest_moves(maze) and valid_route(maze, result["path"])


def test_solve_without_a_route_exits_1(tmp_path):
    path = tmp_path / "walled.txt"
    path.write_text("#######\n#S # G#\n#######\n")
    code, out, err = run("solve", "bfs", path)
    assert code == 1 and not err and out.splitlines()[-1].startswith("no route, ")
    code, out, _ = run("solve", "bfs", path, "--json")
    assert code == 1 and json.loads(out)["found"] is False


@pytest.mark.parametrize("args,words", [
    (("generate", "nope"), "unknown generator 'nope'"),
    (("solve", "nope", ROOMS), "unknown solver 'nope'"),
    (("generate", "dig", "--size", "0x5"), "width from 1 to 2000"),
    (("generate", "dig", "--size", "5x2001"), "height from 1 to 2000"),
    (("generate", "dig", "--size", "abc"), "--size must be WxH"),
    (("generate", "dig", "--set", "colour=red"), "no option 'colour'"),
    (("generate", "dig", "--set", "bias=abc"), "option 'bias'"),
    (("generate", "dig", "--set", "bias=7"), "from -1.0 to 1.0"),
    (("generate", "dig", "--set", "bias"), "KEY=VALUE"),
    (("generate", "dig", "--set", "=1"), "KEY=VALUE"),
    (("generate", "dig", "--seed", "-1"), "seed"),
    (("generate", "dig", "--format", "png"), "invalid choice"),
    (("solve", "bfs", "/no/such/maze.txt"), "No such file"),
    (("solve", "bfs", "/"), "directory"),
    (("bogus",), "invalid choice"),
    (("play",), "--generate"),
])
def test_bad_requests_give_one_line_and_status_2(args, words):
    fails(*args, words=words)


def test_malformed_maze_names_line_and_column(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("#S##\n# x G\n")
    fails("solve", "bfs", path, words="line 2, column 3")
    fails("solve", "bfs", words="line 3, column 4", stdin="o---o\n| S |\no--x-o\n")
    fails("solve", "bfs", words="line 1, column 2", stdin="{]")
    path.write_bytes(b"S\xffG")
    fails("play", path, words="UTF-8")


def bfs_path(maze):
    adj, s = graph(maze), node_of(maze, maze.start)
    goals = {node_of(maze, g) for g in maze.goals}
    parent, queue = {s: None}, [s]
    for u in queue:
        for v in adj[u]:
            if v not in parent:
                parent[v] = u
                queue.append(v)
    end = next(q for q in queue if q in goals)
    path = [end]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])
    return path[::-1]


NAMES = {(0, -1): ("up", "w"), (0, 1): ("down", "s"), (-1, 0): ("left", "a"), (1, 0): ("right", "d")}


@pytest.mark.parametrize("geometry", ["thin", "block"])
def test_play_walks_to_the_goal(tmp_path, geometry):
    maze = pymaze.generate("dig", 5, 4, seed=2, geometry=geometry, loops=0.3)
    path = bfs_path(maze)
    commands = [NAMES[(b[0] - a[0], b[1] - a[1])][i % 2] for i, (a, b) in enumerate(zip(path, path[1:]))]
    adj = graph(maze)
    blocked = next(d for d in NAMES if (path[0][0] + d[0], path[0][1] + d[1]) not in adj[path[0]])
    file = tmp_path / "m.json"
    file.write_text(F.to_json(maze))
    code, out, err = run("play", file, stdin="\n".join(["hello", NAMES[blocked][0], *commands, "q"]) + "\n")
    best = shortest_moves(maze)
    assert code == 0 and not err and len(commands) == best
    assert f"bump: a wall blocks the way {NAMES[blocked][0]}" in out
    assert out.count("@") == best + 1 and "commands:" in out
    assert out.splitlines()[-1] == f"goal reached in {best} moves; the shortest route is {best} moves"


def test_play_reset_regenerate_and_end_of_input():
    first = pymaze.generate("kruskal", 4, 3, seed=7)
    second = pymaze.generate("kruskal", 4, 3, seed=8)
    step = NAMES[graph(first)[(0, 0)][0]][0]  # a move out of the start cell (0, 0)
    rest = ["\n".join(F.to_thin_text(m).splitlines()[2:]) for m in (first, second)]
    assert rest[0] != rest[1]
    code, out, err = run("play", "--generate", "kruskal", "--size", "4x3", "--seed", "7",
                         stdin=f"{step}\nreset\nregenerate\n")
    assert code == 0 and not err and out.splitlines()[-1] == "bye after 0 moves"
    assert rest[0] in out.split("commands:")[0] and rest[1] not in out.split("commands:")[0]
    assert rest[1] in out.split("regenerate")[-1] if "regenerate" in out else rest[1] in out
    assert out.count("@") == 4  # the first board, one move, reset, regenerate
    code, out, _ = run("play", ROOMS, stdin="left\n")
    assert code == 0 and "bump" in out and out.endswith("bye after 0 moves\n")
    code, out, _ = run("play", ROOMS, stdin="regenerate\nquit\nright\n")
    assert code == 0 and "regenerate needs --generate" in out and out.endswith("bye after 0 moves\n")
