"""Play's 3D view in headless Chromium drawing WebGL through SwiftShader (the CPU: a floor for what a
GPU does): the time to build a maze's walls and floor, and frames per second while the view glides
through turns, on square mazes of growing size.

    python bench/walk3d.py [--sizes 40,100,200] [--seconds 4]

Needs the built site (``python build.py build``) and Playwright with a Chromium.
"""

import argparse
import os
import sys
import threading
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="40,100,200")
    ap.add_argument("--seconds", type=float, default=4)
    args = ap.parse_args()
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
        b.close()
    server.shutdown()


if __name__ == "__main__":
    main()
