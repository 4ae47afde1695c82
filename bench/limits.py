"""Limits benchmark: peak memory and time of every algorithm at the largest size, each in a child process.

    python bench/limits.py [--size 2000] [--timeout 3600] [--only dig,bfs] [--jobs 1] [--write]

Generators run through ``pymaze.generate`` on ``size x size`` cells with
their default options, and again with the allowed option values that cost
the most (``WORST``).  Solvers run through ``pymaze.solve`` (which keeps
every event, like the CLI's ``solve``) on two mazes of that size made once
beforehand: a perfect ``dig`` maze and one with loops (``dig``,
``loops=0.1``), and again with their costliest allowed options.  Each run is
a fresh ``python`` child that loads the maze, runs the algorithm and reports
its own peak resident set (VmHWM, which includes loading the maze) and the
algorithm's CPU time and wall time.  The bound checked: under 1.5 GB and
60 s of CPU time (the wall time is also shown; on a shared machine it
includes waiting for a core).
``--write`` replaces the limits section of docs/BENCHMARKS.md.
"""

import argparse
import datetime
import json
import math
import os
import pickle
import re
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.engine import machine  # noqa: E402

LIMIT_MB, LIMIT_S = 1500, 60.0
MAZES = {"perfect": {}, "loops": {"loops": 0.1}}

CHILD = r"""
import json, pickle, sys, time
sys.path.insert(0, {root!r})
import pymaze
family, slug, options, maze_file, size = json.loads(sys.argv[1])
if family == "generator":
    t, cpu = time.perf_counter(), time.process_time()
    pymaze.generate(slug, size, size, seed=1, **options)
else:
    with open(maze_file, "rb") as f:
        maze = pickle.load(f)
    t, cpu = time.perf_counter(), time.process_time()
    pymaze.solve(maze, slug, seed=1, **options)
seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
# VmHWM: this process's own peak (ru_maxrss would include the parent's peak, inherited through fork)
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps({{"seconds": seconds, "cpu": cpu, "rss_mb": peak / 1024}}))
"""


def worst():
    """The allowed option values that cost the most: every int/float option at its maximum where more costs more."""
    return {"random-mouse": {"cap": _max("solver", "random-mouse", "cap")},
            "routes": {"k": _max("solver", "routes", "k")},
            "astar": {"weight": _max("solver", "astar", "weight")},
            "idastar": {"limit": _max("solver", "idastar", "limit")},
            "allshortest": {"limit": _max("solver", "allshortest", "limit")},
            "dig": {"loops": 1.0}, "extend": {"loops": 1.0}, "stick": {"loops": True},
            "houston": {"switch": _max("generator", "houston", "switch")},
            "origin": {"steps": _max("generator", "origin", "steps")},
            "cellular": {"generations": _max("generator", "cellular", "generations")},
            "dungeon": {"rooms": _max("generator", "dungeon", "rooms"), "size": _max("generator", "dungeon", "size")}}


def _max(family, slug, name):
    from pymaze import registry
    return next(p.max for p in registry.get(family, slug).params if p.name == name)


def plan(size, only):
    from pymaze import registry
    extra = worst()
    jobs = []
    for family, table in (("generator", registry.generators()), ("solver", registry.solvers())):
        for slug, algo in table.items():
            if only and slug not in only:
                continue
            option_sets = [{}] + ([extra[slug]] if slug in extra else [])
            mazes = [None] if family == "generator" else [m for m in MAZES if "thin" in algo.geometries]
            jobs += [(family, slug, opts, m) for opts in option_sets for m in mazes]
    return jobs


