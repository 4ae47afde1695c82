"""Page benchmark in headless Chromium: boot time, a 1000x1000 instant run, animation rate, longest task.

    python bench/page.py [--runs N]
    python bench/page.py --instant [--seeds N] [--parts route,pyodide,memory] [--sizes 1000,2000] [--size N] [--site DIR]

``--instant`` measures the instant path alone: click to drawn route for ``dig`` + ``bfs`` at
1000x1000 and 2000x2000 (median over seeds; with the CPU time of the page's thread, the worker
and the rest of the browser meanwhile, read from /proc, and the engine alone in the worker against
CPython, in CPU time too), Pyodide in Chromium's worker against CPython for
the same instant runs (``pymaze.web_debug.timing_json`` in both, in the same bench run; wall clock and CPU
time: the worker's thread against this process), and the tab's
memory (the renderer process that holds the page and its worker: resident now and at its peak)
for a 2000x2000 (``--size``) ``wilson`` + ``bfs`` stepped all the way back, with what holds it.

Needs the built site (``python build.py build``) and Playwright with a Chromium
(``python build.py test`` sets both up in .venv; run this with .venv/bin/python).
"""

import datetime
import os
import platform
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

# The served site sends a Content-Security-Policy without 'unsafe-inline', so the bare page's
# script is a file of its own, as the page's are.
BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare</title>
<script type="module" src="./bench-bare.js"></script>"""
BARE_SCRIPT = """const w = new Worker("./bare-worker.js", { type: "module" });
w.onmessage = () => { window.bareReady = true; };"""
BARE_WORKER = """import { loadPyodide } from "./pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./", import.meta.url).href });
py.runPython("1 + 1");
postMessage("ready");"""
LONGTASKS = """window.__longest = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__longest = Math.max(window.__longest, e.duration); }).observe({ type: "longtask", buffered: true });"""


def report(title, version, site, rows, extra):
    """Print the benchmark's heading (``title``, the time, the machine, Chromium ``version``, the
    site's Pyodide, ``extra``) and its ``rows`` (measure, value) as a Markdown table."""
    print(f"\n{title}, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC")
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, {platform.platform()}; "
          f"Chromium {version} headless; Pyodide {build.json.loads((site / 'manifest.json').read_text())['pyodide']}; "
          f"{extra}\n")
    width = max(len(k) for k, _ in rows)
    print(f"| {'measure'.ljust(width)} | value |\n|{'-' * (width + 2)}|-------|")
    for k, v in rows:
        print(f"| {k.ljust(width)} | {v} |")


def longest(ms):
    """Long tasks are the ones of 50 ms or more; none reported means every task was shorter."""
    return f"{ms:.0f} ms" if ms else "none of 50 ms or more"


def warm_up(page):
    """Wait for the engine's warm-up (web/engine/worker.js) to end, as a page left alone a moment does; its seconds."""
    t0 = time.perf_counter()
    # (polled inside one evaluate: Playwright's wait_for_function takes an async predicate's promise
    # for true at once; and seldom, since a poll is a request the warm-up waits 300 ms behind)
    page.evaluate("""async () => {
        if (!window.pymaze.heap) return;   // (a site from before the warm-up: none)
        const until = performance.now() + 120000;
        for (;;) {
            const h = await window.pymaze.heap();
            if (h.warmed === h.warmRuns || performance.now() > until) return;
            await new Promise((done) => setTimeout(done, 1000));
        }
    }""")
    return time.perf_counter() - t0


def start(site):
    (site / "bench-bare.html").write_text(BARE_HTML)
    (site / "bare-worker.js").write_text(BARE_WORKER)
    (site / "bench-bare.js").write_text(BARE_SCRIPT)
    server = build.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def boot(browser, url, ready):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.add_init_script(LONGTASKS)
    page.add_init_script("globalThis.PYMAZE_DEBUG = true;")  # window.pymaze.timing and streamHash: pymaze.web_debug
    page.goto(url)
    page.wait_for_function(ready, timeout=120000, polling="raf")
    return page, page.evaluate("performance.now()") / 1000


def run(page, button, timeout=600000):
    before = page.evaluate("window.pymaze.runs")
    page.click(f"#{button}")
    page.wait_for_function("n => window.pymaze.runs > n && window.pymaze.state === 'done'"
                           " && window.pymaze.painted !== false",
                           arg=before, timeout=timeout, polling="raf")


