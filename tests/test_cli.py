"""python -m pymaze end to end: every subcommand, its output checked against the independent references."""

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

try:
    import termios
except ImportError:  # Windows: no pseudo-terminals, play has only its line mode there
    termios = None

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


# An open block grid with no outer frame: floor runs to the grid's edge, S top left, G bottom
# right, three rows of bars between them (27 x 12 squares).
FRAMELESS = "\n".join(
    "".join("S" if (x, y) == (0, 0) else "G" if (x, y) == (26, 11) else
            "#" if y % 4 == 2 and 3 < x < 24 and x % 6 else " " for x in range(27)) for y in range(12)) + "\n"
# Documented limits, not failures: a wall follower that starts by no wall circles (wall), and the
# chain's two robots both circle the first bar across its guiding line (chain).
CIRCLES = {"wall", "chain"}


@pytest.mark.parametrize("solver", list(pymaze.registry.solvers()))
def test_solve_an_open_grid_without_a_frame(tmp_path, solver):
    """Every solver on an unframed open grid ends with a result (or, for a thin-only solver, the
    one-line refusal), never a traceback: jps's event-free twin reports nothing for an open
    border, and the CLI then reads the solution from the events, as pymaze.solve does."""
    path = tmp_path / "frameless.txt"
    path.write_text(FRAMELESS)
    maze = F.parse(FRAMELESS)
    assert maze.geometry == "block" and not maze.wall[0] and not maze.wall[-1]
    algo = pymaze.registry.get("solver", solver)
    if "block" not in algo.geometries:
        fails("solve", solver, path, words=f"{solver} works on thin mazes, not block ones")
        return
    code, out, err = run("solve", solver, path)
    assert "Traceback" not in err and not err, err
    lines = out.splitlines()
    drawing, said = lines[:maze.height], lines[maze.height]
    drawn = F.parse_block("\n".join(drawing))
    assert bytes(drawn.wall) == bytes(maze.wall)
    if solver in CIRCLES:
        assert code == 1 and said.startswith("trapped in a loop, ")
        return
    if algo.anyangle:  # the squares its straight segments cross are drawn
        corners = int(said.removeprefix("found route: ").split(" straight segment")[0])
        assert code == 0 and "".join(drawing).count(".") >= corners - 1
        return
    moves = int(said.removeprefix("found route: ").split(" moves")[0])
    assert code == 0 and "".join(drawing).count(".") == moves - 1
    assert moves >= shortest_moves(maze) and (moves == shortest_moves(maze) or not algo.optimal)
    code, text, _ = run("solve", solver, path, "--json")
    result = json.loads(text)
    assert code == 0 and result["found"] and result["moves"] == moves
    if solver != "farthest":  # (farthest moves S and G to the pair it finds)
        assert valid_route(maze, result["path"])


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
    (("generate", "dig", "--format", "gif"), "invalid choice"),
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
    assert out.count("X") == best + 1 and "commands:" in out
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
    assert out.count("X") == 4  # the first board, one move, reset, regenerate
    code, out, _ = run("play", ROOMS, stdin="left\n")
    assert code == 0 and "bump" in out and out.endswith("bye after 0 moves\n")
    code, out, _ = run("play", ROOMS, stdin="regenerate\nquit\nright\n")
    assert code == 0 and "regenerate needs --generate" in out and out.endswith("bye after 0 moves\n")


# Key mode: the real CLI on a pseudo-terminal, driven by key presses.

needs_pty = pytest.mark.skipif(termios is None, reason="no pseudo-terminals on this platform")

ARROW_KEYS = {(0, -1): (b"\x1b[A", b"\x1bOA"), (0, 1): (b"\x1b[B", b"\x1bOB"),
              (1, 0): (b"\x1b[C", b"\x1bOC"), (-1, 0): (b"\x1b[D", b"\x1bOD")}


