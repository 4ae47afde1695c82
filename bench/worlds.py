"""The new shapes (levels: a cube of about as many cells) against the square grid and hex, interleaved in one process (median of repeats):
the blank maze (its lattice), dig (blank maze included), then bfs and astar on the dig maze.

    python bench/worlds.py [--side 200] [--repeat 3]

Prints a Markdown table of seconds and of each shape's ratio to the square grid (docs/BENCHMARKS.md).
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pymaze import Run  # noqa: E402
from pymaze.maze import Maze  # noqa: E402

SHAPES = ("square", "hex", "cylinder", "torus", "moebius", "upsilon", "levels", "zeta")
STEPS = ("lattice", "dig", "bfs", "astar")


def size(shape, n):
    """``(w, h, depth)`` of about n x n cells: levels as a cube (1000 x 1000: 100 x 100 x 100)."""
    if shape != "levels":
        return n, n, None
    c = round(n ** (2 / 3))
    return c, c, max(1, round(n * n / (c * c)))


def once(shape, n):
    out = {}
    w, h, d = size(shape, n)
    t = time.perf_counter()
    Maze.shaped(shape, w, h, depth=d)
    out["lattice"] = time.perf_counter() - t
    t = time.perf_counter()
    maze = Run.generate("dig", w, h, seed=1, shape=shape, depth=d).finish()
    out["dig"] = time.perf_counter() - t
    for slug in ("bfs", "astar"):
        t = time.perf_counter()
        Run.solve(slug, maze, seed=0).finish()
        out[slug] = time.perf_counter() - t
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--side", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    times = {s: {k: [] for k in STEPS} for s in SHAPES}
    load = os.getloadavg()[0]
    for _ in range(args.repeat):
        for shape in SHAPES:   # interleaved: each round runs every shape once
            for k, v in once(shape, args.side).items():
                times[shape][k].append(v)
    med = {s: {k: statistics.median(v) for k, v in t.items()} for s, t in times.items()}
    n = args.side
    print(f"{n}x{n} cells, median of {args.repeat}, load average {load:.1f} at the start and "
          f"{os.getloadavg()[0]:.1f} at the end\n")
    print("| shape | " + " | ".join(f"{k} (ratio to square)" for k in STEPS) + " |")
    print("|---" * (len(STEPS) + 1) + "|")
    for s in SHAPES:
        print(f"| {s} | " + " | ".join(f"{med[s][k]:.3f} s ({med[s][k] / med['square'][k]:.2f}x)" for k in STEPS) + " |")


if __name__ == "__main__":
    main()
