"""The "See inside" panel in real Chromium: closed at first; opened, stepping forward and back and
seeking move the highlighted source line to the line the engine in Python reports for the same
run (pymaze.inside), the data panel lists the structures Python reports (Pyodide and CPython give
the same views), the parent arrows are its parents and hovering a cell names its distance.  On a
square BFS run and a hex A* run, one page."""

import json
import os
import re

import pytest

from pymaze.inside import inside
from pymaze.run import Run

pytestmark = pytest.mark.browser

RUNS = {"square": dict(gen="dig", sol="bfs", w=8, h=6, seed=3, shape="square", name="queue"),
        "hex": dict(gen="wilson", sol="astar", w=7, h=6, seed=2, shape="hex", name="open")}


def link(r):
    shape = f"&shape={r['shape']}" if r["shape"] != "square" else ""
    return f"#gen={r['gen']}&w={r['w']}&h={r['h']}&seed={r['seed']}{shape}&sol={r['sol']}&run=solve&speed=100"


def opened(p, r):
    """Let the page run ``r`` to its end, every event made (an instant run's made again)."""
    # (the link's generate ends first: wait for its solve)
    p.wait_for_function("() => { const s = window.pymaze && window.pymaze.snapshot();"
                        " return s.state === 'done' && s.kind === 'solve'; }", timeout=90000)
    p.evaluate("window.pymaze.fetchAll()")
    # (an instant run's events are made again by fetchAll: 0 of 0 until they come)
    try:
        p.wait_for_function("() => { const s = window.pymaze.progress(); return s.total > 0 && s.cursor === s.total"
                            " && window.pymaze.snapshot().finished; }", timeout=90000)
    except Exception:
        s = p.evaluate("(() => { const s = window.pymaze.snapshot(); return [s.state, s.kind, s.cursor, s.total, s.finished, s.deferred, s.message, s.mode, s.busy]; })()")
        raise AssertionError(f"the run's events never came: {s}")


@pytest.fixture(scope="module")
def page(browser, site_url):
    p = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.on("console", lambda m: m.type == "error" and errors.append(m.text))
    p.goto(site_url + link(RUNS["square"]))
    opened(p, RUNS["square"])
    p.errors = errors
    yield p
    p.close()


def reference(r):
    maze = Run.generate(r["gen"], r["w"], r["h"], seed=r["seed"], shape=r["shape"]).finish()
    run = Run.solve(r["sol"], maze, seed=r["seed"])
    return run, inside(run)


def on_run(p, kind):
    """The page on run ``kind`` (the hex one by changing the link), the panel open."""
    if kind == "hex" and p.evaluate("window.pymaze.snapshot().geometry") != "graph":
        p.evaluate("h => { location.hash = h; }", link(RUNS[kind]))
        p.wait_for_function("() => window.pymaze.snapshot().geometry === 'graph'", timeout=90000)
        opened(p, RUNS[kind])
    if not p.eval_on_selector("#inside", "el => el.open"):
        p.click("#inside summary")


def shown_at(p, k, name, timeout=30000):
    """Once the panel shows k: its line, the highlighted lines, the cells listed and the structures."""
    p.wait_for_function("k => document.getElementById('inside').dataset.k === String(k)", arg=k, timeout=timeout)
    line = p.eval_on_selector("#inside", "el => el.dataset.line")
    now = p.eval_on_selector_all(".inside-source .now", "els => els.map(e => Number(e.dataset.line))")
    cells = p.eval_on_selector_all(f".inside-list[data-name={name}] li[data-cell]",
                                   "els => els.map(e => Number(e.dataset.cell))")
    return (int(line) if line else None), now, cells, p.evaluate("window.pymaze.inside().structures")


