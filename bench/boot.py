"""Boot benchmark in headless Chromium: where each second of the page's boot goes, and the page
against a bare page booting the same Pyodide in a worker.

    python bench/boot.py [--runs N] [--before SITE] [--kinds snapshot,second visit,...]

Every load is a fresh browser context (no service worker, no HTTP cache), the kinds interleaved
round by round (their order reversed every other round) so that a busy machine weighs on each alike; medians over ``--runs`` rounds.
Kinds: the built site (``dist/site``, booting from its engine snapshot), the same site with the
snapshot left out of its manifest (the normal boot: Python started, the engine imported), the
built site's second visit (reloaded offline from its service worker's copy), a bare
page (``loadPyodide`` in a module worker, then ``1 + 1``) and, with ``--before``, another build
of the site (an older commit's, for a before/after: its first and second visits); ``--kinds`` keeps
only the kinds named (comma-separated; the ratio needs "snapshot" and "bare").  "ready" is the engine up (the page's
``window.pymaze.ready``), "first run" the tests' moment (the first visit's solve started), "first
solve drawn" its first events on the board (the wave starting to spread), "route drawn" that solve
played to its end at the slider's default speed; all in seconds since navigation.  The parts come from ``window.pymaze.boot()`` (web/engine/worker.js).
Exit 1 when the page's ready over the bare boot's misses the target (≤ 0.6×).
"""

import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import build  # noqa: E402
from page import BARE_HTML, BARE_SCRIPT, BARE_WORKER  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run"]
TARGET = 0.6
READY_AT = """window.__readyAt = null; window.__firstRunAt = null; window.__solveDrawnAt = null; window.__routeAt = null;
(function wait() {
  if (window.pymaze && window.pymaze.ready) {
    window.pymaze.ready.then(() => { window.__readyAt = performance.now(); });
    (function first() {
      const pm = window.pymaze, started = pm.runs > 0 && !pm.intro, at = performance.now();
      if (started && window.__firstRunAt === null) window.__firstRunAt = at;
      const p = started ? pm.progress() : null;
      if (p && p.cursor > 0 && window.__solveDrawnAt === null) window.__solveDrawnAt = at;
      if (p && p.total > 0 && p.cursor === p.total && pm.state === "done") window.__routeAt = at;
      else requestAnimationFrame(first);
    })();
  } else setTimeout(wait, 5);
})();"""
# the parts of a boot, as (label, from mark, to mark) of window.pymaze.boot().marks
# (the worker compiles the runtime from its start, alongside the manifest and the snapshot: a part from
# several marks starts at the last of them)
PARTS = [("page until the worker starts", None, "worker"), ("manifest", "worker", "manifest"),
         ("runtime downloaded and compiled (since the worker started)", "worker", "compiled"),
         ("snapshot downloaded and gunzipped (since the manifest)", "manifest", "snapshot"),
         ("Python restored / started (stdlib in place)", ("compiled", "snapshot"), "python"),
         ("the wheel on sys.path", "python", "unpacked"), ("engine imported, Session made", "unpacked", "imported"),
         ("catalogue, ready", "imported", "ready")]


def serve(site):
    server = build.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def load(browser, url, kind):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        if kind == "bare":
            page.goto(url + "bench-bare.html")
            page.wait_for_function("window.bareReady === true", timeout=300000, polling="raf")
            return {"ready": page.evaluate("performance.now()") / 1000}
        page.add_init_script(READY_AT)
        page.goto(url)
        page.wait_for_function("window.__readyAt !== null && window.__routeAt !== null", timeout=300000)
        if kind.endswith("second visit"):  # the service worker's copy (sw.js), the network gone
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300000)
            context.set_offline(True)
            page.reload()
            page.wait_for_function("window.__readyAt !== null && window.__routeAt !== null", timeout=300000)
        out = {key: page.evaluate(f"window.{name}") / 1000 for key, name in
               (("ready", "__readyAt"), ("first run", "__firstRunAt"), ("first solve drawn", "__solveDrawnAt"),
                ("route drawn", "__routeAt"))}
        out["first solve drawn after ready"] = out["first solve drawn"] - out["ready"]
        info = page.evaluate("window.pymaze.boot ? window.pymaze.boot() : null")
        if info:
            out["path"], marks = info["path"], info["marks"]
            for label, a, b in PARTS:
                since = [m for m in ((a,) if isinstance(a, str) else a or ()) if m in marks]
                if b in marks and (a is None or since):
                    out[label] = marks[b] - max((marks[m] for m in since), default=0)
            out["wasm"] = info.get("wasm", "Pyodide")
            wasm = [r for r in info["resources"] if r["name"] == "pyodide.asm.wasm"]
            if wasm:
                out["wasm download"] = wasm[0]["end"] - wasm[0]["start"]
        return out
    finally:
        context.close()


