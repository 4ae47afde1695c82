"""Lab benchmark: mazes measured per second at 50x50 in CPython (one process, a process pool) and in
the page (one worker, the pool of four), with the same generators and seeds.

    python bench/lab.py [--count N] [--jobs N]

The page half needs the built site (``python build.py build``) and Playwright with a Chromium
(``python build.py test`` sets both up in .venv; run this with .venv/bin/python).  The page's
pool size follows navigator.hardwareConcurrency, which this script sets for each measurement.
"""

import argparse
import os
import platform
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
import build  # noqa: E402
import pymaze  # noqa: E402

GENERATORS = ["dig", "kruskal", "wilson", "prim"]
SIZE = 50


def cpython(count, jobs):
    rows = []
    t = time.perf_counter()
    pymaze.lab(GENERATORS, size=SIZE, count=count, seed=1)
    rows.append(("CPython, one process", len(GENERATORS) * count / (time.perf_counter() - t)))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        t = time.perf_counter()
        pymaze.lab(GENERATORS, size=SIZE, count=count, seed=1, executor=pool)
        rows.append((f"CPython, {jobs} processes", len(GENERATORS) * count / (time.perf_counter() - t)))
    return rows


def page(count, workers):
    """Mazes per second of the page's lab with a pool of ``workers``, counted from the first worker
    ready (the lab's own figure) and from the click (with the workers' start)."""
    from playwright.sync_api import sync_playwright

    from browser import CHROMIUM_ARGS, chromium_path
    server = build.make_server(build.SITE, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for n in workers:
            pg = browser.new_page(viewport={"width": 1280, "height": 800})
            pg.add_init_script(f"Object.defineProperty(navigator, 'hardwareConcurrency', {{ get: () => {n + 1} }});")
            pg.goto(url)
            pg.wait_for_function("window.pymaze && window.pymaze.state === 'done'", timeout=120000)
            pg.click("#mode-lab")
            for box in pg.query_selector_all("#lab-generators input"):
                box.set_checked(box.get_attribute("value") in GENERATORS)
            for field, value in (("width", SIZE), ("height", SIZE), ("count", count), ("seed", 1)):
                pg.fill(f"#lab-{field}", str(value))
            t = time.perf_counter()
            pg.click("#lab-run")
            pg.wait_for_function("window.pymaze.lab().state === 'done'", timeout=1800000, polling=500)
            wall = time.perf_counter() - t
            lab = pg.evaluate("window.pymaze.lab()")
            rate = float(lab["message"].split("(")[1].split()[0])
            rows.append((f"page, {lab['workers']} worker{'s' if lab['workers'] > 1 else ''}", rate,
                         len(GENERATORS) * count / wall))
            pg.close()
        browser.close()
    server.shutdown()
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=25, help="mazes per generator (default 25)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes of the CPython pool")
    args = ap.parse_args()
    print(f"{len(GENERATORS)} generators ({', '.join(GENERATORS)}) x {args.count} mazes of {SIZE}x{SIZE}, "
          f"no solvers; {platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start\n")
    print("| where | mazes/s (measuring) | mazes/s (from the click, with the workers' start) |")
    print("|---|---|---|")
    for name, rate in cpython(args.count, args.jobs):
        print(f"| {name} | {rate:.1f} | |")
    for name, rate, wall in page(args.count, (1, 4)):
        print(f"| {name} | {rate:.1f} | {wall:.1f} |")


if __name__ == "__main__":
    main()
