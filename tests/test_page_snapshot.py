"""The engine's snapshot (build.py, web/engine/snapshot/make.mjs, web/engine/worker.js): Pyodide's memory once
Python has started and imported the engine, made at build time with Node and restored by the
page instead of starting Python (the runtime's WebAssembly compiled by the worker meanwhile, once).  Its API is private to the pinned Pyodide, so it is checked here
against that version; the built site boots from it (the page says which way it booted), and a
missing, damaged or foreign snapshot sends the page on the normal boot, quietly, with the engine
working.  Each boot in a browser context of its own, on a copy of the site served by build.py."""

import gzip
import json
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

import build
import pymaze
from browser import DEBUG

pytestmark = pytest.mark.browser
READY = "window.pymaze && window.pymaze.runs > 0 && !window.pymaze.intro"


def test_the_pinned_pyodide_makes_and_restores_memory_snapshots():
    pinned = json.loads((build.WEB / "package.json").read_text())["dependencies"]["pyodide"]
    out = subprocess.run(["node", str(Path(__file__).with_name("snapshot_api.mjs")), str(build.pyodide_dir())],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["version"] == pinned
    assert found["snapshotIsBytes"] and found["snapshotBytes"] > 1 << 20
    assert found["restored"] == 42  # the value and the import made before the snapshot, Python running
    assert "magic number" in found["broken"]  # not a snapshot: refused, not restored
    assert found["cwd"] == "/home/pyodide"  # where the page writes the wheel (on sys.path: web/engine/worker.js)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    built = Path(os.environ.get("PYMAZE_SITE") or build.SITE)
    if not (built / "manifest.json").exists():
        built = build.build(quiet=True)
    copy = tmp_path_factory.mktemp("snapshot") / "site"
    shutil.copytree(built, copy)
    server = build.make_server(copy, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield copy, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def boot(browser, url):
    """A fresh context (no service worker, no cache), the page booted: (page, console lines, boot info)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    console = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    page.add_init_script(DEBUG)
    page.goto(url)
    page.wait_for_function(READY, timeout=120000)
    return context, page, console, page.evaluate("window.pymaze.boot()")


def same_maze_as_cpython(page, seed):
    page.click("#settings-toggle")
    page.select_option("#generator", "dig")
    page.fill("#width", "21")
    page.fill("#height", "15")
    page.fill("#seed", str(seed))
    page.evaluate("() => { const s = document.getElementById('speed'); s.value = 100; s.dispatchEvent(new Event('input')); }")
    page.wait_for_function("!document.body.classList.contains('busy')", timeout=60000)
    before = page.evaluate("window.pymaze.runs")
    page.click("#generate")
    page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'", arg=before, timeout=60000)
    return bytes(page.evaluate("window.pymaze.snapshot()")["wall"]) == bytes(pymaze.generate("dig", 21, 15, seed=seed).wall)


def test_the_built_site_boots_from_its_snapshot(browser, site):
    copy, url = site
    assert json.loads((copy / "manifest.json").read_text())["snapshot"] == build.SNAPSHOT
    context, page, console, info = boot(browser, url)
    try:
        assert (info["path"], info["fallback"]) == ("snapshot", None), info
        marks = info["marks"]
        assert marks["snapshot"] <= marks["python"] <= marks["imported"] <= marks["ready"]
        assert marks["compiled"] <= marks["python"]
        assert_one_compile(info)
        assert same_maze_as_cpython(page, 7)
        # the engine's sources stay readable (Code's copy of a built-in): inspect reads them from the wheel
        page.click("#mode-code")
        page.select_option("#code-template", "solver:dfs")
        page.wait_for_function("window.pymaze.code.text().includes('@solver(\"my-dfs\"')", timeout=60000)
        assert "yield" in page.evaluate("window.pymaze.code.text()")
        assert not [line for line in console if line.startswith(("error", "pageerror"))], console
    finally:
        context.close()


def test_the_page_loads_its_scripts_bundled(browser, site):
    """build.py's bundle_page: the page's scripts come as web/index.html's two entries and the chunks
    they share (not about sixty modules, which the engine's worker queued behind), besides the
    vendored libraries they import; the site's app/ holds nothing else."""
    copy, url = site
    context, page, console, info = boot(browser, url)
    try:
        scripts = page.evaluate("""() => performance.getEntriesByType('resource')
            .map((e) => new URL(e.name)).filter((u) => u.origin === location.origin && /\\.m?js$/.test(u.pathname))
            .map((u) => u.pathname.slice(1))""")
        own = sorted(s for s in scripts if s.startswith("app/"))
        chunks = [s for s in own if s.startswith("app/chunk-")]
        assert sorted(set(own) - set(chunks)) == ["app/early.js", "app/main.js"] and len(chunks) <= 3, scripts
        # (the engine's worker's own module graph counts as the page's too)
        worker = {"engine/worker.js", "engine/pack.js", "pyodide.mjs"}
        assert set(scripts) - set(own) <= {*build.VENDOR, "three.js", "editor.js", *worker}, scripts
        # the site's app/: the pages' entries (about.html's too) and their chunks, none of web/app's other modules
        entries = [p.rsplit("/", 1)[1] for p in build.page_entries()]
        assert "about.js" in entries and len(list((build.WEB / "app").glob("*.js"))) > len(entries)
        assert sorted(p.name for p in (copy / "app").iterdir() if not p.name.startswith("chunk-")) == entries
        assert not [line for line in console if line.startswith(("error", "pageerror"))], console
    finally:
        context.close()


def assert_one_compile(info):
    """The worker compiled the runtime as it downloaded and Pyodide took that module: the file came once."""
    assert info["wasm"] == "worker", info
    assert [r["name"] for r in info["resources"]].count("pyodide.asm.wasm") == 1, info["resources"]


def test_without_its_compile_helper_the_worker_leaves_the_runtime_to_pyodide(browser, site):
    copy, url = site
    helper = copy / "engine" / "compile.js"
    kept = helper.read_bytes()
    helper.unlink()
    try:
        context, page, console, info = boot(browser, url)
    finally:
        helper.write_bytes(kept)
    try:
        assert (info["path"], info["fallback"], info["wasm"]) == ("snapshot", None, "Pyodide"), info
        assert [r["name"] for r in info["resources"]].count("pyodide.asm.wasm") == 1, info["resources"]
        assert same_maze_as_cpython(page, 9)
    finally:
        context.close()


def damage(path):
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(255 - b for b in data[middle:middle + 64])
    path.write_bytes(bytes(data))


def foreign(path):
    """Another Pyodide build's snapshot: the build id in its header changed (gzip intact)."""
    data = bytearray(gzip.decompress(path.read_bytes()))
    data[16:48] = bytes(32)
    path.write_bytes(gzip.compress(bytes(data), compresslevel=1))


@pytest.mark.parametrize("spoil, reason", [
    (Path.unlink, "404"),
    (damage, ""),  # (gzip's own words for a bad checksum or stream differ by browser)
    (foreign, "build id mismatch"),
], ids=["missing", "damaged", "foreign"])
def test_a_snapshot_that_does_not_load_falls_back_to_the_normal_boot(browser, site, spoil, reason):
    copy, url = site
    snapshot = copy / build.SNAPSHOT
    kept = snapshot.read_bytes()
    spoil(snapshot)
    try:
        context, page, console, info = boot(browser, url)
    finally:
        snapshot.write_bytes(kept)
    try:
        assert info["path"] == "normal" and info["fallback"] and reason in info["fallback"], info
        assert_one_compile(info)  # (the foreign snapshot's runtime and the normal boot's: one module)
        assert same_maze_as_cpython(page, 5)
        notice = page.evaluate("document.getElementById('notice').hidden || !document.getElementById('notice').textContent.trim()")
        assert notice, page.evaluate("document.getElementById('notice').textContent")
        errors = [line for line in console if line.startswith(("error", "pageerror"))]
        if reason == "404":  # (the browser's own line for the missing file, nothing of the page's)
            errors = [line for line in errors if "404" not in line]
        assert not errors, console
    finally:
        context.close()
