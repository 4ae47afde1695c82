"""Fixtures for the page tests: the built site served by build.py, one Chromium per session."""

import os
import sys
import threading
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
# Set before the page's scripts run: its engine then also answers the tests' requests
# (pymaze.web_debug: window.pymaze.streamHash, crashEngine, timing), which the page never loads itself.
DEBUG = "globalThis.PYMAZE_DEBUG = true;"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


def chromium_path():
    for path in (os.environ.get("PYMAZE_CHROMIUM"), "/usr/bin/chromium"):
        if path and os.access(path, os.X_OK):
            return path
    return None  # Playwright's own browser, if it has one


@pytest.fixture(scope="session")
def site_url():
    sys.path.insert(0, str(ROOT))
    import build
    site = Path(os.environ.get("PYMAZE_SITE") or build.SITE)
    if not (site / "manifest.json").exists():
        site = build.build(quiet=True)
    server = build.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Page:
    """A page of the site with its console messages kept for failure reports; the settings sheet
    open (``open_sheet``), so that every control is in reach (tests/test_page_first_minute.py
    tours the page as it first opens)."""

    def __init__(self, browser, url, viewport, open_sheet=True):
        self.console = []
        self.page = browser.new_page(viewport=viewport)
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        self.page.add_init_script(DEBUG)
        self.page.goto(url)
        # ready: the engine is up (and, without a link, the first visit's solve has started)
        self.page.wait_for_function("window.pymaze && window.pymaze.runs > 0 && !window.pymaze.intro", timeout=90000)
        if open_sheet:
            self.open_sheet()

    def open_sheet(self):
        """Open the settings sheet (size, seed, shape, options, export...), where it is closed."""
        if self.page.get_attribute("#settings-toggle", "aria-expanded") != "true":
            self.page.click("#settings-toggle")

    def errors(self):
        return [line for line in self.console if line.startswith(("error", "pageerror"))]

    def js(self, script, arg=None):
        return self.page.evaluate(script, arg)

    def snapshot(self):
        return self.js("window.pymaze.snapshot()")

    def wait_state(self, *states, timeout=60000):
        self.page.wait_for_function("states => states.includes(window.pymaze.state)", arg=list(states),
                                    timeout=timeout)

    def fill(self, **fields):
        for name, value in fields.items():
            self.page.fill(f"#{name}", str(value))

    def speed(self, value):
        self.js("v => { const s = document.getElementById('speed'); s.value = v;"
                " s.dispatchEvent(new Event('input')); }", value)

    def generate(self, slug, width, height, seed, events=True):
        """Choose generator ``slug``, size and seed, and generate at instant speed; the snapshot."""
        self.page.select_option("#generator", slug)
        self.fill(width=width, height=height, seed=seed)
        return self.run("generate", events=events)

    def run(self, button, timeout=60000, events=True):
        """Click generate/solve with the speed at instant and wait for the run to finish.  An instant
        run keeps no events; ``events`` has the page make them again (as a step back would), so
        that the snapshot holds the whole run."""
        self.speed(100)
        # (a run the page began itself, as a change of shape does, lands first)
        self.page.wait_for_function("!document.body.classList.contains('busy')", timeout=timeout)
        before = self.js("window.pymaze.runs")
        self.page.click(f"#{button}")
        self.page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'",
                                    arg=before, timeout=timeout)
        if events:
            self.js("window.pymaze.fetchAll()")
        return self.snapshot()


@pytest.fixture(scope="module")
def page(browser, site_url, request):
    p = Page(browser, site_url, {"width": 1366, "height": 768})
    yield p
    if request.session.testsfailed:
        print("\n--- browser console ---\n" + "\n".join(p.console))
    p.page.close()


def read_png(data):
    """(width, height, rows of RGBA tuples) of an 8-bit RGB/RGBA non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:8], "big")
    depth, colour = header[8], header[9]
    assert depth == 8 and colour in (2, 6) and header[12] == 0, "unsupported PNG"
    bpp = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(idat), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, bpp)])
        prev = line
    return width, height, rows
