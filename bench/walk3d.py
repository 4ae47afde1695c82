"""Play's 3D view in headless Chromium drawing WebGL through SwiftShader (the CPU: a floor for what a
GPU does): the time to build a maze's walls and floor, and frames per second while the view glides
through turns, on square mazes of growing size; then frames per second while the pointer orbits
Watch's 3D overview of a finished run (a BFS solve) on a square maze of --orbit cells a side.
`python build.py bench` runs it with its defaults.

    python bench/walk3d.py [--sizes 40,100,200] [--seconds 4] [--orbit 200]

Needs the built site (``python build.py build``) and Playwright with a Chromium.
"""

import argparse
import math
import os
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
import build  # noqa: E402
from browser import CHROMIUM_ARGS, DEBUG, chromium_path  # noqa: E402

GLIDE = """async (seconds) => {
  const board = document.getElementById("board"), t0 = performance.now(), f0 = window.pymaze.view3d().frames;
  while (performance.now() - t0 < seconds * 1000) {
    board.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    await new Promise((r) => setTimeout(r, 180));
  }
  return (window.pymaze.view3d().frames - f0) / ((performance.now() - t0) / 1000);
}"""


def orbit(page, n, seconds):
    """Frames per second while the pointer drags round Watch's 3D overview of a finished BFS run on a
    dig n x n maze (the board's layers copied onto the floor and the walls drawn every frame)."""
    page.evaluate("f => { location.hash = f; }", f"gen=dig&w={n}&h={n}&seed=1&sol=bfs&run=solve&speed=100&view=thin&orbit=0_50_1.3")
    page.wait_for_function(f"window.pymaze.snapshot().width === {2 * n + 1} && window.pymaze.state === 'done'"
                           " && window.pymaze.snapshot().kind === 'solve' && window.pymaze.overview().active"
                           " && window.pymaze.overview().frames > 2", timeout=600000)
    box = page.locator("canvas.view3d:not([hidden])").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    f0, t0 = page.evaluate("window.pymaze.overview().frames"), time.perf_counter()
    k = 0
    while time.perf_counter() - t0 < seconds:
        k += 1
        page.mouse.move(cx + 150 * math.sin(k / 6), cy + 40 * math.cos(k / 6))
        page.wait_for_timeout(30)
    frames, took = page.evaluate("window.pymaze.overview().frames") - f0, time.perf_counter() - t0
    page.mouse.up()
    o = page.evaluate("window.pymaze.overview()")
    return frames / took, o


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="40,100,200")
    ap.add_argument("--seconds", type=float, default=4)
    ap.add_argument("--orbit", type=int, default=200, help="the overview's maze, cells a side (0: not measured)")
    args, _ = ap.parse_known_args()  # (python build.py bench hands every script the same arguments)
    from playwright.sync_api import sync_playwright
    server = build.make_server(Path(os.environ.get("PYMAZE_SITE") or build.SITE), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("| maze | walls (instances) | draw calls | build ms | frames/s gliding |")
    print("|---|---|---|---|---|")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), headless=True,
                              args=CHROMIUM_ARGS + ["--enable-unsafe-swiftshader", "--use-angle=swiftshader"])
        page = b.new_page(viewport={"width": 1280, "height": 800})
        page.add_init_script(DEBUG)
        page.goto(url + "#gen=dig&w=8&h=8&seed=1&view=3d")
        page.wait_for_function("window.pymaze && window.pymaze.state === 'walking' && window.pymaze.view3d().active", timeout=120000)
        for n in map(int, args.sizes.split(",")):
            page.evaluate("f => { location.hash = f; }", f"gen=dig&w={n}&h={n}&seed=1&view=3d")
            page.wait_for_function(f"window.pymaze.snapshot().width === {2 * n + 1} && window.pymaze.state === 'walking'"
                                   " && window.pymaze.view3d().active && window.pymaze.view3d().frames > 0", timeout=300000)
            v = page.evaluate("window.pymaze.view3d()")
            fps = page.evaluate(GLIDE, args.seconds)
            print(f"| dig {n}×{n} | {v['walls']:,} | {v['calls']} | {v['buildMs']:.0f} | {fps:.1f} |")
        if args.orbit:
            fps, o = orbit(page, args.orbit, args.seconds)
            print(f"\n| overview | walls (instances) | draw calls | frames/s orbiting |\n|---|---|---|---|\n"
                  f"| bfs on dig {args.orbit}×{args.orbit}, run finished | {o['walls']:,} | {o['calls']} | {fps:.1f} |")
        b.close()
    server.shutdown()


if __name__ == "__main__":
    main()
