"""pymaze.metrics against counts taken from the independent reference graphs."""

import random

import pytest

import pymaze

from reference import components, edges, graph, node_of, shortest_moves


def count_simple_routes(maze, cap):
    """Simple S-G paths by enumeration (iterative DFS), stopping at ``cap``."""
    adj = graph(maze)
    s = node_of(maze, maze.start)
    goals = {node_of(maze, g) for g in maze.goals}
    if s in goals:
        return 1
    count, path, on, stack = 0, [s], {s}, [iter(adj[s])]
    while stack and count < cap:
        q = next(stack[-1], None)
        if q is None:
            stack.pop()
            on.discard(path.pop())
        elif q not in on:
            if q in goals:
                count += 1
            path.append(q)
            on.add(q)
            stack.append(iter(adj[q]))
    return count


def longest_run(adj):
    best = 0
    for dx, dy in ((1, 0), (0, 1)):
        for (x, y) in adj:
            n = 0
            while (x + dx * (n + 1), y + dy * (n + 1)) in adj[(x + dx * n, y + dy * n)]:
                n += 1
            best = max(best, n)
    return best


def mazes():
    out = []
    for i in range(24):
        rng = random.Random(i)
        if i % 2:
            m = pymaze.generate("dig", rng.randint(3, 7), rng.randint(3, 6), seed=i, loops=rng.choice((0.1, 0.3)))
        else:
            m = pymaze.generate(("dig", "kruskal", "prim")[i % 3], rng.randint(3, 7), rng.randint(3, 6), seed=i)
        out.append(m.as_block() if i % 4 == 1 else m)
    return out


@pytest.mark.parametrize("maze", mazes(), ids=lambda m: f"{m.geometry}{m.width}x{m.height}")
def test_metrics_match_independent_counts(maze):
    adj = graph(maze)
    deg = [len(v) for v in adj.values()]
    got = pymaze.metrics(maze, max_routes=50)
    assert got["cells"] == len(adj)
    assert got["dead_ends"] == deg.count(1)
    assert got["dead_end_share"] == pytest.approx(deg.count(1) / len(adj), abs=1e-4)
    assert got["junctions"] == sum(1 for d in deg if d >= 3)
    assert got["corridors"] == deg.count(2)
    assert got["longest_straight"] == longest_run(adj)
    assert got["solution_length"] == shortest_moves(maze)
    n = count_simple_routes(maze, 50)
    assert got["routes"] == n and got["routes_capped"] == (n >= 50)
    assert got["perfect"] == (components(adj) == 1 and edges(adj) == len(adj) - 1)


@pytest.mark.parametrize("seed", range(8))
def test_perfect_mazes_have_one_route_loopy_ones_more(seed):
    perfect = pymaze.generate("wilson", 10, 8, seed=seed)
    m = pymaze.metrics(perfect)
    assert m["perfect"] and m["routes"] == 1 and not m["routes_capped"]
    loopy = pymaze.generate("dig", 10, 8, seed=seed, loops=0.3)
    m = pymaze.metrics(loopy)
    assert not m["perfect"] and m["routes"] > 1
    assert pymaze.metrics(loopy.as_block())["routes"] == m["routes"]


def test_unreachable_goal_and_disconnected_maze():
    maze = pymaze.Maze.blank(4, 3, "closed")
    got = pymaze.metrics(maze)
    assert got["solution_length"] is None and got["routes"] == 0 and not got["perfect"]
    assert got["dead_ends"] == 0 and got["cells"] == 12


def test_route_count_is_capped_on_open_rooms():
    maze = pymaze.Maze.blank(6, 6, "posts")
    got = pymaze.metrics(maze, max_routes=100)
    assert got["routes"] == 100 and got["routes_capped"]
    assert count_simple_routes(maze, 100) == 100


def cli(*argv, stdin=None):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).parent.parent
    return subprocess.run([sys.executable, "-m", "pymaze", *argv], input=stdin, capture_output=True,
                          text=True, cwd=root, timeout=60)


def test_cli_stats_generate_json_and_text():
    import json
    done = cli("stats", "--generate", "dig", "--size", "9x7", "--seed", "4", "--set", "loops=0.2", "--json")
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    maze = pymaze.generate("dig", 9, 7, seed=4, loops=0.2)
    assert got["solution_length"] == shortest_moves(maze) and got["cells"] == 63 and got["perfect"] is False
    text = cli("stats", "--generate", "dig", "--size", "9x7", "--seed", "4", "--set", "loops=0.2")
    assert f"solution length: {got['solution_length']}" in text.stdout and "dead end share:" in text.stdout


def test_cli_stats_reads_files_and_stdin_and_reports_errors():
    import json
    from pathlib import Path
    path = Path(__file__).parent / "data" / "micromouse" / "classic-a.txt"
    from_file = json.loads(cli("stats", str(path), "--json").stdout)
    from_stdin = json.loads(cli("stats", "-", "--json", stdin=path.read_text()).stdout)
    assert from_file == from_stdin and from_file["cells"] == 256
    bad = cli("stats", "no-such-maze.txt")
    assert bad.returncode == 2 and "no-such-maze.txt" in bad.stderr