def main(argv):
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 5
    before = Path(argv[argv.index("--before") + 1]) if "--before" in argv else None
    kinds_asked = argv[argv.index("--kinds") + 1].split(",") if "--kinds" in argv else None
    from playwright.sync_api import sync_playwright
    site = build.SITE if (build.SITE / "manifest.json").exists() else build.build(quiet=True)
    work = Path(tempfile.mkdtemp(prefix="pymaze-boot-"))
    normal = work / "normal"
    shutil.copytree(site, normal)
    manifest = json.loads((normal / "manifest.json").read_text())
    manifest.pop("snapshot", None)
    (normal / "manifest.json").write_text(json.dumps(manifest))
    for name, text in (("bench-bare.html", BARE_HTML), ("bare-worker.js", BARE_WORKER), ("bench-bare.js", BARE_SCRIPT)):
        (normal / name).write_text(text)
    servers = {"snapshot": serve(site), "normal": serve(normal)}
    servers["bare"] = servers["normal"]
    servers["second visit"] = servers["snapshot"]
    if before:
        servers["before"] = serve(before)
        servers["before second visit"] = servers["before"]
    if kinds_asked:  # (without "bare" and "snapshot", no ratio)
        servers = {k: v for k, v in servers.items() if k in kinds_asked}
    results = {kind: [] for kind in servers}
    load_avg = [os.getloadavg()[0]]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("PYMAZE_CHROMIUM") or build.find_chromium(),
                                        headless=True, args=ARGS)
            for n in range(runs):
                for kind, (_, url) in (list(servers.items()) if n % 2 == 0 else list(servers.items())[::-1]):
                    results[kind].append(load(browser, url, kind))
                load_avg.append(os.getloadavg()[0])
                print(f"  round {n + 1}: " + ", ".join(f"{k} {v[-1]['ready']:.2f} s" for k, v in results.items()), flush=True)
            browser.close()
    finally:
        for server, _ in set(servers.values()):
            server.shutdown()
            server.server_close()
        shutil.rmtree(work, ignore_errors=True)

    def med(kind, key):
        values = [r[key] for r in results.get(kind, []) if key in r]
        return statistics.median(values) if values else None

    print(f"boot, median of {runs} (load average {min(load_avg):.1f}–{max(load_avg):.1f} on {os.cpu_count()} cores)")
    kinds = [k for k in ("before", "normal", "snapshot", "before second visit", "second visit") if k in results]
    for k in kinds:
        print(f"{k}: paths {sorted({r.get('path', '?') for r in results[k]})}, "
              f"runtime compiled by {sorted({r.get('wasm', '?') for r in results[k]})}")
    print("| part | " + " | ".join(kinds) + " |")
    print("|---|" + "---|" * len(kinds))
    for key in [label for label, _, _ in PARTS] + ["wasm download", "ready", "first run",
                                                 "first solve drawn", "route drawn", "first solve drawn after ready"]:
        cells = [med(k, key) for k in kinds]
        if any(c is not None for c in cells):
            print(f"| {key} | " + " | ".join("—" if c is None else f"{c:.2f} s" for c in cells) + " |")
    bare = med("bare", "ready")
    if bare is None or med("snapshot", "ready") is None:
        return 0
    print(f"| bare Pyodide in a worker, ready | {bare:.2f} s |")
    for k in kinds:
        print(f"{k}: ready / bare = {med(k, 'ready') / bare:.2f}×")
    ratio = med("snapshot", "ready") / bare
    print(f"page ready / bare Pyodide boot: {ratio:.2f}× (target ≤ {TARGET}×){'' if ratio <= TARGET else ' — missed'}")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