@pytest.mark.parametrize("kind", ["square", "hex"])
def test_the_panel_follows_step_back_and_seek_with_the_engines_line_and_structures(page, kind):
    p, r = page, RUNS[kind]
    if kind == "square":
        assert not p.eval_on_selector("#inside", "el => el.open")
        assert p.is_visible("#inside summary") and not p.is_visible(".inside-source")
    on_run(p, kind)
    run, ref = reference(r)
    total = p.evaluate("window.pymaze.progress().total")
    assert total == len(ref)
    p.wait_for_function("f => document.querySelector('.inside-file').textContent.startsWith(f)",
                        arg=f"pymaze/solvers/{r['sol']}.py, lines ")
    # the source shown is the file's own lines
    src = {int(n): t for n, t in p.eval_on_selector_all(
        ".inside-source .src", "els => els.map(e => [e.dataset.line, e.textContent])")}
    real = ref.text.splitlines()
    assert src and all(t.rstrip("\n")[6:] == real[n - 1] for n, t in src.items())
    k = total // 2
    p.evaluate("k => window.pymaze.seek(k)", k)
    seen = []
    for key, delta in [(None, 0), ("ArrowRight", 1), ("ArrowRight", 1), ("ArrowRight", 1), ("ArrowLeft", -1),
                       ("ArrowLeft", -1), ("ArrowLeft", -1), ("ArrowLeft", -1)]:
        if key:
            p.focus("#board")
            p.keyboard.press(key)
        k += delta
        line, now, cells, structures = shown_at(p, k, r["name"])
        view = run.inspect(k)
        assert line == view.line == ref.lines[k - 1] and now == [line], k
        assert cells == [e["cell"] for e in view.structures[r["name"]]][:40], k
        assert structures == json.loads(json.dumps(view.structures)), k
        seen.append(line)
    assert len(set(seen)) > 1, "the highlighted line moves with the steps"
    for k in (3, total, 0):
        p.evaluate("k => window.pymaze.seek(k)", k)
        line, now, cells, structures = shown_at(p, k, r["name"])
        assert line == run.inspect(k).line and now == ([line] if line else [])
    # a click on an entry picks its cell; the parent arrows are the run's parents
    k = next(k for k in range(12, total) if len(run.inspect(k).structures[r["name"]]) > 1)
    p.evaluate("k => window.pymaze.seek(k)", k)
    shown_at(p, k, r["name"])
    p.click(f".inside-list[data-name={r['name']}] li[data-cell] >> nth=0")
    assert p.eval_on_selector_all(".inside-list li.picked", "els => els.length") == 1
    if not p.is_checked(".inside-arrows"):
        p.check(".inside-arrows")
    view = run.inspect(k)
    assert view.parents
    p.wait_for_function("n => window.pymaze.inside().parents === n", arg=len(view.parents))
    # hovering the first entry's cell names its place and values
    first = view.structures[r["name"]][0]
    x, y = p.evaluate("c => window.pymaze.squareCentre(c)", first["cell"])
    p.mouse.move(x, y)
    said = f"{r['name']} entry 1: " + ("d " + str(first["distance"]) if kind == "square" else f"g {first['g']}")
    p.wait_for_function("t => document.querySelector('.inside-hover').textContent.includes(t)", arg=said)
    if os.environ.get("PYMAZE_SHOTS"):
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], f"inside-{kind}-1280.png"))
        p.set_viewport_size({"width": 390, "height": 844})
        p.locator("#inside").scroll_into_view_if_needed()
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], f"inside-{kind}-390.png"))
        p.set_viewport_size({"width": 1280, "height": 800})
    assert not p.errors