def side(family, slug, size, opts):
    """The size an algorithm runs at: ``size``, or the largest square its ``max_cells`` (or its ``budget``,
    cells x (option + 1), with the option ``opts`` or its default) allows."""
    from pymaze import registry
    algo = registry.get(family, slug)
    most = algo.max_cells or size * size
    if algo.budget:
        name, budget = algo.budget
        most = min(most, budget // (algo.validate(opts)[name] + 1))
    return min(size, math.isqrt(most))


def maze_file(name, size, folder):
    """The pickled ``name`` maze of ``size x size`` cells, made the first time it is asked for."""
    import pymaze
    path = os.path.join(folder, f"{name}-{size}.pickle")
    if not os.path.exists(path):
        maze = pymaze.generate("dig", size, size, seed=1, **MAZES[name])
        with open(path, "wb") as f:
            pickle.dump(maze, f)
    return path


def run_one(job, folder, size, timeout):
    family, slug, opts, maze = job
    code = CHILD.format(root=str(ROOT))
    size = side(family, slug, size, opts)
    arg = json.dumps([family, slug, opts, maze and maze_file(maze, size, folder), size])
    cpu = int(2 * LIMIT_S)

    def cap_cpu():  # the bound is CPU time: a child past twice the bound is stopped by the kernel
        import resource
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))

    try:
        done = subprocess.run([sys.executable, "-c", code, arg], capture_output=True, text=True, timeout=timeout,
                              preexec_fn=cap_cpu)
    except subprocess.TimeoutExpired:
        return {"error": f"over {timeout:g} s of wall time"}
    if done.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return {"error": f"over {cpu} s of CPU"}
    if done.returncode:
        return {"error": (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1][:80]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def table(rows, size):
    lines = [f"Machine: {machine()}. Date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC.", "",
             f"Every algorithm at {size}x{size} cells (`python3 build.py bench --limits`), one child process each: "
             f"peak resident memory of the process (loading the maze included), the algorithm's CPU time and "
             f"its wall time. Bound: under {LIMIT_MB / 1000:g} GB and {LIMIT_S:g} s of CPU time. Solvers run through "
             "`pymaze.solve`, which keeps every event; `perfect` is a `dig` maze, `loops` one with `loops=0.1`.", "",
             "| family | algorithm | options | maze | peak RSS | CPU time | wall time | within bound |",
             "|---|---|---|---|---|---|---|---|"]
    for (family, slug, opts, maze), r in rows:
        o = ", ".join(f"{k}={v}" for k, v in opts.items()) or "defaults"
        n = r.get("size") or side(family, slug, size, opts)
        if n != size:
            o += f"; at {n}x{n}, its limit"
        if "error" in r:
            unknown = r["error"] == "not measured"
            lines.append(f"| {family} | `{slug}` | {o} | {maze or ''} | | | {r['error']} | "
                         f"{'not measured' if unknown else '**no**'} |")
            continue
        ok = r["rss_mb"] < LIMIT_MB and r["cpu"] < LIMIT_S
        note = f" ({r['note']})" if r.get("note") else ""  # a row kept from another run (see --results)
        lines.append(f"| {family} | `{slug}` | {o} | {maze or ''} | {r['rss_mb']:,.0f} MB | {r['cpu']:.1f} s | "
                     f"{r['seconds']:.1f} s{note} | {'yes' if ok else '**no**'} |")
    return "\n".join(lines)


def write(text):
    path = ROOT / "docs" / "BENCHMARKS.md"
    begin, end = "<!-- limits:begin -->", "<!-- limits:end -->"
    doc = path.read_text()
    if begin not in doc:
        doc += f"\n## Limits (CPython, largest size)\n\n{begin}\n{end}\n"
    doc = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda m: f"{begin}\n{text}\n{end}", doc, flags=re.S)
    path.write_text(doc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=2000, help="cells per side (default 2000)")
    ap.add_argument("--timeout", type=float, default=3600,
                    help="seconds of wall time before a child is stopped (default 3600; a child is also stopped "
                         "after twice the bound of CPU time)")
    ap.add_argument("--only", default="", help="comma-separated slugs to run, in this order (default: all)")
    ap.add_argument("--write", action="store_true", help="write the table into docs/BENCHMARKS.md")
    ap.add_argument("--jobs", type=int, default=1, help="children run at once (default 1; each measures itself)")
    ap.add_argument("--results", help="a file of JSON lines: each result is appended as it comes, and jobs "
                                      "already there are not run again (so runs can be split or resumed)")
    ap.add_argument("--no-run", action="store_true", help="run nothing: the table from --results alone")
    args = ap.parse_args(argv)
    only = [s for s in args.only.split(",") if s]
    jobs = plan(args.size, set(only))
    done = {}
    if args.results and os.path.exists(args.results):
        for line in open(args.results):
            job, r = json.loads(line)
            done[json.dumps(job)] = r
    for job in jobs:  # a row measured at another size than the algorithm's limit now allows is measured again
        key = json.dumps(list(job))
        if key in done and done[key].get("size", args.size) != side(job[0], job[1], args.size, job[2]):
            del done[key]
    todo = [] if args.no_run else [j for j in jobs if json.dumps(list(j)) not in done]
    todo.sort(key=lambda j: only.index(j[1]) if only else 0)  # in the order --only names them
    with tempfile.TemporaryDirectory() as folder:
        def one(job):
            t = time.perf_counter()
            r = run_one(job, folder, args.size, args.timeout)
            r["size"] = side(job[0], job[1], args.size, job[2])
            print(job[0], job[1], job[2] or "", job[3] or "", r, f"({time.perf_counter() - t:.0f} s wall)", flush=True)
            if args.results:
                with open(args.results, "a") as f:
                    f.write(json.dumps([list(job), r]) + "\n")
            done[json.dumps(list(job))] = r
            return r

        with ThreadPoolExecutor(max(1, args.jobs)) as pool:
            list(pool.map(one, todo))
    rows = [(job, done.get(json.dumps(list(job)), {"error": "not measured"})) for job in jobs]
    text = table(rows, args.size)
    print(text)
    if args.write:
        write(text)
    return 1 if any("error" in r or r["rss_mb"] >= LIMIT_MB or r["cpu"] >= LIMIT_S for _, r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
