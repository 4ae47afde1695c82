"""A second visit with the network gone: the service worker (web/sw.js) keeps every file of the
built site in a cache named after a hash of the site's files; offline, a reload boots the engine
from it, generates and solves; a new build's worker replaces that cache with its own.  A copy of
the site on a server of its own, in a browser context of its own (service workers and caches are
a context's and an origin's)."""

import os
import re
import shutil
import threading
from pathlib import Path

import pytest

import build
import pymaze
from browser import DEBUG, Page

pytestmark = pytest.mark.browser
READY = "window.pymaze && window.pymaze.runs > 0 && !window.pymaze.intro"
CACHES = """async () => { const out = {};
  for (const k of await caches.keys()) out[k] = (await (await caches.open(k)).keys()).map((r) => new URL(r.url).pathname);
  return out; }"""


class Server:
    """build.py's server on the copy, stopped and started again on the same port (one origin)."""

    def __init__(self, site):
        self.site, self.port, self.server = site, 0, None

    def start(self):
        self.server = build.make_server(self.site, self.port)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.port}/"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class ContextPage(Page):
    def __init__(self, context, url):
        self.console = []
        self.page = context.new_page()
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        self.page.add_init_script(DEBUG)  # the test hooks (a debug worker, worker.js?debug, cached too)
        self.page.goto(url)
        self.page.wait_for_function(READY, timeout=90000)
        self.open_sheet()


@pytest.fixture(scope="module")
def offline(browser, tmp_path_factory):
    site = Path(os.environ.get("PYMAZE_SITE") or build.SITE)
    if not (site / "manifest.json").exists():
        site = build.build(quiet=True)
    copy = tmp_path_factory.mktemp("offline") / "site"
    shutil.copytree(site, copy)
    server = Server(copy)
    url = server.start()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ContextPage(context, url)
    yield page, context, server, copy
    context.close()
    if server.server:
        server.stop()


def built_version(site):
    return re.search(r'^const VERSION = "([0-9a-f]+)";', (site / "sw.js").read_text(), re.M).group(1)


def wait_cached(page, version, timeout=30000):
    """Until the worker of ``version`` controls the page and its cache is the only one of the site."""
    done = page.js("""async ([v, timeout]) => {
        const until = Date.now() + timeout;
        while (Date.now() < until) {
          const keys = (await caches.keys()).filter((k) => k.startsWith('pymaze-site-'));
          const reg = await navigator.serviceWorker.getRegistration();
          if (navigator.serviceWorker.controller && reg && reg.active && reg.active.state === 'activated'
              && !reg.installing && !reg.waiting && keys.join() === 'pymaze-site-' + v) return true;
          await new Promise((r) => setTimeout(r, 100));
        }
        return false; }""", [version, timeout])
    assert done, page.js(CACHES)


def test_a_second_visit_boots_generates_and_solves_with_the_network_gone(offline):
    page, context, server, site = offline
    version = built_version(site)
    assert version == build.site_version(site)
    wait_cached(page, version)
    cached = page.js(CACHES)[f"pymaze-site-{version}"]
    files = ["/" + name for name in build.site_files(site)]
    assert sorted(cached) == sorted(["/", *files])  # every file of the site, wheel and runtime too
    assert {"/manifest.json", "/pyodide.asm.wasm", "/python_stdlib.zip", "/catalogue.json"} <= set(cached)
    assert any(name.endswith(".whl") for name in cached)
    server.stop()  # the network is gone: nothing answers on the site's port
    server.server = None
    context.set_offline(True)
    try:
        response = page.page.reload()
        assert response.ok and response.from_service_worker
        page.page.wait_for_function(READY, timeout=60000)
        # the fast path, offline: the snapshot as sw.js kept it, gunzipped; the runtime compiled once
        info = page.js("window.pymaze.boot()")
        assert (info["path"], info["wasm"], info["gunzipped"]) == ("snapshot", "worker", True), info
        assert [r["name"] for r in info["resources"]].count("pyodide.asm.wasm") == 1, info["resources"]
        page.open_sheet()
        page.generate("dig", 21, 15, 3)
        snap = page.run("solve")
        solution = pymaze.solve(pymaze.generate("dig", 21, 15, seed=3), "bfs")
        assert solution.found and snap["routeLength"] == solution.moves
        assert sum(1 for m in snap["mark"] if m == 5) == solution.moves + 1  # the route drawn
        assert page.errors() == [], "\n".join(page.console)
        # a file the site does not have: the network's own failure, no made-up answer
        assert page.js("fetch('no-such-file.txt').then(() => 'answered', (e) => e.name)") == "TypeError"
        page.console.clear()  # (the browser logs that failure)
    finally:
        context.set_offline(False)


def test_a_new_build_replaces_the_cache_of_the_old_one(offline):
    page, context, server, site = offline
    old = built_version(site)
    if server.server is None:
        server.start()  # the same port: the same origin, its worker and caches
    page.js("caches.open('not-the-site').then((c) => c.put('x', new Response('kept')))")
    (site / "sw.js").write_text((site / "sw.js").read_text() + "\n")  # the worker's own bytes: no new version
    assert build.site_version(site) == old
    about = site / "about.html"
    about.write_text(about.read_text() + "<!-- build 2 -->\n")  # any file of the site changed...
    new = build.write_service_worker(site)  # ...makes a new version, as a new build would
    assert new != old and built_version(site) == new == build.site_version(site)
    page.page.reload()  # the old worker answers; the browser finds the new sw.js and installs it
    wait_cached(page, new)
    caches = page.js(CACHES)
    assert set(caches) == {f"pymaze-site-{new}", "not-the-site"}  # the old build's cache is gone
    assert "build 2" in page.js("fetch('about.html').then((r) => r.text())")
    assert page.js("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    assert page.errors() == [], "\n".join(page.console)


def test_a_damaged_gunzipped_snapshot_in_the_cache_sends_the_page_on_the_normal_boot(offline):
    page, context, server, site = offline
    if server.server is None:
        server.start()
    wait_cached(page, built_version(site))
    damaged = page.js("""async () => {
        const cache = await caches.open((await caches.keys()).find((k) => k.startsWith('pymaze-site-')));
        const kept = await cache.match('engine.snapshot');
        if (kept.headers.get('X-Gunzipped') !== '1') return false;
        const bytes = new Uint8Array(await kept.arrayBuffer());
        bytes.fill(0, 0, 64);  // (its header: not a snapshot any more)
        await cache.put('engine.snapshot', new Response(bytes, { headers: kept.headers }));
        return true; }""")
    assert damaged  # (sw.js kept the snapshot gunzipped)
    page.page.reload()
    page.page.wait_for_function(READY, timeout=180000)
    info = page.js("window.pymaze.boot()")
    assert info["path"] == "normal" and info["gunzipped"] and "magic number" in info["fallback"], info
    page.open_sheet()
    page.generate("dig", 9, 7, 4)
    assert bytes(page.snapshot()["wall"]) == bytes(pymaze.generate("dig", 9, 7, seed=4).wall)
    assert page.errors() == [], "\n".join(page.console)
