"""Shapes benchmark: generate + solve on every shape at about a million cells, and the square grid
against the engine of an earlier commit in the same process.

    python bench/geometry.py [--cells 1000000] [--before COMMIT] [--repeat 3] [--write]

``--before`` (default ``HEAD~1``) is exported with ``git archive`` into a
temporary directory and imported as a second package, ``pymaze_before``,
so both engines run interleaved in one process and the square grid's
ratio survives a noisy machine.  ``--write`` replaces the shapes section of
docs/BENCHMARKS.md with the results.
"""

import argparse
import datetime
import importlib
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pymaze  # noqa: E402
from pymaze import Run  # noqa: E402
from pymaze.graph import polar_rings  # noqa: E402
from pymaze.maze import Maze  # noqa: E402

SQUARE = [("generator", "dig"), ("solver", "bfs"), ("solver", "astar")]
GENERATE, SOLVE = ("dig",), ("bfs", "astar")


def load_before(commit):
    """The engine at ``commit`` as the package ``pymaze_before``."""
    where = Path(tempfile.mkdtemp(prefix="pymaze-before-"))
    tar = subprocess.run(["git", "archive", commit, "pymaze"], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=tar, check=True)
    (where / "pymaze").rename(where / "pymaze_before")
    sys.path.insert(0, str(where))
    return importlib.import_module("pymaze_before")


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def square_case(engine, family, slug, n, maze_of):
    if family == "generator":
        return lambda: engine.Run.generate(slug, n, n, seed=1).finish()
    return lambda: engine.Run.solve(slug, maze_of[engine.__name__], seed=0).finish()


def square_ratios(before, n, repeat):
    """``{slug: (seconds now, seconds before)}``: medians, runs interleaved."""
    maze_of = {pymaze.__name__: pymaze.generate("dig", n, n, seed=1),
               before.__name__: before.generate("dig", n, n, seed=1)}
    out = {}
    for family, slug in SQUARE:
        now, then = [], []
        for _ in range(repeat):
            now.append(timed(square_case(pymaze, family, slug, n, maze_of))[0])
            then.append(timed(square_case(before, family, slug, n, maze_of))[0])
        out[slug] = (statistics.median(now), statistics.median(then))
    return out


def shape_sizes(cells):
    side = round(math.sqrt(cells))
    rings = 1
    while sum(polar_rings(6, rings + 1)) <= cells:
        rings += 1
    return {"square": (side, side), "hex": (side, side), "triangle": (side, side), "polar": (6, rings)}


def shapes_table(cells):
    rows = []
    for shape, (w, h) in shape_sizes(cells).items():
        t_blank, blank = timed(lambda: Maze.shaped(shape, w, h))
        n = blank.lattice.n if blank.lattice else w * h
        del blank
        row = {"shape": shape, "size": f"{w}x{h}", "cells": n, "lattice": t_blank}
        for slug in GENERATE:
            row[slug], maze = timed(lambda: Run.generate(slug, w, h, seed=1, shape=shape).finish())
        for slug in SOLVE:
            row[slug] = timed(lambda: Run.solve(slug, maze, seed=0).finish())[0]
        print(row, flush=True)
        rows.append(row)
    return rows


def report(rows, ratios, n, commit):
    lines = ["## Shapes (CPython)", "",
             f"Measured {datetime.date.today()} on {platform.python_implementation()} {platform.python_version()}, "
             f"{os.cpu_count()} cores shared with other work; `python bench/geometry.py`.  Times through `Run`, "
             "events produced and discarded; `dig` + `bfs` is the watched default pair.  The machine was "
             "loaded by other work (load average above 10 on 2 cores): read the figures as upper bounds, "
             "and the ratio, interleaved in one process, as the comparison.", "",
             "| shape | size | cells | blank maze (lattice) | "
             + " | ".join(f"{s} (blank maze included)" for s in GENERATE) + " | "
             + " | ".join(f"{s} on the {GENERATE[-1]} maze" for s in SOLVE) + " |",
             "|---" * (4 + len(GENERATE) + len(SOLVE)) + "|"]
    for r in rows:
        lines.append(f"| {r['shape']} | {r['size']} | {r['cells']:,} | {r['lattice']:.2f} s | "
                     + " | ".join(f"{r[s]:.2f} s" for s in GENERATE + SOLVE) + " |")
    lines += ["", f"### The square grid against the engine before the graph layer ({commit}), "
              f"{n}x{n}, same process, interleaved, median of 3", "",
              "| algorithm | now | before | ratio |", "|---|---|---|---|"]
    for slug, (now, then) in ratios.items():
        lines.append(f"| {slug} | {now:.2f} s | {then:.2f} s | {now / then:.2f}x |")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cells", type=int, default=1_000_000)
    ap.add_argument("--before", default="HEAD~1")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    commit = subprocess.run(["git", "rev-parse", "--short", args.before], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    before = load_before(commit)
    n = round(math.sqrt(args.cells))
    ratios = square_ratios(before, n, args.repeat)
    print(ratios, flush=True)
    rows = shapes_table(args.cells)
    text = report(rows, ratios, n, commit)
    print(text)
    if args.write:
        doc = ROOT / "docs" / "BENCHMARKS.md"
        old = doc.read_text()
        section = re.compile(r"## Shapes \(CPython\)\n.*?(?=\n## |\Z)", re.S)
        doc.write_text(section.sub(lambda m: text, old) if section.search(old) else old.rstrip() + "\n\n" + text)


if __name__ == "__main__":
    main()