class Terminal:
    """``python -m pymaze play ...`` with stdin and stdout on a pseudo-terminal; every read has a deadline."""

    def __init__(self, *args, timeout=20):
        self.master, self.slave = os.openpty()
        self.before = termios.tcgetattr(self.slave)
        self.timeout, self.seen = timeout, b""
        self.proc = subprocess.Popen([sys.executable, "-m", "pymaze", "play", *map(str, args)], cwd=ROOT,
                                     stdin=self.slave, stdout=self.slave, stderr=subprocess.PIPE,
                                     start_new_session=True)

    def expect(self, text):
        """Everything written since the last expect, up to and including ``text`` (carriage returns dropped)."""
        want = text.encode()
        deadline = time.monotonic() + self.timeout
        while want not in self.seen:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.master], [], [], left)[0]:
                raise AssertionError(f"no {text!r} within {self.timeout}s; got {self.seen[-600:]!r}")
            self.seen += os.read(self.master, 4096).replace(b"\r", b"")
        end = self.seen.index(want) + len(want)
        got, self.seen = self.seen[:end], self.seen[end:]
        return got.decode()

    def send(self, keys):
        os.write(self.master, keys)

    def finish(self):
        """The exit status and stderr; the terminal must be back in the mode it had before play started."""
        code = self.proc.wait(timeout=self.timeout)
        err = self.proc.stderr.read().decode()
        after = termios.tcgetattr(self.slave)
        assert after == self.before, (after, self.before)
        assert after[3] & termios.ECHO and after[3] & termios.ICANON
        return code, err

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=self.timeout)
        self.proc.stderr.close()
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def terminal():
    opened = []
    yield lambda *args: opened.append(Terminal(*args)) or opened[-1]
    for term in opened:
        term.close()


def screens(text):
    """The screens drawn in ``text``: what follows each clear-screen, in order."""
    return text.split("\x1b[2J")[1:]


@needs_pty
@pytest.mark.parametrize("geometry", ["thin", "block"])
def test_play_keys_arrows_follow_the_route_to_the_goal(tmp_path, terminal, geometry):
    maze = pymaze.generate("dig", 6, 5, seed=4, geometry=geometry, loops=0.3)
    path = bfs_path(maze)
    best = shortest_moves(maze)
    assert len(path) - 1 == best
    file = tmp_path / "m.json"
    file.write_text(F.to_json(maze))
    term = terminal(file)
    first = term.expect("moves: 0")
    assert first.count("X") == 1
    # Both arrow encodings, all keys in one write: the reader must split them itself.
    term.send(b"".join(ARROW_KEYS[(b[0] - a[0], b[1] - a[1])][i % 2] for i, (a, b) in enumerate(zip(path, path[1:]))))
    goal = f"goal reached in {best} moves; the shortest route is {best} moves"
    out = term.expect(goal)
    drawn = screens(out)
    assert len(drawn) == best
    assert [s.count("X") for s in drawn] == [1] * best
    assert [s.split("moves: ")[1].split()[0] for s in drawn] == [str(n) for n in range(1, best + 1)]
    assert "bump" not in out
    code, err = term.finish()
    assert code == 0 and not err


def board_of(screen):
    """The board lines of one screen (everything above the status line)."""
    return screen.split("moves: ")[0]


@needs_pty
@pytest.mark.parametrize("quit_key", [b"q", b"\x03", b"\x04"])
def test_play_keys_wall_bump_stays_put_and_quit_keys(tmp_path, terminal, quit_key):
    maze = F.parse(Path(ROOMS).read_text())
    start = node_of(maze, maze.start)
    blocked = next(d for d in ARROW_KEYS if (start[0] + d[0], start[1] + d[1]) not in graph(maze)[start])
    name = NAMES[blocked][0]
    term = terminal(ROOMS)
    before = board_of(screens(term.expect("moves: 0"))[-1])
    term.send(ARROW_KEYS[blocked][0])
    bumped = screens(term.expect(f"bump: a wall blocks the way {name}"))
    assert len(bumped) == 1 and board_of(bumped[0]) == before and "moves: 0" in bumped[0]
    term.send(quit_key)
    assert term.expect("bye after 0 moves\n")
    code, err = term.finish()
    assert code == 0 and not err


