"""pymaze against its plain twins (bench/twins.py), in one process, interleaved, over several seeds.

    python bench/ratios.py [--size 500] [--seeds 3] [--only dig,bfs] [--write]

For every algorithm with a twin it times, seed by seed and one right after the other:

* the twin (plain event-free Python);
* the instant path: ``Run(...).finish()``, what the library's ``generate``, the CLI, metrics and
  the page's "instant" run use (no events packed; an event-free twin in the engine where it has one);
* for solvers, the library's ``pymaze.solve`` (which reads the route from the events);
* the watched path: ``Run`` pulled to the end in batches of 10,000 events, what an animation costs.

Each ratio is taken pair by pair (same seed, same moment) and summarised by its median and its
spread (lowest to highest); the targets are instant at most 1.2x and watched at most 2x its twin.
Exit status 1 when a median misses a target.  ``--write`` puts the table into docs/BENCHMARKS.md.
"""

import argparse
import datetime
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pymaze  # noqa: E402
from bench import twins  # noqa: E402
from bench.engine import machine  # noqa: E402
from pymaze import Run  # noqa: E402

INSTANT, WATCHED = 1.2, 2.0
BATCH = 10_000

# The other algorithms' plain twins join the same tables.
from bench import twins_more  # noqa: E402
twins.GENERATORS.update(twins_more.GENERATORS)
twins.SOLVERS.update(twins_more.SOLVERS)


def clock(fn):
    t = time.process_time()
    fn()
    return time.process_time() - t


def pulled(run):
    while run.next_batch(BATCH):
        pass


def measure(family, slug, n, seeds):
    """{"twin": [...], "instant": [...], "library": [...], "watched": [...]} CPU seconds per seed."""
    out = {"twin": [], "instant": [], "library": [], "watched": []}
    n = twins_more.fitting(family, slug, n)
    for seed in range(seeds):
        if family == "generator":
            twin = twins.GENERATORS[slug]
            out["twin"].append(clock(lambda: twin(n, seed)))
            out["instant"].append(clock(lambda: Run.generate(slug, n, n, seed=seed).finish()))
            out["watched"].append(clock(lambda: pulled(Run.generate(slug, n, n, seed=seed))))
        else:
            twin = twins.SOLVERS[slug]
            maze = pymaze.generate("dig", n, n, seed=seed, geometry=twins_more.VIEWS.get(slug, "thin"))
            out["twin"].append(clock(lambda: twin(maze)))
            out["instant"].append(clock(lambda: Run.solve(slug, maze, seed=seed).finish()))
            out["library"].append(clock(lambda: pymaze.solve(maze, slug, seed=seed)))
            out["watched"].append(clock(lambda: pulled(Run.solve(slug, maze, seed=seed))))
    return out


def ratio(times, key):
    r = [a / b for a, b in zip(times[key], times["twin"]) if b > 0]
    return statistics.median(r), min(r), max(r)


def cell(times, key):
    if not times[key]:
        return "", None
    med, lo, hi = ratio(times, key)
    return f"{statistics.median(times[key]):.2f} s, {med:.2f}x ({lo:.2f}–{hi:.2f})", med


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=500, help="cells per side (default 500)")
    ap.add_argument("--seeds", type=int, default=3, help="seeds per algorithm (default 3)")
    ap.add_argument("--only", default="", help="comma-separated slugs (default: every algorithm with a twin)")
    ap.add_argument("--write", action="store_true", help="write the table into docs/BENCHMARKS.md")
    args, _ = ap.parse_known_args(argv)
    only = {s for s in args.only.split(",") if s}
    n = args.size
    lines = [f"Machine: {machine()}. Date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC.", "",
             f"{n}x{n} cells, seeds 0 to {args.seeds - 1}; CPU seconds of this process (median over the seeds), "
             "and the ratio to the plain twin of the same seed: median (lowest–highest). Solvers run on a "
             f"perfect `dig` maze of the seed. Targets: instant at most {INSTANT}x, watched at most {WATCHED}x.", "",
             "| family | algorithm | twin | instant (`Run.finish`) | library (`pymaze.solve`) | watched (batches) | targets |",
             "|---|---|---|---|---|---|---|"]
    missed = []
    for family, table in (("generator", twins.GENERATORS), ("solver", twins.SOLVERS)):
        for slug in table:
            if only and slug not in only:
                continue
            times = measure(family, slug, n, args.seeds)
            instant, i_med = cell(times, "instant")
            library, _ = cell(times, "library")
            watched, w_med = cell(times, "watched")
            miss = [what for what, med, bound in (("instant", i_med, INSTANT), ("watched", w_med, WATCHED))
                    if med is not None and med > bound]
            missed += [f"{slug} {m}" for m in miss]
            lines.append(f"| {family} | `{slug}` | {statistics.median(times['twin']):.2f} s | {instant} | {library} | "
                         f"{watched} | {'missed: ' + ', '.join(miss) if miss else 'met'} |")
            print(lines[-1], flush=True)
    lines += ["", f"Targets missed: {', '.join(missed)}." if missed else "Every target met."]
    text = "\n".join(lines)
    if args.write:
        path = ROOT / "docs" / "BENCHMARKS.md"
        begin, end = "<!-- ratios:begin -->", "<!-- ratios:end -->"
        doc = path.read_text()
        if begin not in doc:
            doc = doc.replace("## Engine (CPython)", f"## Against plain twins (CPython)\n\n{begin}\n{end}\n\n"
                              "## Engine (CPython)", 1)
        doc = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda m: f"{begin}\n{text}\n{end}", doc, flags=re.S)
        path.write_text(doc)
        print(f"wrote {path}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
