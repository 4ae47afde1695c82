"""The timeline and a square's history in real Chromium: seeking to event k (from the nearest
snapshot) leaves the same state as applying the run's first k events, back and forth and mixed
with steps; the ticks are the run's milestones with their kinds; a tick, the keys and a square's
history jump where they say.  The reference is the engine run in Python, replayed here."""

import pytest

import pymaze
from pymaze.events import (GOAL, MARK, MILESTONE, M_DEAD, M_FILLED, M_ROUTE, M_ROUTE2, N_FOUND, N_ROUTE, NOTE,
                           NUM, OP_MASK, START, WALL, apply, unpack)
from pymaze.run import Run

pytestmark = pytest.mark.browser

GEN = dict(slug="dig", width=60, height=45, seed=7)  # about 10,000 events: several snapshots apart


def open_run(browser, url, link, viewport=None):
    p = browser.new_page(viewport=viewport or {"width": 1280, "height": 800})
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.on("console", lambda m: m.type == "error" and errors.append(m.text))
    p.goto(url + link)
    # the link's last run: a link that solves generates first (its own "done" comes before the solve's)
    kind = "solve" if "run=solve" in link else "generate"
    p.wait_for_function("k => window.pymaze && window.pymaze.snapshot().state === 'done'"
                        " && window.pymaze.snapshot().kind === k", arg=kind, timeout=90000)
    p.evaluate("window.pymaze.fetchAll()")  # an instant run's events, made again
    p.wait_for_function("k => { const s = window.pymaze && window.pymaze.snapshot();"
                        " return s && s.kind === k && s.state === 'done' && s.total > 0 && s.cursor === s.total && s.finished; }",
                        arg=kind, timeout=90000)
    # the builder has taken every snapshot of the run
    p.wait_for_function("() => window.pymaze.timeline().built === window.pymaze.progress().total")
    return p, errors


def reference_run(kind):
    gen = Run.generate(GEN["slug"], GEN["width"], GEN["height"], seed=GEN["seed"])
    if kind == "generate":
        return gen.initial.copy(), unpack(gen.events())
    maze = gen.finish()
    run = Run.solve("wave" if kind == "wave" else "bfs", maze, seed=GEN["seed"])
    return run.initial.copy(), unpack(run.events())


def state_after(initial, events, k):
    m = initial.copy()
    apply(m, [x for e in events[:k] for x in e])
    return m


def same(snap, maze, k):
    assert snap["cursor"] == k
    assert bytes(snap["wall"]) == bytes(maze.wall), f"walls differ at event {k}"
    assert bytes(snap["mark"]) == bytes(maze.mark), f"marks differ at event {k}"
    assert list(snap["num"]) == list(maze.num), f"numbers differ at event {k}"
    assert snap["start"] == maze.start and snap["goals"][0] == maze.goal


def link(kind):
    solve = {"generate": "&sol=bfs", "solve": "&sol=bfs&run=solve", "wave": "&sol=wave&run=solve"}[kind]
    return f"#gen={GEN['slug']}&w={GEN['width']}&h={GEN['height']}&seed={GEN['seed']}{solve}&speed=100"