def walls(text):
    """Board text with the marks S and X blanked, so boards compare by their walls (and G) alone."""
    return text.replace("X", " ").replace("S", " ")


@needs_pty
def test_play_keys_reset_and_new_maze(terminal):
    first = pymaze.generate("kruskal", 4, 3, seed=7)
    second = pymaze.generate("kruskal", 4, 3, seed=8)
    assert walls(F.to_thin_text(first)) != walls(F.to_thin_text(second))
    start = node_of(first, first.start)
    step = next(d for d in ARROW_KEYS if (start[0] + d[0], start[1] + d[1]) in graph(first)[start])
    term = terminal("--generate", "kruskal", "--size", "4x3", "--seed", "7")
    at_start = board_of(screens(term.expect("moves: 0"))[-1])
    assert walls(at_start) == walls(F.to_thin_text(first))
    term.send(ARROW_KEYS[step][0])
    moved = board_of(screens(term.expect("moves: 1"))[-1])
    assert moved != at_start and walls(moved) == walls(F.to_thin_text(first))
    term.send(b"r")
    assert board_of(screens(term.expect("back at the start"))[-1]) == at_start
    term.send(b"n")
    fresh = screens(term.expect("a new maze"))[-1]
    assert "moves: 0" in fresh and walls(board_of(fresh)) == walls(F.to_thin_text(second))
    term.send(b"x\x1b")  # an unbound key and a lone ESC: help, no move, no exit
    assert "moves: 0" in screens(term.expect("q quit"))[-1]
    assert "moves: 0" in screens(term.expect("q quit"))[-1]
    term.send(b"q")
    term.expect("bye after 0 moves")
    code, err = term.finish()
    assert code == 0 and not err


# --- hostile input: closed streams, seed wrap, undecodable lines, farthest, S on G, sizes, pairs -------------

def run_closed(fd, *args):
    """``python -m pymaze args`` with file descriptor ``fd`` (0 or 1) closed in the child."""
    proc = subprocess.run([sys.executable, "-m", "pymaze", *map(str, args)], cwd=ROOT, capture_output=True,
                          preexec_fn=lambda: os.close(fd), timeout=60)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


@pytest.mark.skipif(os.name == "nt", reason="closing a child's descriptor needs fork")
@pytest.mark.parametrize("fd, args, words", [
    (0, ("solve", "bfs"), "standard input is closed"),
    (0, ("stats",), "standard input is closed"),
    (0, ("play", ROOMS), "standard input, which is closed"),
    (0, ("play", "--generate", "dig"), "standard input, which is closed"),
    (1, ("generate", "dig"), "standard output is closed"),
    (1, ("list",), "standard output is closed"),
    (1, ("solve", "bfs", ROOMS), "standard output is closed"),
])
def test_closed_standard_streams_give_one_line_and_status_2(fd, args, words):
    code, _, err = run_closed(fd, *args)
    assert code == 2, (code, err)
    assert err == f"pymaze: error: {err[len('pymaze: error: '):]}" and err.count("\n") == 1, err
    assert words in err and "Traceback" not in err, err


def test_play_regenerate_wraps_past_the_largest_seed():
    from pymaze.cli import board
    code, out, err = run("play", "--generate", "dig", "--size", "3x3", "--seed", pymaze.run.MAX_SEED,
                         stdin="regenerate\nquit\n")
    assert code == 0 and not err, err
    first, after = out.split(PLAY_HELP_LINE)
    # The board after regenerating is the maze of seed 0, the seed after the largest.
    for seed, drawn in ((pymaze.run.MAX_SEED, first), (0, after.removesuffix("bye after 0 moves\n"))):
        maze = pymaze.generate("dig", 3, 3, seed=seed)
        assert drawn == board(maze, maze.start)


PLAY_HELP_LINE = "commands: up down left right (or w s a d), reset, regenerate, quit (or q)\n"


