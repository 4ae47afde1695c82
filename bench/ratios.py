"""pymaze against its plain twins (bench/twins.py), in one process, interleaved, over several seeds.

    python bench/ratios.py [--size 500] [--seeds 3] [--only dig,bfs] [--write] [--before REV]

For every algorithm with a twin it times, seed by seed and one right after the other:

* the twin (plain event-free Python);
* the instant path: ``Run(...).finish()``, what the library's ``generate``, the CLI, metrics and
  the page's "instant" run use (no events packed; an event-free twin in the engine where it has one);
* for solvers, the library's ``pymaze.solve`` (which reads the route from the events);
* the watched path: ``Run`` pulled to the end in batches of 10,000 events, what an animation costs;
  where the animation shows more work than the twin does (``twins.WATCHED``: Wilson's and Houston's walks, whose
  every step and erased loop is shown), against a plain version of that same work instead.

Each ratio is taken pair by pair (same seed, same moment) and summarised by its median and its
spread (lowest to highest); the targets are instant at most 1.2x and watched at most 2x its twin.
``--before REV`` also pulls, seed by seed in the same process, the algorithm's module as it was at git
revision REV (loaded beside today's under another slug, run through today's ``Run``) and prints the
watched ratio before and after.  Exit status 1 when a median misses a target.  ``--write`` puts the rows measured into the table in
docs/BENCHMARKS.md (the rows of algorithms not measured this time stay as they were).
"""

import argparse
import datetime
import os
import re
import statistics
import subprocess
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
twins.WATCHED.update(twins_more.WATCHED)


def clock(fn):
    t = time.process_time()
    fn()
    return time.process_time() - t


def pulled(run):
    while run.next_batch(BATCH):
        pass


def measure(family, slug, n, seeds):
    """{"twin": [...], "instant": [...], "library": [...], "watched": [...]} CPU seconds per seed."""
    out = {"twin": [], "instant": [], "library": [], "watched": [], "walk": []}
    n = twins_more.fitting(family, slug, n)
    for seed in range(seeds):
        if family == "generator":
            twin = twins.GENERATORS[slug]
            out["twin"].append(clock(lambda: twin(n, seed)))
            out["instant"].append(clock(lambda: Run.generate(slug, n, n, seed=seed).finish()))
            if slug in twins.WATCHED:
                out["walk"].append(clock(lambda: twins.WATCHED[slug](n, seed)))
            out["watched"].append(clock(lambda: pulled(Run.generate(slug, n, n, seed=seed))))
        else:
            twin = twins.SOLVERS[slug]
            maze = pymaze.generate("dig", n, n, seed=seed, geometry=twins_more.VIEWS.get(slug, "thin"))
            out["twin"].append(clock(lambda: twin(maze)))
            out["instant"].append(clock(lambda: Run.solve(slug, maze, seed=seed).finish()))
            out["library"].append(clock(lambda: pymaze.solve(maze, slug, seed=seed)))
            out["watched"].append(clock(lambda: pulled(Run.solve(slug, maze, seed=seed))))
    return out


