"""Old against new, pair by pair: CPU time of one algorithm at 1000x1000 under two checkouts of pymaze.

    python bench/pairs.py OLD_DIR NEW_DIR [--pairs 2] [--size 1000] generator:SLUG solver:SLUG ...

Each run is a child process (``PYTHONPATH`` set to the checkout) that times ``pymaze.generate``
or ``pymaze.solve`` on a perfect ``dig`` maze with ``time.process_time``; old and new alternate,
so a change in the machine's load hits both alike.  Prints each pair and the median ratio new/old.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

CHILD = r"""
import json, sys, time
import pymaze
family, slug, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
if family == "generator":
    t = time.process_time(); pymaze.generate(slug, size, size, seed=1)
else:
    maze = pymaze.generate("dig", size, size, seed=1)
    if maze.geometry not in pymaze.registry.solvers()[slug].geometries:
        maze = maze.as_block()
    t = time.process_time(); pymaze.solve(maze, slug, seed=1)
print(json.dumps(time.process_time() - t))
"""


def run(root, family, slug, size):
    env = dict(os.environ, PYTHONPATH=root)
    out = subprocess.run([sys.executable, "-c", CHILD, family, slug, str(size)], env=env, cwd=root,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("jobs", nargs="+", help="family:slug")
    ap.add_argument("--pairs", type=int, default=2)
    ap.add_argument("--size", type=int, default=1000)
    args = ap.parse_args(argv)
    for job in args.jobs:
        family, slug = job.split(":")
        ratios = []
        for _ in range(args.pairs):
            old = run(args.old, family, slug, args.size)
            new = run(args.new, family, slug, args.size)
            ratios.append(new / old)
            print(f"{family} {slug}: old {old:.2f} s, new {new:.2f} s, ratio {new / old:.2f} "
                  f"(load {os.getloadavg()[0]:.1f})", flush=True)
        print(f"{family} {slug}: median ratio {statistics.median(ratios):.2f}", flush=True)


if __name__ == "__main__":
    main()
