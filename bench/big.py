"""1000x1000 in CPython: every generator's ``pymaze.generate`` and every solver's ``pymaze.solve``.

    python bench/big.py [--side 1000] [--seed-list 1,2] [--slugs SLUGS] [--results FILE] [--write]

CPU time (``time.process_time``) of each registered generator making a ``size x size`` maze,
and of each registered solver on a perfect ``dig`` maze of that size, one row per seed.  CPU
time, not wall time, because the machine is shared; the load average is printed beside it.
Algorithms whose stated cell limit (``max_cells``) is below ``size x size`` are listed as
skipped.  Target: at most 3 s each, but for ``aldous`` (a random walk that covers the maze)
and ``random-mouse`` (a random walk until the goal).  ``--results FILE`` keeps rows (JSON
lines) so a run can be split with ``--slugs`` and resumed; ``--write`` puts the table into
docs/BENCHMARKS.md ("1000x1000 in CPython").  Exits 1 when a target is missed.
"""

import argparse
import datetime
import gc
import json
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pymaze  # noqa: E402
from pymaze.errors import PymazeError  # noqa: E402
from pymaze.registry import generators, solvers  # noqa: E402
from engine import machine  # noqa: E402  (bench/engine.py: the same machine line)

TARGET = 3.0
EXEMPT = {"aldous", "random-mouse"}  # random walks whose length is the walk's, not the maze's


def load():
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def cpu(fn):
    gc.collect()
    t = time.process_time()
    fn()
    return time.process_time() - t


def measure(family, algo, size, seed, maze):
    """One row: the CPU time, or the message of the error the defaults raise at this size."""
    if family == "solver" and maze.geometry not in algo.geometries:
        maze = maze.as_block()
    row = {"family": family, "slug": algo.slug, "size": size, "seed": seed, "cpu": None, "error": None}
    try:
        if family == "generator":
            row["cpu"] = round(cpu(lambda: pymaze.generate(algo.slug, size, size, seed=seed)), 3)
        else:
            row["cpu"] = round(cpu(lambda: pymaze.solve(maze, algo.slug, seed=seed)), 3)
    except PymazeError as e:
        row["error"] = str(e)
    row.update(load=round(load(), 2), at=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"))
    return row


def table(rows, size, seeds, skipped):
    out = ["| family | algorithm | " + " | ".join(f"seed {s}" for s in seeds) + " | load | within 3 s |",
           "|---|---|" + "---|" * len(seeds) + "---|---|"]
    for family, algos in (("generator", generators()), ("solver", solvers())):
        for a in algos.values():
            if a.slug in skipped:
                out.append(f"| {family} | `{a.slug}` | " + " | ".join("" for _ in seeds)
                           + f" | | skipped: at most {a.max_cells:,} cells |")
                continue
            mine = {r["seed"]: r for r in rows if r["family"] == family and r["slug"] == a.slug and r["size"] == size}
            if not mine:
                continue
            errors = {r["error"] for r in mine.values() if r.get("error")}
            if errors:
                out.append(f"| {family} | `{a.slug}` | " + " | ".join("" for _ in seeds)
                           + f" | | refused with its defaults: {min(errors)} |")
                continue
            times = [mine[s]["cpu"] if s in mine else None for s in seeds]
            loads = sorted({mine[s]["load"] for s in seeds if s in mine})
            worst = max(t for t in times if t is not None)
            verdict = "exempt (random walk)" if a.slug in EXEMPT else ("yes" if worst <= TARGET else "**no**")
            out.append(f"| {family} | `{a.slug}` | " + " | ".join("" if t is None else f"{t:.2f} s" for t in times)
                       + f" | {', '.join(f'{x:.1f}' for x in loads)} | {verdict} |")
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--side", type=int, default=1000, help="cells a side")
    ap.add_argument("--seed-list", default="1,2", help="comma-separated seeds")
    ap.add_argument("--slugs", default="", help="comma-separated slugs (default: every algorithm)")
    ap.add_argument("--results", default="", help="JSON-lines file of rows to keep and extend")
    ap.add_argument("--write", action="store_true", help="write the table into docs/BENCHMARKS.md")
    args, _ = ap.parse_known_args(argv)  # `build.py bench` passes the other benches' flags too (hence names they do not use)
    size, seeds = args.side, [int(s) for s in args.seed_list.split(",")]
    only = {s for s in args.slugs.split(",") if s}
    rows = []
    if args.results and os.path.exists(args.results):
        rows = [json.loads(line) for line in open(args.results) if line.strip()]
    skipped = {a.slug for a in (*generators().values(), *solvers().values()) if a.max_cells and a.max_cells < size * size}
    maze = None
    for family, algos in (("generator", generators()), ("solver", solvers())):
        for a in algos.values():
            if a.slug in skipped or (only and a.slug not in only):
                continue
            if family == "solver" and maze is None:
                maze = pymaze.generate("dig", size, size, seed=1)
            for seed in seeds:
                row = measure(family, a, size, seed, maze)
                rows = [r for r in rows if (r["family"], r["slug"], r["size"], r["seed"]) != (family, a.slug, size, seed)]
                rows.append(row)
                print(f"{family:9} {a.slug:14} seed {seed}: " + (row["error"] or f"{row['cpu']:7.2f} s CPU")
                      + f"  (load {row['load']:.1f})", flush=True)
                if args.results:
                    with open(args.results, "w") as f:
                        f.writelines(json.dumps(r) + "\n" for r in rows)
    stamps = sorted(r["at"] for r in rows if r["size"] == size)
    loads = [r["load"] for r in rows if r["size"] == size]
    lines = [f"Machine: {machine()}. Measured {stamps[0] if stamps else '-'} to {stamps[-1] if stamps else '-'} UTC, "
             f"load average (1 min) {min(loads, default=0):.1f} to {max(loads, default=0):.1f}. "
             f"Command: `python3 bench/big.py --write`.", "",
             f"CPU seconds of `pymaze.generate(slug, {size}, {size}, seed=s)` and of `pymaze.solve(maze, slug, seed=s)` "
             f"on a perfect `dig` maze of {size}x{size} (seed 1).", "",
             *table(rows, size, seeds, skipped)]
    text = "\n".join(lines)
    print(text)
    if args.write:
        path = ROOT / "docs" / "BENCHMARKS.md"
        begin, end = "<!-- big:begin -->", "<!-- big:end -->"
        doc = path.read_text()
        if begin not in doc:
            doc += f"\n## 1000×1000 in CPython\n\n{begin}\n{end}\n"
        doc = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda m: f"{begin}\n{text}\n{end}", doc, flags=re.S)
        path.write_text(doc)
    missed = [r for r in rows if r["size"] == size and r["slug"] not in EXEMPT and (r["cpu"] or 0) > TARGET]
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