def open_sheet(page):
    """Open the settings sheet (size, seed...), where it is closed, once the first visit's run is in."""
    page.wait_for_function("window.pymaze && window.pymaze.runs > 0 && !window.pymaze.intro", timeout=120000)
    if page.get_attribute("#settings-toggle", "aria-expanded") != "true":
        page.click("#settings-toggle")


def setup(page, width, height, speed, seed=1):
    open_sheet(page)
    page.select_option("#generator", "dig")
    page.select_option("#solver", "bfs")
    page.fill("#width", str(width))
    page.fill("#height", str(height))
    page.fill("#seed", str(seed))
    page.evaluate("v => { const s = document.getElementById('speed'); s.value = v;"
                  " s.dispatchEvent(new Event('input')); }", speed)


PAIRS = [("generate", "dig"), ("generate", "kruskal"), ("generate", "prim"), ("generate", "wilson"),
         ("generate", "eller"), ("generate", "hunt"), ("solve", "bfs"), ("solve", "dfs"), ("solve", "dijkstra"),
         ("solve", "astar"), ("solve", "deadend"), ("solve", "tremaux")]
TAG = f"--pymaze-bench={os.getpid()}"  # marks the browser this bench launched, to find its processes


def processes():
    """{pid: (parent pid, command line)} of every process this user can read."""
    out = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
                cmd = (d / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            out[int(d.name)] = (int(stat.rsplit(")", 1)[1].split()[1]), cmd)
    return out


def ours():
    """{pid: command line} of the processes of this bench's browser."""
    procs = processes()
    roots = {pid for pid, (_, cmd) in procs.items() if TAG in cmd and "--type=" not in cmd}
    found, grew = set(roots), True
    while grew:
        more = {pid for pid, (ppid, _) in procs.items() if ppid in found and pid not in found}
        found |= more
        grew = bool(more)
    return {pid: procs[pid][1] for pid in found}


TICK = os.sysconf("SC_CLK_TCK")


def cpu():
    """Seconds of CPU used so far by this bench's browser: the page's thread ("main"), its worker
    ("worker": Pyodide), the rest of the renderer (compositing, raster, V8's helpers) and the other
    processes (browser, GPU, network).  CPU time is what a busy machine does not inflate much."""
    out = {"main": 0.0, "worker": 0.0, "renderer other": 0.0, "other processes": 0.0}
    for pid, cmd in ours().items():
        try:
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
                name = (task / "comm").read_text().strip()
            except OSError:
                continue
            seconds = (int(fields[11]) + int(fields[12])) / TICK
            if "--type=renderer" not in cmd:
                out["other processes"] += seconds
            elif int(task.name) == pid:
                out["main"] += seconds
            else:
                out["worker" if name.startswith("DedicatedWorker") else "renderer other"] += seconds
    return out


def spent(before):
    """CPU seconds by part since ``before`` (a ``cpu()``)."""
    now = cpu()
    return {k: now[k] - before[k] for k in now}


def tab_memory():
    """(resident MB now, peak resident MB) of the tab: the renderer process that runs the page with
    its workers (the engine's dedicated worker, the site's service worker: threads of that process),
    and the same summed over every renderer of this bench's browser (which adds Chromium's own UI
    pages and a spare renderer, about 220 MB that are no part of the page)."""
    tab, every = [0, 0], [0, 0]
    for pid, cmd in ours().items():
        if "--type=renderer" not in cmd:
            continue
        try:
            fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
            threads = {(task / "comm").read_text().strip() for task in Path(f"/proc/{pid}/task").iterdir()}
        except OSError:
            continue
        now, peak = int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024
        every[0] += now
        every[1] += peak
        if any(t.startswith(("DedicatedWorker", "ServiceWorker")) for t in threads):
            tab[0] += now
            tab[1] += peak
    return tab[0], tab[1], every[0], every[1]


MEMORY = "%.0f MB / %.0f MB (every renderer: %.0f MB / %.0f MB)"


def raf(page):
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def instant(argv):
    seeds = int(argv[argv.index("--seeds") + 1]) if "--seeds" in argv else 3
    parts = argv[argv.index("--parts") + 1].split(",") if "--parts" in argv else ["route", "pyodide", "memory"]
    sizes = [int(n) for n in argv[argv.index("--sizes") + 1].split(",")] if "--sizes" in argv else [1000, 2000]
    from playwright.sync_api import sync_playwright
    from pymaze import web_debug
    site = Path(argv[argv.index("--site") + 1]) if "--site" in argv else (
        build.SITE if (build.SITE / "manifest.json").exists() else build.build(quiet=True))
    server, url = start(site)
    chromium = os.environ.get("PYMAZE_CHROMIUM") or build.find_chromium()
    rows = []

    def record(key, value):
        print(f"  {key}: {value}", flush=True)
        rows.append((key, value))

    def load():
        return os.getloadavg()[0]
    loads = [load()]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                          "--disable-component-update", "--no-first-run", TAG])
        page, _ = boot(browser, url, "window.pymaze && window.pymaze.state !== 'loading'")
        if "route" in parts:  # as a person would: the first run after the engine's warm-up (web/engine/worker.js)
            record("the engine's warm-up, from ready (the page left alone)", f"{warm_up(page):.2f} s")
        for n, target in [(n, t) for n, t in ((1000, 2.5), (2000, 10)) if n in sizes] if "route" in parts else ():
            gen, sol, both, used, long = [], [], [], [], []
            for seed in range(1, seeds + 1):
                setup(page, n, n, 100, seed)
                page.evaluate("window.__longest = 0")
                c0 = cpu()
                t0 = time.perf_counter()
                run(page, "generate")
                raf(page)
                t1 = time.perf_counter()
                run(page, "solve")
                raf(page)
                t2 = time.perf_counter()
                used.append(spent(c0))
                long.append(page.evaluate("window.__longest"))
                assert page.evaluate("window.pymaze.snapshot().deferred"), "the instant path was not taken"
                gen.append(t1 - t0)
                sol.append(t2 - t1)
                both.append(t2 - t0)
                loads.append(load())
            engine, engine_cpu, cpython = [], [], []
            for seed in range(1, seeds + 1):
                args = {"slug": "dig", "width": n, "height": n, "seed": seed, "solver": "bfs"}
                c0 = cpu()
                engine.append(sum(page.evaluate("a => window.pymaze.timing(a)", args).values()))
                engine_cpu.append(spent(c0)["worker"])
                p0 = time.process_time()
                web_debug.timing_json("dig", n, n, seed, "bfs")
                cpython.append(time.process_time() - p0)
            record(f"{n}x{n} dig + bfs, instant, the engine alone in the worker",
                   f"{statistics.median(engine):.2f} s ({min(engine):.2f}–{max(engine):.2f}); CPU "
                   f"{statistics.median(engine_cpu):.2f} s, CPython's CPU for the same {statistics.median(cpython):.2f} s")
            med = statistics.median(both)
            record(f"{n}x{n} dig + bfs, instant, click to drawn route (target < {target} s)",
                   f"{med:.2f} s ({min(both):.2f}–{max(both):.2f}; dig {statistics.median(gen):.2f} s, "
                   f"bfs {statistics.median(sol):.2f} s){'' if med < target else ' — missed'}")
            record(f"{n}x{n} dig + bfs, instant, CPU meanwhile (median): page's thread / worker / rest of the tab / "
                   "other browser processes",
                   " / ".join(f"{statistics.median(u[k] for u in used):.2f} s" for k in used[0]))
            record(f"{n}x{n} dig + bfs, instant, longest main-thread task meanwhile (target < 50 ms; the worst seed)",
                   longest(max(long)))
        page.close()

        # Pyodide (the page's worker) against CPython (this process), the same instant runs.
        page, _ = boot(browser, url, "window.pymaze && window.pymaze.state !== 'loading'")
        size = 300
        if "pyodide" in parts:  # a first run, not counted: the worker's WebAssembly is compiled as it gets hot
            warm_up(page)
            page.evaluate("args => window.pymaze.timing(args)", {"slug": "dig", "width": size, "height": size, "seed": 0,
                                                                  "solver": "bfs"})
        for family, slug in PAIRS if "pyodide" in parts else ():
            ratios, py, cp, cpu_ratios = [], [], [], []
            for seed in range(seeds):
                args = {"slug": slug, "width": size, "height": size, "seed": seed}
                if family == "solve":
                    args = {**args, "slug": "dig", "solver": slug}
                key = "generate" if family == "generate" else "solve"
                c0 = cpu()
                a = page.evaluate("args => window.pymaze.timing(args)", args)[key]
                worker = spent(c0)["worker"]
                p0 = time.process_time()
                b = build.json.loads(web_debug.timing_json(args["slug"], size, size, seed, args.get("solver", "")))[key]
                cpython = time.process_time() - p0
                py.append(a)
                cp.append(b)
                ratios.append(a / b)
                cpu_ratios.append(worker / cpython)
            loads.append(load())
            record(f"Pyodide / CPython, {size}x{size} instant {slug}",
                   f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}–{max(ratios):.2f}; "
                   f"{statistics.median(py):.3f} s / {statistics.median(cp):.3f} s); whole call in CPU time "
                   f"(generate and solve, the worker's thread / this process) {statistics.median(cpu_ratios):.2f}x")
        page.close()

        # Memory: 2000x2000 wilson + bfs, each stepped back to its first event (every event kept).
        n = int(argv[argv.index("--size") + 1]) if "--size" in argv else 2000
        page, _ = boot(browser, url, "window.pymaze && window.pymaze.state !== 'loading'")
        cdp = page.context.new_cdp_session(page)

        def memory(when):
            """The tab's resident memory now and at its peak, and what holds it: the page's JS heap
            and array buffers (after a garbage collection), the worker's Pyodide heap, and the
            page's event log and snapshots."""
            cdp.send("HeapProfiler.collectGarbage")
            heap = cdp.send("Runtime.getHeapUsage")
            pyodide = next((w.evaluate("self.heapBytes ? self.heapBytes() : null") for w in page.workers), None)
            log = page.evaluate("(() => { const t = window.pymaze.timeline(); return [t.logBytes, t.snapshotBytes]; })()")
            mb = lambda b: "?" if b is None else f"{b / 2 ** 20:.0f}"
            record(f"  tab memory, {when} (resident now / peak)", MEMORY % tab_memory())
            record(f"    held by: page JS heap / its array buffers / Pyodide's heap / event log / snapshots",
                   f"{mb(heap['usedSize'])} / {mb(heap.get('backingStorageSize'))} / {mb(pyodide)} / "
                   f"{mb(log[0])} / {mb(log[1])} MB")
        record("tab memory after booting (resident now / peak)", MEMORY % tab_memory())
        open_sheet(page)
        page.select_option("#generator", "wilson")
        page.select_option("#solver", "bfs")
        for key, value in (("width", n), ("height", n), ("seed", 1)):
            page.fill(f"#{key}", str(value))
        page.evaluate("v => { const s = document.getElementById('speed'); s.value = v; s.dispatchEvent(new Event('input')); }", 100)
        recycles = [0]

        def recycled(when):
            """The page holds the run (its end, or every event): the worker is replaced by a fresh one,
            unless its Pyodide heap stayed under the page's 256 MB (web/app/recycle.js): kept then."""
            t0 = time.perf_counter()
            try:  # (the page decides at its next frames)
                page.wait_for_function("r => window.pymaze.engine().recycles > r || window.pymaze.engine().recycling",
                                       arg=recycles[0], timeout=15000, polling=200)
            except Exception:
                heap = next((w.evaluate("self.heapBytes ? self.heapBytes() : null") for w in page.workers), None)
                if heap is not None and heap < 256 * 2 ** 20:
                    record("  the worker kept (Pyodide's heap under the 256 MB that replaces it)", f"{heap / 2 ** 20:.0f} MB")
                    return
            page.wait_for_function("r => window.pymaze.engine().recycles > r && !window.pymaze.engine().recycling",
                                   arg=recycles[0], timeout=300000, polling=500)
            recycles[0] = page.evaluate("window.pymaze.engine().recycles")
            record("  the worker replaced by a fresh one given the maze", f"{time.perf_counter() - t0:.2f} s")
            memory(f"{when}, the worker replaced")

        for button in ("generate", "solve") if "memory" in parts else ():
            t0 = time.perf_counter()
            run(page, button)
            t1 = time.perf_counter()
            record(f"{n}x{n} {'wilson' if button == 'generate' else 'bfs'}, instant: click to drawn end", f"{t1 - t0:.2f} s")
            memory("instant end shown")
            recycled("instant end shown")
            total = page.evaluate("window.pymaze.fetchAll()")
            page.evaluate("window.pymaze.seek(0)")
            page.wait_for_function("() => window.pymaze.progress().cursor === 0", timeout=600000)
            page.wait_for_function("() => window.pymaze.timeline().built === window.pymaze.progress().total",
                                   timeout=600000, polling=500)
            t2 = time.perf_counter()
            record(f"  its {total:,} events made again and stepped back to the start", f"{t2 - t1:.2f} s")
            memory("every event kept, before the worker is recycled")
            recycled("every event kept")
            loads.append(load())
        version = browser.version
        browser.close()
    server.shutdown()
    report("pymaze page benchmark (instant path)", version, site, rows,
           f"{seeds} seeds; load average (1 min) {min(loads):.1f} to {max(loads):.1f}")
    return 0