def test_predict_mode_scores_right_and_wrong_clicks_with_the_reason(page):
    from pymaze.inside import predict
    p, r = page, RUNS["hex"]
    on_run(p, "hex")
    run, ref = reference(r)
    p.evaluate("window.pymaze.seek(0)")
    p.check(".inside-predict")
    q = predict(run, 0, -1)
    p.wait_for_function("k => window.pymaze.progress().cursor === k", arg=q["at"])
    assert p.inner_text(".inside-verdict") == "Click the cell it takes next."

    def click(cell):
        x, y = p.evaluate("c => window.pymaze.squareCentre(c)", cell)
        p.mouse.click(x, y)

    script = [True, False, True, True, False]
    k = q["at"]
    for n, right in enumerate(script, 1):
        q = predict(run, k, -1)
        wrong = next(c for c in (run.initial.start, *range(len(run.initial.wall))) if c != q["next"])
        click(q["next"] if right else wrong)
        score = sum(script[:n])
        p.wait_for_function("t => document.querySelector('.inside-verdict').textContent.endsWith(t)",
                            arg=f"Score {score} of {n}.")
        verdict = p.inner_text(".inside-verdict")
        assert verdict.startswith("Right" if right else "Not quite")
        assert "A* expands the least f = g + h" in verdict
        if not right:
            assert f"open entry {q['nextEntry']['place']}" in verdict
        p.wait_for_function("k => window.pymaze.progress().cursor === k", arg=q["then"])
        k = q["then"]
    if os.environ.get("PYMAZE_SHOTS"):
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], "inside-predict-1280.png"))
    # the history of a square stays closed: the clicks were guesses
    assert p.is_hidden("#history") or not p.is_visible("#history .history-list li")
    p.uncheck(".inside-predict")
    assert not p.errors


def test_a_bidirectional_search_shows_the_line_of_two_way_and_both_frontiers(page):
    """bidijkstra hands its run to _twoway.two_way: the panel shows both files, highlights the line
    in the file that made the step, and lists both sides' open heaps as CPython reads them."""
    p, r = page, dict(gen="dig", sol="bidijkstra", w=8, h=6, seed=5, shape="square")
    maze = Run.generate("dig", 8, 6, seed=5, loops=0.3).finish()
    run = Run.solve("bidijkstra", maze, seed=5)
    ref = inside(run)
    p.evaluate("h => { location.hash = h; }", link(r) + "&g.loops=0.3")
    # (the page showed a solved maze before: wait for this one's)
    p.wait_for_function("w => { const s = window.pymaze.snapshot(); return s.state === 'done' && s.kind === 'solve'"
                        " && s.wall.join('') === w; }", arg="".join(map(str, maze.wall)), timeout=90000)
    opened(p, r)
    assert p.evaluate("window.pymaze.progress().total") == len(ref)
    if not p.eval_on_selector("#inside", "el => el.open"):
        p.click("#inside summary")
    p.wait_for_function("() => document.querySelector('.inside-file').textContent.includes('_twoway.py')")
    assert p.inner_text(".inside-file").startswith("pymaze/solvers/bidijkstra.py, lines ")
    two_way = ref.sources[1][1].splitlines()
    for k in (5, 6, len(ref) // 2):
        p.evaluate("k => window.pymaze.seek(k)", k)
        line, now, cells, structures = shown_at(p, k, "'open from S'")
        view = run.inspect(k)
        assert view.file.endswith("_twoway.py") and line == view.line and now == [line], k
        assert p.eval_on_selector("#inside", "el => el.dataset.source") == "1"
        text = p.eval_on_selector(".inside-source .now", "el => el.textContent")
        assert text.rstrip("\n")[6:] == two_way[line - 1], k
        assert set(structures) == {"open from S", "open from the goals"}
        assert structures == json.loads(json.dumps(view.structures)), k
    if os.environ.get("PYMAZE_SHOTS"):
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], "inside-bidijkstra-1280.png"))
        p.set_viewport_size({"width": 390, "height": 844})
        p.locator(".inside-source").scroll_into_view_if_needed()
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], "inside-bidijkstra-390.png"))
        p.set_viewport_size({"width": 1280, "height": 800})
    assert not p.errors


def named_lines(label):
    """The lines a source's label names ("lines 7 to 69 and lines 77, 78"): a set."""
    m = re.fullmatch(r".+?, lines (\d+) to (\d+)(?: and lines? ([\d, ]+))?", label)
    assert m, label
    extra = {int(v) for v in (m.group(3) or "").split(",") if v.strip()}
    return set(range(int(m.group(1)), int(m.group(2)) + 1)) | extra


