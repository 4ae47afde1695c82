"""Engine benchmark: every registered algorithm through Run, and bare references for dig and BFS.

    python bench/engine.py [--sizes 100,300,1000] [--repeat 3] [--budget 60] [--write]

For each size (cells per side) it times each generator from its registry
entry, pulled to completion through ``Run`` in batches of 10,000 events, and
each solver on a ``dig`` maze of that size.  A minimal event-free
pure-Python dig and BFS, written here, run in the same process, interleaved
with the engine's, so the emission overhead is a ratio that survives a
noisy machine.  ``--write`` replaces the engine section of
docs/BENCHMARKS.md with the results.
"""

import argparse
import datetime
import os
import platform
import random
import re
import statistics
import sys
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pymaze  # noqa: E402
from pymaze import Run  # noqa: E402
from pymaze.generators._base import PERMS, cell_mask  # noqa: E402
from pymaze.maze import Maze  # noqa: E402
from pymaze.registry import generators, solvers  # noqa: E402

BATCH = 10_000


def ref_dig(n, seed):
    """The backtracker with no events: the same carving loop, nothing reported."""
    maze = Maze.blank(n, n, "wall")
    wall, inside, w = maze.wall, cell_mask(maze), maze.width
    d = (-w, 1, w, -1)
    rnd = random.Random(seed).random
    start = maze.start
    wall[start] = 0
    stack = [start]
    while stack:
        p = stack[-1]
        for k in PERMS[int(rnd() * 24)]:
            s = d[k]
            q = p + 2 * s
            if inside[q] and wall[q]:
                wall[p + s] = 0
                wall[q] = 0
                stack.append(q)
                break
        else:
            stack.pop()
    return maze


def ref_bfs(maze):
    """Shortest route length by BFS over cells, no events, parents in a dict."""
    w, g = maze.width, maze.wall
    dirs = (-w, 1, w, -1)
    parent = {maze.start: maze.start}
    queue = deque([maze.start])
    goal = maze.goal
    while queue:
        p = queue.popleft()
        for d in dirs:
            if not g[p + d]:
                q = p + 2 * d
                if q not in parent:
                    parent[q] = p
                    if q == goal:
                        n = 0
                        while q != maze.start:
                            q = parent[q]
                            n += 1
                        return n
                    queue.append(q)
    return None


def pull(run, budget):
    """Pull a run to the end in batches; returns (seconds, events, finished within budget)."""
    t0 = time.perf_counter()
    events = 0
    while True:
        b = run.next_batch(BATCH)
        if not b:
            return time.perf_counter() - t0, events, True
        events += len(b) // 4
        if time.perf_counter() - t0 > budget:
            return time.perf_counter() - t0, events, False


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def references(n, repeat):
    """Interleave reference and engine runs of dig and bfs; medians and ratios."""
    rows = {"dig": [], "ref_dig": [], "bfs": [], "ref_bfs": [], "pair": []}
    for i in range(repeat):
        t_ref_dig, maze = timed(lambda: ref_dig(n, i))
        t_dig, _ = timed(lambda: Run.generate("dig", n, n, seed=i).finish())
        t_ref_bfs, _ = timed(lambda: ref_bfs(maze))
        t_bfs, _ = timed(lambda: Run.solve("bfs", maze).finish())
        rows["ref_dig"].append(t_ref_dig)
        rows["dig"].append(t_dig)
        rows["ref_bfs"].append(t_ref_bfs)
        rows["bfs"].append(t_bfs)
        rows["pair"].append(t_dig + t_bfs)
    med = {k: statistics.median(v) for k, v in rows.items()}
    ratios = {
        "dig": statistics.median(a / b for a, b in zip(rows["dig"], rows["ref_dig"])),
        "bfs": statistics.median(a / b for a, b in zip(rows["bfs"], rows["ref_bfs"])),
    }
    return med, ratios


def machine():
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        cpu = platform.processor() or "unknown CPU"
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()} ({platform.python_implementation()}), {platform.system()}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,300,1000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--budget", type=float, default=60.0, help="seconds per algorithm run before it is cut off")
    ap.add_argument("--write", action="store_true", help="write the results into docs/BENCHMARKS.md")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    lines = [f"Machine: {machine()}. Date: {datetime.date.today().isoformat()}.", ""]

    lines += ["### Event emission against bare references (same process, interleaved, median of "
              f"{args.repeat})", "",
              "| cells | dig | bare dig | ratio | bfs | bare bfs | ratio | dig + bfs |",
              "|---|---|---|---|---|---|---|---|"]
    for n in sizes:
        med, ratios = references(n, args.repeat)
        lines.append(f"| {n}x{n} | {med['dig']:.3f} s | {med['ref_dig']:.3f} s | {ratios['dig']:.2f}x "
                     f"| {med['bfs']:.3f} s | {med['ref_bfs']:.3f} s | {ratios['bfs']:.2f}x | {med['pair']:.2f} s |")
        print(lines[-1], flush=True)
    lines += ["", "Targets: emission at most 1.5x the bare reference; 1000x1000 dig + bfs under 3 s.", ""]

    header = "| algorithm | " + " | ".join(f"{n}x{n}" for n in sizes) + " |"
    rule = "|---|" + "---|" * len(sizes)
    for family, table in (("generator", generators()), ("solver", solvers())):
        lines += [f"### Every {family} through Run (batches of {BATCH:,}), seconds and events", "", header, rule]
        for slug, algo in table.items():
            cells = []
            for n in sizes:
                if family == "generator":
                    run = Run.generate(slug, n, n, seed=1)
                else:
                    maze = pymaze.generate("dig", n, n, seed=1)
                    if maze.geometry not in algo.geometries:
                        maze = maze.as_block()
                    run = Run.solve(slug, maze, seed=1)
                secs, events, complete = pull(run, args.budget)
                cells.append(f"{secs:.2f} s, {events:,} ev" + ("" if complete else f" (cut at {args.budget:.0f} s)"))
            lines.append(f"| {slug} | " + " | ".join(cells) + " |")
            print(lines[-1], flush=True)
        lines.append("")
    text = "\n".join(lines)
    if args.write:
        path = ROOT / "docs" / "BENCHMARKS.md"
        begin, end = "<!-- engine:begin -->", "<!-- engine:end -->"
        doc = path.read_text() if path.exists() else f"# Benchmarks\n\n## Engine (CPython)\n\n{begin}\n{end}\n"
        if begin not in doc:
            doc += f"\n## Engine (CPython)\n\n{begin}\n{end}\n"
        doc = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda m: f"{begin}\n{text}\n{end}", doc, flags=re.S)
        path.write_text(doc)
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