def main(argv):
    if "--instant" in argv:
        return instant(argv)
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 5
    from playwright.sync_api import sync_playwright
    site = build.SITE if (build.SITE / "manifest.json").exists() else build.build(quiet=True)
    server, url = start(site)
    chromium = os.environ.get("PYMAZE_CHROMIUM") or build.find_chromium()
    rows = []

    def record(pairs):
        for key, value in pairs:
            print(f"  {key}: {value}", flush=True)
            rows.append((key, value))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                          "--disable-component-update", "--no-first-run"])
        page_boot, bare_boot = [], []
        for _ in range(runs):
            pg, t = boot(browser, url + "bench-bare.html", "window.bareReady === true")
            bare_boot.append(t)
            pg.close()
            pg, t = boot(browser, url, "window.pymaze && window.pymaze.state !== 'loading'")
            page_boot.append(t)
            pg.close()
        mb, mp = statistics.median(bare_boot), statistics.median(page_boot)
        record([("boot: bare Pyodide in a worker (median)", f"{mb:.2f} s"),
                 ("boot: the page to ready (median)", f"{mp:.2f} s"),
                 ("boot ratio page / bare (target <= 1.3)", f"{mp / mb:.2f}")])

        page, _ = boot(browser, url, "window.pymaze && window.pymaze.state !== 'loading'")
        setup(page, 1000, 1000, 100)
        t0 = time.perf_counter()
        run(page, "generate")
        t1 = time.perf_counter()
        run(page, "solve")
        t2 = time.perf_counter()
        record([("1000x1000 dig, instant, click to drawn maze", f"{t1 - t0:.2f} s"),
                 ("1000x1000 bfs, instant, click to drawn route", f"{t2 - t1:.2f} s"),
                 ("1000x1000 dig + bfs, total (target < 3 s)", f"{t2 - t0:.2f} s")])

        t0 = time.perf_counter()
        page.evaluate("window.pymaze.streamHash({slug: 'dig', width: 1000, height: 1000, seed: 1})")
        t1 = time.perf_counter()
        page.evaluate("window.pymaze.streamHash({slug: 'dig', width: 1000, height: 1000, seed: 1, solver: 'bfs'})")
        t2 = time.perf_counter()
        record([("engine alone in the worker: 1000x1000 dig events (no page)", f"{t1 - t0:.2f} s"),
                ("engine alone in the worker: 1000x1000 dig + bfs events", f"{t2 - t1:.2f} s")])

        setup(page, 2000, 2000, 99)
        page.click("#generate")
        page.wait_for_function("window.pymaze.state === 'running'")
        page.wait_for_timeout(500)
        rate = page.evaluate("""() => new Promise((done) => {
            const c0 = window.pymaze.progress().cursor; let frames = 0; const t0 = performance.now();
            const tick = () => { frames++; const dt = performance.now() - t0;
              if (dt < 2000) requestAnimationFrame(tick);
              else done([(window.pymaze.progress().cursor - c0) / dt * 1000, frames / dt * 1000]); };
            requestAnimationFrame(tick); })""")
        record([("events applied per second while animating (target >= 200,000)", f"{rate[0]:,.0f}"),
                 ("frames per second meanwhile", f"{rate[1]:.0f}")])
        page.close()

        page, _ = boot(browser, url, "window.pymaze && window.pymaze.state !== 'loading'")
        setup(page, 2000, 2000, 100)
        page.evaluate("window.__longest = 0")
        t0 = time.perf_counter()
        run(page, "generate")
        t1 = time.perf_counter()
        record([("2000x2000 dig, instant, click to drawn maze", f"{t1 - t0:.2f} s"),
                 ("longest main-thread task meanwhile (target < 50 ms)",
                  longest(page.evaluate("window.__longest")))])
        version = browser.version
        browser.close()
    server.shutdown()
    report("pymaze page benchmark", version, site, rows, f"{runs} boot runs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
