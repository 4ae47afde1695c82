"""Pictures: SVG, PNG, print sheet and GIF times of the engine (CPython), one run each, in seconds.

    .venv/bin/python bench/pictures.py [--size 100]
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pymaze  # noqa: E402
from pymaze.animate import Timeline, to_gif, to_png  # noqa: E402
from pymaze.run import Run  # noqa: E402
from pymaze.sheet import sheet  # noqa: E402
from pymaze.svg import to_svg  # noqa: E402


def timed(what, func):
    t = time.perf_counter()
    out = func()
    print(f"| {what} | {time.perf_counter() - t:.2f} | {len(out):,} |")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=100)
    n = ap.parse_args().size
    maze = pymaze.generate("dig", n, n, seed=1)
    route = pymaze.solve(maze, "bfs").squares
    print("| what | seconds | bytes |\n|---|---|---|")
    timed(f"SVG, {n}x{n} square with route", lambda: to_svg(maze, route=route))
    hexes = pymaze.generate("dig", n, n, seed=1, shape="hex")
    timed(f"SVG, {n}x{n} hex", lambda: to_svg(hexes))
    timed(f"PNG, {n}x{n} square, 1000 px wide", lambda: to_png(maze, route=route, width=1000))
    timed("print sheet, six 20x20 with answers", lambda: sheet("dig", 20, 20, count=6, seed=1))
    timeline = Timeline(Run.generate("dig", n, n, 1), "bfs", 1)
    timed(f"GIF, dig then bfs on {n}x{n} ({len(timeline):,} events, ~200 frames, 600 px)",
          lambda: to_gif(timeline, width=600))


if __name__ == "__main__":
    main()