def test_play_line_mode_survives_undecodable_input(tmp_path):
    file = tmp_path / "m.txt"
    file.write_text(F.to_block_text(pymaze.generate("dig", 3, 3, seed=1)))
    proc = subprocess.run([sys.executable, "-m", "pymaze", "play", str(file)], cwd=ROOT, input=b"down\n\xff\nquit\n",
                          capture_output=True, timeout=60, env=dict(os.environ, PYTHONIOENCODING="utf-8"))
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode == 0 and not err, err
    assert out.count(PLAY_HELP_LINE) >= 2 and "bye after" in out  # the bad line is an unknown command


def test_solve_farthest_draws_the_pair_it_found_and_says_when_there_is_none(tmp_path):
    maze = pymaze.generate("dig", 7, 5, seed=3, geometry="block", loops=0.2)
    file = tmp_path / "m.txt"
    file.write_text(F.to_block_text(maze))
    code, text, _ = run("solve", "farthest", file)
    code_json, out, _ = run("solve", "farthest", file, "--json")
    assert code == code_json == 0
    path = json.loads(out)["path"]
    rows = text.split("\n")[:maze.height]  # the maze; the lines after it say the route and G's distance
    assert rows[path[0][1]][path[0][0]] == "S" and rows[path[-1][1]][path[-1][0]] == "G"
    assert sum(row.count("S") + row.count("G") for row in rows) == 2
    walled = tmp_path / "walled.txt"
    walled.write_text("#####\n#S# #\n### #\n#  G#\n#####\n")
    code, text, _ = run("solve", "farthest", walled)
    assert code == 1 and "nothing to find" in text and "found route" not in text
    assert text.split("\n")[1] == "#B# #"  # S and G drawn where the solver left them: together
    code, out, _ = run("solve", "farthest", walled, "--json")
    assert code == 1 and json.loads(out)["found"] is False


@pytest.mark.parametrize("fmt", ["block", "thin", "json"])
def test_play_on_a_one_cell_maze_reports_the_goal_at_once(tmp_path, fmt):
    code, text, _ = run("generate", "dig", "--size", "1x1", "--format", fmt)
    file = tmp_path / "one.txt"
    file.write_text(text)
    code, out, err = run("play", file, stdin="")
    assert code == 0 and not err, err
    assert "goal reached in 0 moves; the shortest route is 0 moves" in out and "bye" not in out


@needs_pty
def test_play_keys_on_a_one_cell_maze_reports_the_goal_before_any_key(tmp_path, terminal):
    file = tmp_path / "one.txt"
    file.write_text(F.to_json(pymaze.generate("dig", 1, 1)))
    term = terminal(file)
    out = term.expect("goal reached in 0 moves")
    assert len(screens(out)) == 1 and "bump" not in out
    code, err = term.finish()
    assert code == 0 and not err


@pytest.mark.parametrize("args, words", [
    (("generate", "dig", "--size", "-1x5"), "--size must be WxH"),
    (("generate", "dig", "--size", "-5"), "--size must be WxH"),
    (("generate", "dig", "--seed", "-1"), "seed must be a whole number from 0"),
    (("generate", "dig", "--size", "１２x5"), "ASCII digits"),
    (("generate", "dig", "--size", "٣x5"), "ASCII digits"),
    (("generate", "dig", "--size", "1_000x5"), "ASCII digits"),
    (("generate", "dig", "--seed", "٣"), "seed must be a whole number"),
    (("generate", "dig", "--seed", "1_000"), "seed must be a whole number"),
    (("generate", "dig", "--seed", "７"), "seed must be a whole number"),
    (("solve", "bfs", ROOMS, "--generate", "dig"), "not both"),
    (("stats", ROOMS, "--generate", "dig"), "not both"),
    (("play", ROOMS, "--generate", "dig"), "not both"),
])
def test_sizes_seeds_and_pairs_that_are_refused(args, words):
    fails(*args, words=words)


@pytest.mark.parametrize("text", ["[1,2]", "[]", '"maze"', "12", "-3", "true", "null", "  [\n1]"])
def test_json_looking_text_is_reported_as_json(text):
    fails("solve", "bfs", stdin=text, words="JSON")


