"""The new shapes (levels: a cube of about as many cells) against the square grid and hex, interleaved in one process (median of repeats, CPU time):
the blank maze (its lattice), dig (blank maze included), then bfs and astar on the dig maze.

    python bench/worlds.py [--side 1000] [--repeat 1 | --seeds N] [--shapes square,cylinder,torus,levels] [--no-rule]

Prints a Markdown table of seconds and of each shape's ratio to the square grid (docs/BENCHMARKS.md),
the last column generate and solve together (dig, then bfs on its maze: the 1.5x target of the new
shapes).  The defaults are what `python build.py bench` runs: a million cells (levels 100 x 100 x
100) on the square grid and the shapes the target names, once each.  ``--seeds N`` makes each of N
rounds on mazes of its own (seeds 1 to N, the same on every shape): how far bfs searches before it
finds G depends on the maze, so one seed's solve can flatter a shape or wrong it.
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

SHAPES = ("square", "hex", "cylinder", "torus", "moebius", "upsilon", "levels", "weave", "zeta")
STEPS = ("lattice", "dig", "bfs", "astar")
TARGET = ("square", "cylinder", "torus", "moebius", "upsilon", "levels", "weave", "zeta")  # the square grid and the shapes built on it (the 1.5x target)


def size(shape, n):
    """``(w, h, depth)`` of about n x n cells: levels as a cube (1000 x 1000: 100 x 100 x 100)."""
    if shape != "levels":
        return n, n, None
    c = round(n ** (2 / 3))
    return c, c, max(1, round(n * n / (c * c)))


def once(shape, n, solvers=("bfs", "astar"), seed=1):
    out = {}
    w, h, d = size(shape, n)
    t = time.process_time()
    Maze.shaped(shape, w, h, depth=d)
    out["lattice"] = time.process_time() - t
    t = time.process_time()
    maze = Run.generate("dig", w, h, seed=seed, shape=shape, depth=d).finish()
    out["dig"] = time.process_time() - t
    for slug in solvers:
        t = time.process_time()
        run = Run.solve(slug, maze, seed=0)
        run.finish()
        out[slug] = time.process_time() - t
        if slug == "bfs" and run.outcome:   # (the cells it expanded: how far it searched before G)
            out["expanded"] = run.outcome[1]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--side", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--seeds", type=int, default=0, help="rounds on seeds 1..N instead of --repeat rounds on seed 1")
    ap.add_argument("--shapes", default=",".join(TARGET), help=f"shapes, square first (of {', '.join(SHAPES)})")
    ap.add_argument("--astar", action="store_true", help="astar on the dig maze too (the target asks for one solve: bfs)")
    ap.add_argument("--no-rule", action="store_true",
                    help="dig without asking weave's and zeta's rule (their mazes then break it): the floor of trying eight moves a cell")
    args, _ = ap.parse_known_args()  # (python build.py bench hands every script the same arguments)
    shapes = [s.strip() for s in args.shapes.split(",") if s.strip()]
    if shapes[:1] != ["square"] or not set(shapes) <= set(SHAPES):
        ap.error(f"--shapes: square first, then any of {', '.join(SHAPES)}")
    steps = STEPS if args.astar else STEPS[:3]
    if args.no_rule:
        from pymaze.generators import dig
        dig.rule = lambda maze: None
    times = {s: {k: [] for k in (*steps, "expanded")} for s in shapes}
    load = os.getloadavg()[0]
    seeds = range(1, args.seeds + 1) if args.seeds else [1] * args.repeat
    for seed in seeds:
        for shape in shapes:   # interleaved: each round runs every shape once
            for k, v in once(shape, args.side, steps[2:], seed).items():
                times[shape][k].append(v)
    med = {s: {k: statistics.median(v) for k, v in t.items()} for s, t in times.items()}
    n = args.side
    rounds = f"median of seeds 1 to {args.seeds}" if args.seeds else f"median of {args.repeat}"
    print(f"{n}x{n} cells, {rounds}, load average {load:.1f} at the start and "
          f"{os.getloadavg()[0]:.1f} at the end\n")
    print("| shape | size | " + " | ".join(f"{k} (ratio to square)" for k in steps) + " | dig + bfs (ratio to square) "
          "| cells bfs expanded | bfs per cell expanded (ratio) |")
    print("|---" * (len(steps) + 5) + "|")
    both = {s: med[s]["dig"] + med[s]["bfs"] for s in med}

    def per(s):   # bfs's time per cell it expanded (the medians of each)
        return med[s]["bfs"] / med[s]["expanded"]
    for s in shapes:
        print(f"| {s} | {'x'.join(str(v) for v in size(s, n) if v)} | "
              + " | ".join(f"{med[s][k]:.3f} s ({med[s][k] / med['square'][k]:.2f}x)" for k in steps)
              + f" | {both[s]:.3f} s ({both[s] / both['square']:.2f}x) | {med[s]['expanded']:,.0f} "
              f"| {per(s) * 1e6:.2f} µs ({per(s) / per('square'):.2f}x) |")


if __name__ == "__main__":
    main()
