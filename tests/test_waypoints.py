"""Waypoints: routes from S through checkpoints in order to G, each leg against networkx's
shortest path, the best order against brute force over every order."""

import random
import subprocess
import sys
from itertools import permutations
from pathlib import Path

import networkx as nx
import pytest

import pymaze
from pymaze import Run
from pymaze.errors import ParameterError
from pymaze.events import N_FOUND, NOTE, apply, unpack
from pymaze.formats import parse, to_block_text
from pymaze.graph import SHAPES
from pymaze.solution import Solution

ROOT = Path(__file__).resolve().parent.parent
OPTIMAL = ("bfs", "astar", "dijkstra", "bidijkstra", "biastar")


def maze_and_stops(shape, seed, k=3):
    maze = pymaze.generate("dig", 8, 6, seed=seed, shape=shape, braid=0.5)
    G = maze.to_networkx()
    stops = random.Random(seed).sample(sorted(set(G) - {maze.start, maze.goal}), k)
    return maze, G, stops


def legs(route, stops, goal):
    """The route cut at the first visit of each stop in turn (a stop must come after the one before)."""
    out, at = [], 0
    for s in (*stops, goal):
        j = route.index(s, at)
        out.append(route[at:j + 1])
        at = j
    assert at == len(route) - 1
    return out


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("slug", OPTIMAL)
def test_each_leg_is_a_shortest_path_and_the_stops_come_in_order(shape, slug):
    for seed in range(3):
        maze, G, stops = maze_and_stops(shape, seed)
        sol = pymaze.solve(maze, slug, waypoints=stops)
        assert sol.found and sol.squares[0] == maze.start
        assert all(G.has_edge(a, b) for a, b in zip(sol.squares, sol.squares[1:])), "open passages only"
        parts = legs(sol.squares, stops, maze.goal)
        ends = [maze.start, *stops, maze.goal]
        for part, a, b in zip(parts, ends, ends[1:]):
            assert len(part) - 1 == nx.shortest_path_length(G, a, b), (seed, a, b)
        assert sol.cost == sol.moves == sum(nx.shortest_path_length(G, a, b) for a, b in zip(ends, ends[1:]))


@pytest.mark.parametrize("shape", ["square", "hex", "polar"])
def test_best_order_equals_brute_force(shape):
    for seed in range(3):
        maze, G, stops = maze_and_stops(shape, 10 + seed, k=4)
        d = dict(nx.all_pairs_shortest_path_length(G))
        brute = min(sum(d[a][b] for a, b in zip((maze.start, *order), (*order, maze.goal)))
                    for order in permutations(stops))
        sol = pymaze.solve(maze, "astar", waypoints=stops, best_order=True)
        assert sol.cost == brute
        seen = sorted(stops, key=sol.squares.index)
        legs(sol.squares, seen, maze.goal)   # every stop on the route, in the order it chose
        assert pymaze.solve(maze, "astar", waypoints=stops).cost >= brute


@pytest.mark.parametrize("slug", ["bfs", "dijkstra", "thetastar"])
def test_the_legs_are_watched_in_turn_and_replay_both_ways(slug):
    maze = pymaze.generate("dig", 9, 7, seed=4, geometry="block" if slug == "thetastar" else "thin", braid=1.0)
    free = sorted(maze.to_networkx())
    stops = [free[len(free) // 3], free[2 * len(free) // 3]]
    run = Run.solve(slug, maze, waypoints=stops)
    events = run.events()
    found = [e for e in unpack(events) if e[0] & 0xFF == NOTE and e[2] == N_FOUND]
    assert [e[3] for e in found] == [len(run.outcome[0]) - 1], "one FOUND: the whole route's, not each leg's"
    assert run.outcome[0] == pymaze.solve(maze, slug, waypoints=stops).squares
    after = apply(run.initial.copy(), events, check=True)
    assert bytes(after.mark) == bytes(run.maze.mark)
    assert bytes(apply(after, events, backwards=True, check=True).mark) == bytes(run.initial.mark)
    again = Solution.of_run(Run.solve(slug, maze, waypoints=stops), keep_events=True)[0]
    assert again.squares == run.outcome[0] and again.found


def test_bad_waypoints_are_refused():
    maze = pymaze.generate("dig", 5, 5)
    for bad in ([0], [maze.start, "x"], "12", [True]):
        with pytest.raises(ParameterError, match="waypoint"):
            pymaze.solve(maze, "bfs", waypoints=bad)
    with pytest.raises(ParameterError, match="at most 7"):
        pymaze.solve(maze, "bfs", waypoints=sorted(maze.to_networkx())[:8], best_order=True)


def test_the_cli_takes_waypoints():
    maze = pymaze.generate("dig", 6, 4, seed=1)
    text = to_block_text(maze)
    stops = sorted(maze.to_networkx())[5:7]
    cmd = [sys.executable, "-m", "pymaze", "solve", "bfs", "-", "--waypoints", ",".join(map(str, stops))]
    done = subprocess.run(cmd, input=text, capture_output=True, text=True, cwd=ROOT)
    moves = pymaze.solve(parse(text), "bfs", waypoints=stops).moves   # the text reads as blocks
    assert done.returncode == 0 and f"found route: {moves} moves" in done.stdout, done.stderr
    bad = subprocess.run(cmd[:-1] + ["1,x"], input=text, capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.startswith("pymaze: error: --waypoints")