# --set: the command's own algorithm; g.NAME: --generate's generator (as in the page's links).

def test_solve_set_goes_to_the_solver_and_g_set_to_the_generator():
    code, out, err = run("solve", "astar", "--generate", "dig", "--size", "9x7", "--seed", "3",
                         "--set", "heuristic=octile", "--set", "g.loops=0.4", "--json")
    assert code == 0 and not err, err
    maze = pymaze.generate("dig", 9, 7, seed=3, loops=0.4)
    assert maze.wall != pymaze.generate("dig", 9, 7, seed=3).wall  # the generator option took effect
    want = pymaze.solve(maze, "astar", seed=3, heuristic="octile")
    got = json.loads(out)
    assert got["path"] == [list(n) for n in want.path] and got["moves"] == shortest_moves(maze)
    fails("solve", "astar", "--generate", "dig", "--set", "loops=0.4", words="astar has no option 'loops'")
    fails("solve", "bfs", ROOMS, "--set", "g.loops=0.4", words="no --generate given")
    # generate and stats have the generator as their own algorithm: both spellings reach it
    for prefix in ("", "g."):
        code, out, _ = run("generate", "dig", "--size", "9x7", "--seed", "3", "--set", f"{prefix}loops=0.4",
                           "--format", "json")
        assert code == 0 and F.parse(out).wall == maze.wall


@pytest.mark.parametrize("geometry_args", [(), ("--set", "g.loops=0.3")])
def test_solve_wave_prints_the_goal_distance_and_the_numbers(geometry_args):
    code, out, err = run("solve", "wave", "--generate", "dig", "--size", "8x6", "--seed", "5", "--numbers",
                         *geometry_args)
    assert code == 0 and not err, err
    maze = pymaze.generate("dig", 8, 6, seed=5, **({"loops": "0.3"} if geometry_args else {}))
    dist = __import__("reference").distances(maze)
    assert f"distance of G from S: {shortest_moves(maze)}" in out
    grid = out.split("distance of G from S")[1].split("\n")[1:]
    rows = [line.split() for line in grid if line.strip()]
    assert len(rows) == maze.cells_h and all(len(r) == maze.cells_w for r in rows)
    shown = {(x, y): v for y, r in enumerate(rows) for x, v in enumerate(r)}
    assert any(v == "." for v in shown.values()) or len(dist) == maze.cells_w * maze.cells_h
    for node, v in shown.items():
        if v != ".":
            assert int(v) == dist[node], node  # every number the wave wrote is the BFS distance
    assert shown[node_of(maze, maze.goal)] == str(shortest_moves(maze))
    fails("solve", "bfs", "--generate", "dig", "--numbers", words="--numbers needs")


def test_thin_text_with_plus_posts_reads_back_the_same_maze():
    maze = pymaze.generate("eller", 6, 4, seed=2)
    text = F.to_thin_text(maze, posts="+")
    assert text.splitlines()[0] == "+---" * 6 + "+" and "o" not in text
    assert F.parse(text) == F.parse(F.to_thin_text(maze))
    code, out, _ = run("generate", "eller", "--size", "6x4", "--seed", "2", "--format", "thin", "--posts", "+")
    assert code == 0 and out == text
    code, out, _ = run("solve", "bfs", "--generate", "eller", "--size", "6x4", "--seed", "2", "--posts", "+")
    assert out.startswith("+---+")
    with pytest.raises(pymaze.errors.GeometryError, match="posts"):
        F.to_thin_text(maze, posts="#")


# Mazes of levels: stairs taken with < > (lines: also upstairs / downstairs / pageup / pagedown; keys:
# PageUp / PageDown), the player's level drawn and named.

LEVEL_STEPS = {(0, -1): "up", (0, 1): "down", (-1, 0): "left", (1, 0): "right"}


