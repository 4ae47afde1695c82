"""Jump point search against A* on an open grid: time, nodes expanded, events, route cost.

    python bench/pathfinding.py [--size 1000] [--density 0.0,0.2] [--repeat 1]

A size x size block grid (no frame), obstacles dropped at random at each
density (seed 1), S in the top-left corner and G in the bottom-right one,
the corners around them cleared.  Each finder is pulled to the end through ``Run`` (events
produced, as the page's instant mode does), with the diagonal rules never
and no-corners.  The A* it is compared with is the registry's ``astar``
for "never" (it has no diagonal moves) and bidirectional A* (``biastar``)
for "no-corners".
"""

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pymaze  # noqa: E402
from pymaze import Run  # noqa: E402
from pymaze.solution import Solution  # noqa: E402


def grid(n, density, seed=1):
    """Random walls; the 4 x 4 corners around S and G are cleared so that G is reachable (checked)."""
    rng = random.Random(seed)
    wall = bytearray(rng.random() < density for _ in range(n * n))
    for y in range(4):
        for x in range(4):
            wall[y * n + x] = wall[(n - 1 - y) * n + n - 1 - x] = 0
    return pymaze.Maze(n, n, wall, start=0, goals=[n * n - 1])


def cost(maze, squares):
    w = maze.width
    return sum(math.sqrt(2) if a % w != b % w and a // w != b // w else 1 for a, b in zip(squares, squares[1:]))


def timed(maze, slug, **opts):
    t = time.perf_counter()
    run = Run.solve(slug, maze, **opts)
    events = run.events()
    dt = time.perf_counter() - t
    sol = Solution.from_events(run.initial, events)
    return dt, sol, len(events) // 4


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=1000)
    ap.add_argument("--density", default="0.0,0.1")
    args = ap.parse_args()
    print("| grid | diagonal | finder | time (s) | nodes expanded | events | route cost |")
    print("|---|---|---|---|---|---|---|")
    for density in map(float, args.density.split(",")):
        maze = grid(args.size, density)
        for rule, h in (("never", "manhattan"), ("no-corners", "octile")):
            cases = [("jps", {"diagonal": rule, "heuristic": h})]
            cases.append(("astar", {"heuristic": h}) if rule == "never" else
                         ("biastar", {"diagonal": rule, "heuristic": h}))
            for slug, opts in cases:
                dt, sol, n = timed(maze, slug, **opts)
                assert sol.found, (slug, density, rule)
                print(f"| {args.size}x{args.size}, {density:.0%} walls | {rule} | {slug} | {dt:.2f} | "
                      f"{sol.visited:,} | {n:,} | {cost(maze, sol.squares):.1f} |", flush=True)


if __name__ == "__main__":
    main()