def test_the_label_names_every_line_the_run_highlights(page):
    """The wave (the first visit's solver) marks its route in a helper below its function: the label
    names those lines too, and every line its events highlight is one it names and one shown."""
    p, r = page, dict(gen="dig", sol="wave", w=8, h=6, seed=3, shape="square")
    maze = Run.generate("dig", 8, 6, seed=3).finish()
    ref = inside(Run.solve("wave", maze, seed=3))
    p.evaluate("h => { location.hash = h; }", link(r))
    p.wait_for_function("() => { const s = window.pymaze.snapshot(); return s.state === 'done' && s.kind === 'solve'"
                        " && window.pymaze.catalogue && document.getElementById('solver').value === 'wave'; }",
                        timeout=90000)
    opened(p, r)
    if not p.eval_on_selector("#inside", "el => el.open"):
        p.click("#inside summary")
    p.wait_for_function("() => document.querySelector('.inside-file').textContent.startsWith('pymaze/solvers/wave.py')")
    label = p.inner_text(".inside-file")
    lines = {n for n in ref.lines if n}
    assert lines - set(range(ref.span[0], ref.span[1] + 1)), "the wave makes events outside its function"
    assert lines <= named_lines(label), (label, sorted(lines))
    shown = set(p.eval_on_selector_all(".inside-source .src", "els => els.map(e => Number(e.dataset.line))"))
    assert lines <= shown
    assert not p.errors


def test_sets_are_coloured_on_the_board_one_colour_a_set(page):
    """Blobby division's regions get a colour each (Kruskal's sets are coloured by their labels)."""
    p = page
    run = Run.generate("blobby", 8, 6, seed=2)
    final = run.again().finish()
    p.evaluate("h => { location.hash = h; }", "#gen=blobby&w=8&h=6&seed=2")
    p.wait_for_function("w => { const s = window.pymaze.snapshot(); return s.state === 'done' && s.kind === 'generate'"
                        " && s.wall.join('') === w; }", arg="".join(map(str, final.wall)), timeout=90000)
    p.evaluate("window.pymaze.fetchAll()")
    p.wait_for_function("() => { const s = window.pymaze.progress(); return s.total > 0 && s.cursor === s.total; }",
                        timeout=90000)
    if not p.eval_on_selector("#inside", "el => el.open"):
        p.click("#inside summary")
    total = p.evaluate("window.pymaze.progress().total")
    big = lambda k: [e["cells"] for e in run.inspect(k).structures.get("regions", []) if e["size"] > 1]  # noqa: E731
    for k in [k for k in range(0, total, 5) if len(big(k)) >= 2][:2]:
        p.evaluate("k => window.pymaze.seek(k)", k)
        shown_at(p, k, "regions")
        want = big(k)
        drawn = p.evaluate("window.pymaze.inside().sets")
        assert want and drawn == want, k
    if os.environ.get("PYMAZE_SHOTS"):
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], "inside-blobby-1280.png"))
    assert not p.errors


# Algorithms whose structures came late, each with the structure the panel lists and one it may
# colour on the board: the panel's views at a few steps equal CPython's (Pyodide reads the same).
LATE = {
    "perturb": ("#gen=perturb&w=8&h=6&seed=2", lambda: Run.generate("perturb", 8, 6, seed=2), "pieces"),
    "dungeon": ("#gen=dungeon&w=12&h=9&seed=4&g.rooms=6", lambda: Run.generate("dungeon", 12, 9, seed=4, rooms=6), "rooms"),
    "sidewinder-polar": ("#gen=sidewinder&w=6&h=5&seed=3&shape=polar",
                         lambda: Run.generate("sidewinder", 6, 5, seed=3, shape="polar"), None),
    "mouse": ("#gen=dig&w=8&h=6&seed=4&g.loops=0.3&sol=mouse&run=solve&speed=100",
              lambda: Run.solve("mouse", Run.generate("dig", 8, 6, seed=4, loops=0.3).finish(), seed=4), None),
}