def levels_commands(maze, ups, downs, steps=LEVEL_STEPS):
    """The commands along the shortest route (networkx's) from S to G, each stair taken in turn with
    the next of ``ups`` or ``downs``; and the levels (1 the top) the route visits, in order."""
    import networkx as nx
    path = nx.shortest_path(maze.to_networkx(), maze.start, maze.goal)
    out, levels, k = [], [maze.node_xy(path[0])[2] + 1], 0
    for a, b in zip(path, path[1:]):
        (ax, ay, az), (bx, by, bz) = maze.node_xy(a), maze.node_xy(b)
        if az == bz:
            out.append(steps[(bx - ax, by - ay)])
        else:
            out.append((downs if bz > az else ups)[k % len(ups)])
            k += 1
        levels.append(bz + 1)
    return out, levels


def test_play_levels_takes_stairs_and_shows_the_players_level():
    maze = pymaze.generate("dig", 4, 3, seed=5, shape="levels", depth=3)
    commands, levels = levels_commands(maze, ["<", "upstairs", "pageup"], [">", "downstairs", "pagedown"])
    assert len(set(levels)) > 1, "the route climbs or descends"
    # At S: the stair that is not there is refused, a walled side bumps, neither moves the player.
    G = maze.to_networkx()
    x, y, z = maze.node_xy(maze.start)
    up_open = any(maze.node_xy(q)[2] < z for q in G[maze.start])
    walled = next(name for (dx, dy), name in LEVEL_STEPS.items()
                  if not any(maze.node_xy(q) == (x + dx, y + dy, z) for q in G[maze.start]))
    code, out, err = run("play", "--generate", "dig", "--size", "4x3", "--geometry", "levels", "--depth", "3", "--seed", "5",
                         stdin="\n".join(([] if up_open else ["<"]) + [walled, *commands, "q"]) + "\n")
    best = len(commands)
    assert code == 0 and not err, err
    assert out.splitlines()[-1] == f"goal reached in {best} moves; the shortest route is {best} moves"
    if not up_open:
        assert "no open stair up here" in out
    assert f"bump: a wall blocks the way {walled}" in out
    # Each board names the player's level, in the route's order, and draws that level's cells (its
    # X, and G on G's level only).
    boards = [line for line in out.splitlines() if line.startswith("level ")]
    assert [int(b.split()[1]) for b in boards] == levels
    assert all(b.split(" of ")[1].startswith("3,") for b in boards)
    assert "stairs here" in boards[0] or "stairs here" in "".join(boards)
    assert out.count("X") == best + 1


@needs_pty
def test_play_keys_levels_page_up_and_down(terminal):
    maze = pymaze.generate("dig", 4, 3, seed=5, shape="levels", depth=3)
    arrows = {d: keys[0] for d, keys in ARROW_KEYS.items()}
    keys, levels = levels_commands(maze, [b"\x1b[5~", b"<"], [b"\x1b[6~", b">"], steps=arrows)
    term = terminal("--generate", "dig", "--size", "4x3", "--geometry", "levels", "--depth", "3", "--seed", "5")
    first = term.expect("> or downstairs")
    assert f"level {levels[0]} of 3" in first and "moves: 0" in first
    term.send(b"".join(keys))
    best = len(keys)
    out = term.expect(f"goal reached in {best} moves; the shortest route is {best} moves")
    drawn = screens(out)
    assert [int(s.split("level ")[1].split()[0]) for s in drawn] == levels[1:]
    assert "bump" not in out and "no open stair" not in out
    code, err = term.finish()
    assert code == 0 and not err


def test_next_key_reads_page_up_and_down():
    from pymaze.cli import next_key
    assert next_key(b"\x1b[5~x") == ("pageup", b"x")
    assert next_key(b"\x1b[6~") == ("pagedown", b"")
    assert next_key(b"\x1b[6;5~") == ("pagedown", b"")  # (with a modifier)
    assert next_key(b"\x1b[2~") == ("escape", b"")  # Insert: not a move
    assert next_key(b"\x1b[6") == (None, b"\x1b[6")  # cut short: wait for the rest