@pytest.mark.parametrize("kind", ["generate", "solve"])
def test_seeking_to_k_equals_applying_k_events_back_and_forth(browser, site_url, kind):
    p, errors = open_run(browser, site_url, link(kind))
    try:
        initial, events = reference_run(kind)
        total = p.evaluate("window.pymaze.progress().total")
        assert total == len(events)
        info = p.evaluate("window.pymaze.timeline()")
        if kind == "generate":
            assert info["snapshots"] > 1, "the run is long enough to be seeked from snapshots"
        k_snap = info["k"]
        for k in [0, total // 2, total, 3, k_snap + 5, k_snap - 1, total - 1, 2 * k_snap + 17, 1, total // 3]:
            k = max(0, min(total, k))
            p.evaluate("k => window.pymaze.seek(k)", k)
            same(p.evaluate("window.pymaze.snapshot()"), state_after(initial, events, k), k)
        # steps and steps back from a seeked state are the events' own (exact both ways)
        k = min(total - 5, k_snap + 3)
        p.evaluate("k => window.pymaze.seek(k)", k)
        for key, delta in [("ArrowRight", 1), ("ArrowRight", 1), ("ArrowLeft", -1), ("ArrowLeft", -1),
                           ("ArrowLeft", -1), ("ArrowLeft", -1), ("ArrowLeft", -1)]:
            p.focus("#board")
            p.keyboard.press(key)
            p.wait_for_function("k => window.pymaze.progress().cursor === k && !window.pymaze.snapshot().busy",
                                arg=k + delta)
            k += delta
            same(p.evaluate("window.pymaze.snapshot()"), state_after(initial, events, k), k)
        assert not errors
    finally:
        p.close()


def test_stepping_a_long_instant_run_back_lands_where_replaying_it_forward_does(browser, site_url):
    """A longer instant run (wilson: walks whose marks come and go) stepped back: its events are
    made again and kept compactly (state.js), its snapshots packed (pack.js: the walk's few marks
    sparse); seeking backwards from its end across several snapshots, and steps back with the
    keys, leave exactly the state of its first k events replayed forwards in Python."""
    W, H, seed = 40, 30, 7
    p, errors = open_run(browser, site_url, f"#gen=wilson&w={W}&h={H}&seed={seed}&sol=bfs&speed=100")
    try:
        run = Run.generate("wilson", W, H, seed=seed)
        initial, events = run.initial.copy(), unpack(run.events())
        total = p.evaluate("window.pymaze.progress().total")
        assert total == len(events)
        info = p.evaluate("window.pymaze.timeline()")
        k_snap = info["k"]
        assert info["snapshots"] >= 3 and total > 2 * k_snap, "several snapshots apart"
        assert ["bits", "sparse", "zero"] in info["packings"][1:], "a walk's few marks packed sparse"
        for k in [total, total - 1, total - k_snap - 3, 2 * k_snap, 2 * k_snap - 1, k_snap + 1, 7, 0]:
            p.evaluate("k => window.pymaze.seek(k)", k)
            same(p.evaluate("window.pymaze.snapshot()"), state_after(initial, events, k), k)
        k = 2 * k_snap + 2
        p.evaluate("k => window.pymaze.seek(k)", k)
        for _ in range(4):  # back over a snapshot's boundary, a step at a time
            p.focus("#board")
            p.keyboard.press("ArrowLeft")
            k -= 1
            p.wait_for_function("k => window.pymaze.progress().cursor === k && !window.pymaze.snapshot().busy", arg=k)
            same(p.evaluate("window.pymaze.snapshot()"), state_after(initial, events, k), k)
        assert not errors
    finally:
        p.close()


def kind_of(op, note, value, numbered):
    """The kind of a milestone, by the rules the timeline's legend states."""
    if op == WALL:
        return "wall"
    if op == MARK and value in (M_ROUTE, M_ROUTE2) or op == NOTE and note in (N_FOUND, N_ROUTE):
        return "route"
    if numbered or op == NUM:
        return "ring"
    if op == MARK and value in (M_FILLED, M_DEAD):
        return "filled"
    if op == MARK:
        return "search"
    return "ends"


@pytest.mark.parametrize("kind", ["generate", "solve", "wave"])
def test_ticks_are_the_milestones_and_a_click_on_one_jumps_after_it(browser, site_url, kind):
    p, errors = open_run(browser, site_url, link(kind))
    try:
        _, events = reference_run(kind)
        ticks, kinds, numbered = [], [], False
        for i, (op, _, old, new) in enumerate(events):
            numbered |= op & OP_MASK == NUM
            if op & MILESTONE:
                ticks.append(i)
                kinds.append(kind_of(op & OP_MASK, old, new, numbered))
                numbered = False
        got = p.evaluate("window.pymaze.timeline()")
        assert got["ticks"] == ticks
        assert got["kinds"] == kinds
        assert set(kinds) >= {"generate": {"wall"}, "solve": {"search", "route"}, "wave": {"ring", "route"}}[kind]
        # the legend names the kinds the bar shows
        legend = p.inner_text("#timeline .timeline-legend")
        assert ("a wall opened" in legend) == ("wall" in kinds)
        # a click on a tick's column jumps right after that milestone (the nearest one)
        box = p.locator("#timeline .timeline-ticks").bounding_box()
        total = len(events)
        target = ticks[len(ticks) // 2]
        x = box["x"] + (target + 0.5) / total * box["width"]
        # (the click and a look at the range in one task: the range has moved with it, before any frame)
        ranged, cursor = p.evaluate("""([x, y]) => {
          const strip = document.querySelector('#timeline .timeline-ticks');
          strip.dispatchEvent(new MouseEvent('click', { clientX: x, clientY: y, bubbles: true }));
          return [Number(document.getElementById('timeline-range').value), window.pymaze.progress().cursor]; }""",
                                    [x, box["y"] + box["height"] / 2])
        assert ranged == cursor
        near = min(ticks, key=lambda t: abs(t - (x - box["x"]) / box["width"] * total))
        assert cursor - 1 in ticks and abs(cursor - 1 - target) <= abs(near - target) + 6 / box["width"] * total
        # the scrubber's keys: an arrow is one event, ] the next milestone, [ the one before
        p.focus("#timeline-range")
        start = p.evaluate("window.pymaze.progress().cursor")
        p.keyboard.press("ArrowRight")
        p.wait_for_function("k => window.pymaze.progress().cursor === k", arg=start + 1)
        p.keyboard.press("]")
        after = next(t for t in ticks if t + 1 > start + 1) + 1
        p.wait_for_function("k => window.pymaze.progress().cursor === k", arg=after)
        p.keyboard.press("[")
        before = max([t + 1 for t in ticks if t + 1 < after], default=0)
        p.wait_for_function("k => window.pymaze.progress().cursor === k", arg=before)
        p.keyboard.press("End")
        p.wait_for_function("k => window.pymaze.progress().cursor === k", arg=total)
        assert p.evaluate("window.pymaze.state") == "done"
        assert not errors
    finally:
        p.close()


def touching(events, square):
    return [i for i, (op, index, old, new) in enumerate(events)
            if (old == square or new == square if op & OP_MASK in (START, GOAL) else index == square)]


@pytest.mark.parametrize("kind", ["generate", "solve"])
def test_a_squares_history_lists_exactly_its_events_and_jumps_to_them(browser, site_url, kind):
    p, errors = open_run(browser, site_url, link(kind))
    try:
        initial, events = reference_run(kind)
        W = initial.width
        goal = initial.goal
        for square in [goal, W * 3 + 3, W * 5 + 8]:  # G, a cell, a wall square between two cells
            x, y = p.evaluate("q => window.pymaze.squareCentre(q)", square)
            p.mouse.click(x, y)
            got = p.evaluate("window.pymaze.history()")
            assert got["square"] == square
            want = touching(events, square)
            assert got["events"] == want[:400]
            assert f": {len(want)} event" in got["title"]
        # G's history in a solve: when its number was written; "jump here" shows the run right after it
        x, y = p.evaluate("q => window.pymaze.squareCentre(q)", goal)
        p.mouse.click(x, y)
        hits = p.evaluate("window.pymaze.history()")["events"]
        assert hits, "G was touched by the run"
        pick = hits[len(hits) // 2]
        p.click(f"#history button[data-event='{pick}']")
        snap = p.evaluate("window.pymaze.snapshot()")
        same(snap, state_after(initial, events, pick + 1), pick + 1)
        assert p.locator(f"#history li[data-event='{pick}']").get_attribute("class") == "past"
        if len(hits) > 1 and hits[-1] > pick:
            assert p.locator(f"#history li[data-event='{hits[-1]}']").get_attribute("class") in ("", None)
        assert not errors
    finally:
        p.close()


def test_the_compact_log_gives_back_every_event_it_was_given(browser, site_url):
    """The page keeps a run's events encoded in blocks (state.js): pushed in chunks of any size,
    every event, every block and the passes over the log give back exactly what went in, for
    the small values and nearby squares runs make and for the extremes of an int32 alike."""
    import random
    rng = random.Random(5)
    lo, hi = -2 ** 31, 2 ** 31 - 1
    events, p = [], 1000
    for _ in range(3 * 4096 + 321):  # three full blocks and a partial one
        code = rng.choice([WALL, MARK, NUM, START, GOAL, NOTE]) | (MILESTONE if rng.random() < 0.3 else 0)
        if rng.random() < 0.03:
            code = rng.choice([0, 7, 0x1FF, -1, hi, lo, 0x202, 9])  # codes outside the vocabulary's shape
        p = rng.choice([-1, 0, hi, lo, 12345678]) if rng.random() < 0.05 else \
            max(lo, min(hi, p + rng.choice([0, 0, 2, -2, 2, 8002, -8002, 1, 7])))
        values = [rng.choice([-1, hi, lo, 4000000, 16, 15, -8, 300]) if rng.random() < 0.1 else rng.randrange(14)
                  for _ in "on"]
        events.append([code, p, *values])
    cuts = sorted(rng.sample(range(1, len(events)), 7))
    p = browser.new_page()
    try:
        p.goto(site_url)
        got = p.evaluate("""async ([events, cuts]) => {
            const { EventLog } = await import('./engine/state.js');
            const log = new EventLog(), flat = Int32Array.from(events.flat());
            let from = 0;
            for (const to of [...cuts, events.length]) { log.push(flat.slice(4 * from, 4 * to)); from = to; }
            log.cache.clear(); // the blocks just encoded are decoded again, not read from the cache
            const each = [];
            for (let i = 0; i < log.total; i++) each.push(Array.from(log.event(i)));
            const pass = [];
            for (const [ev, base] of log.segments(5000)) pass.push([base, Array.from(ev)]);
            return { each, pass, total: log.total, blocks: log.blocks.length, bytes: log.bytes };
        }""", [events, cuts])
        assert got["total"] == len(events) and got["blocks"] == 3
        assert got["each"] == events
        flat = [x for e in events for x in e]
        assert got["pass"][0][0] <= 5000 and [x for _, ev in got["pass"] for x in ev] == flat[4 * got["pass"][0][0]:]
        assert got["bytes"] < 8 * 3 * 4096, "the encoded blocks average under 8 bytes an event"
    finally:
        p.close()