@pytest.mark.parametrize("name", list(LATE))
def test_the_late_algorithms_structures_on_the_page_are_cpythons(page, name):
    p = page
    hash_, make, coloured = LATE[name]
    run = make()
    final = run.again().finish()
    kind = "solve" if "sol=" in hash_ else "generate"
    p.evaluate("h => { location.hash = h; }", hash_)
    p.wait_for_function("([w, kind]) => { const s = window.pymaze.snapshot(); return s.state === 'done' && s.kind === kind"
                        " && s.wall.join('') === w; }", arg=["".join(map(str, final.wall)), kind], timeout=90000)
    p.evaluate("window.pymaze.fetchAll()")
    p.wait_for_function("() => { const s = window.pymaze.progress(); return s.total > 0 && s.cursor === s.total; }",
                        timeout=90000)
    if not p.eval_on_selector("#inside", "el => el.open"):
        p.click("#inside summary")
    ref = inside(run)
    total = p.evaluate("window.pymaze.progress().total")
    assert total == len(ref)
    ks = [k for k in range(1, total, max(1, total // 12)) if run.inspect(k).structures][:6]
    if coloured:   # a step where two sets or more are coloured
        ks.append(next(k for k in range(total) if len(run.inspect(k).structures.get(coloured, [])) > 1))
    assert len(ks) >= 3
    for k in ks:
        p.evaluate("k => window.pymaze.seek(k)", k)
        line, now, cells, structures = shown_at(p, k, "'" + next(iter(run.inspect(k).structures)) + "'")
        view = run.inspect(k)
        assert line == view.line and now == [line], k
        assert structures == json.loads(json.dumps(view.structures)), k
        assert cells == [e if isinstance(e, int) else e["cell"] for e in next(iter(view.structures.values()))][:40], k
    if coloured:
        want = [e["cells"] for e in view.structures[coloured] if e["size"] > 1]
        assert p.evaluate("window.pymaze.inside().sets")[-len(want):] == want
    if os.environ.get("PYMAZE_SHOTS"):
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], f"inside-{name}-1280.png"))
        p.set_viewport_size({"width": 390, "height": 844})
        p.locator("#inside").scroll_into_view_if_needed()
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], f"inside-{name}-390.png"))
        p.locator(".inside-data").scroll_into_view_if_needed()
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], f"inside-{name}-390-data.png"))
        p.set_viewport_size({"width": 1280, "height": 800})
    assert not p.errors


BIG = dict(gen="dig", w=200, h=150, seed=3)   # about 60,000 events: past the whole reading's limit


def on_long_run(p):
    """The page on the BIG run, every event made, the panel open: ``(run, its windowed Inside, total)``."""
    from pymaze.web import INSIDE_EVENTS
    if p.evaluate("window.pymaze.snapshot().width") != 2 * BIG["w"] + 1:
        p.evaluate("h => { location.hash = h; }", f"#gen={BIG['gen']}&w={BIG['w']}&h={BIG['h']}&seed={BIG['seed']}")
        p.wait_for_function("() => { const s = window.pymaze.snapshot(); return s.state === 'done' && s.kind === 'generate'"
                            " && s.width > 300; }", timeout=120000)
    p.evaluate("window.pymaze.fetchAll()")
    # (every event made: the cursor at the end, or wherever a test before left it)
    p.wait_for_function("n => { const s = window.pymaze.snapshot(); return s.total > n && s.finished; }",
                        arg=INSIDE_EVENTS, timeout=120000)
    run = Run.generate(BIG["gen"], BIG["w"], BIG["h"], seed=BIG["seed"])
    ref = inside(run, INSIDE_EVENTS)
    total = p.evaluate("window.pymaze.progress().total")
    assert total == len(ref) > INSIDE_EVENTS and not ref.whole
    if not p.eval_on_selector("#inside", "el => el.open"):
        p.click("#inside summary")
    return run, ref, total


