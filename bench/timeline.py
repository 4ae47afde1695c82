"""Timeline and animation export benchmark in headless Chromium: seeks in a run of about a million
events (from the nearest snapshot), and GIF / WebM / MP4 exports of a 100x100 run.

    python bench/timeline.py [--seeks N] [--size N] [--only seek|export|bytes]

``bytes``: the bytes the page's event log keeps per event (state.js's blocks), for real runs
at 500x500 (instant, then every event made again as a step back does); the environment variable
BYTES_RUNS (e.g. ``dig+bfs,wilson``: generator, and solver after a +) picks some.

Needs the built site (``python build.py build``) and Playwright with a Chromium
(``python build.py test`` sets both up in .venv; run this with .venv/bin/python).
Prints markdown for docs/BENCHMARKS.md.
"""

import argparse
import os
import platform
import random
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]
DONE = "runs => window.pymaze && window.pymaze.runs >= runs && window.pymaze.state === 'done'"


def open_run(browser, url, link, timeout=900000):
    """The run of `link` at its end (its solve's, when it has run=solve) with every event in the
    page (an instant run's made again)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url + link)
    runs = 2 if "run=solve" in link else 1
    page.wait_for_function(DONE, arg=runs, timeout=timeout, polling=500)
    page.wait_for_timeout(2000)  # a link's solve starts a moment after its generate is done
    page.wait_for_function(DONE, arg=runs, timeout=timeout, polling=500)
    page.evaluate("window.pymaze.fetchAll()")
    return page


def seeks(browser, url, side, count):
    link = f"#gen=dig&w={side}&h={side}&seed=1&sol=bfs&speed=100"
    t0 = time.perf_counter()
    page = open_run(browser, url, link)
    loaded = time.perf_counter() - t0
    total = page.evaluate("window.pymaze.progress().total")
    t0 = time.perf_counter()
    page.wait_for_function("() => window.pymaze.timeline().built === window.pymaze.progress().total",
                           timeout=900000, polling=100)
    built = time.perf_counter() - t0
    info = page.evaluate("window.pymaze.timeline()")
    rng = random.Random(1)
    times = []
    for _ in range(count):
        k = rng.randrange(total + 1)
        times.append(page.evaluate("k => window.pymaze.seek(k)", k))
    # the worst place: just before a snapshot (K - 1 events replayed from the one before)
    worst = [page.evaluate("k => window.pymaze.seek(k)", info["k"] * j - 1) for j in range(1, 6)]
    page.close()
    times.sort()
    return {"side": side, "total": total, "loaded": loaded, "built": built, "k": info["k"],
            "snapshots": info["snapshots"], "median": statistics.median(times),
            "p95": times[int(0.95 * (len(times) - 1))], "max": max(times), "worst": max(worst), "count": count}


BYTES_RUNS = [("wilson", ""), ("dig", ""), ("kruskal", ""), ("dig", "bfs"), ("dig", "dijkstra")]
ONLY = os.environ.get("BYTES_RUNS")  # e.g. "dig+bfs,dig+dijkstra": some of them
if ONLY:
    BYTES_RUNS = [tuple((r + "+").split("+")[:2]) for r in ONLY.split(",")]


def log_bytes(browser, url, side):
    """[(run, events, bytes of the encoded blocks, bytes the log keeps in all, bytes of its snapshots)]
    for the BYTES_RUNS at side x side."""
    out = []
    for gen, sol in BYTES_RUNS:
        page = open_run(browser, url, f"#gen={gen}&w={side}&h={side}&seed=1&speed=100" + (f"&sol={sol}" if sol else ""))
        if sol:  # the solve, started as a click starts it, on the generated maze
            runs = page.evaluate("window.pymaze.runs")
            page.click("#solve")
            page.wait_for_function(DONE, arg=runs + 1, timeout=900000, polling=500)
            page.evaluate("window.pymaze.fetchAll()")
        total = page.evaluate("window.pymaze.progress().total")
        page.wait_for_function("() => window.pymaze.timeline().built === window.pymaze.progress().total",
                               timeout=900000, polling=200)
        info = page.evaluate("window.pymaze.timeline()")
        page.close()
        out.append((f"{gen} + {sol}" if sol else gen, total, info["encodedBytes"], info["logBytes"], info["snapshotBytes"]))
        print(f"  {out[-1][0]}: {total:,} events, {info['encodedBytes'] / total:.2f} bytes an event encoded, "
              f"{info['logBytes'] / total:.2f} with the partial block and the decoded ones cached", flush=True)
    return out


def print_bytes(rows, side):
    print(f"The event log's size, {side}×{side} cells, seed 1 (every event of the run kept):\n")
    print("| run | events | encoded blocks | bytes an event | the whole log (with its cache) | snapshots |")
    print("|---|---|---|---|---|---|")
    for name, total, encoded, size, snaps in rows:
        print(f"| {name} | {total:,} | {encoded / 2 ** 20:.1f} MB | {encoded / total:.2f} | {size / 2 ** 20:.1f} MB "
              f"({size / total:.2f} an event) | {snaps / 2 ** 20:.1f} MB |")
    print()


def export(browser, url, fmt, width, fps, seconds):
    page = open_run(browser, url, "#gen=dig&w=100&h=100&seed=1&sol=bfs&run=solve&speed=100")
    total = page.evaluate("window.pymaze.progress().total")
    page.click("#animate-open")
    page.wait_for_function("!document.querySelector('#animate-panel .anim-start').disabled")
    per = max(1, -(-total // (fps * seconds)))
    settings = {"format": fmt, "width": width, "height": width, "fps": fps, "perFrame": per, "from": 0, "to": total}
    for name, value in settings.items():
        field = page.locator(f"#animate-panel [data-setting={name}]")
        field.select_option(value) if name == "format" else field.fill(str(value))
    page.click("#animate-panel .anim-start")
    page.wait_for_function("window.pymaze.exported() > 0", timeout=1800000, polling=500)
    r = page.evaluate("(() => { const r = window.pymaze.animation(); return { ms: r.ms, frames: r.frames, "
                      "encoder: r.encoder, size: r.base64.length * 3 / 4 }; })()")
    page.close()
    return {"format": fmt, "width": width, "fps": fps, "per": per, "total": total, **r,
            "length": r["frames"] / fps}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeks", type=int, default=50)
    ap.add_argument("--only", choices=["seek", "export", "bytes"], help="one part of the benchmark")
    ap.add_argument("--size", type=int, default=710, help="the seek run's maze side (710: about 1 million events)")
    args = ap.parse_args(argv)
    site = build.SITE
    if not (site / "manifest.json").exists():
        site = build.build(quiet=True)
    server = build.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    chromium = os.environ.get("PYMAZE_CHROMIUM") or "/usr/bin/chromium"
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=ARGS)
        s = seeks(browser, url, args.size, args.seeks) if args.only in (None, "seek") else None
        exports = [export(browser, url, fmt, 600, 30, 10) for fmt in ("gif", "webm", "mp4")] \
            if args.only in (None, "export") else []
        sizes = log_bytes(browser, url, 500) if args.only in (None, "bytes") else []
        browser.close()
    server.shutdown()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, load average {load:.1f} while measuring.\n")
    if s:
        print_seeks(s)
    if exports:
        print_exports(exports)
    if sizes:
        print_bytes(sizes, 500)


def print_seeks(s):
    print(f"Seeking: dig {s['side']}×{s['side']} cells, {s['total']:,} events (loaded at instant speed in "
          f"{s['loaded']:.1f} s; snapshots built behind it in {s['built']:.1f} s more: {s['snapshots']} of them, "
          f"K = {s['k']:,} events apart).\n")
    print("| seeks | median | 95th percentile | max | worst place (K − 1 events after a snapshot) |")
    print("|---|---|---|---|---|")
    print(f"| {s['count']} random events | {s['median']:.1f} ms | {s['p95']:.1f} ms | {s['max']:.1f} ms "
          f"| {s['worst']:.1f} ms |\n")


def print_exports(exports):
    print("Export of dig 100×100 + bfs (the whole solve), 600×600 px, 30 frames/s, about 10 s:\n")
    print("| format | encoder | events | events/frame | frames | animation | export time | file |")
    print("|---|---|---|---|---|---|---|---|")
    for e in exports:
        print(f"| {e['format']} | {e['encoder']} | {e['total']:,} | {e['per']} | {e['frames']} | {e['length']:.1f} s "
              f"| {e['ms'] / 1000:.1f} s | {e['size'] / 2 ** 20:.2f} MB |")


if __name__ == "__main__":
    main(sys.argv[1:])
