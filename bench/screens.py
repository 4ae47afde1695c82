"""Screenshots of every mode of the page at a desk's size and a phone's, for docs/.

    python bench/screens.py [--out docs] [--modes watch,play,edit,race,lab,code] [--sheet]

Serves the built site (``python build.py build`` first), opens it as a newcomer does (the first
visit's generate and solve), then enters each mode from the tab row and saves
``page-MODE.png`` (1280x800) and ``page-MODE-phone.png`` (390x844).  ``--sheet`` also saves the
settings sheet open (``page-sheet*.png``).  It also prints the time from navigation to the first
visit's solve starting, and to its end drawn (the slider's default speed).
"""

import os
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

SIZES = {"": {"width": 1280, "height": 800}, "-phone": {"width": 390, "height": 844}}
MODES = ["watch", "play", "edit", "race", "lab", "code"]


def settle(page):
    """Wait for the first visit's solve to be drawn to its end (the slider's speed: a few seconds)."""
    page.wait_for_function("window.pymaze && window.pymaze.runs > 0 && !window.pymaze.intro", timeout=120000)
    page.wait_for_function("window.pymaze.state === 'done' && window.pymaze.snapshot().kind === 'solve'"
                           " && window.pymaze.painted", timeout=120000)


def enter(page, mode):
    """Into ``mode`` by its tab (Code: from the settings sheet), as a person would, and wait until it
    shows what it is for."""
    if mode == "code":
        page.click("#settings-toggle")
    page.click(f"#mode-{mode}")
    if mode in ("play", "edit"):
        page.wait_for_function("m => window.pymaze.snapshot().mode === m", arg=mode)
        if mode == "play":
            for key in ["ArrowRight", "ArrowDown", "ArrowDown", "ArrowRight"]:
                page.keyboard.press(key)
    elif mode == "race":
        page.click("#race-start")
        page.wait_for_function("window.pymaze.race().boards.length > 0 && window.pymaze.race().boards.every((b) => b.total > 0)")
        page.click("#race-next")
        page.click("#race-next")
    elif mode == "lab":
        page.fill("#lab-count", "10")
        page.click("#lab-run")
        page.wait_for_function("window.pymaze.lab().state === 'done'", timeout=120000)
    elif mode == "code":
        page.wait_for_selector(".cm-content", timeout=60000)
    page.wait_for_timeout(400)  # a frame or two for the last drawing


def leave(page, mode):
    if mode == "lab":
        page.click("#lab-back")
    else:
        page.click("#mode-watch")
    if page.get_attribute("#settings-toggle", "aria-expanded") == "true":
        page.click("#sheet-close")
    page.wait_for_timeout(200)


def main(argv):
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else ROOT / "docs"
    modes = argv[argv.index("--modes") + 1].split(",") if "--modes" in argv else MODES
    site = Path(os.environ.get("PYMAZE_SITE") or build.SITE)
    server = build.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("PYMAZE_CHROMIUM", "/usr/bin/chromium"),
                                    args=["--no-sandbox", "--disable-gpu"])
        for suffix, viewport in SIZES.items():
            page = browser.new_page(viewport=viewport)
            errors = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            t0 = time.perf_counter()
            page.goto(url)
            page.wait_for_function("window.pymaze && window.pymaze.runs > 1", timeout=120000, polling=50)
            first = time.perf_counter() - t0  # navigation to the first visit's solve under way
            settle(page)
            print(f"{viewport['width']}x{viewport['height']}: the solve starts {first:.1f} s after navigation, "
                  f"drawn to its end after {time.perf_counter() - t0:.1f} s")
            for mode in modes:
                if mode != "watch":
                    enter(page, mode)
                path = out / f"page-{mode}{suffix}.png"
                page.screenshot(path=str(path))
                print(path)
                if mode != "watch":
                    leave(page, mode)
            if "--sheet" in argv:
                page.click("#settings-toggle")
                page.wait_for_timeout(200)
                page.screenshot(path=str(out / f"page-sheet{suffix}.png"))
                print(out / f"page-sheet{suffix}.png")
            if errors:
                print("console errors:", *errors, sep="\n  ")
            page.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