def test_a_run_past_the_whole_reading_limit_is_looked_inside_at_the_step_shown(page):
    """A long run is read again up to the step shown (a window at a time): the panel says it is
    working, the page still answers meanwhile, then shows what CPython's windowed reading shows."""
    p = page
    run, ref, total = on_long_run(p)
    # The working state shows at once here (not only past 0.3 s, which a fast machine may beat); a
    # watcher notes what it said while shown.
    p.evaluate("window.pymaze.insideWorkingMs(0)")
    p.evaluate("""() => { const el = document.querySelector('.inside-working'); window.__said = [];
      new MutationObserver(() => { if (!el.hidden) window.__said.push(el.textContent); })
        .observe(el, { attributes: true, childList: true, characterData: true, subtree: true }); }""")
    for k in (total * 2 // 3, total * 2 // 3 + 1, total // 5):
        p.evaluate("k => window.pymaze.seek(k)", k)
        if k == total // 5:   # a jump back: the run is read again to it, and the page says so meanwhile
            p.wait_for_function("() => window.__said.some((t) => t.includes('Working'))", timeout=30000)
            assert p.evaluate("window.pymaze.progress().cursor") == k   # (the page answers meanwhile)
        # (the run made again to k in the worker: a minute at most, on a machine others share)
        line, now, cells, structures = shown_at(p, k, "stack", timeout=90000)
        view = ref.at(k)
        assert line == view.line and now == [line], k
        assert structures == json.loads(json.dumps(view.structures)), k
        assert cells == view.structures["stack"][:40] and len(cells) > 1, k
    assert p.is_hidden(".inside-working")
    if os.environ.get("PYMAZE_SHOTS"):
        p.screenshot(path=os.path.join(os.environ["PYMAZE_SHOTS"], "inside-long-1280.png"))
    assert not p.errors


def test_predict_deep_in_a_long_run_asks_for_the_engines_next_carve(page):
    """Predict mode far into a run read a window at a time: it stops just before the next cell the
    backtracker carves (the run's own event there), a click on that cell is right, another wrong."""
    from pymaze.events import MILESTONE, OP_MASK, MARK, WALL
    p = page
    run, ref, total = on_long_run(p)
    ev = ref.events
    takes = lambda j: ev[4 * j] & MILESTONE and ev[4 * j] & OP_MASK in (WALL, MARK)  # noqa: E731
    p.evaluate("window.pymaze.insideWorkingMs(0)")
    k = next(j for j in range(total * 3 // 4, total) if not takes(j))   # (the question is then a step on)
    p.evaluate("k => window.pymaze.seek(k)", k)
    if p.is_checked(".inside-predict"):
        p.uncheck(".inside-predict")
    p.check(".inside-predict")
    at = next(j for j in range(k, total) if takes(j))
    assert at > k
    p.wait_for_function("() => document.querySelector('.inside-verdict').textContent === 'Click the cell it takes next.'",
                        timeout=60000)
    assert p.evaluate("window.pymaze.progress().cursor") == at

    def click(cell):
        x, y = p.evaluate("c => window.pymaze.squareCentre(c)", cell)
        assert p.evaluate("([x, y]) => window.pymaze.cellAt(x, y)", [x, y]) == cell
        p.mouse.click(x, y)

    w = run.initial.width
    place = lambda c: f"({(c % w - 1) // 2}, {(c // w - 1) // 2})"  # noqa: E731
    for n, right in enumerate((True, False), 1):
        cell = ev[4 * at + 1]
        wrong = next(c for c in (cell + 2, cell - 2, cell + 2 * w, cell - 2 * w)
                     if 0 < c % w < w - 1 and 0 < c // w < run.initial.height - 1)   # a cell beside it
        click(cell if right else wrong)
        p.wait_for_function("t => document.querySelector('.inside-verdict').textContent.endsWith(t)",
                            arg=f"Score {1} of {n}.", timeout=60000)
        verdict = p.inner_text(".inside-verdict")
        if right:
            assert verdict.startswith(f"Right: {place(cell)}."), verdict
        else:
            assert verdict.startswith(f"Not quite: it takes {place(cell)}"), verdict
            assert f"yours, {place(wrong)}" in verdict
        assert "he backtracker digs into a random closed neighbour" in verdict   # (the rule, capitalised or not)
        then = next((j for j in range(at + 1, total) if takes(j)), total)
        p.wait_for_function("k => window.pymaze.progress().cursor === k", arg=then, timeout=60000)
        at = then
    p.uncheck(".inside-predict")
    assert not p.errors