def before(family, slug, rev):
    """Register the module of ``slug`` as it was at git revision ``rev`` under the slug
    ``before-SLUG`` (its relative imports resolve to today's package); returns that slug."""
    import importlib.util
    folder = "generators" if family == "generator" else "solvers"
    src = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:pymaze/{folder}/{slug}.py"],
                         capture_output=True, text=True, check=True).stdout
    src = src.replace(f'("{slug}", ', f'("before-{slug}", ', 1)
    spec = importlib.util.spec_from_loader(f"pymaze.{folder}._before_{slug}", loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = f"pymaze.{folder}"
    exec(compile(src, f"{rev}:{slug}.py", "exec"), module.__dict__)
    return f"before-{slug}"


def compare(family, slug, n, seeds, rev):
    """Watched (batches) before and after, seed by seed, alternating which goes first: CPU seconds
    and the ratio after / before; printed."""
    old = before(family, slug, rev)
    for s in (old, slug):  # first imports and caches, outside the clock
        pulled(Run.generate(s, 4, 4) if family == "generator" else Run.solve(s, pymaze.generate("dig", 4, 4)))
    r = []
    for seed in range(seeds):
        if family == "generator":
            make = {s: (lambda s=s: Run.generate(s, n, n, seed=seed)) for s in (old, slug)}
        else:
            maze = pymaze.generate("dig", n, n, seed=seed)
            make = {s: (lambda s=s: Run.solve(s, maze, seed=seed)) for s in (old, slug)}
        order = (old, slug) if seed % 2 == 0 else (slug, old)
        t = {s: clock(lambda: pulled(make[s]())) for s in order}
        r.append(t[slug] / t[old])
        print(f"  {slug} seed {seed}: watched before {t[old]:.3f} s, after {t[slug]:.3f} s ({r[-1]:.2f}x)", flush=True)
    print(f"| `{slug}` | {n}x{n}, seeds 0–{seeds - 1} | {statistics.median(r):.2f}x ({min(r):.2f}–{max(r):.2f}) |",
          flush=True)


def ratio(times, key, twin="twin"):
    r = [a / b for a, b in zip(times[key], times[twin]) if b > 0]
    return statistics.median(r), min(r), max(r)


def cell(times, key, twin="twin"):
    if not times[key]:
        return "", None
    med, lo, hi = ratio(times, key, twin)
    text = f"{statistics.median(times[key]):.2f} s, {med:.2f}x ({lo:.2f}–{hi:.2f})"
    if twin != "twin":
        text += f" against the plain walk ({statistics.median(times[twin]):.2f} s)"
    return text, med


def is_row(line):
    return line.startswith("| generator |") or line.startswith("| solver |")


def slug_of(row):
    return row.split("|")[2].strip().strip("`")


def block(head, rows):
    """The block's text: ``head``, the table, and which targets are missed."""
    missed = [f"{slug_of(row)} {what.strip()}" for row in rows if "missed:" in row.split("|")[-2]
              for what in row.split("|")[-2].split("missed:")[1].split(",")]
    return "\n".join(head + rows + ["", f"Targets missed: {', '.join(missed)}." if missed else "Every target met."])


def merge(doc, head, rows, begin, end):
    """``doc`` with the table between the markers holding ``rows``, and the rows of the table there
    before whose algorithms were not measured this time (said below it), in the twins' order."""
    old = re.search(re.escape(begin) + "(.*?)" + re.escape(end), doc, flags=re.S)
    fresh = {slug_of(row) for row in rows}
    kept = [row for row in (old.group(1).splitlines() if old else []) if is_row(row) and slug_of(row) not in fresh]
    order = [*twins.GENERATORS, *twins.SOLVERS]
    rows = sorted(rows + kept, key=lambda row: order.index(slug_of(row)) if slug_of(row) in order else len(order))
    text = block(head, rows)
    if kept:
        before = [line for line in old.group(1).splitlines() if line.strip() and not line.startswith("|")
                  and not line.startswith("Targets missed") and not line.startswith("Rows kept")]
        text += ("\n\nRows kept from the table's earlier run (not measured this time): "
                 + ", ".join(f"`{slug_of(row)}`" for row in kept) + ". That run: " + " ".join(before[:2]))
    return re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda m: f"{begin}\n{text}\n{end}", doc, flags=re.S)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=500, help="cells per side (default 500)")
    ap.add_argument("--seeds", type=int, default=3, help="seeds per algorithm (default 3)")
    ap.add_argument("--only", default="", help="comma-separated slugs (default: every algorithm with a twin)")
    ap.add_argument("--write", action="store_true", help="write the table into docs/BENCHMARKS.md")
    ap.add_argument("--before", metavar="REV", help="also compare the watched path with the algorithm at REV")
    args, _ = ap.parse_known_args(argv)
    only = {s for s in args.only.split(",") if s}
    n = args.size
    began, load = datetime.datetime.now(datetime.timezone.utc), os.getloadavg()[0]
    head = ["", "",
             f"{n}x{n} cells, seeds 0 to {args.seeds - 1}; CPU seconds of this process (median over the seeds), "
             "and the ratio to the plain twin of the same seed: median (lowest–highest). Solvers run on a "
             f"perfect `dig` maze of the seed. Targets: instant at most {INSTANT}x, watched at most {WATCHED}x.", "",
             "| family | algorithm | twin | instant (`Run.finish`) | library (`pymaze.solve`) | watched (batches) | targets |",
             "|---|---|---|---|---|---|---|"]
    if args.before:  # only the comparison with the code at that revision
        for family, table in (("generator", twins.GENERATORS), ("solver", twins.SOLVERS)):
            for slug in table:
                if not only or slug in only:
                    compare(family, slug, n, args.seeds, args.before)
        return 0
    rows = []
    for family, table in (("generator", twins.GENERATORS), ("solver", twins.SOLVERS)):
        for slug in table:
            if only and slug not in only:
                continue
            times = measure(family, slug, n, args.seeds)
            instant, i_med = cell(times, "instant")
            library, _ = cell(times, "library")
            watched, w_med = cell(times, "watched", "walk" if times["walk"] else "twin")
            miss = [what for what, med, bound in (("instant", i_med, INSTANT), ("watched", w_med, WATCHED))
                    if med is not None and med > bound]
            rows.append(f"| {family} | `{slug}` | {statistics.median(times['twin']):.2f} s | {instant} | {library} | "
                        f"{watched} | {'missed: ' + ', '.join(miss) if miss else 'met'} |")
            print(rows[-1], flush=True)
    ended = datetime.datetime.now(datetime.timezone.utc)
    head[0] = (f"Machine: {machine()}. Date: {began:%Y-%m-%d %H:%M}–{ended:%H:%M} UTC, load average {load:.1f} at "
               f"the start and {os.getloadavg()[0]:.1f} at the end (`python3 bench/ratios.py --size {n} --seeds "
               f"{args.seeds}{' --only ' + args.only if args.only else ''}`).")
    text = block(head, rows)
    print(text.splitlines()[-1])
    if args.write:
        path = ROOT / "docs" / "BENCHMARKS.md"
        begin, end = "<!-- ratios:begin -->", "<!-- ratios:end -->"
        doc = path.read_text()
        if begin not in doc:
            doc = doc.replace("## Engine (CPython)", f"## Against plain twins (CPython)\n\n{begin}\n{end}\n\n"
                              "## Engine (CPython)", 1)
        path.write_text(merge(doc, head, rows, begin, end))
        print(f"wrote {path}")
    return 1 if "Targets missed" in text else 0


if __name__ == "__main__":
    sys.exit(main())
